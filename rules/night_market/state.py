"""Night Market state: one frozen value per moment of a match, plus dealing a round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.contract import Event
from rules.events import plain_event
from rules.night_market.data import (
    BONUS_SIZES,
    BONUS_VALUES,
    CARD_COUNT,
    CARD_KIND,
    COIN_PILES,
    DEAL_SIZE,
    DECK_COUNTS,
    GOODS,
    MARKET_SIZE,
    MARKET_START_PORTERS,
    PORTER,
    PORTER_IDS,
)
from rules.rng import Rng


@dataclass(frozen=True)
class BonusToken:
    """A bonus token: `id` is unique within a round; its value stays hidden until the round ends."""

    id: int
    size: int
    value: int


@dataclass(frozen=True)
class RoundSummary:
    """How a finished round was scored."""

    round_no: int
    coins: tuple[int, int]
    coin_tokens: tuple[int, int]
    bonus_values: tuple[tuple[int, ...], tuple[int, ...]]
    porters: tuple[int, int]
    porter_token: int | None
    totals: tuple[int, int]
    winner: int
    tiebreak: str  # "total", "bonus tokens", "coin tokens" or "non-starter"
    starter: int
    reason: str  # "coins" (3 piles empty) or "deck" (market could not be refilled)


@dataclass(frozen=True)
class State:
    """A whole match. Deck index 0 is the top. Coin and bonus piles are top first."""

    names: tuple[str, str]
    rng: Rng
    round_no: int
    starter: int
    turn: int
    seals: tuple[int, int]
    deck: tuple[int, ...]
    market: tuple[int, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    porters: tuple[tuple[int, ...], tuple[int, ...]]
    known: tuple[frozenset[int], frozenset[int]]  # hand cards the other seat has seen face up
    coins: tuple[tuple[int, ...], ...]  # in GOODS order
    bonus: tuple[tuple[int, ...], ...]  # in BONUS_SIZES order
    coins_taken: tuple[tuple[int, ...], tuple[int, ...]]
    bonus_taken: tuple[tuple[BonusToken, ...], tuple[BonusToken, ...]]
    sold: tuple[int, ...]
    next_bonus_id: int
    log: tuple[str, ...]
    last_round: RoundSummary | None
    over: bool


def card_list(ids: tuple[int, ...] | list[int]) -> list[list[Any]]:
    """[[id, kind], ...] for events and views."""
    return [[i, CARD_KIND[i]] for i in ids]


def _split_porters(cards: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    goods = tuple(c for c in cards if CARD_KIND[c] != PORTER)
    porters = tuple(c for c in cards if CARD_KIND[c] == PORTER)
    return goods, porters


def stack_reason(kinds: object) -> str | None:
    """Why `kinds` cannot be stacked on top of round 1's deck (None: it can)."""
    if not isinstance(kinds, (list, tuple)) or not all(isinstance(k, str) for k in kinds):
        return "must be a list of card kinds"
    available = dict(DECK_COUNTS)
    available[PORTER] -= MARKET_START_PORTERS
    for kind in set(kinds):
        if kind not in available:
            return f"has no card kind {kind!r}"
        if kinds.count(kind) > available[kind]:
            return f"holds more {kind} cards than the deck has"
    return None


def _shuffled_deck(rng: Rng, rest: tuple[int, ...], stack: tuple[str, ...]) -> tuple[tuple[int, ...], Rng]:
    """The deck, top first: cards of the `stack` kinds in that order (lowest ids first), the rest shuffled."""
    free = list(rest)
    top: list[int] = []
    for kind in stack:
        card = next(c for c in free if CARD_KIND[c] == kind)
        free.remove(card)
        top.append(card)
    deck, rng = rng.shuffle(free)
    return tuple(top) + deck, rng


_REST = tuple(i for i in range(CARD_COUNT) if i not in PORTER_IDS[:MARKET_START_PORTERS])  # the cards shuffled


def deal_round(
    names: tuple[str, str], rng: Rng, round_no: int, starter: int, seals: tuple[int, int],
    stack: tuple[str, ...] = (),
) -> tuple[State, list[Event]]:
    """A freshly dealt round and its events (round_started, one dealt per seat).

    `stack` (a lesson's deal) names the kinds of the first cards dealt, top first: the market's two,
    the starter's hand, the other hand, then the deck.
    """
    market_porters = PORTER_IDS[:MARKET_START_PORTERS]
    deck, rng = _shuffled_deck(rng, _REST, stack)
    piles = []
    for size in BONUS_SIZES:
        pile, rng = rng.shuffle(BONUS_VALUES[size])
        piles.append(pile)
    market = market_porters + deck[: MARKET_SIZE - MARKET_START_PORTERS]
    deck = deck[MARKET_SIZE - MARKET_START_PORTERS :]
    order = (starter, 1 - starter)
    hands: list[tuple[int, ...]] = [(), ()]
    porters: list[tuple[int, ...]] = [(), ()]
    for seat in order:
        hands[seat], porters[seat] = _split_porters(deck[:DEAL_SIZE])
        deck = deck[DEAL_SIZE:]
    state = State(
        names=names,
        rng=rng,
        round_no=round_no,
        starter=starter,
        turn=starter,
        seals=seals,
        deck=deck,
        market=market,
        hands=(hands[0], hands[1]),
        porters=(porters[0], porters[1]),
        known=(frozenset(), frozenset()),
        coins=tuple(COIN_PILES[k] for k in GOODS),
        bonus=tuple(piles),
        coins_taken=((), ()),
        bonus_taken=((), ()),
        sold=(),
        next_bonus_id=0,
        log=(f"Round {round_no}: {names[starter]} starts.",),
        last_round=None,
        over=False,
    )
    events = [
        plain_event(
            "round_started",
            None,
            {"round": round_no, "starter": starter, "market": card_list(market), "deck": len(deck)},
        )
    ]
    for seat in order:
        data = {"count": len(hands[seat]), "porters": list(porters[seat])}
        events.append(plain_event("dealt", seat, data, {"cards": card_list(hands[seat])}, (seat,)))
    return state, events


def new_match(
    names: tuple[str, str], seed: int, first_seat: int = 0, stack: tuple[str, ...] = ()
) -> tuple[State, list[Event]]:
    """Round 1 of a new match; `first_seat` (default seat 0) starts; `stack` as in `deal_round`."""
    return deal_round(names, Rng.seeded(seed), 1, first_seat, (0, 0), stack)


def evolve(state: State, **changes: Any) -> State:
    """`state` with some fields changed: `dataclasses.replace` without its per-call field walk.

    For the rules' own hot paths, whose callers name real fields and keep the invariants; the
    result is the same value `replace` gives (equality, hash, repr and pickling read the fields).
    """
    return evolved(state, changes)


def evolved(state: State, changes: dict[str, Any]) -> State:
    """`evolve` with the changes as a dict (a move's handler builds one; no keyword repacking)."""
    fields = state.__dict__.copy()
    fields.update(changes)
    fresh = object.__new__(State)
    object.__setattr__(fresh, "__dict__", fields)
    return fresh
