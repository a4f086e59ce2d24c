// Interface texts in English and Russian.  t(key, params) picks the current
// language; game names are given as their players say them.
import { savedLang, rememberLang } from "./api.js";
import * as BOARD from "./strings/board.js";
import * as ROOM from "./strings/room.js";
import * as LOBBY from "./strings/lobby.js";
import * as TABLE from "./strings/table.js";

const EN = {
  brand: "pachisi",
  "nav.lobby": "Lobby", "nav.rules": "Rules", "nav.replay": "Replay", "nav.verify": "Verify dice",
  "lobby.title": "New game", "lobby.game": "Game", "lobby.preset": "Rules preset", "lobby.options": "House rules",
  "lobby.seats": "Seats", "lobby.players": "Players", "lobby.create": "Create the room",
  "lobby.public": "List the room in the lobby while it waits for invited players",
  "lobby.absent": "An absent player's turn waits this many seconds, then a bot plays for them (0: wait forever)",
  "lobby.standin": "Stand-in bot level",
  "lobby.open": "Open rooms waiting for players", "lobby.none": "No open rooms right now.",
  "lobby.join": "Join", "lobby.code": "Have a room code?", "lobby.go": "Go",
  "lobby.rules": "Rules of {game}", "lobby.preset.seed": "the rule text as written",
  "lobby.yourname": "Your name",
  "seat.local": "Person on this screen", "seat.invite": "Person invited by link", "seat.bot": "Bot",
  "seat.level": "level {n}", "seat.default": "Player {n}", "seat.name": "Name", "seat.open": "open seat", "seat.you": "you",
  "seat.away": "away", "seat.standin": "a bot plays for now", "seat.here": "here",
  "room.invite": "Invite: send this link or the code", "room.copy": "Copy link", "room.copied": "Copied",
  "room.waiting": "Waiting for invited players to take their seats.",
  "room.take": "Take seat {colour}", "room.spectator": "You are watching.",
  "room.roll": "Roll the dice", "room.moves": "Your moves", "room.nomoves": "No moves.",
  "room.filter": "Filter moves", "room.more": "{n} more: type to filter",
  "room.turn.you.roll": "Your turn ({colour}): roll the dice.",
  "room.turn.you.move": "Your move ({colour}): pick a piece, then where it goes.",
  "room.turn.other": "{colour} ({name}) to play.", "room.turn.bot": "{colour} ({bot}) is thinking…",
  "room.turn.standin": "{colour} is away: the {bot} plays for them…",
  "room.turn.absent": "{colour} is away: the game waits", "room.turn.absent.in": "; a bot takes over in {s} s.",
  "room.over": "Game over.", "room.winner": "{colour} ({name}) wins!", "room.matchwinner": "{colour} ({name}) wins the match!",
  "room.round": "Game {n} of a match to {w} wins — score {score}.",
  "room.dice": "Dice", "room.log": "Game log", "room.chat": "Chat", "room.say": "Say something",
  "room.send": "Send", "room.players": "Players",
  "room.commit": "Dice commitment (sha256 of the secret seed and salt)",
  "room.reveal": "Seed {seed}, salt {salt}", "room.record": "Download the record", "room.verify": "Verify the dice",
  "room.keys": "Keys: R/Space roll · 1–9 play a listed move · Tab/arrows pick pieces and squares · Enter choose · Esc cancel",
  "room.connecting": "Connecting to room {code}…", "room.reconnecting": "Connection lost — reconnecting… Nothing is lost: the game goes on where it was.",
  "room.notfound": "No such room", "room.choose": "Which move?", "room.cancel": "Cancel",
  "room.code": "Room code", "room.off": "off the board",
  "rules.title": "Rules", "rules.pick": "Pick a game to read its rules.",
  "verify.title": "Verify the dice of a record",
  "verify.help": "Paste or upload a finished game's record. The page re-derives every roll from the revealed seed here in your browser and checks the commitment; the server also replays every move.",
  "verify.run": "Verify", "verify.file": "Record file",
  "verify.commit.ok": "The commitment matches the revealed seed and salt.",
  "verify.commit.mismatch": "The commitment does NOT match the revealed seed and salt!",
  "verify.commit.absent": "The record has no commitment (not a web room's record).",
  "verify.commit.unrevealed": "The seed or the salt is not revealed yet (is the game over?).",
  "verify.rolls": "{ok} of {n} rolls are the seed's rolls (checked in this browser).",
  "verify.server": "Server check: {text}", "verify.ok": "every move legal, every roll the seed's",
  "verify.bad": "problems found", "verify.roll": "Round {r}, line {line}: {player} rolled {dice}, the seed gives {exp}",
  "replay.title": "Replay a record", "replay.help": "Paste or upload a record, then step through it (← → keys).",
  "replay.load": "Load", "replay.first": "Start", "replay.prev": "Back", "replay.next": "Forward", "replay.last": "End",
  "replay.step": "Step {i} of {n}",
  "err.stale": "The game moved on before your action arrived; nothing was changed.",
  "err.generic": "Refused: {message}",
  colour: { red: "Red", green: "Green", yellow: "Yellow", blue: "Blue" },
  status: { waiting: "waiting", playing: "playing", over: "over" },
  off: { park: "park", yard: "yard", home: "home", nest: "nest", swamp: "swamp", base: "base", captured: "captured", captives: "captives" },
};

const RU = {
  brand: "pachisi",
  "nav.lobby": "Лобби", "nav.rules": "Правила", "nav.replay": "Разбор партии", "nav.verify": "Проверка кубиков",
  "lobby.title": "Новая игра", "lobby.game": "Игра", "lobby.preset": "Набор правил", "lobby.options": "Домашние правила",
  "lobby.seats": "Места", "lobby.players": "Игроков", "lobby.create": "Создать комнату",
  "lobby.public": "Показывать комнату в лобби, пока она ждёт приглашённых",
  "lobby.absent": "Ход отсутствующего игрока ждёт столько секунд, потом за него играет бот (0 — ждать всегда)",
  "lobby.standin": "Уровень бота-заместителя",
  "lobby.open": "Комнаты, ждущие игроков", "lobby.none": "Сейчас открытых комнат нет.",
  "lobby.join": "Войти", "lobby.code": "Есть код комнаты?", "lobby.go": "Перейти",
  "lobby.rules": "Правила: {game}", "lobby.preset.seed": "правила как в тексте",
  "lobby.yourname": "Ваше имя",
  "seat.local": "Человек за этим экраном", "seat.invite": "Человек по приглашению", "seat.bot": "Бот",
  "seat.level": "уровень {n}", "seat.default": "Игрок {n}", "seat.name": "Имя", "seat.open": "свободное место", "seat.you": "вы",
  "seat.away": "отошёл", "seat.standin": "пока играет бот", "seat.here": "в игре",
  "room.invite": "Приглашение: отправьте ссылку или код", "room.copy": "Копировать ссылку", "room.copied": "Скопировано",
  "room.waiting": "Ждём, пока приглашённые займут места.",
  "room.take": "Занять место: {colour}", "room.spectator": "Вы зритель.",
  "room.roll": "Бросить кубики", "room.moves": "Ваши ходы", "room.nomoves": "Ходов нет.",
  label: { "keep the fences": "оставить заборы", "let the missed capture pass": "не ловить на зевке" },       // the games' move buttons (their English is the key)
  "room.filter": "Найти ход", "room.more": "ещё {n}: введите часть хода",
  "room.turn.you.roll": "Ваш ход ({colour}): бросайте кубики.",
  "room.turn.you.move": "Ваш ход ({colour}): выберите фишку, затем клетку.",
  "room.turn.other": "Ходит {colour} ({name}).", "room.turn.bot": "{colour} ({bot}) думает…",
  "room.turn.standin": "{colour} отошёл: за него играет {bot}…",
  "room.turn.absent": "{colour} отошёл: игра ждёт", "room.turn.absent.in": "; через {s} с за него сыграет бот.",
  "room.over": "Игра окончена.", "room.winner": "Победил {colour} ({name})!", "room.matchwinner": "{colour} ({name}) выиграл матч!",
  "room.round": "Партия {n} матча до {w} побед — счёт {score}.",
  "room.dice": "Кубики", "room.log": "Ход игры", "room.chat": "Чат", "room.say": "Написать",
  "room.send": "Отправить", "room.players": "Игроки",
  "room.commit": "Обязательство кубиков (sha256 тайного зерна и соли)",
  "room.reveal": "Зерно {seed}, соль {salt}", "room.record": "Скачать запись партии", "room.verify": "Проверить кубики",
  "room.keys": "Клавиши: R/пробел — бросок · 1–9 — ход из списка · Tab/стрелки — фишки и клетки · Enter — выбрать · Esc — отмена",
  "room.connecting": "Соединяемся с комнатой {code}…", "room.reconnecting": "Связь потеряна — переподключаемся… Ничего не потеряно: игра продолжится с того же места.",
  "room.notfound": "Такой комнаты нет", "room.choose": "Какой ход?", "room.cancel": "Отмена",
  "room.code": "Код комнаты", "room.off": "вне доски",
  "rules.title": "Правила", "rules.pick": "Выберите игру, чтобы прочитать правила.",
  "verify.title": "Проверка кубиков по записи партии",
  "verify.help": "Вставьте или загрузите запись законченной партии. Страница прямо в браузере выводит каждый бросок из раскрытого зерна и проверяет обязательство; сервер также переигрывает все ходы.",
  "verify.run": "Проверить", "verify.file": "Файл записи",
  "verify.commit.ok": "Обязательство совпадает с раскрытыми зерном и солью.",
  "verify.commit.mismatch": "Обязательство НЕ совпадает с раскрытыми зерном и солью!",
  "verify.commit.absent": "В записи нет обязательства (это не запись веб-комнаты).",
  "verify.commit.unrevealed": "Зерно или соль ещё не раскрыты (партия закончена?).",
  "verify.rolls": "{ok} из {n} бросков совпадают с зерном (проверено в этом браузере).",
  "verify.server": "Проверка сервера: {text}", "verify.ok": "все ходы законны, все броски из зерна",
  "verify.bad": "найдены ошибки", "verify.roll": "Партия {r}, строка {line}: {player} бросил {dice}, по зерну {exp}",
  "replay.title": "Разбор записи партии", "replay.help": "Вставьте или загрузите запись и листайте ходы (клавиши ← →).",
  "replay.load": "Загрузить", "replay.first": "В начало", "replay.prev": "Назад", "replay.next": "Вперёд", "replay.last": "В конец",
  "replay.step": "Шаг {i} из {n}",
  "err.stale": "Игра ушла вперёд раньше, чем пришёл ваш ход; ничего не изменилось.",
  "err.generic": "Отказ: {message}",
  colour: { red: "Красный", green: "Зелёный", yellow: "Жёлтый", blue: "Синий" },
  status: { waiting: "ждёт", playing: "идёт", over: "окончена" },
  off: { park: "парк", yard: "двор", home: "дом", nest: "гнездо", swamp: "болото", base: "база", captured: "взяты", captives: "пленные" },
};

// Game names as their players say them.
const GAME_NAMES = {
  en: { shishbesh: "Шиш-беш (Shish-besh)", mandavoshka: "Мандавошка (Mandavoshka)", tryasuchka: "Трясучка (Tryasuchka)",
        ludo: "Ludo", parchis: "Parchís", parcheesi: "Parcheesi", kimbo: "Kimbo" },
  ru: { shishbesh: "Шиш-беш", mandavoshka: "Мандавошка", tryasuchka: "Трясучка", ludo: "Лудо", parchis: "Парчис",
        parcheesi: "Парчизи", kimbo: "Кимбо" },
};

for (const part of [BOARD, ROOM, LOBBY, TABLE]) { Object.assign(EN, part.EN); Object.assign(RU, part.RU); }
const DICTS = { en: EN, ru: RU };
let lang = savedLang() || ((navigator.language || "en").toLowerCase().startsWith("ru") ? "ru" : "en");

export function getLang() { return lang; }

export function setLang(next) {
  lang = DICTS[next] ? next : "en";
  rememberLang(lang);
  document.documentElement.lang = lang;
  translateStatic();
}

function lookup(dict, key) {
  if (dict[key] !== undefined) return dict[key];
  const i = key.indexOf(".");
  if (i > 0 && typeof dict[key.slice(0, i)] === "object") return dict[key.slice(0, i)][key.slice(i + 1)];
  return undefined;
}

// A message with a count is {one, few, many, other}: the form its count ({n}) takes in the language
// (Intl.PluralRules: Russian 1, 21 бросок; 2, 22 броска; 5, 11, 25 бросков), as the server's Plural.
const PLURAL_RULES = {};
function form(text, said, n) {
  if (typeof text !== "object" || text === null) return text;
  const rules = PLURAL_RULES[said] || (PLURAL_RULES[said] = new Intl.PluralRules(said));
  return text[rules.select(Number(n))] ?? text.other;
}

export function t(key, params = {}) {
  const own = lookup(DICTS[lang], key);
  let text = own !== undefined ? form(own, lang, params.n) : form(lookup(EN, key), "en", params.n) ?? key;
  for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
}

export function gameName(name, title) { return GAME_NAMES[lang][name] || title || name; }

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
