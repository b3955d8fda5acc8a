#!/usr/bin/env python3
"""Keep docs/peers.md true against a fetched snapshot of Ludii.

Usage:
  peers_map.py SNAPSHOT [--map peers.md]           print the counts (section C form)
  peers_map.py SNAPSHOT [--map peers.md] --check   also exit 1 if section C differs
  peers_map.py SNAPSHOT --skeleton                 print a section B row per game file

SNAPSHOT is a bare git directory (as the fetch tool returns it) or a checked-out Ludii
tree. Only Common/res/lud/board/sow/**.lud is read; nothing is written. Exits 1 when a game
file has no row in section B, a row names a file not in the snapshot, a row is repeated,
or a verdict is not one of fully / partly / not / unjudged.
"""
import argparse, os, re, subprocess, sys
from collections import Counter

SOW = "Common/res/lud/board/sow/"
VERDICTS = ("fully", "partly", "not", "unjudged")


def die(msg):
    print("peers_map: " + msg, file=sys.stderr)
    sys.exit(1)


def snapshot_files(snap):
    """Map 'two_rows/Kalah.lud' -> text reader."""
    if os.path.isdir(os.path.join(snap, SOW)):
        root = os.path.join(snap, SOW)
        out = {}
        for d, _, fs in os.walk(root):
            for f in fs:
                if f.endswith(".lud"):
                    p = os.path.join(d, f)
                    out[os.path.relpath(p, root).replace(os.sep, "/")] = (
                        lambda p=p: open(p, encoding="utf-8").read())
        return out
    try:
        ls = subprocess.run(["git", "--git-dir", snap, "ls-tree", "-r", "-z", "--name-only",
                             "HEAD", SOW], check=True, capture_output=True).stdout.decode()
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        die("cannot list %s in %s: %s" % (SOW, snap, e))
    out = {}
    for p in ls.split("\0"):
        if p.endswith(".lud"):
            out[p[len(SOW):]] = (lambda p=p: subprocess.run(
                ["git", "--git-dir", snap, "show", "HEAD:" + p], check=True,
                capture_output=True).stdout.decode("utf-8", "replace"))
    if not out:
        die("no .lud files under %s in %s" % (SOW, snap))
    return out


def section(text, letter):
    m = re.search(r"^## %s\b.*?$(.*?)(?=^## |\Z)" % letter, text, re.M | re.S)
    if not m:
        die("peers.md has no section '## %s'" % letter)
    return m.group(1)


def read_rows(text):
    rows = {}
    for line in section(text, "B").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] in ("file", "") or set(cells[0]) <= set("-: "):
            continue
        f = cells[0].strip("`")
        verdict = cells[3]
        mechs = [m.strip() for m in cells[4].split(";") if m.strip() and m.strip() != "-"]
        if f in rows:
            die("section B names %s twice" % f)
        if verdict not in VERDICTS:
            die("%s: verdict %r is not one of %s" % (f, verdict, ", ".join(VERDICTS)))
        if verdict in ("partly", "not") and not mechs:
            die("%s: verdict %s names no mechanic" % (f, verdict))
        rows[f] = (verdict, mechs)
    return rows


def counts(rows):
    v = Counter(verdict for verdict, _ in rows.values())
    m = Counter()
    for verdict, mechs in rows.values():
        if verdict in ("partly", "not"):
            m.update(set(mechs))
    out = ["games: %d" % len(rows)]
    out += ["%s: %d" % (k, v[k]) for k in VERDICTS]
    out.append("mechanics (games each blocks):")
    for name, n in sorted(m.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append("%4d  %s" % (n, name))
    return "\n".join(out)


def printed_counts(text):
    m = re.search(r"```text\n(.*?)\n```", section(text, "C"), re.S)
    if not m:
        die("section C has no ```text block of counts")
    return m.group(1).strip()


def skeleton(files):
    for f in sorted(files):
        t = files[f]()
        g = re.search(r'\(game\s+"([^"]+)"', t)
        defs = dict(re.findall(r'\(define\s+"(\w+)"\s+(\d+)\s*\)', t))
        b = re.search(r'\(mancalaBoard\s+("?\w+"?)\s+("?\w+"?)', t)
        dims = "?"
        if b:
            r, c = (defs.get(x.strip('"'), x.strip('"')) for x in b.groups())
            dims = "%s x %s" % (r, c) if r.isdigit() and c.isdigit() else "?"
        if dims == "?":
            dims = {"two_rows": "2 x ?", "three_rows": "3 x ?", "four_rows": "4 x ?"}.get(f.split("/")[0], "?")
        print("| %s | %s | %s | unjudged | - |" % (f, g.group(1) if g else "?", dims))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("snapshot")
    ap.add_argument("--map", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "docs", "peers.md"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--skeleton", action="store_true")
    a = ap.parse_args()
    files = snapshot_files(a.snapshot)
    if a.skeleton:
        skeleton(files)
        return
    text = open(a.map, encoding="utf-8").read()
    rows = read_rows(text)
    missing = sorted(set(files) - set(rows))
    extra = sorted(set(rows) - set(files))
    if missing or extra:
        for f in missing:
            print("no entry in the map: " + f, file=sys.stderr)
        for f in extra:
            print("entry names a file not in the snapshot: " + f, file=sys.stderr)
        die("%d game files without an entry, %d entries without a file" % (len(missing), len(extra)))
    now = counts(rows)
    print(now)
    if a.check and printed_counts(text) != now:
        die("section C of %s differs from the recomputed counts above" % a.map)


if __name__ == "__main__":
    main()
