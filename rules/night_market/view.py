"""What one seat may know of a Night Market match (events follow the contract's `redact_secret`).

Hidden cards appear only as counts: the opponent's hand (except cards it took face up from the
market), the deck, and bonus values (for everyone, the owner included, until the round ends).
`unseen` lists the kinds of every card this seat cannot see, derived from the public deck
composition, so a bot can sample the hidden cards consistently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from typing import Annotated

from rules.codec import OneOf, Range
from rules.night_market.data import BONUS_SIZES, CARD_COUNT, CARD_KIND, DECK_COUNTS, GOODS
from rules.night_market.state import RoundSummary, State

# (card id, kind): the wire form names a real card and a real kind, nothing else.
Card = tuple[Annotated[int, Range(0, CARD_COUNT - 1)], Annotated[str, OneOf(frozenset(CARD_KIND))]]


@dataclass(frozen=True)
class SeatView:
    """One merchant as a given seat sees them."""

    name: str
    hand_count: int
    hand_known: tuple[Card, ...]  # cards seen face up (the whole hand for your own seat)
    porters: tuple[int, ...]  # porter card ids in the team (public)
    coins_taken: tuple[int, ...]  # coin token values, in the order taken (public)
    bonus_tokens: tuple[tuple[int, int], ...]  # (token id, size); values hidden until round end
    seals: int

    @property
    def coins(self) -> int:
        """Coins so far this round (bonus tokens not included: they are hidden)."""
        return sum(self.coins_taken)


@dataclass(frozen=True)
class View:
    """Everything `seat` may know (seat None: a spectator)."""

    seat: int | None
    round_no: int
    starter: int
    turn: int
    over: bool
    winner: int | None
    seats: tuple[SeatView, SeatView]
    hand: tuple[Card, ...]
    market: tuple[Card, ...]
    deck_count: int
    coins: tuple[tuple[str, tuple[int, ...]], ...]  # every coin left per good, top first
    bonus_piles: tuple[tuple[int, int], ...]  # (size, tokens left)
    sold: tuple[Card, ...]
    unseen: tuple[tuple[str, int], ...]  # kinds hidden from this seat (opponent hand + deck)
    log: tuple[str, ...]
    last_round: RoundSummary | None


_CARD_PAIRS: tuple[Card, ...] = tuple(enumerate(CARD_KIND))  # (id, kind) per card, made once


def _cards(ids: tuple[int, ...] | list[int]) -> tuple[Card, ...]:
    # looked up in C (map): this runs six times for every view a relay sends, three views per move
    return tuple(map(_CARD_PAIRS.__getitem__, ids))


def _seat_view(state: State, seat: int, viewer: int | None) -> SeatView:
    hand = state.hands[seat]
    known = hand if viewer == seat else tuple(c for c in hand if c in state.known[seat])
    return SeatView(
        name=state.names[seat],
        hand_count=len(hand),
        hand_known=_cards(known),
        porters=state.porters[seat],
        coins_taken=state.coins_taken[seat],
        bonus_tokens=tuple((t.id, t.size) for t in state.bonus_taken[seat]),
        seals=state.seals[seat],
    )


def _unseen(seats: tuple[SeatView, SeatView], market: tuple[Card, ...], sold: tuple[Card, ...]) -> Counter[str]:
    # counted in C (map, chain, Counter): this runs for every view a relay sends, three per move
    seen = Counter(map(itemgetter(1), chain(market, sold, *(s.hand_known for s in seats))))
    seen.update(map(CARD_KIND.__getitem__, chain.from_iterable(s.porters for s in seats)))
    left = Counter({kind: count - seen.pop(kind, 0) for kind, count in DECK_COUNTS})
    for kind, n in seen.items():  # a kind the deck does not hold (none does): a negative count, as before
        left[kind] = -n
    return left


def view(state: State, seat: int | None) -> View:
    """Only what `seat` may know."""
    seats = (_seat_view(state, 0, seat), _seat_view(state, 1, seat))
    market, sold = _cards(state.market), _cards(state.sold)
    unseen = _unseen(seats, market, sold)
    return View(
        seat=seat,
        round_no=state.round_no,
        starter=state.starter,
        turn=state.turn,
        over=state.over,
        winner=next((s for s in (0, 1) if state.over and state.seals[s] >= 2), None),
        seats=seats,
        hand=seats[seat].hand_known if seat is not None else (),
        market=market,
        deck_count=len(state.deck),
        coins=tuple(zip(GOODS, state.coins, strict=True)),
        bonus_piles=tuple((size, len(pile)) for size, pile in zip(BONUS_SIZES, state.bonus, strict=True)),
        sold=sold,
        unseen=tuple((kind, n) for kind, n in unseen.items() if n),
        log=state.log,
        last_round=state.last_round,
    )


def view_beside(state: State, seat: int, public: View) -> View:
    """view(state, seat), made beside `public` (view(state, None) of the same state): every part a
    seat sees as a spectator does is `public`'s own object (the other merchant as well: a seat sees
    another's hand as anyone does), so the relay encodes it once (rules/codec.py: trusted_beside)."""
    own = _seat_view(state, seat, seat)
    seats = (own, public.seats[1]) if seat == 0 else (public.seats[0], own)
    unseen = _unseen_beside(state, seat, seats, public)
    return _with(public, seat=seat, seats=seats, hand=own.hand_known, unseen=unseen)


def _with(view: View, **fields: object) -> View:
    """dataclasses.replace(view, **fields) without its checks and `__init__` (which sets each of a
    View's 16 fields through object.__setattr__): a fifth of the time, twice a move on a relay."""
    new = object.__new__(View)
    new.__dict__.update(view.__dict__, **fields)
    return new


_DECK_KINDS = frozenset(kind for kind, _ in DECK_COUNTS)


def _unseen_beside(
    state: State, seat: int, seats: tuple[SeatView, SeatView], public: View
) -> tuple[tuple[str, int], ...]:
    """The seat's unseen kinds: the public view's, less the seat's own cards nobody else has seen
    (the same as `_unseen` of its view, counted again only for kinds outside the deck: none are)."""
    known = state.known[seat]
    hidden = Counter(CARD_KIND[c] for c in state.hands[seat] if c not in known)
    if not hidden:
        return public.unseen  # the public view's own object: its JSON is reused too
    before = dict(public.unseen)
    if not (_DECK_KINDS.issuperset(before) and _DECK_KINDS.issuperset(hidden)):
        left = _unseen(seats, public.market, public.sold)
        return tuple((kind, n) for kind, n in left.items() if n)
    return tuple((kind, n) for kind, _ in DECK_COUNTS if (n := before.get(kind, 0) - hidden[kind]))
