"""What a seat may not know in Last Counter: the other seat's tip (the conformance test's hooks)."""

from __future__ import annotations

from dataclasses import replace

from tests.last_counter import State


def perturb(state: State, viewer: int | None) -> State:
    """Every tip but the viewer's own changed."""
    return replace(state, tips=tuple(t if s == viewer else t % 3 + 1 for s, t in enumerate(state.tips)))


def secrets(state: State, viewer: int | None) -> set[str]:
    """Another seat's tip as its redacted event would carry it: no such text may reach the viewer."""
    return {f'"seat": {s}, "data": {{"tip"' for s in (0, 1) if s != viewer}
