"""The match clock: real time that stands still while the match is paused."""

from __future__ import annotations

from collections.abc import Callable


class MatchClock:
    """Seconds of play: real time minus pauses, so a frame hitch never lengthens a round."""

    def __init__(self, source: Callable[[], float], start: float = 0.0) -> None:
        self.source = source
        self._base = source() - start
        self._paused_at: float | None = None

    def now(self) -> float:
        """Match seconds elapsed."""
        t = self._paused_at if self._paused_at is not None else self.source()
        return t - self._base

    @property
    def paused(self) -> bool:
        """True while stopped."""
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock."""
        if self._paused_at is None:
            self._paused_at = self.source()

    def resume(self) -> None:
        """Start it again where it stopped."""
        if self._paused_at is not None:
            self._base += self.source() - self._paused_at
            self._paused_at = None
