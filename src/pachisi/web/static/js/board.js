// One SVG renderer for every game: it draws whatever BoardView the server sends
// (squares with kind, owner and label; pieces; off-board stores; fences) and
// lets a person pick a piece (or a fence) and then where it goes; a move that
// changes nothing on the board (Kimbo's "keep the fences") is a button by it.
// Arrow keys move between the highlights by where they are.  Every colour also has a
// symbol (● ▲ ■ ◆ by seat, as in the terminal), so colour-blind players can tell
// the seats apart; fences of each seat have their own dash pattern too.
import { h, s, clear } from "./dom.js";
import { t, colourName, offName } from "./i18n.js";

export const CELL = 40;
export const SYMBOLS = ["●", "▲", "■", "◆"];
const PALETTE = { red: "#d55e00", green: "#009e73", yellow: "#f0e442", blue: "#0072b2" };
const DARK_TEXT = new Set(["yellow"]);
const DASHES = [null, "9 5", "3 4", "12 4 3 4"];
const GLYPH = { corner: "◇", shelter: "⌂", start: "▸", goal: "★", bur: "✕", safe: "☆", entrance: "▫", teleport: "◈" };

export function colourHex(name) { return PALETTE[name] || "#777"; }

export function seatSymbol(seat) { return SYMBOLS[((seat % 4) + 4) % 4]; }

function shape(seat, r) {
  switch (((seat % 4) + 4) % 4) {
    case 0: return s("circle", { r });
    case 1: return s("polygon", { points: `0,${-r * 1.2} ${r * 1.1},${r * 0.8} ${-r * 1.1},${r * 0.8}` });
    case 2: return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2 });
    default: return s("polygon", { points: `0,${-r * 1.25} ${r * 1.25},0 0,${r * 1.25} ${-r * 1.25},0` });
  }
}

function parseRef(ref) {
  if (!ref) return null;
  if (ref[0] === "w") { const [r1, c1, r2, c2] = ref.slice(1).split(",").map(Number); return { kind: "wall", r1, c1, r2, c2 }; }
  if (ref[0] === "o") { const [p, key] = ref.slice(1).split(":"); return { kind: "off", player: Number(p), key }; }
  const [r, c] = ref.split(",").map(Number);
  return { kind: "square", r, c };
}

function wallLine(w) {
  if (w.r1 === w.r2) {            // side by side: a vertical fence between them
    const x = Math.max(w.c1, w.c2) * CELL;
    return { x1: x, y1: w.r1 * CELL, x2: x, y2: (w.r1 + 1) * CELL };
  }
  const y = Math.max(w.r1, w.r2) * CELL;
  return { x1: w.c1 * CELL, y1: y, x2: (w.c1 + 1) * CELL, y2: y };
}

// The centre of a mark, for moving between marks with the arrow keys.
function centreOf(r) {
  if (r.kind === "wall") { const l = wallLine(r); return { x: (l.x1 + l.x2) / 2, y: (l.y1 + l.y2) / 2 }; }
  return { x: (r.c + 0.5) * CELL, y: (r.r + 0.5) * CELL };
}

// A fence's mark: a bar along its slot, wide enough to hit, stopping short of
// the corners so neighbouring slots are told apart.
function wallBar(w) {
  const l = wallLine(w), half = 5, inset = 4;
  if (l.x1 === l.x2) return { x: l.x1 - half, y: l.y1 + inset, width: 2 * half, height: CELL - 2 * inset, rx: 3 };
  return { x: l.x1 + inset, y: l.y1 - half, width: CELL - 2 * inset, height: 2 * half, rx: 3 };
}

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

export class Board {
  // host: an element; opts.onPlay(moveText) is called when a move is picked on the board;
  // opts.actionsHost: where the buttons of moves off the board go (else above the board).
  constructor(host, opts = {}) {
    this.onPlay = opts.onPlay || (() => {});
    this.svg = s("svg", { class: "board", role: "group", "aria-label": "board", preserveAspectRatio: "xMidYMid meet" });
    this.squaresLayer = s("g", { class: "squares" });
    this.wallsLayer = s("g", { class: "walls" });
    this.piecesLayer = s("g", { class: "pieces" });
    this.marksLayer = s("g", { class: "marks" });
    this.svg.append(this.squaresLayer, this.wallsLayer, this.piecesLayer, this.marksLayer);
    this.trays = h("div", { class: "trays" });
    this.chooser = h("div", { class: "chooser", hidden: true, role: "dialog", "aria-label": t("room.choose") });
    this.actions = h("div", { class: "board-actions" });
    clear(host).append(h("div", { class: "board-wrap" }, this.svg, this.chooser), this.trays);
    (opts.actionsHost || host).prepend(this.actions);
    this.pieces = new Map();
    this.moves = [];
    this.selected = null;
    this.players = [];
    this.seatColours = [];
    this.position = null;
    this.svg.addEventListener("keydown", (e) => this.key(e));
  }

  // -- the fixed picture ---------------------------------------------------------------
  setup(layout, seatColours) {
    this.layout = layout;
    this.seatColours = seatColours || [];
    this.svg.setAttribute("viewBox", `-4 -4 ${layout.cols * CELL + 8} ${layout.rows * CELL + 8}`);
    clear(this.squaresLayer);
    this.squareAt = new Map();
    for (const [r, c, kind, owner, label] of layout.squares) {
      const x = c * CELL, y = r * CELL;
      const g = s("g", { class: `sq kind-${kind}`, transform: `translate(${x},${y})` });
      const tint = owner === null ? null : colourHex(this.seatColours[owner]);
      g.append(s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "cell" }));
      if (tint) g.append(s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 5, fill: tint, class: "tint" }));
      if (GLYPH[kind]) g.append(s("text", { x: CELL / 2, y: CELL / 2 + 6, class: "glyph", text: GLYPH[kind] }));
      if (owner !== null) g.append(s("text", { x: CELL - 6, y: CELL - 5, class: "owner-mark", text: seatSymbol(owner) }));
      if (label) g.append(s("text", { x: 4, y: 10, class: "label", text: label }));
      this.squaresLayer.append(g);
      this.squareAt.set(`${r},${c}`, { kind, owner, label });
    }
    for (const el of this.pieces.values()) el.remove();
    this.pieces.clear();
  }

  // -- what changes ------------------------------------------------------------------------
  // players: [{player, seat, colour, name}]
  update(position, players) {
    this.position = position;
    this.players = players;
    this.drawWalls(position.walls || []);
    const groups = new Map();
    for (const p of position.pieces) {
      const key = `${p[0]},${p[1]}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(p);
    }
    const seen = new Set();
    for (const [, list] of groups) {
      const n = list.length;
      const cols = n === 1 ? 1 : n <= 4 ? 2 : 3;
      const scale = n === 1 ? 1 : n <= 4 ? 0.56 : 0.4;
      list.forEach(([r, c, player, piece, hidden], i) => {
        const key = `${player}:${piece}`;
        seen.add(key);
        let x = c * CELL + CELL / 2, y = r * CELL + CELL / 2;
        if (n > 1) {
          const step = CELL / (cols + (cols === 2 ? 0.1 : 0.2));
          x = c * CELL + CELL / 2 + ((i % cols) - (cols - 1) / 2) * step;
          y = r * CELL + CELL / 2 + (Math.floor(i / cols) - (Math.ceil(Math.min(n, 9) / cols) - 1) / 2) * step;
        }
        let el = this.pieces.get(key);
        const info = players[player] || { seat: player, colour: "grey" };
        if (!el || el.dataset.hidden !== String(hidden)) {
          if (el) el.remove();
          el = this.pieceElement(info, piece, hidden);
          el.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
          this.piecesLayer.append(el);
          this.pieces.set(key, el);
        }
        el.style.transform = `translate(${x}px, ${y}px) scale(${scale})`;
      });
    }
    for (const [key, el] of this.pieces) {
      if (!seen.has(key)) { el.remove(); this.pieces.delete(key); }
    }
    this.drawTrays();
    this.drawMarks();
  }

  pieceElement(info, piece, hidden) {
    const letter = (this.pieceNames || "abcd")[piece] || String(piece);
    const g = s("g", { class: "piece" + (hidden ? " hidden" : ""), dataset: { hidden: String(hidden) } });
    const body = shape(info.seat, 14);
    body.setAttribute("fill", colourHex(info.colour));
    body.setAttribute("class", "body");
    g.append(body, s("text", { y: 5, class: "letter" + (DARK_TEXT.has(info.colour) ? " dark" : ""),
                               text: hidden ? letter.toUpperCase() : letter }));
    g.append(s("title", { text: `${colourName(info.colour)} ${letter}${hidden ? " (hidden)" : ""}` }));
    return g;
  }

  drawWalls(walls) {
    clear(this.wallsLayer);
    for (const [r1, c1, r2, c2, seat] of walls) {
      const line = wallLine({ r1, c1, r2, c2 });
      const colour = seat === null ? "#333" : colourHex(this.seatColours[seat]);
      const el = s("line", { ...line, class: "wall", stroke: colour,
                             dataset: { ref: `w${r1},${c1},${r2},${c2}`, seat: seat === null ? "" : String(seat) } });
      if (seat !== null && DASHES[seat % 4]) el.setAttribute("stroke-dasharray", DASHES[seat % 4]);
      this.wallsLayer.append(el);
    }
  }

  drawTrays() {
    clear(this.trays);
    const off = (this.position && this.position.off) || {};
    for (const info of this.players) {
      const counts = off[String(info.player)] || {};
      for (const [key, n] of Object.entries(counts)) {
        const ref = `o${info.player}:${key}`;
        const b = h("button", { type: "button", class: "tray", dataset: { ref }, "aria-label": `${colourName(info.colour)}: ${offName(key)} ${n}` },
          h("span", { class: "sym", text: seatSymbol(info.seat) }), ` ${offName(key)}: ${n}`);
        b.style.borderColor = colourHex(info.colour);
        b.addEventListener("click", () => this.pick(ref));
        this.trays.append(b);
      }
    }
  }

  // -- picking moves ----------------------------------------------------------------------------
  setMoves(moves, pieceNames) {
    this.moves = moves || [];
    if (pieceNames) this.pieceNames = pieceNames;
    if (this.selected && !this.moves.some((m) => m.f === this.selected)) this.selected = null;
    this.hideChooser();
    this.drawActions();
    this.drawMarks();
  }

  // Moves that change nothing on the board, as buttons labelled by the game.
  drawActions() {
    clear(this.actions);
    for (const m of this.moves.filter((x) => x.b)) {
      const key = `label.${m.b}`, said = t(key);        // the game's English label, or its translation
      this.actions.append(h("button", { type: "button", class: "action", dataset: { move: m.t },
                                        text: said === key ? m.b : said,
                                        onclick: () => { this.selected = null; this.onPlay(m.t); } }));
    }
  }

  sources() { return [...new Set(this.moves.filter((m) => m.f).map((m) => m.f))]; }

  targets(src) { return [...new Set(this.moves.filter((m) => m.f === src && m.to).map((m) => m.to))]; }

  // role: "src" or "dst" when a mark was clicked; worked out for the stores.
  pick(ref, role) {
    if (!role) role = this.selected && this.targets(this.selected).includes(ref) ? "dst" : "src";
    if (role === "dst" && this.selected) {
      return this.choose(this.moves.filter((m) => m.f === this.selected && m.to === ref));
    }
    if (this.sources().includes(ref)) {
      this.selected = this.selected === ref ? null : ref;
      this.drawMarks();
      const first = this.selected && (this.nearest(this.selected, this.marksLayer.querySelectorAll(".dst"))
                                      || this.trays.querySelector(".dst"));
      if (first) first.focus();
      return;
    }
    this.selected = null;
    this.drawMarks();
  }

  choose(list) {
    if (list.length === 1) { this.selected = null; this.onPlay(list[0].t); return; }
    clear(this.chooser).append(h("p", { text: t("room.choose") }));
    for (const m of list) {
      this.chooser.append(h("button", { type: "button", class: "move", text: m.t,
                                        onclick: () => { this.hideChooser(); this.selected = null; this.onPlay(m.t); } }));
    }
    this.chooser.append(h("button", { type: "button", text: t("room.cancel"), onclick: () => this.hideChooser() }));
    this.chooser.hidden = false;
    this.chooser.querySelector("button").focus();
  }

  hideChooser() { this.chooser.hidden = true; }

  // Show a move's source and target (hovering it in the list).
  preview(move) {
    for (const el of this.svg.querySelectorAll(".preview")) el.remove();
    if (!move) return;
    for (const ref of [move.f, move.to]) {
      const r = parseRef(ref);
      if (r && r.kind === "square") {
        this.marksLayer.append(s("rect", { x: r.c * CELL + 3, y: r.r * CELL + 3, width: CELL - 6, height: CELL - 6,
                                           rx: 6, class: "preview" }));
      } else if (r && r.kind === "wall") {
        this.marksLayer.append(s("line", { ...wallLine(r), class: "preview wallpreview" }));
      }
    }
  }

  drawMarks() {
    // an update redraws the marks: a keyboard player keeps the focus on the same place
    const focused = this.marksLayer.contains(document.activeElement) ? document.activeElement : null;
    clear(this.marksLayer);
    for (const b of this.trays.querySelectorAll(".tray")) b.classList.remove("src", "dst", "selected");
    const srcs = this.sources();
    const dsts = this.selected ? this.targets(this.selected) : [];
    const mark = (ref, cls) => {
      const r = parseRef(ref);
      if (!r) return;
      if (r.kind === "off") {
        const b = this.trays.querySelector(`[data-ref="${CSS.escape(ref)}"]`);
        if (b) b.classList.add(...cls.split(" "));
        else if (cls !== "selected") {          // a store that is empty now: show it to aim at
          const info = this.players[r.player] || { seat: r.player, colour: "grey" };
          const nb = h("button", { type: "button", class: `tray ${cls}`, dataset: { ref } },
            h("span", { class: "sym", text: seatSymbol(info.seat) }), ` ${offName(r.key)}`);
          nb.addEventListener("click", () => this.pick(ref));
          this.trays.append(nb);
        }
        return;
      }
      let el;
      if (r.kind === "wall") {
        el = s("rect", { ...wallBar(r), class: `mark wallmark ${cls}` });
      } else {
        el = s("rect", { x: r.c * CELL + 2, y: r.r * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 7,
                         class: `mark ${cls}` });
      }
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", this.describeRef(r, cls));
      el.dataset.ref = ref;
      el.addEventListener("click", (e) => { e.stopPropagation(); this.pick(ref, cls.startsWith("dst") ? "dst" : "src"); });
      this.marksLayer.append(el);
    };
    for (const ref of srcs) mark(ref, ref === this.selected ? "src selected" : "src");
    for (const ref of dsts) mark(ref, "dst");
    if (focused) {
      const role = focused.classList.contains("dst") ? ".dst" : ".src";
      const again = this.marksLayer.querySelector(`${role}[data-ref="${CSS.escape(focused.dataset.ref)}"]`);
      if (again) again.focus();
    }
  }

  describeRef(r, cls) {
    const what = cls.startsWith("dst") ? "→" : "";
    if (r.kind === "wall") return `${what} fence ${r.r1 + 1},${r.c1 + 1} | ${r.r2 + 1},${r.c2 + 1}`;
    const here = (this.position ? this.position.pieces : []).filter((p) => p[0] === r.r && p[1] === r.c)
      .map((p) => `${colourName((this.players[p[2]] || {}).colour || "")} ${(this.pieceNames || "abcd")[p[3]]}`);
    const sq = this.squareAt && this.squareAt.get(`${r.r},${r.c}`);
    return `${what} ${r.r + 1}:${r.c + 1}${sq && sq.label ? " (" + sq.label + ")" : ""}` +
      (here.length ? " — " + here.join(", ") : "");
  }

  key(e) {
    const marks = [...this.marksLayer.querySelectorAll(".mark")];
    const i = marks.indexOf(document.activeElement);
    if (e.key === "Escape") { this.selected = null; this.hideChooser(); this.drawMarks(); e.preventDefault(); return; }
    if ((e.key === "Enter" || e.key === " ") && i >= 0) { e.preventDefault(); marks[i].dispatchEvent(new MouseEvent("click")); return; }
    if (ARROWS[e.key] && marks.length) {
      e.preventDefault();
      const next = i < 0 ? marks[0] : this.towards(marks[i], ARROWS[e.key], marks);
      if (next) next.focus();
    }
  }

  // The mark nearest to `from` in direction [dx, dy] (the straighter the nearer),
  // so a fence among a hundred free slots is a few key presses away.  Marks on
  // one spot (a piece's square that is also a target) come first, in turn:
  // right and down to the next of them, left and up to the one before.
  towards(from, [dx, dy], marks) {
    const a = centreOf(parseRef(from.dataset.ref));
    const i = marks.indexOf(from), forward = dx + dy > 0;
    let best = null, bestScore = Infinity;
    marks.forEach((el, j) => {
      const b = centreOf(parseRef(el.dataset.ref));
      const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      const across = Math.abs((b.x - a.x) * dy - (b.y - a.y) * dx);
      let score;
      if (along === 0 && across === 0) score = j !== i && (j > i) === forward ? -Math.abs(1 / (j - i)) : Infinity;
      else score = along <= 0 || across > along * 2 ? Infinity : along + 2 * across;
      if (score < bestScore) { best = el; bestScore = score; }
    });
    return best;
  }

  // The mark among `marks` closest to the element at ref.
  nearest(ref, marks) {
    const a = centreOf(parseRef(ref));
    let best = null, bestD = Infinity;
    for (const el of marks) {
      const b = centreOf(parseRef(el.dataset.ref));
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      if (d < bestD) { best = el; bestD = d; }
    }
    return best;
  }

  focusFirst() {
    const m = this.marksLayer.querySelector(".mark");
    if (m) m.focus();
  }
}
