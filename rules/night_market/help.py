"""The Night Market briefing: (title, body) pages the UI shows on first play and from Help.

Every number comes from data.py, so the text cannot drift from the rules.
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
    NAMES,
    PORTER,
    PORTER_TOKEN,
    PRECIOUS,
    SEALS_TO_WIN,
    min_sell,
)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _bonus_sizes() -> str:
    sizes = [str(s) for s in BONUS_SIZES]
    sizes[-1] += "+"
    return f"{', '.join(sizes[:-1])} or {sizes[-1]}"


def _bonus_ranges() -> str:
    ranges = [f"{min(BONUS_VALUES[s])}–{max(BONUS_VALUES[s])}" for s in BONUS_SIZES]
    return f"{', '.join(ranges[:-1])} or {ranges[-1]}"


PORTERS = dict(DECK_COUNTS)[PORTER]
PRECIOUS_NAMES = _and([NAMES[g] for g in GOODS if g in PRECIOUS])
PRECIOUS_MIN = min_sell(next(g for g in GOODS if g in PRECIOUS))
FROM_DECK = MARKET_SIZE - MARKET_START_PORTERS

HOW_TO_PLAY = (
    "Two merchants trade at a night bazaar. Collect goods from the shared market and sell them for coins. "
    f"The richer merchant wins the round and a seal. The first to {SEALS_TO_WIN} seals wins the match.\n\n"
    f"Porters ({PORTERS} cards) carry your goods. They are not goods, so they never count toward your hand "
    "limit. You keep them in your porter team and can pay them into the market when you exchange.\n\n"
    f"Each round the market starts with {MARKET_START_PORTERS} porters and {FROM_DECK} cards from the deck, "
    f"and each merchant is dealt {DEAL_SIZE} cards (porters go straight to the team). You may hold at most "
    f"{HAND_LIMIT} goods."
)

YOUR_TURN = (
    f"1. Take one good from the market (not with {HAND_LIMIT} goods in hand). The spot is refilled from the "
    "deck.\n"
    "2. Exchange: take 2 or more goods and put back the same number of cards from your hand and/or porters. "
    "You can't put back a kind you are taking, or take porters this way.\n"
    "3. Take porters: all the porters in the market join your team.\n"
    "4. Sell any number of cards of one kind for coins from the top of that good's pile. "
    f"{PRECIOUS_NAMES} are precious: sell at least {PRECIOUS_MIN} at once.\n\n"
    f"Selling {_bonus_sizes()} at once also earns a face-down bonus token ({_bonus_ranges()} coins). "
    "Nobody sees bonus values until the round ends."
)

ROUND_END = (
    f"The round ends at once when {EMPTY_PILES_TO_END} coin piles are "
    "empty, or when the market can't be refilled.\n\n"
    f"Whoever has more porters gets the Porter token ({PORTER_TOKEN} coins); on a tie, nobody does. Add up "
    "coins, bonus tokens and the Porter token: the higher total wins a seal. On a tie, more bonus tokens wins; "
    "if still tied, more coin tokens; if still tied, the merchant who did not start the round. Unsold cards "
    "are worth nothing. The loser of a round starts the next."
)

THIS_SCREEN = (
    "At the top: you and your opponent, with coins so far and seals. Tap either for details.\n"
    "The row of coins shows each good's pile; the number is the top coin. Tap a pile to see every coin.\n"
    "Tap market cards and/or cards in your hand to select them. Tap your porter card (left of your hand) to "
    "add porters to an exchange; tap again for more, hold it to take them all back.\n"
    "Only the moves your selection allows appear at the bottom; the line under the players says what your "
    "selection would do, or why it isn't allowed. An exchange short of cards fills the gap with porters.\n"
    "When the Rival moves, the cards it takes glow in its colour and its chip says what it did. "
    "The menu button (top right) › Game info has the full log, the coin piles, bonus tokens and the deck."
)

HELP_PAGES: list[tuple[str, str]] = [
    ("How to play", HOW_TO_PLAY),
    ("On your turn, do exactly one thing", YOUR_TURN),
    ("End of a round", ROUND_END),
    ("Using this screen", THIS_SCREEN),
]
