"""The table-driven legal moves and the internal apply agree with the plain definitions.

`reference_legal` is the original, obviously-correct generator (every combination, one
representative per kind pattern), kept here as the oracle for the fast one in legal.py.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import Event
from rules.driver import seat_config
from rules.errors import IllegalAction
from rules.night_market import GAME
from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.apply import apply, apply_legal, look_ahead
from rules.night_market.data import CARD_KIND, HAND_LIMIT, PORTER, PRECIOUS
from rules.night_market.state import State, evolve
from rules.rng import Rng


def _by_kind(cards: tuple[int, ...]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for card in sorted(cards):
        out.setdefault(CARD_KIND[card], []).append(card)
    return out


def _reference_simple(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    market = _by_kind(state.market)
    if len(state.hands[seat]) < HAND_LIMIT:
        out.extend(Take(cards[0]) for kind, cards in market.items() if kind != PORTER)
    if PORTER in market:
        out.append(TakePorters())
    for kind, cards in _by_kind(state.hands[seat]).items():
        low = 2 if kind in PRECIOUS else 1
        out.extend(Sell(tuple(cards[:n])) for n in range(low, len(cards) + 1))
    return out


def _patterns(cards: list[int], sizes: range, key) -> list[tuple[int, ...]]:  # type: ignore[no-untyped-def]
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for n in sizes:
        for combo in combinations(cards, n):
            seen.setdefault(key(combo), combo)
    return list(seen.values())


def _reference_exchanges(state: State, seat: int) -> list[Exchange]:
    hand, team = state.hands[seat], len(state.porters[seat])
    goods = sorted(c for c in state.market if CARD_KIND[c] != PORTER)
    takes = set(_patterns(goods, range(2, len(goods) + 1), lambda c: tuple(CARD_KIND[i] for i in c)))
    out = []
    for take in sorted(takes):
        banned = {CARD_KIND[c] for c in take}
        cards = sorted(c for c in hand if CARD_KIND[c] not in banned)
        sizes = range(0, min(len(take), len(cards)) + 1)
        for give in _patterns(cards, sizes, lambda c: tuple(sorted(CARD_KIND[i] for i in c))):
            porters = len(take) - len(give)
            if porters <= team and len(hand) + porters <= HAND_LIMIT:
                out.append(Exchange(take, give, porters))
    return out


def reference_legal(state: State, seat: int) -> list[Action]:
    """Every distinct move, by the original definition."""
    if state.over or seat != state.turn:
        return []
    return [*_reference_simple(state, seat), *_reference_exchanges(state, seat)]


def _walk(seed: int, visit) -> None:  # type: ignore[no-untyped-def]
    """A random match that favours keeping cards (so hands grow to the limit), visiting each state."""
    state, _ = GAME.new_match(seed, seat_config(["easy", "easy"]))
    rng = Rng.seeded(seed)
    while GAME.outcome(state) is None:
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        visit(state, seat, legal)
        x, rng = rng.random()
        keep = [a for a in legal if not isinstance(a, Sell)] if x < 0.7 else []
        action, rng = rng.choice(keep or list(legal))
        state, _ = GAME.apply(state, seat, action)


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**9))
def test_fast_legal_actions_equal_the_reference_in_order(seed):
    def visit(state, seat, legal):
        assert list(legal) == reference_legal(state, seat)
        assert GAME.legal_actions(state, 1 - seat) == []

    _walk(seed, visit)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9))
def test_apply_legal_gives_what_the_checked_apply_gives(seed):
    def visit(state, seat, legal):
        for action in legal[:12]:
            assert apply_legal(state, seat, action) == apply(state, seat, action)

    _walk(seed, visit)


def test_look_ahead_is_apply_legal_less_the_table_s_parts():
    # the rollouts' step: every field apply_legal sets, but no log line, and a round's end is
    # scored and left over rather than dealt
    ends = 0

    def visit(state, seat, legal):
        nonlocal ends
        for action in legal[:6]:
            full, quiet = apply_legal(state, seat, action)[0], look_ahead(state, seat, action)
            if quiet.over and not state.over:
                ends += 1
                assert quiet.last_round == full.last_round and quiet.seals == state.seals
            else:
                assert quiet == replace(full, log=state.log)

    _walk(11, visit)
    assert ends > 0


def test_public_apply_still_refuses_an_illegal_move():
    state, _ = GAME.new_match(3, seat_config(["easy", "easy"]))
    with pytest.raises(IllegalAction):
        apply(state, 1 - state.turn, GAME.legal_actions(state, state.turn)[0])


def test_evolve_is_dataclasses_replace():
    state, _ = GAME.new_match(4, seat_config(["easy", "easy"]))
    changed = evolve(state, turn=1 - state.turn, log=state.log + ("x",))
    assert changed == replace(state, turn=1 - state.turn, log=state.log + ("x",))
    assert hash(changed) == hash(replace(state, turn=1 - state.turn, log=state.log + ("x",)))


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9))
def test_move_events_are_the_values_event_normalises_to(seed):
    # apply builds its events with rules.events.plain_event (no normalisation walk); a tuple or a
    # shared list slipping in would make an event differ from the one Event() builds from it
    def visit(state, seat, legal):
        for action in legal[:12]:
            for event in apply(state, seat, action)[1]:
                assert event == Event(event.kind, event.seat, event.data, event.secret, event.visible_to)

    _walk(seed, visit)
