//! Progress on stderr for long runs: a bar on a terminal, nothing otherwise
//! (a pipe or a file gets only the results, on stdout).

use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A bar of `len` steps drawn with `template` (indicatif's syntax) on
/// stderr when it is a terminal; a hidden one, which draws nothing, when not.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(template)
            .expect("a valid progress template")
            .progress_chars("=> ")
            .with_key("eta", eta),
    );
    pb
}

/// `{eta}`: indicatif's estimate, but `-` until the first step is done,
/// where indicatif would say `0s` for lack of a rate to estimate from.
fn eta(state: &ProgressState, w: &mut dyn std::fmt::Write) {
    let _ = if state.pos() == 0 {
        w.write_str("-")
    } else {
        write!(w, "{:#}", HumanDuration(state.eta()))
    };
}

/// Redraws `pb` twice a second even when nothing is reported, so the time
/// shown moves during a long search. Not for timed work: the ticker is
/// another thread.
pub fn tick(pb: &ProgressBar) {
    if !pb.is_hidden() {
        pb.enable_steady_tick(Duration::from_millis(500));
    }
}

/// The most memory this process has held at once (its peak resident set,
/// from /proc), in bytes; `None` where /proc does not say.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

pub use ayla::words::megabytes;
