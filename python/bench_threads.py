"""Batched stepping on one thread and on several: wall-clock decisions per second of a
``VecGame``, and the speed-up.

    python python/bench_threads.py [--game big-boss] [--players 4] [--option edition=modern]
                                   [--batch 1024] [--threads N] [--seconds 2] [--repeats 5]
                                   [--no-observations]

Each repetition steps the same batch (seed 1, uniformly random legal indices drawn in NumPy)
for ``--seconds`` on one thread and then on ``--threads`` threads (default: the cores this
process may use), and prints both rates, the process's CPU time per wall-clock second (how
many cores it got) and their ratio, and the ratio of the time spent inside ``VecGame.step``
alone (the loop less the drawing of the actions in NumPy, which stays on the calling thread);
the last line gives the medians. The speed-up is measured on the wall clock, so it is only
meaningful on a machine with that many idle cores.

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


def rate(vec, n, seconds):
    """Decisions per wall-clock second of the whole loop, per second of the process's CPU time,
    the cores used (CPU time per wall-clock second), and decisions per wall-clock second spent
    inside ``VecGame.step`` (the loop less the drawing of the actions in NumPy)."""
    rng = np.random.default_rng(0)
    out = vec.arrays()
    for _ in range(20):  # warm up
        out = vec.step((rng.random(n) * out["num_legal"]).astype(np.int64))
    steps, in_step = 0, 0.0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            actions = (rng.random(n) * out["num_legal"]).astype(np.int64)
            t = time.perf_counter()
            out = vec.step(actions)
            in_step += time.perf_counter() - t
        steps += 10
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return steps * n / wall, steps * n / used, used / wall, steps * n / in_step


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE (true/false for flags), e.g. edition=modern")
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--threads", type=int, default=len(os.sched_getaffinity(0)))
    p.add_argument("--seconds", type=float, default=2.0)
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
          f"observations {'on' if observations else 'off'}, {a.seconds:g} s per run, "
          f"{len(os.sched_getaffinity(0))} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'':>4}{'1 thread':>21}{'':>14}{f'{a.threads} threads':>21}")
    print(f"{'run':>4}{'wall':>11}{'CPU':>11}{'cores':>6}{'wall':>11}{'CPU':>11}{'cores':>6}"
          f"{'speed-up':>10}{'CPU ratio':>10}{'step alone':>11}")
    ratios, ones, manys, cpu_ratios, step_ratios = [], [], [], [], []
    for r in range(a.repeats):
        row = []
        for threads in (1, a.threads):
            # Legal-list indices, drawn with the number of legal actions alone, so that NumPy's
            # share of a step stays small (as in bench.py's main figures).
            vec = boardroom.VecGame(a.game, a.batch, players=a.players, options=options,
                                    seed=1, observations=observations, threads=threads,
                                    action_space="legal")
            row.append(rate(vec, a.batch, a.seconds))
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
