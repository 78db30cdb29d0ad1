"""The OpenSpiel games (boardroom.openspiel): OpenSpiel's own checks, its ISMCTS bot playing
whole games, and the wrapper's chance, resampling and determinism. Skipped without pyspiel (the
optional extra ``boardroom[openspiel]``)."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import boardroom  # noqa: E402
from boardroom import openspiel as bos  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402

GAMES = [(g["id"], g["min_players"]) for g in boardroom.games()]


@pytest.mark.parametrize("game_id,players", GAMES, ids=[g for g, _ in GAMES])
def test_registered_with_pyspiel_and_passes_its_random_simulation_checks(game_id, players):
    name = bos.game_name(game_id)
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name, {"players": players, "seed": 3})
    assert game.num_players() == players
    probe = boardroom.Game(game_id, players=players)
    assert game.num_distinct_actions() == probe.max_actions
    assert game.information_state_tensor_shape() == [probe.observation_size]
    assert game.observation_tensor_shape() == [probe.observation_size]
    # OpenSpiel's C++ checks: legal actions and masks, clones, strings and tensors, returns,
    # chance outcomes, and serialisation of the game and state, along random games to the end.
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id,players", GAMES, ids=[g for g, _ in GAMES])
def test_a_serialised_state_goes_on_as_the_original(game_id, players):
    """pyspiel.serialize_game_and_state and deserialize_game_and_state, mid-game: the restored
    state is the same position with the same history, and the same actions then give the same
    game, chance nodes included."""
    game = pyspiel.load_game(bos.game_name(game_id), {"players": players, "seed": 5})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == bos.DEALS
    state.apply_action(77)
    assert str(state) == str(bos.load(game_id, players=players, seed=82).initial_state_for_seed(82))
    rng = np.random.RandomState(2)

    def advance(s, n, rng):
        for _ in range(n):
            if s.is_terminal():
                return
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                s.apply_action(int(rng.choice(s.legal_actions())))

    advance(state, 60, rng)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state) and state2.history() == state.history()
    assert state2.current_player() == state.current_player()
    a, b = np.random.RandomState(9), np.random.RandomState(9)
    advance(state, 80, a)
    advance(state2, 80, b)
    assert str(state2) == str(state) and state2.returns() == state.returns()


def test_parameters_reach_the_game():
    game = pyspiel.load_game("boardroom_big_shot", {"players": 3, "hidden_money": True, "seed": 9})
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.game.num_players == 3
    assert state.game.config["hidden_money"] is True
    with pytest.raises(Exception):
        pyspiel.load_game("boardroom_big_shot", {"colour": "red"})


def play_with_ismcts(game, seed, simulations):
    # The information states are the seats' observations, which need not fix a seat's legal
    # moves in every sampled world (see boardroom.openspiel), hence inconsistent action sets.
    bots = [ismcts.ISMCTSBot(game, bos.BotRolloutEvaluator(seed=seed + p), uct_c=2.0,
                             max_simulations=simulations,
                             random_state=np.random.RandomState(seed + p),
                             allow_inconsistent_action_sets=True)
            for p in range(game.num_players())]
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        player = state.current_player()
        action = bots[player].step(state)
        assert action in state.legal_actions(player)
        state.apply_action(action)
        moves += 1
    return state, moves


@pytest.mark.parametrize("game_id,players", GAMES, ids=[g for g, _ in GAMES])
def test_ismcts_plays_a_whole_game(game_id, players):
    game = bos.load(game_id, players=players, seed=21)
    # Few simulations a decision: the game is played to its end, not well (The Boss's games
    # are the longest).
    state, moves = play_with_ismcts(game, seed=4, simulations=2 if game_id == "the-boss" else 4)
    assert moves > 10
    returns = state.returns()
    assert len(returns) == players and 0.99 <= sum(returns) <= 1.01 or sum(returns) == 0
    assert state.game.outcome()["winners"] == [s for s, r in enumerate(returns) if r > 0]


def test_resampling_keeps_the_seats_knowledge_and_redraws_the_rest():
    game = bos.load("big-boss", players=3, seed=2, options={"edition": "modern"})
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    positions = set()
    for _ in range(5):
        sampled = state.resample_from_infostate(player, sampler)
        assert sampled.current_player() == player
        assert sampled.information_state_string(player) == state.information_state_string(player)
        assert sampled.information_state_tensor(player) == state.information_state_tensor(player)
        assert sampled.legal_actions() == state.legal_actions()
        positions.add(str(sampled))
    # The other seats' hands (and the future) are re-drawn.
    assert len(positions) > 1


def test_several_seats_may_act_is_a_chance_node_over_them():
    game = bos.load("the-boss", players=3, seed=1)
    state = game.new_initial_state()
    state.apply_action(0)  # the deal: the game seeded 1
    rng = np.random.RandomState(1)
    seen = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            may = state.game.to_act()
            outcomes = state.chance_outcomes()
            assert [s for s, _ in outcomes] == may and len(may) > 1
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            seen += 1
            state.apply_action(int(rng.choice(may)))
        else:
            assert state.current_player() in state.game.to_act()
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert seen > 0


def test_same_seed_and_actions_give_the_same_game():
    def run():
        game = bos.load("big-shot", players=4, seed=8)
        state = game.new_initial_state()
        second = game.new_initial_state()
        second.apply_action(1)
        rng = np.random.RandomState(3)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[-1][0])
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        return str(state), state.returns(), str(second)

    a, b = run(), run()
    assert a == b
    # Deal k is the game seeded seed + k.
    assert a[2] == str(bos.load("big-shot", players=4, seed=9).initial_state_for_seed(9))
    assert a[2] != str(bos.load("big-shot", players=4, seed=8).initial_state_for_seed(8))
