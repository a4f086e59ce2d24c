"""House-rule options and presets: every rule a table may play differently is
a named option with a default, and a preset is a full set of option values."""
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

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
    kind: type = str             # bool, int, str, or Fraction: a decimal number from `low` to `high` by `step`
    title: str = ""              # a player's short name of the rule ("Third six in a row")
    names: tuple = ()            # (value, its name) pairs: (("wall", "the entrance is a wall"), ...)
    low: str = ""                # a number option's least value, its greatest and its step, as decimals
    high: str = ""
    step: str = ""

    def __post_init__(self):
        if isinstance(self.names, dict):         # names={value: name} reads better where a game declares it
            object.__setattr__(self, "names", tuple(self.names.items()))
        if self.kind is Fraction and not (self.low and self.high and self.step):
            raise ValueError(f"number option {self.name} needs low, high and step")
        if self.kind is Fraction:
            self.parse(self.default)             # the default is one of its own values

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
        if self.kind is Fraction:
            return self._number(value)
        text = str(value)
        if self.choices and text not in self.choices:
            raise OptionError("option {option!r} takes one of {choices}, not {value!r}", option=self.name,
                              choices=_listing(self.choices), value=text)
        return text

    def _number(self, value):
        """A number option's value: a decimal from low to high, a whole number of steps from low, given
        as a number or its text; kept as its shortest decimal text ("0.25"), exact (the game reads it
        with `number`)."""
        try:
            if isinstance(value, bool):
                raise ValueError
            number = Fraction(str(value).strip())
        except (ValueError, ZeroDivisionError):
            raise OptionError("option {option!r} takes a number, not {value!r}", option=self.name,
                              value=value) from None
        low, high, step = Fraction(self.low), Fraction(self.high), Fraction(self.step)
        if not low <= number <= high or (number - low) % step:
            raise OptionError("option {option!r} takes a number from {low} to {high} in steps of {step}, not {value}",
                              option=self.name, low=self.low, high=self.high, step=self.step, value=value)
        return decimal_text(number)

    @staticmethod
    def number(value):
        """A number option's value as an exact Fraction."""
        return Fraction(value)

    def describe(self, lang="en"):
        """name = default (the values allowed): what it does, in `lang`."""
        if self.choices:
            allowed = _listing(self.choices)
        elif self.kind is Fraction:
            allowed = f"{self.low} .. {self.high}, step {self.step}"
        else:
            allowed = "true, false" if self.kind is bool else self.kind.__name__
        return f"{self.name} = {written(self.default)} ({allowed}): {translate(self.help, lang)}"


def decimal_text(number):
    """A Fraction whose decimal ends (a number option's value) as its shortest decimal text: 1/4 -> "0.25"."""
    d = Decimal(number.numerator) / Decimal(number.denominator)
    text = format(d, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


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
