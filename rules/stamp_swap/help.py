"""In-game help pages for Stamp Swap's own components: (title, body) pairs."""

from __future__ import annotations

from rules.stamp_swap.cards import CONTESTS, EVENTS, EXHIBITORS, FINALES, SPECIALISTS
from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS, COLOURS, RARES, THEMES


def _lines(rows: list[str]) -> str:
    return "\n".join(rows)


OVERVIEW = (
    "Three days - Friday, Saturday, Sunday - each Collect, Swap, Show, then the Final Show. "
    "Collect: from the first player clockwise take one pool item at a time into your next Daily "
    "Collection space until everyone has six. You may take the first-player token instead of an item; "
    "if nobody does, the last player to take an item claims it (it is never one of your six). "
    "Swap: everyone secretly reserves one item (never a rare stamp) and splits the other five into two "
    "piles. The token holder takes a pile from an opponent; that opponent keeps their other pile and "
    "chooses next (if they already chose, pass counter-clockwise to someone who has not). Whoever has no "
    "opponent pile left keeps both of their own. Face-down stamps are revealed as each player completes "
    "their choice. The token holder collects first the next day."
)

STAMP_TEXT = (
    f"Stamps come in {', '.join(COLOURS)} and show a {', '.join(THEMES)}. Shapes are upright rectangles: "
    "1x2, 2x1, 2x2, 1x3, 3x1, and 1x1 forever stamps. Values: negative = faded, 0 = cancelled, positive "
    "= mint. Rare stamps are gold, have no theme and the highest values (5 to 8); they can never be "
    "reserved. Some pool stamps lie face down: whoever takes one views it privately. Placed stamps "
    "score their printed value at the Final Show. Rares: "
    + ", ".join(f"{name} {r}x{c} ({v})" for _, name, r, c, v in RARES)
    + "."
)

ALBUM_TEXT = (
    f"Your album is {ALBUM_ROWS} rows by {ALBUM_COLS} columns. At each Show place every new stamp upright "
    "into empty cells; earlier stamps never move. A stamp that fits somewhere must be placed (you choose "
    "where - every spot it fits lights up). A stamp that fits nowhere is discarded at once and you gain "
    "or lose its printed value. Then score your exhibitors, +2 if you hold the first-player token, and "
    "one contest your tickets have not marked yet, and put a ticket on it. You have 3 tickets: one per Show."
)

FINAL_TEXT = (
    "After Sunday's Show: every stamp in your album scores its printed value; forever (1x1) stamps score "
    "by majority (most 6, second 3; ties share a place and the next place is skipped; in 2-player "
    "games only the most scores); the "
    "finale contest everyone enters scores most 8, second 4. Finales: "
    + "; ".join(f"{f.name}: {f.text}" for f in FINALES)
    + ". Ties for the win go to more album cells filled."
)

HELP_PAGES: list[tuple[str, str]] = [
    ("How a day runs", OVERVIEW),
    ("Stamps", STAMP_TEXT),
    (
        "Events",
        "One event per player is revealed, splayed; only the top one's instruction rules the round. "
        "Symbols: S stamp, H face-down stamp, F forever stamp, R rare stamp, A attendee.\n"
        + _lines([f"{e.name} [{e.symbols}]: {e.instruction}" for e in EVENTS]),
    ),
    (
        "Specialists",
        "Specialist abilities are live the moment you collect them and anywhere in your area: "
        "Daily Collection, reserve, a pile or your collection. Some trigger when a pile holding "
        "them is taken - for both owners where the card says so.\n"
        + _lines([f"{c.name}: {c.text}" for c in SPECIALISTS]),
    ),
    (
        "Exhibitors",
        "Exhibitors score at every Show from the day you get them.\n"
        + _lines([f"{c.name}: {c.text}" for c in EXHIBITORS]),
    ),
    (
        "Contests",
        "Four contests lie out all match: one colour, one theme, one size, one cancelled. "
        "Points by how many matching stamps your album shows (tiers).\n"
        + _lines([f"{c.name} ({c.kind}): {c.text} Tiers {'/'.join(map(str, c.tiers))}" for c in CONTESTS]),
    ),
    ("Album", ALBUM_TEXT),
    ("Final Show", FINAL_TEXT),
]
