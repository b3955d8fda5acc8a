"""The engine from Python: its plies, pictures, and playouts played in Rust."""

import json
import subprocess
import xml.dom.minidom
from pathlib import Path

import pytest

import ayla

ROOT = Path(__file__).resolve().parents[2]
AYLA = ROOT / "target" / "release" / "ayla"


def test_the_engine_names_a_legal_ply_and_leaves_the_game_alone():
    g = ayla.Game(ayla.Rules.load("oware"))
    for level in ("random", "0", "1", "depth:2"):
        before = g.position
        ply = g.engine_ply(level, seed=7)
        assert ply in g.legal(), (level, ply)
        assert g.position == before
    # The same seed, the same choice.
    assert g.engine_ply("random", seed=3) == g.engine_ply("random", seed=3)
    with pytest.raises(ValueError):
        g.engine_ply("perfect")
    with pytest.raises(ValueError):
        g.engine_ply("level eleven")


def test_the_engine_takes_a_capture_it_sees():
    # South's f (2 seeds) drops in A and B, making B 3: a capture; a
    # (1 seed) only reaches b (worked out by hand under Oware's rules).
    g = ayla.Game(ayla.Rules.load("oware"), position="1,0,0,0,0,2/5,2,4,4,4,4 S 10-12")
    assert sorted(g.legal()) == ["a", "f"]
    assert g.engine_ply("1") == "f"
    g.play("f")
    assert g.position.endswith("S 13-12") or " 13-12" in g.position


def test_a_game_draws_itself_as_svg_for_jupyter():
    g = ayla.Game(ayla.Rules.load("kpe"))
    svg = g._repr_svg_()
    assert svg == g.svg()
    doc = xml.dom.minidom.parseString(svg)
    assert doc.documentElement.tagName == "svg"


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_the_picture_is_ayla_draws(tmp_path):
    g = ayla.Game(ayla.Rules.load("kpe"))
    g.play("c")
    out = tmp_path / "p.svg"
    subprocess.run(
        [str(AYLA), "draw", "kpe", "--position", g.position, "--output", str(out)], check=True
    )
    assert out.read_text(encoding="utf-8") == g.svg()


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_playouts_are_ayla_bench_s_games():
    p = ayla.random_playouts(ayla.Rules.load("kpe"), min_plies=50_000, seed=5)
    assert p["plies"] >= 50_000
    assert p["south_wins"] + p["north_wins"] + p["draws"] == p["games"] > 0
    assert p["seconds"] > 0
    again = ayla.random_playouts(ayla.Rules.load("kpe"), min_plies=50_000, seed=5)
    assert {k: v for k, v in again.items() if k != "seconds"} == {
        k: v for k, v in p.items() if k != "seconds"
    }
    bench = subprocess.run(
        [str(AYLA), "bench", "kpe", "--plies", "50000", "--seed", "5", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    e = json.loads(bench.stdout)["engine"]
    assert (e["plies"], e["playouts"]) == (p["plies"], p["games"]), e
    assert [e["results"][k] for k in ("south", "north", "draw")] == [
        p["south_wins"],
        p["north_wins"],
        p["draws"],
    ]


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_self_play_games_add_up_to_ayla_stats_figures():
    games = ayla.self_play(ayla.Rules.load("kpe"), games=20, a="1", seed=1)
    assert [g["index"] for g in games] == list(range(20))
    assert [g["a_side"] for g in games[:4]] == ["South", "North", "South", "North"]
    out = subprocess.run(
        [str(AYLA), "stats", "kpe", "--games", "20", "--level", "1", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    f = json.loads(out.stdout)["combinations"][0]["figures"]
    first_wins = sum(g["winner"] == g["first"] for g in games)
    draws = sum(g["winner"] is None for g in games)
    assert (first_wins, draws) == (f["first_wins"], f["draws"])
    ends = {}
    for g in games:
        ends[g["end"]] = ends.get(g["end"], 0) + 1
    assert ends == f["ends"]
    assert sum(g["plies"] for g in games) / 20 == pytest.approx(f["length"]["mean"])
    # The same seed, the same games.
    assert ayla.self_play(ayla.Rules.load("kpe"), games=20, a="1", seed=1) == games


def ayla_stats_json(*args):
    out = subprocess.run(
        [str(AYLA), "stats", *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def same_figures(ours, theirs):
    """Equal key for key, in order; floats as far as `--json` rounds them
    (six significant digits)."""
    if isinstance(theirs, dict):
        assert list(ours) == list(theirs)
        for k in theirs:
            same_figures(ours[k], theirs[k])
    elif isinstance(theirs, list):
        assert len(ours) == len(theirs)
        for x, y in zip(ours, theirs):
            same_figures(x, y)
    elif isinstance(theirs, float):
        assert ours == pytest.approx(theirs, rel=1e-5, abs=1e-12)
    else:
        assert ours == theirs


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
@pytest.mark.parametrize(
    "variant,kwargs,flags",
    [
        # One level on both sides; trades (Goré); levels apart (Oware);
        # whole matches (Ba-awa); a reading other than the default.
        ("kpe", {"games": 30, "a": "1"}, ["--level", "1"]),
        ("gore", {"games": 12, "a": "1", "seed": 3}, ["--level", "1", "--seed", "3"]),
        ("oware", {"games": 12, "a": "1", "b": "2"}, ["--levels", "1,2"]),
        ("ba-awa", {"games": 4, "a": "1"}, ["--level", "1"]),
    ],
)
def test_stats_are_the_figures_of_ayla_stats(variant, kwargs, flags):
    ours = ayla.stats(ayla.Rules.load(variant), **kwargs)
    theirs = ayla_stats_json(variant, "--games", str(kwargs["games"]), *flags)
    combination = theirs["combinations"][0]
    assert ours["variant"] == theirs["variant"] == variant
    assert ours["levels"] == theirs["levels"]
    for key in ("games", "opening", "seed", "max_plies"):
        assert ours[key] == theirs[key]
    assert ours["readings"] == combination["readings"]
    assert ours["figures"]["games"] >= kwargs["games"]
    same_figures(ours["figures"], combination["figures"])
    same_figures(ours["matches"], combination["matches"])
    assert (ours["matches"] is None) == (variant != "ba-awa")


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
def test_stats_under_another_reading():
    rules = ayla.Rules.load("ba-awa", readings={"next-first": "loser"})
    ours = ayla.stats(rules, games=4, a="1")
    theirs = ayla_stats_json("ba-awa", "--games", "4", "--level", "1", "--readings", "next-first=loser")
    assert ours["readings"]["next-first"] == "loser"
    assert ours["readings"] == theirs["combinations"][0]["readings"]
    same_figures(ours["figures"], theirs["combinations"][0]["figures"])


def test_stats_refuses_what_it_cannot_play():
    with pytest.raises(ValueError):
        ayla.stats(ayla.Rules.load("kpe"), games=2, a="perfect")
    with pytest.raises(ValueError, match="level"):
        ayla.stats(ayla.Rules.load("kpe"), games=2, a="fast")


def test_self_play_refuses_what_it_cannot_play():
    with pytest.raises(ValueError):
        ayla.self_play(ayla.Rules.load("kpe"), games=2, a="perfect")
    with pytest.raises(ValueError):
        ayla.self_play(ayla.Rules.load("kpe"), games=2, max_plies=0)


def test_self_play_frame_needs_pandas_or_says_so():
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            ayla.self_play_frame(ayla.Rules.load("kpe"), games=2, a="random")
        return
    df = ayla.self_play_frame(ayla.Rules.load("kpe"), games=4, a="random")
    assert len(df) == 4 and {"south_total", "north_total", "winner"} <= set(df.columns)
