"""Where everything sits on the 1920x1080 canvas, computed from one seat's view.

A Layout lists every item drawn on the table (key, rect, item dict, zone) and the named zones,
so painting, hit-testing and the fly-from-old-place animations all agree on positions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS

View = dict[str, Any]
Item = dict[str, Any]

TOP = pygame.Rect(0, 0, 1920, 88)
LEFT = pygame.Rect(16, 96, 440, 968)
RIGHT = pygame.Rect(1464, 96, 440, 968)
CENTRE = pygame.Rect(472, 96, 976, 968)
EVENTS = pygame.Rect(LEFT.x, LEFT.y, LEFT.w, 392)
CONTEST_H = 108
HEAD = pygame.Rect(CENTRE.x, CENTRE.y, CENTRE.w, 64)
CELL = 112
ALBUM = pygame.Rect(CENTRE.x + 24, CENTRE.y + 116, ALBUM_COLS * CELL, ALBUM_ROWS * CELL)
PENDING = pygame.Rect(ALBUM.right + 30, ALBUM.y - 44, CENTRE.right - ALBUM.right - 44, ALBUM.h + 44)
TRAY = pygame.Rect(PENDING.x + 14, PENDING.y + 56, PENDING.w - 28, PENDING.h - 56 - 150)  # above its note or banner
TRAY_CELLS = (72, 64, 56, 50, 44, 38, 32, 28)  # the largest cell at which every stamp to place fits is used
TRAY_GAP = 12
DC_H = 300  # the Daily Collection box while collecting (with my album)
SMALL_CELL = 56  # my album's cells while collecting
PLAN_CELL = 40  # my album's cells while splitting and choosing piles
ALBUM_BOX = (ALBUM_COLS * PLAN_CELL + 100, ALBUM_ROWS * PLAN_CELL + 70)  # that album with its title
MINI = 40  # Daily Collection spaces in the seat panels
MINI_CELL = 13  # a seat panel's album cells


@dataclass
class Placed:
    """One item drawn somewhere."""

    key: str
    rect: pygame.Rect
    item: Item
    zone: str


@dataclass
class Layout:
    """Everything's position for one view."""

    items: list[Placed] = field(default_factory=list)
    zones: dict[str, pygame.Rect] = field(default_factory=dict)
    panels: list[pygame.Rect] = field(default_factory=list)
    offers: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    contests: dict[str, pygame.Rect] = field(default_factory=dict)

    def add(self, key: str, rect: pygame.Rect, item: Item, zone: str) -> None:
        """Record an item's place."""
        self.items.append(Placed(key, rect, item, zone))

    def at(self, pos: tuple[float, float], zones: tuple[str, ...] | None = None) -> Placed | None:
        """The topmost item under a point (optionally only in some zones)."""
        for placed in reversed(self.items):
            if placed.rect.collidepoint(pos) and (zones is None or placed.zone in zones):
                return placed
        return None

    def rect_of(self, key: str) -> pygame.Rect | None:
        """Where an item is drawn (the large copy when it appears twice)."""
        best = None
        for placed in self.items:
            if placed.key == key and (best is None or placed.rect.w > best.w):
                best = placed.rect
        return best


def grid(area: pygame.Rect, count: int, size: int, gap: int, cols: int) -> list[pygame.Rect]:
    """`count` squares of `size` in rows of `cols`, centred in `area` horizontally."""
    cols = max(1, min(cols, count)) if count else 1
    width = cols * size + (cols - 1) * gap
    x0 = area.x + (area.w - width) // 2
    return [pygame.Rect(x0 + (i % cols) * (size + gap), area.y + (i // cols) * (size + gap), size, size)
            for i in range(count)]


def panel_rects(players: int) -> list[pygame.Rect]:
    """One seat panel per player, stacked down the right column."""
    gap = 10
    h = min(230, (RIGHT.h - gap * (players - 1)) // players)
    return [pygame.Rect(RIGHT.x, RIGHT.y + i * (h + gap), RIGHT.w, h) for i in range(players)]


def mini_origin(panel: pygame.Rect) -> tuple[int, int]:
    """The top-left of a seat panel's small album."""
    return panel.right - 5 * MINI_CELL - 18, panel.y + 74


def mini_rect(panel: pygame.Rect, item: Item) -> pygame.Rect:
    """Where a placed stamp sits in a seat panel's small album."""
    x0, y0 = mini_origin(panel)
    return pygame.Rect(x0 + item["col"] * MINI_CELL, y0 + item["row"] * MINI_CELL, item["cols"] * MINI_CELL - 1,
                       item["rows"] * MINI_CELL - 1)


def panel_strip(seat: dict[str, Any], phase: str) -> list[Item]:
    """The small items shown in a seat panel for this phase."""
    if phase in ("collect", "swap_prep"):
        if seat.get("piles"):
            return [*([seat["reserve"]] if seat.get("reserve") else []), *(i for p in seat["piles"] for i in p)]
        return list(seat["dc"])
    if phase == "swap_choose":
        return [*([seat["reserve"]] if seat.get("reserve") else []), *seat["holding"]]
    return list(seat["pending"])


def build(view: View, viewer: int | None, split: dict[str, str], slots: dict[str, int] | None = None,
          tray: dict[str, tuple[int, int]] | None = None) -> Layout:
    """The layout for this view (split: the viewer's reserve/pile assignment while splitting;
    slots: each pool item's place; tray: my stamps to place with their shapes, in the order they
    arrived; both kept so nothing reshuffles)."""
    lay = Layout()
    lay.panels = panel_rects(view["players"])
    for rect, seat in zip(lay.panels, view["seats"]):
        strip = panel_strip(seat, view["phase"])
        for i, item in enumerate(strip[:8]):
            lay.add(item["key"], pygame.Rect(rect.x + 16 + i * (MINI + 6), rect.y + 98, MINI, MINI), item,
                    f"panel{seat['seat']}")
        for item in seat["album"]:  # so a placement flies into the seat's small album
            lay.add(item["key"], mini_rect(rect, item), item, f"mini{seat['seat']}")
    _contests(lay, view)
    phase = view["phase"]
    me = view["seats"][viewer] if viewer is not None else None
    if phase == "collect":
        _collect(lay, view, me, slots or {})
    elif phase == "swap_prep" and me is not None and not me["ready"]:
        _split(lay, me, split)
    elif phase == "show" and me is not None:
        _show(lay, view, me, tray if tray is not None else tray_shapes(me["pending"], {}))
    else:
        _offers(lay, view, me)
    return lay


def _contests(lay: Layout, view: View) -> None:
    y = EVENTS.bottom + 12
    for contest in [*view["contests"], view["finale"]]:
        lay.contests[contest["id"]] = pygame.Rect(LEFT.x, y, LEFT.w, CONTEST_H)
        y += CONTEST_H + 6


def pool_slots(pool: list[Item], slots: dict[str, int]) -> dict[str, int]:
    """Keep each pool item's slot for the day; a new pool (new day) starts over."""
    keys = [i["key"] for i in pool]
    if all(k in slots for k in keys) and keys:
        return slots
    return {k: i for i, k in enumerate(keys)}


def _collect(lay: Layout, view: View, me: dict[str, Any] | None, slots: dict[str, int]) -> None:
    pool = view["pool"]
    total = max([len(pool), *(v + 1 for v in slots.values())])
    count = total + 1
    size, cols = (120, 7) if count <= 28 else ((104, 8) if count <= 32 else (92, 9))
    low = DC_H + 14 if me is not None else 0
    box = pygame.Rect(CENTRE.x, CENTRE.y + 76, CENTRE.w, CENTRE.h - 76 - low)
    area = pygame.Rect(box.x, box.y + 60, box.w, box.h - 64)
    rects = grid(area, count, size, 12, cols)
    lay.zones["pool"] = box
    for k, item in enumerate(pool):
        lay.add(item["key"], rects[slots.get(item["key"], k)], item, "pool")
    if view["token"]["in_pool"]:
        lay.zones["token"] = rects[-1]
    if me is not None:
        _daily(lay, me, pygame.Rect(CENTRE.x, box.bottom + 14, CENTRE.w, DC_H))


def _daily(lay: Layout, me: dict[str, Any], dc_box: pygame.Rect) -> None:
    """The Daily Collection's six spaces, and beside them my album at a size to plan by."""
    album = pygame.Rect(0, 0, ALBUM_COLS * SMALL_CELL, ALBUM_ROWS * SMALL_CELL)
    album.bottomright = (dc_box.right - 18, dc_box.bottom - 14)
    lay.zones["dc"] = dc_box
    left = pygame.Rect(dc_box.x + 10, dc_box.y + 60, album.x - 30 - dc_box.x, 120)
    spaces = grid(left, 6, 96, 12, 6)
    lay.zones.update({f"space{i}": r for i, r in enumerate(spaces)})
    for item, rect in zip(me["dc"], spaces):
        lay.add(item["key"], rect, item, "dc")
    my_album(lay, me, album)


def my_album(lay: Layout, me: dict[str, Any], album: pygame.Rect) -> None:
    """My album drawn small in `album` (whole cells), to plan by while collecting, splitting or choosing."""
    lay.zones["myalbum"] = album
    cell = album.w // ALBUM_COLS
    for item in me["album"]:
        rect = pygame.Rect(album.x + item["col"] * cell, album.y + item["row"] * cell,
                           item["cols"] * cell, item["rows"] * cell)
        lay.add(item["key"], rect, item, "album")


def _split(lay: Layout, me: dict[str, Any], split: dict[str, str]) -> None:
    album_box = pygame.Rect(CENTRE.right - 20 - ALBUM_BOX[0], CENTRE.y + 110, *ALBUM_BOX)
    tray = pygame.Rect(CENTRE.x + 20, album_box.y, album_box.x - 20 - CENTRE.x - 20, album_box.h)
    reserve = pygame.Rect(CENTRE.x + 20, tray.bottom + 18, 220, 400)
    pile_a = pygame.Rect(reserve.right + 20, reserve.y, (CENTRE.right - 20 - reserve.right - 40) // 2, reserve.h)
    pile_b = pygame.Rect(pile_a.right + 20, reserve.y, pile_a.w, reserve.h)
    zones = {"tray": tray, "reserve": reserve, "a": pile_a, "b": pile_b}
    lay.zones.update(zones)
    lay.zones["albumbox"] = album_box
    for zone, area in zones.items():
        items = [i for i in me["dc"] if split.get(i["key"], "tray") == zone]
        inner = pygame.Rect(area.x, area.y + 56, area.w, area.h - 60)
        cols = 6 if zone == "tray" else (1 if zone == "reserve" else 2)
        size = {"tray": 88, "reserve": 150}.get(zone, 104)
        for item, rect in zip(items, grid(inner, len(items), size, 12, cols)):
            lay.add(item["key"], rect, item, zone)
    my_album(lay, me, _album_in(album_box))


def _album_in(box: pygame.Rect) -> pygame.Rect:
    """A small album centred under a titled box's title row."""
    album = pygame.Rect(0, 0, ALBUM_COLS * PLAN_CELL, ALBUM_ROWS * PLAN_CELL)
    album.midbottom = (box.centerx, box.bottom - 12)
    return album


def _offers(lay: Layout, view: View, me: dict[str, Any] | None) -> None:
    n = view["players"]
    low = ALBUM_BOX[1] + 10 if me is not None else 0  # my album under the rows, to plan the pile I take
    row_h = min(176, (CENTRE.h - 90 - low) // n)
    if me is not None:
        box = pygame.Rect(CENTRE.right - 10 - ALBUM_BOX[0], CENTRE.bottom - ALBUM_BOX[1], *ALBUM_BOX)
        lay.zones["albumbox"] = box
        my_album(lay, me, _album_in(box))
    size = min(100, row_h - 56)  # 64 or more in a five-seat row: the tiles keep their value badges
    for i, seat in enumerate(view["seats"]):
        row = pygame.Rect(CENTRE.x + 10, CENTRE.y + 80 + i * row_h, CENTRE.w - 20, row_h - 8)
        lay.zones[f"row{i}"] = row
        x = row.x + 16
        y = row.y + 44
        if seat.get("reserve"):
            lay.add(seat["reserve"]["key"], pygame.Rect(x, y, size, size), seat["reserve"], f"reserve{i}")
        x += size + 30
        piles = seat.get("piles") if seat.get("offered") else None
        if piles:
            for p, pile in enumerate(piles):
                w = max(len(pile), 1) * (size + 8) + 60
                zone = pygame.Rect(x, row.y + 34, w, size + 12)  # inside its row (row_h - 8 tall)
                lay.offers[(i, p)] = zone
                for k, item in enumerate(pile):
                    lay.add(item["key"], pygame.Rect(x + 50 + k * (size + 8), y, size, size), item, f"pile{i}.{p}")
                x += w + 20
        else:
            for k, item in enumerate([*seat["holding"], *seat["pending"]][:7]):
                lay.add(item["key"], pygame.Rect(x + k * (size + 8), y, size, size), item, f"held{i}")


def _show(lay: Layout, view: View, me: dict[str, Any], tray: dict[str, tuple[int, int]]) -> None:
    lay.zones["album"] = ALBUM
    for item in me["album"]:
        rect = pygame.Rect(ALBUM.x + item["col"] * CELL, ALBUM.y + item["row"] * CELL,
                           item["cols"] * CELL, item["rows"] * CELL)
        lay.add(item["key"], rect, item, "album")
    lay.zones["pending"] = PENDING
    places = pack_tray(TRAY, tray)  # each keeps its place while others are placed: no stamp slides under a finger
    for item in me["pending"]:
        if item["key"] in places:
            lay.add(item["key"], places[item["key"]], item, "pending")
    row = pygame.Rect(ALBUM.x, ALBUM.bottom + 48, PENDING.x - 16 - ALBUM.x, 94)  # beside, never under, the tray
    lay.zones["attendees"] = row
    for item, rect in zip(me["attendees"], attendee_row(row, len(me["attendees"]))):
        lay.add(item["key"], rect, item, "attendee")
    if not me["pending"] and not me["show_done"]:
        cards = pygame.Rect(CENTRE.x + 20, row.bottom + 16, CENTRE.w - 40, 190)
        lay.zones["choose"] = cards
        open_ = [c for c in view["contests"] if c["id"] not in me["tickets"]]
        w = (cards.w - 12 * (len(open_) - 1)) // max(1, len(open_))
        for k, contest in enumerate(open_):
            lay.contests["pick:" + contest["id"]] = pygame.Rect(cards.x + k * (w + 12), cards.y, w, cards.h)


ATTENDEE_MIN = 56  # smaller than this an attendee card cannot be told apart: the rest are counted instead


def attendee_row(row: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Square attendee cards in one row, shrinking to fit `count` (at most as many as fit at ATTENDEE_MIN)."""
    gap = 8
    size = max(ATTENDEE_MIN, min(row.h, (row.w + gap) // max(1, count) - gap))
    shown = min(count, (row.w + gap) // (size + gap))
    if shown < count:
        shown = (row.w - 60 + gap) // (size + gap)  # room for the "+N" that counts the rest
    return [pygame.Rect(row.x + k * (size + gap), row.bottom - size, size, size) for k in range(shown)]


def tray_shapes(pending: list[Item], kept: dict[str, tuple[int, int]]) -> dict[str, tuple[int, int]]:
    """My stamps to place with their (rows, cols), in arrival order; kept while only stamps leave."""
    keys = [i["key"] for i in pending]
    if all(k in kept for k in keys):
        return kept
    return {i["key"]: (int(i.get("rows", 1)), int(i.get("cols", 1))) for i in pending}


def pack_tray(area: pygame.Rect, shapes: dict[str, tuple[int, int]]) -> dict[str, pygame.Rect]:
    """Each stamp at its real proportions (rows x cols cells of one size), the largest size at which all fit.

    Stamps drop in arrival order onto a grid of cells, each into the lowest place it fits (leftmost
    first), so tall and wide stamps nest instead of each opening a row of its own.
    """
    for cell in TRAY_CELLS:
        spots = _drop(area, shapes, cell)
        if spots is not None:
            break
    else:
        spots = _drop(area, shapes, TRAY_CELLS[-1], force=True) or {}
    pitch = cell + TRAY_GAP
    used = max((c + shapes[k][1] for k, (_, c) in spots.items()), default=0)
    x0 = area.x + (area.w - (used * pitch - TRAY_GAP)) // 2
    return {k: pygame.Rect(x0 + c * pitch, area.y + r * pitch, shapes[k][1] * cell, shapes[k][0] * cell)
            for k, (r, c) in spots.items()}


def _drop(area: pygame.Rect, shapes: dict[str, tuple[int, int]], cell: int,
          force: bool = False) -> dict[str, tuple[int, int]] | None:
    """(row, col) on a grid of `cell` for each stamp, or None when they do not all fit the area."""
    pitch = cell + TRAY_GAP
    cols, rows = (area.w + TRAY_GAP) // pitch, (area.h + TRAY_GAP) // pitch
    heights = [0] * cols
    out = {}
    for key, (h, w) in shapes.items():
        if w > cols:
            return None
        top, col = min((max(heights[c:c + w]), c) for c in range(cols - w + 1))
        if top + h > rows and not force:
            return None
        heights[col:col + w] = [top + h] * w
        out[key] = (top, col)
    return out


def fit_centre(row: int, col: int, rows: int, cols: int) -> tuple[int, int]:
    """The middle of a stamp of rows x cols placed with its top-left at (row, col): where it is lit,
    and where its centre (the carried picture's centre, under the pointer) must be dropped."""
    return ALBUM.x + col * CELL + cols * CELL // 2, ALBUM.y + row * CELL + rows * CELL // 2


def fit_mark(row: int, col: int, rows: int, cols: int) -> pygame.Rect:
    """The lit square of one fit, around its centre."""
    mark = pygame.Rect(0, 0, CELL - 28, CELL - 28)
    mark.center = fit_centre(row, col, rows, cols)
    return mark


def fit_at(pos: tuple[float, float], fits: list[tuple[int, int]], rows: int, cols: int) -> tuple[int, int] | None:
    """The fit whose lit square the point is in or nearest to (within half a cell of its centre)."""
    best, best_d = None, CELL / 2 + 1
    for r, c in fits:
        x, y = fit_centre(r, c, rows, cols)
        d = max(abs(pos[0] - x), abs(pos[1] - y))
        if d < best_d:
            best, best_d = (r, c), d
    return best
