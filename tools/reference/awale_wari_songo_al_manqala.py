#!/usr/bin/env python3
"""awale_wari_songo_al_manqala.py -- an independent reference implementation
of four two-row count-capture games, for cross-checking the Rust engine:
Awale, Wari, Songo and Al-manqala.

Written from the game descriptions alone (tools/reference/two-row-design.md
section 3 with the meaning of its mechanics in section 1, the research
digests, the notation of docs/notation.md, and docs/rule-language.md for the
old keys), WITHOUT reading the engine (src/) or the rule files (rules/), and
without running the ayla binary. It imports nothing from the other reference
scripts nor from the project. Python 3 standard library only. Plain over
fast: the code should read like the rules.

Commands (run from the repository root):
    python3 tools/reference/awale_wari_songo_al_manqala.py selftest
    python3 tools/reference/awale_wari_songo_al_manqala.py perft <id> <depth> [--position P] [--reading NAME=ALT] [--divide]
    python3 tools/reference/awale_wari_songo_al_manqala.py play <id> <ply>... [--position P] [--reading NAME=ALT]
    python3 tools/reference/awale_wari_songo_al_manqala.py golden
        (rewrites tests/golden/{awale,wari,songo,al-manqala}/*.rec,
         tests/perft/{awale,wari,songo,al-manqala}*.perft and
         tests/golden/notes/awale_wari_songo_al_manqala.md)

Games (ids) and their readings (tools/reference/two-row-design.md section 3):
    awale        chain-cap = none (default) | 4
    wari         grand-slam = forbidden (default) | captures-nothing
    songo        (none)
    al-manqala   direction = counter-clockwise (default) | clockwise
"""

import argparse
import os
import random
import re
import sys
import time
from collections import Counter

SOUTH, NORTH = 0, 1
SIDE_LETTER = "SN"
SIDE_NAME = ("South", "North")


# ---------------------------------------------------------------------------
# The rules of each game, as plain data
# ---------------------------------------------------------------------------

class Rules:
    """Everything that tells the four games apart."""

    def __init__(self, **kw):
        self.id = kw["id"]
        self.n = kw["n"]                        # pits per row
        self.seeds = kw["seeds"]                # seeds per pit at the start
        self.step = kw["step"]                  # +1 counter-clockwise, -1 clockwise
        self.skip_origin = kw["skip_origin"]
        self.later_rounds_opponent_row = kw.get("later_rounds_opponent_row", False)
        self.counts = set(kw["counts"])
        self.landing = kw["landing"]            # "opponent-row" | "anywhere"
        self.chain_zone = kw["chain_zone"]      # chain is always "backward" here
        self.chain_max = kw.get("chain_max")    # None: no cap
        self.protected = set(kw.get("protected", ()))   # pit numbers 1..n
        self.grand_slam = kw["grand_slam"]      # "captures" | "captures-nothing" | "forbidden"
        self.cannot_feed_taker = kw["cannot_feed_taker"]  # "mover" | "opponent"
        self.captured_more_than = kw["captured_more_than"]
        self.seeds_left_at_most = kw.get("seeds_left_at_most")
        self.readings = kw.get("readings", {})  # name -> alternative, as chosen

    @property
    def total(self):
        return 2 * self.n * self.seeds


READINGS = {
    "awale": {"chain-cap": ("none", "4")},
    "wari": {"grand-slam": ("forbidden", "captures-nothing")},
    "songo": {},
    "al-manqala": {"direction": ("counter-clockwise", "clockwise")},
}


def make_rules(game, readings=None):
    """The rules of `game` under `readings` ({name: alternative})."""
    if game not in READINGS:
        raise ValueError("unknown game %r (expected one of %s)" % (game, ", ".join(READINGS)))
    chosen = {name: alts[0] for name, alts in READINGS[game].items()}
    for name, alt in (readings or {}).items():
        if name not in READINGS[game]:
            raise ValueError("%s has no reading %r" % (game, name))
        if alt not in READINGS[game][name]:
            raise ValueError("reading %s of %s: expected one of %s" % (name, game, READINGS[game][name]))
        chosen[name] = alt
    if game in ("awale", "wari"):
        # Awale: 2x6, 4 seeds, counter-clockwise, skip origin, 2 or 3 in the
        # opponent's row chained backward within it; grand slam captures
        # nothing (Awale) or is forbidden (Wari); feed or the mover takes all;
        # more than 24 wins.
        slam = "captures-nothing"
        if game == "wari":
            slam = chosen["grand-slam"]
        cap = None
        if game == "awale" and chosen["chain-cap"] == "4":
            cap = 4
        return Rules(id=game, n=6, seeds=4, step=+1, skip_origin=True,
                     counts=[2, 3], landing="opponent-row", chain_zone="opponent-row",
                     chain_max=cap, grand_slam=slam, cannot_feed_taker="mover",
                     captured_more_than=24, readings=chosen)
    if game == "songo":
        # Songo: 2x7, 5 seeds, clockwise, skip origin, later rounds only in the
        # opponent's row; 2, 3 or 4 in the opponent's row chained backward,
        # pit number 7 never taken; feed or the mover takes all; more than 35
        # wins; at most 9 seeds on the board ends the game (to the owners).
        return Rules(id=game, n=7, seeds=5, step=-1, skip_origin=True,
                     later_rounds_opponent_row=True,
                     counts=[2, 3, 4], landing="opponent-row", chain_zone="opponent-row",
                     protected=[7], grand_slam="captures", cannot_feed_taker="mover",
                     captured_more_than=35, seeds_left_at_most=9, readings=chosen)
    # Al-manqala: 2x7, 7 seeds, counter-clockwise (reading: clockwise), no
    # skip; 2 or 4 anywhere, chained backward anywhere; grand slam captures;
    # feed, or the one who could not be fed takes all; more than 49 wins.
    step = +1 if chosen["direction"] == "counter-clockwise" else -1
    return Rules(id=game, n=7, seeds=7, step=step, skip_origin=False,
                 counts=[2, 4], landing="anywhere", chain_zone="anywhere",
                 grand_slam="captures", cannot_feed_taker="opponent",
                 captured_more_than=49, readings=chosen)


# ---------------------------------------------------------------------------
# Board, labels, positions
# ---------------------------------------------------------------------------
# Pit index 0..2n-1 in counter-clockwise order: South's row a.., then
# North's row A...  Index i < n is South's pit number i+1; index n+j is
# North's pit number j+1.

def owner(r, i):
    return SOUTH if i < r.n else NORTH


def pit_number(r, i):
    return i % r.n + 1


def label(r, i):
    return chr(ord("a") + i) if i < r.n else chr(ord("A") + i - r.n)


def parse_label(r, text):
    if len(text) == 1 and "a" <= text < chr(ord("a") + r.n):
        return ord(text) - ord("a")
    if len(text) == 1 and "A" <= text < chr(ord("A") + r.n):
        return r.n + ord(text) - ord("A")
    raise ValueError("no pit %r on a 2x%d board" % (text, r.n))


def row(r, side):
    return range(0, r.n) if side == SOUTH else range(r.n, 2 * r.n)


class State:
    """A whole state: seeds per pit, side to act, captured totals."""

    def __init__(self, board, side, captured):
        self.board = tuple(board)
        self.side = side
        self.captured = tuple(captured)

    def key(self):
        return (self.board, self.side, self.captured)


def initial_state(r):
    return State([r.seeds] * (2 * r.n), SOUTH, (0, 0))


def position_string(r, s):
    south = ",".join(str(x) for x in s.board[:r.n])
    north = ",".join(str(x) for x in s.board[r.n:])
    return "%s/%s %s %d-%d" % (south, north, SIDE_LETTER[s.side], s.captured[0], s.captured[1])


def parse_position(r, text):
    parts = text.split()
    if len(parts) != 3:
        raise ValueError("expected `seeds side S-N` (these games have no optional field): %r" % text)
    rows = parts[0].split("/")
    if len(rows) != 2:
        raise ValueError("expected two rows separated by `/`: %r" % parts[0])
    board = []
    for rw in rows:
        counts = [int(x) for x in rw.split(",")]
        if len(counts) != r.n or any(c < 0 for c in counts):
            raise ValueError("expected %d counts in a row: %r" % (r.n, rw))
        board += counts
    if parts[1] not in ("S", "N"):
        raise ValueError("side to act must be S or N: %r" % parts[1])
    cs, cn = (int(x) for x in parts[2].split("-"))
    if sum(board) + cs + cn != r.total:
        raise ValueError("seeds do not add up to %d" % r.total)
    return State(board, SIDE_LETTER.index(parts[1]), (cs, cn))


# ---------------------------------------------------------------------------
# Sowing and capture
# ---------------------------------------------------------------------------

class Sowing:
    """What one sowing did, before and after its capture."""

    def __init__(self):
        self.origin = None
        self.seeds = 0
        self.landing = None
        self.fed = False            # a seed fell in a pit of the opponent's row
        self.into_origin = 0        # seeds that fell back into the origin
        self.skipped_origin = False # came round and passed over the origin
        self.later_rounds_at = None # seed number (1-based) from which only the opponent's row was sown
        self.taken = []             # pits captured, in the order taken
        self.taken_seeds = []
        self.slam = False           # the capture would take every seed of the opponent's row
        self.slam_cancelled = False
        self.chain_cut = False      # chain_max stopped a chain that would have gone on
        self.protected_stop = None  # a protected pit that held a capturing count and was not taken


def sow(r, board, side, origin):
    """Sow pit `origin` for `side` on a copy of `board`; return (board, Sowing)."""
    b = list(board)
    info = Sowing()
    info.origin = origin
    seeds = b[origin]
    info.seeds = seeds
    b[origin] = 0
    sown_into = set()
    opponent_row_only = False
    pos = origin
    dropped = 0
    while seeds > 0:
        pos = (pos + r.step) % (2 * r.n)
        if pos == origin and r.skip_origin:
            info.skipped_origin = True
            continue
        if r.later_rounds_opponent_row and not opponent_row_only and pos in sown_into:
            # The lap has come round: this seed and every later one go only
            # into the opponent's home row, in sowing order.
            opponent_row_only = True
            info.later_rounds_at = dropped + 1
        if opponent_row_only and owner(r, pos) == side:
            continue
        b[pos] += 1
        seeds -= 1
        dropped += 1
        sown_into.add(pos)
        if owner(r, pos) != side:
            info.fed = True
        if pos == origin:
            info.into_origin += 1
    info.landing = pos
    return b, info


def in_zone(r, zone, side, i):
    if zone == "anywhere":
        return True
    return owner(r, i) != side      # "opponent-row" (no trading: row = territory)


def capturable(r, zone, side, b, i):
    return in_zone(r, zone, side, i) and b[i] in r.counts and pit_number(r, i) not in r.protected


def capture_pits(r, b, side, info):
    """The pits a count capture at the end of this sowing would take (before
    the grand slam rule): the landing pit, then backward, nearest first."""
    L = info.landing
    if not (in_zone(r, r.landing, side, L) and b[L] in r.counts):
        return []
    if pit_number(r, L) in r.protected:
        info.protected_stop = L
        return []
    taken = [L]
    p = (L - r.step) % (2 * r.n)
    while p != L:
        if not capturable(r, r.chain_zone, side, b, p):
            if (in_zone(r, r.chain_zone, side, p) and b[p] in r.counts
                    and pit_number(r, p) in r.protected):
                info.protected_stop = p
            break
        if r.chain_max is not None and len(taken) >= r.chain_max:
            info.chain_cut = True
            break
        taken.append(p)
        p = (p - r.step) % (2 * r.n)
    return taken


def is_grand_slam(r, b, side, taken):
    """The opponent's home row holds seeds and every one is among those taken."""
    opp = row(r, 1 - side)
    return sum(b[i] for i in opp) > 0 and all(b[i] == 0 or i in taken for i in opp)


def play_sowing(r, s, origin):
    """Apply the sowing from `origin` to state `s`; return (new state, Sowing)."""
    side = s.side
    b, info = sow(r, s.board, side, origin)
    taken = capture_pits(r, b, side, info)
    if taken and is_grand_slam(r, b, side, taken):
        info.slam = True
        # Reading: under "forbidden" a grand slam is only ever played when
        # every legal ply is one; it then captures nothing, as two-row-design.md says.
        if r.grand_slam != "captures":
            info.slam_cancelled = True
            taken = []
    captured = list(s.captured)
    for i in taken:
        info.taken.append(i)
        info.taken_seeds.append(b[i])
        captured[side] += b[i]
        b[i] = 0
    return State(b, 1 - side, captured), info


# ---------------------------------------------------------------------------
# Legal plies and the ends
# ---------------------------------------------------------------------------

def candidates(r, s):
    """Filters 1-3: the non-empty pits of the mover's row (label order)."""
    return [i for i in row(r, s.side) if s.board[i] > 0]


def owes_feed(r, s):
    return all(s.board[i] == 0 for i in row(r, 1 - s.side))


class Legal:
    """The legal plies of a state and how the filters got there."""

    def __init__(self, r, s):
        self.origins = candidates(r, s)          # after step 4 (one ply per pit)
        self.feeding_forced = False
        self.unfed = []                          # plies dropped by feeding
        self.slams_dropped = []                  # plies dropped as grand slams
        self.all_slams = False
        plies = list(self.origins)
        if owes_feed(r, s):
            feeding = [p for p in plies if sow(r, s.board, s.side, p)[1].fed]
            if feeding:
                self.unfed = [p for p in plies if p not in feeding]
                self.feeding_forced = bool(self.unfed)
                plies = feeding
        if r.grand_slam == "forbidden" and plies:
            slams = [p for p in plies if play_sowing(r, s, p)[1].slam]
            if len(slams) < len(plies):
                self.slams_dropped = slams
                plies = [p for p in plies if p not in slams]
            elif slams:
                self.all_slams = True
        self.plies = plies


def end_reason(r, s, history):
    """The end that holds in state `s` (history counts the whole states of
    the game so far, `s` included), or None.  Order of docs/rule-language.md:
    seeds-left, captured-more-than, cannot-feed, no-sowing, repetition (the
    other ends are not used by these games)."""
    if r.seeds_left_at_most is not None and sum(s.board) <= r.seeds_left_at_most:
        return "seeds-left"
    if max(s.captured) > r.captured_more_than:
        return "captured-more-than"
    if owes_feed(r, s):
        # Reading: the feed is owed whenever the opponent's row is empty; if
        # no ply (after filter 4) drops a seed there -- none at all when the
        # mover's row is empty too -- this end fires before no-sowing.
        if not any(sow(r, s.board, s.side, p)[1].fed for p in candidates(r, s)):
            return "cannot-feed"
    if not candidates(r, s):
        return "no-sowing"
    if history[s.key()] >= 3:
        return "repetition"
    return None


def final_totals(r, s, reason):
    """Totals after the seeds left are shared out."""
    t = list(s.captured)
    left = sum(s.board)
    if reason == "cannot-feed":
        taker = s.side if r.cannot_feed_taker == "mover" else 1 - s.side
        t[taker] += left
    else:
        # seeds-left (to the pits' owners), captured-more-than, no-sowing and
        # repetition: each seed to the owner of its row.
        for i, x in enumerate(s.board):
            t[owner(r, i)] += x
    return tuple(t)


class Game:
    """A game from a position, with its repetition history."""

    def __init__(self, r, start=None):
        self.r = r
        self.state = start if start is not None else initial_state(r)
        self.history = Counter([self.state.key()])
        self.plies = []
        self.reason = end_reason(r, self.state, self.history)

    def legal(self):
        if self.reason is not None:
            return _NoPlies()
        return Legal(self.r, self.state)

    def play(self, origin):
        lg = self.legal()
        if origin not in lg.plies:
            raise ValueError("ply %s is not legal in %s (legal: %s)" % (
                label(self.r, origin), position_string(self.r, self.state),
                " ".join(label(self.r, p) for p in lg.plies) or "none"))
        before = self.state
        self.state, info = play_sowing(self.r, before, origin)
        self.history[self.state.key()] += 1
        self.plies.append(origin)
        self.reason = end_reason(self.r, self.state, self.history)
        return before, lg, info

    def totals(self):
        return final_totals(self.r, self.state, self.reason)


class _NoPlies:
    origins = []
    plies = []
    feeding_forced = False
    unfed = []
    slams_dropped = []
    all_slams = False


def parse_ply(r, text):
    t = text
    # Every pit's direction is fixed here: a suffix naming it is accepted,
    # the other is an error (tools/reference/two-row-design.md section 2).
    if t.endswith(">") or t.endswith("<"):
        want = +1 if t.endswith(">") else -1
        if want != r.step:
            raise ValueError("%s: this game sows %s only" % (text, "counter-clockwise (>)" if r.step > 0 else "clockwise (<)"))
        t = t[:-1]
    return parse_label(r, t)


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(r, s, depth, history):
    """Distinct ply sequences of exactly `depth` plies from `s` (history holds
    `s` already)."""
    if depth == 0:
        return 1
    if end_reason(r, s, history) is not None:
        return 0
    plies = Legal(r, s).plies
    if depth == 1:
        return len(plies)
    total = 0
    for p in plies:
        t, _ = play_sowing(r, s, p)
        history[t.key()] += 1
        total += perft(r, t, depth - 1, history)
        history[t.key()] -= 1
    return total


def perft_from(r, s, depth):
    return perft(r, s, depth, Counter([s.key()]))


def divide(r, s, depth):
    out = []
    for p in Legal(r, s).plies if end_reason(r, s, Counter([s.key()])) is None else []:
        t, _ = play_sowing(r, s, p)
        h = Counter([s.key()])
        h[t.key()] += 1
        out.append((label(r, p), perft(r, t, depth - 1, h)))
    return out


class TreeStats:
    """Events over every ply of every line up to a depth (a plain walk that
    also recounts the lines, checked against perft)."""

    def __init__(self, depth):
        self.lines = [0] * (depth + 1)
        self.events = Counter()
        self.ends = Counter()


def walk(r, s, depth, history, stats, d=0):
    stats.lines[d] += 1
    if d == depth:
        return
    reason = end_reason(r, s, history)
    if reason is not None:
        if d > 0:
            stats.ends[reason] += 1
        return
    lg = Legal(r, s)
    for p in lg.plies:
        t, info = play_sowing(r, s, p)
        for e in ply_events(r, s, lg, info):
            stats.events[e] += 1
        history[t.key()] += 1
        if d + 1 == depth:
            stats.lines[d + 1] += 1
            reason = end_reason(r, t, history)
            if reason is not None:
                stats.ends[reason] += 1
        else:
            walk(r, t, depth, history, stats, d + 1)
        history[t.key()] -= 1


# ---------------------------------------------------------------------------
# Moments, comments
# ---------------------------------------------------------------------------

MOMENTS = {
    "capture": "a capture",
    "chain": "capture chain of 2 or more pits",
    "chain-cut": "a chain cut at 4 pits by chain_max (reading chain-cap=4)",
    "skip-origin": "a sowing that comes round and skips its emptied origin",
    "into-origin": "a sowing that comes round and drops seeds back into its emptied origin",
    "later-rounds": "a sowing of 14 or more: after the first round, seeds only into the opponent's row",
    "later-rounds-capture": "a later-rounds sowing that captures",
    "feed-forced": "feeding forced: the opponent's row is empty and some sowings would not reach it",
    "slam-cancelled": "grand slam: a capture of every seed of the opponent's row captures nothing",
    "slam-refused": "grand slam forbidden: plies that would be grand slams were not legal",
    "slam-all": "grand slam forbidden, but every legal ply is one: played, captures nothing",
    "slam-captures": "grand slam captures: every seed of the opponent's row taken",
    "protected": "a protected pit (number 7) holding a capturing count is not taken",
    "own-row-capture": "a capture landing in the mover's own row",
    "cross-row-chain": "a chain that takes pits of both rows",
    "end-captured-more-than": "game ends: a player has captured more than half the seeds",
    "end-cannot-feed": "game ends: the opponent's row is empty and no sowing reaches it",
    "end-seeds-left": "game ends: at most 9 seeds left on the board (to the pits' owners)",
    "end-no-sowing": "game ends: the player to act has nothing to sow",
    "end-repetition": "game ends: third occurrence of a whole state",
}


def ply_events(r, s, lg, info):
    ev = []
    if info.taken:
        ev.append("capture")
        if len(info.taken) >= 2:
            ev.append("chain")
        if any(owner(r, i) == s.side for i in info.taken) and owner(r, info.landing) == s.side:
            ev.append("own-row-capture")
        if len({owner(r, i) for i in info.taken}) == 2:
            ev.append("cross-row-chain")
        if info.slam:
            ev.append("slam-captures")
    if info.chain_cut and info.taken:
        ev.append("chain-cut")
    if info.skipped_origin:
        ev.append("skip-origin")
    if info.into_origin:
        ev.append("into-origin")
    if info.later_rounds_at is not None:
        ev.append("later-rounds")
        if info.taken:
            ev.append("later-rounds-capture")
    if lg.feeding_forced:
        ev.append("feed-forced")
    if info.slam_cancelled:
        ev.append("slam-all" if lg.all_slams else "slam-cancelled")
    if lg.slams_dropped:
        ev.append("slam-refused")
    if info.protected_stop is not None and not info.slam_cancelled:
        ev.append("protected")
    return ev


def plural(k, word):
    return "%d %s%s" % (k, word, "" if k == 1 else "s")


def describe(r, s, lg, info, after):
    """A comment for the ply, or None when nothing worth saying happened."""
    who = SIDE_NAME[s.side]
    L = lambda i: label(r, i)
    parts = []
    if lg.feeding_forced:
        parts.append("%s's row is empty, so %s must feed it: %s would not reach it." % (
            SIDE_NAME[1 - s.side], who, ", ".join(L(p) for p in lg.unfed)))
    if lg.slams_dropped:
        parts.append("%s may not play %s: each would capture every seed of %s's row (grand slam forbidden)." % (
            who, ", ".join(L(p) for p in lg.slams_dropped), SIDE_NAME[1 - s.side]))
    if lg.all_slams:
        parts.append("Every legal ply of %s is a grand slam, so they stay legal and capture nothing." % who)
    big = info.skipped_origin or info.into_origin or info.later_rounds_at is not None
    if big:
        txt = "%s sows %s (%d seeds) round the board" % (who, L(info.origin), info.seeds)
        if info.skipped_origin:
            txt += ", skipping the emptied %s" % L(info.origin)
        if info.into_origin:
            txt += ", dropping %s back into %s" % (plural(info.into_origin, "seed"), L(info.origin))
        if info.later_rounds_at is not None:
            txt += "; from seed %d on it has come round, so the rest go only into %s's row" % (
                info.later_rounds_at, SIDE_NAME[1 - s.side])
        parts.append(txt + ".")
    if info.taken:
        seeds = info.taken_seeds
        amount = "%d seeds" % seeds[0] if len(seeds) == 1 else "%s = %d seeds" % ("+".join(map(str, seeds)), sum(seeds))
        txt = "%s sows %s (%s), lands in %s and captures %s (%s)" % (
            who, L(info.origin), plural(info.seeds, "seed"), L(info.landing), " ".join(L(i) for i in info.taken), amount)
        if len(info.taken) > 1:
            txt += ", chaining backwards from %s" % L(info.landing)
        if info.chain_cut:
            txt += "; the chain stops at 4 pits (chain_max)"
        if info.slam:
            txt += ": every seed of %s's row (grand slam, which captures here)" % SIDE_NAME[1 - s.side]
        parts.append(txt + ".")
    if info.slam_cancelled:
        parts.append("Grand slam: %s sows %s and lands in %s, and the capture would take every seed of %s's row, so nothing is captured and the sowing stands." % (
            who, L(info.origin), L(info.landing), SIDE_NAME[1 - s.side]))
    if info.protected_stop is not None and not info.slam_cancelled:
        p = info.protected_stop
        parts.append("%s holds %d but is pit number %d, which is never captured%s." % (
            L(p), after.board[p] if p not in info.taken else 0, pit_number(r, p),
            "" if p == info.landing else " (the chain stops there)"))
    if not parts:
        return None
    return " ".join(parts)


def end_comment(r, g):
    s = g.state
    t = g.totals()
    left = sum(s.board)
    why = {
        "captured-more-than": "a player has captured more than %d" % r.captured_more_than,
        "seeds-left": "the board holds %d seeds, at most %d" % (left, r.seeds_left_at_most or 0),
        "no-sowing": "%s has nothing to sow" % SIDE_NAME[s.side],
        "repetition": "this whole state occurs for the third time",
    }
    if g.reason == "cannot-feed":
        taker = s.side if r.cannot_feed_taker == "mover" else 1 - s.side
        txt = "%s's row is empty and no sowing of %s reaches it, so %s takes the %s left" % (
            SIDE_NAME[1 - s.side], SIDE_NAME[s.side], SIDE_NAME[taker], plural(left, "seed"))
    else:
        txt = why[g.reason]
        if left:
            txt += "; each seed left goes to its row's owner"
    if t[0] > t[1]:
        res = "South wins"
    elif t[1] > t[0]:
        res = "North wins"
    else:
        res = "a draw"
    return "Game over (%s): %s. Totals %d-%d, %s." % (g.reason, txt, t[0], t[1], res)


# ---------------------------------------------------------------------------
# Policies for seeded games
# ---------------------------------------------------------------------------

def gain(r, s, p):
    t, info = play_sowing(r, s, p)
    return t.captured[s.side] - s.captured[s.side]


def pick(policy, r, s, plies, rng):
    if policy == "random":
        return rng.choice(plies)
    if policy == "greedy":
        if rng.random() < 0.8:
            best = max(gain(r, s, p) for p in plies)
            return rng.choice([p for p in plies if gain(r, s, p) == best])
        return rng.choice(plies)
    if policy == "hoarder":
        # Lets seeds pile up, then sows the fullest pit: long sowings.
        if rng.random() < 0.7:
            small = [p for p in plies if s.board[p] == min(s.board[q] for q in plies)]
            big = max(s.board[q] for q in plies)
            if big >= 2 * r.n:
                return rng.choice([p for p in plies if s.board[p] == big])
            return rng.choice(small)
        return rng.choice(plies)
    if policy == "miser":
        # Keeps its seeds home: starves the opponent, invites the feeding ends.
        if rng.random() < 0.8:
            def given(p):
                b, _ = sow(r, s.board, s.side, p)
                return sum(b[i] - s.board[i] for i in row(r, 1 - s.side))
            key = {p: (given(p), -gain(r, s, p)) for p in plies}
            best = min(key.values())
            return rng.choice([p for p in plies if key[p] == best])
        return rng.choice(plies)
    raise ValueError(policy)


POLICY_TEXT = {
    "miser": "with probability 0.8 the ply that puts fewest seeds into the opponent's row (then the most captured, ties at random), else a random ply",
    "random": "a legal ply at random",
    "greedy": "with probability 0.8 the ply that adds most to its captured total at once (ties at random), else a random ply",
    "hoarder": "with probability 0.7 sow the fullest pit if it holds 2 x pits-per-row or more, else one of the emptiest; otherwise a random ply",
}


def play_seeded(r, policy_s, policy_n, seed, max_plies=300):
    rng = random.Random(seed)
    g = Game(r)
    log = []   # (ply origin, comment or None, events)
    while g.reason is None and len(g.plies) < max_plies:
        lg = g.legal()
        pol = policy_s if g.state.side == SOUTH else policy_n
        p = pick(pol, r, g.state, lg.plies, rng)
        before, lg, info = g.play(p)
        ev = ply_events(r, before, lg, info)
        c = describe(r, before, lg, info, g.state)
        if g.reason is not None:
            ev.append("end-" + g.reason)
            c = (c + " " if c else "") + end_comment(r, g)
        log.append((p, c, ev))
    return g, log


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

def reading_tag(r):
    alts = READINGS[r.id]
    diff = ["%s=%s" % (k, v) for k, v in r.readings.items() if v != alts[k][0]]
    return ",".join(diff)


def write_record(path, r, g, log, header):
    lines = ["; " + h if h else ";" for h in header]
    t = g.totals()
    tags = [("Variant", r.id)]
    rt = reading_tag(r)
    if rt:
        tags.append(("Readings", rt))
    tags += [("South", "awale_wari_songo_al_manqala " + header_policy(header, 0)),
             ("North", "awale_wari_songo_al_manqala " + header_policy(header, 1)),
             ("Date", "2026.12.01"), ("Result", "%d-%d" % t),
             ("Termination", g.reason),
             ("FinalPosition", position_string(r, g.state))]
    for k, v in tags:
        lines.append('[%s "%s"]' % (k, v))
    lines.append("")
    cur = ""
    states = replay_positions(r, [p for p, _, _ in log])
    for idx, (p, c, _) in enumerate(log):
        tok = label(r, p)
        if idx % 2 == 0:
            tok = "%d. %s" % (idx // 2 + 1, tok)
        if cur and len(cur) + 1 + len(tok) > 76:
            lines.append(cur)
            cur = ""
        cur = (cur + " " + tok) if cur else tok
        if c:
            lines.append(cur)
            cur = ""
            lines.append("{%s Position: %s}" % (c, position_string(r, states[idx])))
    if cur:
        lines.append(cur)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def header_policy(header, side):
    for h in header:
        m = re.match(r"Random game, seed (\d+): South policy (\w+), North policy (\w+)", h)
        if m:
            return "%s seed %s" % (m.group(2 + side), m.group(1))
    return "?"


def replay_positions(r, plies):
    g = Game(r)
    out = []
    for p in plies:
        g.play(p)
        out.append(g.state)
    return out


def parse_record(text):
    """(tags, [(ply text, [comments])]) of a one-game record."""
    tags = {}
    plies = []
    body = []
    for line in text.splitlines():
        if line.startswith(";"):
            continue
        m = re.match(r'\[(\w+) "(.*)"\]$', line.strip())
        if m:
            tags[m.group(1)] = m.group(2)
        else:
            body.append(line)
    text = "\n".join(body)
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch.isspace():
            pos += 1
        elif ch == "{":
            end = text.index("}", pos)
            if plies:
                plies[-1][1].append(text[pos + 1:end])
            pos = end + 1
        elif ch == ";":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        else:
            m = re.compile(r"[^\s{;]+").match(text, pos)
            tok = m.group(0)
            pos = m.end()
            if re.match(r"\d+\.$", tok):
                continue
            plies.append((tok, []))
    return tags, plies


def check_record(path):
    """Replay a record with this program: every Position comment, the end,
    Result, Termination and FinalPosition must match.  Returns the game."""
    with open(path) as f:
        tags, plies = parse_record(f.read())
    readings = {}
    if tags.get("Readings"):
        for pair in re.split(r"[,\s]+", tags["Readings"].strip()):
            k, v = pair.split("=")
            readings[k] = v
    r = make_rules(tags["Variant"], readings)
    g = Game(r, parse_position(r, tags["Position"]) if "Position" in tags else None)
    for n, (tok, comments) in enumerate(plies, 1):
        g.play(parse_ply(r, tok))
        for c in comments:
            if "Position: " in c:
                stated = c.split("Position: ")[1].strip()
                assert stated == position_string(r, g.state), "%s: ply %d: %s != %s" % (
                    path, n, stated, position_string(r, g.state))
    assert g.reason is not None, "%s: the game has not ended" % path
    assert tags["Termination"] == g.reason, "%s: termination %s != %s" % (path, tags["Termination"], g.reason)
    assert tags["Result"] == "%d-%d" % g.totals(), "%s: result" % path
    assert tags["FinalPosition"] == position_string(r, g.state), "%s: final position" % path
    return g


# ---------------------------------------------------------------------------
# Golden data
# ---------------------------------------------------------------------------

POLICY_PAIRS = [("greedy", "greedy"), ("random", "random"), ("hoarder", "greedy"),
                ("greedy", "hoarder"), ("random", "greedy"), ("hoarder", "hoarder"),
                ("miser", "greedy"), ("greedy", "miser"), ("miser", "miser")]

# (game, readings, wanted moments in search order, games wanted in all)
GOLDEN = [
    ("awale", {}, ["slam-cancelled", "skip-origin", "end-cannot-feed", "feed-forced",
                   "end-captured-more-than", "end-repetition", "chain"], 7),
    ("awale", {"chain-cap": "4"}, ["chain-cut"], 1),
    ("wari", {}, ["slam-refused", "slam-all", "skip-origin", "end-cannot-feed", "feed-forced",
                  "end-captured-more-than", "end-repetition", "chain"], 7),
    ("wari", {"grand-slam": "captures-nothing"}, ["slam-cancelled"], 1),
    # Songo has no grand slam and so no no-sowing end: every sowing that lands
    # in the opponent's row enters it by their pit 7, which is never taken.
    ("songo", {}, ["later-rounds-capture", "later-rounds", "protected", "end-seeds-left", "end-cannot-feed", "feed-forced",
                   "end-captured-more-than", "end-repetition", "chain"], 7),
    ("al-manqala", {}, ["into-origin", "own-row-capture", "cross-row-chain", "slam-captures",
                        "end-no-sowing", "end-cannot-feed", "feed-forced",
                        "end-captured-more-than", "end-repetition", "chain"], 7),
    ("al-manqala", {"direction": "clockwise"}, ["cross-row-chain"], 1),
]

SEARCH_SEEDS = 400


def moments_of(log):
    """moment -> ply numbers (1-based) where it happens."""
    at = {}
    for n, (_, _, ev) in enumerate(log, 1):
        for e in ev:
            at.setdefault(e, []).append(n)
    return at


def find_games(r, wanted, count):
    """Seeded finished games: for each wanted moment the first seed (over the
    policy pairs in turn) that shows it, then further games up to `count`."""
    chosen = []
    used = set()
    cache = {}

    def game(seed, pair):
        k = (seed, pair)
        if k not in cache:
            cache[k] = play_seeded(r, pair[0], pair[1], seed)
        return cache[k]

    for m in wanted:
        if any(m in moments_of(log) for _, _, _, log, _ in chosen):
            continue
        found = None
        for seed in range(1, SEARCH_SEEDS + 1):
            for pair in POLICY_PAIRS:
                if (seed, pair) in used:
                    continue
                g, log = game(seed, pair)
                if g.reason is not None and m in moments_of(log):
                    found = (seed, pair)
                    break
            if found:
                break
        if found:
            used.add(found)
            g, log = game(*found)
            chosen.append((found[0], found[1], g, log, m))
    seed = 1
    while len(chosen) < count and seed < SEARCH_SEEDS:
        for pair in POLICY_PAIRS[:2]:
            if len(chosen) >= count or (seed, pair) in used:
                continue
            g, log = game(seed, pair)
            if g.reason is not None:
                used.add((seed, pair))
                chosen.append((seed, pair, g, log, None))
        seed += 1
    return chosen


def golden(root="."):
    t0 = time.time()
    notes = []
    perft_sources = {}   # game id -> [(description, state before the ply)]
    written = {}
    for game, readings, wanted, count in GOLDEN:
        r = make_rules(game, readings)
        d = os.path.join(root, "tests", "golden", game)
        os.makedirs(d, exist_ok=True)
        if game not in written:
            for f in os.listdir(d):
                if f.endswith(".rec"):
                    os.remove(os.path.join(d, f))
            written[game] = 0
        rt = reading_tag(r)
        for seed, pair, g, log, why in find_games(r, wanted, count):
            written[game] += 1
            name = "%02d-%s%s-seed%d.rec" % (written[game], pair[0] if pair[0] == pair[1] else pair[0] + "-" + pair[1],
                                              ("-" + rt.replace("=", "-")) if rt else "", seed)
            path = os.path.join(d, name)
            at = moments_of(log)
            header = ["Derived by tools/reference/awale_wari_songo_al_manqala.py, an independent Python implementation",
                      "of %s written from the game descriptions (tools/reference/two-row-design.md section 3, the research" % game,
                      "digests, docs/notation.md), without reading the engine or the rule files.",
                      "Random game, seed %d: South policy %s, North policy %s." % (seed, pair[0], pair[1])]
            for pol in sorted(set(pair)):
                header.append("  %s: %s" % (pol, POLICY_TEXT[pol]))
            if rt:
                header.append("Played under the reading %s." % rt)
            if why:
                header.append("Found by searching seeds for the first game showing: %s." % MOMENTS[why])
            header.append("Shows:")
            shown = [m for m in MOMENTS if m in at]
            for m in shown:
                header.append("  - %s (ply %s)" % (MOMENTS[m], ", ".join(map(str, at[m][:6]))
                                                   + (", ..." if len(at[m]) > 6 else "")))
            header.append("%d plies. Comments after plies give the position string after the ply." % len(log))
            write_record(path, r, g, log, header)
            check_record(path)
            for m in shown:
                notes.append((game, rt, name, m, at[m][0]))
            states = [initial_state(r)] + replay_positions(r, [p for p, _, _ in log])
            if not rt:
                for m in ("later-rounds-capture", "protected", "slam-refused", "slam-cancelled",
                          "feed-forced", "into-origin", "cross-row-chain", "slam-captures", "skip-origin"):
                    if m in at:
                        perft_sources.setdefault(game, []).append(
                            (m, name, at[m][0], states[at[m][0] - 1]))
    print("golden games written in %.1f s" % (time.time() - t0))
    perft_notes = write_perft_files(root, perft_sources)
    write_notes(root, notes, perft_notes)
    print("golden done in %.1f s" % (time.time() - t0))


HAND = {
    "awale": [
        "perft(1) = 6: South may sow a, b, c, d, e or f (4 seeds each).",
        "perft(2) = 36: South's sowing from x puts one seed in each of the 4",
        "  places after x; it lands in e or f (own row) or in A, B, C or D, which",
        "  then hold 5: no capture (2 or 3 needed), no row is empty, so no feed",
        "  is owed. Every North pit holds 4 or 5: 6 replies each, 6 x 6 = 36.",
    ],
    "songo": [
        "Clockwise from South's pit x: x-1, ..., a, then G, F, ..., A (North's",
        "pit 7 first), then g, f, ...",
        "perft(1) = 7: South may sow a..g (5 seeds each).",
        "perft(2) = 49: a 5-seed sowing from x lands 5 places clockwise; in",
        "  South's row (x = f or g) or in a North pit that now holds 6 (x = a..e):",
        "  never 2, 3 or 4, so no capture. Both rows keep seeds (no feed owed);",
        "  every North pit holds 5 or 6: 7 replies each, 7 x 7 = 49.",
    ],
    "al-manqala": [
        "perft(1) = 7: South may sow a..g (7 seeds each).",
        "perft(2) = 49: a 7-seed sowing from x drops one seed in each of the 7",
        "  places after x and lands in a pit that now holds 8 (2 or 4 needed:",
        "  no capture); x is empty, every other pit holds 7 or 8. North has 7",
        "  non-empty pits, no feed owed: 7 x 7 = 49.",
    ],
}
HAND["wari"] = HAND["awale"]

PERFT_FILES = [
    # (file stem, game, readings, initial depth)
    ("awale", "awale", {}, None),
    ("awale-chain-cap-4", "awale", {"chain-cap": "4"}, None),
    ("wari", "wari", {}, None),
    ("wari-grand-slam-captures-nothing", "wari", {"grand-slam": "captures-nothing"}, None),
    ("songo", "songo", {}, None),
    ("al-manqala", "al-manqala", {}, None),
    ("al-manqala-clockwise", "al-manqala", {"direction": "clockwise"}, None),
]

# Keep each table cheap for the engine's test too (a debug build walks it).
MAX_NODES = 400000
BUDGET = 25.0   # seconds per section, roughly: stop deepening after a level this slow


def perft_section(r, s, min_depth, max_depth):
    """Counts per depth, deepening while the last level stays cheap."""
    rows = []
    timings = []
    d = 1
    while d <= max_depth:
        t0 = time.time()
        c = perft_from(r, s, d)
        dt = time.time() - t0
        rows.append((d, c))
        timings.append(dt)
        if d >= min_depth and (dt * 6 > BUDGET or c > MAX_NODES):
            break
        d += 1
    return rows, timings


def write_perft_files(root, sources):
    notes = []
    for stem, game, readings, _ in PERFT_FILES:
        r = make_rules(game, readings)
        rt = reading_tag(r)
        lines = ["# Perft counts for %s%s (2x%d, %d seeds per pit, South first)." % (
            game, (" under the reading " + rt) if rt else "", r.n, r.seeds)]
        if rt:
            lines.append('# Records of this reading carry [Variant "%s"] and [Readings "%s"].' % (game, rt))
        lines += [
            "#",
            "# perft(d) = number of distinct ply sequences of exactly d plies from the",
            "# position. Every sowing is one ply. A finished game has no plies, including",
            "# a game ended by the third occurrence of a whole state, the history starting",
            "# at the section's position (its first occurrence); a ply that ends the game",
            "# still counts at its own depth. perft(0) = 1.",
            "#",
            "# All counts below were computed by tools/reference/awale_wari_songo_al_manqala.py, an",
            "# independent Python implementation written from the game descriptions",
            "# (tools/reference/two-row-design.md section 3, the research digests, docs/notation.md) without",
            "# reading the engine or the rule files: plain recursive enumeration with the",
            "# repetition history carried along each line, bulk count at the last ply.",
            "# The \"Within depth\" notes count events over every ply of every line up to",
            "# the section's last depth (a separate walk whose line counts per depth were",
            "# checked against perft), and the lines that end inside, by termination.",
            "#",
            "# Regenerate: python3 tools/reference/awale_wari_songo_al_manqala.py golden",
            "# One number: python3 tools/reference/awale_wari_songo_al_manqala.py perft %s <depth>%s [--position P]" % (
                game, (" --reading " + rt) if rt else ""),
            "#",
            "# Hand derivation from the initial position %s:" % position_string(r, initial_state(r)),
        ]
        lines += ["#   " + h for h in HAND[game]]
        sections = [("The initial position.", initial_state(r), 6)]
        if not rt:
            seen = set()
            for m, name, ply, st in sources.get(game, []):
                if len(sections) >= 3 or st.key() in seen or m in seen:
                    continue
                seen.add(st.key())
                seen.add(m)
                sections.append(("Position before ply %d of tests/golden/%s/%s.\n# It exercises: %s (the game's ply %d, one of the root's plies)." % (
                    ply, game, name, MOMENTS[m], ply), st, 1))
        for text, st, mind in sections:
            rows, timings = perft_section(r, st, mind, 12)
            depth = rows[-1][0]
            stats = TreeStats(depth)
            walk(r, st, depth, Counter([st.key()]), stats)
            for d, c in rows:
                assert stats.lines[d] == c, (stem, d, stats.lines[d], c)
            ev = ", ".join("%s %d" % (k, v) for k, v in sorted(stats.events.items()))
            ends = ", ".join("%s %d" % (k, v) for k, v in sorted(stats.ends.items())) or "none"
            lines.append("")
            lines.append("# " + text)
            lines.append("# Within depth %d: events %s; lines ending inside: %s." % (depth, ev or "none", ends))
            lines.append("# Time for the last depth here: %.1f s." % timings[-1])
            lines.append("position " + position_string(r, st))
            for d, c in rows:
                lines.append("%d %d" % (d, c))
            notes.append((stem, position_string(r, st), depth, sum(timings)))
            print("perft %s %s: depth %d in %.1f s" % (stem, position_string(r, st), depth, sum(timings)))
        wrapped = []
        for l in lines:
            wrapped += l.split("\n")
        with open(os.path.join(root, "tests", "perft", stem + ".perft"), "w") as f:
            f.write("\n".join(wrapped) + "\n")
    return notes


def write_notes(root, notes, perft_notes):
    d = os.path.join(root, "tests", "golden", "notes")
    os.makedirs(d, exist_ok=True)
    out = open(os.path.join(d, "awale_wari_songo_al_manqala.md"), "w")
    out.write(NOTES_HEAD)
    out.write("\n## Moments\n\nFirst ply showing each moment, per file (the file headers list every ply).\n\n")
    out.write("| game | reading | file | moment | ply |\n|---|---|---|---|---|\n")
    for game, rt, name, m, ply in notes:
        out.write("| %s | %s | `%s` | %s | %d |\n" % (game, rt or "default", name, MOMENTS[m], ply))
    out.write("\n## Perft sections\n\n| file | position | depth | time (s, all depths) |\n|---|---|---|---|\n")
    for stem, pos, depth, secs in perft_notes:
        out.write("| `tests/perft/%s.perft` | `%s` | %d | %.1f |\n" % (stem, pos, depth, secs))
    out.write(NOTES_TAIL)
    out.close()


NOTES_HEAD = """# Golden data of Awale, Wari, Songo and Al-manqala (`awale_wari_songo_al_manqala.py`)

Complete games under `tests/golden/{awale,wari,songo,al-manqala}/` and perft
tables `tests/perft/{awale,awale-chain-cap-4,wari,wari-grand-slam-captures-nothing,songo,al-manqala,al-manqala-clockwise}.perft`,
produced by `tools/reference/awale_wari_songo_al_manqala.py`: an independent, plain Python 3
implementation (standard library only) written from the game descriptions
(tools/reference/two-row-design.md section 3, with the mechanics of its section 1; the research
digests; docs/notation.md; docs/rule-language.md for the old keys), without
reading the engine (`src/`) or the rule files (`rules/`) and without running
`ayla`.

## How they were derived

Each game is a seeded random game between two simple policies (`POLICY_TEXT`
in the script, and each file's `;` header). For each wanted moment of a game
(list `GOLDEN` in the script), the script takes the first seed 1, 2, 3, ...
(trying the policy pairs in turn) whose finished game of at most 300 plies
shows it, then fills the set up with further seeded games. Files whose name
carries a reading (`-chain-cap-4`, `-grand-slam-captures-nothing`,
`-direction-clockwise`) have a `Readings` tag and are played under it. Every
file is read back and replayed by the script after writing: each
`Position:` comment, `Termination`, `FinalPosition` and `Result` must match.
Mid-game perft positions are positions of these games just before a ply that
shows a special moment.

Regenerate (deterministic; also rewrites the perft files and this page):

    python3 tools/reference/awale_wari_songo_al_manqala.py golden
    python3 tools/reference/awale_wari_songo_al_manqala.py selftest
    python3 tools/reference/awale_wari_songo_al_manqala.py perft songo 6
    python3 tools/reference/awale_wari_songo_al_manqala.py play awale c A --reading chain-cap=4

`Result` is the totals after the seeds left are shared out; `FinalPosition`
is the state after the last ply, before that.
"""

NOTES_TAIL = """
## Readings taken where the description is silent

These are marked `Reading:` in the script.

- Ends are checked at the start and after every ply in the order seeds-left,
  captured-more-than, cannot-feed, no-sowing, repetition. After every end but
  cannot-feed each seed left goes to the owner of its row (seeds-left in
  Songo, captured-more-than, no-sowing, repetition).
- cannot-feed: a feed is owed when every pit of the opponent's row is empty;
  the end fires when no ply after filter 4 drops a seed there, which includes
  the case where the mover has no ply at all (both rows empty). The taker is
  the player to act (Awale, Wari, Songo) or the opponent (Al-manqala).
- A ply feeds when at least one of its sown seeds falls in the opponent's
  row (a capture that takes it back does not matter).
- Grand slam: the opponent's row holds seeds after the sowing and every one
  is in a pit this capture takes. Wari `forbidden`: the grand-slam plies are
  dropped after the feeding filter if any other ply remains; when every
  legal ply is one, they are played and capture nothing.
- Songo later rounds: the switch happens when the walk, having skipped the
  origin, reaches a pit it has already sown during this sowing (the 14th seed
  on the 2x7 board); from there the walk goes on in sowing order and drops
  only into the opponent's row, so the next seed falls in the opponent's pit
  7. A protected pit (number 7) is never the examined pit: landing there with
  2-4 captures nothing at all; a backward chain stops at it. A grand slam
  captures (Songo keeps the default), and can leave the opponent with
  nothing to sow (no-sowing).
- Al-manqala: no skip, so a sowing of 14 or more drops seeds back into its
  origin; captures and chains run across both rows and round the circuit,
  each pit at most once; the landing pit may be the mover's own.
- Chain cap (Awale reading chain-cap=4): the landing pit counts as one of
  the 4; the grand slam test looks at the pits the capped capture takes.
- Repetition: the key is the whole state (seeds, side to act, captured
  totals); the start is the first occurrence; the third ends the game.

## Moments that cannot happen, or were not found

- Awale and Wari: no game from the initial position ends by no-sowing. A
  capture never empties the opponent's row (that would be a grand slam,
  which captures nothing or is not played unless every ply is one, and then
  captures nothing), and a player whose row is empty at the start of the
  opponent's turn must be fed or the game ends by cannot-feed first.
- Songo: there is no grand slam and no no-sowing end. A sowing that lands
  in the opponent's row enters it by their pit 7 (clockwise), so that pit
  holds a seed after the sowing and is never taken: the opponent's row is
  never emptied by a capture.
- Songo, repetition: no seeded game within the search (400 seeds, 9 policy
  pairs) ended by a third occurrence; the seeds-left end (at most 9 seeds)
  usually stops the thin endings where repetitions happen.
- Awale and Wari share seeds and policies, so their files are often the same
  game (the rules differ only when a grand slam arises); the Wari files that
  differ are those that show a grand slam refused.
"""


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

def selftest():
    ok = 0

    def check(cond, what):
        nonlocal ok
        if not cond:
            raise AssertionError(what)
        ok += 1

    aw = make_rules("awale")
    # A capture with a chain: South sows f (2): A 1->2, B 2->3, lands in B.
    s = parse_position(aw, "0,0,0,0,0,2/1,2,4,4,4,4 S 14-13")
    t, info = play_sowing(aw, s, 5)
    check(position_string(aw, t) == "0,0,0,0,0,0/0,0,4,4,4,4 N 19-13", "awale chain: %s" % position_string(aw, t))
    check(info.taken == [7, 6], "awale chain order")
    # Grand slam captures nothing in Awale.
    s = parse_position(aw, "0,0,0,0,0,2/1,2,0,0,0,0 S 20-23")
    t, info = play_sowing(aw, s, 5)
    check(info.slam_cancelled and t.captured == (20, 23), "awale slam")
    # Skip origin: 12 seeds from a go b..f, A..F, then b (a skipped).
    s = parse_position(aw, "12,0,0,0,0,0/1,1,1,1,1,1 S 15-15")
    t, info = play_sowing(aw, s, 0)
    check(t.board[0] == 0 and t.board[1] == 2 and info.landing == 1 and info.skipped_origin, "skip origin")
    # Feeding forced and cannot-feed.
    s = parse_position(aw, "1,0,0,0,0,3/0,0,0,0,0,0 S 20-24")
    check(Legal(aw, s).plies == [5], "feeding")
    s = parse_position(aw, "1,1,0,0,0,0/0,0,0,0,0,0 S 22-24")
    check(end_reason(aw, s, Counter([s.key()])) == "cannot-feed" and final_totals(aw, s, "cannot-feed") == (24, 24), "cannot feed")
    # Chain cap 4.
    cap = make_rules("awale", {"chain-cap": "4"})
    s = parse_position(cap, "0,0,0,0,0,5/1,1,1,1,1,4 S 15-19")
    t, info = play_sowing(cap, s, 5)
    check(info.taken == [10, 9, 8, 7] and info.chain_cut, "chain cap %s" % info.taken)
    t, info = play_sowing(aw, s, 5)
    check(info.taken == [10, 9, 8, 7, 6], "no cap")

    wa = make_rules("wari")
    s = parse_position(wa, "0,0,0,0,1,2/1,2,0,0,0,0 S 20-22")
    lg = Legal(wa, s)
    check(lg.plies == [4] and lg.slams_dropped == [5], "wari forbids slam")
    s = parse_position(wa, "0,0,0,0,0,2/1,2,0,0,0,0 S 20-23")
    lg = Legal(wa, s)
    check(lg.plies == [5] and lg.all_slams, "wari all slams")
    t, info = play_sowing(wa, s, 5)
    check(info.slam_cancelled, "wari all slams capture nothing")

    so = make_rules("songo")
    # Clockwise: South's a goes to G first.
    s = initial_state(so)
    t, info = play_sowing(so, s, 0)
    check(position_string(so, t) == "0,5,5,5,5,5,5/5,5,6,6,6,6,6 N 0-0", "songo clockwise: %s" % position_string(so, t))
    # Later rounds: 16 seeds from c (South): b a G..A g f e d (13), skip c,
    # then b would be a second seed: only North's row: G F E.
    s = parse_position(so, "0,0,16,0,0,0,0/0,0,0,0,0,0,0 S 27-27")
    t, info = play_sowing(so, s, 2)
    # It lands in E (2): E and F (2) are taken, the chain stops at G (pit 7).
    check(position_string(so, t) == "1,1,0,1,1,1,1/1,1,1,1,0,0,2 N 31-27" and info.later_rounds_at == 14
          and info.taken == [11, 12] and info.protected_stop == 13,
          "songo later rounds: %s" % position_string(so, t))
    # Landing on North's pit 7 (G) with 2: protected, nothing taken.
    s = parse_position(so, "1,0,0,0,0,0,0/3,3,3,3,3,3,1 S 25-25")
    t, info = play_sowing(so, s, 0)
    check(not info.taken and info.protected_stop == 13, "songo protected landing")
    # Chain stops at G: South b (2): a, G? lands in G -> no; use c (3): b a G.
    s = parse_position(so, "0,2,0,0,0,0,0/3,3,3,3,3,2,1 S 25-25")
    t, info = play_sowing(so, s, 1)
    # b(2) clockwise: a, G; G protected -> no capture.
    check(not info.taken, "songo protected 2")
    s = parse_position(so, "3,0,0,0,0,0,0/3,3,3,3,1,2,2 S 25-25")
    t, info = play_sowing(so, s, 0)
    check(info.taken == [11, 12] and info.protected_stop == 13, "songo chain order %s" % info.taken)
    # seeds-left end.
    s = parse_position(so, "1,1,1,1,1,1,1/1,1,0,0,0,0,0 N 30-31")
    check(end_reason(so, s, Counter([s.key()])) == "seeds-left" and final_totals(so, s, "seeds-left") == (37, 33), "songo seeds left")

    am = make_rules("al-manqala")
    # 14 seeds from a, no skip: b..g A..G a -> lands in a (1), origin refilled.
    s = parse_position(am, "14,0,0,0,0,0,0/0,0,0,0,0,0,0 S 42-42")
    t, info = play_sowing(am, s, 0)
    check(info.into_origin == 1 and info.landing == 0 and t.board == tuple([1] * 14), "al-manqala into origin")
    # A chain across rows: North's F (3): G 1->2, a 1->2, b 3->4; b, a, G taken.
    s = parse_position(am, "1,3,0,0,0,0,0/0,0,0,0,0,3,1 N 45-45")
    t, info = play_sowing(am, s, 12)
    check(info.taken == [1, 0, 13] and t.captured == (45, 53), "al-manqala chain %s" % info.taken)
    # An own-row capture: South's a (1) makes b 2.
    s = parse_position(am, "1,1,0,0,0,0,0/3,0,0,0,0,0,0 S 45-48")
    t, info = play_sowing(am, s, 0)
    check(info.taken == [1] and t.captured == (47, 48), "al-manqala own row")
    # North owes a feed and cannot give it: South, not fed, takes all.
    s = parse_position(am, "0,0,0,0,0,0,0/1,1,0,0,0,0,0 N 48-48")
    check(end_reason(am, s, Counter([s.key()])) == "cannot-feed" and final_totals(am, s, "cannot-feed") == (50, 48), "al-manqala cannot-feed")
    cw = make_rules("al-manqala", {"direction": "clockwise"})
    t, info = play_sowing(cw, initial_state(cw), 6)
    check(info.landing == 13 and position_string(cw, t) == "8,8,8,8,8,8,0/7,7,7,7,7,7,8 N 0-0", "clockwise")

    # Hand derivations and repetition history along random games.
    for game in READINGS:
        r = make_rules(game)
        s0 = initial_state(r)
        check(perft_from(r, s0, 1) == r.n, "%s perft 1" % game)
        check(perft_from(r, s0, 2) == r.n * r.n, "%s perft 2" % game)
        for seed in range(5):
            g, log = play_seeded(r, "random", "greedy", seed)
            for st in replay_positions(r, [p for p, _, _ in log]):
                check(sum(st.board) + sum(st.captured) == r.total, "conservation")
                check(parse_position(r, position_string(r, st)).key() == st.key(), "round trip")
    print("selftest: %d checks passed" % ok)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_readings(items):
    out = {}
    for it in items or []:
        for pair in re.split(r"[,\s]+", it.strip()):
            if pair:
                k, v = pair.split("=", 1)
                out[k] = v
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("game")
    p.add_argument("depth", type=int)
    p.add_argument("--position")
    p.add_argument("--reading", action="append")
    p.add_argument("--divide", action="store_true")
    q = sub.add_parser("play")
    q.add_argument("game")
    q.add_argument("plies", nargs="*")
    q.add_argument("--position")
    q.add_argument("--reading", action="append")
    sub.add_parser("golden")
    sub.add_parser("selftest")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "perft":
            r = make_rules(a.game, parse_readings(a.reading))
            s = parse_position(r, a.position) if a.position else initial_state(r)
            if a.divide:
                for lab, c in divide(r, s, a.depth):
                    print(lab, c)
            else:
                print(perft_from(r, s, a.depth))
        elif a.cmd == "play":
            r = make_rules(a.game, parse_readings(a.reading))
            g = Game(r, parse_position(r, a.position) if a.position else None)
            print("start: " + position_string(r, g.state))
            for n, tok in enumerate(a.plies, 1):
                before, lg, info = g.play(parse_ply(r, tok))
                c = describe(r, before, lg, info, g.state)
                print("%d. %s -> %s%s" % (n, tok, position_string(r, g.state), ("  {" + c + "}") if c else ""))
            if g.reason:
                print(end_comment(r, g))
            else:
                print("legal: " + " ".join(label(r, p) for p in g.legal().plies))
        elif a.cmd == "golden":
            golden()
        else:
            selftest()
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
