"""Every game through the one API: played to the end, determinism, masks, observations in both
forms, positions, notation, bots."""

import json
import random

import numpy as np
import pytest

import boardroom
from conftest import CONFIGS, MAIN, config_id, expected_slot, play_random


def test_the_list_of_games_matches_what_can_be_made():
    games = boardroom.games()
    assert [g["id"] for g in games] == boardroom.game_ids()
    assert {"big-boss", "big-shot", "the-boss"} <= set(boardroom.game_ids())
    for g in games:
        assert g["min_players"] <= g["max_players"]
        # Every game has the bots that do not deal; the one that plays without dealing is
        # for games with dealing only.
        assert set(boardroom.BOTS) - {"heuristic-nodeal"} <= set(g["bots"])
        assert set(g["bots"]) <= set(boardroom.BOTS)
        game = boardroom.Game(g["id"])
        assert game.num_players == g["min_players"]
        assert game.title == g["title"]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_configuration_plays_to_the_end(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=7)
    assert game.num_players == players
    rng = random.Random(players)

    def every(g, seat):
        mask = g.action_mask(seat)
        n = g.num_legal(seat)
        assert mask.dtype == np.bool_ and mask.shape == (g.max_actions,)
        assert mask.any() and n > 0
        assert set(g.must_act()) <= set(g.to_act())

    play_random(game, rng, every=every)
    assert game.is_over()
    assert game.to_act() == [] and game.num_legal(0) == 0
    outcome = game.outcome()
    assert len(outcome["scores"]) == players
    rewards = game.rewards()
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert sum(rewards) == pytest.approx(1.0 if outcome["winners"] else 0.0)
    for w in outcome["winners"]:
        assert rewards[w] == pytest.approx(1.0 / len(outcome["winners"]))


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_a_game_is_its_config_seed_and_actions(config):
    game_id, players, options = config
    a = boardroom.Game(game_id, players=players, options=options, seed=11)
    played = play_random(a, random.Random(3), max_decisions=300)
    b = boardroom.Game(game_id, players=players, options=options, seed=11)
    for seat, i in played:
        b.step(i, seat)
    assert a.to_position() == b.to_position()
    for v in [None, *range(players)]:
        assert a.observe_json(v) == b.observe_json(v)
        assert np.array_equal(a.observation_array(v), b.observation_array(v))
    c = boardroom.Game(game_id, players=players, options=options, seed=12)
    assert c.to_position() != boardroom.Game(game_id, players=players, seed=11).to_position()


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_observation_arrays_match_the_dict_form(config):
    """The generic layout; a game with an encoding of its own (test_encode.py) keeps the
    generic form beside it, and only its direct and JSON paths are compared."""
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=5)
    generic = game.observation_encoding == "generic"
    layout = game.observation_layout()
    assert [slot for slot, _ in layout] == list(range(game.observation_size))
    vocab = {slot: game.observation_vocabulary(slot) for slot, p in layout if p.endswith("$")}
    rng = random.Random(9)
    checked = 0
    while checked < 25:
        for v in [None, *range(players)]:
            obs = game.observe(v)
            arr = game.observation_array(v)
            assert arr.dtype == np.float32 and arr.shape == (game.observation_size,)
            # The direct encoding (no JSON on the way) writes what the JSON form gives.
            assert np.array_equal(
                game._observation_array_generic(v), game._observation_array_via_json(v)
            )
            if not generic:
                continue
            assert np.array_equal(arr, game._observation_array_via_json(v))
            expected = np.array(
                [expected_slot(obs, p, vocab.get(slot)) for slot, p in layout], dtype=np.float32
            )
            if game.observation_overflow(v) == 0:
                mismatch = [layout[i] for i in np.flatnonzero(arr != expected)[:5]]
                assert not mismatch, mismatch
        checked += 1
        if game.is_over():
            break
        play_random(game, rng, max_decisions=rng.randrange(1, 40))


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_legal_lists_masks_and_notation_agree(config):
    """The legal-list action space: index i is the i-th legal action."""
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=21,
                          action_space="legal")
    assert game.action_space == "legal"
    rng = random.Random(4)
    for _ in range(30):
        if game.is_over():
            break
        for seat in range(players):
            actions = game.legal_actions(seat)
            mask = game.action_mask(seat)
            assert [a["index"] for a in actions] == list(range(len(actions)))
            assert list(np.flatnonzero(mask)) == list(range(min(len(actions), game.max_actions)))
            assert (len(actions) > 0) == (seat in game.to_act())
            assert game.legal_notations(seat) == [a["notation"] for a in actions]
            for a in actions:
                assert a["label"]
                assert game.parse_action(a["notation"], seat) == (a["index"], a["notation"])
                assert game.format_action(a["index"], seat) == a["notation"]
                game.check(a["notation"], seat)
        play_random(game, rng, max_decisions=rng.randrange(1, 25))


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_apply_takes_an_index_a_notation_or_a_dict(config):
    game_id, players, options = config
    rng = random.Random(8)
    forms = [
        lambda g, s, a: a["index"],
        lambda g, s, a: a["notation"],
        lambda g, s, a: {"index": a["index"]},
        lambda g, s, a: {"notation": a["notation"]},
    ]
    for k, form in enumerate(forms):
        a = boardroom.Game(game_id, players=players, options=options, seed=k)
        b = boardroom.Game(game_id, players=players, options=options, seed=k)
        for _ in range(40):
            if a.is_over():
                break
            seat = rng.choice(a.to_act())
            action = rng.choice([x for x in a.legal_actions(seat) if x["index"] is not None])
            events = a.apply(form(a, seat, action), seat)
            assert isinstance(events, list) and all(isinstance(e, str) for e in events)
            b.step(action["index"], seat)
            assert a.to_position() == b.to_position()


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_clones_positions_and_resets(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=2)
    play_random(game, random.Random(1), max_decisions=60)
    copy = game.clone()
    assert copy.to_position() == game.to_position()
    before = game.to_position()
    play_random(copy, random.Random(2), max_decisions=20)
    assert game.to_position() == before, "a clone shares nothing with its original"
    loaded = boardroom.Game.from_position(game.to_position())
    assert loaded.id == game_id and loaded.to_position() == game.to_position()
    assert boardroom.load_position(game.to_position()).to_position() == before
    for v in [None, *range(players)]:
        assert loaded.observe_json(v) == game.observe_json(v)
    assert json.loads(before)["game"] == game_id
    game.reset(2)
    assert game.to_position() == boardroom.Game(
        game_id, players=players, options=options, seed=2
    ).to_position()


@pytest.mark.parametrize("config", MAIN, ids=config_id)
@pytest.mark.parametrize("bot", ["random", "heuristic", "easy"])
def test_built_in_bots_choose_legal_actions(config, bot):
    game_id, players, options = config
    if bot == "easy" and game_id == "the-boss":
        players = 2  # the search's random rollouts of a 4-player game take long
    game = boardroom.Game(game_id, players=players, options=options, seed=3)
    bots = [game.bot(bot, seed=s) for s in range(players)]
    assert bots[0].name == bot and bots[0].game == game_id
    rng = random.Random(0)
    for _ in range(12):
        if game.is_over():
            break
        seat = rng.choice(game.to_act())
        index, notation = bots[seat].choose(game, seat)
        assert index is None or game.format_action(index, seat) == notation
        game.check(notation, seat)
        before = game.clone()
        index, notation = bots[seat].act(game, seat)
        assert index is None or before.format_action(index, seat) == notation


def test_the_search_levels_and_named_budgets_play():
    game = boardroom.Game("big-shot", players=3, seed=4)
    for name in ["normal", "hard", "ismcts:50", "heuristic-nodeal"]:
        seat = game.must_act()[0]
        index, notation = game.bot(name, seed=1).act(game, seat)
        assert isinstance(notation, str) and notation


def test_the_boss_offers_in_the_clause_form():
    game = boardroom.Game("the-boss", players=3, seed=1)
    active = game.must_act()[0]
    game.apply("open", active)
    other = next(s for s in game.to_act() if s != active)
    offer = {"verb": "offer", "args": [active], "give": ["$10"], "note": {"text": "a \"fair\" deal"}}
    assert boardroom.to_notation(offer) == f'offer {active} give $10 note "a \\"fair\\" deal"'
    events = game.apply(offer, other)
    assert any("$10" in e for e in events), events
    offers = [a["notation"] for a in game.legal_actions(active) if a["notation"].startswith("accept")]
    assert offers, "the offer can be accepted by the seat it is made to"
    pending = game.observe(active)
    assert "fair" in json.dumps(pending)
