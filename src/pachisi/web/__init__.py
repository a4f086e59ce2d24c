"""The web app: every game in the browser, on one screen (hotseat) and online.

FastAPI serves an HTTP API, WebSocket rooms and a front end of plain ES
modules and SVG (static/, no JavaScript toolchain); SQLAlchemy stores rooms,
seats and every action (embedded SQLite by default, DATABASE_URL for
another database).  `pachisi serve` (or `make run`) starts it on
http://127.0.0.1:8000.  See docs/web.md.
"""
from .app import create_app, run
from .settings import Settings

__all__ = ["create_app", "run", "Settings"]
