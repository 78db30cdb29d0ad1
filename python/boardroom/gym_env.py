"""A Gymnasium single-agent environment: one seat is the agent, the other seats are built-in
bots.

``BoardroomEnv(game="big-boss", players=None, options=None, seat=0, opponents="heuristic",
render_mode=None, max_actions=None, action_space="fixed")``. ``opponents`` is one bot name for every other seat or a
list with one name per other seat (``random``, ``heuristic``, ``easy``, ``normal``, ``hard``,
``ismcts:N``). The observation is ``Game.observation_array(seat)`` (float32,
``(observation_size,)``), the action an id of the game's fixed action space, the same move in
every state (``Discrete(max_actions)``; ``action_space="legal"``: an index into the agent's legal
list instead); ``info["action_mask"]`` (int8) and :meth:`BoardroomEnv.action_masks` give the legal
ids. An illegal action raises :class:`boardroom.IllegalActionError` and
changes nothing (``illegal_action="raise"``, the default); with ``illegal_action="penalize"`` it
changes nothing either but is answered with a reward of ``illegal_penalty`` (default -1), the same
observation and ``info["illegal_action"] = True`` (for tools that step with unmasked random
actions, such as Gymnasium's environment checker). The reward is given when the game ends: 1 for a sole win, 1/k for a
title shared by k, 0 otherwise. ``reset(seed=s)`` sets up the game from ``s`` and seeds the
bots from it, so an episode is reproduced by its seed and the agent's actions.

With ``composite=True`` (for a game with a composite action, ``Game.composite_fields()``: The
Boss's offers of any terms) the action space is ``Dict({"id": Discrete(max_actions + 1),
"offer": MultiDiscrete(sizes)})``: an ``id`` below ``max_actions`` plays that id (``offer`` is
ignored), ``id == max_actions`` plays the composite vector ``offer``; ``info["offer_mask"]``
(int8, the fields' masks one after another, see :mod:`boardroom.composite`) gives each field's
values that some legal vector could hold, and ``info["action_mask"]`` the legal ids. An illegal
vector is refused like an illegal id.
"""

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ._boardroom import Game, IllegalActionError

__all__ = ["BoardroomEnv", "GYM_IDS", "register_envs"]

#: The ``gymnasium.make`` ids of the games (``make`` gives :class:`BoardroomEnv`, ``make_vec``
#: the self-play :class:`boardroom.vector_env.BoardroomVectorEnv`).
GYM_IDS = {
    "boardroom/BigBoss-v0": "big-boss",
    "boardroom/BigShot-v0": "big-shot",
    "boardroom/TheBoss-v0": "the-boss",
}


def register_envs():
    """Registers :data:`GYM_IDS` with Gymnasium (done when :mod:`boardroom` is imported with
    Gymnasium installed; registering again changes nothing)."""
    for env_id, game in GYM_IDS.items():
        if env_id in gym.registry:
            continue
        gym.register(
            id=env_id,
            entry_point="boardroom.gym_env:BoardroomEnv",
            vector_entry_point="boardroom.vector_env:BoardroomVectorEnv",
            kwargs={"game": game},
        )


class BoardroomEnv(gym.Env):
    """One seat of a Boardroom game against built-in bots (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game="big-boss", players=None, options=None, seat=0,
                 opponents="heuristic", render_mode=None, max_actions=None,
                 illegal_action="raise", illegal_penalty=-1.0, action_space="fixed",
                 composite=False):
        super().__init__()
        if illegal_action not in ("raise", "penalize"):
            raise ValueError('illegal_action must be "raise" or "penalize"')
        self._illegal = illegal_action
        self._penalty = float(illegal_penalty)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._spec = dict(game=game, players=players, options=options, max_actions=max_actions,
                          action_space=action_space)
        self.game = Game(seed=0, **self._spec)
        n = self.game.num_players
        # The numbering's version, per instance: ids change meaning between versions.
        self.metadata = dict(self.metadata, action_space_version=self.game.action_space_version)
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist: seats are 0 to {n - 1}")
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str):
            opponents = [opponents] * len(others)
        if len(opponents) != len(others):
            raise ValueError(
                f"opponents: one bot name per other seat ({len(others)}), got {len(opponents)}"
            )
        self._opponents = dict(zip(others, opponents))
        for name in opponents:
            self.game.bot(name)  # unknown names are refused here, with the list of bots
        self.observation_space = spaces.Box(
            -np.inf, np.inf, (self.game.observation_size,), np.float32
        )
        self.action_space = spaces.Discrete(self.game.max_actions)
        self._sizes = [size for _, size in self.game.composite_fields()] if composite else []
        if composite and not self._sizes:
            raise ValueError(f"{game} has no composite action")
        if self._sizes:
            self.action_space = spaces.Dict({
                "id": spaces.Discrete(self.game.max_actions + 1),
                "offer": spaces.MultiDiscrete(self._sizes),
            })
        self._bots = {}
        self._rng = np.random.default_rng(0)

    def _mask(self):
        if self.game.is_over():
            return np.zeros(self.game.max_actions, dtype=np.int8)
        return self.game.action_mask(self.seat).astype(np.int8)

    def action_masks(self):
        """The legal indices of the agent now, as a bool array."""
        return self._mask().astype(bool)

    def _observe(self):
        info = {"action_mask": self._mask()}
        if self._sizes:
            over = self.game.is_over()
            mask = self.game.composite_mask(None if over else self.seat)
            info["offer_mask"] = mask.astype(np.int8)
        return self.game.observation_array(self.seat), info

    def _play(self, action):
        """Plays the agent's action: an id, or with ``composite`` a dict of an id and an offer."""
        if not self._sizes:
            self.game.step(int(action), self.seat)
            return
        a = int(action["id"])
        if a == self.game.max_actions:
            self.game.apply_composite(np.asarray(action["offer"]).tolist(), self.seat)
        else:
            self.game.step(a, self.seat)

    def _advance(self):
        """Lets the bots act until the agent is drawn to act or the game ends."""
        while not self.game.is_over():
            may = self.game.to_act()
            actor = may[0] if len(may) == 1 else int(may[self._rng.integers(len(may))])
            if actor == self.seat:
                return
            self._bots[actor].act(self.game, actor)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(1 << 62))
        self.game = Game(seed=int(seed), **self._spec)
        self._rng = np.random.default_rng(int(seed))
        self._bots = {
            s: self.game.bot(name, seed=(int(seed) * 16 + s) % (1 << 64))
            for s, name in self._opponents.items()
        }
        self._advance()
        return self._observe()

    def step(self, action):
        if self._illegal == "penalize":
            try:
                self._play(action)
            except (IllegalActionError, TypeError, ValueError, KeyError):
                obs, info = self._observe()
                info["illegal_action"] = True
                return obs, self._penalty, False, False, info
        else:
            self._play(action)
        self._advance()
        over = self.game.is_over()
        reward = float(self.game.rewards()[self.seat]) if over else 0.0
        obs, info = self._observe()
        if over:
            info["outcome"] = self.game.outcome()
        return obs, reward, over, False, info

    def render(self):
        if self.render_mode is None:
            return None
        return self.game.render(self.seat)
