"""Counting primitives shared by contests, exhibitors, events, the Final Show and the bots."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.stamp_swap.cards import Counter
from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS, RARE_COLOUR, Stamp


@dataclass(frozen=True)
class Collection:
    """What one player shows: album stamps, filled cells and attendee ids."""

    stamps: tuple[Stamp, ...]
    cells: frozenset[tuple[int, int]]
    attendees: tuple[str, ...]


def _full_rows(c: Collection, _: Any) -> int:
    return sum(all((r, k) in c.cells for k in range(ALBUM_COLS)) for r in range(ALBUM_ROWS))


COUNTERS: dict[str, Callable[[Collection, Any], int]] = {
    "colour": lambda c, a: sum(s.colour == a for s in c.stamps),
    "theme": lambda c, a: sum(s.theme == a for s in c.stamps),
    "area_ge": lambda c, a: sum(s.area >= a for s in c.stamps),
    "area_eq": lambda c, a: sum(s.area == a for s in c.stamps),
    "forever": lambda c, _: sum(s.forever for s in c.stamps),
    "rare": lambda c, _: sum(s.rare for s in c.stamps),
    "value_eq": lambda c, a: sum(s.value == a for s in c.stamps),
    "value_lt": lambda c, a: sum(s.value < a for s in c.stamps),
    "value_le": lambda c, a: sum(s.value <= a for s in c.stamps),
    "attendees": lambda c, _: len(c.attendees),
    "full_rows": _full_rows,
    "filled_cells": lambda c, _: len(c.cells),
    "distinct_colours": lambda c, _: len({s.colour for s in c.stamps if s.colour != RARE_COLOUR}),
    "distinct_themes": lambda c, _: len({s.theme for s in c.stamps if s.theme}),
}


def count(counter: Counter, collection: Collection) -> int:
    """How many of `counter` the collection shows."""
    name, arg = counter
    return COUNTERS[name](collection, arg)


@lru_cache(maxsize=8192)
def matches(counter: Counter, stamp: Stamp) -> bool:
    """Whether one more `stamp` would raise a stamp-based counter (cached: the bots' evaluation
    asks it of every contest for every stamp they weigh)."""
    single = Collection((stamp,), frozenset(), ())
    return counter[0] not in ("attendees", "full_rows", "filled_cells") and count(counter, single) > 0


def tier_points(tiers: tuple[int, ...], n: int) -> int:
    """Points from a tier table for a count of n (the last tier caps)."""
    return tiers[min(n, len(tiers) - 1)] if tiers else 0


def rank_awards(values: list[int], awards: tuple[int, ...]) -> list[int]:
    """Majority awards: place = 1 + players strictly ahead; ties share a place; zero wins nothing."""
    out = []
    for v in values:
        place = sum(o > v for o in values)
        out.append(awards[place] if v > 0 and place < len(awards) else 0)
    return out


def cells_of(stamp: Stamp, row: int, col: int) -> Iterable[tuple[int, int]]:
    """Cells a stamp covers with its top-left corner at (row, col), upright."""
    return ((row + r, col + c) for r in range(stamp.rows) for c in range(stamp.cols))


def cell_bit(row: int, col: int) -> int:
    """The bit of one album cell in an album mask (row-major)."""
    return 1 << (row * ALBUM_COLS + col)


def _rect_mask(rows: int, cols: int, row: int, col: int) -> int:
    return sum(cell_bit(row + r, col + c) for r in range(rows) for c in range(cols))


def _placements(rows: int, cols: int) -> tuple[tuple[int, int, int], ...]:
    """(row, col, mask) of every in-bounds top-left cell, row-major like the album scan."""
    return tuple(
        (r, c, _rect_mask(rows, cols, r, c))
        for r in range(ALBUM_ROWS - rows + 1)
        for c in range(ALBUM_COLS - cols + 1)
    )


# Every stamp shape's in-bounds placements with their cell masks, built once: fitting a stamp is
# then one AND per placement instead of a cell-by-cell scan (the Show's legal moves need it often).
PLACEMENTS: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {
    (rows, cols): _placements(rows, cols)
    for rows in range(1, ALBUM_ROWS + 1)
    for cols in range(1, ALBUM_COLS + 1)
}


RECT_MASK: dict[tuple[int, int, int, int], int] = {
    (rows, cols, r, c): m for (rows, cols), spots in PLACEMENTS.items() for r, c, m in spots
}


@lru_cache(maxsize=4096)
def cells_mask(cells: frozenset[tuple[int, int]]) -> int:
    """An album mask from cells (cached: the bots ask about the same few albums many times)."""
    return sum(cell_bit(r, c) for r, c in cells)


def mask_spots(mask: int, rows: int, cols: int) -> list[tuple[int, int]]:
    """Every top-left cell where a rows x cols stamp fits over an album mask, row-major."""
    return list(_spots(mask, rows, cols))


@lru_cache(maxsize=16384)
def _spots(mask: int, rows: int, cols: int) -> tuple[tuple[int, int], ...]:
    """`mask_spots`, cached: the Hard bot's rollouts ask about the same few albums thousands of
    times a decision (the placements' scan was a seventh of its time)."""
    return tuple([(r, c) for r, c, m in PLACEMENTS.get((rows, cols), ()) if not m & mask])


def fit_spots(filled: frozenset[tuple[int, int]], rows: int, cols: int) -> list[tuple[int, int]]:
    """Every top-left cell where a rows x cols stamp fits."""
    return mask_spots(cells_mask(filled), rows, cols)
