"""Stamp Swap bots: they read a view and the legal actions only, and keep their own Rng.

"easy" mostly picks at random among decent options; "normal" collects for its album and contests,
splits so the chooser's two piles look alike to them (I split, you choose), takes the better pile,
places valuable stamps first where they leave the most room, and scores the best contest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from rules.rng import Rng
from rules.stamp_swap.actions import ChooseContest, Place, Prepare, Take, TakePile, TakeToken
from rules.stamp_swap.bot.value import Table, item_value, read_table, seen_by_others, token_value
from rules.stamp_swap.counters import RECT_MASK, Collection, cells_mask, count, mask_spots, tier_points
from rules.stamp_swap.stamps import COMMON_SHAPES, STAMPS

PROBE_SHAPES = ((1, 1), *COMMON_SHAPES)
# Normal's weights; each was varied alone against two Easy bots (docs/bots.md, Stamp Swap Normal).
SPLIT_SLOPE = 1.2  # how sharply the chooser prefers the pile worth more to them
SPOTS_PER_POINT = 10.0  # album spots left open per point of room (only orders placements)
ROOM_FOR_PENDING = 5.0  # room bonus per other pending stamp that still fits
# Seconds a bot waits before each decision (scaled by the player's bot speed), so a person can see
# who did what: a pile choice is the moment of the day, a placement is one of many.
BEAT = {"collect": 0.9, "swap_prep": 1.2, "swap_choose": 1.6, "show": 0.6}
CONTEST_BEAT = 1.2


def visible_beat(view: dict[str, Any]) -> float:
    """The pause before this seat's next decision in this view (picking a contest takes longer)."""
    seat = view["seats"][view["seat"]] if view.get("seat") is not None else None
    if view["phase"] == "show" and seat is not None and not seat["pending"]:
        return CONTEST_BEAT
    return BEAT.get(view["phase"], 0.0)

T = TypeVar("T")
# One plain line per level for the seat-setup screen.
LEVEL_NOTES: dict[str, str] = {
    "easy": "Picks among decent stamps and piles, partly at random.",
    "normal": "Collects for its album and contests, splits piles fairly, takes the better pile.",
    "hard": "Tries its best few moves on many possible tables, played out to the day's Show.",
}


def items_by_key(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {i["key"]: i for i in view["pool"]}
    for s in view["seats"]:
        zones = [*s["dc"], *s["holding"], *s["pending"], *([s["reserve"]] if s["reserve"] else [])]
        zones += [i for p in (s["piles"] or []) for i in p]
        out.update({i["key"]: i for i in zones})
    return out


@dataclass
class StampBot:
    """A bot at `level` for `seat`."""

    seat: int
    level: str
    rng: Rng
    items: dict[str, dict[str, Any]] = field(default_factory=dict)

    def choose(self, view: dict[str, Any], legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """Pick one of the legal actions."""
        if not legal:
            return None
        self.items = items_by_key(view)
        table = read_table(view)
        first = legal[0]
        if isinstance(first, (Take, TakeToken)):
            return self._collect(view, table, legal)
        if isinstance(first, Prepare):
            return self._prepare(table, legal)
        if isinstance(first, TakePile):
            return self._take_pile(view, table, legal)
        if isinstance(first, Place):
            return self._place(view, table, legal)
        return self._contest(table, legal)

    def wake_after(self, view: Any, now: float) -> float:
        """Turn-based, but with a visible beat before each move."""
        return visible_beat(view)

    def _sloppy(self, chance: float) -> bool:
        """Easy bots act at random this often."""
        if self.level != "easy":
            return False
        x, self.rng = self.rng.random()
        return x < chance

    def _pick(self, options: Sequence[T]) -> T:
        choice, self.rng = self.rng.choice(options)
        return choice

    def mine(self, table: Table, keys: Sequence[str]) -> float:
        """What these items are worth to this seat."""
        return sum(item_value(table, self.seat, self.items[k]) for k in keys)

    def _collect(self, view: dict[str, Any], table: Table, legal: Sequence[Any]) -> Any:
        if self._sloppy(0.5):
            return self._pick(legal)
        scored = [(self.mine(table, [a.item]), i) for i, a in enumerate(legal) if isinstance(a, Take)]
        best_value, best = max(scored)
        if any(isinstance(a, TakeToken) for a in legal) and token_value(view) > best_value + 0.5:
            return TakeToken()
        return legal[best]

    def _others_value(self, table: Table, keys: Sequence[str]) -> float:
        opponents = [s for s in range(len(table.seats)) if s != self.seat]
        total = sum(item_value(table, o, seen_by_others(self.items[k])) for o in opponents for k in keys)
        return total / len(opponents)

    def _prepare(self, table: Table, legal: Sequence[Prepare]) -> Prepare:
        if self._sloppy(0.7):
            return self._pick(legal)
        scores = self.prepare_scores(table, legal)
        return legal[scores.index(max(scores))]

    def prepare_scores(self, table: Table, legal: Sequence[Prepare]) -> list[float]:
        """What each split is expected to leave this seat (the chooser modelled as a soft max)."""
        mine = {k: self.mine(table, [k]) for a in legal[:1] for k in (*a.pile_a, *a.pile_b, a.reserve) if k}
        theirs = {k: self._others_value(table, [k]) for k in mine}
        piles: dict[tuple[str, ...], tuple[float, float]] = {}  # a pile recurs in many splits

        def worth(pile: tuple[str, ...]) -> tuple[float, float]:
            if pile not in piles:
                piles[pile] = (sum(theirs[k] for k in pile), sum(mine[k] for k in pile))
            return piles[pile]

        out = []
        for action in legal:
            (ta, ma), (tb, mb) = worth(action.pile_a), worth(action.pile_b)
            p_take_a = 1.0 / (1.0 + math.exp(-SPLIT_SLOPE * (ta - tb)))
            left = p_take_a * mb + (1 - p_take_a) * ma
            out.append((mine[action.reserve] if action.reserve else 0.0) + left)
        return out

    def _take_pile(self, view: dict[str, Any], table: Table, legal: Sequence[TakePile]) -> TakePile:
        if self._sloppy(0.5):
            return self._pick(legal)
        seats = view["seats"]
        return max(
            legal, key=lambda a: self.mine(table, [i["key"] for i in seats[a.owner]["piles"][a.pile]])
        )

    def _place(self, view: dict[str, Any], table: Table, legal: Sequence[Place]) -> Place:
        if self._sloppy(0.5):
            return self._pick(legal)
        me = view["seats"][self.seat]
        pending = {i["key"]: STAMPS[i["id"]] for i in me["pending"]}
        key = max({a.item for a in legal}, key=lambda k: (self.mine(table, [k]), k))
        cells = table.seats[self.seat].collection.cells
        options = [a for a in legal if a.item == key]
        return max(options, key=lambda a: self._room_after(cells, pending, a))

    def place_score(self, view: dict[str, Any], table: Table, action: Place) -> float:
        """Normal's order of placements: the most valuable stamp first, then the most room left."""
        me = view["seats"][self.seat]
        pending = {i["key"]: STAMPS[i["id"]] for i in me["pending"]}
        cells = table.seats[self.seat].collection.cells
        return 1000.0 * self.mine(table, [action.item]) + self._room_after(cells, pending, action)

    def _room_after(self, cells: frozenset[tuple[int, int]], pending: dict[str, Any], action: Place) -> float:
        stamp = pending[action.item]
        after = cells_mask(cells) | RECT_MASK[stamp.rows, stamp.cols, action.row, action.col]
        room = _room(after)
        for k, other in pending.items():
            if k != action.item and other.value >= 0 and mask_spots(after, other.rows, other.cols):
                room += ROOM_FOR_PENDING
        return room

    def _contest(self, table: Table, legal: Sequence[ChooseContest]) -> ChooseContest:
        if self._sloppy(0.7):
            return self._pick(legal)
        col: Collection = table.seats[self.seat].collection
        tiers = {cid: (counter, t) for cid, counter, t in table.contests}

        def worth(action: ChooseContest) -> tuple[int, int]:
            counter, t = tiers[action.contest]
            return tier_points(t, count(counter, col)), -max(t)

        return max(legal, key=worth)


@lru_cache(maxsize=8192)
def _room(mask: int) -> float:
    """Spots left for the probe shapes over an album mask, in points (cached: a Hard decision's
    rollouts weigh the same few albums thousands of times)."""
    return sum(len(mask_spots(mask, r, c)) for r, c in PROBE_SHAPES) / SPOTS_PER_POINT


def make_bot(level: str, seat: int, seed: int) -> StampBot:
    """A bot with its own seeded Rng."""
    return StampBot(seat, level, Rng.seeded(seed))
