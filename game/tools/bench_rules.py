"""Rules throughput and bot thinking time, for `market-hall bench` (no display involved).

Throughput: random playouts of whole matches (legal actions, a uniform random pick, apply), the
same seeds in each of several runs, reported as the median rate. Bot thinking: the strongest level
of each game decides in real matches against the weakest; every decision of that seat is timed
by process time (CPU), so other work on the machine does not count against the bot.
"""

from __future__ import annotations

import statistics
import time

from rules.contract import AnyGame
from rules.driver import play_match, seat_config
from rules.registry import get_game
from rules.rng import Rng


def players(game: AnyGame) -> int:
    """Seats in a benched match: up to four, within what the game accepts."""
    return max(game.min_seats, min(game.max_seats, 4))


def _random_match(game, seed: int) -> int:  # type: ignore[no-untyped-def]
    """One match of uniformly random legal moves; returns how many actions it took."""
    state, _ = game.new_match(seed, seat_config(["easy"] * players(game)), now=0.0)
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


# Whole random matches per timed run (fewer for real-time games, whose matches run longer); the
# same seeds every run, so runs (and branches) compare like with like.
MATCHES, REALTIME_MATCHES = 40, 20
RUNS = 5


def _timed_run(game, matches: int) -> tuple[int, float, float]:  # type: ignore[no-untyped-def]
    """Seeds 1..matches played once: (actions, process CPU seconds, wall seconds)."""
    cpu0, wall0, actions = time.process_time(), time.perf_counter(), 0
    for seed in range(1, matches + 1):
        actions += _random_match(game, seed)
    return actions, time.process_time() - cpu0, time.perf_counter() - wall0


def throughput(name: str, runs: int = RUNS) -> dict[str, object]:
    """Actions/s and matches/s of random whole matches, medians over `runs` identical runs.

    Rates use this process's CPU time: on a shared machine wall-clock rates swing with other
    people's work (the wall median is reported beside it).
    """
    game = get_game(name)
    matches = REALTIME_MATCHES if game.realtime else MATCHES
    _timed_run(game, matches)  # untimed warm-up: imports and the rules' lazily built tables
    actions, cpu, wall = zip(*(_timed_run(game, matches) for _ in range(runs)), strict=True)
    rates = sorted(actions[0] / t for t in cpu)
    return {
        "matches": matches,
        "actions": actions[0],
        "runs": runs,
        "actions_per_s": round(statistics.median(rates), 1),
        "matches_per_s": round(matches / statistics.median(cpu), 2),
        "actions_per_s_wall": round(actions[0] / statistics.median(wall), 1),
        "actions_per_s_range": [round(rates[0], 1), round(rates[-1], 1)],
    }


def thinking(name: str, decisions: int = 60) -> dict[str, object]:
    """CPU think time of the strongest bot level (first seat) against the weakest."""
    game = get_game(name)
    levels = [game.bot_levels[-1]] + [game.bot_levels[0]] * (players(game) - 1)
    samples: list[float] = []
    seed = 1
    while len(samples) < decisions:
        samples += play_match(game, seed, levels, timer=time.process_time).think_by_seat.get(0, [])
        seed += 1
    ordered = sorted(samples)
    return {"level": levels[0], "decisions": len(ordered), "clock": "process",
            "median_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95)] * 1000, 3),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 3)}
