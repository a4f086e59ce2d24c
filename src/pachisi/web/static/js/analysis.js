// A finished room's analysis (docs/analysis.md: the learned evaluator's equity lost by each move, with
// marks ?! ? ??, each roll's luck, the dice against fair dice), asked of the server, which makes it once on
// its bot workers: a progress bar while it is made.  The game-over card shows each player's error rate,
// luck and dice; the replay page the win-probability graph, the marks and the best move beside a marked one.
import { h, s, clear } from "./dom.js";
import { getJSON, postText } from "./api.js";
import { t, colourName } from "./i18n.js";
import { colourInk } from "./board.js";
import { failure } from "./wait.js";

// One line, in the lobby and on the game-over card: the dice are provably fair, with a link to check them.
export function fairLine(href) {
  return h("p", { class: "fair-line" }, t("fair.line"), " ",
    h("a", { href, class: "fair-link", text: t("fair.check") }));
}

// The analysis of room `code`: asks until it is made, showing its progress in `box` (a <progress> with the
// jobs still ahead of it, then the steps analysed of the game's).  Resolves to the analysis, or null when it
// cannot be made (the failure is shown in `box`, with `retry` as its button).
export async function roomAnalysis(code, box, retry) {
  const bar = h("progress", { class: "analysis-progress", max: 1, "aria-label": t("an.making") });
  const label = h("span", { class: "analysis-label", text: t("an.making") });
  clear(box).append(h("p", { class: "analysis-wait", role: "status" }, label, " ", bar));
  let first = null;
  for (;;) {
    let data;
    try {
      data = await getJSON(`/api/rooms/${encodeURIComponent(code)}/analysis`);
    } catch (e) {
      clear(box).append(untold(e, retry));
      return null;
    }
    if (data.games) { clear(box); return data; }
    if (data.ahead === null || data.ahead === undefined) {
      label.textContent = t("an.running");
      if (data.total) {                                      // running: the steps analysed, as told
        bar.max = data.total;
        bar.value = data.done;
      } else bar.removeAttribute("value");
    } else {
      if (first === null) first = Math.max(1, data.ahead + 1);
      bar.value = 1 - (data.ahead + 1) / (first + 1);
      label.textContent = t("an.queued", { n: data.ahead });
    }
    await new Promise((r) => setTimeout(r, 400));
  }
}

// Why there is no analysis: a game without an evaluator (409 "evaluator") in a quiet line, else the failure
// with `retry` as its button.
export function untold(e, retry) {
  if (e && e.status === 409) return h("p", { class: "help no-analysis", text: t("an.none", { why: e.message }) });
  return failure(t("an.failed"), e, retry);
}

// The analysis of a record's text (a pasted or uploaded record) from the record checker, shown as made in
// `box`; null when it cannot be made (said in `box`).
export async function recordAnalysis(text, box, retry) {
  clear(box).append(h("p", { class: "analysis-wait", role: "status" }, h("span", { class: "analysis-label", text: t("an.making") }), " ",
    h("progress", { class: "analysis-progress", "aria-label": t("an.making") })));
  try {
    const data = await postText("/api/analyse", text);
    clear(box);
    return data;
  } catch (e) {
    clear(box).append(e.status === 400 ? untold({ status: 409, message: e.message }) : untold(e, retry));
    return null;
  }
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const signedPct = (x) => `${x >= 0 ? "+" : "−"}${Math.abs(100 * x).toFixed(1)}%`;

// Per player over every game of the analysis: decisions with a choice, equity lost, marks, luck.
export function playerTotals(data) {
  const n = data.games[0].players.length;
  const out = Array.from({ length: n }, () => ({ decisions: 0, lost: 0, "?!": 0, "?": 0, "??": 0, luck: 0 }));
  for (const g of data.games) {
    g.summary.forEach((p, i) => {
      const o = out[i];
      o.decisions += p.decisions; o.lost += p.lost; o.luck += p.luck;
      for (const m of ["?!", "?", "??"]) o[m] += p[m];
    });
  }
  for (const o of out) o.errorRate = o.decisions ? o.lost / o.decisions : 0;
  return out;
}

// The game-over card's part: each player's error rate, marks and luck in equity (the evaluator's), and
// their dice against fair dice, worded so that one game's small sample is not read as proof.
export function overSummary(data, room, symbol) {
  const totals = playerTotals(data);
  const head = [t("room.fig.player"), t("an.error"), "?! / ? / ??", t("an.luck")];
  const rows = room.seats.map((st) => {
    const f = totals[st.player];
    return h("tr", { dataset: { player: st.player } },
      h("th", { scope: "row", text: `${symbol(st.seat)} ${colourName(st.colour)}` }),
      h("td", { class: "error-rate", text: pct(f.errorRate) }),
      h("td", { class: "marks", text: `${f["?!"]} / ${f["?"]} / ${f["??"]}` }),
      h("td", { class: "eq-luck", text: signedPct(f.luck) }));
  });
  return h("div", { class: "analysis-summary" },
    h("div", { class: "figures-wrap" }, h("table", { class: "figures analysis-figures" },
      h("thead", {}, h("tr", {}, head.map((x, i) =>
        h("th", { scope: "col", text: x, class: i === 2 ? "marks" : null })))),
      h("tbody", {}, rows))),
    h("p", { class: "help", text: t("an.help") }),
    diceTable(data.dice, room));
}

// Each player's dice: the count of each face against what fair dice give, and the chi-square p-value.
export function diceTable(dice, room) {
  const kinds = dice[0].dice;
  const many = kinds.length > 1;
  const head = [t("room.fig.player"), ...kinds.flatMap((k, i) => k.faces.map((f) => (many ? `${f}${"′".repeat(i)}` : String(f)))),
                t("an.fair"), t("an.p")];
  const rows = dice.map((d, p) => {
    const st = room.seats[p];
    const cells = d.dice.flatMap((k) => k.counts.map((c, j) => {
      const off = k.expected[j] ? (c - k.expected[j]) / k.expected[j] : 0;
      return h("td", { class: Math.abs(off) > 0.25 ? "off" : null, text: String(c) });
    }));
    const p_ = d.test ? d.test.p.toFixed(2) : "—";
    return h("tr", {}, h("th", { scope: "row", text: colourName(st ? st.colour : d.player) }), cells,
      h("td", { class: "fair", text: d.dice.map((k) => [...new Set(k.expected.map((e) => e.toFixed(1)))].join(" ")).join(" / ") }),
      h("td", { class: "p-value", text: p_ }));
  });
  return h("div", { class: "dice-fair" },
    h("h3", { text: t("an.dice") }),
    h("div", { class: "figures-wrap" }, h("table", { class: "figures dice-table" },
      h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col", text: x })))), h("tbody", {}, rows))),
    h("p", { class: "help", text: t("an.dice.help") }));
}

// The win-probability graph of one game (an SVG line per player over its steps); `onPick(i)` is called
// with the step clicked (0: the start); returns {el, mark(i)} to show the step on view.
export function equityGraph(game, colours, onPick) {
  const W = 600, H = 150, pad = 4;
  const eq = [game.start, ...game.equity];
  const n = eq.length - 1 || 1;
  const x = (i) => pad + (W - 2 * pad) * i / n;
  const y = (v) => pad + (H - 2 * pad) * (1 - v);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "equity-graph", role: "img", preserveAspectRatio: "none",
                         "aria-label": t("an.graph") });
  svg.append(s("line", { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: "half" }));
  colours.forEach((c, p) => {
    svg.append(s("polyline", { class: "eq-line", stroke: colourInk(c), "vector-effect": "non-scaling-stroke",
                               points: eq.map((v, i) => `${x(i).toFixed(1)},${y(v[p]).toFixed(1)}`).join(" ") }));
  });
  game.steps.forEach((st, i) => {
    if (st.mark === "??" || st.mark === "?") {
      svg.append(s("line", { class: `blunder mark-${st.mark === "??" ? "bad2" : "bad"}`, x1: x(i + 1), x2: x(i + 1), y1: y(1), y2: y(0),
                             "vector-effect": "non-scaling-stroke", stroke: colourInk(colours[st.player]) }));
    }
  });
  const cursor = s("line", { class: "cursor", y1: 0, y2: H, "vector-effect": "non-scaling-stroke" });
  svg.append(cursor);
  svg.addEventListener("click", (e) => {
    const r = svg.getBoundingClientRect();
    onPick(Math.round((e.clientX - r.left) / r.width * n));
  });
  const legend = h("p", { class: "graph-legend" }, colours.map((c) => {
    const swatch = h("span", { class: "swatch" });
    swatch.style.background = colourInk(c);
    return h("span", { class: "key" }, swatch, ` ${colourName(c)}`);
  }));
  const el = h("figure", { class: "equity" }, h("figcaption", { text: t("an.graph") }), svg, legend);
  return { el, mark(i) { cursor.setAttribute("x1", x(i)); cursor.setAttribute("x2", x(i)); } };
}

// The words of a marked move: "?? −12.3% · best: 6c".
export function markWords(step) {
  if (!step || !step.mark) return "";
  return `${step.mark} ${t("an.lost", { lost: pct(step.lost) })} · ${t("an.best", { best: step.best })}`;
}
