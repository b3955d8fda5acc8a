"""Loading rules from Python: bundled games, rule files, readings, errors."""

import subprocess
import textwrap
from pathlib import Path

import pytest

import ayla

ROOT = Path(__file__).resolve().parents[2]


def test_every_bundled_game_loads_and_names_itself():
    ids = ayla.bundled()
    assert "kpe" in ids and "gore" in ids
    for i in ids:
        r = ayla.Rules.load(i)
        assert r.id == i
        assert r.name


def test_show_is_the_text_of_ayla_rules_show():
    # The snapshot the Rust suite holds `ayla rules show kpe` to.
    want = (ROOT / "tests" / "snapshots" / "rules-show-kpe.txt").read_text(encoding="utf-8")
    assert ayla.Rules.load("kpe").show() == want


def test_readings_list_their_alternatives_and_a_choice_changes_the_rules():
    r = ayla.Rules.load("ba-awa")
    by_name = {x["name"]: x for x in r.readings()}
    nf = by_name["next-first"]
    assert nf["default"] == "winner" and nf["chosen"] == "winner"
    assert nf["alternatives"]["loser"] == {"match.next_first": '"loser"'}
    other = ayla.Rules.load("ba-awa", readings={"next-first": "loser"})
    assert {x["name"]: x["chosen"] for x in other.readings()}["next-first"] == "loser"
    assert "next-first=loser" in repr(other)


def test_a_rule_file_by_path_and_relative_to_a_base(tmp_path):
    (tmp_path / "mine.toml").write_text('extends = "kpe"\n[variant]\nid = "mine"\nname = "Mine"\n')
    assert ayla.Rules.load(str(tmp_path / "mine.toml")).id == "mine"
    assert ayla.Rules.load("mine.toml", base=str(tmp_path)).name == "Mine"


def test_a_wrong_rule_file_raises_every_problem_with_its_place(tmp_path):
    text = textwrap.dedent(
        """\
        extends = "kpe"
        [variant]
        id = "bad"
        name = "Bad"
        [sowing]
        direction = "sideways"
        [board]
        seeds_per_pit = -1
        """
    )
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(ayla.RulesError) as e:
        ayla.Rules.load(str(path))
    problems = e.value.problems
    assert [(p["line"], p["key"]) for p in problems] == [
        (6, "sowing.direction"),
        (8, "board.seeds_per_pit"),
    ], problems
    assert all(p["file"] == str(path) and p["column"] >= 1 for p in problems)
    # The same report as `ayla rules validate`, less its summary line.
    ayla_bin = ROOT / "target" / "release" / "ayla"
    if ayla_bin.exists():
        out = subprocess.run(
            [str(ayla_bin), "rules", "validate", str(path)], capture_output=True, text=True
        )
        assert out.returncode == 1
        for line in str(e.value).splitlines():
            assert line in out.stderr + out.stdout


def test_an_unknown_name_suggests_the_nearest_bundled_one():
    with pytest.raises(ayla.RulesError) as e:
        ayla.Rules.load("kpee")
    assert "did you mean `kpe`?" in str(e.value)
    assert e.value.problems == []


def test_rules_from_text_name_the_file_given():
    with pytest.raises(ayla.RulesError) as e:
        ayla.Rules.parse("[board]\npits_per_row = 0\n", file="inline.toml")
    assert all(p["file"] == "inline.toml" for p in e.value.problems)
    assert e.value.problems
