"""What a seat may not know, for the conformance test (tests/test_contract.py) and the bot tests.

`perturb` gives a state in which everything `viewer` may not know has been changed, so that seat's
view must not change; `secrets` names JSON text that would give a hidden thing away in an event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rules.night_market.data import CARD_KIND
from rules.night_market.state import BonusToken, State


def _rotate(items: Sequence[Any], by: int = 1) -> tuple[Any, ...]:
    items = tuple(items)
    return items[by:] + items[:by] if items else items


def _card_at(state: State, slot: tuple[str, int | None, int]) -> int:
    zone, seat, i = slot
    return state.deck[i] if zone == "deck" or seat is None else state.hands[seat][i]


def perturb(state: State, viewer: int | None) -> State:
    """Deck order, every card in a hand `viewer` has not seen face up, and bonus values."""
    others = [s for s in (0, 1) if s != viewer]
    slots: list[tuple[str, int | None, int]] = [("deck", None, i) for i in range(len(state.deck))]
    for s in others:
        slots += [("hand", s, i) for i, c in enumerate(state.hands[s]) if c not in state.known[s]]
    cards = _rotate([_card_at(state, slot) for slot in slots], 3)
    deck, hands = list(state.deck), [list(h) for h in state.hands]
    for (zone, who, i), card in zip(slots, cards, strict=True):
        (deck if zone == "deck" or who is None else hands[who])[i] = card
    bonus = tuple(_rotate(p) for p in state.bonus)
    mine, theirs = (tuple(BonusToken(t.id, t.size, t.value + 1) for t in ts) for ts in state.bonus_taken)
    return replace(state, deck=tuple(deck), hands=(tuple(hands[0]), tuple(hands[1])), bonus=bonus,
                   bonus_taken=(mine, theirs), rng=state.rng.fork(99))


def secrets(state: State, viewer: int | None) -> set[str]:
    """Hidden cards as they would appear in an event ([id, "kind"]), and any bonus token value."""
    hidden = list(state.deck)
    for s in (0, 1):
        if s != viewer:
            hidden += [c for c in state.hands[s] if c not in state.known[s]]
    return {f'[{c}, "{CARD_KIND[c]}"]' for c in hidden} | {'"value"'}
