"""How a game's events are told (engine.story): each action's events as message keys with their values, the
reason worked out from the turn so far, the same words in the terminal as on the page (tests/e2e compares
the page's)."""
from pachisi import make_game
from pachisi.engine.kernel import Event
from pachisi.engine.story import Teller
from pachisi.render.terminal import story_sentence, tell_stories


def ev(kind, player, piece=0, a=0, b=0):
    return Event(kind, player, piece, a, b)


def test_a_six_that_brings_a_piece_out_rolls_again_for_the_six():
    g = make_game("ludo", 2)
    st = g.new_state(seed=1)
    teller = Teller(g)
    p = st.current_player
    teller.roll(p, (6,), st.set_dice((6,)))
    move = st.parse_move("6a")
    said = teller.move(p, st.push(move), g.move_story(move))
    assert said == [{"kind": "extra_roll", "say": "ev.extra_roll.why", "who": p, "why": "why.six"}]
    assert tell_stories(said, g) == f"{g.player_name(p).title()} rolls again: a six"
    assert tell_stories(said, g, "ru") == "Красный бросает ещё раз: выпала шестёрка"


def test_a_capture_earlier_in_the_turn_is_the_reason_of_the_extra_roll():
    g = make_game("shishbesh", 2)
    teller = Teller(g)
    teller.roll(0, (3, 1), [])
    assert teller.move(0, [ev("captured", 1, 2, 5, 0)]) == [
        {"kind": "captured", "say": "ev.captured", "by": 0, "whose": 1, "piece": "c"}]
    assert teller.move(0, [ev("extra_roll", 0)]) == [
        {"kind": "extra_roll", "say": "ev.extra_roll.why", "who": 0, "why": "why.capture"}]


def test_a_double_rolls_again_for_the_double_and_a_plain_roll_says_no_reason():
    g = make_game("shishbesh", 2)
    teller = Teller(g)
    teller.roll(0, (4, 4), [])
    assert teller.move(0, [ev("extra_roll", 0)])[0]["why"] == "why.double"
    teller.roll(1, (4, 2), [])
    assert teller.move(1, [ev("extra_roll", 1)]) == [{"kind": "extra_roll", "say": "ev.extra_roll", "who": 1}]


def test_a_bonus_is_told_with_the_piece_home_that_earned_it_though_the_event_comes_after():
    g = make_game("parchis", 2)
    teller = Teller(g)
    teller.roll(0, (5, 2), [])
    said = teller.move(0, [ev("bonus", 0, 0, 10), ev("finished", 0, 1)])
    assert said[0]["say"] == "ev.bonus.why" and said[0]["why"] == "why.bonus.home"
    assert story_sentence(said[0], g) == "Yellow earns a bonus move of 10 for a piece home"   # seat 0 of a 2-player Parchís


def test_dice_lost_together_are_told_together():
    g = make_game("shishbesh", 2)
    said = Teller(g).roll(1, (3, 1), [ev("burned", 1, 0, 3), ev("burned", 1, 0, 1)])
    assert said == [{"kind": "burned", "say": "ev.burned.many", "a": [3, 1]}]
    assert story_sentence(said[0], g) == "the 3 and the 1 cannot be played and are lost"
    assert story_sentence(said[0], g, "ru") == "3 и 1 не сыграть — очки сгорают"


def test_the_third_six_in_a_row_of_one_player_does_not_count_where_the_game_voids_it():
    g = make_game("ludo", 4)
    teller = Teller(g)
    teller.roll(0, (6,), [])
    teller.roll(0, (6,), [])
    said = teller.roll(0, (6,), [ev("burned", 0, 0, 6)])
    assert said == [{"kind": "burned", "say": "ev.burned.void", "a": [6], "n": 3, "what": "why.sixes"}]
    assert story_sentence(said[0], g) == "3 sixes in a row: the roll does not count"
    assert story_sentence(said[0], g, "ru") == "шестёрка 3 раза подряд: бросок не в счёт"


def test_another_players_roll_or_a_resignation_breaks_the_run():
    g = make_game("ludo", 4)
    teller = Teller(g)
    teller.roll(0, (6,), [])
    teller.roll(1, (6,), [])
    assert teller.roll(0, (6,), [ev("burned", 0, 0, 6)])[0]["say"] == "ev.burned"
    teller.roll(0, (6,), [])
    teller.resign()
    assert teller.roll(0, (6,), [ev("burned", 0, 0, 6)])[0]["say"] == "ev.burned"


def test_a_penalty_says_what_it_is_for_and_where_it_sends_the_piece():
    parchis, mandavoshka = make_game("parchis", 2), make_game("mandavoshka", 2)
    said = Teller(parchis).roll(0, (6,), [ev("penalty", 0, 1, 30, 0)])
    assert story_sentence(said[0], parchis) == "Yellow's b is sent back: the third six in a row"
    said = Teller(mandavoshka).move(1, [ev("penalty", 1, 3, 4, 0)])
    assert said[0]["say"] == "ev.penalty.lockup"
    assert story_sentence(said[0], mandavoshka) == "Yellow's d goes to the lock-up: a missed capture, called by Red"


def test_a_piece_brought_out_is_told_by_its_move_not_again_by_its_event():
    g = make_game("ludo", 2)
    teller = Teller(g)
    teller.roll(0, (6,), [])
    assert teller.move(0, [ev("entered", 0, 0, -1, 0)], {"say": "log.out", "piece": "a"}) == []
    assert teller.move(0, [ev("entered", 0, 0, -1, 0)])[0]["say"] == "ev.entered"


def test_a_look_at_a_move_leaves_the_turn_as_it_was_and_the_saved_turn_goes_on():
    g = make_game("shishbesh", 2)
    teller = Teller(g)
    teller.roll(0, (3, 1), [])
    before = teller.saved()
    assert teller.peek(0, [ev("captured", 1, 2, 5, 0)])[0]["say"] == "ev.captured"
    assert teller.saved() == before
    assert teller.move(0, [ev("extra_roll", 0)])[0].get("why") is None       # the capture was only looked at
    teller.move(0, [ev("captured", 1, 2, 5, 0)])
    again = Teller(g, teller.saved())
    assert again.move(0, [ev("extra_roll", 0)])[0]["why"] == "why.capture"


def test_a_finished_players_move_of_his_partners_piece_is_told_with_its_owner():
    """Ludo in teams: Red (0) has every piece home and plays for his partner Yellow (2); the log says whose
    piece moved, which neither the notation ("6b") nor the turn's name (Red's) says. Yellow's own move of the
    same piece is told without an owner."""
    from pachisi.engine.position import load_position
    position = {"game": "ludo", "options": {"teams": "opposite"}, "players": 4, "to_move": 0,
                "pieces": [["centre"] * 4, ["yard"] * 4, [10, "yard", "yard", "yard"], ["yard"] * 4]}
    st = load_position(position, make_game)
    st.set_dice((6,))
    told = {m.text: st.game.played_story(m, st.current_player) for m in st.legal_moves()}
    assert told == {"6a": {"piece": "a", "steps": "6", "whose": 2},
                    "6b": {"say": "log.out", "piece": "b", "whose": 2}}
    own = load_position(dict(position, to_move=2, pieces=[["yard"] * 4, ["yard"] * 4, [10, "yard", "yard", "yard"],
                                                         ["yard"] * 4]), make_game)
    own.set_dice((6,))
    assert {own.game.played_story(m, 2).get("whose") for m in own.legal_moves()} == {None}


def test_partners_placed_together_are_told_in_one_sentence():
    """Team play: the move that brings a team home places both partners; the log says "Red and Yellow win!"
    once, not each partner's win apart."""
    g = make_game("ludo", 4, options={"teams": "opposite"})
    teller = Teller(g)
    teller.roll(0, (1,), [])
    said = teller.move(0, [ev("finished", 0, 3), ev("won", 2, 0, 1), ev("won", 0, 0, 1)])
    assert [s["say"] for s in said] == ["ev.finished", "ev.won.team.first"]
    assert tell_stories(said, g) == "Red's d is home; Red and Yellow win!"
    assert tell_stories(said, g, "ru") == "фишка d Красного дома; Красный и Жёлтый победили!"
    second = teller.move(1, [ev("won", 3, 0, 2), ev("won", 1, 0, 2)])
    assert tell_stories(second, g) == "Green and Blue finish in place 2"
