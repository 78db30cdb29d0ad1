"""Search targets: a search bot's ranking of the legal actions (visit shares and values), from
one game or a whole batch, reproducible and decided from the seat's own knowledge only."""

import random

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, play_random


def midgame(game_id, players, options, seed, decisions=30):
    game = boardroom.Game(game_id, players=players, options=options, seed=seed)
    play_random(game, random.Random(seed), max_decisions=decisions)
    assert not game.is_over()
    return game


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_a_ranking_covers_the_legal_list_with_shares_and_values(config):
    game = midgame(*config, seed=3)
    seat = game.to_act()[0]
    ranking = game.bot_ranking(60, seat=seat, seed=1)
    notations = game.legal_notations(seat)
    listed = [r for r in ranking if r["index"] is not None]
    assert sorted(r["index"] for r in listed) == list(range(len(notations)))
    for r in listed:
        assert r["notation"] == notations[r["index"]]
    assert sum(r["visits"] for r in ranking) >= 59
    assert abs(sum(r["share"] for r in ranking) - 1.0) < 1e-9
    visits = [r["visits"] for r in ranking]
    assert visits == sorted(visits, reverse=True), "best (most visited) first"
    for r in ranking:
        assert r["share"] == pytest.approx(r["visits"] / sum(visits))
        if r["visits"]:
            assert 0.0 <= r["value"] <= 1.0
        else:
            assert r["value"] is None
    # The first is the search bot's own choice (where the bot does not deal by valuation).
    deals = any("heuristic-nodeal" in g["bots"] for g in boardroom.games() if g["id"] == config[0])
    if not deals and len(notations) > 1:
        assert ranking[0]["notation"] == game.bot("ismcts:60", seed=1).choose(game, seat)[1]


def test_the_same_seed_gives_the_same_ranking_and_another_seed_may_differ():
    game = midgame("big-boss", 4, {}, seed=5)
    a = game.bot_ranking("ismcts:200", seed=9)
    assert game.bot_ranking("ismcts:200", seed=9) == a
    assert game.bot_ranking(200, seed=9) == a, "ismcts:N and N iterations are the same search"
    assert any(game.bot_ranking(200, seed=s) != a for s in range(10, 14))


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_other_seats_secrets_do_not_change_the_ranking(config):
    """The search samples what its seat cannot see, so redrawing the others' secrets (everything
    the seat's observation does not determine) leaves its ranking unchanged, seed for seed."""
    game_id, players, options = config
    differed = 0
    for seed in range(4):
        game = midgame(game_id, players, options, seed=40 + seed)
        seat = game.to_act()[0]
        ranking = game.bot_ranking(80, seat=seat, seed=seed)
        for k in range(2):
            other = game.sample_hidden(seat, seed=100 * seed + k)
            differed += other.to_position() != game.to_position()
            assert other.bot_ranking(80, seat=seat, seed=seed) == ranking
    assert differed > 0, "no secret was redrawn: the check checked nothing"


def test_bad_levels_and_seats_are_refused():
    game = boardroom.Game("big-boss", players=2, seed=1)
    with pytest.raises(boardroom.BotError, match="heuristic"):
        game.bot_ranking("heuristic")
    with pytest.raises(boardroom.BotError, match="unknown bot"):
        game.bot_ranking("grandmaster")
    for bad in (0, -3):
        with pytest.raises(boardroom.BotError, match="iterations"):
            game.bot_ranking(bad)
    with pytest.raises(boardroom.SeatError):
        game.bot_ranking(10, seat=7)
    waiting = [s for s in range(2) if s not in game.to_act()]
    if waiting:
        with pytest.raises(boardroom.IllegalActionError, match="may not act"):
            game.bot_ranking(10, seat=waiting[0])


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_batched_rankings_match_one_game_at_a_time(config):
    game_id, players, options = config
    n = 6
    vec = boardroom.VecGame(game_id, n, players=players, options=options, seed=7, threads=2)
    rng = np.random.default_rng(0)
    for _ in range(25):
        vec.step((rng.random(n) * vec.arrays()["num_legal"]).astype(np.int64))
    out = vec.arrays()
    targets = vec.bot_rankings(50, seed=3)
    assert targets["shares"].shape == (n, vec.max_actions)
    assert targets["values"].dtype == np.float32 and targets["action"].dtype == np.int64
    for i in range(n):
        seat, legal = int(out["actor"][i]), int(out["num_legal"][i])
        ranking = vec.game(i).bot_ranking(50, seat=seat, seed=3 + i)
        assert targets["action"][i] == ranking[0]["index"]
        assert out["mask"][i][targets["action"][i]]
        for r in ranking:
            if r["index"] is not None and r["index"] < vec.max_actions:
                assert targets["shares"][i, r["index"]] == pytest.approx(r["share"])
                if r["value"] is None:
                    assert np.isnan(targets["values"][i, r["index"]])
                else:
                    assert targets["values"][i, r["index"]] == pytest.approx(r["value"])
        assert not targets["shares"][i, legal:].any()
        assert targets["shares"][i, :legal].sum() == pytest.approx(1.0, abs=1e-5)
    # Reproducible, on any number of threads; and the batch did not move.
    vec.threads = 1
    again = vec.bot_rankings(50, seed=3)
    for key in ("action", "shares", "values"):
        assert np.array_equal(again[key], targets[key], equal_nan=True)
    assert np.array_equal(vec.arrays()["obs"], out["obs"])
