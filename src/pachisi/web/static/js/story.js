// The story of a game in plain words, from the room's log (docs/web.md: each entry
// {n, r, p, k, v, by, e: events}): one sentence a roll with its moves and what they
// caused, every event told with who did what to whom and why, the summary of what
// happened while a player was away, and the figures of the game-over screen.
import { t, colourName, botName } from "./i18n.js";

// Events the move's own words already tell.
const QUIET = new Set(["moved", "house", "pass", "fence"]);
// Events worth telling someone who was away.
const NOTABLE = new Set(["captured", "finished", "won", "penalty", "claim", "flushed"]);

function colourOf(room, player) {
  const seat = room.seats[player];
  return seat ? seat.colour : null;
}

function who(room, player) {
  const c = colourOf(room, player);
  return c ? colourName(c) : `#${player}`;
}

// The colour as the owner of something ("Blue's" / "Синего").
function whose(room, player) {
  const c = colourOf(room, player);
  const key = `owner.${c}`;
  const said = t(key);
  return said === key ? t("owner.any", { who: who(room, player) }) : said;
}

function pieceName(room, piece) { return (room.piece_names || "abcd")[piece] || String(piece); }

function isDouble(dice) { return dice.length > 1 && dice.every((d) => d === dice[0]); }

// Why an extra roll was earned, from what the roll brought: a six, a double, a capture, a piece home.
function extraReason(ctx) {
  const { dice, events, player } = ctx;
  if (events.some((e) => e.kind === "captured" && e.b === player)) return t("why.capture");
  if (events.some((e) => e.kind === "finished" && e.player === player)) return t("why.home");
  if (isDouble(dice)) return t("why.double");
  if (dice.length === 1 && dice[0] === ctx.top) return t("why.six");
  return null;
}

function bonusReason(ctx, e) {
  if (ctx.events.some((x) => x.kind === "captured" && x.b === e.player)) return t("why.bonus.capture");
  if (ctx.events.some((x) => x.kind === "finished" && x.player === e.player)) return t("why.bonus.home");
  return null;
}

function penaltyReason(ctx, e) {
  const penalty = ctx.story.penalty;
  return penalty === "missed" ? t("why.penalty.missed", { caller: who(ctx.room, e.b) }) : t(`why.penalty.${penalty}`);
}

// Dice lost together are told together ("the 3 and the 3 cannot be played"), not once each.
function mergeBurned(evs) {
  const out = [];
  for (const e of evs) {
    const prev = out[out.length - 1];
    if (e.kind === "burned" && prev && prev.kind === "burned") prev.values.push(e.a);
    else out.push(e.kind === "burned" ? { ...e, values: [e.a] } : e);
  }
  return out;
}

// One event as a sentence; ctx: {room, game, dice (the roll it came from), events (all of the roll), player, run, top}.
export function eventSentence(e, ctx) {
  const room = ctx.room;
  const p = { who: who(room, e.player), whose: whose(room, e.player), piece: pieceName(room, e.piece), a: e.a };
  switch (e.kind) {
    case "captured": return t("ev.captured", { by: who(room, e.b), whose: p.whose, piece: p.piece });
    case "extra_roll": {
      const why = extraReason(ctx);
      return why ? t("ev.extra_roll.why", { who: p.who, why }) : t("ev.extra_roll", p);
    }
    case "burned": {
      const values = (e.values || [e.a]).join(t("word.and"));
      if (ctx.run >= 3 && ctx.story.void_runs) return t("ev.burned.void", { a: values, n: ctx.run, what: t(isDouble(ctx.dice) ? "why.doubles" : "why.sixes") });
      return t((e.values || []).length > 1 ? "ev.burned.many" : "ev.burned", { ...p, a: values });
    }
    case "bonus": {
      const why = bonusReason(ctx, e);
      return t(why ? "ev.bonus.why" : "ev.bonus", { ...p, why });
    }
    case "penalty": return t(ctx.story.penalty_to === "lockup" ? "ev.penalty.lockup" : "ev.penalty", { ...p, why: penaltyReason(ctx, e) });
    case "won": return t(e.a === 1 ? "ev.won.first" : "ev.won", p);
    case "claim": return t("ev.claim", { who: p.who, caller: who(room, e.a) });
    default: {
      const key = `ev.${e.kind}`, said = t(key, p);
      return said === key ? e.kind.replace(/_/g, " ") : said;
    }
  }
}

// The events of one action as sentences (the replay's caption and the room's announcement); `move`: the
// action's move as the log tells it (its `d`), whose own words already tell a piece brought out or put back.
export function describeEvents(events, room, dice = [], move = null) {
  const told = move ? toldByMove(move, events || []) : new Set();
  const evs = (events || []).filter((e) => !QUIET.has(e.kind) && !told.has(e));
  const ctx = { room, story: room.story || {}, dice, events: evs, player: evs.length ? evs[0].player : -1, run: 0, top: topOf(room) };
  return mergeBurned(evs).map((e) => eventSentence(e, { ...ctx, player: e.kind === "captured" ? e.b : ctx.player }));
}

// The events a move's own words tell: a piece it brought out or put back ("brought piece b out").
function toldByMove(d, events) {
  const told = d && (d.say === "log.out" || d.say === "log.place" || d.steps);
  return new Set(told ? events.filter((e) => e.kind === "entered") : []);
}

function topOf(room) { return room.dice && room.dice.length ? room.dice[0][1] : 6; }

// The log as turns: [{r, p, by, dice, moves: [{text, events}], events, n, last}] — one per roll (a move without a
// roll before it, as in a fence phase, opens a turn of its own).
export function turnsOf(log) {
  const turns = [];
  let cur = null;
  for (const x of log) {
    if (x.k === "resign") { turns.push({ r: x.r, p: x.p, by: x.by, resign: true, dice: [], moves: [], events: [], first: x.n, last: x.n }); cur = null; continue; }
    if (x.k === "roll" || !cur || cur.r !== x.r || cur.p !== x.p) {
      cur = { r: x.r, p: x.p, by: x.by, dice: [], moves: [], events: [], first: x.n, last: x.n };
      turns.push(cur);
    }
    if (x.k === "roll") cur.dice = x.v.split("-").map(Number);
    else cur.moves.push({ text: x.v, events: x.e || [], d: x.d });
    cur.events.push(...(x.e || []));
    cur.last = x.n;
  }
  // the run of sixes (doubles) a roll is in, for "the third six in a row"
  let run = 0, prev = null;
  for (const tr of turns) {
    const hit = tr.dice.length && (tr.dice.length === 1 ? tr.dice[0] === 6 : isDouble(tr.dice));
    run = hit && prev && prev.p === tr.p && prev.r === tr.r && prev.hit ? run + 1 : hit ? 1 : 0;
    tr.run = run;
    tr.hit = hit;
    prev = tr;
  }
  return turns;
}

// -- moves as a person tells them ------------------------------------------------------------------
// From the move as the server's game tells it (the log entry's `d`, Game.move_story: message ids and
// values, the same in every language, so a log read after a change of language still says everything):
// "moved piece b 5", "brought piece a out", "moved the fence between l1 and m1 to between a15 and
// b15", "kept the fences", "moved pawn c 4 + 1 west, turning right at the fence".

// A fence move as a move button says it ("move the fence between l1 and m1 to between a15 and b15"), from
// its two slots (wall references "w r1,c1,r2,c2") with `name` naming a square: the slots' own names (l1e,
// a15e) mean nothing to a player.  The square left of or below the line first.
export function fenceMoveWords(from, to, name) {
  const sides = (ref) => {
    const [r1, c1, r2, c2] = ref.slice(1).split(",").map(Number);
    return r1 === r2 ? [name(`${r1},${c1}`), name(`${r2},${c2}`)] : [name(`${r2},${c2}`), name(`${r1},${c1}`)];
  };
  const [a, b] = sides(from), [c, d] = sides(to);
  return t("move.fence", { a, b, c, d });
}

// One move as a part of a sentence that follows the player's name: {phrase} (a whole one, past tense),
// or {verb, item} to share a verb with the next moves ("moved piece a 2 and piece b 3"), a step of a
// race piece with its piece and distance (a piece moved twice: "moved piece a 5, then 3"); null when the
// server told nothing of it.
function movePart(d) {
  if (!d) return null;
  if (d.steps) return { verb: "log.moved", piece: d.piece, steps: [d.steps] };
  const where = d.way ? t(`log.dir.${d.way}`) : d.where;
  if (d.turns) {
    const turns = d.turns.map((x) => t(x === "L" ? "log.left" : "log.right"));
    let item = t("log.pawn", { piece: d.piece, n: d.n, where });
    if (turns.length) item += t(turns.length > 1 ? "log.turns" : "log.turn", { turns: turns.join(t("log.then")) });
    return { verb: "log.moved", item };
  }
  return { phrase: t(d.say, { ...d, where }) };
}

// "a, b and c"
function listOf(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")}${t("log.and")}${items[items.length - 1]}`;
}

// The moves of one turn as one phrase: [{text, events}] -> "brought piece b out and moved piece a 6".
function movesSaid(moves, words) {
  const parts = [];
  for (const { text, d } of moves) {
    const p = movePart(d) ?? { phrase: t("log.played.one", { move: words[text] ? `${words[text]} (${text})` : text }) };
    const last = parts[parts.length - 1];
    if (!p.verb || !last || last.verb !== p.verb) parts.push(p.verb ? { verb: p.verb, items: [p] } : p);
    else {
      const prev = last.items[last.items.length - 1];
      if (p.steps && prev.steps && prev.piece === p.piece) prev.steps.push(...p.steps);
      else last.items.push(p);
    }
  }
  const item = (p) => p.item ?? t("log.step", { piece: p.piece, n: p.steps.join(t("log.step.then")) });
  return listOf(parts.map((g) => g.phrase ?? `${t(g.verb)} ${listOf(g.items.map(item))}`));
}

// One action of `player` as a sentence (the room's line under the board): "Red kept the fences"; `d`: the
// move as the log tells it.
export function moveSentence(room, player, text, d, words = {}) {
  return `${who(room, player)} ${movesSaid([{ text, d }], words)}`;
}

// One turn as a sentence: "Red rolled 5-2 and moved piece b 5 and piece d 2; Red captured Blue's b".
export function turnSentence(tr, room, words = {}) {
  // a stand-in's turn says so: no free help unseen
  if (tr.resign) return t(tr.by === "clock" ? "log.forfeit" : "log.resign", { who: who(room, tr.p) });
  const w = tr.by === "standin" ? t("log.standin", { who: who(room, tr.p), level: botName(room.standin_level) })
    : tr.by === "clock" ? t("log.clock", { who: who(room, tr.p) }) : who(room, tr.p);
  const moves = movesSaid(tr.moves, words);
  const dice = tr.dice.join("-");
  let head;
  if (tr.dice.length && moves) head = t("log.rolled.played", { who: w, dice, moves });
  else if (tr.dice.length) head = t("log.rolled", { who: w, dice });
  else head = `${w} ${moves}`;
  const ctx = { room, story: room.story || {}, dice: tr.dice, events: tr.events, player: tr.p, run: tr.run, top: topOf(room) };
  const told = new Set(tr.moves.flatMap((m) => [...toldByMove(m.d, m.events)]));
  const rest = mergeBurned(tr.events.filter((e) => !QUIET.has(e.kind) && !told.has(e))).map((e) => eventSentence(e, ctx));
  return [head, ...rest].join("; ");
}

// What happened after action number `seen` (a player back after a while): how many actions, and the
// notable events in words.
export function awaySummary(log, room, seen) {
  const since = log.filter((x) => x.n > seen);
  if (!since.length) return null;
  const notable = [];
  for (const tr of turnsOf(log)) {
    if (tr.last <= seen) continue;
    const ctx = { room, story: room.story || {}, dice: tr.dice, events: tr.events, player: tr.p, run: tr.run, top: topOf(room) };
    for (const e of tr.events) if (NOTABLE.has(e.kind)) notable.push(eventSentence(e, ctx));
  }
  return { actions: since.length, rolls: since.filter((x) => x.k === "roll").length, notable };
}

// Per-player figures of a finished game (all rounds of a match): captures made, pieces lost, sixes
// (one die) or doubles (several) rolled, rolls, and luck = the player's mean pips per die minus the
// mean a fair die of the game gives (0: average dice; +0.5: half a pip a die above the average).
export function figures(log, room) {
  const n = room.seats.length;
  const ranges = room.dice && room.dice.length ? room.dice : [[1, 6]];
  const expected = ranges.reduce((s, [lo, hi]) => s + (lo + hi) / 2, 0) / ranges.length;
  const out = Array.from({ length: n }, () => ({ captures: 0, lost: 0, hits: 0, rolls: 0, pips: 0, dice: 0 }));
  for (const x of log) {
    if (x.k === "roll" && out[x.p]) {
      const d = x.v.split("-").map(Number);
      const f = out[x.p];
      f.rolls += 1;
      f.pips += d.reduce((a, b) => a + b, 0);
      f.dice += d.length;
      if (d.length === 1 ? d[0] === ranges[0][1] : isDouble(d)) f.hits += 1;
    }
    for (const e of x.e || []) {
      if (e.kind !== "captured") continue;
      if (out[e.b]) out[e.b].captures += 1;
      if (out[e.player]) out[e.player].lost += 1;
    }
  }
  for (const f of out) f.luck = f.dice ? f.pips / f.dice - expected : 0;
  return { players: out, expected, doubles: ranges.length > 1 };
}
