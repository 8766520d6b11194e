"""Last Counter's table scene: MatchScene's shared frame and nothing of its own."""

from __future__ import annotations

from game.scenes.match import MatchScene


class LastCounterScene(MatchScene):
    """The dummy game's table (enough for the title to offer it as playable)."""

    GAME = "last-counter"
