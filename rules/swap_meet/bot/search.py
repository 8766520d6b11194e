"""Hard's look-ahead: determinised rollouts of the rest of the round, from its own view only.

For a decision the Hard bot has already chosen to act on (same wake-ups, reading time and
"thinking" passes as Normal), it short-lists candidate actions, samples worlds consistent with
what its seat can see — rivals' dealt hands and contracts drawn from what its seat saw
(inference.py; without notes, rivals' unlisted cards from the deck composition less what it can
see and contracts from the ones it has not seen), a fresh rules rng — and plays each
candidate in those worlds, then the rest of the round with the real rules and Normal bots for
every seat at Normal's reaction times on a simulated clock, starting where the real ones are
(pinned, their offers as old as this seat has seen them, blind to offers too fresh to have
noticed). Every candidate is screened in a few worlds; the heuristic pick and the best two
others then play many more (`screened`), and one of those replaces the pick only when it wins
in the same worlds by half a standard error. The same worlds and bot seeds serve every candidate
(common random numbers), so differences come from the candidate, not the dice.
The work is bounded by counts (worlds, candidates, rollout wake-ups), never by a clock.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules import search
from rules.errors import IllegalAction
from rules.referee import MIN_WAKE
from rules.rng import Rng
from rules.swap_meet import apply, check, rounds
from rules.swap_meet.actions import CashOut
from rules.swap_meet.bot import inference
from rules.swap_meet.bot.inference import Belief
from rules.swap_meet.bot.levels import bank_value
from rules.swap_meet.bot.sight import Sight
from rules.swap_meet.data import CONTRACTS, HAND_SIZE, NEEDS_BY_NAME, RESOURCES, ROUNDS, SLAM_MIN, deck_kinds
from rules.swap_meet.effects import sort_key
from rules.swap_meet.scoring import is_exact, score_stall
from rules.swap_meet.state import Card, Offer, Phase, Stall, State
from rules.swap_meet.view import SeatView


@dataclass(frozen=True)
class Budget:
    """How much one decision may think (counts, so the rules never read a clock)."""

    worlds: int  # sampled worlds for the finalists (shared by every candidate)
    candidates: int  # most candidate actions rolled out (waiting included)
    screen: int  # worlds every candidate is first rolled out in, before the finalists get the rest
    finalists: int  # candidates kept after the screen (the heuristic pick always among them)
    horizon: float  # seconds of the round a rollout plays at most before it is scored
    confidence: float  # standard errors by which a candidate must beat the heuristic pick
    doubtful: float = 0.3  # mean share of rivals' likeliest contracts below which the bar doubles
    chunk: int = 0  # worlds per leg of the finalists' race (search.raced); 0: no race, all worlds
    judged: bool = False  # a round still open at the horizon is judged by every seat's prospects
    # (`prospect`), not locked as if the timer ran out there


# The default (docs/bots.md, 2026-12-06): 15 s of rollout, then every seat judged by its prospect, in
# twice the worlds of the 90 s search before it (`WHOLE_ROUND`): about half its CPU at its strength.
J80 = Budget(worlds=80, candidates=11, screen=8, finalists=3, horizon=15.0, confidence=0.5, chunk=8, judged=True)
BUDGET = J80
WHOLE_ROUND = Budget(worlds=40, candidates=11, screen=8, finalists=3, horizon=90.0, confidence=0.5)
_ID_BASE = 10_000  # ids for sampled cards: clear of every real card id
FRESH = 1.0  # seconds an offer has been up before a rollout's bots count it as noticed


def _fraction(x: float) -> Fraction:
    """A market or total value back as the exact fraction the rules hold (0.05 steps, halvings)."""
    return Fraction(x).limit_denominator(1 << 12)


def _seen_kinds(view: SeatView) -> Counter[str]:
    """Card kinds this seat can place: its own hand and every listed card."""
    seen = Counter(kind for _, kind in view.hand)
    for seat, offer in enumerate(view.offers):
        if offer is not None and seat != view.seat:
            seen[offer.kind] += offer.count
    return seen


def _unknown_pool(view: SeatView) -> tuple[list[str], list[str]]:
    """The resource and action kinds nobody has shown this seat (deck composition less what it sees)."""
    pool = Counter(deck_kinds(view.seats)) - _seen_kinds(view)
    res = [k for k in sorted(pool, key=str) if k in RESOURCES for _ in range(pool[k])]
    acts = [k for k in sorted(pool, key=str) if k not in RESOURCES for _ in range(pool[k])]
    return res, acts


def net_gains(view: SeatView) -> list[Counter[str]]:
    """Per seat, the cards of each type it gained in this round's public trades (net of what it
    gave): a rival holds those, unless an audit took them, and most likely needs them."""
    gains = [Counter[str]() for _ in range(view.seats)]
    for t in view.trades:
        gains[t.taker][t.got] += t.count
        gains[t.taker][t.give] -= t.count
        gains[t.offerer][t.give] += t.count
        gains[t.offerer][t.got] -= t.count
    return [Counter({k: n for k, n in g.items() if n > 0}) for g in gains]


def _contracts(view: SeatView, gains: list[Counter[str]], rng: Rng) -> tuple[list[str], Rng]:
    """A contract per seat: our own, peeked ones, and distinct unseen ones for the rest, each
    drawn with odds tripled per type it gained in trades that the recipe needs."""
    assert view.contract is not None and view.seat is not None
    known: dict[int, str] = dict(view.peeked)
    known[view.seat] = view.contract
    taken = set(known.values())
    out = []
    for seat in range(view.seats):
        name = known.get(seat)
        if name is None:
            free = [c for c in CONTRACTS if c.name not in taken]
            weights = [3.0 ** sum(1 for k in gains[seat] if k in c.types()) for c in free]
            pick, rng = rng.weighted(weights)
            name = free[pick].name
            taken.add(name)
        out.append(name)
    return out, rng


def _hidden_kinds(pool: list[str], want: int, gained: Counter[str]) -> list[str]:
    """`want` resources for a rival from the shuffled `pool`: what it gained in trades first."""
    kinds: list[str] = []
    for kind, n in gained.items():
        for _ in range(n):
            if len(kinds) < want and kind in pool:
                pool.remove(kind)
                kinds.append(kind)
    while len(kinds) < want and pool:
        kinds.append(pool.pop())
    return kinds


def _inferred(view: SeatView, belief: Belief, rng: Rng) -> tuple[dict[int, tuple[list[str], str]] | None, Rng]:
    """Per rival, its unlisted resource kinds and contract, drawn from `belief` (None when a
    rival has no hypothesis left: the caller then samples the old way)."""
    drawn, pool, rng = inference.draw(belief, rng)
    if len(drawn) != len(belief.rivals):
        return None, rng
    spare = [k for k, n in zip(RESOURCES, pool, strict=True) for _ in range(n)]
    out = {}
    for rival in belief.rivals:
        dealt, contract = drawn[rival.seat]
        counts = dict(zip(RESOURCES, rival.holds(dealt), strict=True))
        offer = view.offers[rival.seat]
        listed = Counter({offer.kind: offer.count}) if offer is not None else Counter()
        loose = Counter({k: n for k, n in counts.items() if n > 0}) - listed
        kinds = sorted(loose.elements())
        want = view.resource_counts[rival.seat] - sum(listed.values())
        while len(kinds) > want:  # an audit or takeover took a card we did not see
            lost, rng = rng.choice(kinds)
            kinds.remove(lost)
        while len(kinds) < want and spare:  # a takeover brought one
            got, rng = rng.choice(spare)
            spare.remove(got)
            kinds.append(got)
        out[rival.seat] = (kinds, contract)
    return out, rng


def sample_world(view: SeatView, rng: Rng, belief: Belief | None = None) -> State:
    """A full trading state consistent with `view`: rivals' hidden cards and contracts drawn
    from `belief` when given (inference.py), else from the unseen cards with trade-gained kinds
    first."""
    assert view.seat is not None
    inferred, rng = _inferred(view, belief, rng) if belief is not None else (None, rng)
    res, acts = _unknown_pool(view)
    res_t, rng = rng.shuffle(res)
    acts_t, rng = rng.shuffle(acts)
    held: dict[int, str] = {}  # rivals' action cards drawn from the belief (the rest: the old way)
    if belief is not None and belief.cards is not None:
        held, rng = inference.draw_cards(belief.cards, rng)
    res_left, acts_left = list(res_t), list(acts_t)
    gains = net_gains(view)
    contracts, rng = _contracts(view, gains, rng)
    next_id = _ID_BASE
    stalls = []
    for seat in range(view.seats):
        offer_view = view.offers[seat]
        offer = None if offer_view is None else Offer(offer_view.id, offer_view.kind, offer_view.card_ids)
        if seat == view.seat:
            hand = [Card(i, k) for i, k in view.hand]
        else:
            hand = [] if offer_view is None else [Card(i, offer_view.kind) for i in offer_view.card_ids]
            hidden_act = view.hand_sizes[seat] - view.resource_counts[seat]
            if inferred is not None:
                kinds, contracts[seat] = inferred[seat]
            else:
                hidden_res = view.resource_counts[seat] - len(hand)
                listed = Counter({offer_view.kind: offer_view.count}) if offer_view is not None else Counter()
                kinds = _hidden_kinds(res_left, hidden_res, gains[seat] - listed)
            if seat in held and hidden_act == 1:
                kinds.append(held[seat])
            else:
                kinds += [acts_left.pop() for _ in range(min(hidden_act, len(acts_left)))]
            for kind in kinds:
                hand.append(Card(next_id, kind))
                next_id += 1
        peeked = tuple(view.peeked) if seat == view.seat else ()
        stall = Stall(tuple(sorted(hand, key=sort_key)), contracts[seat], view.pin, offer, peeked)
        if seat != view.seat:  # a rival's pin: the bank a Normal trader pins (bots._pin), so it
            stall = stall.evolve(pin=bank_value(stall.tally(), view.market)[1])  # spends no wake-up on it
        stalls.append(stall)
    market = tuple(_fraction(view.market[k]) for k in RESOURCES)
    ids = [o.id for o in view.offers if o is not None] + [0]
    world_rng, rng = rng.fork(1), rng.fork(2)
    return State(
        rng=world_rng,
        seats=view.seats,
        round_seconds=view.deadline - view.round_start,
        summary_seconds=0.0,
        round_no=view.round_no,
        phase=Phase.TRADING,
        stalls=tuple(stalls),
        market=market,
        history=((view.clock, market),),
        round_start=view.round_start,
        deadline=view.deadline,
        set_aside=(),
        discards=(),
        trades=view.trades,
        audited=view.audited,
        totals=tuple(_fraction(t) for t in view.totals),
        summaries=(),
        lock_time=None,
        next_offer_id=max(ids) + 1,
        clock=view.clock,
    )


# Win odds once a round that is not the last has locked, fitted to play: per rounds still to play,
# (intercept, per point of lead over the best rival, per point of lead over the rivals' mean).
# Fitted to the Hard heuristics' and the search's own matches (how, and what was tried: docs/bots.md).
ODDS: dict[int, tuple[float, float, float]] = {2: (0.077, 0.0045, 0.020), 1: (0.417, 0.0212, 0.0123)}
FINAL_SCALE = 12.0  # points of lead per unit of log-odds once the match is over


def standing(state: State, seat: int) -> float:
    """How well `seat` stands once the round locked: its win odds from its lead over the best
    rival and over the rivals' mean (ODDS); after the last round, from its lead over half the best
    rival and half their mean (the mean is far less noisy over a few worlds)."""
    return odds_of([float(t) for t in state.totals], seat, state.round_no)


def odds_of(totals: Sequence[float], seat: int, round_no: int) -> float:
    """`standing` from the totals after round `round_no`."""
    mine = totals[seat]
    others = [t for s, t in enumerate(totals) if s != seat]
    best, mean = max(others), sum(others) / len(others)
    odds = ODDS.get(ROUNDS - round_no)
    if odds is None:
        z = (mine - (best + mean) / 2) / FINAL_SCALE
    else:
        a, b, c = odds
        z = a + b * (mine - best) + c * (mine - mean)
    return 1.0 / (1.0 + math.exp(-z))


# A seat's round score from where the round stands (`prospect`), a least-squares fit to seat-rounds
# of the Hard heuristics against Normal traders (docs/bots.md says how): intercept, per point of the
# score if the timer ran out now, per share of the round left, then per marker and per marker times
# the share left, the markers being the contract 1 card away (or exact), 2, 3; a slam 1 foreign card
# away, 2, 3; then per rival 1 card from its contract or slam.
PROSPECT = (13.14, 0.56, 34.65, (6.59, 4.33, 7.6, 31.29, 23.75, 11.85),
            (3.45, -2.63, -10.38, -43.61, -37.24, -19.43), -5.06)


def _distance(stall: Stall) -> tuple[int, int]:
    """Cards a seat still has to trade for its contract and for a slam (99: out of reach)."""
    counts = stall.tally()
    total = sum(counts.values())
    needs = NEEDS_BY_NAME[stall.contract]
    missing = sum(max(0, n - counts[k]) for k, n in needs.items()) if total == HAND_SIZE else 99
    foreign = total - max(counts.values()) if total >= SLAM_MIN else 99
    return missing, foreign


def prospect(state: State, seat: int, left: float, near: int) -> float:
    """`seat`'s expected round score with `left` of the round to play and `near` rivals close to
    locking (PROSPECT)."""
    base, per_now, per_left, marks, marks_left, per_near = PROSPECT
    now = float(score_stall(seat, state.stalls[seat], state.market, None, "timer").score)
    missing, foreign = _distance(state.stalls[seat])
    hits = (missing <= 1, missing == 2, missing == 3, foreign <= 1, foreign == 2, foreign == 3)
    value = base + per_now * now + per_left * left + per_near * near
    for hit, mark, mark_left in zip(hits, marks, marks_left, strict=True):
        if hit:
            value += mark + mark_left * left
    return value


def judge(state: State, seat: int) -> float:
    """`standing` of a round still open at the horizon: every seat's total plus its prospect."""
    left = max(0.0, state.deadline - state.clock) / state.round_seconds
    close = [min(_distance(stall)) <= 1 for stall in state.stalls]
    totals = [float(t) + prospect(state, s, left, sum(close) - close[s])
              for s, t in enumerate(state.totals)]
    return odds_of(totals, seat, state.round_no)


def rollout(state: State, seat: int, wakes: list[float], bots: Sequence[Any], horizon: float,
            judged: bool = False) -> State:
    """Play the round on from `state` with `bots` (one per seat) waking at `wakes`, on a simulated
    clock, until it locks or `horizon` seconds pass (then it is scored as if the timer ran out, or,
    `judged`, left open for `judge`)."""
    stop = min(state.deadline, state.clock + horizon)
    sight = Sight()
    idle = [bot.idle(state.seats) for bot in bots]  # each bot's chance to let a wake-up pass
    while state.phase is Phase.TRADING:
        who = wakes.index(min(wakes))  # the first seat on a tie, as min over the seats kept
        now = wakes[who]
        if now >= stop:
            if now >= state.deadline:
                state, _ = rounds.tick(state, state.deadline)
            elif judged:
                return state.evolve(clock=stop)
            else:
                state, _ = rounds.lock_round(state, None, "timer", now)
            break
        bot = bots[who]
        action, legal = _decide(bot, state, who, now, sight, idle[who])
        if action is not None:
            state = _applied(state, who, action, now, legal)
        wakes[who] = now + max(MIN_WAKE, bot.wake_after(None, now))
    return state


def _applied(state: State, seat: int, action: Any, now: float, legal: Sequence[Any] | None = None) -> State:
    """The state after `action`, or the same state when the rules refuse it: `apply` checks it, or,
    given `legal` (check.legal_actions at this state and `now`, which allows exactly what the check
    allows), membership does and the rules play it unchecked."""
    if legal is not None:
        return apply.play(state, seat, action, now)[0] if action in legal else state
    try:
        return apply.apply(state, seat, action, now)[0]
    except IllegalAction:
        return state


def _decide(bot: Any, state: State, seat: int, now: float, sight: Sight,
            idle: float) -> tuple[Any, list[Any] | None]:
    """`bot.choose` on the state itself, and the legal actions it chose from (None when it did not
    read them): the same steps and rng draws, but the seat's view is built only on the wake-ups it
    acts on (about 1 in 5), from the rollout's `sight`, which keeps a rollout cheap; `idle` is
    `bot.idle(state.seats)`, kept for the rollout."""
    noticed = bot.notice([s.offer for s in state.stalls], seat, now)
    if is_exact(state.stalls[seat]):
        return CashOut(), None
    if now - state.round_start < bot.params.read or bot._roll() < idle:
        return None, None
    legal = check.legal_actions(state, seat, now)
    return bot.act(sight.view(state, seat), legal, noticed, now), legal


def _rollout_bots(state: State, seat: int, now: float, seed: int, me: Callable[[int, int], Any],
                  since: dict[int, float]) -> list[Any]:
    """Normal bots for the rivals and `me(seat, seed)` for our seat, each having noticed the offers
    up for a second by now (a rival wakes every 1-2 s; a fresh one, such as a candidate's, it has
    yet to see) and its own offer up since it was first seen (an untaken one goes stale on time)."""
    from rules.swap_meet.bot.levels import TraderBot

    bots = []
    up = frozenset(s.offer.id for s in state.stalls
                   if s.offer is not None and since.get(s.offer.id, now) <= now - FRESH)
    for s in range(state.seats):
        bot = me(s, seed * 31 + s) if s == seat else TraderBot("normal", s, seed * 31 + s)
        bot.seen = up
        offer = state.stalls[s].offer
        if offer is not None:
            bot.listed = (offer.id, since.get(offer.id, now))
        bots.append(bot)
    return bots


World = tuple[State, int, list[float]]  # a sampled state, the rollout bots' seed, their first wake-ups


def evaluate(view: SeatView, candidates: Sequence[Any], now: float, rng: Rng,
             me: Callable[[int, int], Any], budget: Budget = BUDGET,
             worlds: Sequence[int] | None = None, belief: Belief | None = None) -> list[list[float]]:
    """Per candidate (None: wait), its standing after the round in each of the same worlds
    (world w is the same for every call with the same view, rng and belief: rules/search.py)."""
    sample_at, simulate = _hooks(view, now, me, budget, belief)
    return search.evaluate(view, candidates, sample_at, simulate,
                           range(budget.worlds) if worlds is None else worlds, rng)


def _hooks(view: SeatView, now: float, me: Callable[[int, int], Any], budget: Budget,
           belief: Belief | None) -> tuple[Callable[[SeatView, Rng], World], Callable[[World, Any], float]]:
    """The shared search's two hooks for one decision: a world from the seat's view, and a
    candidate's standing after the rest of the round rolled out in it."""
    assert view.seat is not None
    seat = view.seat
    since = dict(belief.since) if belief is not None else {}

    def sample_at(view: SeatView, world_rng: Rng) -> World:
        world = sample_world(view, world_rng, belief)
        seed, world_rng = world_rng.randint(0, 2**31)
        wakes = []
        for s in range(view.seats):
            u, world_rng = world_rng.random()
            wakes.append(now + (1.0 + u if s == seat else 2.0 * u))
        return world, seed, wakes

    def simulate(world: World, action: Any) -> float:
        state, seed, wakes = world
        if action is not None:
            state = _applied(state, seat, action, now)
        if state.phase is Phase.TRADING:
            bots = _rollout_bots(state, seat, now, seed, me, since)
            state = rollout(state, seat, list(wakes), bots, budget.horizon, budget.judged)
        return judge(state, seat) if state.phase is Phase.TRADING else standing(state, seat)

    return sample_at, simulate


def screened(view: SeatView, candidates: Sequence[Any], now: float, rng: Rng,
             me: Callable[[int, int], Any], budget: Budget = BUDGET, belief: Belief | None = None) -> int:
    """The index of the candidate to play (0 is the heuristic pick): every candidate is rolled
    out in the first `screen` worlds, then the best `finalists` of them by mean (the pick always
    kept) in the rest, so the close calls get the most worlds for the same work."""
    sample_at, simulate = _hooks(view, now, me, budget, belief)
    if budget.chunk:
        keep, values = search.raced(view, candidates, sample_at, simulate, rng,
                                    budget.screen, budget.worlds, budget.finalists, budget.chunk)
    else:
        keep, values = search.screened(view, candidates, sample_at, simulate, rng,
                                       budget.screen, budget.worlds, budget.finalists)
    return keep[best(values, bar(budget, belief))]


def bar(budget: Budget, belief: Belief | None) -> float:
    """Standard errors a candidate must beat the pick by: twice the budget's while the belief is
    doubtful (early in a round it knows little more than the deal rules, and poor worlds mislead)."""
    if belief is None or not belief.rivals:
        return budget.confidence
    sure = sum(map(inference.certainty, belief.rivals)) / len(belief.rivals)
    return budget.confidence * (2.0 if sure < budget.doubtful else 1.0)


def best(values: list[list[float]], confidence: float) -> int:
    """The candidate to play: the default (index 0) unless another beats it in the same worlds by
    `confidence` standard errors of the paired difference (a few worlds are noisy: two runs of
    16 worlds picked the same candidate only 4 times in 10, so a bare argmax mostly follows dice)."""
    return search.paired_best(values, confidence)
