"""What the engine and the server say, in the languages of the interface (issue #6).

Gettext: the English text is the key, so a message nobody has translated
yet still reaches the player, in English.  A message with values is a template
("seat {player} is already taken"): it is translated first and filled after,
so nothing is ever parsed back out of a finished sentence.  A value that is a
word of the interface itself (a colour, "a bot") is passed as a `Term` and is
translated too; a part with values of its own (the error in "line 5: {error}")
is a `Text` or an `Error`.  Every error the package raises is an `Error` with
a template, so a record, a position file or an option refused is told in the
reader's language too.  One catalogue serves the server's refusals, the games'
reasons, these errors, the house-rule help the lobby shows (web/catalogue.py
hands it on) and, under their keys as contexts, the web page's own texts:
locale/<lang>/LC_MESSAGES/pachisi.po, compiled when the package is built
(setup.py) into the .mo read here and the page's web/static/i18n/<lang>.json.
"""
import functools
import gettext
from pathlib import Path

LANGUAGES = ("en", "ru")
LOCALE = Path(__file__).parent / "locale"
DOMAIN = "pachisi"


class Term(str):
    """A value filled into a message that is itself a word to translate."""


class Text:
    """A sentence to tell in any language: its English template and the values
    to fill in (a value may itself be a Term, a Text or an Error)."""

    __slots__ = ("template", "values")

    def __init__(self, template, /, **values):
        self.template, self.values = template, values

    def message(self, lang="en"):
        return render(self.template, lang, **self.values)

    def __str__(self):
        return self.message()

    def __repr__(self):
        return f"Text({self.message()!r})"


class Error(ValueError):
    """An error whose message can be told in any language: raised with an
    English template and its values, like a Text; str() is the English."""

    def __init__(self, template, /, **values):
        self.template, self.values = template, values
        super().__init__(self.message())

    def message(self, lang="en"):
        return render(self.template, lang, **self.values)


class Plural(str):
    """A message whose words follow a count, as gettext's msgid and msgid_plural: the English singular
    (the key of its translations: msgid; a language's forms are its msgstr[0..]), with the English plural and the name of the field that holds the count."""

    def __new__(cls, singular, plural, count="count"):
        self = super().__new__(cls, singular)
        self.plural, self.count = plural, count
        return self

    def __reduce__(self):
        return Plural, (str(self), self.plural, self.count)


plural = Plural


@functools.cache
def catalogue(lang):
    """A language's compiled catalogue; English, the language of the keys, needs none."""
    if lang not in LANGUAGES[1:]:
        return gettext.NullTranslations()
    try:
        return gettext.translation(DOMAIN, LOCALE, [lang])
    except FileNotFoundError:
        raise RuntimeError(f"the {lang} catalogue is not compiled: build the package (make, or pip install) "
                           f"to make {LOCALE}/{lang}/LC_MESSAGES/{DOMAIN}.mo from its .po") from None


def translate(text, lang="en"):
    """`text` in `lang`; the English text itself where the catalogue has none.  The singular of a message
    with a count is its first form (newer Pythons' gettext says so itself; 3.11.2's does not)."""
    told = catalogue(lang).gettext(text)
    return told if told != text else catalogue(lang).ngettext(text, text, 1)


def render(template, lang="en", subject=None, /, **values):
    """`template` in `lang` with its {fields} filled, after "subject: " when a subject
    (the move refused) is given; a Plural in the form its count takes by the language's
    plural rule (gettext's Plural-Forms: Russian 1, 21 фишка; 2, 22 фишки; 5, 11, 25 фишек)."""
    if isinstance(template, Plural):
        text = catalogue(lang).ngettext(str(template), template.plural, abs(int(values[template.count])))
    else:
        text = translate(template, lang)
    if values:
        text = text.format(**{k: _told(v, lang) for k, v in values.items()})
    return text if subject is None else f"{subject}: {text}"


def _told(value, lang):
    if isinstance(value, Term):
        return translate(value, lang)
    if isinstance(value, (Text, Error)):
        return value.message(lang)
    if value is None or isinstance(value, (bool, list, tuple, dict)):
        return _Written(value)
    return value


class _Written(str):
    """A value as a position file or a command line writes it (true, [1, 2], null),
    also under {value!r}: a message never shows Python's True or (0, 1)."""

    def __new__(cls, value):
        import json
        return super().__new__(cls, json.dumps(value, ensure_ascii=False, default=str))

    def __repr__(self):
        return str(self)


@functools.cache
def _page_english():
    """The English of the page's entries by their keys (the compiled web/static/i18n/en.json)."""
    import json
    path = Path(__file__).parent / "web" / "static" / "i18n" / "en.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuntimeError(f"{path} is not compiled: build the package (make, or pip install)") from None


def tell(key, lang="en", /, **values):
    """A message the page also says, by its key (the entry's context: "ev.captured"), in `lang` with its
    {fields} filled, as the page's t() says it: the terminal and the web use the same words.  A message with a
    count takes the form its `n` asks for.  The key itself when the catalogue has no such entry."""
    english = _page_english().get(key)
    if english is None:
        return key
    if isinstance(english, dict):
        text = catalogue(lang).npgettext(key, english["one"], english["other"], abs(int(values.get("n", 0))))
    else:
        text = catalogue(lang).pgettext(key, english)
    return text.format(**values) if values else text


def colour_name(colour, lang="en"):
    """A player by its colour, as the page names it too ("Red", «Красный»)."""
    said = tell(f"colour.{colour}", lang)
    return said if said != f"colour.{colour}" else translate(colour, lang)


def owner_name(colour, lang="en"):
    """A player as the owner of a piece, as the page says it too ("Red's", «Красного»)."""
    said = tell(f"owner.{colour}", lang)
    return said if said != f"owner.{colour}" else tell("owner.any", lang, who=colour_name(colour, lang))


def in_every_language(text):
    """{lang: text} in every language of the interface (English where the catalogue has none)."""
    return {lang: translate(text, lang) for lang in LANGUAGES}


def negotiate(header):
    """The language of LANGUAGES an Accept-Language header prefers; English without one."""
    best, best_q = "en", 0.0
    for part in (header or "").split(","):
        tag, _, params = part.partition(";")
        lang = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if lang in LANGUAGES and q > best_q:
            best, best_q = lang, q
    return best
