"""Swap Meet's help pictures: the real resource and action cards of the floor."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import fan, strip
from game.scenes.swap_meet.panel import card_face
from rules.swap_meet.data import ACTION_TITLES, AUDIT, CRASH, INSIDE, RESOURCES, TAKEOVER

SIZE = (140, 196)


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only)."""
    def card(kind: str) -> pygame.Surface:
        return card_face(app.assets, kind, SIZE, app.text)

    if heading in ("Goal", "The deal"):
        return strip(app, [(card(k), k.title()) for k in RESOURCES])
    if heading == "Offers and swaps":
        return strip(app, [(fan([card("crate")] * 3), "Offer 1 or more of one type"),
                           (fan([card("sack")] * 2), "Swap: the same count back")])
    if heading == "Cash out and slam":
        return strip(app, [(app.assets.image("contract", (150, 196)), "Your contract"),
                           (fan([card("coin")] * 3 + [card("rack")] * 2), "An exact match: Cash out")])
    if heading == "Action cards":
        return strip(app, [(card(k), ACTION_TITLES[k]) for k in (CRASH, INSIDE, AUDIT, TAKEOVER)])
    return None
