// Replay a record step by step in the browser: pasted, uploaded, or a room's (#/replay/CODE).  The board is
// at the top with the controls beside it (under it on a phone); ← → Home End work anywhere on the page.
import { h, clear, announce } from "./dom.js";
import { getText, postText } from "./api.js";
import { t, gameName, colourName } from "./i18n.js";
import { Board } from "./board.js";
import { describeEvents, moveSentence } from "./room.js";
import { spinner, failure } from "./wait.js";

export async function replayPage(root, code) {
  const area = h("textarea", { rows: 8, id: "record", "aria-label": t("replay.title"), spellcheck: "false" });
  const file = h("input", { type: "file", accept: ".txt,.pgn,text/plain", "aria-label": t("verify.file") });
  file.addEventListener("change", async () => { if (file.files[0]) { area.value = await file.files[0].text(); load(); } });
  const viewer = h("div", { class: "replay" });
  const status = h("div", { class: "replay-status", "aria-live": "polite" });
  const form = h("details", { class: "replay-load", open: !code },
    h("summary", { text: code ? t("replay.other") : t("replay.title") }), h("p", { text: t("replay.help") }),
    h("label", {}, `${t("verify.file")}: `, file), area,
    h("p", {}, h("button", { type: "button", class: "primary", id: "load", text: t("replay.load"), onclick: () => load() })));
  const title = h("h1", { text: code ? t("replay.room", { code }) : t("replay.title") });
  clear(root).append(h("div", { class: "page replay-page" }, title, status, viewer, form));
  let keys = null;

  async function load(text = area.value) {
    clear(status).append(spinner(t("wait.replay")));
    try {
      const data = await postText("/api/replay", text);
      clear(status);
      show(data);
    } catch (e) {
      clear(status).append(failure(t("replay.failed"), e, () => load(text)));
    }
  }

  function show(data) {
    form.open = false;
    const players = data.colours.map((c, i) => ({ player: i, seat: data.seats[i], colour: c }));
    const room = { game: data.game, seats: players.map((p) => ({ colour: p.colour })), piece_names: data.piece_names,
                   dice: data.dice };
    // the dice of each frame's roll, for the captions (why an extra roll came, which die was lost)
    const rolls = [];
    for (const f of data.frames) rolls.push(f.kind === "roll" ? f.value.split("-").map(Number) : rolls.length ? rolls[rolls.length - 1] : []);
    const layouts = [];
    let lastLayout = null;
    for (const f of data.frames) { if (f.layout) lastLayout = f.layout; layouts.push(lastLayout); }
    const host = h("div", { class: "board-host" });
    const board = new Board(host, {});
    board.pieceNames = data.piece_names;
    const caption = h("p", { class: "last" });
    const counter = h("span", { class: "counter" });
    const slider = h("input", { type: "range", min: 0, max: data.frames.length - 1, value: 0, "aria-label": t("replay.slider") });
    let i = 0, shownLayout = null;
    const go = (j) => {
      const prev = i;
      i = Math.max(0, Math.min(data.frames.length - 1, j));
      const f = data.frames[i];
      if (layouts[i] !== shownLayout) { board.setup(layouts[i], data.seat_colours); shownLayout = layouts[i]; }
      // one step forward: the board walks that move (a Kimbo pawn its run); a jump just shows the position
      board.update(f.position, players, i === prev + 1 ? { k: f.kind, v: f.value } : null);
      const who = f.player !== null && players[f.player] ? colourName(players[f.player].colour) : "";
      const head = f.kind === "roll" ? t("ev.rolls", { who, dice: f.value }) : f.kind === "move" ? moveSentence(room, f.player, f.value, f.events) : gameName(data.game, data.title);
      caption.textContent = [head, ...describeEvents(f.events, room, rolls[i], f.kind === "move" ? f.value : null)].join(" — ");
      counter.textContent = t("replay.step", { i: i + 1, n: data.frames.length });
      slider.value = String(i);
      announce(caption.textContent);
    };
    slider.addEventListener("input", () => go(Number(slider.value)));
    // The keys work wherever the focus is (the board, a button, the page), except while typing a record.
    if (keys) document.removeEventListener("keydown", keys);
    keys = (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("textarea, input:not([type=range]), select")) return;
      const map = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: data.frames.length - 1 };
      if (e.key in map) { e.preventDefault(); go(map[e.key]); }
    };
    document.addEventListener("keydown", keys);
    const controls = h("div", { class: "controls" },
      h("button", { type: "button", text: t("replay.first"), onclick: () => go(0) }),
      h("button", { type: "button", text: t("replay.prev"), id: "prev", onclick: () => go(i - 1) }),
      h("button", { type: "button", text: t("replay.next"), id: "next", onclick: () => go(i + 1) }),
      h("button", { type: "button", text: t("replay.last"), onclick: () => go(data.frames.length - 1) }), slider, counter);
    clear(viewer).append(h("div", { class: "replay-board" }, host),
      h("div", { class: "replay-side" }, h("h2", { text: gameName(data.game, data.title) }), controls, caption,
        h("p", { class: "help keys", text: t("replay.keys") }),
        code ? h("p", {}, h("a", { href: `#/room/${code}`, text: t("replay.toroom", { code }) }), " · ",
                          h("a", { href: `#/verify/${code}`, text: t("room.verify") })) : null));
    go(0);
  }

  async function fetchRoom() {
    clear(status).append(spinner(t("wait.record", { code })));
    try {
      area.value = await getText(`/api/rooms/${encodeURIComponent(code)}/record`);
    } catch (e) {
      clear(status).append(failure(t("replay.failed"), e, fetchRoom));
      return;
    }
    await load(area.value);
  }
  if (code) await fetchRoom();
  return { destroy() { if (keys) document.removeEventListener("keydown", keys); } };
}
