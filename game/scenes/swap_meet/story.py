"""Plain words for Swap Meet events: the floor feed. Only redacted events reach it.

The viewer's own seat may be addressed as "You" (one person against bots: game/text/persons.py):
a line naming them takes its key's @you variant ("Du bietest 2 Säcke an"), and a move done to them
its own key ("Basil tauscht mit dir …"), in the player's language.
"""

from __future__ import annotations

from typing import Any

from game.scenes.swap_meet.model import decimal, of_kind
from game.text import tr
from game.text.persons import is_you


def feed_line(event: Any, names: list[str]) -> str | None:
    """One public line about an event for the floor feed (None: nothing worth saying)."""
    d, who = event.data, names[event.seat] if event.seat is not None else ""
    kind = event.kind
    target = names[d["target"]] if isinstance(d.get("target"), int) else ""
    yours = "_yours" if is_you(target) else ""  # the viewer is the one it was done to
    if kind == "offer_open":
        return tr("sm.feed.offer", name=who, what=of_kind(d["count"], d["kind"]))
    if kind == "offer_pulled":
        return tr("sm.feed.pulled", name=who)
    if kind == "swap":
        n = d["count"]
        return tr("sm.feed.swap" + yours, name=who, target=str(target), gave=of_kind(n, d["give"]),
                  got=of_kind(n, d["got"]))
    if kind == "crash":
        return tr("sm.feed.crash", name=who, kind=d["kind"], market=decimal(d["multiplier"]))
    if kind == "peek":
        return tr("sm.feed.peek" + yours, name=who, target=str(target))
    if kind == "audit_discard":
        return tr("sm.feed.audit", name=who, kind=d["kind"])
    if kind == "takeover":
        return tr("sm.feed.takeover" + yours, name=who, target=str(target))
    if kind == "action_played":
        return tr("sm.feed.played", name=who, card=d["card"])
    if kind == "round_start":
        return tr("sm.feed.round_start", round=d["round"])
    return None
