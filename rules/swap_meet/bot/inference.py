"""Who holds what: rivals' dealt hands and contracts, weighed from what one seat has seen.

Every round is a fresh deal under two rules (rounds.py): no hand holds more than 4 of one type,
and every contract is at least 4 cards short of its hand. Trades and audit discards are public,
and a takeover that robs us (or that we make) shows which type moved, so a rival's hand now is its
dealt hand plus those moves (only a takeover between two rivals moves a card unseen). What a
rival does says more, read against the Normal trader's rules (bots.TraderBot): it offers exactly
the cards its plan does not need, takes the best clear gain of the offers it has seen, plays a
card only when no swap was worth it, crashes the type it needs least, and on a wake-up it acts
on it moves at once when any of these is due. So every pair (dealt hand, contract) gets a weight:
zero when the deal rules or the seen moves rule it out; a factor EVIDENCE for every listing, swap
or card play a Normal trader would not have made from it; exp(-RESTLESS * t) for the t seconds the
rival stayed still while it would have moved; and the chance of each type an audit drew from its
loose cards. All soft factors: a person trades by other rules, and a bot lets wake-ups pass.
A move is judged against every table the rival may have read when it decided it, never only the
one that showed it: a bot decides from the table at the start of its beat and its move lands at the
end (rules/referee.py, BotPlans), up to BEAT seconds later, after other moves may have landed. (Read
against the later table alone, a Normal trader's own listing ruled out its true hand, which kept
EVIDENCE of its weight: seed 1 of the inference property.)
Action cards are weighed apart (`cards`): every seat is dealt one, so the deck less our own and
less the plays the table shows is what rivals may hold, and a rival that listed while holding its
card holds none a Normal trader would have played first.
The seat's `Notes` are what it saw on its own looks at the table: its own dealt hand, the table at
every look (`Look`), rivals' listings (`Sighting`) and takeovers it was part of (`Taken`).
Only the seat's view and notes go in; nothing here reads a rival's secret.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from math import comb

from rules.rng import Rng
from rules.swap_meet.bot.levels import AUDIT_AFTER, CRASH_AFTER
from rules.swap_meet.bot.normal import NORMAL, best_gain, crash_pick, lists_offer, takes_swap, would_move
from rules.swap_meet.bot.notes import NOTICED, Look, Notes, Sighting, holdings, moves, unexplained, wanted
from rules.swap_meet.data import (
    ACTION_CARDS,
    AUDIT,
    CONTRACTS,
    CRASH,
    DEAL_MAX_OF_TYPE,
    DEAL_MIN_MISSING,
    HAND_SIZE,
    INSIDE,
    RESOURCES,
    TAKEOVER,
    action_deck,
    resources_per_type,
)
from rules.swap_meet.tally import Counts, add, as_dict, counts_of, delta, sub
from rules.swap_meet.view import SeatView

EVIDENCE = 0.01  # weight kept by a hypothesis per listing or swap a Normal trader would not make
# A bot decides from the table at the start of its beat and its move lands at the end
# (rules/referee.py, BotPlans): a Normal trader's move shows up to BEAT seconds after the table it
# read, and moves that landed in between (a trade moves the market) are not what it saw.
BEAT = NORMAL.wake[1]
# A Normal trader acts on a fifth of its wake-ups, 1-2 s apart: about 0.13 acts a second. A rival
# that stays still while a hypothesis says it would swap, list or pull keeps exp(-RESTLESS * t).
RESTLESS = (1.0 - NORMAL.idle) / (sum(NORMAL.wake) / 2)

_NEEDS: dict[str, Counts] = {c.name: counts_of(c.needs()) for c in CONTRACTS}
_CAP = DEAL_MAX_OF_TYPE
# every hand the deal can give: HAND_SIZE resources, at most DEAL_MAX_OF_TYPE of each type
DEALT_HANDS: tuple[Counts, ...] = tuple(
    (a, b, c, HAND_SIZE - a - b - c)
    for a in range(_CAP + 1) for b in range(_CAP + 1) for c in range(_CAP + 1)
    if 0 <= HAND_SIZE - a - b - c <= _CAP)


_FITS: dict[Counts, tuple[str, ...]] = {
    hand: tuple(name for name, need in _NEEDS.items()
                if sum(max(0, n - h) for n, h in zip(need, hand, strict=True)) >= DEAL_MIN_MISSING)
    for hand in DEALT_HANDS
}


def fits(dealt: Counts) -> tuple[str, ...]:
    """The contracts the deal can give a seat dealt these counts (at least 4 cards short)."""
    return _FITS[dealt]


@dataclass(frozen=True)
class Rival:
    """One rival's weighed hypotheses and what moved its hand since the deal."""

    seat: int
    options: tuple[tuple[Counts, str, float], ...]  # (dealt counts, contract, weight)
    moved: Counts  # net change from the moves seen (trades, audit discards, our takeovers)
    unseen: int  # cards gained (+) or lost (-) unseen: a takeover between two rivals

    def holds(self, dealt: Counts) -> Counts:
        """Its counts now if it was dealt `dealt` (before any unseen card moved)."""
        return add(dealt, self.moved)


def certainty(rival: Rival) -> float:
    """The weight share of the rival's likeliest contract (1.0: we know it)."""
    shares: dict[str, float] = {}
    for _, contract, w in rival.options:
        shares[contract] = shares.get(contract, 0.0) + w
    total = sum(shares.values())
    return max(shares.values()) / total if total > 0 else 0.0


def weigh(view: SeatView, notes: Notes, seat: int) -> Rival:
    """Every (dealt hand, contract) for rival `seat` with its weight (see the module docstring)."""
    steps = moves(view, seat, notes)
    moved: Counts = (0, 0, 0, 0)
    for _, d, _ in steps:
        moved = add(moved, d)
    unseen = unexplained(view, notes, seat)
    since = min((t for s, t in notes.disturbed if s == seat), default=math.inf)
    exact = unseen == 0 and since == math.inf  # its counts are its deal plus its trades
    known = view.peeked.get(seat)
    taken = {view.contract} | {name for s, name in view.peeked.items() if s != seat}
    offer = view.offers[seat]
    known_steps = [step for step in steps if step[0] < since]
    record = _record(view, notes, seat, since, known_steps)
    options = []
    for dealt in DEALT_HANDS:
        fits = [c for c in _FITS[dealt] if c not in taken and (known is None or c == known)]
        if not fits:
            continue
        overdrawn = _overdraws(dealt, known_steps)
        if overdrawn and exact:
            continue
        now = add(dealt, moved)
        if offer is not None and exact and now[RESOURCES.index(offer.kind)] < offer.count:
            continue
        for contract in fits:
            w = 1.0 / len(_FITS[dealt])  # the deal gives the first fitting contract of a shuffle
            if overdrawn:
                w *= EVIDENCE * EVIDENCE
            else:
                w *= _fit(dealt, contract, steps, record)
            if exact and now == _NEEDS[contract]:
                w *= EVIDENCE  # exact for a while: a trader would have cashed out
            options.append((dealt, contract, w))
    return Rival(seat, tuple(options), moved, unseen)


# what would_move reads of a look besides counts and contract: market, seen, own, glut, wants, stale, played
_Key = tuple[tuple[float, ...], tuple[tuple[str, int], ...], tuple[str, int] | None, tuple[int, ...],
             tuple[int, ...], tuple[bool, ...], bool]
_Still = dict[tuple[int, _Key, _Key], float]


# Each move is weighed against every table the rival may have decided it from (`_decided_from`):
# a hypothesis that explains it from one of them is not held to the others. A table is known with
# the moves the rival had made by then (n: an index into `holdings`).
# a listing: (n, the sighting as the rival saw the table)
_Listing = tuple[int, Sighting]
# a swap it took: (n, market, the offers it had noticed, the one it took included)
_Take = tuple[int, tuple[float, ...], tuple[tuple[str, int], ...]]
# a card it played: (n, market, the offers it had noticed, cards of each type others took by then)
_Play = tuple[int, tuple[float, ...], tuple[tuple[str, int], ...], tuple[int, ...]]


@dataclass(frozen=True)
class _Record:
    """What one rival was seen to do before anything moved its hand unseen, ready to be weighed
    against each hypothesis (built once per decision)."""

    sightings: list[list[_Listing]]  # per listing, the tables it may have been decided from
    takes: list[tuple[Counts, list[_Take]]]  # per swap taken: the change to its counts, the tables
    still: _Still
    audits: list[tuple[float, str, tuple[str, int] | None]]  # (time, type, its offer then)
    plays: list[tuple[str | None, list[_Play]]]  # per card play: the type it crashed or None, the tables


def _record(view: SeatView, notes: Notes, seat: int, since: float,
            steps: list[tuple[float, Counts, bool]]) -> _Record:
    looks = [look for look in notes.looks if look.t < since]
    return _Record(
        sightings=[_listing(view, looks, s, steps) for s in notes.sightings if s.seat == seat and s.t < since],
        takes=[(d, _take(view, looks, seat, i, steps)) for i, (_, d, taker) in enumerate(steps) if taker],
        still=_still(view, looks, seat, steps),
        audits=[(a.t, a.kind, _listed(looks, seat, a.t)) for a in view.audited if a.seat == seat and a.t < since],
        plays=_plays(view, looks, seat, steps),
    )


def _fit(dealt: Counts, contract: str, steps: list[tuple[float, Counts, bool]], record: _Record) -> float:
    """How well a Normal trader dealt `dealt` with `contract` explains what the rival did: EVIDENCE
    per listing, swap or card play it would not have made from any table it may have decided it
    from, exp(-RESTLESS * t) for the time it stayed still while it would have moved, and the chance
    of the types audits drew."""
    held = holdings(dealt, steps)
    w = 1.0
    for listing in record.sightings:
        if not any(lists_offer(held[n], contract, s) for n, s in listing):
            w *= EVIDENCE
    for d, tables in record.takes:
        if not any(takes_swap(held[n], add(held[n], d), contract, market, seen) for n, market, seen in tables):
            w *= EVIDENCE
    restless = 0.0
    for (n, a, b), dt in record.still.items():
        if would_move(held[n], contract, *a) and would_move(held[n], contract, *b):
            restless += dt
    return w * math.exp(-RESTLESS * restless) * _audits(dealt, steps, record.audits) \
        * _played(held, contract, record.plays)


def _audits(dealt: Counts, steps: list[tuple[float, Counts, bool]],
            audits: list[tuple[float, str, tuple[str, int] | None]]) -> float:
    """The chance that audits took the types they did from these counts: a random loose card each
    (loose: not in the rival's offer, as listed at our last look before)."""
    p = 1.0
    for t, kind, listed in audits:
        before = as_dict(add(_at(dealt, steps, t), delta(kind, 1)))
        if listed is not None:
            before[listed[0]] -= min(before[listed[0]], listed[1])
        total = sum(before.values())
        p *= before[kind] / total if before[kind] > 0 else EVIDENCE
    return p


def _decided_from(looks: list[Look], after: float, before: float) -> list[Look]:
    """Our looks whose table a rival may have decided a move from that landed after `after` and
    before `before`: it read the table up to BEAT seconds before its move landed, so the look in
    force one beat before `after` and every look after it, up to `before`."""
    start = max((look.t for look in looks if look.t <= after - BEAT), default=-math.inf)
    return [look for look in looks if start <= look.t < before]


def _done(steps: list[tuple[float, Counts, bool]], t: float) -> int:
    """How many of the rival's moves had landed by `t`."""
    return sum(1 for when, _, _ in steps if when <= t)


def _noticed(look: Look, seat: int, up: set[int] | None = None) -> set[tuple[str, int]]:
    """The offers (kind, count) of seats other than `seat` at `look` that every rival had surely
    noticed (up for NOTICED seconds); only those still `up` (ids) when given."""
    return {(kind, n) for s, i, kind, n, first in look.offers
            if s != seat and first <= look.t - NOTICED and (up is None or i in up)}


def _listing(view: SeatView, looks: list[Look], s: Sighting, steps: list[tuple[float, Counts, bool]]) -> list[_Listing]:
    """A listing as the rival may have seen the table when it decided it: as at the look that showed
    it (a listing moves nothing else it is judged by), or at any look it may have read instead."""
    before = max((look.t for look in looks if look.t < s.t), default=-math.inf)  # it went up after
    tables = [(_done(steps, s.t), s)]
    for look in _decided_from(looks, before, s.t):
        glut = [0] * len(RESOURCES)
        for seat, _, kind, _, _ in look.offers:
            glut[RESOURCES.index(kind)] += seat != s.seat
        tables.append((_done(steps, look.t), replace(
            s, market=look.market, glut=tuple(glut), wants=wanted(view, s.seat, look.t),
            played=look.cards[s.seat] == 0, passed=tuple(sorted(_noticed(look, s.seat))))))
    return list(dict.fromkeys(tables))


def _take(view: SeatView, looks: list[Look], seat: int, i: int, steps: list[tuple[float, Counts, bool]]) -> list[_Take]:
    """The swap that is `seat`'s move `i`, with the tables it may have decided it from: the market
    and the offers it had surely noticed then, with the one it took (the type and count its hand
    gained); and the table just before it landed (what moved after our last look is unseen)."""
    t, change, _ = steps[i]
    got = next(k for k, d in enumerate(change) if d > 0)
    taken = (RESOURCES[got], change[got])
    last = next((look for look in reversed(looks) if look.t < t), None)
    tables = [(i, _market(view, t),
               tuple(sorted({taken} | (set() if last is None else _noticed(last, seat)))))]
    tables += [(_done(steps, look.t), look.market, tuple(sorted({taken} | _noticed(look, seat))))
               for look in _decided_from(looks, t, t)]
    return list(dict.fromkeys(tables))


def _plays(view: SeatView, looks: list[Look], seat: int,
           steps: list[tuple[float, Counts, bool]]) -> list[tuple[str | None, list[_Play]]]:
    """The action cards `seat` played between two of our looks with no move of its hand between,
    each with the tables it may have decided the play from (offers only if still up after)."""
    out = []
    for a, b in zip(looks, looks[1:], strict=False):
        if b.cards[seat] >= a.cards[seat] or any(a.t < t <= b.t for t, _, _ in steps):
            continue
        ids = {i for _, i, _, _, _ in b.offers}
        moved = [(k, y < x) for k, x, y in zip(RESOURCES, a.market, b.market, strict=True) if y != x]
        crashed = moved[0][0] if len(moved) == 1 and moved[0][1] else None  # one type fell: a crash
        out.append((crashed, [(_done(steps, look.t), look.market, tuple(sorted(_noticed(look, seat, ids))),
                               wanted(view, seat, look.t)) for look in _decided_from(looks, a.t, b.t)]))
    return out


def _played(held: list[Counts], contract: str, plays: list[tuple[str | None, list[_Play]]]) -> float:
    """EVIDENCE per card play a Normal trader would not have made from any table it may have read:
    it plays a card only when no swap it had seen was a clear gain, and crashes the type
    bots.TraderBot._crash picks."""
    w = 1.0
    for crashed, tables in plays:
        if not any(best_gain(held[n], contract, market, seen) <= NORMAL.min_gain
                   and (crashed is None or crashed == crash_pick(held[n], contract, market, wants))
                   for n, market, seen, wants in tables):
            w *= EVIDENCE
    return w


def _listed(looks: list[Look], seat: int, t: float) -> tuple[str, int] | None:
    """`seat`'s offer (kind, count) at our last look before `t`."""
    look = next((look for look in reversed(looks) if look.t < t), None)
    return None if look is None else next(((k, n) for s, _, k, n, _ in look.offers if s == seat), None)


def _market(view: SeatView, t: float) -> tuple[float, ...]:
    """The market just before `t`, as a tuple in RESOURCES order."""
    mults = _market_at(view, t)
    return tuple(mults[k] for k in RESOURCES)


def _still(view: SeatView, looks: list[Look], seat: int, steps: list[tuple[float, Counts, bool]]) -> _Still:
    """The stretches between two of our looks in which `seat` made no move the table shows (its
    offer, hand size and trades unchanged), keyed by what it had traded and saw at either end:
    the seconds it stayed still in each (none before it finished reading the deal)."""
    out: _Still = {}
    listed = _listing_bounds(looks)
    awake = view.round_start + NORMAL.read
    for a, b in zip(looks, looks[1:], strict=False):
        dt = b.t - max(a.t, awake)
        if dt <= 0 or a.cards[seat] != b.cards[seat] or _own(a, seat) != _own(b, seat):
            continue
        if any(a.t < t <= b.t for t, _, _ in steps):
            continue
        n = sum(1 for t, _, _ in steps if t <= a.t)
        key = (n, _key(view, a, seat, listed), _key(view, b, seat, listed))
        out[key] = out.get(key, 0.0) + dt
    return out


def _own(look: Look, seat: int) -> tuple[int, int] | None:
    return next(((i, n) for s, i, _, n, _ in look.offers if s == seat), None)


def _listing_bounds(looks: list[Look]) -> dict[int, float]:
    """Per offer id, the time of our look before the one that first showed it: it went up after."""
    out: dict[int, float] = {}
    prev = -math.inf
    for look in looks:
        for _, i, _, _, _ in look.offers:
            out.setdefault(i, prev)
        prev = look.t
    return out


def _key(view: SeatView, look: Look, seat: int, listed: dict[int, float]) -> _Key:
    """What `would_move` reads of the table at `look`, from `seat`'s side."""
    seen = tuple(sorted({(kind, n) for s, _, kind, n, first in look.offers
                         if s != seat and first <= look.t - NOTICED}))
    mine = next(((i, kind, n, first) for s, i, kind, n, first in look.offers if s == seat), None)
    glut = [0] * len(RESOURCES)
    for s, _, kind, _, _ in look.offers:
        if s != seat:
            glut[RESOURCES.index(kind)] += 1
    stale: tuple[bool, ...] = (False,)
    if mine is not None:
        # it went up after our look before the first that showed it, and the rival noted it at a
        # wake-up within 2 s of listing it: its age to the rival lies between these two
        youngest, oldest = look.t - mine[3] - 2.0, look.t - listed[mine[0]]
        stale = tuple(x for x, could in ((False, youngest < NORMAL.patience), (True, oldest >= NORMAL.patience))
                      if could) or (False,)
    own = None if mine is None else (mine[1], mine[2])
    played = look.cards[seat] == 0  # no action card left: it may have peeked
    return look.market, seen, own, tuple(glut), wanted(view, seat, look.t), stale, played


def _market_at(view: SeatView, t: float) -> dict[str, float]:
    """The market just before time `t` (the view keeps the round's market history)."""
    for when, mults in reversed(view.history):
        if when < t:
            return mults
    return view.market


def _overdraws(dealt: Counts, steps: list[tuple[float, Counts, bool]]) -> bool:
    """Would one of these moves take more of a type than a hand dealt `dealt` held then?"""
    return any(min(counts) < 0 for counts in holdings(dealt, steps))


def _at(dealt: Counts, steps: list[tuple[float, Counts, bool]], t: float) -> Counts:
    """The rival's counts at time `t` (trades up to then)."""
    counts = dealt
    for when, d, _ in steps:
        if when <= t:
            counts = add(counts, d)
    return counts


def own_dealt(view: SeatView, notes: Notes) -> Counts:
    """This seat's dealt counts: noted at its first look, else its hand less its trades."""
    if notes.dealt is not None and notes.round_no == view.round_no:
        return notes.dealt
    assert view.seat is not None
    now = counts_of(view.counts())
    for _, d, _ in moves(view, view.seat, notes):
        now = sub(now, d)
    return (max(0, now[0]), max(0, now[1]), max(0, now[2]), max(0, now[3]))


@dataclass(frozen=True)
class Cards:
    """The action cards rivals may still hold: those nobody has played or shown us, and per rival
    how well each kind fits what it did while holding its card (weights in ACTION_CARDS order)."""

    left: tuple[int, ...]  # copies per ACTION_CARDS kind in rivals' hands or set aside
    fit: tuple[tuple[int, tuple[float, ...]], ...]  # (rival seat, weight per kind)


def cards(view: SeatView, notes: Notes) -> Cards:
    """Every seat is dealt one action card. The deck less our own and less the rivals' plays the
    table shows (an audit's discards, a crash's halved market, a resource taken unseen; a play
    with no trace is a peek); then a Normal trader's order of play (bots.TraderBot._cards): it
    peeks before anything else, audits after AUDIT_AFTER s and crashes after CRASH_AFTER s, so a
    listing made while it held its card says which card that was not (a factor EVIDENCE)."""
    assert view.seat is not None
    left = dict.fromkeys(ACTION_CARDS, 0)
    for kind in action_deck(view.seats):
        left[kind] += 1
    held = {kind for _, kind in view.hand if kind not in RESOURCES}
    own = notes.card if notes.round_no == view.round_no else next(iter(held), None)
    if own is not None:
        left[own] -= 1
    ours = own is not None and own not in held  # we played our card: its traces are ours
    seen = {AUDIT: len({a.t for a in view.audited}), CRASH: _crashes(view),
            TAKEOVER: sum(1 for s in range(view.seats) if s != view.seat and unexplained(view, notes, s) > 0)
            + sum(1 for x in notes.taken if x.seat != view.seat and x.n > 0)}
    if ours and own in seen:
        seen[own] = max(0, seen[own] - 1)
    rivals = [s for s in range(view.seats) if s != view.seat]
    played = sum(1 for s in rivals if view.hand_sizes[s] == view.resource_counts[s])
    for kind, n in seen.items():
        left[kind] -= min(left[kind], n)
    traceless = played - sum(seen.values())
    left[INSIDE] -= min(left[INSIDE], max(0, traceless))
    fit = tuple((s, _card_fit(view, notes, s)) for s in rivals if view.hand_sizes[s] > view.resource_counts[s])
    return Cards(tuple(left[k] for k in ACTION_CARDS), fit)


def _crashes(view: SeatView) -> int:
    """Market crashes this round: the history points where a multiplier fell."""
    return sum(1 for (_, a), (_, b) in zip(view.history, view.history[1:], strict=False)
               if any(b[k] < a[k] for k in RESOURCES))


def _card_fit(view: SeatView, notes: Notes, seat: int) -> tuple[float, ...]:
    """Per action card kind, EVIDENCE for every listing `seat` made while holding its card that a
    Normal trader holding that kind would have played it instead of. (How long it has held its
    card says less: a clear swap comes before a card, and exp(-RESTLESS * t) for that time drew
    fewer right cards, 51% against 54% of draws after 15 s.)"""
    fit = dict.fromkeys(ACTION_CARDS, 1.0)
    for s in notes.sightings:
        if s.seat != seat or s.played:
            continue
        # it listed after our look before the one that showed it
        elapsed = max((look.t for look in notes.looks if look.t < s.t), default=view.round_start) - view.round_start
        for kind, after in ((INSIDE, -math.inf), (AUDIT, AUDIT_AFTER), (CRASH, CRASH_AFTER)):
            if elapsed > after:
                fit[kind] *= EVIDENCE
    return tuple(fit[k] for k in ACTION_CARDS)


def draw_cards(cards: Cards, rng: Rng) -> tuple[dict[int, str], Rng]:
    """An action card for every rival still holding one, drawn in turn from what is left, each
    kind weighed by its copies and how well it fits the rival (a rival is skipped when nothing is
    left for it: the caller then draws the old way)."""
    left = list(cards.left)
    out: dict[int, str] = {}
    for seat, fit in cards.fit:
        weights = [n * f for n, f in zip(left, fit, strict=True)]
        if sum(weights) <= 0:
            weights = [float(n) for n in left]
        if sum(weights) <= 0:
            continue
        pick, rng = rng.weighted(weights)
        out[seat] = ACTION_CARDS[pick]
        left[pick] -= 1
    return out, rng


@dataclass(frozen=True)
class Belief:
    """Everything one decision's worlds are drawn from."""

    pool: Counts  # resources dealt to rivals or set aside, per type
    rivals: tuple[Rival, ...]
    since: tuple[tuple[int, float], ...] = ()  # (offer id, first seen): how long each has been up
    cards: Cards | None = None  # the action cards rivals may hold (None: drawn from the unseen)
    # `draw`'s weights per (rival, pool left, contracts taken): every world of a decision draws
    # from the same belief, and most draws meet a pool and contracts an earlier one met
    weights: dict[tuple[int, Counts, frozenset[str]], list[float]] = field(
        default_factory=dict, compare=False, repr=False)


def belief(view: SeatView, notes: Notes) -> Belief:
    """Weigh every rival once per decision (the worlds then only draw)."""
    assert view.seat is not None
    per = resources_per_type(view.seats)
    mine = own_dealt(view, notes)
    pool = sub((per, per, per, per), mine)
    rivals = tuple(weigh(view, notes, s) for s in range(view.seats) if s != view.seat)
    return Belief(pool, rivals, notes.since, cards(view, notes))


def draw(belief: Belief, rng: Rng) -> tuple[dict[int, tuple[Counts, str]], Counts, Rng]:
    """A dealt hand and contract per rival, drawn in turn from what the pool still holds; and the
    pool left over. A rival with no possible hypothesis left is skipped (the caller falls back)."""
    pool = belief.pool
    used: frozenset[str] = frozenset()
    out: dict[int, tuple[Counts, str]] = {}
    for i, rival in enumerate(belief.rivals):
        key = (i, pool, used)
        weights = belief.weights.get(key)
        if weights is None:
            weights = belief.weights[key] = _weights(rival, pool, used)
        if sum(weights) <= 0:
            continue
        pick, rng = rng.weighted(weights)
        dealt, contract, _ = rival.options[pick]
        out[rival.seat] = (dealt, contract)
        used |= {contract}
        pool = sub(pool, dealt)
    return out, pool, rng


def _weights(rival: Rival, pool: Counts, used: frozenset[str]) -> list[float]:
    """Each of the rival's hypotheses weighed by the ways the pool left could deal it."""
    weights = []
    for dealt, contract, w in rival.options:
        if contract in used or any(d > p for d, p in zip(dealt, pool, strict=True)):
            weights.append(0.0)
            continue
        weights.append(w * comb(pool[0], dealt[0]) * comb(pool[1], dealt[1])
                       * comb(pool[2], dealt[2]) * comb(pool[3], dealt[3]))
    return weights
