"""Learning from the search: a NumPy network distilled from the bots' search targets, playing
together with a small search, then measured against the built-in `heuristic` bot.

    python python/examples/expert_iteration.py --seed 1 --cpu-minutes 8

Everything the agent uses comes from its seat's knowledge only. Its network (one hidden layer,
NumPy only) reads the seat's observation array and its legal-action mask (the fixed action ids)
and gives a probability to each legal id. When it decides, the agent runs the library's
information-set search for its seat (``--play-level``, default `easy`: 200 iterations; the
search samples what the seat cannot know, from the seat's observation) guided by the network, as
in AlphaZero: the network's probabilities, mixed with an even share ``--uniform`` over the legal
ids, are the search's prior (`search_targets(prior=...)`), which chooses among the root's moves
by the PUCT rule (``--c-puct``), and the agent plays the most visited move. With
``--play-level none`` the network plays alone.

The network learns by expert iteration in the style of DAgger:

1. ``--games`` games are played in self-play on a `VecGame` (Rust, on ``--threads`` threads).
   In every state the seat to act asks a larger search (``--level``, default `normal`: 1,000
   iterations) for its targets (`VecGame.search_targets`, from the seat's own knowledge as
   above). The state's observation, mask and the search's visit shares are kept as an example.
2. The move actually played is the search's most visited one with probability ``beta`` and
   the network's own choice otherwise; ``beta`` falls from 1 towards ``--beta-min`` so that,
   later on, the examples come from the states the network itself leads to.
3. After every ``--steps`` steps the network is trained by Adam on the kept examples
   (cross-entropy between its masked softmax and the visit shares), and the agent plays
   ``--probe`` games against `heuristic` (seats alternated): the running evaluation.

Training stops when the process has used ``--cpu-minutes`` of CPU time (all threads counted),
or after ``--iterations`` iterations when that is given.
Then, on seeds that training never used, the agent plays ``--eval`` games against `heuristic`,
half of them in each seat, and so do, for comparison, the network alone, the small search
alone, and the small search guided by an even prior over the legal moves (the agent's search
rule without the network); with ``--reference``, also the small search guided by the teacher's
own visit shares (the most a perfect apprentice could add). Each share of wins (a shared win
counts 1/k) is printed with its 95% Wilson interval, and the agent's margin over the search
alone and over the even prior with the 95% interval of the mean difference game by game (the
same seeds). Then the yardstick below `heuristic`: the agent and the network alone (its most
probable legal move) play ``--baseline-eval`` games against each of the gauntlet's fixed
simple policies (``boardroom.policies``: first, last, lowest-id, highest-id, random and the
game's scripts), so that a share of wins against `heuristic` can be read against what a plain
line achieves. ``--save PATH`` writes the trained network; ``--load PATH`` evaluates a saved
network instead of training one (e.g. with another ``--play-level``).
The same ``--seed`` and ``--iterations`` give the same run on any machine (the searches, games
and the network's initialisation are seeded, and the library's results do not depend on the
number of threads); a CPU budget ends the run where the machine's speed puts it.

    python python/examples/expert_iteration.py --seed 1 --iterations 19 --save net.npz
    python python/examples/expert_iteration.py --seed 1 --load net.npz --play-level ismcts:40
"""

import argparse
import math
import os
import sys
import time

# The heavy work is the library's search, on its own threads; NumPy's matrix products are small
# enough that a BLAS spinning on more threads would only burn CPU time.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
import boardroom  # noqa: E402

# Evaluation games take seeds from here on; training games take seeds below it.
EVAL_SEED_BASE = 1 << 40


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of ``wins`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


class PolicyNet:
    """A one-hidden-layer network from a seat's observation array to a score per action id.

    Only ``act`` is used to play: it reads an observation array and a legal mask, nothing else.
    """

    def __init__(self, obs_size, num_actions, hidden, rng):
        self.mu = np.zeros(obs_size, np.float32)
        self.inv_sd = np.ones(obs_size, np.float32)
        s1 = math.sqrt(2.0 / obs_size)
        self.params = {
            "w1": (rng.standard_normal((obs_size, hidden)) * s1).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": (rng.standard_normal((hidden, num_actions)) * 0.01).astype(np.float32),
            "b2": np.zeros(num_actions, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def save(self, path):
        """Writes the network (weights and input scaling) to ``path`` (NumPy's .npz)."""
        np.savez(path, mu=self.mu, inv_sd=self.inv_sd, **self.params)

    @classmethod
    def load(cls, path, obs_size, num_actions):
        """The network written by ``save`` to ``path``; raises ``ValueError`` when its shapes
        do not fit the game's observation size and action space."""
        try:
            f = np.load(path)
        except ValueError:
            raise ValueError(f"{path}: not a network written by --save (a NumPy .npz file)") \
                from None
        if not isinstance(f, np.lib.npyio.NpzFile) or not {"w1", "b1", "w2", "b2", "mu",
                                                            "inv_sd"} <= set(f.files):
            raise ValueError(f"{path}: not a network written by --save (weights missing)")
        with f:
            w1, w2 = f["w1"], f["w2"]
            if w1.shape[0] != obs_size or w2.shape[1] != num_actions:
                raise ValueError(
                    f"{path}: a network for {w1.shape[0]} observation values and "
                    f"{w2.shape[1]} action ids, not {obs_size} and {num_actions}")
            net = cls(obs_size, num_actions, w1.shape[1], np.random.default_rng(0))
            net.params = {k: f[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2")}
            net.mu, net.inv_sd = f["mu"].astype(np.float32), f["inv_sd"].astype(np.float32)
        return net

    def set_scale(self, sample):
        """Normalises inputs by the mean and spread of a sample of observation arrays."""
        sample = sample.astype(np.float32)
        self.mu = sample.mean(0)
        self.inv_sd = 1.0 / (sample.std(0) + 1e-2)

    def _forward(self, obs):
        x = np.clip((obs.astype(np.float32) - self.mu) * self.inv_sd, -5.0, 5.0)
        h = np.maximum(x @ self.params["w1"] + self.params["b1"], 0.0)
        return x, h, h @ self.params["w2"] + self.params["b2"]

    def scores(self, obs, mask):
        """Scores of every action id, -inf where the mask is false."""
        _, _, logits = self._forward(obs)
        return np.where(mask, logits, -np.inf)

    def act(self, obs, mask):
        """The legal id of highest score for each row of ``obs`` and ``mask``."""
        return self.scores(obs, mask).argmax(axis=1)

    def train_batch(self, obs, mask, target, lr):
        """One Adam step on the cross-entropy between the masked softmax and ``target``;
        returns the mean loss and the share of rows whose best id is the target's."""
        x, h, logits = self._forward(obs)
        logits = np.where(mask, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        p = e / e.sum(axis=1, keepdims=True)
        n = len(obs)
        loss = -(target * np.log(np.maximum(p, 1e-12))).sum(axis=1).mean()
        agree = float((p.argmax(axis=1) == target.argmax(axis=1)).mean())
        g = ((p - target) / n).astype(np.float32)
        grads = {"w2": h.T @ g, "b2": g.sum(0)}
        gh = (g @ self.params["w2"].T) * (h > 0)
        grads["w1"] = x.T @ gh
        grads["b1"] = gh.sum(0)
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, w in self.params.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * grads[k]
            self.v[k] = b2 * self.v[k] + (1 - b2) * grads[k] ** 2
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            w -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        return float(loss), agree


class Buffer:
    """The most recent ``size`` examples (observation, mask, visit shares), stored compactly."""

    def __init__(self, size, obs_size, num_actions):
        self.obs = np.zeros((size, obs_size), np.float16)
        self.mask = np.zeros((size, num_actions), bool)
        self.target = np.zeros((size, num_actions), np.float16)
        self.size, self.n, self.next = size, 0, 0

    def add(self, obs, mask, target):
        for i in range(len(obs)):
            j = self.next
            self.obs[j], self.mask[j], self.target[j] = obs[i], mask[i], target[i]
            self.next = (j + 1) % self.size
            self.n = min(self.n + 1, self.size)


def even_prior(mask):
    """An even share over the legal ids of each row of ``mask`` (0 where it is false)."""
    return mask / np.maximum(mask.sum(axis=1, keepdims=True), 1)


def search_prior(net, obs, mask, uniform):
    """The prior the agent's search is guided by: the network's probability of each legal
    action id mixed with a uniform share ``uniform`` over the legal ids (0 where the mask is
    false), so that no legal move goes unexplored because the network dismissed it."""
    scores = net.scores(obs, mask)
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.where(mask, np.exp(scores), 0.0)
    p = e / e.sum(axis=1, keepdims=True)
    return ((1.0 - uniform) * p + uniform * even_prior(mask)).astype(np.float32)


def agent_choice(net, obs, mask, search, uniform):
    """The agent's choice for each row: the most visited move of its seat's search guided by
    the network (``search(prior)`` runs that search, from the seat's observation, and returns
    its visit shares)."""
    return search(search_prior(net, obs, mask, uniform)).argmax(axis=1)


def play_against_heuristic(args, net, games, seed_base, mode="agent", opponent="heuristic"):
    """Plays ``games`` games against the bot ``opponent`` (`heuristic` by default, or a level,
    or a policy of the gauntlet, ``boardroom.policies``), the player in seat ``i % 2`` of game
    ``i``, on one batch; returns the player's reward in each game (1 a win, 1/k a win shared by k, 0
    a loss). ``mode``: "agent" (the network with the decision-time search, or alone when
    ``--play-level`` is "none"), "net" (the network alone), "search" (the decision-time search
    alone, as the library runs it), "even" (the decision-time search guided by an even prior
    over the legal moves: the agent's search rule without the network) or "teacher" (the
    decision-time search guided by the ``--level`` search's visit shares instead of the
    network)."""
    vec = boardroom.VecGame(args.game, games, players=2, options=args.options, seed=seed_base,
                            threads=args.threads)
    out = vec.arrays()
    learner = np.arange(games) % 2
    finished = np.zeros(games, bool)
    use_search = args.play_level != "none" and mode != "net"
    rewards = np.zeros(games)
    step = 0
    while not finished.all():
        mine = (out["actor"] == learner) & ~finished
        actions = vec.bot_actions(opponent, seed=seed_base + step)["actions"].astype(np.int64)
        if mine.any():
            if mode == "net" or not use_search:
                chosen = net.act(out["obs"], out["mask"])
            else:
                def search(prior, step=step):
                    return vec.search_targets(seed=seed_base + step, level=args.play_level,
                                              prior=prior, c_puct=args.c_puct)["policy"]

                if mode == "agent":
                    chosen = agent_choice(net, out["obs"], out["mask"], search, args.uniform)
                elif mode == "teacher":
                    # The prior a perfect apprentice would give: the teacher's own visit
                    # shares, from the seat's knowledge like everything else.
                    teacher = vec.search_targets(seed=seed_base + step + (1 << 20),
                                                 level=args.level)["policy"]
                    chosen = search(teacher).argmax(axis=1)
                elif mode == "even":
                    chosen = search(even_prior(out["mask"]).astype(np.float32)).argmax(axis=1)
                else:
                    chosen = search(None).argmax(axis=1)
            actions[mine] = chosen[mine]
        out = vec.step(actions)
        newly = out["done"] & ~finished
        if newly.any():
            rewards[newly] = out["rewards"][newly, learner[newly]]
            finished |= newly
        step += 1
    return rewards


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE (true/false for flags), e.g. edition=classic")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--cpu-minutes", type=float, default=8.0,
                   help="CPU time (all threads) for training; evaluation comes after")
    p.add_argument("--iterations", type=int, default=None,
                   help="train for exactly this many iterations instead of a CPU budget (the "
                        "same seed and iterations give the same network on any machine)")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--level", default="normal", help="the search giving the targets")
    p.add_argument("--play-level", default="easy",
                   help="the search the agent runs when it decides ('none': the network alone)")
    p.add_argument("--c-puct", type=float, default=1.0,
                   help="exploration constant of the search guided by the network")
    p.add_argument("--uniform", type=float, default=0.5,
                   help="share of the search's prior spread evenly over the legal moves")
    p.add_argument("--games", type=int, default=64, help="self-play games stepped together")
    p.add_argument("--steps", type=int, default=100, help="self-play steps per iteration")
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--buffer", type=int, default=120_000)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--updates", type=int, default=400, help="Adam steps per iteration")
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--beta-min", type=float, default=0.2)
    p.add_argument("--beta-iterations", type=int, default=8,
                   help="iterations over which the search's share of moves falls to beta-min")
    p.add_argument("--probe", type=int, default=32, help="running evaluation games")
    p.add_argument("--eval", type=int, default=400, help="final evaluation games")
    p.add_argument("--baseline-eval", type=int, default=100,
                   help="games of the agent and of the network alone against each simple "
                        "baseline (the gauntlet's policies); 0 for none")
    p.add_argument("--save", metavar="PATH", help="write the trained network to PATH (.npz)")
    p.add_argument("--load", metavar="PATH",
                   help="evaluate the network written by --save instead of training one")
    p.add_argument("--reference", action="store_true",
                   help="also evaluate the small search guided by the teacher's own visit shares "
                        "(what a perfect apprentice would add; slow: a teacher search a move)")
    args = p.parse_args(argv)
    args.options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        args.options[k] = {"true": True, "false": False}.get(v, v)
    return args


def train(args, log=print):
    """Runs the training loop; returns the network."""
    rng = np.random.default_rng(args.seed)
    vec = boardroom.VecGame(args.game, args.games, players=2, options=args.options,
                            seed=args.seed * 1_000_003, threads=args.threads)
    net = PolicyNet(vec.observation_size, vec.max_actions, args.hidden, rng)
    buf = Buffer(args.buffer, vec.observation_size, vec.max_actions)
    out = vec.arrays()
    cpu0 = time.process_time()
    budget = args.cpu_minutes * 60.0
    search_seed = args.seed * 7_919
    iteration, games_done = 0, 0
    def more():
        if args.iterations is not None:
            return iteration < args.iterations
        return time.process_time() - cpu0 < budget

    while more():
        beta = max(args.beta_min, 1.0 - (1.0 - args.beta_min) * iteration / args.beta_iterations)
        for _ in range(args.steps):
            t = vec.search_targets(seed=search_seed, level=args.level)
            search_seed += args.games
            buf.add(out["obs"], out["mask"], t["policy"])
            expert = t["policy"].argmax(axis=1)
            own = net.act(out["obs"], out["mask"]) if iteration > 0 else expert
            actions = np.where(rng.random(args.games) < beta, expert, own).astype(np.int64)
            out = vec.step(actions)
            games_done += int(out["done"].sum())
            if args.iterations is None and time.process_time() - cpu0 >= budget:
                break
        if iteration == 0:
            net.set_scale(buf.obs[:buf.n])
        losses, agrees = [], []
        for _ in range(args.updates):
            idx = rng.integers(buf.n, size=args.batch)
            loss, agree = net.train_batch(buf.obs[idx], buf.mask[idx],
                                          buf.target[idx].astype(np.float32), args.lr)
            losses.append(loss)
            agrees.append(agree)
        iteration += 1
        probe = ""
        if args.probe > 0:
            r = play_against_heuristic(args, net, args.probe,
                                       EVAL_SEED_BASE // 2 + iteration * args.probe)
            probe = f"; against heuristic {r.mean():.0%} of {len(r)}"
        log(f"iteration {iteration}: {buf.n} examples, {games_done} self-play games, "
            f"beta {beta:.2f}, loss {np.mean(losses):.3f}, agrees with the search "
            f"{np.mean(agrees):.0%}{probe}; CPU {(time.process_time() - cpu0) / 60:.1f} min",
            flush=True)
    return net, (time.process_time() - cpu0) / 60.0


def paired(a, b, z=1.96):
    """The mean of ``a - b`` over games played from the same seeds, with its 95% interval
    (normal approximation): how much the first player's share of wins exceeds the second's."""
    d = np.asarray(a) - np.asarray(b)
    h = z * d.std(ddof=1) / math.sqrt(len(d)) if len(d) > 1 else float("inf")
    return d.mean(), d.mean() - h, d.mean() + h


def baselines(args, net, seeds):
    """The yardstick below `heuristic`: the agent and the network alone (its most probable legal
    move, no search) against each of the gauntlet's fixed simple policies (``first``, ``last``,
    ``lowest-id``, ``highest-id``, ``random`` and the game's scripts), ``--baseline-eval``
    games each, seats alternated, on the same seeds for both."""
    modes = ["agent", "net"] if args.play_level != "none" else ["agent"]
    print(f"against the gauntlet's policies, {args.baseline_eval} games each, seats alternated "
          "(share of wins, 95% Wilson):", flush=True)
    for policy in boardroom.policies(args.game):
        parts = []
        for mode in modes:
            r = play_against_heuristic(args, net, args.baseline_eval, seeds, mode, policy)
            lo, hi = wilson(r.sum(), len(r))
            who = "agent" if mode == "agent" else "network alone"
            parts.append(f"{who} {r.mean():.1%} [{lo:.1%}, {hi:.1%}]")
        print(f"  {policy}: " + "; ".join(parts), flush=True)


def main(argv=None):
    args = parse_args(argv)
    wall0 = time.time()
    if args.load:
        probe = boardroom.VecGame(args.game, 1, players=2, options=args.options)
        try:
            net = PolicyNet.load(args.load, probe.observation_size, probe.max_actions)
        except (OSError, KeyError, ValueError) as e:
            raise SystemExit(f"cannot load a network: {e}") from None
        print(f"loaded the network from {args.load}", flush=True)
    else:
        net, cpu_minutes = train(args)
        print(f"trained for {cpu_minutes:.1f} CPU minutes", flush=True)
        if args.save:
            net.save(args.save)
            print(f"saved the network to {args.save}", flush=True)
    seeds = EVAL_SEED_BASE + args.seed * args.eval
    modes = ["agent"] if args.play_level == "none" else ["agent", "net", "search", "even"]
    if args.reference and args.play_level != "none":
        modes.append("teacher")
    results = {}
    for mode in modes:
        cpu1 = time.process_time()
        r = play_against_heuristic(args, net, args.eval, seeds, mode)
        lo, hi = wilson(r.sum(), len(r))
        what = {"agent": "the agent" + ("" if args.play_level == "none"
                                        else f" (network + {args.play_level} search)"),
                "net": "the network alone", "search": f"the {args.play_level} search alone",
                "even": f"the {args.play_level} search guided by an even prior",
                "teacher": f"the {args.play_level} search guided by the {args.level} search"}
        print(f"{what[mode]} against heuristic: {r.mean():.1%} [{lo:.1%}, {hi:.1%}] "
              f"(95% Wilson) over {len(r)} games, seats alternated; "
              f"{(time.process_time() - cpu1) / 60:.1f} CPU min", flush=True)
        results[mode] = r
    for other in ("search", "even"):
        if other in results:
            d, lo, hi = paired(results["agent"], results[other])
            print(f"the agent minus the {what[other][4:]}, game by game on the same seeds: "
                  f"{d:+.1%} [{lo:+.1%}, {hi:+.1%}] (95%)", flush=True)
    if args.baseline_eval > 0:
        baselines(args, net, seeds + args.eval)
    print(f"wall {(time.time() - wall0) / 60:.1f} min", flush=True)
    r = results["agent"]
    return r.sum(), len(r)


if __name__ == "__main__":
    main()
