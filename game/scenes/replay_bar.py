"""The replay controls: a bar over whichever table scene shows a `ReplayTable` (game/match/replay.py).

It is a layer of the app above the scene stack (like the guided match's coach), not a scene: the
table scenes take the next move only while they are the stack's top, and they replace themselves
with their own final screens; a layer leaves all of that exactly as in a live match, so the three
scenes need nothing beyond honouring a table with no legal moves and `read_only` (no line asks
the viewer to act).

Forward steps animate (the scene takes the entry's events like a live move); a step back or a jump
builds the table scene again over the rebuilt match with its animations finished at once. Playing
moves the replay by the app's fixed steps times the speed, never by the wall clock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD
from game.draw.ui import CanvasUIManager, button, for_widgets
from game.draw.widgets import panel
from game.match.replay import SPEEDS, ReplayTable
from game.shell import catalog
from game.text import tr
from rules.record import MatchRecord

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene

BAR = pygame.Rect(40, 996, 1840, 76)
WORDS = pygame.Rect(BAR.x + 20, BAR.y + 6, 380, BAR.h - 12)
PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)  # a release always reaches the scene: no drag is left held
TAB = pygame.Rect(BAR.right - 220, BAR.y - 46, 200, 44)  # "Hide bar", on the bar's top edge
TUCKED = pygame.Rect(BAR.right - 280, 1080 - 50, 260, 44)  # "Replay bar", all that shows while hidden
KEYS = {pygame.K_SPACE: "play", pygame.K_LEFT: "back", pygame.K_RIGHT: "step", pygame.K_h: "hide"}


class ReplayBar:
    """⏮ round, ◀ step, play/pause, step ▶, round ⏭, the speed, the position line and Leave; "Hide bar"
    (or H) tucks it into one small button so the bottom of the table can be read.

    A layer over the app's stack (game/shell/layers.py)."""

    name, first, veils = "replay", False, False

    def __init__(self, app: App, table: ReplayTable, scene_class: Any, back: Callable[[], Scene]) -> None:
        self.app, self.table, self.scene_class, self.back = app, table, scene_class, back
        self.ui = CanvasUIManager(app.display.to_logical)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.speeds: dict[object, float] = {}
        self._shown: tuple[Any, ...] = ()
        self.hidden = False  # tucked away, so the bottom of the table can be read
        self._build()

    # the buttons ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.buttons, self.speeds = {}, {}
        self._shown = self._state()
        if self.hidden:
            self.buttons["hide"] = button(self.ui, TUCKED, tr("replay.show"), "#primary")
            return
        self.buttons["hide"] = button(self.ui, TAB, tr("replay.hide"), "#quiet")
        x, y, h = WORDS.right + 10, BAR.y + 8, BAR.h - 16
        playing = self.table.playing
        row = [("round_back", tr("replay.round_back"), 150), ("back", tr("replay.back"), 130),
               ("play", tr("replay.pause") if playing else tr("replay.play"), 130),
               ("step", tr("replay.step"), 130), ("round_next", tr("replay.round_next"), 150)]
        for key, words, w in row:
            self.buttons[key] = button(self.ui, (x, y, w, h), words, "#primary" if key == "play" else None)
            x += w + 8
        x += 16
        for speed in SPEEDS:
            oid = "#primary" if speed == self.table.replay_speed else "#quiet"
            self.speeds[button(self.ui, (x, y, 76, h), f"{speed:g}×", oid)] = speed
            x += 82
        if self.table.at_end:
            who = self.table.shown
            words = tr("replay.hand", name=self.table.seats[who].name) if who is not None else tr("replay.hand_table")
            self.buttons["hand"] = button(self.ui, (x + 14, y, 200, h), words, None)
        self.buttons["leave"] = button(self.ui, (BAR.right - 140, y, 128, h), tr("replay.leave"), "#danger")

    @property
    def speeds_by_value(self) -> dict[float, Any]:
        """The speed buttons by the speed they choose."""
        return {speed: made for made, speed in self.speeds.items()}

    def _state(self) -> tuple[Any, ...]:
        t = self.table
        return (t.playing, t.replay_speed, t.at_end, t.shown, self.hidden)

    # input ---------------------------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """True when the bar used the event (the table below never sees it)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame.KEYDOWN and event.key in KEYS and self.app.stack.top is self._scene():
            self.use(KEYS[event.key])
            return True
        widget_event = for_widgets(event, self.app.display.size)
        used = widget_event is not None and bool(self.ui.process_events(widget_event))
        if event.type in PRESSES:
            return used or (not self.hidden and BAR.collidepoint(self._logical(event)))
        return used

    def _logical(self, event: pygame.event.Event) -> tuple[float, float]:
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            return self.app.display.finger_to_logical(event.x, event.y)
        return self.app.display.to_logical(event.pos)

    def _pressed(self, element: object) -> bool:
        if element in self.speeds:
            self.table.replay_speed = self.speeds[element]
        else:
            key = next((k for k, b in self.buttons.items() if b is element), None)
            if key is None:
                return False
            self.use(key)
        self.app.audio.play("tap")
        return True

    def use(self, key: str) -> None:
        """Do what a button says."""
        t = self.table
        if key == "play":
            t.playing = not t.playing and not t.at_end
        elif key == "step":
            t.playing = False
            t.forward()
        elif key == "back":
            self.jump(t.pos - 1)
        elif key == "round_back":
            self.jump(t.round_start())
        elif key == "round_next":
            self.jump(t.next_round())
        elif key == "hand":
            self.show_next_hand()
        elif key == "leave":
            self.leave()
        elif key == "hide":
            self.hidden = not self.hidden
            self.app.invalidate_all()  # the table under the bar (or under the tab) is drawn again

    def jump(self, pos: int) -> None:
        """Show the match after its first `pos` entries, with no animation."""
        self.table.playing = False
        self.table.seek(pos)
        self.resync()

    def show_next_hand(self) -> None:
        """After the end: the next seat's final view (every hand may be seen once the match is over)."""
        seats = list(range(len(self.table.seats)))
        now = self.table.shown
        self.table.show_seat(seats[(seats.index(now) + 1) % len(seats)] if now is not None else seats[0])
        self.resync()

    def resync(self) -> None:
        """A fresh table scene over the table as it is now: what the old one showed is dropped."""
        scene = self.scene_class(self.app, self.table)
        self.app.stack.reset(scene)
        scene.anim.finish_all()  # its opening deal lands at once: a jump shows the table, not a deal
        scene.invalidate()

    def leave(self) -> None:
        """Back where the replay was opened from."""
        self.app.remove_layer(self)
        self.app.go(lambda: self.app.stack.reset(self.back()))

    # time and drawing ----------------------------------------------------------------------------
    def _scene(self) -> Scene | None:
        return next((s for s in self.app.stack.scenes if getattr(s, "table", None) is self.table), None)

    def update(self, dt: float) -> None:
        """One fixed step: the replay plays on; the bar goes once no scene shows its table."""
        if self._scene() is None and not self.app.fading:
            self.app.remove_layer(self)  # the scene's own final screen went to the title
            return
        self.table.advance(dt)
        if self.table.at_end:
            self.table.playing = False
        if self._state() != self._shown:
            self._build()
        self.ui.update(dt)

    def position(self) -> tuple[str, str]:
        """The two lines of the bar: where the replay is, and whose eyes it shows."""
        t = self.table
        unit = "replay.where_day" if t.info.name == "stamp-swap" else "replay.where_round"
        where = tr(unit, pos=t.pos, total=t.total, round=t.round_no())
        outcome = t.outcome()
        if outcome is None or not t.at_end:
            who = t.shown
            return where, tr("replay.watching") if who is None else tr("replay.as_seen", name=t.seats[who].name)
        names = " & ".join(t.seats[s].name for s in outcome.winners)
        shown = t.shown
        hand = tr("replay.open_table") if shown is None else tr("replay.open_hand", name=t.seats[shown].name)
        won = tr("replay.won", names=names) if names else tr("replay.nobody_won")
        return tr("replay.over", where=where), tr("replay.open", won=won, hand=hand)

    def draw(self, canvas: pygame.Surface, dirty: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Drawn over the scenes every frame (it is opaque, so nothing stacks up)."""
        if self.hidden:
            self.ui.draw_ui(canvas)
            return None if dirty is None else [*dirty, TUCKED.inflate(4, 4)]
        panel(canvas, BAR, fill=(30, 24, 19, 255), radius=16, width=2)
        first, second = self.position()
        text = self.app.text
        text.draw(canvas, first, (WORDS.x, WORDS.y + 4), 24, GOLD, bold=True)
        text.draw(canvas, second, (WORDS.x, WORDS.y + 36), 20, CREAM)
        self.ui.draw_ui(canvas)
        return None if dirty is None else [*dirty, BAR.inflate(4, 4), TAB.inflate(4, 4)]

    def crashed(self, where: str) -> bool:
        """A scene crashed: the replay is over."""
        return False


def open_replay(app: App, record: MatchRecord, viewer: int | None, back: Callable[[], Scene] | None = None) -> None:
    """Show `record` on its game's table scene as `viewer` saw it (None: from outside), with the bar.
    Raises UnknownRules for a record this build cannot replay."""
    table = ReplayTable(record, viewer)
    entry = catalog.entry(record.game)
    scene_class = entry.table_class() if entry else None
    if scene_class is None:
        raise LookupError(tr("replay.cannot_show", game=table.info.title))
    bar = ReplayBar(app, table, scene_class, back or app.title)

    def show() -> None:
        app.stack.reset(scene_class(app, table))
        app.add_layer(bar)
    app.go(show)
