"""Shared helpers of the Python tests: every registered game with every player count and its
flag and choice options, and a reference reading of the numeric observation."""

import itertools
import random
import re

import numpy as np
import pytest

import boardroom


def configs():
    """(game id, players, options) for every game, every player count, and every value of its
    choice and flag options that the game accepts with that count (file options keep their
    defaults)."""
    out = []
    for g in boardroom.games():
        choices = []
        for o in g["options"]:
            kind = o["kind"]["type"]
            if kind == "choice":
                choices.append([(o["name"], c) for c in o["kind"]["choices"]])
            elif kind == "flag":
                choices.append([(o["name"], False), (o["name"], True)])
        for players in range(g["min_players"], g["max_players"] + 1):
            for combo in itertools.product(*choices) if choices else [()]:
                try:
                    boardroom.Game(g["id"], players=players, options=dict(combo))
                except boardroom.ConfigError:
                    # An option that does not apply to this player count (refused, as the
                    # bad-input tests check).
                    continue
                out.append((g["id"], players, dict(combo)))
    return out


def config_id(c):
    game, players, options = c
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game}-{players}p" + (f"-{opts}" if opts else "")


CONFIGS = configs()
# One configuration per game with the most players: the deeper checks run on these.
MAIN = [
    (g["id"], g["max_players"], {}) for g in boardroom.games()
]


def play_random(game, rng, max_decisions=100_000, every=None):
    """Plays ``game`` at random to its end (or ``max_decisions``), calling ``every(game, seat)``
    before each decision; returns the (seat, index) pairs played."""
    played = []
    while not game.is_over() and len(played) < max_decisions:
        may = game.to_act()
        seat = rng.choice(may)
        if every is not None:
            every(game, seat)
        legal = np.flatnonzero(game.action_mask(seat))
        assert len(legal) > 0, f"seat {seat} may act but has no legal action"
        i = int(legal[rng.randrange(len(legal))])
        game.step(i, seat)
        played.append((seat, i))
    return played


def pick_rows(mask, rng):
    """One legal index per row of a batch's ``mask`` (a NumPy generator ``rng``), as int64."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def expected_slot(obs, path, vocabulary):
    """The value slot ``path`` of the layout should hold for the dict form ``obs``."""
    kind = "number"
    if path.endswith("#len"):
        kind, path = "len", path[:-4]
    elif path.endswith("?"):
        kind, path = "present", path[:-1]
    elif path.endswith("$"):
        kind, path = "text", path[:-1]
    value = obs
    for key, index in _TOKEN.findall(path):
        if key:
            value = value.get(key) if isinstance(value, dict) else None
        else:
            i = int(index)
            value = value[i] if isinstance(value, list) and i < len(value) else None
        if value is None:
            break
    if kind == "present":
        return 0.0 if value is None else 1.0
    if kind == "len":
        return float(len(value)) if isinstance(value, list) else 0.0
    if kind == "text":
        if not isinstance(value, str):
            return 0.0
        return float(vocabulary.index(value) + 1) if value in vocabulary else -1.0
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(np.float32(value))
    return 0.0


@pytest.fixture
def rng():
    return random.Random(12345)
