//! Games of a match (`[match]`): a game with pits out of play, played by
//! the engine and by the reference interpreter. Positions traced by hand
//! from docs/rule-language.md (`[match]`, `match.unfilled`).
//!
//! Two rows of four: South's circuit is a b c d A B C D.

use crate::common::{play_in_both, rules_of};
use ayla::engine::Side;

/// C is out of play. South sows d's 3 seeds into A, B and D, passing over
/// C, and the backward chain from D (3) runs across C to B (2) and A (2):
/// 7 seeds to South.
#[test]
fn a_sowing_and_a_chain_pass_over_a_pit_out_of_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n\
         [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\nchain = \"backward\"\nchain_zone = \"opponent-row\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "0,0,0,3/1,1,0,2 S 9-8 closed=C",
        "d",
        "0,0,0,0/0,0,0,0 N 16-8 closed=C",
    );
}

/// With stores after each row's last pit, South's d is out of play: a
/// sowing from c puts its second seed in South's store, straight after c.
#[test]
fn a_store_comes_after_the_last_pit_in_play() {
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\nstores = \"after-last-house\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    play_in_both(
        &r,
        "3,3,3,0/3,3,3,3 S 2-1 closed=d",
        "c",
        "3,3,0,0/4,4,3,3 N 3-1 closed=d",
    );
}

/// Whole matches of random rule files with `[match]`, random plies: the
/// engine's match (`ayla::matches::Match`, each game on its own board)
/// and the reference interpreter's, each game set up from its own end,
/// agree on every state, every game's outcome and the match's winner,
/// over games with pits out of play and games with pits handed across.
#[test]
fn whole_matches_agree_with_the_reference() {
    use ayla::engine::Variant;
    use ayla::matches::Match;
    use ayla::notation::format_state;
    use ayla::reference::Reference;
    use ayla::reference::match_play::{AfterGame, GameResult, after_game};
    use ayla::rng::Rng;
    let mut rng = Rng::new(46);
    let (mut matches, mut games, mut shortened, mut handed) = (0, 0, 0, 0);
    while matches < 60 {
        let text = ayla::reference::random::random_rules(&mut rng);
        let r = ayla::rules::parse("random.toml", &text).unwrap();
        if r.match_play().is_none() {
            continue;
        }
        matches += 1;
        let mut fast = Match::new(Variant::new(r.clone())).unwrap();
        let mut reference = Reference::new(&r);
        let (mut first, mut last_mover, mut number) = (r.first(), r.first(), 1u16);
        for _ in 0..20 {
            let mut plies = 0;
            while reference.end().is_none() && plies < 300 {
                let legal = reference.legal_plies();
                let ply = legal[rng.below(legal.len())];
                last_mover = reference.state().to_move;
                reference.play(ply).unwrap();
                fast.play(ply).unwrap_or_else(|e| panic!("{e}\n{text}"));
                let state = fast.game().position().to_state(&r);
                assert_eq!(
                    format_state(&r, &state),
                    format_state(&r, reference.state()),
                    "{text}"
                );
                plies += 1;
            }
            if reference.end().is_none() {
                break;
            }
            games += 1;
            assert_eq!(fast.game().outcome(), reference.outcome(), "{text}");
            let result = GameResult {
                outcome: reference.outcome().unwrap(),
                first,
                last_mover,
                number,
            };
            let after = after_game(&r, &result);
            assert_eq!(fast.next_game().unwrap(), after, "{text}");
            match after {
                AfterGame::Next(state) => {
                    shortened += usize::from(state.closed.contains(&true));
                    handed += usize::from(state.controlled(Side::North) != r.home_row(Side::North));
                    first = state.to_move;
                    last_mover = first;
                    number += 1;
                    reference = Reference::from_state(&r, state).begun_by(first);
                }
                AfterGame::Over(winner) => {
                    assert_eq!(fast.winner(), Some(winner));
                    break;
                }
            }
        }
    }
    assert!(games > 100, "only {games} games");
    assert!(
        shortened > 10,
        "only {shortened} games with pits out of play"
    );
    assert!(handed > 10, "only {handed} games with pits handed across");
}

/// `solve` solves one game of a match and says so among its conventions.
#[test]
fn the_solver_says_it_solves_one_game_of_the_match() {
    use std::sync::Arc;
    let r =
        rules_of("[board]\npits_per_row = 3\nseeds_per_pit = 2\n[match]\nnext_first = \"loser\"\n");
    let variant = Arc::new(ayla::engine::Variant::new(r));
    let (_, changes) = ayla::solve::solver_variant(&variant).unwrap();
    assert_eq!(changes.len(), 1, "{changes:?}");
    assert!(
        changes[0].starts_with("one game of the match"),
        "{changes:?}"
    );
    // The same rules as one game: no such note.
    let one = rules_of("[board]\npits_per_row = 3\nseeds_per_pit = 2\n");
    let one = Arc::new(ayla::engine::Variant::new(one));
    assert!(ayla::solve::solver_variant(&one).unwrap().1.is_empty());
}

/// South's d is out of play and North's row is empty: with
/// `must-feed-empty-opponent`, c's one seed passes over d into A, so it
/// feeds North, and a's (into b) does not: c alone is legal, in the
/// engine as in the reference.
#[test]
fn a_feeding_sowing_passes_over_a_pit_out_of_play() {
    use ayla::engine::{Game, Ply, Variant};
    let r = rules_of(
        "[board]\npits_per_row = 4\nseeds_per_pit = 3\n[moves]\nfeeding = \"must-feed-empty-opponent\"\n\
         [match]\nnext_first = \"loser\"\n",
    );
    let pos = ayla::notation::parse_position(&r, "1,0,1,0/0,0,0,0 S 12-10 closed=d").unwrap();
    let game = Game::from_position(Variant::new(r.clone()), pos);
    let mut plies = Vec::new();
    game.legal_plies(&mut plies);
    let c = Ply::Sow(ayla::engine::Pit(2));
    assert_eq!(plies, [c]);
    let reference = ayla::reference::Reference::from_state(&r, pos.to_state(&r));
    assert_eq!(reference.legal_plies(), [c]);
}

/// A rule file `m.toml` of rules `body` (`[variant]` added), in a fresh
/// temporary directory of its own named by `label`: the directory and
/// the file's path.
fn match_rules_file(label: &str, body: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("ayla-match-{}-{label}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m.toml");
    std::fs::write(
        &path,
        format!("[variant]\nid = \"m\"\nname = \"M\"\n{body}"),
    )
    .unwrap();
    (dir, path)
}

/// A match of rules `body` played by the engine with random plies, written
/// as one record file of its games (`MatchGame`, `Result` and `MatchResult`
/// tags), in a directory of its own next to its rule file `m.toml`: the
/// file's path and each game's record text.
fn recorded_match(label: &str, body: &str, seed: u64) -> (std::path::PathBuf, Vec<String>) {
    use ayla::engine::Variant;
    use ayla::matches::Match;
    use ayla::reference::match_play::AfterGame;
    let (dir, path) = match_rules_file(label, body);
    let r = ayla::rules::resolve(path.to_str().unwrap()).unwrap();
    let mut m = Match::new(Variant::new(r.clone())).unwrap();
    let mut rng = ayla::rng::Rng::new(seed);
    let (mut games, mut plies) = (Vec::new(), Vec::new());
    loop {
        while !m.game().is_over() {
            let mut legal = Vec::new();
            m.game().legal_plies(&mut legal);
            let ply = legal[rng.below(legal.len())];
            m.play(ply).unwrap();
            plies.push(ply);
        }
        let o = m.game().outcome().unwrap();
        let standing = match m.next_game().unwrap() {
            AfterGame::Next(_) => "*".to_owned(),
            AfterGame::Over(Some(w)) => w.letter().to_string(),
            AfterGame::Over(None) => "draw".to_owned(),
        };
        let tags = [
            ("Variant", "m.toml".to_owned()),
            ("MatchGame", (games.len() + 1).to_string()),
            ("Result", format!("{}-{}", o.totals[0], o.totals[1])),
            ("MatchResult", standing),
        ];
        games.push(ayla::check::write_record(
            &r,
            &tags,
            &std::mem::take(&mut plies),
        ));
        if m.winner().is_some() {
            break;
        }
    }
    let path = dir.join("match.rec");
    std::fs::write(&path, games.join("\n")).unwrap();
    (path, games)
}

const SHORT_MATCH: &str = "[board]\npits_per_row = 4\nseeds_per_pit = 3\n\
    [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\n\
    [match]\nnext_first = \"loser\"\nmax_games = 4\n";

/// `check` reads a match game by game: each later game from the set-up
/// the one before it leaves, its `MatchResult` verified; `--json` gives
/// each game's number and the match's standing after it; `replay --game`
/// starts a later game where the match set it up.
#[test]
fn a_recorded_match_is_checked_game_by_game() {
    use crate::common::{assert_exit, ayla, stdout};
    let (path, games) = recorded_match("ok", SHORT_MATCH, 7);
    assert!(games.len() >= 3, "only {} games", games.len());
    let file = path.to_str().unwrap();
    let out = ayla(&["check", file]);
    assert_exit(&out, 0, "check");
    let text = stdout(&out);
    assert!(text.contains("game 2 of a match): "), "{text}");
    assert!(text.contains("the match goes on after this game"), "{text}");
    assert!(text.contains("the match ended with this game"), "{text}");
    let out = ayla(&["check", "--json", file]);
    assert_exit(&out, 0, "check --json");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), games.len());
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["match_game"], i + 1);
        let last = i + 1 == games.len();
        assert_eq!(l["match_result"] == "*", !last, "{l}");
    }
    let out = ayla(&["replay", file, "--game", "2"]);
    assert_exit(&out, 0, "replay --game 2");
    assert!(
        stdout(&out).contains("Game 2 of the match: the match goes on after this game."),
        "{}",
        stdout(&out)
    );
    // The second game starts where the first left the match.
    let out = ayla(&["replay", file, "--game", "2", "--ply", "0"]);
    assert_exit(&out, 0, "replay --game 2");
    let set_up = stdout(&out).lines().last().unwrap().trim().to_owned();
    let first = ayla(&["replay", file, "--game", "1", "--ply", "0"]);
    assert_ne!(set_up, stdout(&first).lines().last().unwrap().trim());
    // Written out as the game's Position tag, the set-up is a claim that
    // holds; changed, one that does not.
    let dir = path.parent().unwrap();
    let with_start = |start: &str| {
        let second = games[1].replacen(
            "[MatchGame \"2\"]",
            &format!("[MatchGame \"2\"]\n[Position \"{start}\"]"),
            1,
        );
        let mut all = games.clone();
        all[1] = second;
        let p = dir.join("with-start.rec");
        std::fs::write(&p, all.join("\n")).unwrap();
        ayla(&["check", p.to_str().unwrap()])
    };
    assert_exit(&with_start(&set_up), 0, "the set-up as Position");
    let out = with_start("3,3,3,3/3,3,3,3 S 0-0");
    assert_exit(&out, 1, "another Position");
    assert!(
        stdout(&out).contains("but the match sets this game up at"),
        "{}",
        stdout(&out)
    );
}

/// A match record that is wrong: a wrong `MatchResult` is exit 1; a game
/// left out, a game after the match's end and a `MatchGame` tag in a
/// game that is no match's are exit 2, each at its tag.
#[test]
fn a_match_record_that_is_wrong_says_where() {
    use crate::common::{ayla, stdout};
    let (path, games) = recorded_match("wrong", SHORT_MATCH, 7);
    let dir = path.parent().unwrap();
    let check = |name: &str, all: &[String]| {
        let p = dir.join(name);
        std::fs::write(&p, all.join("\n")).unwrap();
        let out = ayla(&["check", p.to_str().unwrap()]);
        (out.status.code(), stdout(&out))
    };
    let mut all = games.clone();
    let last = all.len() - 1;
    all[last] = all[last].replace("[MatchResult \"", "[MatchResult \"*\"]\n[X \"");
    let (code, text) = check("wrong-result.rec", &all);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(
            "the MatchResult tag says * (the match goes on), but the match ended with this game"
        ),
        "{text}"
    );
    let mut all = games.clone();
    all.remove(1);
    let (code, text) = check("left-out.rec", &all);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains("game 3 of a match starts where game 2 left it, so it must follow that game in the same file; the game before it is game 1 of a match"),
        "{text}"
    );
    let mut all = games.clone();
    all.push(games[last].replace(
        &format!("[MatchGame \"{}\"]", last + 1),
        &format!("[MatchGame \"{}\"]", last + 2),
    ));
    let (code, text) = check("after-the-end.rec", &all);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(&format!("it has no game {}", last + 2)),
        "{text}"
    );
    let kpe = "[Variant \"kpe\"]\n[MatchGame \"1\"]\n\nc\n".to_owned();
    let (code, text) = check("kpe.rec", &[kpe]);
    assert_eq!(code, Some(2), "{text}");
    assert!(
        text.contains(":2:1: Kpé is not played as a match"),
        "{text}"
    );
}

/// `ayla match` on rules played as a match measures whole matches: A's
/// score over matches, games a match, how often the first game's winner
/// wins the match; each saved record holds a whole match and checks.
#[test]
fn match_measures_whole_matches() {
    use crate::common::{assert_exit, ayla, stdout};
    let (dir, rules) = match_rules_file("whole", SHORT_MATCH);
    let save = dir.join("saved");
    let out = ayla(&[
        "match",
        rules.to_str().unwrap(),
        "--a",
        "2",
        "--b",
        "random",
        "--games",
        "6",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_exit(&out, 0, "match");
    let text = stdout(&out);
    assert!(text.contains("6 matches of several games"), "{text}");
    assert!(text.contains("games a match: "), "{text}");
    assert!(
        text.contains("the first game's winner won the match in "),
        "{text}"
    );
    let files: Vec<_> = std::fs::read_dir(&save)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 6);
    let mut games = 0;
    for f in &files {
        let out = ayla(&["check", "--json", f.to_str().unwrap()]);
        assert_exit(&out, 0, "check a saved match");
        let lines: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        games += lines.len();
        // Every match ends within its 4 games, with a standing on the last.
        assert!(lines.len() <= 4);
        assert_ne!(lines.last().unwrap()["match_result"], "*", "{f:?}");
    }
    assert!(games > 6, "some match lasts more than one game");
}

/// `ayla stats` on rules played as a match plays whole matches: its
/// `matches` figures add up, and its figures of games count every game
/// of every match.
#[test]
fn stats_of_whole_matches_add_up() {
    use crate::common::{assert_exit, ayla, stdout};
    let (_, rules) = match_rules_file("stats", SHORT_MATCH);
    let out = ayla(&[
        "stats",
        rules.to_str().unwrap(),
        "--games",
        "12",
        "--levels",
        "1,random",
        "--json",
    ]);
    assert_exit(&out, 0, "stats");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let c = &v["combinations"][0];
    let m = &c["matches"];
    assert_eq!(m["matches"], 12);
    let ended = 12 - m["stopped"].as_u64().unwrap();
    let sum = |k: &str| m[k].as_u64().unwrap();
    assert_eq!(
        sum("first_wins") + sum("draws") + sum("first_losses"),
        ended
    );
    assert!(sum("first_game_winner_won") <= sum("first_game_won"));
    assert!(
        m["a_score"]["mean"].as_f64().is_some(),
        "two levels: A's score"
    );
    let mean = m["games_a_match"]["mean"].as_f64().unwrap();
    let games = c["figures"]["games"].as_u64().unwrap();
    assert!(games > 12, "some match lasts more than one game");
    if ended == 12 {
        // The JSON keeps six significant digits.
        assert!((mean * 12.0 - games as f64).abs() < 0.01, "{mean} {games}");
    }
    let out = ayla(&[
        "stats",
        rules.to_str().unwrap(),
        "--games",
        "4",
        "--level",
        "random",
    ]);
    assert_exit(&out, 0, "stats");
    let text = stdout(&out);
    assert!(text.contains("4 whole matches a combination"), "{text}");
    assert!(
        text.contains("first game's winner wins the match"),
        "{text}"
    );
}

/// `fit` reads a match's games in order, each later game from the set-up
/// the reading in force gives: a match played with the loser starting
/// each game fits that reading and not the winner starting (whose second
/// game starts with the other player, or elsewhere).
#[test]
fn fit_tells_who_starts_the_next_game_from_a_match() {
    let body = format!(
        "{SHORT_MATCH}[readings.next]\npoint = \"Who starts the next game?\"\nreason = \"Test.\"\n\
         default = \"loser\"\nalternatives.loser = {{ match.next_first = \"loser\" }}\n\
         alternatives.winner = {{ match.next_first = \"winner\" }}\n"
    );
    let (path, _) = recorded_match("fit", &body, 7);
    let text = std::fs::read_to_string(&path).unwrap();
    let games = ayla::notation::parse_records(&text).unwrap();
    assert!(games.len() >= 2);
    let recs: Vec<_> = games.iter().collect();
    let source = ayla::rulebook::source_of(
        recs[0],
        path.parent().unwrap(),
        &ayla::rulebook::Overrides::default(),
    )
    .unwrap();
    let f = ayla::fit::fit(&recs, &source).unwrap();
    let fitting: Vec<_> = f
        .groups
        .iter()
        .filter(|g| g.fits())
        .flat_map(|g| g.combinations.iter().map(|c| c["next"].clone()))
        .collect();
    assert_eq!(fitting, ["loser"]);
}
