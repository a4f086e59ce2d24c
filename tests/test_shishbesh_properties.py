"""Шиш-беш invariants over random games with random options: two own pieces
never share a cell (a hidden piece and one standing above it excepted), the
board tables agree with the pieces, a hidden piece sits on a shelter cell."""
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import random_play
from pachisi import make_game
from pachisi.games import shishbesh as S

OPTIONS = st.fixed_dictionaries({
    "arm": st.sampled_from([5, 6]), "shelters": st.sampled_from(["opposite", "alternate"]),
    "start": st.sampled_from(["six", "double", "both"]), "quick_charge": st.booleans(),
    "shelter_own_stack": st.booleans(), "extra_rolls_cumulative": st.booleans(),
    "play_for_places": st.booleans()})


def check_board(state):
    g, arr = state.game, state.arr
    tab = g.tab
    standing, hidden = {}, {}
    for q in range(g.players):
        house = set()
        for k, (p, is_hidden) in enumerate(g.pieces(arr, q)):
            pid = q * 4 + k
            if p > tab.circle:
                assert p <= tab.house_end and p not in house, "house cells hold one piece each"
                house.add(p)
            elif p >= 0:
                cell = int(S.global_cell(tab, q, p))
                if is_hidden:
                    assert tab.is_shelter[cell] and cell not in hidden
                    hidden[cell] = pid
                    assert arr[S.HUT + cell] == pid + 1
                else:
                    assert cell not in standing, "one piece stands on a cell"
                    standing[cell] = pid
                    assert arr[S.CELL + cell] == pid + 1
    for cell, pid in standing.items():
        if cell in hidden and hidden[cell] // 4 == pid // 4:
            assert tab.stack, "own piece above its hidden piece only with shelter_own_stack"
    assert sum(1 for c in range(tab.circle) if arr[S.CELL + c]) == len(standing)
    assert sum(1 for c in range(tab.circle) if arr[S.HUT + c]) == len(hidden)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, players=st.integers(2, 4), seed=st.integers(0, 2 ** 40))
def test_own_pieces_never_share_a_cell_and_tables_agree(options, players, seed):
    state = make_game("shishbesh", players, options=options).new_state(seed=seed)
    random_play(state, random.Random(seed), 600, check_board)
