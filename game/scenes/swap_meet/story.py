"""Plain words for Swap Meet events: the floor feed. Only redacted events reach it.

The viewer's own seat may be addressed as "You" (one person against bots: game/text/persons.py):
the words then follow English grammar ("You offer", "your contract"), not the third person.
"""

from __future__ import annotations

from typing import Any

from game.scenes.swap_meet.model import RES_NAME, of_kind
from game.text.persons import their, verb, whom, whose
from rules.swap_meet.data import ACTION_TITLES


def feed_line(event: Any, names: list[str]) -> str | None:
    """One public line about an event for the floor feed (None: nothing worth saying)."""
    d, who = event.data, names[event.seat] if event.seat is not None else ""
    kind = event.kind
    if kind == "offer_open":
        return f"{who} {verb(who, 'offers', 'offer')} {of_kind(d['count'], d['kind'])}"
    if kind == "offer_pulled":
        return f"{who} pulled {their(who)} offer"
    if kind == "swap":
        n = d["count"]
        return f"{who} swapped {of_kind(n, d['give'])} for {whose(names[d['target']])} {of_kind(n, d['got'])}"
    if kind == "crash":
        return f"{who} crashed {RES_NAME[d['kind']]} to {d['multiplier']:.2f}×"
    if kind == "peek":
        return f"{who} peeked at {whose(names[d['target']])} contract"
    if kind == "audit_discard":
        return f"Tax audit: {whom(who)} {verb(who, 'discards', 'discard')} a {RES_NAME[d['kind']]}"
    if kind == "takeover":
        return f"{who} took a card from {whom(names[d['target']])}"
    if kind == "action_played":
        return f"{who} {verb(who, 'plays', 'play')} {ACTION_TITLES[d['card']]}"
    if kind == "round_start":
        return f"Round {d['round']} — trading is open"
    return None
