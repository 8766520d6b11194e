"""`why_not(view, action, now)` answers exactly as `check(state, seat, action, now)`, from the view alone.

Random playouts of every registered game; at every step, for every seat, every legal action and a
set of illegal probes (wrong kinds, gone offers and items, other seats' cards, bad counts, foreign
actions) get the same answer from the seat's view as from the full state. A spectator's view
refuses everything. Every refusal is a declared code with exactly its declared parameters
(rules/refusal.py), so the client's catalogue can word it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from test_stamp_swap_helpers import PLAIN, RARE, prep_state

from rules.contract import AnyGame
from rules.driver import seat_config
from rules.night_market import actions as nm
from rules.night_market.data import CARD_COUNT
from rules.night_market.scenario import place
from rules.refusal import DECLARED, NOT_A_MOVE, Refusal
from rules.registry import GAME_MODULES, get_game
from rules.rng import Rng
from rules.stamp_swap import actions as ss
from rules.swap_meet import actions as sm
from rules.swap_meet.check import NOBODY_HOLDS
from rules.swap_meet.data import ACTION_CARDS, RESOURCES
from rules.swap_meet.scenario import scenario

SEATS = {"night-market": 2, "swap-meet": 4, "stamp-swap": 3}
OPTIONS = {"swap-meet": {"round_seconds": 60, "summary_seconds": 3}}
SEEDS = (1, 2)
# the playouts compare every state of Night Market, every 2nd of Stamp Swap and every 3rd of Swap Meet:
# their matches run to hundreds of states of alike positions, and CI's time is shared by the suite
STRIDE = {"night-market": 1, "stamp-swap": 2, "swap-meet": 3}


class Foreign:
    """An action no game knows."""


def _night_market(state: Any, seat: int, rng: Rng) -> Iterator[Any]:
    hand = state.hands[seat]
    other = state.hands[1 - seat]
    market = state.market
    yield from (nm.Take(c) for c in range(-1, CARD_COUNT + 1))
    yield nm.TakePorters()
    yield from (nm.Sell(cards) for cards in [(), hand, hand[:1], hand[:2], other[:2], (hand[:1] * 2)])
    yield from (nm.Exchange(market[:n], hand[:g], p) for n in (1, 2, 3) for g in (0, 1, 2) for p in (-1, 0, 1, 5))
    yield nm.Exchange(market[:2] * 2, hand[:2])
    yield nm.Exchange(other[:2], hand[:2])


def _swap_meet(state: Any, seat: int, rng: Rng) -> Iterator[Any]:
    kinds = (*RESOURCES, "gold")
    yield from (sm.OpenOffer(k, n) for k in kinds for n in range(-1, 5))
    yield from (sm.Crash(k) for k in kinds)
    yield from (sm.PinBank(k) for k in kinds)
    yield from (sm.Peek(t) for t in range(-1, state.seats + 1))
    yield from (sm.Pull(), sm.CashOut(), sm.TaxAudit(), sm.HostileTakeover(), sm.NextRound())
    ids = {s.offer.id for s in state.stalls if s.offer} | {-1, state.next_offer_id, state.next_offer_id - 1}
    for target in range(-1, state.seats + 1):
        yield from (sm.Swap(target, k, i) for k in kinds for i in ids)


def _stamp_swap(state: Any, seat: int, rng: Rng) -> Iterator[Any]:
    s = state.seats[seat]
    others = [x for i, x in enumerate(state.seats) if i != seat]
    keys = {*state.pool, *s.dc, *s.pending, "nope", *(k for o in others for k in (*o.dc, *o.pending))}
    yield from (ss.Take(k) for k in keys)
    yield ss.TakeToken()
    dc = s.dc
    for reserve in (None, *dc, "nope"):
        rest = tuple(k for k in dc if k != reserve)
        yield from (ss.Prepare(reserve, rest[:n], rest[n:]) for n in range(0, len(rest) + 1))
    yield ss.Prepare(dc[0] if dc else None, dc[1:2], dc[1:])
    yield from (ss.TakePile(o, p) for o in range(-1, state.players + 1) for p in (-1, 0, 1, 2))
    for key in (*s.pending, "nope", *(o.pending[0] for o in others if o.pending)):
        yield from (ss.Place(key, r, c) for r in range(-1, 5) for c in (-1, 0, 2, 4, 5))
    yield from (ss.ChooseContest(c) for c in (*state.contests, state.finale, "nope"))


PROBES: dict[str, Callable[[Any, int, Rng], Iterator[Any]]] = {
    "night-market": _night_market,
    "swap-meet": _swap_meet,
    "stamp-swap": _stamp_swap,
}


def _agree(game: AnyGame, state: Any, now: float, rng: Rng, seats: int | None = None) -> int:
    """Compare why_not with check for every seat; return how many actions were compared."""
    compared = 0
    for seat in range(seats or SEATS[game.name]):
        view = game.view(state, seat)
        actions = [*game.legal_actions(state, seat, now), *PROBES[game.name](state, seat, rng), Foreign()]
        times = (now, now + 1000.0) if game.realtime else (now,)  # turn-based games ignore `now`
        for action in actions:
            for t in times:
                refusal = game.check(state, seat, action, t)
                assert game.why_not(view, action, t) == refusal, (seat, action, t)
                assert refusal is None or _declared(refusal), refusal
                compared += 1
    spectator = game.view(state, None)
    for action in PROBES[game.name](state, 0, rng):
        assert game.why_not(spectator, action, now) is not None
    return compared


def _declared(refusal: Refusal) -> bool:
    return isinstance(refusal, Refusal) and DECLARED.get(refusal.code) == refusal.params.keys()


def _playout(game: AnyGame, seed: int) -> Iterator[tuple[Any, float]]:
    """Every state of a uniformly random match, with the match clock."""
    config = seat_config(["easy"] * SEATS[game.name])
    if game.name in OPTIONS:
        config = type(config)(config.seats, OPTIONS[game.name])
    state, _ = game.new_match(seed, config)
    rng, now = Rng.seeded(seed), 0.0
    while game.outcome(state) is None:
        yield state, now
        if game.realtime:
            step, rng = rng.random()
            now += 3 * step
            state, _ = game.tick(state, now)
            if game.outcome(state) is not None:
                break
        seat, rng = rng.choice(game.waiting(state))
        legal = game.legal_actions(state, seat, now)
        if legal:
            action, rng = rng.choice(legal)
            state, _ = game.apply(state, seat, action, now)
    yield state, now


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_why_not_from_the_view_matches_check_from_the_state(name: str, seed: int) -> None:
    game = get_game(name)
    rng = Rng.seeded(seed)
    steps = compared = 0
    for n, (state, now) in enumerate(_playout(game, seed)):
        if n % STRIDE[name] == 0:
            compared += _agree(game, state, now, rng)
            steps += 1
    assert steps > 10 and compared > 100 * steps


@pytest.mark.parametrize("name", list(GAME_MODULES))
def test_why_not_refuses_a_foreign_action_as_not_a_move(name: str) -> None:
    game = get_game(name)
    state, _ = game.new_match(1, seat_config(["easy"] * SEATS[name]))
    seat = game.waiting(state)[0]
    refusal = game.why_not(game.view(state, seat), Foreign())
    assert refusal == NOT_A_MOVE() == game.check(state, seat, Foreign())


def test_why_not_agrees_on_night_market_positions_playouts_rarely_reach() -> None:
    game = get_game("night-market")
    full = place(["porter", "silk", "jade", "pearl", "porter"], (["silk"] * 7, ["jade", "jade"]), porters=(2, 0))
    no_porters = place(["silk", "jade", "pearl", "amber", "spice"], (["pearl", "amber"], []), turn=1)
    for state in (full, no_porters):
        assert _agree(game, state, 0.0, Rng.seeded(1)) > 100


def test_why_not_agrees_on_swap_meet_exact_hands_action_cards_and_empty_rivals() -> None:
    game = get_game("swap-meet")
    cards = dict.fromkeys(ACTION_CARDS, 1)
    dock = ["Dockside Haul", "Full Market", "Full Market"]
    exact = scenario([{"crate": 5, "sack": 3, **cards, "inside_trading": 2}, {}, {"coin": 2}], contracts=dock)
    exact, _ = game.apply(exact, 2, sm.OpenOffer("coin", 2), 1.0)
    exact, _ = game.apply(exact, 0, sm.Peek(1), 2.0)
    empty = scenario([{"crate": 8, **cards}, {}, {}])
    assert game.check(exact, 0, sm.CashOut(), 3.0) is None
    assert game.check(empty, 0, sm.HostileTakeover(), 3.0) == NOBODY_HOLDS()
    for state in (exact, empty):
        assert _agree(game, state, 3.0, Rng.seeded(1), seats=3) > 100


def test_why_not_agrees_on_stamp_swap_rare_reserves() -> None:
    game = get_game("stamp-swap")
    all_rare, one_rare = RARE[:6], (RARE[0], *PLAIN[:5])
    quiet = prep_state(2, 0, [all_rare, one_rare])
    open_reserve = replace(prep_state(2, 0, [one_rare, all_rare]), splay=("ev-open", "ev-quiet"))
    assert game.check(quiet, 0, ss.Prepare(None, all_rare[:3], all_rare[3:])) is None
    assert game.check(open_reserve, 0, ss.Prepare(RARE[0], PLAIN[:2], PLAIN[2:5])) is None
    for state in (quiet, open_reserve):
        assert _agree(game, state, 0.0, Rng.seeded(1), seats=2) > 50
