// The story of a game in plain words, from the room's log (docs/web.md: each entry
// {n, r, p, k, v, by, e: events, s: the events as the game tells them, d: the move as it tells it}): one
// sentence a roll with its moves and what they caused, the summary of what happened while a player was
// away, and the figures of the game-over screen.
import { t, colourName, botName } from "./i18n.js";

// Events worth telling someone who was away.
const NOTABLE = new Set(["captured", "finished", "won", "penalty", "claim", "flushed"]);

function colourOf(room, player) {
  const seat = room.seats[player];
  return seat ? seat.colour : (room.more_colours || [])[player - room.seats.length] || null;   // a neutral colour's
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

function isDouble(dice) { return dice.length > 1 && dice.every((d) => d === dice[0]); }

// One event as the server's game tells it (a log entry's `s`, engine.story: the message key `say` and its
// values; `who`, `by`, `caller`, `partner` players, `whose` an owner, `why` and `what` keys, a list under `a`
// dice said together), in the words the terminal uses too.
export function storySentence(s, room) {
  const v = {};
  for (const [k, x] of Object.entries(s)) {
    if (k === "who" || k === "by" || k === "caller" || k === "partner") v[k] = who(room, x);
    else if (k === "whose") v[k] = whose(room, x);
    else if (k === "a" && Array.isArray(x)) v[k] = x.join(t("word.and"));
    else if (k !== "kind" && k !== "say" && k !== "why" && k !== "what") v[k] = x;
  }
  for (const k of ["why", "what"]) if (s[k]) v[k] = t(s[k], v);
  return t(s.say, v);
}

// The events of one action as sentences (the replay's caption and the room's announcement): its `s`.
export function describeEvents(stories, room) {
  return (stories || []).map((s) => storySentence(s, room));
}

// The log as turns: [{r, p, by, dice, moves: [{text, d}], events, stories, first, last}] — one per roll (a move without a
// roll before it, as in a fence phase, opens a turn of its own).
export function turnsOf(log) {
  const turns = [];
  let cur = null;
  for (const x of log) {
    if (x.k === "resign") { turns.push({ r: x.r, p: x.p, by: x.by, resign: true, dice: [], moves: [], events: [], stories: [], first: x.n, last: x.n }); cur = null; continue; }
    if (x.k === "roll" || !cur || cur.r !== x.r || cur.p !== x.p) {
      cur = { r: x.r, p: x.p, by: x.by, dice: [], moves: [], events: [], stories: [], first: x.n, last: x.n };
      turns.push(cur);
    }
    if (x.k === "roll") cur.dice = x.v.split("-").map(Number);
    else cur.moves.push({ text: x.v, d: x.d });
    cur.events.push(...(x.e || []));
    cur.stories.push(...(x.s || []));
    cur.last = x.n;
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

// A phrase of a move as [key, values]: a piece that is not the player's own (`whose`, a partner's) is told
// with its owner where the phrase has a form for it ("moved Blue's piece a 5").
function owned(key, whoseOf, room) {
  const k = `${key}.whose`;
  return whoseOf != null && t(k) !== k ? [k, { whose: whose(room, whoseOf) }] : [key, {}];
}

// One move as a part of a sentence that follows the player's name: {phrase} (a whole one, past tense),
// or {verb, item} to share a verb with the next moves ("moved piece a 2 and piece b 3"), a step of a
// race piece with its piece, owner and distance (a piece moved twice: "moved piece a 5, then 3"); null
// when the server told nothing of it.
function movePart(d, room) {
  if (!d) return null;
  if (d.steps) return { verb: "log.moved", piece: d.piece, whose: d.whose, steps: [d.steps] };
  const where = d.way ? t(`log.dir.${d.way}`) : d.where;
  if (d.turns) {
    const turns = d.turns.map((x) => t(x === "L" ? "log.left" : "log.right"));
    const [key, owner] = owned("log.pawn", d.whose, room);
    let item = t(key, { piece: d.piece, n: d.n, where, ...owner });
    if (turns.length) item += t(turns.length > 1 ? "log.turns" : "log.turn", { turns: turns.join(t("log.then")) });
    return { verb: "log.moved", item };
  }
  const [key, owner] = owned(d.say, d.whose, room);
  return { phrase: t(key, { ...d, where, ...owner }) };
}

// "a, b and c"
function listOf(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")}${t("log.and")}${items[items.length - 1]}`;
}

// The moves of one turn as one phrase: [{text, d}] -> "brought piece b out and moved piece a 6".
function movesSaid(moves, words, room) {
  const parts = [];
  for (const { text, d } of moves) {
    const p = movePart(d, room) ?? { phrase: t("log.played.one", { move: words[text] ? `${words[text]} (${text})` : text }) };
    const last = parts[parts.length - 1];
    if (!p.verb || !last || last.verb !== p.verb) parts.push(p.verb ? { verb: p.verb, items: [p] } : p);
    else {
      const prev = last.items[last.items.length - 1];
      if (p.steps && prev.steps && prev.piece === p.piece && prev.whose === p.whose) prev.steps.push(...p.steps);
      else last.items.push(p);
    }
  }
  const item = (p) => {
    if (p.item) return p.item;
    const [key, owner] = owned("log.step", p.whose, room);
    return t(key, { piece: p.piece, n: p.steps.join(t("log.step.then")), ...owner });
  };
  return listOf(parts.map((g) => g.phrase ?? `${t(g.verb)} ${listOf(g.items.map(item))}`));
}

// One action of `player` as a sentence (the room's line under the board): "Red kept the fences"; `d`: the
// move as the log tells it.
export function moveSentence(room, player, text, d, words = {}) {
  return `${who(room, player)} ${movesSaid([{ text, d }], words, room)}`;
}

// One turn as a sentence: "Red rolled 5-2 and moved piece b 5 and piece d 2; Red captured Blue's b".
export function turnSentence(tr, room, words = {}) {
  // a stand-in's turn says so: no free help unseen
  if (tr.resign) return t(tr.by === "clock" ? "log.forfeit" : "log.resign", { who: who(room, tr.p) });
  const w = tr.by === "standin" ? t("log.standin", { who: who(room, tr.p), level: botName(room.standin_level) })
    : tr.by === "clock" ? t("log.clock", { who: who(room, tr.p) }) : who(room, tr.p);
  const moves = movesSaid(tr.moves, words, room);
  const dice = tr.dice.join("-");
  let head;
  if (tr.dice.length && moves) head = t("log.rolled.played", { who: w, dice, moves });
  else if (tr.dice.length) head = t("log.rolled", { who: w, dice });
  else head = `${w} ${moves}`;
  return [head, ...describeEvents(tr.stories, room)].join("; ");
}

// What happened after action number `seen` (a player back after a while): how many actions, and the
// notable events in words.
export function awaySummary(log, room, seen) {
  const since = log.filter((x) => x.n > seen);
  if (!since.length) return null;
  const notable = [];
  for (const x of since) for (const s of x.s || []) if (NOTABLE.has(s.kind)) notable.push(storySentence(s, room));
  return { actions: since.length, rolls: since.filter((x) => x.k === "roll").length, notable };
}

// Per-player figures of a finished game (all rounds of a match): captures made, pieces lost, top
// throws (one die) or doubles (several) rolled, rolls, and luck = the player's mean pips per die minus
// the mean a fair die of the game gives (0: average dice; +0.5: half a pip a die above the average).
export function figures(log, room) {
  const n = room.seats.length;
  const dice = room.dice && room.dice.length ? room.dice : [[1, 2, 3, 4, 5, 6]];
  const weights = room.weights && room.weights.length ? room.weights : dice.map((f) => f.map(() => 1));
  const mean = (faces, w) => faces.reduce((s, f, j) => s + f * w[j], 0) / w.reduce((a, b) => a + b, 0);
  const expected = dice.reduce((s, faces, i) => s + mean(faces, weights[i]), 0) / dice.length;
  const top = Math.max(...dice[0]);
  const out = Array.from({ length: n }, () => ({ captures: 0, lost: 0, hits: 0, rolls: 0, pips: 0, dice: 0 }));
  for (const x of log) {
    if (x.k === "roll" && out[x.p]) {
      const d = x.v.split("-").map(Number);
      const f = out[x.p];
      f.rolls += 1;
      f.pips += d.reduce((a, b) => a + b, 0);
      f.dice += d.length;
      if (d.length === 1 ? d[0] === top : isDouble(d)) f.hits += 1;
    }
    for (const e of x.e || []) {
      if (e.kind !== "captured") continue;
      if (out[e.b]) out[e.b].captures += 1;
      if (out[e.player]) out[e.player].lost += 1;
    }
  }
  for (const f of out) f.luck = f.dice ? f.pips / f.dice - expected : 0;
  return { players: out, expected, doubles: dice.length > 1 };
}
