"""The Stamp Swap table scene (see scene.py) and its Final Show screen."""

from game.scenes.stamp_swap.scene import StampSwapScene

__all__ = ["StampSwapScene"]
