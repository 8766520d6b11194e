"""Build Night Market positions directly from kind names: for scenario tests, screenshots and demos."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.night_market.data import BONUS_SIZES, BONUS_VALUES, CARD_KIND, COIN_PILES, GOODS
from rules.night_market.state import BonusToken, State
from rules.rng import Rng


class _Pool:
    """Hands out unused card ids by kind, lowest first."""

    def __init__(self) -> None:
        self.free: dict[str, list[int]] = {}
        for card, kind in enumerate(CARD_KIND):
            self.free.setdefault(kind, []).append(card)

    def take(self, kinds: Sequence[str]) -> tuple[int, ...]:
        return tuple(self.free[kind].pop(0) for kind in kinds)

    def rest(self) -> tuple[int, ...]:
        return tuple(sorted(c for cards in self.free.values() for c in cards))


def place(
    market: Sequence[str],
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    porters: tuple[int, int] = (0, 0),
    deck: Sequence[str] | None = None,
    coins: Mapping[str, tuple[int, ...]] | None = None,
    bonus: Mapping[int, tuple[int, ...]] | None = None,
    bonus_taken: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] = ((), ()),
    coins_taken: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    turn: int = 0,
    starter: int = 0,
    seals: tuple[int, int] = (0, 0),
    names: tuple[str, str] = ("Ada", "Rival"),
    seed: int = 1,
) -> State:
    """A state with these cards placed; the deck is `deck` (top first) or every unplaced card."""
    pool = _Pool()
    market_ids = pool.take(market)
    hand_ids = (pool.take(hands[0]), pool.take(hands[1]))
    porter_ids = (pool.take(["porter"] * porters[0]), pool.take(["porter"] * porters[1]))
    deck_ids = pool.take(deck) if deck is not None else pool.rest()
    piles = {**COIN_PILES, **(coins or {})}
    bonus_piles = {**BONUS_VALUES, **(bonus or {})}
    tokens, next_id = [], 0
    for seat in (0, 1):
        mine = []
        for size, value in bonus_taken[seat]:
            mine.append(BonusToken(next_id, size, value))
            next_id += 1
        tokens.append(tuple(mine))
    return State(
        names=names,
        rng=Rng.seeded(seed),
        round_no=1 + sum(seals),
        starter=starter,
        turn=turn,
        seals=seals,
        deck=deck_ids,
        market=market_ids,
        hands=hand_ids,
        porters=porter_ids,
        known=(frozenset(), frozenset()),
        coins=tuple(piles[k] for k in GOODS),
        bonus=tuple(bonus_piles[s] for s in BONUS_SIZES),
        coins_taken=coins_taken,
        bonus_taken=(tokens[0], tokens[1]),
        sold=(),
        next_bonus_id=next_id,
        log=(),
        last_round=None,
        over=False,
    )
