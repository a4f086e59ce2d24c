// What a table offers beyond the moves (the server's web/table.py): the turn clock's countdown on the
// seat to move, resigning, "I am back" after the clock's bot played for you, undo at a hot-seat table,
// and quick reactions over the board.  The room (room.js) calls update() after each state, decorate()
// after drawing its players and tick() every second; the lobby takes tableFields() for a table set by hand.
import { h, clear, announce } from "./dom.js";
import { t, colourName, getLang, listOf } from "./i18n.js";
import { postJSON, tokenFor } from "./api.js";
import { colourHex } from "./board.js";
import { reducedMotion } from "./anim.js";

export const REACTIONS = ["👍", "😂", "😮", "😢", "🔥", "👏"];     // as the server's schemas.REACTIONS
const SHOWN_MS = 2600;

export class Table {
  constructor(page) {
    this.page = page;
    this.deadline = null;           // when the decision on turn times out (Date.now() ms), or null
    this.clockBadge = h("span", { class: "clock-badge", role: "timer", hidden: true });
    this.backBox = h("p", { class: "back-box", hidden: true });
    this.confirming = false;
    this.resignButton = h("button", { type: "button", class: "resign", text: t("table.resign"), onclick: () => this.askResign() });
    this.undoButton = h("button", { type: "button", class: "undo", text: t("table.undo"), onclick: () => this.undo() });
    this.hintButton = h("button", { type: "button", class: "hint", text: t("table.hint"), onclick: () => this.hint() });
    this.reactBar = h("div", { class: "reactions", role: "group", "aria-label": t("table.react") },
      REACTIONS.map((e) => h("button", { type: "button", class: "react", text: e, "aria-label": t("table.react.one", { emoji: e }),
                                         dataset: { emoji: e }, onclick: () => this.react(e) })));
    this.bar = h("div", { class: "table-bar" }, this.hintButton, this.undoButton, this.resignButton, this.reactBar);
    this.bubbles = h("div", { class: "bubbles", "aria-hidden": "true" });
  }

  // Where its parts go: the countdown in the turn bar, the rest under the board.
  mount(turnbar, boardHost, after) {
    turnbar.append(this.clockBadge);
    boardHost.append(this.bubbles);
    after.after(this.backBox, this.bar);
  }

  send(msg) {
    const ws = this.page.ws;
    if (ws && ws.readyState === 1 && !this.page.offline) ws.send(JSON.stringify(msg));
  }

  // -- after each state -----------------------------------------------------------------------
  update(msg) {
    const page = this.page, room = page.room, turn = page.turn;
    this.deadline = turn.clock_in !== null && turn.clock_in !== undefined ? Date.now() + turn.clock_in * 1000 : null;
    // a seat this screen held was resigned: its connection no longer acts for it (a fresh hello says so)
    if (page.you.some((p) => room.seats[p] && room.seats[p].resigned)) { page.reconnect(); return; }
    if (this.hintSeq !== undefined && this.hintSeq !== page.seq) { page.board.preview(null); this.hintSeq = undefined; }
    if (msg.undone) { page.lastLine.textContent = t("table.undone", { move: msg.undone }); announce(page.lastLine.textContent); }
    this.draw();
  }

  draw() {
    const page = this.page, room = page.room;
    const playing = room.status === "playing";
    const mine = page.you.filter((p) => !room.seats[p].resigned);
    this.resignButton.hidden = !playing || !mine.length;
    if (!this.confirming) this.resignButton.textContent = t("table.resign");
    this.undoButton.hidden = !playing || !room.hotseat;
    this.hintButton.hidden = !playing || !room.hints || !page.canMove();
    this.hintButton.disabled = !page.canAct() || this.hinting;
    this.undoButton.disabled = !page.log.some((e) => e.k === "move" && e.r === room.round) || !page.canAct();
    for (const b of this.reactBar.querySelectorAll("button")) b.disabled = page.offline;
    const away = mine.filter((p) => room.seats[p].standin);
    this.backBox.hidden = !away.length || !playing;
    if (away.length) {
      clear(this.backBox).append(t("table.standin", { colour: away.map((p) => colourName(room.seats[p].colour)).join(", ") }), " ",
        h("button", { type: "button", class: "primary back", text: t("table.back"), onclick: () => this.send({ type: "back" }) }));
    }
    this.tick();
  }

  // The seat to move says how long is left (the players' list was drawn again).
  decorate() { this.tick(); }

  tick() {
    const page = this.page;
    const left = this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    this.clockBadge.hidden = left === null;
    for (const el of page.playersBox.querySelectorAll(".clock")) el.remove();
    if (left === null) return;
    const seat = page.room.seats[page.turn.player];
    const said = t("table.clock.left", { s: left, colour: colourName(seat.colour) });
    this.clockBadge.textContent = t("table.clock.s", { s: left });
    this.clockBadge.setAttribute("aria-label", said);
    this.clockBadge.classList.toggle("low", left <= 5);
    const li = page.playersBox.querySelector(`li.player[data-player="${page.turn.player}"]`);
    if (li) li.append(h("span", { class: "clock" + (left <= 5 ? " low" : ""), title: said, text: ` ${t("table.clock.s", { s: left })}` }));
  }

  // -- resigning: a second press confirms ----------------------------------------------------------
  askResign() {
    const page = this.page;
    if (!this.confirming) {
      this.confirming = true;
      // a person holding several seats gives them all up: the button names their colours
      const gives = page.resigns[page.you.indexOf(this.resigning())] || [];
      this.resignButton.textContent = gives.length > 1
        ? t("table.resign.sure.all", { colours: listOf(gives.map((p) => colourName(page.room.seats[p].colour))) })
        : t("table.resign.sure");
      this.resignButton.classList.add("danger");
      clearTimeout(this.confirmTimer);
      this.confirmTimer = setTimeout(() => { this.confirming = false; this.resignButton.classList.remove("danger"); this.draw(); }, 5000);
      return;
    }
    this.confirming = false;
    this.resignButton.classList.remove("danger");
    this.send({ type: "resign", player: this.resigning() });
  }

  // the seat a resignation names: the one on turn if it is this screen's, else its first still playing
  resigning() {
    const page = this.page;
    return page.you.includes(page.turn.player) ? page.turn.player : page.you.find((p) => !page.room.seats[p].resigned);
  }

  undo() { this.send({ type: "undo", seq: this.page.seq }); }

  // Level 6's move for the player on turn, said under the board and drawn on it (its route and landing).
  async hint() {
    const page = this.page, seq = page.seq;
    this.hinting = true;
    this.draw();
    try {
      const got = await postJSON(`/api/rooms/${encodeURIComponent(page.code)}/hint`, { token: tokenFor(page.code) });
      if (page.seq !== seq) return;                     // the game moved on meanwhile
      const move = page.moves.find((m) => m.t === got.move || (m.same || []).includes(got.move));
      const said = move && move.words && move.words[getLang()] ? `${got.move} — ${move.words[getLang()]}` : got.move;
      page.lastLine.textContent = got.equity === null ? t("table.hint.move", { move: said })
        : t("table.hint.chance", { move: said, chance: `${Math.round(100 * got.equity)}%` });
      announce(page.lastLine.textContent);
      if (move) { page.board.preview(move); this.hintSeq = seq; }
    } catch (e) {
      page.lastLine.textContent = e.message;
    } finally {
      this.hinting = false;
      this.draw();
    }
  }

  react(emoji) { this.send({ type: "react", emoji }); }

  // A reaction floats over the board for a moment, in the colour of the seat it came from.
  reaction(msg) {
    const room = this.page.room;
    const seat = room && msg.player !== null && msg.player !== undefined ? room.seats[msg.player] : null;
    const who = seat ? colourName(seat.colour) : t("table.spectator");
    const el = h("span", { class: "bubble" + (reducedMotion() ? " still" : ""), dataset: { emoji: msg.emoji } },
      h("span", { class: "emoji", text: msg.emoji }), h("span", { class: "who", text: who }));
    if (seat) el.style.borderColor = colourHex(seat.colour);
    this.bubbles.append(el);
    while (this.bubbles.children.length > 6) this.bubbles.firstChild.remove();
    setTimeout(() => el.remove(), SHOWN_MS);
  }
}

// The lobby's fields for the turn clock of a table set by hand; read() gives the request's `table`.
export function tableFields() {
  const clock = h("input", { type: "number", id: "clock", min: 0, max: 3600, step: 5, value: 0, "aria-describedby": "clock-help" });
  const misses = h("input", { type: "number", id: "misses", min: 1, max: 20, value: 3 });
  const then = h("select", { id: "then" }, ["bot", "forfeit"].map((v) => h("option", { value: v, text: t(`table.then.${v}`) })));
  const more = h("div", { class: "clock-more" },
    h("div", { class: "row" }, h("label", { for: "misses", text: t("table.misses") }), misses),
    h("div", { class: "row" }, h("label", { for: "then", text: t("table.then") }), then));
  const show = () => { more.hidden = !(Number(clock.value) > 0); };
  clock.addEventListener("input", show);
  show();
  const hints = h("input", { type: "checkbox", id: "hints" });
  const element = h("details", { class: "house clock-options" }, h("summary", { text: t("table.clock") }),
    h("div", { class: "row" }, h("label", { for: "clock", text: t("table.clock.seconds") }), clock),
    h("p", { class: "help", id: "clock-help", text: t("table.clock.help") }), more,
    h("div", { class: "row" }, h("label", { for: "hints" }, hints, ` ${t("table.hints")}`)),
    h("p", { class: "help", text: t("table.hints.help") }));
  return { element, read: () => ({ clock: Math.max(0, Math.round(Number(clock.value) || 0)), misses: Number(misses.value) || 3, then: then.value,
                                   hints: hints.checked }) };
}
