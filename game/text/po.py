"""Reading one language's catalogue from its PO files with Babel (game/text/locale/<lang>/*.po).

A language's words are split by area (core.po, night-market.po, ...) so each area can be revised on
its own; every PO file in the language's folder is read, and a key defined in two files is an error.

A message's context says what its id is: "code" (a refusal or outcome code), "screen" (a screen's
key) or "noun" (`table.value`, or `table.value[category]` for one plural form of it).

Parsing a PO file and loading Babel's locale data for its plural rule takes tens of milliseconds, so
what they give is kept as JSON in the data folder (catalogues/<lang>.json), stamped with the PO
files' sizes and times and Babel's version; a start-up reads that (about 2 ms) until the PO changes.
"""

from __future__ import annotations

import logging
import re
from functools import cache
from pathlib import Path
from typing import Any

import babel
from babel.plural import PluralRule

from game.services import paths
from game.services.files import BadFile, NoFile, read_json, write_json
from game.text.catalogue import Catalogue

log = logging.getLogger(__name__)

LOCALE_DIR = Path(__file__).with_name("locale")
FALLBACK = "online.not_now"  # the code whose words also word a code this build does not know
_FORM = re.compile(r"^(?P<key>[^\[]+)\[(?P<category>[a-z]+)\]$")
CACHE_BYTES = 2_000_000


class DuplicateKey(ValueError):
    """Two PO files of one language define the same message."""


def paths_of(language: str) -> list[Path]:
    """The language's PO files, in a fixed order."""
    return sorted((LOCALE_DIR / language).glob("*.po"))


@cache
def load(language: str) -> Catalogue:
    """The language's catalogue (read once per process; from the cache while its PO is unchanged)."""
    sources = paths_of(language)
    stamps = [f"{s.name}:{s.stat().st_size}:{s.stat().st_mtime_ns}" for s in sources]
    stamp = ";".join([*stamps, babel.__version__])
    cached = _cached(language, stamp)
    parsed = cached if cached is not None else parse(sources, language)
    if cached is None:
        _keep(language, dict(parsed, stamp=stamp))
    return Catalogue(language, parsed["templates"], parsed["screens"], parsed["nouns"],
                     parsed["templates"][FALLBACK], PluralRule(parsed["plural"]))


def parse(sources: list[Path], language: str) -> dict[str, Any]:
    """The PO files' messages sorted by context, and the language's CLDR plural rules (Babel's)."""
    from babel import Locale
    from babel.messages.pofile import read_po

    parsed: dict[str, Any] = {"templates": {}, "screens": {}, "nouns": {},
                              "plural": Locale.parse(language).plural_form.rules}
    seen: dict[tuple[str, str], str] = {}
    for source in sources:
        with source.open("rb") as handle:
            po = read_po(handle)
        for message in po:
            if not message.id or not isinstance(message.id, str) or not isinstance(message.string, str):
                continue
            key = (str(message.context), message.id)
            if key in seen:
                raise DuplicateKey(f"{key[0]} {key[1]!r} is in both {seen[key]} and {source.name}")
            seen[key] = source.name
            _add(parsed, message.context, message.id, message.string or message.id)  # never a blank
    return parsed


def _add(parsed: dict[str, Any], context: str | None, key: str, words: str) -> None:
    if context == "code":
        parsed["templates"][key] = words
    elif context == "screen":
        parsed["screens"][key] = words
    elif context == "noun":
        _add_noun(parsed["nouns"], key, words)


def _add_noun(nouns: dict[str, dict[str, Any]], key: str, words: str) -> None:
    form = _FORM.match(key)
    table, _, value = (form.group("key") if form else key).partition(".")
    row = nouns.setdefault(table, {})
    if form is None:
        row[value] = words
    else:
        row.setdefault(value, {})[form.group("category")] = words


def _cache_path(language: str) -> Path:
    return paths.data_dir() / "catalogues" / f"{language}.json"


def _keep(language: str, parsed: dict[str, Any]) -> None:
    """Keep the parsed catalogue for the next start-up (an unwritable data folder only costs time)."""
    try:
        path = _cache_path(language)
        path.parent.mkdir(exist_ok=True)
    except OSError as exc:
        log.info("catalogue cache not kept: %s", exc)
        return
    write_json(path, parsed)


def _cached(language: str, stamp: str) -> dict[str, Any] | None:
    try:
        found = read_json(_cache_path(language), CACHE_BYTES)
    except (NoFile, BadFile, OSError):
        return None
    if not isinstance(found, dict) or found.get("stamp") != stamp:
        return None
    return found
