"""Last Counter's catalogue entry on the client side (like game/scenes/<game>/__init__.py's ENTRY)."""

from __future__ import annotations

from game.shell.catalog import GameEntry

ENTRY = GameEntry(
    name="last-counter",
    title="Last Counter",
    tagline="2 players · take the last counter",
    scene="tests.last_counter.scene:LastCounterScene",
    tile="tile_last_counter",
)
