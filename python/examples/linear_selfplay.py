"""A tiny learning loop: a linear policy over after-states, trained against the built-in
`heuristic` bot, then measured against it.

    python python/examples/linear_selfplay.py --game big-boss --option edition=classic \\
        --players 2 --minutes 3

The policy scores each legal action by the numeric observation the learner would have after it
(the game is cloned and the action applied: generic for every game, no game knowledge):
``value = w . normalise(observation_array(after))``, and plays the action of highest value
(with probability ``--epsilon`` a random one while training). Training is Monte Carlo value
regression: every after-state the learner chose is labelled with the game's result (the reward,
1 for a win and 1/k for a shared one, plus the final score margin — own score minus the best
other score — over the spread of margins), and ``w`` is refit by ridge regression on all the
labelled after-states every ``--refit`` games. Before and after training the greedy policy plays
``--eval`` games with fixed seeds; the win rates are printed with 95% Wilson intervals.
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
    return (max(0.0, c - h), min(1.0, c + h))


class Policy:
    def __init__(self, size, mu, sd):
        self.w = np.zeros(size + 1)
        self.mu, self.sd = mu, sd

    def afterstates(self, game, seat):
        feats = []
        for i in range(min(game.num_legal(seat), game.max_actions)):
            after = game.clone()
            after.step(i, seat)
            feats.append(after.observation_array(seat))
        f = np.clip((np.stack(feats) - self.mu) / self.sd, -5, 5)
        return np.hstack([f, np.ones((len(f), 1))])

    def act(self, game, seat, rng, epsilon):
        f = self.afterstates(game, seat)
        if rng.random() < epsilon:
            i = int(rng.integers(len(f)))
        else:
            v = f @ self.w
            i = int(rng.choice(np.flatnonzero(v == v.max())))
        return i, f[i]


def play(args, policy, seed, rng, epsilon, learner=0):
    game = boardroom.Game(args.game, players=args.players, options=args.options, seed=seed,
                          action_space="legal")
    bots = {s: game.bot("heuristic", seed=seed * 8 + s) for s in range(args.players)}
    chosen = []
    while not game.is_over():
        may = game.to_act()
        seat = may[0] if len(may) == 1 else int(rng.choice(may))
        if seat == learner:
            i, f = policy.act(game, seat, rng, epsilon)
            chosen.append(f)
            game.step(i, seat)
        else:
            bots[seat].act(game, seat)
    scores = game.outcome()["scores"]
    margin = scores[learner] - max(s for i, s in enumerate(scores) if i != learner)
    return game.rewards()[learner], margin, chosen


def evaluate(args, policy):
    rng = np.random.default_rng(0)
    total = 0.0
    for k in range(args.eval):
        r, _, _ = play(args, policy, 1_000_000 + k, rng, epsilon=0.0)
        total += r
    return total, args.eval


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE (true/false for flags), e.g. edition=classic")
    p.add_argument("--minutes", type=float, default=3.0)
    p.add_argument("--eval", type=int, default=200)
    p.add_argument("--epsilon", type=float, default=0.2)
    p.add_argument("--refit", type=int, default=20)
    p.add_argument("--ridge", type=float, default=10.0)
    args = p.parse_args()
    args.options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        args.options[k] = {"true": True, "false": False}.get(v, v)

    # Normalisation from the observations of a few random games.
    rng = np.random.default_rng(1)
    probe = boardroom.Game(args.game, players=args.players, options=args.options, seed=0,
                          action_space="legal")
    obs = []
    for seed in range(10):
        g = boardroom.Game(args.game, players=args.players, options=args.options, seed=seed,
                          action_space="legal")
        while not g.is_over():
            s = int(rng.choice(g.to_act()))
            obs.append(g.observation_array(s))
            g.step(int(rng.integers(g.num_legal(s))), s)
    obs = np.stack(obs)
    policy = Policy(probe.observation_size, obs.mean(0), obs.std(0) + 1e-3)

    wins, n = evaluate(args, policy)
    lo, hi = wilson(wins, n)
    print(f"before training (all weights 0: ties broken at random): win rate {wins / n:.1%} "
          f"[{lo:.1%}, {hi:.1%}] over {n} games against heuristic", flush=True)

    size = probe.observation_size + 1
    xtx, xty = np.zeros((size, size)), np.zeros(size)
    margins, games, wins_training = [], 0, 0.0
    start = time.time()
    while time.time() - start < args.minutes * 60:
        r, margin, chosen = play(args, policy, games, rng, args.epsilon)
        margins.append(margin)
        spread = np.std(margins) + 1.0
        target = r + margin / spread
        x = np.stack(chosen)
        xtx += x.T @ x
        xty += x.T @ np.full(len(x), target)
        games += 1
        wins_training += r
        if games % args.refit == 0:
            policy.w = np.linalg.solve(xtx + args.ridge * np.eye(size), xty)
        if games % 50 == 0:
            print(f"  {games} training games, win rate while training "
                  f"{wins_training / games:.1%}", flush=True)
    policy.w = np.linalg.solve(xtx + args.ridge * np.eye(size), xty)

    wins, n = evaluate(args, policy)
    lo, hi = wilson(wins, n)
    print(f"after {games} training games ({args.minutes:g} min): win rate {wins / n:.1%} "
          f"[{lo:.1%}, {hi:.1%}] over {n} games against heuristic")


if __name__ == "__main__":
    main()
