"""Random playouts driven from Python against `ayla bench`, on the same games.

    python examples/python/playout_speed.py [variant ...]

Each variant: five rounds, alternating one call of ayla.random_playouts
(10,000,000 plies, played in Rust) with one `ayla bench --rounds 1` of the
same plies and seed; the best round of each, as plies a second. Run from
the project root after `cargo build --release` (or set AYLA to the
binary), in the virtual environment the package is installed in.
"""

import json
import os
import subprocess
import sys

import ayla

AYLA = os.environ.get("AYLA", "target/release/ayla")


def best_rates(variant, rounds=5, plies=10_000_000):
    rules = ayla.Rules.load(variant)
    ayla.random_playouts(rules, 20_000, 1)  # warm-up, as bench does
    py = rs = 0.0
    for _ in range(rounds):
        p = ayla.random_playouts(rules, plies, 1)
        py = max(py, p["plies"] / p["seconds"])
        out = subprocess.run(
            [AYLA, "bench", variant, "--json", "--rounds", "1", "--plies", str(plies)],
            capture_output=True,
            text=True,
            check=True,
        )
        rs = max(rs, json.loads(out.stdout)["engine"]["plies_per_sec"])
    return py, rs


def main(variants):
    for v in variants:
        py, rs = best_rates(v)
        print(f"{v}: Python {py / 1e6:.2f} Mplies/s, ayla bench {rs / 1e6:.2f} Mplies/s, {py / rs:.0%}")


if __name__ == "__main__":
    main(sys.argv[1:] or ["kpe", "oware", "toguz-kumalak", "bay-khom", "owela"])
