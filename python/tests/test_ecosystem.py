"""What the Python ecosystem expects: pickling, a Gymnasium VectorEnv, gym.make ids, a version,
type stubs."""

import ast
import copy
import os
import pickle

import gymnasium as gym
import numpy as np
import pytest

import boardroom
from boardroom.vector_env import BoardroomVectorEnv
from conftest import MAIN, config_id, pick_rows, play_random


def test_version():
    assert isinstance(boardroom.__version__, str)
    assert boardroom.__version__.count(".") == 2 and boardroom.__version__[0].isdigit()


@pytest.mark.parametrize("config", MAIN, ids=config_id)
@pytest.mark.parametrize("space", ["fixed", "legal"])
def test_a_pickled_game_goes_on_as_the_original(config, space):
    import random
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=6, action_space=space)
    play_random(game, random.Random(1), max_decisions=40)
    copy_ = pickle.loads(pickle.dumps(game))
    assert copy_.action_space == space and copy_.max_actions == game.max_actions
    assert copy_.to_position() == game.to_position()
    assert np.array_equal(copy_.action_mask(), game.action_mask())
    # The same actions from here give the same games (chance included).
    play_random(game, random.Random(2), max_decisions=60)
    play_random(copy_, random.Random(2), max_decisions=60)
    assert copy_.to_position() == game.to_position()
    assert copy.deepcopy(game).to_position() == game.to_position()
    legal = boardroom.Game(game_id, players=players, seed=1, action_space="legal",
                           max_actions=77)
    assert pickle.loads(pickle.dumps(legal)).max_actions == 77


@pytest.mark.parametrize("game_id", ["big-boss", "big-shot", "the-boss"])
def test_a_pickled_batch_steps_on_as_the_original(game_id):
    vec = boardroom.VecGame(game_id, 4, players=3, seed=9)
    rng = np.random.default_rng(3)
    for _ in range(60):
        vec.step(pick_rows(vec.arrays()["mask"], rng))
    restored = pickle.loads(pickle.dumps(vec))
    assert restored.action_space == vec.action_space and len(restored) == 4
    for name, array in vec.arrays().items():
        assert np.array_equal(restored.arrays()[name], array), name
        assert not restored.arrays()[name].flags.writeable
    for _ in range(200):
        actions = pick_rows(vec.arrays()["mask"], rng)
        a, b = vec.step(actions), restored.step(actions)
        for name in a:
            assert np.array_equal(a[name], b[name]), name
    with pytest.raises(boardroom.PositionError):
        boardroom._boardroom._vec_from_state("{}")


def test_gym_make_ids_and_the_vector_env():
    assert set(boardroom.gym_env.GYM_IDS) <= set(gym.registry)
    env = gym.make("boardroom/BigShot-v0", players=3, opponents="random")
    obs, info = env.reset(seed=2)
    assert obs.shape == env.observation_space.shape and info["action_mask"].any()
    env.close()
    venv = gym.make_vec("boardroom/BigBoss-v0", num_envs=5, players=2)
    assert isinstance(venv.unwrapped, BoardroomVectorEnv) and venv.num_envs == 5
    venv.close()


def test_the_vector_env_is_the_batch_in_self_play():
    env = BoardroomVectorEnv("big-boss", num_envs=4, players=2, seed=3)
    assert env.single_action_space.n == 410
    obs, infos = env.reset(seed=3)
    assert obs.shape == (4, env.single_observation_space.shape[0]) and obs.dtype == np.float32
    vec = boardroom.VecGame("big-boss", 4, players=2, seed=3)
    rng = np.random.default_rng(0)
    ends = 0
    for _ in range(400):
        actions = pick_rows(infos["action_mask"], rng)
        actor = infos["actor"]
        obs, rewards, term, trunc, infos = env.step(actions.astype(np.int32))
        out = vec.step(actions)
        assert np.array_equal(obs, out["obs"]) and np.array_equal(term, out["done"])
        assert not trunc.any()
        assert np.array_equal(rewards, out["rewards"][np.arange(4), actor])
        ends += int(term.sum())
    assert ends > 0
    with pytest.raises(boardroom.IllegalActionError):
        env.step(np.full(4, -1))


def test_type_stubs_cover_the_native_module():
    here = os.path.dirname(boardroom.__file__)
    assert os.path.exists(os.path.join(here, "py.typed"))
    tree = ast.parse(open(os.path.join(here, "_boardroom.pyi")).read())
    stubbed = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            stubbed[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        elif isinstance(node, ast.FunctionDef):
            stubbed[node.name] = set()
        elif isinstance(node, ast.AnnAssign):
            stubbed[node.target.id] = set()
    native = boardroom._boardroom
    for name in dir(native):
        if name.startswith("__") and name != "__version__":
            continue
        assert name in stubbed, f"{name} has no stub"
        obj = getattr(native, name)
        if isinstance(obj, type) and not issubclass(obj, Exception):
            public = {m for m in vars(obj) if not m.startswith("_") or m in {"__reduce__"}}
            assert public <= stubbed[name] | {"__new__"}, (name, public - stubbed[name])
