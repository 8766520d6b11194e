"""Plain-language lines for what happened, from public (redacted) events only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.scenes.stamp_swap.art import describe, points_text, size_words, value_text
from game.scenes.stamp_swap.words import and_list, stamp_name
from game.text import tr
from game.text.persons import is_you
from rules.contract import Event
from rules.stamp_swap.bot.value import top_event_rule
from rules.stamp_swap.cards import EVENT_BY_ID, EXHIBITOR_BY_ID, SPECIALIST_BY_ID
from rules.stamp_swap.stamps import TOKEN_POINTS

Names = list[str]
Lookup = Callable[[str], dict[str, Any] | None]

HOW = {"taken": "ss.how.taken", "last": "ss.how.last"}  # how the first-player token was claimed


def line(event: Event, names: Names, lookup: Lookup) -> str | None:
    """One line for a public event, or None when it is not worth telling."""
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    d = event.data
    kind = event.kind
    if kind == "day_start":
        return tr("ss.story.day_start", day=d["day_name"], n=len(d["pool"]))
    if kind == "take":
        item = lookup(d["item"])
        what = tr("ss.a_face_down") if d.get("face_down") or item is None else describe(item)
        return tr("ss.story.took", who=who, what=what, space=d["space"])
    if kind == "token_claimed":
        return tr("ss.story.token", who=who, how=tr(HOW.get(d.get("how") or "", "ss.how.specialist")))
    if kind == "ready":
        return tr("ss.story.ready", who=who)
    if kind == "piles_shown":
        return tr("ss.story.piles_shown")
    if kind == "pile_taken":
        owner = names[d["owner"]]
        key = "ss.story.pile_taken_yours" if is_you(owner) else "ss.story.pile_taken"
        return tr(key, who=who, owner=owner, pile="AB"[d["pile"]], other="BA"[d["pile"]], n=len(d["items"]))
    if kind == "kept_both":
        return tr("ss.story.kept_both", who=who)
    if kind == "revealed":
        return tr("ss.story.revealed", who=who, n=len(d["stamps"]))
    if kind == "specialist":
        return tr("ss.story.specialist", who=who, card=d["card"].title())
    if kind == "points":
        return tr("ss.story.points", who=who, points=points_text(int(d["points"])),
                  source=source_name(str(d["source"])))
    return _show_line(kind, who, d, lookup)


def _show_line(kind: str, who: str, d: Mapping[str, Any], lookup: Lookup) -> str | None:
    if kind == "attendees_joined":
        return tr("ss.story.attendees", who=who, n=len(d["items"]))
    if kind == "placed":
        item = lookup(d["item"])
        if item is None or not item.get("known"):
            return tr("ss.story.placed_hidden", who=who)
        return tr("ss.story.placed", who=who, stamp=stamp_name(item), value=value_text(int(item["value"])))
    if kind == "discarded":
        item = lookup(d["item"])
        name = stamp_name(item) if item and item.get("known") else tr("ss.story.a_stamp")
        return tr("ss.story.discarded", who=who, stamp=name, value=value_text(int(d["points"])))
    if kind == "show_scored":
        return tr("ss.story.show_scored", who=who, value=value_text(sum(d["points"].values())))
    if kind == "phase" and d.get("phase") == "show":
        return tr("ss.story.show")
    if kind == "day_end":
        return tr("ss.story.day_end")
    if kind == "final_show":
        return tr("ss.story.final_show")
    return None


def skipped_choice(who: str, swaps: list[str]) -> str:
    """Why a person's pile choice was passed over, said on the table the moment it happens."""
    why = f" ({'; '.join(swaps)})" if swaps else ""
    return tr("ss.skipped", who=who, why=why)


def placing_note(item: dict[str, Any], contests: list[str]) -> str:
    """Why placing this stamp changes no score now, and what it does do."""
    value = int(item["value"])
    worth = {1: "", 0: tr("ss.placing.cancelled"), -1: tr("ss.placing.faded")}[(value > 0) - (value < 0)]
    counts = tr("ss.placing.counts", contests=and_list(contests)) if contests else ""
    shape = f" ({size_words(item)})" if "rows" in item else ""
    return tr("ss.placing.note", stamp=stamp_name(item), shape=shape, value=value_text(value), worth=worth,
              counts=counts)


def discard_reason(value: int, points: int, view: dict[str, Any]) -> str:
    """Why a discard gained or cost other than the stamp's printed value (Tweezers, the top event)."""
    if points == value:
        return ""
    event = view["events"][0] if view["events"] else None
    if points == 0 and value < 0:  # a faded stamp let go for nothing: today's event, else Tweezers
        free_today = event is not None and dict(EVENT_BY_ID[event["id"]].rules).get("faded_free")
        return tr("ss.discard.free", card=event["name"] if free_today and event else "Tweezers")
    top = event["name"] if event else tr("ss.discard.top_event")
    return tr("ss.discard.points", card=top, value=value_text(points))


def token_points(view: dict[str, Any]) -> int:
    """What the first-player token scores at today's Show (Token Day makes it more)."""
    return int(top_event_rule(view, "token_points", TOKEN_POINTS))


def source_name(source: str) -> str:
    """Where points came from (an event's or a card's id) as its printed name."""
    for cards in (EVENT_BY_ID, SPECIALIST_BY_ID, EXHIBITOR_BY_ID):
        if source in cards:
            return cards[source].name
    return source
