#!/usr/bin/env python3
"""bao_la_kujifunza.py -- an independent reference implementation of Bao la
Kujifunza (4 x 8, two directions, mtaji and takasa moves), for
cross-checking the Rust engine.

Written from the brief of the Bao golden data (the rules as it states them),
docs/notation.md (labels, positions, records) and the reading notes
docs/sources/bao-la-kujifunza.md, without reading the engine (src/), the
rule files (rules/, *.toml), the grammar or the engine's tests, and without
running the ayla binary.  It imports nothing from the project; its board,
label and record helpers follow tools/reference/moruba_owela.py (copied, not
imported), its rules do not.  Python 3 standard library only.  Plain over
fast.

Commands (run from the repository root):
    python3 tools/reference/bao_la_kujifunza.py golden
        (rewrites tests/golden/bao-la-kujifunza/*.rec,
         tests/perft/bao-la-kujifunza{,-after-ply,-may-capture}.perft, the
         generated parts of tests/golden/notes/bao_la_kujifunza.md and of
         tests/golden/README.md, then reads every record back and
         replays it)
    python3 tools/reference/bao_la_kujifunza.py perft <depth> [--position P] [--reading k=v] [--divide] [--jobs N]
    python3 tools/reference/bao_la_kujifunza.py play <ply>... [--position P] [--reading k=v]
    python3 tools/reference/bao_la_kujifunza.py replay <file.rec>...
    python3 tools/reference/bao_la_kujifunza.py selftest

Readings (name: default | alternative):
    inner-row-empty: at-once | after-ply
    full-circle:     captures-nothing | may-capture

Every point where the brief left room is marked in the code with a comment
beginning `Reading:` and listed in tests/golden/notes/bao_la_kujifunza.md.
"""

import os
import random
import re
import sys
import textwrap
import time

VARIANT = "bao-la-kujifunza"
VARIANT_NAME = "Bao la Kujifunza"

# ---------------------------------------------------------------------------
# The board
# ---------------------------------------------------------------------------
# Four rows of 8.  Each side owns two rows and sows round them only, in
# either direction.  Inside this program a pit is a number 0..31:
#
#   side * 16 + k,   k = the pit's place in its owner's counter-clockwise
#                    circuit,
#
# South's counter-clockwise circuit being a, b, ..., h, h2, g2, ..., a2
# (k = 0..15), North's A, ..., H, H2, ..., A2.  So k 0..7 is the edge row
# (column k from the owner's left) and k 8..15 the inner row, column 15 - k.
# Counter-clockwise the next pit is k + 1 (after a2, k = 15, comes a); clockwise
# it is k - 1 (after a comes a2, after a2 comes b2, ..., after h2 comes h).
# An inner pit's number (1..8 from its owner's left) is its column + 1, so
# a2 / A2 is pit 1, h2 / H2 pit 8.

SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")
COLUMNS = 8
CIRCUIT = 2 * COLUMNS           # pits a side sows round
PITS = 2 * CIRCUIT
CCW, CW = 1, -1                 # counter-clockwise (`>`), clockwise (`<`)
DIR_MARK = {CCW: ">", CW: "<"}
DIR_NAME = {CCW: "counter-clockwise", CW: "clockwise"}
BIG = 16                        # an origin of this many seeds goes full circle
MAX_EXTRA_LAPS = 10000          # the safety bound on endless moves


def owner(pit):
    return pit // CIRCUIT


def place(pit):
    """The pit's place k in its owner's counter-clockwise circuit."""
    return pit % CIRCUIT


def is_inner(pit):
    return place(pit) >= COLUMNS


def column(pit):
    """Column counted from the owner's left (0 = a / A)."""
    k = place(pit)
    return k if k < COLUMNS else CIRCUIT - 1 - k


def inner_number(pit):
    """An inner pit's number, 1..8 from its owner's left."""
    return column(pit) + 1


def step(pit, direction):
    """The pit after `pit` in its owner's circuit, going `direction`."""
    return owner(pit) * CIRCUIT + (place(pit) + direction) % CIRCUIT


def inner_pit(side, col):
    return side * CIRCUIT + (CIRCUIT - 1 - col)


def edge_pit(side, col):
    return side * CIRCUIT + col


def kichwa(side, number):
    """Inner pit 1 or 8 of `side`: a2 / h2, A2 / H2."""
    return inner_pit(side, number - 1)


def facing_inner(pit):
    """The opponent's inner pit facing the inner pit `pit`: pit k faces the
    opponent's pit 9 - k (a2 faces H2, h2 faces A2, A2 faces h2)."""
    return inner_pit(1 - owner(pit), COLUMNS - 1 - column(pit))


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
# A side's pits in label order (edge row a..h, then inner row a2..h2): the
# order in which legal plies are listed (it only matters for the seeded
# games), each pit counter-clockwise first.
LABEL_ORDER = (ROWS[0] + ROWS[1], ROWS[2] + ROWS[3])
INNER_ROW = (ROWS[1], ROWS[3])


def own_pits(side):
    return LABEL_ORDER[side]


def ply_text(ply):
    pit, direction = ply
    return LABEL_OF[pit] + DIR_MARK[direction]


def parse_ply(text):
    """`c2>` -> (pit, CCW); None if it is no ply of this game."""
    if len(text) < 2 or text[-1] not in "<>":
        return None
    pit = PIT_OF.get(text[:-1])
    if pit is None:
        return None
    return (pit, CCW if text[-1] == ">" else CW)


# ---------------------------------------------------------------------------
# Readings
# ---------------------------------------------------------------------------

READINGS = {
    "inner-row-empty": ["at-once", "after-ply"],
    "full-circle": ["captures-nothing", "may-capture"],
}


def reading(readings, name):
    """The alternative taken for a reading (its default if not given)."""
    return readings.get(name, READINGS[name][0])


def check_readings(readings):
    for name, alt in readings.items():
        if name not in READINGS:
            raise ValueError("%s has no reading %r" % (VARIANT, name))
        if alt not in READINGS[name]:
            raise ValueError("reading %s has no alternative %r (it has %s)"
                             % (name, alt, ", ".join(READINGS[name])))


def readings_text(readings):
    return ",".join("%s=%s" % kv for kv in sorted(readings.items()))


def parse_readings(text):
    readings = {}
    for kv in re.split(r"[,\s]+", text.strip()):
        if kv:
            k, _, v = kv.partition("=")
            readings[k] = v
    return readings


# ---------------------------------------------------------------------------
# States and positions
# ---------------------------------------------------------------------------

TOTAL_SEEDS = 64


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


def initial_state():
    """2 seeds in every one of the 32 pits, South to act."""
    return State([2] * PITS, SOUTH, [0, 0])


def position_string(st):
    rows = "/".join(",".join(str(st.board[p]) for p in row) for row in ROWS)
    return "%s %s %d-%d" % (rows, "SN"[st.side], st.captured[0],
                            st.captured[1])


def parse_position(text):
    """Read a position string; raise ValueError saying what is wrong."""
    fields = text.split()
    if len(fields) != 3:
        raise ValueError("expected `rows side S-N` (this game has no "
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
    # Reading: seeds on the board and captured must make the game's 64.
    if sum(board) + sum(st.captured) != TOTAL_SEEDS:
        raise ValueError("seeds on the board and captured make %d, the game "
                         "has %d" % (sum(board) + sum(st.captured),
                                     TOTAL_SEEDS))
    return st


def inner_row_seeds(board, side):
    return sum(board[p] for p in INNER_ROW[side])


# ---------------------------------------------------------------------------
# The rules, one function each
# ---------------------------------------------------------------------------

def candidates(board, side):
    """Rule 1: every (pit, direction) where the pit is the mover's and holds
    at least 2 seeds, both directions.  Singletons are never sown."""
    out = []
    for p in own_pits(side):
        if board[p] >= 2:
            out.append((p, CCW))
            out.append((p, CW))
    return out


def origin_may_capture(seeds, readings):
    """The 16-seed rule: under full-circle=captures-nothing (default) a move
    from a pit of 16 or more seeds is never a capturing move; under
    full-circle=may-capture any count may capture."""
    if reading(readings, "full-circle") == "may-capture":
        return True
    return seeds < BIG


def capture_condition(board, mover, pit, held_before):
    """A lap's last seed in `pit` may capture: `pit` is in the mover's inner
    row, it held 1 or more seeds before that last seed, and the opponent's
    inner pit facing it holds 1 or more."""
    return (owner(pit) == mover and is_inner(pit) and held_before >= 1 and
            board[facing_inner(pit)] >= 1)


def first_lap_end(board, origin, direction):
    """Where the first lap of a move from `origin` ends, and what that pit
    held just before the last seed, worked out without sowing.  The lap
    sows n seeds one per pit starting at the pit after the origin, so the
    pit L of the last seed is n pits on; it gets a seed at each of the
    lap's seeds number n, n - 16, n - 32, ... (a lap of 16 or more passes
    the origin and drops into it like any other pit), so before the last
    seed it held its own seeds (none if L is the emptied origin) plus
    (n - 1) // 16 seeds of this lap."""
    # Reading: "held 1 or more before that last seed" is judged just before
    # the last seed falls, so on a lap of 17 or more the lap's own earlier
    # seeds in L count (L then always holds some).
    n = board[origin]
    pit = owner(origin) * CIRCUIT + (place(origin) + direction * n) % CIRCUIT
    before = (0 if pit == origin else board[pit]) + (n - 1) // CIRCUIT
    return pit, before


def is_capturing_move(board, mover, ply, readings):
    """A move is a capturing move (mtaji) when its origin may capture (the
    16-seed rule) and the capture condition holds where its first lap's
    last seed falls; otherwise it is a non-capturing move (takasa)."""
    # Reading: the kind is judged on the first lap as it would be sown, even
    # for a move that inner-row-empty=at-once stops at its origin lift
    # before sowing anything (possible for a capturing move only under
    # full-circle=may-capture: an inner pit of 17 or more, alone in its
    # row).
    origin, direction = ply
    if not origin_may_capture(board[origin], readings):
        return False
    pit, before = first_lap_end(board, origin, direction)
    return capture_condition(board, mover, pit, before)


def legal_plies(board, side, readings):
    """Rules 1-3 in order: the candidates; only capturing moves if there is
    one (must capture, from either row); otherwise only inner-row moves if
    there is one (inner row first).  Singletons never; no passes."""
    cands = candidates(board, side)
    capturing = [c for c in cands
                 if is_capturing_move(board, side, c, readings)]
    if capturing:
        return capturing
    inner = [c for c in cands if is_inner(c[0])]
    if inner:
        return inner
    return cands


def drop_seeds(board, start, seeds, direction):
    """Drop `seeds` seeds one at a time into the pits after `start` going
    `direction` round its owner's circuit (the first into the pit after
    `start`).  Returns the pit of the last seed."""
    pit = start
    for _ in range(seeds):
        pit = step(pit, direction)
        board[pit] += 1
    return pit


def kichwa_for_capture(mover, pit, direction):
    """After a capture at the mover's inner pit `pit`: the kichwa the
    captured seeds start in, and the move's direction from then on.
    Pit 1 or 2: kichwa 1, clockwise.  Pit 7 or 8: kichwa 8,
    counter-clockwise.  Otherwise the direction stays: kichwa 1 for a
    clockwise move, kichwa 8 for a counter-clockwise one."""
    number = inner_number(pit)
    if number <= 2:
        return kichwa(mover, 1), CW
    if number >= 7:
        return kichwa(mover, 8), CCW
    if direction == CW:
        return kichwa(mover, 1), CW
    return kichwa(mover, 8), CCW


def lift_empties_own_row(board, mover, pit, readings):
    """inner-row-empty=at-once: a lift (the origin or a relay) from the
    mover's inner row that leaves that row empty stops the move at once.
    Called with `pit` already emptied."""
    if reading(readings, "inner-row-empty") != "at-once":
        return False
    return is_inner(pit) and inner_row_seeds(board, mover) == 0


def capture_empties_opponent_row(board, mover, readings):
    """inner-row-empty=at-once: a capture that leaves the opponent's inner
    row empty stops the move at once.  Called with the captured pit
    already emptied."""
    if reading(readings, "inner-row-empty") != "at-once":
        return False
    return inner_row_seeds(board, 1 - mover) == 0


def make_move(board, captured, mover, ply, readings, log=None):
    """The whole move of one ply, in place on `board` and `captured`.
    Returns how it ended: "end" (a lap's last seed fell in an empty pit),
    "cap" (the safety bound), "stop-lift" or "stop-capture" (at-once: an
    inner row emptied, the move stopped).  `log` (a dict, or None when
    nobody looks) receives the move's kind and one dict per lap."""
    origin, direction = ply
    opponent = 1 - mover
    seeds = board[origin]
    capturing_allowed = origin_may_capture(seeds, readings)
    kind = None                 # decided by the first lap
    laps = []
    if log is not None:
        log["laps"] = laps
        log["origin_seeds"] = seeds
    # The first lap: lift the origin.
    board[origin] = 0
    if log is not None and is_inner(origin) and \
            inner_row_seeds(board, mover) == 0:
        log["origin_empties_row"] = True
    if lift_empties_own_row(board, mover, origin, readings):
        # The lifted seeds go to the opponent, who has won.
        captured[opponent] += seeds
        if log is not None:
            log["kind"] = None
            log["stop"] = ("lift", origin, seeds)
        return "stop-lift"
    lap_kind, start = "first", origin
    extra_laps = 0
    while True:
        if lap_kind == "capture":
            # Captured seeds: the first one into the kichwa `start`.
            pit = start
            board[pit] += 1
            pit = drop_seeds(board, pit, seeds - 1, direction)
        else:
            pit = drop_seeds(board, start, seeds, direction)
        held_before = board[pit] - 1
        lap = None
        if log is not None:
            lap = {"kind": lap_kind, "start": start, "seeds": seeds,
                   "dir": direction, "pit": pit, "held_before": held_before}
            laps.append(lap)
        if kind is None:
            # A move's first lap decides its kind.
            kind = ("capturing" if capturing_allowed and
                    capture_condition(board, mover, pit, held_before)
                    else "non-capturing")
            if log is not None:
                log["kind"] = kind
        if extra_laps == MAX_EXTRA_LAPS:
            # The 10,000th lap after the first ends here: no capture, no
            # relay.
            if lap is not None:
                lap["end"] = "cap"
            return "cap"
        condition = capture_condition(board, mover, pit, held_before)
        if kind == "capturing" and condition:
            target = facing_inner(pit)
            taken = board[target]
            board[target] = 0
            if lap is not None and inner_row_seeds(board, opponent) == 0:
                lap["opponent_row_emptied"] = True
            if capture_empties_opponent_row(board, mover, readings):
                captured[mover] += taken
                if lap is not None:
                    lap["end"] = "stop-capture"
                    lap["capture"] = (target, taken)
                return "stop-capture"
            k, new_direction = kichwa_for_capture(mover, pit, direction)
            if lap is not None:
                lap["end"] = "capture"
                lap["capture"] = (target, taken)
                lap["kichwa"] = k
                lap["turned"] = new_direction != direction
            direction = new_direction
            lap_kind, start, seeds = "capture", k, taken
            extra_laps += 1
            continue
        if held_before >= 1:
            # Relay: lift the pit, the last seed included, and sow on.
            seeds = board[pit]
            board[pit] = 0
            if lap is not None:
                lap["end"] = "relay"
                if condition:
                    lap["no_capture_here"] = True
                if is_inner(pit) and inner_row_seeds(board, mover) == 0:
                    lap["own_row_emptied"] = True
            if lift_empties_own_row(board, mover, pit, readings):
                captured[opponent] += seeds
                if lap is not None:
                    lap["end"] = "stop-lift"
                    lap["lifted"] = seeds
                return "stop-lift"
            lap_kind, start = "relay", pit
            extra_laps += 1
            continue
        if lap is not None:
            lap["end"] = "end"
        return "end"


def apply_ply(st, ply, readings, log=None):
    """The state after the side to act plays `ply`."""
    # Reading: after a move stopped at once, the side to act is still the
    # opponent's, as after any ply (the FinalPosition of such a game shows
    # the winner to act).
    board = st.board[:]
    captured = st.captured[:]
    how = make_move(board, captured, st.side, ply, readings, log)
    if log is not None:
        log["how"] = how
    return State(board, 1 - st.side, captured)


def inner_row_loser(st):
    """The inner-row test: if the player to act has an empty inner row they
    lose; else if the other player's inner row is empty, that player
    loses.  None if both rows hold seeds.  (Under at-once the stops leave
    exactly the rows this finds empty.)"""
    if inner_row_seeds(st.board, st.side) == 0:
        return st.side
    if inner_row_seeds(st.board, 1 - st.side) == 0:
        return 1 - st.side
    return None


def end_reason(st, readings, occurrences):
    """Why the game is over at `st` (None if it is not), tested before each
    ply in the brief's order: the inner-row test, then no legal ply, then a
    third occurrence of the whole state.  `occurrences` is how many times
    the whole state has occurred, this time included."""
    if inner_row_loser(st) is not None:
        return "inner-row-empty"
    if not legal_plies(st.board, st.side, readings):
        return "no-sowing"
    if occurrences >= 3:
        return "repetition"
    return None


def final_totals(reason, st):
    """`Result`: each side's captured seeds plus the seeds swept to it.
    inner-row-empty: every seed on the board goes to the winner;
    no-sowing and repetition: each player takes the seeds in their own
    pits."""
    t = st.captured[:]
    if reason == "inner-row-empty":
        t[1 - inner_row_loser(st)] += sum(st.board)
    else:
        for s in (SOUTH, NORTH):
            t[s] += sum(st.board[p] for p in own_pits(s))
    return t


def winner(reason, st):
    """SOUTH, NORTH or None (a draw)."""
    if reason == "inner-row-empty":
        return 1 - inner_row_loser(st)
    if reason == "no-sowing":
        return 1 - st.side                   # the player who cannot sow loses
    t = final_totals(reason, st)
    if t[0] == t[1]:
        return None
    return SOUTH if t[0] > t[1] else NORTH


class Line:
    """A game in progress: the state and the repetition history."""

    def __init__(self, readings, st):
        self.readings = readings
        self.state = st
        self.seen = {st.key(): 1}
        self.plies = []

    def reason(self):
        return end_reason(self.state, self.readings,
                          self.seen[self.state.key()])

    def play(self, ply):
        log = {}
        self.state = apply_ply(self.state, ply, self.readings, log)
        k = self.state.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        self.plies.append(ply)
        return log


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(st, depth, readings, seen=None):
    """Distinct ply sequences of exactly `depth` plies.  A finished game
    (an empty inner row, no legal ply, or a third occurrence along the
    line, the root being the first) has no plies.  Bulk count at the last
    ply."""
    if seen is None:
        seen = {st.key(): 1}
    if depth == 0:
        return 1
    if inner_row_loser(st) is not None or seen[st.key()] >= 3:
        return 0
    plies = legal_plies(st.board, st.side, readings)
    if depth == 1:
        return len(plies)
    total = 0
    for ply in plies:
        nxt = apply_ply(st, ply, readings)
        k = nxt.key()
        seen[k] = seen.get(k, 0) + 1
        total += perft(nxt, depth - 1, readings, seen)
        seen[k] -= 1
        if seen[k] == 0:
            del seen[k]
    return total


def _divide_one(args):
    text, ply, depth, readings = args
    st = parse_position(text)
    seen = {st.key(): 1}
    nxt = apply_ply(st, ply, readings)
    k = nxt.key()
    seen[k] = seen.get(k, 0) + 1
    return perft(nxt, depth - 1, readings, seen)


def divide(st, depth, readings, jobs=1):
    """[(ply text, count)] for each legal ply at the root."""
    if depth == 0 or inner_row_loser(st) is not None:
        return []
    plies = legal_plies(st.board, st.side, readings)
    work = [(position_string(st), ply, depth, readings) for ply in plies]
    if jobs > 1 and depth >= 4:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            counts = pool.map(_divide_one, work, chunksize=1)
    else:
        counts = [_divide_one(w) for w in work]
    return [(ply_text(ply), c) for ply, c in zip(plies, counts)]


def perft_jobs(st, depth, readings, jobs):
    """perft, the root's plies shared among `jobs` processes."""
    if jobs <= 1 or depth < 4:
        return perft(st, depth, readings)
    return sum(c for _, c in divide(st, depth, readings, jobs))


# ---------------------------------------------------------------------------
# Describing a ply, and the moments it shows
# ---------------------------------------------------------------------------

def lap_text(lap):
    """<start>(<seeds>)<dir><pit of the last seed> for a first lap or a relay
    (the first seed in the pit after <start>); a lap of captured seeds is
    <kichwa>[<seeds>]<dir><pit of the last seed>, its first seed in the
    kichwa.  <dir> is `>` counter-clockwise, `<` clockwise."""
    fmt = "%s[%d]%s%s" if lap["kind"] == "capture" else "%s(%d)%s%s"
    return fmt % (LABEL_OF[lap["start"]], lap["seeds"], DIR_MARK[lap["dir"]],
                  LABEL_OF[lap["pit"]])


def laps_text(laps):
    texts = [lap_text(l) for l in laps]
    if len(texts) > 40:
        texts = texts[:20] + ["... (%d laps) ..." % (len(texts) - 30)] + \
            texts[-10:]
    return " ".join(texts)


def seeds_word(n):
    return "%d seed%s" % (n, "" if n == 1 else "s")


def seeds_go(n):
    """`the 1 seed goes`, `the 3 seeds go`."""
    return "the %s go%s" % (seeds_word(n), "es" if n == 1 else "")


MAX_EVENT_SENTENCES = 12


def capture_sentence(me, them, lap, again):
    target, taken = lap["capture"]
    at = LABEL_OF[lap["pit"]]
    number = inner_number(lap["pit"])
    text = ("At %s (pit %d, held %d before the last seed) %s captures%s "
            "%s's %s (%s)" % (at, number, lap["held_before"], me,
                              " again" if again else "", them,
                              LABEL_OF[target], seeds_word(taken)))
    if lap["end"] == "stop-capture":
        return text + "."
    k = LABEL_OF[lap["kichwa"]]
    new_dir = DIR_NAME[CW if lap["kichwa"] == kichwa(owner(lap["pit"]), 1)
                       else CCW]
    if number in (1, 2, 7, 8):
        where = "a flank capture: into the nearest kichwa %s" % k
        if lap["turned"]:
            where += ", the move turns %s" % new_dir
        else:
            where += ", still %s" % new_dir
    else:
        where = ("a capture in the middle: the direction stays %s, into "
                 "kichwa %s" % (new_dir, k))
    return text + ", " + where + "."


def describe(before, ply, log, after, readings):
    """A plain-words comment for a ply (without the position)."""
    pit, direction = ply
    mover = before.side
    me = SIDE_NAME[mover]
    them = SIDE_NAME[1 - mover]
    laps = log["laps"]
    seeds = log["origin_seeds"]
    head = "%s sows %s %s (%s)" % (me, LABEL_OF[pit], DIR_NAME[direction],
                                   seeds_word(seeds))
    out = []
    if log["kind"] is None:
        out.append(head + ".")
    else:
        kind = ("a capturing move (mtaji)" if log["kind"] == "capturing"
                else "a non-capturing move (takasa)")
        if len(laps) == 1:
            out.append("%s: %s, one lap: %s." % (head, kind,
                                                 laps_text(laps)))
        else:
            out.append("%s: %s, %d laps: %s." % (head, kind, len(laps),
                                                 laps_text(laps)))
    if not is_inner(pit):
        if log["kind"] == "capturing":
            out.append("A capturing move may start in the edge row.")
        elif all(before.board[p] < 2 for p in INNER_ROW[mover]):
            out.append("No inner pit of %s's holds 2 and nothing captures: "
                       "the move starts in the edge row." % me)
    if seeds >= BIG:
        if reading(readings, "full-circle") == "may-capture":
            if log["kind"] == "capturing":
                out.append("The origin held 16 or more and the first lap "
                           "captures: a capturing move under "
                           "full-circle=may-capture.")
        elif laps and laps[0].get("no_capture_here"):
            out.append("The origin held 16 or more, so the move cannot "
                       "capture (full-circle=captures-nothing): its first "
                       "lap ends in %s where a capture would be possible, "
                       "and relays." % LABEL_OF[laps[0]["pit"]])
        else:
            out.append("The origin held 16 or more, so the move cannot "
                       "capture (full-circle=captures-nothing).")
    if log.get("origin_empties_row"):
        if log["how"] == "stop-lift":
            out.append("Lifting %s leaves %s's inner row empty: the move "
                       "stops at once, %s to %s's captured total."
                       % (LABEL_OF[pit], me, seeds_go(seeds), them))
        else:
            out.append("Lifting %s leaves %s's inner row empty for a moment "
                       "(inner-row-empty=after-ply: the move goes on)."
                       % (LABEL_OF[pit], me))
    events = []
    for i, lap in enumerate(laps):
        at = LABEL_OF[lap["pit"]]
        if lap["end"] in ("capture", "stop-capture"):
            events.append(("capture", capture_sentence(
                me, them, lap, lap["kind"] == "capture")))
            if lap.get("opponent_row_emptied"):
                if lap["end"] == "stop-capture":
                    events.append(("", "The capture leaves %s's inner row "
                                   "empty: the move stops at once, %s to "
                                   "%s's captured total."
                                   % (them, seeds_go(lap["capture"][1]),
                                      me)))
                else:
                    events.append(("", "The capture leaves %s's inner row "
                                   "empty (inner-row-empty=after-ply: the "
                                   "move goes on)." % them))
        if lap["kind"] == "capture" and lap["end"] == "relay":
            events.append(("capture-relay", "The captured seeds end in the "
                           "occupied %s: relay." % at))
        if lap.get("no_capture_here") and log["kind"] == "non-capturing" \
                and not (i == 0 and seeds >= BIG):
            events.append(("takasa", "At %s (held %d, facing %s's %s with "
                           "%d) a capture would be possible, but this is a "
                           "non-capturing move: relay."
                           % (at, lap["held_before"], them,
                              LABEL_OF[facing_inner(lap["pit"])],
                              after.board[facing_inner(lap["pit"])])))
        if lap["end"] == "stop-lift":
            events.append(("", "Lifting %s (%s) for the relay leaves %s's "
                           "inner row empty: the move stops at once, %s to "
                           "%s's captured total."
                           % (at, seeds_word(lap["lifted"]), me,
                              seeds_go(lap["lifted"]), them)))
        elif lap.get("own_row_emptied"):
            events.append(("", "Lifting %s for the relay leaves %s's inner "
                           "row empty for a moment (inner-row-empty="
                           "after-ply: the move goes on)." % (at, me)))
    if len(events) > MAX_EVENT_SENTENCES:
        rest = events[MAX_EVENT_SENTENCES - 2:]
        events = events[:MAX_EVENT_SENTENCES - 2]
        kinds = {}
        for kind, _ in rest:
            kinds[kind] = kinds.get(kind, 0) + 1
        names = {"capture": "captures",
                 "capture-relay": "laps of captured seeds ending in a relay",
                 "takasa": "landings where a capture would be possible "
                           "(relay)",
                 "": "other events"}
        events.append(("", "Then %d more: %s." % (
            len(rest), ", ".join("%d %s" % (kinds[k], names[k])
                                 for k in ("capture", "capture-relay",
                                           "takasa", "") if k in kinds))))
    out += [text for _, text in events]
    if laps:
        last = laps[-1]
        at = LABEL_OF[last["pit"]]
        if last["end"] == "end":
            if last["kind"] == "capture" and last["seeds"] == 1:
                out.append("The single captured seed falls in the empty "
                           "kichwa %s: the move ends." % at)
            else:
                out.append("The last seed falls in the empty pit %s: the "
                           "move ends." % at)
        elif last["end"] == "cap":
            out.append("The 10,000th lap after the first ends in %s: the "
                       "move stops there (safety bound), with no capture "
                       "or relay." % at)
    if reading(readings, "inner-row-empty") == "after-ply" and \
            (log.get("origin_empties_row") or
             any(l.get("own_row_emptied") for l in laps)) and \
            inner_row_seeds(after.board, mover) > 0:
        out.append("%s's inner row holds seeds again when the ply ends: the "
                   "game goes on." % me)
    return " ".join(out)


MOMENT_TEXT = {
    "capture-middle-ccw": "a capture in the middle pits (3-6) that keeps "
                          "the direction, counter-clockwise (into kichwa "
                          "8)",
    "capture-middle-cw": "a capture in the middle pits (3-6) that keeps the "
                         "direction, clockwise (into kichwa 1)",
    "capture-flank-turns": "a capture in a flank (pits 1, 2, 7, 8) that "
                           "turns the direction",
    "capture-flank-keeps": "a capture in a flank whose nearest kichwa keeps "
                           "the direction",
    "capture-again": "a lap of captured seeds that captures again",
    "capture-lap-relays": "a lap of captured seeds that ends in an occupied "
                          "pit and relays",
    "single-seed-empty-kichwa": "a single captured seed into an empty "
                                "kichwa: the move ends",
    "single-seed-kichwa-captures": "a single captured seed into an occupied "
                                   "kichwa that captures again",
    "takasa-passes-capture": "a non-capturing move whose lap ends where a "
                             "capture would be possible (relay, no capture)",
    "edge-move": "a move from the edge row because no inner pit holds 2 "
                 "(nothing captures)",
    "edge-capture": "a capturing move from the edge row",
    "origin-16": "a move from a pit of 16 or more seeds",
    "origin-16-blocked": "a move from a pit of 16 or more whose first lap "
                         "ends where a capture would be possible: "
                         "non-capturing (full-circle=captures-nothing)",
    "origin-16-captures": "a move from a pit of 16 or more that captures "
                          "(full-circle=may-capture)",
    "row-empty-refilled": "the mover's inner row empty for a moment during "
                          "the ply and refilled before it ends: the game "
                          "goes on (inner-row-empty=after-ply)",
    "relay-cap": "a move stopped by the safety bound (10,000 extra laps)",
    "end-capture-empties": "game ends: a capture empties the opponent's "
                           "inner row (the mover wins)",
    "end-lift-empties": "game ends: a lift empties the mover's own inner "
                        "row (the mover loses)",
    "no-sowing": "game ends: the player to act has no legal ply and loses",
    "repetition": "game ends: a whole state occurs for the third time",
    "draw": "drawn game (repetition with equal totals)",
}


def moments_of(before, ply, log, readings):
    pit, _ = ply
    found = []
    laps = log["laps"]
    for lap in laps:
        if lap["end"] == "capture":
            number = inner_number(lap["pit"])
            if number in (1, 2, 7, 8):
                found.append("capture-flank-turns" if lap["turned"]
                             else "capture-flank-keeps")
            elif lap["dir"] == CCW:
                found.append("capture-middle-ccw")
            else:
                found.append("capture-middle-cw")
        if lap["kind"] == "capture":
            if lap["end"] in ("capture", "stop-capture"):
                found.append("capture-again")
                if lap["seeds"] == 1:
                    found.append("single-seed-kichwa-captures")
            if lap["end"] in ("relay", "stop-lift"):
                found.append("capture-lap-relays")
            if lap["end"] == "end" and lap["seeds"] == 1:
                found.append("single-seed-empty-kichwa")
        if lap.get("no_capture_here") and log["kind"] == "non-capturing" \
                and not (lap is laps[0] and log["origin_seeds"] >= BIG):
            found.append("takasa-passes-capture")
    if not is_inner(pit):
        if log["kind"] == "capturing":
            found.append("edge-capture")
        elif all(before.board[p] < 2 for p in INNER_ROW[before.side]):
            found.append("edge-move")
    if log["origin_seeds"] >= BIG:
        found.append("origin-16")
        if log["kind"] == "capturing":
            found.append("origin-16-captures")
        elif laps and laps[0].get("no_capture_here"):
            found.append("origin-16-blocked")
    if laps and laps[-1]["end"] == "cap":
        found.append("relay-cap")
    if reading(readings, "inner-row-empty") == "after-ply" and \
            (log.get("origin_empties_row") or
             any(l.get("own_row_emptied") for l in laps)):
        after = apply_ply(before, ply, readings)
        if inner_row_seeds(after.board, before.side) > 0:
            found.append("row-empty-refilled")
    return sorted(set(found), key=found.index)


def end_moments(line):
    """The moments of a finished game's end."""
    reason = line.reason()
    st = line.state
    out = []
    if reason == "inner-row-empty":
        mover = 1 - st.side                 # who made the last ply
        if inner_row_loser(st) == mover:
            out.append("end-lift-empties")
        else:
            out.append("end-capture-empties")
    else:
        out.append(reason)
        if reason == "repetition" and winner(reason, st) is None:
            out.append("draw")
    return out


# ---------------------------------------------------------------------------
# Policies and seeded games
# ---------------------------------------------------------------------------

def seeds_captured(st, ply, readings):
    """Seeds the ply takes from the opponent's inner row."""
    log = {}
    apply_ply(st, ply, readings, log)
    return sum(l["capture"][1] for l in log["laps"] if "capture" in l)


def outcome_for_mover(st, ply, readings):
    """+1 if the ply ends the game with the mover winning at once, -1 if
    losing at once, 0 otherwise (repetition left aside)."""
    nxt = apply_ply(st, ply, readings)
    loser = inner_row_loser(nxt)
    if loser is None:
        if not legal_plies(nxt.board, nxt.side, readings):
            return 1
        return 0
    return -1 if loser == st.side else 1


def choose(policy, st, plies, rng, readings):
    if policy == "uniform" or len(plies) == 1:
        return rng.choice(plies)
    if policy == "greedy":
        if rng.random() < 0.8:
            gains = [seeds_captured(st, p, readings) for p in plies]
            best = max(gains)
            return rng.choice([p for p, g in zip(plies, gains) if g == best])
        return rng.choice(plies)
    if policy == "finisher":
        scored = []
        for p in plies:
            nxt = apply_ply(st, p, readings)
            scored.append((outcome_for_mover(st, p, readings),
                           -inner_row_seeds(nxt.board, nxt.side), p))
        wins = [p for o, _, p in scored if o == 1]
        if wins:
            return rng.choice(wins)
        safe = [s for s in scored if s[0] == 0] or scored
        if rng.random() < FINISHER_RANDOM:
            return rng.choice([p for _, _, p in safe])
        best = max(s[1] for s in safe)
        return rng.choice([p for _, v, p in safe if v == best])
    raise ValueError(policy)


FINISHER_RANDOM = 0.2

POLICY_TEXT = {
    "uniform": "a legal ply chosen uniformly at random",
    "greedy": "with probability 0.8 the ply that captures most seeds "
              "(ties at random), else a random ply",
    "finisher": "a ply that wins at once if there is one; else, among the "
                "plies that do not lose at once (all plies if every one "
                "does), with probability %.1f a random one, else the one "
                "leaving the opponent fewest seeds in their inner row, ties "
                "at random (the policy that makes games end)"
                % FINISHER_RANDOM,
}


def random_game(readings, seed, south, north, max_plies):
    """A seeded game; None if it has not ended after max_plies plies.
    The log holds (ply, state before, move log) for every ply."""
    rng = random.Random(seed)
    line = Line(readings, initial_state())
    log = []
    while line.reason() is None:
        if len(line.plies) >= max_plies:
            return None
        st = line.state
        plies = legal_plies(st.board, st.side, readings)
        policy = south if st.side == SOUTH else north
        ply = choose(policy, st, plies, rng, readings)
        mlog = line.play(ply)
        log.append((ply, st, mlog))
    return line, log


def game_moments(line, log, readings):
    """moment -> list of ply numbers (from 1) in a finished game."""
    found = {}
    for i, (ply, before, mlog) in enumerate(log):
        for m in moments_of(before, ply, mlog, readings):
            found.setdefault(m, []).append(i + 1)
    for m in end_moments(line):
        found.setdefault(m, []).append(len(log))
    return found


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

DATE = "2026.12.04"


def end_text(reason, st):
    t = final_totals(reason, st)
    w = winner(reason, st)
    if reason == "inner-row-empty":
        loser = inner_row_loser(st)
        return ("%s's inner row is empty: %s wins and takes the %s left on "
                "the board (totals %d-%d)."
                % (SIDE_NAME[loser], SIDE_NAME[w],
                   seeds_word(sum(st.board)), t[0], t[1]))
    if reason == "no-sowing":
        return ("%s has no legal ply (no pit holds 2): %s wins; each side "
                "takes the seeds in its own pits (totals %d-%d)."
                % (SIDE_NAME[st.side], SIDE_NAME[w], t[0], t[1]))
    if w is None:
        return ("The whole state occurs for the third time: the game ends, "
                "each side takes the seeds in its own pits, equal totals "
                "%d-%d, a draw." % (t[0], t[1]))
    return ("The whole state occurs for the third time: the game ends, each "
            "side takes the seeds in its own pits, %s wins with the higher "
            "total (%d-%d)." % (SIDE_NAME[w], t[0], t[1]))


def wrap(text, width=78, prefix=""):
    return textwrap.wrap(text, width, initial_indent=prefix,
                         subsequent_indent=prefix, break_long_words=False,
                         break_on_hyphens=False)


def record_text(readings, seed, south, north, line, log, found_for, shows):
    st = line.state
    reason = line.reason()
    t = final_totals(reason, st)
    name = VARIANT_NAME
    if readings:
        name += " under the reading%s %s" % (
            "s" if len(readings) > 1 else "", readings_text(readings))
    out = []
    out += wrap("Derived by tools/reference/bao_la_kujifunza.py, an independent "
                "Python implementation of %s, written from the rules stated "
                "in the brief of the Bao golden data (restated in "
                "tests/golden/notes/bao_la_kujifunza.md), docs/notation.md and "
                "docs/sources/bao-la-kujifunza.md, without reading the "
                "engine or the rule files." % name, prefix="; ")
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
                "<start>(<seeds>)<dir><pit of the last seed>, the first seed "
                "in the pit after <start>; a lap of captured seeds "
                "<kichwa>[<seeds>]<dir><pit of the last seed>, the first "
                "seed in the kichwa; <dir> is > counter-clockwise, < "
                "clockwise." % len(log), prefix="; ")
    out.append('[Variant "%s"]' % VARIANT)
    out.append('[South "bao_la_kujifunza %s seed %d"]' % (south, seed))
    out.append('[North "bao_la_kujifunza %s seed %d"]' % (north, seed))
    out.append('[Date "%s"]' % DATE)
    if readings:
        out.append('[Readings "%s"]' % readings_text(readings))
    out.append('[Result "%d-%d"]' % (t[0], t[1]))
    out.append('[Termination "%s"]' % reason)
    out.append('[FinalPosition "%s"]' % position_string(st))
    out.append("")
    for i, (ply, before, mlog) in enumerate(log):
        after = log[i + 1][1] if i + 1 < len(log) else st
        text = ply_text(ply)
        if before.side == SOUTH:
            text = "%d. %s" % (i // 2 + 1, text)
        elif i == 0:
            text = "1... %s" % text
        out.append(text)
        comment = describe(before, ply, mlog, after, readings)
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
            if not re.fullmatch(r"\d+\.(\.\.)?", word):
                out.append(("ply", word))
            i = j
    return out


def replay_record(path):
    """Replay a record; check every position comment, the final position,
    Result and Termination.  Returns the number of plies."""
    toks = tokens(open(path, encoding="utf-8").read())
    tags = dict((t[1], t[2]) for t in toks if t[0] == "tag")
    if tags["Variant"] != VARIANT:
        raise AssertionError("%s: variant %s" % (path, tags["Variant"]))
    readings = parse_readings(tags.get("Readings", ""))
    check_readings(readings)
    if "Position" in tags:
        st = parse_position(tags["Position"])
    else:
        st = initial_state()
    line = Line(readings, st)
    for t in toks:
        if t[0] == "ply":
            if line.reason() is not None:
                raise AssertionError("%s: ply %s after the end" % (path, t[1]))
            ply = parse_ply(t[1])
            if ply not in legal_plies(line.state.board, line.state.side,
                                      readings):
                raise AssertionError("%s: illegal ply %s at %s"
                                     % (path, t[1],
                                        position_string(line.state)))
            line.play(ply)
        elif t[0] == "comment" and "Position:" in t[1]:
            claimed = " ".join(t[1].split("Position:")[1].split())
            if claimed != position_string(line.state):
                raise AssertionError("%s: after ply %d the comment says %s, "
                                     "replay gives %s"
                                     % (path, len(line.plies), claimed,
                                        position_string(line.state)))
    reason = line.reason()
    t = final_totals(reason, line.state) if reason else None
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
         ("finisher", "finisher"), ("greedy", "uniform"),
         ("uniform", "finisher"), ("finisher", "greedy")]

AFTER_PLY = {"inner-row-empty": "after-ply"}
MAY_CAPTURE = {"full-circle": "may-capture"}

COMMON_WANTED = ["capture-middle-ccw", "capture-middle-cw",
                 "capture-flank-turns", "capture-again",
                 "capture-lap-relays", "single-seed-empty-kichwa",
                 "takasa-passes-capture", "edge-move"]

# (readings, file-name infix, games wanted, moments looked for)
GOLDEN_SETS = [
    ({}, "", 8,
     COMMON_WANTED + ["origin-16", "origin-16-blocked",
                      "end-capture-empties", "end-lift-empties",
                      "no-sowing", "repetition", "draw", "relay-cap",
                      "single-seed-kichwa-captures", "edge-capture"]),
    (AFTER_PLY, "after-ply-", 3,
     ["row-empty-refilled", "end-capture-empties", "end-lift-empties",
      "no-sowing", "origin-16", "repetition", "relay-cap"]),
    (MAY_CAPTURE, "may-capture-", 3,
     ["origin-16-captures", "end-capture-empties", "end-lift-empties",
      "no-sowing", "repetition", "relay-cap"]),
]

MAX_PLIES = 250        # a chosen game is at most this long
SEED_LIMIT = 1000      # seeds searched for each wanted moment
FILLER_SEED = 101      # fillers: seeds from here, pairs in turn
FILLER_MIN_PLIES = 20
LONG_GAME = 2000       # the brief wants to hear of games longer than this
LENGTH_SURVEY_SEEDS = 300

_games = {}


def seeded_game(readings, seed, south, north, max_plies=MAX_PLIES):
    key = (readings_text(readings), seed, south, north, max_plies)
    if key not in _games:
        _games[key] = random_game(readings, seed, south, north, max_plies)
    return _games[key]


def search_set(readings, count, wanted):
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
                res = seeded_game(readings, seed, s, n)
                if res is None:
                    continue
                found = game_moments(res[0], res[1], readings)
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
        res = seeded_game(readings, seed, s, n)
        k += 1
        if k % len(PAIRS) == 0:
            seed += 1
        if res is None or len(res[1]) < FILLER_MIN_PLIES:
            continue
        if any(c["seed"] == seed and c["south"] == s and c["north"] == n
               for c in chosen):
            continue
        chosen.append(dict(seed=seed, south=s, north=n, line=res[0],
                           log=res[1], found=game_moments(res[0], res[1],
                                                          readings),
                           why="(filler) a further game of policies %s/%s"
                               % (s, n)))
    return chosen, missing


def length_survey(readings):
    """Lengths of the games of seeds 1..LENGTH_SURVEY_SEEDS under every pair,
    played out with no ply limit at all (the rules have none), the most
    laps any move made, and how the games ended."""
    lengths = []
    most_laps = 0
    ends = {}
    twice = 0
    for seed in range(1, LENGTH_SURVEY_SEEDS + 1):
        for s, n in PAIRS:
            line, log = random_game(readings, seed, s, n, 10 ** 9)
            lengths.append(len(log))
            most_laps = max([most_laps] + [len(m["laps"]) for _, _, m in log])
            r = line.reason()
            ends[r] = ends.get(r, 0) + 1
            if max(line.seen.values()) >= 2:
                twice += 1
    lengths.sort()
    return {"games": len(lengths), "median": lengths[len(lengths) // 2],
            "max": lengths[-1], "most_laps": most_laps, "ends": ends,
            "twice": twice,
            "over_max_plies": sum(1 for x in lengths if x > MAX_PLIES),
            "over_long": sum(1 for x in lengths if x > LONG_GAME)}


def file_name(k, infix, game):
    s, n = game["south"], game["north"]
    pol = s if s == n else "%s-%s" % (s, n)
    return "%02d-%s%s-seed%d.rec" % (k, infix, pol, game["seed"])


def golden(root, jobs=1):
    t0 = time.time()
    report = {"sets": [], "perft": [], "survey": []}
    written = []
    gdir = os.path.join(root, "tests", "golden", VARIANT)
    os.makedirs(gdir, exist_ok=True)
    for f in os.listdir(gdir):
        if f.endswith(".rec"):
            os.remove(os.path.join(gdir, f))
    number = 0
    for readings, infix, count, wanted in GOLDEN_SETS:
        chosen, missing = search_set(readings, count, wanted)
        files = []
        for game in chosen:
            number += 1
            fname = file_name(number, infix, game)
            path = os.path.join(gdir, fname)
            shows = sorted(game["found"].items(), key=lambda kv: kv[1][0])
            with open(path, "w", encoding="utf-8") as f:
                f.write(record_text(readings, game["seed"], game["south"],
                                    game["north"], game["line"], game["log"],
                                    game["why"], shows))
            game["file"] = VARIANT + "/" + fname
            files.append(game)
            written.append((path, game))
            print("wrote %s (%d plies, %s)" % (path, len(game["log"]),
                                               game["line"].reason()))
        report["sets"].append((readings, files, wanted, missing))
        report["survey"].append((readings, length_survey(readings)))
    # Read every record back and replay it.
    for path, game in written:
        n = replay_record(path)
        assert n == len(game["log"]), path
    print("replayed %d records: every position comment, FinalPosition, "
          "Result and Termination agree" % len(written))
    t_games = time.time() - t0
    for name, readings, set_index in PERFT_FILES:
        report["perft"].append(write_perft(root, name, readings,
                                           report["sets"][set_index][1],
                                           jobs))
    report["time_games"] = t_games
    report["time_total"] = time.time() - t0
    write_generated_docs(root, report)
    print("golden took %.1f s (games %.1f s)" % (report["time_total"],
                                                 t_games))


# ---------------------------------------------------------------------------
# Perft files
# ---------------------------------------------------------------------------

# (file name, readings, index of the golden set its mid-game positions come
# from)
PERFT_FILES = [
    ("bao-la-kujifunza", {}, 0),
    ("bao-la-kujifunza-after-ply", AFTER_PLY, 1),
    ("bao-la-kujifunza-may-capture", MAY_CAPTURE, 2),
]

START_DEPTH = 6
MID_DEPTH = 5
STATS_DEPTH = 4
NEAR_END = 3           # "near the end": this many plies before the last

HAND = {}

HAND["bao-la-kujifunza"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0-0:
#
# perft(1) = 16: every South pit holds 2, so all 32 (pit, direction) pairs
#   are candidates. A lap of 2 ends two pits on, in a pit holding 2; it
#   captures when that pit is in South's inner row (the North pit facing
#   it holds 2). Counter-clockwise (a..h, h2..a2) that is the move from
#   g, h, h2, g2, f2, e2, d2 or c2; clockwise (a, a2..h2, h..b) from b,
#   a, a2, b2, c2, d2, e2 or f2. These 16 capturing moves are the legal
#   plies (must capture).
#
# perft(2) = 108: South's move changes only South's pits and empties the
#   North inner pits it captures; every other North pit still holds 2.
#   North's lap from a pit of 2 ends two pits on, so a North move captures
#   when that pit is an inner pit still holding 2 and the South inner pit
#   facing it holds seeds. After each South move North has such moves, so
#   they are North's legal plies. South's moves (laps written as in the
#   records: x(n)>y sows n from x counter-clockwise, last seed in y;
#   k[n]<y sows n captured seeds clockwise, the first in the kichwa k):
#   a<:  a(2)<b2 captures G2 (pit 2: kichwa a2, clockwise), a2[2]<b2
#        relays b2(4)<f2, captures C2 (pit 6, middle), a2[2]<b2 ends.
#        North loses G2, C2; South's inner row full. North: A< B< G> B2<
#        D2> D2< F2> F2< H2> = 9.
#   b<:  b(2)<a2 captures H2, a2[2]<b2 captures G2, a2[2]<b2 relays
#        b2(4)<f2, captures C2, a2[2]<b2 ends. North loses H2, G2, C2.
#        North: A< B< B2< D2> D2< F2> = 6.
#   a2<: a2(2)<c2 captures F2, a2[2]<b2 captures G2, a2[2]<b2 relays
#        b2(5)<g2, captures B2 (pit 7: kichwa h2, the move turns
#        counter-clockwise), h2[2]>g2 relays g2(4)>c2 c2(5)>c c(3)>f f(3)>h2,
#        captures A2, h2[2]>g2 ends. North loses F2, G2, B2, A2; South's c2
#        is empty, so North's landing F2 (facing c2) could not capture
#        anyway. North: G> C2< E2> = 3.
#   b2<: b2(2)<d2 captures E2, a2[2]<b2 ends (b2 emptied). North: A< B<
#        G> H> A2< B2< C2> D2> D2< F2> F2< H2> = 12.
#   c2>: c2(2)>a2 captures H2 (pit 1: kichwa a2, the move turns
#        clockwise), a2[2]<b2 captures G2, a2[2]<b2 relays b2(5)<g2,
#        captures B2 (turns back), h2[2]>g2 relays g2(4)>c2, captures F2,
#        h2[2]>g2 ends. North loses H2, G2, B2, F2; South's b2 is empty.
#        North: B< A2< C2> C2< E2> = 5.
#   c2<: c2(2)<e2 captures D2, a2[2]<b2 captures G2, a2[2]<b2 relays
#        b2(4)<f2, captures C2, a2[2]<b2 ends. North: A< B< G> F2< H2> = 5.
#   d2>: d2(2)>b2 captures G2, a2[2]<b2 relays b2(4)<f2, captures C2,
#        a2[2]<b2 ends. North: A< B< G> B2< D2> D2< F2> F2< H2> = 9.
#   d2<: d2(2)<f2 captures C2, a2[2]<b2 captures G2, a2[2]<b2 relays
#        b2(4)<f2 f2(4)<g g(3)<d d(3)<a a(3)<c2, captures F2, a2[2]<b2
#        relays b2(2)<d2, captures E2, a2[2]<b2 ends. North loses C2, G2,
#        F2, E2; South's f2 is empty. North: A< B< G> B2< D2> = 5.
#   The board's left-right mirror (a <-> h, b <-> g, ..., a2 <-> h2, ...,
#   A <-> H, ..., and > <-> <; pit k <-> pit 9 - k, flank to flank) maps
#   each of these onto one of the other eight: a< <-> h>, b< <-> g>, a2<
#   <-> h2>, b2< <-> g2>, c2> <-> f2<, c2< <-> f2>, d2> <-> e2<, d2< <->
#   e2>, with the same count (h> 9, g> 6, h2> 3, g2> 12, f2< 5, f2> 5,
#   e2< 9, e2> 5).
#   2 x (9 + 6 + 3 + 12 + 5 + 5 + 9 + 5) = 108."""

HAND["bao-la-kujifunza-after-ply"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0-0:
#
# perft(1) = 16 and perft(2) = 108, as under the default reading
#   (tests/perft/bao-la-kujifunza.perft derives them): South's first move
#   lifts one pit at a time from a row of 16 seeds and captures at most 4 of
#   North's 8 inner pits, so no inner row is empty at any moment of ply 1,
#   and the readings give the same positions after it. They first part at
#   depth 4 (a lift leaving a row empty for a moment, at ply 3)."""

HAND["bao-la-kujifunza-may-capture"] = """\
# Hand derivation for the initial position
# 2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0-0:
#
# perft(1) = 16 and perft(2) = 108, as under the default reading
#   (tests/perft/bao-la-kujifunza.perft derives them): the readings differ
#   only for a move from a pit of 16 or more, and every origin of plies 1
#   and 2 holds 2 (South's move leaves North's pits at 2, or empties
#   them)."""


def perft_header(name, readings):
    out = []
    if readings:
        out += ["# Perft counts for %s (%s) under the reading %s:"
                % (VARIANT_NAME, VARIANT, readings_text(readings))]
        if readings == AFTER_PLY:
            text = ("a move never stops early; after each ply the player "
                    "to act loses if their inner row is empty, else the "
                    "other player loses if theirs is (under the default "
                    "reading, tests/perft/bao-la-kujifunza.perft, a lift "
                    "that empties the mover's inner row or a capture that "
                    "empties the opponent's stops the move at once).")
        else:
            text = ("a move from a pit of 16 or more seeds may be a "
                    "capturing move like any other (under the default "
                    "reading, tests/perft/bao-la-kujifunza.perft, it never "
                    "is).")
        out += wrap(text + " Everything else as in bao-la-kujifunza.perft. "
                    "Each section gives the default reading's counts too, "
                    "to show where the readings part.", 76, "# ")
    else:
        out += ["# Perft counts for %s (%s), default readings "
                "(inner-row-empty=at-once, full-circle=captures-nothing), "
                "South first." % (VARIANT_NAME, VARIANT)]
    out.append("#")
    out += wrap("perft(d) = number of distinct ply sequences of exactly d "
                "plies from the position. A ply is a pit and a direction "
                "(`c2>`, `c2<`): the two directions from one pit are two "
                "plies even where they give the same position. A finished "
                "game has no plies: an inner row is empty, the player to act "
                "has no legal ply, or the whole state (32 counts, side to "
                "act, captured totals) occurs for the third time along the "
                "line, the section's position being its first occurrence; a "
                "ply that ends the game still counts at its own depth. "
                "perft(0) = 1. A move stops at its 10,000th lap after the "
                "first (the safety bound).", 76, "# ")
    out.append("#")
    out += wrap("All counts below were computed by "
                "tools/reference/bao_la_kujifunza.py, an independent Python "
                "implementation written from the rules in the brief of the "
                "Bao golden data (restated in "
                "tests/golden/notes/bao_la_kujifunza.md), without reading the "
                "engine or the rule files (plain recursive enumeration, the "
                "repetition history carried along each line, bulk count at "
                "the last ply). The \"Within depth\" note of a section "
                "counts events over every ply of every line up to that "
                "depth, and the lines that end inside it.", 76, "# ")
    out.append("#")
    out.append("# Regenerate: python3 tools/reference/bao_la_kujifunza.py golden")
    rd = ""
    if readings:
        rd = " --reading " + readings_text(readings)
    out.append("# One number: python3 tools/reference/bao_la_kujifunza.py perft "
               "<depth> [--position P]%s" % rd)
    out.append("#")
    out.append(HAND[name])
    return out


def hand_claims(name):
    return dict((int(d), int(v)) for d, v in
                re.findall(r"perft\((\d)\) = (\d+)", HAND[name]))


def perft_stats(st, depth, readings):
    """Events over every ply of every line up to `depth`."""
    stats = {}
    seen = {st.key(): 1}

    def count(k):
        stats[k] = stats.get(k, 0) + 1

    def walk(s, d):
        r = end_reason(s, readings, seen[s.key()])
        if r is not None:
            count("ends " + r)
            return
        if d == 0:
            return
        for ply in legal_plies(s.board, s.side, readings):
            log = {}
            nxt = apply_ply(s, ply, readings, log)
            for m in moments_of(s, ply, log, readings):
                count(m)
            if log["how"] in ("stop-lift", "stop-capture"):
                count(log["how"])
            k = nxt.key()
            seen[k] = seen.get(k, 0) + 1
            walk(nxt, d - 1)
            seen[k] -= 1
            if seen[k] == 0:
                del seen[k]

    walk(st, depth)
    return stats


STAT_ORDER = ["capture-middle-ccw", "capture-middle-cw",
              "capture-flank-turns", "capture-flank-keeps", "capture-again",
              "capture-lap-relays", "single-seed-empty-kichwa",
              "single-seed-kichwa-captures", "takasa-passes-capture",
              "edge-move", "edge-capture", "origin-16", "origin-16-blocked",
              "origin-16-captures", "row-empty-refilled", "relay-cap",
              "stop-lift", "stop-capture", "ends inner-row-empty",
              "ends no-sowing", "ends repetition"]


def stats_text(stats, depth):
    parts = []
    for k in STAT_ORDER:
        if k in stats:
            parts.append("%s %d" % (k, stats[k]))
    if not parts:
        return "Within depth %d: nothing of note." % depth
    return "Within depth %d: %s." % (depth, ", ".join(parts))


def biggest_pit(st):
    return max(st.board)


# Moments whose plies give the third and later mid-game positions (the
# position just before such a ply), tried in turn.
PERFT_PICKS = {
    "bao-la-kujifunza": ["takasa-passes-capture", "edge-move",
                         "capture-flank-turns"],
    "bao-la-kujifunza-after-ply": ["row-empty-refilled",
                                   "takasa-passes-capture", "edge-move"],
    "bao-la-kujifunza-may-capture": ["takasa-passes-capture", "edge-move",
                                     "capture-flank-turns"],
}
MID_POSITIONS = 4


def pick_positions(name, readings, games):
    """Mid-game positions from the golden games, each the position just
    before a ply of a game: (game, ply number, what it shows, state, ply
    text).  First one where the mover sows a pit of 16 or more (the one
    whose first lap would capture, or does, if there is one); then one
    NEAR_END plies before an inner-row-empty end; then positions before
    plies showing the moments of PERFT_PICKS, a game at most once while
    other games are left."""
    picks = []
    used = set()

    def take(game, p, what):
        ply, before, mlog = game["log"][p - 1]
        picks.append((game, p, what, before, ply_text(ply)))
        used.add(game["file"])

    for want in ("origin-16-captures", "origin-16-blocked", "origin-16"):
        hits = [(g, g["found"][want][0]) for g in games if want in g["found"]]
        if hits:
            game, p = hits[0]
            before = game["log"][p - 1][1]
            take(game, p, "the mover sows a pit of %d seeds, %s" % (
                before.board[game["log"][p - 1][0][0]],
                MOMENT_TEXT[want]))
            break
    for game in games:                       # near an inner-row-empty end
        if game["file"] in used:
            continue
        if game["line"].reason() == "inner-row-empty" and \
                len(game["log"]) > NEAR_END + 2:
            p = len(game["log"]) - NEAR_END + 1
            take(game, p, "%d plies before the game's end, where %s"
                 % (NEAR_END, MOMENT_TEXT[end_moments(game["line"])[0]]
                    .split(": ", 1)[1]))
            break
    for reuse in (False, True):
        for want in PERFT_PICKS[name]:
            if len(picks) >= MID_POSITIONS:
                break
            if any(w == want for _, _, w, _, _ in picks):
                continue
            for game in games:
                if game["file"] in used and not reuse:
                    continue
                plies = [p for p in game["found"].get(want, []) if p > 4 and
                         not any(g is game and q == p
                                 for g, q, _, _, _ in picks)]
                if plies:
                    ply, before, mlog = game["log"][plies[0] - 1]
                    picks.append((game, plies[0], want, before,
                                  ply_text(ply)))
                    used.add(game["file"])
                    break
    return [(g, p, "the next ply shows " + MOMENT_TEXT[w]
             if w in MOMENT_TEXT else w, st, t)
            for g, p, w, st, t in picks]


def run_perft(st, max_depth, readings, jobs):
    """[(depth, count, seconds)] for depths 1..max_depth."""
    rows = []
    for d in range(1, max_depth + 1):
        t = time.time()
        rows.append((d, perft_jobs(st, d, readings, jobs), time.time() - t))
    return rows


def write_perft(root, name, readings, games, jobs=1):
    out = perft_header(name, readings)
    log = []
    sections = [(initial_state(), "The initial position.", [])]
    for game, p, what, before, ply in pick_positions(name, readings, games):
        sections.append((before, "Position before ply %d of tests/golden/%s."
                         % (p, game["file"]),
                         wrap("At the root: %s. The game plays %s there."
                              % (what, ply), 76, "# ")))
    for i, (st, title, extra) in enumerate(sections):
        t = time.time()
        if i == 0:
            rows = run_perft(st, START_DEPTH, readings, jobs)
            claims = hand_claims(name)
            for d, c, _ in rows:
                if d in claims and claims[d] != c:
                    raise AssertionError("%s: hand derivation says perft(%d)"
                                         " = %d, counted %d"
                                         % (name, d, claims[d], c))
        else:
            rows = run_perft(st, MID_DEPTH, readings, jobs)
        stats = perft_stats(st, STATS_DEPTH, readings)
        seconds = time.time() - t
        out.append("")
        out.append("# " + title)
        out += extra
        out += wrap(stats_text(stats, STATS_DEPTH), 76, "# ")
        if readings:
            default = [perft(st, d, {}) for d in range(1, rows[-1][0] + 1)]
            out += wrap("Default reading, depths 1-%d: %s."
                        % (rows[-1][0], ", ".join(str(x) for x in default)),
                        76, "# ")
        out.append("position %s" % position_string(st))
        for d, c, _ in rows:
            out.append("%d %d" % (d, c))
        log.append((name, position_string(st), rows[-1][0], seconds,
                    rows[-1][2], title))
        print("perft %s: %s to depth %d in %.1f s"
              % (name, position_string(st), rows[-1][0], seconds))
    path = os.path.join(root, "tests", "perft", name + ".perft")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return log


# ---------------------------------------------------------------------------
# The generated parts of the notes and of tests/golden/README.md
# ---------------------------------------------------------------------------

NOTES_BEGIN = "<!-- generated by tools/reference/bao_la_kujifunza.py golden: begin -->"
NOTES_END = "<!-- generated by tools/reference/bao_la_kujifunza.py golden: end -->"
README_BEGIN = ("<!-- section written by tools/reference/bao_la_kujifunza.py "
                "golden: begin -->")
README_END = ("<!-- section written by tools/reference/bao_la_kujifunza.py "
              "golden: end -->")


def plies_text(plies, most=3):
    text = ", ".join(str(p) for p in plies[:most])
    if len(plies) > most:
        text += ", ..."
    return text


def set_title(readings):
    return readings_text(readings) or "default readings"


def moments_table(sets):
    """Markdown rows: moment | reading set | files and plies."""
    out = ["| moment | readings | shown in (ply) |", "| --- | --- | --- |"]
    for readings, games, wanted, missing in sets:
        order = list(wanted)
        where = {}
        for game in games:
            for m, plies in sorted(game["found"].items(),
                                   key=lambda kv: kv[1][0]):
                if m not in order and not readings:
                    order.append(m)
                where.setdefault(m, []).append((game["file"], plies))
        for m in order:
            cells = ["`%s` (%s)" % (f.split("/", 1)[1], plies_text(p))
                     for f, p in where.get(m, [])]
            if not cells:
                text = ("not found (seeds 1-%d, every policy pair, games of "
                        "at most %d plies)" % (SEED_LIMIT, MAX_PLIES))
            else:
                text = ", ".join(cells[:3])
                if len(cells) > 3:
                    text += " and %d more" % (len(cells) - 3)
            out.append("| %s | %s | %s |" % (MOMENT_TEXT[m],
                                             set_title(readings), text))
    return out


def files_table(sets):
    out = ["| file | readings | plies | result | termination | searched for "
           "| moments shown (first ply) |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for readings, games, wanted, missing in sets:
        for game in games:
            st = game["line"].state
            reason = game["line"].reason()
            t = final_totals(reason, st)
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
                       % (game["file"].split("/", 1)[1],
                          readings_text(readings) or "-", len(game["log"]),
                          res, reason, why, shows))
    return out


def generated_body(report, heading_level):
    h = "#" * heading_level
    out = []
    sets = report["sets"]
    out += moments_table(sets)
    out.append("")
    out.append("%s Files" % h)
    out.append("")
    out += files_table(sets)
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
                "ply in the file describes the moment. Files are in "
                "`tests/golden/bao-la-kujifunza/`.", 78)
    out.append("")
    out += generated_body(report, 3)
    missing = [(r, m) for r, g, w, ms in report["sets"] for m in ms]
    out.append("### Moments not found")
    out.append("")
    if not missing:
        out.append("None.")
    for r, m in missing:
        out += textwrap.wrap(
            "- %s: %s (no finished game of at most %d plies shows it over "
            "seeds 1-%d and every policy pair)."
            % (set_title(r), MOMENT_TEXT[m], MAX_PLIES, SEED_LIMIT), 78,
            subsequent_indent="  ", break_long_words=False,
            break_on_hyphens=False)
    out.append("")
    out.append("### Game lengths")
    out.append("")
    out += wrap("Seeds 1-%d, every policy pair (%d games a line), each game "
                "played out to its end with no ply limit:"
                % (LENGTH_SURVEY_SEEDS, LENGTH_SURVEY_SEEDS * len(PAIRS)), 78)
    out.append("")
    out.append("| readings | median plies | longest | over %d | over %d | "
               "most laps in a move | ends | games where a state occurs "
               "twice |" % (MAX_PLIES, LONG_GAME))
    out.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for readings, s in report["survey"]:
        ends = ", ".join("%s %d" % kv for kv in sorted(s["ends"].items()))
        out.append("| %s | %d | %d | %d | %d | %d | %s | %d |"
                   % (readings_text(readings) or "-", s["median"], s["max"],
                      s["over_max_plies"], s["over_long"], s["most_laps"],
                      ends, s["twice"]))
    out.append("")
    out.append("### Perft timings")
    out.append("")
    out.append("This machine, each section including its \"Within depth\" "
               "walk (the deepest count alone in brackets):")
    out.append("")
    for log in report["perft"]:
        for name, pos, depth, seconds, deepest, title in log:
            out.append("- `%s` `%s`: to depth %d in %.1f s (%.1f s)"
                       % (name, pos, depth, seconds, deepest))
    out.append("")
    out.append("`golden` took %.0f s in all (%.0f s for the games, the "
               "replays and the length survey; the rest is perft)."
               % (report["time_total"], report["time_games"]))
    out.append("")
    out.append(NOTES_END)
    return out


def readme_section(report):
    out = [README_BEGIN, ""]
    out.append("## Bao la Kujifunza (`bao-la-kujifunza/`): four rows, two "
               "directions")
    out.append("")
    out += wrap(
        "Complete games of Bao la Kujifunza on the 4x8 board, produced by "
        "`tools/reference/bao_la_kujifunza.py`, an independent Python "
        "implementation (standard library only) written from the rules "
        "stated in the brief of the Bao golden data, docs/notation.md and "
        "the reading notes docs/sources/bao-la-kujifunza.md, without "
        "reading or running the engine and without reading the rule files. "
        "Each game is a seeded random game between two simple policies "
        "(the `;` header of each file, `POLICY_TEXT` in the script); for "
        "each wanted moment the script takes the first seed (1, 2, ...) "
        "whose finished game of at most %d plies shows it, then fills the "
        "set with further seeded games. Every file is read back and "
        "replayed after writing (every `Position:` comment, "
        "`FinalPosition`, `Result` and `Termination` must match). How the "
        "data were derived, every rule as implemented and the points the "
        "brief left open: [notes/bao_la_kujifunza.md](notes/bao_la_kujifunza.md)."
        % MAX_PLIES, 78)
    out.append("")
    out.append("    python3 tools/reference/bao_la_kujifunza.py golden    # also "
               "rewrites tests/perft/bao-la-kujifunza{,-after-ply,"
               "-may-capture}.perft")
    out.append("")
    out += wrap(
        "Positions list four rows, `a..h/a2..h2/A..H/A2..H2`, each in label "
        "order; a ply is a pit and a direction, always written: `c2>` "
        "(counter-clockwise), `c2<` (clockwise). Terminations: "
        "`inner-row-empty` (a player's inner row is empty: they lose, and "
        "the winner takes every seed on the board), `no-sowing` (the player "
        "to act has no legal ply and loses; each side takes the seeds in "
        "its own pits) and `repetition`. `Result` is each side's captured "
        "seeds plus the seeds swept to it. Captured seeds are sown again, "
        "so the captured totals stay 0 until a move stopped by an emptied "
        "inner row (the default reading, `inner-row-empty=at-once`) puts "
        "the seeds in hand there. Files with `[Readings "
        "\"inner-row-empty=after-ply\"]` never stop a move early and test "
        "the rows after each ply; files with `[Readings "
        "\"full-circle=may-capture\"]` let a move from 16 or more seeds "
        "capture.", 78)
    out.append("")
    out += wrap("Ply numbers count every ply from 1; the comment after that "
                "ply in the file describes the moment. In comments a lap is "
                "written `<start>(<seeds>)<dir><pit of the last seed>` (the "
                "first seed in the pit after the start), a lap of captured "
                "seeds `<kichwa>[<seeds>]<dir><pit of the last seed>` (the "
                "first seed in the kichwa).", 78)
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
                                 "bao_la_kujifunza.md"),
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


def simulated_first_lap(board, origin, direction):
    """first_lap_end the slow way: sow the lap on a copy."""
    b = board[:]
    n = b[origin]
    b[origin] = 0
    pit = drop_seeds(b, origin, n, direction)
    return pit, b[pit] - 1


def mirror_state(st):
    """The board's left-right mirror: column c <-> 7 - c in every row."""
    board = [0] * PITS
    for row in ROWS:
        for c in range(COLUMNS):
            board[row[COLUMNS - 1 - c]] = st.board[row[c]]
    return State(board, st.side, st.captured[:])


def mirror_ply(ply):
    pit, direction = ply
    row = [r for r in ROWS if pit in r][0]
    return (row[COLUMNS - 1 - row.index(pit)], -direction)


def selftest():
    lab = lambda p: LABEL_OF[p]
    check(lab(facing_inner(PIT_OF["a2"])) == "H2" and
          lab(facing_inner(PIT_OF["b2"])) == "G2" and
          lab(facing_inner(PIT_OF["h2"])) == "A2" and
          lab(facing_inner(PIT_OF["A2"])) == "h2",
          "a2 faces H2, b2 faces G2, h2 faces A2, A2 faces h2")
    ccw = [PIT_OF["a"]]
    cw = [PIT_OF["a"]]
    for _ in range(CIRCUIT):
        ccw.append(step(ccw[-1], CCW))
        cw.append(step(cw[-1], CW))
    check([lab(p) for p in ccw] == list("abcdefgh") +
          ["h2", "g2", "f2", "e2", "d2", "c2", "b2", "a2", "a"],
          "South counter-clockwise: a..h, h2..a2, then a")
    check([lab(p) for p in cw] == ["a", "a2", "b2", "c2", "d2", "e2", "f2",
                                   "g2", "h2"] + list("hgfedcba"),
          "South clockwise: a, a2..h2, h..b, then a")
    check(lab(step(PIT_OF["A2"], CCW)) == "A" and
          lab(step(PIT_OF["A2"], CW)) == "B2" and
          lab(step(PIT_OF["H2"], CCW)) == "G2",
          "North: A2 > A, A2 < B2, H2 > G2")
    check([inner_number(PIT_OF[x]) for x in ("a2", "h2", "A2", "H2")] ==
          [1, 8, 1, 8], "inner pit numbers: a2, A2 are 1; h2, H2 are 8")
    st = initial_state()
    check(position_string(st) == "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/"
          "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S 0-0", "the start position")
    for name, readings, _ in PERFT_FILES:
        claims = hand_claims(name)
        got = dict((d, perft(st, d, readings)) for d in claims)
        check(got == claims, "%s: the hand-derived perft %s" % (name, claims))
    # Kichwa choice.
    S = SOUTH
    check(kichwa_for_capture(S, PIT_OF["b2"], CCW) == (PIT_OF["a2"], CW) and
          kichwa_for_capture(S, PIT_OF["g2"], CW) == (PIT_OF["h2"], CCW) and
          kichwa_for_capture(S, PIT_OF["d2"], CCW) == (PIT_OF["h2"], CCW) and
          kichwa_for_capture(S, PIT_OF["d2"], CW) == (PIT_OF["a2"], CW),
          "kichwa: flank b2 -> a2 clockwise, g2 -> h2 counter-clockwise; "
          "middle keeps the direction")
    # A single captured seed into an empty kichwa ends the move: South sows
    # c2 (2) clockwise into d2, e2; e2 held 1, faces D2 (1): capture D2 (1),
    # middle, clockwise: the seed goes into a2, empty: the move ends.
    text = ("4,4,4,4,4,4,4,4/0,0,2,0,1,0,0,0/3,3,3,3,3,3,3,3/1,1,1,1,1,0,0,0"
            " S 0-0")
    st = parse_position(text)
    log = {}
    nxt = apply_ply(st, (PIT_OF["c2"], CW), {}, log)
    check(log["kind"] == "capturing" and len(log["laps"]) == 2 and
          log["laps"][1]["seeds"] == 1 and log["laps"][1]["end"] == "end" and
          nxt.board[PIT_OF["a2"]] == 1 and nxt.board[PIT_OF["D2"]] == 0,
          "a single captured seed into the empty kichwa a2 ends the move")
    # The 16-seed rule: South's a2 holds 17; a2< sows b2..h2, h..a, a2
    # (16 seeds) and the 17th into b2, which held 0 + 1 (the lap's first
    # seed) and faces G2 (2).
    text = ("0,0,0,0,0,0,0,0/17,0,0,0,0,0,0,0/2,2,2,2,2,2,2,2/"
            "2,2,2,2,2,2,2,17 S 0-0")
    st = parse_position(text)
    for readings, expect in (({}, False), (MAY_CAPTURE, True)):
        check(is_capturing_move(st.board, SOUTH, (PIT_OF["a2"], CW),
                                readings) == expect,
              "a2< from 17: its lap ends in b2, which got the lap's first "
              "seed, facing G2: capturing %s under %s"
              % (expect, readings_text(readings) or "the default"))
    # first_lap_end agrees with sowing the lap, along seeded games.
    for readings in ({}, AFTER_PLY, MAY_CAPTURE):
        n = 0
        for seed in range(1, 31):
            line, log = random_game(readings, seed, "uniform", "greedy",
                                    10 ** 9)
            for ply, before, mlog in log:
                for p in own_pits(before.side):
                    if before.board[p] == 0:
                        continue
                    for d in (CCW, CW):
                        assert first_lap_end(before.board, p, d) == \
                            simulated_first_lap(before.board, p, d)
                        n += 1
                back = parse_position(position_string(before))
                assert back.key() == before.key()
                assert sum(before.board) + sum(before.captured) == \
                    TOTAL_SEEDS
                # Mirror symmetry: the mirrored ply from the mirrored
                # position gives the mirrored position.
                m = apply_ply(mirror_state(before), mirror_ply(ply), readings)
                assert m.key() == mirror_state(
                    apply_ply(before, ply, readings)).key()
                assert sorted(legal_plies(mirror_state(before).board,
                                          before.side, readings)) == \
                    sorted(mirror_ply(q) for q in
                           legal_plies(before.board, before.side, readings))
        check(True, "%s: first_lap_end agrees with sowing (%d laps), "
              "positions round-trip, seeds are conserved and plies mirror "
              "along 30 games" % (set_title(readings), n))


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_common(args):
    opts = {"position": None, "readings": {}, "divide": False, "jobs": 1}
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
        elif a == "--jobs":
            opts["jobs"] = int(args[i + 1])
            i += 2
        else:
            rest.append(a)
            i += 1
    return rest, opts


def start_of(opts):
    check_readings(opts["readings"])
    if opts["position"]:
        return parse_position(opts["position"])
    return initial_state()


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))
    if not argv:
        print(__doc__)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "golden":
        rest, opts = parse_common(args)
        golden(root, opts["jobs"])
    elif cmd == "selftest":
        selftest()
    elif cmd == "perft":
        rest, opts = parse_common(args)
        depth = int(rest[0])
        st = start_of(opts)
        if opts["divide"]:
            total = 0
            for text, c in divide(st, depth, opts["readings"], opts["jobs"]):
                print("%s %d" % (text, c))
                total += c
            print("total %d" % total)
        else:
            print(perft_jobs(st, depth, opts["readings"], opts["jobs"]))
    elif cmd == "play":
        rest, opts = parse_common(args)
        readings = opts["readings"]
        line = Line(readings, start_of(opts))
        for text in rest:
            if line.reason() is not None:
                raise SystemExit("the game is over (%s)" % line.reason())
            ply = parse_ply(text)
            if ply not in legal_plies(line.state.board, line.state.side,
                                      readings):
                raise SystemExit("%s is not a legal ply at %s"
                                 % (text, position_string(line.state)))
            before = line.state
            log = line.play(ply)
            print("%s: %s" % (text, describe(before, ply, log, line.state,
                                            readings)))
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
