// A room: the board, the dice, whose turn it is, the moves, the log, the chat,
// the invitation and the fair-dice commitment; live over a WebSocket that
// reconnects by itself (the seat token is remembered in this browser).
import { h, clear, announce } from "./dom.js";
import { postJSON, tokenFor, rememberToken, myName, rememberName } from "./api.js";
import { t, gameName, colourName, getLang } from "./i18n.js";
import { Board, colourHex, colourInk, seatSymbol } from "./board.js";

const SKIP_EVENTS = new Set(["moved", "entered", "house", "pass"]);
const MAX_LISTED = 60;

export function describeEvents(events, room) {
  const out = [];
  for (const e of events || []) {
    if (SKIP_EVENTS.has(e.kind)) continue;
    const seat = room.seats[e.player];
    const who = seat ? colourName(seat.colour) : `#${e.player}`;
    const piece = (room.piece_names || "abcd")[e.piece] || e.piece;
    let key = `ev.${e.kind}`;
    if (e.kind === "bonus" && e.b === 1) key = "ev.bonus_lost";
    const text = t(key, { who, piece, a: e.a, b: e.b });
    out.push(text === key ? e.kind.replace(/_/g, " ") : text);
  }
  return out;
}

export function logLines(log, room) {
  // One line per roll, as in the records: "3. green [6-2] 6a 2a"; rounds of a match apart.
  const lines = [];
  let cur = null;
  for (const e of log) {
    const name = room.seats[e.p] ? room.seats[e.p].colour : String(e.p);
    if (e.k === "roll") {
      if (!(cur && cur.r === e.r && cur.p === e.p && !cur.rolled)) { cur = { r: e.r, p: e.p, name, tokens: [], rolled: false }; lines.push(cur); }
      cur.tokens.push(`[${e.v}]`);
      cur.rolled = true;
    } else {
      if (!(cur && cur.r === e.r && cur.p === e.p)) { cur = { r: e.r, p: e.p, name, tokens: [], rolled: false }; lines.push(cur); }
      cur.tokens.push(e.v);
    }
  }
  return lines;
}

export class RoomPage {
  constructor(root, code) {
    this.root = root;
    this.code = code.toUpperCase();
    this.seq = -1;
    this.you = [];
    this.log = [];
    this.chat = [];
    this.room = null;
    this.turn = null;
    this.moves = [];
    this.filter = "";
    this.alive = true;
    this.retry = 0;
    this.build();
    this.connect();
    this.keyHandler = (e) => this.key(e);
    document.addEventListener("keydown", this.keyHandler);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  destroy() {
    this.alive = false;
    document.removeEventListener("keydown", this.keyHandler);
    clearInterval(this.timer);
    if (this.ws) this.ws.close();
  }

  build() {
    this.status = h("p", { class: "status", role: "status" });
    this.alert = h("p", { class: "alert", role: "alert", hidden: true });
    this.lastLine = h("p", { class: "last" });
    this.diceBox = h("div", { class: "dice", "aria-label": t("room.dice") });
    this.rollButton = h("button", { type: "button", class: "roll primary", text: t("room.roll"), onclick: () => this.send("roll"), hidden: true });
    this.boardHost = h("div", { class: "board-host" });
    this.turnbar = h("div", { class: "turnbar" }, this.diceBox, this.rollButton);
    this.board = new Board(this.boardHost, { onPlay: (text) => this.send(text), actionsHost: this.turnbar });
    this.playersBox = h("ol", { class: "players" });
    this.movesBox = h("div", { class: "moves" });
    this.inviteBox = h("section", { class: "panel invite", hidden: true });
    this.joinBox = h("section", { class: "panel join", hidden: true });
    this.logBox = h("ol", { class: "log" });
    this.chatList = h("ol", { class: "chat-list", "aria-live": "polite" });
    this.chatInput = h("input", { type: "text", maxlength: 200, "aria-label": t("room.say"), placeholder: t("room.say") });
    this.chatForm = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.say(); } },
      this.chatInput, h("button", { type: "submit", text: t("room.send") }));
    this.fairBox = h("section", { class: "panel fair" });
    this.title = h("h1", { class: "room-title" });
    this.section = h("section", { class: "room" });
    this.section.append(
        h("div", { class: "room-main" }, this.title, this.status, this.alert,
          this.turnbar, this.lastLine, this.boardHost,
          h("p", { class: "keys muted", text: t("room.keys") })),
        h("aside", { class: "room-side" },
          this.joinBox, this.inviteBox,
          h("section", { class: "panel" }, h("h2", { text: t("room.players") }), this.playersBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.moves") }), this.movesBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.log") }), this.logBox),
          h("section", { class: "panel" }, h("h2", { text: t("room.chat") }), this.chatList, this.chatForm),
          this.fairBox));
    clear(this.root).append(this.section);
    this.status.textContent = t("room.connecting");
  }

  // -- the connection ------------------------------------------------------------------
  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    ws.onopen = () => { this.retry = 0; ws.send(JSON.stringify({ type: "hello", token: tokenFor(this.code), lang: getLang() })); };
    ws.onmessage = (e) => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (!this.alive || this.ws !== ws) return;
      if (this.notFound) return;
      this.status.textContent = t("room.reconnecting");
      const wait = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (this.alive && this.ws === ws) this.connect(); }, wait);
    };
  }

  reconnect() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close();
    this.connect();
  }

  send(action) {
    if (!this.ws || this.ws.readyState !== 1) return;
    this.ws.send(JSON.stringify({ type: "act", seq: this.seq, action, id: Math.random().toString(36).slice(2, 12) }));
  }

  say() {
    const text = this.chatInput.value.trim();
    if (!text || !this.ws) return;
    this.ws.send(JSON.stringify({ type: "chat", text: text.slice(0, 200) }));
    this.chatInput.value = "";
  }

  receive(msg) {
    if (msg.type === "welcome") { this.you = msg.you; this.host = msg.host; return; }
    if (msg.type === "error") { this.showError(msg); return; }
    if (msg.type === "chat") { this.chat.push(msg); this.drawChat(); return; }
    if (msg.type === "state") this.onState(msg);
  }

  showError(msg) {
    if (msg.code === "room") { this.notFound = true; this.status.textContent = t("room.notfound"); return; }
    const text = msg.code === "stale" ? t("err.stale") : t("err.generic", { message: msg.message });
    this.alert.textContent = text;
    this.alert.hidden = false;
    announce(text);
    clearTimeout(this.alertTimer);
    this.alertTimer = setTimeout(() => { this.alert.hidden = true; }, 6000);
  }

  onState(msg) {
    const fresh = msg.seq > this.seq && this.seq >= 0;
    this.room = msg.room;
    this.turn = msg.turn;
    this.winner = msg.winner;
    if (msg.log) this.log = msg.log.slice();
    else if (msg.last && fresh && !this.log.some((e) => e.n === msg.last.n)) this.log.push(msg.last);
    if (msg.chat) this.chat = msg.chat.slice();
    this.seq = msg.seq;
    const players = this.room.seats.map((st) => ({ player: st.player, seat: st.seat, colour: st.colour, name: st.name }));
    const seatColours = this.room.colours || [];
    if (msg.layout) this.board.setup(msg.layout, seatColours);
    this.board.pieceNames = this.room.piece_names;
    this.board.update(msg.position, players, fresh ? msg.last : null);
    this.moves = this.canMove() ? msg.moves : [];
    this.board.setMoves(this.moves, this.room.piece_names);
    if (fresh && msg.last) this.announceLast(msg.last);
    this.draw();
    // what the page shows, for scripts and tests: position number, status, whose turn, our seats
    Object.assign(this.section.dataset, { seq: String(msg.seq), status: this.room.status,
      turn: String(this.turn.player), phase: this.turn.phase, you: this.you.join(",") });
  }

  canMove() {
    return this.turn && this.turn.phase === "move" && this.you.includes(this.turn.player);
  }

  canRoll() {
    return this.turn && this.turn.phase === "roll" && this.you.includes(this.turn.player);
  }

  announceLast(last) {
    const seat = this.room.seats[last.p];
    const who = seat ? `${colourName(seat.colour)}` : "";
    const head = last.k === "roll" ? t("ev.rolls", { who, dice: last.v }) : t("ev.plays", { who, move: last.v });
    const text = [head, ...describeEvents(last.events, this.room)].join(" — ");
    this.lastLine.textContent = text;
    this.lastLine.classList.remove("flash");
    void this.lastLine.offsetWidth;
    this.lastLine.classList.add("flash");
    announce(text);
  }

  // -- drawing the panels --------------------------------------------------------------------
  draw() {
    const room = this.room;
    document.title = `${gameName(room.game, room.title)} · ${room.code}`;
    this.title.textContent = `${gameName(room.game, room.title)} · ${room.code}`;
    this.drawStatus();
    this.drawDice();
    this.rollButton.hidden = !this.canRoll();
    this.drawPlayers();
    this.drawMoves();
    this.drawLog();
    this.drawChat();
    this.drawInvite();
    this.drawJoin();
    this.drawFair();
    this.chatForm.hidden = !this.you.length;
    if (this.canRoll() && !this.rolledFocus) { this.rollButton.focus({ preventScroll: true }); }
    this.rolledFocus = this.canRoll();
  }

  statusText() {
    const room = this.room, turn = this.turn;
    if (room.status === "waiting") return t("room.waiting");
    if (room.status === "over" || turn.phase === "over") {
      const w = this.winner;
      if (w === null || w === undefined) return t("room.over");
      const seat = room.seats[w];
      return t(room.wins > 1 ? "room.matchwinner" : "room.winner", { colour: colourName(seat.colour), name: seat.name });
    }
    const seat = room.seats[turn.player];
    const colour = colourName(seat.colour);
    if (this.you.includes(turn.player)) {
      const key = turn.phase === "roll" ? "room.turn.you.roll" : this.board.stage() === "fence" ? "board.turn.fence" : "room.turn.you.move";
      return t(key, { colour });
    }
    if (turn.actor === "bot") return t("room.turn.bot", { colour });
    if (turn.actor === "standin") return t("room.turn.standin", { colour });
    if (turn.absent) {
      let text = t("room.turn.absent", { colour });
      if (this.standinAt) text += t("room.turn.absent.in", { s: Math.max(0, Math.round((this.standinAt - Date.now()) / 1000)) });
      return text + (this.standinAt ? "" : ".");
    }
    return t("room.turn.other", { colour, name: seat.name });
  }

  drawStatus() {
    const turn = this.turn;
    this.standinAt = turn && turn.standin_in !== null && turn.standin_in !== undefined ? Date.now() + turn.standin_in * 1000 : null;
    let text = this.statusText();
    if (this.room.wins > 1) {
      text += " " + t("room.round", { n: this.room.round, w: this.room.wins, score: this.room.score.join(":") });
    }
    if (!this.you.length && this.room.status !== "over") text += " " + t("room.spectator");
    this.status.textContent = text;
    const seat = turn && turn.player !== null ? this.room.seats[turn.player] : null;
    this.status.style.borderColor = seat ? colourHex(seat.colour) : "";
  }

  tick() { if (this.room && this.standinAt) this.drawStatus(); }

  drawDice() {
    clear(this.diceBox);
    const roll = this.turn.roll || [], left = [...(this.turn.dice || [])];
    for (const d of roll) {
      const i = left.indexOf(d);
      const used = i < 0;
      if (!used) left.splice(i, 1);
      this.diceBox.append(h("span", { class: "die" + (used ? " used" : ""), text: String(d), "aria-label": `${d}${used ? " (used)" : ""}` }));
    }
    for (const d of left) this.diceBox.append(h("span", { class: "die bonus", text: String(d) }));
  }

  drawPlayers() {
    clear(this.playersBox);
    for (const st of this.room.seats) {
      const me = this.you.includes(st.player);
      const turn = this.turn.player === st.player;
      const kind = st.kind === "bot" ? `${t("seat.bot")} (${t("seat.level", { n: st.level })})`
        : st.open ? t("seat.open") : st.standin ? t("seat.standin") : st.present ? t("seat.here") : t("seat.away");
      const li = h("li", { class: "player" + (turn ? " turn" : "") + (me ? " me" : "") },
        h("span", { class: "sym", text: seatSymbol(st.seat), "aria-hidden": "true" }),
        h("strong", { text: colourName(st.colour) }), " ",
        h("span", { class: "pname", text: st.name }),
        me ? h("em", { text: ` (${t("seat.you")})` }) : null,
        h("span", { class: "pkind muted", text: ` — ${kind}` }),
        this.room.wins > 1 ? h("span", { class: "score", text: ` ${this.room.score[st.player]}` }) : null,
        turn ? h("span", { class: "turnmark", text: " ◀", "aria-label": "to play" }) : null);
      li.querySelector(".sym").style.color = colourInk(st.colour);
      li.style.borderColor = colourHex(st.colour);
      this.playersBox.append(li);
    }
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
    if (list.length > MAX_LISTED && f) list = list.filter((m) => m.t.includes(f));
    const shown = list.slice(0, MAX_LISTED);
    shown.forEach((m, i) => {
      const b = h("button", { type: "button", class: "move", dataset: { move: m.t },
        onclick: () => this.send(m.t), onmouseenter: () => this.board.preview(m), onmouseleave: () => this.board.preview(null),
        onfocus: () => this.board.preview(m), onblur: () => this.board.preview(null) },
        i < 9 ? h("kbd", { text: String(i + 1) }) : null, ` ${m.t}`);
      ul.append(h("li", {}, b));
    });
    this.listed = shown;
    if (list.length > shown.length) ul.append(h("li", { class: "muted", text: t("room.more", { n: list.length - shown.length }) }));
  }

  drawLog() {
    clear(this.logBox);
    const lines = logLines(this.log, this.room);
    let round = 0, n = 0;
    for (const line of lines) {
      if (line.r !== round) { round = line.r; n = 0; if (this.room.wins > 1) this.logBox.append(h("li", { class: "round", text: `— ${round} —` })); }
      n += 1;
      this.logBox.append(h("li", { text: `${n}. ${line.name} ${line.tokens.join(" ")}` }));
    }
    this.logBox.scrollTop = this.logBox.scrollHeight;
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
    const show = room.status === "waiting" || (open.length && this.you.length);
    this.inviteBox.hidden = !show;
    if (!show) return;
    const link = `${location.origin}/r/${room.code}`;
    const copy = h("button", { type: "button", text: t("room.copy"), onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t("room.copied"); } catch { linkInput.select(); }
    } });
    const linkInput = h("input", { type: "text", readonly: true, value: link, class: "link", "aria-label": "link" });
    clear(this.inviteBox).append(h("h2", { text: t("room.invite") }), linkInput, copy,
      h("p", {}, `${t("room.code")}: `, h("strong", { class: "code", text: room.code })));
  }

  drawJoin() {
    const open = this.room.seats.filter((st) => st.open);
    const show = open.length > 0 && !this.you.length;
    this.joinBox.hidden = !show;
    if (!show) return;
    const name = h("input", { type: "text", maxlength: 24, value: myName(), "aria-label": t("lobby.yourname"), placeholder: t("lobby.yourname"), class: "name" });
    clear(this.joinBox).append(h("h2", { text: t("lobby.join") }), h("label", {}, `${t("lobby.yourname")} `, name));
    for (const st of open) {
      const b = h("button", { type: "button", class: "primary take", dataset: { player: st.player },
        text: `${seatSymbol(st.seat)} ${t("room.take", { colour: colourName(st.colour) })}`,
        onclick: async () => {
          try {
            rememberName(name.value.trim());
            const res = await postJSON(`/api/rooms/${this.code}/join`, { player: st.player, name: name.value.trim() });
            rememberToken(this.code, res.token);
            this.reconnect();
          } catch (e) { this.showError({ code: "join", message: e.message }); }
        } });
      this.joinBox.append(b);
    }
  }

  drawFair() {
    const room = this.room;
    clear(this.fairBox).append(h("h2", { text: t("room.commit") }), h("code", { class: "hash", text: room.commit }));
    if (room.status === "over") {
      this.fairBox.append(h("p", { text: t("room.reveal", { seed: room.seed, salt: room.salt }) }));
    }
    this.fairBox.append(h("p", {},
      h("a", { href: `/api/rooms/${room.code}/record`, download: `${room.game}-${room.code}.txt`, text: t("room.record") }),
      room.status === "over" ? " · " : null,
      room.status === "over" ? h("a", { href: `#/verify/${room.code}`, text: t("room.verify") }) : null));
  }

  // -- keys -----------------------------------------------------------------------------------
  key(e) {
    const tag = (document.activeElement && document.activeElement.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
    if ((e.key === "r" || e.key === "R" || (e.key === " " && tag !== "BUTTON" && !document.activeElement.closest?.("svg"))) && this.canRoll()) {
      e.preventDefault();
      this.send("roll");
      return;
    }
    if (/^[1-9]$/.test(e.key) && this.canMove() && this.listed) {
      const m = this.listed[Number(e.key) - 1];
      if (m) { e.preventDefault(); this.send(m.t); }
      return;
    }
    if (e.key === "b" && this.canMove()) { this.board.focusFirst(); e.preventDefault(); }
    if (e.key === "Escape") this.board.key(e);
  }
}
