"""Stamp Swap's help pictures: real stamps and attendee cards, drawn by the table's own art."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import strip
from game.scenes.stamp_swap.art import StampArt

SIZE = 180
STAMPS = [  # real stamps of the game, in the form the table's views give them
    {"kind": "stamp", "known": True, "id": "yellow-ship-3", "name": "Yellow Ship 2x2", "colour": "yellow",
     "theme": "ship", "rows": 2, "cols": 2, "value": 5, "rare": False, "forever": False, "condition": "mint"},
    {"kind": "stamp", "known": True, "id": "forever-green-flower", "name": "Green Flower Forever",
     "colour": "green", "theme": "flower", "rows": 1, "cols": 1, "value": 2, "rare": False, "forever": True,
     "condition": "mint"},
    {"kind": "stamp", "known": True, "id": "gold-crown", "name": "Crown Jubilee", "colour": "gold", "theme": None,
     "rows": 1, "cols": 2, "value": 6, "rare": True, "forever": False, "condition": "mint"},
    {"kind": "stamp", "known": True, "id": "yellow-ship-1", "name": "Yellow Ship 1x2", "colour": "yellow",
     "theme": "ship", "rows": 1, "cols": 2, "value": -1, "rare": False, "forever": False, "condition": "faded"},
]
FACE_DOWN = {"kind": "stamp", "face_down": True, "known": False}
EXHIBITOR = {"kind": "exhibitor", "known": True, "id": "ornithologist", "name": "Ornithologist",
             "text": "Each Show: 1 per bird stamp in your album."}
SPECIALIST = {"kind": "specialist", "known": True, "id": "auctioneer", "name": "Auctioneer",
              "text": "When a pile holding me is taken: both owners gain 1 per rare in it."}


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only)."""
    art = StampArt(app)
    if heading == "Stamps":
        captions = ["Mint 2×2", "Forever", "Rare", "Faded: −1"]
        return strip(app, [(art.tile(s, SIZE), c) for s, c in zip(STAMPS, captions, strict=True)]
                     + [(art.tile(FACE_DOWN, SIZE), "Face down")])
    if heading == "Album":
        return strip(app, [(art.shape(STAMPS[0], 90), "2×2 fills four cells"), (art.shape(STAMPS[2], 90), "1×2"),
                           (art.shape(STAMPS[1], 90), "1×1")])
    if heading == "Exhibitors":
        return strip(app, [(art.tile(EXHIBITOR, SIZE), "Exhibitor: scores each Show")])
    if heading == "Specialists":
        return strip(app, [(art.tile(SPECIALIST, SIZE), "Specialist: a power in a pile")])
    if heading == "Contests":
        return strip(app, [(app.assets.image("ticket", (SIZE, SIZE)), "A ticket enters a contest")])
    return None
