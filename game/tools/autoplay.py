"""`market-hall autoplay`: bots play whole matches headless and print JSON lines."""

from __future__ import annotations

import json
import statistics
import sys
import time

from game.tools.progress import progress
from rules.contract import AnyGame
from rules.driver import play_match, seat_config
from rules.errors import BadConfig
from rules.registry import GameUnavailable, get_game
from rules.sharecode import encode


def autoplay_seats(game_name: str, seed: int, players: int | None, bot: str,
                   vs: str) -> tuple[AnyGame, list[str]] | str:
    """The game and each seat's bot level, or why they make no match (in the rules' own words)."""
    try:
        game = get_game(game_name)
    except GameUnavailable as exc:
        return str(exc)
    levels = [bot] + [vs] * ((players or game.min_seats) - 1)
    try:  # the rules word a wrong seat count or an unknown level the same way for every game
        game.new_match(seed, seat_config(levels))
    except BadConfig as exc:
        return str(exc)
    return game, levels


def _quantiles(samples: list[float]) -> dict[str, float]:
    """Median, p95 and p99 in milliseconds."""
    if not samples:
        return {"median": 0.0, "p95": 0.0, "p99": 0.0}
    ordered = sorted(samples)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 3)

    return {"median": round(statistics.median(ordered) * 1000, 3), "p95": pick(0.95), "p99": pick(0.99)}


def run_autoplay(game_name: str, seed: int, matches: int, players: int | None, bot: str, vs: str,
                 codes: bool = False) -> int:
    """Play `matches` matches (match k uses seed+k); one JSON line each (`codes`: with its share
    code), then a summary line."""
    seats = autoplay_seats(game_name, seed, players, bot, vs)
    if isinstance(seats, str):
        print(json.dumps({"error": seats}))
        return 2
    game, levels = seats
    n = len(levels)
    wins = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    thinks: list[float] = []
    first_thinks: list[float] = []  # the first seat's bot alone (its level is --bot)
    for k in range(matches):
        # two-seat games alternate who starts, so neither level always moves first
        options = {"first_seat": k % 2} if game.max_seats == 2 else None
        record = play_match(game, seed + k, levels, options, timer=time.perf_counter)
        line = record.summary()
        if codes:
            line["code"] = encode(record.record)
        print(json.dumps(line), flush=True)
        progress(f"autoplay {game_name}: match {k + 1} of {matches} played")
        assert record.outcome is not None
        for w in record.outcome.winners:
            wins[w] += 1 / len(record.outcome.winners)
        for s in range(n):
            scores[s].append(record.outcome.scores[s])
        thinks += record.think_seconds
        first_thinks += record.think_by_seat.get(0, [])
    summary = {
        "summary": True, "game": game_name, "matches": matches, "players": n, "levels": levels,
        "seeds": [seed, seed + matches - 1],
        "wins": [round(w, 2) for w in wins],
        "mean_scores": [round(statistics.fmean(s), 2) if s else 0 for s in scores],
        "think_ms_all": _quantiles(thinks),
        "think_ms_first_seat": _quantiles(first_thinks),
    }
    print(json.dumps(summary))
    sys.stdout.flush()
    return 0
