"""Night Market's help pictures: the real cards, coins and tokens of the table, labelled in the player's language."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import fan, strip
from game.scenes.night_market.faces import card_face, coin_face
from game.text import tr
from rules.night_market.data import GOODS, PORTER, PORTER_TOKEN, PRECIOUS


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only); `heading` is the page's heading as worded now."""
    page = next((key for key in ("nmh.how", "nmh.turn", "nmh.end") if tr(f"{key}.heading") == heading), None)
    if page is None:
        return None
    cards = {k: card_face(app.assets, app.text, k) for k in (*GOODS, PORTER)}
    if page == "nmh.how":
        return strip(app, [(cards[k], tr("nmh.art.precious" if k in PRECIOUS else "nmh.art.good", kind=k))
                           for k in (*GOODS, PORTER)])
    if page == "nmh.turn":
        return strip(app, [(cards["silk"], tr("nmh.art.take")),
                           (fan([cards["jade"], cards["spice"], cards[PORTER], cards[PORTER]]), tr("nmh.art.exchange")),
                           (fan([cards[PORTER]] * 3), tr("nmh.art.porters")),
                           (fan([cards["pearl"], cards["pearl"]]), tr("nmh.art.sell")),
                           (coin_face(app.assets, app.text, 7, 160), tr("nmh.art.coins"))])
    return strip(app, [(app.assets.image("bonus_token", (160, 160)), tr("nmh.art.bonus")),
                       (app.assets.image("porter_token", (160, 160)), tr("nmh.art.porter_token", coins=PORTER_TOKEN)),
                       (app.assets.image("seal", (160, 160)), tr("nmh.art.seal"))])
