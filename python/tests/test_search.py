"""Search targets: the bots' search's ranking per action, for one game and batched; batched bot
calls."""

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, pick_rows


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_search_targets_rank_the_legal_moves_from_the_seats_knowledge(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=min(players, 3), options=options, seed=4)
    seat = game.must_act()[0]
    before = game.to_position()
    t = game.search_targets(seat, iterations=60, seed=1)
    assert game.to_position() == before
    policy, value, moves = t["policy"], t["value"], t["moves"]
    assert policy.shape == value.shape == (game.max_actions,) and policy.dtype == np.float32
    mask = game.action_mask(seat)
    assert policy.sum() == pytest.approx(1.0) and not policy[~mask].any()
    assert np.isnan(value[~mask]).all()
    visits = [m["visits"] for m in moves]
    assert sum(visits) > 0 and moves[0]["visits"] == max(visits)
    for m in moves:
        if m["index"] is not None:
            assert game.format_action(m["index"], seat) == m["notation"]
            assert policy[m["index"]] == pytest.approx(m["visits"] / sum(
                x["visits"] for x in moves if x["index"] is not None))
            if m["win_chance"] is not None:
                assert 0.0 <= value[m["index"]] <= 1.0
    # Reproducible from its seed; what only others know does not change it.
    again = game.search_targets(seat, iterations=60, seed=1)
    assert np.array_equal(again["policy"], policy)
    other = game.sample_hidden(seat, seed=9)
    assert np.array_equal(other.search_targets(seat, iterations=60, seed=1)["policy"], policy)
    with pytest.raises(boardroom.ConfigError):
        game.search_targets(seat, iterations=0)


def test_batched_search_targets_and_bot_calls_are_the_games_own():
    vec = boardroom.VecGame("big-shot", 5, players=3, seed=2)
    rng = np.random.default_rng(0)
    for _ in range(30):
        vec.step(pick_rows(vec.arrays()["mask"], rng))
    out = vec.arrays()
    t = vec.search_targets(iterations=40, seed=10, threads=2)
    assert t["policy"].shape == (5, vec.max_actions)
    assert np.array_equal(t["policy"], vec.search_targets(iterations=40, seed=10, threads=1)["policy"])
    for i in range(5):
        g, seat = vec.game(i), int(out["actor"][i])
        one = g.search_targets(seat, iterations=40, seed=10 + i)
        assert np.array_equal(t["policy"][i], one["policy"])
        assert np.array_equal(np.isnan(t["value"][i]), np.isnan(one["value"]))
    chosen = vec.bot_actions("heuristic", seed=3)
    assert chosen["actions"].shape == (5,) and chosen["actions"].dtype == np.int64
    for i, (a, notation) in enumerate(zip(chosen["actions"], chosen["notations"])):
        g, seat = vec.game(i), int(out["actor"][i])
        assert g.bot("heuristic", seed=3 + i).choose(g, seat) == (int(a), notation)
        assert out["mask"][i][a]
    vec.step(chosen["actions"])
    with pytest.raises(boardroom.BotError):
        vec.bot_actions("grandmaster")
