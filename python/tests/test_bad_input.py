"""Bad input: a ValueError subclass naming the rule or the field, never a crash, and the game
unchanged."""

import json

import numpy as np
import pytest

import boardroom


def unchanged(game, call, error, words=()):
    before = game.to_position()
    with pytest.raises(error) as e:
        call()
    assert isinstance(e.value, ValueError) and isinstance(e.value, boardroom.BoardroomError)
    for w in words:
        assert w in str(e.value), str(e.value)
    assert game.to_position() == before
    return str(e.value)


def test_unknown_games_players_and_options():
    with pytest.raises(boardroom.UnknownGameError, match="big-boss"):
        boardroom.Game("chess")
    with pytest.raises(boardroom.ConfigError, match="2 to 6"):
        boardroom.Game("big-boss", players=9)
    with pytest.raises(boardroom.ConfigError, match="colour"):
        boardroom.Game("big-boss", options={"colour": "red"})
    with pytest.raises(boardroom.ConfigError, match="modern, classic"):
        boardroom.Game("big-boss", options={"edition": "future"})
    with pytest.raises(boardroom.ConfigError, match="hidden_money"):
        boardroom.Game("big-shot", options={"hidden_money": "yes"})
    with pytest.raises(boardroom.ConfigError, match="true/false or text"):
        boardroom.Game("big-shot", options={"hidden_money": 3})
    with pytest.raises(boardroom.ConfigError):
        boardroom.Game("big-boss", players=2, first=5)
    with pytest.raises(boardroom.ConfigError, match="max_actions"):
        boardroom.Game("big-boss", max_actions=0)


def test_illegal_actions_name_the_rule_and_change_nothing():
    game = boardroom.Game("big-boss", players=3, seed=1, action_space="legal")
    seat = game.must_act()[0]
    n = game.num_legal(seat)
    unchanged(game, lambda: game.step(n, seat), boardroom.IllegalActionError, [str(n)])
    unchanged(game, lambda: game.step(-1, seat), boardroom.IllegalActionError)
    unchanged(game, lambda: game.apply(n + 5, seat), boardroom.IllegalActionError)
    unchanged(game, lambda: game.apply(True, seat), boardroom.IllegalActionError)
    unchanged(game, lambda: game.apply(2.5, seat), boardroom.IllegalActionError)
    other = (seat + 1) % 3
    unchanged(game, lambda: game.step(0, other), boardroom.IllegalActionError, ["may not act"])
    unchanged(game, lambda: game.step(0, 7), boardroom.SeatError, ["seat 7"])
    unchanged(game, lambda: game.observe(-1), boardroom.SeatError)
    unchanged(game, lambda: game.observation_array("x"), boardroom.SeatError)
    # A well-formed action the rules refuse names its rule.
    refused = next(
        f"play {c}" for c in range(1, 73)
        if f"play {c}" not in game.legal_notations(seat)
    )
    msg = unchanged(game, lambda: game.apply(refused, seat), boardroom.BoardroomError)
    assert msg


def test_the_boss_refuses_in_english_naming_the_rule():
    game = boardroom.Game("the-boss", players=2, seed=1)
    seat = game.must_act()[0]
    # Drawing before Business Transactions end: Python reads refusals in English.
    msg = unchanged(game, lambda: game.apply("draw fate", seat), boardroom.IllegalActionError)
    assert msg.endswith(
        "end business first: the draw is the last step (rule 5.2: the steps of a turn)"
    ), msg


def test_bad_notation_and_offers():
    game = boardroom.Game("the-boss", players=3, seed=1)
    seat = game.must_act()[0]
    unchanged(game, lambda: game.apply("fly to the moon", seat), boardroom.NotationError)
    unchanged(game, lambda: game.apply_notation("", seat), boardroom.NotationError)
    unchanged(game, lambda: game.parse_action("bid lots"), boardroom.NotationError)
    game.apply("open", seat)
    other = next(s for s in game.to_act() if s != seat)
    for offer, error in [
        ({"verb": "offer", "args": [other], "give": ["$10"]}, boardroom.BoardroomError),
        ({"verb": "offer", "args": [seat], "give": ["$99999990"]}, boardroom.IllegalActionError),
        ({"verb": "offer", "args": [seat], "give": ["COL#999"]}, boardroom.BoardroomError),
        ({"verb": "offer", "args": [seat], "give": ["two words"]}, boardroom.NotationError),
        ({"args": [seat]}, boardroom.NotationError),
        ({"verb": "offer", "args": [seat], "give": [1.5]}, boardroom.NotationError),
        ({"notation": 3}, boardroom.NotationError),
    ]:
        unchanged(game, lambda: game.apply(offer, other), error)


def test_malformed_positions_name_the_field():
    game = boardroom.Game("big-boss", players=2, seed=1)
    good = json.loads(game.to_position())
    with pytest.raises(boardroom.PositionError):
        boardroom.Game.from_position("{not json")
    with pytest.raises(boardroom.PositionError, match="game"):
        boardroom.Game.from_position("{}")
    with pytest.raises(boardroom.UnknownGameError):
        boardroom.Game.from_position('{"game": "chess"}')
    bad = dict(good, players="many")
    with pytest.raises(boardroom.PositionError, match="players"):
        boardroom.Game.from_position(json.dumps(bad))
    bad = json.loads(json.dumps(good))
    bad["players"][1]["money"] = "lots"
    with pytest.raises(boardroom.PositionError, match=r"players\[1\]\.money"):
        boardroom.Game.from_position(json.dumps(bad))
    text = game.to_position()
    for cut in range(1, len(text), max(1, len(text) // 40)):
        try:
            boardroom.Game.from_position(text[:cut])
        except boardroom.PositionError:
            pass


def test_bots_with_bad_names_or_the_wrong_game():
    game = boardroom.Game("big-boss", players=2, seed=1)
    with pytest.raises(boardroom.BotError, match="grandmaster"):
        game.bot("grandmaster")
    with pytest.raises(boardroom.BotError, match="ismcts"):
        game.bot("ismcts:0")
    shot = boardroom.Game("big-shot", players=2, seed=1)
    bot = game.bot("random")
    unchanged(shot, lambda: bot.act(shot, shot.must_act()[0]), boardroom.BotError, ["big-boss"])
    seat = game.must_act()[0]
    unchanged(game, lambda: bot.act(game, 1 - seat), boardroom.IllegalActionError)


def test_a_finished_game_refuses_actions():
    game = boardroom.Game("big-shot", players=2, seed=3)
    rng = np.random.default_rng(0)
    while not game.is_over():
        seat = game.to_act()[0]
        game.step(int(rng.choice(np.flatnonzero(game.action_mask(seat)))), seat)
    unchanged(game, lambda: game.step(0, 0), boardroom.IllegalActionError, ["over"])
    unchanged(game, lambda: game.apply("roll"), boardroom.IllegalActionError)
    assert game.legal_actions() == [] and not game.action_mask().any()


def test_seeds_and_counts_out_of_range():
    for kwargs in [dict(seed=-1), dict(seed=1 << 64), dict(players=-2), dict(max_actions=-1)]:
        with pytest.raises(boardroom.ConfigError):
            boardroom.Game("big-shot", **kwargs)
    with pytest.raises(boardroom.ConfigError):
        boardroom.VecGame("big-shot", -3)
    game = boardroom.Game("big-shot", seed=(1 << 64) - 1)
    unchanged(game, lambda: game.reset(-5), boardroom.ConfigError, ["seed"])
    with pytest.raises(boardroom.ConfigError):
        game.sample_hidden(0, seed=-1)


def test_a_batch_too_large_for_the_machine_raises_memory_error():
    for n in (1 << 40, (1 << 62) + 1):
        with pytest.raises(MemoryError, match="games need more memory"):
            boardroom.VecGame("the-boss", n, players=4)
    assert len(boardroom.VecGame("the-boss", 2, players=4)) == 2


def test_an_action_index_of_another_type_is_refused_by_name():
    game = boardroom.Game("big-shot", players=2, seed=3)
    seat = game.to_act()[0]
    legal = int(np.flatnonzero(game.action_mask(seat))[0])
    for bad, words in [(True, "bool"), (False, "bool"), (np.bool_(True), "bool"),
                       (1.0, "float"), ("1", "str"), (None, "NoneType"),
                       (1 << 70, "too large"), (-1, "start at 0")]:
        for call in (game.step, game.apply_index, game.format_action):
            with pytest.raises(boardroom.IllegalActionError) as e:
                call(bad, seat)
            assert words in str(e.value), (bad, str(e.value))
    before = game.to_position()
    with pytest.raises(boardroom.IllegalActionError):
        game.step(True, seat)
    assert game.to_position() == before
    game.step(np.int64(legal), seat)
    assert game.to_position() != before


def test_seeds_stay_out_of_what_an_agent_sees_unless_asked_for():
    from boardroom.vector_env import BoardroomVectorEnv
    import pickle
    vec = boardroom.VecGame("the-boss", 3, players=3, seed=5)
    assert "seed" not in vec.arrays()
    out = vec.step(np.array([np.flatnonzero(m)[0] for m in vec.arrays()["mask"]]))
    assert "seed" not in out
    assert "seed" not in pickle.loads(pickle.dumps(vec)).arrays()
    shown = boardroom.VecGame("the-boss", 3, players=3, seed=5, show_seeds=True)
    assert list(shown.arrays()["seed"]) == [5, 6, 7]
    assert list(pickle.loads(pickle.dumps(shown)).arrays()["seed"]) == [5, 6, 7]
    env = BoardroomVectorEnv("the-boss", num_envs=2, players=3, seed=1)
    _, infos = env.reset()
    assert "seed" not in infos
    env = BoardroomVectorEnv("the-boss", num_envs=2, players=3, seed=1, show_seeds=True)
    _, infos = env.reset()
    assert list(infos["seed"]) == [1, 2]
