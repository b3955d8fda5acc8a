"""Checking records from Python: the verdicts of `ayla check --json`, as dicts."""

import json
import subprocess
from pathlib import Path

import pytest

import ayla

ROOT = Path(__file__).resolve().parents[2]
AYLA = ROOT / "target" / "release" / "ayla"


def ayla_check_json(path, *args):
    out = subprocess.run(
        [str(AYLA), "check", "--json", str(path), *args], capture_output=True, text=True
    )
    return [json.loads(line) for line in out.stdout.splitlines()]


def record_files():
    for folder in ("golden", "bad_records", "fit"):
        yield from sorted((ROOT / "tests" / folder).rglob("*.rec"))


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_every_record_of_the_suite_gets_the_verdict_of_ayla_check():
    files = list(record_files())
    assert len(files) > 250, len(files)
    statuses = set()
    for path in files:
        mine = ayla.check(str(path))
        assert mine == ayla_check_json(path), path
        statuses.update(v["status"] for v in mine)
    # The comparison met every kind of verdict.
    assert statuses == {"ok", "illegal", "wrong-result", "unusable"}, statuses


def test_an_illegal_ply_says_where_and_why(tmp_path):
    text = '[Variant "kpe"]\n\n1. c 2. c\n'
    [v] = ayla.check_text(text, file="two.rec")
    assert v["status"] == "illegal" and v["plies"] == 1
    [e] = v["errors"]
    assert (e["kind"], e["file"], e["line"], e["column"], e["ply"], e["side"]) == (
        "illegal-ply",
        "two.rec",
        3,
        9,
        2,
        "North",
    )
    assert e["position"] == "7,6,0,7/7,7,7,7 N 0-0 sown=c/"
    assert "c" in e["text"] and e["message"]


def test_readings_and_rules_override_the_tags():
    text = '[Variant "ba-awa"]\n[Result "*"]\n\n1. a\n'
    [v] = ayla.check_text(text, readings={"next-first": "loser"})
    assert v["readings"]["next-first"] == "loser"
    [w] = ayla.check_text(text, rules="ayoayo")
    assert w["variant"] == "ayoayo"


def test_unreadable_and_unparsable_files_are_one_unusable_verdict(tmp_path):
    [v] = ayla.check(str(tmp_path / "missing.rec"))
    assert v["status"] == "unusable" and v["game"] is None
    assert v["errors"][0]["message"].startswith("cannot read the record")
    [w] = ayla.check_text("[Variant \"kpe\"\n", file="broken.rec")
    assert w["status"] == "unusable" and w["errors"][0]["kind"] == "syntax"


def ayla_replay_json(path):
    out = subprocess.run([str(AYLA), "replay", "--json", str(path)], capture_output=True, text=True)
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_replays_are_ayla_replay_s_ply_by_ply():
    files = sorted((ROOT / "tests" / "golden").rglob("*.rec"))
    assert len(files) > 200
    for path in files:
        code, want = ayla_replay_json(path)
        if code == 2:
            with pytest.raises(ValueError):
                ayla.replay(str(path))
            continue
        assert ayla.replay(str(path)) == want, path


def test_a_replay_says_what_each_ply_did():
    path = ROOT / "tests" / "golden" / "kpe" / "01-capturer-seed2.rec"
    [g] = ayla.replay(str(path))
    assert g["start"] == "6,6,6,6/6,6,6,6 S 0-0"
    first = g["plies"][0]
    assert (first["number"], first["side"]) == (1, "South")
    assert first["effect"].startswith("South sows")
    assert g["plies"][-1]["position"] == g["position"]
    with pytest.raises(ValueError, match="cannot read"):
        ayla.replay(str(path) + ".missing")
