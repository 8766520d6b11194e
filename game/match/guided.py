"""The table of a guided match: a LocalTable whose bots follow the script and whose moves follow the step."""

from __future__ import annotations

from typing import Any

from game.match.local import LocalTable
from game.match.refusals import GUIDED_HINT, GUIDED_WAIT
from game.text import tr
from game.tutorial.script import Step
from rules.errors import IllegalAction


class GuidedTable(LocalTable):
    """Never autosaved (the tutorial keeps its own progress); bots think only in free steps; the
    clock stands still outside free steps, so a real-time round waits for the learner."""

    guided = True

    def __init__(self, *args: Any, **kw: Any) -> None:
        kw["autosave"] = False
        super().__init__(*args, **kw)
        self.step: Step | None = None
        self.acted = 0  # allowed moves the learner made in the current step
        self.refused = 0  # moves the rules refused in the current step (a lesson may ask for one)
        self.clock.pause()

    def begin(self, step: Step) -> None:
        """A new step: its own rules for moves, bots and the clock."""
        self.step, self.acted, self.refused = step, 0, 0
        if step.free and not self._pauses:
            self.clock.resume()
        elif not step.free:
            self.clock.pause()

    def end(self) -> None:
        """The lesson is over: no step, no bot moves, and the clock stands (a free round left running
        would trade on behind "Guided match complete")."""
        self.step = None
        self.clock.pause()

    def act(self, seat: int, action: Any) -> None:
        """A learner's move, refused with the step's hint when it is off the script."""
        self._allowed(seat)
        reason = self.referee.check(seat, action, self.now())
        if reason is not None:  # the rules' own reason first: it is part of what is learnt
            self.refused += 1
            raise IllegalAction(reason)
        if self.step is None or not self.step.permits(action):
            raise IllegalAction(GUIDED_HINT(hint=self.step.hint_text()) if self.step else GUIDED_WAIT())
        self._act(seat, action)
        self.acted += 1

    def poll(self, bots: bool = True) -> None:
        """Bots play for themselves only in a free step; scripted moves come from the coach."""
        super().poll(bots and self.step is not None and self.step.free)

    @property
    def clock_still(self) -> bool:
        """True while the lesson holds the clock (outside free steps): a countdown on screen would not move."""
        return bool(self.clock.paused)

    @property
    def paused(self) -> bool:
        """Paused by a person (a menu, help), not by the lesson's own stillness."""
        return bool(self._pauses)

    def resume(self, why: str) -> None:
        """Drop one reason; the clock runs again only in a free step."""
        self._pauses.discard(why)
        if not self._pauses and self.step is not None and self.step.free:
            self.clock.resume()

    @classmethod
    def restore(cls, *args: Any, **kw: Any) -> GuidedTable:
        """LocalTable.restore, typed for the guided table it builds."""
        table = super().restore(*args, **kw)
        assert isinstance(table, GuidedTable)
        return table

    def event_count(self) -> int:
        """How many events the match has had (cheap: the coach asks every frame)."""
        return len(self.referee.events)

    def leave_note(self) -> str:
        """Leaving keeps the lesson's place."""
        return tr("leave.note.guided")

    def rematch(self) -> None:  # type: ignore[override]
        """A guided match has no rematch: the coach offers a real match instead."""
        return None
