"""Search targets: the bots' search's ranking per action, for one game and batched; batched bot
calls."""

import random

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, pick_rows, play_random


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


def midgame(game_id, players, options, seed, decisions=30):
    game = boardroom.Game(game_id, players=players, options=options, seed=seed)
    play_random(game, random.Random(seed), max_decisions=decisions)
    assert not game.is_over()
    return game


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_other_seats_secrets_do_not_change_the_targets(config):
    """The search samples what its seat cannot see, so redrawing the others' secrets (everything
    the seat's observation does not determine) leaves its targets unchanged, seed for seed."""
    game_id, players, options = config
    differed = 0
    for seed in range(4):
        game = midgame(game_id, players, options, seed=40 + seed)
        seat = game.to_act()[0]
        t = game.search_targets(seat, iterations=80, seed=seed)
        for k in range(2):
            other = game.sample_hidden(seat, seed=100 * seed + k)
            differed += other.to_position() != game.to_position()
            o = other.search_targets(seat, iterations=80, seed=seed)
            assert np.array_equal(o["policy"], t["policy"])
            assert np.array_equal(o["value"], t["value"], equal_nan=True)
            assert o["moves"] == t["moves"]
    assert differed > 0, "no secret was redrawn: the check checked nothing"


def test_levels_search_without_time_limits_and_bad_levels_are_refused():
    game = midgame("big-boss", 4, {}, seed=5)
    a = game.search_targets(level="ismcts:200", seed=9)
    assert game.search_targets(level="ismcts:200", seed=9)["moves"] == a["moves"]
    assert game.search_targets(iterations=200, seed=9)["moves"] == a["moves"], \
        "ismcts:N and N iterations are the same search"
    assert any(game.search_targets(iterations=200, seed=s)["moves"] != a["moves"]
               for s in range(10, 14))
    easy = game.search_targets(level="easy", seed=2)
    assert sum(m["visits"] for m in easy["moves"]) >= 199
    with pytest.raises(boardroom.BotError, match="heuristic"):
        game.search_targets(level="heuristic")
    with pytest.raises(boardroom.BotError, match="unknown bot"):
        game.search_targets(level="grandmaster")
    with pytest.raises(boardroom.BotError):
        game.search_targets(level="ismcts:0")
    vec = boardroom.VecGame("big-boss", 3, players=2, seed=1)
    with pytest.raises(boardroom.BotError):
        vec.search_targets(level="random")
    t = vec.search_targets(level="ismcts:30", seed=4)
    assert np.array_equal(t["policy"], vec.search_targets(iterations=30, seed=4)["policy"])


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_a_prior_guides_the_search_at_its_root(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=min(players, 3), options=options, seed=4)
    seat = game.must_act()[0]
    mask = game.action_mask(seat)
    legal = np.flatnonzero(mask)
    if len(legal) < 2:
        pytest.skip("one legal move")
    plain = game.search_targets(seat, iterations=200, seed=1)["policy"]
    # The move the plain search liked least, made the prior's favourite, gains visits.
    least = legal[np.argmin(plain[legal])]
    prior = np.where(mask, 0.01, 0.0)
    prior[least] = 1.0
    guided = game.search_targets(seat, iterations=200, seed=1, prior=prior)
    assert guided["policy"].sum() == pytest.approx(1.0) and not guided["policy"][~mask].any()
    assert guided["policy"][least] > plain[least]
    assert np.array_equal(
        guided["policy"], game.search_targets(seat, iterations=200, seed=1, prior=prior)["policy"])
    # What only others know does not change a guided search either.
    other = game.sample_hidden(seat, seed=9)
    assert np.array_equal(
        other.search_targets(seat, iterations=200, seed=1, prior=prior)["policy"],
        guided["policy"])


def test_bad_priors_are_refused_with_the_reason():
    game = boardroom.Game("big-boss", players=2, seed=4)
    m = game.max_actions
    with pytest.raises(boardroom.ArrayError, match="shape"):
        game.search_targets(prior=np.ones(m - 1))
    with pytest.raises(boardroom.ArrayError, match="non-negative"):
        game.search_targets(prior=np.full(m, -1.0))
    with pytest.raises(boardroom.ArrayError, match="non-negative"):
        game.search_targets(prior=np.full(m, np.nan))
    with pytest.raises(boardroom.ConfigError, match="c_puct"):
        game.search_targets(prior=np.ones(m), c_puct=0.0)
    vec = boardroom.VecGame("big-boss", 3, players=2, seed=1)
    with pytest.raises(boardroom.ArrayError, match="a row per game"):
        vec.search_targets(iterations=20, prior=np.ones((2, m)))
    # Batched guided targets are each game's own.
    rng = np.random.default_rng(0)
    prior = rng.random((3, m)).astype(np.float32)
    t = vec.search_targets(iterations=40, seed=10, prior=prior, c_puct=0.5)
    out = vec.arrays()
    for i in range(3):
        one = vec.game(i).search_targets(int(out["actor"][i]), iterations=40, seed=10 + i,
                                         prior=prior[i], c_puct=0.5)
        assert np.array_equal(t["policy"][i], one["policy"])


@pytest.mark.parametrize("players", [2, 4])
def test_every_bot_move_of_the_boss_has_an_id_a_batch_plays(players):
    """Bot moves the fixed space cannot name as they are (offers with notes or prices off the
    ladder, counters of other terms) come as the nearest move it names: never -1, always legal,
    and the notation is the move the id plays."""
    vec = boardroom.VecGame("the-boss", 16, players=players, seed=4)
    for r in range(60):
        chosen = vec.bot_actions("heuristic", seed=r)
        out = vec.arrays()
        assert (chosen["actions"] >= 0).all()
        assert out["mask"][np.arange(16), chosen["actions"]].all()
        for i in range(0, 16, 5):
            g, seat = vec.game(i), int(out["actor"][i])
            a = int(chosen["actions"][i])
            assert g.format_action(a, seat) == chosen["notations"][i]
        vec.step(chosen["actions"])


@pytest.mark.parametrize("game_id", [g["id"] for g in boardroom.games()])
def test_the_gauntlets_policies_are_bots(game_id):
    """``boardroom.policies`` lists the gauntlet's fixed policies (the generic ones, then the
    game's scripts); each is a bot that ``bot_actions`` and ``Game.bot`` take, giving legal
    moves; ``lowest-id`` is the lowest legal id where the mask is the legal set (Big Boss, Big
    Shot); an unknown name's error lists the policies."""
    names = boardroom.policies(game_id)
    assert names[:5] == ["first", "last", "lowest-id", "highest-id", "random"]
    assert any(n.startswith("script:") for n in names), names
    vec = boardroom.VecGame(game_id, 6, players=2, seed=4, threads=1)
    out = vec.arrays()
    for k in range(30):
        for name in names:
            acts = vec.bot_actions(name, seed=k)["actions"]
            assert out["mask"][np.arange(6), acts].all(), (name, acts)
            if name == "lowest-id" and game_id != "the-boss":
                assert np.array_equal(acts, out["mask"].argmax(axis=1))
        out = vec.step(vec.bot_actions(names[k % len(names)], seed=k)["actions"])
    game = boardroom.Game(game_id, players=2, seed=1)
    seat = game.to_act()[0]
    assert game.bot("last", 0).choose(game, seat)[1] == game.legal_notations(seat)[-1]
    with pytest.raises(boardroom.BotError, match="lowest-id"):
        vec.bot_actions("lowest", seed=0)
    with pytest.raises(boardroom.UnknownGameError):
        boardroom.policies("chess")
