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
"""

from ._boardroom import NotationError

__all__ = ["to_notation", "quote"]


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
