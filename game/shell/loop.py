"""The fixed-timestep clock: simulation advances in equal steps, drawing once per frame.

An accumulator fed by a monotonic clock decides how many fixed steps a frame owes; a cap on
catch-up steps stops a long hitch (a dragged window, a slow disk) from causing a spiral of death.
`alpha` is how far the next step has progressed, for interpolated drawing. Tests pass a fake
clock, so nothing ever sleeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable

STEP_HZ = 60
MAX_CATCH_UP = 5


class FixedStep:
    """Turns wall-clock time into a count of fixed simulation steps."""

    def __init__(self, hz: int = STEP_HZ, clock: Callable[[], float] = time.perf_counter,
                 max_steps: int = MAX_CATCH_UP) -> None:
        self.dt = 1.0 / hz
        self.clock = clock
        self.max_steps = max_steps
        self._last = clock()
        self._acc = 0.0
        self.dropped = 0.0  # seconds thrown away by the catch-up cap

    def reset(self) -> None:
        """Forget elapsed time (after a pause or a blocking load)."""
        self._last = self.clock()
        self._acc = 0.0

    def advance(self) -> int:
        """How many fixed steps to simulate now."""
        now = self.clock()
        self._acc += max(0.0, now - self._last)
        self._last = now
        steps = int(self._acc / self.dt + 1e-9)
        if steps > self.max_steps:
            self.dropped += (steps - self.max_steps) * self.dt
            steps = self.max_steps
            self._acc = 0.0
        else:
            self._acc -= steps * self.dt
        return steps

    @property
    def alpha(self) -> float:
        """Progress towards the next step, 0..1."""
        return min(1.0, self._acc / self.dt)


class FakeClock:
    """A manual clock for tests: `advance(seconds)` moves time on."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock forward."""
        self.now += seconds
