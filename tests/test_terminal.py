"""The terminal board: colours, every piece, square names and a legend for every sign."""
import io
import random
import re

import pytest
from rich.console import Console

from pachisi.engine.position import load_position
from pachisi.i18n import colour_name
from pachisi.games import GAMES, make_game
from pachisi.render.terminal import EMPTY, SYMBOLS, MoveTrace, cell_name, render

from helpers import random_play

ANSI_COLOUR = {"red": "31", "green": "32", "yellow": "33", "blue": "34"}


def ansi(text):
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="standard", width=300).print(text)
    return out.getvalue()


def played(name, players=4, seed=3, steps=120):
    g = make_game(name, players)
    state = g.new_state(seed=seed)
    random_play(state, random.Random(seed), steps)
    return g, state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_seat_is_drawn_in_its_own_colour(name):
    g, state = played(name)
    out = ansi(render(g, g.view(state.arr)))
    symbol_colour = {SYMBOLS[seat]: g.colours[seat] for seat in g.seats}
    seen = set()
    # every symbol drawn in colour (legend entries and pieces) carries its seat's colour code
    for params, symbol in re.findall(r"\x1b\[([\d;]+)m([●▲■◆])", out):
        if params == "0":
            continue
        assert ANSI_COLOUR[symbol_colour[symbol]] in params.split(";"), (symbol, params)
        seen.add(symbol)
    assert seen == set(symbol_colour)
    # the legend names each colour after its own symbol
    for player in range(g.players):
        seat = g.seats[player]
        entry = re.search(r"\x1b\[([\d;]+)m" + SYMBOLS[seat] + " " + colour_name(g.colours[seat]), out)
        assert entry and ANSI_COLOUR[g.colours[seat]] in entry.group(1).split(";")
    pieces = [p for sq in g.view(state.arr).squares.values() for p in sq.pieces]
    assert pieces, "the random play left pieces on the board"


def _find_position(game, make, tries):
    for pieces in tries:
        try:
            state = load_position({"game": game.name, "players": game.players, "to_move": 0, "pieces": pieces},
                                  make)
        except Exception:
            continue
        view = state.game.view(state.arr)
        for rc, sq in view.squares.items():
            if len({p for p, _, _ in sq.pieces}) > 1:
                return state, view, rc
    raise AssertionError("no such position found")


def test_two_colours_on_a_ludo_star_are_both_shown():
    g = make_game("ludo", 4)
    tries = ([[p, -1, -1, -1], [(p - 13) % 52, -1, -1, -1], [-1] * 4, [-1] * 4] for p in range(51))
    state, view, rc = _find_position(g, make_game, tries)
    plain = render(g, view).plain
    assert "●a▲a" in plain
    assert view.squares[rc].kind in ("safe", "start")


def test_a_piece_above_a_hidden_one_in_a_shishbesh_shelter_shows_both():
    g = make_game("shishbesh", 4)
    tries = ([[p, -1, -1, -1], [-1, "45s", -1, -1], [-1] * 4, [-1] * 4] for p in range(60))
    state, view, rc = _find_position(g, make_game, tries)
    plain = render(g, view).plain
    assert "▲B" in plain and "●a" in plain           # the hidden piece (capital) and the one above it
    marks = re.findall(r"[●▲■◆][a-dA-D]", plain.split("\n\n")[0])
    assert "●a▲B" in plain or "▲B●a" in plain, marks


def test_crowded_squares_are_listed_under_the_board():
    g = make_game("ludo", 4)
    state = load_position({"game": "ludo", "players": 4, "to_move": 0,
                           "pieces": [[56, 56, 56, 20], [-1] * 4, [-1] * 4, [-1] * 4]}, make_game)
    plain = render(g, g.view(state.arr)).plain
    assert "●abc" in plain and "+:" not in plain          # one player's three pieces fit with their letters
    tries = ([[p, -1, -1, -1], [(p - 13) % 52, -1, -1, -1], [(p - 26) % 52, -1, -1, -1], [-1] * 4]
             for p in range(51))
    state, view, rc = _find_position(g, make_game, tries)
    plain = render(g, view).plain
    assert "●▲■+" in plain
    assert f"{cell_name(view, rc)}: ●a ▲a ■a" in plain
    assert "+: more pieces than fit; all are listed under the board" in plain


@pytest.mark.parametrize("name", sorted(GAMES))
def test_move_squares_are_the_squares_the_board_names(name):
    g, state = played(name, steps=60)
    while state.is_chance:
        state.roll()
    for move in state.legal_moves()[:10]:
        trace = MoveTrace(state, move)
        if not trace.to:
            continue                                     # a fence or "keep": its text names its slots
        view = g.view(trace.after.arr)
        where = [rc for rc, sq in view.squares.items()
                 if any(p == move.player and k == move.piece for p, k, _ in sq.pieces)]
        if where:
            assert cell_name(view, where[0]) == trace.to
            assert where[0] in trace.cells
        else:
            assert trace.to in view.off_board[move.player]


def test_files_and_ranks_name_the_squares_like_kimbos_notation():
    g = make_game("kimbo", 2)
    state = load_position({"game": "kimbo", "players": 2, "to_move": 0, "pieces": [
        {"pawns": ["b14", "c3", "m13", "n2"], "fences": ["a12n", "b12n", "c12n", "c13e", "c14e", "c15e"]},
        {"pawns": ["b2", "n14", "a1", "o15"], "fences": ["m3n", "n3n", "o3n", "l1e", "l2e", "l3e"]}]}, make_game)
    view = g.view(state.arr)
    plain = render(g, view).plain
    lines = plain.splitlines()
    assert lines[0].split() == list("abcdefghijklmno")
    assert lines[1].startswith("15 ")
    rank14 = next(line for line in lines if line.startswith("14 "))
    assert rank14[3 + 1 * 5:3 + 1 * 5 + 4].strip() == "●a"     # b14: the second file
    state.set_dice((2, 3))
    move = next(m for m in state.legal_moves() if m.text.startswith("a") and m.piece == 0)
    trace = MoveTrace(state, move)
    assert trace.frm == "b14" and re.fullmatch(r"[a-o]\d{1,2}|C", trace.to)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_legend_explains_every_sign_on_the_board(name):
    g, state = played(name)
    view = g.view(state.arr)
    board, _, _ = render(g, view).plain.rpartition("\n● ")
    legend = render(g, view).plain[len(board):]
    for sq in view.squares.values():
        glyph = EMPTY.get(sq.kind, "·")
        if glyph.strip() and glyph != "·" and glyph in board:
            assert re.search(re.escape(glyph) + r" \w", legend), (sq.kind, legend)
    assert "a piece (symbol and colour" in legend
    assert "squares are named" in legend
    if view.walls:
        assert "fence" in legend


def test_the_legend_and_board_in_russian():
    g, state = played("shishbesh")
    plain = render(g, g.view(state.arr), lang="ru").plain
    assert "Красный" in plain and "укрытие" in plain and "фишка" in plain


def test_the_last_move_is_shaded():
    g, state = played("ludo", steps=40)
    while state.is_chance:
        state.roll()
    trace = MoveTrace(state, state.legal_moves()[0])
    out = ansi(render(g, g.view(trace.after.arr), trace.cells))
    assert out.count("\x1b[") > 0 and ";100m" in out or "100m" in out     # a grey background
    assert "the last move" in out
