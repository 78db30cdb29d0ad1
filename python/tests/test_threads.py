"""Stepping on several threads: the same arrays as on one thread, step for step."""

import os

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id


def draw(rng, out, space):
    """Random legal actions: ids under the mask, or places in the legal list."""
    if space == "fixed":
        return (rng.random(out["mask"].shape) * out["mask"]).argmax(axis=1)
    return (rng.random(len(out["num_legal"])) * out["num_legal"]).astype(np.int64)


def trace(game_id, players, options, threads, n, steps, space):
    vec = boardroom.VecGame(game_id, n, players=players, options=options, seed=11,
                            threads=threads, action_space=space)
    assert vec.threads == threads
    rng = np.random.default_rng(5)
    out = vec.arrays()
    rows = [{k: v.copy() for k, v in out.items()}]
    for _ in range(steps):
        out = vec.step(draw(rng, out, space))
        rows.append({k: v.copy() for k, v in out.items()})
    return rows


@pytest.mark.parametrize("space", ["fixed", "legal"])
@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_threads_give_the_same_arrays_as_one_thread(config, space):
    # Enough games that every thread gets a part of its own and helps with the others', and
    # enough steps that games end and are replaced.
    game_id, players, options = config
    n, steps = 70, 600 if game_id != "the-boss" else 60
    one = trace(game_id, players, options, 1, n, steps, space)
    ended = 0
    for threads in (2, 3):
        many = trace(game_id, players, options, threads, n, steps, space)
        for a, b in zip(one, many):
            for key in a:
                assert np.array_equal(a[key], b[key]), key
        ended = sum(int(r["done"].sum()) for r in many)
    if game_id != "the-boss":
        assert ended > 0, "no game ended: replacements went unchecked"


def test_threads_default_to_the_cores_and_refuse_zero():
    vec = boardroom.VecGame("big-boss", 4)
    assert vec.threads == len(os.sched_getaffinity(0))
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.threads = 0
    with pytest.raises(boardroom.ConfigError, match="threads"):
        boardroom.VecGame("big-boss", 4, threads=0)
    with pytest.raises(boardroom.ConfigError, match="threads"):
        boardroom.VecGame("big-boss", 4, threads=-1)
    # A bound, so that a slip does not start a thousand threads; the same for the setter and
    # the batched calls, all before anything runs.
    with pytest.raises(boardroom.ConfigError, match="threads must be 1 to 256, not 1000"):
        boardroom.VecGame("big-boss", 2, threads=1000)
    vec = boardroom.VecGame("big-boss", 2, threads=256)
    assert vec.threads == 256
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.threads = 257
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.threads = -3
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.bot_actions("easy", threads=1000)
    with pytest.raises(boardroom.ConfigError, match="threads"):
        vec.search_targets(iterations=2, threads=0)
    assert vec.threads == 256


def test_bots_and_search_targets_follow_the_batch_threads_and_ignore_them():
    # The batched bot calls run on the batch's threads by default; any count gives the same.
    one = boardroom.VecGame("big-boss", 40, players=3, seed=2, threads=1)
    two = boardroom.VecGame("big-boss", 40, players=3, seed=2, threads=2)
    a, b = one.search_targets(iterations=20, seed=4), two.search_targets(iterations=20, seed=4)
    for key in ("policy", "value"):
        assert np.array_equal(a[key], b[key], equal_nan=True), key
    assert np.array_equal(one.bot_actions("easy", seed=1)["actions"],
                          two.bot_actions("easy", seed=1)["actions"])


def test_threads_asleep_between_steps_wake_for_the_next():
    # A caller that spends long between steps finds the workers asleep: each step wakes them,
    # and the arrays are still those of one thread.
    import time
    one = boardroom.VecGame("big-shot", 80, players=3, seed=6, threads=1, action_space="legal")
    two = boardroom.VecGame("big-shot", 80, players=3, seed=6, threads=2, action_space="legal")
    rng = np.random.default_rng(2)
    for step in range(12):
        actions = draw(rng, one.arrays(), "legal")
        a, b = one.step(actions), two.step(actions)
        for key in a:
            assert np.array_equal(a[key], b[key]), key
        if step % 3 == 0:
            time.sleep(0.02)  # far longer than the workers look before they sleep
    del two  # the pool's threads end with it


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_process_steps_its_copy_of_a_batch():
    # A fork copies only the calling thread: the child's batch starts threads of its own and
    # steps as the parent's does, instead of waiting for threads that are not there.
    import hashlib
    import time
    vec = boardroom.VecGame("big-shot", 80, players=3, seed=8, threads=2, action_space="legal",
                            show_seeds=True)
    rng = np.random.default_rng(3)
    vec.step(draw(rng, vec.arrays(), "legal"))

    def digest():
        r = np.random.default_rng(4)
        out = vec.arrays()
        for _ in range(5):
            out = vec.step(draw(r, out, "legal"))
        return hashlib.sha256(out["obs"].tobytes() + out["seed"].tobytes()).digest()

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            os.write(write, digest())
        finally:
            os._exit(0)
    os.close(write)
    deadline = time.monotonic() + 60
    while os.waitpid(pid, os.WNOHANG) == (0, 0):
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked process did not finish stepping")
        time.sleep(0.02)
    child = os.read(read, 64)
    os.close(read)
    assert child == digest()
