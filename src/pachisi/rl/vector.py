"""The batched environment (docs/rl.md): N games of one game stepped by one
compiled call (rl/batch.pyx), observations, masks, rewards and ends written
into preallocated numpy buffers, with a PufferLib/EnvPool-style face
(BatchEnv: reset(seed), step(actions) -> the buffers) and a Gymnasium
VectorEnv over it (VectorEnv, what gymnasium.make_vec gives for the
registered ids)."""
from concurrent.futures import ThreadPoolExecutor
import os

import numpy as np

from ..bots import LEVELS, SEED_MASK, Bot, make_bot
from ..bots import search as S
from ..engine.game import Game
from ..engine.options import OptionError
from ..games import race
from . import batch as B
from .core import IllegalActionError, Table
from .spaces import DICE_SLOTS

LUT_LO, LUT_HI = -16, 512       # the raw places a piece's number may take in a state array (tabulated)
OPS = {"flags": B.OP_FLAGS, "slots": B.OP_SLOTS, "count": B.OP_COUNT, "claim": B.OP_CLAIM, "stage": B.OP_STAGE}


def compiled_layout(table):
    """What the compiled writer needs to write Observer's vector: where each part starts, the table of a
    piece's raw place -> its one-hot index (the game's own observed_places, tabulated per player over
    every raw place), and the game's planes and turn features as the ops it declares (observation_ops)."""
    game, obs = table.game, table.observer
    seats = obs.seats
    per, places = obs.pieces, obs.places
    ops = list(getattr(game, "observation_ops", ()))
    planes = [op for op in ops if op[0] in ("flags", "slots")]
    feats = [op for op in ops if op[0] not in ("flags", "slots")]
    width = {"flags": lambda op: seats * per, "slots": lambda op: seats * op[3], "count": lambda op: 1,
             "claim": lambda op: 1 + seats + per, "stage": lambda op: op[2] + 1}
    if any(op[0] not in OPS for op in ops):
        raise ValueError(f"{game.name}: an observation op is one of {', '.join(OPS)}")
    plane_len = sum(n for _, n in obs.planes)
    if sum(width[op[0]](op) for op in planes) != plane_len or \
            sum(width[op[0]](op) for op in feats) != len(obs.extra):
        raise ValueError(f"{game.name} declares no compiled form of its observation's own parts "
                         "(observation_ops): the batched environment cannot write them")
    at_planes = seats * per * places
    at_dice = at_planes + plane_len
    layout = dict(size=obs.size, seats=seats, pieces=per, places=places, pos=race.POS, at_planes=at_planes,
                  at_dice=at_dice, at_roll=at_dice + DICE_SLOTS, at_in=at_dice + 2 * DICE_SLOTS,
                  at_fin=at_dice + 2 * DICE_SLOTS + seats, at_feat=at_dice + 2 * DICE_SLOTS + 2 * seats, dice_scale=obs.scale)
    if layout["at_feat"] + len(obs.extra) != obs.size:
        raise ValueError(f"{game.name}: the observation's parts do not add up to its size")
    arr = game.new_state(0).arr.copy()
    lut = np.full((game.colour_rows(), LUT_HI - LUT_LO), -1, np.int64)
    for q in range(game.colour_rows()):                  # the players', then a neutral colour's
        probe = arr.copy()
        for v in range(LUT_LO, LUT_HI):
            probe[race.POS + q * per] = v
            j = game.observed_places(probe, q)[0]
            if j is not None and 0 <= j < places:
                lut[q, v - LUT_LO] = j
    coded = lambda op: (OPS[op[0]], *op[1:], *(0,) * (4 - len(op)))
    return layout, lut, [coded(op) for op in planes], [coded(op) for op in feats]


def first_player_mode(game):
    """How the compiled deal picks the first player as game.new_state does: the roll-off, or the first seat."""
    fp = type(game).first_player
    if fp is Game.first_player:
        return B.FIRST_ROLLOFF
    if fp is race.FirstPlayer.first_player:
        return B.FIRST_SEAT0 if game.opts.get("first_player") == "first" else B.FIRST_ROLLOFF
    raise ValueError(f"{game.name} chooses its first player its own way: the batched environment cannot deal it")


def compiled_opponent(spec):
    """(kind, blunder) of an opponent the compiled loop plays: a level whose bot is random or greedy
    (level1 ... level4, or its number), "random", "greedy", or such a Bot."""
    bot = None
    if isinstance(spec, Bot):
        bot = spec
    elif isinstance(spec, int) and not isinstance(spec, bool) or isinstance(spec, str) and spec.startswith("level"):
        level = str(spec).removeprefix("level")
        if level.isdigit() and int(level) in LEVELS:
            name, settings = LEVELS[int(level)]
            bot = make_bot(name, **settings)
    elif spec in ("random", "greedy"):
        bot = make_bot(spec)
    if bot is not None and bot.kind == S.BOT_RANDOM:
        return B.KIND_RANDOM, 0.0
    if bot is not None and bot.kind == S.BOT_GREEDY and bot.compiled:
        return B.KIND_GREEDY, float(bot.settings.get("blunder", 0.0))
    raise OptionError("the batched environment's opponents are levels 1-4, random, greedy or such a Bot, "
                      "not {value!r}", value=spec if bot is None else repr(bot))


class BatchEnv:
    """num_envs games of `game` stepped together, PufferLib/EnvPool style:
    `reset(seed)` and `step(actions)` write into and return the same buffers
    (observations float32 (N, obs), masks int8 (N, actions), rewards float32,
    terminals and truncations bool, infos).  The agent plays `seat` against
    `opponents` (one spec, or one per other seat: levels 1-4, "random",
    "greedy"); with opponents="self" it plays every seat, each observation
    seen by the player to move (`players` says whose).  An ended game is
    dealt again at once (its last observation in final_observations,
    every player's reward in final_rewards); `threads` splits the games
    over that many threads (the compiled steps run without the GIL)."""

    def __init__(self, game, num_envs=64, players=2, preset=None, options=None, opponents="level3", seat=0,
                 skip_forced=False, max_rolls=10_000, illegal="penalty", penalty=-1.0, threads=1, seed=None):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError("num_envs is a whole number from 1, not {value!r}", value=num_envs)
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise OptionError("threads is a whole number from 1, not {value!r}", value=threads)
        self._kwargs = dict(game=game, num_envs=num_envs, players=players, preset=preset, options=options,
                            opponents=opponents, seat=seat, skip_forced=skip_forced, max_rolls=max_rolls,
                            illegal=illegal, penalty=penalty, threads=threads)
        self.table = table = Table(game, players, preset, options, max_rolls, illegal, penalty, skip_forced)
        g = self.game = table.game
        n = g.players
        self.self_play = opponents == "self"
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError("seat is a player from 0 to {last}, not {value!r}", last=n - 1, value=seat)
        self.seat = seat
        kinds, blunders = [B.KIND_AGENT] * n, [0.0] * n
        if not self.self_play:
            specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * (n - 1)
            if len(specs) != n - 1:
                raise OptionError("give one opponent per other seat: {count}, not {given}", count=n - 1,
                                  given=len(specs))
            for r, spec in enumerate(specs, 1):
                kinds[(seat + r) % n], blunders[(seat + r) % n] = compiled_opponent(spec)
        layout, lut, planes, feats = compiled_layout(table)
        codec = table.codec
        blocks = [(b.slots.start, len(b.slots), b.pieces.start, len(b.pieces), b.kinds.start, len(b.kinds))
                  for b in codec.blocks]
        self.num_envs, self.threads = num_envs, min(threads, num_envs)
        self.core = B.BatchCore(g.engine, num_envs, g.new_state(0, first_player=0).arr, np.array(codec.actions),
                                lut, LUT_LO, layout, planes, feats, list(g.seats), blocks, kinds, blunders, seat,
                                self.self_play, first_player_mode(g), bool(g.opts.get("play_for_places")),
                                skip_forced, max_rolls, illegal == "penalty", float(penalty), self.threads)
        self.obs_size, self.n_actions = self.core.obs_size, self.core.n_actions
        self.observations = np.zeros((num_envs, self.obs_size), np.float32)
        self.masks = np.zeros((num_envs, self.n_actions), np.int8)
        self.rewards = np.zeros(num_envs, np.float32)
        self._term = np.zeros(num_envs, np.int8)
        self._trunc = np.zeros(num_envs, np.int8)
        self._illegal = np.zeros(num_envs, np.int8)
        self.terminals, self.truncations = self._term.view(np.bool_), self._trunc.view(np.bool_)
        self.illegal = self._illegal.view(np.bool_)
        self.players = np.zeros(num_envs, np.int64)
        self.final_observations = np.zeros((num_envs, self.obs_size), np.float32)
        self.final_rewards = np.zeros((num_envs, n), np.float32)
        self.lengths = np.zeros(num_envs, np.int64)
        bounds = np.linspace(0, num_envs, self.threads + 1).astype(int)
        self._chunks = [(int(bounds[t]), int(bounds[t + 1]), t) for t in range(self.threads)]
        self._pool = ThreadPoolExecutor(self.threads) if self.threads > 1 else None
        self._rng = np.random.default_rng(seed)
        self._seed = None

    @property
    def states(self):
        """The games' state arrays (N, state size): read them, never write."""
        return self.core.states

    @property
    def game_seeds(self):
        """Each game's dice seed this episode: game.new_state(seed) deals the same game."""
        return self.core.game_seeds

    @property
    def captures(self):
        """Captures made so far in each game's episode."""
        return self.core.captures

    def _run(self, call, *args):
        if self._pool is None:
            call(*args[:1], 0, self.num_envs, 0, *args[1:])
            return
        for f in [self._pool.submit(call, *args[:1], lo, hi, t, *args[1:]) for lo, hi, t in self._chunks]:
            f.result()

    def reset(self, seed=None):
        """Deal every game afresh from `seed` (None: drawn from the environment's generator); game i's
        episodes then follow from (seed, i, its episode count). Returns (observations, infos)."""
        if seed is None:
            seed = int(self._rng.integers(SEED_MASK))
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2 ** 63:
            raise OptionError("a seed is a whole number from 0 to 2**63-1, not {seed!r}", seed=seed)
        self._seed = int(seed)
        self._run(self.core.reset, self._seed, self.observations, self.masks, self.players)
        self.rewards[:] = 0
        self._term[:] = 0
        self._trunc[:] = 0
        return self.observations, self._infos()

    def _infos(self):
        return {"action_mask": self.masks, "player": self.players}

    def step(self, actions):
        """One action index per game; returns (observations, rewards, terminals, truncations, infos), the
        environment's own buffers.  An illegal action ends its game with `penalty` (illegal="raise":
        IllegalActionError, every other game stepped)."""
        if self._seed is None:
            raise OptionError("call reset() before step()")
        acts = np.ascontiguousarray(actions, np.int64)
        if acts.shape != (self.num_envs,):
            raise OptionError("give one action per game: {count}, not {given}", count=self.num_envs,
                              given=str(np.shape(actions)))
        self._run(self.core.step, acts, self.observations, self.masks, self.rewards, self._term, self._trunc,
                  self._illegal, self.players, self.final_observations, self.final_rewards, self.lengths)
        if self.table.illegal == "raise" and self._illegal.any():
            i = int(np.flatnonzero(self._illegal)[0])
            legal = np.flatnonzero(self.masks[i]).tolist()
            raise IllegalActionError("game {game}: action {action!r} is not legal here; the legal actions are: "
                                     "{legal}", game=i, action=int(acts[i]), legal=", ".join(map(str, legal)))
        return self.observations, self.rewards, self.terminals, self.truncations, self._infos()

    def action_masks(self):
        """The legal actions of every game as bools (N, actions)."""
        return self.masks.view(np.bool_)

    def close(self):
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __getstate__(self):
        arrays = {k: getattr(self, k).copy() for k in ("observations", "masks", "rewards", "_term", "_trunc",
                                                        "_illegal", "players", "final_observations",
                                                        "final_rewards", "lengths")}
        return {"kwargs": self._kwargs, "core": self.core.dump(), "arrays": arrays, "seed": self._seed,
                "rng": self._rng.bit_generator.state}

    def __setstate__(self, data):
        self.__init__(**data["kwargs"])
        self.core.load(data["core"])
        for k, v in data["arrays"].items():
            getattr(self, k)[...] = v
        self._seed = data["seed"]
        self._rng.bit_generator.state = data["rng"]


def default_threads():
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1

