//! What a ply did, in words.

use ayla::engine::{Effect, Side};
use ayla::rules::Rules;

/// One line saying what `side`'s ply did.
pub fn effect(rules: &Rules, side: Side, e: &Effect) -> String {
    let n = rules.per_row;
    match *e {
        Effect::Sow {
            origin,
            seeds,
            landing,
            in_store,
            extra_turn,
            relays,
            captured,
            seeds_captured,
            sowing_pits,
            sowing_taken,
            released_lock,
        } => {
            let last = if in_store {
                format!("{side}'s store")
            } else {
                rules.label(landing).to_string()
            };
            let mut s = format!("{side} sows {seeds} from {}", rules.label(origin));
            if relays > 0 {
                s.push_str(&format!(
                    " and relays {relays} time{}",
                    if relays == 1 { "" } else { "s" }
                ));
            }
            if !sowing_pits.is_empty() {
                let takes: Vec<String> = Side::BOTH
                    .iter()
                    .filter(|s| sowing_taken[s.index()] > 0)
                    .map(|s| format!("{s} {}", sowing_taken[s.index()]))
                    .collect();
                s.push_str(&format!(
                    "; as the seeds fell, pit{} {} reached a capturing count and {} taken ({})",
                    if sowing_pits.len() == 1 { "" } else { "s" },
                    sowing_pits.labels(n),
                    if sowing_pits.len() == 1 {
                        "was"
                    } else {
                        "were"
                    },
                    takes.join(", ")
                ));
            }
            s.push_str(&format!(", the last seed falling in {last}"));
            if extra_turn {
                s.push_str(&format!("; {side} plays again"));
            }
            if released_lock {
                s.push_str("; this completes the opening lock");
            }
            if !captured.is_empty() {
                s.push_str(&format!(
                    "; captures {} ({seeds_captured} seed{})",
                    captured.labels(n),
                    if seeds_captured == 1 { "" } else { "s" }
                ));
            }
            s
        }
        Effect::Pass => format!("{side} has nothing to sow and passes"),
        Effect::Offer(p) => format!(
            "{side} offers pit{} {} to {}",
            if p.len() == 1 { "" } else { "s" },
            p.labels(n),
            side.opponent()
        ),
        Effect::Accept { pits, paid } => format!(
            "{side} accepts: pit{} {} become{} {side}'s, and {side} pays {paid} captured seeds into {}",
            if pits.len() == 1 { "" } else { "s" },
            pits.labels(n),
            if pits.len() == 1 { "s" } else { "" },
            if pits.len() == 1 { "it" } else { "them" }
        ),
        Effect::Decline(p) => format!("{side} declines the offer of {}", p.labels(n)),
    }
}
