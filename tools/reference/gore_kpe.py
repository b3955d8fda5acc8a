#!/usr/bin/env python3
"""gore_kpe.py -- an independent reference implementation of Goré and Kpé
(and of `gore-notrade`, Goré with trading switched off).

Written from docs/notation.md and docs/gore-and-kpe.md only, without looking at the Rust engine,
so that the golden games and perft tables it produces are a real cross-check
of that engine.  Python 3 standard library only.  Plain over fast.

Commands:
    python3 tools/reference/gore_kpe.py selftest
    python3 tools/reference/gore_kpe.py perft <variant> <depth> [--position P]
    python3 tools/reference/gore_kpe.py play <variant> <ply>... [--position P]
    python3 tools/reference/gore_kpe.py golden      (regenerates tests/golden and tests/perft)
"""

import argparse
import itertools
import os
import random
import sys
import time
from collections import Counter, deque

# ---------------------------------------------------------------------------
# Board basics (docs/notation.md)
# ---------------------------------------------------------------------------

LABELS = "abcdABCD"          # pit index 0..7, counter-clockwise order
S, N = 0, 1                  # the two sides
SIDE = "SN"
PITS = 8
TOTAL_SEEDS = 48
VARIANTS = ("gore", "kpe", "gore-notrade")
REPETITION_LIMIT = 3         # third occurrence ends the game (docs/gore-and-kpe.md)


def is_gore(variant):
    """Goré and its variant without trading share every rule but trading."""
    return variant in ("gore", "gore-notrade")


def has_trading(variant):
    """Only Goré proper has offers, accepts and declines; `gore-notrade`
    (rules/gore-notrade.toml) is Goré with trading switched off."""
    return variant == "gore"


def other(side):
    return 1 - side


def home_row(side):
    """The pits of a side's home row: a-d for South, A-D for North."""
    return [0, 1, 2, 3] if side == S else [4, 5, 6, 7]


def label(p):
    return LABELS[p]


def pit_of(lbl):
    if len(lbl) != 1 or lbl not in LABELS:
        raise ValueError("no pit labelled %r" % lbl)
    return LABELS.index(lbl)


def offer_ply(pits):
    """Canonical text of an offer ply: labels in label order."""
    return "offer(" + ",".join(label(p) for p in sorted(pits)) + ")"


class PositionError(ValueError):
    pass


class IllegalPly(ValueError):
    pass


# ---------------------------------------------------------------------------
# The state
# ---------------------------------------------------------------------------

class State:
    """Everything that decides the future of a game, plus `declined`.

    seeds    -- list of 8 counts, index = pit
    owners   -- list of 8 sides: who controls each pit (fixed by rows in Kpé)
    to_act   -- side to act
    captured -- [South's captured, North's captured]
    sown     -- [set of South's home pits sown from, same for North] (Kpé)
    offer    -- frozenset of pits offered to the side to act, or None (Goré)
    declined -- set of sides that have declined an offer (Goré)
    """

    __slots__ = ("variant", "seeds", "owners", "to_act", "captured",
                 "sown", "offer", "declined")

    def __init__(self, variant, seeds, owners, to_act, captured,
                 sown=None, offer=None, declined=None):
        self.variant = variant
        self.seeds = list(seeds)
        self.owners = list(owners)
        self.to_act = to_act
        self.captured = list(captured)
        self.sown = [set(sown[0]), set(sown[1])] if sown else [set(), set()]
        self.offer = frozenset(offer) if offer else None
        self.declined = set(declined) if declined else set()

    def copy(self):
        return State(self.variant, self.seeds, self.owners, self.to_act,
                     self.captured, self.sown, self.offer, self.declined)

    def __str__(self):
        return position_string(self)


def default_owners():
    return [S, S, S, S, N, N, N, N]


def initial_state(variant):
    if variant not in VARIANTS:
        raise ValueError("unknown variant %r" % variant)
    return State(variant, [6] * PITS, default_owners(), S, [0, 0])


# ---------------------------------------------------------------------------
# Position notation (docs/notation.md)
# ---------------------------------------------------------------------------

def position_string(st, with_declined=True):
    """Canonical position string.  Without `declined=` it is the key used
    for the repetition rule."""
    fields = [
        ",".join(str(x) for x in st.seeds[0:4]) + "/"
        + ",".join(str(x) for x in st.seeds[4:8]),
        SIDE[st.to_act],
        "%d-%d" % (st.captured[S], st.captured[N]),
    ]
    if is_gore(st.variant) and st.owners != default_owners():
        fields.append("owners=" + "".join(SIDE[o] for o in st.owners[0:4])
                      + "/" + "".join(SIDE[o] for o in st.owners[4:8]))
    if st.variant == "kpe" and (st.sown[S] or st.sown[N]):
        fields.append("sown=" + "".join(label(p) for p in sorted(st.sown[S]))
                      + "/" + "".join(label(p) for p in sorted(st.sown[N])))
    if is_gore(st.variant) and st.offer:
        fields.append("offer=" + ",".join(label(p) for p in sorted(st.offer)))
    if is_gore(st.variant) and st.declined and with_declined:
        fields.append("declined=" + "".join(SIDE[s] for s in sorted(st.declined)))
    return " ".join(fields)


def repetition_key(st):
    return position_string(st, with_declined=False)


def parse_position(variant, text):
    """Parse a position string (docs/notation.md).  Raises PositionError."""
    if variant not in VARIANTS:
        raise PositionError("unknown variant %r" % variant)
    parts = text.split(" ")
    if len(parts) < 3 or any(p == "" for p in parts):
        raise PositionError("expected 'seeds side captured [key=value...]' separated by single spaces")
    rows = parts[0].split("/")
    if len(rows) != 2:
        raise PositionError("seeds field needs exactly one '/'")
    seeds = []
    for row in rows:
        cells = row.split(",")
        if len(cells) != 4:
            raise PositionError("each row has 4 pits")
        for c in cells:
            if not c.isdigit():
                raise PositionError("bad seed count %r" % c)
            seeds.append(int(c))
    if parts[1] not in ("S", "N"):
        raise PositionError("side to act must be S or N")
    to_act = SIDE.index(parts[1])
    caps = parts[2].split("-")
    if len(caps) != 2 or not all(c.isdigit() for c in caps):
        raise PositionError("captured field must be S-N")
    captured = [int(caps[0]), int(caps[1])]
    if sum(seeds) + sum(captured) != TOTAL_SEEDS:
        raise PositionError("seeds on board and captured add up to %d, not %d"
                            % (sum(seeds) + sum(captured), TOTAL_SEEDS))
    owners = default_owners()
    sown = [set(), set()]
    offer = None
    declined = set()
    order = ["owners", "sown", "offer", "declined"]
    # Without trading no pit changes owner and nothing is offered or
    # declined, so gore-notrade has no use for any optional field.
    allowed = {"gore": ("owners", "offer", "declined"), "kpe": ("sown",),
               "gore-notrade": ()}[variant]
    last = -1
    for f in parts[3:]:
        if "=" not in f:
            raise PositionError("bad field %r" % f)
        key, value = f.split("=", 1)
        if key not in order:
            raise PositionError("unknown field %r" % key)
        if key not in allowed:
            raise PositionError("field %r has no use in %s" % (key, variant))
        if order.index(key) <= last:
            raise PositionError("fields out of order or repeated")
        last = order.index(key)
        if key == "owners":
            rs = value.split("/")
            if len(rs) != 2 or len(rs[0]) != 4 or len(rs[1]) != 4 or any(c not in "SN" for c in rs[0] + rs[1]):
                raise PositionError("owners must look like SSSN/NNNN")
            owners = [SIDE.index(c) for c in rs[0] + rs[1]]
            if owners == default_owners():
                raise PositionError("owners= equal to the default is not canonical")
            if S not in owners or N not in owners:
                raise PositionError("each side controls at least one pit")
        elif key == "sown":
            rs = value.split("/")
            if len(rs) != 2:
                raise PositionError("sown must look like abd/ABCD")
            for side, r in ((S, rs[0]), (N, rs[1])):
                row_labels = "".join(label(p) for p in home_row(side))
                for c in r:
                    if c not in row_labels:
                        raise PositionError("sown: %r is not a home pit of %s" % (c, SIDE[side]))
                if "".join(sorted(r, key=LABELS.index)) != r or len(set(r)) != len(r):
                    raise PositionError("sown labels must be in label order, once each")
                sown[side] = {pit_of(c) for c in r}
            if not sown[S] and not sown[N]:
                raise PositionError("empty sown= is not canonical")
        elif key == "offer":
            ls = value.split(",")
            ps = [pit_of(c) for c in ls]
            if ps != sorted(set(ps)):
                raise PositionError("offer labels in label order, once each")
            offer = frozenset(ps)
        elif key == "declined":
            if value not in ("S", "N", "SN"):
                raise PositionError("declined must be S, N or SN")
            declined = {SIDE.index(c) for c in value}
    st = State(variant, seeds, owners, to_act, captured, sown, offer, declined)
    if offer:
        offerer = other(to_act)
        mine = [p for p in range(PITS) if owners[p] == offerer]
        if not all(owners[p] == offerer for p in offer):
            raise PositionError("offered pits must be controlled by the offerer")
        if not 1 <= len(offer) <= 3 or len(offer) >= len(mine):
            raise PositionError("an offer names 1 to 3 pits and leaves the offerer one")
        if captured[to_act] < 6 * len(offer):
            raise PositionError("the side offered pits cannot pay 6 per pit")
        if not any(seeds[p] for p in mine):
            raise PositionError("the offerer has no seeds to sow, so could not offer")
    return st


# ---------------------------------------------------------------------------
# Legal plies
# ---------------------------------------------------------------------------

def pits_reached(origin, n):
    """Pits that receive a seed when n seeds are sown from origin."""
    return [(origin + i) % PITS for i in range(1, n + 1)]


def sowable_pits(st):
    """Non-empty pits the side to act may sow from (before feeding)."""
    me = st.to_act
    if st.variant == "kpe":
        mine = home_row(me)
    else:
        mine = [p for p in range(PITS) if st.owners[p] == me]
    return [p for p in mine if st.seeds[p] > 0]


def kpe_feeding_applies(st):
    """True when the opponent's row is empty (feeding rule in force)."""
    return all(st.seeds[p] == 0 for p in home_row(other(st.to_act)))


def legal_plies(st):
    """All legal plies of a state that is not finished, as record text."""
    me = st.to_act
    if st.variant == "kpe":
        sow = sowable_pits(st)
        if kpe_feeding_applies(st):
            opp = set(home_row(other(me)))
            feeding = [p for p in sow if opp & set(pits_reached(p, st.seeds[p]))]
            if feeding:
                sow = feeding
        return [label(p) for p in sow]

    # Goré
    if st.offer is not None:
        return ["accept", "decline"]
    sow = sowable_pits(st)
    if not sow:
        return ["pass"]
    plies = [label(p) for p in sow]
    if not has_trading(st.variant):
        return plies
    mine = [p for p in range(PITS) if st.owners[p] == me]
    opp_captured = st.captured[other(me)]
    for k in (1, 2, 3):
        if k >= len(mine):            # the offerer keeps at least one pit
            continue
        if opp_captured < 6 * k:      # the opponent must be able to pay
            continue
        for combo in itertools.combinations(mine, k):
            plies.append(offer_ply(combo))
    return plies


def normalise_ply(text):
    """Turn 'offer(d, c)' into 'offer(c,d)'; other plies unchanged."""
    t = text.strip()
    if t.startswith("offer(") and t.endswith(")"):
        ls = [x.strip() for x in t[6:-1].split(",")]
        ps = [pit_of(x) for x in ls]
        if len(set(ps)) != len(ps):
            raise IllegalPly("offer names a pit twice")
        return offer_ply(ps)
    return t


# ---------------------------------------------------------------------------
# Applying a ply
# ---------------------------------------------------------------------------

def kpe_capture_pits(st, me, landing):
    """Pits captured in Kpé (st already sown): landing pit then backwards."""
    opp = home_row(other(me))
    taken = []
    p = landing
    while p in opp and st.seeds[p] in (2, 4):
        taken.append(p)
        p = (p - 1) % PITS
    return taken


def gore_capture_pits(st, me, landing):
    """Pits captured in Goré: the maximal arc of 2s and 4s containing the
    landing pit, if the landing pit is controlled by the opponent."""
    if st.owners[landing] == me or st.seeds[landing] not in (2, 4):
        return []
    arc = [landing]
    p = (landing + 1) % PITS
    while len(arc) < PITS and st.seeds[p] in (2, 4) and p not in arc:
        arc.append(p)
        p = (p + 1) % PITS
    p = (landing - 1) % PITS
    while len(arc) < PITS and st.seeds[p] in (2, 4) and p not in arc:
        arc.insert(0, p)
        p = (p - 1) % PITS
    return arc


def apply_ply(st, ply):
    """Return (new_state, info).  The ply must be legal in st."""
    new = st.copy()
    me = st.to_act
    info = {"ply": ply, "side": me, "captured_pits": [], "captured_seeds": 0}
    if ply == "pass":
        info["kind"] = "pass"
        new.to_act = other(me)
    elif ply.startswith("offer("):
        info["kind"] = "offer"
        pits = [pit_of(x) for x in ply[6:-1].split(",")]
        info["offer"] = sorted(pits)
        new.offer = frozenset(pits)
        new.to_act = other(me)
    elif ply == "accept":
        info["kind"] = "accept"
        pits = sorted(st.offer)
        info["offer"] = pits
        for p in pits:
            new.owners[p] = me
            new.seeds[p] += 6
        new.captured[me] -= 6 * len(pits)
        info["paid"] = 6 * len(pits)
        new.offer = None                      # same side acts again
    elif ply == "decline":
        info["kind"] = "decline"
        info["offer"] = sorted(st.offer)
        new.offer = None
        new.declined.add(me)                  # same side acts again
    else:
        info["kind"] = "sow"
        origin = pit_of(ply)
        n = new.seeds[origin]
        new.seeds[origin] = 0
        p = origin
        for _ in range(n):
            p = (p + 1) % PITS
            new.seeds[p] += 1                 # the origin too, on every lap
        landing = p
        info["origin"] = origin
        info["sown"] = n
        info["landing"] = landing
        if st.variant == "kpe":
            was_unlocked = len(st.sown[me]) == 4
            new.sown[me].add(origin)
            unlocked = len(new.sown[me]) == 4
            info["lock_released"] = unlocked and not was_unlocked
            info["feeding_forced"] = (kpe_feeding_applies(st)
                                      and len(legal_plies(st)) < len(sowable_pits(st)))
            info["locked"] = not unlocked
            taken = kpe_capture_pits(new, me, landing) if unlocked else []
        else:
            taken = gore_capture_pits(new, me, landing)
            if taken:
                i = taken.index(landing)
                info["arc_backward"] = i
                info["arc_forward"] = len(taken) - 1 - i
                info["arc_own_pits"] = [q for q in taken if new.owners[q] == me]
        for q in taken:
            info["captured_seeds"] += new.seeds[q]
            new.captured[me] += new.seeds[q]
            new.seeds[q] = 0
        info["captured_pits"] = taken
        new.to_act = other(me)
    return new, info


# ---------------------------------------------------------------------------
# End of game
# ---------------------------------------------------------------------------

def end_reason(st, occurrences):
    """Termination of a state reached with `occurrences` occurrences of its
    repetition key so far, or None.  Precedence: all-below, no-sowing,
    repetition."""
    if is_gore(st.variant) and all(x < 3 for x in st.seeds):
        return "all-below"
    if st.variant == "kpe" and not sowable_pits(st):
        return "no-sowing"
    if occurrences >= REPETITION_LIMIT:
        return "repetition"
    return None


def final_totals(st):
    """Captured plus the seeds swept from the pits each side controls."""
    tot = list(st.captured)
    for p in range(PITS):
        tot[st.owners[p]] += st.seeds[p]
    return tot


class Game:
    """A game from a start state, with the repetition history."""

    def __init__(self, variant, start=None):
        self.variant = variant
        self.start = start.copy() if start is not None else initial_state(variant)
        self.state = self.start.copy()
        self.counts = Counter()
        self.counts[repetition_key(self.state)] = 1
        self.termination = end_reason(self.state, 1)
        self.history = []        # list of (ply, info, state before, state after)

    def legal(self):
        if self.termination:
            return []
        return legal_plies(self.state)

    def play(self, ply):
        if self.termination:
            raise IllegalPly("the game is over (%s)" % self.termination)
        ply = normalise_ply(ply)
        legal = legal_plies(self.state)
        if ply not in legal:
            raise IllegalPly("%s is not legal in %s (legal: %s)"
                             % (ply, position_string(self.state), " ".join(legal)))
        before = self.state
        after, info = apply_ply(before, ply)
        key = repetition_key(after)
        self.counts[key] += 1
        info["occurrence"] = self.counts[key]
        self.termination = end_reason(after, self.counts[key])
        self.state = after
        self.history.append((ply, info, before, after))
        return info

    def totals(self):
        return final_totals(self.state)

    def winner(self):
        t = self.totals()
        if t[S] > t[N]:
            return S
        if t[N] > t[S]:
            return N
        return None

    def without_glory(self):
        w = self.winner()
        return w is not None and w in self.state.declined


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(variant, depth, start=None):
    """Number of distinct ply sequences of exactly `depth` plies.  The
    repetition history starts at the start position (first occurrence)."""
    st = start if start is not None else initial_state(variant)
    counts = Counter()
    counts[repetition_key(st)] = 1
    if depth == 0:
        return 1
    if end_reason(st, 1):
        return 0
    return _perft(st, counts, depth)


def _perft(st, counts, depth):
    plies = legal_plies(st)
    if depth == 1:
        return len(plies)          # bulk count at the last ply
    total = 0
    for ply in plies:
        child, _ = apply_ply(st, ply)
        key = repetition_key(child)
        counts[key] += 1
        if end_reason(child, counts[key]) is None:
            total += _perft(child, counts, depth - 1)
        counts[key] -= 1
    return total


def divide(variant, depth, start=None):
    """Perft split by first ply (for cross-checking by hand)."""
    st = start if start is not None else initial_state(variant)
    out = []
    for ply in legal_plies(st):
        child, _ = apply_ply(st, ply)
        counts = Counter()
        counts[repetition_key(st)] += 1
        counts[repetition_key(child)] += 1
        if depth == 1:
            n = 1
        elif end_reason(child, counts[repetition_key(child)]):
            n = 0
        else:
            n = _perft(child, counts, depth - 1)
        out.append((ply, n))
    return out


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

SPEC_EXAMPLE = "c A a C d D d A a B b C a offer(D) decline b".split()
SPEC_EXAMPLE_END = "0,0,15,7/7,6,0,5 N 8-0 declined=S"


def selftest():
    g = Game("gore")
    for ply in SPEC_EXAMPLE:
        g.play(ply)
    got = position_string(g.state)
    assert got == SPEC_EXAMPLE_END, got
    assert g.termination is None

    # round trips of every state along some random games of both variants
    for variant in VARIANTS:
        for seed in range(30):
            rng = random.Random(seed)
            g = Game(variant)
            while not g.termination and len(g.history) < 400:
                g.play(rng.choice(g.legal()))
                s = position_string(g.state)
                assert position_string(parse_position(variant, s)) == s, s
                assert sum(g.state.seeds) + sum(g.state.captured) == TOTAL_SEEDS
            assert sum(g.totals()) == TOTAL_SEEDS

    assert position_string(initial_state("kpe")) == "6,6,6,6/6,6,6,6 S 0-0"
    for bad in ("6,6,6,6/6,6,6,6 S 1-0",                   # 49 seeds
                "6,6,6,6/6,6,6,6 S 0-0 owners=SSSN/NNNN",   # owners= in Kpé
                "6,6,6,6/6,6,6,6 S 0-0 sown=e/"):
        try:
            parse_position("kpe", bad)
        except (PositionError, ValueError):
            pass
        else:
            raise AssertionError("accepted " + bad)

    # hand-checked sowing of 8+ seeds: the origin gets a seed
    st = parse_position("kpe", "9,0,0,0/13,13,13,0 S 0-0")
    st2, info = apply_ply(st, "a")
    assert st2.seeds == [1, 2, 1, 1, 14, 14, 14, 1] and info["landing"] == 1

    # Kpé chain backwards, stops at the mover's own row; the sowing that
    # completes the set of home pits captures; one that does not, does not
    st = parse_position("kpe", "0,0,0,3/1,3,1,0 S 30-10 sown=abc/")
    st2, info = apply_ply(st, "d")
    assert info["captured_pits"] == [6, 5, 4] and info["lock_released"], info
    assert position_string(st2) == "0,0,0,0/0,0,0,0 N 38-10 sown=abcd/", position_string(st2)
    st = parse_position("kpe", "0,0,0,3/1,3,1,0 S 30-10 sown=ab/")
    st2, info = apply_ply(st, "d")
    assert info["captured_pits"] == [] and position_string(st2) == "0,0,0,0/2,4,2,0 N 30-10 sown=abd/"

    # Goré arc both ways, through the mover's own pit d
    st = parse_position("gore", "5,5,2,3/1,4,2,5 S 11-10")
    st2, info = apply_ply(st, "c")
    assert info["captured_pits"] == [3, 4, 5, 6], info
    assert position_string(st2) == "5,5,0,0/0,0,0,5 N 23-10", position_string(st2)

    # trading: offers need 6 captured per pit; accept pays into the pits
    st = parse_position("gore", "5,5,0,0/0,0,0,5 N 23-10")
    ls = legal_plies(st)
    assert "offer(A,B,C)" in ls and "offer(A,B,C,D)" not in ls
    st2, _ = apply_ply(st, "offer(B,D)")
    assert position_string(st2) == "5,5,0,0/0,0,0,5 S 23-10 offer=B,D"
    assert legal_plies(st2) == ["accept", "decline"]
    st3, _ = apply_ply(st2, "accept")
    assert position_string(st3) == "5,5,0,0/0,6,0,11 S 11-10 owners=SSSS/NSNS"
    st3, _ = apply_ply(st2, "decline")
    assert position_string(st3) == "5,5,0,0/0,0,0,5 S 23-10 declined=S"

    # the whole circuit as one arc: each pit captured once
    g = Game("gore", parse_position("gore", "0,0,0,17/1,0,0,0 S 15-15"))
    info = g.play("d")
    assert sorted(info["captured_pits"]) == list(range(8)) and info["captured_seeds"] == 18
    assert g.termination == "all-below" and g.totals() == [33, 15]

    # the start of the perft tables (derived by hand in tests/perft/*.perft)
    for variant in VARIANTS:
        assert [perft(variant, d) for d in range(5)] == [1, 4, 16, 64, 241]

    # forced pass
    st = parse_position("gore", "0,0,0,0/3,3,0,0 S 21-21")
    assert legal_plies(st) == ["pass"]

    # gore-notrade: Goré without offers, answers or trading fields
    for bad in ("6,6,6,6/6,6,6,6 S 0-0 owners=SSSN/NNNN",
                "5,5,0,0/0,0,0,5 S 23-10 offer=B,D",
                "5,5,0,0/0,0,0,5 S 23-10 declined=S",
                "6,6,6,6/6,6,6,6 S 0-0 sown=a/"):
        try:
            parse_position("gore-notrade", bad)
        except PositionError:
            pass
        else:
            raise AssertionError("gore-notrade accepted " + bad)
    st = parse_position("gore-notrade", "5,5,0,0/0,0,0,5 N 23-10")
    assert legal_plies(st) == ["D"], legal_plies(st)       # no offer despite 23 captured
    assert len(legal_plies(parse_position("gore", "5,5,0,0/0,0,0,5 N 23-10"))) > 1
    g = Game("gore-notrade")
    for ply in "c A a C d D d A a B b C a".split():
        g.play(ply)
    try:
        g.play("offer(D)")
    except IllegalPly:
        pass
    else:
        raise AssertionError("gore-notrade accepted an offer")
    st = parse_position("gore-notrade", "5,5,2,3/1,4,2,5 S 11-10")
    st2, info = apply_ply(st, "c")                          # same two-way arc as Goré
    assert info["captured_pits"] == [3, 4, 5, 6]
    assert position_string(st2) == "5,5,0,0/0,0,0,5 N 23-10"
    assert legal_plies(parse_position("gore-notrade", "0,0,0,0/3,3,0,0 S 21-21")) == ["pass"]
    g = Game("gore-notrade", parse_position("gore-notrade", "0,0,0,17/1,0,0,0 S 15-15"))
    g.play("d")
    assert g.termination == "all-below" and g.totals() == [33, 15]
    g = Game("gore-notrade", parse_position("gore-notrade", "0,2,0,0/0,2,1,3 S 20-20"))
    ring = "b C c D a B c C d A".split()
    for ply in ring + ring:
        assert g.termination is None
        g.play(ply)
    assert g.termination == "repetition" and g.totals() == [22, 26]
    assert perft("gore-notrade", 6) == 3609 and perft("gore", 6) == 3701
    print("selftest passed")


# ---------------------------------------------------------------------------
# Playing policies (for finding golden games)
# ---------------------------------------------------------------------------

# name -> (probability of offering when offers are legal, probability of
#          accepting an offer, probability of picking the sowing that captures
#          most, "small-late" threshold: when at most this many seeds are on
#          the board, sow from the smallest pit), description
POLICIES = {
    "uniform": (None, None, None, 0,
                "uniformly random over all legal plies"),
    "sower": (0.05, 0.5, 0.0, 0,
              "random sowing; offers with probability 0.05; accepts half the offers"),
    "greedy": (0.05, 0.5, 0.8, 0,
               "with probability 0.8 the sowing that captures most (ties at random), "
               "else a random sowing; offers with probability 0.05; accepts half the offers"),
    "capturer": (0.0, 0.5, 1.0, 0,
                 "always the sowing that captures most (ties at random); never offers; "
                 "accepts half the offers"),
    "trader": (0.3, 1.0, 0.5, 0,
               "offers with probability 0.3; accepts every offer; otherwise greedy "
               "half the time, random sowing the rest"),
    "haggler": (0.4, 0.2, 0.8, 0,
                "offers with probability 0.4; accepts one offer in five; "
                "otherwise greedy with probability 0.8"),
    "decliner": (0.0, 0.0, 0.8, 0,
                 "never offers; declines every offer; greedy sowing with probability 0.8"),
    "small-late": (0.05, 0.5, 0.3, 16,
                   "when at most 16 seeds are on the board, sows from its smallest pit; "
                   "otherwise greedy with probability 0.3; offers with probability 0.05"),
    # Used for gore-notrade only (see repeater_ply): random play almost never
    # repeats a position three times there.
    "repeater": (0.0, 0.0, 0.8, 10,
                 "greedy with probability 0.8 while more than 10 seeds are on the board; "
                 "then steers for a repetition: plays the first ply of a shortest line "
                 "of at most 16 capture-free plies (its own and the opponent's) that "
                 "returns to a position already seen in the game, else a sowing that "
                 "captures least (ties at random)"),
}


def steer_to_repetition(game, max_depth=16, budget=20000):
    """First ply of a shortest capture-free line (both sides' plies, none
    ending the game) from the current state back to a position already seen
    in the game, or None.  Breadth-first, plies in legal_plies order."""
    seen = set(k for k, n in game.counts.items() if n > 0)
    start = game.state
    visited = {repetition_key(start)}
    queue = deque([(start, 0, None)])
    while queue:
        st, depth, first = queue.popleft()
        if depth >= max_depth:
            continue
        for ply in legal_plies(st):
            child, info = apply_ply(st, ply)
            if info["captured_pits"] or end_reason(child, 1):
                continue
            key = repetition_key(child)
            if key in seen:
                return first or ply
            if key in visited:
                continue
            visited.add(key)
            if len(visited) > budget:
                return None
            queue.append((child, depth + 1, first or ply))
    return None


def repeater_ply(game, rng):
    legal = game.legal()
    if legal == ["pass"]:
        return "pass"
    st = game.state
    gain = {x: apply_ply(st, x)[1]["captured_seeds"] for x in legal}
    if sum(st.seeds) > POLICIES["repeater"][3]:
        if rng.random() < POLICIES["repeater"][2]:
            best = max(gain.values())
            return rng.choice([x for x in legal if gain[x] == best])
        return rng.choice(legal)
    ply = steer_to_repetition(game)
    if ply is not None:
        return ply
    least = min(gain.values())
    return rng.choice([x for x in legal if gain[x] == least])


def choose_ply(policy, game, rng):
    if policy == "repeater":
        return repeater_ply(game, rng)
    legal = game.legal()
    p_offer, p_accept, p_greedy, small_late, _ = POLICIES[policy]
    if p_offer is None:
        return rng.choice(legal)
    if legal == ["pass"]:
        return "pass"
    if legal == ["accept", "decline"]:
        return "accept" if rng.random() < p_accept else "decline"
    offers = [x for x in legal if x.startswith("offer(")]
    sows = [x for x in legal if not x.startswith("offer(")]
    if offers and rng.random() < p_offer:
        return rng.choice(offers)
    st = game.state
    if small_late and sum(st.seeds) <= small_late:
        least = min(st.seeds[pit_of(x)] for x in sows)
        return rng.choice([x for x in sows if st.seeds[pit_of(x)] == least])
    if rng.random() < p_greedy:
        gain = {x: apply_ply(st, x)[1]["captured_seeds"] for x in sows}
        best = max(gain.values())
        return rng.choice([x for x in sows if gain[x] == best])
    return rng.choice(sows)


def play_game(variant, seed, south, north, max_plies=400):
    rng = random.Random("%s-%d-%s-%s" % (variant, seed, south, north))
    g = Game(variant)
    while not g.termination and len(g.history) < max_plies:
        policy = south if g.state.to_act == S else north
        g.play(choose_ply(policy, g, rng))
    return g


# ---------------------------------------------------------------------------
# Describing what happens in a game
# ---------------------------------------------------------------------------

def labels_text(pits):
    return " ".join(label(p) for p in pits)


def side_name(side):
    return "South" if side == S else "North"


MOMENT_TEXT = {
    # Kpé
    "lock-released": "opening lock released (comment at the completing ply)",
    "lock-released-capturing": "opening lock released by a sowing that itself captures",
    "feeding-forced": "feeding forced: opponent's row empty, some sowings would not feed",
    "chain": "capture chain of 2 or more pits",
    "chain-3": "capture chain of 3 or more pits",
    "lap": "sowing of 8 or more seeds (the emptied origin pit receives a seed)",
    "no-sowing": "game ends: player to move has no legal sowing",
    "repetition": "game ends: third occurrence of a position",
    "all-below": "game ends: every pit holds fewer than 3",
    "draw": "drawn game (equal totals)",
    # Goré
    "chain-both-ways-own": "capture arc running both ways from the landing pit and "
                           "taking a pit of the mover's own territory",
    "arc-wraps": "capture arc crossing the D-a seam of the circuit",
    "trade-accepted": "trade offered and accepted (pits change owner, acceptor pays 6 per pit)",
    "trade-accepted-multi": "accepted trade of 2 or 3 pits",
    "offer-declined": "trade offered and declined",
    "offer-straight-back": "a player who has just declined offers straight back",
    "forced-pass": "forced pass (every controlled pit empty)",
    "capture-after-trade": "capture of a pit whose owner changed by a trade",
    "without-glory": "victory without glory (the winner had declined an offer)",
    "full-circle": "capture arc covering all 8 pits (each pit captured once)",
}

# Games from constructed positions (not reached in play), for edge cases no
# random game is likely to show: (position, plies, moment, explanation).
CONSTRUCTED = {
    "gore": [
        ("0,0,0,17/1,0,0,0 S 15-15", ["d"], "full-circle",
         ["Constructed position, not reached in play: South sows 17 seeds from d.",
          "Every pit receives 2 and A (the first and the last pit sown) 3, so A",
          "holds 4 and every other pit 2, the origin d included. A is North's and",
          "holds 4: the arc of 2s and 4s is the whole circuit, and each of the 8",
          "pits is captured exactly once: 4 + 7 x 2 = 18 seeds. The board is then",
          "empty, so the game ends (all-below): South 15 + 18 = 33, North 15."]),
    ],
    "kpe": [],
    "gore-notrade": [
        ("0,2,0,0/0,2,1,3 S 20-20", "b C c D a B c C d A b C c D a B c C d A".split(),
         "repetition",
         ["Constructed position, not reached in play (a game from the initial position",
          "ending by repetition is the repeater game of this set): 8 seeds on the board,",
          "20 captured by each side. The 10 plies b C c D a B c C d A bring the position",
          "back (after 5 of them it is the mirror image 0,2,1,3/0,2,0,0 N 20-20). No",
          "sowing captures: a, b, c, A, B and C land in the mover's own row, and the",
          "4-seed sowings D and d land in d and D, which then hold 3. Played twice, the",
          "start position occurs for the third time after ply 20 and the game ends by",
          "repetition: South 20 + 2, North 20 + 6 = 22-26. Its start position is also",
          "a perft position of tests/perft/gore-notrade.perft (repetition at depth 21)."]),
    ],
}


def game_moments(game):
    """moment -> list of ply numbers (1-based) where it happens."""
    found = {}

    def mark(m, i):
        found.setdefault(m, []).append(i)

    for i, (ply, info, before, after) in enumerate(game.history, 1):
        taken = info["captured_pits"]
        if info["kind"] == "sow":
            if info["sown"] >= 8:
                mark("lap", i)
            if len(taken) >= 2:
                mark("chain", i)
            if len(taken) >= 3:
                mark("chain-3", i)
        if game.variant == "kpe" and info["kind"] == "sow":
            if info["lock_released"]:
                mark("lock-released", i)
                if taken:
                    mark("lock-released-capturing", i)
            if info["feeding_forced"]:
                mark("feeding-forced", i)
        if is_gore(game.variant):
            if taken and info["arc_backward"] and info["arc_forward"] and info["arc_own_pits"]:
                mark("chain-both-ways-own", i)
            if 0 in taken and 7 in taken:
                mark("arc-wraps", i)
            if len(taken) == PITS:
                mark("full-circle", i)
            if taken and any(before.owners[q] != default_owners()[q] for q in taken):
                mark("capture-after-trade", i)
            if info["kind"] == "accept":
                mark("trade-accepted", i)
                if len(info["offer"]) >= 2:
                    mark("trade-accepted-multi", i)
            if info["kind"] == "decline":
                mark("offer-declined", i)
                if i < len(game.history) and game.history[i][1]["kind"] == "offer":
                    mark("offer-straight-back", i + 1)
            if info["kind"] == "pass":
                mark("forced-pass", i)
    if game.termination:
        mark(game.termination, len(game.history))
        if game.winner() is None:
            mark("draw", len(game.history))
        if game.without_glory():
            mark("without-glory", len(game.history))
    return found


def ply_comment(game, i):
    """The comment to write after ply i (1-based), or None."""
    ply, info, before, after = game.history[i - 1]
    me = info["side"]
    who = side_name(me)
    pos = position_string(after)
    notes = []
    if info["kind"] == "sow":
        taken = info["captured_pits"]
        if game.variant == "kpe" and info["feeding_forced"]:
            legal = legal_plies(before)
            others = [label(p) for p in sowable_pits(before) if label(p) not in legal]
            notes.append("%s's row is empty, so %s must feed: legal sowings %s, "
                         "while %s would not reach %s's row"
                         % (side_name(other(me)), who, " ".join(legal),
                            " ".join(others), side_name(other(me))))
        first_lap = info["sown"] >= 8 and not any(
            h[1]["kind"] == "sow" and h[1]["sown"] >= 8 for h in game.history[:i - 1])
        if first_lap:
            notes.append("first sowing of 8 or more seeds in this game: %s sows %d from %s, "
                         "and the emptied %s receives a seed as the sowing passes it"
                         % (who, info["sown"], ply, ply))
        if taken:
            amounts = _captured_counts(before, info)
            text = ("%s sows %s (%d seeds), lands in %s and captures %s"
                    % (who, ply, info["sown"], label(info["landing"]), labels_text(taken)))
            if len(taken) == 1:
                text += " (%d seeds)" % info["captured_seeds"]
            elif is_gore(game.variant) and len(taken) == PITS:
                text += " (%s = %d seeds), the whole circuit, each pit once" % (
                    "+".join(str(x) for x in amounts), info["captured_seeds"])
            else:
                text += " (%s = %d seeds)" % ("+".join(str(x) for x in amounts),
                                              info["captured_seeds"])
            if is_gore(game.variant) and 1 < len(taken) < PITS:
                text += (", the arc running %d pit(s) back and %d forward from %s"
                         % (info["arc_backward"], info["arc_forward"], label(info["landing"])))
            if is_gore(game.variant) and info["arc_own_pits"]:
                text += " and taking %s's own %s" % (who, labels_text(info["arc_own_pits"]))
            if is_gore(game.variant) and any(before.owners[q] != default_owners()[q] for q in taken):
                text += " (territory changed by trade: %s)" % " ".join(
                    "%s is %s's" % (label(q), side_name(before.owners[q])) for q in taken
                    if before.owners[q] != default_owners()[q])
            if game.variant == "kpe" and len(taken) >= 2:
                text += ", chaining backwards from %s" % label(info["landing"])
            notes.append(text)
        if game.variant == "kpe" and info["lock_released"]:
            notes.append("%s has now sown from all four home pits: opening lock released; "
                         "this completing sowing %s"
                         % (who, "captures (allowed)" if taken else "captures nothing"))
    elif info["kind"] == "offer":
        notes.append("%s offers %s to %s (who has captured %d, so can pay %d)"
                     % (who, labels_text(info["offer"]), side_name(other(me)),
                        before.captured[other(me)], 6 * len(info["offer"])))
    elif info["kind"] == "accept":
        notes.append("%s accepts %s: the pit(s) become %s's and %s pays %d of its captured "
                     "seeds, 6 into each; %s now acts again"
                     % (who, labels_text(info["offer"]), who, who, info["paid"], who))
    elif info["kind"] == "decline":
        notes.append("%s declines the offer of %s and now takes its normal turn"
                     % (who, labels_text(info["offer"])))
    elif info["kind"] == "pass":
        mine = [p for p in range(PITS) if before.owners[p] == me]
        notes.append("every pit %s controls (%s) is empty: forced pass" % (who, labels_text(mine)))
    if i == len(game.history) and game.termination:
        notes.append(end_text(game))
    if not notes:
        return None
    text = " ".join(n[0].upper() + n[1:] + "." for n in notes)
    return text.replace(";", ",") + " Position: " + pos


def _captured_counts(before, info):
    """Seeds in each captured pit just before the capture (after sowing)."""
    st = before.copy()
    n = st.seeds[info["origin"]]
    st.seeds[info["origin"]] = 0
    p = info["origin"]
    for _ in range(n):
        p = (p + 1) % PITS
        st.seeds[p] += 1
    return [st.seeds[q] for q in info["captured_pits"]]


def end_text(game):
    st = game.state
    tot = game.totals()
    swept = [tot[S] - st.captured[S], tot[N] - st.captured[N]]
    why = {
        "all-below": "every pit holds fewer than 3 seeds",
        "no-sowing": "%s, to move, has no legal sowing" % side_name(st.to_act),
        "repetition": "this position occurs for the third time",
    }[game.termination]
    text = "Game over (%s): %s" % (game.termination, why)
    if game.termination == "repetition":
        key = repetition_key(st)
        seen = [0] if repetition_key(game.start) == key else []
        seen += [j for j, h in enumerate(game.history, 1) if repetition_key(h[3]) == key]
        text += " (after ply %s)" % ", ".join(str(j) if j else "0, the start" for j in seen)
    text += (". Sweep: South %d, North %d from their pits. Totals %d-%d"
             % (swept[S], swept[N], tot[S], tot[N]))
    w = game.winner()
    text += ", draw" if w is None else ", %s wins" % side_name(w)
    if game.without_glory():
        text += ": victory without glory, %s had declined an offer" % side_name(w)
    return text


def record_text(game, header, south, north, date="2026.11.30"):
    lines = ["; " + h for h in header]
    tags = [("Variant", game.variant), ("South", south), ("North", north), ("Date", date)]
    if position_string(game.start) != position_string(initial_state(game.variant)):
        tags.append(("Position", position_string(game.start)))
    if game.termination:
        tot = game.totals()
        tags.append(("Result", "%d-%d" % (tot[S], tot[N])))
        tags.append(("Termination", game.termination))
    else:
        tags.append(("Result", "*"))
    tags.append(("FinalPosition", position_string(game.state)))
    if game.without_glory():
        tags.append(("Glory", "without"))
    for k, v in tags:
        lines.append('[%s "%s"]' % (k, v.replace("\\", "\\\\").replace('"', '\\"')))
    lines.append("")
    line = ""
    for i in range(1, len(game.history) + 1):
        tok = ""
        if i % 2 == 1:
            tok = "%d. " % ((i + 1) // 2)
        tok += game.history[i - 1][0]
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


# ---------------------------------------------------------------------------
# Golden data: search, write
# ---------------------------------------------------------------------------

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MAX_GOLDEN_PLIES = 150
GAMES_PER_VARIANT = 16
GAMES_IN_SET = {"gore": GAMES_PER_VARIANT, "kpe": GAMES_PER_VARIANT, "gore-notrade": 8}

# Moments each variant's set must show, with the policy pairs tried (in
# order, for seeds 1, 2, 3, ...) to find a game showing it.
WANTED = {
    "kpe": [
        ("lock-released-capturing", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("feeding-forced", [("greedy", "greedy"), ("sower", "sower")]),
        ("chain-3", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("lap", [("sower", "sower"), ("greedy", "greedy")]),
        ("no-sowing", [("sower", "sower")]),
        ("repetition", [("small-late", "small-late"), ("sower", "sower")]),
        ("draw", [("greedy", "greedy"), ("sower", "sower")]),
    ],
    "gore": [
        ("chain-both-ways-own", [("greedy", "greedy"), ("capturer", "capturer")]),
        ("trade-accepted", [("trader", "trader")]),
        ("trade-accepted-multi", [("trader", "trader")]),
        ("offer-declined", [("greedy", "decliner"), ("sower", "sower")]),
        ("offer-straight-back", [("haggler", "haggler"), ("uniform", "uniform")]),
        ("forced-pass", [("greedy", "greedy")]),
        ("capture-after-trade", [("trader", "trader")]),
        ("arc-wraps", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("repetition", [("sower", "sower"), ("uniform", "uniform")]),
        ("without-glory", [("decliner", "trader"), ("trader", "decliner")]),
        ("lap", [("sower", "sower")]),
        ("draw", [("greedy", "greedy"), ("sower", "sower")]),
    ],
    "gore-notrade": [
        ("chain-both-ways-own", [("greedy", "greedy"), ("capturer", "capturer")]),
        ("forced-pass", [("greedy", "greedy")]),
        ("repetition", [("repeater", "repeater")]),
        ("arc-wraps", [("capturer", "capturer"), ("greedy", "greedy")]),
        ("full-circle", [("sower", "sower"), ("uniform", "uniform")]),
        ("lap", [("sower", "sower")]),
        ("draw", [("greedy", "greedy"), ("sower", "sower")]),
    ],
}
FILL_PAIRS = {
    "kpe": [("sower", "sower"), ("greedy", "sower"), ("sower", "capturer"),
            ("small-late", "greedy"), ("uniform", "uniform")],
    "gore": [("greedy", "greedy"), ("sower", "trader"), ("uniform", "uniform"),
             ("capturer", "sower"), ("small-late", "small-late")],
    "gore-notrade": [("greedy", "greedy"), ("sower", "sower"), ("uniform", "uniform"),
                     ("capturer", "sower"), ("small-late", "small-late")],
}
MUST_HAVE = {
    "kpe": ["lock-released", "lock-released-capturing", "feeding-forced", "chain",
            "no-sowing", "repetition"],
    "gore": ["chain-both-ways-own", "trade-accepted", "offer-declined", "forced-pass",
             "all-below", "repetition", "without-glory"],
    "gore-notrade": ["chain-both-ways-own", "forced-pass", "all-below", "repetition"],
}


def acceptable(game):
    return game.termination is not None and len(game.history) <= MAX_GOLDEN_PLIES


def find_golden(variant):
    """Deterministic search.  Returns a list of (game, seed, south, north, why)."""
    chosen = []
    used = set()

    def take(seed, south, north, why):
        g = play_game(variant, seed, south, north)
        chosen.append((g, seed, south, north, why))
        used.add((seed, south, north))

    for moment, pairs in WANTED[variant]:
        if any(moment in game_moments(c[0]) for c in chosen):
            continue
        done = False
        for seed in range(1, 5000):
            for south, north in pairs:
                if (seed, south, north) in used:
                    continue
                g = play_game(variant, seed, south, north)
                if acceptable(g) and moment in game_moments(g):
                    take(seed, south, north, moment)
                    done = True
                    break
            if done:
                break
        if not done:
            raise RuntimeError("no game found showing %s in %s" % (moment, variant))
    seed = 100
    k = 0
    while len(chosen) < GAMES_IN_SET[variant]:
        south, north = FILL_PAIRS[variant][k % len(FILL_PAIRS[variant])]
        seed += 1
        if (seed, south, north) in used:
            continue
        g = play_game(variant, seed, south, north)
        if acceptable(g) and len(g.history) >= 20:
            take(seed, south, north, None)
            k += 1
    for pos, plies, moment, text in CONSTRUCTED[variant]:
        g = Game(variant, parse_position(variant, pos))
        for p in plies:
            g.play(p)
        assert g.termination and moment in game_moments(g)
        chosen.append((g, None, None, None, moment))
    for m in MUST_HAVE[variant]:
        assert any(m in game_moments(c[0]) for c in chosen), (variant, m)
    return chosen


def write_golden(repo=REPO):
    gdir = os.path.join(repo, "tests", "golden")
    table = []
    for variant in ("gore", "kpe", "gore-notrade"):
        vdir = os.path.join(gdir, variant)
        os.makedirs(vdir, exist_ok=True)
        for f in os.listdir(vdir):
            if f.endswith(".rec"):
                os.remove(os.path.join(vdir, f))
        chosen = find_golden(variant)
        for n, (g, seed, south, north, why) in enumerate(chosen, 1):
            moments = game_moments(g)
            header = [
                "Derived by tools/reference/gore_kpe.py, an independent Python implementation",
                "of docs/gore-and-kpe.md written without reference to the Rust engine.",
            ]
            if variant == "gore-notrade":
                header += [
                    "Variant gore-notrade (rules/gore-notrade.toml): Gore with trading switched",
                    "off, no offer, accept or decline plies (so the policies' offer and accept",
                    "settings play no part), every other rule Gore's.",
                ]
            if seed is None:
                name = "%02d-constructed-%s.rec" % (n, why)
                header += [c[3] for c in CONSTRUCTED[variant] if c[2] == why][0]
                tag_s = tag_n = "constructed position"
            else:
                name = "%02d-%s-seed%d.rec" % (n, "-".join(sorted({south, north}, key=[south, north].index)), seed)
                header += [
                    "Random game, seed %d: South policy %s, North policy %s." % (seed, south, north),
                    "  %s: %s" % (south, POLICIES[south][4]),
                ]
                if north != south:
                    header.append("  %s: %s" % (north, POLICIES[north][4]))
                tag_s = "gore_kpe %s seed %d" % (south, seed)
                tag_n = "gore_kpe %s seed %d" % (north, seed)
            if why and seed is not None:
                header.append("Found by searching seeds for the first game showing: %s."
                              % MOMENT_TEXT[why])
            header.append("Shows:")
            for m in sorted(moments, key=lambda m: moments[m][0]):
                header.append("  - %s (ply %s)" % (MOMENT_TEXT[m], ", ".join(str(x) for x in moments[m][:6])
                                                   + (", ..." if len(moments[m]) > 6 else "")))
            header.append("%d %s. Comments after plies give the position string after the ply."
                          % (len(g.history), "ply" if len(g.history) == 1 else "plies"))
            text = record_text(g, header, tag_s, tag_n)
            with open(os.path.join(vdir, name), "w", encoding="utf-8") as fh:
                fh.write(text)
            check_record_roundtrip(variant, text)
            table.append((variant, name, g, moments, why))
    write_golden_readme(gdir, table)
    return table


def check_record_roundtrip(variant, text):
    """Re-read a record we wrote (a tiny reader: tags, plies, {} and ;
    comments, move numbers) and replay it: same final position and result."""
    tags = {}
    body = []
    for line in text.split("\n"):
        if line.startswith(";"):
            continue
        if line.startswith("["):
            k, v = line[1:-1].split(" ", 1)
            tags[k] = v[1:-1]
        else:
            body.append(line)
    body = "\n".join(body)
    plies = []
    i = 0
    while i < len(body):
        if body[i] == "{":
            i = body.index("}", i) + 1
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
    g = Game(variant, parse_position(variant, tags["Position"]) if "Position" in tags else None)
    for p in plies:
        g.play(p)
    assert g.termination == tags["Termination"]
    assert position_string(g.state) == tags["FinalPosition"]
    assert "%d-%d" % tuple(g.totals()) == tags["Result"]
    assert ("Glory" in tags) == g.without_glory()


README_MARK = "<!-- section written by "
NOTRADE_BEGIN = "<!-- section written by tools/reference/gore_kpe.py golden (gore-notrade): begin -->"
NOTRADE_END = "<!-- section written by tools/reference/gore_kpe.py golden (gore-notrade): end -->"


def _readme_notrade_section(table):
    """The README section on gore-notrade, appended after Goré and Kpé."""
    variant = "gore-notrade"
    rows = [t for t in table if t[0] == variant]
    if not rows:
        return []
    out = []
    out.append("## Goré without trading (`gore-notrade/`)")
    out.append("")
    out.append("`gore-notrade` (`rules/gore-notrade.toml`) is Goré with trading switched off:")
    out.append("no `offer`, `accept` or `decline` plies, no `owners=`, `offer=` or `declined=`")
    out.append("fields in positions (they are errors for this variant); sowing, the capture")
    out.append("arc both ways around the circuit whoever controls the pits, the forced pass,")
    out.append("the end when every pit holds fewer than 3, the repetition rule and scoring")
    out.append("are Goré's. South always controls `a`-`d` and North `A`-`D`.")
    out.append("")
    out.append("The %d games in `gore-notrade/` were derived as above, by the same script"
               % len(rows))
    out.append("(flag `gore-notrade` on its Goré implementation) and the same kind of seed")
    out.append("search, and are regenerated by the same command. Random play almost never")
    out.append("repeats a position three times in this variant (a repetition needs at")
    out.append("least 8 capture-free sowings between two occurrences, one from every pit;")
    out.append("see `tests/perft/gore-notrade.perft`), so the game from the initial")
    out.append("position that ends by repetition was found with the `repeater` policy:")
    out.append("greedy while more than 10 seeds are on the board, then it plays the first")
    out.append("ply of a shortest capture-free line back to a position already seen in the")
    out.append("game. The constructed game starts from a set-up position (`[Position]`)")
    out.append("on a capture-free ring of 10 plies and goes round it twice; its `;` header")
    out.append("explains it.")
    out.append("")
    out.append("| Goré without trading moment | shown in (ply) |")
    out.append("| --- | --- |")
    for m in MUST_HAVE[variant] + [x for x, _ in WANTED[variant] if x not in MUST_HAVE[variant]]:
        hits = [(name, ms[m][0]) for v, name, g, ms, why in rows if m in ms]
        out.append("| %s | %s |" % (MOMENT_TEXT[m], ", ".join(
            "`%s/%s` (%d)" % (variant, name, p) for name, p in hits[:3])
            + (" and %d more" % (len(hits) - 3) if len(hits) > 3 else "")))
    out.append("")
    out.append("| file | plies | result | termination | searched for | moments shown (first ply) |")
    out.append("| --- | --- | --- | --- | --- | --- |")
    for v, name, g, moments, why in rows:
        tot = g.totals()
        ms = [m for m in sorted(moments, key=lambda m: moments[m][0])
              if m not in ("no-sowing", "repetition", "all-below")]
        cell = ", ".join("%s (%d)" % (m, moments[m][0]) for m in ms) or "-"
        out.append("| `%s/%s` | %d | %d-%d | %s | %s | %s |"
                   % (variant, name, len(g.history), tot[S], tot[N],
                      g.termination, why or "(filler)", cell))
    out.append("")
    out.append("Moment names:")
    out.append("")
    for m in sorted({m for _, _, _, ms, _ in rows for m in ms}):
        out.append("- `%s`: %s" % (m, MOMENT_TEXT[m]))
    return out


def write_golden_readme(gdir, table):
    out = []
    out.append("# Golden games")
    out.append("")
    out.append("Complete recorded games of Goré (`gore/`) and Kpé (`kpe/`) in the record")
    out.append("notation of docs/notation.md, one game per file, each one played to its end.")
    out.append("")
    out.append("## How they were derived")
    out.append("")
    out.append("They were produced by `tools/reference/gore_kpe.py`, a small Python")
    out.append("implementation of the rules of docs/notation.md and docs/gore-and-kpe.md written from those rules alone,")
    out.append("without reading or running the Rust engine, so that they cross-check it.")
    out.append("Each game is a seeded random game between two simple playing policies")
    out.append("(described in the `;` header of each file and in `POLICIES` in the script).")
    out.append("The script searches seeds 1, 2, 3, … for the first finished game of at most")
    out.append("%d plies that shows each wanted moment, then fills each set up to %d games"
               % (MAX_GOLDEN_PLIES, GAMES_PER_VARIANT))
    out.append("with further seeded games. Every file is read back and replayed by the")
    out.append("script after writing (final position, result and termination must match).")
    out.append("")
    out.append("Regenerate (also rewrites `tests/perft/`):")
    out.append("")
    out.append("    python3 tools/reference/gore_kpe.py golden")
    out.append("")
    out.append("Each file has the tags `Variant`, `South`, `North`, `Date`, `Result` (final")
    out.append("totals after the sweep), `Termination` (`all-below`, `no-sowing` or")
    out.append("`repetition`), `FinalPosition` (canonical position string of the final")
    out.append("state) and, when the winner had declined an offer, `Glory \"without\"`.")
    out.append("`{...}` comments follow the plies where something happens (captures, lock")
    out.append("releases, forced feeding, offers, accepts, declines, passes, the end) and end")
    out.append("with the position string after that ply.")
    out.append("")
    out.append("## Required moments")
    out.append("")
    out.append("Where each moment asked of the golden set is shown (file, ply number;")
    out.append("ply numbers count every ply from 1: sowing, pass, offer, accept, decline).")
    out.append("The comment after that ply in the file describes it.")
    for variant, title in (("kpe", "Kpé"), ("gore", "Goré")):
        out.append("")
        out.append("| %s moment | shown in (ply) |" % title)
        out.append("| --- | --- |")
        for m in MUST_HAVE[variant] + [x for x, _ in WANTED[variant] if x not in MUST_HAVE[variant]]:
            hits = [(name, ms[m][0]) for v, name, g, ms, why in table if v == variant and m in ms]
            out.append("| %s | %s |" % (MOMENT_TEXT[m], ", ".join(
                "`%s/%s` (%d)" % (variant, name, p) for name, p in hits[:3])
                + (" and %d more" % (len(hits) - 3) if len(hits) > 3 else "")))
    out.append("")
    out.append("## Which file shows what")
    out.append("")
    for variant, title in (("kpe", "Kpé"), ("gore", "Goré")):
        out.append("")
        out.append("### %s" % title)
        out.append("")
        out.append("| file | plies | result | termination | searched for | moments shown (first ply) |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for v, name, g, moments, why in table:
            if v != variant:
                continue
            tot = g.totals()
            ms = [m for m in sorted(moments, key=lambda m: moments[m][0])
                  if m not in ("no-sowing", "repetition", "all-below")]
            cell = ", ".join("%s (%d)" % (m, moments[m][0]) for m in ms) or "-"
            out.append("| `%s/%s` | %d | %d-%d%s | %s | %s | %s |"
                       % (variant, name, len(g.history), tot[S], tot[N],
                          " (without glory)" if g.without_glory() else "",
                          g.termination, why or "(filler)", cell))
        out.append("")
        out.append("Moment names:")
        out.append("")
        names = sorted({m for v, _, _, ms, _ in table if v == variant for m in ms})
        for m in names:
            out.append("- `%s`: %s" % (m, MOMENT_TEXT[m]))
    text = "\n".join(out) + "\n"
    # Sections written by other scripts (tools/reference/oware_kalah.py), each
    # between its own marker comments after the part written above, are kept
    # as they are; the gore-notrade section has markers of its own and is
    # replaced in place, or appended the first time.
    path = os.path.join(gdir, "README.md")
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    if README_MARK in old:
        text += "\n" + old[old.index(README_MARK):]
    section = "\n".join([NOTRADE_BEGIN, ""] + _readme_notrade_section(table)
                        + ["", NOTRADE_END]) + "\n"
    if NOTRADE_BEGIN in text and NOTRADE_END in text:
        a = text.index(NOTRADE_BEGIN)
        b = text.index(NOTRADE_END) + len(NOTRADE_END)
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

HAND_DERIVATION = """\
Hand derivation for the initial position 6,6,6,6/6,6,6,6 S 0-0, depths 1-4.
This part was reasoned by hand from docs/gore-and-kpe.md (it holds for Gore and
Kpe alike); the program was then used only to confirm each number and the
list of exceptional lines given below.

Facts used: a sowing of n < 8 seeds from pit p fills the n pits after p; the
largest distance from a pit of one row to a pit of the other row is 7 (a to D,
A to d). No offer is legal in the first 4 plies, because an offer needs the
opponent to have captured 6 per pit and (shown below) nothing is captured in
plies 1-4. In Kpe no capture is possible before ply 7 anyway (each side must
first have sown from all four of its pits), and no game can end that early.

perft(1) = 4: South may sow from a, b, c or d (all hold 6); North has
  captured nothing, so no offer is legal.

perft(2) = 16: after South sows x (6 seeds into the 6 pits after x), every
  North pit holds 6 or 7, so North has 4 sowings. Nothing was captured at
  ply 1: the landing pit is C (a), D (b), a (c) or b (d) and holds 7, never 2
  or 4 (and for c, d the landing pit is South's own). 4 x 4 = 16.

perft(3) = 64: after South x and North y, South's legal plies are its
  non-empty pits. Only x can be empty, and North's sowing refills x exactly
  when the distance from y forward to x is at most the seeds sown from y:
    x=a: pits b..C hold 7, D 6. A(7) reaches a at distance 4, B(7) at 3,
         C(7) at 2, D(6) at 1: all refill a             -> 4+4+4+4 = 16
    x=b: pits c..D hold 7, a 6. A(7) reaches b at 5, B(7) at 4, C(7) at 3,
         D(7) at 2: all refill b                         -> 4+4+4+4 = 16
    x=c: pits d..a hold 7, b 6. A(7) reaches c at 6, B(7) at 5, C(7) at 4,
         D(7) at 3: all refill c                         -> 4+4+4+4 = 16
    x=d: pits A..b hold 7, c 6. A(7) reaches d at 7, B(7) at 6, C(7) at 5,
         D(7) at 4: all refill d                         -> 4+4+4+4 = 16
  So South has 4 legal plies after each of the 16 two-ply lines. None of
  them captured: a sowing of 7 seeds ends in the pit just before its origin,
  so every North reply of 7 lands in North's own row, and in case x=a the
  6 seeds of D land in B, also North's. 16 x 4 = 64.

perft(4) = 241: North's reply drops one seed in every pit except y (and, for
  D with 6 seeds, C), so after x and y, x holds exactly 1, South's other pits
  hold 7 or 8, and North's y is empty. A South sowing of 7 or more seeds
  reaches every North pit (distance at most 7), so it refills y. Only re-sowing the single seed of x can leave y empty: from a,
  b or c that seed stays in South's row; from d it falls into A, refilling y
  only when y = A. So North has 3 legal plies after exactly
  4 (x=a) + 4 (x=b) + 4 (x=c) + 3 (x=d, y=B,C,D) = 15 of the 64 three-ply
  lines (a A a, a B a, a C a, a D a, b A b, ..., c D c, d B d, d C d, d D d)
  and 4 after the other 49. No capture at ply 3: the 1-seed sowing from x
  lands in x+1, which is South's own pit for x = a, b, c and is A, now
  holding 1 or 9, for x = d; an 8-seed sowing lands in its own origin; a
  7-seed sowing lands just before its origin, in South's own row from b, c,
  d, and from a in D, now holding 1 or at least 8.
  49 x 4 + 15 x 3 = 196 + 45 = 241.

Program cross-check (not by hand): the program's divide gives a 16, b 16,
c 16, d 16 at depth 3, and its list of 3-ply lines after which North has 3
plies is exactly the 15 above.
"""

# (variant, position, max depth, provenance, what it exercises)
PERFT_POSITIONS = [
    ("gore", "5,5,2,3/3,2,2,6 N 6-14", 6, ("gore", 2, 14),
     "offers legal for both sides (each has captured at least 6): North has 4 "
     "sowings and 4 one-pit offers, South can answer with one- and two-pit offers"),
    ("gore", "7,1,1,1/2,2,2,8 N 22-2 owners=SNSS/SNNS", 6, ("gore", 2, 46),
     "territory changed by trades (North holds b, B and C), North may offer one or "
     "two of its three pits (it must keep one; South has captured 22)"),
    ("gore", "1,6,0,1/0,0,20,0 S 20-0 owners=SNSS/NNNN offer=b,A,B declined=S", 6,
     ("gore", 3, 36),
     "a three-pit offer pending: South must accept or decline first"),
    ("gore", "9,0,2,9/2,18,0,0 N 4-4 owners=SSSS/SSNN declined=S", 8, ("gore", 3, 52),
     "pass forced: North controls only C and D, both empty"),
    ("gore", "19,2,0,0/9,7,1,2 N 6-2 owners=NNSN/NNNN", 8, ("gore", 4, 79),
     "repetition inside the tree: offers, declines and forced passes repeat "
     "positions, so from depth 7 on some lines end by the third occurrence "
     "(without the repetition rule: {norep})"),
    ("kpe", "1,7,3,2/15,1,3,16 N 0-0 sown=abcd/BC", 6, ("kpe", 2, 10),
     "locks partially released: South may capture, North has sown only from B and C"),
    ("kpe", "3,4,17,4/5,3,10,2 S 0-0 sown=abd/ABCD", 6, ("kpe", 1, 13),
     "locks partially released: North may capture, South still has to sow from c "
     "(and may capture with that sowing)"),
    ("kpe", "0,0,0,0/2,6,10,0 N 10-20 sown=abcd/ABCD", 6, ("kpe", 16, 26),
     "feeding forced: South's row is empty, North may sow B or C but not A"),
    ("kpe", "0,0,0,0/1,1,0,2 N 26-18 sown=abcd/ABCD", 18, ("kpe", 2, 58),
     "feeding forced at the root, few seeds: from depth 17 on, some lines end by "
     "repetition (without the repetition rule: {norep})"),
    ("kpe", "0,0,0,0/1,0,0,1 N 20-26 sown=abcd/ABCD", 17, ("kpe", 1, 62),
     "a single forced line, checkable by hand: North must feed with D (A would "
     "not reach South's row), then each side has one seed and one sowing; after 8 "
     "plies (D a A b B c C d) the seeds are back on A and D with North to move, so "
     "the start position occurs for the 2nd time after ply 8 and the 3rd after "
     "ply 16, where the game ends: perft(d) = 1 for d <= 16 and perft(17) = 0"),
]


def perft_series(variant, start, max_depth):
    return [(d, perft(variant, d, start)) for d in range(1, max_depth + 1)]


def write_perft(repo, golden_table):
    pdir = os.path.join(repo, "tests", "perft")
    os.makedirs(pdir, exist_ok=True)
    games = {}
    for variant, name, g, moments, why in golden_table:
        games[(variant, int(name[:2]))] = (name, g)
    timings = {}
    for variant, title in (("gore", "Gore"), ("kpe", "Kpe")):
        t0 = time.time()
        out = []
        out.append("# Perft counts for %s (docs/gore-and-kpe.md)." % title)
        out.append("#")
        out.append("# perft(d) = number of distinct ply sequences of exactly d plies from the")
        out.append("# position. Every ply counts (sowing, pass, offer, accept, decline); each")
        out.append("# distinct offered set is one ply. A finished game has no plies, including")
        out.append("# a game ended by the third occurrence of a position, the history starting")
        out.append("# at the section's position (its first occurrence). perft(0) = 1.")
        out.append("#")
        out.append("# All counts below were computed by tools/reference/gore_kpe.py, an")
        out.append("# independent Python implementation of docs/gore-and-kpe.md and docs/notation.md written without reference")
        out.append("# to the Rust engine (plain recursive enumeration with the repetition")
        out.append("# history carried along each line, bulk count at the last ply).")
        out.append("# Regenerate: python3 tools/reference/gore_kpe.py golden")
        out.append("# One number: python3 tools/reference/gore_kpe.py perft %s <depth> [--position P]"
                   % variant)
        out.append("#")
        for line in HAND_DERIVATION.rstrip("\n").split("\n"):
            out.append(("# " + line).rstrip())
        out.append("")
        start = initial_state(variant)
        series = perft_series(variant, start, 8)
        assert [n for _, n in series[:4]] == [4, 16, 64, 241], series
        assert [n for _, n in divide(variant, 3)] == [16, 16, 16, 16]
        three = []
        for x in legal_plies(start):
            s1 = apply_ply(start, x)[0]
            for y in legal_plies(s1):
                s2 = apply_ply(s1, y)[0]
                for z in legal_plies(s2):
                    s3, info = apply_ply(s2, z)
                    assert not info["captured_pits"]
                    if len(legal_plies(s3)) == 3:
                        three.append(x + y + z)
                    else:
                        assert len(legal_plies(s3)) == 4
        assert sorted(three) == sorted(x + y + x for x in "abcd" for y in "ABCD"
                                       if (x, y) != ("d", "A")), three
        out.append("# The initial position.")
        out.append("position " + position_string(start))
        out += ["%d %d" % dn for dn in series]
        for v, pos, depth, (pv, num, ply), why in PERFT_POSITIONS:
            if v != variant:
                continue
            st = parse_position(variant, pos)
            assert position_string(st) == pos
            name, g = games[(pv, num)]
            assert position_string(g.history[ply - 1][2]) == pos, (pos, name, ply)
            out.append("")
            out.append("# Position before ply %d of tests/golden/%s/%s." % (ply, pv, name))
            if "{norep}" in why:
                why = why.replace("{norep}", _without_repetition(variant, st, depth))
            for chunk in _wrap("It exercises: " + why + ".", 74):
                out.append("# " + chunk)
            out.append("position " + pos)
            out += ["%d %d" % dn for dn in perft_series(variant, st, depth)]
        with open(os.path.join(pdir, variant + ".perft"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(out) + "\n")
        timings[variant] = time.time() - t0
    t0 = time.time()
    write_perft_notrade(pdir, games)
    timings["gore-notrade"] = time.time() - t0
    return timings


HAND_DERIVATION_NOTRADE = """\
Hand derivation for the initial position 6,6,6,6/6,6,6,6 S 0-0, depths 1-3.
This part was reasoned by hand from docs/gore-and-kpe.md (Gore) with trading
switched off; the program was then used only to confirm each number.

In gore-notrade a ply is a sowing from a non-empty pit the mover controls, or
`pass` when every such pit is empty; no pit ever changes owner, so South
controls a-d and North A-D throughout. Facts used: a sowing of n < 8 seeds
from pit p fills the n pits after p and lands in the n-th; the largest
distance from a pit of one row to a pit of the other row is 7 (a to D, A to d).

perft(1) = 4: South may sow from a, b, c or d (all hold 6).

perft(2) = 16: after South sows x, its 6 seeds fill the 6 pits after x, so
  every North pit holds 6 or 7 and North has 4 sowings (no pass). Nothing was
  captured at ply 1: the landing pit is C (x=a), D (b), a (c) or b (d); it
  holds 7, never 2 or 4 (and for c, d it is South's own). No pit holds fewer
  than 3 seeds but x, so the game goes on. 4 x 4 = 16.

perft(3) = 64: after South x and North y, South's legal plies are its
  non-empty pits. Only x can be empty, and North's sowing refills x exactly
  when the distance from y forward to x is at most the seeds sown from y:
    x=a: pits b..C hold 7, D 6. A(7) reaches a at distance 4, B(7) at 3,
         C(7) at 2, D(6) at 1: all refill a             -> 4+4+4+4 = 16
    x=b: pits c..D hold 7, a 6. A(7) reaches b at 5, B(7) at 4, C(7) at 3,
         D(7) at 2: all refill b                         -> 4+4+4+4 = 16
    x=c: pits d..a hold 7, b 6. A(7) reaches c at 6, B(7) at 5, C(7) at 4,
         D(7) at 3: all refill c                         -> 4+4+4+4 = 16
    x=d: pits A..b hold 7, c 6. A(7) reaches d at 7, B(7) at 6, C(7) at 5,
         D(7) at 4: all refill d                         -> 4+4+4+4 = 16
  Nothing was captured at ply 2 (a capture would not change this count, but
  it matters for the comparison with Gore below): a sowing of 7 seeds ends
  in the pit just before its origin, so every North reply of 7 lands in
  North's own row, and after x=a the 6 seeds of D land in B, also North's.
  So South has 4 sowings after each of the 16 two-ply lines. 16 x 4 = 64.

Why the table starts as Gore's (tests/perft/gore.perft): Gore has the same
sowings, passes, captures and end, plus offer plies (and accept or decline,
which only answer an offer). An offer of k pits is legal only if the
opponent has captured at least 6 per pit (docs/gore-and-kpe.md), so as long as
neither side has captured 6 seeds the two trees are the same. Plies 1 and 2
capture nothing (above), nor does ply 3 (shown in the derivation of Gore's
perft(4) = 241 in tests/perft/gore.perft, which is therefore also this
variant's), so no offer is legal before ply 5 and depths 1-4 agree.

Where they part (found with the program, not by hand): at ply 4 North
captures in 5 lines, each time the 2 seeds of a (b A a D, b B a D, b C a D,
c D a D, d D a D: D's sowing ends in a, which then holds 2); 2 < 6, so South
still cannot offer at ply 5 in Gore and perft(5) = 947 in both. At ply 5
South captures 6, 8 or 10 seeds in 23 lines (17, 4 and 2 of them); e.g.
a A b B c: the 10 seeds of c end in A, which then holds 4, next to B with 2,
so the arc A B (6 seeds) is taken: 4,3,1,12/0,0,12,10 N 6-0. From there Gore
also lets North offer any one of its 4 pits (South can pay 6 per pit, not
12): 4 offers more in each of the 23 lines, so perft(6) is 3701 - 23 x 4 =
3609 here. From depth 7 on the gap widens (answers to those offers, and
offers by both sides as captures grow).

The repetition rule cannot change any count of this variant before depth 17.
Between two occurrences of a position no seed was captured (the captured
totals are part of the position and never decrease), and seeds only move
forward around the circuit, so the same number of seeds crossed each of the
8 boundaries between neighbouring pits; that number is at least 1, since at
least one ply was a sowing (two passes in a row would mean every pit is
empty, which ends the game). So every pit received a seed and, to hold the
same count again, was sown from: at least 8 sowings (4 by each side) lie
between two occurrences, and a third occurrence comes 16 plies or more after
the first. The game ending there removes plies from depth 17 on. (Gore proper
can repeat after 4 plies: offer, decline, offer back, decline gives the same
position again but for the declined= field, which the repetition key leaves
out.) So the position below that shows the rule at work is carried further
than depth 6.
"""

# (position, max depth, provenance (variant, golden file number, ply), what
# it exercises).  Counts from depth 17 on may differ without the repetition
# rule; the comment says where.
PERFT_POSITIONS_NOTRADE = [
    ("2,2,3,3/2,3,3,4 S 6-20", 8, ("gore-notrade", 1, 21),
     "a midgame capture arc running both ways: South's d (3 seeds) lands in C, "
     "which then holds 4, and takes B C D a b (4+4+4+2+2 = 16 seeds), 1 pit back "
     "and 3 forward from C, across the D-a seam and into South's own a and b"),
    ("7,3,0,4/0,0,0,0 N 28-6", 8, ("gore-notrade", 2, 34),
     "pass forced at the root: every pit North controls (A-D) is empty, so "
     "North's only ply is pass (perft(1) = 1), then South sows"),
    ("0,2,0,0/0,2,1,3 S 20-20", 21, ("gore-notrade", 9, 1),
     "repetition inside the tree (it cannot change a count before depth 17, see "
     "above; here it does at depth 21): South's only ply is b, and the capture-free ring b C c D a B c C d A, or the "
     "same with c B a in place of a B c, returns to this position after 10 plies; "
     "the 4 lines of 20 plies made of two such rings reach it for the third time "
     "and end there, so each loses the ply b that would follow"),
]


def perft_norep_notrade(seeds, side, depth, memo):
    """perft without the repetition rule, for gore-notrade only: legality
    there depends on the seeds and the side to act alone (no trading, fixed
    owners, the captured totals play no part), so counts can be memoised."""
    if depth == 0:
        return 1
    key = (seeds, side, depth)
    if key not in memo:
        st = State("gore-notrade", seeds, default_owners(), side, [0, TOTAL_SEEDS - sum(seeds)])
        if all(x < 3 for x in seeds):
            memo[key] = 0
        elif depth == 1:
            memo[key] = len(legal_plies(st))
        else:
            total = 0
            for ply in legal_plies(st):
                child = apply_ply(st, ply)[0]
                total += perft_norep_notrade(tuple(child.seeds), child.to_act, depth - 1, memo)
            memo[key] = total
    return memo[key]


def write_perft_notrade(pdir, games):
    variant = "gore-notrade"
    out = []
    out.append("# Perft counts for Gore without trading (gore-notrade: docs/gore-and-kpe.md,")
    out.append("# Gore, with trading switched off; rules/gore-notrade.toml).")
    out.append("#")
    out.append("# perft(d) = number of distinct ply sequences of exactly d plies from the")
    out.append("# position. Every ply counts (sowing, pass; this variant has no offer, accept")
    out.append("# or decline). A finished game has no plies, including a game ended by the")
    out.append("# third occurrence of a position, the history starting at the section's")
    out.append("# position (its first occurrence). perft(0) = 1.")
    out.append("#")
    out.append("# All counts below were computed by tools/reference/gore_kpe.py, an")
    out.append("# independent Python implementation of docs/gore-and-kpe.md and docs/notation.md written without reference")
    out.append("# to the Rust engine (plain recursive enumeration with the repetition")
    out.append("# history carried along each line, bulk count at the last ply; the variant")
    out.append("# is a flag on its Gore implementation that removes the offer plies and the")
    out.append("# owners=, offer= and declined= fields). Each count was also checked against")
    out.append("# a second, memoised count without the repetition rule: equal at every")
    out.append("# depth up to 16 (the argument below says why); where they differ, the")
    out.append("# position's comment says so.")
    out.append("# Regenerate: python3 tools/reference/gore_kpe.py golden")
    out.append("# One number: python3 tools/reference/gore_kpe.py perft gore-notrade <depth> [--position P]")
    out.append("#")
    for line in HAND_DERIVATION_NOTRADE.rstrip("\n").split("\n"):
        out.append(("# " + line).rstrip())
    out.append("")
    memo = {}

    def series(st, depth):
        rows = []
        for d in range(1, depth + 1):
            n = perft(variant, d, st)
            m = perft_norep_notrade(tuple(st.seeds), st.to_act, d, memo)
            assert n == m or d >= 17, (position_string(st), d, n, m)
            rows.append((d, n, m))
        return rows

    # The hand derivation and the comparison with Gore, checked.
    start = initial_state(variant)
    rows = series(start, 8)
    gore = [perft("gore", d) for d in range(1, 7)]
    assert [n for _, n, _ in rows[:3]] == [4, 16, 64]
    assert [n for _, n, _ in rows[:5]] == gore[:5] == [4, 16, 64, 241, 947], gore
    four, five = [], []
    for x in legal_plies(start):
        s1 = apply_ply(start, x)[0]
        for y in legal_plies(s1):
            s2, i2 = apply_ply(s1, y)
            assert not i2["captured_pits"]
            for z in legal_plies(s2):
                s3, i3 = apply_ply(s2, z)
                assert not i3["captured_pits"]
                for u in legal_plies(s3):
                    s4, i4 = apply_ply(s3, u)
                    if i4["captured_pits"]:
                        four.append((" ".join((x, y, z, u)), i4["captured_seeds"]))
                    for v in legal_plies(s4):
                        s5, i5 = apply_ply(s4, v)
                        if i5["side"] == S and i5["captured_seeds"] + s4.captured[S] >= 6:
                            five.append(i5["captured_seeds"])
                            assert s5.captured[S] < 12 and sowable_pits(s5)
    assert sorted(four) == sorted((l, 2) for l in ("b A a D", "b B a D", "b C a D",
                                                   "c D a D", "d D a D")), four
    assert sorted(Counter(five).items()) == [(6, 17), (8, 4), (10, 2)], Counter(five)
    assert rows[5][1] == 3609 == gore[5] - 4 * len(five), (rows[5], gore)
    st = parse_position(variant, "6,6,6,6/6,6,6,6 S 0-0")
    g = Game(variant, st)
    for p in "a A b B".split():
        g.play(p)
    info = g.play("c")
    assert position_string(g.state) == "4,3,1,12/0,0,12,10 N 6-0"
    assert info["captured_pits"] == [4, 5]

    out.append("# The initial position.")
    out.append("position " + position_string(start))
    out += ["%d %d" % (d, n) for d, n, _ in rows]
    for pos, depth, (pv, num, ply), why in PERFT_POSITIONS_NOTRADE:
        name, g = games[(pv, num)]
        st = parse_position(variant, pos)
        assert position_string(st) == pos
        assert position_string(g.history[ply - 1][2]) == pos, (pos, name, ply)
        rows = series(st, depth)
        diffs = ["depth %d would give %d" % (d, m) for d, n, m in rows if n != m]
        if diffs:
            why += " (without the repetition rule: %s)" % ", ".join(diffs)
        out.append("")
        out.append("# Position before ply %d of tests/golden/%s/%s." % (ply, pv, name))
        for chunk in _wrap("It exercises: " + why + ".", 74):
            out.append("# " + chunk)
        out.append("position " + pos)
        out += ["%d %d" % (d, n) for d, n, _ in rows]
    with open(os.path.join(pdir, variant + ".perft"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(out) + "\n")


def _without_repetition(variant, st, depth):
    """The perft counts that differ when the repetition rule is switched off
    (for the comments only)."""
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
                diffs.append("depth %d would give %d" % (d, b))
    finally:
        REPETITION_LIMIT = saved
    assert diffs
    return ", ".join(diffs)


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
                extra = "  captures %s (%d)" % ("".join(label(q) for q in info["captured_pits"]),
                                                info["captured_seeds"])
            print("%-10s %s%s" % (ply, position_string(g.state), extra))
        if g.termination:
            print("finished:", g.termination, "totals %d-%d" % tuple(g.totals()))
        else:
            print("legal:", " ".join(g.legal()))
    elif args.cmd == "golden":
        t0 = time.time()
        table = write_golden()
        for variant, name, g, moments, why in table:
            print("%s/%s: %d plies, %s" % (variant, name, len(g.history), g.termination))
        print("golden games written in %.1fs" % (time.time() - t0))
        timings = write_perft(REPO, table)
        for variant, secs in timings.items():
            print("tests/perft/%s.perft written in %.1fs" % (variant, secs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
