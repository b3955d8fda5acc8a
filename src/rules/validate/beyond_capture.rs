//! `[beyond_capture]`: a last seed in an empty pit takes the pit beyond.

use crate::rules::model::{BeyondCapture, Zone};
use crate::rules::schema::{TomlBeyondCapture, TomlBeyondChain, TomlThen};
use toml::Spanned;

/// The beyond capture. Nothing in the table alone can be wrong; whether
/// "sow-on" has relay laps to go on with is a check across tables
/// (`cross`).
pub(super) fn beyond_capture(b: &Spanned<TomlBeyondCapture>) -> BeyondCapture {
    let b = b.get_ref();
    BeyondCapture {
        zone: b.zone.as_ref().map_or(Zone::Anywhere, |z| *z.get_ref()),
        chain_pairs: b.chain == TomlBeyondChain::Pairs,
        sow_on: super::value(&b.then) == TomlThen::SowOn,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{BASE, raw};
    use super::*;
    use crate::rules::model::Zone;

    #[test]
    fn a_chain_of_pairs_that_sows_on_is_kept() {
        let r = raw(&format!(
            "{BASE}[beyond_capture]\nzone = \"opponent-row\"\nchain = \"pairs\"\nthen = \"sow-on\"\n"
        ));
        let b = beyond_capture(r.beyond_capture.as_ref().unwrap());
        assert_eq!(b.zone, Zone::OpponentRow);
        assert!(b.chain_pairs && b.sow_on);
    }
}
