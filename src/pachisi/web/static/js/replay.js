// Replay a record step by step in the browser: pasted, uploaded, or a room's (#/replay/CODE).  The board is
// at the top with the controls beside it (under it on a phone); ← → Home End work anywhere on the page,
// Space plays and pauses.  It plays by itself at the speed chosen, and every roll and move is listed: a
// click on one shows the board at it.
import { h, clear, announce } from "./dom.js";
import { getText, postText } from "./api.js";
import { t, gameName, colourName } from "./i18n.js";
import { Board, colourHex } from "./board.js";
import { describeEvents, moveSentence } from "./room.js";
import { spinner, failure } from "./wait.js";
import { roomAnalysis, recordAnalysis, equityGraph, markWords } from "./analysis.js";

// Autoplay speeds: the time each step is shown (ms).
export const AUTOPLAY = { "0.5": 1600, "1": 800, "2": 400, "4": 150 };

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
  let keys = null, timer = null;

  async function load(text = area.value) {
    clear(status).append(spinner(t("wait.replay")));
    try {
      const data = await postText("/api/replay", text);
      clear(status);
      show(data, text);
    } catch (e) {
      clear(status).append(failure(t("replay.failed"), e, () => load(text)));
    }
  }

  function show(data, text) {
    form.open = false;
    const players = data.colours.map((c, i) => ({ player: i, seat: data.seats[i], colour: c }));
    const room = { game: data.game, seats: players.map((p) => ({ colour: p.colour })), piece_names: data.piece_names,
                   dice: data.dice, weights: data.weights };
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
    const sentence = (f) => {
      const who = f.player !== null && players[f.player] ? colourName(players[f.player].colour) : "";
      return f.kind === "roll" ? t("ev.rolls", { who, dice: f.value }) : f.kind === "move" ? moveSentence(room, f.player, f.value, f.d) : gameName(data.game, data.title);
    };
    // every step, to click; the one shown is marked and kept in view
    const list = h("ol", { class: "replay-moves", "aria-label": t("replay.moves") }, data.frames.map((f, j) => {
      const b = h("button", { type: "button", class: `step ${f.kind}`, dataset: { step: j }, onclick: () => { pause(); go(j); } }, sentence(f));
      if (f.player !== null && players[f.player]) b.style.borderLeftColor = colourHex(players[f.player].colour);
      return h("li", {}, b);
    }));
    const steps = list.querySelectorAll("button.step");
    // the analysis (a room's replay): each frame's step of its game, the graph of the game on view
    const analysisBox = h("div", { class: "replay-analysis" });
    const bestBox = h("p", { class: "best-move" });
    let analysis = null, graph = null, graphRound = null;
    const stepAt = [];                                      // frame -> [game index, step index] (-1: its start)
    {
      let round = null, k = 0;
      for (const f of data.frames) {
        if (f.kind === "start" || f.round !== round) { round = f.round; k = -1; }
        stepAt.push([f.round - 1, k]);
        k += 1;
      }
    }
    const stepOf = (j) => { const [g, k] = stepAt[j]; return analysis && k >= 0 && analysis.games[g] ? analysis.games[g].steps[k] : null; };
    const showGraph = () => {
      if (!analysis) return;
      const [g, k] = stepAt[i];
      if (graphRound !== g && analysis.games[g]) {
        graph = equityGraph(analysis.games[g], data.colours, (n) => {
          pause();
          const j = stepAt.findIndex(([gg, kk]) => gg === g && kk === n - 1);
          if (j >= 0) go(j);
        });
        graphRound = g;
        clear(analysisBox).append(graph.el);
      }
      if (graph) graph.mark(k + 1);
    };
    // a marked move: its words, and a button that shows the position before it with the best move drawn
    const drawBest = () => {
      clear(bestBox);
      const st = stepOf(i);
      if (!st || !st.mark) return;
      bestBox.append(h("span", { class: `mark mark-${st.mark === "??" ? "bad2" : st.mark === "?" ? "bad" : "doubtful"}`, text: markWords(st) }));
      if (st.best_board && i > 0) {
        const at = i;
        bestBox.append(" ", h("button", { type: "button", class: "show-best", text: t("an.showbest"), onclick: (e) => {
          if (i !== at) return;
          pause();
          board.update(data.frames[at - 1].position, players, null);
          board.preview(st.best_board);
          e.currentTarget.replaceWith(h("span", { class: "best-shown", role: "status", text: t("an.bestshown", { best: st.best }) }));
        } }));
      }
    };
    const go = (j) => {
      const prev = i;
      i = Math.max(0, Math.min(data.frames.length - 1, j));
      const f = data.frames[i];
      if (layouts[i] !== shownLayout) { board.setup(layouts[i], data.seat_colours); shownLayout = layouts[i]; }
      board.preview(null);
      // one step forward: the board walks that move along its route; a jump just shows the position
      board.update(f.position, players, i === prev + 1 ? { k: f.kind, v: f.value, route: f.route } : null);
      caption.textContent = [sentence(f), ...describeEvents(f.s, room)].join(" — ");
      showGraph();
      drawBest();
      counter.textContent = t("replay.step", { i: i + 1, n: data.frames.length });
      slider.value = String(i);
      steps[prev].removeAttribute("aria-current");
      steps[i].setAttribute("aria-current", "step");
      const top = steps[i].offsetTop;                        // in view in the list (its offset parent), not the page
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - steps[i].offsetHeight) list.scrollTop = top - list.clientHeight / 2;
      if (!timer) announce(caption.textContent);             // while it plays, the screen reader is not flooded
    };
    // autoplay: one step every AUTOPLAY[speed] ms to the end
    const playButton = h("button", { type: "button", class: "primary play", id: "play", "aria-pressed": "false", text: t("replay.play"), onclick: () => (timer ? pause() : play()) });
    const speed = h("select", { id: "replay-speed", "aria-label": t("replay.speed"), onchange: () => { if (timer) { pause(); play(); } } },
      Object.keys(AUTOPLAY).map((k) => h("option", { value: k, text: `${k}×`, selected: k === "1" })));
    function play() {
      if (i >= data.frames.length - 1) go(0);
      playButton.textContent = t("replay.pause");
      playButton.setAttribute("aria-pressed", "true");
      timer = setInterval(() => { go(i + 1); if (i >= data.frames.length - 1) pause(); }, AUTOPLAY[speed.value]);
    }
    function pause() {
      clearInterval(timer);
      timer = null;
      playButton.textContent = t("replay.play");
      playButton.setAttribute("aria-pressed", "false");
    }
    pause();
    slider.addEventListener("input", () => { pause(); go(Number(slider.value)); });
    // The keys work wherever the focus is (the board, a button, the page), except while typing a record.
    if (keys) document.removeEventListener("keydown", keys);
    keys = (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest("textarea, input:not([type=range]), select")) return;
      if (e.key === " " && !e.target.closest("button")) { e.preventDefault(); if (timer) pause(); else play(); return; }
      const map = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: data.frames.length - 1 };
      if (e.key in map) { e.preventDefault(); pause(); go(map[e.key]); }
    };
    document.addEventListener("keydown", keys);
    const controls = h("div", { class: "controls" },
      h("button", { type: "button", text: t("replay.first"), onclick: () => { pause(); go(0); } }),
      h("button", { type: "button", text: t("replay.prev"), id: "prev", onclick: () => { pause(); go(i - 1); } }),
      h("button", { type: "button", text: t("replay.next"), id: "next", onclick: () => { pause(); go(i + 1); } }),
      h("button", { type: "button", text: t("replay.last"), onclick: () => { pause(); go(data.frames.length - 1); } }), slider, counter,
      h("div", { class: "autoplay" }, playButton, h("label", { for: "replay-speed", text: t("replay.speed") }), speed));
    clear(viewer).append(h("div", { class: "replay-board" }, host),
      h("div", { class: "replay-side" }, h("h2", { text: gameName(data.game, data.title) }), controls, caption, bestBox, analysisBox,
        h("p", { class: "help keys", text: `${t("replay.keys")} · ${t("replay.keys.play")}` }), list,
        code ? h("p", {}, h("a", { href: `#/room/${code}`, text: t("replay.toroom", { code }) }), " · ",
                          h("a", { href: `#/verify/${code}`, text: t("room.verify") })) : null));
    go(0);
    loadAnalysis();

    // The analysis (a room's, made once on the server; else the record's): the marks on the moves, the
    // graph, the best moves.
    async function loadAnalysis() {
      const got = code ? await roomAnalysis(code, analysisBox, loadAnalysis) : await recordAnalysis(text, analysisBox, loadAnalysis);
      if (!got) return;
      analysis = got;
      data.frames.forEach((f, j) => {
        const st = stepOf(j);
        if (st && st.mark) {
          steps[j].append(h("span", { class: `mark mark-${st.mark === "??" ? "bad2" : st.mark === "?" ? "bad" : "doubtful"}`,
                                      title: markWords(st), text: ` ${st.mark}` }));
          steps[j].dataset.mark = st.mark;
        }
      });
      showGraph();
      drawBest();
    }
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
  return { destroy() { clearInterval(timer); if (keys) document.removeEventListener("keydown", keys); } };
}
