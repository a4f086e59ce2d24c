// Interface texts in English and Russian: the page's entries of the one message catalogue (gettext's .po,
// compiled with the package into static/i18n/<lang>.json).  t(key, params) picks the current language;
// game names are given as their players say them.
import { savedLang, rememberLang } from "./api.js";

async function load(lang) {
  const answer = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
  if (!answer.ok) throw new Error(`the ${lang} messages did not load (${answer.status})`);
  return answer.json();
}

const [EN, RU] = await Promise.all([load("en"), load("ru")]);

const DICTS = { en: EN, ru: RU };
let lang = savedLang() || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");

export function getLang() { return lang; }

export function setLang(next) {
  lang = DICTS[next] ? next : "en";
  rememberLang(lang);
  document.documentElement.lang = lang;
  translateStatic();
}

// A message with a count is {one, few, many, other}: the form its count ({n}) takes in the language
// (Intl.PluralRules: Russian 1, 21 бросок; 2, 22 броска; 5, 11, 25 бросков), as gettext's rule on the server.
const PLURAL_RULES = {};
function form(text, said, n) {
  if (typeof text !== "object" || text === null) return text;
  const rules = PLURAL_RULES[said] || (PLURAL_RULES[said] = new Intl.PluralRules(said));
  return text[rules.select(Number(n))] ?? text.other ?? Object.values(text).at(-1);
}

export function t(key, params = {}) {
  const own = DICTS[lang][key];
  let text = own !== undefined ? form(own, lang, params.n) : form(EN[key], "en", params.n) ?? key;
  for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

// A game by the name its players say (the catalogue's game.<name>), else by its own title.
export function gameName(name, title) { const key = `game.${name}`, said = t(key); return said === key ? title || name : said; }

// "Red and Green", «Красный и Зелёный»: a list said as the language says one.
export function listOf(items) { return new Intl.ListFormat(lang, { type: "conjunction" }).format(items); }

export function colourName(colour) { return t(`colour.${colour}`) === `colour.${colour}` ? colour : t(`colour.${colour}`); }

// A bot by its level's one name, the same in the lobby, the room and the story ("Medium", «Средний»).
export function botName(level) { const key = `bot.level.${level}`, said = t(key); return said === key ? t("seat.level", { n: level }) : said; }

// The name a person's seat gets when its player gave none: "Player 2", «Игрок 2».
export function defaultName(player) { return t("seat.default", { n: player + 1 }); }

export function offName(key) { const v = t(`off.${key}`); return v === `off.${key}` ? key : v; }

// A house rule's help in the current language: the lobby JSON brings it from the server's catalogue.
export function optionHelp(option) { return (option.translations || {})[lang] || option.help; }

export function translateStatic() {
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const b of document.querySelectorAll("[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
}
