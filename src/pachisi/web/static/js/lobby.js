// The lobby: a one-click game against the computer for every game; "my games" (every room this browser
// holds a seat in, to resume); and a table set up by hand: the game, the seats (a person on this screen,
// a person invited by link, or a bot by level), a preset and the house rules, each with its name and a
// sentence of help.  Open rooms waiting for players are listed.
import { h, clear } from "./dom.js";
import { lobby, getJSON, postJSON, rememberToken, myName, rememberName, allTokens, forgetToken } from "./api.js";
import { t, getLang, gameName, colourName, optionHelp, botName as levelName, defaultName } from "./i18n.js";
import { colourInk, seatSymbol } from "./board.js";
import { spinner, failure } from "./wait.js";
import { tableFields } from "./table.js";
import { fairLine } from "./analysis.js";

// A name in the current language from a {lang: text} of the server's catalogue.
export const told = (names, fallback) => (names && (names[getLang()] || names.en)) || fallback;


function levelOption(level) {
  return h("option", { value: level, text: `${levelName(level)} — ${t(`bot.level.${level}.help`)}` });
}

export function valueName(option, value) {
  if (option.kind === "bool") return t(value ? "opt.on" : "opt.off");
  const v = (option.values || []).find((x) => String(x.value) === String(value));
  return told(v && v.name, String(value));
}

// A room with these seats, made on the server; on success the room opens.
async function createRoom(body) {
  const res = await postJSON("/api/rooms", body);
  rememberToken(res.code, res.token);
  location.hash = `#/room/${res.code}`;
}

function quickStart(game, levels) {
  const level = levels.some((l) => l.level === game.quick.level) ? game.quick.level : levels[0].level;
  const status = h("div", { class: "quick-status", "aria-live": "polite" });
  const button = h("button", { type: "button", class: "primary quick-play", dataset: { game: game.name },
                                text: t("quick.play", { game: gameName(game.name, game.title) }) });
  const start = async () => {
    button.disabled = true;
    clear(status).append(spinner(t("quick.starting", { game: gameName(game.name, game.title) })));
    try {
      const seats = [{ kind: "local", name: myName() || defaultName(0) }];
      for (let i = 1; i < game.quick.players; i++) seats.push({ kind: "bot", level });
      await createRoom({ game: game.name, preset: Object.keys(game.presets)[0], seats, public: false });
    } catch (err) {
      clear(status).append(failure(t("quick.failed"), err, start));
      button.disabled = false;
    }
  };
  button.addEventListener("click", start);
  const wins = (game.presets[Object.keys(game.presets)[0]] || {}).match_wins ?? game.match_wins;
  return h("li", { class: "quick-card", dataset: { game: game.name } },
    h("h3", { text: gameName(game.name, game.title) }),
    h("p", { class: "help" }, t("quick.who", { players: game.quick.players, level: levelName(level) }),
      wins > 1 ? h("span", { class: "match", text: `, ${t("quick.match", { n: wins })}` }) : null, " · ",
      h("a", { href: `#/rules/${game.name}`, class: "howto", text: t("quick.howto") })),
    button, status);
}

// "My games": the rooms of the tokens kept in this browser, your turn first.
function myGames(section) {
  const list = h("ul", { class: "my-games" });
  const status = h("div", {});
  section.append(h("h2", { text: t("mine.title") }), status, list);
  let first = true;
  const order = (g) => (g.status === "playing" && g.you.includes(g.turn) ? 0 : g.status === "playing" ? 1 : g.status === "waiting" ? 2 : 3);

  function line(g) {
    const mine = (p) => g.you.includes(p);
    const who = (p) => (g.kinds[p] === "bot" && g.levels && g.levels[p] ? t("mine.bot", { level: levelName(g.levels[p]) })
      : g.kinds[p] === "invite" && !g.names[p] ? t("mine.open") : g.names[p]);
    const others = g.names.map((_, p) => p).filter((p) => !mine(p)).map((p) => `${who(p)} (${colourName(g.colours[p])})`);
    let state, cls = g.status;
    if (g.status === "waiting") state = t("mine.waiting");
    else if (g.status === "over") state = g.winner !== null && mine(g.winner) ? t("mine.youwon") : g.winner !== null ? t("mine.won", { name: who(g.winner) }) : t("mine.over");
    else if (mine(g.turn)) { state = t("mine.yourturn"); cls = "yourturn"; }
    else state = t("mine.turn", { name: `${who(g.turn)} (${colourName(g.colours[g.turn])})` });
    const forget = h("button", { type: "button", class: "forget", text: t("mine.forget"), "aria-label": t("mine.forget.label", { code: g.code }),
                                 onclick: () => { forgetToken(g.code); li.remove(); if (!list.children.length) section.hidden = true; } });
    const li = h("li", { class: `my-game ${cls}`, dataset: { code: g.code, status: g.status } },
      h("div", { class: "what" }, h("strong", { text: gameName(g.game, g.title) }), " ", h("span", { class: "code", text: g.code }),
        h("div", { class: "help", text: others.length ? t("mine.vs", { names: others.join(", ") }) : "" })),
      h("span", { class: `state ${cls}`, text: state + (g.status === "over" ? ` · ${t("mine.over")}` : "") }),
      h("span", { class: "acts" },
        h("a", { href: `#/room/${g.code}`, class: "button" + (cls === "yourturn" ? " primary" : ""), text: g.status === "over" ? t("mine.view") : t("mine.resume") }),
        " ", forget));
    return li;
  }

  async function refresh() {
    const tokens = allTokens();
    if (!Object.keys(tokens).length) { section.hidden = true; return; }
    section.hidden = false;
    if (first) clear(status).append(spinner(t("mine.loading")));
    try {
      const games = await postJSON("/api/rooms/mine", { tokens });
      first = false;
      clear(status);
      const held = new Set(games.map((g) => g.code));
      for (const code of Object.keys(tokens)) if (!held.has(code)) forgetToken(code);     // gone, or no seat
      games.sort((a, b) => order(a) - order(b));
      clear(list).append(...games.map(line));
      section.hidden = !games.length;
    } catch (err) {
      clear(status).append(failure(t("mine.failed"), err, refresh));
    }
  }
  return refresh;
}

// params.game (from #/?game=NAME, the game-over screen's "new game") picks the table's game.
export async function lobbyPage(root, params = new URLSearchParams()) {
  clear(root).append(spinner(t("wait.lobby")));
  const data = await lobby();
  const games = data.games;
  const levels = data.levels;
  let game = games.find((g) => g.name === params.get("game")) || games.find((g) => g.name === data.default) || games[0];
  let nplayers = Math.min(4, game.max_players);
  let seats = [];
  const middling = levels.some((l) => l.level === 3) ? 3 : levels[0].level;

  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name, text: gameName(g.name, g.title) })));
  const playersSelect = h("select", { id: "players", name: "players" });
  const presetSelect = h("select", { id: "preset", name: "preset" });
  const presetNote = h("p", { class: "help", id: "preset-help" });
  const optionsBox = h("div", { class: "options" });
  const teamsBox = h("div", { class: "row teams-row" });      // a game with team play offers team tables here
  const teamsNote = h("p", { class: "teams-note", "aria-live": "polite", hidden: true });
  const seatsBox = h("ol", { class: "seats" });
  const rulesLink = h("a", {});
  const publicBox = h("input", { type: "checkbox", id: "public", "aria-describedby": "public-help" });
  const publicRow = h("div", { class: "row public" }, publicBox, h("label", { for: "public", text: t("lobby.public") }),
    h("p", { class: "help", id: "public-help", text: t("lobby.public.help") }));
  const absentInput = h("input", { type: "number", id: "absent", min: 0, max: 3600, value: 60 });
  const standinSelect = h("select", { id: "standin" }, levels.map((l) => levelOption(l.level)));
  standinSelect.value = String(middling);
  const clockFields = tableFields();
  const error = h("div", { class: "create-status", "aria-live": "polite" });
  const create = h("button", { type: "submit", class: "primary", id: "create", text: t("lobby.create") });
  const openList = h("ul", { class: "open-rooms" }, h("li", {}, spinner(t("lobby.loading.open"))));
  const codeInput = h("input", { type: "text", id: "code", maxlength: 6, placeholder: "ABC234", "aria-label": t("room.code"), class: "code" });

  const presetInfo = () => game.preset_info.find((p) => p.name === presetSelect.value) || { values: {} };
  const presetValues = () => game.presets[presetSelect.value] || {};

  function drawGame() {
    gameSelect.value = game.name;
    clear(playersSelect);
    for (let n = game.min_players; n <= game.max_players; n++) playersSelect.append(h("option", { value: n, text: String(n) }));
    nplayers = Math.max(game.min_players, Math.min(nplayers, game.max_players));
    playersSelect.value = String(nplayers);
    clear(presetSelect);
    for (const p of game.preset_info) presetSelect.append(h("option", { value: p.name, text: told(p.title, p.name) }));
    rulesLink.textContent = t("rules.howto", { game: gameName(game.name, game.title) });
    rulesLink.href = `#/rules/${game.name}`;
    drawPreset();
  }

  function drawPreset() {
    const info = presetInfo();
    const values = presetValues();
    const changes = Object.entries(values).map(([k, v]) => {
      const o = game.options.find((x) => x.name === k);
      return o ? `${told(o.title, k)}: ${valueName(o, v)}` : `${k}: ${v}`;
    });
    presetNote.textContent = [told(info.help, ""), changes.length ? t("lobby.preset.changes", { list: changes.join("; ") }) : ""].filter(Boolean).join(". ");
    clear(optionsBox);
    clear(teamsBox);
    for (const o of game.options) {
      const value = o.name in values ? values[o.name] : o.default;
      let control;
      const id = `opt-${o.name}`;
      const helpId = `${id}-help`;
      if (o.kind === "bool") {
        control = h("input", { type: "checkbox", id, dataset: { option: o.name, kind: "bool" }, "aria-describedby": helpId });
        control.checked = Boolean(value);
      } else if (o.choices.length) {
        control = h("select", { id, dataset: { option: o.name, kind: o.kind }, "aria-describedby": helpId },
          o.choices.map((c) => h("option", { value: String(c), text: valueName(o, c) })));
        control.value = String(value);
      } else if (o.kind === "number") {       // a decimal: the browser keeps it in range and to its step, the server checks it exactly
        control = h("input", { type: "number", id, min: o.min, max: o.max, step: o.step, value: String(value), inputmode: "decimal",
                               dataset: { option: o.name, kind: o.kind }, "aria-describedby": helpId });
      } else {
        control = h("input", { type: o.kind === "int" ? "number" : "text", id, value: String(value), dataset: { option: o.name, kind: o.kind }, "aria-describedby": helpId });
      }
      const label = h("label", { for: id, text: told(o.title, o.name) });
      if (o.name === "teams") control.addEventListener("change", drawSeats);
      (o.name === "teams" ? teamsBox : optionsBox).append(h("div", { class: `option kind-${o.kind}` },
        o.kind === "bool" ? [control, " ", label] : [label, " ", control],
        h("p", { class: "help", id: helpId, text: told(o.player_help, optionHelp(o)) })));
    }
    teamsBox.hidden = !teamsBox.firstChild;
    drawSeats();
  }

  // Team play: partners sit opposite, player i with player i + n/2 (team i mod n/2 + 1); null: each for himself.
  function teamOf(i) {
    const control = teamsBox.querySelector("[data-option=teams]");
    if (!control || control.value === "off" || nplayers < 4 || nplayers % 2) return null;
    return (i % (nplayers / 2)) + 1;
  }

  function drawSeats() {
    const seating = (game.seating && game.seating[String(nplayers)]) || [...Array(nplayers).keys()];
    while (seats.length < nplayers) seats.push({ kind: seats.length === 0 ? "local" : "bot", name: seats.length === 0 ? myName() : "", level: middling });
    seats = seats.slice(0, nplayers);
    clear(seatsBox);
    seats.forEach((seat, i) => {
      const colour = game.colours[seating[i]] || "";
      const kind = h("select", { "aria-label": `${colourName(colour)}: ${t("lobby.seats")}`, class: "seat-kind", dataset: { seat: i } },
        ["local", "invite", "bot"].map((k) => h("option", { value: k, text: t(`seat.${k}`) })));
      kind.value = seat.kind;
      const name = h("input", { type: "text", maxlength: 24, value: seat.name, placeholder: t("seat.name"), class: "seat-name",
                                "aria-label": `${colourName(colour)}: ${t("seat.name")}`, hidden: seat.kind === "bot" });
      const level = h("select", { class: "seat-level", "aria-label": `${colourName(colour)}: ${t("seat.bot")}`, hidden: seat.kind !== "bot" },
        levels.map((l) => levelOption(l.level)));
      level.value = String(seat.level);
      kind.addEventListener("change", () => { seat.kind = kind.value; drawSeats(); });
      name.addEventListener("input", () => { seat.name = name.value; });
      level.addEventListener("change", () => { seat.level = Number(level.value); });
      const sym = h("span", { class: "sym", text: seatSymbol(seating[i] ?? i), "aria-hidden": "true" });
      sym.style.color = colourInk(colour);
      const team = teamOf(i);
      seatsBox.append(h("li", { class: "seat", dataset: team ? { team } : {} }, sym, h("strong", { text: colourName(colour) }),
        team ? h("span", { class: "team-tag", text: t("lobby.team", { n: team }) }) : null, " ", kind, " ", name, level));
    });
    const control = teamsBox.querySelector("[data-option=teams]");
    teamsNote.hidden = !control || control.value === "off" || (nplayers >= 4 && nplayers % 2 === 0);
    teamsNote.textContent = teamsNote.hidden ? "" : t("lobby.teams.even");
    publicRow.hidden = !seats.some((s) => s.kind === "invite");
  }

  function readOptions() {
    const values = presetValues();
    const out = {};
    for (const el of [...teamsBox.querySelectorAll("[data-option]"), ...optionsBox.querySelectorAll("[data-option]")]) {
      const o = game.options.find((x) => x.name === el.dataset.option);
      const v = el.dataset.kind === "bool" ? el.checked : el.dataset.kind === "int" ? Number(el.value) : el.value;
      const base = o.name in values ? values[o.name] : o.default;
      if (el.dataset.kind === "number" ? Number(v) !== Number(base) : v !== base) out[o.name] = v;   // "0.50" is the default 0.5
    }
    return out;
  }

  gameSelect.addEventListener("change", () => { game = games.find((g) => g.name === gameSelect.value); drawGame(); });
  playersSelect.addEventListener("change", () => { nplayers = Number(playersSelect.value); drawSeats(); });
  presetSelect.addEventListener("change", drawPreset);

  const submit = async () => {
    create.disabled = true;
    clear(error).append(spinner(t("lobby.create.busy")));
    try {
      const mine = seats.find((s) => s.kind === "local");
      if (mine && mine.name) rememberName(mine.name);
      await createRoom({
        game: game.name, preset: presetSelect.value, options: readOptions(),
        seats: seats.map((s, i) => ({ kind: s.kind, name: s.kind === "bot" ? "" : s.name || (s.kind === "local" ? defaultName(i) : ""),
                                      level: s.kind === "bot" ? s.level : null })),
        public: publicBox.checked && !publicRow.hidden, absent_after: Number(absentInput.value) || 0, standin_level: Number(standinSelect.value),
        table: clockFields.read(),
      });
    } catch (err) {
      clear(error).append(failure(t("lobby.create.failed"), err, submit));
    } finally { create.disabled = false; }
  };
  const form = h("form", { class: "panel create", "aria-labelledby": "custom-title", onsubmit: (e) => { e.preventDefault(); submit(); } },
    h("h2", { id: "custom-title", text: t("lobby.custom") }),
    h("div", { class: "row" }, h("label", { for: "game", text: t("lobby.game") }), gameSelect, " ", rulesLink),
    h("div", { class: "row" }, h("label", { for: "players", text: t("lobby.players") }), playersSelect),
    teamsBox, teamsNote,
    h("h3", { text: t("lobby.seats") }), seatsBox,
    h("div", { class: "row" }, h("label", { for: "preset", text: t("lobby.preset") }), presetSelect), presetNote,
    h("details", { class: "house" }, h("summary", { text: t("lobby.options") }), optionsBox),
    publicRow,
    h("div", { class: "row" }, h("label", { for: "absent", text: t("lobby.absent") }), absentInput),
    h("div", { class: "row" }, h("label", { for: "standin", text: t("lobby.standin") }), standinSelect),
    clockFields.element,
    error, create);

  const mineSection = h("section", { class: "panel mine", hidden: true });
  const refreshMine = myGames(mineSection);
  const quick = h("section", { class: "panel quick", "aria-labelledby": "quick-title" },
    h("h2", { id: "quick-title", text: t("quick.title") }),
    // the best known games first
    h("ul", { class: "quick-list" }, [...games].sort((a, b) => a.familiarity - b.familiarity).map((g) => quickStart(g, levels))));
  const side = h("aside", { class: "side" }, mineSection,
    h("section", { class: "panel" }, h("h2", { text: t("lobby.code") }),
      h("form", { class: "row", onsubmit: (e) => { e.preventDefault(); const c = codeInput.value.trim().toUpperCase(); if (c) location.hash = `#/room/${c}`; } },
        codeInput, h("button", { type: "submit", text: t("lobby.go") }))),
    h("section", { class: "panel" }, h("h2", { text: t("lobby.open") }), openList));

  clear(root).append(h("h1", { class: "lobby-title", text: t("lobby.title") }), fairLine("#/verify"), h("div", { class: "lobby" }, h("div", { class: "main-col" }, quick, form), side));
  drawGame();

  async function refreshOpen() {
    try {
      const rooms = await getJSON("/api/rooms");
      clear(openList);
      if (!rooms.length) openList.append(h("li", { class: "muted", text: t("lobby.none") }));
      for (const r of rooms) {
        openList.append(h("li", {}, h("strong", { text: gameName(r.game, r.title) }), ` · ${r.code} · ${r.names.filter(Boolean).join(", ")} `,
          h("a", { href: `#/room/${r.code}`, class: "button", text: t("lobby.join") })));
      }
    } catch (err) {
      clear(openList).append(h("li", {}, failure(t("lobby.open.failed"), err, refreshOpen)));
    }
  }
  refreshOpen();
  refreshMine();
  // While the lobby is shown and looked at, its lists follow the rooms (whose turn it is, who joined).
  const timer = setInterval(() => {
    if (!document.body.contains(openList)) clearInterval(timer);
    else if (document.visibilityState === "visible") { refreshOpen(); refreshMine(); }
  }, 5000);
}
