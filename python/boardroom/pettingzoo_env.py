"""A PettingZoo AEC environment for every Boardroom game.

``env(game="big-boss", players=None, options=None, render_mode=None, max_actions=None,
action_space="fixed")``
gives an :class:`pettingzoo.AECEnv` whose agents are ``player_0`` … ``player_{n-1}`` (the
seats). Each agent's observation is a dict::

    {"observation": float32 array (observation_size,),   # Game.observation_array(seat)
     "action_mask": int8 array (max_actions,)}             # 1 at the legal indices

and its action space ``Discrete(max_actions)``: an id of the game's fixed action space, the same
move in every state (``action_space="legal"``: an index into the agent's legal list instead; see
:mod:`boardroom`). An agent's mask is all zeros when it may not act. When several seats may act
at once (The Boss's open floor), the agent selected is drawn uniformly among them by a generator
seeded from the reset's seed (as every Boardroom driver does), so an episode is reproduced by
its seed and actions. Rewards come at the end: 1 for a sole winner, 1/k for each of k sharing
the title, 0 otherwise. Table options are given when the environment is made; ``reset``'s
``options`` argument is accepted and ignored. An illegal action raises
:class:`boardroom.IllegalActionError` and changes nothing.

A game with a composite action (``Game.composite_fields()``: The Boss's offers of any terms)
has a second action kind: ``step({"offer": fields})`` plays the composite vector ``fields``
(one whole number per field, in :meth:`BoardroomAEC.offer_space`, a ``MultiDiscrete``), and
each observation holds ``"offer_mask"`` too (int8, the fields' masks one after another, all
zeros when the agent may not act; see :mod:`boardroom.composite`). ``step({"id": i})`` is the
same as ``step(i)``. The action space stays ``Discrete(max_actions)``, so that PettingZoo's
tests and tools that sample it see the ids alone.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._boardroom import Game

__all__ = ["BoardroomAEC", "env"]


def env(**kwargs):
    """A :class:`BoardroomAEC` (the PettingZoo convention's constructor)."""
    return BoardroomAEC(**kwargs)


class BoardroomAEC(AECEnv):
    """The AEC environment of one game and configuration (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"], "name": "boardroom_v0", "is_parallelizable": False}

    def __init__(self, game="big-boss", players=None, options=None, render_mode=None,
                 max_actions=None, action_space="fixed"):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._spec = dict(game=game, players=players, options=options, max_actions=max_actions,
                          action_space=action_space)
        probe = Game(seed=0, **self._spec)
        self.game = probe
        self._n = probe.num_players
        self.possible_agents = [f"player_{i}" for i in range(self._n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        # The numbering's version, per instance: ids change meaning between versions.
        self.metadata = dict(self.metadata, action_space_version=probe.action_space_version)
        size, actions = probe.observation_size, probe.max_actions
        self._sizes = [n for _, n in probe.composite_fields()]
        parts = {
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
        if self._sizes:
            parts["offer_mask"] = spaces.Box(0, 1, (sum(self._sizes),), np.int8)
        self._observation_spaces = {a: spaces.Dict(parts) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng(0)
        self.agents = []

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def offer_space(self, agent):
        """The composite action's space, ``MultiDiscrete`` of the fields' sizes (None for a
        game without one)."""
        return spaces.MultiDiscrete(self._sizes) if self._sizes else None

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.SeedSequence().entropy % (1 << 63))
        self.game = Game(seed=int(seed), **self._spec)
        self._rng = np.random.default_rng(int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        may = self.game.to_act()
        seat = may[0] if len(may) == 1 else int(may[self._rng.integers(len(may))])
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent):
        seat = self._seat[agent]
        if agent == self.agent_selection and not self.terminations.get(agent, True):
            mask = self.game.action_mask(seat).astype(np.int8)
        else:
            mask = np.zeros(self.game.max_actions, dtype=np.int8)
        obs = {"observation": self.game.observation_array(seat), "action_mask": mask}
        if self._sizes:
            acting = mask.any()
            offers = self.game.composite_mask(seat) if acting else None
            obs["offer_mask"] = (offers.astype(np.int8) if acting
                                 else np.zeros(sum(self._sizes), dtype=np.int8))
        return obs

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        if isinstance(action, dict) and "offer" in action:
            self.game.apply_composite(np.asarray(action["offer"]).tolist(), seat)
        elif isinstance(action, dict):
            self.game.step(int(action["id"]), seat)
        else:
            self.game.step(int(action), seat)
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over():
            for a, r in zip(self.possible_agents, self.game.rewards()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        return self.game.render(None)

    def close(self):
        pass
