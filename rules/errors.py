"""The ways a value can be refused, in the python-chess manner."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.refusal import Refusal


class MalformedData(ValueError):
    """JSON data that is not the form of any value of the expected type (a view, an event)."""


class MalformedAction(MalformedData):
    """The action text or value is not an action of this game at all."""


class IllegalAction(ValueError):
    """The action is well formed but not allowed now; `refusal` says why as a code with parameters
    (rules/refusal.py), which the client words in the player's language."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


class BadConfig(ValueError):
    """A match config no game could start: wrong seat count, an unknown or out-of-range option."""


class UnknownBotLevel(BadConfig):
    """A bot level the game does not have."""
