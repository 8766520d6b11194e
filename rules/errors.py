"""The ways a value can be refused, in the python-chess manner."""


class MalformedData(ValueError):
    """JSON data that is not the form of any value of the expected type (a view, an event)."""


class MalformedAction(MalformedData):
    """The action text or value is not an action of this game at all."""


class IllegalAction(ValueError):
    """The action is well formed but not allowed now; `reason` is for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadConfig(ValueError):
    """A match config no game could start: wrong seat count, an unknown or out-of-range option."""


class UnknownBotLevel(BadConfig):
    """A bot level the game does not have."""
