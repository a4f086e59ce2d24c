// The rules of each game on its own page (docs/games/<game>.md, rendered by the server).
import { h, clear } from "./dom.js";
import { getJSON, lobby } from "./api.js";
import { t, gameName } from "./i18n.js";

export async function rulesPage(root, name) {
  const data = await lobby();
  const nav = h("ul", { class: "game-links" }, data.games.map((g) =>
    h("li", {}, h("a", { href: `#/rules/${g.name}`, text: gameName(g.name, g.title), "aria-current": g.name === name ? "page" : null }))));
  const body = h("article", { class: "rules" });
  clear(root).append(h("div", { class: "page" }, h("h1", { text: t("rules.title") }), nav, body));
  if (!name) { body.append(h("p", { text: t("rules.pick") })); return; }
  try {
    const page = await getJSON(`/api/games/${encodeURIComponent(name)}/rules`);
    // The server renders our own markdown with raw HTML disabled, so the page holds no markup of anyone else's.
    body.innerHTML = page.html;
  } catch (e) {
    body.append(h("p", { class: "alert", text: e.message }));
  }
}
