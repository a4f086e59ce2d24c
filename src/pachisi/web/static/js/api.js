// Talking to the server, and what the browser remembers (seat tokens, name, language).
// Every request says the language the page is shown in (i18n.setLang marks it on <html lang>), so that
// the server's refusals and rules pages come in it, whatever the browser's own Accept-Language says.
function langHeader() {
  return { "Accept-Language": document.documentElement.lang || "en" };
}

export async function getJSON(url) {
  const r = await fetch(url, { headers: { Accept: "application/json", ...langHeader() } });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || body.detail || r.statusText);
  return body;
}

export async function postJSON(url, data) {
  const r = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json", ...langHeader() },
    body: JSON.stringify(data),
  });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || body.detail || r.statusText);
  return body;
}

export async function postText(url, text) {
  const r = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8", ...langHeader() }, body: text });
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.message || body.detail || r.statusText);
  return body;
}

function load(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: remembered for this page only */ }
}

export function tokenFor(code) { return load("pachisi.tokens", {})[code] || null; }

export function rememberToken(code, token) {
  const all = load("pachisi.tokens", {});
  all[code] = token;
  const keys = Object.keys(all);
  if (keys.length > 200) delete all[keys[0]];
  save("pachisi.tokens", all);
}

export function myName() { return load("pachisi.name", ""); }
export function rememberName(name) { save("pachisi.name", name); }
export function savedLang() { return load("pachisi.lang", null); }
export function rememberLang(lang) { save("pachisi.lang", lang); }

let lobbyCache = null;
export async function lobby() {
  if (!lobbyCache) lobbyCache = await getJSON("/api/lobby");
  return lobbyCache;
}
