// Reading game records (the PGN-like text of pachisi/record.py) in the browser,
// and re-deriving dice from a revealed seed exactly as the engine does
// (splitmix64 counter stream: kernel.draw), so that anyone can check the rolls.
const MASK = (1n << 64n) - 1n;
const GOLDEN = 0x9E3779B97F4A7C15n, M1 = 0xBF58476D1CE4E5B9n, M2 = 0x94D049BB133111EBn;

function mix64(x) {
  let z = (x + GOLDEN) & MASK;
  z = ((z ^ (z >> 30n)) * M1) & MASK;
  z = ((z ^ (z >> 27n)) * M2) & MASK;
  return z ^ (z >> 31n);
}

export function draw(seed, counter, modulus) {
  return Number((mix64((mix64(BigInt.asUintN(64, BigInt(seed))) + BigInt(counter)) & MASK)) % BigInt(modulus));
}

// The roll number r of a game (0 for its first roll) from the seed: [die, ...].  Die i draws a
// number below the sum of its faces' weights and shows the face that number falls on.
export function rollFromSeed(seed, r, dice, weights) {
  return dice.map((faces, i) => {
    const w = weights[i];
    let x = draw(seed, r * 8 + i, w.reduce((a, b) => a + b, 0));
    let j = 0;
    while (x >= w[j]) x -= w[j++];
    return faces[j];
  });
}

const HEADER = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/;
const LINE = /^(\d+)\.\s+(\S+)\s*(.*)$/;
const DICE = /^\[(\d+(?:-\d+)*)\]$/;

// [{headers, turns: [{line, player, tokens}]}] for each game of the text.
export function parseRecord(text) {
  const games = [];
  let cur = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith(";")) return;
    let m = HEADER.exec(line);
    if (m) {
      if (!cur || cur.turns.length) { cur = { headers: {}, turns: [] }; games.push(cur); }
      cur.headers[m[1]] = m[2].replace(/\\(.)/g, "$1");
      return;
    }
    m = LINE.exec(line);
    if (m && cur) cur.turns.push({ line: i + 1, player: m[2], tokens: m[3].split(/\s+/).filter(Boolean) });
  });
  return games;
}

export function diceTokens(game) {
  const out = [];
  for (const turn of game.turns) {
    for (const tok of turn.tokens) {
      const m = DICE.exec(tok);
      if (m) out.push({ line: turn.line, player: turn.player, dice: m[1].split("-").map(Number) });
    }
  }
  return out;
}

export function optionsOf(headers) {
  const out = {};
  for (const item of (headers.Options || "").split(/\s+/).filter(Boolean)) {
    const i = item.indexOf("=");
    if (i > 0) out[item.slice(0, i)] = item.slice(i + 1);
  }
  return out;
}

// SHA-256 of a text, hex (plain JavaScript: works on pages that are not a secure context too).
export function sha256(text) {
  const K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
    0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
    0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
    0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);
  const bytes = new TextEncoder().encode(text);
  const len = bytes.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  buf.set(bytes);
  buf[len] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(total - 8, Math.floor(len / 0x20000000));
  view.setUint32(total - 4, (len * 8) >>> 0);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const W = new Uint32Array(64);
  const rot = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) W[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(W[i - 15], 7) ^ rot(W[i - 15], 18) ^ (W[i - 15] >>> 3);
      const s1 = rot(W[i - 2], 17) ^ rot(W[i - 2], 19) ^ (W[i - 2] >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    H[0] += a; H[1] += b; H[2] += c; H[3] += d; H[4] += e; H[5] += f; H[6] += g; H[7] += hh;
  }
  return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
}

// The commitment binds the dice seed and the game's terms ("ludo|4|standard|start=six ..."); a room made
// before the terms were bound committed to the seed alone, and still checks.
export function commitment(seed, salt, terms) { return sha256(`pachisi-dice:${seed}:${salt}${terms === undefined ? "" : ":" + terms}`); }
export function commitmentHolds(commit, seed, salt, terms) {
  const want = commit.replace(/^sha256:/, "").toLowerCase();
  return want === commitment(seed, salt) || (terms !== undefined && want === commitment(seed, salt, terms));
}
