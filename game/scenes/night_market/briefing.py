"""The Night Market briefing shown on first play and from ⋯ → Help (the seed's own words).

Used when the rules package ships no help pages of its own (rules.night_market.help.HELP_PAGES).
"""

from __future__ import annotations

from game.scenes.help import Page, game_pages

PAGES: list[Page] = [
    ("How to play",
     "Two merchants trade at a night bazaar. Collect goods from the shared market and sell them for coins. "
     "The richer merchant wins the round and a seal. <b>The first to 2 seals wins the match.</b>\n\n"
     "<b>Porters</b> (11 cards) carry your goods. They are not goods, so they never count toward your hand "
     "limit. You keep them in your porter team and can pay them into the market when you exchange.\n\n"
     "Each round the market starts with 3 porters and 2 cards from the deck, and each merchant is dealt 5 "
     "cards (porters go straight to the team). You may hold at most 7 goods."),
    ("On your turn, do exactly one thing",
     "<b>1. Take</b> one good from the market (not with 7 goods in hand). The spot is refilled from the deck.\n"
     "<b>2. Exchange</b>: take 2 or more goods and put back the same number of cards from your hand and/or "
     "porters. You can't put back a kind you are taking, or take porters this way.\n"
     "<b>3. Take porters</b>: all the porters in the market join your team.\n"
     "<b>4. Sell</b> any number of cards of one kind for coins from the top of that good's pile. Pearl, "
     "Amber and Jade are precious: sell at least 2 at once.\n\n"
     "Selling 3, 4 or 5+ at once also earns a face-down <b>bonus token</b> (1–3, 4–6 or 8–10 coins). "
     "Nobody sees bonus values until the round ends."),
    ("End of a round",
     "The round ends at once when 3 coin piles are empty, or when the market can't be refilled.\n\n"
     "Whoever has more porters gets the <b>Porter token</b> (5 coins); on a tie, nobody does. Add up coins, "
     "bonus tokens and the Porter token: the higher total wins a seal. On a tie, more bonus tokens wins; if "
     "still tied, more coin tokens. Unsold cards are worth nothing. The loser of a round starts the next."),
    ("Using this screen",
     "At the top: you and your opponent, with coins so far and seals. <b>Tap either for details.</b>\n"
     "The row of coins shows each good's pile; the number is the top coin. <b>Tap a pile</b> to see every coin.\n"
     "<b>Tap</b> market cards and/or cards in your hand to select them. Tap your <b>porter card</b> (left of "
     "your hand) to add porters to an exchange; tap again for more, hold it to take them all back.\n"
     "Only the moves your selection allows appear at the bottom; the line under the players says what your "
     "selection would do, or why it isn't allowed. An exchange short of cards fills the gap with porters.\n"
     "When the Rival moves, the cards it takes glow in its colour and its chip says what it did. "
     "<b>The menu button (top right) › Game info</b> has the full log, the coin piles, bonus tokens and the deck."),
]


def briefing() -> list[Page]:
    """The rules package's pages when it has them, else the seed's."""
    pages = game_pages("night-market")
    own = [p for p in pages if p[0] != "Night Market"]
    return own or PAGES
