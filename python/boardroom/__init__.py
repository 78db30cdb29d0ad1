"""Boardroom's board games for AI builders.

Every game of Boardroom's registry (Big Boss, Big Shot, The Boss, with all their options) through
one API, built-in bots, batched stepping of many games into NumPy arrays, and standard
environments (:mod:`boardroom.pettingzoo_env`, :mod:`boardroom.gym_env`).

Quick start::

    import random, boardroom
    game = boardroom.Game("big-boss", players=4, options={"edition": "modern"}, seed=7)
    while not game.is_over():
        seat = game.must_act()[0]
        legal = game.action_mask(seat).nonzero()[0]      # the legal moves' fixed ids
        game.step(int(random.choice(legal)), seat)
    print(game.outcome())

**Actions.** Every game numbers its moves once and for all: an action id names one move, the
same in every state (``game.action_space == "fixed"``, the default). The action space is
``range(game.max_actions)`` and ``game.action_mask(seat)`` is true exactly at the legal moves'
ids; ``game.legal_actions(seat)`` lists the legal actions as dicts with ``index`` (the id),
``position`` (the place in the list), ``notation``, ``label``, ``effect``, ``cost``,
``highlights``. ``action_space="legal"`` keeps the relative indexing instead: index *i* is "the
*i*-th legal action of this state", bounded by a ``max_actions`` measured once per game and
configuration (twice the longest legal list seen in sample games with fixed seeds, at least 16;
pass ``max_actions=`` to fix another bound). The numbering of each game is documented in
``docs/ai-builders.md``.

The Boss's offers beyond its builder (one item for a price on a ladder) are outside every
numbering: they are played through their notation (``game.apply("offer 2 give $300 take
COL#14")``) or the dict form of :func:`boardroom.actions.to_notation`. Every id means one move in
every state; ``game.action_space_version`` is the numbering's version.

**Observations.** ``game.observe(viewer)`` is the dict form (the game's own observation in
JSON); ``game.observation_array(viewer)`` the same as ``observation_size`` float32 values:
the game's own encoding, written from its state, when it has one (``observation_encoding ==
"game"``: Big Boss, Big Shot), else the dict flattened by a layout measured once per game and
configuration (``"generic"``); ``observation_layout()`` names every value (see ``docs/ai-builders.md``). A viewer is a seat number, or ``None`` for a spectator. An
observation holds only what its viewer may know; the whole state, secrets included, is reached
only through ``game.to_position()`` (a tool for tests and analysis, never for a player).

``Game(game, players=None, options=None, seed=0, first=None, max_actions=None,
action_space="fixed")``: ``game`` an
id from :func:`games`, ``players`` the number of seats (default: the fewest), ``options`` a dict
of the game's options (``{"edition": "classic"}``, ``{"hidden_money": True}``), ``seed`` the
set-up seed (a game is reproduced by its configuration, seed and actions), ``first`` the first
seat (default: drawn from the seed). ``game.apply(action, seat=None)`` takes an action in any
form: an index (``int``), a notation (``str``), or a dict (``{"index": i}``, ``{"notation":
"..."}``, or the clause form of :func:`boardroom.actions.to_notation`).

**Errors.** Every refused input raises a subclass of :class:`BoardroomError` (itself a
``ValueError``) naming the rule or the field, and leaves the game unchanged.
"""

import json as _json

from . import _boardroom
from ._boardroom import (
    ArrayError,
    BoardroomError,
    Bot,
    BotError,
    ConfigError,
    IllegalActionError,
    NotationError,
    PositionError,
    SeatError,
    UnknownGameError,
    Game,
    VecGame,
    bench_random_playouts,
    load_position,
)
from ._boardroom import __version__
from .actions import to_notation

try:  # The gymnasium.make ids, when Gymnasium is installed.
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # pragma: no cover - Gymnasium is an optional extra
    pass
else:
    from .gym_env import register_envs as _register_envs

    _register_envs()

__all__ = [
    "ArrayError",
    "BoardroomError",
    "Bot",
    "BotError",
    "ConfigError",
    "Game",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "SeatError",
    "UnknownGameError",
    "VecGame",
    "BOTS",
    "__version__",
    "bench_random_playouts",
    "games",
    "game_ids",
    "policies",
    "load_position",
    "to_notation",
]

#: The built-in bots' names (besides ``ismcts:N``, search with N iterations per decision).
BOTS = ("random", "heuristic", "heuristic-nodeal", "easy", "normal", "hard")


def games():
    """Every game of the registry: a list of dicts with ``id``, ``title``, ``min_players``,
    ``max_players``, ``options`` (each with ``name``, ``help``, ``kind`` — ``{"type": "flag"}``,
    ``{"type": "choice", "choices": [...]}`` or ``{"type": "file"}`` — ``default``, ``lobby``),
    ``bots`` and ``seat_names``."""
    return _json.loads(_boardroom.games_json())


def policies(game_id):
    """The gauntlet's fixed simple policies for ``game_id``, bot names that ``Game.bot`` and
    ``VecGame.bot_actions`` take besides the levels: ``first`` and ``last`` (the first and last
    legal action as listed), ``lowest-id`` and ``highest-id`` (by fixed action id), ``random``,
    then the game's scripted strategies ``script:NAME``."""
    return list(_boardroom.policies(game_id))


def game_ids():
    """The ids of every game, in the registry's order."""
    return [g["id"] for g in games()]
