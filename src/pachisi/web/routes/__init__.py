"""The HTTP routes, one module a part of the API: pages (the front end, health), games (the lobby and the
rules), rooms (making, finding and joining them) and records (verify and replay).  The WebSocket protocol
of a live room is protocol.py."""
