"""A tiny immutable seeded RNG that lives inside game states.

The generator is SplitMix64 over a plain int, so a state that holds it stays a frozen value,
copies cost nothing and the stream is identical on every Python version. `random()` is the one
primitive; `randint`, `choice` and the Fisher–Yates `shuffle` are written on top of it so that a
seed plus an action log always replays a match exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


@dataclass(frozen=True)
class Rng:
    """Seeded generator; every draw returns the value and the advanced generator."""

    state: int

    @staticmethod
    def seeded(seed: int) -> Rng:
        """A generator for `seed` (any int, negative ones included)."""
        return Rng((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def _next(self) -> tuple[int, Rng]:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(s)

    def random(self) -> tuple[float, Rng]:
        """A float in [0, 1) with 53 random bits."""
        value, rng = self._next()
        return (value >> 11) / float(1 << 53), rng

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """An int in [low, high], both ends included."""
        if high < low:
            raise ValueError("empty range")
        x, rng = self.random()
        return low + int(x * (high - low + 1)), rng

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item of a non-empty sequence."""
        index, rng = self.randint(0, len(items) - 1)
        return items[index], rng

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates on top of `random()`; returns a new tuple."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.randint(0, i)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one (for bots and samplers)."""
        value, _ = self._next()
        return Rng.seeded(value ^ (salt * 0xD1B54A32D192ED03 & _MASK))
