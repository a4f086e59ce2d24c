"""Compiled code is kept on disk between runs (pachisi/_cache.py), and
`pachisi serve` fills that cache ahead in the background (pachisi/warm.py).
numba finds a cached function again only when every type in its signature can
be found again by its name: a game's tables named otherwise than the module
calls them were compiled afresh in every process, some 30-50 s a game."""
import sys

from pachisi import warm
from pachisi.games import GAMES, make_game


def test_every_games_tables_are_a_type_found_again_by_its_name():
    for name, cls in GAMES.items():
        kind = type(make_game(name, cls.max_players).tab)
        found = getattr(sys.modules[kind.__module__], kind.__qualname__, None)
        assert found is kind, f"{name}: {kind.__module__}.{kind.__qualname__} is not the tables' type"


def test_the_warm_up_compiles_every_game_and_says_so(monkeypatch, capsys):
    monkeypatch.setattr(warm, "GAMES", {"shishbesh": GAMES["shishbesh"]})
    monkeypatch.setattr(warm.os, "nice", lambda increment: 0)      # leave the test process's priority alone
    warm.main()
    assert capsys.readouterr().out.startswith("pachisi: Шиш-беш compiled and ready (")
