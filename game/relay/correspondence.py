"""Correspondence rooms: days per move, the move clock, and the status a device asks for.

A correspondence room is a turn-based room (Night Market, Stamp Swap) whose players need not be
online together. The relay stamps a move clock for every person seat the rules wait for: it starts
when the seat becomes one to move (or moves and is still to move) and runs `days` calendar days.
In Stamp Swap's simultaneous steps every collector who still has to choose has a clock running at
once, and the day goes on when the last of them has chosen. A late seat may still move; once its
clock has run out the others may hand it to a bot, or, when every other person is late, claim the
match (rooms.py). Clocks read the relay's calendar clock (`ServerConfig.wall`), so they outlive a
restart; they travel as seconds left, never as instants.
"""

from __future__ import annotations

from typing import Any

from game.relay.protocol import digest

DAY = 86400.0
GRACE_DAYS = 7  # a finished (or never started) correspondence room stays this long, then goes


def left(clocks: dict[int, float], days: int, wall: float) -> dict[int, float]:
    """Seconds left on each running move clock (negative: late)."""
    return {seat: started + days * DAY - wall for seat, started in clocks.items()}


def clocks_json(clocks: dict[int, float]) -> dict[str, float]:
    return {str(seat): started for seat, started in sorted(clocks.items())}


def clocks_from_json(raw: Any) -> dict[int, float]:
    return {int(seat): float(started) for seat, started in (raw or {}).items()}


def stale(record: dict[str, Any], wall: float) -> bool:
    """True when a stored correspondence room may go: its match ended (or it never started) over
    `GRACE_DAYS` ago. A match being played never goes: nobody has to be online."""
    if record.get("lobby", {}).get("phase") == "playing":
        return False
    since = record.get("ended") or record.get("active") or 0.0
    return wall - float(since) >= GRACE_DAYS * DAY


def status(record: dict[str, Any], token: str, wall: float) -> dict[str, Any] | None:
    """How a stored room stands for the seat holding `token` (None: no such seat), from its record
    alone (no replay): names, whose move, seconds left on each clock, the outcome once over."""
    seats = record["lobby"]["seats"]
    key = digest(token)
    seat = next((i for i, s in enumerate(seats) if s.get("token") == key and s.get("bot") is None), None)
    if seat is None:
        return None
    days = record.get("days")
    running = left(clocks_from_json(record.get("clocks")), int(days), wall) if days else {}
    return {"room": record["code"], "game": record["lobby"]["game"], "seat": seat, "days": days,
            "phase": record["lobby"]["phase"], "names": [s["name"] for s in seats],
            "bots": [s.get("bot") is not None for s in seats],
            "to_move": sorted(running), "left": {str(s): round(v) for s, v in running.items()},
            "outcome": record.get("outcome")}

