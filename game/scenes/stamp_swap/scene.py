"""The Stamp Swap table: three days of Collect, Swap and Show for 2–5 people or bots.

The scene renders only from `table.view(seat)` of the person whose decision it is (or the public
view between people), hands actions to the table, and animates the events redacted for that view.
With two or more people on one device every private decision sits behind the pass-the-device
curtain; bots decide on their own.
"""

from __future__ import annotations

from typing import Any, cast

import pygame

from game.draw.anim import Call, Counter, Sequence, Wait
from game.draw.palette import GOLD, MUTED, RED
from game.draw.text import at_most
from game.draw.widgets import felt
from game.match.table import Table
from game.scenes.describe import Section
from game.scenes.match import MatchScene, Recap
from game.scenes.stamp_swap import beats, story
from game.scenes.stamp_swap.art import StampArt, points_text, value_text
from game.scenes.stamp_swap.centre import (
    coach_lit,
    paint_banner,
    paint_centre,
    paint_details,
    paint_hover,
    paint_moment,
    paint_summary,
)
from game.scenes.stamp_swap.controls import Controls
from game.scenes.stamp_swap.describe import describe
from game.scenes.stamp_swap.input import InputMixin
from game.scenes.stamp_swap.layout import ALBUM, HEAD, Layout, build, fit_centre, pool_slots, tray_shapes
from game.scenes.stamp_swap.ledger import DayLedger
from game.scenes.stamp_swap.left import paint_contests, paint_events
from game.scenes.stamp_swap.motion import FLY, FloatText, animate, float_text, step_counters
from game.scenes.stamp_swap.paint import paint_panels, paint_top, score_rect
from game.scenes.stamp_swap.words import stamp_name
from game.shell.targets import Target, keyed
from game.text import tr
from game.text.persons import Person, is_you
from rules.errors import IllegalAction
from rules.stamp_swap.stamps import DAYS

SOUNDS = {"take": "card_slide", "token_claimed": "coin", "pile_taken": "swap", "revealed": "card_flip",
          "placed": "stamp", "discarded": "crash", "show_scored": "coins", "day_end": "round_end",
          "final_show": "fanfare", "ready": "tap", "points": "coin"}
SKIP_SECONDS = 7.0  # a skipped pile choice is said for long enough to read twice


class StampSwapScene(InputMixin, MatchScene):
    """Collect, Swap and Show for 2 to 5 seats on one device."""

    LETTER_KEYS = (("stamp-swap.take", "ss.button.take"), ("stamp-swap.ready", "ss.button.ready"),
                   ("stamp-swap.split", "ss.button.split"))  # a move's letter acts on its button, by its words

    name = "stamp_swap"
    GAME = "stamp-swap"
    SOUNDS = SOUNDS

    def __init__(self, app, table: Table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, table)
        self.art = StampArt(app)
        self.viewer: int | None = None
        self.last_private: int | None = None
        self.curtain_up = False
        self.split: dict[str, str] = {}
        self.selected: str | None = None
        self.hidden: set[str] = set()
        self.drags = {}
        self.details: dict[str, Any] | None = None
        self.hover: dict[str, Any] | None = None  # the details beside what the mouse points at
        self.hover_lit: list[tuple[int, ...]] = []  # what the coach lit when the hover card was placed
        self.summary: tuple[Any, ...] | None = None
        self.banners: dict[int, tuple[str, str, dict[str, Any]]] = {}
        self.notes: list[str] = []
        self.recap = Recap(table, lambda e: story.line(e, self.names, self._lookup))
        self.ledger = DayLedger(len(self.names))  # every point of the day with its cause, for the summary
        self.day_swaps: list[str] = []  # "Ann took Basil's B", for the day's summary
        self.final_shown = False
        self.toast_seen: str | None = None
        self.queue: list[beats.Stage] = []
        self.beat_left = 0.0
        self.beat_seat: int | None = None
        self.caption: str | None = None
        self.moment: dict[str, Any] | None = None  # a pile being pointed at, or a new day's banner
        self.day_over = "Friday"
        self.swap_notes: dict[int, list[str]] = {}
        self.v: dict[str, Any] = table.view(None)
        self.counters = [Counter(s["score"], rate=12) for s in self.v["seats"]]
        self.slots: dict[str, int] = pool_slots(self.v["pool"], {})
        self.tray: dict[str, tuple[int, int]] = {}  # my stamps to place and their shapes: their places are kept
        self.lay: Layout = build(self.v, None, {}, self.slots)
        self.controls = Controls(self)
        keyed(self.controls.take, "collect:take")  # a lesson points at them by these keys, in every language
        keyed(self.controls.ready, "split:ready")
        self.table.take_events(None)  # the match so far is shown as it is now, not replayed
        self._book_today(table)
        self.recap.seen_all(table.here)

    def _book_today(self, table: Table) -> None:
        """A table joined mid-day (a resumed save) books the day's points so far for the summary."""
        past = table.history(None)
        start = max((k + 1 for k, e in enumerate(past) if e.kind == "day_end"), default=0)
        top = self.v["events"][0]["id"] if self.v["events"] else None
        for event in past[start:]:
            self.ledger.note(event, top)
        self.ledger.learn(self.v)

    def letters(self) -> tuple[tuple[str, str], ...]:
        """Each move letter and the button it presses, named in the language in use."""
        return tuple((command, "button:" + tr(key)) for command, key in self.LETTER_KEYS)

    # lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        self._sync([])
        self.briefing_on_first_play()

    def pause(self) -> None:
        self.cancel_drags()

    def on_back(self) -> bool:
        if self.details is not None:
            self.details = None
            self.restatic()
            return True
        self.leave()
        return True

    # whose view ----------------------------------------------------------------------------
    @property
    def acting(self) -> bool:
        """True when the shown seat is a person who must decide now (never in a replay: it is watched)."""
        return (self.viewer is not None and self.viewer in self.v["waiting"] and not self.curtain_up
                and not self.table.read_only)

    def _target(self) -> int | None:
        humans = self.table.here
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if self.summary is not None:
            return None
        waiting = [s for s in self.table.view(None)["waiting"] if s in humans]
        if self.viewer in waiting:
            return self.viewer
        return waiting[0] if waiting else None

    def _sync(self, events: list[Any]) -> None:
        """Pick whose view to show (behind a curtain when it changes hands) and redraw."""
        target = self._target()
        private_change = len(self.table.here) > 1 and target is not None and target != self.last_private
        if private_change and not self.curtain_up:
            self.curtain_up = True  # nobody acts from here until the curtain is lifted
            seat = cast(int, target)  # private_change: a target
            if events and self.viewer is not None:  # the move just made lands before the device is passed
                self._refresh(events)
                self.anim.add(Sequence([Wait(FLY + 0.3), Call(lambda: self._lower_curtain(seat))]))
                return
            self._lower_curtain(seat)
            return
        elif not private_change and not self.curtain_up:
            if target != self.viewer and target is not None:
                self.table.take_events(target)  # what happened meanwhile was shown from the public side
            self.viewer = target
            if target is not None:
                self.last_private = target
        self._refresh(events)

    def _lower_curtain(self, seat: int) -> None:
        """Hide the private view and ask for the device to be passed to `seat`."""
        if not self.curtain_up:
            return  # the move that called for it was taken back meanwhile
        self.viewer = None
        self._refresh([])
        self.app.stack.push(self.undo_control.curtain(self.names[seat], self.recap.since(seat),
                                                      lambda: self._curtain_done(seat)))

    def _curtain_done(self, seat: int) -> None:
        self.curtain_up = False
        self.last_private = seat
        self.recap.seen(seat)
        self._sync([])

    def _refresh(self, events: list[Any]) -> None:
        old = self.lay if self.v.get("seat") == self.viewer else None
        self.v = self.table.view(self.viewer)
        if self.v["phase"] != "swap_prep" or self.viewer is None:
            self.split = {}
        dc_keys = {i["key"] for i in self.v["seats"][self.viewer]["dc"]} if self.viewer is not None else set()
        self.split = {k: z for k, z in self.split.items() if k in dc_keys}
        self.slots = pool_slots(self.v["pool"], self.slots)
        pending = self.v["seats"][self.viewer]["pending"] if self.viewer is not None else []
        self.tray = tray_shapes(pending, self.tray)
        self.lay = build(self.v, self.viewer, self.split, self.slots, self.tray)
        if self.selected is not None and self.lay.rect_of(self.selected) is None and \
                not (self.selected == "token" and "token" in self.lay.zones):
            self.selected = None
        if self.hover is not None:
            self._hover(self.hover["anchor"].center)
        for counter, seat in zip(self.counters, self.v["seats"]):
            counter.set(seat["score"])
        self.ledger.learn(self.table.view(None))  # stamps everyone may name in the summary
        animate(self, old, events)
        self.controls.update()
        self.restatic()
        if self.v["over"] and not self.final_shown and self.summary is None:
            self.final_shown = True
            self.anim.add(Sequence([Wait(1.0), Call(self._final)]))

    def _final(self) -> None:
        from game.scenes.stamp_swap.final import FinalShowScene

        view = self.table.view(None)
        outcome = self.table.outcome()

        def show() -> None:
            self.closes_table = False  # the Final Show owns the table now: its Rematch still needs it (online)
            self.app.stack.replace(FinalShowScene(self.app, view, outcome, self.table, self.rematch))
        self.app.go(show)

    # taking a move back ------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The shown person, or while the curtain asks to pass the device, the person who just moved."""
        return self.last_private if self.curtain_up else self.viewer

    def undo_rect(self) -> pygame.Rect:
        """At the right end of the prompt line, beside the words of the move it takes back."""
        return pygame.Rect(HEAD.right - 200, HEAD.y + 5, 192, HEAD.h - 10)  # room for "Rückgängig"

    def _undo_memo(self) -> tuple[Any, ...]:
        """The day's notes as they are before a move (they are built from events, which an undo does not send)."""
        return (self.ledger.copy(), [*self.day_swaps], {k: [*v] for k, v in self.swap_notes.items()},
                [*self.notes], dict(self.banners))

    def after_undo(self, seat: int, memo: Any) -> None:
        """The move was taken back: the mover sees the table as it now is, their notes as they were."""
        self.queue, self.beat_left, self.caption, self.beat_seat = [], 0.0, None, None
        if memo is not None:
            self.ledger, self.day_swaps, self.swap_notes, self.notes, self.banners = memo
        self.selected, self.details = None, None
        self.curtain_up = False
        self.viewer = self.last_private = seat
        self.table.take_events(None)
        self.table.take_events(seat)
        self._refresh([])

    # the rules -----------------------------------------------------------------------------
    def act(self, action: object) -> bool:
        """Hand the shown person's move to the rules; a refusal is explained, nothing changes."""
        if not self.acting:
            return False
        assert self.viewer is not None
        self.flush()  # what was still being shown lands first: my move follows it
        self.undo_control.keep(self._undo_memo())
        try:
            self.table.act(self.viewer, action)
        except IllegalAction as exc:
            self.refused(self.viewer, exc.refusal)
            return False
        self.banners.pop(self.viewer, None)
        self.selected = None
        self.absorb()
        return True

    def absorb(self) -> None:
        """Queue what happened as stages: one decision at a time, each with its words and motion.

        The words, banners and scores come from the public events (they stay on screen when the
        device is passed); the animation uses the events as the shown seat may see them.
        """
        public = self.table.take_events(None)
        mine = public if self.viewer is None else self.table.take_events(self.viewer)
        if not public and not mine:
            return
        self.queue += beats.stages(public, mine)
        if self.beat_left <= 0:
            self._next_stage()

    @property
    def speed(self) -> float:
        """The bot speed (a local table's); beats shrink with it."""
        return self.table.speed

    def _next_stage(self) -> None:
        """Show the next queued stage (a long queue, as online, plays faster)."""
        if not self.queue or self.summary is not None or self._point(self.queue[0]):
            return
        stage = self.queue.pop(0)
        hurry = 1.0 if len(self.queue) < 3 else 0.3
        by_bot = self.by_bot(stage.public)
        self.beat_left = 0.0 if by_bot and self.anim.skip_bots else stage.seconds(self.speed) * hurry
        day = beats.day_moment(stage)
        self.moment = day if self.beat_left > 0 else None
        self.beat_seat = next((e.seat for e in stage.public if e.seat is not None), None)
        words = [w for w in (story.line(e, self.names, self._lookup) for e in stage.public) if w]
        self.caption = words[0] if words and self.beat_left > 0 else None
        self.notes = [*self.notes[-30:], *words]
        for event in stage.public:
            self._remember(event)
        self.play_sounds(stage.mine)
        with self.anim.bot_move(by_bot):  # "skip bot moves": a bot's stage lands at once
            if stage.fold:
                self._show_folded(beats.fold(self.v, stage.public), stage.mine)
            else:
                self._sync(stage.mine)
        if stage.freeze:
            self._open_summary()

    def _point(self, stage: beats.Stage) -> bool:
        """Before a pile moves, point at it and say who takes it (a beat of its own); True when pointing."""
        choice = beats.pile_choice(stage)
        if choice is None or choice[2] == self.viewer or stage.pointed or len(self.queue) >= 3 or self.speed <= 0:
            return False
        if self.anim.skip_bots and self.table.is_bot(choice[2]):
            return False  # bot moves are skipped: no beat to point first
        stage.pointed = True
        owner, pile, taker = choice
        self.moment = {"pile": (owner, pile), "taker": taker}
        self.beat_left = beats.POINT * self.speed
        self.beat_seat = taker
        key = "ss.caption.takes_your_pile" if is_you(self.names[owner]) else "ss.caption.takes_pile"
        self.caption = tr(key, taker=self.names[taker], owner=self.names[owner], pile="AB"[pile])
        self.restatic()
        return True

    def flush(self) -> None:
        """Show every queued stage at once (a person is about to move)."""
        while self.queue and self.summary is None:
            self._next_stage()
        self.beat_left = 0.0
        self.caption = None
        self.moment = None

    def _show_folded(self, view: dict[str, Any], events: list[Any]) -> None:
        """A step of a chain the table is already past: the shown view moved on by its events."""
        old = self.lay
        self.v = view
        self.lay = build(view, self.viewer, self.split, self.slots, self.tray)
        for counter, seat in zip(self.counters, view["seats"]):
            counter.set(seat["score"])
        animate(self, old, events)
        self.controls.update()
        self.restatic()

    def _step_beats(self, dt: float) -> None:
        """Count the shown stage down; once it is over the next one starts (a silent stage at once)."""
        if self.summary is not None:
            return
        if self.beat_left > 0:
            self.beat_left -= dt
            if self.beat_left > 0:
                return
            self.caption = None
            self.beat_seat = None
            self.moment = None
            self.restatic()
        if self.queue:
            self._next_stage()

    @property
    def busy(self) -> bool:
        """True while a stage is on show or waiting: bots hold their next move."""
        return self.beat_left > 0 or bool(self.queue)

    def _lookup(self, key: str) -> dict[str, Any] | None:
        for placed in self.lay.items:
            if placed.key == key:
                return placed.item
        return None

    def _remember(self, event) -> None:  # type: ignore[no-untyped-def]
        """Day scoring, discards and points for the summary, banners and floating numbers."""
        seat, d = event.seat, event.data
        self.ledger.note(event, self.v["events"][0]["id"] if self.v["events"] else None)
        if event.kind == "show_scored":
            self._float(seat, sum(d["points"].values()))
        elif event.kind == "discarded":
            item = self._lookup(d["item"])
            known = stamp_name(item) if item and item.get("known") else None
            name = known or self.ledger.names.get(d["item"], tr("ss.a_stamp"))
            why = story.discard_reason(int(d["value"]), int(d["points"]), self.v)
            self.banners[seat] = (tr("ss.banner.fits_nowhere", stamp=name, why=why), points_text(int(d["points"])),
                                  item or {"key": d["item"], "known": False})
            self._float(seat, int(d["points"]))
        elif event.kind == "placed" and seat == self.viewer:
            self._float_placed(d["item"], int(d["row"]), int(d["col"]))
        elif event.kind in ("pile_taken", "kept_both"):
            self._swap_note(event)
        elif event.kind == "day_start":
            self.swap_notes = {}
        elif event.kind == "points":
            self._float(seat, int(d["points"]))
        elif event.kind == "day_end":
            self.day_over = DAYS[min(len(DAYS) - 1, int(d["day"]))]

    def _float_placed(self, key: str, row: int, col: int) -> None:
        """A placed stamp says what it is worth, and when: nothing is added now."""
        item = self._lookup(key)
        if item is None or not item.get("known"):
            return
        x, y = fit_centre(row, col, item["rows"], item["cols"])
        value = int(item["value"])
        words = tr("ss.float.at_final", value=value_text(value))
        with at_most(100):  # a float's size (motion.float_text)
            half = max(170, self.app.text.font(30, True).size(words)[0] // 2 + 8)
        x = max(ALBUM.x + half, min(ALBUM.right - half, x))  # the words stay over the album (long in German)
        float_text(self, words, (x, y), GOLD if value > 0 else MUTED, 30)

    def _swap_note(self, event) -> None:  # type: ignore[no-untyped-def]
        """Who took whose pile, kept for each seat's panel and the day's summary."""
        seat, d = event.seat, event.data
        if event.kind == "kept_both":
            if seat in self.table.here:  # a person's turn passed them by: say so now, not only in the summary
                kept = {tr("ss.swap.kept_both", who=name) for name in self.names}
                taken = [w for w in self.day_swaps if w not in kept]
                who = Person(self.names[seat], you=tuple(self.table.here) == (seat,))  # alone at the device: "Your"
                self.app.toast(story.skipped_choice(who, taken), seconds=SKIP_SECONDS)
            self.swap_notes[seat] = [*self.swap_notes.get(seat, []), tr("ss.note.kept_both")]
            self.day_swaps.append(tr("ss.swap.kept_both", who=self.names[seat]))
            return
        owner, pile = d["owner"], "AB"[d["pile"]]
        taker, giver = self.names[seat], self.names[owner]
        self.swap_notes[seat] = [*self.swap_notes.get(seat, []), tr("ss.note.took", owner=giver, pile=pile)]
        self.swap_notes[owner] = [*self.swap_notes.get(owner, []), tr("ss.note.gave", taker=taker, pile=pile)]
        took = "ss.swap.took_yours" if is_you(giver) else "ss.swap.took"
        self.day_swaps.append(tr(took, taker=taker, owner=giver, pile=pile))

    def _float(self, seat: int | None, points: int) -> None:
        if seat is None or not points:
            return
        r = score_rect(self, seat)
        start = (r.centerx - 60, r.bottom + 40)  # rises into the seat's own panel, never off the top
        float_text(self, value_text(points), start, GOLD if points > 0 else RED)

    def _open_summary(self) -> None:
        """The day's scores over the Show's table as it ended (the next day waits behind it)."""
        extra = [tr("ss.summary.swaps", swaps=" · ".join(self.day_swaps))] if self.day_swaps else []
        self.summary = (self.day_over, self.ledger.close(), extra)
        self.movers[:] = [m for m in self.movers if not isinstance(m, FloatText)]  # no number floats over the sheet
        self.day_swaps = []
        self.beat_left, self.caption = 0.0, None
        self.controls.update()
        self.restatic()

    def close_summary(self) -> None:
        """Next day (or the Final Show) after looking at a Show's scores."""
        self.summary = None
        if self.queue:
            self._next_stage()
        else:
            self._sync([])

    # time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        quiet = self.summary is None and not self.v["over"]
        self.pump(bots=quiet and not self.busy)
        if quiet:
            self.absorb()
        self._step_beats(dt)
        step_counters(self, dt)
        lit = [tuple(r) for r in coach_lit(self)] if self.hover is not None else []
        if lit != self.hover_lit:  # the details card beside the mouse keeps off what the coach lights now
            self.hover_lit = lit
            self.restatic()
        if self.app.toasts.current != self.toast_seen:  # the prompt line steps aside for a toast and back
            self.toast_seen = self.app.toasts.current
            self.invalidate()

    def toast_lane(self) -> pygame.Rect:
        """Where the app's toasts show: on the prompt line, clear of its Undo button (the prompt gives way)."""
        return self.undo_control.clear_of(HEAD)

    # drawing -------------------------------------------------------------------------------
    def prompt(self) -> tuple[str, tuple[Any, ...]]:
        """What the shown person should do (or who is acting)."""
        from game.scenes.stamp_swap.controls import prompt

        return prompt(self)

    def paint_static(self, surface: pygame.Surface) -> None:
        with at_most(100):  # the dense table keeps its words' size; the prompt grows (paint_head)
            self._paint_static(surface)

    def _paint_static(self, surface: pygame.Surface) -> None:
        felt(surface, self.app.assets)
        paint_top(self, surface)
        paint_events(self, surface)
        paint_contests(self, surface, self.lay)
        paint_panels(self, surface, self.lay)
        paint_centre(self, surface, self.lay)
        if self.viewer in self.banners and "pending" in self.lay.zones and self.summary is None:
            paint_banner(self, surface, self.banners[self.viewer])
        paint_summary(self, surface)
        paint_moment(self, surface)
        paint_hover(self, surface)
        paint_details(self, surface)
        if self.curtain_up and self.viewer is None:
            self.app.text.draw(surface, tr("ss.pass_device"), (960, 540), 40, MUTED, anchor="center")


    # what can be acted on ----------------------------------------------------------------
    def description(self) -> list[Section]:
        """The table in words for the seat shown (describe.py; behind the curtain: public facts only)."""
        return describe(self.table, self.viewer, self.names)

    def targets(self) -> list[Target]:
        """The phase's tap targets (scenes/stamp_swap/input.py), then what a lesson may point at,
        then the buttons; only the buttons under the details, a summary or the curtain."""
        if self.summary is not None or self.details is not None or self.curtain_up:
            return super().targets()
        return self.phase_targets() + self.shown_targets() + super().targets()
