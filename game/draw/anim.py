"""Tweens driven by the fixed step: positions, scale, alpha, flips and count-ups.

Nothing here blocks the rules: a tween only changes how a sprite looks. `Animator.update(dt)`
runs every step; `speed` < 1 shortens everything. The one place the player's pace reaches every
animation: `time_scale` makes `speed` from reduced motion (a quarter) and the animation-speed
setting (0.5x to 2x), the app sets it on every scene's animator, and whatever animates outside a
tween (counters, meters) steps by `Animator.scaled(dt)`. With "skip bot moves" on, whatever a scene
adds inside `bot_move(True)` lands before the block ends, so no frame shows it on its way. Game
time (Swap Meet's round clock, bot beats) never goes through here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

A = TypeVar("A")

Easing = Callable[[float], float]

REDUCED = 0.25  # reduced motion: animations run four times faster (and scene changes cut)


def time_scale(reduced_motion: bool, animation_speed: float) -> float:
    """An animator's `speed` (its durations' factor) for these settings."""
    return (REDUCED if reduced_motion else 1.0) / max(animation_speed, 1e-6)


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

    def __init__(self, speed: float = 1.0, skip_bots: bool = False) -> None:
        self.speed = speed
        self.skip_bots = skip_bots  # the "skip bot moves" setting: a bot's move lands at once
        self.running: list[Any] = []

    def scaled(self, dt: float) -> float:
        """`dt` of real time as animation time (what a counter or meter outside a tween steps by)."""
        return dt / max(self.speed, 1e-6)

    @contextmanager
    def bot_move(self, by_bot: bool) -> Iterator[bool]:
        """Animate a move inside this block; when it is a bot's and bot moves are skipped, everything
        added here lands (callbacks and all) as the block ends. Yields True when it does."""
        instant = by_bot and self.skip_bots
        before = {id(a) for a in self.running}
        yield instant
        if not instant:
            return
        fresh = [a for a in self.running if id(a) not in before]
        for _ in range(10000):
            waiting = [a for a in fresh if not a.done]
            if not waiting:
                break
            for anim in waiting:
                anim.step(10.0)
        self.running = [a for a in self.running if not a.done]

    def add(self, anim: A) -> A:
        """Start an animation (Tween, Sequence, Parallel, Wait or Call) and return it."""
        self.running.append(anim)
        return anim

    def update(self, dt: float) -> None:
        """Step every animation; finished ones are dropped."""
        scaled = self.scaled(dt)
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
