"""Swap Meet's help pictures: the real resource and action cards of the floor."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import fan, strip
from game.scenes.swap_meet.model import ACTION_NAME, RES_NAME
from game.scenes.swap_meet.panel import card_face
from game.text import tr
from rules.swap_meet.data import AUDIT, CRASH, INSIDE, RESOURCES, TAKEOVER

SIZE = (140, 196)


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only)."""
    def card(kind: str) -> pygame.Surface:
        return card_face(app.assets, kind, SIZE, app.text)

    if heading in ("Goal", "The deal"):
        return strip(app, [(card(k), RES_NAME[k]) for k in RESOURCES])
    if heading == "Offers and swaps":
        return strip(app, [(fan([card("crate")] * 3), tr("sm.art.offer")),
                           (fan([card("sack")] * 2), tr("sm.art.swap"))])
    if heading == "Cash out and slam":
        return strip(app, [(app.assets.image("contract", (150, 196)), tr("sm.info.contract")),
                           (fan([card("coin")] * 3 + [card("rack")] * 2), tr("sm.art.exact"))])
    if heading == "Action cards":
        return strip(app, [(card(k), ACTION_NAME[k]) for k in (CRASH, INSIDE, AUDIT, TAKEOVER)])
    return None
