"""Short collection pauses for a relay with a big heap (a `serve` process only; see docs/relay.md).

CPython's full collection walks every tracked object, and a busy relay holds many (each room's
events, log entries, views; each connection's buffers): at 1,000 busy rooms one walk held the loop
for a good part of a second, and every answer due meanwhile waited for it. So after each full
collection what survived it is frozen (`gc.freeze`: the next collections walk only what is newer),
and only when the frozen objects have grown to GROW times what the last whole walk left, and by
at least AT_LEAST objects, are they all looked at again (`gc.unfreeze`, then the next full
collection walks everything once): the rare whole walk is where a cycle that died frozen (a closed
connection, a dropped room) is freed, so memory stays within GROW times what the relay really holds
(or AT_LEAST objects more: a few dozen MB). A relay filling up with rooms walks its heap whole at
each doubling past AT_LEAST, no longer at each quarter more.

The relay's own objects do not die in cycles (`let_go`; tests/test_relay_frees.py), so a relay
whose rooms come and go does not need the whole walk to free them: it comes from real growth.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from typing import Any

GROW = 2.0  # frozen objects may grow to this many times what the last whole walk left ...
AT_LEAST = 500_000  # ... and by at least this many (a fresh relay's first walk leaves only its modules)


class Collector:
    """The freezing policy above, as a `gc.callbacks` entry. Frozen objects are tallied as they are
    frozen (what a full collection left is then the whole oldest generation, a list as long as that
    walk). Objects that die frozen are not taken off the tally, so when it reaches the limit the
    true count is taken (`gc.get_freeze_count` walks every frozen object, so only then)."""

    def __init__(self, grow: float = GROW, at_least: int = AT_LEAST) -> None:
        self.grow, self.at_least = grow, at_least
        self.base: int | None = None  # objects frozen right after the last whole walk (None: none yet)
        self.frozen = 0  # objects frozen since then, that walk's included (dead ones too)
        self.whole = 0  # whole walks so far

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase != "stop" or info["generation"] != 2:
            return
        self.frozen += len(gc.get_objects(generation=2))
        if self.base is None:  # this full collection walked everything: what it left is the base
            self.base, self.whole = self.frozen, self.whole + 1
        elif self.frozen >= self._limit(self.base):
            self.frozen = gc.get_freeze_count() + len(gc.get_objects(generation=2))
            if self.frozen >= self._limit(self.base):
                gc.unfreeze()  # the next full collection walks everything, then sets a new base
                self.base, self.frozen = None, 0
                return
        gc.freeze()

    def _limit(self, base: int) -> float:
        """Frozen objects past which the next full collection walks everything."""
        return max(self.grow * base, base + self.at_least)

    def install(self) -> None:
        """Take part in every collection of this process from now on."""
        if self not in gc.callbacks:
            gc.callbacks.append(self)

    def remove(self) -> None:
        """Stop, and unfreeze whatever was frozen (a later full collection walks it all again)."""
        if self in gc.callbacks:
            gc.callbacks.remove(self)
        gc.unfreeze()
        self.base, self.frozen = None, 0


def let_go(task: asyncio.Future[Any]) -> None:
    """A done callback for a long-lived object's task: a cancelled task keeps its CancelledError,
    whose traceback holds the frames' locals (`self`, whose attribute holds the task: a cycle that
    waits, frozen, for a whole walk). Asking for the error hands it over and asyncio forgets it."""
    if task.cancelled():
        with contextlib.suppress(asyncio.CancelledError):
            task.exception()
