"""A finished match shown again: `ReplayTable`, a read-only `Table` (game/match/table.py) that walks
a `MatchRecord` (rules/record.py) on the real table scenes.

It is a door onto a `Referee` rebuilt from the record (`Referee.from_record`, the one replay loop):
`forward()` applies the next entry, so the scene animates its redacted events like a live move;
`seek(k)` rebuilds the match after its first k entries and re-reads everything from the start (the
scene is built again over it, with no animation: game/scenes/replay_bar.py). Nothing here reads a
clock: the rules' `now` is each entry's recorded time, and the replay's own clock only moves when
the bar hands it the app's fixed steps (`advance`).

Whose eyes: `viewer` is the seat this device played (None: a match watched from outside, the
public view). Until the match has ended only that seat's view and events are shown; once the
record's end is reached any seat may be shown (`show_seat`), since every hand is then over.
Legal actions are always empty, so every scene hides its move buttons as for a seat that waits, and
`read_only` tells the scenes to word every line as watching: no prompt, hint or chip tells the viewer
to act ("Ann's turn", never "Your turn: tap ...").
"""

from __future__ import annotations

import importlib
import json
from bisect import bisect_right
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from game.match.refusals import HANDS_AFTER, READ_ONLY
from game.match.table import GameInfo, NobodyAway, NotYourSeat
from game.text import tr
from rules.contract import Event, Outcome
from rules.errors import IllegalAction, MalformedData
from rules.record import MatchRecord, UnknownRules, require_rules
from rules.referee import DIVERGED, Referee
from rules.refusal import Refusal

SPEEDS = (0.5, 1.0, 2.0, 4.0)
BEAT = 1.4  # seconds between two moves of a turn-based replay at 1x (after the scene's animation)
BOUNDARY_KINDS = frozenset({"round_started", "round_start", "day_start"})  # a new round or day begins


class ReplayTable(NobodyAway):
    """A recorded match as a table nobody can move at."""

    can_pause = True
    away_refusal = READ_ONLY()
    guided = True  # as for a lesson: no undo, no rematch, no first-play briefing or lesson offer
    read_only = True  # the scenes word every line as watching: nobody is asked to act

    def __init__(self, record: MatchRecord, viewer: int | None = None) -> None:
        self.game = require_rules(record)
        self.record = record
        self.info = GameInfo.of(self.game)
        self.seats = record.config.seats
        self.options = record.config.options
        self.speed = 1.0
        self.replay_speed = 1.0  # the bar's 0.5x-4x
        self.viewer = viewer
        self.here: tuple[int, ...] = () if viewer is None else (viewer,)
        self.playing = False
        self.held = False  # the scene holds the next move while it animates (poll(bots=False))
        self.clock = 0.0  # match seconds shown (real time: moves land when it passes their time)
        self._beat = 0.0
        self.rounds = self._boundaries()
        self.pos = 0
        self.referee = Referee.from_record(record, upto=0)
        self._cursors: dict[int | None, int] = {}

    def _boundaries(self) -> tuple[int, ...]:
        """Entry counts after which a new round or day has begun (0: the first deal)."""
        referee = Referee.from_record(self.record, upto=0)
        found = [0]
        for k, entry in enumerate(self.record.entries, 1):
            seen = len(referee.events)
            referee.replay([entry])
            if any(e.kind in BOUNDARY_KINDS for e in referee.events[seen:]):
                found.append(k)
        return tuple(found)

    # where the replay is -----------------------------------------------------------------------
    @property
    def total(self) -> int:
        """How many entries the record holds."""
        return len(self.record.entries)

    @property
    def at_end(self) -> bool:
        """True once every entry is shown (the recorded outcome stands)."""
        return self.pos >= self.total

    def round_no(self) -> int:
        """The round (or day) shown, from 1."""
        return bisect_right(self.rounds, self.pos)

    def forward(self) -> list[Event]:
        """The next entry, applied: its events reach the scene through `take_events` (animated)."""
        if self.at_end:
            return []
        before = len(self.referee.events)
        entry = self.record.entries[self.pos]
        self.referee.replay([entry])
        self.pos += 1
        self.clock = max(self.clock, entry.now)
        self._beat = 0.0
        reached, recorded = self.referee.outcome(), self.record.outcome
        if self.at_end and (reached and reached.result()) != (recorded and recorded.result()):
            raise IllegalAction(DIVERGED(why="outcome"))
        return self.referee.events[before:]

    def seek(self, pos: int) -> None:
        """The match after its first `pos` entries, rebuilt; every viewer re-reads it from the start."""
        pos = max(0, min(self.total, pos))
        self.referee = Referee.from_record(self.record, upto=pos)
        self.pos = pos
        self.clock = self.record.entries[pos - 1].now if pos else 0.0
        self._beat = 0.0
        self._cursors.clear()
        if not self.at_end:  # before the end only the seat that played it here is shown again
            self.here = () if self.viewer is None else (self.viewer,)

    def next_round(self) -> int:
        """Where the next round or day begins (the end when none is left)."""
        return next((k for k in self.rounds if k > self.pos), self.total)

    def round_start(self) -> int:
        """Where this round began, or the one before when already at its start."""
        return max((k for k in self.rounds if k < self.pos), default=0)

    def advance(self, dt: float) -> bool:
        """The bar's fixed step while playing: True when a move landed. A turn-based replay moves a
        beat after the scene has shown the last move; a real-time one plays entries at their times."""
        if not self.playing or self.at_end:
            return False
        dt *= self.replay_speed
        if self.info.realtime:
            self.clock += dt
            moved = False
            while not self.at_end and self.record.entries[self.pos].now <= self.clock:
                self.forward()
                moved = True
            return moved
        if self.held:
            return False
        self._beat += dt
        if self._beat < BEAT:
            return False
        self.forward()
        return True

    def show_seat(self, seat: int | None) -> None:
        """After the end: show `seat`'s hand (every seat may be seen once the match is over)."""
        if not self.at_end:
            raise IllegalAction(HANDS_AFTER())
        self.here = () if seat is None else (seat,)
        self._cursors.clear()

    @property
    def shown(self) -> int | None:
        """The seat whose view the scene shows now."""
        return self.here[0] if self.here else None

    # the Table interface: reading ------------------------------------------------------------------
    def now(self) -> float:
        """The replay's match clock (the record's times, never the wall clock)."""
        return self.clock

    def _allowed(self, seat: int | None) -> None:
        if seat is not None and seat not in self.here:
            raise NotYourSeat(f"seat {seat} is not shown in this replay")

    def view(self, seat: int | None) -> Any:
        """What `seat` may know at this point of the match."""
        self._allowed(seat)
        return self.referee.view(seat)

    def legal(self, seat: int) -> Sequence[Any]:
        """Nothing: a replay accepts no move."""
        self._allowed(seat)
        return []

    def reason(self, seat: int, action: Any) -> Refusal | None:
        """Every move is refused with the same refusal."""
        return READ_ONLY()

    def act(self, seat: int, action: Any) -> None:
        """Refused: a replay accepts no move."""
        raise IllegalAction(READ_ONLY())

    def pending(self, seat: int) -> list[Any]:
        """Nothing is ever handed over."""
        return []

    def waiting(self) -> tuple[int, ...]:
        """Whose turn it was at this point (public)."""
        return self.referee.waiting()

    def outcome(self) -> Outcome | None:
        """The recorded result once the replay has reached it."""
        return self.referee.outcome()

    def is_bot(self, seat: int) -> bool:
        """A seat a bot played."""
        return bool(self.seats[seat].bot)

    def thinking(self, seat: int) -> bool:
        """Nobody thinks in a replay."""
        return False

    def take_events(self, viewer: int | None) -> list[Event]:
        """Events since `viewer` last asked, redacted for `viewer`."""
        self._allowed(viewer)
        start = min(self._cursors.get(viewer, 0), len(self.referee.events))
        self._cursors[viewer] = len(self.referee.events)
        return self.referee.redacted(viewer, start)

    def history(self, viewer: int | None, start: int = 0) -> list[Event]:
        """Every event so far from index `start`, as `viewer` may see it."""
        self._allowed(viewer)
        return self.referee.redacted(viewer, start)

    def take_refusals(self) -> list[tuple[int, Refusal]]:
        """No move is ever handed over, so none is refused later."""
        return []

    def take_notices(self) -> list[str]:
        """Nothing happens out of sight in a replay."""
        return []

    def poll(self, bots: bool = True) -> None:
        """The scene says whether it is still showing the last move (`bots=False`): the next one waits."""
        self.held = not bots

    # no undo, no rematch (nobody away: NobodyAway) --------------------------------------------------
    def undo_reason(self, seat: int) -> Refusal | None:
        """A replay takes nothing back."""
        return READ_ONLY()

    def can_undo(self, seat: int) -> bool:
        """Never."""
        return False

    def undo(self, seat: int) -> None:
        """Refused."""
        raise IllegalAction(READ_ONLY())

    def rematch(self) -> None:
        """A replay has no rematch (the scene goes back to the title)."""
        return None

    @property
    def paused(self) -> bool:
        """Stands still unless playing."""
        return not self.playing

    def pause(self, why: str) -> None:
        """A dialog or menu over the replay stops it playing."""
        self.playing = False

    def resume(self, why: str) -> None:
        """Playing starts again only from the bar's Play."""

    def leave_note(self) -> str:
        """Leaving loses nothing."""
        return tr("leave.note.replay")

    def forget_if_unplayed(self) -> None:
        """A replay never leaves a save."""

    def close(self) -> None:
        """Nothing runs in the background."""


class CannotOpen(ValueError):
    """A file or share code that holds no match this build can show; `reason` says why in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def load_record(source: str) -> MatchRecord:
    """The match in `source`: a record file (JSON or the text form) or a share code (rules/sharecode.py)."""
    path = Path(source)
    if path.suffix in (".json", ".txt") or _is_file(path):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CannotOpen(f"cannot read {source}: {exc.strerror or exc}") from None
        return _parse(text)
    try:  # share codes (rules/sharecode.py) are looked up when needed: a build may not have them yet
        sharecode: Any = importlib.import_module("rules.sharecode")
    except ImportError:
        raise CannotOpen(f"{source} is not a record file, and this build cannot open share codes") from None
    try:
        return cast(MatchRecord, sharecode.decode(source))
    except sharecode.BadCode as exc:
        raise CannotOpen(f"not a match code this Market Hall can open: {exc.reason}") from None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a share code is longer than a file name may be
        return False


def _parse(text: str) -> MatchRecord:
    try:
        record = MatchRecord.from_json(json.loads(text)) if text.lstrip().startswith("{") \
            else MatchRecord.from_text(text)
        require_rules(record)
    except UnknownRules as exc:
        raise CannotOpen(exc.reason) from None
    except (ValueError, MalformedData) as exc:
        raise CannotOpen(f"not a match record ({exc})") from None
    return record
