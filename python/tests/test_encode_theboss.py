"""The Boss's own numeric observation (``observation_encoding == "game"``): its documented size
and names, values read from the dict form, an overflow count that is never silent, and, on
sampled states of random and dealing-heavy games, equal arrays only from equal observations."""

import json
import random

import numpy as np
import pytest

import boardroom

SIZES = {2: 10190, 3: 10469, 4: 10748}
DEALING = ("offer", "counter", "accept", "auction", "bid")


def canonical(obs):
    """The dict form with what the encoding leaves unordered put in order: commitments (counted
    per side) and a deliverable's cards (counted per kind and number)."""

    def terms(o):
        for side in ("give_commitments", "take_commitments"):
            o[side] = sorted(o.get(side, []), key=json.dumps)
        promise = (o.get("long_term") or {}).get("promise") or {}
        deliver(promise)

    def deliver(promise):
        d = promise.get("deliver") if isinstance(promise, dict) else None
        if d:
            d["experience"] = sorted(d.get("experience", []))
            d["executive"] = sorted(d.get("executive", []))

    pub = obs["public"]
    for p in pub.get("offers", []):
        terms(p["offer"])
    for p in pub["players"]:
        for r in p.get("refused", []):
            terms(r["offer"])
    for d in pub.get("deals", []):
        deliver(d["promise"])
    return json.dumps(obs, sort_keys=True)


def play(game, rng, decisions, dealing):
    """Random moves; with ``dealing``, offers, counters, answers, auctions and bids first."""
    for _ in range(decisions):
        if game.is_over():
            return
        seat = rng.choice(game.to_act())
        legal = game.legal_actions(seat)
        pool = [a for a in legal if a["notation"].split(" ")[0] in DEALING]
        pick = rng.choice(pool if dealing and pool and rng.random() < 0.8 else legal)
        game.apply(pick["notation"], seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_encoding_has_its_documented_size_and_reads_the_dict_form(players):
    game = boardroom.Game("the-boss", players=players, seed=5)
    assert game.observation_encoding == "game"
    assert game.observation_size == SIZES[players]
    names = [name for _, name in game.observation_layout()]
    assert len(set(names)) == len(names) and names[0] == "overflow"
    index = {name: i for i, name in enumerate(names)}
    rng = random.Random(players)
    for _ in range(6):
        play(game, rng, 40, dealing=True)
        for viewer in [None, *range(players)]:
            arr = game.observation_array(viewer)
            obs = game.observe(viewer)
            pub = obs["public"]
            assert arr[index["round"]] == pub["round"]
            assert arr[index["bank_shares"]] == pub["bank_shares"]
            assert arr[index["offers.len"]] == len(pub["offers"])
            assert arr[index["deals.len"]] == len(pub["deals"])
            assert arr[index["experience_left"]] == obs["experience_left"]
            for s, p in enumerate(obs["players"]):
                assert arr[index[f"players[{s}].cash"]] == p["cash"]
                assert arr[index[f"players[{s}].shares"]] == p["shares"]
                for c in p["experience"]:
                    assert arr[index[f"experience_card[{c}].seat={s}"]] == 1
                fate = p["fate"]
                assert arr[index[f"players[{s}].fate.held"]] == (fate is not None)
                known = fate is not None and fate["card"] is not None
                assert arr[index[f"players[{s}].fate.card"]] == known
            for k, o in enumerate(pub["offers"][:12]):
                assert arr[index[f"offers[{k}].id"]] == o["id"]
                assert arr[index[f"offers[{k}].give.cash"]] == o["offer"]["give"]["cash"]
            assert arr[0] == game.observation_overflow(viewer)


def test_equal_arrays_come_only_from_equal_observations():
    """On sampled states of random and dealing-heavy games of 2-4 players, for every viewer:
    the array determines the observation whenever ``overflow`` is 0, and overflow is rare."""
    seen, states, overflowed = {}, 0, 0
    for players in (2, 3, 4):
        for seed, dealing in ((1, False), (2, True)):
            game = boardroom.Game("the-boss", players=players, seed=seed)
            rng = random.Random(seed)
            for _ in range(25):
                play(game, rng, rng.randrange(1, 12), dealing)
                for viewer in [None, *range(players)]:
                    arr = game.observation_array(viewer)
                    states += 1
                    if arr[0] > 0:
                        overflowed += 1
                        continue
                    obs = canonical(game.observe(viewer))
                    key = arr.tobytes()
                    assert seen.setdefault(key, obs) == obs, "equal arrays, different observations"
    assert len(seen) > states // 3 and overflowed * 20 <= states, (len(seen), overflowed, states)


def test_the_encoding_hides_what_the_viewer_may_not_know():
    game = boardroom.Game("the-boss", players=3, seed=9)
    play(game, random.Random(3), 120, dealing=True)
    for viewer in [None, 0, 1, 2]:
        arr = game.observation_array(viewer)
        for k in range(3):
            other = game.sample_hidden(viewer, seed=k)
            assert np.array_equal(other.observation_array(viewer), arr)


def test_batched_rows_are_the_game_encoding():
    n, players = 3, 4
    vec = boardroom.VecGame("the-boss", n, players=players, seed=2)
    assert vec.observation_size == SIZES[players]
    out, rng = vec.arrays(), np.random.default_rng(1)
    for _ in range(150):
        for i in range(n):
            seat = int(out["actor"][i])
            assert np.array_equal(out["obs"][i], vec.game(i).observation_array(seat))
        out = vec.step((rng.random(out["mask"].shape) * out["mask"]).argmax(axis=1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_by_ids_rarely_overflows(players):
    """The documented random recipe (a uniform legal id from the mask), batched: fewer than 1%
    of the observations leave anything out, while seats' refused offers fill their slots."""
    vec = boardroom.VecGame("the-boss", 32, players=players, seed=11, threads=1)
    names = [name for _, name in vec.game(0).observation_layout()]
    counts = [names.index(f"players[{s}].refused.count") for s in range(players)]
    rows = overflowed = most = 0
    for k in range(400):
        out = vec.step(vec.random_actions(seed=k))
        rows += len(out["obs"])
        overflowed += int((out["obs"][:, 0] > 0).sum())
        most = max(most, int(out["obs"][:, counts].max()))
    assert overflowed * 100 < rows, (overflowed, rows)
    assert most > 8, most


def test_notes_encode_as_their_text():
    """Two notes with the same length and the same 32-bit FNV-1a fingerprint (the old encoding),
    and two of 200 characters that differ only at the end, encode differently; the note's bytes
    are in the open offers' text table."""

    def offer_with(note):
        game = boardroom.Game("the-boss", players=3, seed=4)
        rng = random.Random(4)
        while True:
            seat = game.to_act()[0]
            offers = [a for a in game.legal_notations(seat) if a.startswith("offer ")]
            if offers:
                terms = offers[0].split(' note "')[0]  # a suggested offer's own note dropped
                game.apply(f'{terms} note "{note}"', seat)
                return game
            game.apply(rng.choice(game.legal_notations(seat)), seat)

    long = "x" * 199
    for a, b in (("deal 1122789?", "deal 1339192?"), (long + "a", long + "b")):
        ga, gb = offer_with(a), offer_with(b)
        names = [name for _, name in ga.observation_layout()]
        ea, eb = ga.observation_array(None), gb.observation_array(None)
        assert ea[0] == eb[0] == 0
        assert not np.array_equal(ea, eb), (a, b)
        at = names.index
        assert ea[at("offers[0].note")] == 1
        assert ea[at("offers.texts[0].len")] == len(a)
        text = ea[at("offers.texts[0].byte[0]") : at("offers.texts[0].byte[0]") + len(a)]
        assert bytes(text.astype(np.uint8)).decode() == a
