// The page of `ayla serve`. It decides no rule and draws nothing itself:
// what may be played comes from the server's `legal` and `actions`, every
// picture is the server's SVG inserted as is. The server keeps nothing, so
// the page holds the game (variant, readings, start, plies) and sends it
// whole with every request (docs/serve.md).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  const S = {
    variants: [],
    levels: [],
    defaultLevel: null,
    mode: "play",
    // The game being played: a game request without its view options,
    // what made each ply ("human" | "engine" | "record"), so undo can go
    // back to before the last human ply whatever the seats say now, and
    // who made each ply by name (`names`), so the record says who played
    // each side when a seat changes hands.
    play: null,
    playAnswer: null,
    // The record being read: the text, the request that replays it, the
    // answer for the whole game, the ply on screen and the ply wanted.
    read: null,
    // The answer on screen (play or read).
    answer: null,
    offering: null, // a Set of labels while an offer is being chosen
    choosing: null, // {pit, entries} while a direction is being chosen
    // A new game, an undo or a change of mode starts a new epoch: answers
    // and animations of an older one are dropped, its requests aborted.
    epoch: 0,
    ctrl: new AbortController(),
    busy: 0,
    fileName: null, // the name of the record file read, until the text is edited
    hint: null, // {ply, pit} the engine suggests for the answer on screen
    minBoard: null, // the board's least width in px (putPicture)
  };

  // ---- busy flag, messages ------------------------------------------------

  // Tests wait on body[data-busy="0"]: it must be "1" from before a request
  // is sent until its answer (and its animation) is on screen.
  function setBusy(delta) {
    S.busy += delta;
    document.body.dataset.busy = S.busy > 0 ? "1" : "0";
    $("board").setAttribute("aria-busy", S.busy > 0 ? "true" : "false");
  }

  function message(text, kind) {
    const m = $("message");
    m.textContent = text || "";
    m.className = "message" + (text && kind ? " " + kind : "");
  }

  class ApiError extends Error {}

  const isAbort = (e) => e && e.name === "AbortError";

  // Runs an async action with the busy flag up; a server error lands in
  // the message line, an aborted request (a newer epoch) is silent.
  async function run(action) {
    setBusy(1);
    try {
      await action();
    } catch (e) {
      if (!isAbort(e)) {
        message(e instanceof ApiError ? e.message : "The page failed: " + e, "error");
      }
    } finally {
      setBusy(-1);
    }
  }

  function newEpoch() {
    S.ctrl.abort();
    S.ctrl = new AbortController();
    S.epoch += 1;
    S.offering = null;
    S.choosing = null;
    return S.epoch;
  }

  async function api(path, body) {
    const init = { signal: S.ctrl.signal };
    if (body !== undefined) {
      init.method = "POST";
      init.headers = { "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (e) {
      if (isAbort(e)) throw e;
      throw new ApiError("The server does not answer (is `ayla serve` still running?): " + e.message);
    }
    let data;
    try {
      data = await res.json();
    } catch (e) {
      if (isAbort(e)) throw e;
      throw new ApiError("The server answered " + res.status + " without JSON.");
    }
    if (!res.ok || data.error) {
      throw new ApiError(data.error && data.error.message ? data.error.message : "The server answered " + res.status + ".");
    }
    return data;
  }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // ---- requests -----------------------------------------------------------

  const animating = () => $("animate").checked;

  // A phone's width: the server draws compact pictures (names above and
  // below the board, pits closer), so the pits take the width.
  const narrow = window.matchMedia("(max-width: 600px)");

  function gameRequest(game, plies, frames) {
    return {
      variant: game.variant,
      readings: game.readings || {},
      start: game.start === undefined ? null : game.start,
      plies: plies,
      seeds: $("seeds").value,
      frames: !!frames,
      compact: narrow.matches,
      players: [playerName("South"), playerName("North")],
      by: (game.names || []).slice(0, plies.length),
      match_game: game.matchGame || null,
    };
  }

  // The record of the game on screen: in a match, after the records of
  // the match's earlier games, so the file is the whole match so far.
  function fullRecord(a) {
    const earlier = S.mode === "play" && S.play && S.play.earlier ? S.play.earlier : "";
    return earlier + a.record;
  }

  // The record's South and North tags, as `ayla play` writes them.
  function playerName(side) {
    if (playerOf(side) !== "engine") return "human";
    const level = S.levels.find((l) => l.id === levelOf(side));
    return "ayla engine (" + (level ? level.name : levelOf(side)) + ")";
  }

  const seat = (side) => (side === "South" ? "south" : "north");
  const playerOf = (side) => $(seat(side) + "-player").value;
  const levelOf = (side) => $(seat(side) + "-level").value;

  function humanToAct(a) {
    return S.mode === "play" && a && !a.over && a.to_move && playerOf(a.to_move) === "human";
  }

  // ---- drawing what the server sent -------------------------------------

  function setBoard(svg) {
    putPicture(svg);
    decoratePits();
  }

  // The narrowest a pit is drawn on a phone, in CSS px: below it (a
  // board of a dozen columns) the board scrolls sideways in its box
  // rather than shrink pits past what a finger can hit. 36, not 44: a
  // 2x9 board at 400 px gets 39 px pits whole rather than 44 px ones
  // and a scroll. A mouse needs no such floor.
  const MIN_PIT_PX = 36;

  // Puts a picture on the board, on a phone no narrower than keeps its
  // pits MIN_PIT_PX across. The pit's size is read from an interactive
  // picture; an animation frame (no data-pit) is the same board.
  function putPicture(svg) {
    const board = $("board");
    board.innerHTML = svg;
    const pic = board.querySelector("svg");
    const pit = board.querySelector('[data-pit] circle[fill="#fff"]');
    if (pic && pit && pic.viewBox.baseVal) {
      S.minBoard = (pic.viewBox.baseVal.width * MIN_PIT_PX) / (2 * pit.r.baseVal.value);
    }
    if (pic && S.minBoard && narrow.matches) pic.style.minWidth = Math.ceil(S.minBoard) + "px";
  }

  // Pits the player may click get a tab stop and a name, so the board can
  // be played from the keyboard; which pits those are is the server's say.
  function decoratePits() {
    const a = S.answer;
    const live = humanToAct(a) && S.busy >= 0;
    const offerPits = new Set();
    if (live && S.offering) {
      for (const o of a.actions.offers) for (const p of offerLabels(o)) offerPits.add(p);
    }
    const legalPits = new Set(live ? a.legal.map((l) => l.pit) : []);
    for (const g of $("board").querySelectorAll("[data-pit]")) {
      const pit = g.dataset.pit;
      const clickable = S.offering ? offerPits.has(pit) : legalPits.has(pit);
      const chosen = !!(S.offering && S.offering.has(pit));
      g.classList.toggle("clickable", clickable);
      g.classList.toggle("chosen", chosen);
      g.classList.toggle("hinted", !!(live && S.hint && S.hint.pit === pit && !S.offering));
      // A chosen pit says so in a shape as well as a colour: a ✓ badge.
      const badge = g.querySelector(".chosen-mark");
      if (chosen && !badge) g.append(chosenMark(g));
      if (!chosen && badge) badge.remove();
      if (clickable) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        const count = g.dataset.count !== undefined ? ", " + g.dataset.count + " seeds" : "";
        const chosen = S.offering && S.offering.has(pit) ? ", chosen" : "";
        g.setAttribute("aria-label", "pit " + pit + count + chosen);
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
      }
    }
  }

  // A ✓ in a circle at the top right of a pit's box, drawn in SVG so it
  // scales with the board.
  function chosenMark(g) {
    const NS = "http://www.w3.org/2000/svg";
    const box = g.getBBox();
    const r = Math.max(6, Math.min(box.width, box.height) * 0.18);
    const mark = document.createElementNS(NS, "g");
    mark.setAttribute("class", "chosen-mark");
    mark.setAttribute("aria-hidden", "true");
    const c = document.createElementNS(NS, "circle");
    c.setAttribute("cx", String(box.x + box.width - r * 0.6));
    c.setAttribute("cy", String(box.y + r * 0.6));
    c.setAttribute("r", String(r));
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", String(box.x + box.width - r * 0.6));
    t.setAttribute("y", String(box.y + r * 0.6));
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("dominant-baseline", "central");
    t.setAttribute("font-size", String(r * 1.4));
    t.textContent = "✓";
    mark.append(c, t);
    return mark;
  }

  // Shows an answer: the text panes at once, then the board, through the
  // frames of the last ply when asked and animation is on. While the
  // frames run, the heading names the side sowing, as the board does.
  async function show(a, animate, epoch) {
    S.answer = a;
    S.hint = null;
    renderText(a);
    const frames = a.last && a.last.frames;
    if (animate && animating() && frames && frames.length) {
      $("status").textContent = "▶ " + a.last.side + " plays " + a.last.ply + "…";
      $("play-hint").hidden = true;
      // 120 ms a step, faster for long sowings: a ply takes at most ~3 s.
      const each = Math.max(8, Math.min(120, Math.floor(3000 / frames.length)));
      for (const f of frames) {
        if (epoch !== S.epoch) return;
        putPicture(f);
        await sleep(each);
      }
      if (epoch !== S.epoch) return;
      $("status").textContent = statusText(a);
      renderPlayHint(a);
    }
    setBoard(a.svg);
  }

  // No game on the board: nothing to click, nothing that looks playable.
  function clearBoard(why) {
    S.answer = null;
    S.playAnswer = null;
    S.hint = null;
    $("board").innerHTML = "";
    $("status").textContent = why;
    $("position").textContent = "";
    $("moves").textContent = "";
    $("record").textContent = "";
    $("description").textContent = "";
    $("rules-text").textContent = "";
    $("play-hint").hidden = true;
    renderActions(null);
  }

  // One line for a newcomer: what to do when it is a person's turn.
  function renderPlayHint(a) {
    const h = $("play-hint");
    const live = humanToAct(a) && a.legal.length > 0;
    h.hidden = !live;
    if (live) h.textContent = "Click one of your pits to sow (" + a.to_move + "'s pits outlined on the board).";
  }

  function statusText(a) {
    if (a.over && a.match) return "Game " + a.match.game + " of the match over: " + a.over.text + ". " + matchText(a.match);
    if (a.over) return "Game over: " + a.over.text;
    if (!a.to_move) return "Game over.";
    const who = S.mode === "play" ? " (" + playerOf(a.to_move) + ")" : "";
    return "▶ " + a.to_move + who + " to move";
  }

  // Where a match stands after a game that is over.
  function matchText(m) {
    if (m.next) return "The match goes on: each player refills their pits from the seeds they hold.";
    if (m.winner === "draw") return "The match is over: it is drawn.";
    return "The match is over: " + m.winner + " wins it.";
  }

  // The next game of the match: the game just over joins the earlier
  // ones, and the board shows the next game's set-up (its pits out of
  // play struck out) before its first ply; with animation on, the seeds
  // are first gathered and each pit filled or struck out in turn.
  async function nextGame() {
    const a = S.playAnswer;
    if (!a || !a.over || !a.match || !a.match.next) return;
    const epoch = newEpoch();
    const frames = a.match.frames || [];
    if (animating() && frames.length) {
      $("status").textContent = "Each player refills their pits from the seeds they hold…";
      const each = Math.max(60, Math.min(250, Math.floor(3000 / frames.length)));
      for (const f of frames) {
        if (epoch !== S.epoch) return;
        putPicture(f);
        await sleep(each);
      }
    }
    if (epoch !== S.epoch) return;
    const game = {
      variant: S.play.variant,
      readings: S.play.readings,
      start: a.match.next,
      plies: [],
      by: [],
      names: [],
      matchGame: a.match.game + 1,
      earlier: (S.play.earlier || "") + a.record + "\n",
    };
    const next = await api("/api/game", gameRequest(game, [], false));
    if (epoch !== S.epoch) return;
    S.play = game;
    S.playAnswer = next;
    message("Game " + game.matchGame + " of the match: " + next.to_move + " moves first.");
    await show(next, false, epoch);
    await runEngines(epoch);
  }

  function renderText(a) {
    $("status").textContent = statusText(a);
    renderPlayHint(a);
    $("position").textContent = a.position;
    $("rules-text").textContent = a.rules_text || "";
    renderReadings(a);
    if (S.mode === "play") {
      $("record").textContent = fullRecord(a);
      renderMoves(a.plies, a.plies.length, null);
      $("description").textContent = a.last ? a.last.description : "";
      if (a.last && a.last.frames_cut) {
        $("description").textContent += " (a long sowing: the animation shows some of its steps)";
      }
    } else {
      const r = S.read;
      $("record").textContent = r.answer.record;
      renderMoves(r.answer.plies, r.index, r.answer.illegal);
      $("ply-counter").textContent = "ply " + r.index + " of " + r.total;
      $("description").textContent =
        r.index === 0 ? "The start of the game." : a.last ? a.last.description : "";
    }
    renderActions(a);
  }

  function renderMoves(plies, current, illegal) {
    const ol = $("moves");
    ol.textContent = "";
    const add = (index, number, side, text, title, extra) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ply" + (extra ? " " + extra : "");
      b.dataset.index = String(index);
      b.title = title || "";
      const n = document.createElement("span");
      n.className = "n";
      n.textContent = number + ".";
      const s = document.createElement("span");
      s.className = "side";
      s.textContent = side ? side[0] : "";
      s.title = side || "";
      const t = document.createElement("span");
      t.className = "t";
      t.textContent = text;
      b.append(n, s, t);
      if (index === current) {
        b.setAttribute("aria-current", "step");
      }
      li.append(b);
      ol.append(li);
      return b;
    };
    plies.forEach((p, i) => add(i + 1, p.number, p.side, p.text, p.description));
    if (illegal) {
      const b = add(null, illegal.number, illegal.side, illegal.text, illegal.message, "illegal");
      b.disabled = true;
      b.append(document.createTextNode(" (illegal)"));
    }
    const cur = ol.querySelector('[aria-current="step"]');
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  function variantInfo(id) {
    return S.variants.find((v) => v.id === id) || null;
  }

  function renderReadings(a) {
    const box = $("readings");
    const v = variantInfo(a.variant.id);
    const key = a.variant.id + "|" + JSON.stringify(a.readings);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.textContent = "";
    if (!v || !v.readings.length) {
      const p = document.createElement("p");
      p.className = "hint";
      p.textContent = "This variant has no open points to choose a reading of.";
      box.append(p);
      return;
    }
    for (const r of v.readings) {
      const label = readingChoice(r, a.readings);
      const sel = label.querySelector("select");
      sel.addEventListener("change", () => changeReading(r.name, sel.value));
      box.append(label);
    }
  }

  // A labelled choice of one reading's alternatives, set to `readings`'
  // choice (its default where absent); the label's title is the open point.
  function readingChoice(r, readings) {
    const label = document.createElement("label");
    label.textContent = r.name + " ";
    label.title = r.point;
    const sel = document.createElement("select");
    sel.dataset.reading = r.name;
    for (const alt of r.alternatives) {
      const o = document.createElement("option");
      o.value = alt;
      o.textContent = alt + (alt === r.default ? " (default)" : "");
      sel.append(o);
    }
    sel.value = (readings && readings[r.name]) || r.default;
    label.append(sel);
    return label;
  }

  // ---- the actions bar ----------------------------------------------------

  function offerLabels(text) {
    const m = /^offer\((.*)\)$/.exec(text.trim());
    return m ? m[1].split(",").map((s) => s.trim()).filter((s) => s) : [];
  }

  // The server's text of the offer made of exactly the chosen pits, if
  // the server lists one.
  function matchingOffer() {
    if (!S.offering || !S.answer) return null;
    for (const o of S.answer.actions.offers) {
      const labels = offerLabels(o);
      if (labels.length === S.offering.size && labels.every((l) => S.offering.has(l))) return o;
    }
    return null;
  }

  function renderActions(a) {
    const live = humanToAct(a);
    const act = (a && a.actions) || { pass: false, accept: false, decline: false, offers: [] };
    const canOffer = live && act.offers.length > 0;
    if (!canOffer) S.offering = null;
    $("offer").hidden = !canOffer;
    $("offer").textContent = S.offering ? "Cancel offer" : "Offer…";
    $("offer").setAttribute("aria-pressed", S.offering ? "true" : "false");
    $("send-offer").hidden = !S.offering;
    $("send-offer").disabled = !matchingOffer();
    $("offer-hint").hidden = !S.offering;
    if (S.offering) {
      const chosen = [...S.offering].sort();
      $("offer-hint").textContent = chosen.length
        ? "Offering " + chosen.join(", ") + (matchingOffer() ? "" : " (not an offer the rules allow)")
        : "Click the pits to offer";
    }
    $("accept").hidden = !(live && act.accept);
    $("decline").hidden = !(live && act.decline);
    $("pass").hidden = !(live && act.pass);
    $("next-game").hidden = !(S.mode === "play" && a && a.over && a.match && a.match.next);
    const choosing = live && S.choosing;
    $("direction").hidden = !choosing;
    if (choosing) $("direction-hint").textContent = "Sow " + S.choosing.pit + ":";
    $("undo").disabled = !(S.play && S.play.by.includes("human"));
    $("hint").disabled = !live;
    renderPerfect(a);
  }

  // `perfect` is offered only where the server says it would play; the
  // option's title says why not.
  function renderPerfect(a) {
    const p = S.mode === "play" && a && a.perfect;
    for (const o of document.querySelectorAll('#south-level option[value="perfect"], #north-level option[value="perfect"]')) {
      o.disabled = !!p && !p.plays;
      o.title = o.disabled ? p.why : "";
      o.textContent = levelText(o.value) + (o.disabled ? " (not here)" : "");
    }
  }

  // ---- playing --------------------------------------------------------------

  // A new game of the variant chosen, under the readings and from the
  // position of "New game options".
  async function newGame() {
    const epoch = newEpoch();
    const variant = $("variant").value;
    const readings = newReadings(variant);
    const text = $("start-position").value.trim();
    const game = { variant, readings, start: text || null, plies: [], by: [], names: [] };
    message("");
    let a;
    try {
      a = await api("/api/game", gameRequest(game, [], false));
    } catch (e) {
      if (epoch !== S.epoch) return;
      if (!(e instanceof ApiError)) throw e;
      if (text && S.playAnswer && S.play && S.play.variant === variant) {
        // Only the position is wrong: the game on the board goes on.
        message("No new game: " + e.message, "error");
        return;
      }
      // The rules cannot be played (a broken rule file): no board that
      // looks playable, and the loader's messages.
      S.play = null;
      clearBoard("No game: " + variant + " cannot be played (see the message).");
      message(e.message, "error");
      return;
    }
    if (epoch !== S.epoch) return;
    S.play = game;
    S.playAnswer = a;
    await show(a, false, epoch);
    await runEngines(epoch);
  }

  // The readings chosen in "New game options" away from their defaults.
  function newReadings(variant) {
    let out = {};
    for (const sel of $("new-readings").querySelectorAll("select[data-reading]")) {
      out = withReading(out, variant, sel.dataset.reading, sel.value);
    }
    return out;
  }

  // The reading choices of "New game options" for `variant`, set to
  // `readings` (the defaults where absent).
  function renderNewReadings(variant, readings) {
    const box = $("new-readings");
    box.textContent = "";
    const v = variantInfo(variant);
    if (!v || !v.readings.length) {
      const p = document.createElement("p");
      p.className = "hint";
      p.textContent = v && v.error ? "" : "No open points to choose a reading of.";
      box.append(p);
      return;
    }
    for (const r of v.readings) box.append(readingChoice(r, readings));
  }

  // Asks the engine (the default level) for a ply and marks it.
  async function hint() {
    const a = S.answer;
    if (!humanToAct(a)) return;
    const epoch = S.epoch;
    const body = gameRequest(S.play, S.play.plies, false);
    body.level = S.defaultLevel;
    const r = await api("/api/engine", body);
    if (epoch !== S.epoch || S.answer !== a) return;
    const entry = a.legal.find((l) => l.ply === r.ply);
    S.hint = { ply: r.ply, pit: entry ? entry.pit : null };
    message("Hint (engine, " + r.level + "): " + r.ply + (entry ? ", the pit marked on the board." : "."));
    decoratePits();
  }

  // Play on from the position of the record shown: its plies so far are
  // the record's (undo stops there), the seats as they are now.
  async function playFromHere() {
    const r = S.read;
    if (!r || r.index < 0) return;
    const req = r.request;
    const k = r.index;
    const sides = r.answer.plies.slice(0, k).map((p) => p.side);
    const players = req.players || ["?", "?"];
    S.play = {
      variant: req.variant,
      readings: req.readings || {},
      start: req.start === undefined ? null : req.start,
      plies: req.plies.slice(0, k),
      by: sides.map(() => "record"),
      names: sides.map((side) => players[side === "South" ? 0 : 1]),
    };
    if (variantInfo(req.variant)) $("variant").value = req.variant;
    renderVariantTitle();
    renderNewReadings(req.variant, S.play.readings);
    // Set by hand, so that setMode does not replay the game left before.
    S.playAnswer = null;
    await setMode("play");
    const epoch = S.epoch;
    const a = await api("/api/game", gameRequest(S.play, S.play.plies, false));
    if (epoch !== S.epoch) return;
    S.playAnswer = a;
    message("Playing on from ply " + k + " of the record.");
    await show(a, false, epoch);
    await runEngines(epoch);
  }

  // A long rule-file path is cut short in the select: the whole in a title.
  function renderVariantTitle() {
    const v = variantInfo($("variant").value);
    $("variant").title = v ? (v.origin === "file" ? v.id : v.name + " (" + v.id + ")") : "";
  }

  // Plays `ply` for the human to act: refused (and the game kept) if the
  // server finds it illegal.
  async function playHuman(ply) {
    const epoch = S.epoch;
    S.offering = null;
    S.choosing = null;
    const plies = [...S.play.plies, ply];
    const a = await api("/api/game", gameRequest(S.play, plies, animating()));
    if (epoch !== S.epoch) return;
    if (a.illegal) {
      message(a.illegal.message, "error");
      renderActions(S.answer);
      decoratePits();
      return;
    }
    message("");
    S.play.plies = plies;
    S.play.by.push("human");
    S.play.names.push(playerName(a.plies[a.plies.length - 1].side));
    S.playAnswer = a;
    await show(a, true, epoch);
    await runEngines(epoch);
  }

  // While the side to act is an engine: ask it, append its ply, show.
  async function runEngines(epoch) {
    for (;;) {
      const a = S.playAnswer;
      if (epoch !== S.epoch || S.mode !== "play") return;
      if (!a || a.over || !a.to_move || a.illegal || playerOf(a.to_move) !== "engine") return;
      const side = a.to_move;
      if (levelOf(side) === "perfect" && a.perfect && !a.perfect.plays) {
        await engineRefused(epoch, side, "level perfect: " + a.perfect.why);
        return;
      }
      $("status").textContent = "▶ " + side + " (engine) is thinking…";
      const body = gameRequest(S.play, S.play.plies, false);
      body.level = levelOf(side);
      let r;
      try {
        r = await api("/api/engine", body);
      } catch (e) {
        if (epoch !== S.epoch || !(e instanceof ApiError)) throw e;
        await engineRefused(epoch, side, e.message);
        return;
      }
      if (epoch !== S.epoch) return;
      const plies = [...S.play.plies, r.ply];
      const next = await api("/api/game", gameRequest(S.play, plies, animating()));
      if (epoch !== S.epoch) return;
      if (next.illegal) {
        message(next.illegal.message, "error");
        return;
      }
      S.play.plies = plies;
      S.play.by.push("engine");
      S.play.names.push(playerName(side));
      S.playAnswer = next;
      message(side + " (engine, " + r.level + ") played " + r.ply + ".");
      await show(next, true, epoch);
    }
  }

  // An engine that will not play (perfect where no database can be had)
  // hands its seat to a person: the game does not wait on it, Hint works,
  // and the record names no level that did not play.
  async function engineRefused(epoch, side, why) {
    $(seat(side) + "-player").value = "human";
    seatsChanged();
    // Asked again, so the record's tags name the person, not the level.
    const a = await api("/api/game", gameRequest(S.play, S.play.plies, false));
    if (epoch !== S.epoch) return;
    S.playAnswer = a;
    await show(a, false, epoch);
    message(
      side + "'s engine cannot play: " + why + "\n" + side +
        " is now played by a human; choose another level and set it back to engine to let the engine play.",
      "error",
    );
  }

  async function undo() {
    const epoch = newEpoch();
    const by = S.play.by;
    let n = by.lastIndexOf("human");
    if (n < 0) {
      message("There is no human ply to take back.");
      renderActions(S.answer);
      return;
    }
    const plies = S.play.plies.slice(0, n);
    const a = await api("/api/game", gameRequest(S.play, plies, false));
    if (epoch !== S.epoch) return;
    S.play.plies = plies;
    S.play.by = by.slice(0, n);
    S.play.names = S.play.names.slice(0, n);
    S.playAnswer = a;
    message("Took back ply " + (n + 1) + " and what followed it.");
    await show(a, false, epoch);
    await runEngines(epoch);
  }

  // The readings sent are only those chosen away from their default, so a
  // game under the defaults has a record without a Readings tag.
  function withReading(readings, variant, name, value) {
    const out = { ...readings };
    const r = (variantInfo(variant) || { readings: [] }).readings.find((x) => x.name === name);
    if (r && r.default === value) delete out[name];
    else out[name] = value;
    return out;
  }

  async function changeReading(name, value) {
    if (S.mode === "read") {
      S.read.readings = { ...(S.read.readings || {}), [name]: value };
      // The record's own Readings tag is overridden only where asked.
      await loadRecord(S.read.game, S.read.index);
      return;
    }
    const epoch = newEpoch();
    const readings = withReading(S.play.readings, S.play.variant, name, value);
    const game = { ...S.play, readings };
    const a = await api("/api/game", gameRequest(game, S.play.plies, false));
    if (epoch !== S.epoch) return;
    if (a.illegal) {
      // The game so far is not a game under the new reading: keep the old
      // one and say why, rather than cut the game short.
      message(
        "Not changed: under " + name + "=" + value + " this game breaks off. " + a.illegal.message + " Start a new game to play under it.",
        "error",
      );
      $("readings").dataset.key = "";
      renderReadings(S.answer);
      return;
    }
    S.play.readings = readings;
    S.playAnswer = a;
    renderNewReadings(S.play.variant, readings);
    message("");
    await show(a, false, epoch);
    await runEngines(epoch);
  }

  function onPit(pit) {
    if (S.busy > 0 || S.mode !== "play") return;
    const a = S.answer;
    if (!a) return;
    if (a.over || !a.to_move) {
      message("The game is over.");
      return;
    }
    if (!humanToAct(a)) {
      message(a.to_move + " is played by the engine.");
      return;
    }
    if (S.offering) {
      // Only pits some allowed offer names can be part of one.
      const offerable = a.actions.offers.some((o) => offerLabels(o).includes(pit));
      if (!offerable && !S.offering.has(pit)) {
        message("Pit " + pit + " is in no offer " + a.to_move + " may make now.", "error");
        return;
      }
      message("Click the pits to offer, then Send offer.");
      if (S.offering.has(pit)) S.offering.delete(pit);
      else S.offering.add(pit);
      renderActions(a);
      decoratePits();
      return;
    }
    const entries = a.legal.filter((l) => l.pit === pit);
    if (entries.length === 0) {
      const pits = [...new Set(a.legal.map((l) => l.pit))];
      message(
        a.to_move + " may not sow from " + pit + " now" + (pits.length ? "; legal: " + pits.join(", ") + "." : "."),
        "error",
      );
      return;
    }
    if (entries.length === 1) {
      run(() => playHuman(entries[0].ply));
      return;
    }
    S.choosing = { pit, entries };
    message("Choose the direction to sow " + pit + ".");
    renderActions(a);
    $("dir-ccw").focus();
  }

  function chooseDirection(direction) {
    if (!S.choosing) return;
    const e = S.choosing.entries.find((x) => x.direction === direction);
    if (!e) {
      message("The server offers no " + direction + " sowing from " + S.choosing.pit + ".", "error");
      return;
    }
    run(() => playHuman(e.ply));
  }

  // ---- reading a record ---------------------------------------------------

  async function loadRecord(gameNo, index) {
    const epoch = newEpoch();
    const text = $("record-text").value;
    if (!text.trim()) {
      message("Paste a record or choose a file first.", "error");
      return;
    }
    const readings = S.read && S.read.text === text ? S.read.readings : undefined;
    const body = { text, game: gameNo || 1, seeds: $("seeds").value, compact: narrow.matches };
    if (readings) body.readings = readings;
    // The file's name stands in check's messages where the file's would.
    if (S.fileName) body.name = S.fileName;
    const r = await api("/api/record", body);
    if (epoch !== S.epoch) return;
    const total = r.state.plies.length;
    S.read = {
      text,
      readings,
      game: r.game,
      games: r.games,
      request: r.request,
      answer: r.state,
      total,
      index: -1,
      target: 0,
    };
    renderGameChoice(r);
    // What `check` says is wrong with the record: an illegal ply, a
    // claim (Result, Termination, ...) the game does not bear out.
    const problems = r.check && !r.check.ok ? r.check.messages : r.state.illegal ? [r.state.illegal.message] : [];
    message(problems.join("\n"), problems.length ? "error" : "");
    await stepTo(Math.min(index || 0, total));
  }

  function renderGameChoice(r) {
    const sel = $("game-select");
    sel.textContent = "";
    for (let i = 1; i <= r.games; i++) {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = i + " of " + r.games;
      sel.append(o);
    }
    sel.value = String(r.game);
    $("game-choice").hidden = r.games < 2;
  }

  // Steps toward `k`; key presses during a step only move the target, and
  // the loop runs on until the board shows it.
  async function stepTo(k) {
    const r = S.read;
    if (!r) return;
    r.target = Math.max(0, Math.min(k, r.total));
    if (r.stepping) return;
    r.stepping = true;
    setBusy(1);
    const epoch = S.epoch;
    try {
      while (S.read === r && epoch === S.epoch && r.index !== r.target) {
        const next = r.target;
        const forwardOne = next === r.index + 1;
        const req = {
          ...r.request,
          plies: r.request.plies.slice(0, next),
          seeds: $("seeds").value,
          frames: forwardOne && animating(),
          compact: narrow.matches,
        };
        const a = await api("/api/game", req);
        if (S.read !== r || epoch !== S.epoch) return;
        r.index = next;
        await show(a, forwardOne, epoch);
      }
    } finally {
      r.stepping = false;
      setBusy(-1);
    }
  }

  function step(delta) {
    if (S.mode !== "read" || !S.read) return;
    const base = S.read.stepping ? S.read.target : S.read.index;
    run(() => stepTo(base + delta));
  }

  // ---- mode -----------------------------------------------------------------

  async function setMode(mode) {
    if (S.mode === mode) return;
    const epoch = newEpoch();
    S.mode = mode;
    document.body.dataset.mode = mode;
    $("mode-play").setAttribute("aria-pressed", mode === "play" ? "true" : "false");
    $("mode-read").setAttribute("aria-pressed", mode === "read" ? "true" : "false");
    message("");
    if (mode === "play") {
      if (S.playAnswer) {
        // A refresh: the seeds option may have changed while reading.
        const a = await api("/api/game", gameRequest(S.play, S.play.plies, false));
        if (epoch !== S.epoch) return;
        S.playAnswer = a;
        await show(a, false, epoch);
        await runEngines(epoch);
      }
    } else if (S.read) {
      const k = S.read.index;
      S.read.index = -1;
      await stepTo(k);
    } else {
      $("status").textContent = "Choose a record file or paste one, then load it.";
      $("ply-counter").textContent = "ply 0 of 0";
      $("description").textContent = "";
      $("record-text").focus();
    }
  }

  // Opens the game being played in read mode at ply k.
  async function reviewPlay(k) {
    const text = S.answer.record;
    $("record-text").value = text;
    await setMode("read");
    await loadRecord(1, k);
  }

  // ---- the rest ---------------------------------------------------------

  async function refresh() {
    const epoch = newEpoch();
    if (S.mode === "play" && S.play) {
      const a = await api("/api/game", gameRequest(S.play, S.play.plies, false));
      if (epoch !== S.epoch) return;
      S.playAnswer = a;
      await show(a, false, epoch);
      await runEngines(epoch);
    } else if (S.mode === "read" && S.read) {
      const k = S.read.index;
      S.read.index = -1;
      await stepTo(k);
    }
  }

  function safeName(id) {
    const base = id.split(/[\\/]/).pop().replace(/\.toml$/i, "");
    return base.replace(/[^A-Za-z0-9._-]+/g, "-") || "game";
  }

  function download() {
    const a = S.mode === "read" && S.read ? S.read.answer : S.answer;
    if (!a) return;
    const blob = new Blob([fullRecord(a)], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = safeName(a.variant.id) + ".rec";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async function copyPosition() {
    const text = $("position").textContent;
    try {
      await navigator.clipboard.writeText(text);
      message("Position copied.");
    } catch {
      // No clipboard (an insecure origin, a refusal): select it for Ctrl+C.
      const range = document.createRange();
      range.selectNodeContents($("position"));
      const sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
      message("Position selected: press Ctrl+C to copy it.");
    }
  }

  function levelText(id) {
    const l = S.levels.find((x) => x.id === id);
    return l ? l.id + " — " + l.name : id;
  }

  function fillLevels(sel) {
    sel.textContent = "";
    for (const l of S.levels) {
      const o = document.createElement("option");
      o.value = l.id;
      o.textContent = levelText(l.id);
      sel.append(o);
    }
    if (S.defaultLevel !== null) sel.value = S.defaultLevel;
  }

  function seatsChanged() {
    for (const s of ["south", "north"]) {
      $(s + "-level").disabled = $(s + "-player").value !== "engine";
    }
  }

  function typing(target) {
    const tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  function wire() {
    $("board").addEventListener("click", (e) => {
      const g = e.target.closest("[data-pit]");
      if (g) onPit(g.dataset.pit);
    });
    $("board").addEventListener("keydown", (e) => {
      const g = e.target.closest("[data-pit]");
      if (g && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        onPit(g.dataset.pit);
      }
    });
    $("new-game").addEventListener("click", () => run(newGame));
    $("variant").addEventListener("change", () => {
      renderVariantTitle();
      renderNewReadings($("variant").value, {});
      run(newGame);
    });
    $("hint").addEventListener("click", () => run(hint));
    $("play-from-here").addEventListener("click", () => run(playFromHere));
    $("undo").addEventListener("click", () => run(undo));
    for (const s of ["south", "north"]) {
      for (const id of [s + "-player", s + "-level"]) {
        $(id).addEventListener("change", () => {
          seatsChanged();
          if (S.mode !== "play" || !S.playAnswer) return;
          const epoch = newEpoch();
          renderText(S.playAnswer);
          decoratePits();
          run(() => runEngines(epoch));
        });
      }
    }
    $("seeds").addEventListener("change", () => run(refresh));
    narrow.addEventListener("change", () => run(refresh));
    $("next-game").addEventListener("click", () => run(nextGame));
    $("offer").addEventListener("click", () => {
      S.offering = S.offering ? null : new Set();
      S.choosing = null;
      message(S.offering ? "Click the pits to offer, then Send offer." : "");
      renderActions(S.answer);
      decoratePits();
    });
    $("send-offer").addEventListener("click", () => {
      const o = matchingOffer();
      if (o) run(() => playHuman(o));
    });
    $("accept").addEventListener("click", () => run(() => playHuman("accept")));
    $("decline").addEventListener("click", () => run(() => playHuman("decline")));
    $("pass").addEventListener("click", () => run(() => playHuman("pass")));
    $("dir-ccw").addEventListener("click", () => chooseDirection("counter-clockwise"));
    $("dir-cw").addEventListener("click", () => chooseDirection("clockwise"));
    $("dir-cancel").addEventListener("click", () => {
      S.choosing = null;
      message("");
      renderActions(S.answer);
    });
    $("mode-play").addEventListener("click", () => run(() => setMode("play")));
    $("mode-read").addEventListener("click", () => run(() => setMode("read")));
    $("load-record").addEventListener("click", () => run(() => loadRecord(1, 0)));
    $("game-select").addEventListener("change", () => run(() => loadRecord(Number($("game-select").value), 0)));
    $("record-file").addEventListener("change", () => {
      const f = $("record-file").files[0];
      if (!f) return;
      run(async () => {
        $("record-text").value = await f.text();
        S.fileName = f.name;
        await loadRecord(1, 0);
      });
    });
    // An edited text is no longer the file's.
    $("record-text").addEventListener("input", () => {
      S.fileName = null;
    });
    $("step-first").addEventListener("click", () => step(-Infinity));
    $("step-back").addEventListener("click", () => step(-1));
    $("step-next").addEventListener("click", () => step(1));
    $("step-last").addEventListener("click", () => step(Infinity));
    $("moves").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-index]");
      if (!b || b.disabled) return;
      const k = Number(b.dataset.index);
      if (S.mode === "read") {
        run(() => stepTo(k));
      } else if (S.answer) {
        run(() => reviewPlay(k));
      }
    });
    document.addEventListener("keydown", (e) => {
      if (S.mode !== "read" || typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
      if (e.key in moves) {
        e.preventDefault();
        step(moves[e.key]);
      }
    });
    $("download").addEventListener("click", download);
    $("copy-position").addEventListener("click", copyPosition);
  }

  const hashVariant = () => new URLSearchParams(location.hash.slice(1)).get("variant");

  // A link followed in a tab already on the page changes only the hash:
  // it gets what a fresh load of it would, a new game of that variant.
  async function hashChanged() {
    const id = hashVariant();
    if (!id) return;
    // A broken rule file is loaded as choosing it would: its messages say why.
    if (!variantInfo(id)) {
      message("The link names the variant " + JSON.stringify(id) + ", which this server does not offer.", "error");
      return;
    }
    await setMode("play");
    $("variant").value = id;
    renderVariantTitle();
    renderNewReadings(id, {});
    await newGame();
  }

  async function start() {
    wire();
    window.addEventListener("hashchange", () => run(hashChanged));
    const v = await api("/api/variants");
    S.variants = v.variants;
    S.levels = v.levels;
    S.defaultLevel = v.default_level;
    const sel = $("variant");
    for (const x of v.variants) {
      const o = document.createElement("option");
      o.value = x.id;
      o.textContent = x.name + (x.origin === "file" ? " (" + x.id + ")" : "");
      o.title = x.family + ", " + x.evidence;
      sel.append(o);
    }
    fillLevels($("south-level"));
    fillLevels($("north-level"));
    seatsChanged();
    // A link may name the variant: /#variant=kpe. Otherwise the project's
    // first game, Goré (or Kpé), rather than the first in the alphabet.
    const first = [hashVariant(), "gore", "kpe"].find((id) => id && variantInfo(id) && !variantInfo(id).error);
    if (first) sel.value = first;
    renderVariantTitle();
    renderNewReadings(sel.value, {});
    await newGame();
  }

  run(start);
})();
