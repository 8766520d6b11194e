"""Config checks every game's `new_match` and `make_bot` share, so they refuse the same way.

They read only the GAME object's public fields (title, seat range, bot levels), so a game's own
modules need no checks of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from rules.contract import MatchConfig
from rules.errors import BadConfig, UnknownBotLevel


class Described(Protocol):
    """The few GAME fields the checks word their messages with (read only)."""

    @property
    def title(self) -> str: ...

    @property
    def min_seats(self) -> int: ...

    @property
    def max_seats(self) -> int: ...

    @property
    def bot_levels(self) -> tuple[str, ...]: ...


def _choices(words: tuple[str, ...]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def require_level(game: Described, level: str) -> None:
    """Raise UnknownBotLevel unless `level` is one of the game's bot levels."""
    if level not in game.bot_levels:
        raise UnknownBotLevel(f"{game.title} has no bot level {level!r}; choose {_choices(game.bot_levels)}")


def _require_seats(game: Described, count: int) -> None:
    if game.min_seats <= count <= game.max_seats:
        return
    span = f"{game.min_seats}" if game.min_seats == game.max_seats else f"{game.min_seats} to {game.max_seats}"
    raise BadConfig(f"{game.title} is for {span} players, not {count}")


OptionCheck = Callable[[Any], "str | None"]


def number_between(low: float, high: float) -> OptionCheck:
    """An option check: a plain number from `low` to `high` (a reason when it is not)."""

    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            return f"must be a number from {low:g} to {high:g}, not {value!r}"
        return None

    return check


def one_of(*allowed: Any) -> OptionCheck:
    """An option check: exactly one of `allowed`, of the same type (True is not 1, 1.0 is not 1)."""

    def check(value: Any) -> str | None:
        if not any(type(value) is type(a) and value == a for a in allowed):
            return f"must be {_choices(tuple(map(str, allowed)))}, not {value!r}"
        return None

    return check


def require_config(game: Described, config: MatchConfig, options: Mapping[str, OptionCheck]) -> None:
    """Raise BadConfig for a wrong seat count or option, UnknownBotLevel for a seat's unknown level."""
    _require_seats(game, len(config.seats))
    for seat in config.seats:
        if seat.bot is not None:
            require_level(game, seat.bot)
    for key, value in config.options.items():
        check = options.get(key)
        if check is None:
            raise BadConfig(f"{game.title} has no option {key!r}")
        reason = check(value)
        if reason is not None:
            raise BadConfig(f"{game.title} option {key} {reason}")
