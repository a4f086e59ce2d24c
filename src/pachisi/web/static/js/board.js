// One SVG renderer for every game: it draws the board the server describes
// (squares with kind, owner and number; the coloured yards, nests, parks, pens
// and the centre; each player's route; pieces; fences) and lets a person pick a
// piece (or a fence) and then where it goes; a move that changes nothing on the
// board ("keep the fences") is a button by it.  Arrow keys move between
// the highlights by where they are.  Every colour also has a symbol (● ▲ ■ ◆ by
// seat, as in the terminal), so colour-blind players can tell the seats apart;
// fences of each seat have their own dash pattern too.
// A board drawn other than as a grid (a star of six or eight arms) says where each square sits
// (layout.placement: its centre and turn); every square, piece, route and mark is placed through
// Board.spot, so the grid's squares and the star's are drawn by the same code.  Pieces stay upright.
//
// API (room.js, replay.js, the rules page's diagrams):
//   new Board(host, {onPlay, actionsHost, stepMs, toolbar})
//       onPlay(moveText): a move was picked on the board; actionsHost: where the buttons of
//       moves off the board go (else above the board); stepMs: the time a piece takes per
//       square (default 110; 0: no animation); toolbar: false for a still picture (no sound
//       or zoom buttons).
//   setup(layout, seatColours)      the fixed picture (layout_json)
//   update(position, players, last) the pieces and fences (position_json); the moved piece walks
//                                   the route the server gives with the last action (last.route,
//                                   optional: else it goes straight), captured ones slide home
//   setMoves(moves, pieceNames)     the legal moves (moves_json): their pieces light up
//   preview(move)                   show a move's route (move.r) and landing square (null: clear)
//   focusFirst(), key(event)        keyboard play; pieceNames: the pieces' letters
//   stage(), hint()                 what to pick now: "fence", "piece" or ""; and in words
//   setSound(on), setSpeed(stepMs)  the sound toggle (kept in localStorage) and the pace
// A still picture (the rules page): setup, update, then preview(move) to draw a move.
import { h, s, clear } from "./dom.js";
import { t, colourName, offName, getLang } from "./i18n.js";
import { reducedMotion } from "./anim.js";
import { sounds, soundOn, setSoundOn } from "./sound.js";

export { rollDice, dieFace } from "./anim.js";

export const CELL = 40;
export const SYMBOLS = ["●", "▲", "■", "◆", "▼", "⬢", "✦", "✚"];   // seats 4-7: the larger boards
const PALETTE = { red: "#d55e00", green: "#009e73", yellow: "#f0e442", blue: "#0072b2",
                  purple: "#8e5bb5", orange: "#e69f00", pink: "#f29bc6", grey: "#9a9a9a" };
// Each colour's ink: symbols, outlines and text in that colour, dark enough for a contrast of
// at least 3:1 on the board and on the colour's own light tint (yellow on white is 1.3:1).
const INK = { red: "#8a3c00", green: "#005c40", yellow: "#5c5300", blue: "#004a75",
              purple: "#5a2f7a", orange: "#6e4a00", pink: "#8a2f5c", grey: "#474747" };
const DARK_TEXT = new Set(["yellow", "orange", "pink", "grey"]);
const DASHES = [null, "9 5", "3 4", "12 4 3 4"];
const GLYPH = { corner: "◇", shelter: "⌂", start: "➤", bur: "✕", castle: "✕", safe: "★", entrance: "▫", teleport: "◈" };
const STORE_REGIONS = new Set(["yard", "home", "nest", "jail", "stable"]);   // the track games' corner yards
const MIN_TARGET = 44;                                     // px: the least a finger should have to hit
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

export function colourHex(name) { return PALETTE[name] || "#777"; }

export function colourInk(name) { return INK[name] || "#333"; }

export function seatSymbol(seat) { return SYMBOLS[((seat % SYMBOLS.length) + SYMBOLS.length) % SYMBOLS.length]; }

function shape(seat, r) {
  switch (((seat % 8) + 8) % 8) {
    case 0: return s("circle", { r });
    case 1: return s("polygon", { points: `0,${-r * 1.2} ${r * 1.1},${r * 0.8} ${-r * 1.1},${r * 0.8}` });
    case 2: return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: 3 });
    case 3: return s("polygon", { points: `0,${-r * 1.25} ${r * 1.25},0 0,${r * 1.25} ${-r * 1.25},0` });
    case 4: return s("polygon", { points: `0,${r * 1.2} ${r * 1.1},${-r * 0.8} ${-r * 1.1},${-r * 0.8}` });
    case 5: return s("polygon", { points: hexagon(r * 1.15) });
    case 6: return s("polygon", { points: star(r * 1.35, r * 0.5) });
    default: return s("polygon", { points: `${-r * 0.4},${-r * 1.1} ${r * 0.4},${-r * 1.1} ${r * 0.4},${-r * 0.4} ${r * 1.1},${-r * 0.4} ${r * 1.1},${r * 0.4} ${r * 0.4},${r * 0.4} ${r * 0.4},${r * 1.1} ${-r * 0.4},${r * 1.1} ${-r * 0.4},${r * 0.4} ${-r * 1.1},${r * 0.4} ${-r * 1.1},${-r * 0.4} ${-r * 0.4},${-r * 0.4}` });
  }
}

// the shapes of seats 5 and 6 (a hexagon, a four-pointed star): points of a polygon round 0,0
function hexagon(r) {
  return [0, 1, 2, 3, 4, 5].map((i) => `${r * Math.cos(Math.PI / 3 * i)},${r * Math.sin(Math.PI / 3 * i)}`).join(" ");
}

function star(outer, inner) {
  return [...Array(8).keys()].map((i) => {
    const a = -Math.PI / 2 + Math.PI / 4 * i, r = i % 2 ? inner : outer;
    return `${r * Math.cos(a)},${r * Math.sin(a)}`;
  }).join(" ");
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

// A fence slot's mark: the diamond between the line's two ends and the centres of the
// squares on either side.  The diamonds of all slots tile the board, so each slot gets
// the whole of its share to be hit (a cell's width across when zoomed in on a phone).
function wallDiamond(w) {
  const l = wallLine(w), mx = (l.x1 + l.x2) / 2, my = (l.y1 + l.y2) / 2, d = CELL / 2;
  return `${mx},${my - d} ${mx + d},${my} ${mx},${my + d} ${mx - d},${my}`;
}

// A loudspeaker, with sound waves when the sound is on (drawn: no emoji font needed).
function speaker(on) {
  const svg = s("svg", { viewBox: "0 0 24 24", width: 22, height: 22, "aria-hidden": "true", class: "speaker" });
  svg.append(s("path", { d: "M3 9h4l5-4v14l-5-4H3z", class: "speaker-body" }));
  if (on) svg.append(s("path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12", class: "speaker-waves" }));
  else svg.append(s("path", { d: "M16 9l6 6M22 9l-6 6", class: "speaker-waves" }));
  return svg;
}

const points = (list) => list.map(([x, y]) => `${x * CELL},${y * CELL}`).join(" ");

export class Board {
  constructor(host, opts = {}) {
    this.onPlay = opts.onPlay || (() => {});
    this.stepMs = opts.stepMs ?? 110;
    this.svg = s("svg", { class: "board", role: "group", tabindex: "-1", "aria-label": t("board.label"),
                          preserveAspectRatio: "xMidYMid meet" });
    this.regionsLayer = s("g", { class: "regions" });
    this.squaresLayer = s("g", { class: "squares" });
    this.overlayLayer = s("g", { class: "overlay", "aria-hidden": "true" });   // areas drawn over their squares (pens)
    this.routeLayer = s("g", { class: "routes", "aria-hidden": "true" });
    this.wallsLayer = s("g", { class: "walls" });
    this.piecesLayer = s("g", { class: "pieces" });
    this.marksLayer = s("g", { class: "marks" });
    this.svg.append(this.regionsLayer, this.squaresLayer, this.overlayLayer, this.routeLayer, this.wallsLayer, this.piecesLayer, this.marksLayer);
    this.trays = h("div", { class: "trays" });
    this.chooser = h("div", { class: "chooser", hidden: true, role: "dialog", "aria-label": t("room.choose") });
    this.actions = h("div", { class: "board-actions" });
    this.tools = h("div", { class: "board-tools" });
    this.zoomOut = h("button", { type: "button", class: "zoom-out", hidden: true, text: t("board.zoomout"),
                                 onclick: () => this.setZoom(null) });
    if (opts.toolbar !== false) {
      this.soundButton = h("button", { type: "button", class: "sound-toggle", onclick: () => this.setSound(!soundOn()) });
      this.tools.append(this.zoomOut, this.soundButton);
      this.drawSoundButton();
    }
    host.classList.add("board-host");   // board.css scopes the trays under it
    clear(host).append(h("div", { class: "board-wrap" }, this.svg, this.chooser, this.tools), this.trays);
    (opts.actionsHost || host).prepend(this.actions);
    this.pieces = new Map();
    this.moves = [];
    this.selected = null;
    this.players = [];
    this.seatColours = [];
    this.position = null;
    this.zoom = null;
    this.touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
    this.svg.addEventListener("keydown", (e) => this.key(e));
    this.svg.addEventListener("click", (e) => { if (e.target === this.svg || !e.target.closest(".mark")) this.tapBoard(e); });
  }

  // -- options -------------------------------------------------------------------------
  setSound(on) { setSoundOn(on); this.drawSoundButton(); }

  setSpeed(stepMs) { this.stepMs = Math.max(0, Number(stepMs) || 0); }

  drawSoundButton() {
    if (!this.soundButton) return;
    const on = soundOn();
    clear(this.soundButton).append(speaker(on));
    this.soundButton.setAttribute("aria-pressed", String(on));
    this.soundButton.setAttribute("aria-label", t("board.sound"));
    this.soundButton.title = t(on ? "board.sound.on" : "board.sound.off");
  }

  seatColour(seat) { return this.seatColours[seat] || ["red", "green", "yellow", "blue"][seat] || "grey"; }

  // -- the fixed picture ---------------------------------------------------------------
  setup(layout, seatColours) {
    this.layout = layout;
    this.seatColours = seatColours || [];
    this.placed = layout.placement || null;
    const [wide, high] = this.placed ? this.placed.size : [layout.cols, layout.rows];
    this.full = { x: -4, y: -4, w: wide * CELL + 8, h: high * CELL + 8 };
    this.zoom = null;
    this.applyViewBox();
    clear(this.regionsLayer);
    clear(this.squaresLayer);
    clear(this.routeLayer);
    clear(this.overlayLayer);
    this.squareAt = new Map();
    for (const [r, c, kind, owner, label, n] of layout.squares) this.squareAt.set(`${r},${c}`, { kind, owner, label, n });
    this.regionsLayer.append(this.placed
      ? s("polygon", { points: points(this.placed.outline), class: "board-bg outline" })
      : s("rect", { x: 0, y: 0, width: layout.cols * CELL, height: layout.rows * CELL, rx: 12, class: "board-bg" }));
    const regions = layout.regions || [];
    const centre = regions.find((x) => x[0] === "centre");
    regions.forEach((reg, i) => this.drawRegion(reg, this.placed && this.placed.shapes[i]));
    for (const [r, c, kind, owner, label] of layout.squares) {
      if (centre && (kind === "goal" || kind === "centre")) continue;      // drawn as the centre's triangles
      this.squaresLayer.append(this.squareElement(r, c, kind, owner, label));
    }
    for (const el of this.pieces.values()) el.remove();
    this.pieces.clear();
    this.svg.setAttribute("aria-label", t("board.label"));
  }

  // Where a square is drawn: its centre in px and its turn in degrees (the grid's squares are not turned).
  spot(ref) {
    const at = this.placed && this.placed.cells[ref];
    if (at) return { x: at[0] * CELL, y: at[1] * CELL, a: at[2] };
    const r = typeof ref === "string" ? parseRef(ref) : ref;
    return { x: (r.c + 0.5) * CELL, y: (r.r + 0.5) * CELL, a: 0 };
  }

  xy(ref) { const p = this.spot(ref); return [p.x, p.y]; }

  // The transform that draws a square's content (0..CELL on both axes) where the square sits.
  squareTransform(ref) {
    const p = this.spot(ref);
    if (!p.a) return `translate(${p.x - CELL / 2},${p.y - CELL / 2})`;
    return `translate(${p.x},${p.y}) rotate(${p.a}) translate(${-CELL / 2},${-CELL / 2})`;
  }

  // A square's outline `inset` px in from its edge (a mark, a preview), turned with it.
  squareRect(ref, inset, attrs) {
    return s("rect", { x: inset, y: inset, width: CELL - 2 * inset, height: CELL - 2 * inset, transform: this.squareTransform(ref), ...attrs });
  }

  // The centre of a mark, for moving between marks with the arrow keys and zooming.
  centreOf(r) {
    if (r.kind === "wall") { const l = wallLine(r); return { x: (l.x1 + l.x2) / 2, y: (l.y1 + l.y2) / 2 }; }
    const p = this.spot(`${r.r},${r.c}`);
    return { x: p.x, y: p.y };
  }

  applyViewBox() {
    const v = this.zoom || this.full;
    if (v) this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    this.zoomOut.hidden = !this.zoom;
    this.svg.classList.toggle("zoomed", !!this.zoom);
  }

  // A region on the grid, or where `shape` (its outline, in cells) puts it on a board not drawn as a grid.
  drawRegion([kind, seat, r, c, hgt, wid], shape = null) {
    const x = c * CELL, y = r * CELL, w = wid * CELL, hh = hgt * CELL;
    const colour = seat === null ? null : this.seatColour(seat);
    const g = s("g", { class: `region region-${kind}` });
    if (shape && kind === "centre") {
      this.drawCentrePolygon(g, shape);
    } else if (shape && STORE_REGIONS.has(kind)) {     // a yard between two arms: the colour, a white court round its spots
      g.append(s("polygon", { points: points(shape), fill: colourHex(colour), class: "yard-outer" }));
      const spots = this.layout.squares.filter((q) => q[2] === "store" && q[3] === seat).map((q) => this.spot(`${q[0]},${q[1]}`));
      if (spots.length) {
        const cx = spots.reduce((a, p) => a + p.x, 0) / spots.length, cy = spots.reduce((a, p) => a + p.y, 0) / spots.length;
        const reach = Math.max(...spots.map((p) => Math.hypot(p.x - cx, p.y - cy)));
        g.append(s("circle", { cx, cy, r: reach + CELL * 0.55, class: "yard-court", stroke: colourInk(colour) }));
      }
    } else if (kind === "centre") {
      this.drawCentre(g, x, y, w, hh);
    } else if (STORE_REGIONS.has(kind)) {         // a yard: the colour, a white court round its spots
      g.append(s("rect", { x: x + 2, y: y + 2, width: w - 4, height: hh - 4, rx: 12, fill: colourHex(colour), class: "yard-outer" }));
      // the court frames the spots with a margin, kept inside the yard (a narrow yard of a larger board)
      const spots = this.layout.squares.filter((q) => q[2] === "store" && q[3] === seat
        && q[0] >= r && q[0] < r + hgt && q[1] >= c && q[1] < c + wid);
      const pad = CELL * 0.9, edge = 6;
      const [top, bottom, left, right] = spots.length
        ? [Math.min(...spots.map((q) => q[0])) * CELL, (Math.max(...spots.map((q) => q[0])) + 1) * CELL,
           Math.min(...spots.map((q) => q[1])) * CELL, (Math.max(...spots.map((q) => q[1])) + 1) * CELL]
        : [y + hh / 2 - CELL, y + hh / 2 + CELL, x + w / 2 - CELL, x + w / 2 + CELL];
      const x0 = Math.max(x + edge, left - pad), x1 = Math.min(x + w - edge, right + pad);
      const y0 = Math.max(y + edge, top - pad), y1 = Math.min(y + hh - edge, bottom + pad);
      g.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, rx: Math.min(18, (y1 - y0) / 4),
                           class: "yard-court", stroke: colourInk(colour) }));
    } else if (kind === "pen") {                 // over its squares: a pen is squares like any other
      this.overlayLayer.append(s("rect", { x: x + 1, y: y + 1, width: w - 2, height: hh - 2, rx: 8, fill: colourHex(colour),
                                           stroke: colourInk(colour), class: "pen" }));
    } else {                                       // a folk board's corner: the park (swamp, base) beside its arm
      g.append(s("rect", { x: x + 4, y: y + 4, width: w - 8, height: hh - 8, rx: 14, fill: colourHex(colour), class: `corner-area ${kind}` }));
      // its name over its spots, or under them when the captives' spots are above
      const box = (label) => {
        const cells = this.layout.squares.filter((q) => q[2] === "store" && q[3] === seat && q[4] === label);
        return cells.length ? { top: Math.min(...cells.map((q) => q[0])), bottom: Math.max(...cells.map((q) => q[0])) + 1 } : null;
      };
      const own = box(kind) || { top: r + 1, bottom: r + hgt - 1 }, held = box("captives");
      const below = held && held.top < own.top;
      g.append(s("text", { x: x + w / 2, y: below ? own.bottom * CELL + 20 : own.top * CELL - 9, class: "region-name",
                           fill: colourInk(colour), text: offName(kind) }));
    }
    this.regionsLayer.append(g);
  }

  // The track games' centre: a triangle per seat, pointing in from the side its home column
  // comes from, in its colour; the goal squares lie on them.
  drawCentre(g, x, y, w, hh) {
    const corners = { top: [[x, y], [x + w, y]], right: [[x + w, y], [x + w, y + hh]],
                      bottom: [[x + w, y + hh], [x, y + hh]], left: [[x, y + hh], [x, y]] };
    const mid = [x + w / 2, y + hh / 2];
    g.append(s("rect", { x, y, width: w, height: hh, class: "centre-bg" }));
    for (const [r, c, kind, owner] of this.layout.squares) {
      if (kind !== "goal" || owner === null) continue;
      const cx = (c + 0.5) * CELL, cy = (r + 0.5) * CELL;
      const side = cy < y + CELL ? "top" : cy > y + hh - CELL ? "bottom" : cx < x + CELL ? "left" : "right";
      const [a, b] = corners[side];
      g.append(s("polygon", { points: `${a.join(",")} ${b.join(",")} ${mid.join(",")}`, fill: colourHex(this.seatColour(owner)),
                              class: "home-triangle", stroke: colourInk(this.seatColour(owner)) }));
    }
    if (!this.layout.squares.some((q) => q[2] === "goal")) {
      g.append(s("text", { x: mid[0], y: mid[1] + 12, class: "centre-star", text: "★" }));
    }
  }

  // The centre of a star: the polygon the arms stand on, a triangle per side in the colour of the
  // seat whose goal lies nearest that side (its home column comes in through it).
  drawCentrePolygon(g, shape) {
    const corners = shape.map(([x, y]) => [x * CELL, y * CELL]);
    const mid = [corners.reduce((a, p) => a + p[0], 0) / corners.length, corners.reduce((a, p) => a + p[1], 0) / corners.length];
    g.append(s("polygon", { points: corners.map((p) => p.join(",")).join(" "), class: "centre-bg" }));
    const goals = this.layout.squares.filter((q) => q[2] === "goal" && q[3] !== null).map((q) => ({ owner: q[3], p: this.spot(`${q[0]},${q[1]}`) }));
    corners.forEach((a, i) => {
      const b = corners[(i + 1) % corners.length], m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const goal = goals.reduce((best, q) => (!best || Math.hypot(q.p.x - m[0], q.p.y - m[1]) < Math.hypot(best.p.x - m[0], best.p.y - m[1]) ? q : best), null);
      if (!goal) return;
      const colour = this.seatColour(goal.owner);
      g.append(s("polygon", { points: `${a.join(",")} ${b.join(",")} ${mid.join(",")}`, fill: colourHex(colour),
                              class: "home-triangle", stroke: colourInk(colour) }));
    });
  }

  squareElement(r, c, kind, owner, label) {
    const colour = owner === null ? null : this.seatColour(owner);
    const g = s("g", { class: `sq kind-${kind}`, transform: this.squareTransform(`${r},${c}`), dataset: { ref: `${r},${c}` } });
    if (kind === "store") {                       // a spot in a yard or a park, where a piece waits
      g.dataset.store = label;
      g.append(s("circle", { cx: CELL / 2, cy: CELL / 2, r: CELL * 0.42, class: "spot", fill: colourHex(colour), stroke: colourInk(colour) }),
               s("title", { text: `${colourName(colour)}: ${offName(label)}` }));
      return g;
    }
    g.append(s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 5, class: "cell" }));
    if (colour) g.append(s("rect", { x: 1, y: 1, width: CELL - 2, height: CELL - 2, rx: 5, fill: colourHex(colour), class: "tint" }));
    const angle = kind === "start" ? this.startAngle(r, c) : 0;
    if (GLYPH[kind] && angle !== null) {
      const glyph = s("text", { x: CELL / 2, y: CELL / 2 + 6, class: "glyph", text: GLYPH[kind] });
      if (colour) glyph.setAttribute("fill", colourInk(colour));
      if (angle) glyph.setAttribute("transform", `rotate(${angle} ${CELL / 2} ${CELL / 2 + 1})`);
      g.append(glyph);
    }
    if (owner !== null && kind !== "start") g.append(s("text", { x: CELL - 7, y: CELL - 5, class: "owner-mark", fill: colourInk(colour), text: seatSymbol(owner) }));
    if (/^\d+$/.test(label) && kind !== "house") g.append(s("text", { x: 4, y: 10, class: "label", text: label }));
    // a home square named by one sign (goal fields a-d, a ladder's steps 1-6): the sign, large
    if (kind === "house" && label.length === 1) g.append(s("text", { x: CELL / 2, y: CELL / 2 + 6, class: "glyph house-name", fill: colourInk(colour), text: label }));
    return g;
  }

  // A start square's arrow points along its seat's route (from place 0 to place 1); null: a start
  // square off any route (a grid game's), drawn by its colour alone.
  startAngle(r, c) {
    for (const path of Object.values(this.layout.paths || {})) {
      if (path[0] === `${r},${c}` && path[1]) {
        const a = this.spot(path[0]), b = this.spot(path[1]);
        return Math.round(Math.atan2(b.y - a.y, b.x - a.x) * 180 / Math.PI - a.a);
      }
    }
    return null;
  }

  // -- what changes ------------------------------------------------------------------------
  // players: [{player, seat, colour, name}]
  update(position, players, last = null) {
    const before = this.position;
    this.lastRoute = last && last.k === "move" && last.route ? last.route : null;
    this.position = position;
    this.players = players;
    this.drawWalls(position.walls || []);
    const groups = new Map();
    for (const p of position.pieces) {
      const key = `${p[0]},${p[1]}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(p);
    }
    const oldAt = new Map();
    if (before) for (const [r, c, player, piece] of before.pieces) oldAt.set(`${player}:${piece}`, `${r},${c}`);
    const seen = new Set(), walks = [];
    for (const [ref, list] of groups) {
      const n = list.length;
      const cols = n === 1 ? 1 : n <= 4 ? 2 : 3;
      const scale = n === 1 ? 1 : n <= 4 ? 0.56 : 0.4;
      const at = this.spot(ref);
      list.forEach(([r, c, player, piece, hidden], i) => {
        const key = `${player}:${piece}`;
        seen.add(key);
        let x = at.x, y = at.y;
        if (n > 1) {
          const step = CELL / (cols + (cols === 2 ? 0.1 : 0.2));
          x += ((i % cols) - (cols - 1) / 2) * step;
          y += (Math.floor(i / cols) - (Math.ceil(Math.min(n, 9) / cols) - 1) / 2) * step;
        }
        let el = this.pieces.get(key);
        const info = players[player] || { seat: player, colour: "grey" };
        if (!el || el.dataset.hidden !== String(hidden)) {
          if (el) el.remove();
          el = this.pieceElement(info, piece, hidden);
          this.piecesLayer.append(el);
          this.pieces.set(key, el);
        }
        el.dataset.ref = ref;
        el.classList.toggle("stacked", n > 1);           // its letter drawn larger: a stack's pieces are small
        el.setAttribute("aria-label", this.pieceLabel(player, piece, ref));
        const target = `translate(${x}px, ${y}px) scale(${scale})`;
        const from = oldAt.get(key);
        if (from && from !== ref) walks.push({ el, player, from, to: ref, target, scale });
        el.style.transform = target;
      });
    }
    for (const [key, el] of this.pieces) {
      if (!seen.has(key)) { el.remove(); this.pieces.delete(key); }
    }
    this.animate(walks);
    this.drawTrays();
    this.drawMarks();
  }

  pieceElement(info, piece, hidden) {
    const letter = (this.pieceNames || "abcd")[piece] || String(piece);
    const g = s("g", { class: "piece" + (hidden ? " hidden" : ""), dataset: { hidden: String(hidden), player: String(info.player ?? ""), piece: String(piece) } });
    g.append(s("ellipse", { cx: 1.5, cy: 12, rx: 13, ry: 4.5, class: "shadow" }));
    const body = shape(info.seat, 14);
    body.setAttribute("fill", colourHex(info.colour));
    body.setAttribute("class", "body");
    const shine = s("circle", { cx: -4, cy: -5, r: 4, class: "shine" });
    g.append(body, shine, s("text", { y: 5, class: "letter" + (DARK_TEXT.has(info.colour) ? " dark" : ""),
                                      text: hidden ? letter.toUpperCase() : letter }));
    g.append(s("title", { text: `${colourName(info.colour)} ${letter}${hidden ? " " + t("board.hidden") : ""}` }));
    return g;
  }

  // -- motion --------------------------------------------------------------------------
  // Each moved piece walks (its data-walk: the squares it passes, for scripts and tests).
  animate(walks) {
    for (const w of walks) delete w.el.dataset.walk;
    if (!walks.length || this.stepMs <= 0 || reducedMotion()) return;
    const sent = (w) => this.isStore(w.to) && !this.isStore(w.from);     // a capture: it slides home
    let arrival = 0;                   // the captured pieces leave when the mover lands on them
    for (const w of [...walks.filter((x) => !sent(x)), ...walks.filter(sent)]) {
      const home = sent(w);
      const r = this.lastRoute;
      const cells = r && !home && r[0] === w.from && r[r.length - 1] === w.to ? r : [w.from, w.to];
      for (const a of w.el.getAnimations ? w.el.getAnimations() : []) a.cancel();
      if (!w.el.animate) continue;
      const frames = cells.map((ref) => { const [x, y] = this.xy(ref); return { transform: `translate(${x}px, ${y}px) scale(${w.scale})` }; });
      frames[frames.length - 1] = { transform: w.target };
      const steps = Math.max(1, cells.length - 1);
      const duration = home ? 520 : steps * this.stepMs, delay = home ? arrival : 0;
      w.el.dataset.walk = cells.join(" ");
      w.el.classList.add("moving");
      const anim = w.el.animate(frames, { duration, delay, fill: "backwards",
                                          easing: home || steps === 1 ? "ease-in-out" : "linear" });
      anim.onfinish = anim.oncancel = () => w.el.classList.remove("moving");
      if (home) sounds.capture(delay);
      else { sounds.steps(steps, this.stepMs); arrival = Math.max(arrival, duration); }
    }
  }

  isStore(ref) { const q = this.squareAt && this.squareAt.get(ref); return !!q && q.kind === "store"; }

  drawWalls(walls) {
    clear(this.wallsLayer);
    for (const [r1, c1, r2, c2, seat] of walls) {
      const line = wallLine({ r1, c1, r2, c2 });
      const ref = `w${r1},${c1},${r2},${c2}`;
      if (seat === null) {
        this.wallsLayer.append(s("line", { ...line, class: "wall fixed", stroke: "#3b342c", dataset: { ref, seat: "" } }));
        continue;
      }
      const colour = this.seatColour(seat);
      // a dark casing in the colour's ink under the colour itself: every fence stands out on the board
      this.wallsLayer.append(s("line", { ...line, class: "wall-case", stroke: colourInk(colour) }));
      const el = s("line", { ...line, class: "wall", stroke: colourHex(colour), dataset: { ref, seat: String(seat) } });
      if (DASHES[seat % 4]) el.setAttribute("stroke-dasharray", DASHES[seat % 4]);
      this.wallsLayer.append(el);
    }
  }

  drawTrays() {
    clear(this.trays);
    const off = (this.position && this.position.off) || {};
    for (const info of this.players) {
      const counts = off[String(info.player)] || {};
      for (const [key, n] of Object.entries(counts)) {
        if (!n) continue;
        const ref = `o${info.player}:${key}`;
        const b = h("button", { type: "button", class: "tray", dataset: { ref }, "aria-label": `${colourName(info.colour)}: ${offName(key)} ${n}` },
          h("span", { class: "sym", text: seatSymbol(info.seat) }), ` ${offName(key)}: ${n}`);
        b.style.borderColor = colourInk(info.colour);
        b.querySelector(".sym").style.color = colourInk(info.colour);
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
    if (!this.moves.some((m) => m.f && m.f[0] === "w")) this.setZoom(null);
    this.hideChooser();
    this.drawActions();
    this.drawMarks();
  }

  // What is picked now: "fence" (a fence stage), "piece", or "" (nothing on the board).
  stage() {
    const srcs = this.sources();
    return !srcs.length ? "" : srcs.every((f) => f[0] === "w") ? "fence" : "piece";
  }

  // What to pick now, in words.
  hint() { const st = this.stage(); return st ? t(`board.hint.${st}`) : ""; }

  // Moves that change nothing on the board, as buttons labelled by the game.
  drawActions() {
    clear(this.actions);
    for (const m of this.moves.filter((x) => x.b)) {
      const said = (m.words && m.words[getLang()]) || t(`label.${m.b}`);
      this.actions.append(h("button", { type: "button", class: "action", dataset: { move: m.t },
                                        text: said === `label.${m.b}` ? m.b : said,
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
    if (list.length === 1) { this.selected = null; this.preview(null); this.setZoom(null); this.onPlay(list[0].t); return; }
    clear(this.chooser).append(h("p", { text: t("room.choose") }));
    for (const m of list) {
      const said = m.words ? `${m.words[getLang()]} (${m.t})` : m.t;
      this.chooser.append(h("button", { type: "button", class: "move", text: said, dataset: { move: m.t },
                                        onclick: () => { this.hideChooser(); this.selected = null; this.setZoom(null); this.onPlay(m.t); } }));
    }
    this.chooser.append(h("button", { type: "button", text: t("room.cancel"), onclick: () => { this.hideChooser(); this.focusSelected(); } }));
    this.chooser.hidden = false;
    this.chooser.querySelector("button").focus();
  }

  hideChooser() { this.chooser.hidden = true; }

  // -- previews: the route a move walks and where it lands ------------------------------------
  preview(move) {
    clear(this.routeLayer);
    for (const el of this.svg.querySelectorAll(".preview")) el.remove();
    if (move) this.previewMoves([move], true);
  }

  previewMoves(moves, strong = false) {
    for (const m of moves) {
      const src = parseRef(m.f), dst = parseRef(m.to);
      if (src && src.kind === "wall" || dst && dst.kind === "wall") {       // a fence move: only the one shown from the list
        if (strong) for (const w of [src, dst]) if (w) this.marksLayer.append(s("line", { ...wallLine(w), class: "preview wallpreview" }));
        continue;
      }
      if (!src || !dst || src.kind !== "square" || dst.kind !== "square") continue;
      const player = this.moverOf(m);
      const cells = m.r || (m.f === m.to ? [m.f] : [m.f, m.to]);
      const colour = this.players[player] ? this.players[player].colour : null;
      if (cells.length > 1) {
        this.routeLayer.append(s("polyline", { points: cells.map((ref) => this.xy(ref).join(",")).join(" "),
                                               class: "route" + (strong ? " strong" : ""), stroke: colourInk(colour) }));
      }
      const [x, y] = this.xy(m.to);
      this.routeLayer.append(s("circle", { cx: x, cy: y, r: CELL * 0.44, class: "landing", stroke: colourInk(colour),
                                           dataset: { ref: m.to } }));
      if (strong) this.routeLayer.append(this.squareRect(m.f, 3, { rx: 6, class: "preview" }));
    }
  }

  // The player whose piece a move takes: the piece standing on its source.
  moverOf(m) {
    const r = parseRef(m.f);
    const here = this.position && r && r.kind === "square" ? this.position.pieces.filter((p) => p[0] === r.r && p[1] === r.c) : [];
    const own = here.find((p) => p[3] === m.p) || here[0];
    return own ? own[2] : 0;
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
        el = s("polygon", { points: wallDiamond(r), class: `mark wallmark ${cls}` });
        if (cls === "dst") {                      // a free slot it may go to: a short, quiet dash along its line
          const l = wallLine(r), ix = l.x1 === l.x2 ? 0 : 10, iy = l.x1 === l.x2 ? 10 : 0;
          this.marksLayer.append(s("line", { x1: l.x1 + ix, y1: l.y1 + iy, x2: l.x2 - ix, y2: l.y2 - iy, class: "slot-hint" }));
        }
      } else {
        el = this.squareRect(ref, 2, { rx: 7, class: `mark ${cls}` });
      }
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", this.describeRef(r, ref, cls));
      el.dataset.ref = ref;
      el.addEventListener("click", (e) => { e.stopPropagation(); this.clickMark(e, ref, cls.startsWith("dst") ? "dst" : "src"); });
      if (!cls.startsWith("dst")) {
        el.addEventListener("mouseenter", () => { if (!this.selected) this.previewMoves(this.moves.filter((m) => m.f === ref)); });
        el.addEventListener("mouseleave", () => { if (!this.selected) this.preview(null); });
      }
      this.marksLayer.append(el);
    };
    for (const ref of srcs) mark(ref, ref === this.selected ? "src selected" : "src");
    for (const ref of dsts) mark(ref, "dst");
    this.preview(null);
    if (this.selected) this.previewMoves(this.moves.filter((m) => m.f === this.selected));
    if (focused) {                             // on the same mark, else on the board: never the page's body
      const role = focused.classList.contains("dst") ? ".dst" : ".src";
      const again = this.marksLayer.querySelector(`${role}[data-ref="${CSS.escape(focused.dataset.ref)}"]`);
      (again || this.svg).focus();
    }
  }

  // -- touch: squares and fences are small, so a tap first zooms into the region tapped ---------------
  // On a touch screen a fence slot gets its diamond, a cell across, and a square its cell; when a cell
  // is narrower on screen than a finger needs (44 px), the first tap on a board with something to pick
  // zooms in around it, and picking a piece there keeps its targets in view.
  needsZoom() {
    if (!this.touch || this.zoom || !this.marksLayer.querySelector(".mark")) return false;
    const box = this.svg.getBoundingClientRect();
    return box.width > 0 && (box.width / this.full.w) * CELL < MIN_TARGET;
  }

  clickMark(e, ref, role) {
    // a finger's tap (detail: the click count) zooms; Enter on a focused mark picks it at once
    if (e.detail > 0 && this.needsZoom()) { this.zoomAround(this.centreOf(parseRef(ref))); return; }
    this.pick(ref, role);
    if (this.zoom && role === "src") this.keepTargetsInView();
  }

  // The zoomed view moved (never grown: its cells stay a finger's size) to show the picked piece and where
  // it may go; when they do not all fit, the picked piece and its nearest target; when even those two do
  // not (a yard far from its exit on the larger boards), the nearest target, so that it can be tapped.
  keepTargetsInView() {
    const at = (sel) => [...this.marksLayer.querySelectorAll(sel)].map((el) => parseRef(el.dataset.ref))
      .filter((r) => r && (r.kind === "wall" || r.kind === "square")).map((r) => this.centreOf(r));
    const [from] = at(".mark.selected"), targets = at(".mark.dst");
    if (!from || !targets.length) return;
    const size = this.zoom.w, v = this.full, reach = size - CELL;
    const fits = (ps) => Math.max(...ps.map((p) => p.x)) - Math.min(...ps.map((p) => p.x)) <= reach
      && Math.max(...ps.map((p) => p.y)) - Math.min(...ps.map((p) => p.y)) <= reach;
    const near = targets.reduce((a, b) => (Math.hypot(b.x - from.x, b.y - from.y) < Math.hypot(a.x - from.x, a.y - from.y) ? b : a));
    const shown = fits([from, ...targets]) ? [from, ...targets] : fits([from, near]) ? [from, near] : [near];
    const cx = (Math.max(...shown.map((p) => p.x)) + Math.min(...shown.map((p) => p.x))) / 2;
    const cy = (Math.max(...shown.map((p) => p.y)) + Math.min(...shown.map((p) => p.y))) / 2;
    const clamp = (a, lo, hi) => Math.max(lo, Math.min(hi, a));
    this.setZoom({ x: clamp(cx - size / 2, v.x, v.x + v.w - size), y: clamp(cy - size / 2, v.y, v.y + v.h - size), w: size, h: size });
  }

  tapBoard(e) {
    if (!this.needsZoom()) return;
    const box = this.svg.getBoundingClientRect(), v = this.full;
    const scale = Math.min(box.width / v.w, box.height / v.h);
    const x = v.x + (e.clientX - box.left - (box.width - v.w * scale) / 2) / scale;
    const y = v.y + (e.clientY - box.top - (box.height - v.h * scale) / 2) / scale;
    this.zoomAround({ x, y });
  }

  zoomAround(p) {
    const box = this.svg.getBoundingClientRect();
    const cells = Math.max(3, Math.floor(box.width / (MIN_TARGET * 1.15)));
    const size = cells * CELL, v = this.full;
    const clamp = (a, lo, hi) => Math.max(lo, Math.min(hi, a));
    this.setZoom({ x: clamp(p.x - size / 2, v.x, v.x + v.w - size), y: clamp(p.y - size / 2, v.y, v.y + v.h - size), w: size, h: size });
  }

  setZoom(z) {
    if (!this.full) return;
    this.zoom = z;
    this.applyViewBox();
  }

  // -- words for screen readers -------------------------------------------------------------
  squareName(ref) {
    const r = parseRef(ref);
    if (!r || r.kind !== "square") return "";
    const q = this.squareAt && this.squareAt.get(ref);
    if (this.layout && this.layout.coords === "chess") {
      if (q && q.kind === "centre") return t("board.sq.centre");
      return `${"abcdefghijklmno"[r.c]}${this.layout.rows - r.r}`;
    }
    if (!q) return "";
    const colour = q.owner === null ? "" : colourName(this.seatColour(q.owner));
    switch (q.kind) {
      case "store": return t("board.sq.store", { colour, store: offName(q.label) });
      case "house": return t("board.sq.house", { colour, n: q.n ?? "" });
      case "goal": return t("board.sq.goal", { colour });
      case "centre": return t("board.sq.centre");
      case "bur": return q.owner === null ? t("board.sq.bur") : t("board.sq.burexit", { colour });
      default: {
        const base = q.n ? t("board.sq.n", { n: q.n }) : t("board.sq.track");
        const extra = q.kind === "start" ? t("board.sq.start", { colour }) : t(`board.kind.${q.kind}`);
        return extra.startsWith("board.kind.") ? base : `${base}, ${extra}`;
      }
    }
  }

  pieceLabel(player, piece, ref) {
    const info = this.players[player] || {};
    return `${colourName(info.colour || "")} ${(this.pieceNames || "abcd")[piece]}, ${this.squareName(ref)}`;
  }

  describeRef(r, ref, cls) {
    if (r.kind === "wall") {
      const a = this.squareName(`${r.r1},${r.c1}`), b = this.squareName(`${r.r2},${r.c2}`);
      return t(cls.startsWith("dst") ? "board.fence.to" : "board.fence", { a, b });
    }
    const here = (this.position ? this.position.pieces : []).filter((p) => p[0] === r.r && p[1] === r.c)
      .map((p) => `${colourName((this.players[p[2]] || {}).colour || "")} ${(this.pieceNames || "abcd")[p[3]]}`);
    const where = this.squareName(ref);
    if (cls.startsWith("dst")) return t("board.to", { where }) + (here.length ? ` — ${here.join(", ")}` : "");
    return here.length ? `${here.join(", ")} — ${where}` : where;
  }

  // -- keys -----------------------------------------------------------------------------------
  key(e) {
    if (e.boardDone) return;
    e.boardDone = true;
    const marks = [...this.marksLayer.querySelectorAll(".mark")];
    const i = marks.indexOf(document.activeElement);
    if (e.key === "Escape") {
      const inside = this.svg.contains(document.activeElement) || this.chooser.contains(document.activeElement);
      const was = this.selected;
      this.selected = null;
      this.hideChooser();
      this.preview(null);
      this.setZoom(null);
      this.drawMarks();
      if (inside) this.focusSelected(was);
      e.preventDefault();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && i >= 0) { e.preventDefault(); marks[i].dispatchEvent(new MouseEvent("click")); return; }
    if (ARROWS[e.key] && marks.length) {
      e.preventDefault();
      const next = i < 0 ? marks[0] : this.towards(marks[i], ARROWS[e.key], marks);
      if (next) next.focus();
    }
  }

  // Keep the focus on the board: on the piece that was picked, else on the board itself.
  focusSelected(ref = this.selected) {
    const el = (ref && this.marksLayer.querySelector(`.src[data-ref="${CSS.escape(ref)}"]`)) || this.marksLayer.querySelector(".mark");
    (el || this.svg).focus();
  }

  // The mark nearest to `from` in direction [dx, dy] (the straighter the nearer),
  // so a fence among a hundred free slots is a few key presses away.  Marks on
  // one spot (a piece's square that is also a target) come first, in turn:
  // right and down to the next of them, left and up to the one before.
  towards(from, [dx, dy], marks) {
    const a = this.centreOf(parseRef(from.dataset.ref));
    const i = marks.indexOf(from), forward = dx + dy > 0;
    let best = null, bestScore = Infinity;
    marks.forEach((el, j) => {
      const b = this.centreOf(parseRef(el.dataset.ref));
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
    const a = this.centreOf(parseRef(ref));
    let best = null, bestD = Infinity;
    for (const el of marks) {
      const b = this.centreOf(parseRef(el.dataset.ref));
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
