"""The Hard Rival's fast rollout (search.rollout: sight.Sight's views, apply.play unchecked for a
legal move, the shared legal actions) plays the same rounds, move for move, as the plain way: each
bot choosing from its own full view and the rules' checked apply."""

from __future__ import annotations

import contextlib

from test_swap_meet_rival import _mid_round

from rules.errors import IllegalAction
from rules.referee import MIN_WAKE
from rules.rng import Rng
from rules.swap_meet import GAME, apply, rounds
from rules.swap_meet.bot.levels import LEVELS, _plan, plan
from rules.swap_meet.bot.rival import _rollout_self
from rules.swap_meet.bot.search import _rollout_bots, rollout, sample_world
from rules.swap_meet.bot.sight import Sight
from rules.swap_meet.state import Phase, State
from rules.swap_meet.view import view as seat_view


def _plain_rollout(state: State, wakes: list[float], bots: list, horizon: float, sight: Sight) -> State:
    """`search.rollout` the plain way, checking on every wake-up that the fast view of each seat
    is the seat's own view (with the market now as its history)."""
    stop = min(state.deadline, state.clock + horizon)
    while state.phase is Phase.TRADING:
        who = wakes.index(min(wakes))
        now = wakes[who]
        if now >= stop:
            if now >= state.deadline:
                return rounds.tick(state, state.deadline)[0]
            return rounds.lock_round(state, None, "timer", now)[0]
        short = state.evolve(history=state.history[-1:])
        for seat in range(state.seats):
            assert sight.view(state, seat) == seat_view(short, seat)
        action = bots[who].choose(seat_view(state, who), GAME.legal_actions(state, who, now), now)
        if action is not None:
            with contextlib.suppress(IllegalAction):  # refused: the state stays
                state = apply.apply(state, who, action, now)[0]
        wakes[who] = now + max(MIN_WAKE, bots[who].wake_after(None, now))
    return state


def test_a_fast_rollout_is_the_plain_rollout_move_for_move():
    state, now = _mid_round()
    view = GAME.view(state, 0)
    for salt in range(3):
        world = sample_world(view, Rng.seeded(salt))
        since = {s.offer.id: now - 2.0 for s in world.stalls if s.offer is not None}
        wakes = [now + 0.3 * s for s in range(4)]
        fast = rollout(world, 0, list(wakes), _rollout_bots(world, 0, now, salt, _rollout_self, since), 90.0)
        plain = _plain_rollout(world, list(wakes), _rollout_bots(world, 0, now, salt, _rollout_self, since),
                               90.0, Sight())
        assert fast == plain  # the whole state: hands, market history, trades, totals, rng
        assert fast.phase is not Phase.TRADING


def test_a_short_horizon_ends_the_same_way_on_both_paths():
    state, now = _mid_round(seed=22, actions=40)
    world = sample_world(GAME.view(state, 0), Rng.seeded(9))
    wakes = [now + 0.5 * s for s in range(4)]
    fast = rollout(world, 0, list(wakes), _rollout_bots(world, 0, now, 9, _rollout_self, {}), 20.0)
    plain = _plain_rollout(world, list(wakes), _rollout_bots(world, 0, now, 9, _rollout_self, {}), 20.0, Sight())
    assert fast == plain
    assert fast.summaries[-1].lock_time <= now + 20.0 + 2.0


def test_plans_kept_for_a_view_are_its_own_level_and_hand():
    state, _ = _mid_round()
    view = GAME.view(state, 0)
    counts = view.counts()
    pile = dict.fromkeys(counts, 0) | {"crate": sum(counts.values())}  # one type: a slam plan
    for level in (LEVELS["normal"], LEVELS["hard"], LEVELS["easy"], LEVELS["normal"]):
        for hand in (counts, pile, counts):
            assert plan(hand, view, level) == _plan(hand, view, level)
    assert plan(pile, view, LEVELS["hard"])[1] == "slam"
