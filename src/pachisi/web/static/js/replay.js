// Replay a record step by step in the browser.
import { h, clear, announce } from "./dom.js";
import { postText } from "./api.js";
import { t, gameName, colourName } from "./i18n.js";
import { Board } from "./board.js";
import { describeEvents } from "./room.js";

export function replayPage(root) {
  const area = h("textarea", { rows: 8, id: "record", "aria-label": "record", spellcheck: "false" });
  const file = h("input", { type: "file", accept: ".txt,.pgn,text/plain", "aria-label": t("verify.file") });
  file.addEventListener("change", async () => { if (file.files[0]) { area.value = await file.files[0].text(); load(); } });
  const viewer = h("div", { class: "replay" });
  const error = h("p", { class: "alert", role: "alert", hidden: true });
  clear(root).append(h("div", { class: "page" }, h("h1", { text: t("replay.title") }), h("p", { text: t("replay.help") }),
    h("label", {}, `${t("verify.file")}: `, file), area,
    h("p", {}, h("button", { type: "button", class: "primary", id: "load", text: t("replay.load"), onclick: () => load() })), error, viewer));

  async function load() {
    error.hidden = true;
    let data;
    try { data = await postText("/api/replay", area.value); } catch (e) { error.textContent = e.message; error.hidden = false; return; }
    show(data);
  }

  function show(data) {
    const players = data.colours.map((c, i) => ({ player: i, seat: data.seats[i], colour: c }));
    const room = { seats: players.map((p) => ({ colour: p.colour })), piece_names: data.piece_names };
    const layouts = [];
    let lastLayout = null;
    for (const f of data.frames) { if (f.layout) lastLayout = f.layout; layouts.push(lastLayout); }
    const host = h("div", { class: "board-host" });
    const board = new Board(host, {});
    board.pieceNames = data.piece_names;
    const caption = h("p", { class: "last", "aria-live": "polite" });
    const counter = h("span", { class: "counter" });
    const slider = h("input", { type: "range", min: 0, max: data.frames.length - 1, value: 0, "aria-label": "step" });
    let i = 0, shownLayout = null;
    const go = (j) => {
      i = Math.max(0, Math.min(data.frames.length - 1, j));
      const f = data.frames[i];
      if (layouts[i] !== shownLayout) { board.setup(layouts[i], data.seat_colours); shownLayout = layouts[i]; }
      board.update(f.position, players);
      const who = f.player !== null && players[f.player] ? colourName(players[f.player].colour) : "";
      const head = f.kind === "roll" ? t("ev.rolls", { who, dice: f.value }) : f.kind === "move" ? t("ev.plays", { who, move: f.value }) : gameName(data.game, data.title);
      caption.textContent = [head, ...describeEvents(f.events, room)].join(" — ");
      counter.textContent = t("replay.step", { i: i + 1, n: data.frames.length });
      slider.value = String(i);
      announce(caption.textContent);
    };
    slider.addEventListener("input", () => go(Number(slider.value)));
    const controls = h("div", { class: "controls", onkeydown: (e) => {
      const map = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: data.frames.length - 1 };
      if (e.key in map) { e.preventDefault(); go(map[e.key]); }
    } },
      h("button", { type: "button", text: t("replay.first"), onclick: () => go(0) }),
      h("button", { type: "button", text: t("replay.prev"), id: "prev", onclick: () => go(i - 1) }),
      h("button", { type: "button", text: t("replay.next"), id: "next", onclick: () => go(i + 1) }),
      h("button", { type: "button", text: t("replay.last"), onclick: () => go(data.frames.length - 1) }), slider, counter);
    clear(viewer).append(h("h2", { text: gameName(data.game, data.title) }), controls, caption, host);
    go(0);
  }
}
