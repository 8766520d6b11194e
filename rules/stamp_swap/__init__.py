"""Stamp Swap: collect, swap and show stamps over three days, then the Final Show."""

from typing import Any

from rules.contract import Game
from rules.stamp_swap.actions import Action
from rules.stamp_swap.game import StampSwap
from rules.stamp_swap.help import HELP_PAGES
from rules.stamp_swap.state import State

GAME: Game[State, Action, dict[str, Any]] = StampSwap()

__all__ = ["GAME", "HELP_PAGES", "StampSwap"]
