// A small celebration when a game ends before the players' eyes: confetti in the winner's colour (and
// gold) falls over the game-over card for a moment.  With reduced motion nothing moves: the card only
// wears the winner's colour.
import { h } from "./dom.js";
import { reducedMotion } from "./anim.js";

const PIECES = 28;
const SHOWN_MS = 3200;

export function celebrate(card, colour) {
  card.style.setProperty("--winner", colour);
  if (reducedMotion()) { card.classList.add("won-still"); return null; }
  const box = h("div", { class: "confetti", "aria-hidden": "true" });
  for (let i = 0; i < PIECES; i++) {
    const piece = h("i", {});
    // spread evenly across the card, each a little later and at its own slant (no randomness needed)
    piece.style.left = `${(i * 37) % 100}%`;
    piece.style.animationDelay = `${(i % 7) * 90}ms`;
    piece.style.setProperty("--turn", `${(i % 5) * 70 - 140}deg`);
    piece.style.background = i % 3 ? colour : "#e6b422";
    box.append(piece);
  }
  card.append(box);
  setTimeout(() => box.remove(), SHOWN_MS);
  return box;
}
