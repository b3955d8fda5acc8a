#!/usr/bin/env python3
"""oware_kalah.py -- an independent reference implementation of Oware (abapa)
and Kalah(6,4), for cross-checking the Rust engine.

Companion of gore_kpe.py (Goré and Kpé); it imports nothing from it and
nothing from the project.  Written from the rules as stated to it (the
project's notation of docs/notation.md, generalised to 2x6 boards),
without reading or running the Rust engine.  Python 3 standard library
only.  Plain over fast.

Commands (run from the repository root):
    python3 tools/reference/oware_kalah.py selftest
    python3 tools/reference/oware_kalah.py perft <oware|kalah|kalah-no-empty-capture> <d> [--position P] [--divide]
    python3 tools/reference/oware_kalah.py play <variant> <ply>... [--position P]
    python3 tools/reference/oware_kalah.py golden
        (rewrites tests/golden/{oware,kalah}/*.rec, tests/perft/{oware,kalah,
         kalah-no-empty-capture}.perft and this script's section of
         tests/golden/README.md)

Variants:
    oware                   Oware abapa
    kalah                   Kalah(6,4), reading empty-capture=empty-capture
    kalah-no-empty-capture  Kalah(6,4), reading empty-capture=no-empty-capture
"""

import argparse
import os
import random
import sys
import time
from collections import Counter

# ---------------------------------------------------------------------------
# Board basics
# ---------------------------------------------------------------------------

# Pit (house) index 0..11 in counter-clockwise order: South's row a..f, then
# North's row A..F.  The pit opposite index i is 11 - i (a faces F, f faces A).
LABELS = "abcdefABCDEF"
HOUSES = 12
ROW = 6
S, N = 0, 1
SIDE = "SN"
TOTAL_SEEDS = 48
VARIANTS = ("oware", "kalah", "kalah-no-empty-capture")
REPETITION_LIMIT = 3          # the third occurrence of a whole state ends the game
OWARE_WIN = 24                # capturing MORE than this ends an Oware game
STORE = "store"               # the mover's own store, as a place of a Kalah sowing

# Termination codes
CAPTURED_MORE_THAN = "captured-more-than"
CANNOT_FEED = "cannot-feed"
NO_SOWING = "no-sowing"
ROW_EMPTY = "row-empty"
REPETITION = "repetition"


def other(side):
    return 1 - side


def row(side):
    return list(range(0, 6)) if side == S else list(range(6, 12))


def owner(p):
    return S if p < 6 else N


def opposite(p):
    return HOUSES - 1 - p


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


def is_kalah(variant):
    return variant in ("kalah", "kalah-no-empty-capture")


def record_variant(variant):
    """The Variant tag of a record, and its Readings tag value or None."""
    if variant == "kalah-no-empty-capture":
        return "kalah", "empty-capture=no-empty-capture"
    return variant, None


class PositionError(ValueError):
    pass


class IllegalPly(ValueError):
    pass


# ---------------------------------------------------------------------------
# State and position notation
# ---------------------------------------------------------------------------

class State:
    """seeds: 12 counts (houses a..f, A..F); to_act: S or N;
    captured: [South, North] (for Kalah, the contents of the two stores)."""

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
    return State(variant, [4] * HOUSES, S, [0, 0])


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
# Sowing
# ---------------------------------------------------------------------------

def oware_places(origin, n):
    """Pits receiving the seeds of an Oware sowing of n seeds from origin, in
    order: counter-clockwise, the origin skipped on every pass."""
    out = []
    p = origin
    while len(out) < n:
        p = (p + 1) % HOUSES
        if p != origin:
            out.append(p)
    return out


def kalah_cycle(side):
    """The 13 places a side's sowing runs through, starting at its first
    house: its houses, its own store, the opponent's houses (the opponent's
    store is skipped)."""
    return row(side) + [STORE] + row(other(side))


def kalah_places(side, origin, n):
    """Places receiving the seeds of a Kalah sowing of n seeds from origin:
    the origin itself is not skipped (13 or more seeds drop one there)."""
    cyc = kalah_cycle(side)
    i = cyc.index(origin)
    return [cyc[(i + k) % len(cyc)] for k in range(1, n + 1)]


# ---------------------------------------------------------------------------
# Legal plies
# ---------------------------------------------------------------------------

def sowable(st):
    return [p for p in row(st.to_act) if st.seeds[p] > 0]


def oware_feeds(st, p):
    """Does sowing p drop at least one seed in the opponent's row?"""
    opp = set(row(other(st.to_act)))
    return any(q in opp for q in oware_places(p, st.seeds[p]))


def oware_feeding_applies(st):
    return all(st.seeds[p] == 0 for p in row(other(st.to_act)))


def legal_plies(st):
    """Legal plies of a state that is not finished, as labels."""
    sow = sowable(st)
    if st.variant == "oware" and oware_feeding_applies(st):
        sow = [p for p in sow if oware_feeds(st, p)]
        # (if this is empty the state is finished: cannot-feed, see end_reason)
    return [label(p) for p in sow]


# ---------------------------------------------------------------------------
# Applying a ply
# ---------------------------------------------------------------------------

def apply_ply(st, ply):
    """Return (new_state, info).  The ply must be legal in st."""
    me = st.to_act
    origin = pit_of(ply)
    new = st.copy()
    n = new.seeds[origin]
    info = {"ply": ply, "side": me, "origin": origin, "sown": n,
            "captured_pits": [], "captured_seeds": 0, "extra_turn": False,
            "grand_slam": [], "kalah_capture": None}
    new.seeds[origin] = 0
    if st.variant == "oware":
        info["feeding_forced"] = (oware_feeding_applies(st)
                                  and len(legal_plies(st)) < len(sowable(st)))
        places = oware_places(origin, n)
        for p in places:
            new.seeds[p] += 1
        landing = places[-1]
        info["landing"] = landing
        opp = row(other(me))
        taken = []
        p = landing
        while p in opp and new.seeds[p] in (2, 3):
            taken.append(p)
            p = (p - 1) % HOUSES
        if taken and sum(new.seeds[q] for q in taken) == sum(new.seeds[q] for q in opp):
            # Grand slam: the capture would take every seed of the opponent's
            # row; the sowing stands and nothing is captured.
            info["grand_slam"] = taken
            info["grand_slam_seeds"] = [new.seeds[q] for q in taken]
            taken = []
        info["captured_counts"] = [new.seeds[q] for q in taken]
        for q in taken:
            info["captured_seeds"] += new.seeds[q]
            new.captured[me] += new.seeds[q]
            new.seeds[q] = 0
        info["captured_pits"] = taken
        new.to_act = other(me)
        return new, info

    # Kalah
    places = kalah_places(me, origin, n)
    for p in places:
        if p == STORE:
            new.captured[me] += 1
        else:
            new.seeds[p] += 1
    info["into_store"] = places.count(STORE)
    landing = places[-1]
    info["landing"] = landing
    if landing == STORE:
        info["extra_turn"] = True
        new.to_act = me
        return new, info
    new.to_act = other(me)
    if owner(landing) == me and new.seeds[landing] == 1:
        # last seed in a house of the mover's row that was empty before it
        opp = opposite(landing)
        if new.seeds[opp] > 0:
            info["kalah_capture"] = "opposite"
            info["captured_pits"] = [landing, opp]
            info["captured_counts"] = [1, new.seeds[opp]]
            info["captured_seeds"] = 1 + new.seeds[opp]
            new.captured[me] += 1 + new.seeds[opp]
            new.seeds[landing] = 0
            new.seeds[opp] = 0
        elif st.variant == "kalah":
            info["kalah_capture"] = "empty-capture"
            info["captured_pits"] = [landing]
            info["captured_counts"] = [1]
            info["captured_seeds"] = 1
            new.captured[me] += 1
            new.seeds[landing] = 0
        else:
            info["kalah_capture"] = "empty-no-capture"
    return new, info


def store_gain(st, ply):
    """Seeds the ply adds to the mover's captured total (store)."""
    new, _ = apply_ply(st, ply)
    return new.captured[st.to_act] - st.captured[st.to_act]


# ---------------------------------------------------------------------------
# End of game
# ---------------------------------------------------------------------------

def end_reason(st, occurrences):
    """Termination of a state reached with `occurrences` occurrences of its
    position string so far (the start counts as one), or None.
    Oware precedence: captured-more-than, cannot-feed, no-sowing, repetition.
    Kalah: row-empty, repetition."""
    if st.variant == "oware":
        if st.captured[S] > OWARE_WIN or st.captured[N] > OWARE_WIN:
            return CAPTURED_MORE_THAN
        if oware_feeding_applies(st) and not legal_plies(st):
            return CANNOT_FEED
        if not sowable(st):
            return NO_SOWING
    else:
        if not sowable(st) or all(st.seeds[p] == 0 for p in row(other(st.to_act))):
            return ROW_EMPTY
    if occurrences >= REPETITION_LIMIT:
        return REPETITION
    return None


def final_totals(st, termination):
    """Captured (store) plus the seeds left on the board: to the player to
    act after cannot-feed, else to the side of the row they lie in."""
    tot = list(st.captured)
    if termination == CANNOT_FEED:
        tot[st.to_act] += sum(st.seeds)
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
        legal = legal_plies(self.state)
        if ply not in legal:
            raise IllegalPly("%s is not legal in %s (legal: %s)"
                             % (ply, position_string(self.state), " ".join(legal)))
        before = self.state
        after, info = apply_ply(before, ply)
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
    """Number of distinct ply sequences of exactly `depth` plies (every
    ply counts, a Kalah extra turn included).  A finished game has none;
    the repetition history starts at the start position."""
    st = start if start is not None else initial_state(variant)
    if depth == 0:
        return 1
    counts = Counter({position_string(st): 1})
    if end_reason(st, 1):
        return 0
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
# Self test
# ---------------------------------------------------------------------------

def _play(variant, pos, plies):
    g = Game(variant, parse_position(variant, pos) if pos else None)
    infos = [g.play(p) for p in plies]
    return g, infos


def selftest():
    # notation
    for v in VARIANTS:
        assert position_string(initial_state(v)) == "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"
    for bad in ("4,4,4,4,4,4/4,4,4,4,4,4 S 1-0", "4,4,4,4,4/4,4,4,4,4,4,4 S 0-0",
                "4,4,4,4,4,4/4,4,4,4,4,4 X 0-0", "4,4,4,4,4,04/4,4,4,4,4,4 S 0-0",
                "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 sown=a/"):
        try:
            parse_position("oware", bad)
        except PositionError:
            pass
        else:
            raise AssertionError("accepted " + bad)

    # --- Oware ---
    assert oware_places(0, 4) == [1, 2, 3, 4]
    assert oware_places(0, 12) == list(range(1, 12)) + [1]        # origin skipped
    assert len(set(oware_places(3, 23))) == 11 and 3 not in oware_places(3, 23)
    # a 12-seed sowing from a: each other pit +1, the 12th seed in b
    g, (i,) = _play("oware", "12,0,0,0,0,0/1,1,1,1,1,1 S 15-15", ["a"])
    assert position_string(g.state) == "0,2,1,1,1,1/2,2,2,2,2,2 N 15-15", g.state
    # chain backwards from the landing pit, stopping at the mover's row
    g, (i,) = _play("oware", "0,0,0,0,0,4/1,2,1,5,0,0 S 17-18", ["f"])
    # f sows A B C D: A=2 B=3 C=2 D=6 -> lands D (6): nothing
    assert i["captured_pits"] == [] and i["landing"] == pit_of("D")
    g, (i,) = _play("oware", "0,0,0,0,0,3/1,2,1,5,0,0 S 18-18", ["f"])
    # f sows A B C: lands C=2, chain C(2) B(3) A(2), then f is South's: stop
    assert i["captured_pits"] == [8, 7, 6] and i["captured_seeds"] == 7, i
    assert position_string(g.state) == "0,0,0,0,0,0/0,0,0,5,0,0 N 25-18"
    assert g.termination == CAPTURED_MORE_THAN and g.totals() == [25, 23]
    # the chain stops at a pit holding another count
    g, (i,) = _play("oware", "0,0,0,0,0,3/1,4,1,5,0,0 S 18-16", ["f"])
    assert i["captured_pits"] == [8] and position_string(g.state) == "0,0,0,0,0,0/2,5,0,5,0,0 N 20-16"
    # grand slam: would take every seed of North's row -> captures nothing
    g, (i,) = _play("oware", "0,0,0,0,0,3/1,2,1,0,0,0 S 18-23", ["f"])
    assert i["grand_slam"] == [8, 7, 6] and i["captured_pits"] == []
    assert position_string(g.state) == "0,0,0,0,0,0/2,3,2,0,0,0 N 18-23"
    # feeding forced: North's row empty, only sowings reaching A are legal
    st = parse_position("oware", "1,0,0,3,1,0/0,0,0,0,0,0 S 20-23")
    assert legal_plies(st) == ["d"], legal_plies(st)
    # cannot feed: the mover (South) takes every seed left
    g = Game("oware", parse_position("oware", "1,1,0,0,0,0/0,0,0,0,0,0 S 22-24"))
    assert g.termination == CANNOT_FEED and g.totals() == [24, 24]
    g = Game("oware", parse_position("oware", "0,0,0,1,0,0/0,0,0,0,0,1 S 22-24"))
    assert g.termination is None and g.legal() == ["d"]
    g.play("d")                                     # d -> e; North: F -> a
    assert g.termination is None
    g.play("F")
    # North's row is now empty and South's a (1 seed) and e (1) reach b and f
    # only: the game ends at once and South, the player to act, takes both
    assert position_string(g.state) == "1,0,0,0,1,0/0,0,0,0,0,0 S 22-24"
    assert g.termination == CANNOT_FEED and g.legal() == [] and g.totals() == [24, 24]
    # no-sowing: the player to act has no seeds, the opponent has some
    g = Game("oware", parse_position("oware", "0,0,0,0,0,0/0,0,1,0,0,0 S 24-23"))
    assert g.termination == NO_SOWING and g.totals() == [24, 24]
    # precedence: more than 24 before cannot-feed
    g = Game("oware", parse_position("oware", "1,0,0,0,0,0/0,0,0,0,0,0 S 25-22"))
    assert g.termination == CAPTURED_MORE_THAN
    # perft(1..3) of the hand derivation (tests/perft/oware.perft)
    oware_hand_check()

    # --- Kalah ---
    assert kalah_places(S, 2, 4) == [3, 4, 5, STORE]
    assert kalah_places(N, 11, 3) == [STORE, 0, 1]
    assert kalah_places(S, 0, 13) == [1, 2, 3, 4, 5, STORE] + list(range(6, 12)) + [0]
    g, (i,) = _play("kalah", None, ["c"])
    assert i["extra_turn"] and position_string(g.state) == "4,4,0,5,5,5/4,4,4,4,4,4 S 1-0"
    # opposite capture: South a(1) -> b empty, E opposite holds 4
    g, (i,) = _play("kalah", "1,0,4,4,4,4/4,4,4,4,4,4 S 4-3", ["a"])
    assert i["kalah_capture"] == "opposite"
    assert position_string(g.state) == "0,0,4,4,4,4/4,4,4,4,0,4 N 9-3"
    # empty capture, both readings
    pos = "1,0,4,4,4,4/4,4,4,4,0,8 S 4-3"
    g, (i,) = _play("kalah", pos, ["a"])
    assert i["kalah_capture"] == "empty-capture"
    assert position_string(g.state) == "0,0,4,4,4,4/4,4,4,4,0,8 N 5-3"
    g, (i,) = _play("kalah-no-empty-capture", pos, ["a"])
    assert i["kalah_capture"] == "empty-no-capture"
    assert position_string(g.state) == "0,1,4,4,4,4/4,4,4,4,0,8 N 4-3"
    # North skips South's store; 13 seeds come back to the emptied origin
    g, (i,) = _play("kalah", "0,0,0,0,0,1/13,0,0,0,0,2 N 20-12", ["A"])
    # A sows B..F (5), N-store, a..f (6), then A: last seed in empty A,
    # opposite f holds 1+1 = 2: capture 1 + 2 into North's store
    assert i["kalah_capture"] == "opposite" and i["into_store"] == 1
    assert position_string(g.state) == "1,1,1,1,1,0/0,1,1,1,1,3 S 20-16", g.state
    # game ends when a row is empty; houses go to their owners
    g, _ = _play("kalah", "0,0,0,0,0,1/1,0,0,0,0,0 S 23-23", ["f"])
    assert g.termination == ROW_EMPTY and g.totals() == [24, 24]
    assert position_string(g.state) == "0,0,0,0,0,0/1,0,0,0,0,0 S 24-23"   # extra turn, but over
    kalah_hand_check()

    # random games: conservation, round trips, a finished game's totals
    for v in VARIANTS:
        for seed in range(40):
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
    "greedy": "with probability 0.8 the ply that adds most to its captured total "
              "(store) at once (ties at random), else a random ply",
    "capturer": "always the ply that adds most to its captured total (store) at once "
                "(ties at random)",
    "sower": "with probability 0.3 the ply that adds most to its captured total (store), "
             "else a random ply",
    "starver": "the ply that leaves the fewest seeds in the opponent's row "
               "(ties: most captured, then at random)",
    "hoarder": "sows from its smallest non-empty pit (ties at random), keeping seeds "
               "at home",
}


def choose_ply(policy, game, rng):
    legal = game.legal()
    st = game.state
    if policy == "uniform":
        return rng.choice(legal)
    if policy == "hoarder":
        least = min(st.seeds[pit_of(x)] for x in legal)
        return rng.choice([x for x in legal if st.seeds[pit_of(x)] == least])
    if policy == "starver":
        opp = row(other(st.to_act))
        score = {}
        for x in legal:
            new, _ = apply_ply(st, x)
            score[x] = (sum(new.seeds[p] for p in opp),
                        -(new.captured[st.to_act] - st.captured[st.to_act]))
        best = min(score.values())
        return rng.choice([x for x in legal if score[x] == best])
    p_greedy = {"greedy": 0.8, "capturer": 1.0, "sower": 0.3}[policy]
    if rng.random() < p_greedy:
        gain = {x: store_gain(st, x) for x in legal}
        best = max(gain.values())
        return rng.choice([x for x in legal if gain[x] == best])
    return rng.choice(legal)


def play_game(variant, seed, south, north, prefix=(), max_plies=400):
    rng = random.Random("%s-%d-%s-%s" % (variant, seed, south, north))
    g = Game(variant)
    for p in prefix:
        g.play(p)
    while not g.termination and len(g.history) < max_plies:
        policy = south if g.state.to_act == S else north
        g.play(choose_ply(policy, g, rng))
    return g


# ---------------------------------------------------------------------------
# Moments and comments
# ---------------------------------------------------------------------------

MOMENT_TEXT = {
    # Oware
    "lap": "sowing of 12 or more seeds (the origin pit is skipped)",
    "capture": "capture",
    "chain": "capture chain of 2 or more pits",
    "chain-3": "capture chain of 3 or more pits",
    "grand-slam": "grand slam: a sowing that would capture every seed of the opponent's "
                  "row captures nothing",
    "feeding-forced": "feeding forced: the opponent's row is empty and some sowings "
                      "would not reach it",
    "captured-more-than": "game ends: a player has captured more than 24",
    "cannot-feed": "game ends: the opponent's row is empty and no sowing reaches it "
                   "(the mover takes every seed left)",
    "no-sowing": "game ends: the player to act has no seeds",
    "repetition": "game ends: third occurrence of a whole state",
    "draw": "drawn game (equal totals)",
    # Kalah
    "extra-turn": "extra turn (last seed in the mover's own store)",
    "extra-turn-twice": "two extra turns in a row (three consecutive plies of one side)",
    "opposite-capture": "capture of the last seed and the opposite house",
    "empty-capture": "last seed in an empty own house, opposite house empty: under "
                     "empty-capture the single seed goes to the store",
    "empty-no-capture": "last seed in an empty own house, opposite house empty: under "
                        "no-empty-capture nothing is captured, the seed stays",
    "kalah-lap": "sowing of 13 or more seeds (drops a seed in the emptied origin house)",
    "lap-capture": "sowing of 13 seeds ending in its own emptied origin house, which captures",
    "row-empty": "game ends: one side's six houses are all empty",
    "row-empty-by-capture": "game ends: a capture empties the opponent's row",
    "row-empty-extra-turn": "game ends on a ply that would have given an extra turn",
}


def game_moments(game):
    """moment -> list of ply numbers (1-based) where it happens."""
    ms = {}

    def add(m, i):
        ms.setdefault(m, []).append(i)

    for i, (ply, info, before, after) in enumerate(game.history, 1):
        if game.variant == "oware":
            if info["sown"] >= 12:
                add("lap", i)
            k = len(info["captured_pits"])
            if k:
                add("capture", i)
            if k >= 2:
                add("chain", i)
            if k >= 3:
                add("chain-3", i)
            if info["grand_slam"]:
                add("grand-slam", i)
            if info["feeding_forced"]:
                add("feeding-forced", i)
        else:
            if info["extra_turn"]:
                add("extra-turn", i)
                if i >= 2 and game.history[i - 2][1]["extra_turn"]:
                    add("extra-turn-twice", i)
            if info["kalah_capture"] == "opposite":
                add("opposite-capture", i)
            elif info["kalah_capture"] in ("empty-capture", "empty-no-capture"):
                add(info["kalah_capture"], i)
            if info["sown"] >= 13:
                add("kalah-lap", i)
                if info["landing"] == info["origin"] and info["kalah_capture"]:
                    add("lap-capture", i)
    n = len(game.history)
    if game.termination and n:
        add(game.termination, n)
        if game.winner() is None:
            add("draw", n)
        info = game.history[-1][1]
        if game.termination == ROW_EMPTY:
            me = info["side"]
            if info["kalah_capture"] and all(game.state.seeds[p] == 0 for p in row(other(me))):
                add("row-empty-by-capture", n)
            if info["extra_turn"]:
                add("row-empty-extra-turn", n)
    return ms


def ply_comment(game, i):
    ply, info, before, after = game.history[i - 1]
    me = info["side"]
    who = side_name(me)
    pos = position_string(after)
    notes = []
    if game.variant == "oware":
        moments = game_moments(game)
        if info["feeding_forced"]:
            opp = row(other(me))
            bad = [x for x in [label(p) for p in row(me) if before.seeds[p]]
                   if x not in legal_plies(before)]
            ok = legal_plies(before)
            notes.append("%s's row is empty, so %s must feed it: %s would not reach it%s"
                         % (side_name(other(me)), who, ", ".join(bad),
                            ", %s is the only sowing that does" % ply if len(ok) == 1 else
                            ", %s reach it and %s chooses %s" % (", ".join(ok), who, ply)))
        if info["sown"] >= 12:
            if i == moments["lap"][0]:
                n = info["sown"]
                notes.append("%s sows %d seeds from %s: one in each of the 11 other pits%s, "
                             "skipping the emptied %s, %s"
                             % (who, n, ply, "" if n < 22 else " twice", ply,
                                "which stays empty" if n % 11 == 0 else
                                "then %s more from %s on, and %s stays empty"
                                % (n % 11, label((pit_of(ply) + 1) % HOUSES), ply)))
        if info["captured_pits"]:
            counts = info["captured_counts"]
            if len(counts) > 1:
                notes.append("%s sows %s (%s), lands in %s and captures %s (%s = %d "
                             "seeds), chaining backwards from %s"
                             % (who, ply, seeds_text(info["sown"]), label(info["landing"]),
                                labels_text(info["captured_pits"]),
                                "+".join(str(c) for c in counts), info["captured_seeds"],
                                label(info["landing"])))
            else:
                notes.append("%s sows %s (%s), lands in %s and captures %s (%s)"
                             % (who, ply, seeds_text(info["sown"]), label(info["landing"]),
                                labels_text(info["captured_pits"]),
                                seeds_text(info["captured_seeds"])))
        if info["grand_slam"]:
            notes.append("Grand slam refused: %s sows %s and lands in %s, and the capture of "
                         "%s (%s seeds) would take every seed of %s's row, so nothing is "
                         "captured and the sowing stands"
                         % (who, ply, label(info["landing"]), labels_text(info["grand_slam"]),
                            "+".join(str(c) for c in info["grand_slam_seeds"]),
                            side_name(other(me))))
    else:
        if info["extra_turn"]:
            streak = 1
            j = i - 1
            while j >= 1 and game.history[j - 1][1]["extra_turn"]:
                streak += 1
                j -= 1
            notes.append("%s sows %s (%s): the last seed falls in %s's store, "
                         "extra turn%s"
                         % (who, ply, seeds_text(info["sown"]), who,
                            "" if streak == 1 else " (%s extra turn in a row)"
                            % {2: "second", 3: "third"}.get(streak, "%dth" % streak)))
        if info["sown"] >= 13:
            notes.append("%s sows %d seeds from %s, passing through the emptied %s and "
                         "dropping a seed there"
                         % (who, info["sown"], ply, ply))
        kc = info["kalah_capture"]
        sows = "%s sows %s (%s): the" % (who, ply, seeds_text(info["sown"]))
        if kc == "opposite":
            notes.append("%s last seed falls in the empty house %s: it and the %s "
                         "of the opposite house %s go to %s's store"
                         % (sows, label(info["landing"]),
                            seeds_text(info["captured_counts"][1]),
                            label(opposite(info["landing"])), who))
        elif kc == "empty-capture":
            notes.append("%s last seed falls in the empty house %s and the opposite house "
                         "%s is empty too: under the reading empty-capture (the default) "
                         "the single seed goes to %s's store (under no-empty-capture it "
                         "would stay in %s)"
                         % (sows, label(info["landing"]), label(opposite(info["landing"])),
                            who, label(info["landing"])))
        elif kc == "empty-no-capture":
            notes.append("%s last seed falls in the empty house %s and the opposite house "
                         "%s is empty too: under the reading no-empty-capture nothing is "
                         "captured and the seed stays in %s (under empty-capture it would "
                         "go to the store)"
                         % (sows, label(info["landing"]), label(opposite(info["landing"])),
                            label(info["landing"])))
    if i == len(game.history) and game.termination:
        notes.append(end_text(game))
    if not notes:
        return None
    text = " ".join(n[0].upper() + n[1:] + "." for n in notes)
    return text.replace(";", ",") + " Position: " + pos


def end_text(game):
    st = game.state
    tot = game.totals()
    t = game.termination
    if t == CAPTURED_MORE_THAN:
        who = S if st.captured[S] > OWARE_WIN else N
        why = "%s has captured %d, more than 24" % (side_name(who), st.captured[who])
    elif t == CANNOT_FEED:
        why = ("%s's row is empty and no sowing of %s reaches it, so %s takes the %d "
               "seeds left" % (side_name(other(st.to_act)), side_name(st.to_act),
                               side_name(st.to_act), sum(st.seeds)))
    elif t == NO_SOWING:
        why = "%s, to act, has no seeds" % side_name(st.to_act)
    elif t == ROW_EMPTY:
        empty = [s for s in (S, N) if all(st.seeds[p] == 0 for p in row(s))]
        why = "%s six houses are empty" % (" and ".join(side_name(s) + "'s" for s in empty))
        info = game.history[-1][1]
        if info["extra_turn"]:
            why += " (the extra turn is not played)"
    else:
        key = position_string(st)
        seen = [0] if position_string(game.start) == key else []
        seen += [j for j, h in enumerate(game.history, 1) if position_string(h[3]) == key]
        why = "this position occurs for the third time (after ply %s)" % ", ".join(
            str(j) if j else "0, the start" for j in seen)
    text = "Game over (%s): %s" % (t, why)
    if t != CANNOT_FEED:
        left = [sum(st.seeds[p] for p in row(S)), sum(st.seeds[p] for p in row(N))]
        text += (". Seeds left go to their row's owner: South %d, North %d"
                 % (left[S], left[N]))
    text += ". Totals %d-%d" % (tot[S], tot[N])
    w = game.winner()
    text += ", draw" if w is None else ", %s wins" % side_name(w)
    return text


def record_text(game, header, south, north, date="2026.11.30"):
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
    line = ""
    move = 0
    prev_side = None
    for i in range(1, len(game.history) + 1):
        ply, info, before, after = game.history[i - 1]
        tok = ""
        # a move number before South's first ply of each turn (extra-turn
        # plies stay in the same move)
        if info["side"] == S and prev_side != S:
            move += 1
            tok = "%d. " % move
        prev_side = info["side"]
        tok += ply
        if line and len(line) + 1 + len(tok) > 72:
            lines.append(line)
            line = ""
        line = (line + " " + tok) if line else tok
        c = ply_comment(game, i)
        if c:
            lines.append(line)
            lines.append("{" + c + "}")
            line = ""
    if line:
        lines.append(line)
    return "\n".join(lines) + "\n"


def read_record(text):
    """A tiny reader of our own records: tags and plies."""
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
        elif body[i].isspace():
            i += 1
        else:
            j = i
            while j < len(body) and not body[j].isspace() and body[j] != "{":
                j += 1
            tok = body[i:j]
            i = j
            if not (tok.endswith(".") and tok[:-1].isdigit()):
                plies.append(tok)
    return tags, plies, comments


def check_record_roundtrip(text):
    """Re-read a written record and replay it: every comment's position,
    the termination, final position and result must match."""
    tags, plies, comments = read_record(text)
    variant = tags["Variant"]
    if tags.get("Readings") == "empty-capture=no-empty-capture":
        assert variant == "kalah"
        variant = "kalah-no-empty-capture"
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
GAMES_PER_VARIANT = 10

WANTED = {
    "oware": [
        ("grand-slam", [("starver", "starver"), ("greedy", "greedy"), ("capturer", "starver")]),
        ("cannot-feed", [("starver", "starver"), ("hoarder", "hoarder"), ("greedy", "greedy")]),
        ("feeding-forced", [("greedy", "greedy"), ("sower", "sower")]),
        ("captured-more-than", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("chain-3", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("lap", [("hoarder", "greedy"), ("greedy", "hoarder"), ("sower", "sower")]),
        ("repetition", [("hoarder", "hoarder"), ("sower", "sower"), ("uniform", "uniform")]),
        ("draw", [("greedy", "greedy"), ("sower", "sower"), ("uniform", "uniform")]),
    ],
    "kalah": [
        ("extra-turn-twice", [("greedy", "greedy"), ("capturer", "capturer")]),
        ("empty-capture", [("sower", "sower"), ("uniform", "uniform")]),
        ("opposite-capture", [("greedy", "greedy")]),
        ("row-empty-by-capture", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("lap-capture", [("hoarder", "hoarder"), ("greedy", "hoarder"), ("hoarder", "greedy")]),
        ("kalah-lap", [("hoarder", "hoarder"), ("sower", "sower")]),
        ("row-empty-extra-turn", [("greedy", "greedy"), ("sower", "sower")]),
        ("draw", [("greedy", "greedy"), ("sower", "sower"), ("uniform", "uniform")]),
    ],
}
FILL_PAIRS = {
    "oware": [("greedy", "sower"), ("uniform", "uniform"), ("sower", "capturer"),
              ("capturer", "greedy")],
    "kalah": [("greedy", "sower"), ("uniform", "uniform"), ("sower", "capturer"),
              ("capturer", "greedy")],
}
MUST_HAVE = {
    "oware": ["grand-slam", "feeding-forced", "cannot-feed", "captured-more-than", "chain"],
    "kalah": ["extra-turn", "opposite-capture", "empty-capture", "row-empty"],
}
# How many games under the alternative reading (prefix of an empty-capture game).
ALT_GAMES = 3


def acceptable(game):
    return game.termination is not None and len(game.history) <= MAX_GOLDEN_PLIES


def find_golden(variant):
    """Deterministic search.  Returns a list of (game, seed, south, north, why)."""
    chosen = []
    used = set()
    for moment, pairs in WANTED[variant]:
        if any(moment in game_moments(c[0]) for c in chosen):
            continue
        found = None
        for seed in range(1, 20000):
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
            print("warning: no %s game found showing %s" % (variant, moment), file=sys.stderr)
            continue
        chosen.append(found)
        used.add(found[1:4])
    seed, k = 100, 0
    while len(chosen) < GAMES_PER_VARIANT:
        south, north = FILL_PAIRS[variant][k % len(FILL_PAIRS[variant])]
        seed += 1
        if (seed, south, north) in used:
            continue
        g = play_game(variant, seed, south, north)
        if acceptable(g) and len(g.history) >= 20:
            chosen.append((g, seed, south, north, None))
            used.add((seed, south, north))
            k += 1
    for m in MUST_HAVE[variant]:
        assert any(m in game_moments(c[0]) for c in chosen), (variant, m)
    return chosen


def find_alternative_games(kalah_chosen):
    """Games under no-empty-capture: the plies of a default-reading golden
    game up to and including its first empty capture, then seeded play
    under the alternative reading.  Returns (game, source index, k, seed,
    south, north)."""
    out = []
    for idx, (g, seed, south, north, why) in enumerate(kalah_chosen):
        ms = game_moments(g)
        if "empty-capture" not in ms:
            continue
        k = ms["empty-capture"][0]
        prefix = [h[0] for h in g.history[:k]]
        for s2 in range(1, 1000):
            alt = play_game("kalah-no-empty-capture", s2, south, north, prefix=prefix)
            if acceptable(alt):
                assert alt.history[k - 1][1]["kalah_capture"] == "empty-no-capture"
                out.append((alt, idx, k, s2, south, north))
                break
        if len(out) == ALT_GAMES:
            break
    return out


def header_base(variant):
    rules = {"oware": "Oware abapa", "kalah": "Kalah(6,4), reading empty-capture=empty-capture (default)",
             "kalah-no-empty-capture": "Kalah(6,4), reading empty-capture=no-empty-capture"}[variant]
    return _wrap("Derived by tools/reference/oware_kalah.py, an independent Python "
                 "implementation of %s, written from the rules as stated in its brief "
                 "(in the notation of docs/notation.md), without reference to the Rust engine."
                 % rules, 76)


def shows_lines(game):
    ms = game_moments(game)
    out = ["Shows:"]
    for m in sorted(ms, key=lambda m: ms[m][0]):
        if m == "capture":
            continue
        out.append("  - %s (ply %s)" % (MOMENT_TEXT[m], ", ".join(str(x) for x in ms[m][:6])
                                        + (", ..." if len(ms[m]) > 6 else "")))
    return out


def write_golden(repo=REPO):
    gdir = os.path.join(repo, "tests", "golden")
    table = []
    for variant in ("oware", "kalah"):
        vdir = os.path.join(gdir, variant)
        os.makedirs(vdir, exist_ok=True)
        for f in os.listdir(vdir):
            if f.endswith(".rec"):
                os.remove(os.path.join(vdir, f))
        chosen = find_golden(variant)
        entries = []
        for g, seed, south, north, why in chosen:
            pair = "-".join(sorted({south, north}, key=[south, north].index))
            header = header_base(variant) + [
                "Random game, seed %d: South policy %s, North policy %s." % (seed, south, north),
                "  %s: %s" % (south, POLICIES[south]),
            ]
            if north != south:
                header.append("  %s: %s" % (north, POLICIES[north]))
            if why:
                header.append("Found by searching seeds for the first game showing: %s."
                              % MOMENT_TEXT[why])
            entries.append((g, header, "%s-seed%d" % (pair, seed), south, north, seed, why))
        if variant == "kalah":
            for alt, idx, k, s2, south, north in find_alternative_games(chosen):
                src = idx + 1
                srcname = "%02d-%s" % (src, entries[idx][2])
                pair = "-".join(sorted({south, north}, key=[south, north].index))
                header = header_base("kalah-no-empty-capture") + [
                    "Plies 1-%d are those of kalah/%s.rec (played under the" % (k, srcname),
                    "default reading); ply %d is its first empty capture, which under" % k,
                    "no-empty-capture captures nothing. From ply %d on: seeded random play," % (k + 1),
                    "seed %d, South policy %s, North policy %s." % (s2, south, north),
                    "  %s: %s" % (south, POLICIES[south]),
                ]
                if north != south:
                    header.append("  %s: %s" % (north, POLICIES[north]))
                entries.append((alt, header, "no-empty-capture-from-%02d-seed%d" % (src, s2),
                                south, north, s2, "empty-no-capture"))
        for n, (g, header, stem, south, north, seed, why) in enumerate(entries, 1):
            name = "%02d-%s.rec" % (n, stem)
            header = header + shows_lines(g) + [
                "%d plies. Comments after plies give the position string after the ply."
                % len(g.history)]
            text = record_text(g, header, "oware_kalah %s seed %d" % (south, seed),
                               "oware_kalah %s seed %d" % (north, seed))
            with open(os.path.join(vdir, name), "w", encoding="utf-8") as fh:
                fh.write(text)
            check_record_roundtrip(text)
            table.append((variant, name, g, game_moments(g), why))
    write_golden_readme_section(gdir, table)
    return table


README_BEGIN = "<!-- section written by tools/reference/oware_kalah.py golden: begin -->"
README_END = "<!-- section written by tools/reference/oware_kalah.py golden: end -->"

README_MUST = {
    "oware": [("grand-slam", "grand slam refused"),
              ("feeding-forced", "feeding forced"),
              ("cannot-feed", "game ended by cannot-feed (mover takes the rest)"),
              ("captured-more-than", "game ended by more than 24 captured"),
              ("chain", "capture chain of 2 or more pits"),
              ("chain-3", "capture chain of 3 or more pits"),
              ("lap", "sowing of 12 or more (origin skipped)"),
              ("repetition", "game ended by repetition"),
              ("draw", "drawn game")],
    "kalah": [("extra-turn", "extra turn"),
              ("extra-turn-twice", "two extra turns in a row"),
              ("opposite-capture", "opposite capture"),
              ("empty-capture", "empty capture (default reading)"),
              ("empty-no-capture", "the same moment under no-empty-capture"),
              ("kalah-lap", "sowing of 13 or more (through the origin)"),
              ("lap-capture", "13-seed sowing capturing in its own origin"),
              ("row-empty", "game ended by an empty row"),
              ("row-empty-by-capture", "row emptied by a capture"),
              ("row-empty-extra-turn", "game ended on an extra-turn ply"),
              ("draw", "drawn game")],
}


def write_golden_readme_section(gdir, table):
    out = [README_BEGIN, "", "## Oware and Kalah (`oware/`, `kalah/`)", ""]
    out += [
        "Complete games of Oware abapa and Kalah(6,4), produced by",
        "`tools/reference/oware_kalah.py` (an independent Python implementation written",
        "without reading or running the Rust engine; standard library only). Each game",
        "is a seeded random game between two simple policies (`POLICIES` in the",
        "script, and the `;` header of each file); for each wanted moment the script",
        "takes the first seed (1, 2, 3, …) whose finished game of at most %d plies"
        % MAX_GOLDEN_PLIES,
        "shows it, then fills each set up to %d games. Every file is read back and"
        % GAMES_PER_VARIANT,
        "replayed after writing (every `Position:` comment, `Termination`,",
        "`FinalPosition` and `Result` must match).",
        "",
        "    python3 tools/reference/oware_kalah.py golden    # also rewrites tests/perft/{oware,kalah,kalah-no-empty-capture}.perft",
        "",
        "Terminations: Oware `captured-more-than`, `cannot-feed` (the player to act",
        "cannot reach the opponent's empty row and takes every seed left), `no-sowing`,",
        "`repetition` (that precedence when several hold); Kalah `row-empty` (each",
        "player then adds their houses to their store), `repetition`. `Result` is the",
        "totals after that sweep; `FinalPosition` is the state after the last ply,",
        "before the sweep. Kalah stores are written as the captured totals.",
        "",
        "Kalah files with `[Readings \"empty-capture=no-empty-capture\"]` are played",
        "under the alternative reading (a last seed in an empty own house whose",
        "opposite house is empty stays there); each repeats the plies of a",
        "default-reading file up to that file's first empty capture, where the two",
        "readings part, then goes on with seeded play.",
        "",
        "Ply numbers count every ply from 1 (a Kalah extra turn is a ply of its own);",
        "the comment after that ply in the file describes the moment.",
        "",
    ]
    for variant, title in (("oware", "Oware"), ("kalah", "Kalah")):
        out.append("| %s moment | shown in (ply) |" % title)
        out.append("| --- | --- |")
        for m, text in README_MUST[variant]:
            hits = [(name, ms[m][0]) for v, name, g, ms, why in table if v == variant and m in ms]
            cell = ", ".join("`%s/%s` (%d)" % (variant, name, p) for name, p in hits[:3])
            if len(hits) > 3:
                cell += " and %d more" % (len(hits) - 3)
            out.append("| %s | %s |" % (text, cell or "-"))
        out.append("")
    for variant, title in (("oware", "Oware"), ("kalah", "Kalah")):
        out.append("### %s files" % title)
        out.append("")
        out.append("| file | plies | result | termination | searched for | moments shown (first ply) |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for v, name, g, ms, why in table:
            if v != variant:
                continue
            tot = g.totals()
            keys = [m for m in sorted(ms, key=lambda m: ms[m][0])
                    if m not in ("capture", CAPTURED_MORE_THAN, CANNOT_FEED, NO_SOWING,
                                 ROW_EMPTY, REPETITION)]
            cell = ", ".join("%s (%d)" % (m, ms[m][0]) for m in keys) or "-"
            out.append("| `%s/%s` | %d | %d-%d | %s | %s | %s |"
                       % (variant, name, len(g.history), tot[S], tot[N], g.termination,
                          why or "(filler)", cell))
        out.append("")
    names = sorted({m for v, _, _, ms, _ in table for m in ms if m != "capture"})
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


# ---------------------------------------------------------------------------
# Perft tables
# ---------------------------------------------------------------------------

PERFT_HEADER = [
    "perft(d) = number of distinct ply sequences of exactly d plies from the "
    "position. Every ply counts ({extra}). A finished game has no plies, including "
    "a game ended by the third occurrence of a whole state, the history starting "
    "at the section's position (its first occurrence). perft(0) = 1.",
    "All counts below were computed by tools/reference/oware_kalah.py, an "
    "independent Python implementation of {rules} written without reference to "
    "the Rust engine (plain recursive enumeration with the repetition history "
    "carried along each line, bulk count at the last ply). The \"Within depth\" "
    "notes of a section count events over every ply of every line up to the "
    "section's last depth, and the lines that end inside that depth, by "
    "termination.",
    "Regenerate: python3 tools/reference/oware_kalah.py golden",
    "One number: python3 tools/reference/oware_kalah.py perft {variant} <depth> [--position P]",
]


OWARE_HAND = """\
Hand derivation for the initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0,
depths 1-3 (reasoned from the rules by hand; the program then confirmed each
number, the divide at depth 3 and the refill lists below).

Facts used: a sowing of n < 12 seeds from pit p drops one seed in each of
the n pits after p (counter-clockwise: a..f, A..F, a..). Counting pits
forward, the distance from p to q is the number of steps from p to q; p's
sowing reaches q exactly when that distance is at most the seeds sown. In
plies 1-2 no row becomes empty (so feeding never applies) and nothing is
captured (shown below), so no game ends by then.

perft(1) = 6: South may sow a, b, c, d, e or f (4 seeds each).

perft(2) = 36: South's sowing from x puts one seed in each of the 4 pits
  after x, so every North pit holds 4 or 5 and North has 6 sowings:
  6 x 6 = 36. Ply 1 captures nothing: it lands in e or f (South's own) or
  in A, B, C or D, which then hold 5.

perft(3) = 190: after South x and North y, South's pits other than x hold
  4 or more; x is empty unless North's sowing from y reaches it, i.e.
  distance(y, x) <= seeds in y. South then has 6 legal plies if x was
  refilled, else 5. Ply 2 captures nothing: a North sowing that lands in
  South's row lands in x (now 1) or in a pit now holding 5 or 6. North's
  pits that received a seed from x hold 5, the others 4:
    x = a: North all 4. Distance to a: A 6, B 5, C 4, D 3, E 2, F 1.
           C D E F refill a:              4 x 6 + 2 x 5 = 34
    x = b: North all 4. Distance to b: A 7, B 6, C 5, D 4, E 3, F 2.
           D E F refill b:                3 x 6 + 3 x 5 = 33
    x = c: A holds 5. Distance to c: A 8, B 7, C 6, D 5, E 4, F 3.
           E F refill c (D holds 4 < 5):  2 x 6 + 4 x 5 = 32
    x = d: A B hold 5. Distance to d: A 9, B 8, C 7, D 6, E 5, F 4.
           only F refills d:              1 x 6 + 5 x 5 = 31
    x = e: A B C hold 5. Distance to e: A 10, B 9, C 8, D 7, E 6, F 5.
           none (F holds 4 < 5):          6 x 5 = 30
    x = f: A B C D hold 5. Distance to f: A 11, B 10, C 9, D 8, E 7, F 6.
           none:                          6 x 5 = 30
  34 + 33 + 32 + 31 + 30 + 30 = 190.
"""

KALAH_HAND = """\
Hand derivation for the initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0,
depths 1-3 (reasoned from the rules by hand; the program then confirmed each
number and the divide at depth 3). It holds under both readings of
empty-capture: nothing is captured in plies 1-2 (checked below).

Sowing order from South's houses: a b c d e f [South's store] A B C D E F
a ...; from North's: A B C D E F [North's store] a b c d e f A ... A sowing
of n seeds ends in the mover's store exactly when n equals the distance of
the house from that store (South: a 6, b 5, c 4, d 3, e 2, f 1; North the
same with A..F). A side's legal plies are its non-empty houses. No row is
empty in plies 1-2, so no game ends by then.

perft(1) = 6: South may sow any of its six houses (4 seeds each).

perft(2) = 35: five South sowings end outside the store and pass the turn:
  a ends in e, b in f (South houses that were not empty: no capture), d in
  A, e in B, f in C (North's houses). After each, North's six houses hold 4
  or 5: 5 x 6 = 30 lines. South's c (4 seeds: d e f store) ends in the
  store: extra turn, and South, with 4,4,0,5,5,5, has 5 non-empty houses:
  5 more lines. Not 6 x 6: 30 + 5 = 35.

perft(3) = 185, over the 35 two-ply lines (South to act after ply 2 has 6
plies if all its houses hold seeds, else 5; North after an extra turn has
5, the house just sown being empty):
  South a (b c d e; a empty). North's houses all hold 4.
    A ends in E, B in F: a stays empty, South has 5 .......... 5 + 5
    C (D E F store): extra turn, North has 5 .................. 5
    D (E F store a), E (F store a b), F (store a b c) refill a:
    South has 6 ............................................... 6 + 6 + 6
    = 33
  South b (c d e f; b empty). North's houses all hold 4.
    A, B: South 5. C: extra turn, North 5. D (E F store a): b still
    empty, South 5. E (F store a b), F (store a b c) refill b: South 6.
    = 5 + 5 + 5 + 5 + 6 + 6 = 32
  South c (d e f store): extra turn. South 4,4,0,5,5,5 sows again:
    a (b c d e) ends in e, b (c d e f) in f, d (e f store A B) in B,
    e (f store A B C) in C, f (store A B C D) in D: no store, no capture,
    North's six houses all non-empty: North has 6 after each.
    = 5 x 6 = 30
  South d (e f store A; ends in A). North: A 5, B C D E F 4.
    A (B C D E F), B (C D E F), D (E F store a), E (F store a b),
    F (store a b c): none reaches d, South has 5. C (D E F store): extra
    turn, North has 5.
    = 6 x 5 = 30
  South e (f store A B). North: A B 5, C D E F 4.
    B (C D E F store) and C (D E F store): extra turns, North has 5 each.
    A (B..F), D, E, F: none reaches e, South has 5.
    = 6 x 5 = 30
  South f (store A B C; ends in C). North: A B C 5, D E F 4.
    B (C D E F store): extra turn, North has 5. A, C (D E F store a), D,
    E, F: none reaches f, South has 5.
    = 6 x 5 = 30
  33 + 32 + 30 + 30 + 30 + 30 = 185.
"""

OWARE_REFILLS = {"a": "CDEF", "b": "DEF", "c": "EF", "d": "F", "e": "", "f": ""}


def oware_hand_check():
    """The facts behind the Oware hand derivation, checked by the program."""
    st = initial_state("oware")
    for x in legal_plies(st):
        s1, i1 = apply_ply(st, x)
        assert not i1["captured_pits"]
        for y in legal_plies(s1):
            s2, i2 = apply_ply(s1, y)
            assert not i2["captured_pits"] and end_reason(s2, 1) is None
            refilled = s2.seeds[pit_of(x)] > 0
            assert refilled == (y in OWARE_REFILLS[x]), (x, y)
            assert len(legal_plies(s2)) == (6 if refilled else 5)
    assert divide("oware", 3) == list(zip("abcdef", [34, 33, 32, 31, 30, 30]))
    assert [perft("oware", d) for d in (1, 2, 3)] == [6, 36, 190]


def kalah_hand_check():
    """The facts behind the Kalah hand derivation, checked by the program
    under both readings."""
    for v in ("kalah", "kalah-no-empty-capture"):
        st = initial_state(v)
        for x in legal_plies(st):
            s1, i1 = apply_ply(st, x)
            assert not i1["kalah_capture"] and i1["extra_turn"] == (x == "c")
            for y in legal_plies(s1):
                s2, i2 = apply_ply(s1, y)
                assert not i2["kalah_capture"] and end_reason(s2, 1) is None
                assert i2["extra_turn"] == ((x, y) in (("a", "C"), ("b", "C"), ("d", "C"),
                                                        ("e", "B"), ("e", "C"), ("f", "B")))
        assert divide(v, 3) == list(zip("abcdef", [33, 32, 30, 30, 30, 30]))
        assert [perft(v, d) for d in (1, 2, 3)] == [6, 35, 185]


OWARE_INITIAL_DEPTH = 8
KALAH_INITIAL_DEPTH = 8

# (golden file, ply, depth, what it exercises, check of that claim on the
# position).  The position is the one before that ply of that golden game.
# (golden file, ply, depth, what it exercises, check of that claim on the
# position).  The position is the one before that ply of that golden game.
OWARE_PERFT_POSITIONS = [
    ("oware/02-capturer-seed1.rec", 17, 7,
     "South's c holds 12: that sowing skips its emptied origin, and captures "
     "and chains follow",
     lambda st: st.seeds[pit_of("c")] == 12),
    ("oware/01-greedy-seed12.rec", 49, 12,
     "feeding forced at the root: North's row is empty and of South's a, c, e "
     "only c (4 seeds: d e f A) reaches it. Few seeds: grand slams are refused "
     "and some lines end by cannot-feed",
     lambda st: legal_plies(st) == ["c"] and len(sowable(st)) == 3),
    ("oware/01-greedy-seed12.rec", 63, 14,
     "grand slam at the root: South's f drops its seed in A, which would then "
     "hold 2, all of North's seeds, so nothing is captured{norep}",
     lambda st: apply_ply(st, "f")[1]["grand_slam"] == [pit_of("A")]),
]
KALAH_PERFT_POSITIONS = [
    ("kalah/06-uniform-seed102.rec", 10, 7,
     "a midgame position where South has two sowings ending in its store "
     "(e, f) and an opposite capture (a)",
     lambda st: [x for x in legal_plies(st) if apply_ply(st, x)[1]["extra_turn"]] == ["e", "f"]
     and [x for x in legal_plies(st)
          if apply_ply(st, x)[1]["kalah_capture"] == "opposite"] == ["a"]),
    ("kalah/03-hoarder-seed4.rec", 28, 7,
     "North's B holds 13: that sowing drops one seed in North's store, skips "
     "South's, and its last seed falls in the emptied B, which captures B's "
     "seed and the opposite house e",
     lambda st: st.seeds[pit_of("B")] == 13
     and apply_ply(st, "B")[1]["kalah_capture"] == "opposite"),
    ("kalah/01-greedy-seed2.rec", 20, 9,
     "an endgame (11 seeds on the board) with extra turns and captures, where "
     "many lines end by an empty row",
     lambda st: sum(st.seeds) == 11),
]
# Positions where the readings differ: (golden file, ply, depth, check).
NOEMPTY_PERFT_POSITIONS = [
    ("kalah/05-greedy-sower-seed101.rec", 6, 7,
     "South has two sowings ending in its store (a, b) and one (e) whose last "
     "seed falls in the empty f, facing the empty A",
     lambda st: apply_ply(st, "e")[1]["kalah_capture"] == "empty-no-capture"),
    ("kalah/01-greedy-seed2.rec", 16, 8,
     "an endgame: North's sowing played at ply 16 there ends in an empty "
     "house facing an empty house",
     lambda st: any(apply_ply(st, x)[1]["kalah_capture"] == "empty-no-capture"
                    for x in legal_plies(st))),
]

STAT_TEXT = [
    ("capture", "captures"), ("chain", "of them chains of 2+ pits"),
    ("grand-slam", "grand slams refused"), ("feeding-forced", "plies under forced feeding"),
    ("lap", "sowings of 12+ (origin skipped)"), ("extra-turn", "extra turns"),
    ("opposite", "opposite captures"), ("empty-capture", "empty captures"),
    ("empty-no-capture", "empty houses filled without capture (no-empty-capture)"),
    ("kalah-lap", "sowings of 13+"),
]


def tree_stats(variant, st, depth):
    """Events over every ply of every line of at most `depth` plies, and
    the lines that end inside, by termination."""
    ev = Counter()
    ends = Counter()
    counts = Counter({position_string(st): 1})

    def rec(s, d):
        for ply in legal_plies(s):
            child, info = apply_ply(s, ply)
            if variant == "oware":
                if info["captured_pits"]:
                    ev["capture"] += 1
                if len(info["captured_pits"]) >= 2:
                    ev["chain"] += 1
                if info["grand_slam"]:
                    ev["grand-slam"] += 1
                if info["feeding_forced"]:
                    ev["feeding-forced"] += 1
                if info["sown"] >= 12:
                    ev["lap"] += 1
            else:
                if info["extra_turn"]:
                    ev["extra-turn"] += 1
                if info["kalah_capture"]:
                    ev[{"opposite": "opposite"}.get(info["kalah_capture"],
                                                   info["kalah_capture"])] += 1
                if info["sown"] >= 13:
                    ev["kalah-lap"] += 1
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
    return ev, ends


def stats_text(variant, st, depth):
    ev, ends = tree_stats(variant, st, depth)
    parts = ["%d %s" % (ev[k], t) for k, t in STAT_TEXT if ev[k]]
    parts = [p.replace("1 plies", "1 ply") if p.startswith("1 ") else p for p in parts]
    text = "Within depth %d: %s" % (depth, ", ".join(parts) if parts else "no special plies")
    if ends:
        text += "; lines ending inside: " + ", ".join(
            "%s %d" % (k, ends[k]) for k in sorted(ends))
    else:
        text += "; no line ends inside"
    return text + "."


def _golden_state(games, name, ply):
    return games[name].history[ply - 1][2]


def _norep_text(variant, st, depth):
    """The counts that change when the repetition rule is switched off."""
    global REPETITION_LIMIT
    saved = REPETITION_LIMIT
    diffs = []
    try:
        for d in range(1, depth + 1):
            REPETITION_LIMIT = saved
            a = perft(variant, d, st)
            REPETITION_LIMIT = 10 ** 9
            b = perft(variant, d, st)
            if a != b:
                diffs.append("%d would give %d" % (d, b))
    finally:
        REPETITION_LIMIT = saved
    if not diffs:
        return " (the repetition rule changes no count up to depth %d)" % depth
    return " (without the repetition rule, depth " + ", depth ".join(diffs) + ")"


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

    def block(out, variant, st, depth, comment):
        pos = position_string(st)
        assert position_string(parse_position(variant, pos)) == pos
        out.append("")
        for c in comment:
            out.append(("# " + c).rstrip())
        out.append("position " + pos)
        for d in range(1, depth + 1):
            out.append("%d %d" % (d, perft(variant, d, st)))

    def golden_blocks(out, variant, specs):
        for name, ply, depth, why, check in specs:
            st = _golden_state(games, name, ply)
            st = parse_position(variant, position_string(st))
            assert check(st), (name, ply)
            if "{norep}" in why:
                why = why.replace("{norep}", _norep_text(variant, st, depth))
            block(out, variant, st, depth,
                  ["Position before ply %d of tests/golden/%s." % (ply, name)]
                  + _wrap("It exercises: " + why + ". " + stats_text(variant, st, depth), 74))

    kalah_extra = ("a sowing that ends in the mover's store gives the same side "
                   "another ply, which counts as a ply of its own")

    # ---- Oware ----
    t0 = time.time()
    out = ["# Perft counts for Oware abapa (2x6, 4 seeds per pit, South first).", "#"]
    header(out, "oware", "every sowing is one ply", "Oware abapa")
    out.append("#")
    oware_hand_check()
    for ln in OWARE_HAND.rstrip("\n").split("\n"):
        out.append(("# " + ln).rstrip())
    block(out, "oware", initial_state("oware"), OWARE_INITIAL_DEPTH,
          _wrap("The initial position. " + stats_text("oware", initial_state("oware"), 6)
                .replace("Within depth 6", "Within depth 6 (not 8: too slow here)"), 74))
    golden_blocks(out, "oware", OWARE_PERFT_POSITIONS)
    with open(os.path.join(pdir, "oware.perft"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
    timings["oware"] = time.time() - t0

    # ---- Kalah ----
    t0 = time.time()
    out = ["# Perft counts for Kalah(6,4) (2x6 houses, 4 seeds each, two stores,",
           "# South first) under the default reading empty-capture=empty-capture.", "#"]
    header(out, "kalah", kalah_extra, "Kalah(6,4)")
    out.append("#")
    kalah_hand_check()
    for ln in KALAH_HAND.rstrip("\n").split("\n"):
        out.append(("# " + ln).rstrip())
    block(out, "kalah", initial_state("kalah"), KALAH_INITIAL_DEPTH,
          _wrap("The initial position (the readings first differ at depth %d: "
                "tests/perft/kalah-no-empty-capture.perft). " % first_difference_depth()
                + stats_text("kalah", initial_state("kalah"), 6)
                .replace("Within depth 6", "Within depth 6 (not 8: too slow here)"), 74))
    golden_blocks(out, "kalah", KALAH_PERFT_POSITIONS)
    with open(os.path.join(pdir, "kalah.perft"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
    timings["kalah"] = time.time() - t0

    # ---- Kalah, no-empty-capture ----
    t0 = time.time()
    v = "kalah-no-empty-capture"
    out = ["# Perft counts for Kalah(6,4) under the alternative reading",
           "# empty-capture=no-empty-capture: a last seed that falls in an empty house",
           "# of the mover's row whose opposite house is also empty captures nothing",
           "# and stays there (under the default reading, tests/perft/kalah.perft, it",
           "# goes to the mover's store). Everything else as in kalah.perft.", "#"]
    header(out, v, kalah_extra, "Kalah(6,4)")
    out.append("#")
    out.append("# Each section's comment gives the counts under the default reading,")
    out.append("# to show where the two readings part.")
    d0 = first_difference_depth()
    line, k = first_empty_capture_line()
    dflt = [perft("kalah", d) for d in range(1, d0 + 2)]
    block(out, v, initial_state(v), d0 + 1,
          _wrap("The initial position. The hand derivation of depths 1-3 in "
                "tests/perft/kalah.perft holds for this reading too. An empty capture "
                "is first possible at ply %d (e.g. %s: the last seed falls in %s, "
                "emptied at ply 1, facing %s, emptied at ply 2); the opponent moves "
                "next whatever the reading, so the counts first differ at depth %d. "
                "Default reading: %s."
                % (k, " ".join(line), line[0], line[1], d0, ", ".join(
                    "%d:%d" % (d, c) for d, c in enumerate(dflt, 1))), 74))
    for name, ply, depth, why, check in NOEMPTY_PERFT_POSITIONS:
        st = _golden_state(games, name, ply)
        alt = parse_position(v, position_string(st))
        df = parse_position("kalah", position_string(st))
        assert check(alt), (name, ply)
        a = [perft(v, d, alt) for d in range(1, depth + 1)]
        b = [perft("kalah", d, df) for d in range(1, depth + 1)]
        assert a != b
        block(out, v, alt, depth, _wrap(
            "Position before ply %d of tests/golden/%s (played there under the default "
            "reading). It exercises: %s. %s Default reading: %s."
            % (ply, name, why, stats_text(v, alt, depth),
               ", ".join("%d:%d" % (d, c) for d, c in enumerate(b, 1))), 74))
    with open(os.path.join(pdir, v + ".perft"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")
    timings[v] = time.time() - t0
    return timings


def first_empty_capture_line(limit=6):
    """A shortest line from the initial position whose last ply is an empty
    capture (default reading), and its length; first in legal-ply order."""
    def rec(st, path, d):
        for x in legal_plies(st):
            child, info = apply_ply(st, x)
            if info["kalah_capture"] == "empty-capture":
                if len(path) + 1 == d:
                    return path + [x]
                continue
            if len(path) + 1 < d and not end_reason(child, 1):
                r = rec(child, path + [x], d)
                if r:
                    return r
        return None
    for d in range(1, limit + 1):
        r = rec(initial_state("kalah"), [], d)
        if r:
            return r, d
    raise AssertionError("no empty capture within %d plies" % limit)


def first_difference_depth(limit=9):
    for d in range(1, limit + 1):
        if perft("kalah", d) != perft("kalah-no-empty-capture", d):
            return d
    return limit


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
# Command line
# ---------------------------------------------------------------------------

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
            info = g.play(ply)
            extra = ""
            if info["captured_pits"]:
                extra = "  captures %s (%d)" % (labels_text(info["captured_pits"]),
                                                info["captured_seeds"])
            if info["grand_slam"]:
                extra = "  grand slam refused"
            if info["extra_turn"]:
                extra += "  extra turn"
            print("%-4s %s%s" % (ply, position_string(g.state), extra))
        if g.termination:
            print("finished:", g.termination, "totals %d-%d" % tuple(g.totals()))
        else:
            print("legal:", " ".join(g.legal()))
    elif args.cmd == "golden":
        t0 = time.time()
        table = write_golden()
        for variant, name, g, ms, why in table:
            print("%s/%s: %d plies, %s, %d-%d" % ((variant, name, len(g.history), g.termination)
                                                  + tuple(g.totals())))
        print("golden games written in %.1fs" % (time.time() - t0))
        for v, secs in write_perft(REPO, table).items():
            print("tests/perft/%s.perft written in %.1fs" % (v, secs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
