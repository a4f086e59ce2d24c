// The router: #/ lobby, #/room/CODE, #/rules/GAME, #/verify[/CODE], #/replay.
// An invitation link /r/CODE opens the room.
import { h, clear } from "./dom.js";
import { setLang, getLang, translateStatic } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { RoomPage } from "./room.js";
import { rulesPage } from "./rules.js";
import { verifyPage } from "./verify.js";
import { replayPage } from "./replay.js";

const root = document.getElementById("app");
let page = null;

async function route() {
  if (page && page.destroy) page.destroy();
  page = null;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "room" && parts[1]) page = new RoomPage(root, parts[1]);
    else if (parts[0] === "rules") await rulesPage(root, parts[1]);
    else if (parts[0] === "verify") await verifyPage(root, parts[1]);
    else if (parts[0] === "replay") replayPage(root);
    else await lobbyPage(root);
  } catch (e) {
    clear(root).append(h("p", { class: "alert", role: "alert", text: e.message }));
  }
  for (const a of document.querySelectorAll("header nav a")) {
    a.toggleAttribute("aria-current", a.getAttribute("href") === `#/${parts[0] || ""}` || (!parts[0] && a.getAttribute("href") === "#/"));
  }
}

const invite = /^\/r\/([A-Za-z0-9]+)\/?$/.exec(location.pathname);
if (invite) history.replaceState(null, "", `/#/room/${invite[1].toUpperCase()}`);

for (const b of document.querySelectorAll("[data-lang]")) {
  b.addEventListener("click", () => { if (b.dataset.lang !== getLang()) { setLang(b.dataset.lang); route(); } });
}
setLang(getLang());
translateStatic();
window.addEventListener("hashchange", route);
route();
