"""Tweens driven by the fixed step: positions, scale, alpha, flips and count-ups.

Nothing here blocks the rules: a tween only changes how a sprite looks. `Animator.update(dt)`
runs every step; `speed` < 1 shortens everything (reduced motion sets it to ~0.25).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

A = TypeVar("A")

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing (cards arriving)."""
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth both ends."""
    return 0.5 - 0.5 * math.cos(math.pi * t)


def ease_out_back(t: float) -> float:
    """A small overshoot (seals, pops)."""
    c = 1.70158
    return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2


@dataclass
class Tween:
    """Moves one numeric attribute (or tuple of numbers) of a target over `duration` seconds."""

    target: object
    attr: str
    end: float | tuple[float, ...]
    duration: float
    ease: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    start: float | tuple[float, ...] | None = None
    elapsed: float = 0.0
    done: bool = False

    def step(self, dt: float) -> None:
        """Advance by dt seconds."""
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
        if self.start is None:
            self.start = getattr(self.target, self.attr)
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        setattr(self.target, self.attr, _lerp(self.start, self.end, self.ease(t)))
        if t >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()


def _lerp(a: float | tuple[float, ...], b: float | tuple[float, ...], t: float):  # type: ignore[no-untyped-def]
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    assert isinstance(a, (int, float)) and isinstance(b, (int, float))
    return a + (b - a) * t


@dataclass
class Wait:
    """A pause inside a sequence."""

    duration: float
    elapsed: float = 0.0
    done: bool = False

    def step(self, dt: float) -> None:
        """Advance by dt seconds."""
        self.elapsed += dt
        self.done = self.elapsed >= self.duration


@dataclass
class Call:
    """A callback inside a sequence."""

    fn: Callable[[], None]
    done: bool = False

    def step(self, dt: float) -> None:
        """Run once."""
        if not self.done:
            self.done = True
            self.fn()


@dataclass
class Sequence:
    """Runs its parts one after another."""

    parts: list[Any] = field(default_factory=list)
    done: bool = False

    def step(self, dt: float) -> None:
        """Advance the current part; move on when it finishes."""
        while self.parts and not self.done:
            self.parts[0].step(dt)
            if not self.parts[0].done:
                return
            self.parts.pop(0)
            dt = 0.0
        self.done = not self.parts


@dataclass
class Parallel:
    """Runs its parts together; done when all are."""

    parts: list[Any] = field(default_factory=list)
    done: bool = False

    def step(self, dt: float) -> None:
        """Advance every unfinished part."""
        for part in self.parts:
            part.step(dt)
        self.done = all(p.done for p in self.parts)


class Counter:
    """A number shown on screen that counts up (or down) towards its value."""

    def __init__(self, value: float = 0.0, rate: float = 30.0) -> None:
        self.shown = float(value)
        self.value = float(value)
        self.rate = rate

    def set(self, value: float) -> None:
        """Aim at a new value."""
        self.value = float(value)

    def step(self, dt: float) -> bool:
        """Move towards the value; True while still moving."""
        if self.shown == self.value:
            return False
        gap = self.value - self.shown
        move = max(abs(gap) * 6 * dt, self.rate * dt)
        self.shown = self.value if abs(gap) <= move else self.shown + math.copysign(move, gap)
        return True

    @property
    def text(self) -> str:
        """The number as shown now."""
        return str(int(round(self.shown)))


class Animator:
    """Owns running animations; `speed` scales time (reduced motion shortens everything)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.running: list[Any] = []

    def add(self, anim: A) -> A:
        """Start an animation (Tween, Sequence, Parallel, Wait or Call) and return it."""
        self.running.append(anim)
        return anim

    def update(self, dt: float) -> None:
        """Step every animation; finished ones are dropped."""
        scaled = dt / max(self.speed, 1e-6)
        for anim in list(self.running):
            anim.step(scaled)
        self.running = [a for a in self.running if not a.done]

    def finish_all(self) -> None:
        """Jump every animation to its end (skip)."""
        for _ in range(10000):
            if not self.running:
                return
            self.update(10.0)

    @property
    def busy(self) -> bool:
        """True while anything is moving."""
        return bool(self.running)
