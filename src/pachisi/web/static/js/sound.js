// The board's sounds, made by WebAudio on the spot (no files to download):
// a tick per square a piece walks, a thud for a capture, a rattle for the dice.
// Off by default; the choice is kept in localStorage under "pachisi.sound".
const KEY = "pachisi.sound";
let ctx = null;

export function soundOn() {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
}

export function setSoundOn(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode: for this page only */ }
  if (on) audio();                 // a click turned it on: the browser lets audio start now
}

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

// One short tone: frequency (Hz), start after `at` seconds, length, loudness, wave shape.
function tone(freq, at, length, gain = 0.08, type = "sine") {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + at;
  const osc = a.createOscillator(), amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  amp.gain.setValueAtTime(gain, t0);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

export const sounds = {
  // n ticks, one every `stepMs`, as a piece walks n squares
  steps(n, stepMs) { if (soundOn()) for (let i = 0; i < n; i++) tone(880 + 40 * (i % 2), (i * stepMs) / 1000, 0.05, 0.05, "triangle"); },
  capture(delayMs = 0) { if (soundOn()) { tone(180, delayMs / 1000, 0.25, 0.12, "square"); tone(120, delayMs / 1000 + 0.08, 0.3, 0.1); } },
  dice() { if (soundOn()) for (let i = 0; i < 6; i++) tone(300 + ((i * 137) % 400), i * 0.05, 0.04, 0.06, "square"); },
};
