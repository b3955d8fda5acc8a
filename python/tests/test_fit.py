"""ayla.fit says what `ayla fit` says."""

import pathlib
import subprocess

import pytest

import ayla

ROOT = pathlib.Path(__file__).resolve().parents[2]
AYLA = ROOT / "target" / "release" / "ayla"
FIT = sorted(str(p) for p in (ROOT / "tests" / "fit").glob("*.rec"))


def ayla_fit(*args):
    return subprocess.run([str(AYLA), "fit", *args], capture_output=True, text=True, cwd=ROOT).stdout


def relative(paths):
    return [str(pathlib.Path(p).relative_to(ROOT)) for p in paths]


@pytest.mark.skipif(not AYLA.exists(), reason="needs target/release/ayla (cargo build --release)")
@pytest.mark.parametrize(
    "files",
    [
        relative(FIT),
        # An unusable file among good ones, and a match.
        ["tests/fit/skip-origin.rec", "tests/nope.rec", "tests/golden/ba-awa/12-match-uniform-capturer-seed1.rec"],
    ],
)
def test_fit_gives_what_ayla_fit_prints(files, monkeypatch):
    monkeypatch.chdir(ROOT)
    ours = ayla.fit(files)
    text = ayla_fit(*files)
    # The lines `ayla fit` prints for each group: its combinations, then
    # for a group ruled out the game that rules it out.
    printed = [l for l in text.splitlines() if l.startswith("  ") and "(default " not in l]
    ours_lines = []
    for v in ours["variants"]:
        assert v["error"] is None
        assert f'{v["variant"]}: {len(v["files"])} game' in text
        for g in v["groups"]:
            ours_lines += ["  " + d for d in g["described"]]
            if not g["fits"]:
                ours_lines.append("    by " + g["why"])
            assert (g["why"] is None) == g["fits"]
            for c in g["combinations"]:
                assert list(c) == v["readings"]
    assert ours_lines == printed
    assert [u["file"] for u in ours["unusable"]] == [
        l.removesuffix(": not fitted") for l in text.splitlines() if l.endswith(": not fitted")
    ]


def test_fit_takes_one_path_and_other_rules(monkeypatch):
    monkeypatch.chdir(ROOT)
    one = ayla.fit("tests/fit/skip-origin.rec")
    assert len(one["variants"]) == 1 and one["unusable"] == []
    v = one["variants"][0]
    assert any(g["fits"] for g in v["groups"]) and v["files"] == ["tests/fit/skip-origin.rec"]
    # Under Kalah's rules a game of Kpé is ruled out whatever the reading.
    other = ayla.fit(pathlib.Path("tests/golden/kpe/01-capturer-seed2.rec"), rules="kalah")
    assert not any(g["fits"] for g in other["variants"][0]["groups"])
    missing = ayla.fit(["tests/nope.rec"])
    assert missing["variants"] == [] and "cannot read" in missing["unusable"][0]["errors"][0]
