//! `[variant]`: identity and provenance.

use super::Checker;
use crate::rules::model::Provenance;
use crate::rules::schema::TomlVariant;

/// The variant's provenance; its id must be a usable identifier.
pub(super) fn provenance(c: &mut Checker, v: &TomlVariant) -> Provenance {
    let id = v.id.get_ref().clone();
    if id.is_empty()
        || !id
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
    {
        c.err(
            v.id.span().into(),
            "variant.id",
            format!(
                "expected an identifier of lowercase ASCII letters, digits and '-', found {id:?}"
            ),
        );
    }
    Provenance {
        id,
        name: v.name.clone(),
        summary: v.summary.clone(),
        other_names: v.other_names.clone(),
        people: v.people.clone(),
        region: v.region.clone(),
        first_described: v.first_described.clone(),
        recorded_by: v.recorded_by.clone(),
        sources: v.sources.clone(),
        family: v.family,
        evidence: v.evidence,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BOARD, raw};
    use super::*;

    #[test]
    fn an_identifier_with_capitals_is_refused_at_the_id() {
        let r = raw(&format!("[variant]\nid = \"Kpe\"\nname = \"K\"\n{BOARD}"));
        let mut c = Checker::default();
        provenance(&mut c, &r.variant);
        assert_eq!(c.diags.len(), 1);
        assert_eq!(c.diags[0].key, "variant.id");
        assert_eq!(
            c.diags[0].message,
            "expected an identifier of lowercase ASCII letters, digits and '-', found \"Kpe\""
        );
        assert_eq!(c.diags[0].span.start, "[variant]\nid = ".len());
    }

    #[test]
    fn a_sound_variant_keeps_its_provenance() {
        let r = raw(&format!(
            "[variant]\nid = \"k-2\"\nname = \"K\"\nfamily = \"relay\"\nevidence = \"invented\"\n{BOARD}"
        ));
        let mut c = Checker::default();
        let p = provenance(&mut c, &r.variant);
        assert!(c.diags.is_empty(), "{:?}", c.diags);
        assert_eq!((p.id.as_str(), p.name.as_str()), ("k-2", "K"));
        assert_eq!(p.family, Some(crate::rules::Family::Relay));
        assert_eq!(p.evidence, Some(crate::rules::Evidence::Invented));
    }
}
