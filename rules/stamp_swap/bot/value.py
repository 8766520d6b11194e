"""How much an item is worth to a seat, estimated from a view only (the bots' evaluation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.stamp_swap.cards import EVENT_BY_ID, EXHIBITOR_BY_ID, Counter
from rules.stamp_swap.counters import Collection, count, fit_spots, matches, tier_points
from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS, DAYS, STAMPS, TOKEN_POINTS, Stamp

UNKNOWN_STAMP = 1.2
FOREVER_BONUS = 1.5
SPECIALIST_VALUE = {
    "appraiser": 1.0,
    "postmaster": 1.5,
    "courier": 2.0,
    "insurer": 1.5,
    "auctioneer": 1.0,
    "hinge": 0.5,
    "tweezers": 1.0,
    "scout": 0.7,
    "curator": 1.0,
    "dealer": 1.0,
}


@dataclass(frozen=True)
class SeatInfo:
    """One seat's public collection as a view shows it."""

    collection: Collection
    tickets: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """What the bots read from a view, prepared once per decision."""

    me: int
    day: int
    seats: tuple[SeatInfo, ...]
    contests: tuple[tuple[str, Counter, tuple[int, ...]], ...]
    finale: Counter


def _seat_info(seat_view: dict[str, Any]) -> SeatInfo:
    stamps = tuple(STAMPS[a["id"]] for a in seat_view["album"])
    cells = frozenset((r, c) for r in range(ALBUM_ROWS) for c in range(ALBUM_COLS) if seat_view["grid"][r][c])
    attendees = tuple(a["id"] for a in seat_view["attendees"])
    return SeatInfo(Collection(stamps, cells, attendees), tuple(seat_view["tickets"]))


def read_table(view: dict[str, Any]) -> Table:
    """Condense a view into what the evaluation needs."""
    contests = tuple((c["id"], tuple(c["counter"]), tuple(c["tiers"])) for c in view["contests"])
    return Table(
        view["seat"],
        view["day"],
        tuple(_seat_info(s) for s in view["seats"]),
        contests,
        tuple(view["finale"]["counter"]),
    )


def shows_left(table: Table) -> int:
    """Shows still to come, this day's included."""
    return max(1, len(DAYS) - table.day)


def stamp_value(table: Table, seat: int, stamp: Stamp) -> float:
    """Printed value plus what it adds to contests, exhibitors and the Final Show, minus space."""
    info = table.seats[seat]
    col = info.collection
    if not fit_spots(col.cells, stamp.rows, stamp.cols):
        return float(stamp.value)
    open_contests = [c for c in table.contests if c[0] not in info.tickets]
    bonus = sum(1.4 for _, counter, _ in open_contests if matches(counter, stamp))
    for a in col.attendees:
        card = EXHIBITOR_BY_ID.get(a)
        if card and matches(card.counter, stamp):
            bonus += card.per * shows_left(table)
    if stamp.forever:
        bonus += FOREVER_BONUS
    if table.finale[0] == "distinct_colours" and not stamp.rare:
        bonus += 1.5 * all(s.colour != stamp.colour for s in col.stamps)
    if table.finale[0] == "distinct_themes" and stamp.theme:
        bonus += 1.5 * all(s.theme != stamp.theme for s in col.stamps)
    crowd = 0.2 + 0.5 * len(col.cells) / (ALBUM_ROWS * ALBUM_COLS)
    return stamp.value + bonus - crowd * stamp.area


def item_value(table: Table, seat: int, item: dict[str, Any]) -> float:
    """Value of a viewed item for `seat` (face-down ones at an average)."""
    if not item.get("known"):
        return UNKNOWN_STAMP
    if item["kind"] == "stamp":
        return stamp_value(table, seat, STAMPS[item["id"]])
    if item["kind"] == "specialist":
        extra = len(table.seats[seat].collection.attendees) if item["id"] == "curator" else 0
        return SPECIALIST_VALUE.get(item["id"], 1.0) + extra
    card = EXHIBITOR_BY_ID[item["id"]]
    now = count(card.counter, table.seats[seat].collection)
    return 0.7 * card.per * (now + 1) * shows_left(table)


def seen_by_others(item: dict[str, Any]) -> dict[str, Any]:
    """The item as opponents see it: face-down stamps are unknown to them."""
    return {"key": item["key"], "known": False} if item.get("face_down") else item


def token_value(view: dict[str, Any]) -> float:
    """Worth of holding the first-player token this day (Show points plus first choice)."""
    top = next((e for e in view["events"] if e["top"]), None)
    points = 4 if top and top["id"] == "ev-token" else TOKEN_POINTS
    return points + 1.0


def top_event_rule(view: dict[str, Any], name: str, default: Any = None) -> Any:
    """The top event's instruction parameter `name`, read from a view."""
    events = view["events"]
    return dict(EVENT_BY_ID[events[0]["id"]].rules).get(name, default) if events else default


def contest_preview(view: dict[str, Any], seat: int) -> dict[str, tuple[int, int]]:
    """Each contest: how many of its stamps `seat`'s album shows now, and the points it would score now."""
    col = _seat_info(view["seats"][seat]).collection
    mult = int(top_event_rule(view, "contest_mult", 1))
    out = {}
    for c in view["contests"]:
        n = count(tuple(c["counter"]), col)
        out[c["id"]] = (n, tier_points(tuple(c["tiers"]), n) * mult)
    return out


def counts_for(view: dict[str, Any], stamp_id: str) -> list[str]:
    """Names of the contests (and the finale) one more of this stamp would count for."""
    stamp = STAMPS[stamp_id]
    cards = [*view["contests"], view["finale"]]
    return [c["name"] for c in cards if matches(tuple(c["counter"]), stamp)]


def next_tier(view: dict[str, Any], contest: dict[str, Any], n: int) -> tuple[int, int] | None:
    """The smallest count above n that scores more for this contest now, and its points (None at the top)."""
    tiers = tuple(contest["tiers"])
    mult = int(top_event_rule(view, "contest_mult", 1))
    now = tier_points(tiers, n)
    for more in range(n + 1, len(tiers)):
        if tier_points(tiers, more) > now:
            return more, tier_points(tiers, more) * mult
    return None


def finale_counts(view: dict[str, Any]) -> list[int]:
    """Each seat's count for the finale, from the public albums and attendees."""
    counter = tuple(view["finale"]["counter"])
    return [count(counter, _seat_info(s).collection) for s in view["seats"]]
