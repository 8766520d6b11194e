"""A test-only pseudo-language: a catalogue whose every letter is marked, so a screen shows which of
its words came from the catalogue (game/tools/catalogue_check.py).

Each letter of a message's own text becomes a symbol that is no letter (a circled letter for a
Latin one, "Sell" -> "\u24c8\u24d4\u24db\u24db", a circled asterisk for any other); format
fields, digits, spaces and punctuation are kept, so the marked catalogue formats, plurals and wraps
as its language does. A drawn text that still holds a letter was put
together outside the catalogue (a literal in the code), unless it is a name.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import replace

from game.text.catalogue import Catalogue, Noun

OTHER = "\u229b"  # circled asterisk: a letter outside A-Z and a-z (é, ß, ñ)
_kept: dict[str, Catalogue] = {}


def mark(words: str) -> str:
    """Every letter of `words` as its marked symbol (circled A-Z and a-z, OTHER for the rest)."""
    out = []
    for c in words:
        if "A" <= c <= "Z":
            out.append(chr(0x24B6 + ord(c) - ord("A")))
        elif "a" <= c <= "z":
            out.append(chr(0x24D0 + ord(c) - ord("a")))
        else:
            out.append(OTHER if c.isalpha() else c)
    return "".join(out)


def mark_template(template: str) -> str:
    """A template with its own text marked and its fields (`{kind:good}`) as they were."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        out.append(mark(literal).replace("{", "{{").replace("}", "}}"))
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def _noun(noun: Noun) -> Noun:
    return mark(noun) if isinstance(noun, str) else {category: mark(form) for category, form in noun.items()}


def mark_catalogue(cat: Catalogue) -> Catalogue:
    """`cat` with every message and noun marked (made once per language)."""
    found = _kept.get(cat.language)
    if found is None:
        nouns: Mapping[str, Mapping[str, Noun]] = {t: {v: _noun(n) for v, n in row.items()}
                                                   for t, row in cat.nouns.items()}
        found = _kept[cat.language] = replace(
            cat, templates={k: mark_template(v) for k, v in cat.templates.items()},
            screens={k: mark_template(v) for k, v in cat.screens.items()}, nouns=nouns,
            fallback=mark_template(cat.fallback))
    return found


SHAPE = re.compile(r"\d+x\d+")  # a size, "2x2": a number, not a word


def letters_left(words: str) -> str:
    """The letters of `words` that no marked catalogue gave ("" when every one came from it)."""
    return "".join(c for c in SHAPE.sub("", words) if c.isalpha())
