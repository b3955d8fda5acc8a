"""Two readings of a game's open point, compared over self-play games.

    python examples/python/compare_readings.py [VARIANT READING] [--games N]
        [--level L] [--plot FILE.png]

Plays N games (default 500) under each alternative of the reading, with
the engine at level L on both sides (default 2), and prints for each the
first player's score with its 95% interval, the draws and the median
length. With matplotlib installed and --plot given, it also draws the
scores with their intervals into that file (an existing file is not
replaced). Default: Kalah, whose open point is the capture from an empty
opposite pit.
"""

import argparse
import os
import sys

import ayla


def compare(variant, reading, games, level):
    """One row per alternative: the alternative and its `ayla.stats` dict."""
    points = {r["name"]: r for r in ayla.Rules.load(variant).readings()}
    if reading not in points:
        raise SystemExit(f"{variant} has no reading {reading!r}; its readings: {', '.join(points) or 'none'}")
    rows = []
    for alt in sorted(points[reading]["alternatives"]):
        rules = ayla.Rules.load(variant, readings={reading: alt})
        rows.append((alt, ayla.stats(rules, games=games, a=level, seed=1)))
    return rows


def print_table(rows):
    print(f"{'alternative':24} {'first player scores':>28} {'draws':>6} {'median plies':>13}")
    for alt, s in rows:
        f = s["figures"]
        score = f["first_score"]
        interval = f"{score['mean']:.3f} ({score['low']:.3f}-{score['high']:.3f})"
        print(f"{alt:24} {interval:>28} {f['draws']:>6} {f['length']['median']:>13.0f}")


def plot(rows, variant, reading, path):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no plot: matplotlib is not installed (pip install matplotlib)", file=sys.stderr)
        return
    if os.path.exists(path):
        raise SystemExit(f"{path} exists; give a new file for the plot")
    names = [alt for alt, _ in rows]
    means = [s["figures"]["first_score"]["mean"] for _, s in rows]
    lows = [m - s["figures"]["first_score"]["low"] for m, (_, s) in zip(means, rows)]
    highs = [s["figures"]["first_score"]["high"] - m for m, (_, s) in zip(means, rows)]
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.errorbar(names, means, yerr=[lows, highs], fmt="o", capsize=6)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel("first player's score")
    ax.set_title(f"{variant}: {reading}, {rows[0][1]['games']} games each")
    fig.tight_layout()
    fig.savefig(path)
    print(f"plot: {path}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant", nargs="?", default="kalah")
    p.add_argument("reading", nargs="?", default="empty-capture")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--level", default="2")
    p.add_argument("--plot", metavar="FILE")
    a = p.parse_args(argv)
    rows = compare(a.variant, a.reading, a.games, a.level)
    print_table(rows)
    if a.plot:
        plot(rows, a.variant, a.reading, a.plot)


if __name__ == "__main__":
    main()
