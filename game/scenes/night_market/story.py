"""Plain words for Night Market events (log, recap, chip blurbs).

Only redacted events are turned into words, so nothing here can say more than the seat may know.
"""

from __future__ import annotations

from typing import Any, cast

from game.text.persons import verb
from rules.contract import Event
from rules.night_market.data import NAMES, PORTER, a_or_an, counted, kinds_words, plural

MOVES = ("took", "exchanged", "took_porters", "sold")


def kinds_text(cards: list[list[Any]]) -> str:
    """'2 Silks, Pearl' for a list of [id, kind]."""
    return kinds_words(kind for _, kind in cards)


def blurbs(event: Event) -> tuple[str, ...]:
    """What a move did, without the mover's name (for the merchant's chip): the full words first, then
    shorter forms that still say what was taken, for a chip too narrow for the full ones."""
    d = event.data
    if event.kind == "took":
        return (f"Took {a_or_an(NAMES[d['card'][1]])}",)
    if event.kind == "took_porters":
        n = len(d["cards"])
        return (f"Took {n} {plural(PORTER, n)}",)
    if event.kind == "exchanged":
        gave = [kinds_text(d["gave"])] if d["gave"] else []
        if d["porters"]:
            gave.append(f"{len(d['porters'])} {plural(PORTER, len(d['porters']))}")
        took = kinds_text(d["took"])
        given = counted(len(d["gave"]) + len(d["porters"]), "card")
        return (f"Swapped {', '.join(gave)} for {took}", f"Gave {given} for {took}",
                f"Gave {given} for {counted(len(d['took']), 'good')}")
    if event.kind == "sold":
        extra = " + bonus" if d["bonus"] else ""
        n = len(d["cards"])
        return (f"Sold {n} {plural(d['kind'], n)} for {counted(sum(d['coins']), 'coin')}{extra}",)
    return ("",)


def blurb(event: Event) -> str:
    """The full words for a move (the log and the merchant's details)."""
    return blurbs(event)[0]


def line(event: Event, names: tuple[str, str]) -> str | None:
    """The log line for an event (None for events the log does not mention)."""
    d = event.data
    if event.kind in MOVES:
        return f"{names[cast(int, event.seat)]}: {blurb(event)}."
    if event.kind == "round_started":
        first = names[d["starter"]]
        return f"Round {d['round']} begins. {first} {verb(first, 'starts', 'start')}."
    if event.kind == "round_ended":
        t = d["totals"]
        why = "three coin piles are empty" if d["reason"] == "coins" else "the market could not be refilled"
        won = names[d["winner"]]
        return f"Round {d['round']} ends ({why}): {won} {verb(won, 'wins', 'win')} the seal, {t[0]}–{t[1]}."
    if event.kind == "match_ended":
        s = d["seals"]
        won = names[d["winner"]]
        return f"{won} {verb(won, 'wins', 'win')} the match, {max(s)}–{min(s)} in seals."
    return None
