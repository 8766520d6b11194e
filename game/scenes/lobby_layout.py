"""Where a room's lobby puts its lines (game/scenes/online.py `OnlineLobbyScene`), for the text size in use.

Inside the panel from the top: the room's code, the invite link, one row per seat (name, role,
presence, latency, ready mark in columns), then the knocks (a line and Let in / Turn away each),
and at the foot where the room is hosted and what that means. Bigger words push the rows down and
the columns apart; when the panel has no room for all of it, the seat rows close up to their least
pitch first, then the hosting lines give way to the knocks (answering one matters more), then only
the first knock is shown (the next comes up once it is answered). At 100 % every line keeps the
place it was laid out with.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.draw.text import Text, grown

ROW_H = 78  # a seat row's pitch at 100 %
COLUMNS = (50, 520, 780, 1000, 1160)  # name, role, presence (its dot 20 px left), latency, ready: at 100 %
GAP = 30  # between two columns whose words grew
KNOCK_H = 80  # a knock's row: its line and its two 68 px buttons
HOST_PITCH = 36  # between the two hosting lines at 100 %
FOOT = 50  # from the last hosting line's top to the panel's bottom at 100 %


@dataclass(frozen=True)
class LobbyPlaces:
    """Offsets from the panel's top-left: where each part of the lobby goes."""

    link_y: int
    rows_y: int
    pitch: int
    columns: tuple[int, ...]
    knock_ys: tuple[int, ...]  # each shown knock's row top
    host_ys: tuple[int, ...]  # the hosting lines' tops (none: they gave way)


def lobby_places(text: Text, size: tuple[int, int], seats: int, knocks: int, hosting: bool,
                 widest: Sequence[int]) -> LobbyPlaces:
    """The lobby laid out in a panel of `size` (width, height) for `seats` rows, `knocks` waiting (at most two
    shown) and the hosting lines when `hosting`; `widest` is each column's widest words in pixels."""
    height = size[1]
    link_y = 36 + grown(60)
    rows_y = link_y + grown(54)
    line = text.font(34, True).get_linesize()
    least = min(grown(ROW_H), max(ROW_H, line))
    host_top = height - FOOT - (grown(HOST_PITCH) - HOST_PITCH) - grown(HOST_PITCH)
    shown = min(knocks, 2)

    def knocks_top(host_at: int, count: int) -> int:
        return host_at - 16 - 68 - (count - 1) * KNOCK_H if count else host_at

    def fits(host_at: int, count: int) -> bool:
        return rows_y + seats * least <= knocks_top(host_at, count)

    if hosting and not fits(host_top, shown):
        hosting = False  # the rows and knocks take the hosting lines' room
    bottom = host_top if hosting else height - 4
    while shown > 1 and not fits(bottom, shown):
        shown -= 1
    room = knocks_top(bottom, shown) if shown else bottom
    pitch = max(least, min(grown(ROW_H), (room - rows_y) // max(1, seats)))
    first = knocks_top(bottom, shown)
    host_ys = (host_top, host_top + grown(HOST_PITCH)) if hosting else ()
    knock_ys = tuple(first + i * KNOCK_H for i in range(shown))
    return LobbyPlaces(link_y, rows_y, pitch, columns(widest, size[0]), knock_ys, host_ys)


def columns(widest: Sequence[int], width: int) -> tuple[int, ...]:
    """Each column where it was laid out, or right of the one before it when those words grew past it;
    all but the names' moved left when the last would leave the panel `width` px wide (the names
    are drawn smaller to fit then: `name_room`)."""
    out: list[int] = []
    for i, laid_out in enumerate(COLUMNS):
        after = out[-1] + widest[i - 1] + GAP + (20 if i == 2 else 0) if i else laid_out
        out.append(max(laid_out, after))
    over = out[-1] + widest[-1] - (width - 40)
    return (out[0], *(x - max(0, over) for x in out[1:]))


def name_room(places: LobbyPlaces) -> int:
    """The width the names' column has."""
    return places.columns[1] - GAP - places.columns[0]
