"""Swap Meet: real-time resource trading for 3 to 6 seats (rules only, no pygame, no clock)."""

from rules.swap_meet.game import GAME

__all__ = ["GAME"]
