#!/usr/bin/env python3
"""moruba_owela.py -- an independent reference implementation of Moruba and
Owela, two four-row relay games (4 x 8), for cross-checking the Rust engine.

Written from the rules brief of its golden data (restated in
tests/golden/notes/moruba_owela.md, "The rules as implemented"),
docs/notation.md (labels, positions, records), and the reading notes
docs/sources/moruba.md and docs/sources/owela.md, without reading the
engine (src/), the rule files (rules/, *.toml), the grammar or the engine's
tests, and without running the ayla binary.  It imports nothing from the
project and nothing from the other reference programs.  Python 3
standard library only.  Plain over fast.

Commands (run from the repository root):
    python3 tools/reference/moruba_owela.py golden
        (rewrites tests/golden/{moruba,owela}/*.rec,
         tests/perft/{moruba,owela,owela-inner-and-outer}.perft, the
         generated parts of tests/golden/notes/moruba_owela.md and of
         tests/golden/README.md, then reads every record back and
         replays it)
    python3 tools/reference/moruba_owela.py perft <variant> <depth> [--position P] [--reading k=v] [--divide]
    python3 tools/reference/moruba_owela.py play <variant> <ply>... [--position P] [--reading k=v]
    python3 tools/reference/moruba_owela.py replay <file.rec>
    python3 tools/reference/moruba_owela.py selftest

Variants and readings:
    moruba   no readings.
    owela    layout:        owela (default) | hus
             capture-needs: inner (default) | inner-and-outer

Every point where the brief left room is marked in the code with a comment
beginning `Reading:` and listed in tests/golden/notes/moruba_owela.md.
"""

import os
import random
import re
import sys
import textwrap
import time

# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------
# Four rows of 8.  Each side owns two rows and sows counter-clockwise round
# them only.  Inside this program a pit is a number 0..31:
#
#   side * 16 + k,   k = the pit's place in its owner's circuit,
#
# South's circuit being a, b, ..., h, h2, g2, ..., a2 (k = 0..15) and
# North's A, ..., H, H2, ..., A2.  So k 0..7 is the edge row (column k from
# the owner's left) and k 8..15 the inner row, column 15 - k.  The next pit
# of a sowing is k + 1, and after k = 15 (a2 / A2) comes k = 0 (a / A).

SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")
COLUMNS = 8
CIRCUIT = 2 * COLUMNS           # pits a side sows round
PITS = 2 * CIRCUIT
MAX_EXTRA_LAPS = 10000          # the safety bound on endless sowings


def owner(pit):
    return pit // CIRCUIT


def place(pit):
    """The pit's place k in its owner's circuit."""
    return pit % CIRCUIT


def is_inner(pit):
    return place(pit) >= COLUMNS


def column(pit):
    """Column counted from the owner's left (0 = a / A)."""
    k = place(pit)
    return k if k < COLUMNS else CIRCUIT - 1 - k


def next_pit(pit):
    """The pit after `pit` in its owner's counter-clockwise circuit."""
    side = owner(pit)
    return side * CIRCUIT + (place(pit) + 1) % CIRCUIT


def inner_pit(side, col):
    return side * CIRCUIT + (CIRCUIT - 1 - col)


def edge_pit(side, col):
    return side * CIRCUIT + col


def facing_inner(pit):
    """The opponent's inner pit facing the inner pit `pit` across the board.

    a2 faces H2, b2 faces G2, ..., h2 faces A2 (and the same from North):
    columns are counted from each owner's left, so column c faces 7 - c."""
    return inner_pit(1 - owner(pit), COLUMNS - 1 - column(pit))


def edge_behind(pit):
    """The edge pit behind the inner pit `pit`, same owner, same column."""
    return edge_pit(owner(pit), column(pit))


def label(pit):
    side = owner(pit)
    letter = chr(ord("a" if side == SOUTH else "A") + column(pit))
    return letter + ("2" if is_inner(pit) else "")


LABEL_OF = [label(p) for p in range(PITS)]
PIT_OF = dict((lab, p) for p, lab in enumerate(LABEL_OF))

# The order of pits in a position string: South's edge row a..h, South's
# inner row a2..h2, North's edge row A..H, North's inner row A2..H2.
ROWS = [
    [edge_pit(SOUTH, c) for c in range(COLUMNS)],
    [inner_pit(SOUTH, c) for c in range(COLUMNS)],
    [edge_pit(NORTH, c) for c in range(COLUMNS)],
    [inner_pit(NORTH, c) for c in range(COLUMNS)],
]
# A side's pits in label order (edge row, then inner row): the order in
# which legal plies are listed (it only matters for the seeded games).
LABEL_ORDER = (ROWS[0] + ROWS[1], ROWS[2] + ROWS[3])


def own_pits(side):
    return LABEL_ORDER[side]


# ---------------------------------------------------------------------------
# The variants
# ---------------------------------------------------------------------------

VARIANTS = {
    "moruba": {"name": "Moruba", "readings": {}},
    "owela": {"name": "Owela",
              "readings": {"layout": ["owela", "hus"],
                           "capture-needs": ["inner", "inner-and-outer"]}},
}


def reading(vid, readings, name):
    """The alternative taken for a reading (its default if not given)."""
    return readings.get(name, VARIANTS[vid]["readings"][name][0])


def check_readings(vid, readings):
    for name, alt in readings.items():
        known = VARIANTS[vid]["readings"]
        if name not in known:
            raise ValueError("%s has no reading %r" % (vid, name))
        if alt not in known[name]:
            raise ValueError("reading %s has no alternative %r (it has %s)"
                             % (name, alt, ", ".join(known[name])))


def start_rows(vid, readings):
    """One side's start, as (edge row, inner row), each from its owner's left."""
    edge = [2] * COLUMNS
    if vid == "moruba":
        inner = [0, 1, 2, 2, 2, 2, 2, 2]
    elif reading(vid, readings, "layout") == "owela":
        inner = [0, 0, 0, 0, 0, 2, 2, 2]
    else:                                       # layout=hus
        inner = [0, 0, 0, 0, 2, 2, 2, 2]
    return edge, inner


def total_seeds(vid, readings):
    edge, inner = start_rows(vid, readings)
    return 2 * (sum(edge) + sum(inner))


class State:
    """Seeds in every pit, the side to act, the captured totals."""

    __slots__ = ("board", "side", "captured")

    def __init__(self, board, side, captured):
        self.board = board          # list of 32 counts, indexed by pit
        self.side = side
        self.captured = captured    # [South's, North's]

    def key(self):
        return (tuple(self.board), self.side,
                self.captured[0], self.captured[1])


def initial_state(vid, readings):
    board = [0] * PITS
    edge, inner = start_rows(vid, readings)
    for side in (SOUTH, NORTH):
        for c in range(COLUMNS):
            board[edge_pit(side, c)] = edge[c]
            board[inner_pit(side, c)] = inner[c]
    return State(board, SOUTH, [0, 0])


def position_string(st):
    rows = ["/".join(",".join(str(st.board[p]) for p in row) for row in ROWS)]
    return "%s %s %d-%d" % (rows[0], "SN"[st.side],
                            st.captured[0], st.captured[1])


def parse_position(vid, readings, text):
    """Read a position string; raise ValueError saying what is wrong."""
    fields = text.split()
    if len(fields) != 3:
        raise ValueError("expected `rows side S-N` (these games have no "
                         "optional field), found %r" % text)
    rows = fields[0].split("/")
    if len(rows) != 4:
        raise ValueError("expected four rows separated by `/`, found %d"
                         % len(rows))
    board = [0] * PITS
    for row, text_row in zip(ROWS, rows):
        counts = text_row.split(",")
        if len(counts) != COLUMNS:
            raise ValueError("expected %d pits a row, found %d"
                             % (COLUMNS, len(counts)))
        for pit, c in zip(row, counts):
            if not c.isdigit():
                raise ValueError("expected a seed count, found %r" % c)
            board[pit] = int(c)
    if fields[1] not in ("S", "N"):
        raise ValueError("expected side S or N, found %r" % fields[1])
    caps = fields[2].split("-")
    if len(caps) != 2 or not all(c.isdigit() for c in caps):
        raise ValueError("expected captured totals S-N, found %r" % fields[2])
    st = State(board, "SN".index(fields[1]), [int(caps[0]), int(caps[1])])
    if vid == "owela" and st.captured != [0, 0]:
        raise ValueError("Owela never removes seeds: captured totals must "
                         "be 0-0")
    # Reading: the seed total a position must make is the one of the
    # variant under the given readings (Owela's layout=hus has 48, not 44).
    if sum(board) + sum(st.captured) != total_seeds(vid, readings):
        raise ValueError("seeds on the board and captured make %d, the game "
                         "has %d" % (sum(board) + sum(st.captured),
                                     total_seeds(vid, readings)))
    return st


def totals(st):
    """Each side's total: captured seeds plus the seeds in its own pits."""
    return [st.captured[s] + sum(st.board[p] for p in own_pits(s))
            for s in (SOUTH, NORTH)]


# ---------------------------------------------------------------------------
# The rules, one function each
# ---------------------------------------------------------------------------

def moruba_legal(board, side):
    """A pit may be sown if it holds 2 or more; only when none of the
    mover's pits holds 2 or more may a pit holding 1 be sown."""
    pits = [p for p in own_pits(side) if board[p] >= 2]
    if pits:
        return pits
    return [p for p in own_pits(side) if board[p] == 1]


def owela_legal(board, side):
    """A pit may be sown only if it holds 2 or more; singletons never move."""
    return [p for p in own_pits(side) if board[p] >= 2]


def legal_plies(vid, st):
    if vid == "moruba":
        return moruba_legal(st.board, st.side)
    return owela_legal(st.board, st.side)


def drop_seeds(board, start, seeds):
    """Drop `seeds` seeds one at a time into the pits after `start` in its
    owner's circuit (the first into the pit after `start`).  A lap of 16 or
    more passes `start` and drops into it like any other pit.  Returns the
    pit of the last seed."""
    pit = start
    for _ in range(seeds):
        pit = next_pit(pit)
        board[pit] += 1
    return pit


def moruba_landing(board, captured, mover, pit, lap):
    """Moruba: what a lap's last seed in `pit` does.  Returns the next lap
    as (kind, start, seeds), or None when the turn ends."""
    # Reading: "occupied" / "empty" is judged just before the last seed
    # falls (so a lap of 17+ seeds whose last seed falls where its first
    # one did finds that pit occupied).
    if board[pit] > 1:
        # Relay: lift the pit, the last seed included, and sow on.
        seeds = board[pit]
        board[pit] = 0
        lap["end"] = "relay"
        return ("relay", pit, seeds)
    if is_inner(pit):
        opposite = facing_inner(pit)
        if board[opposite] > 0:
            behind = edge_behind(opposite)
            taken = (board[opposite], board[behind])
            board[opposite] = 0
            board[behind] = 0
            captured[mover] += taken[0] + taken[1]
            lap["end"] = "capture"
            lap["capture"] = (opposite, taken[0], behind, taken[1])
        else:
            lap["end"] = "empty-inner-facing-empty"
        return None
    lap["end"] = "empty-edge"
    return None


def owela_capture_condition(readings, board, opposite, behind):
    """Owela: may a lap ending in an occupied own inner pit capture?"""
    if board[opposite] == 0:
        return False
    if reading("owela", readings, "capture-needs") == "inner-and-outer":
        return board[behind] > 0
    return True


def owela_landing(readings, board, pit, lap):
    """Owela: what a lap's last seed in `pit` does.  Returns the next lap
    as (kind, start, seeds), or None when the turn ends."""
    if board[pit] == 1:
        lap["end"] = "empty"
        return None
    if is_inner(pit):
        opposite = facing_inner(pit)
        behind = edge_behind(opposite)
        if owela_capture_condition(readings, board, opposite, behind):
            # Capture the opponent's inner pit and the edge pit behind it,
            # and sow them on from the pit after the landing pit (whose own
            # seeds stay).
            taken = (board[opposite], board[behind])
            board[opposite] = 0
            board[behind] = 0
            lap["end"] = "capture"
            lap["capture"] = (opposite, taken[0], behind, taken[1])
            return ("resow", pit, taken[0] + taken[1])
        if board[opposite] > 0:
            # Only under capture-needs=inner-and-outer: the inner pit
            # opposite is full, the edge pit behind it empty.
            lap["blocked"] = (opposite, board[opposite], behind)
    # Relay: lift the landing pit, the last seed included, and sow on.
    seeds = board[pit]
    board[pit] = 0
    lap["end"] = "relay"
    return ("relay", pit, seeds)


def sow(vid, readings, board, captured, mover, origin, laps):
    """The whole sowing of one ply, in place.  `laps` (a list, or None when
    nobody looks) receives one dict per lap."""
    seeds = board[origin]
    board[origin] = 0
    kind, start = "first", origin
    extra_laps = 0
    while True:
        pit = drop_seeds(board, start, seeds)
        lap = {"kind": kind, "start": start, "seeds": seeds, "pit": pit}
        if seeds > CIRCUIT:
            # Noted for the golden data only: the pit of the last seed got
            # this lap's first seed(s) too; did it hold any before the lap?
            drops = 1 + (seeds - 1) // CIRCUIT
            lap["empty_before_lap"] = board[pit] == drops
        if laps is not None:
            laps.append(lap)
        if extra_laps == MAX_EXTRA_LAPS:
            # The 10,000th lap after the first: the sowing ends here, with
            # no relay, capture or re-sowing.
            lap["end"] = "cap"
            return
        if vid == "moruba":
            following = moruba_landing(board, captured, mover, pit, lap)
        else:
            following = owela_landing(readings, board, pit, lap)
        if following is None:
            return
        kind, start, seeds = following
        extra_laps += 1


def apply_ply(vid, readings, st, pit, laps=None):
    """The state after the side to act sows from `pit`."""
    board = st.board[:]
    captured = st.captured[:]
    sow(vid, readings, board, captured, st.side, pit, laps)
    return State(board, 1 - st.side, captured)


def end_reason(vid, st, occurrences):
    """Why the game is over at `st` (None if it is not).  `occurrences` is
    how many times the whole state has occurred, this time included."""
    # Reading: a third occurrence ends the game before anything else is
    # looked at.  (A state with no legal sowing ends the game at its first
    # occurrence, so the two never meet.)
    if occurrences >= 3:
        return "repetition"
    if not legal_plies(vid, st):
        return "no-sowing"
    return None


def winner(reason, st):
    """SOUTH, NORTH or None (a draw)."""
    if reason == "no-sowing":
        return 1 - st.side                   # the player who cannot sow loses
    t = totals(st)
    if t[0] == t[1]:
        return None
    return SOUTH if t[0] > t[1] else NORTH


class Line:
    """A game in progress: the state and the repetition history."""

    def __init__(self, vid, readings, st):
        self.vid = vid
        self.readings = readings
        self.state = st
        self.seen = {st.key(): 1}
        self.plies = []

    def reason(self):
        return end_reason(self.vid, self.state, self.seen[self.state.key()])

    def play(self, pit):
        laps = []
        self.state = apply_ply(self.vid, self.readings, self.state, pit, laps)
        k = self.state.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        self.plies.append(pit)
        return laps


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(vid, readings, st, depth, seen=None):
    """Distinct ply sequences of exactly `depth` plies.  A finished game
    (no sowing, or a third occurrence along the line, the root being the
    first) has no plies.  Bulk count at the last ply."""
    if seen is None:
        seen = {st.key(): 1}
    if depth == 0:
        return 1
    if seen[st.key()] >= 3:
        return 0
    plies = legal_plies(vid, st)
    if depth == 1:
        return len(plies)
    total = 0
    for pit in plies:
        nxt = apply_ply(vid, readings, st, pit)
        k = nxt.key()
        seen[k] = seen.get(k, 0) + 1
        total += perft(vid, readings, nxt, depth - 1, seen)
        seen[k] -= 1
        if seen[k] == 0:
            del seen[k]
    return total


def divide(vid, readings, st, depth):
    out = []
    seen = {st.key(): 1}
    if seen[st.key()] >= 3 or depth == 0:
        return out
    for pit in legal_plies(vid, st):
        nxt = apply_ply(vid, readings, st, pit)
        k = nxt.key()
        seen[k] = seen.get(k, 0) + 1
        out.append((LABEL_OF[pit], perft(vid, readings, nxt, depth - 1, seen)))
        seen[k] -= 1
        if seen[k] == 0:
            del seen[k]
    return out


# ---------------------------------------------------------------------------
# Describing a ply, and the moments it shows
# ---------------------------------------------------------------------------

def lap_text(lap):
    """<start>(<seeds>)><pit of the last seed>; a re-sowing of captured seeds
    is written <landing pit>[<seeds>]><pit of the last seed>."""
    if lap["kind"] == "resow":
        fmt = "%s[%d]>%s"
    else:
        fmt = "%s(%d)>%s"
    return fmt % (LABEL_OF[lap["start"]], lap["seeds"], LABEL_OF[lap["pit"]])


def laps_text(laps):
    texts = [lap_text(l) for l in laps]
    if len(texts) > 40:
        texts = texts[:20] + ["... (%d laps) ..." % (len(texts) - 30)] + \
            texts[-10:]
    return " ".join(texts)


def seeds_word(n):
    return "%d seed%s" % (n, "" if n == 1 else "s")


def describe(vid, before, pit, laps, after):
    """A plain-words comment for a ply (without the position)."""
    me = SIDE_NAME[before.side]
    them = SIDE_NAME[1 - before.side]
    out = ["%s sows %s (%s)" % (me, LABEL_OF[pit],
                                seeds_word(before.board[pit]))]
    if before.board[pit] == 1:
        out[0] += ", a singleton: no pit of %s's holds 2 or more" % me
    if len(laps) == 1:
        out[0] += ", one lap: %s." % laps_text(laps)
    else:
        out[0] += ", %d laps: %s." % (len(laps), laps_text(laps))
    long_laps = [l for l in laps if l["seeds"] >= CIRCUIT]
    if long_laps:
        out.append("A lap of %s passes its start pit %s and drops a seed "
                   "in it." % (seeds_word(long_laps[0]["seeds"]),
                               LABEL_OF[long_laps[0]["start"]]))
    for l in laps:
        if l.get("empty_before_lap"):
            out.append("The lap of %s from %s ends in %s, empty before the "
                       "lap but holding that lap's first seed: occupied."
                       % (seeds_word(l["seeds"]), LABEL_OF[l["start"]],
                          LABEL_OF[l["pit"]]))
            break
    events = []
    for lap in laps:
        at = LABEL_OF[lap["pit"]]
        if "blocked" in lap:
            opp, n, behind = lap["blocked"]
            events.append(("blocked",
                           "At %s %s's %s holds %d but %s behind it is "
                           "empty: no capture (capture-needs=inner-and-"
                           "outer), relay." % (at, them, LABEL_OF[opp], n,
                                               LABEL_OF[behind])))
        if lap["end"] == "capture":
            opp, n_in, behind, n_edge = lap["capture"]
            if vid == "moruba":
                events.append(("capture",
                               "The last seed falls in the empty inner pit "
                               "%s: %s captures %s's %s (%d) and %s behind "
                               "it (%d), %s, and the turn ends."
                               % (at, me, them, LABEL_OF[opp], n_in,
                                  LABEL_OF[behind], n_edge,
                                  seeds_word(n_in + n_edge))))
            else:
                again = " again" if lap["kind"] == "resow" else ""
                events.append(("capture",
                               "At %s (occupied) %s captures%s %s's %s (%d) "
                               "and %s behind it (%d) and sows the %s on "
                               "from the pit after %s."
                               % (at, me, again, them, LABEL_OF[opp], n_in,
                                  LABEL_OF[behind], n_edge,
                                  seeds_word(n_in + n_edge), at)))
        if lap["kind"] == "resow" and lap["end"] == "relay":
            events.append(("resow-relay", "The re-sowing ends in the "
                           "occupied pit %s: relay." % at))
    if len(events) > MAX_EVENT_SENTENCES:
        rest = events[MAX_EVENT_SENTENCES - 2:]
        events = events[:MAX_EVENT_SENTENCES - 2]
        kinds = {}
        for kind, _ in rest:
            kinds[kind] = kinds.get(kind, 0) + 1
        names = {"blocked": "landings facing a full inner pit with an empty "
                            "edge pit (relay)",
                 "capture": "captures",
                 "resow-relay": "re-sowings ending in a relay"}
        events.append(("", "Then %s more: %s." % (
            len(rest), ", ".join("%d %s" % (kinds[k], names[k])
                                 for k in ("capture", "resow-relay",
                                           "blocked") if k in kinds))))
    out += [text for _, text in events]
    last = laps[-1]
    at = LABEL_OF[last["pit"]]
    if last["end"] == "empty-edge":
        out.append("The last seed falls in the empty edge pit %s: the turn "
                   "ends." % at)
    elif last["end"] == "empty-inner-facing-empty":
        out.append("The last seed falls in the empty inner pit %s, facing "
                   "the empty %s: no capture, the turn ends."
                   % (at, LABEL_OF[facing_inner(last["pit"])]))
    elif last["end"] == "empty":
        out.append("The last seed falls in the empty pit %s: the turn ends."
                   % at)
    elif last["end"] == "cap":
        out.append("The 10,000th lap after the first ends in %s: the "
                   "sowing stops there (safety bound), with no relay, "
                   "capture or re-sowing." % at)
    return " ".join(out)


MAX_EVENT_SENTENCES = 12

MOMENT_TEXT = {
    "relay-3": "a relay of 3 or more laps",
    "relay-10": "a relay of 10 or more laps",
    "lap-16": "a lap of 16 or more seeds (it passes its start pit and drops "
              "a seed in it)",
    "lap-wraps-onto-own-seed": "a lap of 17 or more seeds whose last seed "
                               "falls in a pit that was empty before the "
                               "lap but got the lap's first seed: occupied",
    "relay-cap": "a sowing stopped by the safety bound (10,000 extra laps)",
    "singleton": "a singleton sown because no pit of the mover holds 2",
    "capture-inner-and-edge": "a capture of the opponent's inner pit and "
                              "the edge pit behind it (both holding seeds)",
    "capture-empty-edge": "a capture where the edge pit behind is empty "
                          "(the inner pit alone gives seeds)",
    "empty-inner-no-capture": "the last seed in an empty inner pit facing "
                              "an empty pit: no capture, the turn ends",
    "capture": "a capture (sown on from the pit after the landing pit)",
    "capture-again": "a capture followed by a re-sowing that captures again",
    "resow-relays": "a re-sowing of captured seeds that ends in an occupied "
                    "pit and relays",
    "inner-full-edge-empty": "a landing in an occupied own inner pit facing "
                             "a full inner pit with an empty edge pit "
                             "behind it: relay, no capture "
                             "(capture-needs=inner-and-outer)",
    "no-sowing": "game ends: the player to act has no legal sowing and loses",
    "repetition": "game ends: a whole state occurs for the third time",
    "draw": "drawn game (repetition with equal totals)",
}


def moments_of(vid, before, pit, laps):
    found = []
    if len(laps) >= 3:
        found.append("relay-3")
    if len(laps) >= 10:
        found.append("relay-10")
    if any(l["seeds"] >= CIRCUIT for l in laps):
        found.append("lap-16")
    if laps[-1]["end"] == "cap":
        found.append("relay-cap")
    if any(l.get("empty_before_lap") for l in laps):
        found.append("lap-wraps-onto-own-seed")
    captures = [l for l in laps if l["end"] == "capture"]
    if vid == "moruba":
        if before.board[pit] == 1:
            found.append("singleton")
        for l in captures:
            if l["capture"][3] > 0:
                found.append("capture-inner-and-edge")
            else:
                found.append("capture-empty-edge")
        if laps[-1]["end"] == "empty-inner-facing-empty":
            found.append("empty-inner-no-capture")
    else:
        if captures:
            found.append("capture")
        if any(l["capture"][3] == 0 for l in captures):
            found.append("capture-empty-edge")
        if any(l["kind"] == "resow" and l["end"] == "capture" for l in laps):
            found.append("capture-again")
        if any(l["kind"] == "resow" and l["end"] == "relay" for l in laps):
            found.append("resow-relays")
        if any("blocked" in l for l in laps):
            found.append("inner-full-edge-empty")
    return sorted(set(found), key=found.index)


# ---------------------------------------------------------------------------
# Policies and seeded games
# ---------------------------------------------------------------------------

def gain(vid, readings, st, pit):
    """Seeds the ply brings the mover: captured (Moruba) or moved from the
    opponent's pits to the mover's (Owela)."""
    nxt = apply_ply(vid, readings, st, pit)
    me = st.side
    return totals(nxt)[me] - totals(st)[me]


def replies(vid, readings, st, pit):
    return len(legal_plies(vid, apply_ply(vid, readings, st, pit)))


def choose(policy, vid, readings, st, plies, rng, ply_number):
    if policy == "uniform" or len(plies) == 1:
        return rng.choice(plies)
    if policy == "greedy":
        if rng.random() < 0.8:
            gains = [gain(vid, readings, st, p) for p in plies]
            best = max(gains)
            return rng.choice([p for p, g in zip(plies, gains) if g == best])
        return rng.choice(plies)
    if policy == "late-greedy":
        if ply_number <= LATE_GREEDY_FROM:
            return rng.choice(plies)
        scores = [(gain(vid, readings, st, p),
                   -replies(vid, readings, st, p)) for p in plies]
        best = max(scores)
        return rng.choice([p for p, s in zip(plies, scores) if s == best])
    if policy == "squeezer":
        scores = [(-replies(vid, readings, st, p),
                   gain(vid, readings, st, p)) for p in plies]
        best = max(scores)
        return rng.choice([p for p, s in zip(plies, scores) if s == best])
    raise ValueError(policy)


LATE_GREEDY_FROM = 20

POLICY_TEXT = {
    "uniform": "a legal ply chosen uniformly at random",
    "greedy": "with probability 0.8 the ply that brings the mover most "
              "seeds at once (ties at random), else a random ply",
    "late-greedy": "a random ply for the first %d plies of the game, then "
                   "always the ply that brings the mover most seeds, ties "
                   "to the one leaving the opponent fewest legal plies, "
                   "then at random" % LATE_GREEDY_FROM,
    "squeezer": "the ply leaving the opponent fewest legal plies, ties to "
                "the one bringing most seeds, then at random",
}


def random_game(vid, readings, seed, south, north, max_plies):
    """A seeded game; None if it has not ended after max_plies plies.
    The log holds (pit, state before, laps) for every ply."""
    rng = random.Random(seed)
    line = Line(vid, readings, initial_state(vid, readings))
    log = []
    while line.reason() is None:
        if len(line.plies) >= max_plies:
            return None
        st = line.state
        plies = legal_plies(vid, st)
        policy = south if st.side == SOUTH else north
        pit = choose(policy, vid, readings, st, plies, rng,
                     len(line.plies) + 1)
        laps = line.play(pit)
        log.append((pit, st, laps))
    return line, log


def game_moments(vid, line, log):
    """moment -> list of ply numbers (from 1) in a finished game."""
    found = {}
    for i, (pit, before, laps) in enumerate(log):
        for m in moments_of(vid, before, pit, laps):
            found.setdefault(m, []).append(i + 1)
    reason = line.reason()
    found.setdefault(reason, []).append(len(log))
    if reason == "repetition" and winner(reason, line.state) is None:
        found.setdefault("draw", []).append(len(log))
    return found


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

DATE = "2026.12.04"


def readings_text(readings):
    return ",".join("%s=%s" % kv for kv in sorted(readings.items()))


def end_text(reason, st):
    t = totals(st)
    w = winner(reason, st)
    if reason == "no-sowing":
        return ("%s cannot sow: %s wins (totals %d-%d)."
                % (SIDE_NAME[st.side], SIDE_NAME[w], t[0], t[1]))
    if w is None:
        return ("The whole state occurs for the third time: the game ends, "
                "equal totals %d-%d, a draw." % (t[0], t[1]))
    return ("The whole state occurs for the third time: the game ends, "
            "%s wins with the higher total (%d-%d)."
            % (SIDE_NAME[w], t[0], t[1]))


def wrap(text, width=78, prefix=""):
    return textwrap.wrap(text, width, initial_indent=prefix,
                         subsequent_indent=prefix, break_long_words=False,
                         break_on_hyphens=False)


def record_text(vid, readings, seed, south, north, line, log, found_for,
                shows):
    st = line.state
    reason = line.reason()
    t = totals(st)
    name = VARIANTS[vid]["name"]
    if readings:
        name += " under the reading%s %s" % (
            "s" if len(readings) > 1 else "", readings_text(readings))
    out = []
    out += wrap("Derived by tools/reference/moruba_owela.py, an independent "
                "Python implementation of %s, written from the rules brief "
                "restated in "
                "tests/golden/notes/moruba_owela.md, docs/notation.md and "
                "docs/sources/%s.md, without reading the engine or the rule "
                "files." % (name, vid), prefix="; ")
    out.append("; Random game, seed %d: South policy %s, North policy %s."
               % (seed, south, north))
    for p in sorted(set([south, north])):
        out += wrap("%s: %s" % (p, POLICY_TEXT[p]), prefix=";   ")
    out += wrap("Found by searching seeds for the first game showing: %s."
                % found_for, prefix="; ")
    out.append("; Shows:")
    for m, plies in shows:
        nums = ", ".join(str(x) for x in plies[:6])
        if len(plies) > 6:
            nums += ", ... (%d plies in all)" % len(plies)
        out += wrap("- %s (ply %s)" % (MOMENT_TEXT[m], nums),
                    prefix=";   ")
    out += wrap("%d plies. A comment follows every ply and ends with the "
                "position string after it. Laps are written "
                "<start>(<seeds>)><pit of the last seed>; a re-sowing of "
                "captured seeds <landing pit>[<seeds>]><pit of the last "
                "seed>." % len(log), prefix="; ")
    out.append('[Variant "%s"]' % vid)
    out.append('[South "moruba_owela %s seed %d"]' % (south, seed))
    out.append('[North "moruba_owela %s seed %d"]' % (north, seed))
    out.append('[Date "%s"]' % DATE)
    if readings:
        out.append('[Readings "%s"]' % readings_text(readings))
    out.append('[Result "%d-%d"]' % (t[0], t[1]))
    out.append('[Termination "%s"]' % reason)
    out.append('[FinalPosition "%s"]' % position_string(st))
    out.append("")
    for i, (pit, before, laps) in enumerate(log):
        after = log[i + 1][1] if i + 1 < len(log) else st
        ply = LABEL_OF[pit]
        if before.side == SOUTH:
            ply = "%d. %s" % (i // 2 + 1, ply)
        out.append(ply)
        comment = describe(vid, before, pit, laps, after)
        if i == len(log) - 1:
            comment += " " + end_text(reason, st)
        lines = wrap("{" + comment)
        tail = "Position: %s}" % position_string(after)
        if len(lines[-1]) + 1 + len(tail) <= 78:
            lines[-1] += " " + tail
        else:
            lines.append(tail)
        out += lines
    return "\n".join(out) + "\n"


def tokens(text):
    """Tags, plies and comments of a record, in order: ("tag", name,
    value), ("ply", text), ("comment", text)."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch == ";":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif ch == "{":
            j = text.index("}", i)
            out.append(("comment", text[i + 1:j]))
            i = j + 1
        elif ch == "[":
            m = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]').match(text, i)
            if not m:
                raise ValueError("bad tag at %d" % i)
            value = re.sub(r"\\(.)", r"\1", m.group(2))
            out.append(("tag", m.group(1), value))
            i = m.end()
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in "{;":
                j += 1
            word = text[i:j]
            if not re.fullmatch(r"\d+\.", word):
                out.append(("ply", word))
            i = j
    return out


def parse_readings(text):
    readings = {}
    for kv in re.split(r"[,\s]+", text.strip()):
        if kv:
            k, _, v = kv.partition("=")
            readings[k] = v
    return readings


def replay_record(path):
    """Replay a record; check every position comment, the final position,
    Result and Termination.  Returns the number of plies."""
    toks = tokens(open(path, encoding="utf-8").read())
    tags = dict((t[1], t[2]) for t in toks if t[0] == "tag")
    vid = tags["Variant"]
    readings = parse_readings(tags.get("Readings", ""))
    check_readings(vid, readings)
    if "Position" in tags:
        st = parse_position(vid, readings, tags["Position"])
    else:
        st = initial_state(vid, readings)
    line = Line(vid, readings, st)
    for t in toks:
        if t[0] == "ply":
            if line.reason() is not None:
                raise AssertionError("%s: ply %s after the end" % (path, t[1]))
            pit = PIT_OF.get(t[1])
            if pit not in legal_plies(vid, line.state):
                raise AssertionError("%s: illegal ply %s at %s"
                                     % (path, t[1],
                                        position_string(line.state)))
            line.play(pit)
        elif t[0] == "comment" and "Position:" in t[1]:
            claimed = " ".join(t[1].split("Position:")[1].split())
            if claimed != position_string(line.state):
                raise AssertionError("%s: after ply %d the comment says %s, "
                                     "replay gives %s"
                                     % (path, len(line.plies), claimed,
                                        position_string(line.state)))
    reason = line.reason()
    t = totals(line.state)
    if reason != tags["Termination"]:
        raise AssertionError("%s: termination %s, tag %s"
                             % (path, reason, tags["Termination"]))
    if "%d-%d" % (t[0], t[1]) != tags["Result"]:
        raise AssertionError("%s: result %d-%d, tag %s"
                             % (path, t[0], t[1], tags["Result"]))
    if position_string(line.state) != tags["FinalPosition"]:
        raise AssertionError("%s: final position %s, tag %s"
                             % (path, position_string(line.state),
                                tags["FinalPosition"]))
    return len(line.plies)


# ---------------------------------------------------------------------------
# The golden set
# ---------------------------------------------------------------------------

PAIRS = [("greedy", "greedy"), ("uniform", "uniform"),
         ("late-greedy", "late-greedy"), ("squeezer", "uniform"),
         ("greedy", "uniform"), ("uniform", "late-greedy")]

IOO = {"capture-needs": "inner-and-outer"}
HUS = {"layout": "hus"}

# (variant, readings, file-name infix, games wanted, moments looked for)
GOLDEN_SETS = [
    ("moruba", {}, "", 10,
     ["relay-3", "capture-inner-and-edge", "capture-empty-edge",
      "empty-inner-no-capture", "singleton", "lap-16", "no-sowing",
      "repetition", "draw", "relay-10", "relay-cap"]),
    ("owela", {}, "", 6,
     ["capture-again", "resow-relays", "capture-empty-edge", "no-sowing",
      "lap-16", "lap-wraps-onto-own-seed", "relay-10", "relay-cap",
      "repetition"]),
    ("owela", IOO, "inner-and-outer-", 3,
     ["inner-full-edge-empty", "capture-again", "resow-relays", "no-sowing",
      "lap-16", "lap-wraps-onto-own-seed", "relay-cap"]),
    ("owela", HUS, "hus-", 3,
     ["capture-again", "resow-relays", "capture-empty-edge", "no-sowing",
      "lap-16", "lap-wraps-onto-own-seed", "relay-cap"]),
]

MAX_PLIES = 250        # a chosen game is at most this long
SEED_LIMIT = 400       # seeds searched for each wanted moment
FILLER_SEED = 101      # fillers: seeds from here, pairs in turn
FILLER_MIN_PLIES = 15
LONG_GAME = 2000       # the brief wants to hear of games longer than this
LENGTH_SURVEY_SEEDS = 200

_games = {}


def seeded_game(vid, readings, seed, south, north, max_plies=MAX_PLIES):
    key = (vid, readings_text(readings), seed, south, north, max_plies)
    if key not in _games:
        _games[key] = random_game(vid, readings, seed, south, north,
                                  max_plies)
    return _games[key]


def search_set(vid, readings, count, wanted):
    """Choose `count` games: for each wanted moment not yet shown, the first
    seed (then pair) whose finished game of at most MAX_PLIES shows it; then
    fillers.  Returns (chosen, missing moments)."""
    chosen = []
    shown = set()
    missing = []
    for want in wanted:
        if want in shown:
            continue
        hit = None
        for seed in range(1, SEED_LIMIT + 1):
            for s, n in PAIRS:
                res = seeded_game(vid, readings, seed, s, n)
                if res is None:
                    continue
                found = game_moments(vid, *res)
                if want in found:
                    hit = dict(seed=seed, south=s, north=n, line=res[0],
                               log=res[1], found=found,
                               why=MOMENT_TEXT[want])
                    break
            if hit:
                break
        if hit is None:
            missing.append(want)
            continue
        if any(c["seed"] == hit["seed"] and c["south"] == hit["south"] and
               c["north"] == hit["north"] for c in chosen):
            continue
        chosen.append(hit)
        shown.update(hit["found"])
    seed = FILLER_SEED
    k = 0
    while len(chosen) < count:
        s, n = PAIRS[k % len(PAIRS)]
        res = seeded_game(vid, readings, seed, s, n)
        k += 1
        if k % len(PAIRS) == 0:
            seed += 1
        if res is None or len(res[1]) < FILLER_MIN_PLIES:
            continue
        chosen.append(dict(seed=seed, south=s, north=n, line=res[0],
                           log=res[1], found=game_moments(vid, *res),
                           why="(filler) a further game of policies %s/%s"
                               % (s, n)))
    return chosen, missing


def length_survey(vid, readings):
    """Lengths of the games of seeds 1..LENGTH_SURVEY_SEEDS under every pair,
    played out with no ply limit at all (the rules have none)."""
    lengths = []
    for seed in range(1, LENGTH_SURVEY_SEEDS + 1):
        for s, n in PAIRS:
            res = random_game(vid, readings, seed, s, n, 10 ** 9)
            lengths.append(len(res[1]))
    lengths.sort()
    return {"games": len(lengths), "median": lengths[len(lengths) // 2],
            "max": lengths[-1],
            "over_max_plies": sum(1 for x in lengths if x > MAX_PLIES),
            "over_long": sum(1 for x in lengths if x > LONG_GAME)}


def file_name(k, infix, game):
    s, n = game["south"], game["north"]
    pol = s if s == n else "%s-%s" % (s, n)
    return "%02d-%s%s-seed%d.rec" % (k, infix, pol, game["seed"])


def golden(root):
    t0 = time.time()
    report = {"sets": [], "perft": [], "survey": []}
    written = []
    numbers = {}
    for vid in VARIANTS:
        gdir = os.path.join(root, "tests", "golden", vid)
        os.makedirs(gdir, exist_ok=True)
        for f in os.listdir(gdir):
            if f.endswith(".rec"):
                os.remove(os.path.join(gdir, f))
    for vid, readings, infix, count, wanted in GOLDEN_SETS:
        chosen, missing = search_set(vid, readings, count, wanted)
        files = []
        for game in chosen:
            numbers[vid] = numbers.get(vid, 0) + 1
            fname = file_name(numbers[vid], infix, game)
            path = os.path.join(root, "tests", "golden", vid, fname)
            shows = sorted(game["found"].items(), key=lambda kv: kv[1][0])
            with open(path, "w", encoding="utf-8") as f:
                f.write(record_text(vid, readings, game["seed"],
                                    game["south"], game["north"],
                                    game["line"], game["log"], game["why"],
                                    shows))
            game["file"] = vid + "/" + fname
            files.append(game)
            written.append((path, game))
            print("wrote %s (%d plies, %s)" % (path, len(game["log"]),
                                               game["line"].reason()))
        report["sets"].append((vid, readings, files, wanted, missing))
        report["survey"].append((vid, readings, length_survey(vid, readings)))
    # Read every record back and replay it.
    for path, game in written:
        n = replay_record(path)
        assert n == len(game["log"]), path
    print("replayed %d records: every position comment, FinalPosition, "
          "Result and Termination agree" % len(written))
    t_games = time.time() - t0
    for name, vid, readings, set_index in PERFT_FILES:
        report["perft"].append(write_perft(root, name, vid, readings,
                                           report["sets"][set_index][2]))
    report["time_games"] = t_games
    report["time_total"] = time.time() - t0
    write_generated_docs(root, report)
    print("golden took %.1f s (games %.1f s)" % (report["time_total"],
                                                 t_games))


# ---------------------------------------------------------------------------
# Perft files
# ---------------------------------------------------------------------------

# (file name, variant, readings, index of the golden set its mid-game
# positions come from)
PERFT_FILES = [
    ("moruba", "moruba", {}, 0),
    ("owela", "owela", {}, 1),
    ("owela-inner-and-outer", "owela", IOO, 2),
]

# Moments whose plies give the mid-game positions (the position just
# before such a ply), tried in turn, at most one position per game.
PERFT_PICKS = {
    "moruba": ["relay-cap", "capture-empty-edge", "relay-10",
               "empty-inner-no-capture"],
    "owela": ["capture-again", "resow-relays", "capture-empty-edge",
              "relay-10"],
    "owela-inner-and-outer": ["inner-full-edge-empty", "capture-again",
                              "resow-relays", "relay-10"],
}
PICK_MIN_PLY = {"moruba": 5, "owela": 4, "owela-inner-and-outer": 4}
MID_POSITIONS = 4
START_DEPTH = 6
MID_DEPTH = 5
DEPTH6_BUDGET = 240.0      # seconds a mid-game depth 6 may be expected to take
STATS_DEPTH = 4

HAND = {}

HAND["moruba"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/0,1,2,2,2,2,2,2/2,2,2,2,2,2,2,2/0,1,2,2,2,2,2,2 S 0-0:
#
# perft(1) = 14: South may sow any pit holding 2 or more: a..h and c2..h2
#   (b2 holds 1, a2 none).
#
# perft(2) = 179: a Moruba sowing stays in the mover's own two rows, so
#   after South's ply North's replies are North's pits holding 2, 14 at the
#   start, less the ones South captured (North keeps pits of 2, so the
#   singleton rule does not apply; no game ends at ply 1). South's circuit
#   is a..h, h2..a2. Most laps drop into pits holding 2 (or b2, holding
#   1), so most relays lift 3 (2 from b2; 4 from a pit sown twice in the
#   ply). The sowing ends when a lap's last seed falls in a pit emptied
#   earlier in the ply, or in a2 (empty at the start):
#   a:  a(2)>c c(3)>f f(3)>h2 h2(3)>e2 e2(3)>b2 b2(2)>a; a empty: ends. 14
#   b:  b(2)>d d(3)>g g(3)>g2 g2(3)>d2 d2(3)>a2; a2 empty, H2 (2) and H (2)
#       captured. 12
#   c:  c(2)>e e(3)>h h(3)>f2 f2(3)>c2 c2(3)>a a(3)>d d(4)>h; h empty. 14
#   d:  d(2)>f f(3)>h2 h2(3)>e2 e2(3)>b2 b2(2)>a a(3)>d; d empty. 14
#   e:  e(2)>g g(3)>g2 g2(3)>d2 d2(3)>a2; captures H2, H. 12
#   f:  f(2)>h h(3)>f2 f2(3)>c2 c2(3)>a a(3)>d d(3)>g g(4)>f2; f2 empty,
#       faces C2: captures C2 (2), C (2). 12
#   g:  g(2)>h2 h2(3)>e2 e2(3)>b2 b2(2)>a a(3)>d d(3)>g; g empty. 14
#   h:  h(2)>g2 g2(3)>d2 d2(3)>a2; captures H2, H. 12
#   c2: c2(2)>a2; captures H2, H. 12
#   d2: d2(2)>b2 b2(2)>a a(3)>d d(3)>g g(3)>g2 g2(3)>d2; d2 empty, faces
#       E2: captures E2 (2), E (2). 12
#   e2: e2(2)>c2 c2(3)>a a(3)>d d(3)>g g(3)>g2 g2(3)>d2 d2(4)>a; a empty
#       (an edge pit). 14
#   f2: f2(2)>d2 d2(3)>a2; captures H2, H. 12
#   g2: g2(2)>e2 e2(3)>b2 b2(2)>a a(3)>d d(3)>g g(3)>g2; g2 empty, faces B2
#       (1): captures B2 (1) and B (2); North loses only B. 13
#   h2: h2(2)>f2 f2(3)>c2 c2(3)>a a(3)>d d(3)>g g(3)>g2 g2(4)>c2; c2 empty,
#       faces F2: captures F2 (2), F (2). 12
#   14 x 5 + 12 x 8 + 13 = 179."""

HAND["owela"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/0,0,0,0,0,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,2,2,2 S 0-0:
#
# perft(1) = 11: South may sow any pit holding 2 or more: a..h, f2, g2, h2.
#
# perft(2) = 121: no first ply captures, so North keeps its 11 pits of 2.
#   North's occupied inner pits F2, G2, H2 face c2, b2, a2, all empty at the
#   start; South can capture only in a lap ending in one of these that holds
#   seeds, and none does. South's circuit is a..h, h2..a2; each lap drops
#   into pits holding 2 and each relay lifts 3; the laps ending in h2, g2,
#   f2 (occupied inner pits) face A2, B2, C2, empty: relay, no capture:
#   a:  a(2)>c c(3)>f f(3)>h2 h2(3)>e2; e2 empty: ends.
#   b:  b(2)>d d(3)>g g(3)>g2 g2(3)>d2; d2 empty.
#   c:  c(2)>e e(3)>h h(3)>f2 f2(3)>c2; c2 empty.
#   d:  d(2)>f f(3)>h2 h2(3)>e2.      e:  e(2)>g g(3)>g2 g2(3)>d2.
#   f:  f(2)>h h(3)>f2 f2(3)>c2.      g:  g(2)>h2 h2(3)>e2.
#   h:  h(2)>g2 g2(3)>d2.             f2: f2(2)>d2.
#   g2: g2(2)>e2.                     h2: h2(2)>f2 f2(3)>c2.
#   No game ends at ply 1: 11 x 11 = 121."""

HAND["owela-inner-and-outer"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/0,0,0,0,0,2,2,2/2,2,2,2,2,2,2,2/0,0,0,0,0,2,2,2 S 0-0:
#
# perft(1) = 11 and perft(2) = 121, as under the default reading
#   (tests/perft/owela.perft derives them): no first ply of South captures
#   even when the inner pit alone suffices, so none does when the edge pit
#   behind must hold seeds too. The readings first part at depth 4."""


def perft_header(name, vid, readings):
    vname = VARIANTS[vid]["name"]
    out = []
    if readings:
        out += ["# Perft counts for %s (%s) under the reading %s:"
                % (vname, vid, readings_text(readings))]
        out += wrap("a lap's last seed in an occupied own inner pit captures "
                    "only when both the opponent's inner pit facing it and "
                    "the edge pit behind that hold seeds (under the default "
                    "reading, tests/perft/owela.perft, the inner pit alone "
                    "suffices). Everything else as in owela.perft. Each "
                    "section gives the default reading's counts too, to "
                    "show where the readings part.", 76, "# ")
    else:
        out += ["# Perft counts for %s (%s), default readings, South first."
                % (vname, vid)]
    out.append("#")
    out += wrap("perft(d) = number of distinct ply sequences of exactly d "
                "plies from the position. Every ply counts (a sowing). A "
                "finished game has no plies: the player to act has no legal "
                "sowing, or the whole state (32 counts, side to act, "
                "captured totals) occurs for the third time along the line, "
                "the section's position being its first occurrence; a ply "
                "that ends the game still counts at its own depth. "
                "perft(0) = 1. A sowing stops at its 10,000th lap after the "
                "first (the safety bound).", 76, "# ")
    out.append("#")
    out += wrap("All counts below were computed by "
                "tools/reference/moruba_owela.py, an independent Python "
                "implementation written from the rules brief restated in "
                "tests/golden/notes/moruba_owela.md, "
                "without reading the engine or the rule files (plain "
                "recursive enumeration, the repetition history carried along "
                "each line, bulk count at the last ply). The \"Within "
                "depth\" note of a section counts events over every ply of "
                "every line up to that depth, and the lines that end "
                "inside it.", 76, "# ")
    out.append("#")
    out.append("# Regenerate: python3 tools/reference/moruba_owela.py golden")
    rd = ""
    if readings:
        rd = " --reading " + readings_text(readings)
    out.append("# One number: python3 tools/reference/moruba_owela.py perft "
               "%s <depth> [--position P]%s" % (vid, rd))
    out.append("#")
    out.append(HAND[name])
    return out


def hand_claims(name):
    return dict((int(d), int(v)) for d, v in
                re.findall(r"perft\((\d)\) = (\d+)", HAND[name]))


def perft_stats(vid, readings, st, depth):
    """Events over every ply of every line up to `depth`."""
    stats = {}
    seen = {st.key(): 1}

    def walk(s, d):
        r = end_reason(vid, s, seen[s.key()])
        if r is not None:
            stats["ends " + r] = stats.get("ends " + r, 0) + 1
            return
        if d == 0:
            return
        for pit in legal_plies(vid, s):
            laps = []
            nxt = apply_ply(vid, readings, s, pit, laps)
            for m in moments_of(vid, s, pit, laps):
                stats[m] = stats.get(m, 0) + 1
            k = nxt.key()
            seen[k] = seen.get(k, 0) + 1
            walk(nxt, d - 1)
            seen[k] -= 1
            if seen[k] == 0:
                del seen[k]

    walk(st, depth)
    return stats


STAT_ORDER = ["capture", "capture-inner-and-edge", "capture-empty-edge",
              "capture-again", "resow-relays", "inner-full-edge-empty",
              "empty-inner-no-capture", "singleton", "relay-10", "lap-16",
              "lap-wraps-onto-own-seed", "relay-cap", "ends no-sowing",
              "ends repetition"]


def stats_text(stats, depth):
    parts = []
    for k in STAT_ORDER:
        if k in stats:
            parts.append("%s %d" % (k, stats[k]))
    if not parts:
        return "Within depth %d: nothing of note." % depth
    return "Within depth %d: %s." % (depth, ", ".join(parts))


def pick_positions(name, games):
    picks = []
    used = set()
    for want in PERFT_PICKS[name]:
        if len(picks) == MID_POSITIONS:
            break
        for game in games:
            if game["file"] in used:
                continue
            plies = [p for p in game["found"].get(want, [])
                     if p >= PICK_MIN_PLY[name]]
            if not plies:
                continue
            p = plies[0]
            pit, before, laps = game["log"][p - 1]
            picks.append((game, p, want, before, LABEL_OF[pit]))
            used.add(game["file"])
            break
    return picks


def run_perft(vid, readings, st, max_depth, allow_deeper):
    """[(depth, count, seconds)] for depths 1..max_depth, and one more when
    allow_deeper and its estimated time fits DEPTH6_BUDGET."""
    rows = []
    for d in range(1, max_depth + 1):
        t = time.time()
        rows.append((d, perft(vid, readings, st, d), time.time() - t))
    if allow_deeper:
        growth = rows[-1][1] / float(max(1, rows[-2][1]))
        if rows[-1][2] * max(1.0, growth) <= DEPTH6_BUDGET:
            t = time.time()
            rows.append((max_depth + 1,
                         perft(vid, readings, st, max_depth + 1),
                         time.time() - t))
    return rows


def write_perft(root, name, vid, readings, games):
    out = perft_header(name, vid, readings)
    log = []
    st0 = initial_state(vid, readings)
    sections = [(st0, "The initial position.", [])]
    for game, p, want, before, ply in pick_positions(name, games):
        sections.append((before, "Position before ply %d of tests/golden/%s."
                         % (p, game["file"]),
                         wrap("At the root: %s (the game plays %s there)."
                              % (MOMENT_TEXT[want], ply), 76, "# ")))
    for i, (st, title, extra) in enumerate(sections):
        t = time.time()
        if i == 0:
            rows = run_perft(vid, readings, st, START_DEPTH, False)
            claims = hand_claims(name)
            for d, c, _ in rows:
                if d in claims and claims[d] != c:
                    raise AssertionError("%s: hand derivation says perft(%d)"
                                         " = %d, counted %d"
                                         % (name, d, claims[d], c))
        else:
            rows = run_perft(vid, readings, st, MID_DEPTH, True)
        stats = perft_stats(vid, readings, st, STATS_DEPTH)
        seconds = time.time() - t
        out.append("")
        out.append("# " + title)
        out += extra
        out += wrap(stats_text(stats, STATS_DEPTH), 76, "# ")
        if readings:
            default = [perft(vid, {}, st, d) for d in range(1, 6)]
            out += wrap("Default reading, depths 1-5: %s."
                        % ", ".join(str(x) for x in default), 76, "# ")
        out.append("position %s" % position_string(st))
        for d, c, _ in rows:
            out.append("%d %d" % (d, c))
        log.append((name, position_string(st), rows[-1][0], seconds,
                    title))
        print("perft %s: %s to depth %d in %.1f s"
              % (name, position_string(st), rows[-1][0], seconds))
    path = os.path.join(root, "tests", "perft", name + ".perft")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return log


# ---------------------------------------------------------------------------
# The generated parts of the notes and of tests/golden/README.md
# ---------------------------------------------------------------------------

NOTES_BEGIN = "<!-- generated by tools/reference/moruba_owela.py golden: begin -->"
NOTES_END = "<!-- generated by tools/reference/moruba_owela.py golden: end -->"
README_BEGIN = ("<!-- section written by tools/reference/moruba_owela.py "
                "golden: begin -->")
README_END = ("<!-- section written by tools/reference/moruba_owela.py "
              "golden: end -->")


def plies_text(plies, most=3):
    text = ", ".join(str(p) for p in plies[:most])
    if len(plies) > most:
        text += ", ..."
    return text


def moments_table(vid, sets):
    """Markdown rows: moment | files and plies."""
    order = []
    where = {}
    for v, readings, games, wanted, missing in sets:
        if v != vid:
            continue
        for m in wanted:
            if m not in order:
                order.append(m)
        for game in games:
            for m, plies in sorted(game["found"].items(),
                                   key=lambda kv: kv[1][0]):
                if m not in order:
                    order.append(m)
                where.setdefault(m, []).append((game["file"], plies))
    out = ["| %s moment | shown in (ply) |" % vid, "| --- | --- |"]
    for m in order:
        cells = ["`%s` (%s)" % (f, plies_text(p)) for f, p in
                 where.get(m, [])]
        if not cells:
            text = "not found (seeds 1-%d, every policy pair)" % SEED_LIMIT
        else:
            text = ", ".join(cells[:3])
            if len(cells) > 3:
                text += " and %d more" % (len(cells) - 3)
        out.append("| %s | %s |" % (MOMENT_TEXT[m], text))
    return out


def files_table(vid, sets):
    out = ["| file | readings | plies | result | termination | searched for "
           "| moments shown (first ply) |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for v, readings, games, wanted, missing in sets:
        if v != vid:
            continue
        for game in games:
            st = game["line"].state
            t = totals(st)
            reason = game["line"].reason()
            w = winner(reason, st)
            res = "%d-%d (%s)" % (t[0], t[1], "draw" if w is None else
                                  SIDE_NAME[w] + " wins")
            shows = ", ".join("%s (%d)" % (m, p[0]) for m, p in
                              sorted(game["found"].items(),
                                     key=lambda kv: kv[1][0]))
            why = game["why"]
            if not why.startswith("(filler)"):
                why = [m for m in MOMENT_TEXT if MOMENT_TEXT[m] == why][0]
            else:
                why = "(filler)"
            out.append("| `%s` | %s | %d | %s | %s | %s | %s |"
                       % (game["file"], readings_text(readings) or "-",
                          len(game["log"]), res, reason, why, shows))
    return out


def generated_body(report, heading_level):
    h = "#" * heading_level
    out = []
    sets = report["sets"]
    for vid in VARIANTS:
        out += moments_table(vid, sets)
        out.append("")
    for vid in VARIANTS:
        out.append("%s %s files" % (h, VARIANTS[vid]["name"]))
        out.append("")
        out += files_table(vid, sets)
        out.append("")
    out.append("Moment names:")
    out.append("")
    for m in MOMENT_TEXT:
        out.append("- `%s`: %s" % (m, MOMENT_TEXT[m]))
    out.append("")
    return out


def notes_generated(report):
    out = [NOTES_BEGIN, ""]
    out.append("## Moments, files and timings")
    out.append("")
    out += wrap("Ply numbers count every ply from 1; the comment after that "
                "ply in the file describes the moment.", 78)
    out.append("")
    out += generated_body(report, 3)
    missing = [(v, r, m) for v, r, g, w, ms in report["sets"] for m in ms]
    out.append("### Moments not found")
    out.append("")
    if not missing:
        out.append("None.")
    for v, r, m in missing:
        out.append("- %s%s: %s (no finished game of at most %d plies shows "
                   "it over seeds 1-%d and every policy pair)."
                   % (v, " (" + readings_text(r) + ")" if r else "",
                      MOMENT_TEXT[m], MAX_PLIES, SEED_LIMIT))
    out.append("")
    out.append("### Game lengths")
    out.append("")
    out += wrap("Seeds 1-%d, every policy pair (%d games a line), each game "
                "played out to its end with no ply limit:"
                % (LENGTH_SURVEY_SEEDS, LENGTH_SURVEY_SEEDS * len(PAIRS)), 78)
    out.append("")
    out.append("| variant | readings | median plies | longest | over %d | "
               "over %d |" % (MAX_PLIES, LONG_GAME))
    out.append("| --- | --- | --- | --- | --- | --- |")
    for vid, readings, s in report["survey"]:
        out.append("| %s | %s | %d | %d | %d | %d |"
                   % (vid, readings_text(readings) or "-", s["median"],
                      s["max"], s["over_max_plies"], s["over_long"]))
    out.append("")
    out.append("### Perft timings")
    out.append("")
    out.append("This machine, one core, each section including its "
               "\"Within depth\" walk:")
    out.append("")
    for log in report["perft"]:
        for name, pos, depth, seconds, title in log:
            out.append("- `%s` `%s`: to depth %d in %.1f s"
                       % (name, pos, depth, seconds))
    out.append("")
    out.append("`golden` took %.0f s in all (%.0f s for the games, the "
               "replays and the length survey; the rest is perft)."
               % (report["time_total"], report["time_games"]))
    out.append("")
    out.append(NOTES_END)
    return out


def readme_section(report):
    out = [README_BEGIN, ""]
    out.append("## Moruba and Owela (`moruba/`, `owela/`): four rows")
    out.append("")
    out += wrap(
        "Complete games of Moruba and Owela on the 4x8 board, produced by "
        "`tools/reference/moruba_owela.py`, an independent Python "
        "implementation (standard library only) written from the rules "
        "brief restated in notes/moruba_owela.md, docs/notation.md and the reading notes "
        "docs/sources/moruba.md and docs/sources/owela.md, without reading "
        "or running the engine and without reading the rule files. Each "
        "game is a seeded random game between two simple policies (the `;` "
        "header of each file, `POLICY_TEXT` in the script); for each wanted "
        "moment the script takes the first seed (1, 2, ...) whose finished "
        "game of at most %d plies shows it, then fills the set with further "
        "seeded games. Every file is read back and replayed after writing "
        "(every `Position:` comment, `FinalPosition`, `Result` and "
        "`Termination` must match). How the data were derived, every rule "
        "as implemented and the points the brief left open: "
        "[notes/moruba_owela.md](notes/moruba_owela.md)." % MAX_PLIES, 78)
    out.append("")
    out.append("    python3 tools/reference/moruba_owela.py golden    # also "
               "rewrites tests/perft/{moruba,owela,owela-inner-and-outer}"
               ".perft")
    out.append("")
    out += wrap(
        "Positions list four rows, `a..h/a2..h2/A..H/A2..H2`, each in label "
        "order; plies are the labels of the pits sown from (`c`, `c2`, `C`, "
        "`C2`). Terminations: `no-sowing` (the player to act has no legal "
        "sowing and loses) and `repetition` (a whole state occurs for the "
        "third time; the higher total wins). `Result` is each side's "
        "captured seeds plus the seeds in its own pits; Owela never removes "
        "seeds, so its captured totals stay 0. Owela files with `[Readings "
        "\"capture-needs=inner-and-outer\"]` capture only when the edge pit "
        "behind holds seeds too; with `[Readings \"layout=hus\"]` they start "
        "from the Hus layout (inner rows 0,0,0,0,2,2,2,2, 24 a side).", 78)
    out.append("")
    out += wrap("Ply numbers count every ply from 1; the comment after that "
                "ply in the file describes the moment. In comments, laps are "
                "written `<start>(<seeds>)><pit of the last seed>`, a "
                "re-sowing of captured seeds `<landing pit>[<seeds>]><pit "
                "of the last seed>`.", 78)
    out.append("")
    out += generated_body(report, 3)
    out.append(README_END)
    return out


def replace_between(path, begin, end, lines):
    text = open(path, encoding="utf-8").read() if os.path.exists(path) \
        else ""
    block = "\n".join(lines)
    if begin in text and end in text:
        a = text.index(begin)
        b = text.index(end) + len(end)
        text = text[:a] + block + text[b:]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_generated_docs(root, report):
    replace_between(os.path.join(root, "tests", "golden", "notes",
                                 "moruba_owela.md"),
                    NOTES_BEGIN, NOTES_END, notes_generated(report))
    replace_between(os.path.join(root, "tests", "golden", "README.md"),
                    README_BEGIN, README_END, readme_section(report))


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok   " + what)


def selftest():
    check(LABEL_OF[facing_inner(PIT_OF["a2"])] == "H2" and
          LABEL_OF[facing_inner(PIT_OF["h2"])] == "A2" and
          LABEL_OF[facing_inner(PIT_OF["A2"])] == "h2" and
          LABEL_OF[edge_behind(PIT_OF["H2"])] == "H" and
          LABEL_OF[edge_behind(PIT_OF["h2"])] == "h",
          "a2 faces H2, h2 faces A2, A2 faces h2; H behind H2, h behind h2")
    order = [LABEL_OF[p] for p in range(CIRCUIT)]
    check(order == list("abcdefgh") + ["h2", "g2", "f2", "e2", "d2", "c2",
                                       "b2", "a2"] and
          LABEL_OF[next_pit(PIT_OF["a2"])] == "a" and
          LABEL_OF[next_pit(PIT_OF["A2"])] == "A",
          "South's circuit a..h, h2..a2, then a again; North's A2 -> A")
    st = initial_state("moruba", {})
    check(position_string(st) == "2,2,2,2,2,2,2,2/0,1,2,2,2,2,2,2/"
          "2,2,2,2,2,2,2,2/0,1,2,2,2,2,2,2 S 0-0",
          "Moruba's start position is the brief's example")
    for name, vid, readings, _ in PERFT_FILES:
        st = initial_state(vid, readings)
        claims = hand_claims(name)
        got = dict((d, perft(vid, readings, st, d)) for d in claims)
        check(got == claims, "%s: the hand-derived perft %s" % (name, claims))
    # Owela's capture readings on a built position: South sows d2 (2) into
    # c2 and b2; b2 held 1, so the lap ends in an occupied inner pit, facing
    # G2 (3) with G (0) behind it.
    text = ("2,2,2,2,2,2,2,2/0,1,0,2,0,0,2,2/2,2,2,2,2,2,0,2/"
            "0,0,0,0,0,2,3,2 S 0-0")
    for readings, expect in (({}, "capture"), (IOO, "relay")):
        st = parse_position("owela", readings, text)
        laps = []
        apply_ply("owela", readings, st, PIT_OF["d2"], laps)
        check(laps[0]["pit"] == PIT_OF["b2"] and laps[0]["end"] == expect,
              "Owela d2 lands in b2 facing G2 (3), G empty: %s under %s"
              % (expect, readings_text(readings) or "the default"))
    # Round trips and conservation along seeded games.
    for vid, readings in (("moruba", {}), ("owela", {}), ("owela", IOO),
                          ("owela", HUS)):
        for seed in range(1, 21):
            line, log = random_game(vid, readings, seed, "uniform",
                                    "greedy", 10 ** 9)
            for pit, before, laps in log:
                back = parse_position(vid, readings,
                                      position_string(before))
                assert back.key() == before.key()
                assert (sum(before.board) + sum(before.captured) ==
                        total_seeds(vid, readings))
        check(True, "%s %s: positions round-trip and seeds are conserved "
              "along 20 games" % (vid, readings_text(readings)))


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_common(args):
    opts = {"position": None, "readings": {}, "divide": False}
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--position":
            opts["position"] = args[i + 1]
            i += 2
        elif a == "--reading":
            opts["readings"].update(parse_readings(args[i + 1]))
            i += 2
        elif a == "--divide":
            opts["divide"] = True
            i += 1
        else:
            rest.append(a)
            i += 1
    return rest, opts


def start_of(vid, opts):
    check_readings(vid, opts["readings"])
    if opts["position"]:
        return parse_position(vid, opts["readings"], opts["position"])
    return initial_state(vid, opts["readings"])


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    if not argv:
        print(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "golden":
        golden(root)
    elif cmd == "selftest":
        selftest()
    elif cmd == "perft":
        rest, opts = parse_common(args)
        vid, depth = rest[0], int(rest[1])
        st = start_of(vid, opts)
        if opts["divide"]:
            total = 0
            for lab, c in divide(vid, opts["readings"], st, depth):
                print("%s %d" % (lab, c))
                total += c
            print("total %d" % total)
        else:
            print(perft(vid, opts["readings"], st, depth))
    elif cmd == "play":
        rest, opts = parse_common(args)
        vid = rest[0]
        line = Line(vid, opts["readings"], start_of(vid, opts))
        for text in rest[1:]:
            if line.reason() is not None:
                raise SystemExit("the game is over (%s)" % line.reason())
            pit = PIT_OF.get(text)
            if pit not in legal_plies(vid, line.state):
                raise SystemExit("%s is not a legal ply at %s"
                                 % (text, position_string(line.state)))
            before = line.state
            laps = line.play(pit)
            print("%s: %s" % (text, describe(vid, before, pit, laps,
                                            line.state)))
            print("    %s" % position_string(line.state))
        if line.reason() is not None:
            print(end_text(line.reason(), line.state))
    elif cmd == "replay":
        for path in args:
            print("%s: %d plies, ok" % (path, replay_record(path)))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
