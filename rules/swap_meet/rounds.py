"""Dealing rounds, locking them and moving on: the round clock lives here."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from rules.contract import Event, MatchConfig
from rules.rng import Rng
from rules.swap_meet.data import (
    CONTRACTS,
    DEAL_MAX_OF_TYPE,
    DEAL_MIN_MISSING,
    HAND_SIZE,
    MULT_START,
    RELAXED_CLOCK,
    RESOURCES,
    ROUND_SECONDS,
    ROUNDS,
    SUMMARY_SECONDS,
    Contract,
    deck_kinds,
)
from rules.swap_meet.effects import sort_key
from rules.swap_meet.scoring import score_round, slam_kind
from rules.swap_meet.state import Card, Phase, RoundSummary, Stall, State


def new_match(seed: int, config: MatchConfig, now: float = 0.0) -> tuple[State, list[Event]]:
    """Round 1 dealt, its timer running from `now`, and its round_start event (config already checked)."""
    seats = len(config.seats)
    state = State(
        rng=Rng.seeded(seed),
        seats=seats,
        round_seconds=round_clock(config),
        summary_seconds=float(config.options.get("summary_seconds", SUMMARY_SECONDS)),
        round_no=0,
        phase=Phase.LOCKED,
        stalls=(),
        market=(),
        history=(),
        round_start=now,
        deadline=now,
        set_aside=(),
        discards=(),
        totals=tuple(Fraction(0) for _ in range(seats)),
        clock=now,
    )
    return start_round(state, now)


def relaxed(config: MatchConfig) -> bool:
    """True for a match of relaxed rounds (the "pace" option)."""
    return config.options.get("pace") == "relaxed"


def round_clock(config: MatchConfig) -> float:
    """Seconds a round runs: the table's timer, longer for relaxed rounds (nothing else in the rules
    changes with the pace, so the same moves at the same times score the same)."""
    seconds = float(config.options.get("round_seconds", ROUND_SECONDS))
    return seconds * RELAXED_CLOCK if relaxed(config) else seconds


def _missing(contract: Contract, hand: Counter[str]) -> int:
    """Cards a hand still has to trade in before it matches `contract`."""
    return sum(max(0, n - hand[kind]) for kind, n in contract.recipe)


def _pick_contracts(order: tuple[Contract, ...], hands: list[Counter[str]]) -> tuple[Contract, ...] | None:
    """Each seat in turn takes the first unused contract (shuffled order) it is far enough from."""
    picked: list[Contract] = []
    for hand in hands:
        fits = [c for c in order if c not in picked and _missing(c, hand) >= DEAL_MIN_MISSING]
        if not fits:
            return None
        picked.append(fits[0])
    return tuple(picked)


def _deal(rng: Rng, cards: tuple[Card, ...], seats: int) -> tuple[tuple[Card, ...], tuple[Contract, ...], Rng]:
    """Shuffle until no hand holds over DEAL_MAX_OF_TYPE of a type and every seat has a far contract."""
    while True:
        deck, rng = rng.shuffle(cards)
        hands = [Counter(c.kind for c in deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(seats)]
        if any(max(hand.values()) > DEAL_MAX_OF_TYPE for hand in hands):
            continue
        order, rng = rng.shuffle(CONTRACTS)
        contracts = _pick_contracts(order, hands)
        if contracts is not None:
            return deck, contracts, rng


def start_round(state: State, t: float) -> tuple[State, list[Event]]:
    """Deal the next round, its timer starting at `t`."""
    seats = state.seats
    cards = tuple(Card(i, kind) for i, kind in enumerate(deck_kinds(seats)))
    resources = tuple(c for c in cards if c.is_resource)
    deck, contracts, rng = _deal(state.rng, resources, seats)
    actions, rng = rng.shuffle(tuple(c for c in cards if not c.is_resource))
    stalls = tuple(
        Stall(hand=tuple(sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] + (actions[i],), key=sort_key)),
              contract=contracts[i].name)
        for i in range(seats)
    )
    market = tuple(MULT_START for _ in RESOURCES)
    new = state.evolve(
        rng=rng,
        round_no=state.round_no + 1,
        phase=Phase.TRADING,
        stalls=stalls,
        market=market,
        history=((t, market),),
        round_start=t,
        deadline=t + state.round_seconds,
        set_aside=deck[seats * HAND_SIZE :] + actions[seats:],
        discards=(),
        trades=(),
        audited=(),
        lock_time=None,
        clock=max(state.clock, t),
    )
    return new, [Event("round_start", None, {"round": new.round_no, "deadline": new.deadline})]


def lock_round(state: State, locker: int | None, how: str, t: float) -> tuple[State, list[Event]]:
    """Lock the round at `t`, score every stall, end the match after the last round."""
    stalls = tuple(s.evolve(offer=None) for s in state.stalls)
    scores = score_round(stalls, state.market, locker, how)
    summary = RoundSummary(state.round_no, how, locker, t, scores, state.history)
    totals = tuple(total + s.score for total, s in zip(state.totals, scores, strict=True))
    phase = Phase.FINISHED if state.round_no >= ROUNDS else Phase.LOCKED
    new = state.evolve(stalls=stalls, totals=totals, summaries=state.summaries + (summary,),
                       lock_time=t, phase=phase, clock=max(state.clock, t))
    data = {"round": state.round_no, "how": how, "time": t,
            "scores": [float(s.score) for s in scores], "totals": [float(x) for x in totals]}
    events = [Event("round_locked", locker, data)]
    if phase is Phase.FINISHED:
        events.append(Event("match_over", None, {"totals": [float(x) for x in totals]}))
    return new, events


def check_slam(state: State, actor: int, t: float) -> tuple[State, list[Event]]:
    """Lock on a slam if any hand became pure (the actor first, then clockwise)."""
    for step in range(state.seats):
        seat = (actor + step) % state.seats
        kind = slam_kind(state.stalls[seat])
        if kind is not None:
            new, events = lock_round(state, seat, "slam", t)
            return new, [Event("slam", seat, {"kind": kind})] + events
    return state, []


def tick(state: State, now: float) -> tuple[State, list[Event]]:
    """Lock at exactly the deadline; after a lock start the next round on schedule."""
    events: list[Event] = []
    while True:
        if state.phase is Phase.TRADING and now >= state.deadline:
            state, more = lock_round(state, None, "timer", state.deadline)
        elif state.phase is Phase.LOCKED and state.lock_time is not None \
                and now >= state.lock_time + state.summary_seconds:
            state, more = start_round(state, state.lock_time + state.summary_seconds)
        else:
            break
        events += more
    if now > state.clock and state.phase is not Phase.FINISHED:
        state = state.evolve(clock=now)
    return state, events
