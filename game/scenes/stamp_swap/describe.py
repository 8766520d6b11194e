"""Stamp Swap in words for the seat at this device (game/scenes/describe.py): from its view and its
redacted events only. Items read as the view shows them, so a stamp this seat has not seen stays
"a face-down stamp" and another seat's reserve and piles stay hidden while they are being split."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.match.table import Table
from game.scenes.describe import Section, last_moves
from game.scenes.stamp_swap.art import describe as item_words
from game.scenes.stamp_swap.story import line
from game.text.persons import whose
from rules.words import counted

PHASES = {"collect": "taking items from the pool", "swap_prep": "reserving and splitting into two piles",
          "swap_choose": "choosing whose pile to take", "show": "placing stamps in albums", "over": "over"}


def _items(items: Sequence[dict[str, Any]] | None) -> str:
    return "; ".join(item_words(i) for i in items or ()) or "nothing"


def describe(table: Table, viewer: int | None, names: Sequence[str]) -> list[Section]:
    """The pool, your items, scores, whose turn and the last moves."""
    v = table.view(viewer)
    seen = {i["key"]: i for s in v["seats"] for zone in ("holding", "pending", "dc", "attendees", "album")
            for i in s[zone] or ()} | {i["key"]: i for i in v["pool"]}
    sections = [Section("Pool", (f"{v['day_name']}: {_items(v['pool'])}.",
                                 f"Top event: {v['instruction']}" if v["instruction"] else "No event is showing."))]
    if viewer is not None:
        me = v["seats"][viewer]
        mine = [f"Taken today: {_items(me['dc'])}.", f"Holding: {_items(me['holding'])}.",
                f"Album: {_items(me['album'])}."]
        if me["pending"]:
            mine.append(f"To place: {_items(me['pending'])}.")
        if me["reserve"]:
            mine.append(f"Reserved: {item_words(me['reserve'])}.")
        sections.append(Section("Your items", tuple(mine)))
    scores = tuple(f"{names[s['seat']]}: {counted(s['score'], 'point')}; {counted(len(s['album']), 'stamp')} in the "
                   f"album{', holds the first-player token' if s['has_token'] else ''}." for s in v["seats"])
    sections.append(Section("Scores", scores))
    sections.append(Section("Turn", (_turn(v, viewer, names),)))
    sections.append(last_moves([line(e, list(names), seen.get) for e in table.history(viewer)]))
    return sections


def _turn(v: dict[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    phase = PHASES.get(v["phase"], v["phase"])
    if v["over"]:
        return "The match is over."
    waiting = [names[s] for s in v["waiting"]]
    if v["phase"] == "collect" and v["turn"] is not None:
        you = " (you)" if v["turn"] == viewer else ""
        return f"{v['day_name']}, {phase}: {whose(names[v['turn']])} turn{you}."
    return f"{v['day_name']}, {phase}: waiting for {', '.join(waiting) or 'nobody'}."
