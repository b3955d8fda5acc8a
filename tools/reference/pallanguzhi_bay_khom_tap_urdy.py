#!/usr/bin/env python3
"""pallanguzhi_bay_khom_tap_urdy.py -- an independent reference
implementation of Pallanguzhi, Bay Khom and Tap-Urdy, three two-row relay
games, for cross-checking the Rust engine.

Written from the game descriptions alone (tools/reference/two-row-design.md
section 3 items 10-12 and the meaning of their mechanics in its section 1,
the research digests tools/reference/research/<id>.md, docs/notation.md and
docs/rule-language.md), without reading the engine or the rule files and
without running the ayla binary. It imports nothing from the project and
nothing from the other reference programs. Python 3 standard library only.
Plain over fast.

Commands (run from the repository root):
    python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py selftest
    python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py perft <id> <depth> [--position P] [--divide] [--reading name=alt]
    python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py play <id> <ply>... [--position P] [--reading name=alt]
    python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py golden
        (rewrites tests/golden/{pallanguzhi,bay-khom,tap-urdy}/*.rec,
         tests/perft/{pallanguzhi,bay-khom,tap-urdy}.perft and
         tests/golden/notes/pallanguzhi_bay_khom_tap_urdy.md)

Games (ids):
    pallanguzhi  2x7, 6 seeds, counter-clockwise, relay from the next pit,
                 pasu (a sown seed making 4 takes the pit), beyond capture.
                 Reading pasu-taker: pit-controller (default) | mover.
    bay-khom     2x5, 42 seeds (e and E hold 5), direction chosen per ply,
                 relay from the next pit, beyond capture chained by pairs.
    tap-urdy     2x6, 4 seeds, sow from the opponent's row, relay from the
                 landing pit, beyond capture at every lap that would relay.
                 Reading after-capture: sow-on (default) | end-sowing.

Every point where the description left room is marked in the code with a
comment beginning `Reading:` and listed in
tests/golden/notes/pallanguzhi_bay_khom_tap_urdy.md.
"""

import os
import random
import sys
import textwrap
import time

# ---------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------

SOUTH, NORTH = 0, 1
SIDE_NAME = ("South", "North")
CCW, CW = +1, -1
MAX_RELAYS = 10000


class Game:
    """One game's rules, in the words of its description."""

    def __init__(self, gid, name, pits, initial, direction, laps, sow_from,
                 pasu, beyond_chain_pairs, beyond_then, row_empty_ends,
                 cannot_sow, leftovers, readings):
        self.gid = gid
        self.name = name
        self.n = pits                      # pits per row
        self.initial = initial             # 2n counts in label order
        self.direction = direction         # "ccw" or "chosen"
        self.laps = laps                   # "relay-from-next" or "relay"
        self.sow_from = sow_from           # "own-row" or "opponent-row"
        self.pasu = pasu                   # sowing capture counts, or None
        self.beyond_chain_pairs = beyond_chain_pairs
        self.beyond_then = beyond_then     # "end-sowing" / "sow-on" (relay)
        self.row_empty_ends = row_empty_ends
        self.cannot_sow = cannot_sow       # "end-game" or "pass"
        self.leftovers = leftovers         # "owner" or "nobody"
        self.readings = readings           # name -> [default, alternatives...]
        self.total = sum(initial)


GAMES = {
    "pallanguzhi": Game(
        "pallanguzhi", "Pallanguzhi", 7, [6] * 14, "ccw", "relay-from-next",
        "own-row", [4], False, None, False, "end-game", "owner",
        {"pasu-taker": ["pit-controller", "mover"]}),
    "bay-khom": Game(
        "bay-khom", "Bay Khom", 5, [4, 4, 4, 4, 5, 4, 4, 4, 4, 5], "chosen",
        "relay-from-next", "own-row", None, True, None, False, "end-game",
        "owner", {}),
    "tap-urdy": Game(
        "tap-urdy", "Tap-Urdy", 6, [4] * 12, "ccw", "relay", "opponent-row",
        None, False, "sow-on", True, "pass", "nobody",
        {"after-capture": ["sow-on", "end-sowing"]}),
}


def reading_value(game, readings, name):
    """The alternative taken for a reading (its default if not given)."""
    return readings.get(name, game.readings[name][0])


# ---------------------------------------------------------------------------
# Board basics
# ---------------------------------------------------------------------------
# Pit index 0..2n-1 in counter-clockwise order: South's row a.. then North's
# row A..  A counter-clockwise step adds 1, a clockwise one subtracts 1.

def label(game, i):
    n = game.n
    return chr(ord("a") + i) if i < n else chr(ord("A") + i - n)


def parse_label(game, text):
    n = game.n
    if len(text) != 1:
        return None
    if "a" <= text <= chr(ord("a") + n - 1):
        return ord(text) - ord("a")
    if "A" <= text <= chr(ord("A") + n - 1):
        return n + ord(text) - ord("A")
    return None


def owner(game, i):
    """The side whose home row holds pit i (there is no trading)."""
    return SOUTH if i < game.n else NORTH


def step(game, i, d):
    return (i + d) % (2 * game.n)


class State:
    """Seeds in every pit, the side to act, the captured totals."""

    def __init__(self, board, side, captured):
        self.board = list(board)
        self.side = side
        self.captured = list(captured)

    def key(self):
        return (tuple(self.board), self.side, tuple(self.captured))


def initial_state(game):
    return State(game.initial, SOUTH, [0, 0])


def position_string(game, st):
    n = game.n
    south = ",".join(str(x) for x in st.board[:n])
    north = ",".join(str(x) for x in st.board[n:])
    return "%s/%s %s %d-%d" % (south, north, "SN"[st.side],
                              st.captured[0], st.captured[1])


def parse_position(game, text):
    """Read a position string; raise ValueError saying what is wrong."""
    fields = text.split()
    if len(fields) != 3:
        raise ValueError("expected `seeds side S-N` (these games have no "
                         "optional field), found %r" % text)
    rows = fields[0].split("/")
    if len(rows) != 2:
        raise ValueError("expected two rows separated by `/`")
    board = []
    for r in rows:
        counts = r.split(",")
        if len(counts) != game.n:
            raise ValueError("expected %d pits a row, found %d" %
                             (game.n, len(counts)))
        for c in counts:
            if not c.isdigit():
                raise ValueError("expected a seed count, found %r" % c)
            board.append(int(c))
    if fields[1] not in ("S", "N"):
        raise ValueError("expected side S or N, found %r" % fields[1])
    caps = fields[2].split("-")
    if len(caps) != 2 or not all(c.isdigit() for c in caps):
        raise ValueError("expected captured totals S-N, found %r" % fields[2])
    st = State(board, "SN".index(fields[1]), [int(caps[0]), int(caps[1])])
    if sum(board) + sum(st.captured) != game.total:
        raise ValueError("seeds on the board and captured make %d, the game "
                         "has %d" % (sum(board) + sum(st.captured),
                                     game.total))
    return st


# ---------------------------------------------------------------------------
# Plies
# ---------------------------------------------------------------------------
# A ply is ("sow", pit, direction) or ("pass",).

def ply_text(game, ply):
    if ply[0] == "pass":
        return "pass"
    text = label(game, ply[1])
    if game.direction == "chosen":
        text += ">" if ply[2] == CCW else "<"
    return text


def parse_ply(game, text):
    """A ply from its notation; raise ValueError saying what is wrong."""
    if text == "pass":
        return ("pass",)
    suffix = None
    if text.endswith(">") or text.endswith("<"):
        suffix = CCW if text[-1] == ">" else CW
        text = text[:-1]
    pit = parse_label(game, text)
    if pit is None:
        raise ValueError("not a pit of this board: %r" % text)
    if game.direction == "chosen":
        if suffix is None:
            raise ValueError("pit %s: the direction is chosen, write %s> or "
                             "%s<" % (text, text, text))
        return ("sow", pit, suffix)
    if suffix == CW:
        raise ValueError("pit %s sows counter-clockwise only (%s<)" %
                         (text, text))
    return ("sow", pit, CCW)


def legal_plies(game, st):
    """Legal plies in label order of origin, counter-clockwise first."""
    n = game.n
    if game.sow_from == "own-row":
        row = range(0, n) if st.side == SOUTH else range(n, 2 * n)
    else:
        row = range(n, 2 * n) if st.side == SOUTH else range(0, n)
    plies = []
    for i in row:
        if st.board[i] > 0:
            if game.direction == "chosen":
                plies.append(("sow", i, CCW))
                plies.append(("sow", i, CW))
            else:
                plies.append(("sow", i, CCW))
    if not plies and game.cannot_sow == "pass":
        plies.append(("pass",))
    return plies


# ---------------------------------------------------------------------------
# Sowing
# ---------------------------------------------------------------------------

def beyond_capture(game, board, captured, mover, L, d, events):
    """Take the pit beyond the empty pit after L (and, chained by pairs,
    the pits beyond further empty pits).  Zone: anywhere."""
    E = step(game, L, d)
    B = step(game, E, d)
    taken = set()
    while board[E] == 0 and board[B] > 0 and B not in taken:
        events.append(("beyond", B, board[B], E))
        captured[mover] += board[B]
        board[B] = 0
        taken.add(B)
        if not game.beyond_chain_pairs:
            break
        E = step(game, B, d)
        B = step(game, E, d)
    if not taken:
        events.append(("beyond-none", L, E, B))
    return taken


def apply_ply(game, st, ply, readings):
    """The state after ply, and the list of events of the sowing."""
    events = []
    if ply[0] == "pass":
        return State(st.board, 1 - st.side, st.captured), [("pass",)]
    board = list(st.board)
    captured = list(st.captured)
    mover = st.side
    d = ply[2]
    start = ply[1]
    relays = 0
    while True:
        seeds = board[start]
        board[start] = 0
        pos = start
        came_round = False
        ended_by_pasu = False
        held_before = 0
        for k in range(seeds):
            pos = step(game, pos, d)
            # None of these games skips the origin: a long lap drops a seed
            # in the pit it was lifted from on every pass.
            if pos == start:
                came_round = True
            held_before = board[pos]
            board[pos] += 1
            if game.pasu and board[pos] in game.pasu:
                last = k == seeds - 1
                # Reading pasu-taker: pit-controller takes both the pits
                # filled by a lap's last seed and by the others; `mover`
                # gives both to the mover (two-row-design.md "both takers").
                if reading_value(game, readings, "pasu-taker") == "mover":
                    taker = mover
                else:
                    taker = owner(game, pos)
                events.append(("pasu", pos, board[pos], taker, last))
                captured[taker] += board[pos]
                board[pos] = 0
                if last:
                    ended_by_pasu = True
        L = pos
        events.append(("lap", start, seeds, L, came_round))
        if ended_by_pasu:
            # Reading: a sowing capture made by a lap's last seed ends the
            # sowing (rule-language [sowing_capture]: "the sowing then
            # ends"), also with relay-from-next: the next pit is not looked
            # at, and there is no beyond capture, since the sowing did not
            # end because the next pit was empty.
            events.append(("end-pasu", L))
            break
        if game.laps == "relay-from-next":
            N = step(game, L, d)
            if board[N] > 0:
                if relays == MAX_RELAYS:
                    events.append(("relay-cap", L))
                    break
                relays += 1
                start = N
                continue
            beyond_capture(game, board, captured, mover, L, d, events)
            break
        # laps = "relay": relay from the landing pit if it held seeds.
        if held_before == 0:
            break
        E = step(game, L, d)
        if board[E] == 0:
            beyond_capture(game, board, captured, mover, L, d, events)
            if reading_value(game, readings, "after-capture") == "end-sowing":
                events.append(("end-beyond", L))
                break
        if relays == MAX_RELAYS:
            # Reading: the lap that meets the cap still makes its beyond
            # capture (it is a lap that would relay), then the sowing ends.
            events.append(("relay-cap", L))
            break
        relays += 1
        start = L
    return State(board, 1 - mover, captured), events


# ---------------------------------------------------------------------------
# Ends
# ---------------------------------------------------------------------------

def row_empty(game, st, side):
    n = game.n
    row = st.board[:n] if side == SOUTH else st.board[n:]
    return all(x == 0 for x in row)


def end_reason(game, st, occurrences):
    """Why the game is over in st (None if it is not); ends in the order of
    docs/rule-language.md: row-empty, no-sowing, repetition."""
    if game.row_empty_ends and (row_empty(game, st, SOUTH)
                                or row_empty(game, st, NORTH)):
        return "row-empty"
    if game.cannot_sow == "end-game" and not legal_plies(game, st):
        return "no-sowing"
    if occurrences >= 3:
        return "repetition"
    return None


def final_totals(game, st):
    """Captured totals once the seeds left are shared out."""
    totals = list(st.captured)
    if game.leftovers == "owner":
        for i, x in enumerate(st.board):
            totals[owner(game, i)] += x
    return totals


class Line:
    """A game in progress: the state and the repetition history."""

    def __init__(self, game, st, readings):
        self.game = game
        self.readings = readings
        self.state = st
        self.seen = {st.key(): 1}
        self.plies = []

    def reason(self):
        return end_reason(self.game, self.state, self.seen[self.state.key()])

    def play(self, ply):
        self.state, events = apply_ply(self.game, self.state, ply,
                                       self.readings)
        k = self.state.key()
        self.seen[k] = self.seen.get(k, 0) + 1
        self.plies.append(ply)
        return events


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(game, st, depth, readings, seen=None):
    if seen is None:
        seen = {st.key(): 1}
    if end_reason(game, st, seen[st.key()]) is not None:
        return 0
    if depth == 0:
        return 1
    plies = legal_plies(game, st)
    if depth == 1:
        return len(plies)
    total = 0
    for ply in plies:
        nxt, _ = apply_ply(game, st, ply, readings)
        k = nxt.key()
        seen[k] = seen.get(k, 0) + 1
        total += perft(game, nxt, depth - 1, readings, seen)
        seen[k] -= 1
        if seen[k] == 0:
            del seen[k]
    return total


def perft_stats(game, st, depth, readings):
    """Counts of events over every ply of every line up to depth."""
    stats = {}
    seen = {st.key(): 1}

    def walk(s, d):
        r = end_reason(game, s, seen[s.key()])
        if r is not None:
            stats["ends " + r] = stats.get("ends " + r, 0) + 1
            return
        if d == 0:
            return
        for ply in legal_plies(game, s):
            nxt, events = apply_ply(game, s, ply, readings)
            for m in moments_of(game, s, ply, events, nxt):
                stats[m] = stats.get(m, 0) + 1
            k = nxt.key()
            seen[k] = seen.get(k, 0) + 1
            walk(nxt, d - 1)
            seen[k] -= 1
            if seen[k] == 0:
                del seen[k]

    walk(st, depth)
    return stats


# ---------------------------------------------------------------------------
# Describing a ply
# ---------------------------------------------------------------------------

def describe(game, st, ply, events, after):
    """A plain-words comment for a ply (None when nothing of note)."""
    if ply[0] == "pass":
        return "%s has nothing to sow and passes." % SIDE_NAME[st.side]
    lab = lambda i: label(game, i)
    laps = [e for e in events if e[0] == "lap"]
    parts = []
    dirword = ("counter-clockwise" if ply[2] == CCW else "clockwise")
    lap_text = " ".join("%s%d%s%s" % (lab(e[1]), e[2], ">" if ply[2] == CCW
                                      else "<", lab(e[3])) for e in laps)
    notable = False
    k = st.board[ply[1]]
    head = "%s sows %s (%d seed%s) %s" % (SIDE_NAME[st.side], lab(ply[1]), k,
                                          "" if k == 1 else "s", dirword)
    if len(laps) > 1:
        head += ", %d laps: %s" % (len(laps), lap_text)
    parts.append(head + ".")
    for e in events:
        if e[0] == "lap" and e[4]:
            parts.append("The lap from %s (%d seeds) comes round and drops a "
                         "seed in %s again." % (lab(e[1]), e[2], lab(e[1])))
            notable = True
        elif e[0] == "pasu":
            notable = True
            parts.append("Pasu: a seed brings %s to %d, taken by %s%s." % (
                lab(e[1]), e[2], SIDE_NAME[e[3]],
                " (the lap's last seed: the sowing ends)" if e[4] else ""))
        elif e[0] == "beyond":
            notable = True
            parts.append("Beyond capture: %s is empty, %s takes %s (%d)." % (
                lab(e[3]), SIDE_NAME[st.side], lab(e[1]), e[2]))
        elif e[0] == "beyond-none":
            parts.append("Last seed in %s, %s empty and %s empty too: "
                         "nothing taken." % (lab(e[1]), lab(e[2]), lab(e[3])))
        elif e[0] == "end-beyond":
            parts.append("The sowing ends with the capture (after-capture="
                         "end-sowing).")
        elif e[0] == "relay-cap":
            notable = True
            parts.append("The sowing stops at the relay cap.")
    if not notable:
        return None
    return " ".join(parts)


def moments_of(game, st, ply, events, after):
    """Names of the special moments a ply shows (for the golden set)."""
    ms = set()
    if ply[0] == "pass":
        ms.add("pass")
        return ms
    laps = [e for e in events if e[0] == "lap"]
    beyond = [e for e in events if e[0] == "beyond"]
    pasus = [e for e in events if e[0] == "pasu"]
    if len(laps) >= 2:
        ms.add("relay sowing (2 or more laps)")
    if len(laps) >= 5:
        ms.add("relay sowing of 5 or more laps")
    if any(e[4] for e in laps):
        ms.add("a lap comes round and drops a seed in its own (emptied) start pit")
    if game.direction == "chosen":
        ms.add("sowing counter-clockwise (c>)" if ply[2] == CCW
               else "sowing clockwise (c<)")
    for e in pasus:
        if e[4]:
            ms.add("pasu by a lap's last seed: pit taken, sowing ends")
        else:
            ms.add("pasu by a seed that is not the last: pit taken, sowing goes on")
        if e[3] != st.side:
            ms.add("pasu taken by the opponent of the mover (pit-controller)")
        if owner(game, e[1]) != st.side and e[3] == st.side:
            ms.add("pasu in the opponent's row taken by the mover")
    if beyond:
        ms.add("beyond capture")
        if any(owner(game, e[1]) == st.side for e in beyond):
            ms.add("beyond capture of a pit in the mover's own row")
        if any(owner(game, e[1]) != st.side for e in beyond):
            ms.add("beyond capture of a pit in the opponent's row")
    if len(beyond) >= 2 and game.beyond_chain_pairs:
        ms.add("beyond capture chained over 2 or more pairs")
        if len(set(owner(game, e[1]) for e in beyond)) == 2:
            ms.add("beyond chain across both rows")
    if len(beyond) >= 3 and game.beyond_chain_pairs:
        ms.add("beyond capture chained over 3 or more pairs")
    if any(e[0] == "beyond-none" for e in events):
        ms.add("sowing ends before two empty pits: nothing taken")
    if game.laps == "relay" and beyond:
        last_lap_index = max(i for i, e in enumerate(events) if e[0] == "lap")
        if any(i < last_lap_index for i, e in enumerate(events)
               if e[0] == "beyond"):
            ms.add("beyond capture at an intermediate lap, then the relay sows on")
        if len(beyond) >= 2:
            ms.add("two or more beyond captures in one sowing")
    if any(e[0] == "end-beyond" for e in events):
        ms.add("beyond capture ends the sowing (after-capture=end-sowing)")
    if any(e[0] == "relay-cap" for e in events):
        ms.add("sowing stopped by the relay cap")
    if game.sow_from == "opponent-row":
        ms.add("sowing from the opponent's row")
    return ms


# ---------------------------------------------------------------------------
# Policies and random games
# ---------------------------------------------------------------------------

def gain(game, st, ply, readings):
    nxt, _ = apply_ply(game, st, ply, readings)
    me = st.side
    return ((nxt.captured[me] - st.captured[me])
            - (nxt.captured[1 - me] - st.captured[1 - me]))


def choose(policy, game, st, plies, rng, readings):
    if policy == "uniform" or len(plies) == 1:
        return rng.choice(plies)
    if policy == "greedy":
        if rng.random() < 0.8:
            gains = [gain(game, st, p, readings) for p in plies]
            best = max(gains)
            return rng.choice([p for p, g in zip(plies, gains) if g == best])
        return rng.choice(plies)
    if policy == "sower":
        most = max(st.board[p[1]] for p in plies)
        return rng.choice([p for p in plies if st.board[p[1]] == most])
    if policy == "small":
        least = min(st.board[p[1]] for p in plies)
        return rng.choice([p for p in plies if st.board[p[1]] == least])
    raise ValueError(policy)


POLICY_TEXT = {
    "uniform": "a legal ply chosen uniformly at random",
    "greedy": "with probability 0.8 the ply that most raises its captured "
              "total less the opponent's at once (ties at random), else a "
              "random ply",
    "sower": "a ply from a pit holding the most seeds (ties at random)",
    "small": "a ply from a pit holding the fewest seeds (ties at random)",
}


def random_game(game, seed, south, north, readings, max_plies=300):
    rng = random.Random(seed)
    line = Line(game, initial_state(game), readings)
    log = []   # (ply, comment, moments)
    while line.reason() is None:
        if len(line.plies) >= max_plies:
            return None
        st = line.state
        plies = legal_plies(game, st)
        policy = south if st.side == SOUTH else north
        ply = choose(policy, game, st, plies, rng, readings)
        events = line.play(ply)
        log.append((ply, describe(game, st, ply, events, line.state),
                    moments_of(game, st, ply, events, line.state), st))
    return line, log


# ---------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------

END_TEXT = {
    "no-sowing": "the player to act has no seed in their row and cannot sow; "
                 "the seeds left go to the owner of the row they lie in",
    "row-empty": "a home row is empty; the seeds left count for nobody",
    "repetition": "a whole state occurs for the third time",
}


def end_moment(game, reason):
    return "game ends: " + END_TEXT[reason]


def write_record(game, path, seed, south, north, readings, line, log,
                 found_for, shows):
    st = line.state
    reason = line.reason()
    totals = final_totals(game, st)
    rtext = ""
    if readings:
        rtext = ", reading " + ", ".join("%s=%s" % kv for kv in
                                          sorted(readings.items()))
    out = []
    out.append("; Derived by tools/reference/pallanguzhi_bay_khom_tap_urdy.py, an independent "
               "Python")
    out.append("; implementation of %s%s, written from the game's "
               "description" % (game.name, rtext))
    out.append("; (tools/reference/two-row-design.md section 3, research digest, docs/notation.md), "
               "without reading")
    out.append("; the engine or the rule files.")
    out.append("; Random game, seed %d: South policy %s, North policy %s." %
               (seed, south, north))
    for p in sorted(set([south, north])):
        out.append(";   %s: %s" % (p, POLICY_TEXT[p]))
    out.append("; Found by searching seeds for the first game showing: %s." %
               found_for)
    out.append("; Shows:")
    for name, plies in shows:
        nums = ", ".join(str(x) for x in plies[:6])
        if len(plies) > 6:
            nums += ", ..."
        out.append(";   - %s (ply %s)" % (name, nums))
    out.append("; %d plies. Comments after plies give the position string "
               "after the ply. Laps" % len(line.plies))
    out.append("; are written <start><seeds lifted><direction><pit of the "
               "lap's last seed>.")
    out.append('[Variant "%s"]' % game.gid)
    if readings:
        out.append('[Readings "%s"]' % ",".join(
            "%s=%s" % kv for kv in sorted(readings.items())))
    out.append('[South "pallanguzhi_bay_khom_tap_urdy %s seed %d"]' % (south, seed))
    out.append('[North "pallanguzhi_bay_khom_tap_urdy %s seed %d"]' % (north, seed))
    out.append('[Date "2026.12.01"]')
    out.append('[Result "%d-%d"]' % (totals[0], totals[1]))
    out.append('[Termination "%s"]' % reason)
    out.append('[FinalPosition "%s"]' % position_string(game, st))
    out.append("")
    body = []
    cur = ""
    replay = Line(game, initial_state(game), readings)
    for i, (ply, comment, moments, before) in enumerate(log):
        replay.play(ply)
        tok = ""
        if before.side == SOUTH:
            tok = "%d. " % (i // 2 + 1)
        tok += ply_text(game, ply)
        if i == len(log) - 1:
            extra = "The game ends: %s." % END_TEXT[reason]
            comment = (comment + " " + extra) if comment else extra
        if cur and len(cur) + 1 + len(tok) > 78:
            body.append(cur)
            cur = tok
        else:
            cur = (cur + " " + tok) if cur else tok
        if comment:
            body.append(cur)
            cur = ""
            # The position string is kept on one line, whole.
            wrapped = textwrap.wrap("{" + comment, 78)
            tail = "Position: %s}" % position_string(game, replay.state)
            if len(wrapped[-1]) + 1 + len(tail) <= 78:
                wrapped[-1] += " " + tail
            else:
                wrapped.append(tail)
            body.extend(wrapped)
    if cur:
        body.append(cur)
    out.extend(body)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def wrap_comments(lines):
    out = []
    for ln in lines:
        while len(ln) > 78:
            cut = ln.rfind(" ", 0, 78)
            if cut <= 0:
                break
            out.append(ln[:cut])
            ln = ln[cut + 1:]
        out.append(ln)
    return out


def read_record(path):
    """Tags and plies of a record written above (comments dropped)."""
    tags = {}
    text = open(path).read()
    body = []
    depth = 0
    for raw in text.split("\n"):
        if depth == 0 and raw.startswith(";"):
            continue
        if depth == 0 and raw.startswith("["):
            name, _, rest = raw[1:].partition(" ")
            tags[name] = rest.rstrip("]").strip('"')
            continue
        body.append(raw)
    plain = []
    for ch in "\n".join(body):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif depth == 0:
            plain.append(ch)
    toks = [t for t in "".join(plain).split() if not t.endswith(".")]
    return tags, toks


def replay_record(path):
    tags, toks = read_record(path)
    game = GAMES[tags["Variant"]]
    readings = {}
    if "Readings" in tags:
        for kv in tags["Readings"].split(","):
            k, _, v = kv.partition("=")
            readings[k] = v
    line = Line(game, initial_state(game), readings)
    for t in toks:
        if line.reason() is not None:
            raise AssertionError("%s: ply %s after the end" % (path, t))
        ply = parse_ply(game, t)
        if ply not in legal_plies(game, line.state):
            raise AssertionError("%s: illegal ply %s" % (path, t))
        line.play(ply)
    reason = line.reason()
    totals = final_totals(game, line.state)
    assert reason == tags["Termination"], (path, reason)
    assert "%d-%d" % tuple(totals) == tags["Result"], (path, totals)
    assert position_string(game, line.state) == tags["FinalPosition"], path
    return len(toks)


# ---------------------------------------------------------------------------
# The golden set
# ---------------------------------------------------------------------------

GOLDEN_PLAN = {
    # id: list of (readings, south policy, north policy) tried in turn
    "pallanguzhi": [({}, "greedy", "greedy"), ({}, "uniform", "uniform"),
                    ({}, "sower", "greedy"), ({}, "small", "uniform"),
                    ({"pasu-taker": "mover"}, "greedy", "uniform")],
    "bay-khom": [({}, "greedy", "greedy"), ({}, "uniform", "uniform"),
                 ({}, "sower", "greedy"), ({}, "small", "uniform")],
    "tap-urdy": [({}, "greedy", "greedy"), ({}, "uniform", "uniform"),
                 ({}, "sower", "greedy"), ({}, "small", "uniform"),
                 ({"after-capture": "end-sowing"}, "greedy", "uniform")],
}

WANTED = {
    "pallanguzhi": [
        "relay sowing of 5 or more laps",
        "pasu by a seed that is not the last: pit taken, sowing goes on",
        "pasu by a lap's last seed: pit taken, sowing ends",
        "pasu taken by the opponent of the mover (pit-controller)",
        "beyond capture of a pit in the mover's own row",
        "beyond capture of a pit in the opponent's row",
        "sowing ends before two empty pits: nothing taken",
        "a lap comes round and drops a seed in its own (emptied) start pit",
        "game ends: " + END_TEXT["no-sowing"],
        "game ends: " + END_TEXT["repetition"],
    ],
    "bay-khom": [
        "sowing counter-clockwise (c>)",
        "sowing clockwise (c<)",
        "relay sowing of 5 or more laps",
        "beyond capture of a pit in the mover's own row",
        "beyond capture of a pit in the opponent's row",
        "beyond capture chained over 2 or more pairs",
        "beyond capture chained over 3 or more pairs",
        "beyond chain across both rows",
        "sowing ends before two empty pits: nothing taken",
        "a lap comes round and drops a seed in its own (emptied) start pit",
        "game ends: " + END_TEXT["no-sowing"],
        "game ends: " + END_TEXT["repetition"],
    ],
    "tap-urdy": [
        "sowing from the opponent's row",
        "relay sowing of 5 or more laps",
        "beyond capture at an intermediate lap, then the relay sows on",
        "two or more beyond captures in one sowing",
        "beyond capture of a pit in the mover's own row",
        "beyond capture of a pit in the opponent's row",
        "a lap comes round and drops a seed in its own (emptied) start pit",
        "game ends: " + END_TEXT["row-empty"],
        "game ends: " + END_TEXT["repetition"],
    ],
}

# Moments looked for only in the games under an alternative reading.
WANTED_READING = {
    "pallanguzhi": ["pasu in the opponent's row taken by the mover"],
    "tap-urdy": ["beyond capture ends the sowing (after-capture=end-sowing)"],
}

MIN_GAMES = 6
SEED_LIMIT = 400


def game_moments(game, line, log):
    """moment -> list of ply numbers (1-based) in a finished game."""
    found = {}
    for i, (_, _, ms, _) in enumerate(log):
        for m in ms:
            found.setdefault(m, []).append(i + 1)
    found.setdefault(end_moment(game, line.reason()), []).append(len(log))
    return found


def golden(root):
    notes = []
    perft_log = []
    for gid in ("pallanguzhi", "bay-khom", "tap-urdy"):
        game = GAMES[gid]
        gdir = os.path.join(root, "tests", "golden", gid)
        os.makedirs(gdir, exist_ok=True)
        for f in os.listdir(gdir):
            if f.endswith(".rec"):
                os.remove(os.path.join(gdir, f))
        chosen = []   # (file, seed, readings, s, n, line, log, found, reason)
        covered = {}
        plan = GOLDEN_PLAN[gid]
        wanted = WANTED[gid]
        # Pass 1: for each wanted moment not yet covered, the first seed of
        # any plan entry whose game shows it.
        for want in wanted + WANTED_READING.get(gid, []):
            if want in covered:
                continue
            hit = None
            for seed in range(1, SEED_LIMIT):
                for readings, s, n in plan:
                    if (want in WANTED_READING.get(gid, [])) != bool(readings):
                        continue
                    res = random_game(game, seed, s, n, readings)
                    if res is None:
                        continue
                    found = game_moments(game, *res)
                    if want in found:
                        hit = (seed, readings, s, n, res, found)
                        break
                if hit:
                    break
            if hit is None:
                print("%s: no game found showing: %s" % (gid, want))
                continue
            seed, readings, s, n, (line, log), found = hit
            chosen.append([seed, readings, s, n, line, log, found, want])
            for m, plies in found.items():
                covered.setdefault(m, [])
        # Pass 2: fill up to MIN_GAMES with further games of the plan.
        seed = 101
        defaults = [e for e in plan if not e[0]]
        while len(chosen) < MIN_GAMES:
            readings, s, n = defaults[len(chosen) % len(defaults)]
            res = random_game(game, seed, s, n, readings)
            if res is not None and len(res[1]) >= 15:
                chosen.append([seed, readings, s, n, res[0], res[1],
                               game_moments(game, *res),
                               "(filler) a further game of policies %s/%s"
                               % (s, n)])
            seed += 1
        table = {}
        for k, (seed, readings, s, n, line, log, found, want) in \
                enumerate(chosen):
            pol = s if s == n else "%s-%s" % (s, n)
            tag = ""
            if readings:
                tag = "-" + "-".join(v for _, v in sorted(readings.items()))
            fname = "%02d-%s%s-seed%d.rec" % (k + 1, pol, tag, seed)
            path = os.path.join(gdir, fname)
            # By first ply, then by name: the moments of one ply come from a
            # set, whose order changes from run to run.
            shows = sorted(found.items(), key=lambda kv: (kv[1][0], kv[0]))
            write_record(game, path, seed, s, n, readings, line, log, want,
                         shows)
            nplies = replay_record(path)
            assert nplies == len(log)
            for m, plies in found.items():
                table.setdefault(m, []).append((gid + "/" + fname, plies))
            print("wrote %s (%d plies, %s)" % (path, len(log), line.reason()))
        notes.append((gid, table, [c[0] for c in chosen]))
        perft_log.append(write_perft(root, game, chosen))
    write_notes(root, notes, perft_log)


# ---------------------------------------------------------------------------
# Perft files
# ---------------------------------------------------------------------------

PERFT_BUDGET = 60.0   # seconds per section, roughly

HAND = {
    "pallanguzhi": """\
# Hand derivation, initial position 6,6,6,6,6,6,6/6,6,6,6,6,6,6 S 0-0:
# perft(1) = 7: South may sow any of a..g (6 seeds each).
# perft(2) = 41: South's 6 seeds from pit p fill the 6 pits after p from 6
#   to 7 (no pit reaches 4: no pasu); the last falls 6 pits after p, and
#   the pit after it, 7 after p (North's pit of p's number), holds 6: it is
#   lifted and sown into the next 6 pits (7 each), the last falling just
#   before p. The pit after that is p, empty: the sowing ends and the beyond
#   capture takes the pit after p (7 seeds). North has lost the pit of p's
#   number, and for p = g also A (the pit after g, taken): 6 replies after
#   a..f, 5 after g: 6 x 6 + 5 = 41. No game ends at ply 1 or 2 (each row
#   keeps seeds). The program's divide at depth 1 confirms:""",
    "bay-khom": """\
# Hand derivation, initial position 4,4,4,4,5/4,4,4,4,5 S 0-0:
# perft(1) = 10: each of South's five pits, all non-empty, gives two plies,
#   c> and c< (the direction is chosen).
# perft(2) = 78: from a 4-seed pit p (a..d), either way, the 4 pits after p
#   gain a seed; the pit after the last (5 steps from p, in North's row) is
#   untouched, holds 4 and is lifted; its 4 seeds end 9 steps from p, just
#   before p, and p, empty, stops the sowing: the beyond
#   capture takes the pit after p (one pit: the pit after it holds seeds, no
#   pair). North loses the lifted pit, and also E when a< takes E: after
#   a< North has 3 pits (6 plies), after a>, b>, b<, c>, c<, d> (takes e)
#   and d< (takes c) 4 pits (8 plies). e> (5 seeds) makes 6 laps, e5>E a4>e
#   A5>a b5>B C6>d e2>B, then C is empty and D (7) is taken; North keeps A, B,
#   E (6 plies). e< makes 6 laps, e5<E D4<e d5<D C5<c b6<A e2<c, then b is
#   empty and a (7) is taken; North keeps all 5 (10 plies).
#   8+6+8+8+8+8+8+8+6+10 = 78. The program's divide at depth 1 confirms:""",
    "tap-urdy": """\
# Hand derivation, initial position 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0:
# perft(1) = 6: South sows from North's row: A, B, C, D, E or F.
# perft(2) = 32: South's A (4) fills B C D E to 5; E held seeds and F is not
#   empty: relay E (5): F a b c d; relay d (5): e f A B C (A 0 -> 1);
#   relay C (6): D E F a b c; c held 5 and d (lifted) is empty: beyond
#   capture of e (5), then the relay sows on from c (6): d e f A B C, and C,
#   lifted before, was empty: the sowing ends. South's c is left empty, so
#   North (who sows from South's row) has 5 plies. The start is uniform, so
#   the sowing from the pit k places after A is the same turned k places:
#   it empties c, d, e, f for A..D (5 replies each) and A, B for E, F (South's
#   row stays full: 6 replies): 4 x 5 + 2 x 6 = 32. No row is empty after
#   ply 1. The program's divide at depth 1 confirms:""",
}


def divide(game, st, readings):
    rows = []
    for ply in legal_plies(game, st):
        nxt, _ = apply_ply(game, st, ply, readings)
        seen = {st.key(): 1}
        k = nxt.key()
        seen[k] = seen.get(k, 0) + 1
        rows.append((ply_text(game, ply), position_string(game, nxt),
                     perft(game, nxt, 1, readings, seen)))
    return rows


def write_perft(root, game, chosen):
    readings = {}
    sections = []
    st0 = initial_state(game)
    sections.append(("The initial position.", st0))
    used = set([st0.key()])
    # Mid-game positions: before the first ply of a default-reading golden
    # game showing the game's most special moment.
    keys = {
        "pallanguzhi": ["pasu by a lap's last seed: pit taken, sowing ends",
                        "beyond capture of a pit in the opponent's row"],
        "bay-khom": ["beyond capture chained over 3 or more pairs",
                     "beyond chain across both rows"],
        "tap-urdy": ["two or more beyond captures in one sowing",
                     "beyond capture at an intermediate lap, then the relay sows on"],
    }[game.gid]
    for want in keys:
        for k, (seed, rd, s, n, line, log, found, _) in enumerate(chosen):
            if rd or want not in found:
                continue
            later = [x for x in found[want] if x >= 5]
            if not later:
                continue
            # The position before the ply that shows the moment: the
            # moment is then at the root of the section.
            back = plyno = later[0]
            st = log[plyno - 1][3]
            if st.key() in used or st.key() == st0.key():
                continue
            used.add(st.key())
            pol = s if s == n else "%s-%s" % (s, n)
            fname = "%02d-%s-seed%d.rec" % (k + 1, pol, seed)
            sections.append(("Position before ply %d of tests/golden/%s/%s; "
                             "that ply shows: %s." % (back, game.gid,
                                                      fname, want),
                             st))
            break
    lines = []
    intro = (
        "Perft counts for %s (%s), South first, default readings. "
        "perft(d) = number of distinct ply sequences of exactly d plies "
        "from the position. A finished game has no plies; repetition is "
        "counted along each line, the section's position being its first "
        "occurrence. perft(0) = 1.%s Computed by "
        "tools/reference/pallanguzhi_bay_khom_tap_urdy.py, an independent Python implementation "
        "written from the game's description without reading the engine or "
        "the rule files (plain recursive enumeration, the repetition history "
        "carried along each line, bulk count at the last ply). The \"Within "
        "depth\" note of a section counts events over every ply of every "
        "line up to that depth, and the lines that end inside it." % (
            game.name, game.gid,
            " A chosen-direction pit gives two plies (c> and c<)."
            if game.direction == "chosen" else ""))
    for ln in textwrap.wrap(intro, 76):
        lines.append("# " + ln)
    lines.append("#")
    lines.append("# Regenerate: python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py golden")
    lines.append("# One number:")
    lines.append("#   python3 tools/reference/pallanguzhi_bay_khom_tap_urdy.py perft %s <depth> "
                 "[--position P]" % game.gid)
    lines.append("#")
    lines.append(HAND[game.gid])
    rows = divide(game, st0, readings)
    for t, p, c in rows:
        lines.append("#   %-3s -> %-32s %d replies" % (t, p, c))
    lines.append("#   sum: %d" % sum(c for _, _, c in rows))
    timing = []
    for title, st in sections:
        counts = []
        d = 1
        t_total = 0.0
        while True:
            t0 = time.time()
            c = perft(game, st, d, readings)
            dt = time.time() - t0
            counts.append((d, c))
            t_total += dt
            # Stop when the next depth would likely exceed the budget.
            if d >= 6 and (dt * 8 > PERFT_BUDGET or d >= 12):
                break
            if d < 6 and dt * 8 > 4 * PERFT_BUDGET:
                break
            if c == 0:
                break
            d += 1
        stats = perft_stats(game, st, min(d, 5), readings)
        lines.append("")
        st_items = sorted(stats.items())
        note = "%s Within depth %d: %s." % (title, min(d, 5), "; ".join(
            "%s %d" % kv for kv in st_items) if st_items else "no event")
        for ln in textwrap.wrap(note, 76):
            lines.append("# " + ln)
        lines.append("position " + position_string(game, st))
        for dd, c in counts:
            lines.append("%d %d" % (dd, c))
        timing.append((game.gid, position_string(game, st), d, t_total))
    path = os.path.join(root, "tests", "perft", game.gid + ".perft")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s" % path)
    for t in timing:
        print("  perft %s %s: depth %d in %.1f s" % t)
    return timing


def write_notes(root, notes, perft_log):
    path = os.path.join(root, "tests", "golden", "notes", "pallanguzhi_bay_khom_tap_urdy.md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    keep = ""
    if os.path.exists(path):
        text = open(path).read()
        marker = "<!-- moments: written by pallanguzhi_bay_khom_tap_urdy.py golden -->"
        if marker in text:
            keep = text[:text.index(marker)]
    if not keep:
        keep = "# Golden data of pallanguzhi_bay_khom_tap_urdy.py\n\n"
    # The prose above the marker is written by hand and kept as it is.
    out = [keep.rstrip("\n"), "",
           "<!-- moments: written by pallanguzhi_bay_khom_tap_urdy.py golden -->", ""]
    for gid, table, seeds in notes:
        out.append("| %s moment | shown in (ply) |" % gid)
        out.append("| --- | --- |")
        for m in sorted(table):
            cells = []
            for fname, plies in table[m][:3]:
                cells.append("`%s` (%s)" % (fname, ", ".join(
                    str(p) for p in plies[:3])))
            more = len(table[m]) - 3
            extra = " and %d more" % more if more > 0 else ""
            out.append("| %s | %s%s |" % (m, ", ".join(cells), extra))
        out.append("")
    out.append("Perft timings (this machine, one core):")
    out.append("")
    for timing in perft_log:
        for gid, pos, d, t in timing:
            out.append("- `%s` `%s`: to depth %d in %.1f s" % (gid, pos, d, t))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("wrote %s" % path)


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

def check(cond, what):
    if not cond:
        raise AssertionError(what)
    print("ok  " + what)


def selftest():
    pg, bk, tu = GAMES["pallanguzhi"], GAMES["bay-khom"], GAMES["tap-urdy"]
    # Pallanguzhi, by hand: a (1) sows b; b holds 1, c empty: no relay, and
    # d beyond the empty c is taken (2 seeds).
    st = parse_position(pg, "1,0,0,2,0,0,0/0,0,0,0,0,0,0 S 0-81")
    nxt, ev = apply_ply(pg, st, ("sow", 0, CCW), {})
    check(position_string(pg, nxt) == "0,1,0,0,0,0,0/0,0,0,0,0,0,0 N 2-81",
          "pallanguzhi: beyond capture of the pit after the empty next pit")
    # Relay from the next pit: a (1) into b; c holds 2: lift c, sow d e;
    # f empty, g empty: nothing taken.
    st = parse_position(pg, "1,0,2,0,0,0,0/0,0,0,0,0,0,0 S 0-81")
    nxt, ev = apply_ply(pg, st, ("sow", 0, CCW), {})
    check(position_string(pg, nxt) == "0,1,0,1,1,0,0/0,0,0,0,0,0,0 N 0-81",
          "pallanguzhi: relay lifts the next pit, two empties take nothing")
    # a (2): b goes 3 -> 4, a pasu in South's own pit, taken by South, and
    # the sowing goes on to c; the next pit d holds 3: lift, sow e f g; A
    # is empty: beyond it B (3) is taken by South.
    st = parse_position(pg, "2,3,0,3,0,0,0/0,3,0,0,0,0,0 S 0-73")
    nxt, ev = apply_ply(pg, st, ("sow", 0, CCW), {})
    check(position_string(pg, nxt) == "0,0,1,0,1,1,1/0,0,0,0,0,0,0 N 7-73",
          "pallanguzhi: pasu in the mover's row, relay, beyond capture")
    # g (2): A goes 3 -> 4 (pasu, North's pit, to North; the sowing goes
    # on), B 3 -> 4 by the last seed (pasu to North; the sowing ends).
    st = parse_position(pg, "0,0,0,0,0,0,2/3,3,0,0,0,0,0 S 0-76")
    nxt, ev = apply_ply(pg, st, ("sow", 6, CCW), {})
    check(position_string(pg, nxt) == "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 0-84",
          "pallanguzhi: g (2) makes A 4 (pasu to North, goes on), B 4 by the "
          "last seed (pasu to North, the sowing ends)")
    nxt, ev = apply_ply(pg, st, ("sow", 6, CCW), {"pasu-taker": "mover"})
    check(position_string(pg, nxt) == "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 8-76",
          "pallanguzhi pasu-taker=mover: both pasus to the mover")
    # Bay Khom: chosen direction, clockwise from a goes to E.
    st = initial_state(bk)
    check(len(legal_plies(bk, st)) == 10, "bay-khom: 10 plies at the start")
    st = parse_position(bk, "1,0,0,0,0/3,0,2,0,0 S 0-36")
    # a< (1) into E (0 -> 1); next D empty -> beyond C (2) taken; then B
    # empty, A (3) taken: a pairs chain of 2, crossing... both in North's
    # row; then e empty, d empty: stop.
    nxt, ev = apply_ply(bk, st, ("sow", 0, CW), {})
    check(position_string(bk, nxt) == "0,0,0,0,0/0,0,0,0,1 N 5-36",
          "bay-khom: clockwise sowing, beyond capture chained over two pairs")
    nxt, ev = apply_ply(bk, st, ("sow", 0, CCW), {})
    check(position_string(bk, nxt) == "0,1,0,0,0/3,0,2,0,0 N 0-36",
          "bay-khom: counter-clockwise sowing, two empties take nothing")
    check(parse_ply(bk, "c<") == ("sow", 2, CW), "bay-khom: c< parsed")
    try:
        parse_ply(bk, "c")
        check(False, "bay-khom: bare c refused")
    except ValueError:
        check(True, "bay-khom: bare c refused")
    # Tap-Urdy: South sows from North's row.
    st = initial_state(tu)
    check([ply_text(tu, p) for p in legal_plies(tu, st)] ==
          ["A", "B", "C", "D", "E", "F"], "tap-urdy: South sows A..F")
    # Relay lap with a beyond capture then sow on: South sows A (1) into B
    # (2 -> 3, held seeds: would relay); C empty, D (5) taken; relay from
    # B (3): C D E; E held 0? E holds 1 -> 2: relays; F empty, a (1) taken;
    # relay E (2): F a: a was emptied -> 0 -> 1: the sowing ends.
    st = parse_position(tu, "1,0,0,0,0,1/1,2,0,5,1,0 S 0-37")
    nxt, ev = apply_ply(tu, st, ("sow", 6, CCW), {})
    check(position_string(tu, nxt) == "1,0,0,0,0,1/0,0,1,1,0,1 N 6-37",
          "tap-urdy: two beyond captures at intermediate laps, relay sows on")
    nxt, ev = apply_ply(tu, st, ("sow", 6, CCW),
                        {"after-capture": "end-sowing"})
    check(position_string(tu, nxt) == "1,0,0,0,0,1/0,3,0,0,1,0 N 5-37",
          "tap-urdy after-capture=end-sowing: the capture ends the sowing")
    # Round trips and conservation along random games.
    for gid, game in GAMES.items():
        for seed in range(1, 6):
            res = random_game(game, seed, "uniform", "uniform", {}, 2000)
            line = Line(game, initial_state(game), {})
            for ply in res[0].plies:
                line.play(ply)
                s = line.state
                assert sum(s.board) + sum(s.captured) == game.total
                back = parse_position(game, position_string(game, s))
                assert back.key() == s.key()
        check(True, "%s: position round trips and seed conservation along "
              "random games" % gid)
    print("selftest passed")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def parse_common(args):
    pos = None
    readings = {}
    rest = []
    divide_flag = False
    i = 0
    while i < len(args):
        if args[i] == "--position":
            pos = args[i + 1]
            i += 2
        elif args[i] == "--reading":
            k, _, v = args[i + 1].partition("=")
            readings[k] = v
            i += 2
        elif args[i] == "--divide":
            divide_flag = True
            i += 1
        else:
            rest.append(args[i])
            i += 1
    return pos, readings, rest, divide_flag


# ---------------------------------------------------------------------------
# Matches of Pallanguzhi and Bay Khom (rules/*.toml [match], default readings)
# ---------------------------------------------------------------------------
# Written from the sources' description of the matches (docs/sources/
# matches.md, sections 5 and 6), not from the engine.  After a game each
# player holds what they captured plus the seeds left in their own pits.
# Each refills their own row, pit by pit in the order below, each pit with
# the seeds it held at the start of the match, while what they hold fills
# the next pit whole; the pits left are out of play for the game (rubbish
# holes, eliminated pits): CLOSED holds them, and `step` passes over them,
# so no seed falls in them, no relay lifts them, no capture looks at them.
# What is left over stays with the player as captured.  The match ends when a
# player cannot fill a single pit.  The right to begin alternates.
#   Pallanguzhi: from the left (a..g, A..G), six a pit (Durai through Ludii).
#   Bay Khom: the big end pit first (e, E: five), then four in d, c, b, a
#   (Porée-Maspero through Ludii; the order after the end pit is a reading).

CLOSED = set()
_plain_step = step


def step(game, i, d):                       # noqa: F811 -- passes closed pits
    j = _plain_step(game, i, d)
    while j in CLOSED:
        j = _plain_step(game, j, d)
    return j


MATCH_ORDER = {"pallanguzhi": "first-pit", "bay-khom": "last-pit"}


def match_setup(game, totals, first):
    """The next game's start and closed pits, or None if the match is over."""
    n = game.n
    board = [0] * (2 * n)
    hold = list(totals)
    closed = set()
    filled_any = [False, False]
    for side in (SOUTH, NORTH):
        row = list(range(0, n)) if side == SOUTH else list(range(n, 2 * n))
        if MATCH_ORDER[game.gid] == "last-pit":
            row.reverse()
        stopped = False
        for i in row:
            if not stopped and hold[side] >= game.initial[i]:
                board[i] = game.initial[i]
                hold[side] -= game.initial[i]
                filled_any[side] = True
            else:
                stopped = True
                closed.add(i)
    if not all(filled_any):
        return None
    return State(board, 1 - first, hold), closed


def closed_text(game, closed):
    return ",".join(label(game, i) for i in sorted(closed))


def match_position(game, st, closed):
    s = position_string(game, st)
    return s + (" closed=" + closed_text(game, closed) if closed else "")


def play_match(game, seed, south, north, max_games=40, max_plies=1000):
    rng = random.Random("%s-match-%d-%s-%s" % (game.gid, seed, south, north))
    st, closed = initial_state(game), set()
    games = []
    while len(games) < max_games:
        CLOSED.clear()
        CLOSED.update(closed)
        line = Line(game, st, {})
        while line.reason() is None:
            if len(line.plies) >= max_plies:
                CLOSED.clear()
                return None
            s = line.state
            pol = south if s.side == SOUTH else north
            line.play(choose(pol, game, s, legal_plies(game, s), rng, {}))
        CLOSED.clear()
        tot = final_totals(game, line.state)
        nxt = match_setup(game, tot, st.side)
        games.append((st, set(closed), line, tot, nxt))
        if nxt is None:
            return games
        st, closed = nxt
    return None


def match_record(game, games, seed, south, north, header):
    out = ["; " + h for h in header]
    for k, (st, closed, line, tot, nxt) in enumerate(games, 1):
        mres = "*" if nxt is not None else ("S" if tot[0] > tot[1] else "N")
        out.append('[Variant "%s"]' % game.gid)
        out.append('[South "pallanguzhi_bay_khom_tap_urdy %s seed %d"]' % (south, seed))
        out.append('[North "pallanguzhi_bay_khom_tap_urdy %s seed %d"]' % (north, seed))
        out.append('[Date "2026.12.01"]')
        out.append('[MatchGame "%d"]' % k)
        if k > 1:
            out.append('[Position "%s"]' % match_position(game, st, closed))
        out.append('[Result "%d-%d"]' % (tot[0], tot[1]))
        out.append('[MatchResult "%s"]' % mres)
        out.append('[Termination "%s"]' % line.reason_at_end)
        out.append('[FinalPosition "%s"]' % match_position(game, line.state, closed))
        out.append("")
        cur = ""
        for p in line.plies:
            t = ply_text(game, p)
            if cur and len(cur) + 1 + len(t) > 78:
                out.append(cur)
                cur = t
            else:
                cur = (cur + " " + t) if cur else t
        if cur:
            out.append(cur)
        out.append("")
    return "\n".join(out)


MATCH_GOLDEN = {
    "pallanguzhi": [("07-match-greedy-uniform", "greedy", "uniform"),
                    ("08-match-uniform-greedy", "uniform", "greedy")],
    "bay-khom": [("07-match-greedy-uniform", "greedy", "uniform"),
                 ("08-match-uniform-greedy", "uniform", "greedy")],
}


def match_golden(root):
    """Whole matches: for each file the first seed from 1 whose match ends
    in 2 or more games within 40 games (no game over 1000 plies)."""
    done = []
    for gid, files in MATCH_GOLDEN.items():
        game = GAMES[gid]
        for name, south, north in files:
            for seed in range(1, 401):
                games = play_match(game, seed, south, north)
                if games and len(games) >= 2:
                    break
            else:
                raise RuntimeError("no match found for %s %s" % (gid, name))
            # the reason each game ended, computed with its closed pits
            for st, closed, line, tot, nxt in games:
                CLOSED.clear()
                CLOSED.update(closed)
                line.reason_at_end = line.reason()
                CLOSED.clear()
            header = [
                "Derived by tools/reference/pallanguzhi_bay_khom_tap_urdy.py (match-golden), an",
                "independent Python implementation of a %s match, written from the" % game.name,
                "sources' description of the match (docs/sources/matches.md) and the rule",
                "file's [match], without reading the engine.",
                "A whole match of %d games, played to its end: seed %d, South %s, North %s."
                % (len(games), seed, south, north),
            ] + ["  %s: %s" % (p, POLICY_TEXT[p]) for p in sorted({south, north})] + [
                "Seed: the first from 1 whose match ends (a player cannot fill a pit)",
                "within 40 games. Pits out of play are written closed= in Position.",
            ]
            path = os.path.join(root, "tests", "golden", gid, "%s-seed%d.rec" % (name, seed))
            with open(path, "w") as f:
                f.write(match_record(game, games, seed, south, north, header))
            done.append((path, len(games), [g[3] for g in games]))
    return done



def main(argv):
    if not argv:
        print(__doc__)
        return 2
    cmd = argv[0]
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    if cmd == "selftest":
        selftest()
        return 0
    if cmd == "golden":
        golden(root)
        match_golden(root)      # golden clears the .rec files first
        return 0
    if cmd == "match-golden":
        for path, k, tots in match_golden(root):
            print(path, k, "games", tots)
        return 0
    if cmd in ("perft", "play"):
        pos, readings, rest, div = parse_common(argv[1:])
        game = GAMES[rest[0]]
        for k, v in readings.items():
            if k not in game.readings or v not in game.readings[k]:
                print("error: unknown reading %s=%s" % (k, v))
                return 2
        st = parse_position(game, pos) if pos else initial_state(game)
        if cmd == "perft":
            depth = int(rest[1])
            if div:
                for t, p, _ in divide(game, st, readings):
                    nxt, _ = apply_ply(game, st, parse_ply(game, t), readings)
                    seen = {st.key(): 1}
                    seen[nxt.key()] = seen.get(nxt.key(), 0) + 1
                    print("%s %d" % (t, perft(game, nxt, depth - 1, readings,
                                              seen)))
            t0 = time.time()
            print(perft(game, st, depth, readings))
            print("(%.1f s)" % (time.time() - t0), file=sys.stderr)
            return 0
        line = Line(game, st, readings)
        for t in rest[1:]:
            if line.reason() is not None:
                print("error: the game is over (%s)" % line.reason())
                return 1
            try:
                ply = parse_ply(game, t)
            except ValueError as e:
                print("error: %s" % e)
                return 1
            if ply not in legal_plies(game, line.state):
                print("error: illegal ply %s; legal: %s" % (t, " ".join(
                    ply_text(game, p) for p in legal_plies(game,
                                                           line.state))))
                return 1
            before = line.state
            events = line.play(ply)
            c = describe(game, before, ply, events, line.state)
            print("%s  %s%s" % (ply_text(game, ply),
                                position_string(game, line.state),
                                ("  {" + c + "}") if c else ""))
        r = line.reason()
        if r is None:
            print("legal: " + " ".join(ply_text(game, p)
                                       for p in legal_plies(game, line.state)))
        else:
            tot = final_totals(game, line.state)
            print("game over: %s, result %d-%d" % (r, tot[0], tot[1]))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
