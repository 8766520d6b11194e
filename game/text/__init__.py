"""The client's words for codes: refusals from the rules, this device's tables and the relay.

`say(refusal)` is the one call every screen uses to show why not (scenes, coach, toasts, History,
online refusals and lobby errors). Only English exists so far (game/text/english.py); another
language is a second catalogue with the same keys, chosen here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.text.catalogue import Catalogue
from game.text.english import ENGLISH
from rules.errors import MalformedData
from rules.refusal import Refusal

UNKNOWN = Refusal("unknown")  # a message that carried no readable code (worded with the fallback)
CATALOGUES: dict[str, Catalogue] = {ENGLISH.language: ENGLISH}
_current = ENGLISH


def say(refusal: Refusal) -> str:
    """The refusal in the player's language, as a sentence."""
    return _current.word(refusal)


def refusal_of(msg: Mapping[str, Any]) -> Refusal:
    """The refusal a relay message carries ({"code", "params"}); UNKNOWN when it carries none."""
    try:
        return Refusal.from_json(msg)
    except MalformedData:
        return UNKNOWN
