"""The learning example (python/examples/expert_iteration.py): its agent decides from its seat's
observation only, and a short run goes through training and evaluation."""

import importlib.util
import os
import random

import numpy as np

import boardroom
from conftest import play_random

_PATH = os.path.join(os.path.dirname(__file__), "..", "examples", "expert_iteration.py")


def _load():
    spec = importlib.util.spec_from_file_location("expert_iteration", _PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _trained_net(ex):
    """A network with non-trivial weights: a tiny training run."""
    args = ex.parse_args(["--seed", "3", "--cpu-minutes", "0.002", "--games", "8",
                          "--steps", "4", "--level", "ismcts:20", "--play-level", "ismcts:20",
                          "--updates", "5", "--batch", "16", "--probe", "2", "--hidden", "16",
                          "--buffer", "64"])
    net, _ = ex.train(args, log=lambda *a, **k: None)
    return net


def _agent_choice(ex, net, game, seat, seed):
    """The agent's decision as the example makes it: the seat's search, guided by the network's
    scores of the seat's observation."""
    obs = game.observation_array(seat)[None, :]
    mask = game.action_mask(seat)[None, :]

    def search(prior):
        t = game.search_targets(seat, seed=seed, level="ismcts:50", prior=prior[0])
        return t["policy"][None, :]

    return int(ex.agent_choice(net, obs, mask, search, 0.5)[0])


def test_the_agent_decides_the_same_whatever_the_hidden_information():
    """Re-drawing everything the seat may not know (the other seat's hand, the deck's order)
    leaves the network's scores and the agent's choice unchanged, and re-drawing changes the
    state."""
    ex = _load()
    net = _trained_net(ex)
    rng = random.Random(5)
    checked = differed = 0
    for seed in range(6):
        game = boardroom.Game("big-boss", players=2, seed=seed)
        play_random(game, rng, max_decisions=rng.randrange(0, 150))
        if game.is_over():
            continue
        for seat in game.to_act():
            obs = game.observation_array(seat)[None, :]
            mask = game.action_mask(seat)[None, :]
            scores = net.scores(obs, mask)
            choice = int(net.act(obs, mask)[0])
            assert mask[0, choice]
            agent = _agent_choice(ex, net, game, seat, seed)
            assert mask[0, agent]
            for k in range(4):
                other = game.sample_hidden(seat, seed=1000 * seed + k)
                differed += other.to_position() != game.to_position()
                o = other.observation_array(seat)[None, :]
                m = other.action_mask(seat)[None, :]
                assert np.array_equal(net.scores(o, m), scores)
                assert int(net.act(o, m)[0]) == choice
                assert _agent_choice(ex, net, other, seat, seed) == agent
            checked += 1
    assert checked >= 4
    assert differed > 0, "sampling never changed a hidden part: the check checked nothing"


def test_a_short_run_trains_and_evaluates(capsys):
    ex = _load()
    wins, n = ex.main(["--seed", "2", "--iterations", "2", "--games", "8", "--steps", "4",
                       "--level", "ismcts:20", "--play-level", "ismcts:20", "--updates", "5",
                       "--batch", "16", "--probe", "2", "--eval", "4", "--hidden", "16",
                       "--buffer", "64", "--reference", "--baseline-eval", "2"])
    assert n == 4 and 0.0 <= wins <= 4.0
    text = capsys.readouterr().out
    assert "iteration 2:" in text and "iteration 3:" not in text
    assert "over 4 games" in text and "95% Wilson" in text
    assert "the network alone" in text and "search alone" in text
    assert "search guided by the ismcts:20 search" in text
    assert "search guided by an even prior" in text
    assert "game by game on the same seeds" in text
    # The yardstick: the agent and the network alone against every policy of the gauntlet.
    assert "against the gauntlet's policies, 2 games each" in text
    for policy in boardroom.policies("big-boss"):
        line = next(x for x in text.splitlines() if x.startswith(f"  {policy}: "))
        assert "agent " in line and "network alone " in line


def test_a_saved_network_loads_and_plays_the_same(tmp_path, capsys):
    """``--save`` writes the trained network; ``--load`` evaluates it without training, and
    the loaded network scores every state as the saved one did."""
    ex = _load()
    net = _trained_net(ex)
    path = str(tmp_path / "net.npz")
    net.save(path)
    vec = boardroom.VecGame("big-boss", 4, players=2, seed=9)
    back = ex.PolicyNet.load(path, vec.observation_size, vec.max_actions)
    out = vec.arrays()
    assert np.array_equal(back.scores(out["obs"], out["mask"]), net.scores(out["obs"], out["mask"]))
    wins, n = ex.main(["--load", path, "--play-level", "ismcts:20", "--eval", "4",
                       "--baseline-eval", "0"])
    assert n == 4 and 0.0 <= wins <= 4.0
    text = capsys.readouterr().out
    assert f"loaded the network from {path}" in text and "iteration" not in text
    other = boardroom.VecGame("the-boss", 1, players=2)
    try:
        ex.PolicyNet.load(path, other.observation_size, other.max_actions)
    except ValueError as e:
        assert "observation values" in str(e)
    else:
        raise AssertionError("a network for another game loaded")
    junk = tmp_path / "junk.npz"
    junk.write_text("not a network")
    try:
        ex.main(["--load", str(junk), "--eval", "2"])
    except SystemExit as e:
        assert "not a network written by --save" in str(e)
    else:
        raise AssertionError("a file that is no network loaded")
