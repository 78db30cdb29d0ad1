"""A tiny learning loop: a linear policy over after-states, trained by REINFORCE against the
built-in `heuristic` bot, then measured against it.

    python python/examples/linear_selfplay.py --game big-boss --players 2 --minutes 3

The policy scores each legal action by the numeric observation the learner would have after
it (the game is cloned and the action applied: generic for every game, no game knowledge):
``score = w . normalise(observation_array(after))``, and plays with the softmax of the scores
(greedily when measured). Every training game against `heuristic` bots (seeded per game)
updates ``w`` by REINFORCE with the win (1 for a win, 1/k for a shared one) minus a running
baseline. Before and after training the greedy policy plays ``--eval`` games with fixed seeds;
the win rates are printed with 95% Wilson intervals.
"""

import argparse
import math
import os
import sys
import time

import numpy as np

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
import boardroom  # noqa: E402


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


class Policy:
    def __init__(self, size, mu, sd):
        self.w = np.zeros(size)
        self.mu, self.sd = mu, sd

    def afterstates(self, game, seat):
        feats = []
        for i in range(min(game.num_legal(seat), game.max_actions)):
            after = game.clone()
            after.step(i, seat)
            feats.append(after.observation_array(seat))
        return np.clip((np.stack(feats) - self.mu) / self.sd, -5, 5)

    def act(self, game, seat, rng, greedy):
        f = self.afterstates(game, seat)
        s = f @ self.w
        if greedy:
            i = int(np.argmax(s))
            return i, None
        p = np.exp(s - s.max())
        p /= p.sum()
        i = int(rng.choice(len(p), p=p))
        return i, f[i] - p @ f  # the gradient of log p[i]


def play(args, policy, seed, rng, greedy, learner=0):
    game = boardroom.Game(args.game, players=args.players, seed=seed)
    bots = {s: game.bot("heuristic", seed=seed * 8 + s) for s in range(args.players)}
    grads = []
    while not game.is_over():
        may = game.to_act()
        seat = may[0] if len(may) == 1 else int(rng.choice(may))
        if seat == learner:
            i, g = policy.act(game, seat, rng, greedy)
            if g is not None:
                grads.append(g)
            game.step(i, seat)
        else:
            bots[seat].act(game, seat)
    return game.rewards()[learner], grads


def evaluate(args, policy):
    rng = np.random.default_rng(0)
    total = 0.0
    for k in range(args.eval):
        r, _ = play(args, policy, 1_000_000 + k, rng, greedy=True)
        total += r
    return total, args.eval


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--minutes", type=float, default=3.0)
    p.add_argument("--eval", type=int, default=200)
    p.add_argument("--lr", type=float, default=0.02)
    args = p.parse_args()

    # Normalisation from the observations of a few random games.
    rng = np.random.default_rng(1)
    probe = boardroom.Game(args.game, players=args.players, seed=0)
    obs = []
    for seed in range(10):
        g = boardroom.Game(args.game, players=args.players, seed=seed)
        while not g.is_over():
            s = int(rng.choice(g.to_act()))
            obs.append(g.observation_array(s))
            g.step(int(rng.integers(g.num_legal(s))), s)
    obs = np.stack(obs)
    policy = Policy(probe.observation_size, obs.mean(0), obs.std(0) + 1e-3)

    wins, n = evaluate(args, policy)
    lo, hi = wilson(wins, n)
    print(f"before training: win rate {wins / n:.1%} [{lo:.1%}, {hi:.1%}] "
          f"over {n} games against heuristic")

    start, games, baseline = time.time(), 0, 1.0 / args.players
    while time.time() - start < args.minutes * 60:
        r, grads = play(args, policy, games, rng, greedy=False)
        if grads:
            policy.w += args.lr * (r - baseline) * np.sum(grads, axis=0) / math.sqrt(len(grads))
        baseline += 0.02 * (r - baseline)
        games += 1
        if games % 100 == 0:
            print(f"  {games} training games, running win rate {baseline:.1%}", flush=True)

    wins, n = evaluate(args, policy)
    lo, hi = wilson(wins, n)
    print(f"after {games} training games ({args.minutes:g} min): win rate {wins / n:.1%} "
          f"[{lo:.1%}, {hi:.1%}] over {n} games against heuristic")


if __name__ == "__main__":
    main()
