"""Playing a game from Python: legal plies, plies, positions, the end, undo."""

import copy
import re
from pathlib import Path

import pytest

import ayla

ROOT = Path(__file__).resolve().parents[2]


def simple_records():
    """The golden records of one game each from the start under default
    readings (no Position, Readings or MatchGame tag): their variant,
    plies, final position and result, read with a few lines of Python."""
    for path in sorted((ROOT / "tests" / "golden").glob("*/*.rec")):
        text = path.read_text(encoding="utf-8")
        lines = [l for l in text.splitlines() if not l.startswith(";")]
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', "\n".join(lines), flags=re.M))
        if text.count("[Variant ") != 1 or {"Position", "Readings", "MatchGame"} & set(tags):
            continue
        if "FinalPosition" not in tags or "Result" not in tags:
            continue
        body = "\n".join(l for l in lines if not l.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        plies = [t for t in body.split() if not re.fullmatch(r"\d+\.|\*|\d+-\d+", t)]
        yield path, tags, plies


def test_golden_games_replay_to_their_final_position_and_result():
    seen = 0
    for path, tags, plies in simple_records():
        g = ayla.Game(ayla.Rules.load(tags["Variant"]))
        for i, p in enumerate(plies):
            assert p in g.legal(), f"{path.name} ply {i + 1} {p}: legal {g.legal()}"
            g.play(p)
        assert g.position == tags["FinalPosition"], path.name
        assert g.is_over and g.to_move is None, path.name
        s, n = map(int, tags["Result"].split("-"))
        assert g.outcome["totals"] == [s, n], path.name
        winner = None if s == n else ("South" if s > n else "North")
        if g.outcome["reason"] != "majority":
            assert g.outcome["winner"] == winner, path.name
        seen += 1
    assert seen >= 100, seen


def test_a_first_ply_of_kpe():
    g = ayla.Game(ayla.Rules.load("kpe"))
    assert g.legal() == ["a", "b", "c", "d"]
    assert g.to_move == "South" and not g.is_over and g.outcome is None
    assert g.position == "6,6,6,6/6,6,6,6 S 0-0"
    said = g.play("c")
    assert said.startswith("South sows 6 from c"), said
    # Sowing c drops into d A B C D a (traced by hand from
    # docs/gore-and-kpe.md); the opening lock notes c as sown.
    assert g.position == "7,6,0,7/7,7,7,7 N 0-0 sown=c/"
    assert g.plies == ["c"] and g.to_move == "North"


def test_an_illegal_ply_raises_and_changes_nothing():
    g = ayla.Game(ayla.Rules.load("kpe"))
    before = g.position
    with pytest.raises(ayla.IllegalPly) as e:
        g.play("A")
    assert "North" in str(e.value) or "A" in str(e.value)
    with pytest.raises(ayla.IllegalPly):
        g.play("zz")
    assert g.position == before and g.plies == []


def test_undo_and_copies():
    g = ayla.Game(ayla.Rules.load("oware"))
    positions = [g.position]
    for _ in range(5):
        g.play(g.legal()[0])
        positions.append(g.position)
    h = g.copy()
    c = copy.deepcopy(g)
    assert g.undo(2) == 2
    assert g.position == positions[3] and len(g.plies) == 3
    assert h.position == positions[5] and c.position == positions[5]
    assert g.undo(10) == 3 and g.position == positions[0]
    assert g.undo() == 0


def test_a_game_from_a_position_and_its_rules():
    r = ayla.Rules.load("kpe")
    g = ayla.Game(r, position="0,0,1,0/0,1,0,0 N 20-26 sown=abcd/ABCD")
    assert g.to_move == "North" and g.rules.id == "kpe"
    with pytest.raises(ValueError):
        ayla.Game(r, position="not a position")
