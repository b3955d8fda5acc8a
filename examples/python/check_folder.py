"""Every record of a folder checked against its rules, as `ayla check` does.

    python examples/python/check_folder.py FOLDER [--rules RULES]

Checks each `.rec` file under FOLDER (and its subfolders) and prints one
line a game: the file, the verdict, the plies and, for a record that
breaks the rules, the first error with its line, column and ply. With
pandas installed the verdicts are also tabulated by status. Exit code 1
if any record is not ok, as `ayla check` gives.
"""

import argparse
import collections
import pathlib
import sys

import ayla


def check_folder(folder, rules=None):
    """The verdicts of every record under `folder`, file by file."""
    verdicts = []
    for path in sorted(pathlib.Path(folder).rglob("*.rec")):
        verdicts.extend(ayla.check(str(path), rules=rules))
    return verdicts


def describe(v):
    if not v["errors"]:
        return f"{v['plies']} plies, {v['result'] or 'unfinished'}"
    e = v["errors"][0]
    where = ":".join(str(x) for x in (e["line"], e["column"]) if x is not None)
    ply = f" ply {e['ply']}" if e["ply"] is not None else ""
    return f"{where}{ply}: {e['message']}"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder")
    p.add_argument("--rules", help="a bundled id or rule file, for records that name none")
    a = p.parse_args(argv)
    verdicts = check_folder(a.folder, a.rules)
    if not verdicts:
        raise SystemExit(f"no .rec files under {a.folder}")
    for v in verdicts:
        game = f" game {v['game']}" if v["game"] is not None else ""
        print(f"{v['file']}{game}: {v['status']}: {describe(v)}")
    counts = collections.Counter(v["status"] for v in verdicts)
    print(", ".join(f"{n} {status}" for status, n in counts.most_common()))
    try:
        import pandas as pd

        print(pd.DataFrame(verdicts).groupby(["variant", "status"]).size().to_string())
    except ImportError:
        pass
    return 0 if set(counts) <= {"ok"} else 1


if __name__ == "__main__":
    sys.exit(main())
