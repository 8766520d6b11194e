"""Plain words for Swap Meet events: the floor feed. Only redacted events reach it."""

from __future__ import annotations

from typing import Any

from game.scenes.swap_meet.model import RES_NAME
from rules.swap_meet.data import ACTION_TITLES


def feed_line(event: Any, names: list[str]) -> str | None:
    """One public line about an event for the floor feed (None: nothing worth saying)."""
    d, who = event.data, names[event.seat] if event.seat is not None else ""
    kind = event.kind
    if kind == "offer_open":
        return f"{who} offers {d['count']} {RES_NAME[d['kind']]}"
    if kind == "offer_pulled":
        return f"{who} pulled their offer"
    if kind == "swap":
        n = d["count"]
        return f"{who} swapped {n} {RES_NAME[d['give']]} for {names[d['target']]}'s {n} {RES_NAME[d['got']]}"
    if kind == "crash":
        return f"{who} crashed {RES_NAME[d['kind']]} to {d['multiplier']:.2f}×"
    if kind == "peek":
        return f"{who} peeked at {names[d['target']]}'s contract"
    if kind == "audit_discard":
        return f"Tax audit: {who} discards a {RES_NAME[d['kind']]}"
    if kind == "takeover":
        return f"{who} took a card from {names[d['target']]}"
    if kind == "action_played":
        return f"{who} plays {ACTION_TITLES[d['card']]}"
    if kind == "round_start":
        return f"Round {d['round']} — trading is open"
    return None
