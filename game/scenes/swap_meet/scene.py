"""The Swap Meet trading floor: real-time trading for people and bots on one screen.

One person against bots gets the full layout (market strip and countdown on top, opponents'
rows, then their own stall). Two or more people get table mode: each person's panel sits on
their edge of the screen turned to face them, and every pointer acts only in the seat where it
was pressed, so several people trade at once. Private cards stay face down in table mode until
their owner holds the panel's peek tab (they stay shown a few seconds after letting go).
The scene only translates: taps become actions for the table, redacted events become animations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import pygame

from game.draw.anim import Call, Sequence, Wait
from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import at_most, unscaled
from game.draw.ui import button, label_width, resize
from game.draw.widgets import felt, panel
from game.match.local import LocalTable
from game.match.table import Table
from game.scenes.describe import Section
from game.scenes.match import MatchScene
from game.scenes.swap_meet import taps
from game.scenes.swap_meet.describe import describe
from game.scenes.swap_meet.gate import RoundGate
from game.scenes.swap_meet.glossary import GLOSSARY
from game.scenes.swap_meet.layout import CROWD, SOLO_CLOCK, SOLO_MARKET, SOLO_PANEL, Region, centre_rect, regions
from game.scenes.swap_meet.market import Countdown, Market, MeterMover
from game.scenes.swap_meet.model import (
    Selection,
    floor_rivals,
    seat_model,
    swap_for,
)
from game.scenes.swap_meet.motion import CARD, Effects
from game.scenes.swap_meet.news import FloorInfo, NewsLane
from game.scenes.swap_meet.panel import SeatPanel
from game.scenes.swap_meet.pending import PendingNote, pending_words
from game.scenes.swap_meet.preview import Confirmer, action_for
from game.scenes.swap_meet.story import feed_line
from game.scenes.swap_meet.strip import paint_column
from game.scenes.swap_meet.summary import PauseOverlay, SummaryOverlay
from game.scenes.swap_meet.targets import FloorTargets
from game.shell.display import LOGICAL_W
from game.shell.keymap import key_name, keys_of
from game.shell.pointer import PointerEvent
from game.shell.targets import tapped
from game.text import say, tr
from game.text.persons import Person
from rules.errors import IllegalAction
from rules.refusal import Refusal
from rules.swap_meet.actions import CashOut, NextRound, OpenOffer, Pull, Swap
from rules.swap_meet.data import ROUNDS

REVEAL_GRACE = 4.0  # seconds private cards stay shown after the peek tab is let go
TRADE_GRACE = 20.0  # more seconds they stay shown while cards are picked for a trade
REACTION = 0.5  # a card-spending button must have stood still this long before the press that uses it
FEED_H = 64  # two feed lines under the table-mode clock
SOLO_RIGHT = 1900  # the right end of the top bar's buttons (one seat at the screen)
LANE_MIN = 200  # a rival row's free lane narrower than this carries no floating label
ROW_LANDING = 598  # a rival row's x where its counter starts: cards land just left of it
NEWS_SECONDS = 1.8  # how long a person's own move is said in their hint line
SIMPLE = {"pull": Pull, "cash": CashOut}
SPENDS = ("audit", "takeover", "crash:")  # panel button keys that use up an action card


def spends_card(intent: tuple[Any, ...]) -> bool:
    """Peek, Tax Audit, Hostile Takeover and Market Crash play an action card."""
    return intent[0] == "peek" or intent[0] == "button" and str(intent[1]).startswith(SPENDS)


@dataclass(frozen=True)
class Press:
    """A pointer's press as it was when it went down."""

    intent: tuple[Any, ...]
    fresh: bool  # the zone had appeared (or moved there) less than REACTION seconds before
    offer: int | None = None  # a Swap's target offer id at the press


class SwapMeetScene(FloorTargets, MatchScene):
    LETTERS = (("swap-meet.open", "button:Open offer"), ("swap-meet.pull", "button:Pull"),
               ("swap-meet.cash", "button:Cash out"))
    """The trading floor for 3–6 seats, people and bots."""

    name = "swap_meet"
    GAME = "swap-meet"
    AWAY_AT = (300, 2)  # online: over the feed line, clear of the market meters and the clock

    def __init__(self, app, table: Table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, table)
        self.humans = list(table.here)
        if len(self.humans) == 1 and isinstance(table, LocalTable):  # one person against bots: "You offer…"
            self.names[self.humans[0]] = Person(self.names[self.humans[0]], you=True)
        self.table_mode = len(self.humans) >= 2
        self.crowd = len(self.humans) >= CROWD  # the middle is one strip across the screen
        self.viewer = None if self.table_mode or not self.humans else self.humans[0]
        self.sel = {seat: Selection() for seat in self.humans}
        self.regions = regions(app, self.humans)
        if self.viewer is not None:  # one person's panel: its main moves show their letters (LETTERS)
            keys = keys_of(app.settings)
            for region in self.regions:
                region.panel.letters = {c.split(".")[1]: key_name(keys.key(c)) for c, _ in self.LETTERS}
        self.floor = SeatPanel(app, SOLO_PANEL.size, compact=False) if not self.humans else None  # a demo
        self.floor_rows: tuple[Any, ...] | None = None
        self.floor_image: pygame.Surface | None = None
        self.region_of = {r.seat: r for r in self.regions}
        self.centre = centre_rect(len(self.humans)) if self.table_mode else pygame.Rect(0, 0, LOGICAL_W, 312)
        market_rect, clock_rect = self._strip_rects()
        self.market = Market(app, market_rect)
        self.countdown = Countdown(app, clock_rect)
        self.fx = Effects(self)
        self.flying: Counter[tuple[int, str | None]] = Counter()  # (seat, kind) -> cards in the air to it
        self.owner: dict[Hashable, Region | None] = {}
        self.pressed: dict[Hashable, Press | None] = {}
        self.born: dict[int, dict[tuple[Any, ...], float]] = {}  # seat -> hit zone -> when it appeared
        self.pin_armed: dict[int, tuple[str, float]] = {}  # seat -> (kind, until): a warned pin
        self.alerts: dict[int, tuple[str, bool, float]] = {}  # seat -> (words, error, until) in its hint line
        self.feed: list[str] = []
        self.latest: dict[int, tuple[str, float]] = {}  # bot seat -> its latest move and when (the strip)
        self._fresh: frozenset[int] = frozenset()
        self.time = 0.0
        self._beat = -1
        self.summary: SummaryOverlay | None = None
        self.gate = RoundGate(table, self.humans)
        self.confirm = Confirmer(self)
        self.news_lane = NewsLane(table, self.humans)
        self.glossed: str | None = None  # the market meter the mouse rests on (its line was said)
        self.pending_note = PendingNote(app)
        self.view = self.table.view(self.viewer)
        self.table.take_events(self.viewer)  # the match so far is shown as it is now, not replayed
        self.market.set(self.view.market, animate=False)
        self._build_buttons()
        self._clock_step()  # the round's length from the first frame: never a red 0:00 behind a briefing
        self.refresh()

    # layout ---------------------------------------------------------------------------------
    def letters(self) -> tuple[tuple[str, str], ...]:
        """The move letters act on the one person's panel; in table mode the screen is everyone's: none."""
        return self.LETTERS if self.viewer is not None else ()

    def description(self) -> list[Section]:
        """The floor in words for the person at this screen (describe.py; table mode: public facts only)."""
        return describe(self.table, self.viewer, self.names)

    def _strip_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        if not self.table_mode:
            return SOLO_MARKET.copy(), SOLO_CLOCK.copy()
        c = self.centre
        if self.crowd:  # Help and Pause, the feed, the clock, the market, Leave: side by side
            return pygame.Rect(1002, c.y + 8, 738, c.h - 16), pygame.Rect(656, c.y + 10, 330, c.h - 20)
        clock = pygame.Rect(0, 0, 440, 136)
        clock.midtop = (c.centerx, c.y + 14)
        top = max(c.bottom - 196, clock.bottom + 10 + FEED_H)  # the feed lines stay uncovered
        return pygame.Rect(c.x + 24, top, c.w - 48, min(180, c.bottom - 16 - top)), clock

    def _build_buttons(self) -> None:
        if self.crowd:  # Help and Pause down the left end of the middle strip, Game info and Leave the right
            c = self.centre
            spots = [(20, c.y + 10), (20, c.y + c.h - 76), (1756, c.y + c.h - 76), (1746, c.y + 10)]
            size = (150, 66)
        elif self.table_mode:
            y, c = self.countdown.rect.y + 6, self.centre
            spots = [(c.x + 24, y), (c.x + 200, y), (c.right - 200, y), (c.right - 376, y)]
            size = (160, 64)
        else:
            spots = [(1380, 10), (1560, 10), (1740, 10), (1180, 10)]
            size = (160, 70)
        # the match log (Game info, as Night Market has it): in table mode it shows only what everyone
        # at the table may know (the public view), as the feed does; a demo with nobody has none
        wide = size[0] + (20 if not self.table_mode or self.crowd else 0)  # its words need a little more
        self.log_b = None if not self.humans else button(self.ui, (*spots[3], wide, size[1]), tr("sm.floor.info"),
                                                                    "#quiet")
        self.help_b = button(self.ui, (*spots[0], *size), tr("sm.pause.help"), "#quiet")
        self.pause_b = button(self.ui, (*spots[1], *size), tr("sm.floor.pause"), "#quiet")
        self.leave_b = button(self.ui, (*spots[2], *size), tr("sm.floor.leave"), "#danger")
        if not self.table_mode:
            self._fit_buttons(size[1])

    def _fit_buttons(self, high: int) -> None:
        """The top bar's buttons as wide as their labels (a bigger text size), right-aligned as laid out
        at 100 %; the feed ends left of them (`_feed_rect`)."""
        x = SOLO_RIGHT
        for made in (self.leave_b, self.pause_b, self.help_b, self.log_b):
            if made is None:
                continue
            w = max(int(made.rect.w), label_width(made))
            x -= w
            resize(made, (w, high), (x, int(made.rect.y)))
            x -= 20

    def anchor(self, seat: int | None, kind: str | None = None) -> tuple[float, float]:
        """Where a seat's cards fly from and to: a person's slot of that kind, a rival row's gap
        between its score and its counter (never on a word)."""
        return self.landing(seat, kind)[0]

    def landing(self, seat: int | None, kind: str | None = None) -> tuple[tuple[float, float], float]:
        """Where a seat's cards fly from and to, and the card's scale there (a short row takes it small)."""
        if seat is None:
            return self.centre_point(), 1.0
        region = self.region_of.get(seat)
        if region is not None:
            slot = region.panel.card_rects.get(kind or "")
            if slot is not None and region.model is not None and not region.model.masked:
                return region.to_canvas(slot.center), 1.0
            if self.table_mode:
                return region.to_canvas((region.upright[0] * 0.35, region.upright[1] * 0.6)), 1.0
            return (region.rect.x + 520, region.rect.y + 470), 1.0
        rows = self._rows()
        if rows is not None:
            panel_, origin = rows
            row = panel_.rival_rects.get(seat)
            if row is not None:
                scale = min(0.62, (row.h - 10) / CARD[1])  # fits the row and the gap before its counter
                return (origin[0] + row.x + ROW_LANDING - CARD[0] * scale / 2, origin[1] + row.centery + 2), scale
        bots = self._bots()
        i = bots.index(seat) if seat in bots else 0
        c = self.market.rect
        return (c.x + c.w * (i + 1) / (len(bots) + 1), c.centery if self.crowd else c.y - 20), 1.0

    def label_place(self, seat: int | None) -> tuple[tuple[float, float], pygame.Rect, int] | None:
        """Where a rival's floating label goes: the free lane of its row (between its offer and its
        Peek and Swap), never over a live word; None when it has no lane (the feed says it anyway)."""
        if seat is None or seat in self.region_of:
            return None
        rows = self._rows()
        if rows is None:  # table mode: a bot's news floats in the free stretch of the shared middle
            lane = self.centre_lane()
            return None if lane is None else (lane.center, lane, 0)
        lane = rows[0].lanes.get(seat)
        if lane is None or lane.w < LANE_MIN:
            return None
        lane = lane.move(rows[1])
        return lane.center, lane, 0

    def centre_lane(self) -> pygame.Rect | None:
        """Table mode's free stretch of the middle for bots' news: the band between the feed and the
        market, else beside the clock clear of the buttons; None when no stretch is wide enough."""
        c, clock, feed, market = self.centre, self.countdown.rect, self._feed_rect(), self.market.rect
        if self.crowd:
            return None
        band = pygame.Rect(c.x + 24, feed.bottom + 6, c.w - 48, market.y - feed.bottom - 12)
        if band.h >= 56:
            return band
        right = pygame.Rect(clock.right + 12, clock.y, c.right - 200 - clock.right - 24, clock.h)  # up to Leave
        left = pygame.Rect(c.x + 372, clock.y, clock.x - c.x - 384, clock.h)  # after Help and Pause
        best = max(left, right, key=lambda r: r.w)
        return best if best.w >= LANE_MIN else None

    def _bots(self) -> list[int]:
        """The seats no person on this device plays."""
        return [s for s in range(self.view.seats) if s not in self.region_of]

    def _rows(self) -> tuple[SeatPanel, tuple[int, int]] | None:
        """The panel that draws the stalls as rows and where it sits: one person's, or the demo's floor."""
        if self.floor is not None:
            return self.floor, SOLO_PANEL.topleft
        if not self.table_mode and self.regions:
            return self.regions[0].panel, self.regions[0].rect.topleft
        return None

    def news(self, seat: int | None, words: str, offer: bool) -> None:
        """Say what a seat just did where it belongs: a person's own hint line, a rival row's lane;
        an offer is not repeated over the row that shows it."""
        if seat in self.region_of:
            self.alert(seat, words, error=False, seconds=NEWS_SECONDS)
            return
        if self.crowd and seat is not None:  # the strip's lane of that bot
            self.latest[seat] = (words, self.time)
            self.restatic([self._feed_rect()])
            return
        place = None if offer else self.label_place(seat)
        if place is not None:
            pos, lane, angle = place
            self.fx.label(words, pos, GOLD, lane, angle)

    def alert(self, seat: int, words: str, error: bool, seconds: float) -> None:
        """Words in a seat's hint line for a while (a refusal in red, news in gold)."""
        self.alerts[seat] = (words, error, self.time + seconds)
        region = self.region_of.get(seat)
        if region is not None:
            self.refresh(region)

    def centre_point(self) -> tuple[float, float]:
        """The middle of the market strip."""
        return self.market.rect.center

    # lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.view.phase == "locked":
            self.gate.hold()
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
        if element is self.log_b and element is not None:
            self.app.stack.push(FloorInfo(self))
        elif element is self.help_b:
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
        self._pending_step()
        fresh = frozenset(s for s, (_, when) in self.latest.items() if self.time - when < NEWS_SECONDS)
        if fresh != self._fresh:
            self._fresh = fresh
            self.restatic([self._feed_rect()])
        self._meters_step(dt)
        for region in self.regions:
            if self.table_mode and not self.masked(region) and self.news_lane.shown(region.seat, dt):
                self.refresh(region)  # face up long enough: read
            if region.model is not None and (region.model.masked != self.masked(region)
                                             or region.model.alert != self._alert(region.seat)):
                self.refresh(region)

    def _clock_step(self) -> None:
        trading = self.view.phase == "trading"
        left = self.view.deadline - self.table.now()
        self.countdown.remaining = max(0.0, left) if trading else 0.0
        self.countdown.total = self.view.deadline - self.view.round_start
        self.countdown.label = tr("sm.floor.round", round=self.view.round_no, rounds=ROUNDS)
        self.countdown.locked_by = None if trading else self._locked_by()
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

    def _locked_by(self) -> str:
        """What the round clock says once the round is over: who locked it, or that time ran out."""
        done = self.view.summaries[-1] if self.view.summaries else None
        if done is None or done.locker is None or done.how == "timer":
            return tr("sm.floor.time_out")
        return tr("sm.floor.locked_by", name=self.names[done.locker])

    def _pending_step(self) -> None:
        """Show a move in flight until the table has its answer (only ever online)."""
        waiting = self.table.pending(self.viewer) if self.viewer is not None else []
        note = self.pending_note
        if waiting and note not in self.movers:
            self.movers.append(note)
        elif not waiting and note in self.movers:
            self.movers.remove(note)
            self.restatic([note.rect])
        if waiting:
            note.words = pending_words(waiting)

    def _meters_step(self, dt: float) -> None:
        for mover in [m for m in self.movers if isinstance(m, MeterMover)]:
            if not self.market.step(self.anim.scaled(dt), mover.kind):
                self.movers.remove(mover)
                self.restatic([mover.rect])

    def next_round_in(self) -> float | None:
        """Seconds until the next round deals by itself (None when it waits for a tap, or not locked)."""
        return self.gate.left(self.view)

    def summary_wait(self) -> float:
        """How long a round's summary waits before the next round deals by itself."""
        return self.gate.wait()

    def can_next_round(self) -> bool:
        """True when this device may deal the next round now (local play; online only the host)."""
        return self.gate.may_deal()

    def next_round(self, seat: int | None = None) -> None:
        """A person's Next on the summary: the next round deals once everyone here has pressed it
        (online: the host's tap deals at once)."""
        if seat is not None and not self.gate.press(seat):
            if self.summary is not None:
                self.summary.pressed()
            return
        self._act(self.humans[0] if self.humans else 0, NextRound())

    # events ---------------------------------------------------------------------------------
    def on_events(self, events: list[Any]) -> None:
        """Animate what happened, then redraw from fresh views."""
        locked, landing = None, 0.0
        for event in events:
            with self.anim.bot_move(self.by_bot([event])) as instant:  # "skip bot moves": it lands at once
                lands = self.fx.play(event)
            lands = 0.0 if instant else lands
            landing = max(landing, lands)
            self._say(feed_line(event, self.names), lands)
            if event.kind == "round_locked":
                locked = event.data["round"] - 1
            elif event.kind == "round_start":
                self._round_started()
        self.view = self.table.view(self.viewer)
        if events:
            self.news_lane.catch_up(self.names)
        for kind in self.market.set(self.view.market, animate=True):
            if not any(isinstance(m, MeterMover) and m.kind == kind for m in self.movers):
                self.movers.append(MeterMover(self.market, kind))
        self.refresh()
        if locked is not None and self.view.phase == "locked":
            self.gate.hold()  # before the summary shows: the lock moment must not eat its time
        if locked is not None and self.view.phase != "trading":
            self._later(landing, lambda: self._summary_if_still(locked, self.view.round_no))

    def _later(self, delay: float, then: Callable[[], None]) -> None:
        """Run `then` once the animations playing now are over (at once when none is)."""
        if delay <= 0:
            then()
        else:
            self.anim.add(Sequence([Wait(delay), Call(then)]))

    def _say(self, line: str | None, delay: float) -> None:
        """A feed line, shown when its cards land (not before the picture, not long after)."""
        if not line:
            return

        def add() -> None:
            self.feed = (self.feed + [line])[-3:]
            self.restatic([self._feed_rect()])
        self._later(delay, add)

    def _summary_if_still(self, index: int, round_no: int) -> None:
        """The locked round's summary, unless the table has moved on to another round meanwhile."""
        if self.view.round_no == round_no and self.view.phase != "trading":
            self._show_summary(index)

    def _round_started(self) -> None:
        self.flying.clear()  # a new deal: nothing of the last round is still on its way
        for sel in self.sel.values():
            sel.clear()
        self.view = self.table.view(self.viewer)
        self.market.set(self.view.market, animate=False)
        self.gate.release()
        self.news_lane.new_round()
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
    def _floor_clear(self) -> int:
        """Pixels at the floor's bottom its rows leave free for the kiosk's banner (0: none asked)."""
        return max(0, SOLO_PANEL.bottom - self.keep_clear.y) if self.keep_clear is not None else 0

    def relayout(self) -> None:
        """The demo floor is drawn again at once, clear of the kiosk's banner."""
        if self.floor is not None and self.floor_rows is not None:
            self.floor_image = self.floor.render_floor(self.floor_rows, self._floor_clear())
        super().relayout()

    def masked(self, region: Region) -> bool:
        """Private cards face down (table mode, nobody holding or recently holding the tab). A pick
        in hand is a trade under way: the cards stay up TRADE_GRACE more seconds, so they never
        hide while their trader reads the rows for an offer to swap into."""
        extra = TRADE_GRACE if self.sel[region.seat].kind is not None else 0.0
        return self.table_mode and not region.holding and self.time >= region.reveal_until + extra

    def refresh(self, region: Region | None = None) -> None:
        """Rebuild panel models; re-render and re-turn only the panels that changed."""
        changed = []
        for r in [region] if region else self.regions:
            alert = self._alert(r.seat)
            model = seat_model(self.table, r.seat, self.sel[r.seat], self.names, self.masked(r), self.flying,
                               alert, alert is not None and alert[0] == self.news_lane.first(r.seat))
            if model != r.model:
                r.model = model
                r.set_image(r.panel.render(model))
                self._note_births(r)
                changed.append(r.rect)
        if self.floor is not None:
            rows = floor_rivals(self.table, self.names, self.flying)
            if rows != self.floor_rows:
                self.floor_rows, self.floor_image = rows, self.floor.render_floor(rows, self._floor_clear())
                changed.append(SOLO_PANEL)
        if self.viewer is not None and self._market_bank() != self._market_shown():
            self.market.bank, self.market.pinned, self.market.preview, self.market.held = self._market_bank()
            changed.append(self.market.rect)
        self.restatic(None if region is None else changed)

    def _alert(self, seat: int) -> tuple[str, bool] | None:
        """The words a seat's hint line says instead of its hint just now: a fresh refusal or
        news, else the seat's oldest unseen news about its own hand."""
        alert = self.alerts.get(seat)
        if alert is not None and self.time < alert[2]:
            return alert[0], alert[1]
        region = self.region_of.get(seat)
        news = self.news_lane.first(seat) if region is not None and not self.masked(region) else None
        return None if news is None else (news, False)  # private: never on a face-down panel

    def _market_bank(self) -> tuple[Any, ...]:
        """The one person's bank as the market strip shows it: type, pinned, each type's score, holdings."""
        v = self.view
        return v.bank, v.pin is not None, {k: v.bank_points(k) for k in v.market}, v.counts()

    def _market_shown(self) -> tuple[Any, ...]:
        return self.market.bank, self.market.pinned, self.market.preview, self.market.held

    def _note_births(self, region: Region) -> None:
        """When each hit zone (place and meaning) first appeared: kept while it stays put."""
        old = self.born.get(region.seat, {})
        self.born[region.seat] = {(t.command, tuple(t.area)): old.get((t.command, tuple(t.area)), self.time)
                                  for t in self.region_targets(region)}

    def paint_static(self, surface: pygame.Surface) -> None:
        felt(surface, self.app.assets)
        if self.table_mode:
            panel(surface, self.centre.inflate(-8, -8), radius=26)
        self._paint_feed(surface)
        with at_most(100):  # the market's meters and the clock's dial are fixed art
            self.market.paint(surface)
            if self.countdown not in self.movers:
                self.countdown.draw(surface)
        for region in self.regions:
            if region.image is not None:
                surface.blit(region.image, region.rect)
        if self.floor_image is not None:
            surface.blit(self.floor_image, SOLO_PANEL)

    def _feed_rect(self) -> pygame.Rect:
        """Where the feed lines are painted."""
        if self.crowd:
            return pygame.Rect(186, self.centre.y + 8, 454, self.centre.h - 16)
        if self.table_mode:
            return pygame.Rect(self.centre.x + 20, self.countdown.rect.bottom + 6, self.centre.w - 40, FEED_H)
        first = self.log_b or self.help_b
        return pygame.Rect(280, 16, min(880, int(first.rect.x) - 20 - 280), 78)  # up to Game info

    def _paint_feed(self, surface: pygame.Surface) -> None:
        text = self.app.text
        if self.crowd:
            lanes = [(s, self.names[s], self.latest.get(s, ("", 0.0))[0], s in self._fresh) for s in self._bots()]
            paint_column(surface, text, self._feed_rect(), lanes, self.feed)
            return
        if self.table_mode:
            c = self.centre
            y = self.countdown.rect.bottom + 10
            for i, line in enumerate(self.feed[-2:]):
                text.draw(surface, line, (c.centerx, y + i * 30), 24, CREAM if i == len(self.feed[-2:]) - 1
                          else MUTED, anchor="midtop")
            return
        text.draw(surface, "Swap Meet", (30, 42), unscaled(40), GOLD, bold=True, anchor="midleft")  # a heading
        room = self._feed_rect()
        step = max(32, text.font(24).get_linesize() - 8)  # 32 at 100 %
        shown = self.feed[-2:] if 2 * step + 8 <= room.h else self.feed[-1:]  # the newest alone when two don't fit
        top = room.y - 2 if len(shown) > 1 else room.centery - (step + 8) // 2
        for i, line in enumerate(shown):
            size = text.fitting(line, 24, room.w, least=24)  # smaller, down to its 100 % size
            text.draw(surface, line, (290, top + i * step), size, CREAM if i == len(shown) - 1 else MUTED)

    # input ----------------------------------------------------------------------------------
    def _region_at(self, pos: tuple[float, float]) -> Region | None:
        return next((r for r in self.regions if r.rect.collidepoint(pos)), None)

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "press":  # the seat and the button are fixed where the pointer went down
            region = self._region_at(pe.pos)
            self.owner[pe.pid] = region
            press = self._press(region, pe.pos) if region else None
            self.pressed[pe.pid] = press
            if region is not None and press is not None and press.intent == ("peektab",):
                region.holding.add(pe.pid)
                self.refresh(region)
            return True
        region = self.owner.get(pe.pid)
        if pe.kind == "release" and region is not None and pe.pid in region.holding:
            region.holding.discard(pe.pid)
            region.reveal_until = self.time + REVEAL_GRACE
        if pe.kind in ("move", "long_press") and region is None:
            taps.gloss_market(self, pe)
        if pe.kind != "tap":
            return True
        if region is None:
            meter = tapped((t for t in self.targets() if t.name.startswith("meter:")), pe.pos)
            if meter is not None:
                meter.run(pe.pos)  # pins the bank
            return True
        press = self.pressed.pop(pe.pid, None)
        if press is not None and region.rect.collidepoint(pe.pos):
            self._release(region, press)
        return True

    def pin_bank(self, kind: str) -> None:
        """A tap on a market meter: pin the bank type (after a warning when it would score a loss)."""
        if self.viewer is not None:
            taps.pin(self, self.viewer, kind)

    def _press(self, region: Region, pos: tuple[float, float]) -> Press | None:
        """What a press means, frozen until its release: the zone under it, how long that zone had
        stood there, and the offer a Swap aims at."""
        target = tapped(self.region_targets(region), pos)
        if target is None or target.command is None:
            return None
        intent = target.command
        since = self.born.get(region.seat, {}).get((intent, tuple(target.area)), -REACTION)
        offer = None
        if intent[0] == "swap":
            target = self.table.view(region.seat).offers[intent[1]]
            offer = target.id if target is not None else None
        return Press(intent, self.time - since < REACTION, offer)

    def _release(self, region: Region, press: Press) -> None:
        """A tap ends: act on what was under the finger when it went down."""
        if press.fresh and spends_card(press.intent):
            self.refused(region.seat, tr("sm.refused.appeared"))
            return
        if press.intent[0] == "swap":
            now = self.table.view(region.seat).offers[press.intent[1]]
            if now is not None and now.id != press.offer:  # gone altogether: _intent says so
                self.refused(region.seat, tr("sm.refused.changed"))
                return
        self._intent(region, press.intent)

    def _intent(self, region: Region, intent: tuple[Any, ...]) -> None:
        seat, sel = region.seat, self.sel[region.seat]
        masked = self.masked(region)
        if not masked and self.table_mode:
            region.reveal_until = max(region.reveal_until, self.time + REVEAL_GRACE)
        what = intent[0]
        if what == "card" and not masked:
            taps.pick(self, region, intent[1], intent[2])
        elif what == "pin" and not masked:
            taps.pin(self, seat, intent[1])
        elif what == "news":
            self.news_lane.seen(seat)
            self.refresh(region)
        elif what == "term":
            shown = self._alert(seat)
            term = "pin" if shown is not None and shown[0] == GLOSSARY["bank"] else intent[1]
            self.alert(seat, GLOSSARY[term], error=False, seconds=6.0)
        elif what == "info" and not masked:
            self.confirm.explain(seat, intent[1])
        elif action_for(intent) is not None:
            if self.confirm.ask(region, action_for(intent)):
                self.play(region, action_for(intent))
        elif what == "swap":
            view = self.table.view(seat)
            action = swap_for(view, sel, intent[1])
            if action is None:
                gone = view.offers[intent[1]] is None or view.phase != "trading"
                self.refused(seat, tr("sm.refused.gone") if gone else tr("sm.refused.same_count"))
            elif self.confirm.ask(region, action):
                self.play(region, action)
        elif what == "button":
            self._button(region, intent[1])
        elif what == "row" and sel.kind is not None and not masked:
            taps.row_tap(self, seat, intent[1])

    def _button(self, region: Region, key: str) -> None:
        seat, sel = region.seat, self.sel[region.seat]
        if key == "open":
            if sel.kind is None:
                self.refused(seat, tr("sm.refused.select_first"))
            elif self._act(seat, OpenOffer(sel.kind, sel.count)):
                sel.clear()
                self.refresh(region)
        elif key in SIMPLE:
            self._act(seat, SIMPLE[key]())

    def play(self, region: Region, action: Any) -> None:
        """Make a move the player saw previewed (or that needed no preview)."""
        if self._act(region.seat, action) and isinstance(action, Swap):
            self.sel[region.seat].clear()
            self.refresh(region)

    def _act(self, seat: int, action: Any) -> bool:
        try:
            self.table.act(seat, action)
        except IllegalAction as exc:
            self.refused(seat, exc.refusal)
            self.on_events([])
            return False
        self.on_events(self.table.take_events(self.viewer))
        return True

    def refused(self, seat: int, refusal: Refusal | str) -> None:
        """Say why not in that seat's own hint line (turned to face its trader in table mode): a
        refusal in the catalogue's words, or a hint of this screen's own (its taps, worded already)."""
        words = say(refusal) if isinstance(refusal, Refusal) else refusal
        if seat in self.region_of:
            self.app.audio.play("error")
            self.alert(seat, words, error=True, seconds=2.5)
        else:
            self.app.toast(words, error=True, seconds=2.5)
