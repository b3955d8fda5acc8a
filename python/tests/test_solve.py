"""Game.solve gives what `ayla solve --json` gives."""

import json
import pathlib
import subprocess

import pytest

import ayla

ROOT = pathlib.Path(__file__).resolve().parents[2]
AYLA = ROOT / "target" / "release" / "ayla"
# The keys of the run itself, not of the answer.
RUN = {"threads", "peak_memory_bytes", "seconds"}
# The search's counters, which vary with the threads that share its table.
SEARCH = {"nodes", "passes"}


def ayla_solve(*args):
    out = subprocess.run(
        [str(AYLA), "solve", *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
@pytest.mark.parametrize(
    "variant,position,kwargs,flags",
    [
        # By databases of every position, of the reachable ones, and by a
        # search over small databases.
        ("kalah", "0,0,1,2,0,1/1,0,0,2,0,0 S 20-21", {}, []),
        ("kalah", "0,1,1,2,0,1/1,0,1,2,1,0 N 19-19", {"reachable": True}, ["--reachable"]),
        ("kalah", "0,1,1,2,0,1/1,0,1,2,1,0 N 19-19", {"db_seeds": 4}, ["--db-seeds", "4"]),
        ("oware", "0,0,0,1,2,0/1,0,0,0,0,1 S 20-23", {}, []),
    ],
)
def test_solve_is_ayla_solve(variant, position, kwargs, flags):
    game = ayla.Game(ayla.Rules.load(variant), position=position)
    ours = game.solve(**kwargs)
    theirs = ayla_solve(variant, "--position", position, *flags)
    assert ours["seconds"] >= 0
    skip = RUN | (SEARCH if "db_seeds" in kwargs else set())
    assert [k for k in ours if k not in skip] == [k for k in theirs if k not in skip]
    for k in theirs:
        if k not in skip:
            assert ours[k] == theirs[k], k
    assert ours["best"] and set(ours["best"]) <= set(game.legal())


def test_solve_after_plies_and_its_refusals():
    game = ayla.Game(ayla.Rules.load("kalah"), position="0,0,1,2,0,1/1,0,0,2,0,0 S 20-21")
    first = game.solve()
    game.play(first["best"][0])
    after = game.solve()
    # The best ply keeps the value: South's final margin is the same.
    assert after["final_margin"] == first["final_margin"]
    assert after["position"] == game.position
    with pytest.raises(ValueError, match="opening lock"):
        ayla.Game(ayla.Rules.load("kpe")).solve()
    with pytest.raises(ValueError, match="max-positions"):
        ayla.Game(ayla.Rules.load("kalah")).solve(max_positions=1000, db_seeds=6)
