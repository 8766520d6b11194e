"""Stamp Swap's help pictures: real stamps and attendee cards, drawn by the table's own art, labelled in the
player's language."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import strip
from game.scenes.stamp_swap.art import StampArt
from game.text import tr

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


PAGES = ("ssh.stamps", "ssh.album", "ssh.exhibitors", "ssh.specialists", "ssh.contests")  # the pages with a picture


def _shape(stamp: dict[str, Any], key: str = "ssh.art.shape") -> str:
    return tr(key, rows=stamp["rows"], cols=stamp["cols"], cells=stamp["rows"] * stamp["cols"])


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only); `heading` is the page's heading as worded now."""
    page = next((key for key in PAGES if tr(f"{key}.heading") == heading), None)
    if page is None:
        return None
    art = StampArt(app)
    if page == "ssh.stamps":
        faded = str(STAMPS[3]["value"]).replace("-", "−")
        captions = [_shape(STAMPS[0], "ssh.art.mint"), tr("ssh.art.forever"), tr("ssh.art.rare"),
                    tr("ssh.art.faded", value=faded)]
        return strip(app, [(art.tile(s, SIZE), c) for s, c in zip(STAMPS, captions, strict=True)]
                     + [(art.tile(FACE_DOWN, SIZE), tr("ssh.art.face_down"))])
    if page == "ssh.album":
        return strip(app, [(art.shape(STAMPS[0], 90), _shape(STAMPS[0], "ssh.art.fills")),
                           (art.shape(STAMPS[2], 90), _shape(STAMPS[2])),
                           (art.shape(STAMPS[1], 90), _shape(STAMPS[1]))])
    if page == "ssh.exhibitors":
        return strip(app, [(art.tile(EXHIBITOR, SIZE), tr("ssh.art.exhibitor"))])
    if page == "ssh.specialists":
        return strip(app, [(art.tile(SPECIALIST, SIZE), tr("ssh.art.specialist"))])
    return strip(app, [(app.assets.image("ticket", (SIZE, SIZE)), tr("ssh.art.ticket"))])
