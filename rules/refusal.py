"""Refusals as values: a code and named parameters, never a sentence (STYLE.md: python-chess's typed
errors, boardgame.io's INVALID_MOVE).

The rules say *why* a move is not allowed as data; the client words it from its own catalogue
(game/text/), in the player's language. Every code is declared once with the names of its
parameters (`declare`), so the catalogue can be checked against the full list (`DECLARED`), and a
refusal built with other parameters than its declaration fails at once rather than on a screen.
A refusal's JSON form (`to_json`/`from_json`) is what the relay sends in its `refused` message.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.errors import MalformedData

Param = int | str
DECLARED: dict[str, frozenset[str]] = {}  # every code the rules (and the relay) can refuse with -> its parameters


@dataclass(frozen=True, eq=True)
class Refusal:
    """Why something is not allowed: `code` (dotted, e.g. "night-market.hand_full") and `params`
    (numbers and identifiers such as a card kind or a player's name; never words for the player)."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items()))))

    def __str__(self) -> str:  # for logs only: a player reads the catalogue's wording
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.code}({args})"

    def to_json(self) -> dict[str, Any]:
        """{"code": ..., "params": {...}}."""
        return {"code": self.code, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Any) -> Refusal:
        """Inverse of to_json; MalformedData on anything else (an unknown code is still a refusal:
        the client words it with its fallback)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("code"), str):
            raise MalformedData("a refusal is {code, params}")
        params = data.get("params", {})
        if not isinstance(params, Mapping) or not all(
                isinstance(k, str) and type(v) in (int, str) for k, v in params.items()):
            raise MalformedData("a refusal's params are names with numbers or text")
        return cls(data["code"], dict(params))


class Code:
    """A declared refusal code; calling it with exactly its parameters gives the `Refusal`."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, *params: str) -> None:
        if code in DECLARED and DECLARED[code] != frozenset(params):
            raise ValueError(f"refusal {code} declared twice with different parameters")
        self.code, self.params = code, frozenset(params)
        DECLARED[code] = self.params

    def __call__(self, **params: Param) -> Refusal:
        if params.keys() != self.params:
            raise TypeError(f"refusal {self.code} takes {sorted(self.params)}, not {sorted(params)}")
        return Refusal(self.code, params)


def declare(code: str, *params: str) -> Code:
    """Declare a refusal code with the names of its parameters."""
    return Code(code, *params)


# Codes every game shares: one spelling of "the match is over" everywhere.
MATCH_OVER = declare("match_over")
NO_SUCH_SEAT = declare("no_such_seat")
NOT_A_MOVE = declare("not_a_move")  # not an action of this game at all
