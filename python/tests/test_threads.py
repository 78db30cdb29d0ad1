"""Stepping on several threads: the same arrays as on one thread, step for step."""

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id


def trace(game_id, players, options, threads, n, steps):
    vec = boardroom.VecGame(game_id, n, players=players, options=options, seed=11,
                            threads=threads)
    assert vec.threads == threads
    rng = np.random.default_rng(5)
    out = vec.arrays()
    rows = [{k: v.copy() for k, v in out.items()}]
    for _ in range(steps):
        out = vec.step((rng.random(n) * out["num_legal"]).astype(np.int64))
        rows.append({k: v.copy() for k, v in out.items()})
    return rows


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_threads_give_the_same_arrays_as_one_thread(config):
    # Enough games that every thread gets a part of its own, and enough steps that games end
    # and are replaced (their seeds then depend on the order of the replacements).
    game_id, players, options = config
    n, steps = 70, 600 if game_id != "the-boss" else 60
    one = trace(game_id, players, options, 1, n, steps)
    ended = 0
    for threads in (2, 3):
        many = trace(game_id, players, options, threads, n, steps)
        for a, b in zip(one, many):
            for key in a:
                assert np.array_equal(a[key], b[key]), key
        ended = sum(int(r["done"].sum()) for r in many)
    if game_id != "the-boss":
        assert ended > 0, "no game ended: replacements went unchecked"


def test_threads_default_to_the_cores_and_refuse_zero():
    import os
    vec = boardroom.VecGame("big-boss", 4)
    assert vec.threads == len(os.sched_getaffinity(0))
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.threads = 0
    with pytest.raises(boardroom.ConfigError, match="threads"):
        boardroom.VecGame("big-boss", 4, threads=0)
    with pytest.raises(boardroom.ConfigError, match="threads"):
        boardroom.VecGame("big-boss", 4, threads=-1)
