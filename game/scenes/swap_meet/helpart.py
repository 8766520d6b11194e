"""Swap Meet's help pictures: the real resource and action cards of the floor, labelled in the player's language."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import fan, strip
from game.scenes.swap_meet.panel import card_face
from game.text import tr
from rules.swap_meet.data import AUDIT, CRASH, INSIDE, RESOURCES, TAKEOVER

SIZE = (140, 196)
PAGES = ("smh.goal", "smh.deal", "smh.offers", "smh.cash", "smh.actions")  # the pages with a picture


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only); `heading` is the page's heading as worded now."""
    page = next((key for key in PAGES if tr(f"{key}.heading") == heading), None)
    if page is None:
        return None

    def card(kind: str) -> pygame.Surface:
        return card_face(app.assets, kind, SIZE, app.text)

    if page in ("smh.goal", "smh.deal"):
        return strip(app, [(card(k), tr("smh.art.resource", kind=k)) for k in RESOURCES])
    if page == "smh.offers":
        return strip(app, [(fan([card("crate")] * 3), tr("smh.art.offer", count=1)),
                           (fan([card("sack")] * 2), tr("smh.art.swap"))])
    if page == "smh.cash":
        return strip(app, [(app.assets.image("contract", (150, 196)), tr("smh.art.contract")),
                           (fan([card("coin")] * 3 + [card("rack")] * 2),
                            tr("smh.art.match", cash=tr("guide.sm.button.cash")))])
    return strip(app, [(card(k), tr("smh.art.action", card=k)) for k in (CRASH, INSIDE, AUDIT, TAKEOVER)])
