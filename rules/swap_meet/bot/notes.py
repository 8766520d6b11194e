"""What one seat remembers of a round between its decisions (inference.py reads it): its own
deal, the table at every look, rivals' listings, and the takeovers it was part of. Built only from
the seat's own views.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from rules.swap_meet.data import HAND_SIZE, RESOURCES
from rules.swap_meet.tally import Counts, add, counts_of, delta, sub
from rules.swap_meet.view import SeatView

NOTICED = 2.5  # seconds an offer has been up before we count it as seen by every rival


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
class Look:
    """The table at one of this seat's looks: what a rival's next move is judged against."""

    t: float
    offers: tuple[tuple[int, int, str, int, float], ...]  # (seat, id, kind, count, first seen)
    market: tuple[float, ...]
    cards: tuple[int, ...]  # action cards in each seat's hand


@dataclass(frozen=True)
class Taken:
    """A resource a takeover moved into (n=+1) or out of (n=-1) `seat`'s hand, known because the
    other hand was ours."""

    t: float
    seat: int
    kind: str
    n: int


@dataclass(frozen=True)
class Notes:
    """What a seat remembers of this round between its decisions."""

    round_no: int = 0
    dealt: Counts | None = None  # own resource counts as dealt
    card: str | None = None  # own action card as dealt (noted with `dealt`)
    sightings: tuple[Sighting, ...] = ()
    listed: frozenset[int] = frozenset()  # offer ids already sighted
    last: tuple[tuple[int, ...], ...] = ()  # per seat, the card ids of its offer at the last look
    since: tuple[tuple[int, float], ...] = ()  # (offer id, first seen) of every offer, own too
    # (seat, time) the first look at which a rival held other than HAND_SIZE resources and its
    # seen moves: a takeover between two rivals moved a card unseen, so its counts are not known
    disturbed: tuple[tuple[int, float], ...] = ()
    taken: tuple[Taken, ...] = ()  # takeovers that robbed us or that we made
    looks: tuple[Look, ...] = ()  # every look this round, oldest first

    def seen(self, view: SeatView) -> Notes:
        """These notes with one more look at the table."""
        assert view.seat is not None
        notes = self if self.round_no == view.round_no else Notes(view.round_no)
        if view.phase != "trading":
            return notes
        if notes.dealt is None and not moves(view, view.seat) and view.resource_counts[view.seat] == HAND_SIZE:
            card = next((kind for _, kind in view.hand if kind not in RESOURCES), None)
            notes = replace(notes, dealt=counts_of(view.counts()), card=card)
        notes = notes._robbed(view)
        known = {seat for seat, _ in notes.disturbed}
        moved = tuple((seat, view.clock) for seat in range(view.seats)
                      if unexplained(view, notes, seat) and seat != view.seat and seat not in known)
        if moved:
            notes = replace(notes, disturbed=notes.disturbed + moved)
        market = tuple(view.market[k] for k in RESOURCES)
        since = dict(notes.since)
        for o in view.offers:
            if o is not None:
                since.setdefault(o.id, view.clock)
        look = Look(view.clock, tuple((o.seat, o.id, o.kind, o.count, since[o.id]) for o in view.offers
                                      if o is not None), market,
                    tuple(h - n for h, n in zip(view.hand_sizes, view.resource_counts, strict=True)))
        notes = replace(notes, since=tuple(since.items()), looks=notes.looks + (look,))
        last = notes.last or ((),) * view.seats
        notes = replace(notes, last=tuple(() if o is None else o.card_ids for o in view.offers))
        fresh = [o for o in view.offers if o is not None and o.seat != view.seat and o.id not in notes.listed]
        if not fresh:
            return notes
        # an offer holding only cards of the seat's last one is what a swap left of it: no choice
        new = [Sighting(view.clock, o.seat, o.kind, o.count, market, *seen_by(view, o.seat),
                        next((s.kind for s in reversed(notes.sightings) if s.seat == o.seat), None),
                        view.hand_sizes[o.seat] == view.resource_counts[o.seat],
                        tuple((p.kind, p.count) for p in view.offers if p is not None and p.seat != o.seat
                              and since[p.id] <= view.clock - NOTICED))
               for o in fresh if not set(o.card_ids) <= set(last[o.seat])]
        return replace(notes, sightings=notes.sightings + tuple(new), listed=notes.listed | {o.id for o in fresh})

    def _robbed(self, view: SeatView) -> Notes:
        """These notes with the takeover that moved a card out of or into our hand since the last
        look: we know its type, and the one rival whose count moved the other way has it."""
        assert view.seat is not None
        if self.dealt is None:
            return self
        held = counts_of(view.counts())
        change = sub(held, holdings(self.dealt, moves(view, view.seat, self))[-1])
        if sorted(change) not in ([-1, 0, 0, 0], [0, 0, 0, 1]):
            return self
        i = next(i for i, d in enumerate(change) if d)
        other = [s for s in range(view.seats) if s != view.seat and unexplained(view, self, s) == -change[i]]
        if len(other) != 1:
            return self
        kind = RESOURCES[i]
        return replace(self, taken=self.taken + (Taken(view.clock, view.seat, kind, change[i]),
                                                 Taken(view.clock, other[0], kind, -change[i])))


def unexplained(view: SeatView, notes: Notes, seat: int) -> int:
    """Resources `seat` holds beyond its deal and every move seen: a takeover the notes miss."""
    return view.resource_counts[seat] - HAND_SIZE - sum(sum(d) for _, d, _ in moves(view, seat, notes))


def seen_by(view: SeatView, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What `seat` weighs when it picks a type to list: other seats' offers per type, and the
    cards of each type other seats took (bots.offer_kind and rival_wants, from its side)."""
    glut = [0] * len(RESOURCES)
    for o in view.offers:
        if o is not None and o.seat != seat:
            glut[RESOURCES.index(o.kind)] += 1
    return tuple(glut), wanted(view, seat)


def wanted(view: SeatView, seat: int, until: float = math.inf) -> tuple[int, ...]:
    """Cards of each type seats other than `seat` took in trades up to `until` (rival_wants)."""
    wants = [0] * len(RESOURCES)
    for t in view.trades:
        if t.taker != seat and t.t <= until:
            wants[RESOURCES.index(t.got)] += t.count
    return tuple(wants)


def moves(view: SeatView, seat: int, notes: Notes | None = None) -> list[tuple[float, Counts, bool]]:
    """What the table saw move in `seat`'s hand, in order: its trades and audit discards, and the
    takeovers in `notes` (time, change of its counts, it was the taker of a swap)."""
    steps = []
    for t in view.trades:
        if seat == t.taker:
            steps.append((t.t, add(delta(t.got, t.count), delta(t.give, -t.count)), True))
        elif seat == t.offerer:
            steps.append((t.t, add(delta(t.give, t.count), delta(t.got, -t.count)), False))
    steps += [(a.t, delta(a.kind, -1), False) for a in view.audited if a.seat == seat]
    if notes is not None:
        steps += [(x.t, delta(x.kind, x.n), False) for x in notes.taken if x.seat == seat]
    return sorted(steps, key=lambda step: step[0])  # stable: at one instant, trades first


def holdings(dealt: Counts, steps: list[tuple[float, Counts, bool]]) -> list[Counts]:
    """A hand's counts after each number of its moves (0 to all), from `dealt`."""
    out = [dealt]
    for _, d, _ in steps:
        out.append(add(out[-1], d))
    return out
