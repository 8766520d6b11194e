"""What each game does online when a seat is away, and which moves are the host's.

Data, not code paths: a fourth game gets online play by adding a row. Actions are named by their
JSON "type" so nothing here imports a game's internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.contract import Outcome


@dataclass(frozen=True)
class Policy:
    """Away handling and host privileges for one game."""

    host_only: frozenset[str] = frozenset()  # action types only the host may send
    withdraw: tuple[dict[str, Any], ...] = ()  # actions applied for a seat the moment it drops
    replace_grace: float = 0.0  # seconds away before its seat may be handed to a bot
    anyone_may_replace: bool = False  # False: only the host hands a seat over
    claimable: bool = False  # the one left may claim the match after the grace
    stand_in_after: float | None = None  # seconds an away seat may hold a step before a bot decides
    stand_in_level: str = "normal"


POLICIES: dict[str, Policy] = {
    # The friend takes the Rival's seat: the one who stays waits, then chooses bot or claim.
    "night-market": Policy(replace_grace=60.0, anyone_may_replace=True, claimable=True),
    # Swap Meet's own words: "Next round — after the round locks (online host / local auto)";
    # an away trader's offer must not be swapped into while nobody is there to see it.
    "swap-meet": Policy(host_only=frozenset({"next_round"}), withdraw=({"type": "pull"},)),
    # Simultaneous steps cannot wait forever for one collector: a bot decides the step for them.
    "stamp-swap": Policy(stand_in_after=30.0),
}

DEFAULT_POLICY = Policy()


def policy_for(game: str) -> Policy:
    """The game's online policy (a game with no row waits for away seats and never stands in)."""
    return POLICIES.get(game, DEFAULT_POLICY)


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome as JSON (winners, scores, reason value, detail code and its params)."""
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "scores": list(outcome.scores),
            "reason": outcome.reason.value, "detail": outcome.detail, "params": dict(outcome.params)}
