"""Your own news: what others did to your hand, kept until you have seen it, and the match log.

The floor feed is two lines that scroll on; a Tax Audit that took your card or a crash of a type
you hold must not scroll past unseen. `NewsLane` reads each person's own redacted history and
keeps every change to their hand (an audit discard, a takeover either way, a swap on their
offer) and every crash of a type they hold or need, until it is seen: one person taps it away in
the hint line; in table mode it counts as seen after it has been shown face up for SEEN_AFTER
seconds. `log_lines` is the match log for Game info: every event that seat may know, in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.scenes.night_market.overlays import GameInfoScene
from game.scenes.swap_meet.model import contract_name, decimal, of_kind, points
from game.scenes.swap_meet.story import feed_line
from game.text import tr
from rules.swap_meet.data import ROUNDS

if TYPE_CHECKING:
    from game.scenes.swap_meet.scene import SwapMeetScene

SEEN_AFTER = 5.0  # table mode: seconds face up that count as read


def own_line(event: Any, seat: int, names: list[str], holds: set[str]) -> str | None:
    """`event` in words when it changed `seat`'s hand (or crashed a type it holds or needs)."""
    d, kind = event.data, event.kind
    who = names[event.seat] if event.seat is not None else ""
    if event.seat == seat:
        if kind == "audit_discard":
            return tr("sm.news.audit", kind=d["kind"])
        if kind == "takeover" and d.get("kind"):
            return tr("sm.news.took", kind=d["kind"], target=str(names[d["target"]]))
        return None
    if kind == "takeover" and d.get("target") == seat:
        if d.get("kind"):
            return tr("sm.news.taken", name=str(who), kind=d["kind"])
        return tr("sm.news.taken_card", name=str(who))
    if kind == "swap" and d.get("target") == seat:
        n = d["count"]
        return tr("sm.news.swapped", name=str(who), got=of_kind(n, d["got"]), gave=of_kind(n, d["give"]))
    if kind == "crash" and d["kind"] in holds:
        return tr("sm.news.crash", name=str(who), kind=d["kind"], market=decimal(d["multiplier"]))
    return None


class NewsLane:
    """Each person's unseen news about their own hand, oldest first."""

    def __init__(self, table: Any, seats: list[int]) -> None:
        self.table = table
        self.unseen: dict[int, list[str]] = {s: [] for s in seats}
        self.read: dict[int, int] = {s: len(table.history(s)) for s in seats}  # the match so far is not news
        self.shown_for: dict[int, float] = dict.fromkeys(seats, 0.0)

    def catch_up(self, names: list[str]) -> set[int]:
        """Read each person's history since last time; the seats that got news."""
        fresh = set()
        for seat in self.unseen:
            events = self.table.history(seat, self.read[seat])  # only what is new: a match has thousands
            if not events:
                continue
            view = self.table.view(seat)
            holds = {k for _, k in view.hand} | {k for k, _ in view.recipe}
            for event in events:
                line = own_line(event, seat, names, holds)
                if line:
                    self.unseen[seat].append(line)
                    fresh.add(seat)
            self.read[seat] += len(events)
        return fresh

    def new_round(self) -> None:
        """A fresh deal: news about the old hand is moot (the summary said how it scored)."""
        for seat in self.unseen:
            self.unseen[seat].clear()
            self.read[seat] = len(self.table.history(seat))
            self.shown_for[seat] = 0.0

    def first(self, seat: int) -> str | None:
        """The oldest unseen line, with how many more wait (None: nothing new)."""
        lines = self.unseen.get(seat) or []
        if not lines:
            return None
        line = tr("sm.news.more", line=lines[0], more=len(lines) - 1) if len(lines) > 1 else lines[0]
        return tr("sm.news.clear", line=line)

    def seen(self, seat: int) -> None:
        """The oldest line was read: the next one (if any) takes its place."""
        lines = self.unseen.get(seat)
        if lines:
            lines.pop(0)
        self.shown_for[seat] = 0.0

    def shown(self, seat: int, dt: float) -> bool:
        """Table mode: the line was on a face-up panel for `dt` more seconds; True once that made it read."""
        if not self.unseen.get(seat):
            return False
        self.shown_for[seat] += dt
        if self.shown_for[seat] >= SEEN_AFTER:
            self.seen(seat)
            return True
        return False


def log_lines(table: Any, viewer: int | None, names: list[str]) -> list[str]:
    """Every event `viewer` may know, in words, oldest first (what touched the viewer's own hand
    said as their news says it)."""
    out = []
    for event in table.history(viewer):
        line = feed_line(event, names)
        if viewer is not None:
            line = own_line(event, viewer, names, set()) or line
        if line:
            out.append(line)
    return out


def info_rows(view: Any, names: list[str]) -> list[tuple[str, str]]:
    """Game info's left column: the market, every stall as the table shows it, your contract."""
    rows: list[tuple[str, str]] = [(tr("sm.info.market", round=view.round_no, rounds=ROUNDS), "")]
    rows += [(tr("sm.res", kind=k), f"{decimal(m)}×") for k, m in view.market.items()]
    rows.append((tr("sm.info.stalls"), ""))
    for seat in range(view.seats):
        offer = view.offers[seat]
        stall = tr("sm.info.stall", points=points(view.totals[seat]), count=view.hand_sizes[seat])
        if offer is not None:
            stall = tr("sm.info.offers", stall=stall, what=of_kind(offer.count, offer.kind))
        rows.append((names[seat], stall))
    if view.contract:
        rows.append((tr("sm.info.contract"), ""))
        rows.append((contract_name(view.contract), ", ".join(of_kind(n, k) for k, n in view.recipe)))
    return rows


class FloorInfo(GameInfoScene):
    """Night Market's Game info sheet over the trading floor; a local match clock stands still
    while it is read, as it does under Help (online it runs on)."""

    def __init__(self, floor: SwapMeetScene) -> None:
        super().__init__(floor.app, info_rows(floor.view, floor.names), log_lines(floor.table, floor.viewer,
                                                                                floor.names))
        self.floor = floor
        floor.set_paused(True, "info")

    def on_back(self) -> bool:
        self.floor.set_paused(False, "info")
        return super().on_back()
