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
_GAMMA = 0x9E3779B97F4A7C15
_SCALE = float(1 << 53)


def _mix(s: int) -> int:
    """SplitMix64's output for the advanced state `s`."""
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def _rng(state: int) -> Rng:
    # Draws make a generator each (thousands per match): fill the frozen instance's dict directly
    # rather than through the generated __init__ — the same value (eq, hash, repr).
    rng = object.__new__(Rng)
    rng.__dict__["state"] = state
    return rng


@dataclass(frozen=True)
class Rng:
    """Seeded generator; every draw returns the value and the advanced generator.

    The draws below spell `random()` out inline (they run for every shuffle and bot choice); each
    gives exactly what the plain composition random -> randint -> choice gives.
    """

    state: int

    @staticmethod
    def seeded(seed: int) -> Rng:
        """A generator for `seed` (any int, negative ones included)."""
        return Rng((seed * _GAMMA + 0x632BE59BD9B4E019) & _MASK)

    def _next(self) -> tuple[int, Rng]:
        s = (self.state + _GAMMA) & _MASK
        return _mix(s), _rng(s)

    def random(self) -> tuple[float, Rng]:
        """A float in [0, 1) with 53 random bits."""
        s = (self.state + _GAMMA) & _MASK
        return (_mix(s) >> 11) / _SCALE, _rng(s)

    def randint(self, low: int, high: int) -> tuple[int, Rng]:
        """An int in [low, high], both ends included."""
        if high < low:
            raise ValueError("empty range")
        s = (self.state + _GAMMA) & _MASK
        return low + int((_mix(s) >> 11) / _SCALE * (high - low + 1)), _rng(s)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item of a non-empty sequence."""
        n = len(items)
        if n < 1:
            raise ValueError("empty range")
        s = (self.state + _GAMMA) & _MASK
        # _mix and _rng spelled out: every bot decision and playout step draws here
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        rng = object.__new__(Rng)
        rng.__dict__["state"] = s
        return items[int(((z ^ (z >> 31)) >> 11) / _SCALE * n)], rng

    def weighted(self, weights: Sequence[float]) -> tuple[int, Rng]:
        """An index drawn with odds in proportion to `weights` (at least one positive; an index
        with weight 0 is never drawn)."""
        x, rng = self.random()
        x *= sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0 and w > 0:
                return i, rng
        return max(i for i, w in enumerate(weights) if w > 0), rng  # float rounding at the top end

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """Fisher–Yates on top of `random()`; returns a new tuple."""
        out = list(items)
        s = self.state
        for i in range(len(out) - 1, 0, -1):
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix, inline: a deck is 50 draws
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = int(((z ^ (z >> 31)) >> 11) / _SCALE * (i + 1))
            out[i], out[j] = out[j], out[i]
        return tuple(out), _rng(s)

    def fork(self, salt: int) -> Rng:
        """An independent generator derived from this one (for bots and samplers)."""
        value, _ = self._next()
        return Rng.seeded(value ^ (salt * 0xD1B54A32D192ED03 & _MASK))
