// The router: #/ lobby, #/room/CODE, #/rules/GAME[/full], #/verify[/CODE], #/replay[/CODE].
// An invitation link /r/CODE opens the room; a mistyped one, or any other path or hash, gets a page that
// says so with a way back.  While a page prepares, a spinner says what it is doing.
import { h, clear } from "./dom.js";
import { setLang, getLang, translateStatic, t } from "./i18n.js";
import { ROOM_CODE, rememberInviteKey } from "./api.js";
import { lobbyPage } from "./lobby.js";
import { RoomPage } from "./room.js";
import { rulesPage } from "./rules.js";
import { verifyPage } from "./verify.js";
import { replayPage } from "./replay.js";
import { spinner, failure } from "./wait.js";
import { initTheme } from "./theme.js";

const root = document.getElementById("app");
let page = null;
let routes = 0;           // the number of the newest route: a page finishing after a newer route is dropped

function notFound(host, title, text) {
  document.title = `${title} · pachisi`;
  clear(host).append(h("section", { class: "panel page notfound" }, h("h1", { text: title }), h("p", { text }),
    h("p", {}, h("a", { href: "#/", class: "button primary", id: "back", text: t("notfound.back") }))));
}

// Each route draws into a host of its own: a page still preparing when the address changes (the lobby
// awaiting its data while a quick start opens the room) finishes into a detached host, never over the next page.
async function route() {
  if (page && page.destroy) page.destroy();
  page = null;
  document.title = "pachisi";
  const [path, query = ""] = location.hash.replace(/^#\/?/, "").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const gen = ++routes;
  const host = h("div", { class: "page-host" });
  clear(root).append(host);
  window.scrollTo(0, 0);            // a new page opens at its top, not at the last page's scroll position
  host.append(spinner(t("wait.page")));
  try {
    if (badPath) notFound(host, badPath.room ? t("notfound.room") : t("notfound.title"),
                          badPath.room ? t("notfound.room.text", { code: badPath.room }) : t("notfound.page.text", { path: badPath.path }));
    else if (parts[0] === "room" && parts[1] && ROOM_CODE.test(parts[1].toUpperCase())) page = new RoomPage(host, parts[1].toUpperCase());
    else if (parts[0] === "room") notFound(host, t("notfound.room"), t("notfound.room.text", { code: parts[1] || "" }));
    else if (parts[0] === "rules") await rulesPage(host, parts[1], parts[2] === "full");
    else if (parts[0] === "verify") await verifyPage(host, parts[1]);
    else if (parts[0] === "replay") {
      const made = await replayPage(host, parts[1]);
      if (gen === routes) page = made; else if (made && made.destroy) made.destroy();
    }
    else if (!parts.length) await lobbyPage(host, new URLSearchParams(query));
    else notFound(host, t("notfound.title"), t("notfound.page.text", { path: `#/${parts.join("/")}` }));
  } catch (e) {
    clear(host).append(h("section", { class: "panel page" }, failure(t("err.page"), e, route)));
  }
  for (const a of document.querySelectorAll("header nav a")) {
    const current = !badPath && a.getAttribute("href") === `#/${parts[0] || ""}`;
    if (current) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  }
}

// An invitation link /r/CODE becomes the room's page; any other path than / is a page that is not there.
let badPath = null;
const invite = /^\/r\/([^/]*)\/?$/.exec(location.pathname);
if (invite && ROOM_CODE.test(decodeURIComponent(invite[1]).toUpperCase())) {
  const key = new URLSearchParams(location.search).get("k");      // a private room's seats open with it
  if (key) rememberInviteKey(invite[1].toUpperCase(), key);
  history.replaceState(null, "", `/#/room/${invite[1].toUpperCase()}`);
}
else if (invite) badPath = { room: decodeURIComponent(invite[1]) };
else if (location.pathname !== "/") badPath = { path: location.pathname };
window.addEventListener("hashchange", () => {
  if (badPath) { badPath = null; history.replaceState(null, "", `/${location.hash}`); }
  route();
});

// The page's own screen-reader labels (translateStatic puts the texts of data-i18n elements).
function labelStatic() {
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

for (const b of document.querySelectorAll("[data-lang]")) {
  b.addEventListener("click", () => { if (b.dataset.lang !== getLang()) { setLang(b.dataset.lang); labelStatic(); route(); } });
}
setLang(getLang());
initTheme(document.querySelector("header.top .lang"));
translateStatic();
labelStatic();
route();
