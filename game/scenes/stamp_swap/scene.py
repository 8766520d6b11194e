"""The Stamp Swap table: three days of Collect, Swap and Show for 2–5 people or bots.

The scene renders only from `table.view(seat)` of the person whose decision it is (or the public
view between people), hands actions to the table, and animates the events redacted for that view.
With two or more people on one device every private decision sits behind the pass-the-device
curtain; bots decide on their own.
"""

from __future__ import annotations

from typing import Any, cast

import pygame

from game.anim import Call, Counter, Sequence, Wait
from game.match.table import Table
from game.palette import GOLD, MUTED, RED
from game.scenes.curtain import CurtainScene
from game.scenes.match import MatchScene, Recap
from game.scenes.stamp_swap import story
from game.scenes.stamp_swap.art import StampArt, value_text
from game.scenes.stamp_swap.centre import paint_banner, paint_centre, paint_details, paint_summary
from game.scenes.stamp_swap.controls import Controls
from game.scenes.stamp_swap.input import InputMixin
from game.scenes.stamp_swap.layout import Layout, build, pool_slots
from game.scenes.stamp_swap.motion import animate, float_text, step_counters
from game.scenes.stamp_swap.paint import paint_contests, paint_events, paint_panels, paint_top, score_rect
from game.widgets import felt
from rules.errors import IllegalAction

SOUNDS = {"take": "card_slide", "token_claimed": "coin", "pile_taken": "swap", "revealed": "card_flip",
          "placed": "stamp", "discarded": "crash", "show_scored": "coins", "day_end": "round_end",
          "final_show": "fanfare", "ready": "tap", "points": "coin"}


class StampSwapScene(InputMixin, MatchScene):
    """Collect, Swap and Show for 2 to 5 seats on one device."""

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
        self.summary: tuple[Any, ...] | None = None
        self.banners: dict[int, tuple[str, str, dict[str, Any]]] = {}
        self.notes: list[str] = []
        self.recap = Recap(table, lambda e: story.line(e, self.names, self._lookup))
        self.day_rows: list[tuple[Any, ...]] = []
        self.day_extra: list[str] = []
        self.final_shown = False
        self.v: dict[str, Any] = table.view(None)
        self.counters = [Counter(s["score"], rate=12) for s in self.v["seats"]]
        self.slots: dict[str, int] = pool_slots(self.v["pool"], {})
        self.lay: Layout = build(self.v, None, {}, self.slots)
        self.controls = Controls(self)
        self.table.take_events(None)  # the match so far is shown as it is now, not replayed
        self.recap.seen_all(table.here)

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
        """True when the shown seat is a person who must decide now."""
        return self.viewer is not None and self.viewer in self.v["waiting"] and not self.curtain_up

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
            self.curtain_up = True
            self.viewer = None
            self.app.stack.push(CurtainScene(self.app, self.names[cast(int, target)],  # private_change: a target
                                             self.recap.since(cast(int, target)),
                                             lambda: self._curtain_done(cast(int, target))))
        elif not private_change and not self.curtain_up:
            if target != self.viewer and target is not None:
                self.table.take_events(target)  # what happened meanwhile was shown from the public side
            self.viewer = target
            if target is not None:
                self.last_private = target
        self._refresh(events)

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
        self.lay = build(self.v, self.viewer, self.split, self.slots)
        if self.selected is not None and self.lay.rect_of(self.selected) is None:
            self.selected = None
        for counter, seat in zip(self.counters, self.v["seats"]):
            counter.set(seat["score"])
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
        self.app.go(lambda: self.app.stack.replace(FinalShowScene(self.app, view, outcome, self.table, self.rematch)))

    # the rules -----------------------------------------------------------------------------
    def act(self, action: object) -> bool:
        """Hand the shown person's move to the rules; a refusal is explained, nothing changes."""
        if not self.acting:
            return False
        assert self.viewer is not None
        try:
            self.table.act(self.viewer, action)
        except IllegalAction as exc:
            self.refused(self.viewer, exc.reason)
            return False
        self.banners.pop(self.viewer, None)
        self.selected = None
        self.absorb()
        return True

    def absorb(self) -> None:
        """Tell, sound and animate what happened, then redraw from the new view.

        The words, banners and scores come from the public events (they stay on screen when the
        device is passed); the animation uses the events as the shown seat may see them.
        """
        public = self.table.take_events(None)
        mine = public if self.viewer is None else self.table.take_events(self.viewer)
        if not public and not mine:
            return
        for event in public:
            words = story.line(event, self.names, self._lookup)
            if words:
                self.notes = [*self.notes[-30:], words]
            self._remember(event)
        self.play_sounds(mine)
        self._sync(mine)

    def _lookup(self, key: str) -> dict[str, Any] | None:
        for placed in self.lay.items:
            if placed.key == key:
                return placed.item
        return None

    def _remember(self, event) -> None:  # type: ignore[no-untyped-def]
        """Day scoring, discards and points for the summary, banners and floating numbers."""
        seat, d = event.seat, event.data
        if event.kind == "show_scored":
            contest = next((c["name"] for c in self.v["contests"] if c["id"] == d["contest"]), d["contest"])
            self.day_rows.append((seat, self.names[seat], dict(d["points"]), contest))
            self._float(seat, sum(d["points"].values()))
        elif event.kind == "discarded":
            item = self._lookup(d["item"])
            name = item["name"] if item and item.get("known") else "A stamp"
            pts = value_text(int(d["points"]))
            self.banners[seat] = (f"{name} is discarded at once:", f"{pts} points",
                                  item or {"key": d["item"], "known": False})
            self.day_extra.append(f"{self.names[seat]}: {name} did not fit, discarded for {pts}")
            self._float(seat, int(d["points"]))
        elif event.kind == "points":
            self._float(seat, int(d["points"]))
        elif event.kind == "day_end":
            day = ("Friday", "Saturday", "Sunday")[min(2, int(d["day"]))]
            self.summary = (day, sorted(self.day_rows), list(self.day_extra))
            self.day_rows, self.day_extra = [], []

    def _float(self, seat: int | None, points: int) -> None:
        if seat is None or not points:
            return
        r = score_rect(self, seat)
        float_text(self, value_text(points), (r.centerx - 60, r.centery), GOLD if points > 0 else RED)

    def close_summary(self) -> None:
        """Next day (or the Final Show) after looking at a Show's scores."""
        self.summary = None
        self._sync([])

    # time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        quiet = self.summary is None and not self.v["over"]
        self.pump(bots=quiet)
        if quiet:
            self.absorb()
        step_counters(self, dt)

    # drawing -------------------------------------------------------------------------------
    def prompt(self) -> tuple[str, tuple[Any, ...]]:
        """What the shown person should do (or who is acting)."""
        from game.scenes.stamp_swap.controls import prompt

        return prompt(self)

    def paint_static(self, surface: pygame.Surface) -> None:
        felt(surface, self.app.assets)
        paint_top(self, surface)
        paint_events(self, surface)
        paint_contests(self, surface, self.lay)
        paint_panels(self, surface, self.lay)
        paint_centre(self, surface, self.lay)
        if self.viewer in self.banners and "pending" in self.lay.zones and self.summary is None:
            paint_banner(self, surface, self.banners[self.viewer])
        paint_summary(self, surface)
        paint_details(self, surface)
        if self.curtain_up:
            self.app.text.draw(surface, "Pass the device", (960, 540), 40, MUTED, anchor="center")


    # guided match --------------------------------------------------------------------------
    def tutorial_target(self, name: str) -> pygame.Rect | None:
        """The guided match's names: "item:KEY" (its largest copy), "zone:NAME" (pool, dc, space0-5,
        tray, reserve, a, b, album, pending), "seat:N" (a seat's panel), "pile:OWNER.P", "contest:ID"
        (a card to score at the Show), "spot:KEY@R,C" (the album footprint of a pending stamp placed
        at R,C, only where it fits)."""
        kind, _, arg = name.partition(":")
        if kind == "button" or self.summary is not None or self.details is not None or self.curtain_up:
            return super().tutorial_target(name)
        lay = self.lay
        if kind == "item":
            return lay.rect_of(arg)
        if kind == "zone":
            return lay.zones.get(arg)
        if kind == "seat":
            return lay.panels[int(arg)] if int(arg) < len(lay.panels) else None
        if kind == "pile":
            owner, _, pile = arg.partition(".")
            return lay.offers.get((int(owner), int(pile)))
        if kind == "contest":
            return lay.contests.get("pick:" + arg)
        if kind == "spot" and "album" in lay.zones and self.viewer is not None:
            key, _, at = arg.partition("@")
            row, col = (int(n) for n in at.split(","))
            item = next((i for i in self.v["seats"][self.viewer]["pending"] if i["key"] == key), None)
            if item is None or [row, col] not in self.v["me"]["fits"].get(key, []):
                return None
            album, cell = lay.zones["album"], lay.zones["album"].w // self.v["album_size"][1]
            return pygame.Rect(album.x + col * cell, album.y + row * cell, item["cols"] * cell, item["rows"] * cell)
        return super().tutorial_target(name)
