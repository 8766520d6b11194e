"""The Night Market briefing as data: each help page's catalogue key and the numbers its words read.

The words are the client's, in the player's language (game/text/locale/<lang>/night-market-help.po:
`KEY.heading` and `KEY.body` for each page in HELP_PAGES, `KEY` for each card in CARDS). Every number
comes from data.py, so the text cannot drift from the rules. The templates name three precious goods
and three bonus sizes, as data.py has them.
"""

from __future__ import annotations

from rules.night_market.data import (
    BONUS_SIZES,
    BONUS_VALUES,
    DEAL_SIZE,
    DECK_COUNTS,
    EMPTY_PILES_TO_END,
    GOODS,
    HAND_LIMIT,
    MARKET_SIZE,
    MARKET_START_PORTERS,
    PORTER,
    PORTER_TOKEN,
    PRECIOUS,
    SEALS_TO_WIN,
    min_sell,
)

PRECIOUS_GOODS = [g for g in GOODS if g in PRECIOUS]
NUMBERS: dict[str, int | str] = {
    "seals": SEALS_TO_WIN,
    "porters": dict(DECK_COUNTS)[PORTER],
    "start_porters": MARKET_START_PORTERS,
    "from_deck": MARKET_SIZE - MARKET_START_PORTERS,
    "deal": DEAL_SIZE,
    "hand": HAND_LIMIT,
    "precious_min": min_sell(PRECIOUS_GOODS[0]),
    "empty": EMPTY_PILES_TO_END,
    "porter_token": PORTER_TOKEN,
    **{f"p{i}": good for i, good in enumerate(PRECIOUS_GOODS, 1)},  # goods: the words are the catalogue's
    **{f"b{i}": size for i, size in enumerate(BONUS_SIZES, 1)},
    **{f"lo{i}": min(BONUS_VALUES[size]) for i, size in enumerate(BONUS_SIZES, 1)},
    **{f"hi{i}": max(BONUS_VALUES[size]) for i, size in enumerate(BONUS_SIZES, 1)},
}

HELP_PAGES = ("nmh.how", "nmh.turn", "nmh.end", "nmh.screen")  # pages, in order
CARDS = (("nmh.how", "nmh.card.how"), ("nmh.turn", "nmh.card.turn"), ("nmh.end", "nmh.card.end"))  # (page, card)
