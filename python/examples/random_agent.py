"""A random agent: plays one game of every registered game, choosing uniformly among the legal
actions of the seat to act, and prints the outcome.

    python python/examples/random_agent.py
"""

import random

import boardroom

rng = random.Random(0)
for info in boardroom.games():
    game = boardroom.Game(info["id"], players=info["max_players"], seed=1)
    decisions = 0
    while not game.is_over():
        seat = rng.choice(game.to_act())          # who may act (several at once in The Boss)
        actions = game.legal_actions(seat)        # dicts: index, notation, label, ...
        game.apply(rng.choice(actions)["notation"], seat)
        decisions += 1
    print(f"{info['title']}: {decisions} decisions, outcome {game.outcome()}")
