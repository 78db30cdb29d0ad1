"""The standard environments: PettingZoo's own API test, and a Gymnasium single-agent
environment against built-in bots."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import boardroom
from boardroom.gym_env import BoardroomEnv
from boardroom.pettingzoo_env import env as aec_env
from conftest import MAIN, config_id


@pytest.mark.parametrize("config", MAIN + [("big-boss", 2, {"edition": "classic"})], ids=config_id)
def test_pettingzoo_api_test_passes(config):
    game_id, players, options = config
    env = aec_env(game=game_id, players=players, options=options)
    api_test(env, num_cycles=300)


def test_pettingzoo_episodes_are_reproduced_by_their_seed():
    def episode(seed):
        env = aec_env(game="big-shot", players=3)
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            action = None
            if not (term or trunc):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            trace.append((agent, action, reward))
            env.step(action)
        return trace

    a = episode(5)
    assert a == episode(5)
    assert a != episode(6)
    assert sum(r for _, _, r in a) == pytest.approx(1.0) or sum(r for _, _, r in a) == 0


def test_pettingzoo_refuses_illegal_actions():
    env = aec_env(game="big-boss", players=2)
    env.reset(seed=1)
    before = env.game.to_position()
    with pytest.raises(boardroom.IllegalActionError):
        env.step(env.game.max_actions - 1)
    assert env.game.to_position() == before


@pytest.mark.parametrize("game_id", ["big-boss", "big-shot", "the-boss"])
def test_gymnasium_environment(game_id):
    check_env(BoardroomEnv(game=game_id, players=2, opponents="random",
                           illegal_action="penalize"), skip_render_check=True)
    env = BoardroomEnv(game=game_id, players=2, opponents="random")
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape and obs.dtype == np.float32
    rng = np.random.default_rng(0)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, truncated, info = env.step(action)
        assert not truncated
        total += reward
        steps += 1
    assert 0.0 <= total <= 1.0 and steps > 0
    assert env.game.is_over() and "outcome" in info
    obs2, _ = env.reset(seed=3)
    first, _ = BoardroomEnv(game=game_id, players=2, opponents="random").reset(seed=3)
    assert np.array_equal(obs2, first)


def test_gymnasium_illegal_actions():
    env = BoardroomEnv(game="big-boss", players=2, opponents="random")
    env.reset(seed=2)
    before = env.game.to_position()
    with pytest.raises(boardroom.IllegalActionError):
        env.step(env.action_space.n - 1)
    assert env.game.to_position() == before
    env = BoardroomEnv(game="big-boss", players=2, opponents="random", illegal_action="penalize")
    obs, _ = env.reset(seed=2)
    before = env.game.to_position()
    obs2, reward, done, _, info = env.step(env.action_space.n - 1)
    assert reward == -1.0 and not done and info["illegal_action"]
    assert np.array_equal(obs, obs2) and env.game.to_position() == before


def test_gymnasium_opponents_are_checked():
    with pytest.raises(boardroom.BotError):
        BoardroomEnv(game="big-shot", players=3, opponents="grandmaster")
    with pytest.raises(ValueError):
        BoardroomEnv(game="big-shot", players=3, opponents=["random"])
    env = BoardroomEnv(game="big-shot", players=3, seat=2, opponents=["heuristic", "random"])
    obs, info = env.reset(seed=1)
    assert env.game.to_act() and 2 in env.game.to_act()
