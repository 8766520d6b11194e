"""Which table scene plays which game, and the options its seat setup offers.

Table modules are imported lazily: the title shows a game as playable only when both its rules
and its table scene import cleanly.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

TABLES = {
    "night-market": ("game.scenes.night_market", "NightMarketScene"),
    "swap-meet": ("game.scenes.swap_meet", "SwapMeetScene"),
    "stamp-swap": ("game.scenes.stamp_swap", "StampSwapScene"),
}

# A game that brings its own setup scene (a lobby) instead of the generic seat setup.
SETUP = {"swap-meet": ("game.scenes.swap_meet_lobby", "SwapMeetLobby")}

TAGLINES = {
    "night-market": "2 merchants · first to 2 seals",
    "swap-meet": "3–6 traders · real time · 3 rounds",
    "stamp-swap": "2–5 collectors · three days",
}


@dataclass(frozen=True)
class SetupOption:
    """One game option on the seat-setup screen (a value chosen from a list)."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any
    unit: str = ""


OPTIONS: dict[str, tuple[SetupOption, ...]] = {
    "swap-meet": (SetupOption("round_seconds", "Round timer", (60, 75, 90, 105, 120, 150, 180), 90, " s"),),
}


def table_class(name: str) -> type | None:
    """The table scene class for a game, or None while it is not built."""
    entry = TABLES.get(name)
    if entry is None:
        return None
    module_name, cls_name = entry
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, cls_name, None)


def setup_scene(app: Any, game: str) -> Any:
    """The scene where a new match of `game` is set up: its own lobby, else the seat setup."""
    entry = SETUP.get(game)
    if entry is not None:
        module_name, cls_name = entry
        return getattr(importlib.import_module(module_name), cls_name)(app)
    from game.scenes.seat_setup import SeatSetupScene

    return SeatSetupScene(app, game)
