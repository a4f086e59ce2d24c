"""The optional parts of pachisi and the extra of pyproject.toml that brings
each: the core install is the engine, the referee and the terminal, and a
command or function that needs more checks for it first and names the extra
to install, in one line, instead of failing deep inside with an ImportError."""
from importlib.util import find_spec

# extra -> the modules it brings that pachisi imports (pyproject.toml's [project.optional-dependencies])
MODULES = {
    "web": ("fastapi", "uvicorn", "starlette", "sqlalchemy", "alembic", "pydantic", "markdown_it", "websockets",
            "pebble"),
    "plot": ("matplotlib",),
    "rating": ("openskill",),
    "rl": ("pettingzoo", "gymnasium"),
    "ray": ("ray",),
    "parquet": ("pyarrow",),
    "openspiel": ("pyspiel",),
    "scale": ("redis", "psycopg"),
    "analysis": ("scipy",),
}


class MissingExtra(ImportError):
    """A part of pachisi was asked for whose extra is not installed; the message says what to install."""


def require(extra: str, what: str) -> None:
    """Raise MissingExtra ("WHAT needs the EXTRA extra: pip install 'pachisi[EXTRA]'") when a module the
    extra brings is not installed.  Looks the modules up without importing them."""
    missing = [m for m in MODULES[extra] if find_spec(m) is None]
    if missing:
        raise MissingExtra(f"{what} needs the {extra} extra: pip install 'pachisi[{extra}]' "
                           f"(missing: {', '.join(missing)})")
