"""The Swap Meet trading floor: real-time trading for people and bots on one screen.

One person against bots gets the full layout (market strip and countdown on top, opponents'
rows, then their own stall). Two or more people get table mode: each person's panel sits on
their edge of the screen turned to face them, and every pointer acts only in the seat where it
was pressed, so several people trade at once. Private cards stay face down in table mode until
their owner holds the panel's peek tab (they stay shown a few seconds after letting go).
The scene only translates: taps become actions for the table, redacted events become animations.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

import pygame

from game.display import LOGICAL_W
from game.match.table import Table
from game.palette import CREAM, GOLD, MUTED
from game.pointer import PointerEvent
from game.scenes.match import MatchScene
from game.scenes.swap_meet.layout import SOLO_CLOCK, SOLO_MARKET, Region, centre_rect, regions
from game.scenes.swap_meet.market import Countdown, Market, MeterMover
from game.scenes.swap_meet.model import Selection, seat_model, swap_for
from game.scenes.swap_meet.motion import Effects
from game.scenes.swap_meet.story import feed_line
from game.scenes.swap_meet.summary import PauseOverlay, SummaryOverlay
from game.ui import button
from game.widgets import felt, panel
from rules.errors import IllegalAction
from rules.swap_meet.actions import (
    CashOut,
    Crash,
    HostileTakeover,
    NextRound,
    OpenOffer,
    Peek,
    PinBank,
    Pull,
    TaxAudit,
)
from rules.swap_meet.data import SUMMARY_SECONDS

REVEAL_GRACE = 4.0  # seconds private cards stay shown after the peek tab is let go
SIMPLE = {"pull": Pull, "cash": CashOut, "audit": TaxAudit, "takeover": HostileTakeover}


class SwapMeetScene(MatchScene):
    """The trading floor for 3–6 seats, people and bots."""

    name = "swap_meet"
    GAME = "swap-meet"

    def __init__(self, app, table: Table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, table)
        self.humans = list(table.here)
        self.table_mode = len(self.humans) >= 2
        self.viewer = None if self.table_mode or not self.humans else self.humans[0]
        self.sel = {seat: Selection() for seat in self.humans}
        self.regions = regions(app, self.humans)
        self.region_of = {r.seat: r for r in self.regions}
        self.centre = centre_rect(len(self.humans)) if self.table_mode else pygame.Rect(0, 0, LOGICAL_W, 312)
        market_rect, clock_rect = self._strip_rects()
        self.market = Market(app, market_rect)
        self.countdown = Countdown(app, clock_rect)
        self.fx = Effects(self)
        self.owner: dict[Hashable, Region | None] = {}
        self.pressed: dict[Hashable, tuple[Any, ...] | None] = {}
        self.feed: list[str] = []
        self.time = 0.0
        self._beat = -1
        self.summary: SummaryOverlay | None = None
        self.view = self.table.view(self.viewer)
        self.table.take_events(self.viewer)  # the match so far is shown as it is now, not replayed
        self.market.set(self.view.market, animate=False)
        self._build_buttons()
        self.refresh()

    # layout ---------------------------------------------------------------------------------
    def _strip_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        if not self.table_mode:
            return SOLO_MARKET.copy(), SOLO_CLOCK.copy()
        c = self.centre
        clock = pygame.Rect(0, 0, 440, 136)
        clock.midtop = (c.centerx, c.y + 14)
        return pygame.Rect(c.x + 24, c.bottom - 196, c.w - 48, 180), clock

    def _build_buttons(self) -> None:
        if self.table_mode:
            y, c = self.countdown.rect.y + 6, self.centre
            spots = [(c.x + 24, y), (c.x + 200, y), (c.right - 200, y)]
            size = (160, 64)
        else:
            spots = [(1380, 10), (1560, 10), (1740, 10)]
            size = (160, 70)
        self.help_b = button(self.ui, (*spots[0], *size), "Help", "#quiet")
        self.pause_b = button(self.ui, (*spots[1], *size), "Pause", "#quiet")
        self.leave_b = button(self.ui, (*spots[2], *size), "Leave", "#danger")

    def anchor(self, seat: int | None) -> tuple[float, float]:
        """Where a seat's cards fly from and to."""
        if seat is None:
            return self.centre_point()
        region = self.region_of.get(seat)
        if region is not None:
            if self.table_mode:
                return region.to_canvas((region.upright[0] * 0.35, region.upright[1] * 0.6))
            return region.rect.x + 520, region.rect.y + 470
        if not self.table_mode and self.regions:
            r = self.regions[0]
            row = r.panel.rival_rects.get(seat)
            if row is not None:
                return r.rect.x + row.x + 720, r.rect.y + row.centery
        bots = [s for s in range(self.view.seats) if s not in self.region_of]
        i = bots.index(seat) if seat in bots else 0
        c = self.market.rect
        return c.x + c.w * (i + 1) / (len(bots) + 1), c.y - 20

    def centre_point(self) -> tuple[float, float]:
        """The middle of the market strip."""
        return self.market.rect.center

    # lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.view.phase != "trading":
            self._show_summary(len(self.view.summaries) - 1, skip_lock=True)
        self.briefing_on_first_play()

    def open_help(self, on_close: Callable[[], None] | None = None) -> None:
        """The pit briefing; the match clock stops while it is open."""
        self.set_paused(True, "help")

        def closed() -> None:
            self.set_paused(False, "help")
            if on_close is not None:
                on_close()

        super().open_help(closed)

    def set_paused(self, on: bool, why: str = "pause") -> None:
        """Stop or restart the match clock (while any reason holds it, it stands still)."""
        if on:
            self.table.pause(why)
        else:
            self.table.resume(why)
        self.countdown.paused = self.table.paused
        self.restatic()

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.help_b:
            self.open_help()
        elif element is self.pause_b:
            self.set_paused(True)
            self.app.stack.push(PauseOverlay(self.app, self))
        elif element is self.leave_b:
            self.leave()

    def on_back(self) -> bool:
        self.set_paused(True)
        self.app.stack.push(PauseOverlay(self.app, self))
        return True

    # time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        self.pump()
        events = self.table.take_events(self.viewer)
        if events:
            self.on_events(events)
        self._clock_step()
        self._meters_step(dt)
        for region in self.regions:
            if region.model is not None and region.model.masked != self.masked(region):
                self.refresh(region)

    def _clock_step(self) -> None:
        trading = self.view.phase == "trading"
        left = self.view.deadline - self.table.now()
        self.countdown.remaining = max(0.0, left) if trading else 0.0
        self.countdown.total = self.view.deadline - self.view.round_start
        self.countdown.label = f"Round {self.view.round_no} of 3"
        running = trading and not self.table.paused
        if running and self.countdown not in self.movers:
            self.movers.append(self.countdown)
        elif not running and self.countdown in self.movers:
            self.movers.remove(self.countdown)
            self.restatic([self.countdown.rect])
        if running and 0 < left <= 30:
            beat = int(left * 2) if left <= 10 else int(left)
            if beat != self._beat:
                self._beat = beat
                self.app.audio.play("tick_fast" if left <= 10 else "tick", 0.6)

    def _meters_step(self, dt: float) -> None:
        for mover in [m for m in self.movers if isinstance(m, MeterMover)]:
            if not self.market.step(dt * (1 / max(self.anim.speed, 1e-6)), mover.kind):
                self.movers.remove(mover)
                self.restatic([mover.rect])

    def next_round_in(self) -> float | None:
        """Seconds until the next round deals by itself (None when not waiting)."""
        if self.view.phase != "locked" or self.view.lock_time is None:
            return None
        wait = float(self.table.options.get("summary_seconds", SUMMARY_SECONDS))
        return cast(float, self.view.lock_time + wait - self.table.now())

    def next_round(self) -> None:
        """Skip the summary (the host's tap; local play)."""
        seat = self.humans[0] if self.humans else 0
        self._act(seat, NextRound())

    # events ---------------------------------------------------------------------------------
    def on_events(self, events: list[Any]) -> None:
        """Animate what happened, then redraw from fresh views."""
        locked = None
        for event in events:
            line = feed_line(event, self.names)
            if line:
                self.feed = (self.feed + [line])[-3:]
            self.fx.play(event)
            if event.kind == "round_locked":
                locked = event.data["round"] - 1
            elif event.kind == "round_start":
                self._round_started()
        self.view = self.table.view(self.viewer)
        for kind in self.market.set(self.view.market, animate=True):
            if not any(isinstance(m, MeterMover) and m.kind == kind for m in self.movers):
                self.movers.append(MeterMover(self.market, kind))
        self.refresh()
        if locked is not None and self.view.phase != "trading":
            self._show_summary(locked)

    def _round_started(self) -> None:
        for sel in self.sel.values():
            sel.clear()
        self.view = self.table.view(self.viewer)
        self.market.set(self.view.market, animate=False)
        if self.summary is not None:
            self._drop_summary()

    def _show_summary(self, index: int, skip_lock: bool = False) -> None:
        if index < 0:
            return
        if self.summary is not None:
            self._drop_summary()
        self.app.audio.play("round_end")
        self.summary = SummaryOverlay(self.app, self, index)
        if skip_lock:
            self.summary.age = self.summary.lock_for
        self.app.stack.push(self.summary)

    def _drop_summary(self) -> None:
        scenes = self.app.stack.scenes
        if self.summary in scenes:
            if scenes[-1] is self.summary:
                self.app.stack.pop()
            else:
                scenes.remove(self.summary)
                self.summary.exit()
        self.summary = None
        self.invalidate()

    # drawing --------------------------------------------------------------------------------
    def masked(self, region: Region) -> bool:
        """Private cards face down (table mode, nobody holding or recently holding the tab)."""
        return self.table_mode and not region.holding and self.time >= region.reveal_until

    def refresh(self, region: Region | None = None) -> None:
        """Rebuild panel models; re-render and re-turn only the panels that changed."""
        changed = []
        for r in [region] if region else self.regions:
            model = seat_model(self.table, r.seat, self.sel[r.seat], self.names, self.masked(r))
            if model != r.model:
                r.model = model
                r.set_image(r.panel.render(model))
                changed.append(r.rect)
        bank_view = self.view if self.viewer is not None else None
        if bank_view is not None and (self.market.bank, self.market.pinned) != (bank_view.bank,
                                                                                 bank_view.pin is not None):
            self.market.bank, self.market.pinned = bank_view.bank, bank_view.pin is not None
            changed.append(self.market.rect)
        self.restatic(None if region is None else changed)

    def paint_static(self, surface: pygame.Surface) -> None:
        felt(surface, self.app.assets)
        if self.table_mode:
            panel(surface, self.centre.inflate(-8, -8), radius=26)
        self._paint_feed(surface)
        self.market.paint(surface)
        if self.countdown not in self.movers:
            self.countdown.draw(surface)
        for region in self.regions:
            if region.image is not None:
                surface.blit(region.image, region.rect)

    def _paint_feed(self, surface: pygame.Surface) -> None:
        text = self.app.text
        if self.table_mode:
            c = self.centre
            y = self.countdown.rect.bottom + 10
            for i, line in enumerate(self.feed[-2:]):
                text.draw(surface, line, (c.centerx, y + i * 30), 24, CREAM if i == len(self.feed[-2:]) - 1
                          else MUTED, anchor="midtop")
            return
        text.draw(surface, "Swap Meet", (30, 42), 40, GOLD, bold=True, anchor="midleft")
        for i, line in enumerate(self.feed[-2:]):
            text.draw(surface, line, (290, 24 + i * 34), 26, CREAM if i == len(self.feed[-2:]) - 1 else MUTED)

    # input ----------------------------------------------------------------------------------
    def _region_at(self, pos: tuple[float, float]) -> Region | None:
        return next((r for r in self.regions if r.rect.collidepoint(pos)), None)

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "press":  # the seat and the button are fixed where the pointer went down
            region = self._region_at(pe.pos)
            self.owner[pe.pid] = region
            self.pressed[pe.pid] = region.panel.hit(region.to_upright(pe.pos)) if region else None
            if region is not None and self.pressed[pe.pid] == ("peektab",):
                region.holding.add(pe.pid)
                self.refresh(region)
            return True
        region = self.owner.get(pe.pid)
        if pe.kind == "release" and region is not None and pe.pid in region.holding:
            region.holding.discard(pe.pid)
            region.reveal_until = self.time + REVEAL_GRACE
        if pe.kind != "tap":
            return True
        if region is None:
            kind = self.market.kind_at(pe.pos)
            if kind is not None and self.viewer is not None:
                self._act(self.viewer, PinBank(kind))
            return True
        intent = self.pressed.pop(pe.pid, None)
        if intent is not None and region.rect.collidepoint(pe.pos):
            self._intent(region, intent)
        return True

    def _intent(self, region: Region, intent: tuple[Any, ...]) -> None:
        seat, sel = region.seat, self.sel[region.seat]
        masked = self.masked(region)
        if not masked and self.table_mode:
            region.reveal_until = max(region.reveal_until, self.time + REVEAL_GRACE)
        what = intent[0]
        if what == "card" and not masked:
            held = self.table.view(seat).counts().get(intent[1], 0)
            sel.tap(intent[1], intent[2], held)
            self.app.audio.play("tap", 0.5)
            self.refresh(region)
        elif what == "pin" and not masked:
            self._act(seat, PinBank(intent[1]))
        elif what == "peek":
            self._act(seat, Peek(intent[1]))
        elif what == "swap":
            view = self.table.view(seat)
            action = swap_for(view, sel, intent[1])
            if action is None:
                gone = view.offers[intent[1]] is None or view.phase != "trading"
                self.refused(seat, "that offer is gone" if gone else "select the same count of another type")
            elif self._act(seat, action):
                sel.clear()
                self.refresh(region)
        elif what == "button":
            self._button(region, intent[1])

    def _button(self, region: Region, key: str) -> None:
        seat, sel = region.seat, self.sel[region.seat]
        if key == "open":
            if sel.kind is None:
                self.refused(seat, "select the cards of one type you want to offer first")
            elif self._act(seat, OpenOffer(sel.kind, sel.count)):
                sel.clear()
                self.refresh(region)
        elif key in SIMPLE:
            self._act(seat, SIMPLE[key]())
        elif key.startswith("crash:"):
            self._act(seat, Crash(key.split(":", 1)[1]))

    def _act(self, seat: int, action: Any) -> bool:
        try:
            self.table.act(seat, action)
        except IllegalAction as exc:
            self.refused(seat, exc.reason)
            self.on_events([])
            return False
        self.on_events(self.table.take_events(self.viewer))
        return True

    def refused(self, seat: int, reason: str) -> None:
        """Say why not, naming the trader when several share the screen."""
        who = f"{self.names[seat]}: " if self.table_mode else ""
        self.app.toast(f"{who}{reason[:1].upper()}{reason[1:]}", error=True, seconds=2.5)

    # guided match -----------------------------------------------------------------------------
    def tutorial_target(self, name: str) -> pygame.Rect | None:
        """The floor's lesson targets, on the canvas: "card:KIND" (the next card of that type a tap
        selects), "button:LABEL" (a panel button, else a pygame-gui one), "swap:SEAT", "peek:SEAT",
        "rival:SEAT", "contract", "meter:KIND", "clock", and "coach:panel" (where the coach's words
        may sit in free play: over the market strip, clear of the clock, rivals and hand)."""
        kind, _, arg = name.partition(":")
        region = self.regions[0] if self.regions else None
        if kind == "meter":
            return self.market.cells.get(arg)
        if kind == "clock":
            return self.countdown.rect.copy()
        if kind == "coach" and arg == "panel" and not self.table_mode:
            return self.market.rect.copy()
        if region is None or self.masked(region):
            return super().tutorial_target(name)
        panel_ = region.panel
        intent: tuple[Any, ...] | None = None
        if kind == "card":
            intent = (kind, arg, False)
        elif kind in ("swap", "peek") and arg.isdigit():
            intent = (kind, int(arg))
        elif kind == "button" and region.model is not None:
            key = next((b.key for b in region.model.buttons if b.label == arg and b.enabled), None)
            intent = None if key is None else (kind, key)
        rect = next((r for r, i in reversed(panel_.hits) if i == intent), None) if intent else None
        if kind == "rival" and arg.isdigit():
            rect = panel_.rival_rects.get(int(arg))
        elif kind == "contract":
            rect = panel_.contract_rect if panel_.contract_rect.w else None
        if rect is None:
            return super().tutorial_target(name)
        corners = [region.to_canvas(p) for p in (rect.topleft, rect.bottomright)]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        return pygame.Rect(round(xs[0]), round(ys[0]), round(xs[1] - xs[0]), round(ys[1] - ys[0]))
