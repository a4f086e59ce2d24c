// The lobby: pick a game, a preset and house rules (each explained in a
// sentence), and the seats: a person on this screen, a person invited by link,
// or a bot by level.  Open rooms waiting for players are listed.
import { h, clear } from "./dom.js";
import { lobby, getJSON, postJSON, rememberToken, myName, rememberName } from "./api.js";
import { t, gameName, colourName, optionHelp } from "./i18n.js";
import { colourInk, seatSymbol } from "./board.js";

export async function lobbyPage(root) {
  const data = await lobby();
  const games = data.games;
  const levels = data.levels;
  let game = games.find((g) => g.name === "shishbesh") || games[0];
  let nplayers = Math.min(4, game.max_players);
  let seats = [];

  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name, text: gameName(g.name, g.title) })));
  const playersSelect = h("select", { id: "players", name: "players" });
  const presetSelect = h("select", { id: "preset", name: "preset" });
  const presetNote = h("p", { class: "help" });
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("ol", { class: "seats" });
  const rulesLink = h("a", {});
  const publicBox = h("input", { type: "checkbox", id: "public", checked: true });
  const absentInput = h("input", { type: "number", id: "absent", min: 0, max: 3600, value: 60 });
  const standinSelect = h("select", { id: "standin" },
    levels.map((l) => h("option", { value: l.level, text: `${l.level} — ${t("bot." + l.bot)}` })));
  standinSelect.value = String(levels.length ? levels[Math.min(1, levels.length - 1)].level : 1);
  const error = h("p", { class: "alert", role: "alert", hidden: true });
  const create = h("button", { type: "submit", class: "primary", id: "create", text: t("lobby.create") });
  const openList = h("ul", { class: "open-rooms" });
  const codeInput = h("input", { type: "text", id: "code", maxlength: 6, placeholder: "ABC234", "aria-label": t("room.code"), class: "code" });

  function presetValues() { return game.presets[presetSelect.value] || {}; }

  function drawGame() {
    gameSelect.value = game.name;
    clear(playersSelect);
    for (let n = game.min_players; n <= game.max_players; n++) playersSelect.append(h("option", { value: n, text: String(n) }));
    nplayers = Math.max(game.min_players, Math.min(nplayers, game.max_players));
    playersSelect.value = String(nplayers);
    clear(presetSelect);
    for (const name of Object.keys(game.presets)) presetSelect.append(h("option", { value: name, text: name }));
    rulesLink.textContent = t("lobby.rules", { game: gameName(game.name, game.title) });
    rulesLink.href = `#/rules/${game.name}`;
    drawPreset();
    drawSeats();
  }

  function drawPreset() {
    const values = presetValues();
    const keys = Object.keys(values);
    presetNote.textContent = keys.length ? keys.map((k) => `${k} = ${values[k]}`).join(", ") : t("lobby.preset.seed");
    clear(optionsBox);
    for (const o of game.options) {
      const value = o.name in values ? values[o.name] : o.default;
      let control;
      const id = `opt-${o.name}`;
      if (o.kind === "bool") {
        control = h("input", { type: "checkbox", id, dataset: { option: o.name, kind: "bool" } });
        control.checked = Boolean(value);
      } else if (o.choices.length) {
        control = h("select", { id, dataset: { option: o.name, kind: o.kind } },
          o.choices.map((c) => h("option", { value: String(c), text: String(c) })));
        control.value = String(value);
      } else {
        control = h("input", { type: o.kind === "int" ? "number" : "text", id, value: String(value), dataset: { option: o.name, kind: o.kind } });
      }
      optionsBox.append(h("div", { class: "option" },
        h("label", { for: id }, h("code", { text: o.name })), " ", control,
        h("p", { class: "help", text: optionHelp(o) })));
    }
  }

  function drawSeats() {
    const seating = (game.seating && game.seating[String(nplayers)]) || [...Array(nplayers).keys()];
    while (seats.length < nplayers) seats.push({ kind: seats.length === 0 ? "local" : "bot", name: seats.length === 0 ? myName() : "", level: levels.length > 1 ? levels[1].level : 1 });
    seats = seats.slice(0, nplayers);
    clear(seatsBox);
    seats.forEach((seat, i) => {
      const colour = game.colours[seating[i]] || "";
      const kind = h("select", { "aria-label": `${colourName(colour)}: ${t("lobby.seats")}`, class: "seat-kind", dataset: { seat: i } },
        ["local", "invite", "bot"].map((k) => h("option", { value: k, text: t(`seat.${k}`) })));
      kind.value = seat.kind;
      const name = h("input", { type: "text", maxlength: 24, value: seat.name, placeholder: t("seat.name"), class: "seat-name",
                                "aria-label": `${colourName(colour)}: ${t("seat.name")}`, hidden: seat.kind === "bot" });
      const level = h("select", { class: "seat-level", "aria-label": `${colourName(colour)}: ${t("lobby.standin")}`, hidden: seat.kind !== "bot" },
        levels.map((l) => h("option", { value: l.level, text: `${t("seat.level", { n: l.level })} — ${t("bot." + l.bot)}` })));
      level.value = String(seat.level);
      kind.addEventListener("change", () => { seat.kind = kind.value; drawSeats(); });
      name.addEventListener("input", () => { seat.name = name.value; });
      level.addEventListener("change", () => { seat.level = Number(level.value); });
      const sym = h("span", { class: "sym", text: seatSymbol(seating[i] ?? i), "aria-hidden": "true" });
      sym.style.color = colourInk(colour);
      seatsBox.append(h("li", { class: "seat" }, sym, h("strong", { text: colourName(colour) }), " ", kind, " ", name, level));
    });
  }

  function readOptions() {
    const values = presetValues();
    const out = {};
    for (const el of optionsBox.querySelectorAll("[data-option]")) {
      const o = game.options.find((x) => x.name === el.dataset.option);
      let v = el.dataset.kind === "bool" ? el.checked : el.dataset.kind === "int" ? Number(el.value) : el.value;
      const base = o.name in values ? values[o.name] : o.default;
      if (v !== base) out[o.name] = v;
    }
    return out;
  }

  gameSelect.addEventListener("change", () => { game = games.find((g) => g.name === gameSelect.value); drawGame(); });
  playersSelect.addEventListener("change", () => { nplayers = Number(playersSelect.value); drawSeats(); });
  presetSelect.addEventListener("change", drawPreset);

  const form = h("form", { class: "panel create", onsubmit: async (e) => {
    e.preventDefault();
    error.hidden = true;
    create.disabled = true;
    try {
      const mine = seats.find((s) => s.kind === "local");
      if (mine && mine.name) rememberName(mine.name);
      const res = await postJSON("/api/rooms", {
        game: game.name, preset: presetSelect.value, options: readOptions(),
        seats: seats.map((s) => ({ kind: s.kind, name: s.kind === "bot" ? "" : s.name, level: s.kind === "bot" ? s.level : null })),
        public: publicBox.checked, absent_after: Number(absentInput.value) || 0, standin_level: Number(standinSelect.value),
      });
      rememberToken(res.code, res.token);
      location.hash = `#/room/${res.code}`;
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    } finally { create.disabled = false; }
  } },
    h("h1", { text: t("lobby.title") }),
    h("div", { class: "row" }, h("label", { for: "game", text: t("lobby.game") }), gameSelect, " ", rulesLink),
    h("div", { class: "row" }, h("label", { for: "players", text: t("lobby.players") }), playersSelect),
    h("h2", { text: t("lobby.seats") }), seatsBox,
    h("div", { class: "row" }, h("label", { for: "preset", text: t("lobby.preset") }), presetSelect), presetNote,
    h("details", { class: "house" }, h("summary", { text: t("lobby.options") }), optionsBox),
    h("div", { class: "row" }, publicBox, h("label", { for: "public", text: t("lobby.public") })),
    h("div", { class: "row" }, h("label", { for: "absent", text: t("lobby.absent") }), absentInput),
    h("div", { class: "row" }, h("label", { for: "standin", text: t("lobby.standin") }), standinSelect),
    error, create);

  const side = h("aside", { class: "side" },
    h("section", { class: "panel" }, h("h2", { text: t("lobby.code") }),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); const c = codeInput.value.trim().toUpperCase(); if (c) location.hash = `#/room/${c}`; } },
        codeInput, h("button", { type: "submit", text: t("lobby.go") }))),
    h("section", { class: "panel" }, h("h2", { text: t("lobby.open") }), openList));

  clear(root).append(h("div", { class: "lobby" }, form, side));
  drawGame();

  async function refresh() {
    try {
      const rooms = await getJSON("/api/rooms");
      clear(openList);
      if (!rooms.length) openList.append(h("li", { class: "muted", text: t("lobby.none") }));
      for (const r of rooms) {
        openList.append(h("li", {}, h("strong", { text: gameName(r.game, r.title) }), ` · ${r.code} · ${r.names.join(", ")} `,
          h("a", { href: `#/room/${r.code}`, class: "button", text: t("lobby.join") })));
      }
    } catch { /* the list refreshes again shortly */ }
  }
  refresh();
  const timer = setInterval(() => { if (!document.body.contains(openList)) clearInterval(timer); else refresh(); }, 5000);
}
