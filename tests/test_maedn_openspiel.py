"""Lockstep games against OpenSpiel's `maedn` (skipped when open_spiel is not installed).

OpenSpiel's rules are the leaflet's base rule with all four pieces starting on B: our preset
`schmidt-base` with start_on_a=false, the game over with the first player home (play_for_places=false)
and player 0 starting (first_player=first); its two players sit opposite, as ours do.  Both engines are
given the same dice, roll by roll, and after every roll their legal move sets must be equal: OpenSpiel's
"pass" (its only move when nothing can move) is our roll lost (we pass by ourselves), its "bring in" our
entering move, its "piece on field f" our piece on place f.  Then one legal move, chosen at random, is
played in both, and the positions compared."""
import random

import pytest

from pachisi import make_game

pyspiel = pytest.importorskip("pyspiel")

OPTIONS = {"start_on_a": False, "play_for_places": False, "first_player": "first"}


def their_moves(state):
    """OpenSpiel's legal moves as {action: "in" | "pass" | place}."""
    out = {}
    for a in state.legal_actions():
        text = state.action_to_string(state.current_player(), a)
        out[a] = "in" if "brings in" in text else "pass" if "passes" in text else int(text.rsplit(" ", 1)[1])
    return out


def our_moves(state):
    """Our legal moves as {"in" | place: move}: the place the moving piece stands on."""
    return {("in" if m.frm < 0 else m.frm): m for m in state.legal_moves()}


def their_places(state, player):
    """OpenSpiel's pieces of `player` as our places, sorted, -1 for each piece off the board (its
    observation seen by the player: 40 track fields relative to its start, then its goal fields, each
    a one-hot of the four players; then the pieces off the board, its own first)."""
    tensor = state.observation_tensor(player)
    board = tensor[:160]
    mine = [i for i in range(40) if board[4 * i + player] == 1]
    goal = [40 + i for i in range(4) if tensor[160 + 4 * i + player] == 1]
    out = int(tensor[160 + 64])
    return sorted([-1] * out + mine + goal)


def lockstep(players, seed, counts):
    """Play one game through both engines; counts the rolls and decisions compared."""
    game = make_game("maedn", players, "schmidt-base", OPTIONS)
    ours = game.new_state(seed=seed)
    theirs = pyspiel.load_game("maedn", {"players": players}).new_initial_state()
    rng = random.Random(seed)
    while not theirs.is_terminal():
        assert theirs.is_chance_node() and ours.is_chance
        die = ours.next_roll()[0]
        theirs.apply_action(die - 1)
        player = theirs.current_player()
        assert ours.current_player == player
        ours.set_dice((die,))
        counts["rolls"] += 1
        expected = their_moves(theirs)
        if list(expected.values()) == ["pass"]:
            assert ours.legal_moves() == [] and not ours.is_over
            theirs.apply_action(next(iter(expected)))
            counts["passes"] += 1
            continue
        mine = our_moves(ours)
        assert set(mine) == set(expected.values()), (seed, counts["rolls"], die, sorted(map(str, mine)),
                                                      sorted(map(str, expected.values())))
        counts["decisions"] += 1
        action = rng.choice(sorted(expected))
        ours.push(mine[expected[action]])
        theirs.apply_action(action)
        for q in range(players):
            assert their_places(theirs, q) == sorted(int(x) for x in game.pieces(ours.arr, q))
    assert ours.is_over and ours.winner == next(q for q in range(players) if theirs.returns()[q] > 0)
    counts["games"] += 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_and_schmidt_base_agree_roll_by_roll(players):
    counts = {"games": 0, "rolls": 0, "decisions": 0, "passes": 0}
    for seed in range(60):
        lockstep(players, seed, counts)
    assert counts["games"] == 60 and counts["decisions"] > 1000
    print(f"\n{players} players: {counts}")
