"""The frozen corpus: records of games played by the numba engine before the
engine moved to code compiled at install (tools/make_corpus.py made them, one
file per game in tests/corpus/).  Replaying each record must give, step by
step, the very legal lists and state arrays that engine had: the digest of
them all is stored beside the record."""
from array import array
import functools
import hashlib
import json
import lzma
from pathlib import Path

import pytest

from pachisi import record as records
from pachisi.games import GAMES

CORPUS = Path(__file__).parent / "corpus"


@functools.cache
def rows(name):
    with lzma.open(CORPUS / f"{name}.jsonl.xz", "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def digest_step(h, state):
    """Hash the legal list (as int64s) and the state array, as tools/make_corpus.py does."""
    h.update(array("q", state.legal_actions()).tobytes())
    h.update(state.arr.tobytes())


def replay_digest(text):
    """Replay a record token by token (its notation, as a person would type
    it, as records.replay does), digesting the legal list and the state after
    every step."""
    (rec,) = records.parse(text)
    turns, result = rec.turns, rec.headers["Result"]
    rec.turns, rec.headers["Result"] = [], "*"
    state, _ = records.replay(rec)                  # the start the headers describe
    h = hashlib.sha256()
    digest_step(h, state)
    for _, name, tokens in turns:
        assert name == state.game.player_name(state.current_player)
        for token in tokens:
            m = records.DICE.match(token)
            if m:
                state.set_dice(tuple(int(d) for d in m.group(1).split("-")))
            else:
                state.push(token)
            digest_step(h, state)
    assert result == records._result(state)         # the record's result is the replay's
    return h.hexdigest()


@pytest.mark.parametrize("name,preset", [(name, preset) for name in sorted(GAMES) for preset in GAMES[name].presets])
def test_every_record_of_the_numba_engine_replays_identically(name, preset):
    corpus = [row for row in rows(name) if row["preset"] == preset]
    assert len(corpus) >= 100
    for row in corpus:
        assert replay_digest(row["record"]) == row["digest"], (
            f"{name} {row['preset']} {row['players']} players seed {row['seed']}")
