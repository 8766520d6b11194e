"""The kiosk's sheets at a bigger text size: as wide as their grown lines (never narrower than laid
out, never wider than the screen allows); a line still too wide for the widest sheet is drawn
smaller, never below its 100 % size. At 100 % every sheet keeps the size it was laid out with."""

from __future__ import annotations

from collections.abc import Iterable

from game.draw.text import Text, text_size
from game.shell.display import LOGICAL_W

MARGIN = 60  # between the words and the sheet's edge
MAX_W = LOGICAL_W - 160  # the widest sheet


def sheet_width(text: Text, laid_out: int, lines: Iterable[tuple[str, int, bool]]) -> int:
    """The width of a sheet laid out `laid_out` px wide whose lines are (words, size, bold)."""
    if text_size() <= 100:
        return laid_out
    need = max((text.font(size, bold).size(words)[0] for words, size, bold in lines), default=0) + 2 * MARGIN
    return max(laid_out, min(MAX_W, need))


def fitted(text: Text, words: str, size: int, width: int, bold: bool = False) -> int:
    """`size`, or smaller so `words` fit `width` (the sheet less its margins), never below 100 %."""
    return text.fitting(words, size, width - 2 * MARGIN, bold, least=size)
