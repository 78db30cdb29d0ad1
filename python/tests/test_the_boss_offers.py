"""The Boss's offer builder: an agent composes an offer by id (partner, item, direction, price)
through the environments; ids the mask leaves out are refused by name and change nothing."""

import random
import re

import numpy as np
import pytest

import boardroom
from boardroom.actions import (
    THE_BOSS_FIRST_OFFER_ID,
    THE_BOSS_OFFER_ITEMS,
    THE_BOSS_PRICE_LADDER,
    the_boss_offer_id,
    the_boss_offer_parts,
)
from boardroom.gym_env import BoardroomEnv
from boardroom.pettingzoo_env import env as aec_env

SIZE = 2189
BUILT = 3 * 16 * 2 * 16
FIRST_AUCTION = 109


def test_the_ids_follow_the_documented_arithmetic():
    assert THE_BOSS_FIRST_OFFER_ID + BUILT + 250 == SIZE
    assert boardroom.Game("the-boss", players=3).max_actions == SIZE
    assert len(THE_BOSS_OFFER_ITEMS) == 16 and len(THE_BOSS_PRICE_LADDER) == 16
    # buy (direction 1) a COL card (item 4) from the seat two places to the left for $100
    # (rung 5: 10 cash steps): 403 + (((2 - 1) * 16 + 4) * 2 + 1) * 16 + 5
    assert the_boss_offer_id(2, "COL", "buy", 100) == 1064
    assert the_boss_offer_id(2, 4, "buy", 100) == 1064
    assert the_boss_offer_id(np.int64(2), np.int32(4), "buy", np.int64(100)) == 1064
    assert the_boss_offer_id(1, "10sh", "sell", 10) == THE_BOSS_FIRST_OFFER_ID
    assert the_boss_offer_id(3, "not-fire", "buy", 2500) == THE_BOSS_FIRST_OFFER_ID + BUILT - 1
    seen = set()
    for i in range(THE_BOSS_FIRST_OFFER_ID, THE_BOSS_FIRST_OFFER_ID + BUILT):
        parts = the_boss_offer_parts(i)
        assert the_boss_offer_id(**parts) == i
        seen.add(i)
    assert len(seen) == BUILT


@pytest.mark.parametrize("args, words", [
    ((0, "COL", "buy", 100), ["partner", "0"]),
    ((4, "COL", "buy", 100), ["partner", "4"]),
    ((True, "COL", "buy", 100), ["partner"]),
    ((1, "PHD", "buy", 100), ["unknown item", "PHD"]),
    ((1, 16, "buy", 100), ["unknown item", "16"]),
    ((1, "COL", "lend", 100), ["direction", "lend"]),
    ((1, "COL", "buy", 110), ["price", "110", "ladder"]),
    ((1, "COL", "buy", 100.0), ["price", "100.0"]),
])
def test_bad_parts_are_refused_by_name(args, words):
    with pytest.raises(boardroom.IllegalActionError) as e:
        the_boss_offer_id(*args)
    for w in words:
        assert w in str(e.value)
    for bad in (402, THE_BOSS_FIRST_OFFER_ID + BUILT, -1, 200.0, True):
        with pytest.raises(boardroom.IllegalActionError, match="offer builder"):
            the_boss_offer_parts(bad)


def play_until(env, wanted, rng, steps=6000):
    """Steps the PettingZoo environment with random legal ids of the menu (below the auctions)
    and bids until the agent to act may play one of ``wanted`` (ids); returns that agent, its seat and
    the id."""
    for _ in range(steps):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        mask = env.observe(agent)["action_mask"]
        for i in wanted:
            if mask[i]:
                return agent, seat, i
        ids = np.flatnonzero(mask)
        menu = ids[(ids < FIRST_AUCTION) | (ids >= THE_BOSS_FIRST_OFFER_ID + BUILT)]
        env.step(int(rng.choice(menu if len(menu) else ids)))
        assert not env.game.is_over()
    raise AssertionError("the wanted offer never became legal")


def test_an_agent_makes_an_offer_to_its_partner_at_its_price_through_pettingzoo():
    env = aec_env(game="the-boss", players=3)
    env.reset(seed=4)
    assert env.metadata["action_space_version"] == 2
    assert BoardroomEnv(game="the-boss", players=3).metadata["action_space_version"] == 2
    rng = np.random.default_rng(1)
    price = 250
    # Buy one lot of shares (10) from the player to the left or the one after, at $250.
    wanted = [the_boss_offer_id(p, "10sh", "buy", price) for p in (1, 2)]
    agent, seat, i = play_until(env, wanted, rng)
    partner = the_boss_offer_parts(i)["partner"]
    to = (seat + partner) % 3
    shown = len(env.game.observe(seat)["public"]["offers"])
    assert env.game.format_action(i, seat) == f"offer {to} give ${price} take 10sh"
    env.step(i)
    offers = env.game.observe(seat)["public"]["offers"]
    assert len(offers) == shown + 1
    made = offers[-1]
    assert made["from"] == seat and made["offer"]["to"] == to
    assert made["offer"]["give"]["cash"] == price and made["offer"]["take"]["shares"] == 10
    assert made["offer"]["take"]["cash"] == 0 and made["offer"]["give"]["shares"] == 0
    # The numeric observation shows it too: the offer's place, its parties and its price.
    names = {name: k for k, name in env.game.observation_layout()}
    obs = env.observe(agent)["observation"]
    place = len(offers) - 1
    assert obs[names["offers.len"]] == len(offers)
    assert obs[names[f"offers[{place}].from=seat {seat}"]] == 1
    assert obs[names[f"offers[{place}].to=seat {to}"]] == 1
    assert obs[names[f"offers[{place}].give.cash"]] == price
    assert obs[names[f"offers[{place}].take.shares"]] == 10
    # The partner may accept it by its place among the open offers (accept j: id 45 + j).
    partner_agent = f"player_{to}"
    accept = 45 + place
    assert env.game.format_action(accept, to) == f"accept {made['id']}"
    if env.agent_selection == partner_agent:
        assert env.observe(partner_agent)["action_mask"][accept]


def unchanged(env, step, action, words=()):
    before = env.game.to_position()
    with pytest.raises(boardroom.IllegalActionError) as e:
        step(action)
    for w in words:
        assert w in str(e.value), str(e.value)
    assert env.game.to_position() == before
    return e.value


def test_builder_ids_the_mask_leaves_out_are_refused_and_change_nothing():
    env = aec_env(game="the-boss", players=2)
    env.reset(seed=2)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    mask = env.observe(agent)["action_mask"]
    # At the start nobody holds a card, a Fate card or a share, and there is no second partner.
    no_card = the_boss_offer_id(1, "COL", "sell", 100)
    no_fate = the_boss_offer_id(1, "fate", "sell", 100)
    no_shares = the_boss_offer_id(1, "10sh", "buy", 200)
    no_partner = the_boss_offer_id(2, "10sh", "buy", 200)
    too_dear = the_boss_offer_id(1, "fate", "buy", 2500)
    for i in (no_card, no_fate, no_shares, no_partner, too_dear):
        assert not mask[i]
        unchanged(env, env.step, i)
        assert env.agent_selection == agent
    unchanged(env, env.step, no_card, ["masked out", str(no_card)])
    unchanged(env, env.step, no_partner, ["masked out"])
    unchanged(env, env.step, no_fate, ["Fate card"])
    unchanged(env, env.step, no_shares, ["shares"])
    unchanged(env, env.step, SIZE, [str(SIZE), "action space"])
    game = env.game
    for i in (no_card, no_fate):
        unchanged(env, lambda a: game.format_action(a, seat), i)
    # Gymnasium: the same refusal; with "penalize", the penalty and no change.
    gym = BoardroomEnv(game="the-boss", players=2, opponents="random")
    gym.reset(seed=2)
    unchanged(gym, gym.step, no_fate, ["Fate card"])
    gym = BoardroomEnv(game="the-boss", players=2, opponents="random",
                       illegal_action="penalize")
    gym.reset(seed=2)
    before = gym.game.to_position()
    _, reward, done, _, info = gym.step(no_fate)
    assert reward == -1.0 and not done and info["illegal_action"]
    assert gym.game.to_position() == before


def test_vecgame_steps_builder_ids_and_refuses_masked_ones():
    vec = boardroom.VecGame("the-boss", 4, players=3, seed=10)
    out = vec.arrays()
    assert out["mask"].shape == (4, SIZE)
    rng = random.Random(3)
    made = 0
    for _ in range(400):
        masks = vec.arrays()["mask"]
        actions = []
        for row in masks:
            ids = np.flatnonzero(row)
            built = ids[(ids >= THE_BOSS_FIRST_OFFER_ID)
                        & (ids < THE_BOSS_FIRST_OFFER_ID + BUILT)]
            if len(built) and rng.random() < 0.3:
                actions.append(int(rng.choice(list(built))))
                made += 1
            else:
                actions.append(int(rng.choice(list(ids))))
        vec.step(np.array(actions, dtype=np.int64))
    assert made > 0
    # A masked-out builder id in one game: refused, no game changes.
    masks = vec.arrays()["mask"]
    off = [int(np.flatnonzero(~row[THE_BOSS_FIRST_OFFER_ID:])[0]) + THE_BOSS_FIRST_OFFER_ID
           for row in masks]
    assert all(o < THE_BOSS_FIRST_OFFER_ID + BUILT for o in off)
    legal = [int(np.flatnonzero(row)[0]) for row in masks]
    before = [vec.game(i).to_position() for i in range(4)]
    with pytest.raises(boardroom.IllegalActionError, match="masked out"):
        vec.step(np.array([off[0]] + legal[1:], dtype=np.int64))
    # An unknown id, the wrong dtype or shape: refused by name, no game changes.
    with pytest.raises(boardroom.IllegalActionError, match=f"{SIZE} is not an action id"):
        vec.step(np.array([SIZE] + legal[1:], dtype=np.int64))
    for bad, words in ((np.array(off, dtype=np.float64), "float64"),
                       (np.array(off[:3], dtype=np.int64), "got 3"),
                       (np.array([off], dtype=np.int64), "(1, 4)")):
        with pytest.raises(boardroom.ArrayError, match=re.escape(words)):
            vec.step(bad)
    assert [vec.game(i).to_position() for i in range(4)] == before
