"""Stamp Swap's help as data: each help page's catalogue key, the numbers its words read, and the
cards it lists.

The words are the client's, in the player's language (game/text/locale/<lang>/stamp-swap-help.po:
`KEY.heading` and `KEY.body` for each page in HELP_PAGES, `KEY` for each card in CARDS); the client
lists the cards below row by row (game/scenes/stamp_swap/helpwords.py). Every number comes from the
rules' data, so the text cannot drift from the rules.
"""

from __future__ import annotations

from rules.stamp_swap.cards import EVENTS, SPECIALISTS
from rules.stamp_swap.stamps import (
    ALBUM_COLS,
    ALBUM_ROWS,
    DAILY_SPACES,
    DAYS,
    RARES,
    TICKETS,
    TOKEN_POINTS,
)

RARE_RESERVERS = tuple(c.name for c in SPECIALISTS if ("flag", "reserve_rare") in c.effects)  # may reserve a rare
RARE_RESERVE_DAYS = tuple(e.name for e in EVENTS if dict(e.rules).get("reserve_rare"))  # events that allow it
RARE_VALUES = sorted(v for *_, v in RARES)

NUMBERS: dict[str, int] = {
    "count": len(DAYS),
    "spaces": DAILY_SPACES,
    "rest": DAILY_SPACES - 1,
    "rare_lo": RARE_VALUES[0],
    "rare_hi": RARE_VALUES[-1],
    "rows": ALBUM_ROWS,
    "cols": ALBUM_COLS,
    "token": TOKEN_POINTS,
    "tickets": TICKETS,
}

HELP_PAGES = ("ssh.day", "ssh.stamps", "ssh.events", "ssh.specialists", "ssh.exhibitors", "ssh.contests",
              "ssh.album", "ssh.final")  # pages, in order
CARDS = (("ssh.stamps", "ssh.card.stamps"), ("ssh.album", "ssh.card.album"),
         ("ssh.contests", "ssh.card.contests"))  # (page, card)
