// The squares a Kimbo pawn runs over, read from its move's notation and the
// fences it met (docs/games/kimbo.md, "How a pawn runs"), so the board can walk
// it along its run rather than straight: it runs one square a point; meeting a
// fence, a fixed wall or the border it turns, by the move's next letter (L, R)
// when both sides are open, else to the open side; closed on three sides it
// turns back; an entrance to the centre opens on the last point only.
const DR = [-1, 0, 1, 0], DC = [0, 1, 0, -1];
const DIRS = "nesw";
const PAWN = /^([a-d])(\d+)(?:\+(\d+))?([nesw])([LR]*)$/;
const inCentre = (r, c) => r >= 6 && r <= 8 && c >= 6 && c <= 8;

// text: the move ("b4+2eLR"); from: [r, c]; walls: position.walls before the move; size: 15.
// Returns {pawn, cells: ["r,c", ...]} or null when the text is no run (a jump, a fence, a placement).
export function kimboRun(text, from, walls, size = 15) {
  const m = PAWN.exec(text || "");
  if (!m) return null;
  const shut = new Set(walls.map(([r1, c1, r2, c2]) => `${r1},${c1},${r2},${c2}`));
  const closed = (r, c, d, left) => {
    const nr = r + DR[d], nc = c + DC[d];
    if (nr < 0 || nc < 0 || nr >= size || nc >= size) return true;
    const [a, b] = [[r, c], [nr, nc]].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    if (shut.has(`${a[0]},${a[1]},${b[0]},${b[1]}`)) return true;
    return inCentre(nr, nc) && left > 1;            // the centre is entered on the last point only
  };
  let [r, c] = from, d = DIRS.indexOf(m[4]), left = Number(m[2]) + Number(m[3] || 0);
  const turns = [...m[5]], cells = [`${r},${c}`];
  for (let guard = 0; left > 0 && guard < 64; guard++) {
    if (!closed(r, c, d, left)) {
      r += DR[d]; c += DC[d]; left -= 1;
      cells.push(`${r},${c}`);
      if (inCentre(r, c)) break;
      continue;
    }
    const l = (d + 3) % 4, rt = (d + 1) % 4;
    const lo = !closed(r, c, l, left), ro = !closed(r, c, rt, left);
    if (lo && ro) d = turns.shift() === "L" ? l : rt;
    else if (lo) d = l;
    else if (ro) d = rt;
    else if (!closed(r, c, (d + 2) % 4, left)) d = (d + 2) % 4;     // a pocket: back the way it came
    else return null;
  }
  return { pawn: m[1], cells };
}
