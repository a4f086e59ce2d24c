// Interface texts of the table's extras (js/table.js, js/theme.js, the replay's autoplay, the win
// celebration), English and Russian; i18n.js merges them into its dictionaries.
export const EN = {
  "table.resign": "Resign", "table.resign.sure": "Really resign? Press again",
  "table.resigned": "resigned, a bot plays on", "table.undo": "Undo the last move",
  "table.undone": "Undone: back to before {move}.",
  "table.react": "Quick reactions", "table.react.one": "React with {emoji}", "table.spectator": "A spectator",
  "table.standin": "You missed your turns: a bot plays for {colour}.", "table.back": "I am back",
  "table.clock.left": "{colour}: {s} s left for this decision", "table.clock.s": "{s} s",
  "table.clock": "Turn clock", "table.clock.seconds": "Seconds for each decision (0: no clock)",
  "table.clock.help": "When the time is up the server plays for the player what the stand-in bot would.",
  "table.misses": "Missed turns in a row before", "table.then": "then",
  "table.then.bot": "a bot plays for them until they are back", "table.then.forfeit": "they forfeit: a bot plays their seat to the end",
  "log.resign": "{who} resigned: a bot plays on for them", "log.forfeit": "{who} missed too many turns and forfeits: a bot plays on for them",
  "log.clock": "{who} (out of time: played for them)",
  "theme.dark": "Dark mode",
  "replay.play": "Play", "replay.pause": "Pause", "replay.speed": "Speed", "replay.moves": "Every roll and move",
  "replay.keys.play": "Space: play, pause",
};

export const RU = {
  "table.resign": "Сдаться", "table.resign.sure": "Точно сдаться? Нажмите ещё раз",
  "table.resigned": "сдался, за него играет бот", "table.undo": "Отменить последний ход",
  "table.undone": "Отменено: назад, до хода {move}.",
  "table.react": "Быстрые реакции", "table.react.one": "Реакция {emoji}", "table.spectator": "Зритель",
  "table.standin": "Вы пропустили ходы: за {colour} играет бот.", "table.back": "Я вернулся",
  "table.clock.left": "{colour}: на это решение осталось {s} с", "table.clock.s": "{s} с",
  "table.clock": "Часы на ход", "table.clock.seconds": "Секунд на каждое решение (0 — без часов)",
  "table.clock.help": "Когда время выйдет, сервер сыграет за игрока то, что сыграл бы бот-заместитель.",
  "table.misses": "Пропущенных ходов подряд, после которых", "table.then": "дальше",
  "table.then.bot": "за игрока играет бот, пока он не вернётся", "table.then.forfeit": "игрок выбывает: его место до конца играет бот",
  "log.resign": "{who} сдался: дальше за него играет бот", "log.forfeit": "{who} пропустил слишком много ходов и выбывает: дальше за него играет бот",
  "log.clock": "{who} (время вышло: сыграно за него)",
  "theme.dark": "Тёмная тема",
  "replay.play": "Играть", "replay.pause": "Пауза", "replay.speed": "Скорость", "replay.moves": "Все броски и ходы",
  "replay.keys.play": "Пробел — пуск, пауза",
};
