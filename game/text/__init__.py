"""The client's words, in the player's language: refusals and outcomes by code, screens by key.

`say(refusal)` is the one call every screen uses to show why not (scenes, coach, toasts, History,
online refusals and lobby errors); `tr(key, **params)` words a screen's key. Both read the catalogue
of the language in use (`use(lang)`), one PO file per language (game/text/po.py), read once.
A person named in `tr`'s parameters who is the viewer (game/text/persons.py) picks the key's
"@you" variant when the language has one: the grammar follows the mark, never a name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.text import po
from game.text.catalogue import YOU_SUFFIX, Catalogue
from game.text.locales import ENGLISH, LANGUAGES
from game.text.marked import mark_catalogue
from rules.errors import MalformedData
from rules.refusal import Refusal

UNKNOWN = Refusal("unknown")  # a message that carried no readable code (worded with the fallback)
_state: dict[str, Catalogue] = {}
_marking = {"on": False}  # the catalogue check's pseudo-language (game/text/marked.py): tests only


def _load(language: str) -> Catalogue:
    cat = po.load(language if language in LANGUAGES else ENGLISH)
    return mark_catalogue(cat) if _marking["on"] else cat


def catalogue() -> Catalogue:
    """The catalogue in use (English until `use` chooses another)."""
    found = _state.get("current")
    if found is None:
        found = _state["current"] = _load(ENGLISH)
    return found


def use(language: str) -> None:
    """Speak `language` from now on (one of LANGUAGES; anything else is English)."""
    _state["current"] = _load(language)


def marking(on: bool) -> None:
    """For the catalogue check only: from now on (until `marking(False)`) every letter the catalogue
    gives is marked, in whichever language is used (game/text/marked.py)."""
    _marking["on"] = on
    use(language())


def language() -> str:
    """The code of the language in use ("en", "de", ...)."""
    return catalogue().language


def say(refusal: Refusal) -> str:
    """The refusal in the player's language, as a sentence."""
    return catalogue().word(refusal)


def tr(key: str, **params: Any) -> str:
    """A screen's words for `key` with `params` filled in (the viewer as a parameter picks `key@you`)."""
    cat = catalogue()
    if any(getattr(value, "you", False) for value in params.values()):
        key = key + YOU_SUFFIX if key + YOU_SUFFIX in cat.screens else key
    template = cat.screens.get(key)
    if template is None:
        template = po.load(ENGLISH).screens[key]  # KeyError: a key no catalogue has is a bug of ours
    return cat.format(template, params)


def refusal_of(msg: Mapping[str, Any]) -> Refusal:
    """The refusal a relay message carries ({"code", "params"}); UNKNOWN when it carries none."""
    try:
        return Refusal.from_json(msg)
    except MalformedData:
        return UNKNOWN
