"""Night Market data tables: the deck, coin piles, bonus tokens and the fixed numbers of the game.

Every card has a stable int id (0..54) whose kind is fixed by `CARD_KIND`; that table is public,
so an id only ever appears in a view when its face is visible to that seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

PEARL, AMBER, JADE, SILK, SPICE, LEATHER, PORTER = (
    "pearl",
    "amber",
    "jade",
    "silk",
    "spice",
    "leather",
    "porter",
)

GOODS: tuple[str, ...] = (PEARL, AMBER, JADE, SILK, SPICE, LEATHER)
PRECIOUS: frozenset[str] = frozenset({PEARL, AMBER, JADE})
GOOD_INDEX: dict[str, int] = {kind: i for i, kind in enumerate(GOODS)}

DECK_COUNTS: tuple[tuple[str, int], ...] = (
    (PEARL, 6),
    (AMBER, 6),
    (JADE, 6),
    (SILK, 8),
    (SPICE, 8),
    (LEATHER, 10),
    (PORTER, 11),
)

COIN_PILES: dict[str, tuple[int, ...]] = {
    PEARL: (7, 7, 5, 5, 5),
    AMBER: (6, 6, 5, 5, 5),
    JADE: (5, 5, 5, 5, 5),
    SILK: (5, 3, 3, 2, 2, 1, 1),
    SPICE: (5, 3, 3, 2, 2, 1, 1),
    LEATHER: (4, 3, 2, 1, 1, 1, 1, 1, 1),
}

BONUS_SIZES: tuple[int, ...] = (3, 4, 5)
BONUS_VALUES: dict[int, tuple[int, ...]] = {
    3: (1, 1, 2, 2, 2, 3, 3),
    4: (4, 4, 5, 5, 6, 6),
    5: (8, 8, 9, 10, 10),
}
BONUS_MEAN: dict[int, float] = {size: sum(v) / len(v) for size, v in BONUS_VALUES.items()}

PORTER_TOKEN = 5
SEALS_TO_WIN = 2
HAND_LIMIT = 7
MARKET_SIZE = 5
MARKET_START_PORTERS = 3
DEAL_SIZE = 5
EMPTY_PILES_TO_END = 3
SEATS = 2

NAMES: dict[str, str] = {kind: kind.capitalize() for kind in (*GOODS, PORTER)}


def _card_table() -> tuple[str, ...]:
    out: list[str] = []
    for kind, count in DECK_COUNTS:
        out.extend([kind] * count)
    return tuple(out)


CARD_KIND: tuple[str, ...] = _card_table()
CARD_COUNT = len(CARD_KIND)
PORTER_IDS: tuple[int, ...] = tuple(i for i, kind in enumerate(CARD_KIND) if kind == PORTER)
COIN_TOKEN_COUNT = sum(len(p) for p in COIN_PILES.values())


def min_sell(kind: str) -> int:
    """The fewest cards of `kind` that may be sold at once."""
    return 2 if kind in PRECIOUS else 1


def bonus_size(count: int) -> int | None:
    """Which bonus pile a sale of `count` cards draws from (None below 3)."""
    if count < 3:
        return None
    return min(count, 5)


def plural(kind: str, count: int) -> str:
    """A card kind's name for `count` cards: 'Silk', 'Silks', 'Porters'."""
    return NAMES[kind] if count == 1 else NAMES[kind] + "s"


def counted(count: int, noun: str) -> str:
    """'1 coin', '2 coins', '0 coins': a count with its noun, singular only for one."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def kinds_words(kinds: Iterable[str]) -> str:
    """'2 Pearls, Amber' for a list of kinds, grouped in the order they first appear."""
    counts = Counter(kinds)
    return ", ".join(f"{n} {plural(k, n)}" if n > 1 else NAMES[k] for k, n in counts.items())


def a_or_an(name: str) -> str:
    """'a Silk', 'an Amber'."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name
