"""Players' names: none that looks blank, none that passes for a bot.

Names are tidied first: variation selectors go, and runs of combining marks ("zalgo") are cut to two
per letter.  A name made only of invisible or blank-looking characters (Hangul fillers, combining
marks, zero-width and other format characters, braille blanks, spaces of every kind)
counts as no name (the seat's default is used); a name that reads like a bot's
("bot 5", "Master", "Мастер", "level 3", "бот 2") is refused, so that nobody can pass
for a bot at the table, also when it is written with Cyrillic or Greek letters that look like Latin ones
("Вот 5", "Маster": the check reads a skeleton in which look-alikes are one letter).
"""
import re
import unicodedata

from ..bots import LEVELS
from ..i18n import LANGUAGES, tell

# letters that render as nothing, though Unicode files them as letters or symbols
BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5\u034f")
# categories that show nothing on their own: marks, format, separators, controls, unassigned, private
INVISIBLE_CATEGORIES = frozenset({"Mn", "Me", "Mc", "Cf", "Cc", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})

# the bots' level names as the web app shows them (the catalogue's bot.level.N), in every language
LEVEL_NAMES = tuple(dict.fromkeys(tell(f"bot.level.{n}", lang) for lang in LANGUAGES for n in LEVELS))
BOT_WORDS = ("bot", "бот", "робот", "robot", "level", "уровень", "AI", "CPU", "ИИ", "компьютер", "computer")


# Cyrillic and Greek letters that look like Latin ones (Unicode's confusables, the ones that matter here)
LOOKALIKES = str.maketrans("АВЕКМНОРСТХУаеорсухіјѕԁԛԝвтмнкΑΒΕΖΗΙΚΜΝΟΡΤΥΧαβεικνορτυχ",
                           "ABEKMHOPCTXYaeopcyxijsdqwbtmhkABEZHIKMNOPTYXabeikvoptux")
VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
MARKS_KEPT = 2          # combining marks kept on one letter (Vietnamese needs two)


def tidy(name):
    """`name` without variation selectors and with at most MARKS_KEPT combining marks on a letter."""
    out, marks = [], 0
    for ch in VARIATION_SELECTORS.sub("", unicodedata.normalize("NFC", name)):
        if unicodedata.category(ch) in ("Mn", "Me"):
            marks += 1
            if marks > MARKS_KEPT:
                continue
        else:
            marks = 0
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


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
    readings = {folded, folded.translate(LOOKALIKES), _folded(name.translate(LOOKALIKES))}
    return bool(folded) and any(BOT_LIKE.fullmatch(r) is not None or BOT_LIKE.fullmatch(r.replace(" ", "")) is not None
                                for r in readings)
