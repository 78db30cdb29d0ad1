"""Decisions per second from Python, side by side with random playouts in Rust alone.

    python python/bench.py [--game big-boss] [--players 4] [--option edition=modern]
                           [--seconds 3] [--batch 1024] [--boardroom target/release/boardroom]

Measures, one after the other on one thread:

* Rust alone: random playouts inside the library (what ``boardroom bench`` measures), and the
  ``boardroom bench`` program itself when it is built (its "decisions per second" line);
* batched random stepping from Python: a ``VecGame`` of ``--batch`` games in the legal-list
  action space, each step drawing one uniformly random legal index per game in NumPy
  (``rng.random(n) * num_legal``), with and without writing observations; and in the fixed
  action space (the default), with observations, drawing a uniformly random legal id per game
  from the masks in NumPy (``argmax`` of ``rng.random((n, max_actions)) * mask``, the recipe
  the documentation gave first) and in Rust (``VecGame.random_actions``);
* a plain Python loop over the per-call API (``to_act``, ``num_legal``, ``step``, with
  ``random.randrange``), one game after another.

Each figure is printed twice: per second of wall-clock time, and per second of CPU time of the
thread doing the work (``time.thread_time``; for ``boardroom bench``, the CPU time of the child
process), which is the speed on one core even when the machine is shared with other work. Each
is followed by its ratios to the two Rust figures of the same run (CPU time to CPU time).
"""

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import time

import numpy as np

# Run as `python python/bench.py`, the script's folder (which holds the package's sources, not
# its built module) would shadow the installed package.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]

import boardroom  # noqa: E402


def batched(game, players, options, seconds, n, observations, space="legal", drawer="numpy"):
    # One thread, so that this thread's CPU time is all the work (bench_threads.py measures
    # stepping on several threads).
    vec = boardroom.VecGame(game, n, players=players, options=options, seed=1,
                            observations=observations, action_space=space, threads=1)
    rng = np.random.default_rng(0)
    out = vec.arrays()

    def draw(out):
        if drawer == "rust":
            return vec.random_actions(seed=int(rng.integers(1 << 62)))
        if space == "legal":
            return (rng.random(n) * out["num_legal"]).astype(np.int64)
        return (rng.random(out["mask"].shape) * out["mask"]).argmax(axis=1)

    for _ in range(20):  # warm up
        out = vec.step(draw(out))
    steps, start, cpu = 0, time.perf_counter(), time.thread_time()
    while time.perf_counter() - start < seconds:
        for _ in range(10):
            out = vec.step(draw(out))
        steps += 10
    return rates(steps * n, start, cpu)


def rates(decisions, start, cpu):
    """Decisions per second of wall-clock time and of this thread's CPU time since ``start``
    (``time.perf_counter``) and ``cpu`` (``time.thread_time``)."""
    wall, used = time.perf_counter() - start, time.thread_time() - cpu
    return decisions / wall, decisions / used


def python_loop(game, players, options, seconds):
    g = boardroom.Game(game, players=players, options=options, seed=1, action_space="legal")
    rand, seed, decisions = random.Random(0), 1, 0
    start, cpu = time.perf_counter(), time.thread_time()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            may = g.to_act()
            if not may:
                seed += 1
                g.reset(seed)
                continue
            seat = may[0] if len(may) == 1 else rand.choice(may)
            g.step(rand.randrange(g.num_legal(seat)), seat)
            decisions += 1
    return rates(decisions, start, cpu)


def child_cpu():
    """CPU time used by finished child processes, in seconds."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def boardroom_bench(binary, game, players, options, seconds):
    """The "decisions per second" of ``boardroom bench``, as printed (wall-clock) and per
    second of the program's CPU time (None when the program is missing)."""
    if not binary or not os.path.exists(binary):
        return None
    cmd = [binary, "bench", "--game", game, "--players", str(players), "--seconds",
           str(seconds), "--decisions", "1"]
    for k, v in options.items():
        flag = "--" + k.replace("_", "-")
        cmd += [flag] if v is True else ([] if v is False else [flag, str(v)])
    try:
        wall, cpu = time.perf_counter(), child_cpu()
        text = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                              check=True).stdout
        wall, cpu = time.perf_counter() - wall, child_cpu() - cpu
    except (subprocess.SubprocessError, OSError):
        return None
    m = re.search(r"decisions per second\s+([\d.]+)", text)
    if not m:
        return None
    # The program spends its run timing playouts (and a few bot decisions): its share of a
    # core over the run scales its printed figure to one second of CPU time.
    rate = float(m.group(1))
    return rate, rate * wall / cpu if cpu > 0 else rate


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="big-boss")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--option", action="append", default=[],
                   help="NAME=VALUE (true/false for flags), e.g. edition=modern")
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--batch", type=int, default=1024)
    p.add_argument("--boardroom", default=os.path.join(root, "target", "release", "boardroom"),
                   help="the boardroom program, for its bench figure (skipped when missing)")
    a = p.parse_args()
    options = {}
    for o in a.option:
        k, _, v = o.partition("=")
        options[k] = {"true": True, "false": False}.get(v, v)
    if a.game == "big-boss" and "edition" not in options:
        options["edition"] = "modern"

    start, cpu = time.perf_counter(), time.thread_time()
    games, decisions, secs = boardroom.bench_random_playouts(
        a.game, players=a.players, options=options, seconds=a.seconds)
    rust = rates(decisions, start, cpu)
    # The library's own clock, for the wall-clock figure.
    rust = (decisions / secs, rust[1])
    rows = [("Rust: random playouts in the library", rust)]
    program = boardroom_bench(a.boardroom, a.game, a.players, options, a.seconds)
    if program is not None:
        rows.append(("Rust: `boardroom bench`", program))
    rows.append((f"Python, VecGame of {a.batch}, no observations",
                 batched(a.game, a.players, options, a.seconds, a.batch, False)))
    rows.append((f"Python, VecGame of {a.batch}, with observations",
                 batched(a.game, a.players, options, a.seconds, a.batch, True)))
    rows.append((f"Python, VecGame of {a.batch}, fixed ids, obs.",
                 batched(a.game, a.players, options, a.seconds, a.batch, True, "fixed")))
    rows.append(("  the same, ids by random_actions",
                 batched(a.game, a.players, options, a.seconds, a.batch, True, "fixed", "rust")))
    rows.append(("Python loop over the per-call API", python_loop(a.game, a.players, options,
                                                                 a.seconds)))
    print(f"{a.game}, {a.players} players, options {options}, {a.seconds:g} s each, "
          f"Python {sys.version.split()[0]}")
    program = program or rust
    print(f"{'decisions per second':44}{'wall':>12}{'CPU':>12}"
          f"{'vs lib':>9}{'vs bench':>9}")
    for name, (wall, used) in rows:
        print(f"{name:44}{wall:>12,.0f}{used:>12,.0f}"
              f"{used / rust[1]:>9.3f}{used / program[1]:>9.3f}")


if __name__ == "__main__":
    main()
