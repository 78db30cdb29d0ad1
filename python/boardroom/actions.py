"""The clause form of actions: structured actions (such as The Boss's offers) written as a dict,
turned into the game's notation.

Every game's notation is a verb, its arguments, then named clauses, each a word followed by its
items (``bid 3``, ``place red W9``, ``offer 2 give $300 10sh take COL#14 note "deal?"``). The
dict form spells out exactly that, in order:

* ``"verb"``: the first word (``"offer"``, ``"counter"``, ``"bid"``…);
* ``"args"`` (optional): a list of the arguments after the verb (``[2]``);
* every other key, in the dict's order, is a clause: the key, then its value —
  a number or a word (``str``) is written as is, a list is written item by item (each a
  number, a word, or a text), ``{"text": "..."}`` is a quoted text, ``True`` writes the key
  alone, ``False`` or ``None`` leaves the clause out.

Items are written in the game's notation (The Boss: ``$300``, ``20sh``, ``COL#14``, ``E8#17``,
``fate``, ``vote:against``, ``fire:1``; see its notation document). Clauses must be given in
the order the game's notation lists them; the game reads the text and refuses (with
:class:`boardroom.NotationError` or :class:`boardroom.IllegalActionError` naming the rule) what
it does not accept. Example, an offer of The Boss::

    {"verb": "offer", "args": [2], "give": ["$300", "10sh"], "take": ["COL#14"],
     "note": {"text": "deal?"}}
    # -> offer 2 give $300 10sh take COL#14 note "deal?"

    {"verb": "offer", "args": [1], "take": ["fate"],
     "promise": [0, "favour", {"text": "I will not fire you next turn"}], "pledge": ["$100"]}
    # -> offer 1 take fate promise 0 favour "I will not fire you next turn" pledge $100

The Boss's fixed action space also builds offers by id (its offer builder, ids 403–1938): one
item for a price, to a partner. :func:`the_boss_offer_id` computes the id from its parts (and
:func:`the_boss_offer_parts` reads them back), so that a policy may choose the partner, the
item, who gives it and the price::

    from boardroom.actions import the_boss_offer_id
    # buy a COL card from the player two places to my left for $100
    i = the_boss_offer_id(partner=2, item="COL", direction="buy", price=100)   # 1064
    if game.action_mask(seat)[i]:
        game.step(i, seat)   # to seat (seat + 2) % players: give $100, take their lowest COL card
"""

import operator

from ._boardroom import IllegalActionError, NotationError

__all__ = [
    "to_notation",
    "quote",
    "the_boss_offer_id",
    "the_boss_offer_parts",
    "THE_BOSS_FIRST_OFFER_ID",
    "THE_BOSS_OFFER_ITEMS",
    "THE_BOSS_PRICE_LADDER",
]

#: The first id of The Boss's offer builder (``crates/theboss/src/offer_space.rs``).
THE_BOSS_FIRST_OFFER_ID = 403
#: The builder's items, by number: 1, 2 and 5 share lots (10, 20, 50 shares with the default
#: data), an Experience card of each kind, an Executive card of each number, the held Fate card,
#: a vote in the lobbying meeting (FOR when the payer called it, AGAINST when the payer is its
#: target) and a promise of the active player not to fire the payer.
THE_BOSS_OFFER_ITEMS = ("10sh", "20sh", "50sh", "HS", "COL", "OB", "HC", "OS", "DM",
                        "E5", "E6", "E7", "E8", "fate", "vote", "not-fire")
#: The price ladder, in cash steps ($10 each with the default data).
THE_BOSS_PRICE_LADDER = (1, 2, 3, 5, 7, 10, 15, 20, 25, 30, 40, 50, 70, 100, 150, 250)
_DIRECTIONS = ("sell", "buy")


def _whole(value):
    """``value`` as an ``int`` when it is a whole number (NumPy's too), else ``None``."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def the_boss_offer_id(partner, item, direction, price, cash_step=10):
    """The Boss's action id of the built offer to the seat ``partner`` (1–3) places to the
    offerer's left, of ``item`` (a name of :data:`THE_BOSS_OFFER_ITEMS` or its number),
    ``direction`` ``"sell"`` (the offerer gives the item and takes the price) or ``"buy"`` (takes
    the item and gives the price), at ``price`` dollars, a rung of the ladder times
    ``cash_step``. The id is ``403 + (((partner − 1) × 16 + item) × 2 + direction) × 16 +
    rung``; whether the offer is legal now is the mask's to say. Parts out of range raise
    :class:`boardroom.IllegalActionError` naming them."""
    p = _whole(partner)
    if p is None or not 1 <= p <= 3:
        raise IllegalActionError(f"partner must be 1, 2 or 3 places to the left, not {partner!r}")
    k = THE_BOSS_OFFER_ITEMS.index(item) if isinstance(item, str) and item in \
        THE_BOSS_OFFER_ITEMS else _whole(item)
    if k is None or not 0 <= k < 16:
        raise IllegalActionError(
            f"unknown item {item!r}: one of {', '.join(THE_BOSS_OFFER_ITEMS)} or its number 0-15"
        )
    if not isinstance(direction, str) or direction not in _DIRECTIONS:
        raise IllegalActionError(f'direction must be "sell" or "buy", not {direction!r}')
    ladder = [r * cash_step for r in THE_BOSS_PRICE_LADDER]
    dollars = _whole(price)
    if dollars is None or dollars not in ladder:
        raise IllegalActionError(
            f"price {price!r} is not on the ladder: {', '.join(f'${x}' for x in ladder)}"
        )
    rung = ladder.index(dollars)
    return (THE_BOSS_FIRST_OFFER_ID
            + (((p - 1) * 16 + k) * 2 + _DIRECTIONS.index(direction)) * 16 + rung)


def the_boss_offer_parts(action_id, cash_step=10):
    """The parts of The Boss's builder id ``action_id``: a dict with ``partner``, ``item`` (its
    name), ``direction`` and ``price`` (dollars), as :func:`the_boss_offer_id` takes them.
    An id outside the builder raises :class:`boardroom.IllegalActionError`."""
    first = THE_BOSS_FIRST_OFFER_ID
    i = _whole(action_id)
    if i is None or not first <= i < first + 3 * 16 * 2 * 16:
        raise IllegalActionError(
            f"action id {action_id!r} is not an id of The Boss's offer builder "
            f"({first} to {first + 3 * 16 * 2 * 16 - 1})"
        )
    rest, rung = divmod(i - first, 16)
    rest, direction = divmod(rest, 2)
    partner, item = divmod(rest, 16)
    return {
        "partner": partner + 1,
        "item": THE_BOSS_OFFER_ITEMS[item],
        "direction": _DIRECTIONS[direction],
        "price": THE_BOSS_PRICE_LADDER[rung] * cash_step,
    }


def quote(text):
    """``text`` as a quoted text of the notation (``"`` and ``\\`` escaped)."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


def _item(value, where):
    if isinstance(value, bool):
        raise NotationError(f"{where}: a clause item cannot be a bool")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        if not value or any(c.isspace() or c == '"' for c in value):
            raise NotationError(
                f"{where}: the word {value!r} is empty or holds spaces or quotes; "
                'write a text as {"text": ...}'
            )
        return value
    if isinstance(value, dict) and set(value) == {"text"}:
        return quote(value["text"])
    raise NotationError(
        f"{where}: an item is a number, a word or {{'text': ...}}, not {type(value).__name__}"
    )


def to_notation(action):
    """The notation of an action given in the clause form (see the module's documentation)."""
    if not isinstance(action, dict):
        raise NotationError(f"the clause form is a dict, not {type(action).__name__}")
    verb = action.get("verb")
    if not isinstance(verb, str) or not verb.strip():
        raise NotationError('the clause form needs a "verb" (a word, e.g. "offer")')
    words = [_item(verb.strip(), "verb")]
    args = action.get("args", [])
    if not isinstance(args, (list, tuple)):
        args = [args]
    words += [_item(a, "args") for a in args]
    for key, value in action.items():
        if key in ("verb", "args"):
            continue
        if value is None or value is False:
            continue
        clause = _item(key, "clause name")
        if value is True:
            words.append(clause)
            continue
        items = value if isinstance(value, (list, tuple)) else [value]
        if not items:
            continue
        words.append(clause)
        words += [_item(v, key) for v in items]
    return " ".join(words)
