#!/usr/bin/env python3
"""endodoi_anywoli_round_and_round_chongka.py -- an independent reference
implementation of four relay-sowing games of the two-row corpus, for
cross-checking the Rust engine:

    endodoi          Endodoi (Maasai), 2x10
    anywoli          Anywoli (Anuak), 2x12
    round-and-round  Round-and-Round Warri (Barbados), 2x6
    chongka          Chongka' (Mariana Islands), 2x7 with stores

Written from the game descriptions alone (tools/reference/two-row-design.md
section 3 and section 1 for the mechanics named there, the research digests,
the notation of docs/notation.md with tools/reference/two-row-design.md
section 2, and docs/rule-language.md for the meaning of the older keys),
WITHOUT reading or running the engine and WITHOUT reading the rule files. It
imports nothing from the project. Python 3 standard library only. Plain over
fast: the code should read like the rules.

Commands (run from the repository root):
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py selftest
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py perft <id> <depth> [--position P] [--divide]
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py play <id> <ply>... [--position P]
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py golden
        (rewrites tests/golden/<id>/*.rec, tests/perft/<id>.perft for the four
         games and tests/golden/notes/endodoi_anywoli_round_and_round_chongka.md)

Places where the description leaves room are marked with comments that
begin "Reading:".
"""

import argparse
import glob
import os
import random
import re
import sys
import time
from collections import Counter

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = "tools/reference/endodoi_anywoli_round_and_round_chongka.py"
DATE = "2026.12.01"

# Relay sowings stop after this many relays, wherever the last lap ends
# (docs/rule-language.md, sowing.laps = "relay").
MAX_RELAYS = 10000

SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")
SIDE_LETTER = ("S", "N")
STORE = ("store-S", "store-N")  # places of the two stores on the circuit


# ---------------------------------------------------------------------------
# The games (tools/reference/two-row-design.md section 3, items 7, 8, 13, 14)
# ---------------------------------------------------------------------------

class Rules:
    """One game's rules, as plain fields."""

    def __init__(self, **kw):
        self.id = kw["id"]
        self.name = kw["name"]
        self.n = kw["n"]                                  # pits per row
        self.seeds = kw["seeds"]                          # per pit at the start
        self.direction = kw.get("direction", "ccw")       # "ccw" or "cw"
        self.stores = kw.get("stores", False)             # stores after the last house
        self.relay = kw.get("relay", True)
        self.skip_origin = kw.get("skip_origin", False)
        self.extra_turn = kw.get("extra_turn", False)     # last seed in own store
        # opposite capture: None, or (landing, capturing seed taken?)
        #   landing "own" = a pit the mover controls, "anywhere" = either row
        self.opposite = kw.get("opposite")
        # sowing capture: None, or (counts, taker, last seed taker)
        self.sowing_capture = kw.get("sowing_capture")
        self.feeding = kw.get("feeding", False)           # must-feed-empty-opponent
        self.cannot_sow = kw.get("cannot_sow", "pass")    # "pass" or "end-game"
        self.captured_more_than = kw.get("captured_more_than")
        self.seeds_left_at_most = kw.get("seeds_left_at_most")
        self.seeds_left_to_first = kw.get("seeds_left_to_first", False)
        self.total = 2 * self.n * self.seeds


GAMES = {
    # 7. Endodoi: 2x10, 4 seeds, counter-clockwise, relay.  Opposite capture
    # landing own territory, nothing when the opposite pit is empty, the
    # capturing seed taken.  cannot_sow end-game, leftovers to owner.
    "endodoi": Rules(id="endodoi", name="Endodoi", n=10, seeds=4,
                     relay=True, opposite=("own", True),
                     cannot_sow="end-game"),
    # 8. Anywoli: 2x12, 4 seeds, counter-clockwise, relay.  Sowing capture
    # of 4: pit-controller takes, the last seed's 4 goes to the mover.  Ends
    # at 8 seeds or fewer on the board, which go to the first player (South).
    # cannot_sow pass.
    "anywoli": Rules(id="anywoli", name="Anywoli", n=12, seeds=4,
                     relay=True, sowing_capture=((4,), "controller", "mover"),
                     seeds_left_at_most=8, seeds_left_to_first=True,
                     cannot_sow="pass"),
    # 13. Round-and-Round Warri: 2x6, 4 seeds, counter-clockwise, relay,
    # skip origin.  Opposite capture landing anywhere, nothing when opposite
    # empty, capturing seed stays.  Must feed an empty opponent, cannot feed
    # -> any sowing.  cannot_sow end-game.  Ends above 24.
    "round-and-round": Rules(id="round-and-round", name="Round-and-Round Warri",
                             n=6, seeds=4, relay=True, skip_origin=True,
                             opposite=("anywhere", False), feeding=True,
                             cannot_sow="end-game", captured_more_than=24),
    # 14. Chongka': 2x7, 7 seeds, stores after the last house, clockwise,
    # relay, extra turn after a last seed in one's own store.  Opposite
    # capture own territory, nothing when opposite empty, seed stays.
    # cannot_sow end-game, leftovers to owner.
    "chongka": Rules(id="chongka", name="Chongka'", n=7, seeds=7,
                     direction="cw", stores=True, relay=True, extra_turn=True,
                     opposite=("own", False), cannot_sow="end-game"),
}


# ---------------------------------------------------------------------------
# Board basics
# ---------------------------------------------------------------------------

def labels(n):
    """Pit labels in index order: South's row a.., then North's row A.."""
    return [chr(ord("a") + i) for i in range(n)] + [chr(ord("A") + i) for i in range(n)]


def owner(rules, pit):
    return SOUTH if pit < rules.n else NORTH


def opposite(rules, pit):
    # a faces North's last pit: index i faces 2N-1-i.
    return 2 * rules.n - 1 - pit


def row(rules, side):
    return range(0, rules.n) if side == SOUTH else range(rules.n, 2 * rules.n)


def circuit(rules, mover):
    """The places a sowing by `mover` visits, in order (one turn round).

    Counter-clockwise: a..(South's last), South's store, A..(North's last),
    North's store.  Clockwise: the reverse order of the pits, each player's
    store after their last house in that order, i.e. South's after a and
    North's after A.  The opponent's store is not on the mover's circuit.
    """
    n = rules.n
    if rules.direction == "ccw":
        south = list(range(0, n))
        north = list(range(n, 2 * n))
    else:
        south = list(range(n - 1, -1, -1))
        north = list(range(2 * n - 1, n - 1, -1))
    places = south + ([STORE[SOUTH]] if rules.stores else []) \
        + north + ([STORE[NORTH]] if rules.stores else [])
    if rules.stores:
        places.remove(STORE[1 - mover])
    return places


class State:
    """Seeds per pit, the side to act, the captured totals (store contents)."""

    def __init__(self, board, side, captured):
        self.board = list(board)
        self.side = side
        self.captured = list(captured)

    def key(self):
        return (tuple(self.board), self.side, tuple(self.captured))

    def copy(self):
        return State(self.board, self.side, self.captured)


def initial(rules):
    return State([rules.seeds] * (2 * rules.n), SOUTH, [0, 0])


# ---------------------------------------------------------------------------
# Position notation
# ---------------------------------------------------------------------------

def position_string(rules, st):
    s = ",".join(str(x) for x in st.board[:rules.n])
    nn = ",".join(str(x) for x in st.board[rules.n:])
    # No optional field exists in these four games (no trading, lock,
    # opening rule or houses).
    return "%s/%s %s %d-%d" % (s, nn, SIDE_LETTER[st.side], st.captured[0], st.captured[1])


def parse_position(rules, text):
    m = re.fullmatch(r"\s*([0-9,]+)/([0-9,]+) ([SN]) (\d+)-(\d+)\s*", text)
    if not m:
        raise ValueError("bad position %r: expected seeds/seeds side S-N "
                         "(these games have no optional fields)" % text)
    south = [int(x) for x in m.group(1).split(",")]
    north = [int(x) for x in m.group(2).split(",")]
    if len(south) != rules.n or len(north) != rules.n:
        raise ValueError("bad position %r: each row has %d pits" % (text, rules.n))
    st = State(south + north, SOUTH if m.group(3) == "S" else NORTH,
               [int(m.group(4)), int(m.group(5))])
    if sum(st.board) + sum(st.captured) != rules.total:
        raise ValueError("bad position %r: seeds add up to %d, not %d"
                         % (text, sum(st.board) + sum(st.captured), rules.total))
    return st


def ply_text(rules, ply):
    return ply if ply == "pass" else labels(rules.n)[ply]


def parse_ply(rules, text):
    if text == "pass":
        return "pass"
    m = re.fullmatch(r"([a-zA-Z])([<>]?)", text)
    if not m or m.group(1) not in labels(rules.n):
        raise ValueError("bad ply %r" % text)
    # Every pit of these games has a fixed direction: a suffix naming it is
    # accepted, the other direction is an error.
    if m.group(2):
        fixed = ">" if rules.direction == "ccw" else "<"
        if m.group(2) != fixed:
            raise ValueError("ply %r: pit %s sows %s only" % (
                text, m.group(1),
                "counter-clockwise" if fixed == ">" else "clockwise"))
    return labels(rules.n).index(m.group(1))


# ---------------------------------------------------------------------------
# Sowing
# ---------------------------------------------------------------------------

class Effect:
    """What a ply did, for the comments of the records and for the policies."""

    def __init__(self):
        self.laps = []              # (origin place, seeds lifted, last place)
        self.sow_captures = []      # (pit, seeds, taker, by last seed?)
        self.opposite = None        # (landing, opposite pit, seeds taken in all)
        self.opposite_empty = None  # landing pit when the opposite held nothing
        self.landing = None         # final place of the sowing
        self.extra_turn = False
        self.origin_refilled = []   # laps that dropped a seed in their own origin
        self.origin_skipped = []    # laps that came round and skipped their origin
        self.relay_cap = False
        self.landed_empty = False   # the last seed fell in a pit that was empty
        self.fed = None             # feeding situation, see legal_plies
        self.gain = [0, 0]          # seeds each side captured by this ply


def sow_lap(rules, st, mover, origin, seeds, eff, last_of_lap_hook=None):
    """Sow `seeds` seeds lifted from `origin` (a pit) one per place.

    Returns (last place, True if the last seed was taken by a sowing capture).
    """
    places = circuit(rules, mover)
    i = places.index(origin)
    place = origin
    taken_by_last = False
    for k in range(seeds):
        i = (i + 1) % len(places)
        place = places[i]
        if place == origin:
            if rules.skip_origin:
                # the lap has come round: it passes over its emptied origin
                eff.origin_skipped.append(len(eff.laps))
                i = (i + 1) % len(places)
                place = places[i]
            else:
                eff.origin_refilled.append(len(eff.laps))
        if isinstance(place, str):
            st.captured[mover] += 1  # only the mover's own store is on the circuit
            continue
        st.board[place] += 1
        if rules.sowing_capture is not None:
            counts, taker, last_taker = rules.sowing_capture
            if st.board[place] in counts:
                last = (k == seeds - 1)
                who = taker if not last else last_taker
                side = mover if who == "mover" else owner(rules, place)
                got = st.board[place]
                st.board[place] = 0
                st.captured[side] += got
                eff.gain[side] += got
                eff.sow_captures.append((place, got, side, last))
                if last:
                    taken_by_last = True
    return place, taken_by_last


def apply_ply(rules, st, ply):
    """Play `ply` for the side to act; returns (new state, Effect)."""
    st = st.copy()
    eff = Effect()
    mover = st.side
    if ply == "pass":
        st.side = 1 - mover
        return st, eff
    origin = ply
    relays = 0
    while True:
        seeds = st.board[origin]
        st.board[origin] = 0
        last, taken = sow_lap(rules, st, mover, origin, seeds, eff)
        eff.laps.append((origin, seeds, last))
        if isinstance(last, str) or taken:
            break                       # a last seed in a store, or taken at once
        if st.board[last] == 1:
            break                       # a last seed in an empty pit
        if not rules.relay:
            break
        if relays == MAX_RELAYS:
            eff.relay_cap = True
            break
        relays += 1
        origin = last                   # relay: lift the pit and sow on
    eff.landing = last
    eff.landed_empty = not isinstance(last, str) and not taken and st.board[last] == 1
    if isinstance(last, str):
        if rules.extra_turn and last == STORE[mover]:
            eff.extra_turn = True
    elif rules.opposite is not None and not taken and st.board[last] == 1:
        # the last seed fell in a pit that was empty (it holds just that seed)
        landing_zone, seed_taken = rules.opposite
        if landing_zone == "anywhere" or owner(rules, last) == mover:
            opp = opposite(rules, last)
            if st.board[opp] > 0:
                got = st.board[opp]
                st.board[opp] = 0
                if seed_taken:
                    got += 1
                    st.board[last] = 0
                st.captured[mover] += got
                eff.gain[mover] += got
                eff.opposite = (last, opp, got)
            else:
                eff.opposite_empty = last
    if not eff.extra_turn:
        st.side = 1 - mover
    return st, eff


def first_lap_feeds(rules, st, pit):
    """Does the first lap from `pit` drop a seed in the opponent's row?

    Only the seeds taken from the chosen pit count, however far they go,
    not those a relay lifts later (docs/rule-language.md, moves.feeding).
    """
    mover = st.side
    places = circuit(rules, mover)
    i = places.index(pit)
    for _ in range(st.board[pit]):
        i = (i + 1) % len(places)
        if places[i] == pit and rules.skip_origin:
            i = (i + 1) % len(places)
        p = places[i]
        if not isinstance(p, str) and owner(rules, p) != mover:
            return True
    return False


def sowable(rules, st):
    return [p for p in row(rules, st.side) if st.board[p] > 0]


def legal_plies(rules, st, counts):
    """Legal plies of the side to act (empty when the game is over)."""
    if end_reason(rules, st, counts) is not None:
        return []
    return candidate_plies(rules, st)


def candidate_plies(rules, st):
    pits = sowable(rules, st)
    if not pits:
        return ["pass"] if rules.cannot_sow == "pass" else []
    if rules.feeding:
        opp_empty = all(st.board[p] == 0 for p in row(rules, 1 - st.side))
        if opp_empty:
            feeding = [p for p in pits if first_lap_feeds(rules, st, p)]
            if feeding:
                return feeding
            # cannot feed -> any sowing (round-and-round)
    return pits


def feeding_situation(rules, st):
    """For comments: None, ("forced", feeding, all) or ("cannot", all)."""
    if not rules.feeding:
        return None
    pits = sowable(rules, st)
    if not pits or any(st.board[p] for p in row(rules, 1 - st.side)):
        return None
    feeding = [p for p in pits if first_lap_feeds(rules, st, p)]
    if not feeding:
        return ("cannot", pits)
    if len(feeding) < len(pits):
        return ("forced", feeding, pits)
    return ("all-feed", pits)


# ---------------------------------------------------------------------------
# Ends (docs/rule-language.md "[end]": checked at the start and after every
# ply, in this order: all-below, seeds-left, captured-more-than, row-empty,
# cannot-feed, ply-cap, no-sowing, repetition).  Of these, the four games
# use seeds-left (anywoli), captured-more-than (round-and-round), no-sowing
# (the three with cannot_sow end-game) and repetition (all).
# ---------------------------------------------------------------------------

def end_reason(rules, st, counts):
    if rules.seeds_left_at_most is not None and sum(st.board) <= rules.seeds_left_at_most:
        return "seeds-left"
    if rules.captured_more_than is not None and max(st.captured) > rules.captured_more_than:
        return "captured-more-than"
    if rules.cannot_sow == "end-game" and not sowable(rules, st):
        return "no-sowing"
    if counts[st.key()] >= 3:
        return "repetition"
    return None


def final_totals(rules, st, reason):
    tot = list(st.captured)
    if reason == "seeds-left" and rules.seeds_left_to_first:
        tot[SOUTH] += sum(st.board)   # South moves first in all four games
    else:
        # leftovers to owner: each seed left goes to its pit's owner
        for p in range(2 * rules.n):
            tot[owner(rules, p)] += st.board[p]
    return tot


# ---------------------------------------------------------------------------
# A game with its history (for repetition)
# ---------------------------------------------------------------------------

class Game:
    def __init__(self, rules, start=None):
        self.rules = rules
        self.state = start.copy() if start else initial(rules)
        self.counts = Counter()
        self.counts[self.state.key()] += 1
        self.plies = []
        self.effects = []
        self.before = []

    def legal(self):
        return legal_plies(self.rules, self.state, self.counts)

    def end(self):
        return end_reason(self.rules, self.state, self.counts)

    def play(self, ply):
        legal = self.legal()
        if ply not in legal:
            raise ValueError("illegal ply %s at %s (legal: %s)" % (
                ply_text(self.rules, ply) if ply != "pass" else ply,
                position_string(self.rules, self.state),
                " ".join(ply_text(self.rules, p) for p in legal) or "none: game over"))
        fed = feeding_situation(self.rules, self.state)
        self.before.append(self.state)
        self.state, eff = apply_ply(self.rules, self.state, ply)
        eff.fed = fed
        self.counts[self.state.key()] += 1
        self.plies.append(ply)
        self.effects.append(eff)
        return eff


# ---------------------------------------------------------------------------
# perft
# ---------------------------------------------------------------------------

def perft(rules, st, depth, counts=None):
    if counts is None:
        counts = Counter()
        counts[st.key()] += 1
    plies = legal_plies(rules, st, counts)
    if depth == 0:
        return 1
    if depth == 1:
        return len(plies)
    total = 0
    for p in plies:
        child, _ = apply_ply(rules, st, p)
        k = child.key()
        counts[k] += 1
        total += perft(rules, child, depth - 1, counts)
        counts[k] -= 1
    return total


def divide(rules, st, depth):
    counts = Counter()
    counts[st.key()] += 1
    out = []
    for p in legal_plies(rules, st, counts):
        child, _ = apply_ply(rules, st, p)
        counts[child.key()] += 1
        out.append((ply_text(rules, p), perft(rules, child, depth - 1, counts)))
        counts[child.key()] -= 1
    return out


def walk_stats(rules, st, depth):
    """Events over every ply of every line up to `depth`, and line ends."""
    stats = Counter()
    counts = Counter()
    counts[st.key()] += 1

    def rec(s, d):
        r = end_reason(rules, s, counts)
        if r is not None:
            stats["ends " + r] += 1
            return
        if d == 0:
            return
        fed = feeding_situation(rules, s)
        for p in candidate_plies(rules, s):
            child, eff = apply_ply(rules, s, p)
            note_effect(stats, rules, eff, fed, p)
            counts[child.key()] += 1
            rec(child, d - 1)
            counts[child.key()] -= 1

    rec(st, depth)
    return stats


def note_effect(stats, rules, eff, fed, ply):
    if ply == "pass":
        stats["passes"] += 1
        return
    if len(eff.laps) >= 2:
        stats["relay sowings"] += 1
    if eff.opposite:
        stats["opposite captures"] += 1
    if eff.opposite_empty is not None:
        stats["landings facing an empty pit"] += 1
    for (_, _, side, last) in eff.sow_captures:
        stats["sowing captures (last seed)" if last else "sowing captures (mid-lap)"] += 1
    if eff.extra_turn:
        stats["extra turns"] += 1
    if eff.origin_refilled:
        stats["laps dropping a seed in their own origin"] += 1
    if eff.origin_skipped:
        stats["laps skipping their origin"] += 1
    if eff.relay_cap:
        stats["relay cap reached"] += 1
    if fed and fed[0] == "forced":
        stats["plies under forced feeding"] += 1
    if fed and fed[0] == "cannot":
        stats["plies where no sowing feeds (any sowing)"] += 1


# ---------------------------------------------------------------------------
# Describing plies (record comments)
# ---------------------------------------------------------------------------

def place_text(rules, place):
    if isinstance(place, str):
        return "%s's store" % SIDE_NAME[STORE.index(place)]
    return labels(rules.n)[place]


def lap_trace(rules, eff):
    parts = []
    for (o, s, last) in eff.laps:
        parts.append("%s%d>%s" % (place_text(rules, o), s,
                                  "store" if isinstance(last, str) else place_text(rules, last)))
    return " ".join(parts)


def describe(rules, before, ply, eff, after, moments):
    """A comment for the ply, or None if nothing notable happened."""
    L = labels(rules.n)
    mover = before.side
    who = SIDE_NAME[mover]
    bits = []
    if ply == "pass":
        bits.append("%s has no seed to sow and passes." % who)
    else:
        nlaps = len(eff.laps)
        head = "%s sows %s (%d seed%s)" % (who, L[ply], eff.laps[0][1],
                                            "" if eff.laps[0][1] == 1 else "s")
        head += " in %d laps: %s." % (nlaps, lap_trace(rules, eff)) if nlaps > 1 \
            else ", one lap: %s." % lap_trace(rules, eff)
        bits.append(head)
        for li in eff.origin_refilled:
            o, s, _ = eff.laps[li]
            bits.append("The lap of %d seeds from %s comes round and drops a seed in "
                        "its own emptied origin %s." % (s, place_text(rules, o), place_text(rules, o)))
        for li in sorted(set(eff.origin_skipped)):
            o, s, _ = eff.laps[li]
            bits.append("The lap of %d seeds from %s comes round and skips its own "
                        "origin %s." % (s, place_text(rules, o), place_text(rules, o)))
        for (p, got, side, last) in eff.sow_captures:
            if last:
                bits.append("The last seed of a lap brings %s to %d: %s, the mover, takes "
                            "them and the sowing ends." % (L[p], got, SIDE_NAME[side]))
            else:
                bits.append("A seed (not a lap's last) brings %s to %d: %s, the owner of "
                            "%s, takes them." % (L[p], got, SIDE_NAME[side], L[p]))
        if eff.opposite:
            land, opp, got = eff.opposite
            seed_taken = rules.opposite[1]
            if seed_taken:
                bits.append("The last seed falls in the empty pit %s of %s's row: it and "
                            "the %d seed%s of the opposite pit %s are captured (%d)."
                            % (L[land], SIDE_NAME[owner(rules, land)], got - 1,
                               "" if got == 2 else "s", L[opp], got))
            else:
                bits.append("The last seed falls in the empty pit %s (%s's row): the %d "
                            "seed%s of the opposite pit %s (%s's row) %s captured; the "
                            "capturing seed stays in %s."
                            % (L[land], SIDE_NAME[owner(rules, land)], got,
                               "" if got == 1 else "s", L[opp],
                               SIDE_NAME[owner(rules, opp)], "is" if got == 1 else "are",
                               L[land]))
        if eff.opposite_empty is not None:
            land = eff.opposite_empty
            bits.append("The last seed falls in the empty pit %s, but the opposite pit %s "
                        "is empty: nothing is captured." % (L[land], L[opposite(rules, land)]))
        if eff.extra_turn:
            bits.append("The last seed falls in %s's store: %s plays again." % (who, who))
        if eff.relay_cap:
            bits.append("The sowing stops after %d relays." % MAX_RELAYS)
        if eff.fed and eff.fed[0] == "forced":
            bits.append("%s's row is empty, so %s must feed it: %s would not reach it, "
                        "%s %s." % (SIDE_NAME[1 - mover], who,
                                    ", ".join(L[p] for p in eff.fed[2] if p not in eff.fed[1]),
                                    ", ".join(L[p] for p in eff.fed[1]),
                                    "does" if len(eff.fed[1]) == 1 else "do"))
        if eff.fed and eff.fed[0] == "cannot":
            bits.append("%s's row is empty and no sowing of %s reaches it, so any sowing "
                        "is legal." % (SIDE_NAME[1 - mover], who))
    if not moments and len(bits) == 1 and ply != "pass" and len(eff.laps) < 2:
        return None
    return bits


def end_text(rules, st, reason):
    tot = final_totals(rules, st, reason)
    why = {
        "seeds-left": "%d seeds left on the board (%d or fewer), South, the first "
                      "player, takes them" % (sum(st.board), rules.seeds_left_at_most or 0),
        "captured-more-than": "a player has captured more than %s" % rules.captured_more_than,
        "no-sowing": "%s, to act, has no seed to sow" % SIDE_NAME[st.side],
        "repetition": "the whole state occurs for the third time",
    }[reason]
    share = "" if reason == "seeds-left" and rules.seeds_left_to_first else \
        " Seeds left go to their pit's owner: South %d, North %d." % (
            sum(st.board[p] for p in row(rules, SOUTH)),
            sum(st.board[p] for p in row(rules, NORTH)))
    res = "South wins" if tot[0] > tot[1] else "North wins" if tot[1] > tot[0] else "a draw"
    return "Game over (%s): %s.%s Totals %d-%d, %s." % (reason, why, share, tot[0], tot[1], res)


# ---------------------------------------------------------------------------
# Moments (what the golden set must show), per game
# ---------------------------------------------------------------------------

def moments_of(rules, g):
    """List of (ply number from 1, moment key) for a finished game."""
    out = []
    for i, (ply, eff) in enumerate(zip(g.plies, g.effects)):
        n = i + 1
        before = g.before[i]
        if ply == "pass":
            out.append((n, "pass"))
            continue
        if len(eff.laps) >= 3:
            out.append((n, "relay-3"))
        if eff.origin_refilled:
            out.append((n, "origin-refilled"))
        if eff.origin_skipped:
            out.append((n, "origin-skipped"))
        if eff.relay_cap:
            out.append((n, "relay-cap"))
        if eff.opposite:
            land, opp, got = eff.opposite
            if owner(rules, land) == before.side:
                out.append((n, "opposite-from-own-row"))
            else:
                out.append((n, "opposite-from-opponent-row"))
        if eff.opposite_empty is not None:
            out.append((n, "opposite-empty"))
        if rules.opposite and rules.opposite[0] == "own" and eff.landed_empty \
                and owner(rules, eff.landing) != before.side:
            out.append((n, "landing-opponent-row"))
        mid = [c for c in eff.sow_captures if not c[3]]
        if any(c[2] != before.side for c in mid):
            out.append((n, "sow-capture-opponent-takes"))
        if any(c[2] == before.side for c in mid):
            out.append((n, "sow-capture-mover-own-pit"))
        if len(eff.sow_captures) >= 3:
            out.append((n, "sow-capture-3"))
        if any(c[3] for c in eff.sow_captures):
            last_pit = [c for c in eff.sow_captures if c[3]][0][0]
            out.append((n, "last-seed-4-own-row" if owner(rules, last_pit) == before.side
                        else "last-seed-4-opponent-row"))
        if eff.extra_turn:
            out.append((n, "extra-turn"))
            if i >= 1 and g.effects[i - 1].extra_turn and g.before[i - 1].side == before.side:
                out.append((n, "extra-turn-twice"))
        if rules.stores and len(eff.laps) >= 2 and any(
                circuit(rules, before.side)[(circuit(rules, before.side).index(o) + 1)
                                            % len(circuit(rules, before.side))]
                == STORE[before.side] for (o, s, l) in eff.laps[1:]):
            out.append((n, "relay-lap-starts-at-store"))
        if eff.fed and eff.fed[0] == "forced":
            out.append((n, "feeding-forced"))
        if eff.fed and eff.fed[0] == "cannot":
            out.append((n, "cannot-feed-any-sowing"))
    reason = g.end()
    out.append((len(g.plies), "end-" + reason))
    tot = final_totals(rules, g.state, reason)
    if tot[0] == tot[1]:
        out.append((len(g.plies), "draw"))
    if reason == "no-sowing" and g.effects and g.effects[-1].extra_turn:
        out.append((len(g.plies), "no-sowing-after-extra-turn"))
    return out


MOMENT_TEXT = {
    "relay-3": "relay sowing of 3 or more laps",
    "origin-refilled": "a lap long enough to come round drops a seed in its own emptied origin (no skip)",
    "origin-skipped": "a lap of 12 or more seeds comes round and skips its own origin",
    "relay-cap": "a relay sowing stopped by the 10 000-relay cap",
    "opposite-from-own-row": "opposite capture: last seed in an empty pit of the mover's row takes the pit opposite",
    "opposite-from-opponent-row": "opposite capture from the opponent's row: last seed in an empty pit of the opponent's row takes the mover's own pit opposite",
    "opposite-empty": "last seed in an empty pit whose opposite pit is empty: nothing captured",
    "landing-opponent-row": "last seed in an empty pit of the opponent's row: no capture",
    "sow-capture-opponent-takes": "sowing capture taken by the mover's opponent (a seed other than a lap's last brings an opponent's pit to 4)",
    "sow-capture-mover-own-pit": "sowing capture taken by the mover as owner (a seed other than a lap's last brings a pit of the mover's row to 4)",
    "sow-capture-3": "3 or more sowing captures in one ply",
    "last-seed-4-own-row": "the last seed of a lap makes 4 in the mover's row: the mover takes them, the sowing ends",
    "last-seed-4-opponent-row": "the last seed of a lap makes 4 in the opponent's row: the mover takes them, the sowing ends",
    "extra-turn": "extra turn: the last seed falls in the mover's own store",
    "extra-turn-twice": "two extra turns in a row (three plies of one side)",
    "relay-lap-starts-at-store": "a relay lap lifted from the pit before the mover's store drops its first seed in the store",
    "feeding-forced": "feeding forced: the opponent's row is empty and some sowings would not reach it",
    "cannot-feed-any-sowing": "the opponent's row is empty and no sowing reaches it: any sowing is legal",
    "pass": "pass (the player's row is empty)",
    "end-seeds-left": "game ends: 8 seeds or fewer on the board (South, the first player, takes them)",
    "end-captured-more-than": "game ends: a player has captured more than 24",
    "end-no-sowing": "game ends: the player to act has no seed to sow (seeds left to their pit's owner)",
    "end-repetition": "game ends: third occurrence of a whole state",
    "no-sowing-after-extra-turn": "game ends after an extra turn: the player who plays again has no seed to sow",
    "draw": "drawn game (equal totals)",
}

WANTED = {
    "endodoi": ["relay-3", "opposite-from-own-row", "opposite-empty", "landing-opponent-row",
                "origin-refilled", "end-no-sowing", "end-repetition", "draw"],
    "anywoli": ["relay-3", "sow-capture-opponent-takes", "sow-capture-mover-own-pit",
                "sow-capture-3", "last-seed-4-own-row", "last-seed-4-opponent-row",
                "origin-refilled", "pass", "end-seeds-left", "end-repetition"],
    "round-and-round": ["relay-3", "origin-skipped", "opposite-from-own-row",
                        "opposite-from-opponent-row", "opposite-empty", "feeding-forced",
                        "cannot-feed-any-sowing", "end-captured-more-than", "end-no-sowing",
                        "end-repetition", "draw"],
    "chongka": ["relay-3", "extra-turn", "extra-turn-twice", "relay-lap-starts-at-store",
                "opposite-from-own-row", "opposite-empty", "landing-opponent-row",
                "origin-refilled", "end-no-sowing", "no-sowing-after-extra-turn",
                "end-repetition", "draw"],
}


# ---------------------------------------------------------------------------
# Policies for the random games
# ---------------------------------------------------------------------------

POLICY_TEXT = {
    "uniform": "a legal ply chosen uniformly at random",
    "greedy": "with probability 0.8 the ply that adds most to its captured total at once (ties at random), else a random ply",
    "sower": "sows from its fullest pit (ties at random)",
    "hoarder": "sows from its smallest non-empty pit (ties at random), keeping seeds at home",
    "pacifist": "with probability 0.9 a ply that captures nothing for either side (among them the smallest pit, ties at random), else a random ply",
    "spiteful": "with probability 0.8 the ply that leaves the opponent fewest seeds in their row (ties at random), else a random ply",
}


def choose(policy, rules, g, rnd):
    legal = g.legal()
    if len(legal) == 1 or legal == ["pass"]:
        return legal[0]
    st = g.state
    if policy == "uniform":
        return rnd.choice(legal)
    if policy == "sower":
        best = max(st.board[p] for p in legal)
        return rnd.choice([p for p in legal if st.board[p] == best])
    if policy == "hoarder":
        best = min(st.board[p] for p in legal)
        return rnd.choice([p for p in legal if st.board[p] == best])
    if policy == "pacifist":
        if rnd.random() < 0.1:
            return rnd.choice(legal)
        quiet = [p for p in legal if p != "pass"
                 and apply_ply(rules, st, p)[0].captured == st.captured]
        if not quiet:
            return rnd.choice(legal)
        best = min(st.board[p] for p in quiet)
        return rnd.choice([p for p in quiet if st.board[p] == best])
    if rnd.random() < 0.2:
        return rnd.choice(legal)
    scored = []
    for p in legal:
        child, eff = apply_ply(rules, st, p)
        if policy == "greedy":
            scored.append((child.captured[st.side] - st.captured[st.side], p))
        else:  # spiteful
            scored.append((-sum(child.board[q] for q in row(rules, 1 - st.side)), p))
    best = max(s for s, _ in scored)
    return rnd.choice([p for s, p in scored if s == best])


def random_game(rules, seed, pol_s, pol_n, max_plies):
    rnd = random.Random(seed)
    g = Game(rules)
    while g.end() is None:
        if len(g.plies) >= max_plies:
            return None
        pol = pol_s if g.state.side == SOUTH else pol_n
        g.play(choose(pol, rules, g, rnd))
    return g


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

def wrap(text, width=78, prefix="; "):
    words = text.split()
    lines, cur = [], ""
    for w in words:
        if cur and len(prefix) + len(cur) + 1 + len(w) > width:
            lines.append(prefix + cur)
            cur = w
        else:
            cur = (cur + " " + w) if cur else w
    if cur:
        lines.append(prefix + cur)
    return lines


def record_text(rules, g, seed, pol_s, pol_n, searched, moments):
    reason = g.end()
    tot = final_totals(rules, g.state, reason)
    by_ply = {}
    for n, m in moments:
        by_ply.setdefault(n, []).append(m)
    firsts = {}
    for n, m in moments:
        firsts.setdefault(m, []).append(n)
    head = []
    head += wrap("Derived by %s, an independent Python implementation of %s, written "
                 "from the game's description (tools/reference/two-row-design.md section 3 and the research "
                 "digest, in the notation of docs/notation.md), without reading the "
                 "engine or the rule files." % (SCRIPT, rules.name))
    polname = pol_s if pol_s == pol_n else "%s/%s" % (pol_s, pol_n)
    origin = getattr(g, "origin", None)
    if origin:
        head += wrap(origin)
    else:
        head.append("; Random game, seed %d: South policy %s, North policy %s." % (seed, pol_s, pol_n))
    for p in sorted({pol_s, pol_n}):
        head.append(";   %s: %s" % (p, POLICY_TEXT[p]))
    if origin:
        pass
    elif searched:
        head += wrap("Found by searching seeds for the first game showing: %s."
                     % MOMENT_TEXT[searched])
    else:
        head.append("; A further seeded game (filler).")
    head += wrap("The ends are checked at the start and after every ply in the order of "
                 "docs/rule-language.md [end]; the game below reached its end.")
    head.append("; Shows:")
    for m in WANTED[rules.id]:
        if m in firsts:
            ns = firsts[m]
            shown = ", ".join(str(x) for x in ns[:6]) + (" and %d more" % (len(ns) - 6) if len(ns) > 6 else "")
            head.append(";   - %s (ply %s)" % (MOMENT_TEXT[m], shown))
    head += wrap("%d plies, numbered one by one. Comments after plies give the position "
                 "string after the ply. Laps are written <origin><seeds lifted>><place of "
                 "the lap's last seed>, e.g. a4>e: the lap lifts 4 seeds from a and its "
                 "last seed falls in e." % len(g.plies))
    tags = [
        '[Variant "%s"]' % rules.id,
        '[South "endodoi_anywoli_round_and_round_chongka %s seed %d"]' % (pol_s, seed),
        '[North "endodoi_anywoli_round_and_round_chongka %s seed %d"]' % (pol_n, seed),
        '[Date "%s"]' % DATE,
        '[Result "%d-%d"]' % (tot[0], tot[1]),
        '[Termination "%s"]' % reason,
        '[FinalPosition "%s"]' % position_string(rules, g.state),
    ]
    body = []
    line = ""
    for i, ply in enumerate(g.plies):
        n = i + 1
        tok = "%d. %s" % (n, ply_text(rules, ply))
        after = g.before[i + 1] if i + 1 < len(g.before) else g.state
        bits = describe(rules, g.before[i], ply, g.effects[i], after, by_ply.get(n))
        if n == len(g.plies):
            bits = (bits or describe(rules, g.before[i], ply, g.effects[i], after, ["end"]))
            bits = bits + [end_text(rules, g.state, reason)]
        if line and len(line) + 1 + len(tok) > 78:
            body.append(line)
            line = ""
        line = (line + " " + tok) if line else tok
        if bits:
            body.append(line)
            line = ""
            body.append("{%s Position: %s}" % (" ".join(bits), position_string(rules, after)))
    if line:
        body.append(line)
    return "\n".join(head + tags + [""] + body) + "\n"


def read_record(text):
    tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]', text, re.M))
    body = re.sub(r"\{[^}]*\}", " ", text)
    body = "\n".join(l.split(";")[0] for l in body.splitlines() if not l.startswith("["))
    toks = [t for t in body.split() if not re.fullmatch(r"\d+\.", t)]
    return tags, toks


def replay_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    tags, toks = read_record(text)
    rules = GAMES[tags["Variant"]]
    start = parse_position(rules, tags["Position"]) if "Position" in tags else None
    g = Game(rules, start)
    for t in toks:
        g.play(parse_ply(rules, t))
    reason = g.end()
    assert reason is not None, "%s: game not finished" % path
    tot = final_totals(rules, g.state, reason)
    assert tags["Result"] == "%d-%d" % tuple(tot), (path, tags["Result"], tot)
    assert tags["Termination"] == reason, (path, tags["Termination"], reason)
    assert tags["FinalPosition"] == position_string(rules, g.state), path
    # every Position: in a comment is the position after its ply
    return g


# ---------------------------------------------------------------------------
# golden: records, perft files, notes
# ---------------------------------------------------------------------------

POLICY_PAIRS = [("greedy", "greedy"), ("uniform", "uniform"), ("sower", "sower"),
                ("hoarder", "hoarder"), ("greedy", "sower"), ("sower", "greedy"),
                ("spiteful", "spiteful"), ("hoarder", "uniform"), ("greedy", "hoarder"),
                ("spiteful", "greedy"), ("pacifist", "pacifist"), ("pacifist", "uniform")]

MAX_GAME_PLIES = 340
MIN_GAMES = 8


def find_games(rules):
    """Search seeded random games for the wanted moments, then fill up."""
    chosen = []          # (seed, pol_s, pol_n, searched, game, moments)
    seen = set()
    missing = list(WANTED[rules.id])
    for m in WANTED[rules.id]:
        if m not in missing:
            continue
        found = False
        for seed in range(1, 400):
            for (ps, pn) in POLICY_PAIRS:
                g = random_game(rules, seed, ps, pn, MAX_GAME_PLIES)
                if g is None:
                    continue
                ms = moments_of(rules, g)
                if m in {k for _, k in ms}:
                    chosen.append((seed, ps, pn, m, g, ms))
                    seen.add((seed, ps, pn))
                    for _, k in ms:
                        if k in missing:
                            missing.remove(k)
                    found = True
                    break
            if found:
                break
    for m in CONTINUE.get(rules.id, []):
        if m not in missing:
            continue
        hit = continued_game(rules, m)
        if hit:
            base, k, s2, g = hit
            ms = moments_of(rules, g)
            g.origin = ("Plies 1-%d are those of the random game seed %d (South and North "
                        "policy uniform); from ply %d on both sides play policy pacifist "
                        "with seed %d. Found by searching base games, prefixes (longest "
                        "first) and continuation seeds for the first game showing: %s."
                        % (k, base, k + 1, s2, MOMENT_TEXT[m]))
            chosen.append((base, "uniform", "pacifist", m, g, ms))
            for _, kk in ms:
                if kk in missing:
                    missing.remove(kk)
    seed = 101
    i = 0
    while len(chosen) < MIN_GAMES:
        ps, pn = POLICY_PAIRS[i % len(POLICY_PAIRS)]
        i += 1
        seed += 1
        if (seed, ps, pn) in seen:
            continue
        g = random_game(rules, seed, ps, pn, MAX_GAME_PLIES)
        if g is None:
            continue
        chosen.append((seed, ps, pn, None, g, moments_of(rules, g)))
    return chosen, missing


# Moments looked for, when no plain random game shows them, in games that
# follow a random game's first plies and then go on quietly (policy
# pacifist): a repetition needs a capture-free cycle, which random games
# from the start hardly reach.
CONTINUE = {"round-and-round": ["end-repetition"]}
CONTINUE_BASES = 40
CONTINUE_SEEDS = 20


def continued_game(rules, moment):
    for base in range(1, CONTINUE_BASES + 1):
        g0 = random_game(rules, base, "uniform", "uniform", MAX_GAME_PLIES)
        if g0 is None:
            continue
        for k in range(len(g0.plies) - 1, 0, -1):
            for s2 in range(CONTINUE_SEEDS):
                rnd = random.Random(s2)
                g = Game(rules)
                for p in g0.plies[:k]:
                    g.play(p)
                while g.end() is None and len(g.plies) < MAX_GAME_PLIES:
                    g.play(choose("pacifist", rules, g, rnd))
                if g.end() is None:
                    continue
                if moment in {m for _, m in moments_of(rules, g)}:
                    return base, k, s2, g
    return None


def policy_slug(ps, pn):
    return ps if ps == pn else "%s-%s" % (ps, pn)


# Mid-game perft positions: (game index in the chosen list, ply index before
# which the position stands, what it exercises) are found automatically: the
# first position in the golden set before a ply showing `moment`.
PERFT_PLAN = {
    # initial depth; mid-game sections: (moment, depth, plies back): the
    # position stands `back` plies before the first ply of the golden set
    # showing `moment`.
    "endodoi": {"initial": 7, "mid": [("opposite-empty", 7, 0), ("end-no-sowing", 9, 8)]},
    "anywoli": {"initial": 6, "mid": [("pass", 9, 0), ("last-seed-4-opponent-row", 6, 0)]},
    "round-and-round": {"initial": 9, "mid": [("feeding-forced", 21, 0),
                                              ("opposite-from-opponent-row", 9, 0),
                                              ("end-repetition", 30, 12)]},
    "chongka": {"initial": 8, "mid": [("extra-turn-twice", 11, 1), ("end-no-sowing", 14, 8)]},
}


def golden():
    notes = []
    files_written = {}
    for gid, rules in GAMES.items():
        t0 = time.time()
        d = os.path.join(ROOT, "tests", "golden", gid)
        os.makedirs(d, exist_ok=True)
        for old in glob.glob(os.path.join(d, "*.rec")):
            os.remove(old)
        chosen, missing = find_games(rules)
        paths = []
        for k, (seed, ps, pn, searched, g, ms) in enumerate(chosen):
            name = "%02d-%s-seed%d.rec" % (k + 1, policy_slug(ps, pn), seed)
            path = os.path.join(d, name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(record_text(rules, g, seed, ps, pn, searched, ms))
            replay_file(path)
            paths.append((name, g, ms, searched))
        files_written[gid] = (paths, missing)
        print("%s: %d games, missing %s (%.1fs)" % (gid, len(paths), missing, time.time() - t0))
        sys.stdout.flush()
    perft_timings = {}
    for gid, rules in GAMES.items():
        perft_timings[gid] = write_perft(rules, files_written[gid][0])
    write_notes(files_written, perft_timings)


def write_perft(rules, paths):
    plan = PERFT_PLAN[rules.id]
    timings = []
    out = []
    out += ["# Perft counts for %s (2x%d, %d seeds per pit, South first)." % (
        rules.name, rules.n, rules.seeds), "#"]
    out += [l.replace("; ", "# ", 1) for l in wrap(
        "perft(d) = number of distinct ply sequences of exactly d plies from the position. "
        "Every ply counts (every sowing, every pass, each ply of an extra turn). A finished "
        "game has no plies, including a game ended by the third occurrence of a whole "
        "state, the history starting at the section's position (its first occurrence). "
        "perft(0) = 1.")]
    out.append("#")
    out += [l.replace("; ", "# ", 1) for l in wrap(
        "All counts below were computed by %s, an independent Python implementation "
        "written from the game's description (tools/reference/two-row-design.md section 3, the research digest, "
        "docs/notation.md, docs/rule-language.md) without reading the engine or the rule "
        "files: plain recursive enumeration with the repetition history carried along each "
        "line, bulk count at the last ply. The \"Within depth\" notes of a section count "
        "events over every ply of every line up to a stated depth (a separate walk of the "
        "tree), and the lines that end inside that depth, by termination." % SCRIPT)]
    out += ["#", "# Regenerate: python3 %s golden" % SCRIPT,
            "# One number: python3 %s perft %s <depth> [--position P]" % (SCRIPT, rules.id), "#"]
    out += ["# " + l if l else "#" for l in HAND[rules.id].strip("\n").split("\n")]
    out.append("")
    sections = [(initial(rules), plan["initial"], "The initial position.")]
    for moment, depth, back in plan["mid"]:
        found = None
        for name, g, ms, _ in paths:
            for n, m in ms:
                if m == moment and n - back >= 2:
                    found = (name, g, n)
                    break
            if found:
                break
        if not found:
            continue
        name, g, n = found
        st = g.before[n - 1 - back]
        if back:
            what = ("Position before ply %d of tests/golden/%s/%s, %d plies before ply %d, "
                    "which shows: %s." % (n - back, rules.id, name, back, n, MOMENT_TEXT[moment]))
        else:
            what = ("Position before ply %d of tests/golden/%s/%s. It exercises at the root: "
                    "%s." % (n, rules.id, name, MOMENT_TEXT[moment]))
        if depth is None:
            # only used to choose the depths written in PERFT_PLAN
            depth = 1
            while depth < 30:
                t0 = time.time()
                perft(rules, st, depth)
                if time.time() - t0 > 3:
                    break
                depth += 1
            print("chosen depth", rules.id, moment, depth)
        sections.append((st, depth, what))
    for st, depth, what in sections:
        t0 = time.time()
        counts = [perft(rules, st, d) for d in range(1, depth + 1)]
        dt = time.time() - t0
        sdepth = min(depth, 5)
        stats = walk_stats(rules, st, sdepth)
        ev = ", ".join("%s %d" % (k, v) for k, v in sorted(stats.items()) if not k.startswith("ends "))
        ends = ", ".join("%s %d" % (k[5:], v) for k, v in sorted(stats.items()) if k.startswith("ends "))
        text = "%s Within depth %d: %s; lines ending inside: %s. (perft to depth %d: %.1f s.)" % (
            what, sdepth, ev or "no events", ends or "none", depth, dt)
        out += [l.replace("; ", "# ", 1) for l in wrap(text)]
        out.append("position %s" % position_string(rules, st))
        for d, c in enumerate(counts, 1):
            out.append("%d %d" % (d, c))
        out.append("")
        timings.append((position_string(rules, st), depth, dt))
        print("perft %s %s depth %d: %.1fs" % (rules.id, position_string(rules, st), depth, dt))
        sys.stdout.flush()
    with open(os.path.join(ROOT, "tests", "perft", rules.id + ".perft"), "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")
    return timings


# Hand derivations of depths 1 and 2 from the initial position.  Worked by
# hand lap by lap for the plies shown in full (the others follow the same
# pattern, shifted one pit); the program then confirmed every row listed.
HAND = {
    "endodoi": """
Hand derivation for 4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4 S 0-0.
perft(1) = 10: every South pit holds 4 and no end holds at the start.
perft(2) = 79. A lap is written <origin><seeds>><pit of its last seed>.
Every first ply is five laps: 4 seeds, then four relays of 5 (each lap's
last seed falls in a pit holding 4, making 5), the fifth lap ending in a
pit the first or second lap emptied. From a: a4>e e5>j j5>E E5>J J5>e: e
was lifted, so the last seed falls in an empty pit of South's row facing
F (5 seeds): South takes F and the capturing seed, 6.
= 1,6,6,6,0,5,5,5,5,0/5,5,5,5,0,0,5,5,5,0 N 6-0, North has 7 pits to sow.
Likewise (North's row after the ply; non-empty pits):
  a  5,5,5,5,0,0,5,5,5,0  7   (captures F)
  b  0,5,5,5,0,0,5,5,5,5  7   (b4>f f5>A A5>F F5>a a5>f, captures E)
  c  5,0,5,0,5,5,0,5,5,5  7   (captures D)
  d  5,5,0,5,5,5,5,0,5,5  8   (d4>h h5>C C5>H H5>c c5>h: h faces C,
                               lifted by lap 3, so nothing is taken)
  e  5,0,5,0,5,5,5,5,0,5  7   (captures B)
  f  0,5,5,5,0,5,5,5,5,0  7   (captures A)
  g  1,5,5,5,5,0,5,5,5,5  9   (g4>A A5>F F5>a a5>f f5>A: A was lifted,
                               last seed in North's row: no capture)
  h  6,1,5,5,5,5,0,5,5,5  9
  i  6,6,1,5,5,5,5,0,5,5  9
  j  6,6,6,1,5,5,5,5,0,5  9
No row is empty after ply 1, so no game ends: 7x5 + 8 + 9x4 = 79.
""",
    "anywoli": """
Hand derivation for the initial position (4 in each of the 24 pits), S.
perft(1) = 12: every South pit holds 4, 96 seeds are on the board.
perft(2) = 116. Every first ply is five laps: 4 seeds, then four relays
of 5 (each lap's last seed falls in a pit holding 4, making 5); the fifth
lap ends in the pit the first lap emptied (one seed there). No seed makes
a pit 4 (the pits sown hold 4 or 0 before), so nothing is captured. From
a: a4>e e5>j j5>C C5>H H5>a =
1,5,5,5,0,5,5,5,5,0,5,5/5,5,0,5,5,5,5,0,5,5,5,5 N 0-0: North sows 10.
The ply from pit p lifts the pits 4, 9, 14 and 19 places after p (and
the fifth lap puts one seed back in p), so North can sow 12 pits less
those of the four that are North's: two for a b c f g h k l, three for
d e i j (d: h, A, F, K lifted: North row 0,5,5,5,5,0,5,5,5,5,0,5).
  a 10, b 10, c 10, d 9, e 9, f 10, g 10, h 10, i 9, j 9, k 10, l 10
  = 116.
""",
    "round-and-round": """
Hand derivation for 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0.
perft(1) = 6: every South pit holds 4 and no end holds at the start.
perft(2) = 28. Each first ply is five laps; the last falls in the pit the
third lap emptied, and the pit opposite it is taken (the capturing seed
stays). From a: a4>e e5>D D5>c c6>C C6>c: c, lifted by the fourth lap,
gets the last seed; the opposite pit D holds 1 (from the last lap): South
takes 1. = 2,7,1,6,1,6/6,6,0,0,6,6 N 1-0.
North's row after each ply (pits North can sow):
  a 6,6,0,0,6,6 (4)   b 6,6,0,0,1,6 (4; captures C, 6)
  c 1,0,6,6,0,1 (4; captures B, 6)   d 0,1,6,6,6,0 (4; captures A, 6)
  e 1,6,1,6,6,6 (6; e4>C C5>b b5>A A6>a a6>A: the last seed falls in
    North's empty A: the pit opposite, South's own f (7), is taken)
  f 7,1,6,1,6,6 (6; lands in North's empty B, takes South's own e, 6)
Nobody has more than 24, North's row is not empty: 4x4 + 6 + 6 = 28.
""",
    "chongka": """
Hand derivation for 7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0-0 (clockwise: South's
circuit is g f e d c b a, South's store, G F E D C B A, then g; North's
store is skipped).
perft(1) = 7: every South pit holds 7 and no end holds at the start.
perft(2) = 36. From g: g7>store: f e d c b a and the store: an extra turn,
= 8,8,8,8,8,8,0/7,7,7,7,7,7,7 S 1-0: South sows again, from 6 pits.
From a: a7>B (store, G F E D C B), B8>a (A g f e d c b a): a had been
emptied, so the last seed falls in an empty pit of South's row facing G
(8 seeds): South takes 8 into the store, the seed stays.
= 1,8,8,8,8,8,8/8,0,8,8,8,8,0 N 9-0: North sows 5 (B lifted, G taken).
b..f likewise: the first lap of 7 ends in North's row (C, D, E, F, G for
b, c, d, e, f), the relay of 8 comes back to the emptied origin, which
faces a pit of 8 that is taken: North has 5 pits to sow each time.
6 + 6x5 = 36.
""",
}

HAND_NUMBERS = {"endodoi": [10, 79], "anywoli": [12, 116],
                "round-and-round": [6, 28], "chongka": [7, 36]}


def write_notes(files_written, perft_timings):
    out = ["# Golden data from %s" % SCRIPT, ""]
    out += NOTES_INTRO.strip("\n").split("\n")
    out.append("")
    for gid, (paths, missing) in files_written.items():
        rules = GAMES[gid]
        out += ["## %s (`%s`)" % (rules.name, gid), ""]
        out += ["| moment | shown in (ply) |", "| --- | --- |"]
        for m in WANTED[gid]:
            where = []
            for name, g, ms, _ in paths:
                ns = [n for n, k in ms if k == m]
                if ns:
                    where.append("`%s/%s` (%s)" % (gid, name, ", ".join(str(x) for x in ns[:3])))
            cell = ", ".join(where[:3]) + (" and %d more files" % (len(where) - 3) if len(where) > 3 else "")
            out.append("| %s | %s |" % (MOMENT_TEXT[m], cell or "not shown (see below)"))
        out.append("")
        out += ["| file | plies | result | termination | searched for |", "| --- | --- | --- | --- | --- |"]
        for name, g, ms, searched in paths:
            reason = g.end()
            tot = final_totals(rules, g.state, reason)
            out.append("| `%s/%s` | %d | %d-%d | %s | %s |" % (
                gid, name, len(g.plies), tot[0], tot[1], reason, searched or "(filler)"))
        out.append("")
        if missing:
            out.append("Not found in seeded random games of at most %d plies: %s." % (
                MAX_GAME_PLIES, "; ".join(MOMENT_TEXT[m] for m in missing)))
            out.append("")
        out.append("Perft timings (this machine): " + "; ".join(
            "`%s` to depth %d in %.1f s" % (p, d, t) for p, d, t in perft_timings[gid]) + ".")
        out.append("")
    with open(os.path.join(ROOT, "tests", "golden", "notes", "endodoi_anywoli_round_and_round_chongka.md"), "w") as f:
        f.write("\n".join(out).rstrip("\n") + "\n")


NOTES_INTRO = """
Complete recorded games and perft counts for `endodoi`, `anywoli`,
`round-and-round` and `chongka` (tools/reference/two-row-design.md section 3, items 7, 8, 13, 14).

## How they were derived

`tools/reference/endodoi_anywoli_round_and_round_chongka.py` is a plain Python 3 program (standard
library only) written from the games' descriptions: tools/reference/two-row-design.md section 3 (the
default reading of each game) with section 1 for the mechanics named there,
the research digests `tools/reference/research/<id>.md`, the notation of
`docs/notation.md` and tools/reference/two-row-design.md section 2, and `docs/rule-language.md` for
the older keys. Its author did not read or run the engine, the rule files
or the other reference scripts. Each game is a seeded random game between
two simple policies (described in each file's `;` header). For each wanted
moment the script searches seeds 1, 2, ... over a list of policy pairs for
the first finished game of at most 340 plies showing it, then fills the set
up to 8 games. One `round-and-round` game (the repetition) follows the
first plies of a random game and then continues with the quiet policy
`pacifist`; its header says so. Every file is read back and replayed after
writing (final position, result and termination must match).

Regenerate (rewrites the four games' records, their perft files and this
page; a few minutes, most of it the search for the repetition game and the
perft runs):

    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py golden
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py selftest    # replays every file

One perft number, or a game:

    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py perft chongka 5 [--position P] [--divide]
    python3 tools/reference/endodoi_anywoli_round_and_round_chongka.py play endodoi a B c [--position P]

Plies in the records are numbered one by one (`1. a 2. F 3. c`), so the ply
numbers below are the numbers written in the files.

## Readings (where the description left room)

1. **Chongka' stores on a clockwise circuit.** Each player's store lies
   after their last house in sowing order: clockwise South's row is sown
   g f ... a, so South's store lies between a and G, North's between A and
   g. A sowing from a (South) or A (North) drops its first seed in the
   mover's store; the opponent's store is passed over. Coming round takes
   2 x 7 + 1 = 15 seeds.
2. **A last seed in the mover's store ends the sowing** (no relay from a
   store), and in Chongka' gives the extra turn. A relay lap lifted from a
   (South) starts by dropping a seed in South's store.
3. **Opposite captures look at the final landing pit only**, and only when
   the sowing ended because its last seed fell in an empty pit (the pit
   now holds that one seed). Endodoi: only in the mover's own row; the
   opposite pit and the capturing seed are taken; nothing if the opposite
   pit is empty. Round-and-Round: in either row; the pit opposite is taken
   whichever row it is in (so a last seed in an empty pit of the opponent's
   row takes the mover's own pit opposite), the capturing seed stays;
   nothing if the opposite pit is empty. Chongka': own row, seed stays.
4. **Relay cap.** A sowing stops after 10 000 relays (its last lap's
   landing pit then holds more than one seed, so no opposite capture). No
   game or perft line here reaches it (the perft "Within depth" notes would
   list it).
5. **Skip origin per lap.** Round-and-Round skips, on each lap, that lap's
   own starting pit every time the lap comes round (12 or more seeds).
   Endodoi, Anywoli and Chongka' do not skip: a lap of 20 / 24 / 15 or more
   seeds drops a seed in its own emptied origin.
6. **Feeding (Round-and-Round).** Judged on the first lap only: a sowing
   feeds when one of the seeds taken from the chosen pit falls in the
   opponent's row (seeds lifted by later relays do not count). If no sowing
   feeds, every sowing is legal (`cannot_feed = "any-sowing"`), and the
   game goes on.
7. **Anywoli sowing captures** are looked at after every seed of every
   lap, in any pit (the emptied origin included); a 4 made by a seed other
   than a lap's last goes to the pit's owner and the lap sows on; a 4 made
   by a lap's last seed goes to the mover and ends the sowing (no relay).
   The end at 8 seeds or fewer gives them all to South (the first player);
   a repetition end shares the seeds left by pit owner.
8. **Passing (Anywoli)**: a player whose row is empty passes (`pass`), and
   a pass counts as a ply in perft.
9. **No-sowing after an extra turn (Chongka')**: a player who plays again
   with an empty row ends the game (`cannot_sow = "end-game"`); seeds left
   go to their pit's owner.
10. **Repetition** counts whole states (seeds, side to act, captured
    totals); the start is the first occurrence. In Chongka' it cannot
    happen: a ply that drops nothing in a store and captures nothing keeps
    every lap inside the mover's own row (leaving it means passing the
    mover's store), moving seeds towards that row's end, so no cycle of
    plies returns to a state. In Endodoi no repetition was found (60 random
    games, each prefix continued with 20 seeds of quiet play); it is not
    shown.
"""


# ---------------------------------------------------------------------------
# selftest
# ---------------------------------------------------------------------------

def selftest():
    # Circuits.
    ch = GAMES["chongka"]
    c = circuit(ch, SOUTH)
    assert c[:8] == [6, 5, 4, 3, 2, 1, 0, STORE[SOUTH]] and c[8] == 13 and len(c) == 15, c
    assert circuit(ch, NORTH)[7:] == [13, 12, 11, 10, 9, 8, 7, STORE[NORTH]]
    assert labels(6)[opposite(GAMES["round-and-round"], 0)] == "F"
    # Chongka: South's a (7 seeds) sows store, G F E D C B: last in B (7 -> 8),
    # relays 8 from B: A, North's store skipped, g f e d c b: b held 7 -> relay...
    st = initial(ch)
    st2, eff = apply_ply(ch, st, 0)
    assert eff.laps[0] == (0, 7, 8), eff.laps
    assert sum(st2.board) + sum(st2.captured) == 98
    # A lap from the pit before the store puts its first seed in the store.
    st = parse_position(ch, "1,0,0,0,0,0,0/0,0,0,0,0,0,0 S 49-48")
    st2, eff = apply_ply(ch, st, 0)
    assert eff.extra_turn and st2.side == SOUTH and st2.captured == [50, 48]
    # Chongka capture, seed stays: b (1 seed) -> a empty, opposite G.
    st = parse_position(ch, "0,1,0,0,0,0,0/0,0,0,0,0,0,5 S 46-46")
    st2, eff = apply_ply(ch, st, 1)
    assert st2.board[0] == 1 and st2.board[13] == 0 and st2.captured == [51, 46], position_string(ch, st2)
    # Endodoi: capturing seed taken with the opposite pit.
    en = GAMES["endodoi"]
    st = parse_position(en, "1,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,6,0 S 36-37")
    st2, eff = apply_ply(en, st, 0)
    assert position_string(en, st2) == "0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0 N 43-37", position_string(en, st2)
    assert end_reason(en, st2, Counter({st2.key(): 1})) == "no-sowing"
    # Endodoi: landing in an empty pit of the opponent's row captures nothing.
    st = parse_position(en, "0,0,0,0,0,0,0,0,0,1/0,0,0,0,0,0,0,0,6,0 S 36-37")
    st2, eff = apply_ply(en, st, 9)
    assert st2.board[10] == 1 and st2.captured == [36, 37]
    # Round-and-round: capture from the opponent's row takes the mover's own pit.
    rr = GAMES["round-and-round"]
    st = parse_position(rr, "3,0,0,0,0,1/0,0,0,0,0,0 S 20-24")
    st2, eff = apply_ply(rr, st, 5)   # f -> A empty; opposite of A is f (now 0)
    assert eff.opposite_empty == 6
    st = parse_position(rr, "0,0,0,0,2,0/1,0,0,0,0,0 S 21-24")
    # e (2): f, A(1->2) relay 2: B, C (empty): opposite of C is d (empty) -> nothing
    st2, eff = apply_ply(rr, st, 4)
    assert eff.laps == [(4, 2, 6), (6, 2, 8)] and eff.opposite_empty == 8
    st = parse_position(rr, "0,0,0,5,0,1/0,0,0,0,0,0 N 20-22")
    # North has nothing and cannot sow: no-sowing end.
    assert end_reason(rr, st, Counter({st.key(): 1})) == "no-sowing"
    # Feeding: North's row empty; South a (1) does not reach it, f (1) does.
    st = parse_position(rr, "1,0,0,0,0,1/0,0,0,0,0,0 S 22-24")
    assert candidate_plies(rr, st) == [5]
    st = parse_position(rr, "1,0,0,0,0,0/0,0,0,0,0,0 S 23-24")
    assert candidate_plies(rr, st) == [0] and feeding_situation(rr, st)[0] == "cannot"
    # Round-and-round: a lap of 12 skips its origin (12 seeds: 11 others + the next).
    st = parse_position(rr, "12,0,0,0,0,0/0,0,0,0,0,0 S 18-18")
    st2, eff = apply_ply(rr, st, 0)
    assert eff.laps[0] == (0, 12, 1) and eff.origin_skipped == [0]
    # Anywoli: the last seed makes 4 in the opponent's row: the mover takes.
    an = GAMES["anywoli"]
    st = parse_position(an, "0,0,0,0,0,0,0,0,0,0,0,1/3,0,0,0,0,0,0,0,0,0,0,0 S 46-46")
    st2, eff = apply_ply(an, st, 11)
    assert st2.captured == [50, 46] and eff.sow_captures == [(12, 4, SOUTH, True)]
    # Anywoli: a mid-lap 4 goes to the pit's owner.
    st = parse_position(an, "0,0,0,0,0,0,0,0,0,0,0,2/3,0,0,0,0,0,0,0,0,0,0,0 S 45-46")
    st2, eff = apply_ply(an, st, 11)
    assert st2.captured == [45, 50] and st2.board[13] == 1
    # The first few perft numbers agree with the hand derivations.
    for gid, expect in HAND_NUMBERS.items():
        r = GAMES[gid]
        got = [perft(r, initial(r), d) for d in range(1, len(expect) + 1)]
        assert got == expect, (gid, got, expect)
    # Round trips of positions, and seed conservation, along random games.
    for gid, r in GAMES.items():
        for seed in range(3):
            rnd = random.Random(seed)
            g = Game(r)
            while g.end() is None and len(g.plies) < 400:
                g.play(rnd.choice(g.legal()))
                s = position_string(r, g.state)
                assert position_string(r, parse_position(r, s)) == s
    # Replay every golden file.
    n = 0
    for gid in GAMES:
        for path in sorted(glob.glob(os.path.join(ROOT, "tests", "golden", gid, "*.rec"))):
            replay_file(path)
            n += 1
    print("selftest ok (%d golden files replayed)" % n)



# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("id", choices=sorted(GAMES))
    p.add_argument("depth", type=int)
    p.add_argument("--position")
    p.add_argument("--divide", action="store_true")
    p = sub.add_parser("play")
    p.add_argument("id", choices=sorted(GAMES))
    p.add_argument("plies", nargs="*")
    p.add_argument("--position")
    sub.add_parser("golden")
    sub.add_parser("selftest")
    a = ap.parse_args()
    if a.cmd == "perft":
        r = GAMES[a.id]
        st = parse_position(r, a.position) if a.position else initial(r)
        if a.divide:
            tot = 0
            for ply, c in divide(r, st, a.depth):
                print("%s %d" % (ply, c))
                tot += c
            print("total %d" % tot)
        else:
            print(perft(r, st, a.depth))
    elif a.cmd == "play":
        r = GAMES[a.id]
        g = Game(r, parse_position(r, a.position) if a.position else None)
        for t in a.plies:
            ply = parse_ply(r, t)
            before = g.state
            eff = g.play(ply)
            bits = describe(r, before, ply, eff, g.state, ["x"]) or []
            print("%s  %s  %s" % (t, position_string(r, g.state), " ".join(bits)))
        reason = g.end()
        if reason:
            print(end_text(r, g.state, reason))
        else:
            print("legal: " + " ".join(ply_text(r, p) for p in g.legal()))
    elif a.cmd == "golden":
        golden()
    else:
        selftest()


if __name__ == "__main__":
    main()
