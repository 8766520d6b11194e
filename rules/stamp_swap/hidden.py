"""What a seat may not know, for the conformance test (tests/test_contract.py) and the bot tests.

`perturb` gives a state in which everything `viewer` may not know has been changed, so that seat's
view must not change; `secrets` names JSON text that would give a hidden thing away in an event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.stamp_swap.state import HIDDEN_PREFIX, Phase, State, knows


def _rotate(items: Sequence[Any], by: int = 1) -> tuple[Any, ...]:
    items = tuple(items)
    return items[by:] + items[:by] if items else items


def perturb(state: State, viewer: int | None) -> State:
    """Face-down stamps the viewer has not seen, supply and event deck order, others' hidden piles."""
    unknown = [i for i in range(len(state.hidden)) if not knows(state, viewer, f"{HIDDEN_PREFIX}{i}")]
    hidden = list(state.hidden)
    for i, card in zip(unknown, _rotate([hidden[i] for i in unknown]), strict=True):
        hidden[i] = card
    seats = tuple(s if i == viewer or state.phase is not Phase.SWAP_PREP or not s.ready
                  else replace(s, piles=s.piles[::-1]) for i, s in enumerate(state.seats))
    return replace(state, hidden=tuple(hidden), supply=tuple(_rotate(p) for p in state.supply),
                   event_deck=_rotate(state.event_deck), seats=seats, rng=state.rng.fork(99))


def secrets(state: State, viewer: int | None) -> set[str]:
    """The card ids behind face-down keys this seat has not viewed."""
    return {f'"{card}"' for i, card in enumerate(state.hidden)
            if not knows(state, viewer, f"{HIDDEN_PREFIX}{i}")}
