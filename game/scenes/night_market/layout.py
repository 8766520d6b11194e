"""Where everything sits on the Night Market table (logical 1920×1080 canvas)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.draw.palette import TEAL
from game.draw.text import grown, text_size
from rules.night_market.data import BONUS_SIZES, GOODS

KIND_ORDER = {kind: i for i, kind in enumerate(GOODS)}

CARD_W, CARD_H = 150, 214
LIFT = 34  # a selected card rises this far (selection differs by position and outline, not colour alone)
ME_COLOUR = TEAL
OTHER_COLOUR = (236, 104, 170)

CHIPS = (pygame.Rect(20, 18, 700, 136), pygame.Rect(1094, 18, 700, 136))  # viewer left, other right
CHIP_WORDS_Y, CHIP_WORDS_SIZE = 96, 25  # a chip's bottom row: whose turn, or what the merchant last did
CHIP_WORDS_W = CHIPS[0].w - 52
MORE = pygame.Rect(1812, 40, 92, 92)
LINE = pygame.Rect(250, 164, 1420, 56)
ROUND_LABEL = (907, 36)

COIN_Y = 300
COIN_XS = tuple(360 + 166 * i for i in range(len(GOODS)))
BONUS_XS = tuple(1390 + 140 * i for i in range(len(BONUS_SIZES)))
PILE_W, PILE_H = 152, 136

MARKET_Y = 512
MARKET_XS = tuple(600 + 180 * i for i in range(5))
DECK_POS = (330, MARKET_Y)
DECK_PILL = (DECK_POS[0], MARKET_Y + CARD_H // 2 - 26)  # centre of the deck's count badge
SOLD_POS = (1590, MARKET_Y)

HAND_Y = 800
PORTER_POS = (330, HAND_Y)
HAND_X0, HAND_STEP = 600, 180
SAME_KIND_STEP, NEW_KIND_STEP = 160, 196  # a hand of up to 7 sits in groups of one kind, a wider gap between
BUTTON_Y = 958
BUTTON_H = 88
UNDO = pygame.Rect(1640, BUTTON_Y, 220, BUTTON_H)
# the app's toasts: the strip left of the coin piles, deck and porter card, below the viewer's chip and
# above the porters' words; no label, line, card or button of the table is in it
TOAST_LANE = pygame.Rect(8, 166, 238, 736)  # the bar's right end: clear of a full hand and three move buttons


_AT_100 = (CHIPS, CHIP_WORDS_Y, LINE, COIN_Y, PILE_H, MARKET_Y, BUTTON_Y)
followed = 100  # the text size the rects above were last laid out for


def follow_text_size() -> None:
    """Lay the top of the table out for the text size in use (called before each full paint): the chips,
    the selection line and the piles grow to hold their bigger words, and the market moves down as much
    (into the room above the hand). At 100 % every rect is as it always was."""
    global CHIPS, CHIP_WORDS_Y, LINE, COIN_Y, PILE_H, MARKET_Y, DECK_POS, DECK_PILL, SOLD_POS, BUTTON_Y, UNDO, LIFT
    global followed
    if followed == text_size():
        return
    followed = text_size()
    chips, words_y, line, coin_y, pile_h, market_y, button_y = _AT_100
    chip_more = grown(34) - 34 + 2 * (grown(24) - 24)  # the name's row, the stats' and the last move's
    CHIPS = tuple(pygame.Rect(r.x, r.y, r.w, r.h + chip_more) for r in chips)  # type: ignore[assignment]
    CHIP_WORDS_Y = words_y + chip_more - (grown(CHIP_WORDS_SIZE) - CHIP_WORDS_SIZE) - 4  # its bottom row, inside
    LINE = pygame.Rect(line.x, line.y + chip_more, line.w, line.h + 2 * (grown(20) - 20))
    PILE_H = pile_h + 2 * (grown(22) - 22)
    COIN_Y = LINE.bottom + (coin_y - pile_h // 2 - line.bottom) + PILE_H // 2
    MARKET_Y = market_y + max(0, (COIN_Y + PILE_H // 2) - (coin_y + pile_h // 2) - 25)  # a narrower gap above it
    DECK_POS = (DECK_POS[0], MARKET_Y)
    DECK_PILL = (DECK_POS[0], market_y + CARD_H // 2 - 26)  # where it was: clear of the porters' badge
    SOLD_POS = (SOLD_POS[0], MARKET_Y)
    BUTTON_Y = button_y + grown(24) - 24  # below the hand's words, which grow (the bar's foot has the room)
    UNDO = pygame.Rect(UNDO.x, BUTTON_Y, UNDO.w, UNDO.h)
    LIFT = 34 if followed == 100 else 14  # a chosen card rises less: the grown piles are just above the market


def card_rect(pos: tuple[float, float]) -> pygame.Rect:
    """The card-sized rect centred on pos."""
    r = pygame.Rect(0, 0, CARD_W, CARD_H)
    r.center = (round(pos[0]), round(pos[1]))
    return r


def market_pos(index: int) -> tuple[int, int]:
    """Centre of market slot `index`."""
    return MARKET_XS[min(index, len(MARKET_XS) - 1)], MARKET_Y


def hand_pos(index: int, count: int, lifted: bool = False) -> tuple[int, int]:
    """Centre of hand card `index` of `count` (hands wider than 7 squeeze)."""
    step = HAND_STEP if count <= 7 else max(110, (1750 - HAND_X0) // max(1, count - 1))
    return HAND_X0 + step * index, HAND_Y - (LIFT if lifted else 0)


def hand_layout(hand: Sequence[tuple[int, str]]) -> list[tuple[int, str, tuple[int, int]]]:
    """The hand as shown: grouped by kind (in coin-pile order), each card with its centre."""
    cards = sorted(hand, key=lambda ck: (KIND_ORDER.get(ck[1], len(KIND_ORDER)), ck[0]))
    if len(cards) > 7:
        return [(c, k, hand_pos(j, len(cards))) for j, (c, k) in enumerate(cards)]
    out, x = [], HAND_X0
    for j, (card, kind) in enumerate(cards):
        if j:
            x += SAME_KIND_STEP if kind == cards[j - 1][1] else NEW_KIND_STEP
        out.append((card, kind, (x, HAND_Y)))
    return out


def chip_purse(side: int) -> tuple[int, int]:
    """Where coins land on a merchant's chip (0 = viewer, 1 = other): under its "coins" label."""
    r = CHIPS[side]
    return r.right - 250, r.y + 56 + grown(22) - 22


def chip_centre(side: int) -> tuple[int, int]:
    """Where cards taken by a merchant go when their hand is not on the table."""
    return CHIPS[side].centerx - 120, CHIPS[side].centery


def coin_pile_rect(index: int) -> pygame.Rect:
    """The tappable area of coin pile `index` (GOODS order)."""
    r = pygame.Rect(0, 0, PILE_W, PILE_H)
    r.center = (COIN_XS[index], COIN_Y)
    return r


def bonus_pile_rect(index: int) -> pygame.Rect:
    """The area of bonus pile `index` (BONUS_SIZES order)."""
    r = pygame.Rect(0, 0, 124, PILE_H)
    r.center = (BONUS_XS[index], COIN_Y)
    return r


def button_rects(count: int, width: int = 330, gap: int = 28) -> list[pygame.Rect]:
    """`count` buttons centred in the bottom bar; for a bigger text size wider (their labels grow), the
    bar's centre moved left as far as it needs to stay clear of Undo."""
    centre = 960
    if text_size() > 100 and count:
        centre = 900
        width = max(width, min(grown(width), (2 * (UNDO.x - 20 - centre) - (count - 1) * gap) // count))
    total = count * width + (count - 1) * gap
    x = centre - total // 2
    return [pygame.Rect(x + i * (width + gap), BUTTON_Y, width, BUTTON_H) for i in range(count)]
