"""The Night Market table scene (see scene.py); split into layout, faces, painting, flights and overlays."""

from game.scenes.night_market.scene import NightMarketScene

__all__ = ["NightMarketScene"]
