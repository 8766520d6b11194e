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
from game.scenes.swap_meet.model import RES_NAME, of_kind, points
from game.scenes.swap_meet.story import feed_line

if TYPE_CHECKING:
    from game.scenes.swap_meet.scene import SwapMeetScene

SEEN_AFTER = 5.0  # table mode: seconds face up that count as read


def own_line(event: Any, seat: int, names: list[str], holds: set[str]) -> str | None:
    """`event` in words when it changed `seat`'s hand (or crashed a type it holds or needs)."""
    d, kind = event.data, event.kind
    who = names[event.seat] if event.seat is not None else ""
    if event.seat == seat:
        if kind == "audit_discard":
            return f"Tax Audit made you discard a {RES_NAME[d['kind']]}"
        if kind == "takeover" and d.get("kind"):
            return f"Your Hostile Takeover took a {RES_NAME[d['kind']]} from {names[d['target']]}"
        return None
    if kind == "takeover" and d.get("target") == seat:
        what = f"your {RES_NAME[d['kind']]}" if d.get("kind") else "a card"
        return f"{who}'s Hostile Takeover took {what}"
    if kind == "swap" and d.get("target") == seat:
        n = d["count"]
        return f"{who} took your {of_kind(n, d['got'])} and gave you {of_kind(n, d['give'])}"
    if kind == "crash" and d["kind"] in holds:
        return f"{who} crashed {RES_NAME[d['kind']]} to {d['multiplier']:.2f}×: you hold or need it"
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
        more = f" (+{len(lines) - 1} more)" if len(lines) > 1 else ""
        return f"{lines[0]}{more} · tap here to clear"

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
    rows: list[tuple[str, str]] = [(f"Round {view.round_no} of 3 · market", "")]
    rows += [(RES_NAME[k], f"{m:.2f}×") for k, m in view.market.items()]
    rows.append(("Stalls", ""))
    for seat in range(view.seats):
        offer = view.offers[seat]
        listed = f" · offers {of_kind(offer.count, offer.kind)}" if offer is not None else ""
        rows.append((names[seat], f"{points(view.totals[seat])} pts · {view.hand_sizes[seat]} cards{listed}"))
    if view.contract:
        rows.append(("Your contract", ""))
        rows.append((view.contract, ", ".join(of_kind(n, k) for k, n in view.recipe)))
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
