"""The base of the three table scenes: everything a table does the same way in every game.

A `MatchScene` is given a `Table` (game/match/table.py) and only ever talks to it. It owns opening
a paused match from its save (a save that no longer replays is set aside with a message, never a
crash), the briefing on a game's first play, asking before leaving a match in progress, rematch,
and showing what the table reports out of sight (a failed autosave, a late refusal) once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame
import pygame_gui

from game.draw.layered import LayeredScene
from game.match.local import new_local_table, resume_local_table
from game.match.table import Table
from game.scenes.away import AwayBar
from game.scenes.confirm import ConfirmScene
from game.scenes.describe import DescribeScene, Section
from game.scenes.help import HelpScene
from game.scenes.undo import UndoControl
from game.services import saves
from game.shell import catalog
from game.shell.keymap import keys_of
from game.text import say, tr
from game.text.persons import at_table
from rules.contract import Event, MatchConfig
from rules.errors import IllegalAction, MalformedAction
from rules.refusal import Refusal
from rules.registry import GameUnavailable, get_game

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene

REPLAY_ERRORS = (IllegalAction, MalformedAction, GameUnavailable, KeyError, TypeError, ValueError, IndexError)


class MatchScene(LayeredScene):
    """A table scene over a `Table`: views and redacted events in, actions out."""

    GAME: ClassVar[str] = ""  # the rules name, e.g. "night-market"
    SOUNDS: ClassVar[dict[str, str]] = {}  # event kind → sound played when it happens
    AWAY_AT: ClassVar[tuple[int, int]] = (480, 96)  # top left of the online away strip (960 × 84)
    UNDO_AT: ClassVar[tuple[int, int, int, int]] = (1680, 780, 200, 84)  # the Undo button, when it shows
    focusable = True  # keyboard play: the focus ring walks the table's targets
    LETTERS: ClassVar[tuple[tuple[str, str], ...]] = ()  # (key command, target name or key it acts on: a prefix)

    def __init__(self, app: App, table: Table, lobby: Callable[[], Scene] | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.names = at_table(table.seats, tuple(table.here))  # who is viewing is data (game/text/persons.py)
        self.lobby = lobby  # where a rematch that starts in a lobby continues (online rooms)
        self.away_bar = AwayBar(self)  # online: who is away, and handing their seat over
        self.undo_control = UndoControl(self)  # local play: take back a move that revealed nothing
        self.closes_table = True  # False once a scene after this one (a final screen) owns the table
        self.keep_clear: pygame.Rect | None = None  # a kiosk demo: the attract banner's place, kept free of rows

    def keep_clear_of(self, rect: pygame.Rect) -> None:
        """A kiosk demo: the attract banner covers `rect`; a table that lays out rows keeps them off it."""
        self.keep_clear = pygame.Rect(rect)
        self.relayout()

    def relayout(self) -> None:
        """Draw the table again after its room changed (a table with a layout to redo overrides this)."""
        self.restatic()

    # opening -----------------------------------------------------------------------------------
    @classmethod
    def new(cls, app: App, config: MatchConfig, seed: int | None = None, *, autosave: bool = True) -> MatchScene:
        """A new match of this game on this device (`autosave=False`: a kiosk demo, never saved)."""
        return cls(app, new_local_table(app, get_game(cls.GAME), config, seed, autosave=autosave))

    @classmethod
    def from_save(cls, app: App, save: saves.Save) -> Scene:
        """Continue a paused match exactly; a save that no longer replays is set aside and reported."""
        try:
            table = resume_local_table(app, save)
        except REPLAY_ERRORS as exc:
            why = saves.set_aside_save(save.game, f"no longer replays ({exc})", tr("file.no_longer_replays", why=exc))
            app.toast(why, error=True, seconds=7.0)
            return app.title()
        return cls(app, table)

    def briefing_on_first_play(self, on_close: Callable[[], None] | None = None) -> bool:
        """The first time this game is played here, offer its guided match (or its rules); True if asked."""
        seen = self.app.settings.seen_briefings
        if self.GAME in seen or self.guided:
            return False
        self.app.update_settings(seen_briefings=(*seen, self.GAME))
        from game.tutorial.lesson import guide_for

        guide = guide_for(self.GAME) if self.table.can_pause else None  # online: a lesson would leave the room
        if guide is None:
            self.open_help(on_close)
            return True
        self.table.pause("offer")

        def then(choice: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                self.table.resume("offer")
                choice()
            return run
        self.app.stack.push(ConfirmScene(
            self.app, tr("offer.heading", game=self.table.info.title),
            [tr("offer.line1", minutes=guide.minutes), tr("offer.line2")],
            [(tr("offer.guided"), then(self.learn), "#primary"),
             (tr("offer.rules"), then(lambda: self.open_help(on_close)), None),
             (tr("offer.play"), then(on_close or (lambda: None)), None)]))
        return True

    @property
    def guided(self) -> bool:
        """True at a guided match's table (game/tutorial/)."""
        return self.table.guided

    def learn(self) -> None:
        """Leave this (unplayed) match for the game's guided match."""
        from game.tutorial.lesson import open_lesson

        self.table.forget_if_unplayed()
        self.app.go(lambda: open_lesson(self.app, self.GAME))

    def open_help(self, on_close: Callable[[], None] | None = None) -> None:
        """The game's help pages over the table (with the guided match offered, except in it)."""
        entry = catalog.entry(self.GAME)
        pages = list(entry.help_pages) if entry else []
        self.app.stack.push(HelpScene(self.app, self.table.info.title, pages, on_close,
                                      lesson=None if self.guided else self.GAME, entry=entry))

    # leaving -----------------------------------------------------------------------------------
    def exit(self) -> None:
        if self.closes_table:
            self.table.close()
        self.app.memory_to_give_back = True  # its surfaces go with it (game/services/memory.py)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.undo_control.noticed(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and (self.away_bar.press(event.ui_element)
                                                           or self.undo_control.pressed(event.ui_element)):
            self.app.audio.play("tap")
            return True
        if keys_of(self.app.settings).means(event, "describe") and self.app.stack.top is self:
            title = tr("describe.title", game=self.table.info.title)
            self.app.stack.push(DescribeScene(self.app, title, self.description()))
            return True
        if event.type == pygame.KEYDOWN and self.app.stack.top is self and self.letter(event):
            return True
        if keys_of(self.app.settings).undoes(event):
            self.undo_control.request()
            self.wake()
            return True
        return super().handle_event(event)

    def letters(self) -> tuple[tuple[str, str], ...]:
        """The move letters this screen answers now (a shared screen with several seats: none)."""
        return self.LETTERS

    def letter(self, event: pygame.event.Event) -> bool:
        """A move's letter: act on its button as a tap would (a dimmed one says why not); True when it
        was one. With none of that move on screen, an error sound says the letter does nothing now."""
        keys = keys_of(self.app.settings)
        pressed = {name for command, name in self.letters() if keys.means(event, command)}
        if not pressed:
            return False
        target = next((t for t in self.targets() if t.act is not None
                       and any(t.name.startswith(n) or t.key.startswith(n) for n in pressed)), None)
        if target is None:
            self.app.audio.play("error")
        else:
            target.run()
        return True

    def description(self) -> list[Section]:
        """The table in words for the seat at this device (the describe key). Each game's describe.py
        says more; here, what every table knows: who sits where and whom the match waits for."""
        seats = tuple(tr("describe.bot", name=s.name) if s.bot else s.name for s in self.table.seats)
        waiting = [self.table.seats[s].name for s in self.table.waiting()]
        turn = tr("describe.over") if self.table.outcome() is not None else \
            tr("describe.waiting", names=", ".join(waiting)) if waiting else tr("describe.waiting_nobody")
        return [Section(tr("describe.seats"), seats), Section(tr("describe.turn"), (turn,))]

    # taking a move back ------------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The person whose view this screen shows (who may take their last move back)."""
        return getattr(self, "viewer", None)

    def undo_rect(self) -> pygame.Rect:
        """Where the Undo button goes on this table."""
        return pygame.Rect(self.UNDO_AT)

    def undo_refused(self, words: str) -> None:
        """Say why the last move cannot be taken back (a toast; a table with a line for reasons puts them there)."""
        self.app.toast(words, error=True)

    def after_undo(self, seat: int, memo: Any) -> None:
        """The table is back before `seat`'s last move: show it as it is now (scenes redraw from the view;
        `memo` is what the scene kept with `undo_control.keep` before that move, or None)."""

    def leave(self) -> None:
        """Back to the title, asking first while the match is still being played."""
        if self.table.outcome() is not None:
            self.go_home()
            return
        self.table.pause("leave")
        self.app.stack.push(ConfirmScene(
            self.app, tr("leave.heading"), [self.table.leave_note()],
            [(tr("leave.leave"), self.go_home, "#danger"),
             (tr("leave.stay"), lambda: self.table.resume("leave"), "#primary")]))

    def go_home(self) -> None:
        """Back to the title at once."""
        self.app.go(lambda: self.app.stack.reset(self.app.title()))

    def rematch(self) -> None:
        """The same seats again with a new deal (online: back to the room's lobby first)."""
        app = self.app

        def again() -> None:
            table = self.table.rematch()
            if table is not None:
                app.stack.reset(type(self)(app, table))
            else:
                app.stack.reset(self.lobby() if self.lobby is not None else app.title())
        app.go(again)

    # what the table says -----------------------------------------------------------------------
    def pump(self, bots: bool = True) -> None:
        """Let the table move on, then show its late refusals and notices."""
        self.undo_control.step()  # a fresh move's Undo (and its grace) shows before any bot may reply
        self.table.poll(bots and not self.undo_control.holding())
        self.away_bar.step()
        self.undo_control.step()
        for seat, refusal in self.table.take_refusals():
            self.refused(seat, refusal)
        for notice in self.table.take_notices():
            self.app.toast(notice, error=True, seconds=7.0)

    def refused(self, seat: int, refusal: Refusal) -> None:
        """A move was not allowed: say why, in this device's words (scenes with several people name the seat)."""
        self.app.toast(say(refusal), error=True)

    def by_bot(self, events: list[Event]) -> bool:
        """True when these events are a bot's move (the "skip bot moves" setting shows it at once)."""
        return any(e.seat is not None and self.table.is_bot(e.seat) for e in events)

    def play_sounds(self, events: list[Event]) -> None:
        """The sound of the last event that has one (several at once would be noise)."""
        sounds = [self.SOUNDS[e.kind] for e in events if e.kind in self.SOUNDS]
        if sounds:
            self.app.audio.play(sounds[-1])


class Recap:
    """What happened since each person last held the device, in public words for the curtain.

    It reads the public history only: the curtain is seen by whoever holds the device.
    """

    def __init__(self, table: Table, words: Callable[[Event], str | None]) -> None:
        self.table, self.words = table, words
        self._seen: dict[int, int] = {}

    def since(self, seat: int) -> list[str]:
        """Lines about what the others did (and what the game did) since `seat` last looked or acted;
        the seat's own moves are not repeated back to it."""
        events = self.table.history(None)
        start = self._seen.get(seat, 0)
        own = [i + 1 for i, e in enumerate(events) if e.seat == seat]
        if own:
            start = max(start, own[-1])
        return [w for w in (self.words(e) for e in events[start:] if e.seat != seat) if w]

    def seen(self, seat: int) -> None:
        """`seat` has seen the table as it is now."""
        self._seen[seat] = len(self.table.history(None))

    def trim(self) -> None:
        """A move was taken back: nobody has seen more than the history now holds."""
        size = len(self.table.history(None))
        self._seen = {seat: min(at, size) for seat, at in self._seen.items()}

    def seen_all(self, seats: Any) -> None:
        """Every seat in `seats` has seen the table now."""
        for seat in seats:
            self.seen(seat)


def start_new_match(app: App, entry: Any, config: MatchConfig) -> None:
    """Start a new match of `entry`'s game, asking first when one of that game is paused."""
    cls = entry.table_class()
    if cls is None:
        app.toast(tr("toast.cannot_play", game=entry.title), error=True)
        return

    def start() -> None:
        app.go(lambda: app.stack.reset(cls.new(app, config)))  # the title and setup below are not kept

    paused, _problem = saves.load(entry.name)
    if paused is None:
        start()
        return
    app.stack.push(ConfirmScene(
        app, tr("replace.heading", game=entry.title),
        [tr("replace.line1", game=entry.title, age=saved_age(paused)), tr("replace.line2")],
        [(tr("replace.start"), start, "#danger"), (tr("replace.keep"), lambda: None, "#primary")]))


def saved_age(save: saves.Save) -> str:
    """How long ago a save was made, in the player's words ("saved 5 min ago")."""
    unit, count = saves.age(save)
    return tr(f"title.saved_{unit}", **{unit: count})
