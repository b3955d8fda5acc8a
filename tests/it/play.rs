//! `ayla play` driven through stdin, as a script would: the board comes
//! back as plain text, and the saved record passes `ayla check`.

use ayla::notation::parse_records;
use std::io::Write;
use std::process::{Command, Stdio};

fn ayla() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ayla"))
}

fn play(args: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = play_in(args, input, &[("COLUMNS", "80")], None);
    (code, out)
}

/// `ayla play args…` with `input` on stdin, these environment variables,
/// in `dir` (else the crate root): exit code, stdout, stderr.
fn play_in(
    args: &[&str],
    input: &str,
    env: &[(&str, &str)],
    dir: Option<&std::path::Path>,
) -> (i32, String, String) {
    let mut child = ayla()
        .arg("play")
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir.unwrap_or(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may stop before reading its input (bad usage): a closed
    // pipe is then expected.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ayla-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn check(path: &std::path::Path) -> (i32, String) {
    let out = ayla().arg("check").arg(path).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// A golden game typed ply by ply, with a wrong ply, an undo and a help on
/// the way: the game ends as the golden record says, and the saved record checks.
#[test]
fn a_golden_game_typed_in_ends_and_its_record_checks() {
    let golden = std::fs::read_to_string("tests/golden/gore/02-trader-seed6.rec").unwrap();
    let rec = &parse_records(&golden).unwrap()[0];
    let mut input = String::from("help\nz\n");
    for (i, p) in rec.plies.iter().enumerate() {
        let text = p.text.replace("offer(", "offer ").replace(')', "");
        input.push_str(&text);
        input.push('\n');
        if i == 3 {
            // Take back ply 4 and play it again.
            input.push_str("undo\n");
            input.push_str(&text);
            input.push('\n');
        }
    }
    let dir = std::env::temp_dir().join(format!("ayla-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("typed.rec");
    let (code, out) = play(&["gore", "--save", save.to_str().unwrap()], &input);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("the board has no pit `z`"), "{out}");
    assert!(out.contains("Took back 1 ply."), "{out}");
    assert!(
        !out.contains('\x1b'),
        "no colour codes when stdout is not a terminal"
    );
    let result = &rec.tag("Result").unwrap().value;
    assert!(
        out.contains(&format!("Game over: {result}: South wins")),
        "{out}"
    );
    assert!(
        out.contains(&format!("Saved to {}", save.display())),
        "{out}"
    );
    // Every ply has its number, whichever side played it: North's offer
    // is ply 16 and South's answer ply 17.
    let saved = std::fs::read_to_string(&save).unwrap();
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("15. b 16. offer(A) 17. accept 18. d "),
        "{saved}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(
        report.contains(&format!("{} plies, legal; {result}", rec.plies.len())),
        "{report}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Against the engine, with input that runs out: the engine answers, a
/// refused ply is explained, and the unfinished game's record checks.
#[test]
fn against_the_engine_until_input_runs_out() {
    let dir = std::env::temp_dir().join(format!("ayla-play-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("engine.rec");
    let input = "A\nc\nhint\nb\nd\na\n";
    let (code, out) = play(
        &[
            "kpe",
            "--north",
            "engine",
            "--level",
            "2",
            "--save",
            save.to_str().unwrap(),
        ],
        input,
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("South may not sow from pit A: it is not in South's row"),
        "{out}"
    );
    assert!(out.contains("North (engine) plays"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("7,6,0,7/7,7,7,7 N 0-0 sown=c/"), "{out}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Engine against engine, on every bundled variant: the game ends and its
/// record checks, with the same result.
#[test]
fn engine_against_engine_finishes_with_a_record_that_checks() {
    let dir = std::env::temp_dir().join(format!("ayla-play-ee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (id, _, _) in ayla::rules::BUNDLED {
        // A whole match of a bundled game runs to tens of games; play's
        // match is a_match_goes_on_game_after_game_and_resumes's.
        if ayla::rules::bundled(id).unwrap().match_play().is_some() {
            continue;
        }
        let save = dir.join(format!("{id}.rec"));
        let (code, out) = play(
            &[
                id,
                "--south",
                "engine",
                "--north",
                "engine",
                "--level",
                "1",
                "--save",
                save.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{id}: {out}");
        let over = out
            .lines()
            .find(|l| l.starts_with("Game over: "))
            .unwrap_or_else(|| panic!("{id}: the game does not end: {out}"));
        let totals = over["Game over: ".len()..].split(':').next().unwrap();
        let (code, report) = check(&save);
        assert_eq!(code, 0, "{id}: {report}");
        assert!(
            report.contains(&format!("legal; {totals}")),
            "{id}: {report}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A line that is no ply says what a ply is and what the commands are;
/// commands and ply words take any case, pit labels keep theirs.
#[test]
fn bad_input_names_plies_and_commands_and_words_ignore_case() {
    let dir = scratch("case");
    let save = dir.join("case.rec");
    let input = "xyz\nHelp\nD\nd\nPASS\nOFFER(d)\nUndo\nQUIT\n";
    let (code, out) = play(&["gore", "--save", save.to_str().unwrap()], input);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "found `xyz`. Type a ply (a pit label, `pass`, `offer c,d`, `accept`, `decline`) \
             or a command (`help`, `undo`, `hint`, `quit`)."
        ),
        "{out}"
    );
    assert!(out.contains("Commands (any case):"), "Help is help: {out}");
    // D is North's pit, not d.
    assert!(
        out.contains("Illegal: South may not sow from pit D: it is controlled by North."),
        "{out}"
    );
    assert!(out.contains("South sows 6 from d"), "{out}");
    // PASS and OFFER are read as the ply words, then judged by the rules.
    assert!(out.contains("Illegal: North may pass only when"), "{out}");
    assert!(
        out.contains("Illegal: North may offer only pits they control"),
        "{out}"
    );
    assert!(out.contains("Took back 1 ply."), "{out}");
    assert!(out.contains("The game is left unfinished"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A label with a row number no board has says what labels look like;
/// the forms of ply offered are those of the rules (Moruba has neither
/// trading nor passing).
#[test]
fn a_wrong_row_number_says_what_labels_look_like() {
    let (code, out) = play(&["moruba"], "c1\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("found `c1`: a pit label is a letter alone on an edge row (`c`), and the letter and 2 on a four-row board's inner row (`c2`). Type a ply (a pit label) or a command"),
        "{out}"
    );
    assert!(!out.contains("offer") && !out.contains("`pass`"), "{out}");
}

/// The position strings printed under the boards, in order.
fn positions(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| {
            let t = l.trim_start();
            l.starts_with("  ") && (t.contains(" S ") || t.contains(" N ")) && t.contains('/')
        })
        .map(str::trim)
        .collect()
}

/// As North against the engine: `undo` before North has played takes
/// nothing back (the engine's opening ply stays, and is not played
/// again); after North's ply and the engine's answer it takes both back.
#[test]
fn undo_as_north_returns_to_norths_previous_turn() {
    let dir = scratch("undo-north");
    let save = dir.join("undo.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(
        &["kpe", "--south", "engine", "--level", "2", "--save", s],
        "undo\nA\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let first = out
        .find("Nothing to take back")
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        !out[..first].contains("North sows"),
        "the first undo comes before North's ply: {out}"
    );
    assert!(out.contains("Took back 2 plies."), "{out}");
    assert_eq!(
        out.matches("South (engine) plays").count(),
        2,
        "the engine plays its opening and its answer to A, nothing more: {out}"
    );
    let pos = positions(&out);
    // Start, after the engine's ply, again after the first undo, after A,
    // after the answer, after the undo (as after the engine's ply), and
    // after the second undo, which changes nothing.
    assert_eq!(pos.len(), 7, "{pos:?}\n{out}");
    assert!(pos[1].contains(" N "), "{pos:?}");
    assert_eq!(pos[2], pos[1]);
    assert_eq!(
        pos[5], pos[1],
        "back to North's turn after the engine's opening"
    );
    assert_eq!(pos[6], pos[1]);
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("1 ply, legal"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `ayla analyse … --json`: the value in seeds (docs/json.md).
fn analysed_value(variant: &str, position: &str, depth: &str) -> f64 {
    let out = ayla()
        .args([
            "analyse",
            variant,
            "--position",
            position,
            "--depth",
            depth,
            "--json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v["value"]["seeds"]
        .as_f64()
        .unwrap_or_else(|| panic!("no seeds value: {v}"))
}

/// `hint` gives the engine's value with its ply: in seeds (as `analyse`
/// gives them at the same depth), or a forced end.
#[test]
fn hint_gives_the_engines_value() {
    let start = "6,6,6,6/6,6,6,6 S 0-0";
    let value = analysed_value("kpe", start, "3");
    let dir = scratch("hint");
    let save = dir.join("hint.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(
        &["kpe", "--level", "2", "--save", s, "--overwrite"],
        "hint\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let want = format!("{value:+.2} seeds for South; searched to depth 3");
    assert!(
        out.contains("Hint: ") && out.contains(&want),
        "{want}\n{out}"
    );
    // A won position: South's d ends the game 25-23.
    let won = "0,0,0,1/1,0,0,0 S 23-23 sown=abcd/ABCD";
    let (_, out) = play(
        &[
            "kpe",
            "--level",
            "2",
            "--position",
            won,
            "--save",
            s,
            "--overwrite",
        ],
        "hint\nquit\n",
    );
    assert!(
        out.contains("Hint: d (South wins in 1 ply by 2 seeds;"),
        "{out}"
    );
    let lost = "0,0,1,1/0,0,0,0 S 23-23 sown=abcd/ABCD";
    let (_, out) = play(
        &[
            "kpe",
            "--level",
            "depth:9",
            "--position",
            lost,
            "--save",
            s,
            "--overwrite",
        ],
        "hint\nquit\n",
    );
    assert!(out.contains("South loses in 6 plies by 2 seeds;"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Checks the plain board `play` draws first (before the first prompt):
/// every line fits in `width`, each label stands over (or under) the last
/// digit of its pit's count, the sowing direction is said, and stores are
/// drawn with their counts.
fn check_start_board(rules: &ayla::rules::Rules, out: &str, width: usize, what: &str) {
    use ayla::engine::Pit;
    let lines: Vec<&str> = out.lines().collect();
    let prompt = lines
        .iter()
        .position(|l| l.contains(" to act. Legal:"))
        .unwrap_or_else(|| panic!("{what}: no prompt\n{out}"));
    // The first lines say where the game is saved and who plays; the
    // position string (one word, however long) closes the board.
    let board = &lines[3..prompt - 1];
    let what = format!("{what}:\n{}", board.join("\n"));
    for l in board {
        assert!(
            l.chars().count() <= width,
            "a line wider than {width}: {what}"
        );
    }
    let n = rules.per_row();
    let label_line = |pits: Vec<usize>| {
        let want: Vec<String> = pits
            .iter()
            .map(|&i| rules.label(Pit(i as u8)).to_string())
            .collect();
        board
            .iter()
            .position(|l| l.split_whitespace().eq(want.iter().map(String::as_str)))
            .unwrap_or_else(|| panic!("no labels {want:?}: {what}"))
    };
    // The edge rows' labels stand over and under the board: North's edge
    // row (drawn right to left) on top, South's below; on four rows the
    // inner rows lie between, labelled by their column letters.
    let rows = rules.board().rows();
    let edge = |k: usize| -> Vec<usize> {
        rules.board().label_rows()[k]
            .iter()
            .map(|p| p.index())
            .collect()
    };
    let north_edge = edge(rows / 2);
    let south_edge = edge(0);
    assert_eq!(south_edge, (0..n).collect::<Vec<_>>());
    let top = label_line(north_edge.iter().rev().copied().collect());
    let bottom = label_line(south_edge.clone());
    assert_eq!(
        bottom,
        top + rows + 1 + usize::from(rules.stores()),
        "labels, rows (and the stores between): {what}"
    );
    for (labels, row, pits) in [(top, top + 1, north_edge), (bottom, bottom - 1, south_edge)] {
        let row: Vec<char> = board[row].chars().collect();
        let labels: Vec<char> = board[labels].chars().collect();
        for i in pits {
            let label = rules.label(Pit(i as u8));
            let c = labels
                .iter()
                .position(|&x| x == label.letter_char())
                .unwrap();
            let last = char::from_digit(u32::from(rules.initial()[i] % 10), 10).unwrap();
            assert_eq!(row.get(c), Some(&last), "pit {label}: {what}");
            assert!(
                !row.get(c + 1).is_some_and(char::is_ascii_digit),
                "pit {label}: {what}"
            );
        }
    }
    let flat = board.join(" ");
    let flat = flat.split_whitespace().collect::<Vec<_>>().join(" ");
    // The sowing line says which way seeds go: one way for the whole
    // board, or pit by pit (and `>`/`<` where the mover chooses).
    if rows == 4 {
        assert!(flat.contains("each round their own rows (a to"), "{what}");
    } else if rules.pit_directions().is_empty() {
        let way = match rules.direction() {
            ayla::rules::Direction::CounterClockwise => "sowing: counter-clockwise (a to",
            _ => "sowing: clockwise (",
        };
        assert!(flat.contains(way), "{what}");
    } else {
        assert!(flat.contains("sowing: "), "{what}");
    }
    if rules.stores() {
        let line = board[top + 2];
        let counts: Vec<&str> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .collect();
        assert_eq!(counts, ["0", "0"], "a store at each end: {what}");
        assert_eq!(line.matches('[').count(), 2, "{what}");
        assert!(line.trim_start().starts_with('[') && line.ends_with(']'));
        // Each store follows its owner's last house in the sowing order,
        // so clockwise sowing swaps the ends.
        let ends = if rules.direction() == ayla::rules::Direction::CounterClockwise {
            "North's on the left, South's on the right"
        } else {
            "South's on the left, North's on the right"
        };
        assert!(flat.contains(ends), "{what}");
    }
}

/// Every bundled variant's start, through a pipe (plain text), at 80
/// columns and narrow; and a 2x26 board, which must narrow its cells to fit 80.
#[test]
fn every_bundled_board_fits_its_width_with_labels_over_their_pits() {
    let dir = scratch("boards");
    let save = dir.join("board.rec");
    let s = save.to_str().unwrap();
    for (id, _, _) in ayla::rules::BUNDLED {
        let rules = ayla::rules::bundled(id).unwrap();
        for width in ["80", "32"] {
            let (code, out, _) = play_in(
                &[id, "--save", s, "--overwrite"],
                "quit\n",
                &[("COLUMNS", width)],
                None,
            );
            assert_eq!(code, 0, "{id}: {out}");
            check_start_board(
                &rules,
                &out,
                width.parse().unwrap(),
                &format!("{id} at {width}"),
            );
        }
    }
    let wide = dir.join("kalah-26.toml");
    std::fs::write(
        &wide,
        "extends = \"kalah\"\n[variant]\nid = \"kalah-26\"\nname = \"Kalah(26,3)\"\n\
         [board]\npits_per_row = 26\nseeds_per_pit = 3\n",
    )
    .unwrap();
    let rules = ayla::rules::load_file(&wide).unwrap();
    let (code, out, err) = play_in(
        &[wide.to_str().unwrap(), "--save", s, "--overwrite"],
        "quit\n",
        &[("COLUMNS", "80")],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    check_start_board(&rules, &out, 80, "Kalah(26,3) at 80");
    std::fs::remove_dir_all(&dir).ok();
}

/// A traded pit carries its controller's letter on plain output, at any width.
#[test]
fn a_traded_pit_names_its_controller() {
    let dir = scratch("traded");
    let save = dir.join("traded.rec");
    let traded = "6,0,4,5/11,4,3,1 S 0-14 owners=SSSS/SNNN";
    for (width, cell, legend) in [
        (
            "80",
            "( 11)S",
            "(k)X: a traded pit holding k seeds, controlled by X",
        ),
        ("24", " 11S", "kX: a traded pit"),
    ] {
        let (code, out, _) = play_in(
            &[
                "gore",
                "--position",
                traded,
                "--save",
                save.to_str().unwrap(),
                "--overwrite",
            ],
            "quit\n",
            &[("COLUMNS", width)],
            None,
        );
        assert_eq!(code, 0, "{out}");
        assert!(out.contains(cell) && out.contains(legend), "{width}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Each engine side can have its own level; a side level for a human is bad usage.
#[test]
fn each_engine_side_has_its_own_level() {
    let dir = scratch("levels");
    let save = dir.join("levels.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(
        &[
            "kpe",
            "--south",
            "engine",
            "--north",
            "engine",
            "--south-level",
            "0",
            "--north-level",
            "depth:2",
            "--save",
            s,
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("South (ayla engine (random)) against North (ayla engine (depth 2))"),
        "{out}"
    );
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.contains("[South \"ayla engine (random)\"]"),
        "{saved}"
    );
    assert!(
        saved.contains("[North \"ayla engine (depth 2)\"]"),
        "{saved}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    let (code, _, err) = play_in(&["kpe", "--north-level", "3", "--save", s], "", &[], None);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--north-level is the level of an engine: add --north engine"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `--position` starts there, and the record carries a Position tag, so it checks.
#[test]
fn a_game_from_a_position_is_saved_with_its_position() {
    let dir = scratch("position");
    let save = dir.join("from.rec");
    let s = save.to_str().unwrap();
    let p = "1,2,3,4/5,6,7,8 N 12-0";
    let (code, out) = play(&["kpe", "--position", p, "--save", s], "A\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(positions(&out)[0] == p, "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains(&format!("[Position \"{p}\"]")), "{saved}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("1 ply, legal"), "{report}");
    let (code, _, err) = play_in(
        &["kpe", "--position", "1,2/3,4 S 0-0", "--save", s],
        "",
        &[],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.starts_with("error: --position: "), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--resume` replays a saved game, keeps its tags and goes on saving to it.
#[test]
fn a_saved_game_resumes_where_it_stopped() {
    let dir = scratch("resume");
    let save = dir.join("game.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(&["gore", "--save", s], "c\nA\nquit\n");
    assert_eq!(code, 0, "{out}");
    // A tag of the user's own survives the resumed session.
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(
        &save,
        text.replace("[Result", "[Event \"club night\"]\n[Result"),
    )
    .unwrap();
    let (code, out) = play(&["--resume", s], "b\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.lines().next().unwrap().starts_with(&format!(
            "Resuming {s} after 2 plies; the game is saved to {s}"
        )),
        "{out}"
    );
    assert!(positions(&out)[0].starts_with("8,7,1,8/0,8,8,8 S"), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("[Event \"club night\"]"), "{saved}");
    assert!(saved.contains("1. c 2. A 3. b"), "{saved}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("3 plies, legal"), "{report}");
    // A record with an illegal ply cannot be continued: read but wrong.
    std::fs::write(&save, "[Variant \"gore\"]\n\n1. c 2. c\n").unwrap();
    let (code, _, err) = play_in(&["--resume", s], "quit\n", &[], None);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("ply 2 (North, `c`) is illegal"), "{err}");
    let (code, _, err) = play_in(&["--resume", "no-such.rec"], "quit\n", &[], Some(&dir));
    assert_eq!(code, 2, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Without `--save` the game goes to `ayla-<variant>-<date>-<time>.rec` in
/// the working directory, and the first line printed says so.
#[test]
fn the_default_save_is_named_in_the_first_line() {
    let dir = scratch("default-save");
    let (code, out, _) = play_in(&["kpe"], "c\nquit\n", &[], Some(&dir));
    assert_eq!(code, 0, "{out}");
    let first = out.lines().next().unwrap();
    let rest = first
        .strip_prefix("The game is saved to ayla-kpe-")
        .unwrap_or_else(|| panic!("{first}"));
    let (stamp, rest) = rest.split_once(".rec").unwrap();
    let (date, time) = stamp.split_once('-').unwrap();
    assert!(date.len() == 8 && time.len() == 6, "{first}");
    assert!(
        stamp.chars().all(|c| c.is_ascii_digit() || c == '-'),
        "{first}"
    );
    let here = dir.canonicalize().unwrap();
    assert_eq!(
        rest,
        format!(" (in {}) after every ply.", here.display()),
        "{first}"
    );
    let saved = here.join(format!("ayla-kpe-{stamp}.rec"));
    let (code, report) = check(&saved);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("1 ply, legal"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The record is made with the first ply: a game quit (or whose input
/// ends) before any ply leaves no file, and an `--overwrite` quit before
/// any ply replaces nothing. A save into a folder that is not there is
/// refused before the game starts.
#[test]
fn a_game_quit_before_its_first_ply_saves_nothing() {
    let dir = scratch("quit-at-once");
    for input in ["quit\n", ""] {
        let (code, out, _) = play_in(&["owela"], input, &[], Some(&dir));
        assert_eq!(code, 0, "{out}");
        assert!(
            out.contains("No ply was played: nothing was saved."),
            "{out}"
        );
        assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
    }
    let save = dir.join("kept.rec");
    std::fs::write(&save, "[Variant \"kpe\"]\n\n1. c\n").unwrap();
    let s = save.to_str().unwrap();
    let (code, out, _) = play_in(&["kpe", "--save", s, "--overwrite"], "quit\n", &[], None);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        std::fs::read_to_string(&save).unwrap(),
        "[Variant \"kpe\"]\n\n1. c\n"
    );
    let nowhere = dir.join("no-such-folder").join("game.rec");
    let (code, _, err) = play_in(
        &["kpe", "--save", nowhere.to_str().unwrap()],
        "c\nquit\n",
        &[],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is not a directory"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The files in `dir`, by name.
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `--save FILE` never replaces a file that exists: the start is refused
/// (exit 2) with the file named and the ways on, and the file is as it
/// was; `--overwrite` replaces it.
#[test]
fn save_refuses_to_replace_a_file_unless_told() {
    let dir = scratch("no-clobber");
    let save = dir.join("long.rec");
    let s = save.to_str().unwrap();
    let old = "[Variant \"kpe\"]\n[Event \"354 plies\"]\n\n1. c\n";
    std::fs::write(&save, old).unwrap();
    let (code, out, err) = play_in(&["kpe", "--save", s], "d\nquit\n", &[], None);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(&format!("{s} exists")), "{err}");
    assert!(err.contains(&format!("ayla play --resume {s}")), "{err}");
    assert!(err.contains("--overwrite"), "{err}");
    assert!(out.is_empty(), "nothing is played: {out}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), old);
    // Resuming another record and saving over this one is refused too.
    let other = dir.join("other.rec");
    std::fs::write(&other, "[Variant \"kpe\"]\n\n1. c\n").unwrap();
    let (code, _, err) = play_in(
        &["--resume", other.to_str().unwrap(), "--save", s],
        "quit\n",
        &[],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), old);
    // --overwrite says so.
    let (code, out, err) = play_in(&["kpe", "--save", s, "--overwrite"], "d\nquit\n", &[], None);
    assert_eq!(code, 0, "{out}{err}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(saved.contains("1. d") && !saved.contains("354"), "{saved}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    // --overwrite without --save has nothing to replace: bad usage.
    let (code, _, err) = play_in(&["kpe", "--overwrite"], "quit\n", &[], Some(&dir));
    assert_eq!(code, 2, "{err}");
    assert_eq!(files_in(&dir), ["long.rec", "other.rec"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// A `perfect` level the solver refuses (Kpé's opening lock; a game too
/// large for --max-positions) is refused before anything is made: exit 2,
/// the solver's reason, and no file, named or default.
#[test]
fn a_refused_perfect_level_leaves_no_file() {
    let dir = scratch("perfect-refused");
    for (args, reason) in [
        (
            vec!["kpe", "--north", "engine", "--level", "perfect"],
            "the solver cannot handle these rules",
        ),
        (
            vec![
                "kpe",
                "--south",
                "engine",
                "--south-level",
                "perfect",
                "--save",
                "named.rec",
            ],
            "the solver cannot handle these rules",
        ),
        (
            vec![
                "kalah",
                "--north",
                "engine",
                "--level",
                "perfect",
                "--max-positions",
                "1000",
            ],
            "more than --max-positions 1000 allows",
        ),
    ] {
        let (code, out, err) = play_in(&args, "c\nquit\n", &[], Some(&dir));
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.contains("the perfect level plays exactly from endgame databases")
                && err.contains(reason),
            "{args:?}: {err}"
        );
        assert!(!out.contains("saved to"), "{args:?}: {out}");
        assert!(files_in(&dir).is_empty(), "{args:?}: {:?}", files_in(&dir));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Kalah(3,2): small enough that the perfect level's databases take a moment.
fn tiny_kalah(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("kalah-3-2.toml");
    std::fs::write(
        &path,
        "extends = \"kalah\"\n[variant]\nid = \"kalah-3-2\"\nname = \"Kalah(3,2)\"\n\
         [board]\npits_per_row = 3\nseeds_per_pit = 2\n",
    )
    .unwrap();
    path
}

/// Where the databases can be had, the perfect level plays, says so in
/// the record, and says one line about its databases (not the solver's
/// report of every layer); a pipe gets no "thinking" line.
#[test]
fn the_perfect_level_plays_from_databases_quietly() {
    let dir = scratch("perfect");
    let rules = tiny_kalah(&dir);
    let save = dir.join("perfect.rec");
    let (code, out, err) = play_in(
        &[
            rules.to_str().unwrap(),
            "--south",
            "engine",
            "--north",
            "engine",
            "--level",
            "perfect",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
        &[],
        None,
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Game over: "), "{out}");
    assert!(!out.contains("thinking"), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("building the perfect level's databases… done in "),
        "{err}"
    );
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.contains("[South \"ayla engine (perfect)\"]")
            && saved.contains("[North \"ayla engine (perfect)\"]"),
        "{saved}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `match` refuses a perfect level the solver cannot serve before a game
/// or a directory is made, and plays one it can.
#[test]
fn match_refuses_or_plays_the_perfect_level() {
    let dir = scratch("match-perfect");
    let saves = dir.join("games");
    let out = ayla()
        .args(["match", "kpe", "--a", "perfect", "--b", "1", "--games", "2"])
        .arg("--save")
        .arg(&saves)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the solver cannot handle these rules"),
        "{err}"
    );
    assert!(!saves.exists());
    let rules = tiny_kalah(&dir);
    let out = ayla()
        .arg("match")
        .arg(&rules)
        .args([
            "--a",
            "perfect",
            "--b",
            "0",
            "--games",
            "4",
            "--opening",
            "0",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("A (perfect) against B (random)"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `--resume` of a game against the engine goes on against the engine at
/// its level, as the record's tags say; a side the command line changes
/// is marked `{North: NAME from here}` where it changed, the tags keeping
/// the first player; the next resume goes on with the player marked last;
/// and a comment of the user's survives.
#[test]
fn resume_restores_the_players_and_records_changes() {
    let dir = scratch("resume-seats");
    let save = dir.join("engine.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(
        &["kpe", "--north", "engine", "--level", "2", "--save", s],
        "c\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("[North \"ayla engine (depth 3)\"]"), "{text}");
    std::fs::write(&save, text.replace("1. c", "1. c {a fine start}")).unwrap();
    // As it was: North is the engine at depth 3 again.
    let (code, out) = play(&["--resume", s], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("South (human) against North (ayla engine (depth 3))"),
        "{out}"
    );
    // North is taken over by a person: marked after ply 2.
    let (code, out) = play(&["--resume", s, "--north", "human"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("South (human) against North (human)"), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert!(
        saved.contains("[North \"ayla engine (depth 3)\"]"),
        "{saved}"
    );
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("1. c {a fine start} 2. "), "{saved}");
    assert!(flat.ends_with("{North: human from here}"), "{saved}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("2 plies, legal"), "{report}");
    // The next resume goes on with the person, and a ply of theirs follows
    // the mark; then the engine is back, at another level, marked again.
    let (code, out) = play(&["--resume", s], "d\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("South (human) against North (human)"), "{out}");
    assert!(!out.contains("(engine) plays"), "{out}");
    let (code, out) = play(
        &["--resume", s, "--north", "engine", "--north-level", "1"],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("North (engine) plays"), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    assert_eq!(
        saved.matches("{North: human from here}").count(),
        1,
        "{saved}"
    );
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("{North: human from here} 3. d {North: ayla engine (depth 1) from here} 4. "),
        "{saved}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The legend under the board says what each kind of lock does: Kpé's
/// all-home-pits lock (whose releasing sowing may capture, or with the
/// other reading may not), Adji-boto's first-sowing lock (gone after the
/// first ply), and nothing for Goré, which has none.
#[test]
fn each_lock_has_its_own_legend() {
    let dir = scratch("locks");
    let save = dir.join("lock.rec");
    let s = save.to_str().unwrap();
    let next = dir.join("kpe-next.toml");
    std::fs::write(
        &next,
        "extends = \"kpe\"\n[variant]\nid = \"kpe-next\"\nname = \"Kpe, next sowing\"\n\
         [capture]\nlock_release_may_capture = false\n",
    )
    .unwrap();
    let all = "locked until every home pit has been sown from (not yet: abcd); ";
    let flat = |out: &str| out.split_whitespace().collect::<Vec<_>>().join(" ");
    let (code, out) = play(&["kpe", "--save", s, "--overwrite"], "quit\n");
    assert_eq!(code, 0, "{out}");
    let out = flat(&out);
    assert!(
        out.contains(&format!(
            "South: {all}the sowing that completes them may capture"
        )),
        "{out}"
    );
    assert!(!out.contains("first sowing"), "{out}");
    let (code, out) = play(
        &[next.to_str().unwrap(), "--save", s, "--overwrite"],
        "quit\n",
    );
    assert_eq!(code, 0, "{out}");
    let out = flat(&out);
    assert!(
        out.contains(&format!(
            "South: {all}captures start with the sowing after the one that completes them"
        )),
        "{out}"
    );
    let (code, out) = play(&["adji-boto", "--save", s, "--overwrite"], "a\nquit\n");
    assert_eq!(code, 0, "{out}");
    let first = out.find("South sows").unwrap_or_else(|| panic!("{out}"));
    assert!(
        out[..first].contains("locked: the game's first sowing captures nothing"),
        "{out}"
    );
    assert!(!out.contains("locked until every home pit"), "{out}");
    assert!(
        !out[first..].contains("locked"),
        "released after the first sowing: {out}"
    );
    let (code, out) = play(&["gore", "--save", s, "--overwrite"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        !out.contains("locked") && !out.contains("lock released"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `undo` past the ply where a side's player changed moves the mark back
/// with it: the new player plays the plies taken back.
#[test]
fn undo_before_a_change_of_player_moves_its_mark() {
    let dir = scratch("undo-seat");
    let save = dir.join("g.rec");
    let s = save.to_str().unwrap();
    let (code, out) = play(
        &["kpe", "--north", "engine", "--level", "1", "--save", s],
        "c\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    let (code, out) = play(&["--resume", s, "--north", "human"], "undo\nquit\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Took back 1 ply."), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    let flat = saved.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.ends_with("1. c {North: human from here}"), "{saved}");
    assert!(
        saved.contains("[North \"ayla engine (depth 1)\"]"),
        "{saved}"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A match played engine against engine goes from game to game, each
/// set up from the last, and ends with its winner; the saved file holds
/// every game with its MatchGame and MatchResult tags and checks. Resumed
/// in a game that was left unfinished, the match goes on from there, and
/// the earlier games stay in the file as they were written.
#[test]
fn a_match_goes_on_game_after_game_and_resumes() {
    let dir = scratch("match");
    std::fs::write(
        dir.join("m.toml"),
        "[variant]\nid = \"m\"\nname = \"M\"\n[board]\npits_per_row = 4\nseeds_per_pit = 3\n\
         [capture]\ncounts = [2, 3]\nlanding = \"opponent-row\"\n\
         [match]\nnext_first = \"loser\"\nmax_games = 3\n",
    )
    .unwrap();
    let args = [
        "m.toml", "--south", "engine", "--north", "engine", "--level", "random",
    ];
    let save = dir.join("m.rec");
    let mut all = args.to_vec();
    all.extend(["--save", "m.rec"]);
    let (code, out, err) = play_in(&all, "", &[("COLUMNS", "80")], Some(&dir));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("\nGame 2 of the match. "), "{out}");
    assert!(out.contains("The match is over after 3 games: "), "{out}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("3 games: 3 legal"), "{report}");
    let text = std::fs::read_to_string(&save).unwrap();
    let games = parse_records(&text).unwrap();
    let tag = |g: usize, t: &str| games[g].tag(t).map(|t| t.value.clone());
    for (g, standing) in [(0, "*"), (1, "*")] {
        assert_eq!(tag(g, "MatchGame"), Some((g + 1).to_string()));
        assert_eq!(tag(g, "MatchResult").as_deref(), Some(standing));
    }
    assert_ne!(tag(2, "MatchResult").as_deref(), Some("*"));
    assert!(
        tag(1, "Position").is_some(),
        "a later game names its set-up"
    );
    // Game 3 cut after its first ply: the match resumes there.
    let third = text.rfind("[Variant").unwrap();
    let plies = games[2].plies.len();
    assert!(plies > 1);
    let cut = format!(
        "{}[Variant \"m.toml\"]\n[MatchGame \"3\"]\n[Position \"{}\"]\n\n1. {}\n",
        &text[..third],
        tag(2, "Position").unwrap(),
        games[2].plies[0].text
    );
    std::fs::write(&save, &cut).unwrap();
    let mut all = args.to_vec();
    all.extend(["--resume", "m.rec"]);
    all.retain(|a| *a != "m.toml");
    let (code, out, err) = play_in(&all, "", &[("COLUMNS", "80")], Some(&dir));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("The match is over after 3 games: "), "{out}");
    let resumed = std::fs::read_to_string(&save).unwrap();
    assert!(
        resumed.starts_with(&text[..third]),
        "the earlier games are kept as written"
    );
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    // A person at the table: the end of game 1 waits for Enter before game
    // 2 is set up. The end of input there stops the match, game 1 kept;
    // Enter sets game 2 up, and `quit` in it keeps both games.
    let second = text[third..].len();
    let first_game = &text[..text[..text.len() - second].rfind("[Variant").unwrap()];
    std::fs::write(&save, first_game).unwrap();
    let human = ["--resume", "m.rec", "--south", "human", "--north", "engine"];
    let (code, out, err) = play_in(&human, "", &[("COLUMNS", "80")], Some(&dir));
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Press Enter to set up game 2"), "{out}");
    assert!(!out.contains("Game 2 of the match."), "{out}");
    // Game 1 as it was (resumed by a person, it notes who took South).
    let kept = std::fs::read_to_string(&save).unwrap();
    assert!(kept.starts_with(first_game.trim_end()), "{kept}");
    assert!(!kept.contains("[MatchGame \"2\"]"), "{kept}");
    let (code, out, err) = play_in(&human, "pass\n\nquit\n", &[("COLUMNS", "80")], Some(&dir));
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("The game is over: press Enter for game 2"),
        "{out}"
    );
    assert!(out.contains("Game 2 of the match."), "{out}");
    let (code, report) = check(&save);
    assert_eq!(code, 0, "{report}");
    assert!(report.contains("2 games: 2 legal"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}
