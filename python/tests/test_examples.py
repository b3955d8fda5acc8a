"""The example scripts of examples/python run, and say what they should."""

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def example(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / "python" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compare_readings_gives_each_alternative_its_figures(capsys, tmp_path):
    compare = example("compare_readings")
    rows = compare.compare("kalah", "empty-capture", games=6, level="1")
    assert [alt for alt, _ in rows] == ["empty-capture", "no-empty-capture"]
    for alt, s in rows:
        assert s["readings"]["empty-capture"] == alt
        assert s["figures"]["games"] == 6
    plot = tmp_path / "scores.png"
    compare.main(["kalah", "empty-capture", "--games", "4", "--level", "1", "--plot", str(plot)])
    out = capsys.readouterr()
    assert "no-empty-capture" in out.out
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        assert "matplotlib is not installed" in out.err and not plot.exists()
    else:
        assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with pytest.raises(SystemExit, match="exists"):
            compare.main(["kalah", "empty-capture", "--games", "2", "--plot", str(plot)])


def test_compare_readings_names_a_reading_that_is_not_there():
    with pytest.raises(SystemExit, match="no reading 'nope'.*empty-capture"):
        example("compare_readings").compare("kalah", "nope", games=2, level="1")


def test_check_folder_reports_every_record_and_fails_on_a_bad_one(capsys):
    check = example("check_folder")
    assert check.main([str(ROOT / "tests" / "golden" / "kpe")]) == 0
    out = capsys.readouterr().out
    assert out.count(": ok: ") == len(list((ROOT / "tests" / "golden" / "kpe").glob("*.rec")))
    assert check.main([str(ROOT / "tests" / "bad_records")]) == 1
    assert ": illegal: " in capsys.readouterr().out
