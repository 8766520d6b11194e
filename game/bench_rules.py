"""Rules throughput and bot thinking time, for `market-hall bench` (no display involved).

Throughput: random playouts of whole matches (legal actions, a uniform random pick, apply) for a
fixed wall-clock budget per game. Bot thinking: the strongest level of each game decides in real
matches against the weakest; every decision of that seat is timed.
"""

from __future__ import annotations

import statistics
import time

from rules.driver import play_match, seat_config
from rules.registry import get_game
from rules.rng import Rng

PLAYERS = {"night-market": 2, "swap-meet": 4, "stamp-swap": 4}


def _random_match(game, seed: int) -> int:  # type: ignore[no-untyped-def]
    """One match of uniformly random legal moves; returns how many actions it took."""
    state, _ = game.new_match(seed, seat_config(["easy"] * PLAYERS[game.name]), now=0.0)
    rng, now, actions = Rng.seeded(seed), 0.0, 0
    while game.outcome(state) is None and actions < 50000:
        if game.realtime:
            step, rng = rng.random()
            now += 0.25 + step
            state, _ = game.tick(state, now)
            if game.outcome(state) is not None:
                break
        waiting = game.waiting(state)
        seat, rng = rng.choice(waiting)
        legal = game.legal_actions(state, seat, now)
        if not legal:
            continue
        action, rng = rng.choice(legal)
        state, _ = game.apply(state, seat, action, now)
        actions += 1
    return actions


def throughput(name: str, budget: float = 2.0) -> dict[str, float]:
    """Random whole matches per second (and actions per second) within `budget` seconds."""
    game = get_game(name)
    t0, matches, actions, seed = time.perf_counter(), 0, 0, 1
    while time.perf_counter() - t0 < budget:
        n = _random_match(game, seed)
        matches, actions, seed = matches + 1, actions + n, seed + 1
    spent = time.perf_counter() - t0
    return {"matches_per_s": round(matches / spent, 2), "actions_per_s": round(actions / spent, 1)}


def thinking(name: str, decisions: int = 60) -> dict[str, object]:
    """Think time of the strongest bot level (first seat) against the weakest."""
    game = get_game(name)
    levels = [game.bot_levels[-1]] + [game.bot_levels[0]] * (PLAYERS[name] - 1)
    samples: list[float] = []
    seed = 1
    while len(samples) < decisions:
        samples += play_match(game, seed, levels, timer=time.perf_counter).think_by_seat.get(0, [])
        seed += 1
    ordered = sorted(samples)
    return {"level": levels[0], "decisions": len(ordered),
            "median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 3)}
