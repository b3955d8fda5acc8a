//! `ayla rules …`: the plain-English rulebooks (pinned snapshots), the
//! list, the diff, and validation's exit codes.

use std::process::Command;

fn ayla(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn rules_show_matches_the_snapshots_read_against_the_spec() {
    // Goré and Kpé were read against docs/gore-and-kpe.md; Ayoayo and Ba-awa against
    // their rule files' sources and readings.
    for id in ["gore", "kpe", "ayoayo", "ba-awa"] {
        let (code, out) = ayla(&["rules", "show", id]);
        assert_eq!(code, 0);
        let snap = std::fs::read_to_string(format!("tests/snapshots/rules-show-{id}.txt")).unwrap();
        assert_eq!(
            out, snap,
            "rules show {id} changed: read it against docs/gore-and-kpe.md, then update the snapshot"
        );
    }
}

fn ayla_lib_bundled() -> &'static [(&'static str, &'static str, &'static str)] {
    ayla::rules::BUNDLED
}

#[test]
fn rules_list_names_every_bundled_variant() {
    let (code, out) = ayla(&["rules", "list"]);
    assert_eq!(code, 0);
    for (id, _, _) in ayla_lib_bundled() {
        assert!(
            out.lines().any(|l| l.starts_with(id)),
            "{id} missing:\n{out}"
        );
    }
    assert!(
        out.contains("Goré — Guro (Gouro), Central Ivory Coast"),
        "{out}"
    );
}

#[test]
fn rules_diff_of_gore_and_its_no_trade_child_is_the_trading_clauses() {
    let (code, out) = ayla(&["rules", "diff", "gore", "gore-notrade"]);
    assert_eq!(code, 0);
    let first: Vec<&str> = out.lines().take(4).collect();
    assert_eq!(
        first,
        [
            "",
            "Special moves",
            "  gore: Trading: instead of sowing, a player who has seeds to sow may offer 1",
            "        to 3 of the pits they control, naming them, to the opponent; the",
        ]
    );
    assert!(!out.contains("Sowing"), "only trading differs:\n{out}");
    let (_, same) = ayla(&["rules", "diff", "kpe", "Kpé"]);
    assert_eq!(same, "Kpé and Kpé have the same rules.\n");
}

#[test]
fn rules_validate_exit_codes() {
    let (code, out) = ayla(&[
        "rules",
        "validate",
        "rules/gore.toml",
        "rules/kpe.toml",
        "rules/gore-notrade.toml",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("rules/gore.toml: ok (Goré)"), "{out}");
    let (code, out) = ayla(&[
        "rules",
        "validate",
        "rules/kpe.toml",
        "tests/bad_rules/errors-in-several-tables.toml",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tests/bad_rules/errors-in-several-tables.toml: 3 errors"),
        "{out}"
    );
    let (code, out) = ayla(&["rules", "validate", "no/such/file.toml"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("no/such/file.toml: cannot read the rule file"),
        "{out}"
    );
}

#[test]
fn rules_validate_warns_about_missing_sources() {
    let dir = std::env::temp_dir().join(format!("ayla-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bare.toml");
    std::fs::write(
        &f,
        "[variant]\nid = \"bare\"\nname = \"Bare\"\n[board]\npits_per_row = 3\nseeds_per_pit = 3\n",
    )
    .unwrap();
    let (code, out) = ayla(&["rules", "validate", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("warning: no provenance"), "{out}");
    assert!(out.contains("warning: no source"), "{out}");
    assert!(out.contains("warning: no evidence"), "{out}");
    assert!(out.contains("ok (Bare), 3 warnings"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rules_validate_tries_every_alternative_of_every_reading() {
    let dir = std::env::temp_dir().join(format!("ayla-validate-alt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("alt.toml");
    std::fs::write(
        &f,
        "[variant]\nid = \"alt\"\nname = \"Alt\"\npeople = \"p\"\nsources = [\"s\"]\n[board]\npits_per_row = 3\nseeds_per_pit = 3\n\
         [readings.r]\npoint = \"p\"\nreason = \"r\"\ndefault = \"a\"\nalternatives.a = { end.repetition = 3 }\nalternatives.b = { end.repetition = 1 }\n",
    )
    .unwrap();
    let (code, out) = ayla(&["rules", "validate", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("under the reading r=b, the rules do not load:")
            && out.contains("`end.repetition`: expected a repetition count from 2 to 255, found 1"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The clause of `rules show` with this id.
fn clause(r: &ayla::rules::Rules, id: &str) -> String {
    ayla::rules::describe::clauses(r)
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no clause {id}"))
        .text
}

#[test]
fn the_seeds_that_come_round_count_the_movers_store() {
    use ayla::rules;
    // Kalah: 11 other pits and the mover's store, so the 13th seed is the
    // first to reach the origin again.
    let kalah = rules::bundled("kalah").unwrap();
    assert!(
        clause(&kalah, "skip_origin").starts_with("A sowing of 13 or more seeds passes through"),
        "{}",
        clause(&kalah, "skip_origin")
    );
    // The same board without stores comes round at the 12th seed.
    let storeless = rules::parse(
        "storeless.toml",
        "extends = \"kalah\"\n[variant]\nid = \"storeless\"\nname = \"Storeless\"\n\
         [board]\nstores = \"none\"\n[sowing]\nextra_turn = \"none\"\n",
    )
    .unwrap();
    assert!(
        clause(&storeless, "skip_origin")
            .starts_with("A sowing of 12 or more seeds passes through"),
        "{}",
        clause(&storeless, "skip_origin")
    );
    // Oware skips its origin, on rows of 6 without stores; Kpé has rows of 4.
    let oware = rules::bundled("oware").unwrap();
    assert!(
        clause(&oware, "skip_origin").starts_with("A sowing of 12 or more seeds skips"),
        "{}",
        clause(&oware, "skip_origin")
    );
    let kpe = rules::bundled("kpe").unwrap();
    assert!(clause(&kpe, "skip_origin").starts_with("A sowing of 8 or more"));
}

/// A rule file laid over Kpé, parsed.
fn kpe_with(extra: &str) -> ayla::rules::Rules {
    ayla::rules::parse(
        "kpe-with.toml",
        &format!("extends = \"kpe\"\n[variant]\nid = \"kpe-with\"\nname = \"Kpé with\"\n{extra}"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_chain_through_any_pit_names_no_zone() {
    let r = kpe_with("[capture]\nchain_zone = \"anywhere\"\n");
    assert_eq!(
        clause(&r, "chain"),
        "Then the pit before it (against the sowing direction) is examined: if it holds 2 or 4, it is captured too, and so on backwards; the chain stops at the first pit that holds another count."
    );
    let r = kpe_with("[capture]\nlanding = \"anywhere\"\ncounts = [1]\n");
    assert_eq!(
        clause(&r, "capture"),
        "If the landing pit, in either row, now holds exactly 1 seed, it is captured."
    );
    for (id, _, _) in ayla::rules::BUNDLED {
        let (_, out) = ayla(&["rules", "show", id]);
        assert!(!out.contains("not anywhere"), "{id}:\n{out}");
    }
}

#[test]
fn games_without_trading_speak_of_rows_and_owners() {
    // Only trades move a pit out of its row, so only they make "control",
    // "territory" or an offer mean anything.
    let trading_words = ["control", "territor", "offer", "declin", "trade"];
    for (id, _, _) in ayla::rules::BUNDLED {
        let r = ayla::rules::bundled(id).unwrap();
        for c in ayla::rules::describe::clauses(&r) {
            let found: Vec<&&str> = trading_words
                .iter()
                .filter(|w| c.text.contains(**w))
                .collect();
            if r.trading.is_none() {
                assert!(found.is_empty(), "{id}, {}: {found:?} in {}", c.id, c.text);
            }
        }
    }
    let gore = ayla::rules::bundled("gore").unwrap();
    assert!(clause(&gore, "repetition").contains("controllers, side to act, pending offer"));
    assert!(clause(&gore, "sow_from").contains("their territory, which trades may change"));
}

#[test]
fn counts_of_one_are_singular() {
    let r = kpe_with("[end]\nmax_plies = 1\ncaptured_more_than = 1\nall_pits_below = 1\n");
    assert_eq!(
        clause(&r, "max_plies"),
        "The game ends after 1 ply (counted from its start) if nothing else has ended it."
    );
    assert!(clause(&r, "captured_more_than").ends_with("more than 1 seed."));
    assert!(clause(&r, "all_below").contains("fewer than 1 seed "));
}
