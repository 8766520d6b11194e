"""Painting the phase area: pool, split screen, piles on offer, album, and the pop-up panels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, MUTED, RED
from game.draw.widgets import sheet
from game.scenes.stamp_swap.art import describe, details, shape_words, value_text
from game.scenes.stamp_swap.input import paint_fit_marks
from game.scenes.stamp_swap.layout import ALBUM, CELL, CENTRE, PENDING, TRAY, Layout
from game.scenes.stamp_swap.ledger import SeatDay
from game.scenes.stamp_swap.motion import rising_paths
from game.scenes.stamp_swap.paint import (
    paint_head,
    paint_items,
    paint_note,
    panel,
    seat_disc,
    zone_box,
)
from game.scenes.stamp_swap.story import token_points
from game.scenes.stamp_swap.words import card_text, day_title
from game.text import tr
from game.text.persons import is_you
from rules.stamp_swap.bot.value import contest_preview, next_tier, top_event_rule

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene

HOVER_W = 440
CHOSEN_W = 380
DETAILS = pygame.Rect(0, 0, 820, 380)
DETAILS.center = CENTRE.center
SUMMARY = pygame.Rect(0, 0, 1240, 968)
SUMMARY.midtop = (960, 96)  # the table's full height below the top bar (its buttons stay clear)
SUMMARY_LINE = 27


def paint_centre(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """The phase area for the current view."""
    paint_head(scene, surf)
    phase = scene.v["phase"]
    if phase == "collect":
        _collect(scene, surf, lay)
    elif "tray" in lay.zones:
        _split(scene, surf, lay)
    elif "album" in lay.zones:
        _show(scene, surf, lay)
    else:
        _offers(scene, surf, lay)
    paint_items(scene, surf, lay)


def _collect(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    zone_box(scene, surf, lay.zones["pool"], tr("ss.pool"), tr("ss.pool.sub", n=len(scene.v["pool"]),
                                                                how=tr("ss.how_to_look")))
    if "token" in lay.zones:
        surf.blit(scene.art.token(lay.zones["token"].w, token_points(scene.v)), lay.zones["token"])
    if "dc" in lay.zones:
        zone_box(scene, surf, lay.zones["dc"], tr("ss.your_dc"))
        for k in range(6):
            space = lay.zones[f"space{k}"]
            pygame.draw.rect(surf, (50, 40, 30), space, border_radius=12)
            scene.app.text.draw(surf, str(k + 1), space.center, 40, (110, 90, 64), bold=True, anchor="center")
        paint_small_album(scene, surf, lay.zones["myalbum"])
        _chosen(scene, surf, lay)


def _chosen(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """Under the spaces: the chosen pool item in words, or how to choose one (the Take button beside)."""
    if not scene.acting:
        return
    token = lay.zones.get("token")
    if scene.selected == "token" and token is not None:
        pygame.draw.rect(surf, GOLD, token.inflate(10, 10), 4, border_radius=12)
        words, colour = tr("ss.chosen.token"), GOLD
    elif scene.selected is not None and (item := scene._lookup(scene.selected)) is not None:
        words, colour = tr("ss.chosen.item", what=describe(item), shape=shape_words(item)), GOLD
    else:
        words, colour = tr("ss.chosen.how"), MUTED
    area = pygame.Rect(lay.zones["dc"].x + 20, lay.zones["space0"].bottom + 14, CHOSEN_W, 110)
    if scene.controls.take.visible:  # left of Take, grown with its label
        area.w = min(area.w, int(scene.controls.take.rect.x) - 12 - area.x)
    while len(scene.app.text.wrap(words, 24, area.w)) * 30 > area.h and ". " in words:
        words = words[:words.rindex(". ") + 1]  # too long beside a grown Take: its last sentence (how to take) goes
    paint_note(scene, surf, area, [words], colour)


def paint_small_album(scene: StampSwapScene, surf: pygame.Surface, rect: pygame.Rect, right: int | None = None) -> None:
    """My album's empty cells (its stamps are painted as items), titled with the room left (ending at `right`)."""
    grid = scene.v["seats"][scene.viewer]["grid"]
    free = sum(1 for row in grid for key in row if not key)
    scene.app.text.draw(surf, tr("ss.album.free", free=free), (right or rect.right, rect.y - 8), 22, MUTED,
                        anchor="bottomright")
    cell = rect.w // len(grid[0])
    for r in range(len(grid)):
        for c in range(len(grid[0])):
            box = pygame.Rect(rect.x + c * cell, rect.y + r * cell, cell, cell).inflate(-4, -4)
            pygame.draw.rect(surf, (58, 48, 36), box, border_radius=6)


def _split(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    reservable = scene.v["me"]["reservable"]
    subs = {"tray": ("ss.split.tray", "ss.split.tray_sub"), "reserve": ("ss.split.reserve", "ss.split.reserve_sub"),
            "a": ("ss.split.pile_a", "ss.split.on_offer"), "b": ("ss.split.pile_b", "ss.split.on_offer")}
    for zone, (title, sub) in subs.items():
        rect = lay.zones[zone]
        hot = scene.selected is not None and zone != "tray"
        zone_box(scene, surf, rect, tr(title), tr(sub), edge=GOLD if hot else BRASS)
    plan_album(scene, surf, lay)
    if not reservable:
        paint_note(scene, surf, lay.zones["reserve"].inflate(-30, 0).move(0, 300),
                   [tr("ss.split.none_reservable")], MUTED)
    else:
        paint_note(scene, surf, pygame.Rect(lay.zones["reserve"].x + 14, lay.zones["reserve"].bottom - 100, 196, 90),
                   [reserve_rule(scene.v)], MUTED)


def reserve_rule(view: dict[str, Any]) -> str:
    """What may be reserved today: rare stamps never, unless today's event or a Hinge Maker allows it."""
    if top_event_rule(view, "reserve_rare", False):
        return tr("ss.reserve.rare_today")
    me = view["seats"][view["seat"]] if view["seat"] is not None else None
    if me is not None and any(i.get("id") == "hinge" for i in [*me["dc"], *me["attendees"]]):
        return tr("ss.reserve.hinge")
    return tr("ss.reserve.never")


def plan_album(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """My album in its own box beside the split or under the pile choices (its stamps are painted as items)."""
    if "albumbox" in lay.zones:
        panel(surf, lay.zones["albumbox"], radius=16)
        paint_small_album(scene, surf, lay.zones["myalbum"], lay.zones["albumbox"].right - 16)


def _offers(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    v = scene.v
    plan_album(scene, surf, lay)
    chooser = v["turn"] if v["phase"] == "swap_choose" else None
    mine = chooser is not None and chooser == scene.viewer
    for seat in v["seats"]:
        i = seat["seat"]
        row = lay.zones[f"row{i}"]
        panel(surf, row, radius=14, edge=GOLD if i == chooser else (110, 86, 52), width=3 if i == chooser else 2)
        seat_disc(scene, surf, i, (row.x + 26, row.y + 19), 14)
        status = _offer_status(v, seat)
        scene.app.text.draw(surf, tr("ss.offer.row", who=scene.names[i], status=status), (row.x + 48, row.y + 4),
                            24, CREAM, bold=True)
        tile = lay.rect_of(seat["reserve"]["key"]) if seat.get("reserve") else None
        if tile is not None and row.bottom - tile.bottom >= 24:  # short rows (many players): the tile alone
            scene.app.text.draw(surf, tr("ss.offer.reserve"), (row.x + 16, row.bottom - 4), 20, MUTED,
                                anchor="bottomleft")
        for (owner, p), rect in lay.offers.items():
            if owner != i:
                continue
            hot = mine and owner != scene.viewer
            pygame.draw.rect(surf, (70, 56, 36) if hot else (44, 36, 28), rect, border_radius=12)
            pygame.draw.rect(surf, GOLD if hot else (110, 86, 52), rect, 3 if hot else 1, border_radius=12)
            word = tr("ss.offer.pile")
            scene.app.text.draw(surf, word, (rect.x + 25, rect.y + 14), scene.app.text.fitting(word, 20, 44),
                                GOLD if hot else MUTED, anchor="midtop")
            scene.app.text.draw(surf, "AB"[p], (rect.x + 25, rect.y + 36), 44 if rect.h >= 100 else 36,
                                GOLD if hot else MUTED, bold=True, anchor="midtop")


def _offer_status(v: dict[str, Any], seat: dict[str, Any]) -> str:
    if v["phase"] == "swap_prep":
        return tr("ss.status.ready" if seat["ready"] else "ss.status.still_splitting")
    if v["phase"] == "show":
        return tr("ss.status.done" if seat["show_done"] else "ss.status.placing_stamps")
    if seat.get("offered"):
        return tr("ss.status.piles_on_offer")
    return tr("ss.status.received" if seat["holding"] else "ss.status.no_piles")


def _show(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    me = scene.v["seats"][scene.viewer]
    frame = ALBUM.inflate(28, 64).move(0, -18)
    zone_box(scene, surf, frame, tr("ss.album"), tr("ss.album.sub"))
    for r in range(4):
        for c in range(5):
            cell = pygame.Rect(ALBUM.x + c * CELL, ALBUM.y + r * CELL, CELL, CELL).inflate(-6, -6)
            pygame.draw.rect(surf, (58, 48, 36), cell, border_radius=8)
    _fits(scene, surf)
    arrived = [i for i in me["pending"] if i["key"] not in scene.hidden]  # still flying in: not counted yet
    zone_box(scene, surf, PENDING, tr("ss.to_place"), tr("ss.left", n=len(arrived)))
    if 0 < len(me["pending"]) <= 9:
        paint_note(scene, surf, pygame.Rect(PENDING.x + 14, PENDING.bottom - 96, PENDING.w - 28, 90),
                   [tr("ss.placed_note")], MUTED)
    if not me["pending"]:
        words = tr("ss.all_placed") if not me["show_done"] else tr("ss.show_scored")
        spot = scene.app.text.render(words, 26, MUTED).get_rect(midtop=(PENDING.centerx, PENDING.y + 90))
        if not any(spot.colliderect(path) for path in rising_paths(scene)):  # the last stamp's points first
            scene.app.text.draw(surf, words, spot.midtop, 26, MUTED, anchor="midtop")
    zone = lay.zones["attendees"]
    scene.app.text.draw(surf, tr("ss.attendees"), (ALBUM.x, zone.y - 30), 22, MUTED)
    more = len(me["attendees"]) - sum(1 for p in lay.items if p.zone == "attendee")
    if more > 0:  # too many to draw at a size that reads: the rest are counted
        scene.app.text.draw(surf, f"+{more}", (zone.right, zone.centery), 26, CREAM, bold=True, anchor="midright")
    if "choose" in lay.zones:
        _choose(scene, surf, lay)
    note = scene.app.text.wrap(scene.notes[-1], 22, PENDING.w - 10)[:3] if scene.notes else []
    for k, row in enumerate(note):
        scene.app.text.draw(surf, row, (PENDING.x + 10, PENDING.bottom + 20 + k * 28), 22, MUTED)


def _fits(scene: StampSwapScene, surf: pygame.Surface) -> None:
    key = scene.selected
    fits = scene.v["me"]["fits"].get(key) if key else None
    if not fits:
        return
    item = next(i for i in scene.v["seats"][scene.viewer]["pending"] if i["key"] == key)
    glow = pygame.Surface((CELL, CELL), pygame.SRCALPHA)
    glow.fill((110, 220, 140, 70))
    lit = set()
    for r, c in fits:
        for dr in range(item["rows"]):
            for dc in range(item["cols"]):
                lit.add((r + dr, c + dc))
    for r, c in lit:
        surf.blit(glow, (ALBUM.x + c * CELL, ALBUM.y + r * CELL))
    paint_fit_marks(surf, fits, item["rows"], item["cols"])


def _choose(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    text = scene.app.text
    preview = contest_preview(scene.v, scene.viewer) if scene.viewer is not None else {}
    for cid, rect in lay.contests.items():
        if not cid.startswith("pick:"):
            continue
        contest = next(c for c in scene.v["contests"] if c["id"] == cid[5:])
        panel(surf, rect, radius=14, edge=GOLD, width=4)
        text.draw(surf, contest["name"], (rect.centerx, rect.y + 12), 26, GOLD, bold=True, anchor="midtop")
        y = rect.y + 50
        for row in text.wrap(card_text(contest), 22, rect.w - 24)[:2]:
            text.draw(surf, row, (rect.centerx, y), 22, CREAM, anchor="midtop")
            y += 26
        n, points = preview.get(contest["id"], (0, 0))
        now = tr("ss.choose.now", value=value_text(points), n=n)  # the card's text above says which stamps
        text.draw(surf, now, (rect.centerx, rect.bottom - 62), text.fitting(now, 22, rect.w - 16, True, 16),
                  GOLD if points else MUTED, bold=True, anchor="midtop")
        ahead = next_tier(scene.v, contest, n)
        more = tr("ss.choose.next", n=ahead[0], p=ahead[1]) if ahead else tr("ss.choose.top")
        text.draw(surf, more, (rect.centerx, rect.bottom - 32), text.fitting(more, 20, rect.w - 16, least=16), MUTED,
                  anchor="midtop")


# pop-ups --------------------------------------------------------------------------------------
def paint_details(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """The long-press details panel for one item or contest."""
    if scene.details is None:
        return
    sheet(surf, DETAILS, scene.app.darken, radius=22, edge=GOLD)
    item = scene.details
    lines = item["lines"] if "lines" in item else details(item)
    if item.get("kind"):
        surf.blit(scene.art.tile(item, 150), (DETAILS.x + 30, DETAILS.y + 40))
    x = DETAILS.x + (210 if item.get("kind") else 36)
    y = DETAILS.y + 36
    text = scene.app.text
    for k, line in enumerate(lines):
        size, colour = (32, GOLD) if k == 0 else (26, CREAM)
        for row in text.wrap(line, size, DETAILS.right - x - 30, bold=k == 0):
            text.draw(surf, row, (x, y), size, colour, bold=k == 0)
            y += size + 10
    text.draw(surf, tr("ss.close"), (DETAILS.centerx, DETAILS.bottom - 20), 22, MUTED, anchor="midbottom")


def paint_moment(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """A pile about to change hands in a spotlight with its taker's disc; a new day's banner."""
    moment = scene.moment
    if moment is None or scene.summary is not None:
        return
    if "pile" in moment:
        rect = scene.lay.offers.get(moment["pile"])
        if rect is None:
            return
        lit = rect.inflate(14, 6)  # clear of the row's title line above the pile
        _spotlight(surf, pygame.Rect(CENTRE.x, CENTRE.y + 70, CENTRE.w, CENTRE.h - 70), lit)
        pygame.draw.rect(surf, GOLD, lit, 4, border_radius=14)
        seat_disc(scene, surf, moment["taker"], (lit.right - 18, lit.y + 18), 16)  # inside: clear of the row title
        return
    box = pygame.Rect(0, 0, 760, 210)
    box.center = (CENTRE.centerx, CENTRE.y + 330)
    panel(surf, box, radius=24, width=5, edge=GOLD, fill=(30, 24, 18, 255))
    text = scene.app.text
    text.draw(surf, day_title(moment["day"]), (box.centerx, box.y + 24), 64, GOLD, bold=True, anchor="midtop")
    text.draw(surf, tr("ss.new_day", n=moment["items"]), (box.centerx, box.y + 120), 30,
              CREAM, anchor="midtop")


def _spotlight(surf: pygame.Surface, area: pygame.Rect, lit: pygame.Rect) -> None:
    """Dim `area` except `lit`."""
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 140))
    shade.fill((0, 0, 0, 0), lit.move(-area.x, -area.y))
    surf.blit(shade, area)


def paint_hover(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """The details of what the mouse points at, in a card beside it (never over it)."""
    hover = scene.hover
    if hover is None or scene.details is not None or scene.summary is not None or scene.curtain_up:
        return
    text, anchor = scene.app.text, hover["anchor"]
    lines = hover["lines"] if "lines" in hover else details(hover)
    rows = [(row, k == 0) for k, line in enumerate(lines) for row in text.wrap(line, 24, HOVER_W - 32, bold=k == 0)]
    box = _hover_box(anchor, 28 + 32 * len(rows), coach_lit(scene))
    if box is None:
        return  # every place beside it would cover what the coach lights (a long press still opens the details)
    panel(surf, box, radius=16, width=3, edge=GOLD, fill=(30, 24, 18, 255))
    y = box.y + 14
    for row, head in rows:
        text.draw(surf, row, (box.x + 16, y), 24, GOLD if head else CREAM, bold=head)
        y += 32


def _hover_box(anchor: pygame.Rect, h: int, lit: list[pygame.Rect]) -> pygame.Rect | None:
    """The details card's place beside `anchor`: right of it (left near the edge), else the other side,
    else under or over it; the first clear of what the coach lights (without a coach: the first)."""
    right, left = anchor.right + 14, anchor.x - 14 - HOVER_W
    y = max(96, min(1072 - h, anchor.y))
    places = [(right, y), (left, y)] if right + HOVER_W <= 1910 else [(left, y), (right, y)]
    x = max(10, min(1910 - HOVER_W, anchor.x))
    places += [(x, anchor.bottom + 14), (x, anchor.y - 14 - h)]
    first, *others = [pygame.Rect(px, py, HOVER_W, h) for px, py in places]
    if first.collidelist(lit) < 0:
        return first  # as it always was
    room = pygame.Rect(10, 96, 1900, 976)
    return next((b for b in others if room.contains(b) and b.collidelist(lit) < 0), None)


def coach_lit(scene: StampSwapScene) -> list[pygame.Rect]:
    """What a guided match's coach lights on this table now, with its ring (nothing without a coach)."""
    coach = scene.app.coach
    if coach is None or getattr(coach, "table", None) is not scene.table or not coach.ready():
        return []
    return [r.inflate(28, 28) for r in (*coach.tappable(), *coach.shown())]


def paint_summary(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """The end of a day's Show: each seat's score change today in sentences that add up, then the swaps."""
    if scene.summary is None:
        return
    sheet(surf, SUMMARY, scene.app.darken, radius=22, edge=GOLD)
    text = scene.app.text
    day, rows, extra = scene.summary
    text.draw(surf, tr("ss.summary.head", day=day), (SUMMARY.centerx, SUMMARY.y + 18), 44, GOLD, bold=True,
              anchor="midtop")
    y = SUMMARY.y + 72
    for row in text.wrap(tr("ss.summary.legend"), 22, SUMMARY.w - 80):
        text.draw(surf, row, (SUMMARY.centerx, y), 22, MUTED, anchor="midtop")
        y += 27
    y += 16
    room = (SUMMARY.bottom - 150 - y) // max(1, len(rows)) - 44  # for each seat's sentences
    for seat_day in rows:
        y = _summary_seat(scene, surf, seat_day, y, max(1, room // SUMMARY_LINE))
    lines = [row for line in extra for row in text.wrap(line, 22, SUMMARY.w - 110)]
    room = max(0, (SUMMARY.bottom - 140 - y) // 28)  # above the Next day button
    if len(lines) > room:  # as much as fits, the last line marked as cut short
        lines = lines[:room]
        lines[-1:] = [lines[-1] + " \u2026"] if lines else []
    for k, row in enumerate(lines):
        text.draw(surf, row, (SUMMARY.x + 40, y + 6 + 28 * k), 22, CREAM)


def _summary_seat(scene: StampSwapScene, surf: pygame.Surface, day: SeatDay, y: int, most: int) -> int:
    """One seat: name and today's total on a line, then what made it (at most `most` lines); the next y."""
    text = scene.app.text
    name = scene.names[day.seat]
    lines = [row for line in day.sentences() for row in text.wrap(line, 22, SUMMARY.w - 300)]
    if len(lines) > most:
        lines = [*lines[:most - 1], lines[most - 1] + " \u2026"] if most > 0 else []
    height = 40 + SUMMARY_LINE * len(lines)
    if day.seat == scene.viewer:
        pygame.draw.rect(surf, (70, 54, 28), (SUMMARY.x + 20, y - 6, SUMMARY.w - 40, height + 8), border_radius=12)
    seat_disc(scene, surf, day.seat, (SUMMARY.x + 54, y + 16), 14)
    shown = tr("ss.you_after", name=name) if day.seat == scene.viewer and not is_you(name) else name
    text.draw(surf, shown, (SUMMARY.x + 80, y), 28, CREAM, bold=True)
    text.draw(surf, tr("ss.today", value=value_text(day.total)), (SUMMARY.right - 40, y), 30, GOLD, bold=True,
              anchor="topright")
    for k, row in enumerate(lines):
        text.draw(surf, row, (SUMMARY.x + 80, y + 38 + SUMMARY_LINE * k), 22, MUTED)
    return y + height + 14


def paint_banner(scene: StampSwapScene, surf: pygame.Surface, banner: tuple[str, str, dict[str, Any]]) -> None:
    """The discard moment, kept low in the 'To place' box (below the stamps) until the next move."""
    rect = banner_rect()
    panel(surf, rect, radius=16, edge=RED, width=4, fill=(64, 22, 20, 255))
    text = scene.app.text
    text.draw(surf, tr("ss.banner.discarded"), (rect.centerx, rect.y + 6), 26, CREAM, bold=True, anchor="midtop")
    surf.blit(scene.art.tile(banner[2], 80), (rect.x + 14, rect.y + 42))
    x = rect.x + 108
    for k, row in enumerate(text.wrap(banner[0], 20, rect.right - x - 10)[:2]):
        text.draw(surf, row, (x, rect.y + 42 + k * 24), 20, CREAM)
    text.draw(surf, banner[1], (x, rect.bottom - 38), 28, GOLD, bold=True)


def banner_rect() -> pygame.Rect:
    """Where the discard moment shows: under the tray of stamps to place."""
    return pygame.Rect(PENDING.x + 10, TRAY.bottom + 6, PENDING.w - 20, PENDING.bottom - 10 - TRAY.bottom - 6)
