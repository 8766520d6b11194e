"""Shared test support for every registered game: seeded playouts and per-game secret perturbations.

A playout picks uniformly among legal actions with its own seeded rng; real-time games run on a
simulated clock (each step moves it on by 0.25-1.25 s and ticks first), as rules/driver.py does.
Two per-game hooks serve the conformance test. `PERTURB` gives a state in which everything
`viewer` may not know has been changed (built with dataclasses.replace), so that seat's view
JSON must not change. `SECRETS` names JSON text that would give a hidden thing away (a hidden
card's id, a rival's contract), which must not appear in that seat's redacted events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.contract import Event, Game, MatchConfig, SeatConfig
from rules.rng import Rng


def seats_for(game: Game) -> int:
    """A table size every game accepts and that has more than one other seat where possible."""
    return min(game.max_seats, max(game.min_seats, 3))


def config(game: Game, seats: int | None = None) -> MatchConfig:
    """Person seats only (bots play through the playout, not through the config)."""
    n = seats_for(game) if seats is None else seats
    return MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(n)))


def start(game: Game, seed: int, cfg: MatchConfig) -> tuple[Any, list[Event]]:
    """A new match and its setup events."""
    state, events = game.new_match(seed, cfg, now=0.0)
    return state, list(events)


@dataclass(frozen=True)
class Step:
    """One step of a playout: `action` by `seat` at `now` took `before` to `state`."""

    before: Any
    seat: int | None
    action: Any
    now: float
    legal: Sequence[Any]
    state: Any
    events: list[Event]


def playout(game: Game, seed: int, cfg: MatchConfig, max_steps: int) -> Iterator[Step]:
    """Uniformly random legal play from `seed` until the match ends or `max_steps` steps."""
    state, events = start(game, seed, cfg)
    yield Step(state, None, None, 0.0, (), state, events)
    rng, now = Rng.seeded(seed ^ 0xC0FFEE), 0.0
    for _ in range(max_steps):
        if game.outcome(state) is not None:
            return
        events = []
        if game.realtime:
            step, rng = rng.random()
            now += 0.25 + step
            state, events = game.tick(state, now)
        before, seat, action, legal = state, None, None, ()
        if game.waiting(state):
            seat, rng = rng.choice(game.waiting(state))
            legal = game.legal_actions(state, seat, now)
            action, rng = rng.choice(legal) if legal else (None, rng)
        if action is not None:
            state, more = game.apply(state, seat, action, now)
            events = [*events, *more]
        yield Step(before, seat, action, now, legal, state, events)


def _rotate(items: Sequence[Any], by: int = 1) -> tuple[Any, ...]:
    items = tuple(items)
    return items[by:] + items[:by] if items else items


def _night_market(state: Any, viewer: int | None) -> Any:
    """Deck order, every card in a hand `viewer` has not seen face up, and bonus values."""
    from rules.night_market.state import BonusToken

    others = [s for s in (0, 1) if s != viewer]
    slots = [("deck", None, i) for i in range(len(state.deck))]
    for s in others:
        slots += [("hand", s, i) for i, c in enumerate(state.hands[s]) if c not in state.known[s]]
    cards = _rotate([_card_at(state, slot) for slot in slots], 3)
    deck, hands = list(state.deck), [list(h) for h in state.hands]
    for (zone, s, i), card in zip(slots, cards, strict=True):
        (deck if zone == "deck" else hands[s])[i] = card
    bonus = tuple(_rotate(p) for p in state.bonus)
    taken = tuple(tuple(BonusToken(t.id, t.size, t.value + 1) for t in ts) for ts in state.bonus_taken)
    return replace(state, deck=tuple(deck), hands=(tuple(hands[0]), tuple(hands[1])), bonus=bonus,
                   bonus_taken=taken, rng=state.rng.fork(99))


def _card_at(state: Any, slot: tuple[str, int | None, int]) -> int:
    zone, seat, i = slot
    return state.deck[i] if zone == "deck" else state.hands[seat][i]


def _swap_meet(state: Any, viewer: int | None) -> Any:
    """Other seats' contracts (unless peeked), pins, kinds of cards not on offer, the set-aside cards."""
    from rules.swap_meet.data import ACTION_CARDS, CONTRACTS, RESOURCES

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


def _other_kind(kind: str, resources: Sequence[str], actions: Sequence[str]) -> str:
    """Another kind of the same family: how many resources a seat holds is public, which ones is not."""
    family = resources if kind in resources else actions
    return family[(family.index(kind) + 1) % len(family)]


def _stamp_swap(state: Any, viewer: int | None) -> Any:
    """Face-down stamps the viewer has not seen, supply and event deck order, others' hidden piles."""
    from rules.stamp_swap.state import HIDDEN_PREFIX, Phase, knows

    unknown = [i for i in range(len(state.hidden)) if not knows(state, viewer, f"{HIDDEN_PREFIX}{i}")]
    hidden = list(state.hidden)
    for i, card in zip(unknown, _rotate([hidden[i] for i in unknown]), strict=True):
        hidden[i] = card
    seats = tuple(s if i == viewer or state.phase is not Phase.SWAP_PREP or not s.ready
                  else replace(s, piles=s.piles[::-1]) for i, s in enumerate(state.seats))
    return replace(state, hidden=tuple(hidden), supply=tuple(_rotate(p) for p in state.supply),
                   event_deck=_rotate(state.event_deck), seats=seats, rng=state.rng.fork(99))


PERTURB: dict[str, Callable[[Any, int | None], Any]] = {
    "night-market": _night_market,
    "swap-meet": _swap_meet,
    "stamp-swap": _stamp_swap,
}



def _night_market_secrets(state: Any, viewer: int | None) -> set[str]:
    """Hidden cards as they would appear in an event ([id, "kind"]), and any bonus token value."""
    from rules.night_market.data import CARD_KIND

    hidden = list(state.deck)
    for s in (0, 1):
        if s != viewer:
            hidden += [c for c in state.hands[s] if c not in state.known[s]]
    return {f'[{c}, "{CARD_KIND[c]}"]' for c in hidden} | {'"value"'}


def _swap_meet_secrets(state: Any, viewer: int | None) -> set[str]:
    """While trading, the contracts of rivals this seat has not peeked at."""
    from rules.swap_meet.state import Phase

    if state.phase is not Phase.TRADING:
        return set()
    peeked = set(state.stalls[viewer].peeked) if viewer is not None else set()
    mine = state.stalls[viewer].contract if viewer is not None else None
    return {f'"{st.contract}"' for seat, st in enumerate(state.stalls)
            if seat != viewer and seat not in peeked and st.contract != mine}


def _stamp_swap_secrets(state: Any, viewer: int | None) -> set[str]:
    """The card ids behind face-down keys this seat has not viewed."""
    from rules.stamp_swap.state import HIDDEN_PREFIX, knows

    return {f'"{card}"' for i, card in enumerate(state.hidden)
            if not knows(state, viewer, f"{HIDDEN_PREFIX}{i}")}


SECRETS: dict[str, Callable[[Any, int | None], set[str]]] = {
    "night-market": _night_market_secrets,
    "swap-meet": _swap_meet_secrets,
    "stamp-swap": _stamp_swap_secrets,
}
