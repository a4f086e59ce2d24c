// Talking to the server, and what the browser remembers (seat tokens, name, language).
// Every request says the language the page is shown in (i18n.setLang marks it on <html lang>), so that
// the server's refusals and rules pages come in it, whatever the browser's own Accept-Language says.
// A failed request is an ApiError whose `kind` tells a player what went wrong: "network" (the server
// could not be reached), "server" (it failed) or "refused" (it said no, and why).
import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(kind, message, status = 0) {
    super(message);
    this.kind = kind;
    this.status = status;
  }
}

function langHeader() {
  return { "Accept-Language": document.documentElement.lang || "en" };
}

async function request(url, init = {}) {
  let r;
  try {
    r = await fetch(url, { ...init, headers: { ...langHeader(), ...(init.headers || {}) } });
  } catch {
    throw new ApiError("network", t("err.network"));
  }
  if (r.ok) return r;
  const body = await r.json().catch(() => ({}));
  if (r.status >= 500 && !body.message) throw new ApiError("server", t("err.server", { status: r.status }), r.status);
  throw new ApiError("refused", body.message || body.detail || r.statusText, r.status);
}

export async function getJSON(url) {
  return (await request(url, { headers: { Accept: "application/json" } })).json();
}

export async function getText(url) {
  return (await request(url)).text();
}

export async function postJSON(url, data) {
  const r = await request(url, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(data),
  });
  return r.json();
}

export async function postText(url, text) {
  return (await request(url, { method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8" }, body: text })).json();
}

function load(key, fallback) {
  try { return JSON.parse(localStorage.getItem(key)) ?? fallback; } catch { return fallback; }
}

function save(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode: remembered for this page only */ }
}

export function tokenFor(code) { return load("pachisi.tokens", {})[code] || null; }

// Every room this browser holds a seat in: {code: token}.
export function allTokens() { return load("pachisi.tokens", {}); }

export function rememberToken(code, token) {
  const all = load("pachisi.tokens", {});
  all[code] = token;
  const keys = Object.keys(all);
  if (keys.length > 200) delete all[keys[0]];
  save("pachisi.tokens", all);
}

export function forgetToken(code) {
  const all = load("pachisi.tokens", {});
  delete all[code];
  save("pachisi.tokens", all);
}

// The invitation keys this browser was given (by an invitation link /r/CODE?k=KEY, or as a room's player):
// a private room's open seat is taken with its key.
export function inviteKeyFor(code) { return load("pachisi.keys", {})[code] || null; }

export function rememberInviteKey(code, key) {
  const all = load("pachisi.keys", {});
  all[code] = key;
  const keys = Object.keys(all);
  if (keys.length > 200) delete all[keys[0]];
  save("pachisi.keys", all);
}

export function myName() { return load("pachisi.name", ""); }
export function rememberName(name) { save("pachisi.name", name); }
export function savedLang() { return load("pachisi.lang", null); }
export function rememberLang(lang) { save("pachisi.lang", lang); }

// A room code as the server writes them (six letters and digits, no look-alikes).
export const ROOM_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

let lobbyCache = null;
export async function lobby() {
  if (!lobbyCache) lobbyCache = await getJSON("/api/lobby");
  return lobbyCache;
}
