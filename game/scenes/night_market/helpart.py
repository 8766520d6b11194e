"""Night Market's help pictures: the real cards, coins and tokens of the table."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.helpart import fan, strip
from game.scenes.night_market.faces import card_face, coin_face
from rules.night_market.data import GOODS, NAMES, PORTER, PRECIOUS


def help_picture(app: Any, heading: str) -> pygame.Surface | None:
    """The picture for one help page (None: text only)."""
    cards = {k: card_face(app.assets, app.text, k) for k in (*GOODS, PORTER)}
    if heading == "How to play":
        return strip(app, [(cards[k], NAMES[k] + (" (precious)" if k in PRECIOUS else "")) for k in (*GOODS, PORTER)])
    if heading == "On your turn, do exactly one thing":
        return strip(app, [(cards["silk"], "Take one good"),
                           (fan([cards["jade"], cards["spice"], cards[PORTER], cards[PORTER]]), "Exchange 2 or more"),
                           (fan([cards[PORTER]] * 3), "Take all porters"),
                           (fan([cards["pearl"], cards["pearl"]]), "Sell: precious in pairs"),
                           (coin_face(app.assets, app.text, 7, 160), "Coins, top first")])
    if heading == "End of a round":
        return strip(app, [(app.assets.image("bonus_token", (160, 160)), "Bonus token"),
                           (app.assets.image("porter_token", (160, 160)), "Porter token: +5"),
                           (app.assets.image("seal", (160, 160)), "Seal of excellence")])
    return None
