"""Records: written as the game goes, read back move by move."""
import itertools

import pytest

from pachisi import make_game
from pachisi import record as records
from pachisi.bots import make_bot
from pachisi.engine.position import load_position


def play_out(state, bots, limit=10_000):
    for _ in range(limit):
        if state.is_over:
            return state
        if state.is_chance:
            state.roll()
        else:
            state.push(bots[state.current_player].choose(state))
    return state


def test_a_finished_game_round_trips_through_its_record():
    g = make_game("shishbesh", 3, preset="quick-charge")
    state = g.new_state(seed=21)
    start = state.clone()
    play_out(state, [make_bot("greedy", 1), make_bot("random", 2), make_bot("greedy", 3)])
    text = records.write(state, records.headers_for(state, ["greedy", "random", "greedy"]), start=start)
    assert '[Preset "quick-charge"]' in text and f'[Result "{g.player_name(state.winner)}' in text
    [(rec, replay_start, final)] = records.load(text)
    assert replay_start == start and final == state
    assert rec.headers["Players"] == "greedy,random,greedy"


def test_each_roll_is_one_line_with_its_dice_and_moves():
    g = make_game("shishbesh", 2, options={"first_player": "first"})
    s = g.new_state(seed=0)
    start = s.clone()
    s.set_dice((6, 2))
    s.push("6a")
    s.push("2a")
    s.set_dice((5, 4))
    text = records.write(s, records.headers_for(s, ["a", "b"]), start=start)
    assert text.splitlines()[-2:] == ["1. red [6-2] 6a 2a", "2. yellow [5-4]"]
    assert '[Result "*"]' in text


def test_a_game_from_a_hand_written_position_records_the_position():
    data = {"game": "shishbesh", "players": 2, "to_move": 1, "pieces": [[10, -1, -1, -1], [-1, 5, -1, -1]]}
    state = load_position(data, make_game)
    start = state.clone()
    state.set_dice((3, 1))
    state.push("3b")
    text = records.write(state, records.headers_for(state, ["x", "y"]), start=start)
    assert "[Position " in text
    [(_, replay_start, final)] = records.load(text)
    assert replay_start == start and final == state


def test_quotes_in_headers_are_escaped():
    g = make_game("shishbesh", 2)
    s = g.new_state(seed=1)
    text = records.write(s, records.headers_for(s, ["a", "b"], extra={"Event": 'the "kitchen" cup'}))
    [rec] = records.parse(text)
    assert rec.headers["Event"] == 'the "kitchen" cup'


def test_a_record_whose_moves_go_on_after_the_end_is_refused():
    data = {"game": "shishbesh", "players": 2, "to_move": 0, "pieces": [[52, 51, 50, 47], [-1, -1, -1, -1]]}
    state = load_position(data, make_game)
    start = state.clone()
    state.set_dice((2, 1))
    state.push("2d")
    text = records.write(state, records.headers_for(state, ["x", "y"]), start=start)
    text += "2. yellow [6-6]\n"
    with pytest.raises(records.RecordError, match="line .*already over"):
        records.load(text.replace('[Result "red"]', '[Result "*"]'))


def play_match(wins, seed=5):
    from pachisi.engine.match import Match
    g = make_game("shishbesh", 2)
    m = Match(g, wins, seed)
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    while not m.over:
        start = m.new_game()
        final = play_out(start.clone(), bots)
        m.add(start, final)
    return m


def test_a_match_goes_to_n_wins_and_each_game_is_started_by_the_next_player():
    m = play_match(2)
    assert max(m.score) == 2 and len(m.rounds) in (2, 3)
    starters = [start.current_player for start, _ in m.rounds]
    assert all(b == (a + 1) % 2 for a, b in zip(starters, starters[1:]))
    text = records.write_match(m, ["greedy", "random"])
    games, match = records.load_match(text)
    assert match.score == m.score and len(games) == len(m.rounds)


def test_a_match_record_with_the_wrong_starter_is_refused():
    m = play_match(2)
    text = records.write_match(m, ["greedy", "random"])
    parts = text.split('[Round "2"]')
    first_of_two = m.rounds[1][0].current_player
    wrong = m.game.player_name(1 - first_of_two)
    right = m.game.player_name(first_of_two)
    tampered = parts[0] + '[Round "2"]' + parts[1].replace(f'[First "{right}"]', f'[First "{wrong}"]', 1)
    with pytest.raises(records.RecordError):
        records.load_match(tampered)


@pytest.mark.parametrize("name", ["shishbesh", "kimbo", "parchis"])
def test_a_records_positions_are_the_games_positions_move_by_move(name):
    """Record.positions() walks the game: each roll and move with the position it was played in."""
    state = make_game(name, 2).new_state(seed=4)
    start = state.clone()
    bots = [make_bot("greedy", 1), make_bot("random", 2)]
    seen = []
    for _ in range(400):
        if state.is_over:
            break
        before = state.clone()
        if state.is_chance:
            dice, _ = state.roll()
            seen.append(("[" + "-".join(map(str, dice)) + "]", before))
        else:
            move = bots[state.current_player].choose(state)
            state.push(move)
            seen.append((move.text, before))
    [rec] = records.parse(records.write(state, records.headers_for(state), start=start))
    walked = list(rec.positions())
    assert [t for t, _ in walked] == [t for t, _ in seen]
    assert all(a == b for (_, a), (_, b) in zip(walked, seen))
    token, position = walked[-1]
    play(position, token)
    assert position.arr.tolist() == state.arr.tolist()
    first = walked[0][1]                             # each position is a copy of its own
    play(first, walked[0][0])
    play(first, walked[1][0])
    assert walked[1][1] == seen[1][1] and first != walked[1][1]


def play(state, token):
    """Play a record's token, a roll "[6-2]" or a move."""
    if token.startswith("["):
        state.set_dice(tuple(int(d) for d in token[1:-1].split("-")))
    else:
        state.push(token)


def test_walking_a_record_stops_at_its_illegal_move_naming_the_line():
    text = '[Game "shishbesh"]\n[Players "a,b"]\n[Seed "1"]\n[First "red"]\n\n1. red [6-6] 6a 6z\n'
    [rec] = records.parse(text)
    walk = rec.positions()
    assert [t for t, _ in itertools.islice(walk, 3)] == ["[6-6]", "6a", "6z"]
    with pytest.raises(records.RecordError, match="line 6"):
        next(walk)
