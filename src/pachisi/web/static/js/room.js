// A room: the board, the dice, whose turn it is, the moves, the story of the game,
// the chat, the invitation and the fair-dice commitment; live over a WebSocket that
// reconnects by itself (the seat token is remembered in this browser).  At the end
// a game-over screen gives the places, each player's figures, the dice checked
// against the commitment, a rematch and a replay.
import { h, clear, announce, beep, unlockAudio } from "./dom.js";
import { postJSON, tokenFor, rememberToken, myName, rememberName, inviteKeyFor, rememberInviteKey } from "./api.js";
import { t, gameName, colourName, getLang, botName, defaultName } from "./i18n.js";
import { Board, colourHex, colourInk, seatSymbol, rollDice } from "./board.js";
import { commitmentHolds } from "./records.js";
import { Table } from "./table.js";
import { celebrate } from "./celebrate.js";
import { roomAnalysis, overSummary, fairLine } from "./analysis.js";
import { describeEvents, turnsOf, turnSentence, moveSentence, fenceMoveWords, awaySummary, figures } from "./story.js";

export { describeEvents, moveSentence };

const MAX_LISTED = 60;
const SETTINGS_KEY = "pachisi.room.settings";
const SEEN_KEY = "pachisi.seen";
const HEARTBEAT = 10000;           // ms between the pings the page sends the server
const HEARTBEAT_DEADLINE = 25000;  // ms of silence after which the page connects again
// The least time between two bot actions on the screen, by the player's choice of speed (ms); the
// server's bots wait by the same choice (web/table.py), and at "instant" neither waits nor animates.
export const BOT_PACE = { instant: 0, fast: 0, normal: 350, slow: 1100 };
const DEFAULTS = { autoRoll: false, autoMove: false, sound: false, speed: "normal" };

function stored(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: for this page only */ }
}

export function roomSettings() { return { ...DEFAULTS, ...stored(SETTINGS_KEY, {}) }; }


const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
               7: [0, 2, 3, 4, 5, 6, 8], 8: [0, 1, 2, 3, 5, 6, 7, 8], 9: [0, 1, 2, 3, 4, 5, 6, 7, 8] };

// A die as players know it: pips for 1..9, the number for anything else (a bonus move of 20); a die whose
// game marks its faces (a cowrie throw's shells mouth up: the room's "marks") shows its number over the mark.
export function dieFace(value, extra = "", mark = "") {
  const pips = mark ? null : PIPS[value];
  const el = h("span", { class: `die${extra}${pips ? "" : " number"}${mark ? " marked" : ""}`, dataset: { value: String(value) } });
  if (mark) { el.append(h("b", { text: String(value) }), h("small", { class: "die-mark", text: mark })); return el; }
  if (!pips) { el.textContent = String(value); return el; }
  for (let i = 0; i < 9; i++) el.append(h("i", { class: pips.includes(i) ? "pip" : "" }));
  return el;
}

// A menu opened under its button moves sideways as far as it takes to lie wholly on the screen (a ⚙ that
// a long title pushed to the left edge opens its menu rightwards rather than off the edge).
export function keepInView(el, margin = 6) {
  el.style.transform = "";
  const r = el.getBoundingClientRect(), width = document.documentElement.clientWidth;
  const dx = r.left < margin ? margin - r.left : r.right > width - margin ? Math.max(margin - r.left, width - margin - r.right) : 0;
  if (dx) el.style.transform = `translateX(${Math.round(dx)}px)`;
}

// The seat to move gets the moves of one fence as one group {p, f, g: [[notation, target], ...]}
// (a fence stage: some 2,300 moves); spread out here, each said in words from its two slots,
// `name` naming a square as the board does.
export function spreadMoves(moves, name) {
  return (moves || []).flatMap((m) => (m.g ? m.g.map(([t, to]) => ({ t, p: m.p, f: m.f, to, fence: true, words: { [getLang()]: fenceMoveWords(m.f, to, name) } })) : [m]));
}

const touch = () => window.matchMedia && window.matchMedia("(hover: none) and (pointer: coarse)").matches;

export class RoomPage {
  constructor(root, code) {
    this.root = root;
    this.code = code.toUpperCase();
    this.seq = -1;
    this.you = [];
    this.resigns = [];       // for each of `you`, the seats its resignation gives up (the welcome says)
    this.log = [];
    this.chat = [];
    this.room = null;
    this.turn = null;
    this.moves = [];
    this.words = {};          // move text -> its plain words, as the board's labels gave them
    this.filter = "";
    this.alive = true;
    this.retry = 0;
    this.queue = [];          // states not shown yet (bot moves are shown at the player's pace)
    this.shownAt = 0;
    this.pending = null;      // the action sent and not answered yet
    this.offline = true;
    this.settings = roomSettings();
    this.build();
    this.connect();
    this.keyHandler = (e) => { if (this.settings.sound) unlockAudio(); this.key(e); };
    this.section.addEventListener("pointerdown", () => { if (this.settings.sound) unlockAudio(); });
    this.visibility = () => { if (!document.hidden) this.setTitle(); };
    document.addEventListener("keydown", this.keyHandler);
    document.addEventListener("visibilitychange", this.visibility);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  destroy() {
    this.alive = false;
    document.removeEventListener("keydown", this.keyHandler);
    document.removeEventListener("visibilitychange", this.visibility);
    document.removeEventListener("pointerdown", this.outside);
    clearInterval(this.timer);
    clearTimeout(this.autoTimer);
    clearTimeout(this.paceTimer);
    if (this.ws) this.ws.close();
  }

  build() {
    this.status = h("p", { class: "status" });
    this.banner = h("p", { class: "banner", role: "alert", hidden: true });
    this.alert = h("p", { class: "alert", role: "alert", hidden: true });
    this.lastLine = h("p", { class: "last" });
    this.diceBox = h("div", { class: "dice", role: "img", "aria-label": t("room.dice") });
    this.rollButton = h("button", { type: "button", class: "roll primary invisible", text: t("room.roll"), disabled: true,
                                    onclick: () => this.send("roll") });
    this.boardHost = h("div", { class: "board-host" });
    this.turnbar = h("div", { class: "turnbar" }, this.diceBox, this.rollButton);
    this.board = new Board(this.boardHost, { onPlay: (text) => this.send(text), actionsHost: this.turnbar,
                                             stepMs: this.settings.speed === "instant" ? 0 : 110 });
    this.playersBox = h("ol", { class: "players" });
    this.table = new Table(this);
    this.movesBox = h("div", { class: "moves" });
    this.inviteBox = h("section", { class: "panel invite", hidden: true });
    this.joinBox = h("section", { class: "panel join", hidden: true });
    this.awayBox = h("section", { class: "panel away", hidden: true, "aria-labelledby": "away-title" });
    this.logBox = h("ol", { class: "log", tabindex: "0", "aria-label": t("room.log") });
    this.logPinned = true;        // the log follows the newest line until the player scrolls back to read
    // only the player's own scrolling unpins it (the browser's clamping while lines change must not)
    for (const kind of ["wheel", "touchstart", "pointerdown", "keydown"]) {
      this.logBox.addEventListener(kind, () => { this.logTouched = true; }, { passive: true });
    }
    this.logBox.addEventListener("scroll", () => {
      const box = this.logBox;
      if (this.logTouched) this.logPinned = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
    });
    this.chatList = h("ol", { class: "chat-list", "aria-live": "polite" });
    this.chatInput = h("input", { type: "text", maxlength: 200, "aria-label": t("room.say"), placeholder: t("room.say") });
    this.chatForm = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.say(); } },
      this.chatInput, h("button", { type: "submit", text: t("room.send") }));
    this.fairBox = h("section", { class: "panel fair" });
    this.analysisBox = h("div", { class: "analysis-box" });
    this.overBox = h("div", { class: "over-dialog", role: "dialog", "aria-modal": "false", "aria-labelledby": "over-title", hidden: true });
    this.resultsButton = h("button", { type: "button", class: "results", hidden: true, text: t("room.results"),
                                       onclick: () => this.showOver(true) });
    this.title = h("h1", { class: "room-title" });
    this.section = h("section", { class: "room" + (touch() ? " touch" : "") });
    this.section.append(
        h("div", { class: "room-main" },
          h("div", { class: "room-head" }, this.title, this.resultsButton, this.settingsMenu()),
          this.banner, this.joinBox, this.status, this.alert, this.awayBox,
          this.turnbar, this.lastLine, this.boardHost,
          h("p", { class: "keys muted", text: t("room.keys") })),
        h("aside", { class: "room-side" },
          this.inviteBox,
          h("section", { class: "panel" }, h("h2", { text: t("room.players") }), this.playersBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.moves") }), this.movesBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.log") }), this.logBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.chat") }), this.chatList, this.chatForm),
          this.fairBox),
        this.overBox);
    clear(this.root).append(this.section);
    this.table.mount(this.turnbar, this.boardHost, this.boardHost);
    this.status.textContent = t("room.connecting", { code: this.code });
    this.setOffline(true, false);
  }

  settingsMenu() {
    const box = (key, label) => h("label", { class: "set" },
      h("input", { type: "checkbox", dataset: { set: key }, checked: this.settings[key],
                   onchange: (e) => this.setSetting(key, e.target.checked) }), ` ${t(label)}`);
    const speed = h("select", { dataset: { set: "speed" }, onchange: (e) => this.setSetting("speed", e.target.value) },
      Object.keys(BOT_PACE).map((k) => h("option", { value: k, text: t(`room.speed.${k}`), selected: this.settings.speed === k })));
    const menu = h("details", { class: "settings" },
      h("summary", { text: `⚙ ${t("room.settings")}` }),
      h("div", { class: "settings-body" },
        box("autoRoll", "room.set.autoroll"), box("autoMove", "room.set.automove"), box("sound", "room.set.sound"),
        h("label", { class: "set" }, `${t("room.set.speed")} `, speed)));
    menu.addEventListener("toggle", () => { if (menu.open) keepInView(menu.querySelector(".settings-body")); });
    // a click elsewhere closes the menu, as menus do
    this.outside = (e) => { if (menu.open && !menu.contains(e.target)) menu.open = false; };
    document.addEventListener("pointerdown", this.outside);
    return menu;
  }

  setSetting(key, value) {
    if (key === "sound" && value) beep();          // what it will sound like (and the browser lets it sound)
    this.settings[key] = value;
    store(SETTINGS_KEY, this.settings);
    if (key === "speed") {
      this.board.setSpeed(value === "instant" ? 0 : 110);
      if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify({ type: "pace", speed: this.speed() }));
    }
    if (this.room) this.automate();
  }

  speed() { return this.settings.speed in BOT_PACE ? this.settings.speed : DEFAULTS.speed; }

  // -- the connection ------------------------------------------------------------------
  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; ws.send(JSON.stringify({ type: "hello", token: tokenFor(this.code), lang: getLang(), speed: this.speed() })); };
    ws.onmessage = (e) => { heard = Date.now(); this.receive(JSON.parse(e.data)); };
    // a server that stopped answering (a stalled process) is left, not waited for: ping now and then,
    // and connect again when nothing at all came for HEARTBEAT_DEADLINE
    let heard = Date.now();
    const beat = setInterval(() => {
      if (this.ws !== ws || !this.alive || ws.readyState > WebSocket.OPEN) { clearInterval(beat); return; }
      if (Date.now() - heard > HEARTBEAT_DEADLINE) { clearInterval(beat); this.setOffline(true, true); this.reconnect(); return; }
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping" }));
    }, HEARTBEAT);
    ws.onclose = () => {
      if (!this.alive || this.ws !== ws || this.notFound) return;
      this.setOffline(true, true);
      const wait = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (this.alive && this.ws === ws) this.connect(); }, wait);
    };
  }

  // While there is no connection nothing on the page can act: it says so and greys out.
  setOffline(offline, lost) {
    this.offline = offline;
    this.section.classList.toggle("offline", offline);
    this.banner.hidden = !(offline && lost);
    if (offline && lost) { this.banner.textContent = t("room.reconnecting"); this.pending = null; }
    if (this.room) this.draw();
  }

  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect();
  }

  send(action) {
    if (this.offline || this.pending || !this.ws || this.ws.readyState !== 1) return;
    const id = Math.random().toString(36).slice(2, 12);
    this.pending = { id, seq: this.seq, action };
    this.ws.send(JSON.stringify({ type: "act", seq: this.seq, action, id }));
    this.section.classList.add("busy");
    this.drawControls();
    this.lastLine.textContent = t("room.sending");
    clearTimeout(this.pendingTimer);
    this.pendingTimer = setTimeout(() => { this.pending = null; if (this.room) this.draw(); }, 10000);
  }

  say() {
    const text = this.chatInput.value.trim();
    if (!text || !this.ws || this.offline) return;
    this.ws.send(JSON.stringify({ type: "chat", text: text.slice(0, 200) }));
    this.chatInput.value = "";
  }

  receive(msg) {
    if (msg.type === "welcome") {
      this.you = msg.you; this.host = msg.host; this.resigns = msg.resigns || [];
      if (msg.key) rememberInviteKey(this.code, msg.key);    // its players may invite with the room's link
      return;
    }
    if (msg.type === "error") { this.showError(msg); return; }
    if (msg.type === "chat") { this.chat.push(msg); this.drawChat(); return; }
    if (msg.type === "react") { this.table.reaction(msg); return; }
    if (msg.type !== "state") return;
    if (msg.log) {                       // a snapshot (after hello, or an undo) replaces whatever was waiting
      this.queue = [];
      if (msg.undone) this.seq = -1;     // an undo goes back to an earlier position
      this.onState(msg);
      return;
    }
    this.queue.push(msg);
    this.pump();
  }

  // Show the queued states in order; a bot's action waits until the player's chosen pace allows.
  pump() {
    clearTimeout(this.paceTimer);
    while (this.queue.length) {
      const msg = this.queue[0];
      const bot = msg.last && msg.last.by !== "person" && msg.seq > this.seq;
      const wait = bot ? this.shownAt + BOT_PACE[this.settings.speed] - Date.now() : 0;
      if (wait > 0) { this.paceTimer = setTimeout(() => this.pump(), wait); return; }
      this.queue.shift();
      this.onState(msg);
    }
  }

  showError(msg) {
    if (msg.code === "room") { this.notFound = true; this.showNotFound(); return; }
    if (this.pending && (!msg.id || msg.id === this.pending.id)) { this.pending = null; if (this.room) this.draw(); }
    const text = msg.code === "stale" ? t("err.stale") : t("err.generic", { message: msg.message });
    this.alert.textContent = text;
    this.alert.hidden = false;
    announce(text);
    clearTimeout(this.alertTimer);
    this.alertTimer = setTimeout(() => { this.alert.hidden = true; }, 6000);
  }

  // A bad code or a stale link: a page that says so, and the way back; no board, no chat.
  showNotFound() {
    this.alive = false;
    if (this.ws) this.ws.close();
    document.title = `${t("room.notfound")} — pachisi`;
    const back = h("a", { class: "button primary", href: "#/", text: t("room.notfound.back") });
    clear(this.root).append(h("section", { class: "panel page notfound", dataset: { status: "notfound" } },
      h("h1", { text: t("room.notfound") }), h("p", { text: t("room.notfound.text", { code: this.code }) }), h("p", {}, back)));
    back.focus();
  }

  onState(msg) {
    if (msg.seq < this.seq) return;
    const fresh = msg.seq > this.seq && this.seq >= 0;
    const snapshot = !!msg.log, first = !this.room;
    const wasMine = this.myTurn();
    const prevStatus = this.room && this.room.status, prevRematch = this.room && this.room.rematch;
    this.room = msg.room;
    this.turn = msg.turn;
    this.winner = msg.winner;
    this.order = msg.order || [];
    if (snapshot) this.log = msg.log.slice();
    else if (msg.last && fresh && !this.log.some((e) => e.n === msg.last.n)) this.log.push(msg.last);
    if (msg.chat) this.chat = msg.chat.slice();
    if (this.pending && msg.seq > this.pending.seq) this.pending = null;
    this.section.classList.toggle("busy", !!this.pending);
    if (this.offline) this.setOffline(false, false);
    this.seq = msg.seq;
    this.standinAt = this.turn.standin_in !== null && this.turn.standin_in !== undefined ? Date.now() + this.turn.standin_in * 1000 : null;
    const players = this.room.seats.map((st) => ({ player: st.player, seat: st.seat, colour: st.colour, name: this.seatName(st) }));
    if (msg.layout) this.board.setup(msg.layout, this.room.colours || []);
    msg.moves = spreadMoves(msg.moves, (ref) => this.board.squareName(ref));
    for (const m of msg.moves || []) if (m.words && m.words[getLang()]) this.words[m.t] = m.words[getLang()];
    this.board.pieceNames = this.room.piece_names;
    this.board.update(msg.position, players, fresh ? msg.last : null);
    this.moves = this.canMove() ? msg.moves : [];
    this.board.setMoves(this.moves, this.room.piece_names);
    const statusBefore = this.status.textContent;
    this.rolled = fresh && msg.last && msg.last.k === "roll" && this.settings.speed !== "instant";
    this.draw();
    if (snapshot) this.showAway();
    if (first) this.scrollToBoard();
    if (fresh && msg.last) this.announceLast(msg.last, statusBefore);
    if (!this.myTurn()) this.setTitle();
    else if (!wasMine) this.yourTurn();
    if (this.room.status === "over" && (prevStatus !== "over" || snapshot || prevRematch !== this.room.rematch)) {
      this.showOver(prevStatus && prevStatus !== "over");
      const winner = this.room.seats[this.winner];
      if (prevStatus === "playing" && winner) celebrate(this.overBox.querySelector(".over-card"), colourHex(winner.colour));
    }
    if (this.you.length) { const seen = stored(SEEN_KEY, {}); seen[this.code] = msg.seq - 1; store(SEEN_KEY, this.trimSeen(seen)); }
    this.shownAt = Date.now();
    this.table.update(msg);
    this.automate();
    // what the page shows, for scripts and tests: position number, status, whose turn, our seats
    Object.assign(this.section.dataset, { seq: String(msg.seq), status: this.room.status,
      turn: String(this.turn.player), phase: this.turn.phase, you: this.you.join(",") });
  }

  // The room opens on its play (the status, Roll and the board), wherever the page it came from was scrolled.
  scrollToBoard() {
    const head = this.section.getBoundingClientRect().top;
    if (head < 0 || this.boardHost.getBoundingClientRect().top > innerHeight / 2) window.scrollTo(0, Math.max(0, scrollY + head - 4));
  }

  trimSeen(seen) {
    const keys = Object.keys(seen);
    if (keys.length > 200) delete seen[keys[0]];
    return seen;
  }

  seatName(st) { return st.kind === "bot" ? botName(st.level) : st.name; }

  myTurn() { return !!(this.turn && (this.turn.phase === "roll" || this.turn.phase === "move") && this.you.includes(this.turn.player)); }

  canAct() { return !this.offline && !this.pending && this.queue.length === 0; }

  canMove() { return this.turn && this.turn.phase === "move" && this.you.includes(this.turn.player); }

  canRoll() { return this.turn && this.turn.phase === "roll" && this.you.includes(this.turn.player); }

  // The player's options: roll by itself, play the only legal move by itself.
  automate() {
    clearTimeout(this.autoTimer);
    if (!this.canAct() || this.room.status !== "playing") return;
    if (this.settings.autoRoll && this.canRoll()) this.autoTimer = setTimeout(() => this.canRoll() && this.send("roll"), 400);
    else if (this.settings.autoMove && this.canMove() && this.moves.length === 1) {
      const only = this.moves[0].t;
      this.autoTimer = setTimeout(() => this.canMove() && this.moves.length === 1 && this.send(only), 600);
    }
  }

  // It has become this screen's turn: if the tab is hidden, say so in its title, with a beep
  // (when the player turned sound on) and a buzz on phones.
  yourTurn() {
    if (!document.hidden) return;
    document.title = t("room.alert.title");
    if (this.settings.sound) beep();
    if (navigator.vibrate) navigator.vibrate([120, 80, 120]);
  }

  setTitle() {
    if (!this.room) return;
    if (document.hidden && this.myTurn()) return;
    document.title = `${gameName(this.room.game, this.room.title)} · ${this.room.code} — pachisi`;
  }

  // One announcement a change, to screen readers: what was done, then whose turn it is if that changed.
  announceLast(last, statusBefore) {
    const seat = this.room.seats[last.p];
    const who = seat ? colourName(seat.colour) : "";
    const head = last.k === "roll" ? t("ev.rolls", { who, dice: last.v })
      : last.k === "resign" ? turnSentence({ resign: true, by: last.by, p: last.p }, this.room)
      : moveSentence(this.room, last.p, last.v, last.d, this.words);
    const text = [head, ...describeEvents(last.s, this.room)].join(" — ");
    this.lastLine.textContent = text;
    this.lastLine.title = text;
    this.lastLine.classList.remove("flash");
    void this.lastLine.offsetWidth;
    this.lastLine.classList.add("flash");
    const status = this.status.textContent;
    announce(status !== statusBefore ? `${text}. ${status}` : text);
  }

  // -- drawing the panels --------------------------------------------------------------------
  draw() {
    const room = this.room;
    this.title.textContent = `${gameName(room.game, room.title)} · ${room.code}`;
    this.drawStatus();
    this.drawDice();
    this.drawControls();
    this.drawPlayers();
    this.drawMoves();
    this.drawLog();
    this.drawChat();
    this.drawInvite();
    this.drawJoin();
    this.drawFair();
    this.chatForm.hidden = !this.you.length;
    this.resultsButton.hidden = room.status !== "over";
    if (this.canRoll() && this.canAct() && !this.rolledFocus && !this.settings.autoRoll) this.rollButton.focus({ preventScroll: true });
    this.rolledFocus = this.canRoll();
  }

  // The roll button keeps its place in the turn bar (so the board never moves); it is usable only
  // when this screen may roll and nothing is on its way.
  drawControls() {
    const roll = this.canRoll();
    this.rollButton.classList.toggle("invisible", !roll);
    this.rollButton.disabled = !roll || !this.canAct();
    this.rollButton.setAttribute("aria-hidden", String(!roll));
    const off = !this.canAct();
    for (const b of this.section.querySelectorAll(".moves button, .board-actions button, .trays button")) b.disabled = off;
    this.boardHost.toggleAttribute("inert", this.offline);   // (while an action is on its way the keyboard keeps its place)
    this.section.classList.toggle("busy", !!this.pending);
  }

  // The claim step's status: a game whose missed capture is punished its own way says so in its own key.
  claimKey(game) {
    const own = `room.turn.you.claim.${game}`;
    return t(own) === own ? "room.turn.you.claim" : own;
  }

  // Team play: a player's partner (undefined when each plays for himself), and the team's number (1, 2, ...).
  partner(p) {
    const team = (this.room.teams || []).find((tm) => tm.includes(p));
    return team ? team.find((q) => q !== p) : undefined;
  }

  // The other seats one seat token holds (one person playing two colours, or the host's screen): told in
  // the seat list, except at a hot-seat table, where every seat is the one screen's.
  sameTag(st) {
    const room = this.room;
    if (st.holder === null || st.holder === undefined || room.hotseat) return null;
    const others = room.seats.filter((o) => o.player !== st.player && o.holder === st.holder);
    if (!others.length) return null;
    const person = st.kind === "invite" || others.every((o) => o.name === st.name);
    return h("span", { class: "same-tag", text: t(person ? "seat.same" : "seat.samescreen",
                                                  { colour: others.map((o) => colourName(o.colour)).join(", ") }) });
  }

  teamNumber(p) {
    return (this.room.teams || []).findIndex((tm) => tm.includes(p)) + 1;
  }

  statusText() {
    const room = this.room, turn = this.turn;
    if (room.status === "waiting") return t("room.waiting");
    if (room.status === "over" || turn.phase === "over") {
      const w = this.winner;
      if (w === null || w === undefined) return t("room.over");
      const seat = room.seats[w];
      const mate = this.partner(w);
      if (mate !== undefined) {
        const other = room.seats[mate];
        return t(room.wins > 1 ? "room.team.matchwinner" : "room.team.winner", { colour: colourName(seat.colour), name: this.seatName(seat),
                                       colour2: colourName(other.colour), name2: this.seatName(other) });
      }
      return t(room.wins > 1 ? "room.matchwinner" : "room.winner", { colour: colourName(seat.colour), name: this.seatName(seat) });
    }
    const seat = room.seats[turn.player];
    const colour = colourName(seat.colour);
    if (this.you.includes(turn.player)) {
      const claim = turn.phase === "move" && this.moves.length && this.moves.every((m) => m.t === "nocall" || m.t.startsWith("call-"));
      const key = turn.phase === "roll" ? "room.turn.you.roll" : claim ? this.claimKey(room.game)
        : this.board.stage() === "fence" ? "board.turn.fence" : "room.turn.you.move";
      return t(key, { colour });
    }
    if (turn.actor === "bot") return t("room.turn.bot", { colour, bot: t("room.bot", { level: botName(seat.level) }) });
    if (turn.actor === "standin") return t("room.turn.standin", { colour, bot: t("room.bot", { level: botName(room.standin_level) }) });
    if (turn.absent) {
      let text = t("room.turn.absent", { colour });
      if (this.standinAt) text += t("room.turn.absent.in", { s: Math.max(0, Math.ceil((this.standinAt - Date.now()) / 1000)) });
      return text + (this.standinAt ? "" : ".");
    }
    return t("room.turn.other", { colour, name: seat.name });
  }

  drawStatus() {
    const turn = this.turn;
    let text = this.statusText();
    if (this.room.wins > 1) {
      text += " " + t("room.round", { n: this.room.round, w: this.room.wins, score: this.room.score.join(":") });
    }
    if (!this.you.length && this.room.status !== "over") text += " " + t("room.spectator");
    this.status.textContent = text;
    const seat = turn && turn.player !== null ? this.room.seats[turn.player] : null;
    this.status.style.borderColor = seat ? colourHex(seat.colour) : "";
  }

  // The stand-in countdown counts down between the server's messages.
  tick() {
    if (this.room && this.standinAt && !this.offline) this.drawStatus();
    if (this.room) this.table.tick();
  }

  // A roll just made tumbles first (board.js's rollDice; not with reduced motion), then rests as used and left dice.
  drawDice() {
    const roll = (this.turn.roll || []).filter((d) => d > 0);     // 0: a slot no die filled (a second roll's bottom faces), not a die
    const marks = (this.room && this.room.marks && this.room.marks[0]) || {};
    const face = (d, extra = "") => dieFace(d, extra, marks[String(d)] || "");
    if (this.rolled && roll.length) {
      this.rolled = false;
      rollDice(this.diceBox, roll, { face: (d) => face(d) }).then(() => this.drawDice());
      return;
    }
    clear(this.diceBox);
    const left = [...(this.turn.dice || [])];
    const said = [];
    for (const d of roll) {
      const i = left.indexOf(d);
      const used = i < 0;
      if (!used) left.splice(i, 1);
      this.diceBox.append(face(d, used ? " used" : ""));
      said.push(t(used ? "room.die.used" : "room.die", { d }));
    }
    for (const d of left) { this.diceBox.append(face(d, " bonus")); said.push(t("room.die.bonus", { d })); }
    this.diceBox.setAttribute("aria-label", `${t("room.dice")}: ${said.join(", ") || "—"}`);
  }

  drawPlayers() {
    clear(this.playersBox);
    for (const st of this.room.seats) {
      const me = this.you.includes(st.player);
      const turn = this.turn.player === st.player;
      const kind = st.resigned ? t("table.resigned") : st.kind === "bot" ? t("seat.bot")
        : st.open ? t("seat.open") : st.standin ? t("seat.standin")
        : st.present && !(me && this.offline) ? t("seat.here") : t("seat.away");    // offline, this screen is away
      const li = h("li", { class: "player" + (turn ? " turn" : "") + (me ? " me" : ""), dataset: { player: st.player } },
        h("span", { class: "sym", text: seatSymbol(st.seat), "aria-hidden": "true" }),
        h("strong", { text: colourName(st.colour) }), " ",
        h("span", { class: "pname", text: this.seatName(st) }),
        me ? h("em", { text: ` (${t("seat.you")})` }) : null,
        h("span", { class: "pkind muted", text: ` — ${kind}` }),
        this.partner(st.player) !== undefined
          ? h("span", { class: "team-tag", text: t("room.team", { n: this.teamNumber(st.player),
                                                                  colour: colourName(this.room.seats[this.partner(st.player)].colour) }) }) : null,
        this.sameTag(st),
        this.room.wins > 1 ? h("span", { class: "score", title: t("room.score", { n: this.room.score[st.player] }),
                                         "aria-label": t("room.score", { n: this.room.score[st.player] }), text: String(this.room.score[st.player]) }) : null,
        turn ? h("span", { class: "turnmark", text: " ◀", role: "img", "aria-label": t("room.tomove") }) : null);
      li.querySelector(".sym").style.color = colourInk(st.colour);
      li.style.borderColor = colourHex(st.colour);
      this.playersBox.append(li);
    }
    // a colour nobody holds (Mensch for three's grey), marked as the board marks its row's pieces
    (this.room.more_colours || []).forEach((colour, i) => {
      const li = h("li", { class: "player neutral", dataset: { colour } },
        h("span", { class: "sym", text: seatSymbol(this.room.seats.length + i), "aria-hidden": "true" }),
        h("strong", { text: colourName(colour) }),
        h("span", { class: "pkind muted", text: ` — ${t("room.neutral")}` }));
      li.querySelector(".sym").style.color = colourInk(colour);
      li.style.borderColor = colourHex(colour);
      this.playersBox.append(li);
    });
    // every player sees what stands in for an absent one (the host chose it): in a room with invited
    // people, the only kind of seat whose player may be away while the others play
    if (this.room.seats.some((st) => st.kind === "invite")) {
      const rule = this.room.absent_after > 0
        ? t("room.standin.rule", { s: this.room.absent_after, level: botName(this.room.standin_level) }) : t("room.standin.never");
      this.playersBox.append(h("li", { class: "standin-rule muted", text: rule }));
    }
    this.table.decorate();
  }

  drawMoves() {
    clear(this.movesBox);
    if (!this.canMove()) {
      this.movesBox.append(h("p", { class: "muted", text: this.canRoll() ? t("room.turn.you.roll", { colour: colourName(this.room.seats[this.turn.player].colour) }) : t("room.nomoves") }));
      return;
    }
    if (this.moves.length > MAX_LISTED) {
      const input = h("input", { type: "search", class: "filter", value: this.filter, placeholder: t("room.filter"), "aria-label": t("room.filter"),
        oninput: (e) => { this.filter = e.target.value; this.drawMoveButtons(ul); } });
      this.movesBox.append(input);
    }
    const ul = h("ol", { class: "movelist" });
    this.movesBox.append(ul);
    this.drawMoveButtons(ul);
  }

  drawMoveButtons(ul) {
    clear(ul);
    const f = this.filter.trim();
    let list = this.moves;
    const wordsOf = (m) => m.words?.[getLang()];
    if (list.length > MAX_LISTED && f) list = list.filter((m) => m.t.includes(f) || (wordsOf(m) || "").includes(f));
    // A fence stage (some 2,300 fence moves): no flat list, but the other moves (keep the fences),
    // a sentence that says how many fence moves there are and that the board picks them, and the search
    const isFence = (m) => m.fence || (m.f && m.f[0] === "w" && m.to && m.to[0] === "w");
    const fences = list.length > MAX_LISTED ? list.filter(isFence) : [];
    if (fences.length) list = list.filter((m) => !isFence(m));
    const shown = list.slice(0, MAX_LISTED);
    const off = !this.canAct();
    shown.forEach((m, i) => {
      const words = wordsOf(m);
      const b = h("button", { type: "button", class: "move", dataset: { move: m.t }, disabled: off,
        onclick: () => this.send(m.t), onmouseenter: () => this.board.preview(m), onmouseleave: () => this.board.preview(null),
        onfocus: () => this.board.preview(m), onblur: () => this.board.preview(null) },
        i < 9 ? h("kbd", { text: String(i + 1), "aria-hidden": "true" }) : null,
        h("span", { class: "words", text: words || m.t }), words ? h("code", { class: "notation", text: m.t }) : null);
      ul.append(h("li", {}, b));
    });
    this.listed = shown;
    if (fences.length) ul.append(h("li", { class: "muted fence-summary", text: t("room.fences.many", { n: fences.length.toLocaleString(getLang()) }) }));
    if (list.length > shown.length) ul.append(h("li", { class: "muted", text: t("room.more", { n: list.length - shown.length }) }));
  }

  // The story so far, one sentence a roll; only the lines that changed are redrawn, and the newest
  // stays in view unless the player has scrolled back to read.
  drawLog() {
    const lines = [];
    let round = 0;
    for (const tr of turnsOf(this.log)) {
      if (tr.r !== round) { round = tr.r; if (this.room.wins > 1) lines.push({ cls: "round", text: `— ${round} —` }); }
      const seat = this.room.seats[tr.p];
      lines.push({ cls: "turn", text: turnSentence(tr, this.room, this.words), colour: seat && seat.colour, sym: seat ? seatSymbol(seat.seat) : "" });
    }
    const box = this.logBox;
    const items = box.children;
    while (items.length > lines.length) box.lastChild.remove();
    lines.forEach((line, i) => {
      const li = items[i];
      if (li && li.dataset.text === line.text) return;
      const el = h("li", { class: line.cls, dataset: { text: line.text } },
        line.sym ? h("span", { class: "sym", text: line.sym, "aria-hidden": "true" }) : null, h("span", { text: line.text }));
      if (line.colour) el.style.borderColor = colourHex(line.colour);
      if (li) box.replaceChild(el, li); else box.append(el);
    });
    if (this.logPinned) box.scrollTop = box.scrollHeight;
  }

  // After a reconnect: what happened since this browser last saw the room.
  showAway() {
    const seen = stored(SEEN_KEY, {})[this.code];
    this.awayBox.hidden = true;
    if (!this.you.length || seen === undefined || this.room.status === "waiting") return;
    const sum = awaySummary(this.log, this.room, seen);
    if (!sum) return;
    const ok = h("button", { type: "button", text: t("room.away.ok"), onclick: () => { this.awayBox.hidden = true; } });
    clear(this.awayBox).append(h("h2", { id: "away-title", text: t("room.away.title") }),
      h("p", { text: t("room.away.count", { actions: t("room.away.actions", { n: sum.actions }), rolls: t("room.away.rolls", { n: sum.rolls }) }) }),
      sum.notable.length ? h("ul", {}, sum.notable.slice(-12).map((x) => h("li", { text: x }))) : h("p", { class: "muted", text: t("room.away.quiet") }),
      ok);
    this.awayBox.hidden = false;
  }

  drawChat() {
    clear(this.chatList);
    for (const m of this.chat.slice(-50)) {
      const seat = this.room && this.room.seats[m.player];
      const li = h("li", {}, h("strong", { text: `${seat ? seatSymbol(seat.seat) + " " : ""}${m.name}: ` }), h("span", { text: m.text }));
      this.chatList.append(li);
    }
    this.chatList.scrollTop = this.chatList.scrollHeight;
  }

  drawInvite() {
    const room = this.room;
    const open = room.seats.filter((st) => st.open);
    const key = inviteKeyFor(room.code);
    // a private room's link opens its seats only with the key: who does not hold it has no link to give
    const show = (room.status === "waiting" || (open.length && this.you.length)) && (room.public || !!key);
    this.inviteBox.hidden = !show;
    if (!show) return;
    const link = `${location.origin}/r/${room.code}${key && !room.public ? `?k=${encodeURIComponent(key)}` : ""}`;
    const copy = h("button", { type: "button", text: t("room.copy"), onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t("room.copied"); } catch { linkInput.select(); }
    } });
    const linkInput = h("input", { type: "text", readonly: true, value: link, class: "link", "aria-label": t("room.link") });
    clear(this.inviteBox).append(h("h2", { text: t("room.invite") }), linkInput, copy,
      h("p", {}, `${t("room.code")}: `, h("strong", { class: "code", text: room.code })));
  }

  // The seats an invited person may take: a team's both seats at once (one person playing two opposite
  // colours), or one; a person already seated here is offered their partner's seat while it is open.
  drawJoin() {
    const room = this.room;
    const open = room.seats.filter((st) => st.open);
    const partners = this.you.map((p) => this.partner(p)).filter((q) => q !== undefined && room.seats[q].open);
    // a private room's seats are taken with its invitation's key (or the seat token held here)
    const show = this.you.length ? partners.length > 0 : open.length > 0 && (room.public || !!inviteKeyFor(this.code));
    this.joinBox.hidden = !show;
    if (!show) return;
    const take = (players, label, cls, extra) => h("button", {
      type: "button", class: `primary take ${cls}`, dataset: { players: players.join(",") }, disabled: this.offline,
      text: `${players.map((p) => seatSymbol(room.seats[p].seat)).join(" ")} ${label}`,
      onclick: async () => {
        try {
          const res = await postJSON(`/api/rooms/${this.code}/join`, { players, ...extra() });
          rememberToken(this.code, res.token);
          this.reconnect();
        } catch (e) { this.showError({ code: "join", message: e.message }); }
      } });
    if (this.you.length) {
      clear(this.joinBox).append(h("h2", { text: t("room.partner.title") }));
      for (const q of partners) {
        this.joinBox.append(take([q], t("room.take.partner", { colour: colourName(room.seats[q].colour) }), "partner",
                                 () => ({ token: tokenFor(this.code) })));
      }
      return;
    }
    const name = h("input", { type: "text", maxlength: 24, value: myName(), "aria-label": t("lobby.yourname"), placeholder: t("lobby.yourname"), class: "name" });
    const extra = (first) => () => {
      rememberName(name.value.trim());
      return { name: name.value.trim() || defaultName(first), key: inviteKeyFor(this.code) };
    };
    clear(this.joinBox).append(h("h2", { text: t("lobby.join") }), h("label", {}, `${t("lobby.yourname")} `, name));
    const teams = (room.teams || []).filter((tm) => tm.every((p) => room.seats[p].open));
    if (teams.length) {
      const box = h("div", { class: "take-teams" }, h("p", { class: "muted", text: t("room.take.teams") }));
      for (const tm of teams) {
        box.append(take(tm, t("room.take.team", { colour: colourName(room.seats[tm[0]].colour),
                                                   partner: colourName(room.seats[tm[1]].colour) }), "team", extra(tm[0])));
      }
      this.joinBox.append(box);
    }
    for (const st of open) {
      this.joinBox.append(take([st.player], t("room.take", { colour: colourName(st.colour) }), "one", extra(st.player)));
    }
  }

  drawFair() {
    const room = this.room;
    clear(this.fairBox).append(h("h2", { text: t("room.commit") }), h("code", { class: "hash", text: room.commit }));
    if (room.status === "over") {
      this.fairBox.append(h("p", { class: "reveal", text: t("room.reveal", { seed: room.seed, salt: room.salt }) }));
    }
    this.fairBox.append(h("p", {},
      h("a", { href: `/api/rooms/${room.code}/record`, download: `${room.game}-${room.code}.txt`, text: t("room.record") }),
      room.status === "over" ? " · " : null,
      room.status === "over" ? h("a", { href: `#/verify/${room.code}`, text: t("room.verify") }) : null));
  }

  // -- the end ------------------------------------------------------------------------------------
  // The seed and salt revealed at the end, checked here against the commitment shown from the start.
  seedCheck() {
    const room = this.room;
    if (room.seed === null || room.seed === undefined) return null;
    const ok = commitmentHolds(room.commit, String(room.seed), room.salt, room.terms);
    return h("p", { class: `verdict ${ok ? "ok" : "mismatch"} seed-check`,
                    text: t(ok ? "room.seed.ok" : "room.seed.bad", { seed: room.seed, salt: room.salt }) });
  }

  showOver(focus) {
    const room = this.room;
    const fig = figures(this.log, room);
    // places: a match's by its score; a game's by the order the players finished in
    const ranked = room.wins > 1 ? room.seats.map((s) => s.player).sort((a, b) => room.score[b] - room.score[a]) : [...this.order];
    if (!ranked.length && this.winner !== null && this.winner !== undefined) ranked.push(this.winner);
    const rest = room.seats.map((s) => s.player).filter((p) => !ranked.includes(p));
    const place = (p, i) => {
      const st = room.seats[p];
      const li = h("li", { class: i < 0 ? "place unplaced" : "place", dataset: { player: p } },
        h("span", { class: "sym", text: seatSymbol(st.seat), "aria-hidden": "true" }),
        h("strong", { text: ` ${colourName(st.colour)}` }), ` ${this.seatName(st)}`,
        room.wins > 1 ? ` — ${room.score[p]}` : "", i === 0 ? " ★" : "",
        st.resigned ? h("span", { class: "resigned muted", text: ` — ${t("table.resigned")}` })
          : i < 0 ? h("span", { class: "muted", text: ` — ${t("room.unplaced")}` }) : "");
      li.style.borderColor = colourHex(st.colour);
      li.firstChild.style.color = colourHex(st.colour);
      return li;
    };
    // team play: the teams take the places, partners side by side (the order lists them pairwise; a
    // match's score counts a team's wins for both partners, so its ranking keeps them side by side too)
    const teamed = (room.teams || []).length > 0;
    const teamPlace = (tm, i) => {
      const li = h("li", { class: i < 0 ? "place team unplaced" : "place team", dataset: { team: this.teamNumber(tm[0]) } },
        h("span", { class: "team-name", text: t("room.team.name", { n: this.teamNumber(tm[0]) }) }),
        room.wins > 1 ? ` — ${room.score[tm[0]]}` : "", i === 0 ? " ★" : "",
        i < 0 ? h("span", { class: "muted", text: ` — ${t("room.unplaced")}` }) : "",
        h("ul", { class: "partners" }, tm.map((p) => {
          const st = room.seats[p];
          const row = h("li", { dataset: { player: p } }, h("span", { class: "sym", text: seatSymbol(st.seat), "aria-hidden": "true" }),
            h("strong", { text: ` ${colourName(st.colour)}` }), ` ${this.seatName(st)}`,
            st.resigned ? h("span", { class: "resigned muted", text: ` — ${t("table.resigned")}` }) : "");
          row.firstChild.style.color = colourHex(st.colour);
          return row;
        })));
      li.style.borderColor = colourHex(room.seats[tm[0]].colour);
      return li;
    };
    const rankedTeams = [];
    for (let i = 0; i + 1 < ranked.length; i += 2) rankedTeams.push([ranked[i], ranked[i + 1]]);
    const restTeams = (room.teams || []).filter((tm) => !ranked.includes(tm[0]));
    const head = [t("room.fig.player"), t("room.fig.captures"), t("room.fig.lost"),
                  t(fig.doubles ? "room.fig.doubles" : "room.fig.sixes"), t("room.fig.luck")];
    const rows = room.seats.map((st) => {
      const f = fig.players[st.player];
      const luck = `${f.luck >= 0 ? "+" : "−"}${Math.abs(f.luck).toFixed(2)}`;
      return h("tr", { dataset: { player: st.player } }, h("th", { scope: "row", text: `${seatSymbol(st.seat)} ${colourName(st.colour)}` }),
        h("td", { text: String(f.captures) }), h("td", { text: String(f.lost) }), h("td", { text: `${f.hits} / ${f.rolls}` }),
        h("td", { class: "luck", text: luck }));
    });
    const rematch = room.rematch
      ? h("button", { type: "button", class: "primary rematch", text: t("room.rematch.join"), onclick: () => this.goRematch(room.rematch) })
      : this.you.length ? h("button", { type: "button", class: "primary rematch", text: t("room.rematch"), onclick: (e) => this.askRematch(e.currentTarget) }) : null;
    const close = h("button", { type: "button", class: "close", text: t("room.close"), onclick: () => this.hideOver() });
    clear(this.overBox).append(h("div", { class: "over-card" },
      h("h2", { id: "over-title", text: `${t("room.over.title")} — ${this.statusText()}` }),
      room.rematch ? h("p", { class: "rematch-ready", text: t("room.rematch.ready") }) : null,
      h("h3", { text: t("room.places") }),
      // who did not finish before play stopped has no place: listed without a number, never given one
      teamed ? h("ol", { class: "places teams" }, rankedTeams.map(teamPlace)) : h("ol", { class: "places" }, ranked.map(place)),
      teamed ? (restTeams.length ? h("ul", { class: "places teams unplaced", "aria-label": t("room.unplaced") }, restTeams.map((tm) => teamPlace(tm, -1))) : null)
        : rest.length ? h("ul", { class: "places unplaced", "aria-label": t("room.unplaced") }, rest.map((p) => place(p, -1))) : null,
      h("div", { class: "figures-wrap" }, h("table", { class: "figures" },
        h("thead", {}, h("tr", {}, head.map((x) => h("th", { scope: "col", text: x })))), h("tbody", {}, rows))),
      h("p", { class: "help", text: t("room.luck.help", { e: fig.expected.toFixed(1) }) }),
      this.analysisBox,
      this.seedCheck(),
      fairLine(`#/verify/${room.code}`),
      h("div", { class: "over-actions" }, rematch,
        h("a", { class: "button to-analysis", href: `#/replay/${room.code}`, text: t("an.open") }),
        h("a", { class: "button newgame", href: `#/?game=${encodeURIComponent(room.game)}`, text: t("room.newgame") }),
        h("a", { class: "button to-lobby", href: "#/", text: t("room.lobby") }),
        h("a", { class: "button to-replay", href: `#/replay/${room.code}`, text: t("room.replay") }),
        close)));
    this.loadAnalysis();
    if (this.overClosed && !focus) return;
    this.overBox.hidden = false;
    if (focus) (this.overBox.querySelector(".rematch") || close).focus();
  }

  // The analysis under the figures: asked for once (the server makes it once), shown in every redraw.
  async loadAnalysis() {
    if (this.analysisAsked) return;
    this.analysisAsked = true;
    const data = await roomAnalysis(this.code, this.analysisBox, () => { this.analysisAsked = false; this.loadAnalysis(); });
    if (data) clear(this.analysisBox).append(overSummary(data, this.room, seatSymbol));
  }

  hideOver() { this.overBox.hidden = true; this.overClosed = true; this.resultsButton.focus(); }

  async askRematch(button) {
    button.disabled = true;
    button.textContent = t("room.rematch.making");
    try {
      const res = await postJSON(`/api/rooms/${this.code}/rematch`, { token: tokenFor(this.code) });
      this.goRematch(res.code);
    } catch (e) {
      button.disabled = false;
      button.textContent = t("room.rematch");
      this.showError({ code: "rematch", message: e.message });
    }
  }

  // Every player's token holds their seat in the rematch too: this browser remembers it there.
  goRematch(code) {
    const token = tokenFor(this.code);
    if (token) rememberToken(code, token);
    location.hash = `#/room/${code}`;
  }

  // -- keys (by the key's place, so they work on any keyboard layout) ---------------------------------
  key(e) {
    const menu = this.section.querySelector(".settings");
    if (e.code === "Escape" && menu && menu.open) { menu.open = false; menu.querySelector("summary").focus(); e.preventDefault(); return; }
    const tag = (document.activeElement && document.activeElement.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey || !this.room) return;
    if (e.code === "Escape" && !this.overBox.hidden) { this.hideOver(); e.preventDefault(); return; }
    const onBoard = document.activeElement.closest?.("svg");
    if ((e.code === "KeyR" || (e.code === "Space" && tag !== "BUTTON" && !onBoard)) && this.canRoll()) {
      e.preventDefault();
      this.send("roll");
      return;
    }
    const digit = /^(?:Digit|Numpad)([1-9])$/.exec(e.code);
    if (digit && this.canMove() && this.listed) {
      const m = this.listed[Number(digit[1]) - 1];
      if (m) { e.preventDefault(); this.send(m.t); }
      return;
    }
    if (e.code === "KeyB" && this.canMove()) { this.board.focusFirst(); e.preventDefault(); }
    if (e.code === "Escape") this.board.key(e);
  }
}
