"""The fixed action space (the default): every move has one id, the same in every state; masks
mark exactly the legal moves; bad ids are refused by name and change nothing."""

import random

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, play_random

SIZES = {"big-boss": 410, "big-shot": 176, "the-boss": 2189}
# Games whose legal list holds every legal action (The Boss lists candidates, and its space
# also numbers bids and purchases the list leaves out).
COMPLETE = {"big-boss", "big-shot"}
CONFIGS = MAIN + [("big-boss", 2, {"edition": "classic"}), ("big-shot", 2, {"hidden_money": True})]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_every_legal_action_has_one_id_that_round_trips_and_masks_are_the_legal_set(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=31)
    assert game.action_space == "fixed" and game.max_actions == SIZES[game_id]
    # The Boss's numbering changed once (absolute bids, auctions by lot, no suggestion slots).
    assert game.action_space_version == (2 if game_id == "the-boss" else 1)
    rng = random.Random(5)
    ids_of = {}
    states = 0
    while states < 40 and not game.is_over():
        for seat in range(players):
            actions = game.legal_actions(seat)
            mask = game.action_mask(seat)
            assert mask.shape == (game.max_actions,) and mask.dtype == np.bool_
            assert mask.any() == (seat in game.to_act())
            ids = [a["index"] for a in actions]
            if game_id in COMPLETE:
                assert None not in ids
            listed = [i for i in ids if i is not None]
            assert len(set(listed)) == len(listed), "two legal actions share an id"
            assert all(0 <= i < game.max_actions for i in listed)
            if game_id in COMPLETE:
                assert sorted(listed) == list(np.flatnonzero(mask))
            else:
                assert set(listed) <= set(np.flatnonzero(mask))
            for a in actions:
                if a["index"] is None:
                    continue
                assert game.parse_action(a["notation"], seat) == (a["index"], a["notation"])
                assert game.format_action(a["index"], seat) == a["notation"]
                if game_id in COMPLETE:
                    # The same move keeps its id in every state.
                    assert ids_of.setdefault(a["notation"], a["index"]) == a["index"]
            # Every masked id is a move the rules accept; an unmasked one is refused.
            for i in np.flatnonzero(mask):
                game.check(game.format_action(int(i), seat), seat)
            off = np.flatnonzero(~mask)
            for i in off[:: max(1, len(off) // 7)]:
                with pytest.raises(boardroom.IllegalActionError):
                    game.format_action(int(i), seat)
        states += 1
        play_random(game, rng, max_decisions=rng.randrange(1, 20))


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_ids_play_the_same_game_as_the_legal_list(config):
    game_id, players, options = config
    fixed = boardroom.Game(game_id, players=players, options=options, seed=8)
    legal = boardroom.Game(game_id, players=players, options=options, seed=8,
                           action_space="legal")
    rng = random.Random(2)
    for _ in range(150):
        if fixed.is_over():
            break
        seat = rng.choice(fixed.to_act())
        actions = [a for a in fixed.legal_actions(seat) if a["index"] is not None]
        a = rng.choice(actions)
        fixed.step(a["index"], seat)
        legal.step(a["position"], seat)
        assert fixed.to_position() == legal.to_position()


def unchanged(game, call, error, words):
    before = game.to_position()
    with pytest.raises(error) as e:
        call()
    assert isinstance(e.value, boardroom.BoardroomError)
    for w in words:
        assert w in str(e.value), str(e.value)
    assert game.to_position() == before


@pytest.mark.parametrize("game_id", sorted(SIZES))
def test_bad_ids_are_refused_by_name_and_change_nothing(game_id):
    game = boardroom.Game(game_id, players=2, seed=4)
    seat = game.must_act()[0]
    mask = game.action_mask(seat)
    off = int(np.flatnonzero(~mask)[0])
    size = game.max_actions
    for call in (game.step, game.apply):
        unchanged(game, lambda: call(size, seat), boardroom.IllegalActionError,
                  [str(size), "action space"])
        unchanged(game, lambda: call(-1, seat), boardroom.IllegalActionError, ["-1"])
        unchanged(game, lambda: call(off, seat), boardroom.IllegalActionError, [])
    unchanged(game, lambda: game.apply(1.0, seat), boardroom.IllegalActionError, ["float"])
    unchanged(game, lambda: game.apply(True, seat), boardroom.IllegalActionError, ["bool"])
    unchanged(game, lambda: game.format_action(off, seat), boardroom.IllegalActionError, [])
    with pytest.raises(boardroom.ConfigError, match="action_space"):
        boardroom.Game(game_id, action_space="absolute")
    with pytest.raises(boardroom.ConfigError, match="max_actions"):
        boardroom.Game(game_id, max_actions=50)
    assert boardroom.Game(game_id, max_actions=50, action_space="legal").max_actions == 50


def test_bots_answer_with_ids():
    game = boardroom.Game("big-boss", players=3, seed=2)
    bot = game.bot("heuristic", seed=1)
    for _ in range(30):
        seat = game.must_act()[0]
        index, notation = bot.choose(game, seat)
        assert game.action_mask(seat)[index]
        assert game.format_action(index, seat) == notation
        game.step(index, seat)


@pytest.mark.parametrize("config", [("big-shot", 2, {}), ("big-shot", 4, {"hidden_money": True}),
                                    ("big-boss", 3, {"edition": "classic"})], ids=config_id)
def test_a_game_encoding_determines_the_observation(config):
    """Games with an encoding of their own lose nothing: equal arrays, equal observations."""
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=13)
    assert game.observation_encoding == "game"
    names = [name for _, name in game.observation_layout()]
    assert len(names) == game.observation_size == len(set(names))
    seen = {}
    rng = random.Random(6)
    for _ in range(150):
        for v in [None, *range(players)]:
            key = game.observation_array(v).tobytes()
            assert seen.setdefault(key, game.observe_json(v)) == game.observe_json(v)
        if game.is_over():
            break
        play_random(game, rng, max_decisions=3)
    assert len(seen) > 100
