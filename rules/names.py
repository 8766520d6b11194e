"""Players' names: how long they may be and which characters they may hold, for the client and the relay.

A name is what people type in the seat setup (kept per device) and what the relay seats them by. It
is shown on every table, in the lobby and in the match record, so it is short, one line, and made of
letters, digits, spaces and a little punctuation: no control or formatting characters (a right-to-left
override would turn the words around it), no markup.
"""

from __future__ import annotations

import unicodedata

NAME_MAX = 16  # characters: fits a seat panel, a rival's row and the Final Show's table
BOT_NAMES = ("Aster", "Basil", "Cobalt", "Dune", "Ember", "Fern")  # the same in every language; no good or stamp word
PUNCTUATION = frozenset(" -'’._&!?")
LETTERS = ("L", "N", "M")  # Unicode categories: letters, numbers, combining marks (accents)


def allowed(ch: str) -> bool:
    """True for a character a name may hold."""
    return ch in PUNCTUATION or unicodedata.category(ch)[0] in LETTERS


def tidy(raw: str) -> str:
    """`raw` with its spaces trimmed and runs of spaces made one (what is kept of what was typed)."""
    return " ".join(raw.split())


def valid(name: object) -> bool:
    """True for a name as it travels: tidy, 1 to NAME_MAX characters, every one allowed."""
    return isinstance(name, str) and 0 < len(name) <= NAME_MAX and name == tidy(name) \
        and any(unicodedata.category(ch)[0] in "LN" for ch in name) and all(allowed(ch) for ch in name)


def or_default(raw: str, default: str) -> str:
    """The typed name made tidy, or `default` when nothing usable was typed."""
    name = tidy("".join(ch for ch in raw if allowed(ch)))[:NAME_MAX].strip()
    return name if valid(name) else default


def free_bot_name(taken: list[str]) -> str:
    """The first bot name no seat has (any case); numbered when all six are taken ("Aster 7")."""
    used = {name.casefold() for name in taken}
    free = [name for name in BOT_NAMES if name.casefold() not in used]
    return free[0] if free else f"{BOT_NAMES[len(taken) % len(BOT_NAMES)]} {len(taken) + 1}"
