"""Hidden information stays hidden: a viewer's observation (dict and array) does not change
when only what the viewer may not know changes."""

import json
import random

import numpy as np
import pytest

import boardroom
from conftest import MAIN, config_id, play_random

HIDDEN = MAIN + [("big-shot", 3, {"hidden_money": True})]


@pytest.mark.parametrize("config", HIDDEN, ids=config_id)
def test_observations_do_not_change_with_others_secrets(config):
    game_id, players, options = config
    rng = random.Random(17)
    differed = 0
    for seed in range(4):
        game = boardroom.Game(game_id, players=players, options=options, seed=seed)
        play_random(game, rng, max_decisions=rng.randrange(0, 120))
        for viewer in [None, *range(players)]:
            own = game.observe_json(viewer)
            own_array = game.observation_array(viewer)
            for k in range(3):
                other = game.sample_hidden(viewer, seed=100 * seed + k)
                assert other.observe_json(viewer) == own
                assert np.array_equal(other.observation_array(viewer), own_array)
                assert other.to_act() == game.to_act()
                assert other.num_legal(viewer if viewer is not None else 0) >= 0
                if other.to_position() != game.to_position():
                    differed += 1
                    # Through a position (the only way to the whole state) as well.
                    reloaded = boardroom.Game.from_position(other.to_position())
                    assert reloaded.observe_json(viewer) == own
    assert differed > 0, "sampling never changed a hidden part: the check checked nothing"


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_a_seat_sees_its_own_secrets_and_not_the_others(config):
    """A seat's view differs from a spectator's only by its own secrets: re-drawing everything
    a spectator cannot know changes some seat's own view (so the seat sees something the
    spectator does not), while every viewer's view of the re-drawn game stays its own."""
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=9)
    rng, seen = random.Random(2), 0
    # Random play in steps of 30 decisions until some seat holds a secret (a card of its own),
    # checking the views at each stop.
    for _ in range(10):
        play_random(game, rng, max_decisions=30)
        for k in range(5):
            other = game.sample_hidden(None, seed=k)
            assert other.observe_json(None) == game.observe_json(None)
            seen += sum(other.observe_json(s) != game.observe_json(s) for s in range(players))
        if seen or game.is_over():
            break
    if game_id != "big-shot":
        assert seen > 0, "no seat has a secret of its own"


@pytest.mark.parametrize("config", MAIN, ids=config_id)
def test_the_seed_and_the_deck_order_never_reach_an_observation(config):
    game_id, players, options = config
    game = boardroom.Game(game_id, players=players, options=options, seed=123456789)
    for viewer in [None, *range(players)]:
        text = game.observe_json(viewer)
        assert "123456789" not in text
        obs = json.loads(text)
        for key in ("seed", "rng", "deck", "experience_deck", "fate_deck"):
            assert not obs.get(key), f"{key} in the observation of {viewer}"
