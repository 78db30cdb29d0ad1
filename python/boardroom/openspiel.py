"""OpenSpiel games for every Boardroom game (the optional extra ``boardroom[openspiel]``).

Importing this module registers one ``pyspiel`` game per game of the registry, named
``boardroom_`` and the id with ``-`` as ``_`` (``boardroom_big_boss``, ``boardroom_big_shot``,
``boardroom_the_boss``)::

    import pyspiel, boardroom.openspiel
    game = pyspiel.load_game("boardroom_big_shot", {"players": 3, "hidden_money": True})
    state = game.new_initial_state()

or without the registry, ``boardroom.openspiel.load("big-shot", players=3, seed=5)``.

Parameters: ``players`` (default: the game's fewest), ``seed`` (default 0), ``composite``
(The Boss only, default False: see **Actions**) and every option of the game (``edition`` for Big Boss, ``hidden_money`` for Big Shot, …, with their defaults).

**Game type.** Sequential, imperfect information, general-sum, terminal rewards: 1 for a sole
winner, 1/k for each of k sharing the win, 0 otherwise (``Game.rewards``), so utilities lie in
[0, 1].

**Actions** are the game's fixed action ids (``Game.max_actions`` of them, the same move in
every state, see ``docs/ai-builders.md``); a seat's legal actions are the ids its
``action_mask`` marks. A game with a composite action (``Game.composite_fields()``: The Boss's
offers of any terms) has more with the parameter ``composite=True`` (off by default: filling a
vector takes many decisions, which slows random play and searches that sample every legal
move): id ``max_actions`` (:attr:`BoardroomGame.compose`, legal when
the seat may make some offer now) starts a composite vector, which the same seat then fills
field by field, one decision each, with the ids ``max_actions + 1 + v`` for the value ``v`` of
the field in turn (legal: the values its mask allows, ``Game.composite_mask``). After the last
field the vector is played (``Game.apply_composite``); a vector the rules refuse as a whole is
void: nothing changes in the game and the seat decides again (the history keeps the decisions).
The information-state and observation strings of a seat filling a vector end with the values
chosen so far.

**Chance** is explicit (``EXPLICIT_STOCHASTIC``). A new state starts with the deal, a chance
node with :data:`DEALS` equally likely outcomes: outcome ``k`` sets up the Boardroom game seeded
``seed + k``, and that seed then draws every die, shuffle and card of the game, so a state is
its game's parameters and its history, and OpenSpiel's serialisation
(``pyspiel.serialize_game_and_state``, which keeps the history and the state's Python
attributes) restores it exactly; the random-simulation test passes with it. The seed is never
in an observation. ``resample_from_infostate`` re-draws everything the seat cannot know
(``Game.sample_hidden``, the future included). The one choice the engine leaves to its driver,
which seat acts when several may (The Boss's open floor), is a chance node too: each of those
seats with equal probability (the drivers of the engine draw uniformly too), its outcome the
seat number. ``BoardroomGame.initial_state_for_seed(seed)`` gives a state already dealt.

**Observations.** A seat's information-state and observation strings are its observation as
JSON (``Game.observe_json``), its tensors ``Game.observation_array`` (``observation_size``
float32 values): exactly what the seat may know now. They are the game's own observation, not a
record of the whole history the seat saw, so they are not perfect-recall information states in
the strict sense (algorithms that rely on perfect recall, such as CFR, should keep the history
themselves). For the same reason two states with the same information-state string may differ
in what the seat may do (in The Boss a seat's observation does not say to whom it has shown its
Fate card), so give OpenSpiel's ISMCTS bot ``allow_inconsistent_action_sets=True``.
:class:`BotRolloutEvaluator` evaluates a search's leaves by rollouts played in Rust.

``max_game_length`` is a bound well above the games' lengths (none of the games has a fixed
length); a game that reached it would simply go on.
"""

import random as _random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as _mcts

from ._boardroom import Game as _Game
from ._boardroom import IllegalActionError
from . import games as _games

__all__ = ["DEALS", "BoardroomGame", "BoardroomObserver", "BoardroomState",
           "BotRolloutEvaluator", "game_name", "load", "register"]

#: The bound given as every game's ``max_game_length``.
MAX_GAME_LENGTH = 100_000

#: The outcomes of the deal, the chance node every new state starts with: outcome ``k`` is the
#: game seeded ``seed + k``.
DEALS = 2**16


def game_name(game_id):
    """The OpenSpiel short name of a Boardroom game id: ``big-shot`` -> ``boardroom_big_shot``."""
    return "boardroom_" + game_id.replace("-", "_")


def _parameters(entry):
    """The OpenSpiel parameters of a registry entry: players, seed and every option with its
    default (flags as bools, the rest as strings)."""
    params = {"players": entry["min_players"], "seed": 0}
    if _Game(entry["id"]).composite_fields():
        params["composite"] = False
    for option in entry["options"]:
        if option["kind"].get("type") == "file":
            continue  # a file (a board description) is not an OpenSpiel parameter
        default = option.get("default")
        if option["kind"].get("type") == "flag":
            params[option["name"]] = bool(default)
        else:
            params[option["name"]] = "" if default is None else str(default)
    return params


def _game_type(entry):
    return pyspiel.GameType(
        short_name=game_name(entry["id"]),
        long_name="Boardroom " + entry["title"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=entry["max_players"],
        min_num_players=entry["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameters(entry),
    )


class BoardroomGame(pyspiel.Game):
    """One Boardroom game and configuration as an OpenSpiel game (see the module's
    documentation)."""

    #: The Boardroom game id (each registered game is a subclass that sets it).
    game_id = None

    def __init__(self, params=None):
        game_id = self.game_id
        game_type = _registered[game_name(game_id)][1]
        params = dict(params or {})
        spec = dict(game_type.parameter_specification)
        unknown = set(params) - set(spec)
        if unknown:
            raise ValueError(f"{game_id}: unknown parameters {sorted(unknown)}")
        merged = {**spec, **params}
        self.players = int(merged["players"])
        self.seed = int(merged["seed"])
        self.options = {}
        for name, default in spec.items():
            if name in ("players", "seed", "composite"):
                continue
            value = merged[name]
            if isinstance(default, bool):
                self.options[name] = bool(value)
            elif value != "":
                self.options[name] = str(value)
        probe = _Game(game_id, players=self.players, options=self.options, seed=self.seed)
        self.observation_size = probe.observation_size
        #: The composite fields' sizes (empty: none), and the id that starts a vector.
        composite = bool(merged.get("composite", False))
        self.fields = [size for _, size in probe.composite_fields()] if composite else []
        self.compose = probe.max_actions
        extra = 1 + max(self.fields) if self.fields else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.max_actions + extra,
            max_chance_outcomes=max(DEALS, self.players),
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, merged)

    def new_initial_state(self):
        """A new game before the deal (a chance node over :data:`DEALS` outcomes)."""
        return BoardroomState(self, None)

    def deal(self, k):
        """The Boardroom game of the deal's outcome ``k``: seeded ``seed + k``."""
        return _Game(self.game_id, players=self.players, options=self.options, seed=self.seed + k)

    def initial_state_for_seed(self, seed):
        """The new game set up from ``seed``, already dealt."""
        game = _Game(self.game_id, players=self.players, options=self.options, seed=seed)
        return BoardroomState(self, game)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of information states and observations (both: the seat's
        observation)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return BoardroomObserver(self.observation_size)


class BoardroomState(pyspiel.State):
    """A state of a :class:`BoardroomGame`: a Boardroom game (``None`` before the deal), and
    the seat to act when several may (``None`` while that is the chance node's to draw)."""

    def __init__(self, game, boardroom_game, actor=None):
        super().__init__(game)
        self.game = boardroom_game
        self._actor = actor
        #: The composite vector being filled (None when none is).
        self.composing = None
        if actor is None and boardroom_game is not None:
            self._settle()

    def _settle(self):
        """The actor after a move: the only seat that may act, or none (a chance node when
        several may, terminal when none may)."""
        may = self.game.to_act()
        self._actor = may[0] if len(may) == 1 else None

    def current_player(self):
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        if self.game.is_over():
            return pyspiel.PlayerId.TERMINAL
        if self._actor is None:
            return pyspiel.PlayerId.CHANCE
        return self._actor

    def _field_masks(self, player):
        sizes = self.get_game().fields
        mask = self.game.composite_mask(player)
        return np.split(mask, np.cumsum(sizes)[:-1])

    def _legal_actions(self, player):
        compose = self.get_game().compose
        if self.composing is not None:
            m = self._field_masks(player)[len(self.composing)]
            return [compose + 1 + int(v) for v in np.flatnonzero(m)]
        ids = [int(a) for a in np.flatnonzero(self.game.action_mask(player))]
        if self.get_game().fields and all(m.any() for m in self._field_masks(player)):
            ids.append(compose)
        return ids

    def chance_outcomes(self):
        if self.game is None:
            p = 1.0 / DEALS
            return [(k, p) for k in range(DEALS)]
        may = self.game.to_act()
        p = 1.0 / len(may)
        return [(s, p) for s in may]

    def _apply_action(self, action):
        if self.game is None:
            if not 0 <= action < DEALS:
                raise ValueError(f"deal {action} is not one of the {DEALS} deals")
            self.game = self.get_game().deal(int(action))
            self._settle()
            return
        if self._actor is None:
            if action not in self.game.to_act():
                raise ValueError(f"seat {action} may not act now")
            self._actor = int(action)
            return
        compose = self.get_game().compose
        if self.composing is not None:
            self.composing.append(int(action) - compose - 1)
            if len(self.composing) < len(self.get_game().fields):
                return
            fields, self.composing = self.composing, None
            try:
                self.game.apply_composite(fields, self._actor)
            except IllegalActionError:
                pass  # void: the game is unchanged and the seat decides again
            self._settle()
            return
        if action == compose and self.get_game().fields:
            self.composing = []
            return
        self.game.step(int(action), self._actor)
        self._settle()

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}" if self.game is None else f"seat {action} acts"
        compose = self.get_game().compose
        if self.get_game().fields and action >= compose:
            if action == compose and self.composing is None:
                return "compose"
            k = len(self.composing or [])
            return f"field {k} = {action - compose - 1}"
        return self.game.format_action(int(action), player)

    def is_terminal(self):
        return self.game is not None and self.game.is_over()

    def returns(self):
        if self.game is None or not self.game.is_over():
            return [0.0] * self.get_game().num_players()
        return list(self.game.rewards())

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat ``player_id`` cannot tell from this one: everything it may not
        know re-drawn (``Game.sample_hidden``) from a seed drawn with ``probability_sampler``
        (a callable returning a float in [0, 1), e.g. ``pyspiel.UniformProbabilitySampler``)."""
        seed = int(probability_sampler() * 2**63)
        if self.game is None:
            return BoardroomState(self.get_game(), None)
        sampled = self.game.sample_hidden(player_id, seed)
        state = BoardroomState(self.get_game(), sampled, self._actor)
        state.composing = None if self.composing is None else list(self.composing)
        if self._actor is None:
            state._settle()
        return state

    def __str__(self):
        return "before the deal" if self.game is None else self.game.to_position()


class BoardroomObserver:
    """The seat's observation as OpenSpiel's observer: ``tensor`` (and ``dict["observation"]``)
    is ``Game.observation_array(seat)``, the string ``Game.observe_json(seat)``."""

    def __init__(self, size):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if state.game is None:
            self.tensor[:] = 0  # before the deal nobody knows anything
        else:
            self.tensor[:] = state.game.observation_array(player)

    def string_from(self, state, player):
        if state.game is None:
            return "{}"
        text = state.game.observe_json(player)
        if state.composing is not None and player == state.current_player():
            text += f" composing {state.composing}"
        return text


class BotRolloutEvaluator(_mcts.Evaluator):
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots that plays each rollout with a
    Boardroom bot in Rust (``bot``: ``"random"`` by default, or ``"heuristic"``…) instead of
    stepping the OpenSpiel state from Python: the average of ``n_rollouts`` games' rewards
    played to the end from the state. Each rollout's bot, and the choice of the seat to act
    when several may, are seeded from ``seed`` and a counter, so a search is reproducible."""

    def __init__(self, n_rollouts=1, bot="random", seed=0):
        self.n_rollouts = n_rollouts
        self.bot = bot
        self._rng = _random.Random(seed)

    def evaluate(self, state):
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            if state.game is None:
                game = state.get_game().deal(self._rng.randrange(DEALS))
            else:
                game = state.game.clone()
            bot = game.bot(self.bot, self._rng.randrange(2**63))
            if state.game is not None and not game.is_over() and state.current_player() >= 0:
                bot.act(game, state.current_player())
            bot.play_out(game, self._rng.randrange(2**63))
            total += game.rewards()
        return total / self.n_rollouts

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


_registered = {}


def register():
    """Registers every Boardroom game with ``pyspiel`` (done on import; again is a no-op);
    returns the short names."""
    for entry in _games():
        name = game_name(entry["id"])
        if name in _registered:
            continue
        game_type = _game_type(entry)
        # A subclass per game, holding its id alone: OpenSpiel keeps what is registered until
        # the process ends, after Python has finished, so it must hold no OpenSpiel object.
        cls = type("Boardroom" + entry["title"].replace(" ", "") + "Game", (BoardroomGame,),
                   {"game_id": entry["id"], "__module__": __name__})
        _registered[name] = (entry, game_type, cls)
        pyspiel.register_game(game_type, cls)
    return list(_registered)


def load(game_id, players=None, seed=0, options=None):
    """The :class:`BoardroomGame` of ``game_id`` with ``players`` (default: the fewest),
    ``seed`` and ``options`` (a dict of the game's options)."""
    register()
    name = game_name(game_id)
    if name not in _registered:
        raise ValueError(f"unknown game {game_id!r}")
    entry, _, cls = _registered[name]
    params = dict(options or {})
    params["players"] = entry["min_players"] if players is None else int(players)
    params["seed"] = int(seed)
    return cls(params)


register()
