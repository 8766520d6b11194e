"""Stamp Swap: collect, swap and show stamps over three days, then the Final Show."""

from rules.stamp_swap.game import StampSwap
from rules.stamp_swap.help import HELP_PAGES

GAME = StampSwap()

__all__ = ["GAME", "HELP_PAGES", "StampSwap"]
