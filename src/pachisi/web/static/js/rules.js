// How to play each game (docs/play/<game>.md, rendered by the server with its diagrams, each drawn here by
// the board renderer: the position, the move's path, and the position after it at a button's press),
// and one link further every house rule and preset of the game, named and explained as the lobby shows them
// (the rules as implemented, docs/games/<game>.md, are for developers: option values, commands, positions).
import { h, clear } from "./dom.js";
import { getJSON, lobby } from "./api.js";
import { t, gameName, getLang } from "./i18n.js";
import { Board } from "./board.js";
import { spinner, failure } from "./wait.js";
import { told, valueName } from "./lobby.js";

function drawDiagram(figure, d, pieceNames) {
  const host = h("div", { class: "board-host" });
  const board = new Board(host, { toolbar: false });
  board.pieceNames = pieceNames;
  board.setup(d.layout, d.seat_colours);
  board.svg.setAttribute("aria-label", `${t("rules.diagram")}: ${figure.querySelector("figcaption").textContent}`);
  let after = false;
  const show = () => {
    board.update(after ? d.after : d.before, d.players);
    board.preview(after ? null : d.move);
    toggle.textContent = after ? t("rules.undo") : t("rules.playit");
    toggle.setAttribute("aria-pressed", String(after));
  };
  const toggle = h("button", { type: "button", class: "play-move", onclick: () => { after = !after; show(); } });
  const facts = [d.dice.length ? t("rules.dice", { dice: d.dice.join(" + ") }) : "", d.move ? t("rules.move", { move: d.move.words?.[getLang()] ? `${d.move.words[getLang()]} (${d.move.t})` : d.move.t }) : ""].filter(Boolean);
  figure.prepend(host);
  figure.append(h("div", { class: "diagram-controls" }, facts.length ? h("span", { class: "facts", text: facts.join(" · ") }) : null,
    d.move ? toggle : null));
  show();
}

// Every preset and house rule of `game`, each with its name, its help and its choices, in the page's language.
function houseRules(body, game) {
  const option = (name) => game.options.find((o) => o.name === name);
  const presets = game.preset_info.map((p) => {
    const changes = Object.entries(p.values).map(([k, v]) => option(k) ? `${told(option(k).title, k)}: ${valueName(option(k), v)}` : null).filter(Boolean);
    return h("li", {}, h("strong", { text: told(p.title, p.name) }), told(p.help, "") ? ` — ${told(p.help, "")}` : "",
      changes.length ? h("div", { class: "help", text: t("lobby.preset.changes", { list: changes.join("; ") }) }) : null);
  });
  const options = game.options.map((o) => {
    const choices = o.kind === "bool" ? [] : o.choices.map((c) => valueName(o, c));
    return h("li", {}, h("strong", { text: told(o.title, o.name) }), ` — ${told(o.player_help, o.help)}`,
      h("div", { class: "help" }, choices.length ? `${t("rules.house.choices", { list: choices.join(", ") })} ` : "",
        t("rules.house.default", { value: valueName(o, o.default) })));
  });
  body.append(h("p", { text: t("rules.house.intro") }),
    h("h2", { text: t("rules.house.presets") }), h("ul", { class: "house-list" }, presets),
    h("h2", { text: t("rules.house.options") }), h("ul", { class: "house-list" }, options),
    h("p", { class: "more" }, h("a", { href: `#/rules/${game.name}`, text: t("rules.back") })));
}

export async function rulesPage(root, name, full = false) {
  clear(root).append(spinner(t("wait.rules")));
  const data = await lobby();
  const nav = h("nav", { "aria-label": t("rules.title") }, h("ul", { class: "game-links" }, data.games.map((g) =>
    h("li", {}, h("a", { href: `#/rules/${g.name}`, text: gameName(g.name, g.title), "aria-current": g.name === name ? "page" : null })))));
  const body = h("article", { class: "rules" });
  const game = data.games.find((g) => g.name === name);
  const title = game ? t(full ? "rules.full.title" : "rules.howto", { game: gameName(game.name, game.title) }) : t("rules.title");
  clear(root).append(h("div", { class: "page rules-page" }, h("h1", { text: title }), name ? nav : null, body));
  document.title = `${title} · pachisi`;
  if (!name) {
    body.append(h("p", { text: t("rules.index") }), h("ul", { class: "rules-index" }, data.games.map((g) =>
      h("li", {}, h("a", { href: `#/rules/${g.name}`, class: "howto", text: t("rules.howto", { game: gameName(g.name, g.title) }) }),
        " · ", h("a", { href: `#/rules/${g.name}/full`, text: t("rules.full") })))));
    return;
  }
  if (full && game) { houseRules(body, game); return; }
  const load = async () => {
    clear(body).append(spinner(t("wait.rules")));
    try {
      const page = await getJSON(`/api/games/${encodeURIComponent(name)}/play`);
      clear(body);
      // The server renders our own markdown with raw HTML disabled, so the page holds no markup of anyone else's.
      body.innerHTML = page.html;
      // A how-to-play page's own first heading is the page's title above.
      const h1 = body.querySelector("h1");
      if (h1) h1.remove();
      for (const fig of body.querySelectorAll("figure[data-diagram]")) drawDiagram(fig, page.diagrams[Number(fig.dataset.diagram)], game ? game.piece_names : "abcd");
      body.append(h("p", { class: "more" }, h("a", { href: `#/rules/${name}/full`, id: "full-rules", text: t("rules.full") })));
    } catch (e) {
      clear(body).append(failure(t("rules.failed"), e, load));
    }
  };
  await load();
}
