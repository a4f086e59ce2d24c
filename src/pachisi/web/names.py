"""Players' names: none that looks blank, none that passes for a bot.

A name made only of invisible or blank-looking characters (Hangul fillers, combining
marks, zero-width and other format characters, braille blanks, spaces of every kind)
counts as no name (the seat's default is used); a name that reads like a bot's
("bot 5", "Master", "Мастер", "level 3", "бот 2") is refused, so that nobody can pass
for a bot at the table.
"""
import re
import unicodedata

from ..bots import LEVELS

# letters that render as nothing, though Unicode files them as letters or symbols
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f")
# categories that show nothing on their own: marks, format, separators, controls, unassigned, private
INVISIBLE_CATEGORIES = frozenset({"Mn", "Me", "Mc", "Cf", "Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})

# the bots' level names as the web app shows them (strings/lobby.js), English and Russian
LEVEL_NAMES = ("Beginner", "Easy", "Medium", "Hard", "Master", "Новичок", "Лёгкий", "Средний", "Сильный", "Мастер")
BOT_WORDS = ("bot", "бот", "робот", "robot", "level", "уровень", "AI", "CPU", "ИИ", "компьютер", "computer")


def _folded(name):
    """The name as it reads: compatibility forms and accents folded, marks, punctuation and case ignored."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(ch if ch.isalnum() else " " for ch in text
                   if unicodedata.category(ch) not in INVISIBLE_CATEGORIES or ch.isspace())
    return " ".join(text.casefold().split())


_LEVELS = "|".join(map(str, LEVELS))
_WORDS = "|".join(map(_folded, BOT_WORDS))
_NAMES = "|".join(map(_folded, LEVEL_NAMES))
BOT_LIKE = re.compile(rf"(?:(?:{_WORDS})\s*(?:{_LEVELS}|{_NAMES})?|(?:{_NAMES})(?:\s*(?:{_WORDS}))?"
                      rf"|(?:{_LEVELS})\s*(?:{_WORDS})|(?:{_NAMES})\s*(?:{_LEVELS}))")


def looks_blank(name):
    """Whether nothing of `name` would be seen."""
    return all(ch in BLANK_LOOKING or unicodedata.category(ch) in INVISIBLE_CATEGORIES for ch in name)


def bot_like(name):
    """Whether `name` reads like a bot's name or level ("bot 5", "Master", "бот 2")."""
    folded = _folded(name)
    return bool(folded) and (BOT_LIKE.fullmatch(folded) is not None
                             or BOT_LIKE.fullmatch(folded.replace(" ", "")) is not None)
