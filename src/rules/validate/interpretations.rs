//! `[[interpretation]]`: points the sources leave open, and the reading taken.

use super::Checker;
use crate::rules::INTERPRETABLE_KEYS;
use crate::rules::error::{Span, did_you_mean};
use crate::rules::model::{Interpretation, Rules};
use crate::rules::schema::TomlInterpretation;
use toml::Spanned;

/// The interpretations, each about a key that can be interpreted.
pub(super) fn interpretations(
    c: &mut Checker,
    list: &[Spanned<TomlInterpretation>],
) -> Vec<Interpretation> {
    let mut interpretations = Vec::new();
    for it in list {
        let span: Span = it.get_ref().key.span().into();
        let it = it.get_ref();
        let key = it.key.get_ref().clone();
        if !INTERPRETABLE_KEYS.contains(&key.as_str()) {
            let hint = did_you_mean(&key, &INTERPRETABLE_KEYS)
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            c.err(
                span,
                "interpretation.key",
                format!(
                    "`{key}` is not a rule key that can be interpreted (a key of {}){hint}",
                    crate::rules::keys::rule_tables()
                ),
            );
        }
        interpretations.push(Interpretation {
            key,
            point: it.point.clone(),
            assumed: it.assumed.clone(),
            reason: it.reason.clone(),
        });
    }
    interpretations
}

/// Readings of a feature these rules switch off no longer apply.
pub(super) fn drop_moot(interpretations: &mut Vec<Interpretation>, rules: &Rules) {
    let moot = |i: &Interpretation| {
        let off_trading =
            rules.trading.is_none() && i.key.starts_with("trading.") && i.key != "trading.enabled";
        let off_capture = rules.capture.is_none() && i.key.starts_with("capture.");
        let off_sowing_capture =
            rules.sowing_capture.is_none() && i.key.starts_with("sowing_capture.");
        let off_beyond = rules.beyond_capture.is_none() && i.key.starts_with("beyond_capture.");
        let off_houses = rules.houses.is_none() && i.key.starts_with("houses.");
        off_trading || off_capture || off_sowing_capture || off_beyond || off_houses
    };
    interpretations.retain(|i| !moot(i));
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BASE, raw};
    use super::*;

    fn interpretation(key: &str) -> String {
        format!(
            "{BASE}[[interpretation]]\nkey = \"{key}\"\npoint = \"p\"\nassumed = \"a\"\nreason = \"r\"\n"
        )
    }

    #[test]
    fn a_key_that_can_be_interpreted_is_kept() {
        let r = raw(&interpretation("sowing.laps"));
        let mut c = Checker::default();
        let list = interpretations(&mut c, &r.interpretations);
        assert!(c.diags.is_empty(), "{:?}", c.diags);
        assert_eq!(list.len(), 1);
        assert_eq!(
            (list[0].key.as_str(), list[0].assumed.as_str()),
            ("sowing.laps", "a")
        );
    }

    #[test]
    fn a_misspelt_key_is_refused_with_a_suggestion() {
        let r = raw(&interpretation("sowing.lap"));
        let mut c = Checker::default();
        interpretations(&mut c, &r.interpretations);
        assert_eq!(c.diags.len(), 1);
        assert_eq!(c.diags[0].key, "interpretation.key");
        assert!(
            c.diags[0]
                .message
                .ends_with("(did you mean `sowing.laps`?)"),
            "{}",
            c.diags[0].message
        );
    }

    #[test]
    fn readings_of_a_switched_off_table_are_dropped() {
        let r = crate::rules::parse("t.toml", &interpretation("sowing.laps")).unwrap();
        let mut list = vec![
            Interpretation {
                key: "houses.made_at".into(),
                point: String::new(),
                assumed: String::new(),
                reason: String::new(),
            },
            Interpretation {
                key: "trading.enabled".into(),
                point: String::new(),
                assumed: String::new(),
                reason: String::new(),
            },
        ];
        drop_moot(&mut list, &r);
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].key, "trading.enabled");
    }
}
