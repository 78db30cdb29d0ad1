"""Composite actions (The Boss: an offer of any terms as a vector of small fields) through every
interface: Game, PettingZoo, Gymnasium, VecGame and OpenSpiel. A random legal vector drawn from
the masks is accepted by each and leaves the same state as Game.apply of its notation; vectors
and offers read back to each other; the masks hide nothing; illegal vectors are refused by name
and change nothing."""

import numpy as np
import pytest

import boardroom
from boardroom.composite import field_sizes, sample_composite, split_mask

GAME = "the-boss"


def composite_states(players, seed, decisions=400, every=9):
    """States of a game of random play (a uniform legal id, often a composite offer), every
    ``every`` decisions: ``(game, seat)``."""
    rng = np.random.default_rng(seed)
    game = boardroom.Game(GAME, players=players, seed=seed)
    for k in range(decisions):
        if game.is_over():
            return
        may = game.to_act()
        seat = int(may[rng.integers(len(may))])
        if k % every == 0:
            yield game, seat
        fields = sample_composite(game, seat, rng, tries=30) if rng.random() < 0.3 else None
        if fields is not None:
            game.apply_composite(fields, seat)
        else:
            ids = np.flatnonzero(game.action_mask(seat))
            game.step(int(ids[rng.integers(len(ids))]), seat)


def test_the_fields_are_listed_and_other_games_have_none():
    game = boardroom.Game(GAME, players=3)
    fields = game.composite_fields()
    assert len(fields) == 66
    names = [name for name, _ in fields]
    assert names[:4] == ["counter", "partner", "give.cash_100", "give.cash_10"]
    assert "take.exp.COL" in names and "collateral.exec.8" in names and names[-1] == "cancel"
    assert len(game.composite_mask()) == sum(field_sizes(game)) == 1259
    for other in ("big-boss", "big-shot"):
        g = boardroom.Game(other, players=3)
        assert g.composite_fields() == []
        with pytest.raises(boardroom.IllegalActionError, match="no composite action"):
            g.apply_composite([0], 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_vectors_and_offers_read_back_over_sampled_states(players):
    rng = np.random.default_rng(players)
    checked = 0
    for game, seat in composite_states(players, seed=20 + players):
        fields = sample_composite(game, seat, rng, tries=30)
        masks = split_mask(game, game.composite_mask(seat))
        if fields is None:
            continue
        assert all(m[v] for m, v in zip(masks, fields))
        notation = game.composite_notation(fields, seat)
        assert game.composite_of(notation, seat) == fields
        # Offers of the legal list without a note read back to themselves too.
        for text in game.legal_notations(seat):
            if text.startswith(("offer", "counter")) and "note" not in text:
                back = game.composite_of(text, seat)
                assert back is not None, text
                assert game.composite_notation(back, seat) == game.parse_action(text, seat)[1]
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_masks_do_not_depend_on_other_seats_secrets(players):
    seen = 0
    for game, seat in composite_states(players, seed=40 + players, every=13):
        mask = game.composite_mask(seat)
        for s in range(3):
            other = game.sample_hidden(seat, seed=s)
            assert np.array_equal(other.composite_mask(seat), mask)
        seen += mask.any()
    assert seen > 0


def first_offer_state(players=3, seed=5):
    """A state where the seat to act may offer, with a legal composite vector for it."""
    rng = np.random.default_rng(seed)
    for game, seat in composite_states(players, seed=seed, every=1):
        fields = sample_composite(game, seat, rng, tries=50)
        if fields is not None:
            return game.clone(), seat, fields
    raise AssertionError("no state to offer in")


def test_game_applies_a_vector_as_its_notation_and_refuses_illegal_ones():
    game, seat, fields = first_offer_state()
    by_notation = game.clone()
    by_notation.apply(game.composite_notation(fields, seat), seat)
    game.apply_composite(np.array(fields), seat)
    assert game.to_position() == by_notation.to_position()
    before = game.to_position()
    bad = list(fields)
    bad[2] = 99  # $9,900 more than anyone holds
    with pytest.raises(boardroom.IllegalActionError, match=r"free cash|rule 9"):
        game.apply_composite(bad, seat)
    for wrong in (fields[:-1], [True] * 66, "offer", [0] * 65 + [99]):
        with pytest.raises(boardroom.IllegalActionError):
            game.apply_composite(wrong, seat)
    assert game.to_position() == before


def test_pettingzoo_takes_offers_as_a_second_action_kind():
    from pettingzoo.test import api_test, seed_test
    from boardroom.pettingzoo_env import env as aec_env

    api_test(aec_env(game=GAME, players=3), num_cycles=200)
    seed_test(lambda: aec_env(game=GAME, players=3), num_cycles=50)
    e = aec_env(game=GAME, players=3)
    rng = np.random.default_rng(1)
    for seed in range(40):
        e.reset(seed=seed)
        for _ in range(300):
            agent = e.agent_selection
            seat = int(agent.split("_")[1])
            obs = e.observe(agent)
            assert obs["offer_mask"].shape == (1259,)
            fields = sample_composite(e.game, seat, rng, tries=30)
            if fields is not None:
                assert e.offer_space(agent).contains(np.array(fields))
                reference = e.game.clone()
                reference.apply(e.game.composite_notation(fields, seat), seat)
                e.step({"offer": fields})
                assert e.game.to_position() == reference.to_position()
                return
            ids = np.flatnonzero(obs["action_mask"])
            e.step(int(ids[rng.integers(len(ids))]))
    raise AssertionError("no offer made")


def test_gymnasium_dict_action_space_plays_ids_and_offers():
    from gymnasium.utils.env_checker import check_env
    from boardroom.gym_env import BoardroomEnv

    check_env(BoardroomEnv(game=GAME, players=2, opponents="random", composite=True,
                           illegal_action="penalize"), skip_render_check=True)
    env = BoardroomEnv(game=GAME, players=3, opponents="heuristic", composite=True)
    rng = np.random.default_rng(2)
    compose = env.game.max_actions
    for seed in range(40):
        obs, info = env.reset(seed=seed)
        for _ in range(200):
            fields = sample_composite(env.game, env.seat, rng, tries=30)
            if fields is not None:
                assert info["offer_mask"].shape == (1259,)
                reference = env.game.clone()
                reference.apply(env.game.composite_notation(fields, env.seat), env.seat)
                action = {"id": compose, "offer": np.array(fields)}
                assert env.action_space.contains(action)
                env._play(action)
                assert env.game.to_position() == reference.to_position()
                return
            ids = np.flatnonzero(info["action_mask"])
            obs, _, over, _, info = env.step({"id": int(ids[rng.integers(len(ids))]),
                                              "offer": np.zeros(66, np.int64)})
            if over:
                break
    raise AssertionError("no offer made")


def test_vecgame_steps_offers_in_some_lanes_and_ids_in_others():
    n = 6
    vec = boardroom.VecGame(GAME, n, players=3, seed=3, composite=True, threads=2)
    out = vec.arrays()
    assert out["composite_mask"].shape == (n, 1259)
    rng = np.random.default_rng(3)
    offered = 0
    for step in range(400):
        actions = vec.random_actions(seed=step)
        composite = np.zeros((n, 66), np.int64)
        expected = {}
        for i in range(n):
            game, seat = vec.game(i), int(out["actor"][i])
            assert np.array_equal(out["composite_mask"][i], game.composite_mask(seat))
            fields = sample_composite(game, seat, rng, tries=20) if i % 2 == 0 else None
            if fields is not None:
                actions[i] = vec.max_actions
                composite[i] = fields
                reference = game.clone()
                reference.apply(game.composite_notation(fields, seat), seat)
                expected[i] = reference.to_position()
        out = vec.step(actions, composite=composite)
        for i, position in expected.items():
            if not out["done"][i]:
                assert vec.game(i).to_position() == position
                offered += 1
        if offered >= 5:
            break
    assert offered >= 5
    # One illegal lane refuses the whole step, naming it, and nothing moves.
    before = [vec.game(i).to_position() for i in range(n)]
    actions = vec.random_actions(seed=9)
    composite = np.zeros((n, 66), np.int64)
    actions[1] = vec.max_actions
    composite[1, 2] = 99
    with pytest.raises(boardroom.IllegalActionError, match=r"actions\[1\] plays composite\[1\]"):
        vec.step(actions, composite=composite)
    composite[1, 2] = 100
    with pytest.raises(boardroom.IllegalActionError, match=r"composite\[1, 2\] = 100"):
        vec.step(actions, composite=composite)
    with pytest.raises(boardroom.ArrayError):
        vec.step(actions, composite=np.zeros((n, 3), np.int64))
    assert [vec.game(i).to_position() for i in range(n)] == before
    # A pickled batch keeps its composite actions.
    import pickle
    restored = pickle.loads(pickle.dumps(vec))
    assert np.array_equal(restored.arrays()["composite_mask"], vec.arrays()["composite_mask"])


def test_openspiel_composes_offers_field_by_field():
    pyspiel = pytest.importorskip("pyspiel")
    import boardroom.openspiel as bos

    assert bos.load(GAME, players=3).num_distinct_actions() == 2189
    game = bos.load(GAME, players=2, seed=1, options={"composite": True})
    assert game.num_distinct_actions() == game.compose + 1 + 100
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    game = bos.load(GAME, players=3, seed=1, options={"composite": True})
    rng = np.random.default_rng(4)
    state = game.initial_state_for_seed(11)
    for _ in range(400):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            continue
        seat = state.current_player()
        fields = sample_composite(state.game, seat, rng, tries=30)
        if fields is None:
            legal = [a for a in state.legal_actions() if a < game.compose]
            state.apply_action(int(legal[rng.integers(len(legal))]))
            continue
        assert game.compose in state.legal_actions()
        reference = state.game.clone()
        reference.apply(state.game.composite_notation(fields, seat), seat)
        state.apply_action(game.compose)
        for v in fields:
            assert game.compose + 1 + v in state.legal_actions(seat)
            state.apply_action(game.compose + 1 + v)
        assert state.game.to_position() == reference.to_position()
        restored = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state))[1]
        assert restored.game.to_position() == state.game.to_position()
        return
    raise AssertionError("no offer made")
