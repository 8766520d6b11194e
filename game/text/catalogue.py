"""A catalogue: refusal and outcome codes (rules/refusal.py) -> templates with named placeholders.

The rules and the relay say why as a code with parameters; the client words it here, in the
player's language. Another language is a second `Catalogue` with the same keys: the templates use
only the parameters the code declares, so a translation never needs the rules' help.

A template is `str.format` text whose fields are the code's parameter names. A field's format spec
names a noun table of the same catalogue, for parameters that are identifiers rather than numbers:
  {kind:good}          the `good` table's word for the value ("silk" -> "Silk")
  {kind:resource/count} the table's (one, other) pair for the value, chosen by the `count` parameter
  {take:#card}         the number with the `count` table's (one, other) noun: "1 card", "3 cards"
  {minutes:duration}   whole minutes as days, hours or minutes with the `unit` table ("2 d 4 h", "12 min")
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.refusal import Refusal

Noun = str | tuple[str, str]  # a word, or its (one, other) forms
COUNT = "count"  # the noun table that counted fields (`#noun`) read
DURATION, UNIT = "duration", "unit"  # the spec for a time left, and the table of its units


@dataclass(frozen=True)
class Catalogue:
    """One language's words for every code: `templates` by code, `nouns` by table then value;
    `fallback` words a code this build does not know (a newer relay's)."""

    language: str
    templates: Mapping[str, str]
    nouns: Mapping[str, Mapping[str, Noun]]
    fallback: str

    def word(self, refusal: Refusal) -> str:
        """The refusal as a sentence for the player (the fallback for an unknown code or parameters)."""
        template = self.templates.get(refusal.code)
        if template is None:
            return self.fallback
        try:
            return _Formatter(self, refusal.params).vformat(template, (), refusal.params)
        except (KeyError, IndexError, ValueError, TypeError):
            return self.fallback  # a code of ours with parameters we do not expect (another build's)


class _Formatter(string.Formatter):
    """`str.format` whose format spec names a noun table (see the module docstring)."""

    def __init__(self, catalogue: Catalogue, params: Mapping[str, Any]) -> None:
        self.catalogue, self.params = catalogue, params

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return str(value)
        nouns = self.catalogue.nouns
        if format_spec == DURATION:
            return _duration(int(value), nouns[UNIT])
        if format_spec.startswith("#"):
            one, other = _forms(nouns[COUNT][format_spec[1:]])
            return f"{value} {one if value == 1 else other}"
        table, _, by = format_spec.partition("/")
        one, other = _forms(nouns[table][str(value)])
        return other if by and self.params[by] != 1 else one


def _duration(minutes: int, unit: Mapping[str, Noun]) -> str:
    """Time left as a player reads it: "2 d 4 h", "2 d", "5 h", "12 min" (at least 1 min)."""
    days, hours = divmod(max(0, minutes) // 60, 24)
    d, h, m = (_forms(unit[u])[0] for u in ("d", "h", "min"))
    if days:
        return f"{days} {d} {hours} {h}" if hours else f"{days} {d}"
    return f"{hours} {h}" if hours else f"{max(1, minutes)} {m}"


def _forms(noun: Noun) -> tuple[str, str]:
    return (noun, noun) if isinstance(noun, str) else noun


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
