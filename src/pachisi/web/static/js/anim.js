// Motion shared by the board and the room: whether to animate at all (never
// when the person asks for reduced motion), and the dice, drawn as pip faces
// that tumble for a moment before they show the roll.
import { s, clear } from "./dom.js";
import { t } from "./i18n.js";
import { sounds } from "./sound.js";

export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [1, 3], [3, 1], [3, 3]],
  5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]], 6: [[1, 1], [1, 3], [2, 1], [2, 3], [3, 1], [3, 3]],
};

// One die face as an SVG (pips for 1..6, the number otherwise: a bonus of 10 or 20).
export function dieFace(value, size = 40) {
  const svg = s("svg", { class: "die", viewBox: "0 0 40 40", width: size, height: size, role: "img",
                         "aria-label": t("board.die", { n: value }) });
  svg.append(s("rect", { x: 1.5, y: 1.5, width: 37, height: 37, rx: 8, class: "die-body" }));
  if (PIPS[value]) for (const [r, c] of PIPS[value]) svg.append(s("circle", { cx: c * 10, cy: r * 10, r: 3.6, class: "pip" }));
  else svg.append(s("text", { x: 20, y: 26, class: "die-number", text: String(value) }));
  return svg;
}

// Show `values` as dice in `el`: a short tumble through other faces first (none with reduced
// motion; a fixed cycle, not random: the roll itself is the server's), with the dice sound when on;
// `face(value)` draws one die (default: this module's SVG die).  Returns a promise that settles when they rest.
export function rollDice(el, values, { ms = 450, size = 40, face = (v) => dieFace(v, size) } = {}) {
  const show = (vals) => { clear(el).append(...vals.map(face)); };
  if (reducedMotion() || !values.length) { show(values); return Promise.resolve(); }
  sounds.dice();
  el.classList.add("rolling");
  return new Promise((resolve) => {
    const start = performance.now();
    let i = 0;
    const frame = () => {
      if (performance.now() - start >= ms) {
        show(values);
        el.classList.remove("rolling");
        resolve();
        return;
      }
      i += 1;
      show(values.map((v, k) => (v >= 1 && v <= 6 ? 1 + ((v + i * 5 + k * 2) % 6) : v)));
      setTimeout(frame, 70);
    };
    frame();
  });
}
