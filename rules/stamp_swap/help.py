"""In-game help pages for Stamp Swap's own components: (title, body) pairs."""

from __future__ import annotations

from rules.stamp_swap.cards import (
    CONTESTS,
    EVENTS,
    EXHIBITORS,
    FINALE_AWARDS,
    FINALES,
    FOREVER_AWARDS,
    SPECIALISTS,
)
from rules.stamp_swap.stamps import (
    ALBUM_COLS,
    ALBUM_ROWS,
    COLOURS,
    COMMON_SHAPES,
    DAILY_SPACES,
    RARES,
    THEMES,
    TICKETS,
    TOKEN_POINTS,
)


def _lines(rows: list[str]) -> str:
    return "\n".join(rows)


def _places(awards: tuple[int, ...]) -> str:
    names = ("most", "second", "third")
    return ", ".join(f"{names[i]} {points}" for i, points in enumerate(awards))


RARE_RESERVERS = [c.name for c in SPECIALISTS if ("flag", "reserve_rare") in c.effects]
RARE_RESERVE_DAYS = [e.name for e in EVENTS if dict(e.rules).get("reserve_rare")]
RARE_RULE = (
    "rare stamps cannot be reserved unless " + " or ".join(RARE_RESERVERS) + " is in your area or the top "
    "event is " + " or ".join(RARE_RESERVE_DAYS)
)
RARE_VALUES = sorted(v for *_, v in RARES)
SHAPES = ", ".join(f"{r}x{c}" for r, c in COMMON_SHAPES)


OVERVIEW = (
    "Three days - Friday, Saturday, Sunday - each Collect, Swap, Show, then the Final Show. "
    "Collect: from the first player clockwise take one pool item at a time into your next Daily "
    f"Collection space until everyone has {DAILY_SPACES}. You may take the first-player token instead of an "
    f"item; if nobody does, the last player to take an item claims it (it is never one of your {DAILY_SPACES}). "
    f"Swap: everyone secretly reserves one item ({RARE_RULE}) and splits the other {DAILY_SPACES - 1} into two "
    "piles; whoever may reserve none of their items splits all of them. The token holder takes a pile "
    "from an opponent; that opponent keeps their other pile and "
    "chooses next (if they already chose, pass counter-clockwise to someone who has not). Whoever has no "
    "opponent pile left keeps both of their own. Face-down stamps are revealed as each player completes "
    "their choice. The token holder collects first the next day."
)

STAMP_TEXT = (
    f"Stamps come in {', '.join(COLOURS)} and show a {', '.join(THEMES)}. Shapes are upright rectangles: "
    f"{SHAPES}, and 1x1 forever stamps. Values: negative = faded, 0 = cancelled, positive "
    f"= mint. Rare stamps are gold, have no theme and the highest values ({RARE_VALUES[0]} to "
    f"{RARE_VALUES[-1]}); {RARE_RULE}. Some pool stamps lie face down: whoever takes one views it privately. "
    "Placed stamps "
    "score their printed value at the Final Show. Rares: "
    + ", ".join(f"{name} {r}x{c} ({v})" for _, name, r, c, v in RARES)
    + "."
)

ALBUM_TEXT = (
    f"Your album is {ALBUM_ROWS} rows by {ALBUM_COLS} columns. At each Show place every new stamp upright "
    "into empty cells; earlier stamps never move. A stamp that fits somewhere must be placed (you choose "
    "where - every spot it fits lights up). A stamp that fits nowhere is discarded at once and you gain "
    f"or lose its printed value. Then score your exhibitors, +{TOKEN_POINTS} if you hold the first-player token, "
    "and one contest your tickets have not marked yet, and put a ticket on it. "
    f"You have {TICKETS} tickets: one per Show."
)

FINAL_TEXT = (
    "After Sunday's Show: every stamp in your album scores its printed value; forever (1x1) stamps score "
    f"by majority ({_places(FOREVER_AWARDS)}); the finale contest everyone enters scores "
    f"{_places(FINALE_AWARDS)}. For both: ties share a place and the next place is skipped, a count of 0 "
    "scores nothing, and in 2-player games only the most scores. Finales: "
    + "; ".join(f"{f.name}: {f.text.rstrip('.')}" for f in FINALES)
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
