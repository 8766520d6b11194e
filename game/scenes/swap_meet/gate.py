"""When the next Swap Meet round deals, as the summary between rounds tells it.

The rules deal the next round `summary_seconds` after a lock, on the match clock. On one device
with people at it, the summary waits for them instead: while it shows the match clock is held
(the table's pause, reason "summary"), so that timer never runs out, and the next round deals when
every person here has pressed Next. Online the room's timer stands (the relay's clock never
stops); the host may deal sooner, and only the others see it counting down. A demo with nobody
at the device keeps the timer.
"""

from __future__ import annotations

from typing import Any

from rules.swap_meet.actions import NextRound
from rules.swap_meet.data import SUMMARY_SECONDS

HOLD = "summary"  # the pause reason that keeps a local summary up until the people move on


class RoundGate:
    """Who has pressed Next on this summary, and whether the table waits for them."""

    def __init__(self, table: Any, humans: list[int]) -> None:
        self.table = table
        self.humans = humans
        self.waits = bool(humans) and bool(table.can_pause)  # people on this device: no timer at all
        self.pressed: set[int] = set()
        self.held = False

    def hold(self) -> None:
        """A round locked: stop the match clock until everyone here has pressed Next."""
        self.pressed.clear()
        if self.waits and not self.held:
            self.held = True
            self.table.pause(HOLD)

    def release(self) -> None:
        """The next round dealt (or the match is over): the clock runs again."""
        self.pressed.clear()
        if self.held:
            self.held = False
            self.table.resume(HOLD)

    def still_to_press(self) -> list[int]:
        """The people here who have not pressed Next yet (everyone, until the first press)."""
        return [s for s in self.humans if s not in self.pressed]

    def press(self, seat: int) -> bool:
        """`seat` pressed Next: True when that was the last one needed (deal now)."""
        self.pressed.add(seat)
        return not self.still_to_press()

    def may_deal(self) -> bool:
        """True when this device may deal the next round (local play; online only the host)."""
        return bool(self.humans) and self.table.reason(self.humans[0], NextRound()) is None

    def wait(self) -> float:
        """How long the rules' summary timer runs before it deals by itself."""
        return float(self.table.options.get("summary_seconds", SUMMARY_SECONDS))

    def left(self, view: Any) -> float | None:
        """Seconds until the next round deals by itself; None when it waits for a tap (or not locked)."""
        if self.waits or view.phase != "locked" or view.lock_time is None:
            return None
        return float(view.lock_time + self.wait() - self.table.now())
