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
from game.scenes.stamp_swap.words import card_text
from game.text import tr

PHASES = ("collect", "swap_prep", "swap_choose", "show", "over")  # each worded as ss.phase.<phase>


def _items(items: Sequence[dict[str, Any]] | None) -> str:
    return "; ".join(item_words(i) for i in items or ()) or tr("ss.nothing")


def describe(table: Table, viewer: int | None, names: Sequence[str]) -> list[Section]:
    """The pool, your items, scores, whose turn and the last moves."""
    v = table.view(viewer)
    seen = {i["key"]: i for s in v["seats"] for zone in ("holding", "pending", "dc", "attendees", "album")
            for i in s[zone] or ()} | {i["key"]: i for i in v["pool"]}
    sections = [Section(tr("ss.d.pool"), (tr("ss.d.pool_line", day=v["day_name"], items=_items(v["pool"])),
                                          _top_event(v)))]
    if viewer is not None:
        me = v["seats"][viewer]
        mine = [tr("ss.d.taken", items=_items(me["dc"])), tr("ss.d.holding", items=_items(me["holding"])),
                tr("ss.d.album", items=_items(me["album"]))]
        if me["pending"]:
            mine.append(tr("ss.d.to_place", items=_items(me["pending"])))
        if me["reserve"]:
            mine.append(tr("ss.d.reserved", item=item_words(me["reserve"])))
        sections.append(Section(tr("ss.d.your_items"), tuple(mine)))
    scores = tuple(tr("ss.d.score_line", who=names[s["seat"]], points=s["score"], stamps=len(s["album"]),
                      token=tr("ss.d.holds_token") if s["has_token"] else "") for s in v["seats"])
    sections.append(Section(tr("ss.d.scores"), scores))
    sections.append(Section(tr("ss.d.turn"), (_turn(v, viewer, names),)))
    sections.append(last_moves([line(e, list(names), seen.get) for e in table.history(viewer)]))
    return sections


def _top_event(v: dict[str, Any]) -> str:
    """The top event's rule, or that none is showing."""
    if not v["instruction"]:
        return tr("ss.d.no_event")
    return tr("ss.d.top_event", text=card_text(v["events"][0]) if v["events"] else v["instruction"])


def _turn(v: dict[str, Any], viewer: int | None, names: Sequence[str]) -> str:
    phase = tr(f"ss.phase.{v['phase']}") if v["phase"] in PHASES else v["phase"]
    if v["over"]:
        return tr("ss.d.over")
    waiting = [names[s] for s in v["waiting"]]
    if v["phase"] == "collect" and v["turn"] is not None:
        you = tr("ss.d.you") if v["turn"] == viewer else ""
        return tr("ss.d.whose_turn", day=v["day_name"], phase=phase, who=names[v["turn"]], you=you)
    return tr("ss.d.waiting", day=v["day_name"], phase=phase, names=", ".join(waiting) or tr("ss.nobody"))
