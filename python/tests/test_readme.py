"""The README's Python section runs as written."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python_blocks(path):
    text = path.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_python_section_runs(capsys):
    blocks = python_blocks(ROOT / "README.md")
    assert blocks, "the README has a Python section"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Kpé" in out and "next-first" in out


def test_the_guide_python_examples_run(capsys):
    for code in python_blocks(ROOT / "docs" / "python.md"):
        exec(compile(code, "docs/python.md", "exec"), {})
