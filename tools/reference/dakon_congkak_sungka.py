#!/usr/bin/env python3
"""Independent reference implementation of Dakon, Congkak and Sungka,
played as matches of games, for ayla's golden games and perft tables.

Written from the games' descriptions (docs/sources/matches.md and the
published sources it and the brief cite: Mancala World's Dakon and Sungka,
salvi.chaosnet.org and the earlier Wikipedia text for Congkak, HLP for the
match), docs/rule-language.md (the meaning of the keys, `[match]` above
all) and docs/notation.md (labels, positions with `closed=`, records of
matches). It does not read src/ or rules/, does not run the engine, and
imports nothing but the standard library.

Commands (run from the repository root):

    python3 tools/reference/dakon_congkak_sungka.py selftest
    python3 tools/reference/dakon_congkak_sungka.py perft <id> <depth> [--position P] [--reading NAME=ALT]
    python3 tools/reference/dakon_congkak_sungka.py play <id> <ply>... [--position P]
    python3 tools/reference/dakon_congkak_sungka.py golden

<id> is dakon, congkak or sungka. `golden` rewrites tests/golden/<id>/*.rec
and tests/perft/<id>.perft, then reads every record back and replays it.

The rules as implemented (each point a reading of the descriptions):

- Board 2x7, pits a..g (South, from South's left) and A..G (North, from
  North's left), 7 seeds a pit, 98 in all; a store for each player after
  the last pit of their row in sowing order. Pit i faces pit 13-i (a
  faces G).
- Congkak and Dakon sow clockwise: South's circuit is g f e d c b a,
  South's store, G F E D C B A, (North's store, skipped), g. Sungka sows
  counter-clockwise: a..g, South's store, A..G, (North's store), a.
  Reading: Sungka's sources draw the store on the right with an
  anticlockwise sowing (Mancala World); the mirror game is the same.
- A ply lifts every seed of a non-empty open pit of one's own row and
  drops one in each following place: the mover's store is a place, the
  opponent's store is not, a closed (burnt) pit is not. The emptied
  origin is sown into like any pit when a lap comes round.
- Relay: when the last seed of a lap falls in a pit that held seeds
  before it fell, that pit is lifted and sown on. Reading
  (docs/rule-language.md, `laps = "relay"`): after 10 000 relays the
  sowing ends wherever the last lap ends.
- Last seed in the mover's own store: the mover plays again.
- Last seed in an empty pit (it now holds one seed) of the mover's own
  row: if the pit opposite holds seeds they are taken into the store;
  Congkak and Sungka take the capturing seed too, Dakon leaves it (its
  Mancala World text names only the seeds opposite). A closed pit
  opposite holds nothing, so nothing is taken. An empty pit of the
  opponent's row: the turn ends. Dakon's mikul is not played (the brief's
  language cannot write it).
- End of a game (checked at the start and after every ply): Sungka when
  no seed is left in any pit (`seeds-left`), a player with an empty row
  passing until then; Congkak and Dakon when the player to act has no
  seed in their row (`no-sowing`); all three at the third occurrence of a
  whole state (`repetition`; the start is the first). The seeds left go
  to the owner of their row; the higher total wins.
- The match: each player holds their total; each fills the pits of their
  own row with 7 from the end next to their store (the last pit in sowing
  order: a then b ... for a clockwise board, g then f ... for a
  counter-clockwise one), as long as 7 remain; the rest stays in the
  store; unfilled pits are closed for the game. A player who cannot fill
  one pit loses the match. The loser of a game starts the next (after a
  draw, the player who did not start it).
"""

import os
import random
import sys
import time

N = 7
SEEDS = 7
TOTAL = 2 * N * SEEDS
S_STORE, N_STORE = 14, 15
LABELS = "abcdefg" + "ABCDEFG"
RELAY_CAP = 10000
DATE = "2026.12.07"
PROG = "tools/reference/dakon_congkak_sungka.py"

GAMES = {
    "dakon": dict(name="Dakon", clockwise=True, seed_taken=False, pass_when_empty=False),
    "congkak": dict(name="Congkak", clockwise=True, seed_taken=True, pass_when_empty=False),
    "sungka": dict(name="Sungka", clockwise=False, seed_taken=True, pass_when_empty=True),
}


class Rules:
    def __init__(self, gid, readings=None):
        g = GAMES[gid]
        self.gid = gid
        self.name = g["name"]
        self.clockwise = g["clockwise"]
        self.seed_taken = g["seed_taken"]
        self.pass_when_empty = g["pass_when_empty"]
        # Match readings (defaults: refill from the store end, loser starts).
        self.refill_far_end = False
        self.winner_starts = False
        self.readings = dict(readings or {})
        for k, v in self.readings.items():
            if k == "refill-order":
                self.refill_far_end = v == "far-end"
            elif k == "next-starter":
                self.winner_starts = v == "winner"
            elif k == "capturing-seed" and gid == "dakon":
                self.seed_taken = v == "taken"
            else:
                raise ValueError("unknown reading %s=%s" % (k, v))
        if self.clockwise:
            self.cycle = [6, 5, 4, 3, 2, 1, 0, S_STORE, 13, 12, 11, 10, 9, 8, 7, N_STORE]
        else:
            self.cycle = [0, 1, 2, 3, 4, 5, 6, S_STORE, 7, 8, 9, 10, 11, 12, 13, N_STORE]
        self.nxt = {}
        for i, p in enumerate(self.cycle):
            self.nxt[p] = self.cycle[(i + 1) % len(self.cycle)]

    def fill_order(self, side):
        """The pits of `side`'s row in refill order."""
        # Sowing order of the row; its last pit lies next to the store.
        row = [p for p in self.cycle if p < 14 and (p < 7) == (side == 0)]
        return row if self.refill_far_end else list(reversed(row))


class State:
    __slots__ = ("pits", "stores", "to_move", "closed")

    def __init__(self, pits, stores, to_move, closed=frozenset()):
        self.pits = list(pits)
        self.stores = list(stores)
        self.to_move = to_move
        self.closed = frozenset(closed)

    def copy(self):
        return State(self.pits, self.stores, self.to_move, self.closed)

    def key(self):
        return (tuple(self.pits), tuple(self.stores), self.to_move)

    def fmt(self):
        s = ",".join(map(str, self.pits[:7])) + "/" + ",".join(map(str, self.pits[7:]))
        s += " " + "SN"[self.to_move] + " %d-%d" % tuple(self.stores)
        if self.closed:
            s += " closed=" + ",".join(LABELS[i] for i in sorted(self.closed))
        return s


def initial():
    return State([SEEDS] * 14, [0, 0], 0)


def parse(text):
    f = text.split()
    rows = f[0].split("/")
    pits = [int(x) for x in rows[0].split(",")] + [int(x) for x in rows[1].split(",")]
    assert len(pits) == 14
    st = [int(x) for x in f[2].split("-")]
    closed = set()
    for extra in f[3:]:
        k, v = extra.split("=")
        assert k == "closed", extra
        closed = {LABELS.index(x) for x in v.split(",")}
    s = State(pits, st, "SN".index(f[1]), closed)
    assert sum(pits) + sum(st) == TOTAL
    assert all(pits[i] == 0 for i in closed)
    return s


def own_row(side):
    return range(0, 7) if side == 0 else range(7, 14)


def legal(rules, s):
    plies = [i for i in own_row(s.to_move) if s.pits[i] > 0 and i not in s.closed]
    if not plies and rules.pass_when_empty:
        return ["pass"]
    return [LABELS[i] for i in plies]


def apply(rules, s, ply):
    """Play `ply` on a copy of `s`; return (new state, events)."""
    t = s.copy()
    me = t.to_move
    ev = {"laps": [], "capture": None, "extra": False, "relay_cap": False,
          "origin_resown": False, "skipped_closed": False, "facing_closed": False,
          "empty_opposite": False, "opp_row_empty_landing": False, "pass": False}
    if ply == "pass":
        ev["pass"] = True
        t.to_move = 1 - me
        return t, ev
    origin = LABELS.index(ply)
    assert origin in own_row(me) and t.pits[origin] > 0 and origin not in t.closed
    my_store = S_STORE if me == 0 else N_STORE
    opp_store = N_STORE if me == 0 else S_STORE
    start = origin
    relays = 0
    while True:
        hand = t.pits[start]
        t.pits[start] = 0
        p = start
        lap_n = hand
        while hand:
            p = rules.nxt[p]
            while p == opp_store or p in t.closed:
                if p in t.closed:
                    ev["skipped_closed"] = True
                p = rules.nxt[p]
            if p == my_store:
                t.stores[me] += 1
            else:
                if p == start:
                    ev["origin_resown"] = True
                t.pits[p] += 1
            hand -= 1
        ev["laps"].append((start, lap_n, p))
        if p == my_store:
            ev["extra"] = True
            break
        if t.pits[p] > 1:
            if relays == RELAY_CAP:
                ev["relay_cap"] = True
                break
            relays += 1
            start = p
            continue
        # Last seed in an empty pit.
        if p in own_row(me):
            o = 13 - p
            if o in t.closed:
                ev["facing_closed"] = True
            if t.pits[o] > 0:
                got = t.pits[o]
                t.pits[o] = 0
                if rules.seed_taken:
                    got += 1
                    t.pits[p] = 0
                t.stores[me] += got
                ev["capture"] = (p, o, got)
            else:
                ev["empty_opposite"] = True
        else:
            ev["opp_row_empty_landing"] = True
        break
    t.to_move = me if ev["extra"] else 1 - me
    return t, ev


def end_reason(rules, s, seen):
    if rules.pass_when_empty and sum(s.pits) == 0:
        return "seeds-left"
    if not rules.pass_when_empty and not legal(rules, s):
        return "no-sowing"
    if seen.get(s.key(), 0) >= 3:
        return "repetition"
    return None


def totals(s):
    return [s.stores[0] + sum(s.pits[0:7]), s.stores[1] + sum(s.pits[7:14])]


def next_game(rules, final, first, last_mover):
    """What follows a game: ('over', winner letter or 'draw') or ('next', State)."""
    tot = totals(final)
    if tot[0] < SEEDS or tot[1] < SEEDS:
        return ("over", "S" if tot[0] >= SEEDS else "N")
    if tot[0] > tot[1]:
        winner = 0
    elif tot[1] > tot[0]:
        winner = 1
    else:
        winner = None
    if winner is None:
        starter = 1 - first
    else:
        starter = winner if rules.winner_starts else 1 - winner
    pits = [0] * 14
    stores = [0, 0]
    closed = set()
    for side in (0, 1):
        h = tot[side]
        for p in rules.fill_order(side):
            if h >= SEEDS:
                pits[p] = SEEDS
                h -= SEEDS
            else:
                closed.add(p)
        stores[side] = h
    return ("next", State(pits, stores, starter, closed))


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(rules, s, depth, seen=None):
    if seen is None:
        seen = {s.key(): 1}
    if depth == 0:
        return 1
    if end_reason(rules, s, seen):
        return 0
    n = 0
    for ply in legal(rules, s):
        t, _ = apply(rules, s, ply)
        k = t.key()
        seen[k] = seen.get(k, 0) + 1
        if depth == 1:
            n += 1
        else:
            n += perft(rules, t, depth - 1, seen)
        seen[k] -= 1
    return n


# ---------------------------------------------------------------------------
# Playing and recording
# ---------------------------------------------------------------------------

def describe(rules, s, ply, t, ev):
    who = "South" if s.to_move == 0 else "North"
    if ev["pass"]:
        return "%s has no seed to sow and passes. Position: %s" % (who, t.fmt())
    def place(p):
        return "store" if p >= 14 else LABELS[p]
    laps = " ".join("%s%d>%s" % (LABELS[a], n, place(b)) for a, n, b in ev["laps"])
    out = "%s sows %s: %s." % (who, ply, laps)
    if ev["extra"]:
        out += " Last seed in the own store: plays again."
    if ev["capture"]:
        p, o, got = ev["capture"]
        out += " Last seed in the empty pit %s: %d seeds taken with the pit opposite %s." % (
            LABELS[p], got, LABELS[o])
    if ev["relay_cap"]:
        out += " The sowing stops after 10000 relays."
    return out + " Position: " + t.fmt()


def choose(rules, s, policy, rng):
    plies = legal(rules, s)
    if policy == "uniform" or len(plies) == 1:
        return rng.choice(plies)
    p_best = {"greedy": 0.8, "strong": 1.0}[policy]
    if rng.random() >= p_best:
        return rng.choice(plies)
    me = s.to_move
    best, top = [], None
    for ply in plies:
        t, ev = apply(rules, s, ply)
        gain = t.stores[me] - s.stores[me] + (0.5 if ev["extra"] else 0)
        if top is None or gain > top:
            best, top = [ply], gain
        elif gain == top:
            best.append(ply)
    return rng.choice(best)


def play_game(rules, start, policies, rng, max_plies=5000):
    s = start
    seen = {s.key(): 1}
    plies = []
    events = {}
    last_mover = None
    while True:
        why = end_reason(rules, s, seen)
        if why:
            break
        ply = choose(rules, s, policies[s.to_move], rng)
        t, ev = apply(rules, s, ply)
        n = len(plies) + 1
        for k in ("extra", "capture", "relay_cap", "origin_resown", "skipped_closed",
                  "facing_closed", "empty_opposite", "opp_row_empty_landing", "pass"):
            if ev[k]:
                events.setdefault(k, []).append(n)
        if len(ev["laps"]) >= 3:
            events.setdefault("relay3", []).append(n)
        plies.append((ply, describe(rules, s, ply, t, ev)))
        last_mover = s.to_move
        s = t
        seen[s.key()] = seen.get(s.key(), 0) + 1
        assert sum(s.pits) + sum(s.stores) == TOTAL
        assert len(plies) < max_plies, "game too long"
    return dict(start=start, plies=plies, final=s, why=why, totals=totals(s),
                events=events, first=start.to_move,
                last_mover=last_mover if last_mover is not None else start.to_move)


def play_match(rules, policies, rng, max_games=60):
    games = []
    s = initial()
    while True:
        g = play_game(rules, s, policies, rng)
        nxt = next_game(rules, g["final"], g["first"], g["last_mover"])
        g["after"] = nxt
        games.append(g)
        if nxt[0] == "over":
            return games
        if len(games) >= max_games:
            return None
        s = nxt[1]


EVENT_TEXT = {
    "extra": "extra turn: last seed in the mover's own store",
    "capture": "capture of the pit opposite",
    "relay3": "relay sowing of 3 or more laps",
    "origin_resown": "a lap comes round and sows into its own emptied origin",
    "skipped_closed": "a sowing passes over a pit out of play (burnt)",
    "facing_closed": "last seed in an empty own pit facing a pit out of play: nothing taken",
    "empty_opposite": "last seed in an empty own pit facing an empty pit: nothing taken",
    "opp_row_empty_landing": "last seed in an empty pit of the opponent's row: turn ends",
    "pass": "a player with an empty row passes",
    "relay_cap": "a sowing stopped by the 10000-relay cap",
}


def game_text(rules, g, k, policies, seed, match_result):
    out = []
    out.append('[Variant "%s"]' % rules.gid)
    if rules.readings:
        out.append('[Readings "%s"]' % ",".join("%s=%s" % kv for kv in sorted(rules.readings.items())))
    out.append('[South "%s %s seed %d"]' % (os.path.basename(PROG)[:-3], policies[0], seed))
    out.append('[North "%s %s seed %d"]' % (os.path.basename(PROG)[:-3], policies[1], seed))
    out.append('[Date "%s"]' % DATE)
    if k is not None:
        out.append('[MatchGame "%d"]' % k)
        if k >= 2:
            out.append('[Position "%s"]' % g["start"].fmt())
    out.append('[Result "%d-%d"]' % tuple(g["totals"]))
    if k is not None:
        out.append('[MatchResult "%s"]' % match_result)
    out.append('[Termination "%s"]' % g["why"])
    out.append('[FinalPosition "%s"]' % g["final"].fmt())
    out.append("")
    for i, (ply, text) in enumerate(g["plies"]):
        out.append("%d. %s" % (i + 1, ply))
        out.append("{%s}" % text)
    out.append("")
    return "\n".join(out)


def header(rules, seed, policies, what):
    h = [
        "; Derived by %s, an independent Python" % PROG,
        "; implementation of %s written from the game's descriptions" % rules.name,
        "; (docs/sources/matches.md and the sources it cites), docs/rule-language.md",
        "; and docs/notation.md, without reading the engine or the rule files.",
        "; %s, seed %d: South policy %s, North policy %s." % (what, seed, policies[0], policies[1]),
        ";   uniform: a legal ply at random; greedy: with probability 0.8 the ply",
        ";   that adds most to the mover's store at once (an extra turn counts half a",
        ";   seed more; ties at random), else a random ply; strong: greedy always.",
    ]
    if rules.readings:
        h.append("; Played under the readings %s." % ", ".join("%s=%s" % kv for kv in sorted(rules.readings.items())))
    return h


def shows(games):
    lines = []
    for k, g in enumerate(games):
        tag = "game %d: " % (k + 1) if len(games) > 1 else ""
        lines.append(";   %s%d plies, %d-%d, %s; start %s" % (
            tag, len(g["plies"]), g["totals"][0], g["totals"][1], g["why"], g["start"].fmt()))
        for e, ns in sorted(g["events"].items()):
            more = " and %d more" % (len(ns) - 6) if len(ns) > 6 else ""
            lines.append(";     - %s (ply %s%s)" % (EVENT_TEXT[e], ", ".join(map(str, ns[:6])), more))
    return lines


def write_single(rules, path, seed, policies):
    rng = random.Random(seed)
    g = play_game(rules, initial(), policies, rng)
    h = header(rules, seed, policies, "Random single game (game 1 of a match, recorded alone)")
    h.append("; Shows:")
    h += shows([g])
    h.append("; Comments after plies give the laps (<origin><seeds>><place of the last")
    h.append("; seed>) and the position string after the ply.")
    with open(path, "w") as f:
        f.write("\n".join(h) + "\n" + game_text(rules, g, None, policies, seed, None))
    return [g]


def write_match(rules, path, seed, policies, tries=200):
    for attempt in range(tries):
        rng = random.Random(seed + 1000 * attempt)
        games = play_match(rules, policies, rng)
        if games is not None and len(games) >= 2:
            break
    else:
        raise SystemExit("no match of 2+ games found for %s" % path)
    used = seed + 1000 * attempt
    h = header(rules, used, policies, "Random whole match, played to its end")
    h.append("; Tries whose match lasted more than 60 games or ended after one were dropped (seed + 1000 each).")
    h.append("; The match: %d games; the winner of the match is %s (the other could not fill" % (
        len(games), games[-1]["after"][1]))
    h.append("; a pit). Each later game starts where the match sets it up (Position tag).")
    h.append("; Shows:")
    h += shows(games)
    h.append("; Comments after plies give the laps (<origin><seeds>><place of the last")
    h.append("; seed>) and the position string after the ply.")
    parts = []
    for k, g in enumerate(games):
        mr = "*" if g["after"][0] == "next" else g["after"][1]
        parts.append(game_text(rules, g, k + 1, policies, used, mr))
    with open(path, "w") as f:
        f.write("\n".join(h) + "\n" + "\n".join(parts))
    return games


# Reading records back.

def read_records(path):
    games, tags, plies, in_comment = [], {}, [], False
    text = open(path).read()
    cur = None
    i = 0
    tokens = []
    for line in text.splitlines():
        if line.startswith(";"):
            continue
        if line.startswith("[") and not in_comment:
            name, val = line[1:-1].split(" ", 1)
            if name == "Variant" and tags and ("_plies" in tags):
                games.append(tags)
                tags = {}
            tags[name] = val.strip('"')
            tags.setdefault("_plies", [])
            continue
        j = 0
        while j < len(line):
            c = line[j]
            if in_comment:
                if c == "}":
                    in_comment = False
                j += 1
                continue
            if c == "{":
                in_comment = True
                j += 1
                continue
            k = j
            while k < len(line) and line[k] not in " {":
                k += 1
            tok = line[j:k]
            if tok and not tok.endswith("."):
                tags["_plies"].append(tok)
            j = k + 1 if k < len(line) and line[k] == " " else k
    if tags:
        games.append(tags)
    return games


def replay_file(path):
    recs = read_records(path)
    prev = None
    for r in recs:
        readings = {}
        if "Readings" in r:
            for kv in r["Readings"].split(","):
                a, b = kv.split("=")
                readings[a] = b
        rules = Rules(r["Variant"], readings)
        if "MatchGame" in r and int(r["MatchGame"]) >= 2:
            assert prev is not None and prev[0] == "next", path
            assert prev[1].fmt() == r["Position"], (path, prev[1].fmt(), r["Position"])
        s = parse(r["Position"]) if "Position" in r else initial()
        seen = {s.key(): 1}
        first, last = s.to_move, s.to_move
        for ply in r["_plies"]:
            assert end_reason(rules, s, seen) is None, path
            assert ply in legal(rules, s), (path, ply, s.fmt())
            last = s.to_move
            s, _ = apply(rules, s, ply)
            seen[s.key()] = seen.get(s.key(), 0) + 1
        why = end_reason(rules, s, seen)
        assert why == r["Termination"], (path, why)
        assert s.fmt() == r["FinalPosition"], path
        assert "%d-%d" % tuple(totals(s)) == r["Result"], path
        if "MatchGame" in r:
            prev = next_game(rules, s, first, last)
            mr = "*" if prev[0] == "next" else prev[1]
            assert mr == r["MatchResult"], (path, mr)
    return len(recs)


# ---------------------------------------------------------------------------
# Golden data
# ---------------------------------------------------------------------------

PLAN = {
    # (file name, kind, seed, (South policy, North policy), readings)
    "congkak": [
        ("01-match-strong-uniform-seed1.rec", "match", 1, ("strong", "uniform"), None),
        ("02-match-uniform-strong-seed2.rec", "match", 2, ("uniform", "strong"), None),
        ("03-match-greedy-uniform-seed3.rec", "match", 3, ("greedy", "uniform"), None),
        ("04-match-far-end-winner-seed4.rec", "match", 4, ("strong", "uniform"),
         {"refill-order": "far-end", "next-starter": "winner"}),
        ("05-greedy-seed5.rec", "single", 5, ("greedy", "greedy"), None),
        ("06-uniform-seed6.rec", "single", 6, ("uniform", "uniform"), None),
    ],
    "dakon": [
        ("01-match-strong-uniform-seed11.rec", "match", 11, ("strong", "uniform"), None),
        ("02-match-uniform-strong-seed12.rec", "match", 12, ("uniform", "strong"), None),
        ("03-match-greedy-uniform-seed13.rec", "match", 13, ("greedy", "uniform"), None),
        ("04-match-seed-taken-seed14.rec", "match", 14, ("strong", "uniform"), {"capturing-seed": "taken"}),
        ("05-greedy-seed15.rec", "single", 15, ("greedy", "greedy"), None),
        ("06-uniform-seed16.rec", "single", 16, ("uniform", "uniform"), None),
    ],
    "sungka": [
        ("01-match-strong-uniform-seed21.rec", "match", 21, ("strong", "uniform"), None),
        ("02-match-uniform-strong-seed22.rec", "match", 22, ("uniform", "strong"), None),
        ("03-match-greedy-uniform-seed23.rec", "match", 23, ("greedy", "uniform"), None),
        ("04-match-far-end-winner-seed24.rec", "match", 24, ("strong", "uniform"),
         {"refill-order": "far-end", "next-starter": "winner"}),
        ("05-greedy-seed25.rec", "single", 25, ("greedy", "greedy"), None),
        ("06-uniform-seed26.rec", "single", 26, ("uniform", "uniform"), None),
    ],
}


def timed_perft(rules, s, budget):
    rows = []
    d = 1
    while True:
        t0 = time.time()
        n = perft(rules, s, d)
        dt = time.time() - t0
        rows.append((d, n, dt))
        if dt > budget or n == 0:
            return rows
        d += 1


def write_perft(gid, later):
    rules = Rules(gid)
    lines = [
        "# Perft counts for %s (2x7, 7 seeds per pit, stores, relay sowing, a match" % rules.name,
        "# of games with pits out of play), under the file's default readings.",
        "#",
        "# perft(d) = number of distinct ply sequences of exactly d plies from the",
        "# position. Every ply counts (each ply of an extra turn, each pass). A",
        "# finished game has no plies; the third occurrence of a whole state ends it,",
        "# the history starting at the section's position (its first occurrence).",
        "#",
        "# Computed by %s, an independent Python implementation written" % PROG,
        "# from the games' descriptions, docs/rule-language.md and docs/notation.md",
        "# without reading the engine or the rule files: plain recursive enumeration",
        "# with the repetition history carried along each line. Each section deepens",
        "# until one depth takes more than a few seconds in Python.",
        "#",
        "# Regenerate: python3 %s golden" % PROG,
        "# One number: python3 %s perft %s <depth> [--position P]" % (PROG, gid),
        "",
    ]
    sections = [("The initial position.", initial(), 6.0)]
    for note, pos in later:
        sections.append((note, pos, 6.0))
    for note, pos, budget in sections:
        rows = timed_perft(rules, pos, budget)
        lines.append("# " + note + " Timings: " + ", ".join("d%d %.1fs" % (d, dt) for d, _, dt in rows) + ".")
        lines.append("position " + pos.fmt())
        for d, n, _ in rows:
            lines.append("%d %d" % (d, n))
        lines.append("")
    with open("tests/perft/%s.perft" % gid, "w") as f:
        f.write("\n".join(lines))


def golden():
    for gid, plan in PLAN.items():
        d = "tests/golden/%s" % gid
        os.makedirs(d, exist_ok=True)
        for old in os.listdir(d):
            if old.endswith(".rec"):
                os.remove(os.path.join(d, old))
        later = []
        for fname, kind, seed, pols, readings in plan:
            rules = Rules(gid, readings)
            path = os.path.join(d, fname)
            if kind == "single":
                write_single(rules, path, seed, pols)
            else:
                games = write_match(rules, path, seed, pols)
                if not readings and not later:
                    for g in games[1:]:
                        if g["start"].closed:
                            later.append(("A later game's set-up, from %s (game %d), with pits out of play." % (
                                fname, games.index(g) + 1), g["start"]))
                            break
            n = replay_file(path)
            print("%s: %d games, replayed" % (path, n))
        write_perft(gid, later)
        print("tests/perft/%s.perft written" % gid)


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def selftest():
    ck = Rules("congkak")
    # Clockwise from a: South's store, then G F E D C B.
    t, ev = apply(ck, initial(), "a")
    assert ev["laps"][0] == (0, 7, 8), ev["laps"]
    # g: 7 seeds end in the store: extra turn.
    t, ev = apply(ck, initial(), "g")
    assert ev["extra"] and t.fmt() == "8,8,8,8,8,8,0/7,7,7,7,7,7,7 S 1-0", t.fmt()
    # Capture takes the seed in Congkak, leaves it in Dakon.
    s = parse("0,1,0,0,0,0,0/5,0,0,0,0,0,0 S 0-92")
    t, ev = apply(ck, s, "b")  # b -> a, empty own pit facing an empty G
    assert ev["empty_opposite"] and t.fmt() == "1,0,0,0,0,0,0/5,0,0,0,0,0,0 N 0-92", t.fmt()
    s = parse("0,0,1,0,0,0,0/0,0,0,0,0,5,0 S 0-92")
    t, ev = apply(ck, s, "c")  # c -> b, empty own pit facing F (index 12)
    assert ev["capture"] == (1, 12, 6) and t.fmt() == "0,0,0,0,0,0,0/0,0,0,0,0,0,0 N 6-92", t.fmt()
    t, ev = apply(Rules("dakon"), s, "c")
    assert t.fmt() == "0,1,0,0,0,0,0/0,0,0,0,0,0,0 N 5-92", t.fmt()
    # Sungka: counter-clockwise, g into the store.
    sg = Rules("sungka")
    t, ev = apply(sg, initial(), "a")
    assert t.fmt() == "0,8,8,8,8,8,8/7,7,7,7,7,7,7 S 1-0", t.fmt()
    # Closed pits are skipped; refill from the store end.
    nxt = next_game(ck, parse("0,0,0,0,0,0,0/0,0,0,0,0,0,0 S 60-38"), 0, 0)
    assert nxt[1].fmt() == "7,7,7,7,7,7,7/7,7,7,7,7,0,0 N 11-3 closed=F,G", nxt[1].fmt()
    nxt = next_game(sg, parse("0,0,0,0,0,0,0/0,0,0,0,0,0,0 S 60-38"), 0, 0)
    assert nxt[1].fmt() == "7,7,7,7,7,7,7/0,0,7,7,7,7,7 N 11-3 closed=A,B", nxt[1].fmt()
    # A lap passes over closed pits: North sows E (7) clockwise: D C B A,
    # North's store, then g f (F and G, closed, are never reached).
    s = parse("7,7,7,7,7,7,7/7,7,7,7,7,0,0 N 11-3 closed=F,G")
    t, ev = apply(ck, s, "E")
    assert ev["laps"][0] == (11, 7, 5), ev["laps"]
    # South sows a (7) clockwise: store, then G and F are skipped: E D C B A, g.
    s = parse("7,7,7,7,7,7,7/7,7,7,7,7,0,0 S 11-3 closed=F,G")
    t, ev = apply(ck, s, "a")
    assert ev["skipped_closed"] and ev["laps"][0] == (0, 7, 6), ev["laps"]
    assert next_game(ck, parse("0,0,0,0,0,0,0/0,0,0,0,0,0,0 S 92-6"), 0, 0) == ("over", "S")
    # Random games conserve seeds and round-trip positions.
    for gid in GAMES:
        r = Rules(gid)
        rng = random.Random(7)
        for _ in range(5):
            g = play_game(r, initial(), ("uniform", "greedy"), rng)
            assert parse(g["final"].fmt()).fmt() == g["final"].fmt()
    print("selftest ok")


def main(argv):
    if not argv:
        print(__doc__)
        return
    cmd = argv[0]
    pos, readings = None, {}
    args = []
    i = 1
    while i < len(argv):
        if argv[i] == "--position":
            pos = argv[i + 1]
            i += 2
        elif argv[i] == "--reading":
            a, b = argv[i + 1].split("=")
            readings[a] = b
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if cmd == "selftest":
        selftest()
    elif cmd == "golden":
        golden()
    elif cmd == "perft":
        r = Rules(args[0], readings)
        s = parse(pos) if pos else initial()
        print(perft(r, s, int(args[1])))
    elif cmd == "play":
        r = Rules(args[0], readings)
        s = parse(pos) if pos else initial()
        for ply in args[1:]:
            t, ev = apply(r, s, ply)
            print(describe(r, s, ply, t, ev))
            s = t
        print("legal:", " ".join(legal(r, s)))
    else:
        raise SystemExit("unknown command " + cmd)


if __name__ == "__main__":
    main(sys.argv[1:])
