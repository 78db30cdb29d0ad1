"""Batched stepping on one thread and on several: wall-clock decisions per second of a
``VecGame``, and the speed-up.

    python python/bench_threads.py [--game big-boss] [--players 4] [--option edition=modern]
                                   [--batch 1024] [--threads N] [--seconds 2] [--slices 10]
                                   [--repeats 5] [--no-observations]

Each repetition steps the same batch (seed 1, uniformly random legal indices drawn in NumPy)
on one thread and on ``--threads`` threads (default: the cores this process may use), each for
``--seconds`` in all, in turns of ``--seconds / --slices``: one thread, then several, then one
again, so that a machine whose speed drifts from second to second slows both alike. It prints
both rates, the process's CPU time per wall-clock second (how many cores it got) and their
ratio, and the ratio of the time spent inside ``VecGame.step`` alone (the loop less the drawing
of the actions in NumPy, which stays on the calling thread); the last line gives the medians.
The speed-up is measured on the wall clock, so it is only meaningful on a machine with that
many idle cores.

``--only-steps N`` steps the batch N times on ``--threads`` threads and exits, timing nothing:
for counting the instructions a step takes whatever the load, e.g. under
``valgrind --tool=cachegrind --cache-sim=no`` (less a run of ``--only-steps 0``, the set-up);
with ``--fixed``, in the fixed action space, each id drawn at random among the mask's.
"""

import argparse
import os
import statistics
import sys
import time

import numpy as np

_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]

import boardroom  # noqa: E402


class Meter:
    """Steps one batch with uniformly random legal indices, a turn at a time, and adds up its
    decisions, its wall-clock time, the process's CPU time and the time spent inside
    ``VecGame.step`` (the loop less the drawing of the actions in NumPy)."""

    def __init__(self, vec, n):
        self.vec, self.n = vec, n
        self.rng = np.random.default_rng(0)
        self.out = vec.arrays()
        for _ in range(20):  # warm up
            self.step()
        self.steps, self.wall, self.cpu, self.in_step = 0, 0.0, 0.0, 0.0

    def step(self):
        actions = (self.rng.random(self.n) * self.out["num_legal"]).astype(np.int64)
        t = time.perf_counter()
        self.out = self.vec.step(actions)
        return time.perf_counter() - t

    def run(self, seconds):
        """One turn of about ``seconds``."""
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            for _ in range(10):
                self.in_step += self.step()
            self.steps += 10
        self.wall += time.perf_counter() - start
        self.cpu += time.process_time() - cpu

    def rates(self):
        """Decisions per wall-clock second of the whole loop, per second of the process's CPU
        time, the cores used (CPU time per wall-clock second), and decisions per wall-clock
        second spent inside ``VecGame.step``."""
        d = self.steps * self.n
        return d / self.wall, d / self.cpu, self.cpu / self.wall, d / self.in_step


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE (true/false for flags), e.g. edition=modern")
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--slices", type=int, default=10,
                   help="turns each side of a repetition takes (one thread, then several)")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--no-observations", action="store_true")
    p.add_argument("--only-steps", type=int, default=None,
                   help="step N times on --threads threads and exit, timing nothing")
    p.add_argument("--fixed", action="store_true",
                   help="with --only-steps: the fixed action space, a random legal id drawn "
                        "from each mask (as bench.py's fixed-ids row)")
    a = p.parse_args()
    options = {}
    for o in a.option:
        k, _, v = o.partition("=")
        options[k] = {"true": True, "false": False}.get(v, v)
    if a.game == "big-boss" and "edition" not in options:
        options["edition"] = "modern"
    observations = not a.no_observations
    if a.only_steps is not None:
        vec = boardroom.VecGame(a.game, a.batch, players=a.players, options=options, seed=1,
                                observations=observations, threads=a.threads,
                                action_space="fixed" if a.fixed else "legal")
        rng = np.random.default_rng(0)
        out = vec.arrays()
        for _ in range(a.only_steps):
            if a.fixed:
                out = vec.step((rng.random(out["mask"].shape) * out["mask"]).argmax(axis=1))
            else:
                out = vec.step((rng.random(a.batch) * out["num_legal"]).astype(np.int64))
        return
    print(f"{a.game}, {a.players} players, options {options}, VecGame of {a.batch}, "
          f"observations {'on' if observations else 'off'}, {a.seconds:g} s per side in "
          f"{max(1, a.slices)} turns, "
          f"{len(os.sched_getaffinity(0))} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'':>4}{'1 thread':>21}{'':>14}{f'{a.threads} threads':>21}")
    print(f"{'run':>4}{'wall':>11}{'CPU':>11}{'cores':>6}{'wall':>11}{'CPU':>11}{'cores':>6}"
          f"{'speed-up':>10}{'CPU ratio':>10}{'step alone':>11}")
    ratios, ones, manys, cpu_ratios, step_ratios = [], [], [], [], []
    for r in range(a.repeats):
        # Legal-list indices, drawn with the number of legal actions alone, so that NumPy's
        # share of a step stays small (as in bench.py's main figures).
        meters = [Meter(boardroom.VecGame(a.game, a.batch, players=a.players, options=options,
                                          seed=1, observations=observations, threads=threads,
                                          action_space="legal"), a.batch)
                  for threads in (1, a.threads)]
        for _ in range(max(1, a.slices)):
            for m in meters:
                m.run(a.seconds / max(1, a.slices))
        row = [m.rates() for m in meters]
        (one, cpu1, c1, step1), (many, cpu2, c2, step2) = row
        ones.append(one)
        manys.append(many)
        ratios.append(many / one)
        cpu_ratios.append(cpu2 / cpu1)
        step_ratios.append(step2 / step1)
        print(f"{r + 1:>4}{one:>11,.0f}{cpu1:>11,.0f}{c1:>6.2f}{many:>11,.0f}{cpu2:>11,.0f}"
              f"{c2:>6.2f}{many / one:>10.2f}{cpu2 / cpu1:>10.2f}{step2 / step1:>11.2f}")
    print(f"{'median':>4}{statistics.median(ones):>11,.0f}{'':>17}"
          f"{statistics.median(manys):>11,.0f}{'':>17}{statistics.median(ratios):>10.2f}"
          f"{statistics.median(cpu_ratios):>10.2f}{statistics.median(step_ratios):>11.2f}")


if __name__ == "__main__":
    main()
