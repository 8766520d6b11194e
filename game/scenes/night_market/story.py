"""Plain words for Night Market events (log, recap, chip blurbs).

Only redacted events are turned into words, so nothing here can say more than the seat may know.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from rules.contract import Event
from rules.night_market.data import NAMES, PORTER, plural

MOVES = ("took", "exchanged", "took_porters", "sold")


def kinds_text(cards: list[list[Any]]) -> str:
    """'2 Silk, Pearl' for a list of [id, kind]."""
    counts = Counter(kind for _, kind in cards)
    return ", ".join(f"{n} {plural(k, n)}" if n > 1 else NAMES[k] for k, n in counts.items())


def blurb(event: Event) -> str:
    """What a move did, without the mover's name (for the merchant's chip)."""
    d = event.data
    if event.kind == "took":
        name = NAMES[d["card"][1]]
        return f"Took {'an' if name[0] in 'AEIOU' else 'a'} {name}"
    if event.kind == "took_porters":
        n = len(d["cards"])
        return f"Took {n} {plural(PORTER, n)}"
    if event.kind == "exchanged":
        gave = [kinds_text(d["gave"])] if d["gave"] else []
        if d["porters"]:
            gave.append(f"{len(d['porters'])} {plural(PORTER, len(d['porters']))}")
        return f"Swapped {', '.join(gave)} for {kinds_text(d['took'])}"
    if event.kind == "sold":
        extra = " + bonus" if d["bonus"] else ""
        n = len(d["cards"])
        return f"Sold {n} {plural(d['kind'], n)} for {sum(d['coins'])}{extra}"
    return ""


def line(event: Event, names: tuple[str, str]) -> str | None:
    """The log line for an event (None for events the log does not mention)."""
    d = event.data
    if event.kind in MOVES:
        return f"{names[cast(int, event.seat)]}: {blurb(event)}."
    if event.kind == "round_started":
        return f"Round {d['round']} begins. {names[d['starter']]} starts."
    if event.kind == "round_ended":
        t = d["totals"]
        why = "three coin piles are empty" if d["reason"] == "coins" else "the market could not be refilled"
        return f"Round {d['round']} ends ({why}): {names[d['winner']]} wins the seal, {t[0]}–{t[1]}."
    if event.kind == "match_ended":
        s = d["seals"]
        return f"{names[d['winner']]} wins the match, {max(s)}–{min(s)} in seals."
    return None
