"""Composite actions: a move as a vector of small fields (The Boss: an offer of any terms).

A game's composite action (``Game.composite_fields()``: ``(name, number of values)`` per field,
empty for games without one) is a ``MultiDiscrete``-like vector, one whole number per field.
``Game.composite_mask(seat)`` gives, field after field, the values some legal vector could hold
now (each field on its own: the whole vector's legality is checked when it is played, and an
illegal one is refused with the rule it breaks, nothing changed). ``Game.apply_composite(fields,
seat)`` plays a vector, ``Game.composite_notation(fields, seat)`` writes the move it names and
``Game.composite_of(notation, seat)`` reads a move back into its vector (None when the fields
cannot name it); ``Game.check_composite(fields, seat)`` checks a vector without playing it. The environments and ``VecGame`` take the same vectors; see
``docs/ai-builders.md`` for The Boss's fields.
"""

import numpy as np

from ._boardroom import IllegalActionError

__all__ = ["field_sizes", "split_mask", "sample_composite"]


def field_sizes(game):
    """The number of values of each composite field of ``game`` (a list; empty when none)."""
    return [size for _, size in game.composite_fields()]


def split_mask(game, mask):
    """``mask`` (``Game.composite_mask``'s array, or a row of ``VecGame``'s) as one bool array
    per field."""
    sizes = field_sizes(game)
    return np.split(np.asarray(mask, dtype=bool), np.cumsum(sizes)[:-1]) if sizes else []


def sample_composite(game, seat, rng, tries=200, keep=0.85):
    """A random legal composite vector for ``seat`` drawn from its masks, or None when none was
    found in ``tries`` draws: each field keeps its 0 with probability ``keep`` (when its mask
    allows 0), else takes a uniformly drawn value its mask allows; the partner field is always
    drawn. Every draw is checked with ``Game.check_composite``, so the vector returned is legal
    now."""
    names = [name for name, _ in game.composite_fields()]
    masks = split_mask(game, game.composite_mask(seat))
    if not masks or not all(m.any() for m in masks):
        return None
    for _ in range(tries):
        fields = []
        for name, m in zip(names, masks):
            allowed = np.flatnonzero(m)
            if m[0] and name != "partner" and rng.random() < keep:
                fields.append(0)
            else:
                fields.append(int(allowed[rng.integers(len(allowed))]))
        try:
            game.check_composite(fields, seat)
        except IllegalActionError:
            continue
        return fields
    return None
