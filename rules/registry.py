"""Look up a game module's GAME object by its command-line name, importing lazily."""

from __future__ import annotations

import importlib
from typing import cast

from rules.contract import AnyGame

GAME_MODULES = {
    "night-market": "rules.night_market",
    "swap-meet": "rules.swap_meet",
    "stamp-swap": "rules.stamp_swap",
}


class GameUnavailable(LookupError):
    """The named game is unknown or its rules are not built yet."""


def get_game(name: str) -> AnyGame:
    """The GAME object for `name` ("night-market", "swap-meet", "stamp-swap")."""
    module_name = GAME_MODULES.get(name)
    if module_name is None:
        raise GameUnavailable(f"unknown game {name!r}; choose one of {', '.join(GAME_MODULES)}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise GameUnavailable(f"{name} is not available yet") from exc
        raise
    return cast(AnyGame, module.GAME)
