"""Batched stepping: the same games as one at a time, reproducible, and careful with its input."""

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, pick_rows


@pytest.mark.parametrize(
    "config,space",
    [(c, "fixed") for c in MAIN]
    + [(("big-boss", 2, {"edition": "classic"}), "legal"), (("the-boss", 4, {}), "legal")],
    ids=lambda x: x if isinstance(x, str) else config_id(x),
)
def test_batched_and_unbatched_stepping_agree_game_for_game(config, space):
    game_id, players, options = config
    n, seed = 5, 40
    vec = boardroom.VecGame(game_id, n, players=players, options=options, seed=seed,
                            action_space=space, show_seeds=True)
    assert vec.action_space == space
    out = vec.arrays()
    assert out["obs"].shape == (n, vec.observation_size) and out["obs"].dtype == np.float32
    assert out["mask"].shape == (n, vec.max_actions) and out["mask"].dtype == np.bool_
    assert out["rewards"].shape == (n, players) and out["rewards"].dtype == np.float32
    assert out["done"].shape == (n,) and out["actor"].dtype == np.int64
    games = [boardroom.Game(game_id, players=players, options=options, seed=seed + i,
                            action_space=space) for i in range(n)]
    slot_seed = [seed + i for i in range(n)]
    rng = np.random.default_rng(0)
    steps = 700 if game_id != "the-boss" else 500
    finished = 0
    for _ in range(steps):
        actor, num_legal = out["actor"].copy(), out["num_legal"].copy()
        for i, g in enumerate(games):
            assert actor[i] in g.to_act()
            assert num_legal[i] == out["mask"][i].sum() > 0
            if space == "legal":
                assert num_legal[i] == min(g.num_legal(int(actor[i])), vec.max_actions)
            assert np.array_equal(out["mask"][i], g.action_mask(int(actor[i])))
            assert np.array_equal(out["obs"][i], g.observation_array(int(actor[i])))
        actions = pick_rows(out["mask"], rng)
        out = vec.step(actions)
        for i, g in enumerate(games):
            g.step(int(actions[i]), int(actor[i]))
            if g.is_over():
                assert out["done"][i]
                assert np.allclose(out["rewards"][i], g.rewards())
                # Slot i plays seeds seed + i, seed + i + n, seed + i + 2n, …
                slot_seed[i] += n
                games[i] = boardroom.Game(game_id, players=players, options=options,
                                          seed=slot_seed[i], action_space=space)
                assert out["seed"][i] == slot_seed[i]
                finished += 1
            else:
                assert not out["done"][i] and not out["rewards"][i].any()
    if game_id != "the-boss":
        assert finished > 0, "no game ended: the resets went unchecked"


def run(seed, steps=300):
    vec = boardroom.VecGame("big-shot", 4, players=3, seed=seed)
    rng = np.random.default_rng(1)
    trace = []
    for _ in range(steps):
        out = vec.step(pick_rows(vec.arrays()["mask"], rng))
        trace.append((out["obs"].copy(), out["rewards"].copy(), out["done"].copy()))
    return trace


def test_batched_runs_are_reproducible():
    a, b = run(3), run(3)
    assert all(np.array_equal(x, y) for s, t in zip(a, b) for x, y in zip(s, t))
    c = run(4)
    assert not all(np.array_equal(s[0], t[0]) for s, t in zip(a, c))


def test_batched_stepping_without_observations():
    vec = boardroom.VecGame("big-boss", 3, players=4, seed=1, observations=False)
    assert vec.observation_size == 0 and vec.arrays()["obs"].shape == (3, 0)
    rng = np.random.default_rng(2)
    for _ in range(50):
        vec.step(pick_rows(vec.arrays()["mask"], rng))


def test_bad_action_arrays_are_refused_and_nothing_moves():
    vec = boardroom.VecGame("big-boss", 4, players=2, seed=1)
    before = [vec.game(i).to_position() for i in range(4)]
    obs = vec.arrays()["obs"].copy()
    legal = pick_rows(vec.arrays()["mask"], np.random.default_rng(0))
    masked_out = legal.copy()
    masked_out[1] = np.flatnonzero(~vec.arrays()["mask"][1])[0]
    bad = [
        (np.zeros(4, dtype=np.float64), boardroom.ArrayError, "dtype float64"),
        (np.zeros(4, dtype=np.uint8), boardroom.ArrayError, "dtype uint8"),
        (np.zeros(3, dtype=np.int64), boardroom.ArrayError, "(4,)"),
        (np.zeros((4, 1), dtype=np.int64), boardroom.ArrayError, "1-D"),
        ([0, 0, 0], boardroom.ArrayError, "3 of them"),
        ([0, "a", 0, 0], boardroom.ArrayError, "str"),
        ([0, True, 0, 0], boardroom.ArrayError, "bool"),
        ("0000", boardroom.ArrayError, "str"),
        (np.where(np.arange(4) == 2, -1, legal), boardroom.IllegalActionError, "actions[2]"),
        (np.where(np.arange(4) == 3, 10_000, legal), boardroom.IllegalActionError, "actions[3]"),
        (masked_out, boardroom.IllegalActionError, "actions[1]"),
    ]
    for actions, error, words in bad:
        with pytest.raises(error) as e:
            vec.step(actions)
        assert isinstance(e.value, ValueError) and words in str(e.value), str(e.value)
    assert [vec.game(i).to_position() for i in range(4)] == before
    assert np.array_equal(vec.arrays()["obs"], obs)
    with pytest.raises(boardroom.ArrayError):
        vec.game(4)
    with pytest.raises(boardroom.ConfigError):
        boardroom.VecGame("big-boss", 0)
    with pytest.raises(boardroom.UnknownGameError):
        boardroom.VecGame("chess", 2)


def test_step_takes_int64_and_int32_arrays_and_lists_alike():
    def run(convert):
        vec = boardroom.VecGame("big-shot", 3, players=2, seed=5)
        rng = np.random.default_rng(7)
        for _ in range(40):
            vec.step(convert(pick_rows(vec.arrays()["mask"], rng)))
        return vec.arrays()["obs"].copy()

    base = run(lambda a: a)
    assert np.array_equal(run(lambda a: a.astype(np.int32)), base)
    assert np.array_equal(run(lambda a: [int(x) for x in a]), base)


@pytest.mark.parametrize("game_id, players", [("big-boss", 3), ("big-shot", 2), ("the-boss", 4)])
def test_random_actions_draw_a_legal_id_per_game_uniformly(game_id, players):
    vec = boardroom.VecGame(game_id, 8, players=players, seed=3)
    for k in range(40):
        out = vec.arrays()
        a = vec.random_actions(seed=k)
        assert a.dtype == np.int64 and a.shape == (8,)
        assert out["mask"][np.arange(8), a].all()
        assert np.array_equal(a, vec.random_actions(seed=k))
        vec.step(a)
    # Uniform: a state's draws over many seeds reach every legal id of its row.
    vec = boardroom.VecGame(game_id, 1, players=players, seed=3)
    for _ in range(30):
        vec.step(vec.random_actions(seed=1))
    mask = vec.arrays()["mask"][0]
    drawn = {int(vec.random_actions(seed=s)[0]) for s in range(40 * int(mask.sum()))}
    assert drawn == set(np.flatnonzero(mask).tolist())
