"""House-rule options and presets: every rule a table may play differently is
a named option with a default, and a preset is a full set of option values."""
from dataclasses import dataclass

from ..i18n import Error, translate


class OptionError(Error):
    """An unknown option or preset, or a value outside what the option allows."""


@dataclass(frozen=True)
class Option:
    """A house rule as the game declares it: its identifier, default and help, and what the lobby
    shows: a short title and the names of its values (a value without a name shows as itself).
    The English texts are the catalogue's keys (locale/<lang>/LC_MESSAGES/pachisi.po translates them)."""
    name: str
    default: object
    help: str
    choices: tuple = ()          # allowed values of a choice option
    kind: type = str             # bool, int or str
    title: str = ""              # a player's short name of the rule ("Third six in a row")
    names: tuple = ()            # (value, its name) pairs: (("wall", "the entrance is a wall"), ...)

    def __post_init__(self):
        if isinstance(self.names, dict):         # names={value: name} reads better where a game declares it
            object.__setattr__(self, "names", tuple(self.names.items()))

    def value_name(self, value):
        """The name of one of the option's values, or None."""
        return dict(self.names).get(value)

    def parse(self, value):
        """Accept a value of the right type, or its text from a command line."""
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise OptionError("option {option!r} takes true or false, not {value!r}", option=self.name, value=value)
        if self.kind is int:
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise OptionError("option {option!r} takes a whole number, not {value!r}", option=self.name,
                                  value=value) from None
            if self.choices and number not in self.choices:
                raise OptionError("option {option!r} takes one of {choices}, not {value}", option=self.name,
                                  choices=_listing(self.choices), value=number)
            return number
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError("option {option!r} takes one of {choices}, not {value!r}", option=self.name,
                              choices=_listing(self.choices), value=text)
        return text

    def describe(self, lang="en"):
        """name = default (the values allowed): what it does, in `lang`."""
        allowed = _listing(self.choices) if self.choices else ("true, false" if self.kind is bool else self.kind.__name__)
        return f"{self.name} = {written(self.default)} ({allowed}): {translate(self.help, lang)}"


def written(value):
    """An option value as `-o name=value` takes it: true/false, never Python's True/False."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _listing(values):
    return ", ".join(str(v) for v in values)


def resolve(options, presets, preset=None, overrides=None):
    """The option values of a preset with house-rule overrides applied.

    `options` is a tuple of Option, `presets` maps names to partial value
    dicts (the first is the default preset)."""
    by_name = {o.name: o for o in options}
    if preset is None:
        preset = next(iter(presets))
    if preset not in presets:
        raise OptionError("unknown preset {preset!r}; presets: {presets}", preset=preset, presets=_listing(presets))
    values = {o.name: o.default for o in options}
    values.update(presets[preset])
    for key, value in (overrides or {}).items():
        key = key.replace("-", "_")
        if key not in by_name:
            raise OptionError("unknown option {option!r}; options: {options}", option=key, options=_listing(by_name))
        values[key] = by_name[key].parse(value)
    return preset, values


def parse_assignments(items):
    """['arm=6', 'quick_charge=true'] -> {'arm': '6', 'quick_charge': 'true'}."""
    out = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError("option {item!r} must be written key=value", item=item)
        out[key.strip()] = value.strip()
    return out
