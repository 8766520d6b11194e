"""Each bot level against the others, per game, for `market-hall bench --part strength`.

A level plays the first seat against the other level in every other seat: two seats where the
game allows it (who starts alternating where a match can say so), else four. Seeds are fixed
(`SEED` on), so a run on any machine plays the same matches; think times are process time (CPU)
of the first seat's decisions, so other work on the machine does not count against a bot.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules.contract import AnyGame
from rules.driver import play_match
from rules.registry import get_game

SEED = 60000  # first seed of every pairing (seeds the project's tuning runs never used)


def seats(game: AnyGame) -> int:
    """Two seats where the game allows it, else four."""
    return 2 if game.min_seats <= 2 else max(game.min_seats, min(game.max_seats, 4))


def pairings(game: AnyGame) -> list[tuple[str, str]]:
    """Every stronger level against every weaker one, weakest pairing first."""
    levels = list(game.bot_levels)
    return [(a, b) for i, a in enumerate(levels) for b in levels[:i]]


def pairing(game: AnyGame, level: str, vs: str, matches: int, seed: int = SEED) -> dict[str, Any]:
    """`level` in the first seat against `vs` everywhere else: its wins (a shared win split) and
    its CPU per decision."""
    n = seats(game)
    wins, thinks = 0.0, []
    for k in range(matches):
        options = {"first_seat": k % 2} if game.max_seats == 2 else None  # where the game takes the option
        played = play_match(game, seed + k, [level] + [vs] * (n - 1), options, timer=time.process_time)
        assert played.outcome is not None
        winners = played.outcome.winners
        wins += 1 / len(winners) if 0 in winners else 0.0
        thinks += played.think_by_seat.get(0, [])
    return {"level": level, "vs": vs, "seats": n, "matches": matches, "seeds": [seed, seed + matches - 1],
            "wins": round(wins, 2), "share": round(wins / matches, 3), "fair_share": round(1 / n, 3),
            "think_ms_median": round(statistics.median(thinks) * 1000, 2) if thinks else 0.0}


def strength(name: str, matches: int, seed: int = SEED) -> list[dict[str, Any]]:
    """Every pairing of one game's levels."""
    game = get_game(name)
    return [pairing(game, level, vs, matches, seed) for level, vs in pairings(game)]
