"""What a seat may not know, for the conformance test (tests/test_contract.py) and the bot tests.

`perturb` gives a state in which everything `viewer` may not know has been changed, so that seat's
view must not change; `secrets` names JSON text that would give a hidden thing away in an event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.swap_meet.data import ACTION_CARDS, CONTRACTS, RESOURCES
from rules.swap_meet.state import Phase, State


def _other_kind(kind: str, resources: Sequence[str], actions: Sequence[str]) -> str:
    """Another kind of the same family: how many resources a seat holds is public, which ones is not."""
    family = resources if kind in resources else actions
    return family[(family.index(kind) + 1) % len(family)]


def perturb(state: State, viewer: int | None) -> State:
    """Other seats' contracts (unless peeked), pins, kinds of cards not on offer, the set-aside cards."""
    peeked = set(state.stalls[viewer].peeked) if viewer is not None else set()
    stalls = list(state.stalls)
    for seat, stall in enumerate(stalls):
        if seat == viewer:
            continue
        listed = set(stall.offer.card_ids) if stall.offer else set()
        hand = tuple(c if c.id in listed else replace(c, kind=_other_kind(c.kind, RESOURCES, ACTION_CARDS))
                     for c in stall.hand)
        contract = stall.contract if seat in peeked else CONTRACTS[(seat * 5 + 3) % len(CONTRACTS)].name
        stalls[seat] = replace(stall, hand=hand, contract=contract, pin=RESOURCES[(seat + 1) % 4])
    set_aside = tuple(replace(c, kind=_other_kind(c.kind, RESOURCES, ACTION_CARDS)) for c in state.set_aside)
    return replace(state, stalls=tuple(stalls), set_aside=set_aside, rng=state.rng.fork(99))


def secrets(state: State, viewer: int | None) -> set[str]:
    """While trading, the contracts of rivals this seat has not peeked at."""
    if state.phase is not Phase.TRADING:
        return set()
    peeked = set(state.stalls[viewer].peeked) if viewer is not None else set()
    mine = state.stalls[viewer].contract if viewer is not None else None
    return {f'"{st.contract}"' for seat, st in enumerate(state.stalls)
            if seat != viewer and seat not in peeked and st.contract != mine}
