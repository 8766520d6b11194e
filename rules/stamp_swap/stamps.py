"""Stamp Swap's own stamp inventory, album size and supply kinds (our design, not the published one).

Commons: 5 colours x 5 themes x 3 copies in rectangle shapes (1x2, 2x1, 2x2, 1x3, 3x1), values from
-2 (faded) through 0 (cancelled) to +6. Forever stamps are 1x1 and score by majority at the Final Show.
Rare stamps are gold, have no theme, carry the highest values and can never be reserved.
"""

from __future__ import annotations

from dataclasses import dataclass

COLOURS = ("red", "blue", "green", "yellow", "purple")
THEMES = ("bird", "ship", "flower", "train", "mountain")
RARE_COLOUR = "gold"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
ALBUM_ROWS = 4
ALBUM_COLS = 5
DAYS = ("Friday", "Saturday", "Sunday")
DAILY_SPACES = 6
TICKETS = 3
TOKEN_POINTS = 2

COMMON_SHAPES = ((1, 2), (2, 1), (2, 2), (1, 3), (3, 1))
# Base values cycle through this list; positive ones grow with the stamp's area.
VALUE_CYCLE = (-2, 0, 1, 2, -1, 3, 1, 0, 2, 1, -1, 2, 0, 3, 1)
FOREVER_VALUES = (1, 0, 2, 1)
RARES = (
    ("gold-comet", "Gilded Comet", 1, 2, 5),
    ("gold-harbour", "Golden Harbour", 2, 1, 5),
    ("gold-crown", "Crown Jubilee", 1, 2, 6),
    ("gold-lantern", "Lantern Post", 2, 1, 6),
    ("gold-sovereign", "Sovereign Sheet", 2, 2, 7),
    ("gold-eclipse", "Eclipse Block", 2, 2, 8),
    ("gold-express", "Gold Express", 1, 3, 6),
    ("gold-tower", "Gilt Tower", 3, 1, 6),
    ("gold-meridian", "Meridian Strip", 1, 3, 7),
    ("gold-spire", "Golden Spire", 3, 1, 7),
)


@dataclass(frozen=True)
class Stamp:
    """One stamp: colour, theme (None for rares), upright shape in album cells, printed value."""

    id: str
    name: str
    colour: str
    theme: str | None
    rows: int
    cols: int
    value: int
    rare: bool = False

    @property
    def area(self) -> int:
        """Album cells covered."""
        return self.rows * self.cols

    @property
    def forever(self) -> bool:
        """1x1 stamps are forever stamps."""
        return self.rows == 1 and self.cols == 1

    @property
    def condition(self) -> str:
        """'faded' (negative), 'cancelled' (zero) or 'mint' (positive)."""
        return "faded" if self.value < 0 else "cancelled" if self.value == 0 else "mint"


def _commons() -> list[Stamp]:
    out = []
    for i, colour in enumerate(COLOURS):
        for j, theme in enumerate(THEMES):
            for k in range(3):
                rows, cols = COMMON_SHAPES[(i + 2 * j + k) % len(COMMON_SHAPES)]
                base = VALUE_CYCLE[(3 * i + j + 5 * k) % len(VALUE_CYCLE)]
                value = base + (rows * cols - 2) if base > 0 else base
                name = f"{colour.title()} {theme.title()} {rows}x{cols}"
                out.append(Stamp(f"{colour}-{theme}-{k + 1}", name, colour, theme, rows, cols, value))
    return out


def _forevers() -> list[Stamp]:
    out = []
    for i, colour in enumerate(COLOURS):
        for k in range(4):
            theme = THEMES[(i + k) % len(THEMES)]
            value = FOREVER_VALUES[(i + k) % len(FOREVER_VALUES)]
            name = f"{colour.title()} {theme.title()} Forever"
            out.append(Stamp(f"forever-{colour}-{theme}", name, colour, theme, 1, 1, value))
    return out


def _rares() -> list[Stamp]:
    return [Stamp(sid, name, RARE_COLOUR, None, r, c, v, rare=True) for sid, name, r, c, v in RARES]


COMMON_IDS = tuple(s.id for s in _commons())
FOREVER_IDS = tuple(s.id for s in _forevers())
RARE_IDS = tuple(s.id for s in _rares())
STAMPS: dict[str, Stamp] = {s.id: s for s in (*_commons(), *_forevers(), *_rares())}
