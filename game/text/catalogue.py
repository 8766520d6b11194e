"""A catalogue: one language's words for refusal and outcome codes (rules/refusal.py), for screen
keys, and its noun tables; read from that language's PO file (game/text/locale/<lang>/*.po).

The rules and the relay say why as a code with parameters; the client words it here, in the
player's language. Every language has the same keys: the templates use only the parameters the
code (or the screen) passes, so a translation never needs the rules' help.

A template is `str.format` text whose fields are parameter names. A field's format spec names a
noun table of the same catalogue, for parameters that are identifiers rather than numbers:
  {kind:good}           the `good` table's word for the value ("silk" -> "Silk")
  {kind:resource/count} the table's form for the value chosen by the `count` parameter's plural category
  {take:#card}          the number with the `count` table's noun in its plural form: "1 card", "3 cards"
  {minutes:duration}    whole minutes as days, hours or minutes with the `unit` table ("2 d 4 h", "12 min")
A noun is one word, or its forms by CLDR plural category ("one", "few", "many", "other"), chosen by
Babel's plural rule for the language (`babel.Locale.parse(lang).plural_form`).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.refusal import Refusal

Noun = str | Mapping[str, str]  # a word, or its forms by plural category
COUNT = "count"  # the noun table that counted fields (`#noun`) read
DURATION, UNIT = "duration", "unit"  # the spec for a time left, and the table of its units
YOU_SUFFIX = "@you"  # a screen key's variant for when a person it names is the viewer (game/text/persons.py)


@dataclass(frozen=True)
class Catalogue:
    """One language's words: `templates` by code, `screens` by screen key, `nouns` by table then
    value; `fallback` words a code this build does not know (a newer relay's); `plural` maps a
    number to its plural category."""

    language: str
    templates: Mapping[str, str]
    screens: Mapping[str, str]
    nouns: Mapping[str, Mapping[str, Noun]]
    fallback: str
    plural: Callable[[float], str]

    def word(self, refusal: Refusal) -> str:
        """The refusal as a sentence for the player (the fallback for an unknown code or parameters)."""
        template = self.templates.get(refusal.code)
        if template is None:
            return self.fallback
        try:
            return self.format(template, refusal.params)
        except (KeyError, IndexError, ValueError, TypeError):
            return self.fallback  # a code of ours with parameters we do not expect (another build's)

    def format(self, template: str, params: Mapping[str, Any]) -> str:
        """`template` with its fields filled from `params` (KeyError for a missing one)."""
        return _Formatter(self, params).vformat(template, (), params)

    def form(self, noun: Noun, count: float | None = None) -> str:
        """A noun's form for `count` (its "one" form without a count)."""
        if isinstance(noun, str):
            return noun
        return noun["one"] if count is None else noun.get(self.plural(count), noun["other"])


class _Formatter(string.Formatter):
    """`str.format` whose format spec names a noun table (see the module docstring)."""

    def __init__(self, catalogue: Catalogue, params: Mapping[str, Any]) -> None:
        self.catalogue, self.params = catalogue, params

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return str(value)
        cat, nouns = self.catalogue, self.catalogue.nouns
        if format_spec == DURATION:
            return _duration(int(value), nouns[UNIT], cat)
        if format_spec.startswith("#"):
            return f"{value} {cat.form(nouns[COUNT][format_spec[1:]], value)}"
        table, _, by = format_spec.partition("/")
        return cat.form(nouns[table][str(value)], self.params[by] if by else None)


def _duration(minutes: int, unit: Mapping[str, Noun], cat: Catalogue) -> str:
    """Time left as a player reads it: "2 d 4 h", "2 d", "5 h", "12 min" (at least 1 min)."""
    days, hours = divmod(max(0, minutes) // 60, 24)
    d, h, m = (cat.form(unit[u]) for u in ("d", "h", "min"))
    if days:
        return f"{days} {d} {hours} {h}" if hours else f"{days} {d}"
    return f"{hours} {h}" if hours else f"{max(1, minutes)} {m}"


def fields(template: str) -> tuple[set[str], set[str]]:
    """The parameter names a template reads (its fields, and those its plural choices name), and
    the noun tables it reads (`#x` as the count table's entry x)."""
    names: set[str] = set()
    tables: set[str] = set()
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is None:
            continue
        names.add(field)
        if spec == DURATION:
            tables.add(UNIT)
        elif spec and spec.startswith("#"):
            tables.add(f"{COUNT}.{spec[1:]}")
        elif spec:
            table, _, by = spec.partition("/")
            tables.add(table)
            if by:
                names.add(by)
    return names, tables


def specs(template: str) -> list[tuple[str, str]]:
    """Every (field, format spec) a template uses, once each: two languages' templates for one key
    must use the same set (a translation may reorder them)."""
    found = {(field, spec or "") for _, field, spec, _ in string.Formatter().parse(template) if field is not None}
    return sorted(found)
