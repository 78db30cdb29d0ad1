"""Big Boss's own numeric observation (``observation_encoding == "game"``): its documented size
and names, every value read from the dict form (so it holds nothing the observation does not),
hidden information kept, and the same arrays batched and one game at a time."""

import random

import numpy as np
import pytest

import boardroom
from conftest import pick_rows, play_random

COMPANIES = ["Regent", "Lunar", "Eagle", "Kingdom", "Lion", "Atlas", "Comet", "Summit"]
LEVELS = {"L": "L", "L2": "L2", "L3": "L3", "L4": "L4", "L5": "L5"}
BIG_BOSS = [(players, edition) for edition in ("modern", "classic") for players in (2, 4, 6)]


def cid(c):
    players, edition = c
    return f"{edition}-{players}p"


def reference(obs, viewer, players):
    """The encoding's values by name, computed from the dict form alone."""
    v = {}
    v["viewer.spectator" if viewer is None else f"viewer[{viewer}]"] = 1
    v["edition.classic"] = obs["edition"] == "classic"
    v[f"current[{obs['current']}]"] = 1
    for k in ("turn", "passes", "pieces", "deck_size", "level_stack"):
        v[k] = obs[k]
    phase = obs["phase"]
    v[f"phase={phase['step']}"] = 1
    for k in ("card", "start", "double", "kind", "space", "shares"):
        v[f"phase.{k}"] = phase.get(k) or 0
    for k in ("left", "right", "company"):
        if k in phase:
            v[f"phase.{k}={phase[k]}"] = 1
    if "reason" in phase:
        v[f"phase.reason={phase['reason']}"] = 1
    for e in obs["board"]:
        v[f"board[{e['space']}].height"] = e["height"]
        v[f"board[{e['space']}].company={e['company']}"] = 1
    listed = {c["name"]: c for c in obs["companies"]}
    for name in COMPANIES:
        c = listed.get(name)
        if c is None:
            v[f"companies[{name}].status=unfounded"] = 1
            continue
        v[f"companies[{name}].status={c['status']}"] = 1
        for k in ("price", "supply", "hq"):
            v[f"companies[{name}].{k}"] = c.get(k) or 0
        if c.get("tower") is not None:
            v[f"companies[{name}].tower[{c['tower']}]"] = 1
    for s, p in enumerate(obs["players"]):
        for k in ("money", "towers_placed", "hand_size", "level_cards"):
            v[f"players[{s}].{k}"] = p.get(k) or 0
        for c, k in p["shares"].items():
            v[f"players[{s}].shares[{c}]"] = k
        for x in p["known"]:
            v[f"players[{s}].known[{x}]"] = 1

    def pile(prefix, cards):
        for card in cards:
            key = f"{prefix}.{card}" if card in LEVELS else f"{prefix}[{card}]"
            v[key] = v.get(key, 0) + 1

    if obs.get("hand") is not None:
        v["hand?"] = 1
        pile("hand", obs["hand"])
    for i, card in enumerate(obs["row"]):
        v[f"row[{i}]"] = int(card)
        v[f"row.has[{card}]"] = 1
    pile("discard", obs["discard"])
    if obs.get("outcome"):
        for s, score in enumerate(obs["outcome"]["scores"]):
            v[f"scores[{s}]"] = score
        for s in obs["outcome"]["winners"]:
            v[f"winners[{s}]"] = 1
    return v


@pytest.mark.parametrize("config", BIG_BOSS, ids=cid)
def test_the_encoding_has_its_documented_size_and_reads_the_dict_form(config):
    players, edition = config
    game = boardroom.Game("big-boss", players=players, options={"edition": edition}, seed=3)
    assert game.observation_encoding == "game"
    assert game.observation_size == 978 + 96 * players
    layout = game.observation_layout()
    assert [slot for slot, _ in layout] == list(range(game.observation_size))
    names = [name for _, name in layout]
    assert len(set(names)) == len(names)
    assert game.observation_vocabulary(0) is None
    index = {name: i for i, name in enumerate(names)}
    rng = random.Random(players)
    checked = 0
    while True:
        for viewer in [None, *range(players)]:
            arr = game.observation_array(viewer)
            assert arr.dtype == np.float32 and arr.shape == (game.observation_size,)
            assert game.observation_overflow(viewer) == 0
            expected = np.zeros(game.observation_size, dtype=np.float32)
            for name, value in reference(game.observe(viewer), viewer, players).items():
                expected[index[name]] = value
            wrong = [names[i] for i in np.flatnonzero(arr != expected)[:5]]
            assert not wrong, (wrong, [arr[index[w]] for w in wrong])
            checked += 1
        if game.is_over():
            break
        play_random(game, rng, max_decisions=rng.randrange(1, 30))
    assert checked > 2 * players


@pytest.mark.parametrize("config", BIG_BOSS, ids=cid)
def test_the_encoding_ignores_others_secrets_and_shows_the_viewer_its_own(config):
    players, edition = config
    rng = random.Random(8)
    kept = own_seen = 0
    for seed in range(3):
        game = boardroom.Game("big-boss", players=players, options={"edition": edition}, seed=seed)
        play_random(game, rng, max_decisions=rng.randrange(0, 80))
        for viewer in [None, *range(players)]:
            arr = game.observation_array(viewer)
            for k in range(3):
                other = game.sample_hidden(viewer, seed=10 * seed + k)
                assert np.array_equal(other.observation_array(viewer), arr)
                kept += other.to_position() != game.to_position()
        # Re-drawing what a spectator cannot know changes some seat's own view.
        for k in range(3):
            other = game.sample_hidden(None, seed=k)
            assert np.array_equal(other.observation_array(None), game.observation_array(None))
            own_seen += any(
                not np.array_equal(other.observation_array(s), game.observation_array(s))
                for s in range(players)
            )
    assert kept > 0 and own_seen > 0, "the checks checked nothing"


@pytest.mark.parametrize("config", BIG_BOSS, ids=cid)
def test_batched_observations_are_the_game_encoding(config):
    """The batch rewrites each row in place, only where it changed: after every step, every
    row equals the game's own array and the values read from its dict form, through the
    games' ends and the new games that replace them."""
    players, edition = config
    n = 4
    vec = boardroom.VecGame("big-boss", n, players=players, options={"edition": edition}, seed=2)
    assert vec.observation_size == 978 + 96 * players
    names = [name for _, name in vec.game(0).observation_layout()]
    index = {name: i for i, name in enumerate(names)}
    out = vec.arrays()
    rng = np.random.default_rng(1)
    finished = dicts = 0
    for step in range(500):
        for i in range(n):
            g, seat = vec.game(i), int(out["actor"][i])
            assert np.array_equal(out["obs"][i], g.observation_array(seat))
            assert np.array_equal(out["mask"][i], g.action_mask(seat))
            if step % 5 == 0 or out["done"][i]:
                expected = np.zeros(vec.observation_size, dtype=np.float32)
                for name, value in reference(g.observe(seat), seat, players).items():
                    expected[index[name]] = value
                wrong = [names[k] for k in np.flatnonzero(out["obs"][i] != expected)[:5]]
                assert not wrong, (step, i, wrong)
                dicts += 1
        finished += int(out["done"].sum())
        out = vec.step(pick_rows(out["mask"], rng))
    assert finished >= 2 and dicts > 100, (finished, dicts)


def test_batched_arrays_are_read_only():
    vec = boardroom.VecGame("big-boss", 2, players=3, seed=4)
    for name, array in vec.arrays().items():
        assert not array.flags.writeable, name
        with pytest.raises(ValueError):
            array[...] = 0
    before = vec.arrays()["obs"].copy()
    out = vec.step(pick_rows(vec.arrays()["mask"], np.random.default_rng(0)))
    assert out["obs"] is vec.arrays()["obs"] or np.shares_memory(out["obs"], vec.arrays()["obs"])
    assert not np.array_equal(out["obs"], before)
