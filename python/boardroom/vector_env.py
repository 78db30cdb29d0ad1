"""A Gymnasium ``VectorEnv`` over :class:`boardroom.VecGame`: ``num_envs`` games stepped in one
call inside Rust, in self-play (the agent decides for whichever seat is to act in each game).

``BoardroomVectorEnv(game="big-boss", num_envs=16, players=None, options=None, seed=0,
action_space="fixed", observations=True, show_seeds=False)``; it is also what
``gymnasium.make_vec("boardroom/BigBoss-v0", num_envs=n)`` gives (and ``BigShot``,
``TheBoss``). Each step takes one action id per game (an array of shape ``(num_envs,)``, legal
in that game's ``infos["action_mask"]`` row) and returns copies of:

* observations ``(num_envs, observation_size)`` float32: what the seat to act next in each game
  may know (its ``infos["actor"]``);
* rewards ``(num_envs,)`` float32: the reward of the seat that just acted, given on the step its
  game ends (1 for a sole win, 1/k for a shared title, else 0); ``infos["rewards"]`` holds every
  seat's ``(num_envs, players)``;
* terminations ``(num_envs,)``: the game ended on this step; truncations are always false.

A finished game is replaced at once by a new one (game ``i`` plays seeds ``s + i``,
``s + i + num_envs``, …), so the observation returned with a termination is already the new
game's first one (Gymnasium's same-step autoreset, ``metadata["autoreset_mode"]``).
``reset(seed=s)`` starts every game again from seeds ``s, s + 1, …``. The games' seeds are not in
``infos`` unless ``show_seeds=True`` (with a seed and the public moves an agent could rebuild
every hidden card). Illegal actions raise :class:`boardroom.IllegalActionError` and change
nothing.
"""

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._boardroom import VecGame

__all__ = ["BoardroomVectorEnv"]


class BoardroomVectorEnv(VectorEnv):
    """``num_envs`` games of one configuration in self-play (see the module's documentation)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game="big-boss", num_envs=16, players=None, options=None, seed=0,
                 action_space="fixed", observations=True, render_mode=None, show_seeds=False):
        if render_mode is not None:
            raise ValueError("BoardroomVectorEnv has no render modes")
        self.render_mode = None
        self._spec = dict(game=game, n=int(num_envs), players=players, options=options,
                          action_space=action_space, observations=observations,
                          show_seeds=show_seeds)
        self.vec = VecGame(seed=int(seed), **self._spec)
        self.num_envs = len(self.vec)
        self.single_observation_space = spaces.Box(
            -np.inf, np.inf, (self.vec.observation_size,), np.float32)
        self.single_action_space = spaces.Discrete(self.vec.max_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def _infos(self, out):
        infos = {"action_mask": out["mask"].copy(), "actor": out["actor"].copy(),
                 "rewards": out["rewards"].copy()}
        # Seeds only on request: with a game's seed an agent could rebuild its hidden cards.
        if "seed" in out:
            infos["seed"] = out["seed"].copy()
        return infos

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self.vec = VecGame(seed=int(seed), **self._spec)
            self._np_random_seed = int(seed)
        out = self.vec.arrays()
        return out["obs"].copy(), self._infos(out)

    def step(self, actions):
        before = self.vec.arrays()["actor"].copy()
        out = self.vec.step(np.asarray(actions))
        rewards = out["rewards"][np.arange(self.num_envs), before].astype(np.float32)
        done = out["done"].copy()
        return (out["obs"].copy(), rewards, done, np.zeros_like(done), self._infos(out))
