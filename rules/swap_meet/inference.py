"""Who holds what: rivals' dealt hands and contracts, weighed from what one seat has seen.

Every round is a fresh deal under two rules (rounds.py): no hand holds more than 4 of one type,
and every contract is at least 4 cards short of its hand. Trades are public, so a rival's hand
now is its dealt hand plus its trades (less a card an audit or takeover moved unseen). What a
rival lists says more: a trader offers the cards its plan does not need, and takes a swap only
when it clearly helps. So every pair (dealt hand, contract) gets a weight: zero when the deal
rules or the public trades rule it out, and a factor EVIDENCE for every listing or swap a trader
at the Normal level would not have made from it (a soft factor: a person trades by other rules).
The seat's `Notes` are what it saw between decisions: its own dealt hand and rivals' listings.
Only the seat's view and notes go in; nothing here reads a rival's secret.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from math import comb

from rules.rng import Rng
from rules.swap_meet.bots import LEVELS, plan, surplus
from rules.swap_meet.data import (
    CONTRACTS,
    CONTRACTS_BY_NAME,
    DEAL_MAX_OF_TYPE,
    DEAL_MIN_MISSING,
    HAND_SIZE,
    RESOURCES,
    resources_per_type,
)
from rules.swap_meet.view import SeatView

Counts = tuple[int, int, int, int]  # per type in RESOURCES order
NOTICED = 2.5  # seconds an offer has been up before we count it as seen by every rival
EVIDENCE = 0.01  # weight kept by a hypothesis per listing or swap a Normal trader would not make
_NORMAL = LEVELS["normal"]


def _tuple(counts: dict[str, int]) -> Counts:
    return (counts[RESOURCES[0]], counts[RESOURCES[1]], counts[RESOURCES[2]], counts[RESOURCES[3]])


def _as_dict(counts: Counts) -> dict[str, int]:
    return dict(zip(RESOURCES, counts, strict=True))


def _add(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _sub(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


_NEEDS: dict[str, Counts] = {c.name: _tuple(c.needs()) for c in CONTRACTS}
_CAP = DEAL_MAX_OF_TYPE
# every hand the deal can give: HAND_SIZE resources, at most DEAL_MAX_OF_TYPE of each type
DEALT_HANDS: tuple[Counts, ...] = tuple(
    (a, b, c, HAND_SIZE - a - b - c)
    for a in range(_CAP + 1) for b in range(_CAP + 1) for c in range(_CAP + 1)
    if 0 <= HAND_SIZE - a - b - c <= _CAP)


@dataclass(frozen=True)
class _Guess:
    """A rival's contract and the market it saw, as `bots.plan` reads them (a `Priced`)."""

    recipe: tuple[tuple[str, int], ...]
    contract_base: int
    market: dict[str, float]


def _guess(contract: str, market: dict[str, float]) -> _Guess:
    card = CONTRACTS_BY_NAME[contract]
    return _Guess(card.recipe, card.base, market)


_FITS: dict[Counts, tuple[str, ...]] = {
    hand: tuple(name for name, need in _NEEDS.items()
                if sum(max(0, n - h) for n, h in zip(need, hand, strict=True)) >= DEAL_MIN_MISSING)
    for hand in DEALT_HANDS
}


def fits(dealt: Counts) -> tuple[str, ...]:
    """The contracts the deal can give a seat dealt these counts (at least 4 cards short)."""
    return _FITS[dealt]


@dataclass(frozen=True)
class Sighting:
    """A rival's listing as this seat saw it: when, what, and what the rival saw then (a trader
    lists the spare type fewest others list, then the one rivals took most, then its biggest)."""

    t: float
    seat: int
    kind: str
    count: int
    market: tuple[float, ...]
    glut: tuple[int, ...]  # offers of each type up at other seats
    wants: tuple[int, ...]  # cards of each type other seats took in trades
    previous: str | None  # the type the rival listed before (it may avoid it when untaken)
    played: bool  # the rival had played its action card: it may have peeked, which adds wants
    passed: tuple[tuple[str, int], ...] = ()  # other offers it had seen (kind, count): it listed
    # instead of swapping, so none of them was a clear gain for it


@dataclass(frozen=True)
class Notes:
    """What a seat remembers of this round between its decisions."""

    round_no: int = 0
    dealt: Counts | None = None  # own resource counts as dealt
    sightings: tuple[Sighting, ...] = ()
    listed: frozenset[int] = frozenset()  # offer ids already sighted
    last: tuple[tuple[int, ...], ...] = ()  # per seat, the card ids of its offer at the last look
    since: tuple[tuple[int, float], ...] = ()  # (offer id, first seen) of every offer, own too
    # (seat, time) the first look at which a rival held other than HAND_SIZE resources: an audit
    # or a takeover moved a card unseen, so its counts after that are no longer known exactly
    disturbed: tuple[tuple[int, float], ...] = ()

    def seen(self, view: SeatView) -> Notes:
        """These notes with one more look at the table."""
        assert view.seat is not None
        notes = self if self.round_no == view.round_no else Notes(view.round_no)
        if view.phase != "trading":
            return notes
        if notes.dealt is None and not any(view.seat in (t.taker, t.offerer) for t in view.trades) \
                and view.resource_counts[view.seat] == HAND_SIZE:
            notes = replace(notes, dealt=_tuple(view.counts()))
        known = {seat for seat, _ in notes.disturbed}
        moved = tuple((seat, view.clock) for seat, n in enumerate(view.resource_counts)
                      if n != HAND_SIZE and seat != view.seat and seat not in known)
        if moved:
            notes = replace(notes, disturbed=notes.disturbed + moved)
        market = tuple(view.market[k] for k in RESOURCES)
        since = dict(notes.since)
        for o in view.offers:
            if o is not None:
                since.setdefault(o.id, view.clock)
        notes = replace(notes, since=tuple(since.items()))
        last = notes.last or ((),) * view.seats
        notes = replace(notes, last=tuple(() if o is None else o.card_ids for o in view.offers))
        fresh = [o for o in view.offers if o is not None and o.seat != view.seat and o.id not in notes.listed]
        if not fresh:
            return notes
        # an offer holding only cards of the seat's last one is what a swap left of it: no choice
        new = [Sighting(view.clock, o.seat, o.kind, o.count, market, *_seen_by(view, o.seat),
                        next((s.kind for s in reversed(notes.sightings) if s.seat == o.seat), None),
                        view.hand_sizes[o.seat] == view.resource_counts[o.seat],
                        tuple((p.kind, p.count) for p in view.offers if p is not None and p.seat != o.seat
                              and since[p.id] <= view.clock - NOTICED))
               for o in fresh if not set(o.card_ids) <= set(last[o.seat])]
        return replace(notes, sightings=notes.sightings + tuple(new), listed=notes.listed | {o.id for o in fresh})


def _seen_by(view: SeatView, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What `seat` weighs when it picks a type to list: other seats' offers per type, and the
    cards of each type other seats took (bots.offer_kind and rival_wants, from its side)."""
    glut = [0] * len(RESOURCES)
    for o in view.offers:
        if o is not None and o.seat != seat:
            glut[RESOURCES.index(o.kind)] += 1
    wants = [0] * len(RESOURCES)
    for t in view.trades:
        if t.taker != seat:
            wants[RESOURCES.index(t.got)] += t.count
    return tuple(glut), tuple(wants)


def _delta(kind: str, n: int) -> Counts:
    return _tuple({k: n if k == kind else 0 for k in RESOURCES})


def trade_steps(view: SeatView, seat: int) -> list[tuple[float, Counts, bool]]:
    """`seat`'s public trades in order: (time, change of its counts, it was the taker)."""
    steps = []
    for t in view.trades:
        if seat == t.taker:
            steps.append((t.t, _add(_delta(t.got, t.count), _delta(t.give, -t.count)), True))
        elif seat == t.offerer:
            steps.append((t.t, _add(_delta(t.give, t.count), _delta(t.got, -t.count)), False))
    return steps


def _lists(counts: Counts, contract: str, sighting: Sighting) -> bool:
    """Would a Normal trader with these counts and contract list exactly this offer (all its
    spare cards of the type `bots.offer_kind` picks, with or without avoiding its last type)?"""
    pv = _guess(contract, dict(zip(RESOURCES, sighting.market, strict=True)))
    spare = surplus(_as_dict(counts), pv, _NORMAL)
    if spare[sighting.kind] != sighting.count:
        return False
    held = [i for i, k in enumerate(RESOURCES) if spare[k]]

    def picks(avoid: str | None) -> set[str]:
        kinds = [i for i in held if RESOURCES[i] != avoid] or held
        if sighting.played:  # a peeked recipe we cannot see may break the ties: the least listed
            least = min(sighting.glut[i] for i in kinds)
            return {RESOURCES[i] for i in kinds if sighting.glut[i] == least}
        best = max(kinds, key=lambda i: (-sighting.glut[i], sighting.wants[i], spare[RESOURCES[i]], -i))
        return {RESOURCES[best]}

    if sighting.kind not in picks(None) | picks(sighting.previous):
        return False
    now = _as_dict(counts)
    base = plan(now, pv, _NORMAL)[0]
    for kind, n in sighting.passed:  # a clear gain would have been swapped for, not listed past
        for give in RESOURCES:
            if give != kind and now[give] >= n:
                after = dict(now)
                after[kind] += n
                after[give] -= n
                if plan(after, pv, _NORMAL)[0] - base > _NORMAL.min_gain:
                    return False
    return True


def _takes(before: Counts, after: Counts, contract: str, market: dict[str, float]) -> bool:
    """Would a Normal trader take a swap from `before` to `after`?"""
    pv = _guess(contract, market)
    gain = plan(_as_dict(after), pv, _NORMAL)[0] - plan(_as_dict(before), pv, _NORMAL)[0]
    return gain > _NORMAL.min_gain


@dataclass(frozen=True)
class Rival:
    """One rival's weighed hypotheses and what moved its hand since the deal."""

    seat: int
    options: tuple[tuple[Counts, str, float], ...]  # (dealt counts, contract, weight)
    moved: Counts  # net change from its trades
    unseen: int  # cards gained (+) or lost (-) outside trades: audits and takeovers

    def holds(self, dealt: Counts) -> Counts:
        """Its counts now if it was dealt `dealt` (before any unseen card moved)."""
        return _add(dealt, self.moved)


def weigh(view: SeatView, notes: Notes, seat: int) -> Rival:
    """Every (dealt hand, contract) for rival `seat` with its weight (see the module docstring)."""
    steps = trade_steps(view, seat)
    moved: Counts = (0, 0, 0, 0)
    for _, d, _ in steps:
        moved = _add(moved, d)
    unseen = view.resource_counts[seat] - HAND_SIZE
    since = min((t for s, t in notes.disturbed if s == seat), default=math.inf)
    exact = unseen == 0 and since == math.inf  # its counts are its deal plus its trades
    known = view.peeked.get(seat)
    taken = {view.contract} | {name for s, name in view.peeked.items() if s != seat}
    offer = view.offers[seat]
    sightings = [s for s in notes.sightings if s.seat == seat and s.t < since]
    markets = [_market_at(view, t) for t, _, taker in steps if taker and t < since]
    known_steps = [step for step in steps if step[0] < since]
    options = []
    for dealt in DEALT_HANDS:
        fits = [c for c in _FITS[dealt] if c not in taken and (known is None or c == known)]
        if not fits:
            continue
        path = _path(dealt, known_steps)
        if path is None and exact:
            continue
        now = _add(dealt, moved)
        if offer is not None and exact and now[RESOURCES.index(offer.kind)] < offer.count:
            continue
        for contract in fits:
            w = 1.0 / len(_FITS[dealt])  # the deal gives the first fitting contract of a shuffle
            if path is None:
                w *= EVIDENCE * EVIDENCE
            else:
                for s in sightings:
                    if not _lists(_at(dealt, steps, s.t), contract, s):
                        w *= EVIDENCE
                for (before, after), market in zip(path, markets, strict=True):
                    if not _takes(before, after, contract, market):
                        w *= EVIDENCE
            if exact and now == _NEEDS[contract]:
                w *= EVIDENCE  # exact for a while: a trader would have cashed out
            options.append((dealt, contract, w))
    return Rival(seat, tuple(options), moved, unseen)


def _market_at(view: SeatView, t: float) -> dict[str, float]:
    """The market just before time `t` (the view keeps the round's market history)."""
    for when, mults in reversed(view.history):
        if when < t:
            return mults
    return view.market


def _path(dealt: Counts, steps: list[tuple[float, Counts, bool]]) -> list[tuple[Counts, Counts]] | None:
    """The (before, after) counts of each swap the rival took, or None if a trade overdraws it."""
    counts, taken = dealt, []
    for _, d, taker in steps:
        after = _add(counts, d)
        if min(after) < 0:
            return None
        if taker:
            taken.append((counts, after))
        counts = after
    return taken


def _at(dealt: Counts, steps: list[tuple[float, Counts, bool]], t: float) -> Counts:
    """The rival's counts at time `t` (trades up to then)."""
    counts = dealt
    for when, d, _ in steps:
        if when <= t:
            counts = _add(counts, d)
    return counts


def own_dealt(view: SeatView, notes: Notes) -> Counts:
    """This seat's dealt counts: noted at its first look, else its hand less its trades."""
    if notes.dealt is not None and notes.round_no == view.round_no:
        return notes.dealt
    assert view.seat is not None
    now = _tuple(view.counts())
    for _, d, _ in trade_steps(view, view.seat):
        now = _sub(now, d)
    return (max(0, now[0]), max(0, now[1]), max(0, now[2]), max(0, now[3]))


@dataclass(frozen=True)
class Belief:
    """Everything one decision's worlds are drawn from."""

    pool: Counts  # resources dealt to rivals or set aside, per type
    rivals: tuple[Rival, ...]


def belief(view: SeatView, notes: Notes) -> Belief:
    """Weigh every rival once per decision (the worlds then only draw)."""
    assert view.seat is not None
    per = resources_per_type(view.seats)
    mine = own_dealt(view, notes)
    pool = _sub((per, per, per, per), mine)
    rivals = tuple(weigh(view, notes, s) for s in range(view.seats) if s != view.seat)
    return Belief(pool, rivals)


def draw(belief: Belief, rng: Rng) -> tuple[dict[int, tuple[Counts, str]], Counts, Rng]:
    """A dealt hand and contract per rival, drawn in turn from what the pool still holds; and the
    pool left over. A rival with no possible hypothesis left is skipped (the caller falls back)."""
    pool = belief.pool
    used: set[str] = set()
    out: dict[int, tuple[Counts, str]] = {}
    for rival in belief.rivals:
        weights = []
        for dealt, contract, w in rival.options:
            if contract in used or any(d > p for d, p in zip(dealt, pool, strict=True)):
                weights.append(0.0)
                continue
            weights.append(w * comb(pool[0], dealt[0]) * comb(pool[1], dealt[1])
                           * comb(pool[2], dealt[2]) * comb(pool[3], dealt[3]))
        total = sum(weights)
        if total <= 0:
            continue
        x, rng = rng.random()
        x *= total
        pick = max(i for i, w in enumerate(weights) if w > 0)
        for i, w in enumerate(weights):
            x -= w
            if x < 0 and w > 0:
                pick = i
                break
        dealt, contract, _ = rival.options[pick]
        out[rival.seat] = (dealt, contract)
        used.add(contract)
        pool = _sub(pool, dealt)
    return out, pool, rng
