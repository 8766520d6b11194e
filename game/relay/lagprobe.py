"""An opt-in probe of an event loop's lag and of the collector's pauses (benchmarks).

A task sleeps PERIOD seconds over and over and records how late it woke: while a callback holds
the loop (a long step, a collection, a burst of wake-ups), every task waiting on it is late by as
much, an answer to a move included. The collector's pauses are timed through `gc.callbacks`.
`serve --lag-probe FILE` runs one in the relay and appends a line a second to FILE; the fleet-load
bench's client processes run one each, so a reader can tell the relay's lateness from the
harness's own.
"""

from __future__ import annotations

import asyncio
import gc
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PERIOD = 0.05  # seconds between looks: lateness finer than a frame's, 20 samples a second
WRITE_EVERY = 1.0  # seconds between the lines `serve --lag-probe` appends


class LagProbe:
    """Lateness of the loop it runs on (seconds past each PERIOD sleep) and collection pauses."""

    def __init__(self, period: float = PERIOD) -> None:
        self.period = period
        self.lag: list[float] = []
        self.gc: list[tuple[int, float, float]] = []  # (generation, seconds, CPU seconds) per collection
        self._gc_start: tuple[float, float] | None = None

    def _collecting(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = (time.perf_counter(), time.thread_time())
        elif self._gc_start is not None:  # CPU time too: on a busy machine a pause's wall time is mostly waiting
            wall, cpu = self._gc_start
            self.gc.append((info["generation"], time.perf_counter() - wall, time.thread_time() - cpu))
            self._gc_start = None

    async def run(self) -> None:
        """Look until cancelled (collections are timed meanwhile)."""
        gc.callbacks.append(self._collecting)
        try:
            while True:
                start = time.perf_counter()
                await asyncio.sleep(self.period)
                self.lag.append(max(0.0, time.perf_counter() - start - self.period))
        finally:
            gc.callbacks.remove(self._collecting)

    def take(self) -> tuple[list[float], list[tuple[int, float, float]]]:
        """The lateness samples and collection pauses (generation, seconds, CPU seconds) since the
        last take."""
        lag, gc_pauses, self.lag, self.gc = self.lag, self.gc, [], []
        return lag, gc_pauses


async def write_lines(probe: LagProbe, path: Path, extra: Callable[[], dict[str, Any]]) -> None:
    """Append a JSON line to `path` every WRITE_EVERY seconds until cancelled: `t` (monotonic
    seconds, one clock for every process of the machine), `lag_ms` and `gc_ms` (each sample, and
    each collection's [generation, pause, its CPU], since the line before) and `extra()`'s counters."""
    with path.open("a", encoding="utf-8") as out:
        while True:
            await asyncio.sleep(WRITE_EVERY)
            lag, pauses = probe.take()
            gc_ms = [[g, round(1000 * s, 2), round(1000 * c, 2)] for g, s, c in pauses]
            out.write(json.dumps({"t": time.monotonic(), "lag_ms": [round(1000 * s, 2) for s in lag],
                                  "gc_ms": gc_ms, **extra()}) + "\n")
            out.flush()


def read_window(path: Path, start: float, end: float) -> list[dict[str, Any]]:
    """The lines of a probe file written between `start` and `end` (monotonic seconds); a torn last
    line is skipped."""
    lines = []
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    for raw in text.splitlines():
        try:
            line = json.loads(raw)
        except ValueError:
            continue
        if start < line["t"] <= end:
            lines.append(line)
    return lines
