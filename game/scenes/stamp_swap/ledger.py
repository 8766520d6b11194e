"""The day's score ledger for the Show summary: every point each seat gained or lost today, and why.

Built from public (redacted) events only, so the summary can be shown to anyone at the table: a
stamp is named only once everyone may know it (face up in the pool, or revealed); otherwise it is
"a face-down stamp".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.scenes.stamp_swap.art import value_text
from game.scenes.stamp_swap.words import name_of, stamp_name
from game.text import tr
from rules.contract import Event
from rules.stamp_swap.cards import CONTEST_BY_ID, EVENT_BY_ID, EXHIBITOR_BY_ID, SPECIALIST_BY_ID
from rules.stamp_swap.stamps import STAMPS, TOKEN_POINTS

Part = tuple[str, int]  # what, in words; points


@dataclass
class SeatDay:
    """One seat's day: points from before the Show's scoring, and the Show's own parts."""

    seat: int
    earlier: list[Part] = field(default_factory=list)
    show: list[Part] = field(default_factory=list)
    discards: list[Part] = field(default_factory=list)  # stamps that fitted nowhere, at their discard points
    doubled: str = ""  # the event that doubled today's discards

    @property
    def total(self) -> int:
        """The seat's score change today."""
        return sum(p for _, p in (*self.earlier, *self.show, *self.discards))

    def sentences(self) -> list[str]:
        """'At the Show: …', 'Earlier today: …' and 'Fitted nowhere: …', each part with its points."""
        out = []
        for key, parts in (("ss.ledger.show", self.show), ("ss.ledger.earlier", self.earlier),
                           ("ss.ledger.discards", self.discards)):
            if parts:
                words = ", ".join(f"{w}\u00a0{value_text(p)}" for w, p in parts)
                out.append(tr(key, parts=words, doubled=self.doubled))
        return out


class DayLedger:
    """Collects one day's score changes per seat from public events."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.names: dict[str, str] = {}  # item key -> stamp name, once public
        self.days = [SeatDay(s) for s in range(players)]

    def copy(self) -> DayLedger:
        """An independent copy (kept to be restored by an undo)."""
        out = DayLedger(self.players)
        out.names = dict(self.names)
        out.days = [SeatDay(d.seat, list(d.earlier), list(d.show), list(d.discards), d.doubled) for d in self.days]
        return out

    def learn(self, view: dict[str, Any]) -> None:
        """Remember the name of every stamp a public view shows face up."""
        for item in _items(view):
            if item.get("known") and item.get("kind") == "stamp":
                self.names[item["key"]] = stamp_name(item)

    def note(self, event: Event, top_event: str | None) -> None:
        """Book one public event (`top_event`: the id of the event ruling today)."""
        seat, d = event.seat, event.data
        if event.kind == "revealed":
            self.names.update({k: name_of(sid) for k, sid in d["stamps"].items() if sid in STAMPS})
        elif seat is None:
            return
        elif event.kind == "points" and d["points"]:
            self._add(self.days[seat].earlier, source_words(str(d["source"])), int(d["points"]))
        elif event.kind == "discarded":
            what = self.names.get(d["item"], tr("ss.a_face_down")) + discard_why(int(d["value"]), int(d["points"]),
                                                                                top_event)
            self.days[seat].discards.append((what, int(d["points"])))
            card = EVENT_BY_ID.get(top_event or "")
            if card is not None and dict(card.rules).get("discard_mult", 1) > 1:
                self.days[seat].doubled = tr("ss.ledger.doubled", mult=dict(card.rules)["discard_mult"], card=card.name)
        elif event.kind == "show_scored":
            self.days[seat].show = show_parts(dict(d), top_event)

    def close(self) -> list[SeatDay]:
        """The day's rows, and a fresh ledger for the next day (names are kept)."""
        out, self.days = self.days, [SeatDay(s) for s in range(self.players)]
        return out

    @staticmethod
    def _add(parts: list[Part], words: str, points: int) -> None:
        """Points from the same cause add up into one part ('Good Sport ×2')."""
        for k, (w, p) in enumerate(parts):
            base = w.split(" \u00d7")[0]
            if base == words:
                times = int(w.split("\u00d7")[1]) + 1 if "\u00d7" in w else 2
                parts[k] = (f"{words} \u00d7{times}", p + points)
                return
        parts.append((words, points))


def source_words(source: str) -> str:
    """Where points came from, in words: 'Courier (specialist)', 'Good Sport (today's event)'."""
    if source in SPECIALIST_BY_ID:
        return tr("ss.source.specialist", card=SPECIALIST_BY_ID[source].name)
    if source in EVENT_BY_ID:
        return tr("ss.source.event", card=EVENT_BY_ID[source].name)
    return source


def discard_why(value: int, points: int, top_event: str | None) -> str:
    """A faded stamp let go for nothing says why: ' (free: Amnesty)', else ' (free: Tweezers)'."""
    if points != 0 or value >= 0:
        return ""
    event = EVENT_BY_ID.get(top_event or "")
    return tr("ss.ledger.free", card=event.name if event and dict(event.rules).get("faded_free") else "Tweezers")


def show_parts(d: dict[str, Any], top_event: str | None) -> list[Part]:
    """A Show's scoring in words: the contest, exhibitors by name, the token, the event's bonus."""
    points, rules = d["points"], dict(EVENT_BY_ID[top_event].rules) if top_event in EVENT_BY_ID else {}
    event_name = EVENT_BY_ID[top_event].name if top_event in EVENT_BY_ID else tr("ss.ledger.todays_event")
    contest = tr("ss.ledger.contest", card=CONTEST_BY_ID[d["contest"]].name) if d["contest"] in CONTEST_BY_ID \
        else tr("ss.ledger.contest_plain")
    if rules.get("contest_mult", 1) > 1:
        contest += tr("ss.ledger.doubled_by", card=event_name)
    parts: list[Part] = [(contest, int(points.get("contest", 0)))]
    shown = [EXHIBITOR_BY_ID[a].name for a in d.get("exhibitors", []) if a in EXHIBITOR_BY_ID]
    if shown or points.get("exhibitors"):
        words = tr("ss.ledger.exhibitors", cards=" + ".join(shown)) if shown else tr("ss.ledger.exhibitors_plain")
        if rules.get("exhibitor_mult", 1) > 1:
            words += tr("ss.ledger.doubled_by", card=event_name)
        parts.append((words, int(points.get("exhibitors", 0))))
    if points.get("token"):
        token = tr("ss.ledger.token")
        if rules.get("token_points", TOKEN_POINTS) != TOKEN_POINTS:
            token += tr("ss.ledger.by_event", card=event_name)
        parts.append((token, int(points["token"])))
    if points.get("event"):
        parts.append((tr("ss.ledger.bonus", card=event_name), int(points["event"])))
    return parts


def _items(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every item a view shows anywhere."""
    out = list(view["pool"])
    for seat in view["seats"]:
        out += [*seat["dc"], *seat["holding"], *seat["pending"], *seat["album"], *seat["attendees"]]
        out += [seat["reserve"]] if seat.get("reserve") else []
        out += [i for pile in seat.get("piles") or [] for i in pile]
    return out
