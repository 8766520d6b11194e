"""Sentences that several screens and the command line word the same way."""

from __future__ import annotations

from rules.contract import Game


def seats_phrase(game: Game) -> str:
    """How many players a game takes: "Night Market is for 2 players", "Swap Meet is for 3–6 players"."""
    lo, hi = game.min_seats, game.max_seats
    count = str(lo) if lo == hi else f"{lo}–{hi}"
    return f"{game.title} is for {count} {'player' if hi == 1 else 'players'}"
