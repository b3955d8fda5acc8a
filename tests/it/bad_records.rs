//! Bad records under `tests/bad_records/`, each checked with the built
//! binary as `ayla check tests/bad_records/<file>` from the crate root.
//!
//! Each file is one small record that `check` must reject, and ends with
//! its expectations as `;` comment lines, written by hand from the rules
//! (docs/gore-and-kpe.md), never generated from the program's output:
//!
//! ```text
//! ; expect-exit: 1
//! ; expect: <exact first line of stdout>
//! ; expect: <exact second line>          (as many as wanted, in order)
//! ; expect-prefix: <start of a line>     (in place of an `expect:` line, where
//!                                         only the location is pinned)
//! ; expect-like: <a line with <any> in it> (in place of an `expect:` line:
//!                                         `<any>` stands for any text, e.g.
//!                                         the list of bundled variants)
//! ; expect-last: <exact last line>       (optional: the file's summary)
//! ```

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const DIR: &str = "tests/bad_records";

/// One expected line of stdout.
enum Line {
    /// The whole line.
    Exact(String),
    /// Its beginning.
    Prefix(String),
    /// The whole line, `<any>` standing for any text.
    Like(String),
}

/// Whether `line` matches `pattern`, in which `<any>` stands for any text.
fn like(line: &str, pattern: &str) -> bool {
    let parts: Vec<&str> = pattern.split("<any>").collect();
    let (first, rest) = parts.split_first().expect("split yields a part");
    let Some(mut tail) = line.strip_prefix(first) else {
        return false;
    };
    let Some((last, middle)) = rest.split_last() else {
        return tail.is_empty();
    };
    for m in middle {
        match tail.find(m) {
            Some(i) => tail = &tail[i + m.len()..],
            None => return false,
        }
    }
    tail.len() >= last.len() && tail.ends_with(last)
}

/// What one record file says the binary must do.
struct Expectation {
    exit: i32,
    first_lines: Vec<Line>,
    last_line: Option<String>,
}

fn expectation(path: &Path, text: &str) -> Expectation {
    let name = path.display();
    let mut exit = None;
    let mut first_lines = Vec::new();
    let mut last_line = None;
    for line in text.lines() {
        if let Some(v) = line.strip_prefix("; expect-exit: ") {
            assert!(exit.is_none(), "{name}: two `; expect-exit:` lines");
            exit = Some(
                v.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{name}: bad `; expect-exit: {v}`")),
            );
        } else if let Some(v) = line.strip_prefix("; expect: ") {
            first_lines.push(Line::Exact(v.to_owned()));
        } else if let Some(v) = line.strip_prefix("; expect-prefix: ") {
            first_lines.push(Line::Prefix(v.to_owned()));
        } else if let Some(v) = line.strip_prefix("; expect-like: ") {
            assert!(
                v.contains("<any>"),
                "{name}: `; expect-like:` without `<any>`"
            );
            first_lines.push(Line::Like(v.to_owned()));
        } else if let Some(v) = line.strip_prefix("; expect-last: ") {
            assert!(last_line.is_none(), "{name}: two `; expect-last:` lines");
            last_line = Some(v.to_owned());
        } else {
            assert!(
                !line.starts_with("; expect"),
                "{name}: unrecognised expectation line {line:?}"
            );
        }
    }
    let exit = exit.unwrap_or_else(|| panic!("{name}: no `; expect-exit:` line"));
    assert!(
        exit == 1 || exit == 2,
        "{name}: a bad record must exit 1 or 2, not {exit}"
    );
    assert!(!first_lines.is_empty(), "{name}: no `; expect:` line");
    Expectation {
        exit,
        first_lines,
        last_line,
    }
}

/// The `.rec` files of `dir` (relative to the crate root), sorted.
fn records_in(dir: &str) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rec"))
        // `tests/bad_records/x.rec`, as a user would type it from the crate root.
        .map(|p| Path::new(dir).join(p.file_name().unwrap()))
        .collect();
    paths.sort();
    paths
}

fn records() -> Vec<PathBuf> {
    records_in(DIR)
}

/// Checks one file; returns what is wrong with the binary's answer, if anything.
fn verdict(path: &Path) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join(path)).map_err(|e| format!("cannot read: {e}"))?;
    let want = expectation(path, &text);
    let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .arg("check")
        .arg(path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .map_err(|e| format!("cannot run ayla: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let got: Vec<&str> = stdout.lines().collect();
    let show = || format!("--- stdout:\n{stdout}--- stderr:\n{stderr}---");
    let mut problems = Vec::new();
    if out.status.code() != Some(want.exit) {
        problems.push(format!(
            "exit code {:?}, expected {}",
            out.status.code(),
            want.exit
        ));
    }
    for (i, line) in want.first_lines.iter().enumerate() {
        let (ok, what) = match (line, got.get(i)) {
            (Line::Exact(l), g) => (g == Some(&l.as_str()), format!("{l:?}")),
            (Line::Prefix(l), g) => (
                g.is_some_and(|g| g.starts_with(l.as_str())),
                format!("a line starting {l:?}"),
            ),
            (Line::Like(l), g) => (g.is_some_and(|g| like(g, l)), format!("a line like {l:?}")),
        };
        if !ok {
            problems.push(match got.get(i) {
                Some(g) => format!(
                    "stdout line {}:\n    got      {g:?}\n    expected {what}",
                    i + 1
                ),
                None => format!(
                    "stdout has only {} lines; line {} expected {what}",
                    got.len(),
                    i + 1
                ),
            });
        }
    }
    if let Some(last) = &want.last_line
        && got.last() != Some(&last.as_str())
    {
        problems.push(format!(
            "last stdout line:\n    got      {:?}\n    expected {last:?}",
            got.last()
        ));
    }
    if stderr.contains("panicked") {
        problems.push("the program panicked".to_owned());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n{}", problems.join("\n"), show()))
    }
}

#[test]
fn every_bad_record_is_rejected_as_expected() {
    let paths = records();
    assert!(
        paths.len() >= 30,
        "only {} bad records under {DIR}",
        paths.len()
    );
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| verdict(p).err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} bad records misjudged:\n\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n\n")
    );
}

/// Every record states, in a comment at its top, what is wrong with it.
#[test]
fn every_bad_record_says_why_it_is_bad() {
    for p in records() {
        let text = fs::read_to_string(&p).unwrap();
        let first = text.lines().next().unwrap_or("");
        assert!(
            first.starts_with("; ") && !first.starts_with("; expect"),
            "{}: the first line should be a `;` comment saying what is wrong",
            p.display()
        );
    }
}

/// All the bad records in one invocation: the worst verdict decides the exit code.
#[test]
fn checking_them_all_at_once_exits_with_the_worst_code() {
    let paths = records();
    let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
        .arg("check")
        .args(&paths)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    // One summary line per file ("…: N game(s): …" or "…: not checked").
    for p in &paths {
        let name = p.display().to_string();
        let summaries = stdout
            .lines()
            .filter(|l| {
                l.strip_prefix(name.as_str()).is_some_and(|rest| {
                    rest == ": not checked"
                        || rest.starts_with(": 1 game: ")
                        || rest.contains(" games: ")
                })
            })
            .count();
        assert_eq!(summaries, 1, "{name}: {summaries} summary lines");
    }
}

#[test]
fn expect_like_patterns() {
    assert!(like(
        "unknown variant (gore, kpe) at x",
        "unknown variant (<any>) at x"
    ));
    assert!(like("ab", "a<any>b"));
    assert!(like("a-1-2-b", "a<any>1<any>2<any>b"));
    assert!(!like("a-2-1-b", "a<any>1<any>2<any>b"));
    assert!(!like("a", "a<any>a"));
    assert!(!like("ab and more", "a<any>b"));
}

/// The golden records' `Termination` and `FinalPosition` tags are claims
/// that `check` holds them to: each golden game, with one of the two tags
/// changed to another value, is a wrong result (exit 1) at that tag's line.
#[test]
fn a_golden_game_with_a_wrong_termination_or_final_position_is_rejected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("ayla-bad-claims-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for variant in [
        "gore",
        "gore-notrade",
        "kpe",
        "oware",
        "kalah",
        "ayoayo",
        "ba-awa",
    ] {
        let mut recs = records_in(&format!("tests/golden/{variant}"));
        recs.truncate(2);
        files.extend(recs);
    }
    let mut cases = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let text = fs::read_to_string(root.join(f)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let at = |tag: &str| {
            lines
                .iter()
                .position(|l| l.starts_with(&format!("[{tag} \"")))
                .unwrap_or_else(|| panic!("{}: no {tag} tag", f.display()))
        };
        // Another end: the first code that is not this game's.
        let t = at("Termination");
        let claimed = if lines[t].contains("\"repetition\"") {
            "no-sowing"
        } else {
            "repetition"
        };
        let mut changed: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        changed[t] = format!("[Termination \"{claimed}\"]");
        cases.push((
            format!("{i}-termination.rec"),
            changed,
            t + 1,
            "Termination",
        ));
        // Another position: the side to act flipped.
        let p = at("FinalPosition");
        let mut changed: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        changed[p] = if lines[p].contains(" S ") {
            lines[p].replacen(" S ", " N ", 1)
        } else {
            lines[p].replacen(" N ", " S ", 1)
        };
        cases.push((format!("{i}-final.rec"), changed, p + 1, "FinalPosition"));
    }
    for (name, lines, line, tag) in &cases {
        let path = dir.join(name);
        fs::write(&path, lines.join("\n") + "\n").unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}:\n{stdout}");
        let want = format!("{}:{line}:1: the {tag} tag says ", path.display());
        assert!(
            stdout.lines().next().is_some_and(|l| l.starts_with(&want)),
            "{name}: expected a line starting {want:?}\n{stdout}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
    assert!(cases.len() >= 20, "only {} cases", cases.len());
}

/// `[Glory "without"]` is a claim too: on a golden Goré game won without
/// glory it holds; put on a game won with glory, or drawn, it is a wrong
/// result at its line; and any other value makes the record unusable.
#[test]
fn a_wrong_glory_tag_is_rejected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("ayla-bad-glory-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let check = |name: &str, text: &str| {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_ayla"))
            .arg("check")
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.code(), stdout, path.display().to_string())
    };
    let without = fs::read_to_string(root.join("tests/golden/gore/01-greedy-seed5.rec")).unwrap();
    assert!(without.contains("[Glory \"without\"]"));
    let (code, out, _) = check("holds.rec", &without);
    assert_eq!(code, Some(0), "{out}");

    // A Kpé game (nobody can decline an offer there) claimed without glory.
    let kpe = fs::read_to_string(root.join("tests/golden/kpe/01-capturer-seed2.rec")).unwrap();
    let claimed = kpe.replacen(
        "[Variant \"kpe\"]",
        "[Variant \"kpe\"]\n[Glory \"without\"]",
        1,
    );
    let line = claimed
        .lines()
        .position(|l| l.starts_with("[Glory"))
        .unwrap()
        + 1;
    let (code, out, path) = check("kpe-glory.rec", &claimed);
    assert_eq!(code, Some(1), "{out}");
    let want =
        format!("{path}:{line}:1: the Glory tag says \"without\" (a victory without glory), but ");
    assert!(out.starts_with(&want), "{want}\n{out}");

    let odd = without.replace("[Glory \"without\"]", "[Glory \"none\"]");
    let (code, out, _) = check("odd.rec", &odd);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("the Glory tag may only say \"without\""),
        "{out}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// A byte the reader cannot see (NUL, a zero-width space) is written as
/// an escape where a message quotes it, not as blank space.
#[test]
fn an_invisible_character_is_quoted_as_an_escape() {
    for (bad, shown) in [("\0", "`\\0`"), ("\u{200b}", "`\\u{200b}`")] {
        let text = format!("[Variant \"kpe\"]\n\n1. a {bad}\n");
        let err = ayla::notation::parse_records(&text).unwrap_err();
        assert!(
            err.message.ends_with(&format!("found {shown}")),
            "{bad:?}: {}",
            err.message
        );
        assert_eq!((err.loc.line, err.loc.column), (3, 6), "{bad:?}");
    }
}
