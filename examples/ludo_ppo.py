"""PPO with action masks (CleanRL style, PyTorch) on the batched environment: Ludo, seat 0 of two against
`level3` (docs/rl.md, "A worked example: PPO against level 3").

The batched environment (rl.batch_env) steps 256 games a call, the opponent's moves compiled inside it,
and plays the decisions with a single legal action itself (skip_forced); the agent is an actor and a
critic (two tanh MLPs of 256 units) over the game's observation vector (the rows of the two absent
players left out) and what a one-ply look would see, read off it by fixed matrices (Board: where each
piece would land with the die showing, and whether it hits, is threatened there, or is safe), illegal
actions masked out of the policy's logits.  It trains for --minutes
CPU-minutes of the process (its evaluations counted in), evaluating the greedy policy (its most likely
legal action) every few minutes on fresh games against level3, then on --final games for the interval;
the curve and a checkpoint of the networks are rewritten at every evaluation.

    .venv/bin/python examples/ludo_ppo.py [--minutes 30] [--final 4000]      # the rl-example extra: torch
    .venv/bin/python examples/ludo_ppo.py --plot examples/ludo_ppo_curve.json  # its learning curve as a PNG
    .venv/bin/python examples/ludo_ppo.py --evaluate examples/ludo_ppo_curve.pt   # a checkpoint, on --final games
"""
import argparse
import json
import time

import numpy as np
import torch
from torch import nn

from pachisi import rl
from pachisi.sim import wilson


def layer(i, o, std=np.sqrt(2)):
    lin = nn.Linear(i, o)
    nn.init.orthogonal_(lin.weight, std)
    nn.init.constant_(lin.bias, 0.0)
    return lin


def seen_columns(env, players):
    """The observation's columns that can be non-zero with `players` players: the rows of the absent
    players (+2 and +3 of a 2-player game, 464 of Ludo's 948 floats) are left out of the network's input."""
    keep, at = [], 0
    for name, length in env.table.observer.layout():
        absent = any(name.startswith(f"player +{r},") for r in range(players, 8))
        if not absent:
            keep.extend(range(at, at + length))
        at += length
    return torch.tensor(keep)


class Board(nn.Module):
    """What `level4`'s one-ply look sees, read off the observation by fixed matrices (no rule is run):
    the observation gives each piece's place on its own route, so an opponent's square in the agent's
    frame, the squares it threatens with one die, and where each of the agent's pieces would stand
    after the die showing are all linear in it.  Per piece: that destination (one-hot), whether it hits
    an opponent there, how many opponent throws reach it, whether it is safe, and the same two for the
    square it leaves; and the die one-hot and the opponents' squares and threats over the track."""

    def __init__(self, game, env):
        super().__init__()
        lo, hi = game.place_range()
        n, ring, last = hi - lo + 1, game.ring_size, game.last_ring
        self.places, self.pieces, self.scale = n, game.pieces_per_player, env.table.observer.scale
        off = (game.spacing * (game.seats[1] - game.seats[0])) % ring
        safe = torch.tensor([float(game.is_safe(sq + game.spacing * game.seats[0])) for sq in range(ring)] + [0.0])

        def track(shift, reach=0):           # a place's index -> its square in the agent's frame (ring: off the track)
            m = torch.zeros(n, ring + 1)
            for v in range(n):
                rel = v + lo
                if 0 <= rel <= last - reach:
                    m[v, (rel + shift + reach) % ring] = 1.0
            return m
        self.register_buffer("mine", track(0))
        self.register_buffer("theirs", track(off))
        self.register_buffer("threat", sum(track(off, k) for k in range(1, 7)) * (1 - safe))
        self.register_buffer("safe", safe)
        moves = torch.zeros(6, n, n)         # a piece on the board moved d places along its route
        for d in range(1, 7):
            for v in range(n):
                if lo + v >= 0 and v + d < n:
                    moves[d - 1, v, v + d] = 1.0
        self.register_buffer("moves", moves)
        parts = env.table.observer.layout()
        dice = next(i for i, (name, _) in enumerate(parts) if name.startswith("dice left"))
        self.dice_at = sum(length for _, length in parts[:dice])     # the die to play, value / scale
        self.size = 6 + 2 * (ring + 1) + self.pieces * (n + 6)

    def forward(self, obs):
        b, n, k = obs.shape[0], self.places, self.pieces
        own = obs[:, :k * n].reshape(b, k, n)
        opp = obs[:, k * n:2 * k * n].reshape(b, k, n).sum(1)
        die = nn.functional.one_hot((obs[:, self.dice_at] * self.scale).round().long().clamp(0, 6), 7)[:, 1:].float()
        occupied = (opp @ self.theirs) * (1 - self.safe)
        threatened = opp @ self.threat
        dest = torch.einsum("bd,dvw,bkv->bkw", die, self.moves, own)
        here, there = own @ self.mine, dest @ self.mine
        per_piece = torch.cat([dest, (there * occupied[:, None]).sum(-1, keepdim=True),
                               (there * threatened[:, None]).sum(-1, keepdim=True), there @ self.safe[:, None],
                               (here * threatened[:, None]).sum(-1, keepdim=True), here @ self.safe[:, None],
                               there.sum(-1, keepdim=True)], -1)
        return torch.cat([die, occupied, threatened, per_piece.reshape(b, -1)], -1)


class Agent(nn.Module):
    def __init__(self, n_obs, n_act, hidden=128, columns=None, board=None):
        super().__init__()
        self.columns, self.board = columns, board
        n_obs = (len(columns) if columns is not None else n_obs) + (board.size if board is not None else 0)
        self.n_in = n_obs
        self.critic = nn.Sequential(layer(n_obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(),
                                    layer(hidden, 1, 1.0))
        self.actor = nn.Sequential(layer(n_obs, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(),
                                   layer(hidden, n_act, 0.01))

    def value(self, x):
        return self.critic(x).squeeze(-1)

    def logits(self, x, mask):
        return self.actor(x).masked_fill(~mask, -1e8)

    def seen(self, obs):
        """The columns the network reads of a batch of observations."""
        x = torch.from_numpy(obs)
        seen = x[:, self.columns] if self.columns is not None else x
        return torch.cat([seen, self.board(x)], -1) if self.board is not None else seen


def evaluate(agent, games, seed, opponents="level3"):
    """Wins of the greedy policy in `games` fresh games (each game's first episode only)."""
    env = rl.batch_env("ludo", num_envs=games, players=2, opponents=opponents, skip_forced=True)
    obs, _ = env.reset(seed=seed)
    result = np.full(games, np.nan)
    with torch.no_grad():
        while np.isnan(result).any():
            logits = agent.logits(agent.seen(obs), torch.from_numpy(env.action_masks()))
            env.step(logits.argmax(1).numpy())
            ended = (env.terminals | env.truncations) & np.isnan(result)
            result[ended] = env.rewards[ended] > 0
    return int(result.sum())


def plot(path, png):
    """Draw a run's learning curve (the JSON it wrote) as a PNG: the evaluation's win share with its 95%
    interval against CPU-minutes, the final evaluation's on the right."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    run = json.load(open(path, encoding="utf-8"))
    x = [p["cpu_minutes"] for p in run["curve"]]
    share = [p["wins"] / p["eval_games"] for p in run["curve"]]
    ci = [wilson(p["wins"], p["eval_games"]) for p in run["curve"]]
    fig, ax = plt.subplots(figsize=(6.4, 4))
    ax.plot(x, share, "o-", label=f"greedy policy, {run['curve'][0]['eval_games']} games a point")
    ax.fill_between(x, [c[0] for c in ci], [c[1] for c in ci], alpha=0.25)
    f = run["final"]
    ax.errorbar([f["cpu_minutes"]], [f["wins"] / f["games"]], yerr=[[f["wins"] / f["games"] - f["ci95"][0]],
                [f["ci95"][1] - f["wins"] / f["games"]]], fmt="s", color="C3", capsize=4,
                label=f"final, {f['games']} games")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("CPU-minutes of training")
    ax.set_ylabel("games won against level3")
    ax.set_title("PPO with masks on the batched environment: Ludo, 2 players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(png, dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plot", metavar="CURVE_JSON", help="only draw the learning curve of a run (to --png)")
    ap.add_argument("--png", default="docs/ludo_ppo_curve.png")
    ap.add_argument("--minutes", type=float, default=30.0, help="CPU-minutes of training")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=64, help="steps a game per update")
    ap.add_argument("--eval-every", type=float, default=3.0, help="CPU-minutes between evaluations")
    ap.add_argument("--eval-games", type=int, default=1000)
    ap.add_argument("--final", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hidden", type=int, default=256, help="units in each of the networks' two layers")
    ap.add_argument("--curve", default="examples/ludo_ppo_curve.json",
                    help="the learning curve, rewritten at each evaluation (the checkpoint beside it, .pt)")
    ap.add_argument("--wall-minutes", type=float, default=None,
                    help="also stop training after this many wall-clock minutes (a shared machine)")
    ap.add_argument("--evaluate", metavar="CHECKPOINT", help="only evaluate a checkpoint on --final games")
    args = ap.parse_args()
    if args.plot:
        plot(args.plot, args.png)
        return
    if args.evaluate:
        torch.set_num_threads(1)
        saved = torch.load(args.evaluate)
        env = rl.batch_env("ludo", num_envs=1, players=2)
        agent = Agent(env.obs_size, env.n_actions, args.hidden, seen_columns(env, 2), Board(env.table.game, env))
        agent.load_state_dict(saved["agent"])
        report(agent, args.final, saved["cpu_minutes"] * 60, saved["agent_steps"])
        return
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    env = rl.batch_env("ludo", num_envs=args.envs, players=2, opponents="level3", skip_forced=True)
    E, T = args.envs, args.steps
    columns = seen_columns(env, 2)
    agent = Agent(env.obs_size, env.n_actions, args.hidden, columns, Board(env.table.game, env))
    opt = torch.optim.Adam(agent.parameters(), lr=2.5e-4, eps=1e-5)
    gamma, lam, clip, ent_coef, vf_coef, epochs, minibatches = 0.99, 0.95, 0.2, 0.01, 0.5, 4, 4
    obs_b = torch.zeros(T, E, agent.n_in)
    mask_b = torch.zeros(T, E, env.n_actions, dtype=torch.bool)
    act_b = torch.zeros(T, E, dtype=torch.long)
    logp_b, rew_b, done_b, val_b = (torch.zeros(T, E) for _ in range(4))
    obs, _ = env.reset(seed=args.seed)
    t0, wall0 = time.process_time(), time.monotonic()
    checkpoint = args.curve.removesuffix(".json") + ".pt"
    budget = args.minutes * 60
    curve, steps, next_eval = [], 0, 0.0
    episodes = wins = 0
    while True:
        cpu = time.process_time() - t0
        if cpu >= next_eval:
            won = evaluate(agent, args.eval_games, seed=10_000_000 + len(curve))
            curve.append({"cpu_minutes": round(cpu / 60, 2), "agent_steps": steps, "eval_games": args.eval_games,
                          "wins": won, "train_win_share": round(wins / episodes, 3) if episodes else None})
            print(json.dumps(curve[-1]), flush=True)
            torch.save({"agent": agent.state_dict(), "cpu_minutes": curve[-1]["cpu_minutes"],
                        "agent_steps": steps}, checkpoint)
            with open(args.curve, "w", encoding="utf-8") as f:
                json.dump({"curve": curve}, f, indent=1)
            episodes = wins = 0
            next_eval = cpu + args.eval_every * 60
        if cpu >= budget or (args.wall_minutes and time.monotonic() - wall0 >= args.wall_minutes * 60):
            break
        frac = 1.0 - cpu / budget
        opt.param_groups[0]["lr"] = 2.5e-4 * max(frac, 0.05)
        with torch.no_grad():
            for t in range(T):
                x = agent.seen(obs)
                m = torch.from_numpy(env.action_masks())
                obs_b[t].copy_(x)
                mask_b[t].copy_(m)
                logits = agent.logits(x, m)
                dist = torch.distributions.Categorical(logits=logits)
                a = dist.sample()
                act_b[t], logp_b[t], val_b[t] = a, dist.log_prob(a), agent.value(x)
                obs, rew, term, trunc, _ = env.step(a.numpy())
                done = term | trunc
                rew_b[t].copy_(torch.from_numpy(rew))
                done_b[t].copy_(torch.from_numpy(done.astype(np.float32)))
                episodes += int(done.sum())
                wins += int((rew > 0).sum())
            steps += T * E
            next_v = agent.value(agent.seen(obs))
            adv = torch.zeros(T, E)
            last = torch.zeros(E)
            for t in reversed(range(T)):
                nv = next_v if t == T - 1 else val_b[t + 1]
                nonterm = 1.0 - done_b[t]
                delta = rew_b[t] + gamma * nv * nonterm - val_b[t]
                last = delta + gamma * lam * nonterm * last
                adv[t] = last
            ret = adv + val_b
        b_obs, b_mask = obs_b.reshape(T * E, -1), mask_b.reshape(T * E, -1)
        b_act, b_logp, b_adv, b_ret = act_b.reshape(-1), logp_b.reshape(-1), adv.reshape(-1), ret.reshape(-1)
        size = T * E // minibatches
        for _ in range(epochs):
            order = torch.randperm(T * E)
            for k in range(minibatches):
                i = order[k * size:(k + 1) * size]
                dist = torch.distributions.Categorical(logits=agent.logits(b_obs[i], b_mask[i]))
                ratio = (dist.log_prob(b_act[i]) - b_logp[i]).exp()
                a = b_adv[i]
                a = (a - a.mean()) / (a.std() + 1e-8)
                pg = torch.max(-a * ratio, -a * ratio.clamp(1 - clip, 1 + clip)).mean()
                v = 0.5 * ((agent.value(b_obs[i]) - b_ret[i]) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pg + vf_coef * v - ent_coef * ent
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
    cpu = time.process_time() - t0
    torch.save({"agent": agent.state_dict(), "cpu_minutes": round(cpu / 60, 2), "agent_steps": steps}, checkpoint)
    final = report(agent, args.final, cpu, steps)
    with open(args.curve, "w", encoding="utf-8") as f:
        json.dump({"curve": curve, "final": final}, f, indent=1)


def report(agent, games, cpu, steps):
    """Evaluate the greedy policy on `games` fresh games against level3, print and return the result."""
    e0 = time.process_time()
    won = evaluate(agent, games, seed=99_000_000)
    lo, hi = wilson(won, games)
    print(f"Ludo, 2 players: PPO after {cpu / 60:.1f} CPU-minutes ({steps:,} agent steps) won {won} of "
          f"{games} fresh games against level3: {won / games:.1%} (95% Wilson interval {lo:.1%}-{hi:.1%}; "
          f"evaluation {time.process_time() - e0:.0f} CPU-seconds)", flush=True)
    return {"cpu_minutes": round(cpu / 60, 2), "agent_steps": steps, "games": games, "wins": won, "ci95": [lo, hi]}


if __name__ == "__main__":
    main()
