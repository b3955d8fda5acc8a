//! The record grammar on the example of docs/notation.md and on malformed text.

use ayla::board::Label;
use ayla::notation::{RawPly, parse_records};

/// The label `text` spells.
fn label(text: &str) -> Label {
    Label::parse(text).unwrap()
}

const SPEC_EXAMPLE: &str = r#"[Variant "gore"]
[South "Brou"]
[North "Kouassi"]
[Date "2026.11.30"]
[Result "*"]

1. c A 2. a C 3. d D 4. d A 5. a B 6. b C 7. a offer(D) {North offers pit D}
8. decline b ; South declines, then sows from b
"#;

#[test]
fn spec_example_parses() {
    let games = parse_records(SPEC_EXAMPLE).unwrap();
    assert_eq!(games.len(), 1);
    let g = &games[0];
    let names: Vec<&str> = g.tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["Variant", "South", "North", "Date", "Result"]);
    assert_eq!(g.plies.len(), 16);
    assert_eq!(g.plies[13].ply, RawPly::Offer(vec![label("D")]));
    assert_eq!(g.plies[13].comments, ["North offers pit D"]);
    assert_eq!(g.plies[15].comments, ["South declines, then sows from b"]);
    assert_eq!((g.plies[14].loc.line, g.plies[14].loc.column), (8, 4));
}

#[test]
fn several_games_escapes_and_comments_between_tags() {
    let text = "; a file of two games\n[Variant \"kpe\"]\n{between tags}\n[South \"A \\\"the\\\" B\\\\\"]\n1. a B\n\n[Variant \"gore\"]\noffer(c, a) accept\n";
    let games = parse_records(text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tags[1].value, "A \"the\" B\\");
    assert_eq!(games[0].preamble, ["between tags"]);
    assert_eq!(games[0].plies.len(), 2);
    assert_eq!(
        games[1].plies[0].ply,
        RawPly::Offer(vec![label("c"), label("a")])
    );
    assert_eq!(games[1].plies[1].ply, RawPly::Accept);
}

#[test]
fn syntax_errors_in_the_users_terms() {
    let err = |t: &str| parse_records(t).unwrap_err().to_string();
    assert_eq!(
        err("[Variant \"kpe\"]\n1. a bb c\n"),
        "2:6: expected a pit label, `pass`, `offer(...)`, `accept` or `decline`, found `bb`"
    );
    assert_eq!(
        err("1. a b\n"),
        "1:1: expected a tag such as `[Variant \"gore\"]`, found `1.`"
    );
    assert_eq!(
        err("[Variant kpe]\n"),
        "1:10: expected a tag value in double quotes, found `kpe]`"
    );
    assert_eq!(
        err("[Variant \"kpe\"]\na offer(c,) b\n"),
        "2:11: expected a pit label, found `)`"
    );
}

/// `c>` and `c<`: a label with a direction; a bare label stays a bare one.
#[test]
fn sowings_with_a_direction() {
    use ayla::rules::Direction;
    let games = parse_records("[Variant \"kpe\"]\n1. c> A< 2. b {x} d>\n").unwrap();
    let plies: Vec<&RawPly> = games[0].plies.iter().map(|p| &p.ply).collect();
    assert_eq!(
        plies,
        [
            &RawPly::SowToward(label("c"), Direction::CounterClockwise),
            &RawPly::SowToward(label("A"), Direction::Clockwise),
            &RawPly::Sow(label("b")),
            &RawPly::SowToward(label("d"), Direction::CounterClockwise),
        ]
    );
    assert_eq!(games[0].plies[1].text, "A<");
    for (text, want) in [
        (
            "[Variant \"kpe\"]\n1. c<> A\n",
            "2:4: expected a sowing with at most one direction (`c`, `c>` or `c<`), found `c<>`",
        ),
        (
            "[Variant \"kpe\"]\n1. > A\n",
            "2:4: expected a pit label, `pass`, `offer(...)`, `accept` or `decline`, found `>`",
        ),
        (
            "[Variant \"kpe\"]\n1. c>d\n",
            "2:4: expected a pit label, `pass`, `offer(...)`, `accept` or `decline`, found `c>d`",
        ),
    ] {
        assert_eq!(
            parse_records(text).unwrap_err().to_string(),
            want,
            "{text:?}"
        );
    }
}

/// Resolving a sowing against the board's directions (two-row-design.md §2): the
/// suffix is required where the direction is chosen, accepted where it
/// names the fixed one, an error where it names the other.
#[test]
fn directions_resolve_against_the_rules() {
    use ayla::engine::{Pit, Ply};
    use ayla::rules::Direction;
    let r = ayla::rules::bundled("kpe").unwrap();
    let resolve = |r: &ayla::rules::Rules, raw: RawPly| raw.resolve(r).map_err(|e| e.to_string());
    assert_eq!(
        resolve(
            &r,
            RawPly::SowToward(label("c"), Direction::CounterClockwise)
        ),
        Ok(Ply::Sow(Pit(2)))
    );
    assert_eq!(
        resolve(&r, RawPly::SowToward(label("C"), Direction::Clockwise)),
        Err("pit C always sows counter-clockwise, so it cannot be sown `C<` (clockwise); write `C` or `C>`".into())
    );
    let r = ayla::rules::parse(
        "t.toml",
        "extends = \"kpe\"\n[variant]\nid = \"t\"\nname = \"T\"\n\
         [sowing]\ndirection = [\"chosen\", \"clockwise\", \"clockwise\", \"chosen\"]\n",
    )
    .unwrap();
    assert_eq!(
        resolve(&r, RawPly::Sow(label("D"))),
        Err("the player chooses the direction of a sowing from pit D: write `D>` (counter-clockwise) or `D<` (clockwise)".into())
    );
    assert_eq!(
        resolve(&r, RawPly::SowToward(label("D"), Direction::Clockwise)),
        Ok(Ply::SowToward(Pit(7), Direction::Clockwise))
    );
    assert_eq!(
        resolve(&r, RawPly::SowToward(label("b"), Direction::Clockwise)),
        Ok(Ply::Sow(Pit(1)))
    );
    assert_eq!(
        resolve(&r, RawPly::SowToward(label("B"), Direction::CounterClockwise)),
        Err("pit B always sows clockwise, so it cannot be sown `B>` (counter-clockwise); write `B` or `B<`".into())
    );
}

/// Labels with a row number (boards of three and four rows, docs/notation.md)
/// are read by the grammar and resolved against the board: on a two-row
/// board they name no pit. An edge row has no number, so `c1` is no label.
#[test]
fn labels_with_a_row_number() {
    use ayla::rules::Direction;
    let games = parse_records("[Variant \"kpe\"]\n1. c2 A2< 2. offer(b2,C)\n").unwrap();
    let plies: Vec<&RawPly> = games[0].plies.iter().map(|p| &p.ply).collect();
    assert_eq!(
        plies,
        [
            &RawPly::Sow(label("c2")),
            &RawPly::SowToward(label("A2"), Direction::Clockwise),
            &RawPly::Offer(vec![label("b2"), label("C")]),
        ]
    );
    let kpe = ayla::rules::bundled("kpe").unwrap();
    assert_eq!(
        plies[0].resolve(&kpe).unwrap_err().to_string(),
        "the board has no pit c2"
    );
    assert_eq!(
        ayla::notation::parse_ply(&kpe, "c2>")
            .unwrap_err()
            .to_string(),
        "the board has no pit `c2` (pits are a b c d A B C D)"
    );
    assert_eq!(
        parse_records("[Variant \"kpe\"]\n1. c1\n")
            .unwrap_err()
            .to_string(),
        "2:4: expected a pit label, found `c1`: a pit label is a letter alone on an edge row (`c`), and the letter and 2 on a four-row board's inner row (`c2`)"
    );
    for wrong in ["A0", "c22", "b1>"] {
        let e = parse_records(&format!("[Variant \"moruba\"]\n1. {wrong}\n"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a pit label is a letter alone on an edge row"),
            "{e}"
        );
    }
}
