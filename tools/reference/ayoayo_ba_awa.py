#!/usr/bin/env python3
"""ayoayo_ba_awa.py -- an independent reference implementation of Ayoayo and
Ba-awa, two 2x6 relay-sowing games, for cross-checking the Rust engine.

Companion of gore_kpe.py and oware_kalah.py; it imports nothing from them and
nothing from the project.  Written from the rules as stated in its brief
(the project's record and position notation on a 2x6 board), without
reading or running the Rust engine.  Python 3 standard library only.  Plain
over fast.

Commands (run from the repository root):
    python3 tools/reference/ayoayo_ba_awa.py selftest
    python3 tools/reference/ayoayo_ba_awa.py perft <variant> <d> [--position P] [--divide]
    python3 tools/reference/ayoayo_ba_awa.py play <variant> <ply>... [--position P]
    python3 tools/reference/ayoayo_ba_awa.py match-golden
        (writes tests/golden/ba-awa/12-*.rec and 13-*.rec: whole Ba-awa matches)
    python3 tools/reference/ayoayo_ba_awa.py golden
        (also runs match-golden; rewrites tests/golden/{ayoayo,ba-awa}/*.rec, tests/perft/{ayoayo,
         ayoayo-seed-stays,ba-awa}.perft and this script's section of
         tests/golden/README.md)

Variants:
    ayoayo              Ayoayo, reading capturing-seed=taken (default)
    ayoayo-seed-stays   Ayoayo, reading capturing-seed=stays
    ba-awa              Ba-awa
"""

import argparse
import os
import random
import re
import sys
import time
from collections import Counter

# ---------------------------------------------------------------------------
# Board basics
# ---------------------------------------------------------------------------

# Pit index 0..11 in counter-clockwise order: South's row a..f, then North's
# row A..F.  The pit opposite index i is 11 - i (a faces F, f faces A).
LABELS = "abcdefABCDEF"
PITS = 12
ROW = 6
S, N = 0, 1
SIDE = "SN"
TOTAL_SEEDS = 48
VARIANTS = ("ayoayo", "ayoayo-seed-stays", "ba-awa")
REPETITION_LIMIT = 3      # the third occurrence of a whole state ends the game
RELAY_CAP = 10000         # at most this many relays (laps after the first) per sowing
SEEDS_LEFT_LIMIT = 8      # Ba-awa: 8 seeds or fewer on the board ends the game
BIG_LAP = 12              # a lap of this many seeds or more comes round to its origin
PASS = "pass"

# Termination codes
CANNOT_FEED = "cannot-feed"
NO_SOWING = "no-sowing"
REPETITION = "repetition"
SEEDS_LEFT = "seeds-left"


def other(side):
    return 1 - side


def row(side):
    return list(range(0, 6)) if side == S else list(range(6, 12))


def owner(p):
    return S if p < 6 else N


def opposite(p):
    return PITS - 1 - p


def label(p):
    return LABELS[p]


def pit_of(lbl):
    if len(lbl) != 1 or lbl not in LABELS:
        raise ValueError("no pit labelled %r" % lbl)
    return LABELS.index(lbl)


def seeds_text(n):
    return "%d seed%s" % (n, "" if n == 1 else "s")


def labels_text(pits):
    return " ".join(label(p) for p in pits)


def side_name(side):
    return "South" if side == S else "North"


def is_ayoayo(variant):
    return variant in ("ayoayo", "ayoayo-seed-stays")


def record_variant(variant):
    """The Variant tag of a record, and its Readings tag value or None."""
    if variant == "ayoayo-seed-stays":
        return "ayoayo", "capturing-seed=stays"
    return variant, None


class PositionError(ValueError):
    pass


class IllegalPly(ValueError):
    pass


# ---------------------------------------------------------------------------
# State and position notation
# ---------------------------------------------------------------------------

class State:
    """seeds: 12 counts (pits a..f, A..F); to_act: S or N;
    captured: [South, North]."""

    __slots__ = ("variant", "seeds", "to_act", "captured")

    def __init__(self, variant, seeds, to_act, captured):
        self.variant = variant
        self.seeds = list(seeds)
        self.to_act = to_act
        self.captured = list(captured)

    def copy(self):
        return State(self.variant, self.seeds, self.to_act, self.captured)

    def __str__(self):
        return position_string(self)


def initial_state(variant):
    if variant not in VARIANTS:
        raise ValueError("unknown variant %r" % variant)
    return State(variant, [4] * PITS, S, [0, 0])


def position_string(st):
    """Canonical position string; also the repetition key (whole state)."""
    return "%s/%s %s %d-%d" % (",".join(str(x) for x in st.seeds[0:6]),
                               ",".join(str(x) for x in st.seeds[6:12]),
                               SIDE[st.to_act], st.captured[S], st.captured[N])


def parse_position(variant, text):
    if variant not in VARIANTS:
        raise PositionError("unknown variant %r" % variant)
    parts = text.split(" ")
    if len(parts) != 3 or any(p == "" for p in parts):
        raise PositionError("expected 'seeds side captured' separated by single spaces "
                            "(no optional fields in %s)" % variant)
    rows = parts[0].split("/")
    if len(rows) != 2:
        raise PositionError("seeds field needs exactly one '/'")
    seeds = []
    for r in rows:
        cells = r.split(",")
        if len(cells) != ROW:
            raise PositionError("each row has 6 pits")
        for c in cells:
            if not c.isdigit() or (len(c) > 1 and c[0] == "0"):
                raise PositionError("bad seed count %r" % c)
            seeds.append(int(c))
    if parts[1] not in ("S", "N"):
        raise PositionError("side to act must be S or N")
    caps = parts[2].split("-")
    if len(caps) != 2 or not all(c.isdigit() and (len(c) == 1 or c[0] != "0") for c in caps):
        raise PositionError("captured field must be S-N")
    captured = [int(caps[0]), int(caps[1])]
    if sum(seeds) + sum(captured) != TOTAL_SEEDS:
        raise PositionError("seeds on board and captured add up to %d, not %d"
                            % (sum(seeds) + sum(captured), TOTAL_SEEDS))
    return State(variant, seeds, SIDE.index(parts[1]), captured)


# ---------------------------------------------------------------------------
# Relay sowing
# ---------------------------------------------------------------------------

def relay_sow(variant, seeds, captured, origin, me):
    """Play out the relay sowing that `me` starts from pit `origin`, in place
    on the lists `seeds` and `captured`.

    A lap lifts every seed of its origin and drops one in each following
    pit counter-clockwise.  Ayoayo: a lap of 12 or more seeds skips its own
    origin each time it comes round.  Ba-awa: no skipping; a dropped seed
    that brings a pit to exactly 4 captures those 4 -- for the owner of that
    pit's row if it is not the lap's last seed (the lap goes on), for the
    mover if it is the last seed (the sowing ends).  When a lap's last seed
    falls in a pit that now holds 1 the sowing ends; otherwise that pit is
    lifted and becomes the origin of a new lap (a relay) -- unless
    RELAY_CAP relays have been made already, when the sowing just ends.

    Returns (laps, captures, how):
      laps: [(origin, seeds sown, landing pit)] per lap;
      captures (Ba-awa): [(pit, taker, is_last_seed, lap index)];
      how: "empty" (last seed in an empty pit), "four" (Ba-awa, last seed
           made 4), or "cap" (relay cap reached, landing pit occupied).
    """
    skip = variant != "ba-awa"
    four = variant == "ba-awa"
    laps = []
    caps = []
    relays = 0
    while True:
        n = seeds[origin]
        seeds[origin] = 0
        big = n >= BIG_LAP
        p = origin
        k = n
        while k:
            p += 1
            if p == PITS:
                p = 0
            if skip and big and p == origin:
                continue                      # Ayoayo: a big lap skips its origin
            seeds[p] += 1
            k -= 1
            if four and seeds[p] == 4:
                seeds[p] = 0
                if k:                         # not the lap's last seed
                    taker = owner(p)
                    captured[taker] += 4
                    caps.append((p, taker, False, len(laps)))
                else:                         # the last seed: the mover, and stop
                    captured[me] += 4
                    caps.append((p, me, True, len(laps)))
                    laps.append((origin, n, p))
                    return laps, caps, "four"
        laps.append((origin, n, p))
        if seeds[p] == 1:
            return laps, caps, "empty"
        if relays == RELAY_CAP:
            return laps, caps, "cap"
        relays += 1
        origin = p


# ---------------------------------------------------------------------------
# Applying a ply
# ---------------------------------------------------------------------------

def apply_ply(st, ply):
    """Return (new_state, info).  The ply must be legal in st (not checked
    here: see Game.play)."""
    me = st.to_act
    new = st.copy()
    new.to_act = other(me)
    info = {"ply": ply, "side": me, "pass": ply == PASS, "laps": [], "sow_captures": [],
            "sow_end": None, "capture": None, "empty_facing_empty": False, "sown": 0,
            "landing": None}
    if ply == PASS:
        return new, info
    origin = pit_of(ply)
    info["origin"] = origin
    info["sown"] = st.seeds[origin]
    laps, caps, how = relay_sow(st.variant, new.seeds, new.captured, origin, me)
    info["laps"] = laps
    info["sow_captures"] = caps
    info["sow_end"] = how
    landing = laps[-1][2]
    info["landing"] = landing
    if is_ayoayo(st.variant) and owner(landing) == me and new.seeds[landing] == 1:
        # The sowing ended in a pit of the mover's row that holds exactly
        # the one seed just dropped (after a relay cap it may hold more:
        # then nothing happens).
        opp = opposite(landing)
        if new.seeds[opp] > 0:
            c = new.seeds[opp]
            new.seeds[opp] = 0
            gained = c
            if st.variant == "ayoayo":          # capturing-seed=taken
                new.seeds[landing] = 0
                gained += 1
            new.captured[me] += gained
            info["capture"] = (landing, opp, c, gained)
        else:
            info["empty_facing_empty"] = True
    return new, info


def sowable(st):
    return [p for p in row(st.to_act) if st.seeds[p] > 0]


def row_empty(st, side):
    return not any(st.seeds[p] for p in row(side))


def feeds(st, p):
    """Ayoayo: after the whole sowing from p (every relay lap and the
    capture), does the opponent's row hold a seed?"""
    new, _ = apply_ply(st, label(p))
    return not row_empty(new, other(st.to_act))


def legal_plies(st):
    """Legal plies of a state that is not finished, as labels."""
    sow = sowable(st)
    if st.variant == "ba-awa":
        return [label(p) for p in sow] if sow else [PASS]
    if row_empty(st, other(st.to_act)):
        sow = [p for p in sow if feeds(st, p)]
        # (if this is empty the state is finished: cannot-feed, see end_reason)
    return [label(p) for p in sow]


def gain(st, ply):
    """What the ply adds to the mover's captured total, less what it gives
    the opponent (Ba-awa mid-lap captures may go to the opponent)."""
    new, _ = apply_ply(st, ply)
    me = st.to_act
    return (new.captured[me] - st.captured[me]) - (new.captured[other(me)] - st.captured[other(me)])


# ---------------------------------------------------------------------------
# End of game
# ---------------------------------------------------------------------------

def end_reason(st, occurrences):
    """Termination of a state reached with `occurrences` occurrences of its
    position string so far (the start counts as one), or None.
    Ayoayo precedence: cannot-feed, no-sowing, repetition.
    Ba-awa: seeds-left, repetition."""
    if is_ayoayo(st.variant):
        if row_empty(st, other(st.to_act)) and not legal_plies(st):
            return CANNOT_FEED
        if not sowable(st):
            return NO_SOWING
    else:
        if sum(st.seeds) <= SEEDS_LEFT_LIMIT:
            return SEEDS_LEFT
    if occurrences >= REPETITION_LIMIT:
        return REPETITION
    return None


def final_totals(st, termination):
    """Captured plus the seeds left on the board: all to the player to act
    after cannot-feed, all to South after seeds-left, else each to the
    owner of the row it lies in."""
    tot = list(st.captured)
    if termination == CANNOT_FEED:
        tot[st.to_act] += sum(st.seeds)
    elif termination == SEEDS_LEFT:
        tot[S] += sum(st.seeds)
    else:
        tot[S] += sum(st.seeds[p] for p in row(S))
        tot[N] += sum(st.seeds[p] for p in row(N))
    return tot


class Game:
    def __init__(self, variant, start=None):
        self.variant = variant
        self.start = start.copy() if start is not None else initial_state(variant)
        self.state = self.start.copy()
        self.counts = Counter()
        self.counts[position_string(self.state)] = 1
        self.termination = end_reason(self.state, 1)
        self.history = []        # (ply, info, before, after)

    def legal(self):
        return [] if self.termination else legal_plies(self.state)

    def play(self, ply):
        if self.termination:
            raise IllegalPly("the game is over (%s)" % self.termination)
        before = self.state
        legal = legal_plies(before)
        if ply not in legal:
            raise IllegalPly("%s is not legal in %s (legal: %s)"
                             % (ply, position_string(before), " ".join(legal)))
        after, info = apply_ply(before, ply)
        info["feeding_forced"] = (is_ayoayo(self.variant)
                                  and row_empty(before, other(before.to_act))
                                  and len(legal) < len(sowable(before)))
        key = position_string(after)
        self.counts[key] += 1
        info["occurrence"] = self.counts[key]
        self.termination = end_reason(after, self.counts[key])
        self.state = after
        self.history.append((ply, info, before, after))
        return info

    def totals(self):
        return final_totals(self.state, self.termination)

    def winner(self):
        t = self.totals()
        if t[S] == t[N]:
            return None
        return S if t[S] > t[N] else N


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(variant, depth, start=None):
    """Number of distinct ply sequences of exactly `depth` plies (a pass is
    a ply).  A finished game has none; the repetition history starts at the
    start position (its first occurrence)."""
    st = start if start is not None else initial_state(variant)
    if depth == 0:
        return 1
    if end_reason(st, 1):
        return 0
    counts = Counter({position_string(st): 1})
    return _perft(st, counts, depth)


def _perft(st, counts, depth):
    plies = legal_plies(st)
    if depth == 1:
        return len(plies)
    total = 0
    for ply in plies:
        child, _ = apply_ply(st, ply)
        key = position_string(child)
        counts[key] += 1
        if end_reason(child, counts[key]) is None:
            total += _perft(child, counts, depth - 1)
        counts[key] -= 1
    return total


def divide(variant, depth, start=None):
    st = start if start is not None else initial_state(variant)
    out = []
    if end_reason(st, 1):
        return out
    for ply in legal_plies(st):
        child, _ = apply_ply(st, ply)
        counts = Counter({position_string(st): 1})
        counts[position_string(child)] += 1
        if depth == 1:
            n = 1
        elif end_reason(child, counts[position_string(child)]):
            n = 0
        else:
            n = _perft(child, counts, depth - 1)
        out.append((ply, n))
    return out


# ---------------------------------------------------------------------------
# Describing a sowing
# ---------------------------------------------------------------------------

def laps_notation(laps):
    """Compact lap list: '<origin><seeds>><landing>' per lap, e.g.
    'a4>e e5>D' (a lap lifting 4 from a, last seed in e, then 5 lifted
    from e, last seed in D)."""
    return " ".join("%s%d>%s" % (label(o), n, label(l)) for o, n, l in laps)


def sowing_notation(st, ply):
    """One line describing a ply from st: its laps, how it ends, any capture,
    and the position after it.  Used by the hand-derivation checks."""
    new, info = apply_ply(st, ply)
    parts = [ply + ":", laps_notation(info["laps"])]
    if info["sow_end"] == "cap":
        parts.append("cap")
    if info["capture"]:
        landing, opp, c, g = info["capture"]
        parts.append("x%s%d" % (label(opp), c))
    for p, taker, last, lap in info["sow_captures"]:
        parts.append("%s%s4%s" % ("*" if last else "", label(p), SIDE[taker]))
    return " ".join(parts), new


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def _play(variant, pos, plies):
    g = Game(variant, parse_position(variant, pos) if pos else None)
    infos = [g.play(p) for p in plies]
    return g, infos


def _pos(g):
    return position_string(g.state)


def selftest():
    global RELAY_CAP
    # notation
    for v in VARIANTS:
        assert position_string(initial_state(v)) == "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
    for bad in ("4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", "4,4,4,4,4/4,4,4,4,4,4,4 S 0-0",
                "4,4,4,4,4,4/4,4,4,4,4,4 X 0-0", "4,4,4,4,4,04/4,4,4,4,4,4 S 0-0",
                "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 x=1", "4,4,4,4,4,4/4,4,4,4,4,4  S 0-0"):
        try:
            parse_position("ayoayo", bad)
        except PositionError:
            pass
        else:
            raise AssertionError("accepted " + bad)

    # --- Ayoayo ---
    # a single lap ending in an empty pit of the opponent's row: no capture
    g, (i,) = _play("ayoayo", "0,0,0,0,0,2/0,0,3,0,0,0 S 20-23", ["f"])
    assert i["laps"] == [(5, 2, 7)] and _pos(g) == "0,0,0,0,0,0/1,1,3,0,0,0 N 20-23"
    assert i["capture"] is None
    # relay: f(2) -> A, B(1+1=2, relay) -> C, D; D was empty: ends
    g, (i,) = _play("ayoayo", "0,0,0,0,0,2/0,1,0,0,0,0 S 22-23", ["f"])
    assert i["laps"] == [(5, 2, 7), (7, 2, 9)], i["laps"]
    assert _pos(g) == "0,0,0,0,0,0/1,0,1,1,0,0 N 22-23"
    # capture, both readings: South c(1) -> d empty, facing C (3)
    pos = "0,0,1,0,0,0/0,0,3,0,0,0 S 22-22"
    g, (i,) = _play("ayoayo", pos, ["c"])
    assert i["capture"] == (3, 8, 3, 4) and _pos(g) == "0,0,0,0,0,0/0,0,0,0,0,0 N 26-22"
    assert g.termination == CANNOT_FEED and g.totals() == [26, 22]
    g, (i,) = _play("ayoayo-seed-stays", pos, ["c"])
    assert i["capture"] == (3, 8, 3, 3) and _pos(g) == "0,0,0,1,0,0/0,0,0,0,0,0 N 25-22"
    # North to act with an empty row and South holding a seed: no-sowing
    assert g.termination == NO_SOWING and g.totals() == [26, 22]
    # last seed in an empty own pit facing an empty pit: nothing, seed stays
    g, (i,) = _play("ayoayo", "0,0,1,0,0,0/0,3,0,0,0,0 S 22-22", ["c"])
    assert i["capture"] is None and i["empty_facing_empty"]
    assert _pos(g) == "0,0,0,1,0,0/0,3,0,0,0,0 N 22-22"
    # a landing pit in the opponent's row never captures
    g, (i,) = _play("ayoayo", "0,0,0,1,0,0/0,0,0,0,2,4 N 20-21", ["E"])
    assert i["capture"] is None and not i["empty_facing_empty"]
    assert _pos(g) == "1,0,0,1,0,0/0,0,0,0,0,5 S 20-21"
    # 12 seeds: the lap skips its origin a: b..F get one each (F 2), the
    # 12th seed skips a and falls in b (2): relay b2 -> c d (2): d2 -> e f:
    # f2 -> A B: B2 -> C D: D2 -> E F (3): F3 -> a (1, the first origin gets
    # a seed) b (1) c (3): c3 -> d (1) e (3) f (1): f was emptied: ends,
    # facing A (2): South takes 2 + 1
    g, (i,) = _play("ayoayo", "12,0,0,0,0,0/0,0,0,0,0,1 S 20-15", ["a"])
    assert laps_notation(i["laps"]) == "a12>b b2>d d2>f f2>B B2>D D2>F F3>c c3>f"
    assert i["capture"] == (5, 6, 2, 3) and _pos(g) == "1,1,0,1,3,0/0,0,2,0,2,0 N 23-15"
    # a relay lap of 12+ skips its own origin (the lifted pit), not the first
    # lap's: a1 -> b (13): b13 skips b: c..F, a (1), c (2), d (2): relay ...
    # F2 -> a (2) b (1): b was emptied: ends, facing E (2): 2 + 1
    g, (i,) = _play("ayoayo", "1,12,0,0,0,0/0,0,0,0,0,0 S 20-15", ["a"])
    assert laps_notation(i["laps"]) == "a1>b b13>d d2>f f2>B B2>D D2>F F2>b"
    assert _pos(g) == "2,0,2,0,2,0/2,0,2,0,0,0 N 23-15"
    # 13 from e: f..d, (skip e) f, A (2): relay A2 -> B C: C2 -> D E: E2 -> F a:
    # a2 -> b c: c2 -> d e (1): ends in the emptied origin e, facing B (2)
    g, (i,) = _play("ayoayo", "0,0,0,0,13,0/0,0,0,0,0,0 S 20-15", ["e"])
    assert laps_notation(i["laps"]) == "e13>A A2>C C2>E E2>a a2>c c2>e"
    assert _pos(g) == "0,2,0,2,0,2/0,0,0,2,0,2 N 23-15"
    # under stays the capturing seed stays in e
    g, (i,) = _play("ayoayo-seed-stays", "0,0,0,0,13,0/0,0,0,0,0,0 S 20-15", ["e"])
    assert _pos(g) == "0,2,0,2,1,2/0,0,0,2,0,2 N 22-15"
    # feeding judged on the whole sowing: North's row is empty
    st = parse_position("ayoayo", "0,0,0,0,1,2/0,0,0,0,0,0 S 22-23")
    # e(1) -> f (3): relay f 3 -> A B C (C empty: ends).  f(2) -> A B: ends in B.
    assert legal_plies(st) == ["e", "f"]
    st = parse_position("ayoayo", "0,0,0,0,1,0/0,0,0,0,0,0 S 24-23")
    # e(1) -> f, empty, faces A (empty): North's row stays empty: cannot feed
    g = Game("ayoayo", st)
    assert g.termination == CANNOT_FEED and g.totals() == [25, 23]
    # mover with nothing to sow and an empty opponent row: cannot-feed
    g = Game("ayoayo", parse_position("ayoayo", "0,0,0,0,0,0/0,0,0,0,0,0 S 24-24"))
    assert g.termination == CANNOT_FEED and g.totals() == [24, 24]
    g = Game("ayoayo", parse_position("ayoayo", "0,0,0,0,0,0/0,0,1,0,0,0 S 24-23"))
    assert g.termination == NO_SOWING and g.totals() == [24, 24]
    # the relay cap: with the cap lowered to 1 relay, a sowing that would
    # relay twice stops in the occupied landing pit of its first relay lap,
    # which holds more than 1: no capture
    saved = RELAY_CAP
    try:
        RELAY_CAP = 1
        st = parse_position("ayoayo", "1,1,0,1,0,0/0,0,0,0,0,3 S 20-22")
        new, i = apply_ply(st, "a")
        # a(1) -> b (2): relay 1: b 2 -> c, d (2): cap reached, ends in d
        assert i["laps"] == [(0, 1, 1), (1, 2, 3)] and i["sow_end"] == "cap"
        assert position_string(new) == "0,0,1,2,0,0/0,0,0,0,0,3 N 20-22" and i["capture"] is None
        RELAY_CAP = 0
        new, i = apply_ply(st, "a")
        assert i["laps"] == [(0, 1, 1)] and i["sow_end"] == "cap"
        assert position_string(new) == "0,2,0,1,0,0/0,0,0,0,0,3 N 20-22"
    finally:
        RELAY_CAP = saved
    new, i = apply_ply(st, "a")
    assert i["laps"] == [(0, 1, 1), (1, 2, 3), (3, 2, 5)] and i["sow_end"] == "empty"
    # e: 1, f: 1 -> ends in f (empty before), facing A (0): no capture
    assert i["empty_facing_empty"]
    # repetition: a capture-free ring of 6 plies returns to the start position:
    # C -> D. e -> f (2): f2 -> A B. E -> F (2): F2 -> a b. a -> b (2): b2 ->
    # c d (facing C, empty). A -> B (2): B2 -> C D (2): D2 -> E F. c -> d (2):
    # d2 -> e f (facing A, empty).
    st = parse_position("ayoayo", "0,0,0,0,1,1/0,0,1,0,1,1 N 20-23")
    g = Game("ayoayo", st)
    ring = ["C", "e", "E", "a", "A", "c"]
    for p in ring:
        g.play(p)
    assert g.termination is None and _pos(g) == position_string(st)
    assert position_string(g.history[1][3]) == "0,0,0,0,0,0/1,1,0,1,1,1 N 20-23"
    for p in ring:
        g.play(p)
    assert g.termination == REPETITION and g.totals() == [22, 26]
    assert perft("ayoayo", 12, st) > 0 and divide("ayoayo", 1, st) == [("C", 1), ("E", 1), ("F", 1)]

    # --- Ba-awa ---  (single sowings checked with apply_ply: these small
    # positions would end the game at once by seeds-left)
    def sow1(pos, ply):
        st = parse_position("ba-awa", pos)
        assert ply in legal_plies(st)
        new, i = apply_ply(st, ply)
        return position_string(new), i
    # mid-lap capture for the owner of the pit's row (here the opponent)
    pos, i = sow1("0,0,0,0,0,2/3,0,0,0,0,0 S 20-23", "f")
    # f(2) -> A: 3 -> 4 (not last): North captures 4, then B (1): ends
    assert i["sow_captures"] == [(6, N, False, 0)] and pos == "0,0,0,0,0,0/0,1,0,0,0,0 N 20-27"
    g = Game("ba-awa", parse_position("ba-awa", "0,0,0,0,0,2/3,0,0,0,0,0 S 20-23"))
    assert g.termination == SEEDS_LEFT and g.totals() == [25, 23]
    # mid-lap capture in the mover's own row
    pos, i = sow1("3,0,0,0,3,0/0,0,0,0,1,3 N 10-28", "F")
    # F(3) -> a (4: captured by South, owner of a), b (1), c (1): ends
    assert i["sow_captures"] == [(0, S, False, 0)] and pos == "0,1,1,0,3,0/0,0,0,0,1,0 S 14-28"
    pos, i = sow1("1,0,0,0,3,0/0,0,0,0,1,3 N 12-28", "F")
    # F(3) -> a 2, b 1, c 1: ends in c, nothing captured
    assert i["sow_captures"] == [] and pos == "2,1,1,0,3,0/0,0,0,0,1,0 S 12-28"
    # two mid-lap captures in a relay lap
    pos, i = sow1("0,0,2,3,3,0/0,0,0,0,1,3 N 8-28", "F")
    # F(3) -> a 1, b 1, c 3: relay c 3 -> d 4 (mid: South), e 4 (mid: South), f 1: ends
    assert i["sow_captures"] == [(3, S, False, 1), (4, S, False, 1)], i
    assert pos == "1,1,0,0,0,1/0,0,0,0,1,0 S 16-28"
    # last seed making 4: the mover captures, the sowing ends
    pos, i = sow1("0,0,0,0,2,0/3,0,0,0,2,3 S 12-26", "e")
    # e(2) -> f 1, A 4 (last): South captures, ends
    assert i["sow_captures"] == [(6, S, True, 0)] and i["sow_end"] == "four"
    assert pos == "0,0,0,0,0,1/0,0,0,0,2,3 N 16-26"
    # the last seed of a relay lap making 4 ends the sowing too
    pos, i = sow1("1,0,0,3,0,0/0,0,0,0,2,1 N 20-21", "F")
    # F(1) -> a (2): relay a2 -> b 1, c 1: ends.
    assert laps_notation(i["laps"]) == "F1>a a2>c" and pos == "0,1,1,3,0,0/0,0,0,0,2,0 S 20-21"
    pos, i = sow1("1,0,3,0,0,0/0,0,0,0,2,1 N 20-21", "F")
    # F(1) -> a (2): relay a2 -> b 1, c 4 (last seed of the relay lap): North captures
    assert laps_notation(i["laps"]) == "F1>a a2>c" and i["sow_captures"] == [(2, N, True, 1)]
    assert pos == "0,1,0,0,0,0/0,0,0,0,2,0 S 20-25"
    # a pit already holding 4 is not captured when it gets a 5th seed
    pos, i = sow1("0,0,0,0,0,2/4,0,0,0,0,9 S 8-25", "f")
    assert i["sow_captures"] == [] and pos == "0,0,0,0,0,0/5,1,0,0,0,9 N 8-25"
    # a lap of 12+ is not skipped: it drops in its own emptied origin
    pos, i = sow1("12,0,0,0,0,0/0,0,0,0,0,5 S 20-11", "a")
    # a(12) -> b..F (F 6), then a (1): ends there
    assert i["laps"] == [(0, 12, 0)] and pos == "1,1,1,1,1,1/1,1,1,1,1,6 N 20-11"
    # relay in Ba-awa
    pos, i = sow1("0,0,0,0,0,2/1,0,0,0,0,9 S 20-16", "f")
    assert i["laps"] == [(5, 2, 7)] and pos == "0,0,0,0,0,0/2,1,0,0,0,9 N 20-16"
    pos, i = sow1("0,0,0,0,0,2/0,1,0,0,0,9 S 20-16", "f")
    assert i["laps"] == [(5, 2, 7), (7, 2, 9)] and pos == "0,0,0,0,0,0/1,0,1,1,0,9 N 20-16"
    # the relay cap, Ba-awa: lowered to 1 relay, the sowing stops in d (2)
    saved = RELAY_CAP
    try:
        RELAY_CAP = 1
        pos, i = sow1("1,1,0,1,0,0/0,0,0,0,0,9 S 20-16", "a")
        assert i["laps"] == [(0, 1, 1), (1, 2, 3)] and i["sow_end"] == "cap"
        assert pos == "0,0,1,2,0,0/0,0,0,0,0,9 N 20-16"
    finally:
        RELAY_CAP = saved
    pos, i = sow1("1,1,0,1,0,0/0,0,0,0,0,9 S 20-16", "a")
    assert i["laps"] == [(0, 1, 1), (1, 2, 3), (3, 2, 5)] and i["sow_end"] == "empty"
    # pass: only when the row is empty; then the other side plays
    st = parse_position("ba-awa", "0,0,0,0,0,0/1,1,1,1,1,5 S 20-18")
    assert legal_plies(st) == [PASS]
    g = Game("ba-awa", st)
    g.play(PASS)
    assert _pos(g) == "0,0,0,0,0,0/1,1,1,1,1,5 N 20-18" and g.legal() == list("ABCDEF")
    assert PASS not in legal_plies(initial_state("ba-awa"))
    # seeds-left at the start: South takes the rest
    g = Game("ba-awa", parse_position("ba-awa", "0,0,0,0,0,0/1,1,1,1,1,3 N 20-20"))
    assert g.termination == SEEDS_LEFT and g.totals() == [28, 20]
    # the first ply of the initial position: a(4) -> b c d e (5 each): relay
    new, i = apply_ply(initial_state("ba-awa"), "a")
    assert i["laps"][:2] == [(0, 4, 4), (4, 5, 9)]

    # perft(1..3) of the hand derivations (tests/perft/*.perft)
    for v in VARIANTS:
        hand_check(v)

    # random games: conservation, round trips, a finished game's totals
    for v in VARIANTS:
        for seed in range(30):
            rng = random.Random(seed)
            g = Game(v)
            while not g.termination and len(g.history) < 1000:
                g.play(rng.choice(g.legal()))
                s = position_string(g.state)
                assert position_string(parse_position(v, s)) == s
                assert sum(g.state.seeds) + sum(g.state.captured) == TOTAL_SEEDS
                assert all(x >= 0 for x in g.state.seeds)
            if g.termination:
                assert sum(g.totals()) == TOTAL_SEEDS
    print("selftest passed")


# ---------------------------------------------------------------------------
# Playing policies (for finding golden games)
# ---------------------------------------------------------------------------

POLICIES = {
    "uniform": "uniformly random over the legal plies",
    "greedy": "with probability 0.8 the ply with the best capture balance at once "
              "(seeds it captures less seeds it hands the opponent, ties at random), "
              "else a random ply",
    "capturer": "always the ply with the best capture balance at once (ties at random)",
    "sower": "with probability 0.3 the ply with the best capture balance, else a random ply",
    "starver": "the ply that leaves the fewest seeds in the opponent's row "
               "(ties: best capture balance, then at random)",
    "hoarder": "sows from its smallest non-empty pit (ties at random), keeping seeds "
               "at home",
    "relayer": "the ply whose sowing makes the most laps (ties at random)",
    "repeater": "greedy while more than 10 seeds (Ba-awa: 16) are on the board, then the first ply "
                "of a shortest capture-free line back to a position already seen in "
                "the game (greedy when there is none)",
}


# The repeater turns to repeating when this few seeds are left on the board.
REPEATER_SEEDS = {"ayoayo": 10, "ayoayo-seed-stays": 10, "ba-awa": 16}


def shortest_return(game, limit=3000):
    """First ply of a shortest capture-free line from the game's state to a
    position already seen in the game, or None."""
    seen_keys = set(game.counts)
    st = game.state
    start = position_string(st)
    frontier = [(st, None)]
    visited = {start}
    while frontier and len(visited) < limit:
        nxt = []
        for s, first in frontier:
            for x in legal_plies(s):
                c, _ = apply_ply(s, x)
                if c.captured != s.captured:
                    continue
                k = position_string(c)
                f = first or x
                if k in seen_keys:
                    return f
                if k in visited or end_reason(c, 1):
                    continue
                visited.add(k)
                nxt.append((c, f))
        frontier = nxt
    return None


def choose_ply(policy, game, rng):
    legal = game.legal()
    st = game.state
    if len(legal) == 1:
        return legal[0]
    if policy == "uniform":
        return rng.choice(legal)
    if policy == "hoarder":
        least = min(st.seeds[pit_of(x)] for x in legal)
        return rng.choice([x for x in legal if st.seeds[pit_of(x)] == least])
    if policy == "relayer":
        laps = {x: len(apply_ply(st, x)[1]["laps"]) for x in legal}
        best = max(laps.values())
        return rng.choice([x for x in legal if laps[x] == best])
    if policy == "starver":
        opp = row(other(st.to_act))
        score = {}
        for x in legal:
            new, _ = apply_ply(st, x)
            score[x] = (sum(new.seeds[p] for p in opp), -gain(st, x))
        best = min(score.values())
        return rng.choice([x for x in legal if score[x] == best])
    if policy == "repeater" and sum(st.seeds) <= REPEATER_SEEDS[game.variant]:
        x = shortest_return(game)
        if x is not None:
            return x
    p_greedy = {"greedy": 0.8, "capturer": 1.0, "sower": 0.3, "repeater": 0.8}[policy]
    if rng.random() < p_greedy:
        g = {x: gain(st, x) for x in legal}
        best = max(g.values())
        return rng.choice([x for x in legal if g[x] == best])
    return rng.choice(legal)


def play_game(variant, seed, south, north, prefix=(), max_plies=400, start=None):
    rng = random.Random("%s-%d-%s-%s" % (variant, seed, south, north))
    g = Game(variant, start)
    for p in prefix:
        g.play(p)
    while not g.termination and len(g.history) < max_plies:
        policy = south if g.state.to_act == S else north
        g.play(choose_ply(policy, g, rng))
    return g


# ---------------------------------------------------------------------------
# Moments
# ---------------------------------------------------------------------------

MOMENT_TEXT = {
    # both
    "relay-3": "relay sowing of 3 or more laps",
    "relay-10": "relay sowing of 10 or more laps",
    "repetition": "game ends: third occurrence of a whole state (seeds left go to "
                  "their row's owner)",
    "draw": "drawn game (equal totals)",
    "relay-cap": "sowing stopped by the relay cap",
    # Ayoayo
    "skip-origin": "a lap of 12 or more seeds skips its own origin pit",
    "skip-origin-relay": "a relay lap (not the first) of 12 or more seeds skips its "
                         "own origin, the pit it was lifted from",
    "capture-taken": "capture, the capturing seed taken too (capturing-seed=taken, default)",
    "capture-stays": "capture, the capturing seed staying in the landing pit "
                     "(capturing-seed=stays)",
    "capture-after-relay": "capture at the end of a sowing of 3 or more laps",
    "empty-no-capture": "last seed in an empty pit of the mover's row facing an empty "
                        "pit: no capture, the seed stays",
    "feeding-forced": "feeding forced: the opponent's row is empty and some sowings "
                      "would not leave it a seed",
    "feeding-by-relay": "feeding by a sowing whose first lap stays in the mover's row "
                        "(a relay lap reaches the opponent)",
    "cannot-feed": "game ends: the opponent's row is empty and no sowing leaves it a "
                   "seed (the mover takes every seed left)",
    "no-sowing": "game ends: the player to act has no seeds (the opponent's row is not "
                 "empty; seeds left go to their row's owner)",
    # Ba-awa
    "capture-for-opponent": "sowing capture taken by the mover's opponent (a seed other "
                            "than the last brings a pit of the opponent's row to 4)",
    "capture-mid-own": "sowing capture taken by the mover mid-lap (a seed other than "
                       "the last brings a pit of the mover's own row to 4)",
    "capture-last": "the last seed of a lap makes 4: the mover captures them and the "
                    "sowing ends",
    "capture-last-opponent-row": "the last seed of a lap makes 4 in a pit of the "
                                 "opponent's row: the mover captures them",
    "capture-in-relay": "sowing capture during a relay lap (not the first)",
    "multi-capture": "2 or more sowing captures in one ply",
    "multi-capture-3": "3 or more sowing captures in one ply",
    "origin-lap": "a lap of 12 or more seeds drops a seed in its own emptied origin",
    "pass": "pass (the player's row is empty)",
    "seeds-left": "game ends: 8 seeds or fewer on the board (South takes them)",
}


def game_moments(game):
    """moment -> list of ply numbers (1-based) where it happens."""
    ms = {}

    def add(m, i):
        ms.setdefault(m, []).append(i)

    ayo = is_ayoayo(game.variant)
    for i, (ply, info, before, after) in enumerate(game.history, 1):
        laps = info["laps"]
        me = info["side"]
        if info["pass"]:
            add("pass", i)
            continue
        if len(laps) >= 3:
            add("relay-3", i)
        if len(laps) >= 10:
            add("relay-10", i)
        if info["sow_end"] == "cap":
            add("relay-cap", i)
        big = [k for k, (o, n, l) in enumerate(laps) if n >= BIG_LAP]
        if ayo:
            if big:
                add("skip-origin", i)
            if any(k > 0 for k in big):
                add("skip-origin-relay", i)
            if info["capture"]:
                add("capture-taken" if game.variant == "ayoayo" else "capture-stays", i)
                if len(laps) >= 3:
                    add("capture-after-relay", i)
            if info["empty_facing_empty"]:
                add("empty-no-capture", i)
            if info["feeding_forced"]:
                add("feeding-forced", i)
            if row_empty(before, other(me)):
                o, n, l = laps[0]
                if n <= 5 - (o % 6) and me == owner(o):
                    add("feeding-by-relay", i)
        else:
            if big:
                add("origin-lap", i)
            caps = info["sow_captures"]
            for p, taker, last, lap in caps:
                if last:
                    add("capture-last", i)
                    if owner(p) != me:
                        add("capture-last-opponent-row", i)
                elif taker != me:
                    add("capture-for-opponent", i)
                else:
                    add("capture-mid-own", i)
                if lap > 0:
                    add("capture-in-relay", i)
            if len(caps) >= 2:
                add("multi-capture", i)
            if len(caps) >= 3:
                add("multi-capture-3", i)
    n = len(game.history)
    if game.termination and n:
        add(game.termination, n)
        if game.winner() is None:
            add("draw", n)
    for m in ms:
        ms[m] = sorted(set(ms[m]))
    return ms


# ---------------------------------------------------------------------------
# Comments
# ---------------------------------------------------------------------------

LAP_NOTATION_TEXT = ("Laps are written <origin><seeds lifted>><pit of the lap's last seed>, "
                     "e.g. a4>e: the lap lifts 4 seeds from a and its last seed falls in e.")


def laps_comment(laps):
    if len(laps) <= 14:
        return laps_notation(laps)
    return "%s ... (%d laps) ... %s" % (laps_notation(laps[:6]), len(laps) - 10,
                                       laps_notation(laps[-4:]))


def sowing_sentence(who, ply, info):
    laps = info["laps"]
    n = len(laps)
    if n == 1:
        return "%s sows %s (%s), one lap: %s" % (who, ply, seeds_text(info["sown"]),
                                                 laps_notation(laps))
    extra = ""
    if info["sow_end"] == "cap":
        extra = " (the first lap and %d relays)" % (n - 1)
    return "%s sows %s (%s) in %d laps%s: %s" % (who, ply, seeds_text(info["sown"]), n,
                                                 extra, laps_comment(laps))


def ply_comment(game, i, moments):
    ply, info, before, after = game.history[i - 1]
    me = info["side"]
    who = side_name(me)
    opp = side_name(other(me))
    pos = position_string(after)
    notes = []
    ayo = is_ayoayo(game.variant)
    if info["pass"]:
        notes.append("%s's row is empty: %s passes" % (who, who))
    else:
        laps = info["laps"]
        big = [(o, n) for o, n, l in laps if n >= BIG_LAP]
        says = False
        if info.get("feeding_forced"):
            legal = legal_plies(before)
            bad = [label(p) for p in sowable(before) if label(p) not in legal]
            notes.append("%s's row is empty, so %s must leave it a seed: after %s the row "
                         "would still be empty%s"
                         % (opp, who, ", ".join(bad),
                            ", %s is the only sowing that feeds" % ply if len(legal) == 1
                            else ", %s feed and %s chooses %s" % (", ".join(legal), who, ply)))
        if ayo and "feeding-by-relay" in moments and i in moments["feeding-by-relay"]:
            notes.append("%s's row was empty: %s's first lap stays in %s's row and a relay "
                         "lap reaches %s's row" % (opp, ply, who, opp))
        interesting = (len(laps) >= 3 or big or info["capture"] or info["empty_facing_empty"]
                       or info["sow_captures"] or info.get("feeding_forced")
                       or info["sow_end"] == "cap")
        if interesting:
            notes.append(sowing_sentence(who, ply, info))
            says = True
        for o, n in big:
            if ayo:
                notes.append("the lap of %d seeds from %s skips its origin %s each time it "
                             "comes round" % (n, label(o), label(o)))
            else:
                notes.append("the lap of %d seeds from %s comes round and drops a seed in "
                             "its own emptied origin %s" % (n, label(o), label(o)))
        if info["sow_end"] == "cap":
            land = info["landing"]
            notes.append("the relay cap is reached: the last seed of the 10000th relay lap "
                         "falls in %s, which now holds %d, and the sowing ends there, "
                         "nothing lifted%s" % (label(land), after.seeds[land],
                                                ", no capture" if ayo else ""))
        for p, taker, last, lap in info["sow_captures"]:
            where = "lap %d" % (lap + 1)
            if last:
                notes.append("the last seed of %s brings %s to 4: %s, the mover, captures "
                             "them and the sowing ends" % (where, label(p), who))
            else:
                notes.append("a seed of %s (not its last) brings %s to 4: %s, the owner of "
                             "%s's row, captures them%s"
                             % (where, label(p), side_name(taker), label(p),
                                " (the mover's opponent)" if taker != me else ""))
        if info["capture"]:
            land, o, c, g = info["capture"]
            if game.variant == "ayoayo":
                notes.append("the last seed falls in the empty %s of %s's row, facing %s "
                             "(%s): %s captures them and the capturing seed, %s "
                             "(capturing-seed=taken)"
                             % (label(land), who, label(o), seeds_text(c), who,
                                seeds_text(g)))
            else:
                notes.append("the last seed falls in the empty %s of %s's row, facing %s "
                             "(%s): %s captures %s, the capturing seed stays in %s "
                             "(capturing-seed=stays)"
                             % (label(land), who, label(o), seeds_text(c), who,
                                seeds_text(g), label(land)))
        if info["empty_facing_empty"]:
            land = info["landing"]
            notes.append("the last seed falls in the empty %s of %s's row, facing the empty "
                         "%s: no capture, the seed stays" % (label(land), who,
                                                              label(opposite(land))))
        del says
    if i == len(game.history) and game.termination:
        notes.append(end_text(game))
    if not notes:
        return None
    text = " ".join(n[0].upper() + n[1:] + "." for n in notes)
    return text.replace(";", ",").replace("{", "(").replace("}", ")") + " Position: " + pos


def end_text(game):
    st = game.state
    tot = game.totals()
    t = game.termination
    left = [sum(st.seeds[p] for p in row(S)), sum(st.seeds[p] for p in row(N))]
    if t == CANNOT_FEED:
        why = ("%s's row is empty and no sowing of %s leaves it a seed, so %s takes the "
               "%s left" % (side_name(other(st.to_act)), side_name(st.to_act),
                            side_name(st.to_act), seeds_text(sum(st.seeds))))
        if not sowable(st):
            why = ("both rows are empty (%s has nothing to sow and %s's row is empty)"
                   % (side_name(st.to_act), side_name(other(st.to_act))))
    elif t == NO_SOWING:
        why = "%s, to act, has no seeds in its row" % side_name(st.to_act)
    elif t == SEEDS_LEFT:
        why = "%s left on the board (8 or fewer), South takes them" % seeds_text(sum(st.seeds))
    else:
        key = position_string(st)
        seen = [0] if position_string(game.start) == key else []
        seen += [j for j, h in enumerate(game.history, 1) if position_string(h[3]) == key]
        why = "this position occurs for the third time (after ply %s)" % ", ".join(
            str(j) if j else "0, the start" for j in seen)
    text = "Game over (%s): %s" % (t, why)
    if t in (NO_SOWING, REPETITION):
        text += (". Seeds left go to their row's owner: South %d, North %d"
                 % (left[S], left[N]))
    text += ". Totals %d-%d" % (tot[S], tot[N])
    w = game.winner()
    text += ", draw" if w is None else ", %s wins" % side_name(w)
    return text


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

DATE = "2026.12.01"


def record_text(game, header, south, north, date=DATE):
    lines = ["; " + h for h in header]
    vtag, reading = record_variant(game.variant)
    tags = [("Variant", vtag)]
    if reading:
        tags.append(("Readings", reading))
    tags += [("South", south), ("North", north), ("Date", date)]
    if position_string(game.start) != position_string(initial_state(game.variant)):
        tags.append(("Position", position_string(game.start)))
    tot = game.totals()
    tags.append(("Result", "%d-%d" % (tot[S], tot[N])))
    tags.append(("Termination", game.termination))
    tags.append(("FinalPosition", position_string(game.state)))
    for k, v in tags:
        lines.append('[%s "%s"]' % (k, v.replace("\\", "\\\\").replace('"', '\\"')))
    lines.append("")
    moments = game_moments(game)
    line = ""
    move = 0
    prev_side = None
    for i in range(1, len(game.history) + 1):
        ply, info, before, after = game.history[i - 1]
        tok = ""
        if info["side"] == S and prev_side != S:
            move += 1
            tok = "%d. " % move
        prev_side = info["side"]
        tok += ply
        if line and len(line) + 1 + len(tok) > 72:
            lines.append(line)
            line = ""
        line = (line + " " + tok) if line else tok
        c = ply_comment(game, i, moments)
        if c:
            lines.append(line)
            lines.append("{" + c + "}")
            line = ""
    if line:
        lines.append(line)
    return "\n".join(lines) + "\n"


def read_record(text):
    """A tiny reader of records: tags and plies (move numbers, {...} and ;
    comments skipped)."""
    tags = {}
    body = []
    for ln in text.split("\n"):
        if ln.startswith(";"):
            continue
        if ln.startswith("["):
            k, v = ln[1:-1].split(" ", 1)
            tags[k] = v[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        else:
            body.append(ln)
    body = "\n".join(body)
    plies, comments = [], {}
    i = 0
    while i < len(body):
        if body[i] == "{":
            j = body.index("}", i)
            comments[len(plies)] = body[i + 1:j]
            i = j + 1
        elif body[i] == ";":
            j = body.find("\n", i)
            i = len(body) if j < 0 else j
        elif body[i].isspace():
            i += 1
        else:
            j = i
            while j < len(body) and not body[j].isspace() and body[j] not in "{;":
                j += 1
            tok = body[i:j]
            i = j
            if not (tok.endswith(".") and tok[:-1].isdigit()):
                plies.append(tok)
    return tags, plies, comments


def record_game_variant(tags):
    variant = tags["Variant"]
    reading = tags.get("Readings")
    if reading is None or reading == "capturing-seed=taken":
        return variant
    assert variant == "ayoayo" and reading == "capturing-seed=stays", (variant, reading)
    return "ayoayo-seed-stays"


def check_record_roundtrip(text):
    """Re-read a written record and replay it: every comment's position,
    the termination, final position and result must match."""
    tags, plies, comments = read_record(text)
    variant = record_game_variant(tags)
    g = Game(variant, parse_position(variant, tags["Position"]) if "Position" in tags else None)
    for n, p in enumerate(plies, 1):
        g.play(p)
        if n in comments:
            c = comments[n]
            assert c.count("Position: ") == 1
            assert c.split("Position: ")[1].strip() == position_string(g.state), (n, c)
    assert g.termination == tags["Termination"]
    assert position_string(g.state) == tags["FinalPosition"]
    assert "%d-%d" % tuple(g.totals()) == tags["Result"]
    return g


# ---------------------------------------------------------------------------
# Golden data
# ---------------------------------------------------------------------------

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MAX_GOLDEN_PLIES = 200
GAMES = {"ayoayo": 8, "ba-awa": 10}       # games searched under the default readings
MIN_FILL_PLIES = {"ayoayo": 20, "ba-awa": 8}

WANTED = {
    "ayoayo": [
        ("repetition", [("repeater", "repeater")]),
        ("relay-cap", [("relayer", "relayer"), ("uniform", "uniform")]),
        ("no-sowing", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("cannot-feed", [("starver", "starver"), ("greedy", "greedy")]),
        ("feeding-forced", [("greedy", "greedy"), ("sower", "sower")]),
        ("feeding-by-relay", [("greedy", "greedy"), ("sower", "sower")]),
        ("skip-origin-relay", [("hoarder", "hoarder"), ("sower", "sower")]),
        ("skip-origin", [("hoarder", "hoarder"), ("sower", "sower")]),
        ("empty-no-capture", [("greedy", "greedy")]),
        ("capture-taken", [("greedy", "greedy")]),
        ("capture-after-relay", [("greedy", "greedy")]),
        ("relay-3", [("greedy", "greedy")]),
        ("draw", [("greedy", "greedy"), ("uniform", "uniform"), ("sower", "sower")]),
    ],
    # games under capturing-seed=stays searched directly (besides the ones
    # branching off default-reading games, see find_stays_games)
    "ayoayo-seed-stays": [
        ("repetition", [("repeater", "repeater")]),
        ("cannot-feed", [("starver", "starver"), ("hoarder", "hoarder"), ("greedy", "greedy")]),
        ("feeding-forced", [("greedy", "greedy"), ("sower", "sower")]),
        ("no-sowing", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("skip-origin", [("hoarder", "hoarder"), ("sower", "sower")]),
    ],
    "ba-awa": [
        ("pass", [("hoarder", "hoarder"), ("starver", "starver"), ("hoarder", "greedy"),
                  ("greedy", "hoarder")]),
        ("repetition", [("repeater", "repeater")]),
        ("capture-for-opponent", [("greedy", "greedy")]),
        ("capture-mid-own", [("greedy", "greedy")]),
        ("capture-last", [("greedy", "greedy")]),
        ("capture-last-opponent-row", [("greedy", "greedy")]),
        ("multi-capture", [("greedy", "greedy")]),
        ("multi-capture-3", [("greedy", "greedy"), ("capturer", "capturer")]),
        ("capture-in-relay", [("greedy", "greedy")]),
        ("origin-lap", [("hoarder", "hoarder"), ("greedy", "greedy")]),
        ("relay-3", [("greedy", "greedy")]),
        ("relay-10", [("uniform", "uniform"), ("hoarder", "hoarder"), ("relayer", "relayer")]),
        ("relay-cap", [("relayer", "relayer"), ("uniform", "uniform")]),
        ("draw", [("greedy", "greedy"), ("capturer", "capturer"), ("uniform", "uniform")]),
    ],
}
FILL_PAIRS = [("greedy", "sower"), ("uniform", "uniform"), ("sower", "capturer"),
              ("capturer", "greedy"), ("hoarder", "uniform")]
MUST_HAVE = {
    "ayoayo": ["relay-3", "skip-origin", "capture-taken", "empty-no-capture",
               "feeding-forced", "cannot-feed", "repetition", "no-sowing"],
    "ayoayo-seed-stays": ["capture-stays"],
    "ba-awa": ["capture-for-opponent", "capture-mid-own", "capture-last", "multi-capture",
               "relay-3", "pass", "origin-lap", "seeds-left"],
}
# Seeds searched per wanted moment before giving up on it.
SEARCH_SEEDS = 400
STAYS_BRANCHES = 2      # stays games branching off default games at their first capture


def acceptable(game):
    return game.termination is not None and len(game.history) <= MAX_GOLDEN_PLIES


def search_wanted(variant, wanted, chosen, used):
    """For each wanted moment not yet shown by `chosen`, the first seed whose
    game shows it.  Appends (game, seed, south, north, why) to chosen."""
    for moment, pairs in wanted:
        if any(moment in game_moments(c[0]) for c in chosen):
            continue
        found = None
        for seed in range(1, SEARCH_SEEDS + 1):
            for south, north in pairs:
                if (seed, south, north) in used:
                    continue
                g = play_game(variant, seed, south, north)
                if acceptable(g) and moment in game_moments(g):
                    found = (g, seed, south, north, moment)
                    break
            if found:
                break
        if not found:
            print("note: no %s game within %d seeds shows %s" % (variant, SEARCH_SEEDS, moment),
                  file=sys.stderr)
            continue
        chosen.append(found)
        used.add(found[1:4])


def find_golden(variant):
    """Deterministic search.  Returns a list of (game, seed, south, north, why)."""
    chosen = []
    used = set()
    search_wanted(variant, WANTED[variant], chosen, used)
    seed, k = 100, 0
    while len(chosen) < GAMES[variant]:
        south, north = FILL_PAIRS[k % len(FILL_PAIRS)]
        seed += 1
        if (seed, south, north) in used:
            continue
        g = play_game(variant, seed, south, north)
        if acceptable(g) and len(g.history) >= MIN_FILL_PLIES[variant]:
            chosen.append((g, seed, south, north, None))
            used.add((seed, south, north))
            k += 1
    return chosen


def find_stays_games(default_chosen):
    """Games under capturing-seed=stays.  First, branches: the plies of a
    default-reading golden game up to and including its first capture (where
    the two readings part), then seeded play under stays; then direct
    searches for the stays moments not yet shown.  Returns a list of
    (game, source index or None, k, seed, south, north, why)."""
    v = "ayoayo-seed-stays"
    out = []
    for idx, (g, seed, south, north, why) in enumerate(default_chosen):
        ms = game_moments(g)
        if "capture-taken" not in ms:
            continue
        k = ms["capture-taken"][0]
        prefix = [h[0] for h in g.history[:k]]
        for s2 in range(1, 1000):
            alt = play_game(v, s2, south, north, prefix=prefix)
            if acceptable(alt):
                assert alt.history[k - 1][1]["capture"] is not None
                assert position_string(alt.history[k - 1][3]) != position_string(g.history[k - 1][3])
                out.append((alt, idx, k, s2, south, north, "capture-stays"))
                break
        if len(out) == STAYS_BRANCHES:
            break
    chosen = [(o[0], o[3], o[4], o[5], o[6]) for o in out]
    used = set()
    search_wanted(v, WANTED[v], chosen, used)
    for c in chosen[len(out):]:
        out.append((c[0], None, None, c[1], c[2], c[3], c[4]))
    return out


CAP_SEARCH_SEEDS = 16     # branch from positions with at most this many seeds on the board
CAP_SEARCH_DEPTH = 7


def first_cap_line(game, depth):
    """A shortest line (at most `depth` plies, first in legal-ply order)
    from the game's current state whose last ply is a sowing stopped by the
    relay cap, the game going on along it (no end before that ply), or
    None."""
    counts = Counter(game.counts)

    def rec(st, path, d):
        for x in legal_plies(st):
            child, info = apply_ply(st, x)
            if info["sow_end"] == "cap":
                if len(path) + 1 == d:
                    return path + [x]
                continue
            if len(path) + 1 < d:
                key = position_string(child)
                counts[key] += 1
                if end_reason(child, counts[key]) is None:
                    r = rec(child, path + [x], d)
                    if r:
                        counts[key] -= 1
                        return r
                counts[key] -= 1
        return None

    for d in range(1, depth + 1):
        r = rec(game.state, [], d)
        if r:
            return r
    return None


def find_cap_branch(variant, chosen):
    """A game showing the relay cap when no seeded game did: the plies of a
    golden game up to the first state with at most CAP_SEARCH_SEEDS seeds on
    the board from which a short line ends in a capped sowing, that line,
    then seeded play.  Returns (game, source index, k, line, seed, south,
    north) or None."""
    south = north = "greedy"
    for idx, (g, seed, s0, n0, why) in enumerate(chosen):
        replay = Game(variant)
        for k, h in enumerate(g.history):
            if replay.termination:
                break
            if sum(replay.state.seeds) <= CAP_SEARCH_SEEDS:
                line = first_cap_line(replay, CAP_SEARCH_DEPTH)
                if line:
                    prefix = [x[0] for x in g.history[:k]] + line
                    for s2 in range(1, 200):
                        alt = play_game(variant, s2, south, north, prefix=prefix)
                        if acceptable(alt) and "relay-cap" in game_moments(alt):
                            return alt, idx, k, line, s2, south, north
            replay.play(h[0])
    return None


def header_base(variant):
    rules = {"ayoayo": "Ayoayo, reading capturing-seed=taken (default)",
             "ayoayo-seed-stays": "Ayoayo, reading capturing-seed=stays",
             "ba-awa": "Ba-awa"}[variant]
    return _wrap("Derived by tools/reference/ayoayo_ba_awa.py, an independent Python "
                 "implementation of %s, written from the rules as stated in its brief "
                 "(in the project's record and position notation), without reference "
                 "to the Rust engine." % rules, 76)


def policy_lines(south, north):
    out = ["  %s: %s" % (south, POLICIES[south])]
    if north != south:
        out.append("  %s: %s" % (north, POLICIES[north]))
    return out


def shows_lines(game):
    ms = game_moments(game)
    out = ["Shows:"]
    for m in sorted(ms, key=lambda m: ms[m][0]):
        out.append("  - %s (ply %s)" % (MOMENT_TEXT[m], ", ".join(str(x) for x in ms[m][:6])
                                        + (", ..." if len(ms[m]) > 6 else "")))
    return out


def pair_name(south, north):
    return "-".join(sorted({south, north}, key=[south, north].index))


def write_golden(repo=REPO):
    gdir = os.path.join(repo, "tests", "golden")
    table = []
    for variant in ("ayoayo", "ba-awa"):
        vdir = os.path.join(gdir, variant)
        os.makedirs(vdir, exist_ok=True)
        for f in os.listdir(vdir):
            if f.endswith(".rec"):
                os.remove(os.path.join(vdir, f))
        chosen = find_golden(variant)
        entries = []
        for g, seed, south, north, why in chosen:
            header = header_base(variant) + [
                "Random game, seed %d: South policy %s, North policy %s." % (seed, south, north),
            ] + policy_lines(south, north)
            if why:
                header.append("Found by searching seeds for the first game showing: %s."
                              % MOMENT_TEXT[why])
            entries.append((g, header, "%s-seed%d" % (pair_name(south, north), seed),
                            south, north, seed, why))
        if variant == "ba-awa" and not any("relay-cap" in game_moments(c[0]) for c in chosen):
            found = find_cap_branch(variant, chosen)
            if found:
                alt, idx, k, line, s2, south, north = found
                src = "%02d-%s" % (idx + 1, entries[idx][2])
                header = header_base(variant) + _wrap(
                    "No seeded game within the search showed a sowing stopped by the "
                    "relay cap, so this one was built: plies 1-%d are those of "
                    "ba-awa/%s.rec; plies %d-%d (%s) are the first shortest line, in "
                    "legal-ply order, from there whose last ply is a sowing the relay "
                    "cap stops; from ply %d on: seeded random play, seed %d, South "
                    "policy %s, North policy %s."
                    % (k, src, k + 1, k + len(line), " ".join(line), k + len(line) + 1,
                       s2, south, north), 76) + policy_lines(south, north)
                entries.append((alt, header, "relay-cap-from-%02d-seed%d" % (idx + 1, s2),
                                south, north, s2, "relay-cap"))
        if variant == "ayoayo":
            for alt, idx, k, s2, south, north, why in find_stays_games(chosen):
                if idx is not None:
                    src = "%02d-%s" % (idx + 1, entries[idx][2])
                    header = header_base("ayoayo-seed-stays") + _wrap(
                        "Plies 1-%d are those of ayoayo/%s.rec (played there under the "
                        "default reading); ply %d is its first capture, where the readings "
                        "part: here the capturing seed stays in its pit. From ply %d on: "
                        "seeded random play under capturing-seed=stays, seed %d, South "
                        "policy %s, North policy %s." % (k, src, k, k + 1, s2, south, north),
                        76) + policy_lines(south, north)
                    stem = "stays-from-%02d-seed%d" % (idx + 1, s2)
                else:
                    header = header_base("ayoayo-seed-stays") + [
                        "Random game under capturing-seed=stays, seed %d: South policy %s, "
                        "North policy %s." % (s2, south, north),
                    ] + policy_lines(south, north) + [
                        "Found by searching seeds for the first game under this reading "
                        "showing: %s." % MOMENT_TEXT[why]]
                    stem = "stays-%s-seed%d" % (pair_name(south, north), s2)
                entries.append((alt, header, stem, south, north, s2, why))
        for n, (g, header, stem, south, north, seed, why) in enumerate(entries, 1):
            name = "%02d-%s.rec" % (n, stem)
            header = header + shows_lines(g) + _wrap(
                "%d plies. Comments after plies give the position string after the ply. "
                % len(g.history) + LAP_NOTATION_TEXT, 76)
            text = record_text(g, header, "ayoayo_ba_awa %s seed %d" % (south, seed),
                               "ayoayo_ba_awa %s seed %d" % (north, seed))
            with open(os.path.join(vdir, name), "w", encoding="utf-8") as fh:
                fh.write(text)
            g2 = check_record_roundtrip(text)
            assert g2.variant == g.variant
            table.append((variant, name, g, game_moments(g), why))
    for v, musts in MUST_HAVE.items():
        for m in musts:
            if not any(m in ms for tv, name, g, ms, why in table if g.variant == v):
                print("warning: no %s golden game shows %s" % (v, m), file=sys.stderr)
    write_golden_readme_section(gdir, table)
    return table


README_BEGIN = "<!-- section written by tools/reference/ayoayo_ba_awa.py golden: begin -->"
README_END = "<!-- section written by tools/reference/ayoayo_ba_awa.py golden: end -->"

README_MUST = {
    "ayoayo": [
        ("relay-3", "ayoayo", "relay sowing with 3 or more laps"),
        ("skip-origin", None, "a lap of 12+ seeds skipping its origin"),
        ("skip-origin-relay", None, "a relay lap of 12+ seeds skipping its own origin "
                                    "(the lifted pit)"),
        ("capture-taken", "ayoayo", "capture, the capturing seed taken (default)"),
        ("capture-stays", "ayoayo-seed-stays", "capture, the capturing seed staying "
                                               "(capturing-seed=stays)"),
        ("empty-no-capture", None, "last seed in an empty pit of the mover's row facing "
                                   "an empty pit (no capture)"),
        ("feeding-forced", None, "feeding forced (opponent's row empty, some sowings "
                                 "would not feed)"),
        ("feeding-by-relay", None, "feeding by a sowing whose first lap stays at home"),
        ("cannot-feed", None, "game ended by cannot-feed (the mover takes the rest)"),
        ("no-sowing", None, "game ended by no-sowing"),
        ("repetition", None, "game ended by repetition"),
        ("relay-cap", None, "sowing stopped by the relay cap (10,000 relays)"),
        ("draw", None, "drawn game"),
    ],
    "ba-awa": [
        ("capture-for-opponent", None, "sowing capture taken by the opponent of the mover"),
        ("capture-mid-own", None, "sowing capture taken by the mover mid-lap (own row)"),
        ("capture-last", None, "last seed making 4 (the mover captures, the sowing ends)"),
        ("capture-last-opponent-row", None, "last seed making 4 in the opponent's row"),
        ("multi-capture", None, "2 or more sowing captures in one ply"),
        ("multi-capture-3", None, "3 or more sowing captures in one ply"),
        ("capture-in-relay", None, "sowing capture in a relay lap"),
        ("relay-3", None, "relay of 3 or more laps"),
        ("relay-10", None, "relay of 10 or more laps"),
        ("pass", None, "a pass"),
        ("origin-lap", None, "a lap of 12+ seeds dropping into its own origin"),
        ("seeds-left", None, "game ended by seeds-left (South takes the rest)"),
        ("repetition", None, "game ended by repetition"),
        ("relay-cap", None, "sowing stopped by the relay cap (10,000 relays)"),
        ("draw", None, "drawn game"),
    ],
}


def write_golden_readme_section(gdir, table):
    out = [README_BEGIN, "", "## Ayoayo and Ba-awa (`ayoayo/`, `ba-awa/`)", ""]
    out += _wrap(
        "Complete games of Ayoayo and Ba-awa, produced by `tools/reference/ayoayo_ba_awa.py` "
        "(an independent Python implementation written from the rules as stated in its "
        "brief, without reading or running the Rust engine; standard library only). "
        "Each game is a seeded random game between two simple policies (`POLICIES` in "
        "the script, and the `;` header of each file); for each wanted moment the "
        "script takes the first seed (1, 2, 3, ...) whose finished game of at most %d "
        "plies shows it, then fills the set up to %d Ayoayo and %d Ba-awa games under "
        "the default readings. Every file is read back and replayed after writing "
        "(every `Position:` comment, `Termination`, `FinalPosition` and `Result` must "
        "match)." % (MAX_GOLDEN_PLIES, GAMES["ayoayo"], GAMES["ba-awa"]), 78)
    out += ["", "    python3 tools/reference/ayoayo_ba_awa.py golden    # also rewrites "
            "tests/perft/{ayoayo,ayoayo-seed-stays,ba-awa}.perft", ""]
    out += _wrap(
        "Ayoayo files with `[Readings \"capturing-seed=stays\"]` (and `[Variant "
        "\"ayoayo\"]`) are played under that reading: a capture takes only the seeds of "
        "the opposite pit and the capturing seed stays in the landing pit. The "
        "`stays-from-NN` files repeat the plies of default-reading file NN up to its "
        "first capture, where the two readings part, then go on with seeded play; "
        "the other `stays-` files are searched directly under that reading.", 78)
    out.append("")
    if any(name.split("-", 1)[1].startswith("relay-cap-from-") for v, name, g, ms, why in table):
        out += _wrap(
            "No seeded Ba-awa game within the search hit the relay cap (10,000 relays "
            "in one sowing), though such sowings exist (relay laps can cycle for ever; "
            "`tests/perft/ba-awa.perft` meets some). The `ba-awa/NN-relay-cap-from-MM` "
            "file was built instead: the plies of Ba-awa file MM up to the first "
            "position with at most %d seeds on the board from which a line of at most "
            "%d plies ends in a capped sowing, the first shortest such line (in "
            "legal-ply order), then seeded play. Its header gives the plies."
            % (CAP_SEARCH_SEEDS, CAP_SEARCH_DEPTH), 78)
        out.append("")
    out += _wrap(
        "Terminations: Ayoayo `cannot-feed` (the opponent's row is empty and no sowing "
        "of the player to act leaves it a seed: that player takes every seed left), "
        "`no-sowing` (the player to act has no seeds, the opponent has some: each seed "
        "goes to its row's owner), `repetition` (third occurrence of a whole state: "
        "each seed to its row's owner), in that precedence; Ba-awa `seeds-left` (8 "
        "seeds or fewer on the board: South takes them), then `repetition`. `Result` "
        "is the totals after that sweep; `FinalPosition` is the state after the last "
        "ply, before the sweep.", 78)
    out.append("")
    out += _wrap(
        "Ply numbers count every ply from 1 (a Ba-awa `pass` is a ply); the comment "
        "after that ply in the file describes the moment. In comments, laps are "
        "written `<origin><seeds lifted>><pit of the lap's last seed>`: `a4>e e5>D` is "
        "a lap of 4 seeds from a ending in e, then a relay lap of the 5 seeds lifted "
        "from e ending in D.", 78)
    out.append("")
    for variant, title in (("ayoayo", "Ayoayo"), ("ba-awa", "Ba-awa")):
        out.append("| %s moment | shown in (ply) |" % title)
        out.append("| --- | --- |")
        for m, only, text in README_MUST[variant]:
            hits = [(name, ms[m][0]) for v, name, g, ms, why in table
                    if v == variant and m in ms and (only is None or g.variant == only)]
            cell = ", ".join("`%s/%s` (%d)" % (variant, name, p) for name, p in hits[:3])
            if len(hits) > 3:
                cell += " and %d more" % (len(hits) - 3)
            out.append("| %s | %s |" % (text, cell or NOT_FOUND_TEXT.get((variant, m), "-")))
        out.append("")
    for variant, title in (("ayoayo", "Ayoayo"), ("ba-awa", "Ba-awa")):
        out.append("### %s files" % title)
        out.append("")
        out.append("| file | reading | plies | result | termination | searched for | "
                   "moments shown (first ply) |")
        out.append("| --- | --- | --- | --- | --- | --- | --- |")
        for v, name, g, ms, why in table:
            if v != variant:
                continue
            tot = g.totals()
            keys = [m for m in sorted(ms, key=lambda m: ms[m][0])
                    if m not in (CANNOT_FEED, NO_SOWING, REPETITION, SEEDS_LEFT)]
            cell = ", ".join("%s (%d)" % (m, ms[m][0]) for m in keys) or "-"
            reading = {"ayoayo": "taken", "ayoayo-seed-stays": "stays", "ba-awa": "-"}[g.variant]
            out.append("| `%s/%s` | %s | %d | %d-%d | %s | %s | %s |"
                       % (variant, name, reading, len(g.history), tot[S], tot[N],
                          g.termination, why or "(filler)", cell))
        out.append("")
    names = sorted({m for v, _, _, ms, _ in table for m in ms})
    out.append("Moment names:")
    out.append("")
    for m in names:
        out.append("- `%s`: %s" % (m, MOMENT_TEXT[m]))
    out.append("")
    out.append(README_END)
    section = "\n".join(out) + "\n"
    path = os.path.join(gdir, "README.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    if README_BEGIN in text and README_END in text:
        a = text.index(README_BEGIN)
        b = text.index(README_END) + len(README_END)
        rest = text[b:]
        if rest.startswith("\n"):
            rest = rest[1:]
        text = text[:a] + section + rest
    else:
        text = text.rstrip("\n") + "\n\n" + section
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)


# What the README says for a moment no golden game shows.
NOT_FOUND_TEXT = {
    ("ba-awa", "relay-cap"): "not shown (no seeded game hit the cap)",
    ("ba-awa", "repetition"): "not shown (no seeded game repeated)",
}


def _wrap(text, width):
    words = text.split()
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = (line + " " + w) if line else w
    if line:
        lines.append(line)
    return lines


# ---------------------------------------------------------------------------
# Hand derivations (perft depths 1-3 of the initial position)
# ---------------------------------------------------------------------------

HAND_NOTATION = """\
Notation. A lap is written <origin><seeds lifted>><pit of its last seed>:
a4>e lifts the 4 seeds of a and drops one in each of b c d e. A lap whose
last seed falls in an occupied pit lifts that pit for the next lap (a
relay); the sowing ends when a lap's last seed falls in an empty pit.
{capture_text}
"= P" is the position after the ply; "X has ...: n" lists the legal plies
of the side to act then, n of them. Each entry is 'plies: sowing = P'.
"""

AYO_CAPTURE_TEXT = {
    "ayoayo": """\
xd2: the sowing ends in an empty pit of the mover's row facing d, which
holds 2: the mover takes them and the capturing seed (capturing-seed=
taken), 3 in all. No x: the last seed fell in the opponent's row, or
facing an empty pit. A lap of 12 or more seeds (c14, f16, d14, A16 below)
skips its own origin pit each time round.""",
    "ayoayo-seed-stays": """\
xd2: the sowing ends in an empty pit of the mover's row facing d, which
holds 2: the mover takes them, and the capturing seed stays in its pit
(capturing-seed=stays). No x: the last seed fell in the opponent's row, or
facing an empty pit. A lap of 12 or more seeds (b12, c14, f16, d14, A16
below) skips its own origin pit each time round.""",
}

AYO_FACTS = """\
Facts used. In plies 1-3 no row is ever empty after a ply (every position
below has seeds in both rows), so feeding never restricts a choice and no
game ends by cannot-feed or no-sowing; and within 3 plies no position can
occur 3 times (the 4 states of a line alternate South/North to act, so at
most 2 of them can be equal), so repetition ends no line. The legal plies
of the side to act are therefore exactly its non-empty pits, and
perft(3) is the sum, over the 2-ply lines, of South's non-empty pits.
"""

AYOAYO_HAND = """\
Hand derivation for the initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0,
depths 1-3: worked out by hand, lap by lap, from the rules, before the
program was run on it; the program then confirmed every entry below (laps,
capture, position, legal plies), that the list is complete, and the divide
at depth 3. (The hand count of depth 2 first came out at 29: b's North
row 6,6,0,0,1,6 had been counted as 5 pits; corrected to 4.)

{notation}
{facts}
perft(1) = 6: South's six pits all hold 4.

Ply 1. Every first sowing relays through 5 laps, and its last seed falls in
a pit an earlier lap of it emptied:
  a: a4>e e5>D D5>c c6>C C6>c xD1
       = 2,7,0,6,1,6/6,6,0,0,6,6 N 2-0; North has A B E F: 4
  b: b4>f f5>E E5>d d6>D D6>d xC6
       = 6,2,7,0,6,1/6,6,0,0,1,6 N 7-0; North has A B E F: 4
  c: c4>A A5>F F5>e e6>E E6>e xB6
       = 6,6,2,7,0,6/1,0,6,6,0,1 N 7-0; North has A C D F: 4
  d: d4>B B5>a a5>f f6>F F6>f xA6
       = 1,6,6,2,7,0/0,1,6,6,6,0 N 7-0; North has B C D E: 4
  e: e4>C C5>b b5>A A6>a a6>A
       = 0,1,6,6,2,7/1,6,1,6,6,6 N 0-0; North has A B C D E F: 6
  f: f4>D D5>c c5>B B6>b b6>B
       = 6,0,1,6,6,2/7,1,6,1,6,6 N 0-0; North has A B C D E F: 6
perft(2) = 4 + 4 + 4 + 4 + 6 + 6 = 28.

Ply 2 (North's reply), and South's legal plies at ply 3:
  a A: A6>a a3>d d7>E E8>A A2>C C3>F F9>C xd2
       = 2,10,3,0,4,9/1,10,0,3,1,0 S 2-3; South has a b c e f: 5
  a B: B6>b b8>D D2>F F8>B B2>D xc2
       = 4,1,0,8,3,8/8,0,3,0,8,0 S 2-3; South has a b d e f: 5
  a E: E6>e e2>A A7>b b9>E E2>a a5>f f9>c c4>A A3>D D4>b b3>e e4>C C5>b
       = 3,1,1,11,0,2/1,11,0,1,3,12 S 2-0; South has a b c d f: 5
  a F: F6>f f7>a a4>e e3>B B8>d d9>a a2>c c4>A A10>e e3>B B3>E E11>D
       D6>d d4>B B2>D xc3
       = 3,14,0,0,2,6/3,0,7,0,1,6 S 2-4; South has a b e f: 4
  b A: A6>a a7>B B8>d d2>f f3>C C3>F F9>C xd1
       = 2,5,10,0,9,1/3,2,0,3,4,0 S 7-2; South has a b c e f: 5
  b B: B6>b b3>e e7>F F8>B B2>D D3>a a9>D xc10
       = 0,2,0,3,2,4/9,1,4,0,4,1 S 7-11; South has b d e f: 4
  b E: E1>F F7>A A7>b b4>f f3>C C2>E E2>a a9>D D3>a
       = 1,1,10,3,9,1/2,9,1,0,1,3 S 7-0; South has a b c d e f: 6
  b F: F6>f f2>B B7>c c9>F F2>b b5>A A9>d d4>B B3>E E5>d
       = 11,2,3,1,10,3/1,0,4,4,0,2 S 7-0; South has a b c d e f: 6
  c A: A1>B
       = 6,6,2,7,0,6/0,1,6,6,0,1 S 7-0; South has a b c d f: 5
  c C: C6>c c3>f f7>a a8>C C2>E E3>b b9>E
       = 1,0,2,10,3,2/4,3,1,10,1,4 S 7-0; South has a c d e f: 5
  c D: D6>d d8>F F3>c c4>A A3>D D2>F xa8
       = 0,8,0,1,2,8/0,2,8,0,3,0 S 7-9; South has b d e f: 4
  c F: F1>a a7>B xe1
       = 0,7,3,8,0,7/2,0,6,6,0,0 S 7-2; South has b c d f: 4
  d B: B1>C C7>d d3>A xf1
       = 2,7,7,0,8,0/0,0,0,7,7,1 S 7-2; South has a b c e: 4
  d C: C6>c c7>D D8>f f2>B B3>E E9>B xe10
       = 4,9,2,5,0,1/3,0,2,1,0,3 S 7-11; South has a b c d f: 5
  d D: D6>d d3>A xf1
       = 2,7,7,0,8,0/0,1,6,0,7,1 S 7-2; South has a b c e: 4
  d E: E6>e e8>a a3>d d4>B B3>E E2>a
       = 1,8,8,0,1,2/2,0,8,8,0,3 S 7-0; South has a b c e f: 5
  e A: A1>B B7>c c7>D D8>f f9>c c2>e e5>D D2>F F10>D xc1
       = 4,5,0,10,1,2/4,4,6,0,10,0 S 0-2; South has a b d e f: 5
  e B: B6>b b2>d d7>E E8>A A3>D D9>A xf10
       = 3,2,9,2,5,0/0,2,4,0,1,9 S 0-11; South has a b c d e: 5
  e C: C1>D D7>e e3>B B7>c c8>E E9>B B2>D D3>a a4>e e3>B
       = 0,5,2,10,0,11/5,1,3,0,1,10 S 0-0; South has b c d f: 4
  e D: D6>d d7>E E8>A A3>D D2>F F9>C C4>a a4>e e6>E E3>b b6>B B11>A
       A4>E E2>a a3>d d6>D D5>c c14>f f16>E E4>c c2>e e7>F F9>C C9>f
       f3>C xd6
       = 6,8,2,0,2,0/7,8,0,5,2,1 S 0-7; South has a b c e: 4
  e E: E6>e e3>B B7>c c8>E E2>a a3>d d9>a
       = 1,4,1,0,2,10/4,2,4,9,1,10 S 0-0; South has a b c e f: 5
  e F: F6>f f8>b b3>e e4>C C3>F F2>b
       = 3,1,8,8,0,1/3,8,0,8,8,0 S 0-0; South has a b c d f: 5
  f A: A7>b
       = 7,1,1,6,6,2/0,2,7,2,7,7 S 0-0; South has a b c d e f: 6
  f B: B1>C C7>d d7>E E8>A A9>d d2>f f5>E E2>a a10>E xb4
       = 0,0,5,1,10,1/2,4,4,6,0,10 S 0-5; South has c d e f: 4
  f C: C6>c c2>e e7>F F8>B B3>E E9>B xe2
       = 9,3,2,9,0,5/10,0,2,4,0,1 S 0-3; South has a b c d f: 5
  f D: D1>E E7>f f3>C C7>d d8>F F9>C C2>E E3>b b4>f f3>C xd2
       = 10,0,5,0,10,0/11,5,0,3,0,1 S 0-3; South has a c e: 3
  f E: E6>e e7>F F8>B B3>E E2>a a9>D D4>b b4>f f6>F F3>c c6>C C11>B
       B4>F F2>b b3>e e6>E E5>d d14>A A16>F F4>d d2>f f7>a a9>D D9>A
       A3>D xc8
       = 1,6,0,2,6,2/0,7,8,0,5,2 S 0-9; South has a b d e f: 5
  f F: F6>f f3>C C7>d d8>F F2>b b3>e e9>b
       = 10,1,4,1,0,2/10,4,2,4,9,1 S 0-0; South has a b c d f: 5
perft(3) = (5+5+5+4) + (5+4+6+6) + (5+5+4+4) + (4+5+4+5) + (5+5+4+4+5+5)
         + (6+4+5+3+5+5) = 19 + 21 + 18 + 18 + 28 + 28 = 132.
"""

STAYS_HAND = """\
Hand derivation for the initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0,
depths 1-3, under capturing-seed=stays: worked out by hand, lap by lap,
from the rules, before the program was run on it; the program then
confirmed every entry below (laps, capture, position, legal plies), that
the list is complete, and the divide at depth 3.

The sowings are those of the default reading (tests/perft/ayoayo.perft)
as long as the positions agree; a capture leaves its capturing seed in the
landing pit, which changes the later sowings that pass through it. After
South's a, b, c, d (which capture) all of North's replies were worked out
again; after e and f (no capture) the replies are the default ones, with
the landing pit of a North capture keeping its seed (South's pits, and so
the count, are unchanged).

{notation}
{facts}
perft(1) = 6: South's six pits all hold 4.

Ply 1:
  a: a4>e e5>D D5>c c6>C C6>c xD1
       = 2,7,1,6,1,6/6,6,0,0,6,6 N 1-0; North has A B E F: 4
  b: b4>f f5>E E5>d d6>D D6>d xC6
       = 6,2,7,1,6,1/6,6,0,0,1,6 N 6-0; North has A B E F: 4
  c: c4>A A5>F F5>e e6>E E6>e xB6
       = 6,6,2,7,1,6/1,0,6,6,0,1 N 6-0; North has A C D F: 4
  d: d4>B B5>a a5>f f6>F F6>f xA6
       = 1,6,6,2,7,1/0,1,6,6,6,0 N 6-0; North has B C D E: 4
  e: e4>C C5>b b5>A A6>a a6>A
       = 0,1,6,6,2,7/1,6,1,6,6,6 N 0-0; North has A B C D E F: 6
  f: f4>D D5>c c5>B B6>b b6>B
       = 6,0,1,6,6,2/7,1,6,1,6,6 N 0-0; North has A B C D E F: 6
perft(2) = 4 + 4 + 4 + 4 + 6 + 6 = 28.

Ply 2 (North's reply), and South's legal plies at ply 3:
  a A: A6>a a3>d d7>E E8>A A2>C C3>F F9>C xd2
       = 2,10,4,0,4,9/1,10,1,3,1,0 S 1-2; South has a b c e f: 5
  a B: B6>b b8>D D2>F F8>B B2>D xc3
       = 4,1,0,8,3,8/8,0,3,1,8,0 S 1-3; South has a b d e f: 5
  a E: E6>e e2>A A7>b b9>E E2>a a5>f f9>c c5>B B10>f f2>B xe4
       = 2,3,1,11,0,0/4,1,4,4,2,11 S 1-4; South has a b c d: 4
  a F: F6>f f7>a a4>e e3>B B8>d d9>a a2>c c5>B B2>D D4>b b12>c c2>e
       e4>C C6>c
       = 3,1,1,3,0,5/12,2,0,2,12,6 S 1-0; South has a b c d f: 5
  b A: A6>a a7>B B8>d d3>A A2>C C3>F F9>C xd1
       = 2,5,10,0,9,4/1,2,1,3,4,0 S 6-1; South has a b c e f: 5
  b B: B6>b b3>e e7>F F8>B B2>D D3>a a9>D xc10
       = 0,2,0,4,2,4/9,1,4,1,4,1 S 6-10; South has b d e f: 4
  b E: E1>F F7>A A7>b b4>f f3>C C2>E E2>a a9>D D3>a
       = 1,1,10,4,9,1/2,9,1,0,1,3 S 6-0; South has a b c d e f: 6
  b F: F6>f f2>B B7>c c9>F F2>b b5>A A9>d d5>C C4>a a11>F F3>c c4>A
       A3>D D6>d d3>A xf6
       = 2,4,1,0,13,0/1,5,2,0,7,1 S 6-6; South has a b c e: 4
  c A: A1>B xe1
       = 6,6,2,7,0,6/0,1,6,6,0,1 S 6-1; South has a b c d f: 5
  c C: C6>c c3>f f7>a a8>C C2>E E3>b b9>E
       = 1,0,2,10,4,2/4,3,1,10,1,4 S 6-0; South has a c d e f: 5
  c D: D6>d d8>F F3>c c4>A A3>D D2>F xa8
       = 0,8,0,1,3,8/0,2,8,0,3,1 S 6-8; South has b d e f: 4
  c F: F1>a a7>B xe2
       = 0,7,3,8,0,7/2,1,6,6,0,0 S 6-2; South has b c d f: 4
  d B: B1>C C7>d d3>A xf2
       = 2,7,7,0,8,0/1,0,0,7,7,1 S 6-2; South has a b c e: 4
  d C: C6>c c7>D D8>f f3>C C2>E E9>B B4>F F4>d d6>D D3>a a6>A A5>F
       F2>b b12>c c6>C C5>b
       = 3,1,0,3,14,5/2,4,0,3,5,2 S 6-0; South has a b d e f: 5
  d D: D6>d d3>A xf2
       = 2,7,7,0,8,0/1,1,6,0,7,1 S 6-2; South has a b c e: 4
  d E: E6>e e8>a a3>d d4>B B3>E E2>a
       = 1,8,8,0,1,3/2,0,8,8,0,3 S 6-0; South has a b c e f: 5
  e A: A1>B B7>c c7>D D8>f f9>c c2>e e5>D D2>F F10>D xc1
       = 4,5,0,10,1,2/4,4,6,1,10,0 S 0-1; South has a b d e f: 5
  e B: B6>b b2>d d7>E E8>A A3>D D9>A xf10
       = 3,2,9,2,5,0/1,2,4,0,1,9 S 0-10; South has a b c d e: 5
  e C: C1>D D7>e e3>B B7>c c8>E E9>B B2>D D3>a a4>e e3>B
       = 0,5,2,10,0,11/5,1,3,0,1,10 S 0-0; South has b c d f: 4
  e D: D6>d d7>E E8>A A3>D D2>F F9>C C4>a a4>e e6>E E3>b b6>B B11>A
       A4>E E2>a a3>d d6>D D5>c c14>f f16>E E4>c c2>e e7>F F9>C C9>f
       f3>C xd6
       = 6,8,2,0,2,0/7,8,1,5,2,1 S 0-6; South has a b c e: 4
  e E: E6>e e3>B B7>c c8>E E2>a a3>d d9>a
       = 1,4,1,0,2,10/4,2,4,9,1,10 S 0-0; South has a b c e f: 5
  e F: F6>f f8>b b3>e e4>C C3>F F2>b
       = 3,1,8,8,0,1/3,8,0,8,8,0 S 0-0; South has a b c d f: 5
  f A: A7>b
       = 7,1,1,6,6,2/0,2,7,2,7,7 S 0-0; South has a b c d e f: 6
  f B: B1>C C7>d d7>E E8>A A9>d d2>f f5>E E2>a a10>E xb4
       = 0,0,5,1,10,1/2,4,4,6,1,10 S 0-4; South has c d e f: 4
  f C: C6>c c2>e e7>F F8>B B3>E E9>B xe2
       = 9,3,2,9,0,5/10,1,2,4,0,1 S 0-2; South has a b c d f: 5
  f D: D1>E E7>f f3>C C7>d d8>F F9>C C2>E E3>b b4>f f3>C xd2
       = 10,0,5,0,10,0/11,5,1,3,0,1 S 0-2; South has a c e: 3
  f E: E6>e e7>F F8>B B3>E E2>a a9>D D4>b b4>f f6>F F3>c c6>C C11>B
       B4>F F2>b b3>e e6>E E5>d d14>A A16>F F4>d d2>f f7>a a9>D D9>A
       A3>D xc8
       = 1,6,0,2,6,2/0,7,8,1,5,2 S 0-8; South has a b d e f: 5
  f F: F6>f f3>C C7>d d8>F F2>b b3>e e9>b
       = 10,1,4,1,0,2/10,4,2,4,9,1 S 0-0; South has a b c d f: 5
perft(3) = (5+5+4+5) + (5+4+6+4) + (5+5+4+4) + (4+5+4+5) + (5+5+4+4+5+5)
         + (6+4+5+3+5+5) = 19 + 19 + 18 + 18 + 28 + 28 = 130.
"""

BAAWA_HAND = """\
Hand derivation for the initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0,
depths 1-3: worked out by hand, lap by lap and seed by seed (watching for
a pit going from 3 to 4), from the rules, before the program was run on
it; the program then confirmed every entry below (laps, sowing captures,
position, legal plies), that the list is complete, and the divide at
depth 3.

{notation}
Facts used. The start has 4 in every pit, so nothing is captured until a
pit that was emptied (or holds 3) is filled to 4. In plies 1-3 the board
keeps far more than 8 seeds (plies 1-2 capture at most 3 x 4 seeds) and
no row is ever empty after a ply, so no game ends by seeds-left and
nobody passes; within 3 plies no position can occur 3 times (the 4
states of a line alternate South/North to act). The legal plies of the
side to act are exactly its non-empty pits.

perft(1) = 6: South's six pits all hold 4.

Ply 1. The laps are those of Ayoayo's first plies (no lap is as long as
12), and no seed makes a 4: every pit a lap passes holds 0, 1, 4, 5 or 6
before the seed falls. There is no capture at the end either (Ba-awa has
no capture of the opposite pit):
  a: a4>e e5>D D5>c c6>C C6>c
       = 2,7,1,6,1,6/6,6,0,1,6,6 N 0-0; North has A B D E F: 5
  b: b4>f f5>E E5>d d6>D D6>d
       = 6,2,7,1,6,1/6,6,6,0,1,6 N 0-0; North has A B C E F: 5
  c: c4>A A5>F F5>e e6>E E6>e
       = 6,6,2,7,1,6/1,6,6,6,0,1 N 0-0; North has A B C D F: 5
  d: d4>B B5>a a5>f f6>F F6>f
       = 1,6,6,2,7,1/6,1,6,6,6,0 N 0-0; North has A B C D E: 5
  e: e4>C C5>b b5>A A6>a a6>A
       = 0,1,6,6,2,7/1,6,1,6,6,6 N 0-0; North has A B C D E F: 6
  f: f4>D D5>c c5>B B6>b b6>B
       = 6,0,1,6,6,2/7,1,6,1,6,6 N 0-0; North has A B C D E F: 6
perft(2) = 5 + 5 + 5 + 5 + 6 + 6 = 32.

Ply 2 (North's reply), and South's legal plies at ply 3:
  a A: A6>a a3>d d7>E E8>A A2>C C3>F F9>C D4N c4S e4S
       = 2,10,0,2,0,9/1,10,1,0,1,0 S 8-4; South has a b d f: 4
  a B: B6>b b8>D D3>a *a4N
       = 0,0,2,7,2,7/7,1,2,0,8,8 S 0-4; South has c d e f: 4
  a D: D1>E E7>f f7>a *a4N
       = 0,8,2,7,2,0/7,7,1,1,1,8 S 0-4; South has b c d e: 4
  a E: E6>e e2>A A7>b b9>E E2>a a4S
       = 1,0,3,8,1,8/1,8,2,3,0,9 S 4-0; South has a c d e f: 5
  a F: F6>f f7>a *a4N
       = 0,8,2,7,2,0/7,7,1,2,7,1 S 0-4; South has b c d e: 4
  b A: A6>a a7>B B8>d d3>A A2>C C9>f b4S E4N *f4N
       = 2,1,10,1,9,0/0,1,0,3,0,9 S 4-8; South has a b c d e: 5
  b B: B6>b b3>e e7>F F8>B B2>D D3>a a9>D E4N d4S f4S
       = 0,2,10,0,2,0/9,1,10,1,0,1 S 8-4; South has b c e: 3
  b C: C6>c c8>E E3>b *b4N
       = 8,0,0,2,7,2/7,7,1,2,0,8 S 0-4; South has a d e f: 4
  b E: E1>F F7>A A7>b *b4N
       = 8,0,8,2,7,2/0,7,7,1,1,1 S 0-4; South has a c d e f: 5
  b F: F6>f f2>B B7>c c9>F F2>b b4S
       = 9,1,0,3,8,1/8,1,8,2,3,0 S 4-0; South has a b d e f: 5
  c A: A1>B B7>c c3>f f7>a a8>C C9>f f2>B B3>E F4N e4S *E4N
       = 1,9,2,10,0,0/3,0,1,10,0,0 S 4-8; South has a b c d: 4
  c B: B6>b b7>C C8>e e3>B B2>D D9>A c4S F4N *A4N
       = 9,2,1,10,1,9/0,0,1,0,3,0 S 4-8; South has a b c d e f: 6
  c C: C6>c c3>f f7>a a8>C C2>E E3>b b9>E F4N e4S A4N
       = 1,0,2,10,0,2/0,9,1,10,1,0 S 4-8; South has a c d f: 4
  c D: D6>d d8>F F3>c *c4N
       = 8,8,0,0,2,7/2,7,7,1,2,0 S 0-4; South has a b e f: 4
  c F: F1>a a7>B B7>c *c4N
       = 1,8,0,8,2,7/2,0,7,7,1,1 S 0-4; South has a b d e f: 5
  d A: A6>a a2>c c7>D D8>f f3>C C9>f d4S B4N
       = 2,9,2,1,10,1/2,0,0,1,9,3 S 4-4; South has a b c d e f: 6
  d B: B1>C C7>d d3>A A7>b b8>D D9>A A2>C C3>F a4S f4S *F4N
       = 0,1,9,2,10,0/0,3,0,1,10,0 S 8-4; South has b c d e: 4
  d C: C6>c c7>D D8>f f3>C C2>E E9>B d4S a4S *B4N
       = 0,9,2,1,10,1/9,0,0,1,0,3 S 8-4; South has b c d e f: 5
  d D: D6>d d3>A A7>b b8>D D2>F F3>c c9>F a4S f4S B4N
       = 0,1,0,2,10,0/2,0,9,1,10,1 S 8-4; South has b d e: 3
  d E: E6>e e8>a a3>d *d4N
       = 0,8,8,0,0,2/7,2,7,7,1,2 S 0-4; South has b c f: 3
  e A: A1>B B7>c c7>D D8>f f9>c c2>e e4S C4N b4S
       = 3,0,0,9,1,0/2,2,0,1,9,9 S 8-4; South has a d e: 3
  e B: B6>b b2>d d7>E E8>A A3>D D9>A e4S C4N
       = 3,2,9,2,1,10/1,2,0,0,1,9 S 4-4; South has a b c d e f: 6
  e C: C1>D D7>e e3>B B7>c c8>E E9>B B2>D D3>a b4S A4N *a4N
       = 0,0,1,9,2,10/0,0,3,0,1,10 S 4-8; South has c d e f: 4
  e D: D6>d d7>E E8>A A3>D D2>F F9>C e4S b4S *C4N
       = 3,0,9,2,1,10/1,9,0,0,1,0 S 8-4; South has a c d e f: 5
  e E: E6>e e3>B B7>c c8>E E2>a a3>d d9>a b4S A4N C4N
       = 1,0,1,0,2,10/0,2,0,9,1,10 S 4-8; South has a c e f: 4
  e F: F6>f f8>b b3>e *e4N
       = 2,0,8,8,0,0/2,7,2,7,7,1 S 0-4; South has a c d: 3
  f A: A7>b
       = 7,1,1,6,6,2/0,2,7,2,7,7 S 0-0; South has a b c d e f: 6
  f B: B1>C C7>d d7>E E8>A A9>d d2>f f4S D4N c4S
       = 9,3,0,0,9,1/0,2,2,0,1,9 S 8-4; South has a b e f: 4
  f C: C6>c c2>e e7>F F8>B B3>E E9>B f4S D4N
       = 9,3,2,9,2,1/10,1,2,0,0,1 S 4-4; South has a b c d e f: 6
  f D: D1>E E7>f f3>C C7>d d8>F F9>C C2>E E3>b c4S B4N *b4N
       = 10,0,0,1,9,2/10,0,0,3,0,1 S 4-8; South has a d e f: 4
  f E: E6>e e7>F F8>B B3>E E2>a a9>D f4S c4S *D4N
       = 0,3,0,9,2,1/10,1,9,0,0,1 S 8-4; South has b d e f: 4
  f F: F6>f f3>C C7>d d8>F F2>b b3>e e9>b c4S B4N D4N
       = 10,1,0,1,0,2/10,0,2,0,9,1 S 4-8; South has a b d f: 4
perft(3) = (4+4+4+5+4) + (5+3+4+5+5) + (4+6+4+4+5) + (6+4+5+3+3)
         + (3+6+4+5+4+3) + (6+4+6+4+4+4)
         = 21 + 22 + 23 + 21 + 25 + 28 = 140.
"""

BAAWA_CAPTURE_TEXT = """\
Sowing captures, in the order they happen: c4S: a seed other than its
lap's last brings c to 4; the owner of c's row (here South) takes them and
the lap goes on. *a4N: a lap's last seed brings a to 4; the mover (here
North) takes them and the sowing ends there."""

HAND = {
    "ayoayo": AYOAYO_HAND.format(
        notation=HAND_NOTATION.format(capture_text=AYO_CAPTURE_TEXT["ayoayo"]),
        facts=AYO_FACTS),
    "ayoayo-seed-stays": STAYS_HAND.format(
        notation=HAND_NOTATION.format(capture_text=AYO_CAPTURE_TEXT["ayoayo-seed-stays"]),
        facts=AYO_FACTS),
    "ba-awa": BAAWA_HAND.format(notation=HAND_NOTATION.format(capture_text=BAAWA_CAPTURE_TEXT)),
}
HAND_COUNTS = {"ayoayo": [6, 28, 132], "ayoayo-seed-stays": [6, 28, 130],
               "ba-awa": [6, 32, 140]}
HAND_DIVIDE = {"ayoayo": [19, 21, 18, 18, 28, 28],
               "ayoayo-seed-stays": [19, 19, 18, 18, 28, 28],
               "ba-awa": [21, 22, 23, 21, 25, 28]}


def hand_entries(text):
    """The entries 'plies: sowing = position; X has pits: n' of a hand
    derivation, continuation lines joined."""
    raw = []
    for ln in text.split("\n"):
        m = re.match(r"^  ([a-f](?: [A-F])?): (.*)$", ln)
        if m:
            raw.append([m.group(1), m.group(2)])
        elif raw and raw[-1] is not None and ln.startswith("       "):
            raw[-1][1] += " " + ln.strip()
        else:
            raw.append(None)
    out = []
    for r in raw:
        if r is None:
            continue
        path, body = r
        m = re.match(r"^(.*?) ?= (\S+ [SN] \d+-\d+); (South|North) has ([a-fA-F ]+): (\d+)$",
                     body)
        assert m, body
        out.append((path.split(), m.group(1).strip(), m.group(2), m.group(3),
                    m.group(4).split(), int(m.group(5))))
    return out


def hand_check(variant):
    """Check every entry of the hand derivation of `variant` against the
    program, that the entries cover every line of 1 and 2 plies, and the
    counts and divide of depths 1-3."""
    st0 = initial_state(variant)
    seen = set()
    for path, notation, pos, side, pits, n in hand_entries(HAND[variant]):
        st = st0
        for x in path[:-1]:
            st = apply_ply(st, x)[0]
        assert path[-1] in legal_plies(st), (variant, path)
        got, new = sowing_notation(st, path[-1])
        assert got == path[-1] + ": " + notation, (variant, path, got, notation)
        assert position_string(new) == pos, (variant, path, position_string(new), pos)
        assert side_name(new.to_act) == side, (variant, path)
        assert legal_plies(new) == pits and len(pits) == n, (variant, path, legal_plies(new))
        assert end_reason(new, 1) is None and end_reason(new, 2) is None
        assert tuple(path) not in seen
        seen.add(tuple(path))
    for x in legal_plies(st0):
        assert (x,) in seen, (variant, x)
        s1 = apply_ply(st0, x)[0]
        for y in legal_plies(s1):
            assert (x, y) in seen, (variant, x, y)
    assert len(seen) == 6 + HAND_COUNTS[variant][1]
    assert [perft(variant, d) for d in (1, 2, 3)] == HAND_COUNTS[variant]
    assert divide(variant, 3) == list(zip("abcdef", HAND_DIVIDE[variant]))


# ---------------------------------------------------------------------------
# Perft tables
# ---------------------------------------------------------------------------

STAT_TEXT = [
    ("capture", "captures"), ("empty-no-capture", "last seeds in an empty own pit facing an "
                              "empty pit (no capture)"),
    ("feeding-forced", "plies under forced feeding"), ("relay-3", "sowings of 3+ laps"),
    ("skip", "sowings with a lap of 12+ (origin skipped)"),
    ("sow-capture", "sowing captures"), ("for-opponent", "of them for the mover's opponent"),
    ("last", "by a lap's last seed"), ("multi", "plies with 2+ sowing captures"),
    ("origin-lap", "sowings with a lap of 12+ (into its own origin)"), ("pass", "passes"),
    ("cap", "sowings stopped by the relay cap"),
]


def tree_stats(variant, st, depth):
    """Events over every ply of every line of at most `depth` plies, the
    lines that end inside, by termination, and the number of lines of
    exactly d plies for d = 1..depth (a plain walk of every ply, no bulk
    count: a cross-check of perft())."""
    ev = Counter()
    ends = Counter()
    levels = [0] * (depth + 1)
    counts = Counter({position_string(st): 1})
    ayo = is_ayoayo(variant)

    def rec(s, d):
        plies = legal_plies(s)
        forced = (ayo and row_empty(s, other(s.to_act)) and len(plies) < len(sowable(s)))
        for ply in plies:
            levels[depth - d + 1] += 1
            child, info = apply_ply(s, ply)
            if info["pass"]:
                ev["pass"] += 1
            else:
                laps = info["laps"]
                if len(laps) >= 3:
                    ev["relay-3"] += 1
                if info["sow_end"] == "cap":
                    ev["cap"] += 1
                big = any(n >= BIG_LAP for o, n, l in laps)
                if ayo:
                    if forced:
                        ev["feeding-forced"] += 1
                    if info["capture"]:
                        ev["capture"] += 1
                    if info["empty_facing_empty"]:
                        ev["empty-no-capture"] += 1
                    if big:
                        ev["skip"] += 1
                else:
                    caps = info["sow_captures"]
                    ev["sow-capture"] += len(caps)
                    ev["for-opponent"] += sum(1 for c in caps if c[1] != s.to_act)
                    ev["last"] += sum(1 for c in caps if c[2])
                    if len(caps) >= 2:
                        ev["multi"] += 1
                    if big:
                        ev["origin-lap"] += 1
            key = position_string(child)
            counts[key] += 1
            why = end_reason(child, counts[key])
            if why:
                ends[why] += 1
            elif d > 1:
                rec(child, d - 1)
            counts[key] -= 1

    if depth and not end_reason(st, 1):
        rec(st, depth)
    return ev, ends, levels[1:]


def stats_text(depth, ev, ends):
    parts = ["%d %s" % (ev[k], t) for k, t in STAT_TEXT if ev[k]]
    parts = [p.replace("1 plies", "1 ply").replace("1 sowings", "1 sowing")
             .replace("1 captures", "1 capture").replace("1 passes", "1 pass")
             .replace("1 last seeds", "1 last seed")
             if p.startswith("1 ") else p for p in parts]
    text = "Within depth %d: %s" % (depth, ", ".join(parts) if parts else "no special plies")
    if ends:
        text += "; lines ending inside: " + ", ".join(
            "%s %d" % (k, ends[k]) for k in sorted(ends))
    else:
        text += "; no line ends inside"
    return text + "."


PERFT_HEADER = [
    "perft(d) = number of distinct ply sequences of exactly d plies from the "
    "position. Every ply counts ({extra}). A finished game has no plies, including "
    "a game ended by the third occurrence of a whole state, the history starting "
    "at the section's position (its first occurrence); a ply that ends the game "
    "still counts at its own depth. perft(0) = 1.",
    "All counts below were computed by tools/reference/ayoayo_ba_awa.py, an "
    "independent Python implementation of {rules} written from the rules as "
    "stated in its brief, without reference to the Rust engine (plain recursive "
    "enumeration with the repetition history carried along each line, bulk count "
    "at the last ply). The \"Within depth\" notes of a section count events over "
    "every ply of every line up to the section's last depth (a second, separate "
    "walk of the tree, without the bulk count, whose line counts per depth "
    "are checked against the perft numbers), and the lines that end inside that depth, by termination.",
    "Regenerate: python3 tools/reference/ayoayo_ba_awa.py golden",
    "One number: python3 tools/reference/ayoayo_ba_awa.py perft {variant} <depth> [--position P]",
]

INITIAL_DEPTH = 9        # about 10-15 s per variant here
INITIAL_STATS_DEPTH = 6

# (golden file, ply, depth, what it exercises, check of that claim on the
# position).  The position is the one before that ply of that golden game.
AYOAYO_PERFT_POSITIONS = [
    ("ayoayo/02-relayer-seed2.rec", 10, 8,
     "the relay cap at the root: North's F (2 seeds) relays for ever (the "
     "laps repeat with a period of 201), so the sowing stops after the first "
     "lap and 10000 relays, its last seed in b, which then holds 2: nothing "
     "is lifted and nothing captured. Long relays, captures and more capped "
     "sowings follow",
     lambda st: apply_ply(st, "F")[1]["sow_end"] == "cap"
     and len(apply_ply(st, "F")[1]["laps"]) == 10001),
    ("ayoayo/01-repeater-seed3.rec", 12, 11,
     "feeding forced at the root: South's row is empty; of North's A B C D E "
     "only A (relaying from B), B and C (relaying from D) leave South a "
     "seed; D (2 seeds: E F) and E (1 seed: F) end in North's row. Lines "
     "end by cannot-feed and no-sowing",
     lambda st: legal_plies(st) == ["A", "B", "C"] and len(sowable(st)) == 5),
    ("ayoayo/01-repeater-seed3.rec", 18, 16,
     "an endgame of 7 seeds from the capture-free stretch that ends that game "
     "by repetition: forced feeding, cannot-feed and no-sowing ends, and "
     "lines ended by a third occurrence{norep}",
     lambda st: sum(st.seeds) == 7),
]
STAYS_PERFT_POSITIONS = [
    ("ayoayo/10-stays-from-02-seed1.rec", 3, 7,
     "a position of the stays reading only (South's capture at ply 1 left its "
     "capturing seed in c): North's A and E hold 12, laps of 12+ skip their "
     "origins, relays, captures, and some capped sowings",
     lambda st: st.seeds[pit_of("A")] == 12 and st.seeds[pit_of("E")] == 12),
    ("ayoayo/09-stays-from-01-seed1.rec", 12, 14,
     "an endgame of 7 seeds from the capture-free stretch that ends that game "
     "by repetition: forced feeding, cannot-feed and no-sowing ends, and "
     "lines ended by a third occurrence{norep}",
     lambda st: sum(st.seeds) == 7),
    ("ayoayo/02-relayer-seed2.rec", 10, 8,
     "the relay-cap position of tests/perft/ayoayo.perft (played there under "
     "the default reading), here under capturing-seed=stays",
     lambda st: apply_ply(st, "F")[1]["sow_end"] == "cap"),
]
BAAWA_PERFT_POSITIONS = [
    ("ba-awa/03-hoarder-seed6.rec", 7, 10,
     "South's a holds 13: that lap drops a seed in its own emptied origin; "
     "sowing captures for both players mid-lap, by last seeds, several in "
     "one ply; many lines end by seeds-left (8 or fewer on the board)",
     lambda st: st.seeds[pit_of("a")] == 13),
    ("ba-awa/01-hoarder-seed9.rec", 21, 12,
     "a pass at the root (South's row is empty); North's F holds 14, and its "
     "laps of 12+ drop into their own origin; few seeds: lines end by "
     "seeds-left, and some sowings are stopped by the relay cap",
     lambda st: legal_plies(st) == [PASS] and st.seeds[pit_of("F")] == 14),
    ("ba-awa/02-repeater-seed9.rec", 11, 11,
     "12 seeds, the start of the 6-ply capture-free cycle that ends that game "
     "by repetition (which, counted from this position, first ends a line at "
     "ply 12, beyond this depth); sowing captures, seeds-left ends, and many "
     "sowings stopped by the relay cap",
     lambda st: sum(st.seeds) == 12),
]


def _golden_state(games, name, ply):
    return games[name].history[ply - 1][2]


def _norep_text(variant, st, depth):
    """The count at `depth` when the repetition rule is switched off."""
    global REPETITION_LIMIT
    saved = REPETITION_LIMIT
    try:
        a = perft(variant, depth, st)
        REPETITION_LIMIT = 10 ** 9
        b = perft(variant, depth, st)
    finally:
        REPETITION_LIMIT = saved
    if a == b:
        return " (the repetition rule does not change the count at depth %d)" % depth
    return " (without the repetition rule depth %d would give %d)" % (depth, b)


def write_perft(repo, golden_table):
    pdir = os.path.join(repo, "tests", "perft")
    os.makedirs(pdir, exist_ok=True)
    games = {"%s/%s" % (v, name): g for v, name, g, ms, why in golden_table}
    timings = {}

    def header(out, variant, extra, rules):
        for k, para in enumerate(PERFT_HEADER):
            text = para.format(extra=extra, rules=rules, variant=variant)
            if k in (1, 2):
                out.append("#")
            for ln in (_wrap(text, 76) if k < 2 else [text]):
                out.append("# " + ln)

    def block(out, variant, st, depth, comment, stats_depth=None):
        pos = position_string(st)
        assert position_string(parse_position(variant, pos)) == pos
        counts = [perft(variant, d, st) for d in range(1, depth + 1)]
        sd = depth if stats_depth is None else stats_depth
        ev, ends, levels = tree_stats(variant, st, sd)
        assert levels == counts[:sd], (variant, pos, levels, counts)
        out.append("")
        for c in comment + _wrap(stats_text(sd, ev, ends), 74):
            out.append(("# " + c).rstrip())
        out.append("position " + pos)
        for d, n in enumerate(counts, 1):
            out.append("%d %d" % (d, n))
        return counts

    def golden_blocks(out, variant, specs, extra=None):
        for name, ply, depth, why, check in specs:
            st = _golden_state(games, name, ply)
            st = parse_position(variant, position_string(st))
            assert check(st), (variant, name, ply)
            if "{norep}" in why:
                why = why.replace("{norep}", _norep_text(variant, st, depth))
            text = "It exercises: " + why + "."
            if extra:
                text += " " + extra(st, depth)
            block(out, variant, st, depth,
                  ["Position before ply %d of tests/golden/%s." % (ply, name)]
                  + _wrap(text, 74))

    def write(variant, out):
        with open(os.path.join(pdir, variant + ".perft"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(out) + "\n")

    def hand(out, variant):
        hand_check(variant)
        out.append("#")
        for ln in HAND[variant].rstrip("\n").split("\n"):
            out.append(("# " + ln).rstrip())

    init_text = ("The initial position. The \"Within depth\" note stops at depth %d "
                 "(the counts go on to %d)." % (INITIAL_STATS_DEPTH, INITIAL_DEPTH))

    # ---- Ayoayo ----
    t0 = time.time()
    v = "ayoayo"
    out = ["# Perft counts for Ayoayo (2x6, 4 seeds per pit, South first, relay sowing)",
           "# under the default reading capturing-seed=taken.", "#"]
    header(out, v, "every sowing is one ply", "Ayoayo")
    hand(out, v)
    block(out, v, initial_state(v), INITIAL_DEPTH,
          _wrap(init_text + " The readings first differ at depth 3 "
                "(tests/perft/ayoayo-seed-stays.perft).", 74),
          INITIAL_STATS_DEPTH)
    golden_blocks(out, v, AYOAYO_PERFT_POSITIONS)
    write(v, out)
    timings[v] = time.time() - t0

    # ---- Ayoayo, capturing-seed=stays ----
    t0 = time.time()
    v = "ayoayo-seed-stays"
    out = ["# Perft counts for Ayoayo under the reading capturing-seed=stays: a",
           "# capture takes the seeds of the opposite pit only, and the capturing",
           "# seed stays in the landing pit (under the default reading,",
           "# tests/perft/ayoayo.perft, it is captured too). Records of this reading",
           "# carry [Variant \"ayoayo\"] and [Readings \"capturing-seed=stays\"].", "#"]
    header(out, v, "every sowing is one ply", "Ayoayo")
    out.append("#")
    out.append("# Each section's comment also gives the counts under the default reading.")
    hand(out, v)

    def dflt(st, depth):
        d = parse_position("ayoayo", position_string(st))
        return "Default reading: %s." % ", ".join(
            "%d:%d" % (k, perft("ayoayo", k, d)) for k in range(1, depth + 1))

    block(out, v, initial_state(v), INITIAL_DEPTH,
          _wrap(init_text + " " + dflt(initial_state(v), 5).replace(".", ", ...") , 74),
          INITIAL_STATS_DEPTH)
    golden_blocks(out, v, STAYS_PERFT_POSITIONS, dflt)
    write(v, out)
    timings[v] = time.time() - t0

    # ---- Ba-awa ----
    t0 = time.time()
    v = "ba-awa"
    out = ["# Perft counts for Ba-awa (2x6, 4 seeds per pit, South first, relay sowing",
           "# with sowing captures of 4).", "#"]
    header(out, v, "every sowing is one ply, and so is a pass", "Ba-awa")
    hand(out, v)
    block(out, v, initial_state(v), INITIAL_DEPTH, _wrap(init_text, 74), INITIAL_STATS_DEPTH)
    golden_blocks(out, v, BAAWA_PERFT_POSITIONS)
    write(v, out)
    timings[v] = time.time() - t0
    return timings


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

# ---------------------------------------------------------------------------
# Ba-awa matches (rules/ba-awa.toml [match], default readings)
# ---------------------------------------------------------------------------
#
# Written from the sources' description of the match (docs/sources/
# matches.md, section 7) and the rule file's readings, not from the engine:
# after a game each player holds what they captured plus what the end gave
# them (every total is a multiple of four).  Each fills the pits of their own
# row with four apiece, from the first pit of the row in sowing order (a..f
# for South, A..F for North: reading pit-passed=first-pit); the pits the
# loser cannot fill are filled, in the same order, by the winner from what
# they hold after their own row, and the winner controls them for the game.
# A pit reaching four during a sowing goes to its controller; the seeds left
# at the end go to the player who moved first in that game; a repetition
# gives each pit's seeds to its controller.  The winner of a game moves
# first in the next (reading next-first=winner; after a draw, the player who
# did not move first).  The match ends when a player holds no seed, so cannot
# fill a pit; the other wins it.

class MState:
    __slots__ = ("seeds", "ctrl", "to_act", "captured", "first")

    def __init__(self, seeds, ctrl, to_act, captured, first):
        self.seeds, self.ctrl = list(seeds), list(ctrl)
        self.to_act, self.captured, self.first = to_act, list(captured), first

    def copy(self):
        return MState(self.seeds, self.ctrl, self.to_act, self.captured, self.first)


def m_position(st):
    s = "%s/%s %s %d-%d" % (",".join(map(str, st.seeds[0:6])), ",".join(map(str, st.seeds[6:12])),
                            SIDE[st.to_act], st.captured[S], st.captured[N])
    if st.ctrl != [owner(p) for p in range(PITS)]:
        s += " owners=%s/%s" % ("".join(SIDE[c] for c in st.ctrl[0:6]),
                                "".join(SIDE[c] for c in st.ctrl[6:12]))
    return s


def m_legal(st):
    sow = [label(p) for p in range(PITS) if st.ctrl[p] == st.to_act and st.seeds[p] > 0]
    return sow if sow else [PASS]


def m_apply(st, ply):
    me = st.to_act
    new = st.copy()
    new.to_act = other(me)
    if ply == PASS:
        return new
    origin = pit_of(ply)
    seeds, cap = new.seeds, new.captured
    while True:
        n = seeds[origin]
        seeds[origin] = 0
        p, k = origin, n
        while k:
            p = (p + 1) % PITS
            seeds[p] += 1
            k -= 1
            if seeds[p] == 4:
                seeds[p] = 0
                if k:
                    cap[new.ctrl[p]] += 4       # to the pit's controller
                else:
                    cap[me] += 4                # the last seed: the mover, and stop
                    return new
        if seeds[p] == 1:
            return new
        origin = p                              # relay


def m_play_game(start, rng, policies, max_plies=2000):
    """Play one game of the match; return (plies, final state, termination, totals)."""
    st = start.copy()
    counts = Counter([m_position(st)])
    plies = []
    while True:
        if sum(st.seeds) <= SEEDS_LEFT_LIMIT:
            term = SEEDS_LEFT
            break
        if counts[m_position(st)] >= REPETITION_LIMIT:
            term = REPETITION
            break
        if len(plies) >= max_plies:
            return None
        legal = m_legal(st)
        pol = policies[st.to_act]
        if pol == "capturer" and len(legal) > 1:
            me = st.to_act
            g = {}
            for x in legal:
                c = m_apply(st, x)
                g[x] = (c.captured[me] - st.captured[me]) - (c.captured[other(me)] - st.captured[other(me)])
            best = max(g.values())
            x = rng.choice([x for x in legal if g[x] == best])
        else:
            x = rng.choice(legal)
        plies.append(x)
        st = m_apply(st, x)
        counts[m_position(st)] += 1
    tot = list(st.captured)
    if term == SEEDS_LEFT:
        tot[st.first] += sum(st.seeds)
    else:
        for p in range(PITS):
            tot[st.ctrl[p]] += st.seeds[p]
    return plies, st, term, tot


def m_next_start(tot, first):
    """Set-up of the next game from the seeds each holds, or None when the
    match is over (a player cannot fill a single pit)."""
    if tot[S] < 4 or tot[N] < 4:
        return None
    hold = list(tot)
    seeds = [0] * PITS
    ctrl = [owner(p) for p in range(PITS)]
    unfilled = {S: [], N: []}
    for side in (S, N):
        for p in row(side):                      # first pit in sowing order onward
            if hold[side] >= 4:
                seeds[p] = 4
                hold[side] -= 4
            else:
                unfilled[side].append(p)
    for side in (S, N):
        for p in unfilled[other(side)]:          # the opponent fills them, same order
            if hold[side] >= 4:
                seeds[p] = 4
                ctrl[p] = side
                hold[side] -= 4
    assert all(seeds), "Ba-awa: every pit is filled (totals are multiples of four)"
    if tot[S] > tot[N]:
        nf = S
    elif tot[N] > tot[S]:
        nf = N
    else:
        nf = other(first)
    return MState(seeds, ctrl, nf, hold, nf)


def m_match(seed, policies, max_games=40):
    rng = random.Random("ba-awa-match-%d-%s-%s" % (seed, policies[S], policies[N]))
    st = MState([4] * PITS, [owner(p) for p in range(PITS)], S, [0, 0], S)
    games = []
    while len(games) < max_games:
        r = m_play_game(st, rng, policies)
        if r is None:
            return None
        plies, fin, term, tot = r
        nxt = m_next_start(tot, st.first)
        games.append((st, plies, fin, term, tot, nxt))
        if nxt is None:
            return games
        st = nxt
    return None


def m_record(games, seed, policies, header):
    out = []
    for k, (st, plies, fin, term, tot, nxt) in enumerate(games, 1):
        if k == 1:
            out += ["; " + h for h in header]
        if nxt is None:
            mres = "S" if tot[S] > tot[N] else "N"
        else:
            mres = "*"
        tags = [("Variant", "ba-awa"), ("South", "ayoayo_ba_awa %s seed %d" % (policies[S], seed)),
                ("North", "ayoayo_ba_awa %s seed %d" % (policies[N], seed)), ("Date", DATE),
                ("MatchGame", str(k))]
        if k > 1:
            tags.append(("Position", m_position(st)))
        tags += [("Result", "%d-%d" % (tot[S], tot[N])), ("MatchResult", mres),
                 ("Termination", term), ("FinalPosition", m_position(fin))]
        out += ['[%s "%s"]' % t for t in tags]
        out.append("")
        line = ""
        for x in plies:
            if line and len(line) + 1 + len(x) > 72:
                out.append(line)
                line = ""
            line = (line + " " + x) if line else x
        if line:
            out.append(line)
        out.append("")
    return "\n".join(out)


MATCH_GOLDEN = [
    # (file, seed, South policy, North policy)
    ("12-match-capturer-uniform", "capturer", "uniform"),
    ("13-match-uniform-capturer", "uniform", "capturer"),
]


def match_golden(root="."):
    """Write tests/golden/ba-awa/12-*.rec and 13-*.rec: whole matches, the
    first seed from 1 up whose match ends in 2 or more games."""
    written = []
    for name, south, north in MATCH_GOLDEN:
        pol = {S: south, N: north}
        for seed in range(1, 1000):
            games = m_match(seed, pol)
            if games and len(games) >= 2:
                break
        header = [
            "Derived by tools/reference/ayoayo_ba_awa.py (match-golden), an independent",
            "Python implementation of Ba-awa's match, written from the sources'",
            "description of the match and rules/ba-awa.toml's default readings",
            "(pit-passed=first-pit, next-first=winner), without reference to the engine.",
            "A whole match of %d games, played to its end: seed %d, South %s, North %s."
            % (len(games), seed, south, north),
            "  uniform: uniformly random over the legal plies",
            "  capturer: the ply with the best capture balance at once (ties at random)",
            "Seed: the first from 1 whose match ends (a player holds no seed) within 40",
            "games. The loser's unfilled pits go to the winner (owners= in Position).",
        ]
        path = os.path.join(root, "tests", "golden", "ba-awa", "%s-seed%d.rec" % (name, seed))
        with open(path, "w") as f:
            f.write(m_record(games, seed, pol, header))
        written.append((path, len(games), [g[4] for g in games]))
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("depth", type=int)
    p.add_argument("--position")
    p.add_argument("--divide", action="store_true")
    p = sub.add_parser("play")
    p.add_argument("variant", choices=VARIANTS)
    p.add_argument("plies", nargs="*")
    p.add_argument("--position")
    sub.add_parser("selftest")
    sub.add_parser("golden")
    sub.add_parser("match-golden")
    args = ap.parse_args(argv)
    if args.cmd == "selftest":
        selftest()
    elif args.cmd == "perft":
        start = parse_position(args.variant, args.position) if args.position else None
        if args.divide:
            for ply, n in divide(args.variant, args.depth, start):
                print(ply, n)
        else:
            print(perft(args.variant, args.depth, start))
    elif args.cmd == "play":
        start = parse_position(args.variant, args.position) if args.position else None
        g = Game(args.variant, start)
        print(position_string(g.state))
        for ply in args.plies:
            before = g.state
            info = g.play(ply)
            extra = ""
            if not info["pass"]:
                extra = "  " + sowing_notation(before, ply)[0].split(": ", 1)[1]
            print("%-4s %s%s" % (ply, position_string(g.state), extra))
        if g.termination:
            print("finished:", g.termination, "totals %d-%d" % tuple(g.totals()))
        else:
            print("legal:", " ".join(g.legal()))
    elif args.cmd == "match-golden":
        for path, n, tots in match_golden():
            print(path, n, "games", tots)
    elif args.cmd == "golden":
        t0 = time.time()
        table = write_golden()
        for variant, name, g, ms, why in table:
            print("%s/%s: %d plies, %s, %d-%d" % ((variant, name, len(g.history), g.termination)
                                                  + tuple(g.totals())))
        print("golden games written in %.1fs" % (time.time() - t0))
        for path, n, tots in match_golden(REPO):   # write_golden cleared ba-awa/*.rec
            print(path, n, "games")
        for v, secs in write_perft(REPO, table).items():
            print("tests/perft/%s.perft written in %.1fs" % (v, secs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
