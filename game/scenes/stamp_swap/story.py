"""Plain-language lines for what happened, from public (redacted) events only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.scenes.stamp_swap.art import describe, points_text, size_words, value_text
from game.text.persons import their, verb, whose
from rules.contract import Event
from rules.stamp_swap.bot.value import top_event_rule
from rules.stamp_swap.cards import EVENT_BY_ID, EXHIBITOR_BY_ID, SPECIALIST_BY_ID
from rules.stamp_swap.stamps import TOKEN_POINTS
from rules.words import counted

Names = list[str]
Lookup = Callable[[str], dict[str, Any] | None]

SOURCES: dict[str | None, str] = {"taken": "took it from the pool", "last": "took the last item"}


def line(event: Event, names: Names, lookup: Lookup) -> str | None:
    """One line for a public event, or None when it is not worth telling."""
    who = names[event.seat] if event.seat is not None and event.seat < len(names) else ""
    d = event.data
    kind = event.kind
    if kind == "day_start":
        return f"{d['day_name']} begins: {len(d['pool'])} items in the pool"
    if kind == "take":
        item = lookup(d["item"])
        what = "a face-down stamp" if d.get("face_down") or item is None else describe(item)
        return f"{who} took {what} (space {d['space']})"
    if kind == "token_claimed":
        how = SOURCES.get(d.get("how"), "with a specialist")
        return f"{who} {verb(who, 'claims', 'claim')} the first-player token ({how})"
    if kind == "ready":
        return f"{who} {verb(who, 'has', 'have')} reserved and split"
    if kind == "piles_shown":
        return "Everyone is ready: the piles are on the table"
    if kind == "pile_taken":
        owner = names[d["owner"]]
        return (f"{who} took {whose(owner)} Pile {'AB'[d['pile']]} ({counted(len(d['items']), 'item')}); "
                f"{owner} {verb(owner, 'keeps', 'keep')} Pile {'BA'[d['pile']]}")
    if kind == "kept_both":
        return (f"{who} {verb(who, 'keeps', 'keep')} both of {their(who)} own piles: "
                "no other player's pile was left to take")
    if kind == "revealed":
        return f"{who} {verb(who, 'reveals', 'reveal')} {counted(len(d['stamps']), 'face-down stamp')}"
    if kind == "specialist":
        return f"{whose(who).capitalize()} specialist {d['card'].title()} acts"
    if kind == "points":
        return f"{who} {points_text(int(d['points']))} ({source_name(str(d['source']))})"
    return _show_line(kind, who, d, lookup)


def _show_line(kind: str, who: str, d: Mapping[str, Any], lookup: Lookup) -> str | None:
    if kind == "attendees_joined":
        return f"{who} {verb(who, 'adds', 'add')} {counted(len(d['items']), 'attendee')} to {their(who)} collection"
    if kind == "placed":
        item = lookup(d["item"])
        if item is None or not item.get("known"):
            return f"{who} placed a stamp"
        return f"{who} placed {item['name']}: it scores {value_text(int(item['value']))} at the Final Show"
    if kind == "discarded":
        item = lookup(d["item"])
        name = item["name"] if item and item.get("known") else "a stamp"
        return f"{who}: {name} does not fit — discarded for {value_text(int(d['points']))}"
    if kind == "show_scored":
        return f"{who} scored {value_text(sum(d['points'].values()))} at the Show"
    if kind == "phase" and d.get("phase") == "show":
        return "The Show: everyone places their new stamps"
    if kind == "day_end":
        return "The day is over"
    if kind == "final_show":
        return "The Final Show is scored"
    return None


def skipped_choice(who: str, swaps: list[str]) -> str:
    """Why a person's pile choice was passed over, said on the table the moment it happens."""
    why = f" ({'; '.join(swaps)})" if swaps else ""
    return (f"{whose(who).capitalize()} pile choice is skipped: no other player's pile was left{why}. "
            f"{who} {verb(who, 'keeps', 'keep')} both of {their(who)} own piles.")


def placing_note(item: dict[str, Any], contests: list[str]) -> str:
    """Why placing this stamp changes no score now, and what it does do."""
    value = int(item["value"])
    worth = {1: "", 0: " (cancelled)", -1: " (faded)"}[(value > 0) - (value < 0)]
    counts = f"; it counts now for {' and '.join(contests)}" if contests else ""
    shape = f" ({size_words(item)})" if "rows" in item else ""
    return f"{item['name']}{shape} scores {value_text(value)}{worth} at the Final Show, not now{counts}"


def discard_reason(value: int, points: int, view: dict[str, Any]) -> str:
    """Why a discard gained or cost other than the stamp's printed value (Tweezers, the top event)."""
    if points == value:
        return ""
    event = view["events"][0] if view["events"] else None
    if points == 0 and value < 0:  # a faded stamp let go for nothing: today's event, else Tweezers
        free_today = event is not None and dict(EVENT_BY_ID[event["id"]].rules).get("faded_free")
        return f" ({event['name'] if free_today and event else 'Tweezers'}: free)"
    top = event["name"] if event else "the top event"
    return f" ({top}: {value_text(points)})"


def token_points(view: dict[str, Any]) -> int:
    """What the first-player token scores at today's Show (Token Day makes it more)."""
    return int(top_event_rule(view, "token_points", TOKEN_POINTS))


def source_name(source: str) -> str:
    """Where points came from (an event's or a card's id) as its printed name."""
    for cards in (EVENT_BY_ID, SPECIALIST_BY_ID, EXHIBITOR_BY_ID):
        if source in cards:
            return cards[source].name
    return source
