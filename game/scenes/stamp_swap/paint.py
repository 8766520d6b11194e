"""Painting the Stamp Swap table at rest: track, events, contests, seat panels and the phase area."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, MUTED, NIGHT
from game.draw.text import Colour, chosen_size, scaled
from game.draw.widgets import PANEL_BG, PANEL_EDGE
from game.scenes.stamp_swap.art import EXHIBITOR_RGB, SEAT_RGB, SPECIALIST_RGB
from game.scenes.stamp_swap.layout import HEAD, MINI_CELL, TOP, Layout, mini_origin, panel_rects
from game.scenes.stamp_swap.words import day_title
from game.text import tr
from game.text.persons import is_you
from rules.stamp_swap.stamps import DAYS

_PANELS: dict[tuple[Any, ...], pygame.Surface] = {}
PANELS_MAX_PIXELS = 1_500_000  # ~6 MB: a module cache outlives the scene, so it is bounded by size


def panel(surf: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = PANEL_BG, edge: tuple[int, ...] = PANEL_EDGE,
          radius: int = 22, width: int = 3) -> None:
    """game.draw.widgets.panel, but each size and style is drawn once and reused (the table repaints often)."""
    key = (rect.size, fill, edge, radius, width)
    img = _PANELS.get(key)
    if img is None:
        if sum(p.get_width() * p.get_height() for p in _PANELS.values()) > PANELS_MAX_PIXELS:
            _PANELS.clear()
        img = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(img, fill, img.get_rect(), border_radius=radius)
        pygame.draw.rect(img, edge, img.get_rect(), width, border_radius=radius)
        _PANELS[key] = img
    surf.blit(img, rect)

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene

PHASES = (("collect", "ss.track.collect"), ("swap", "ss.track.swap"), ("show", "ss.track.show"))
TRACK = pygame.Rect(964, 10, 606, 70)


def seat_disc(scene: StampSwapScene, surf: pygame.Surface, seat: int, centre: tuple[int, int], r: int) -> None:
    """A seat's coloured disc with its initial (colour is never the only cue)."""
    pygame.draw.circle(surf, SEAT_RGB[seat % len(SEAT_RGB)], centre, r)
    pygame.draw.circle(surf, NIGHT, centre, r, 2)
    scene.app.text.draw(surf, scene.names[seat][:1].upper() if scene.names[seat] else "?", centre,
                        max(16, int(r * 1.2)), NIGHT, bold=True, anchor="center")


# top bar --------------------------------------------------------------------------------------
def paint_top(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """Day and phase track on the left; the score track in the middle."""
    panel(surf, TOP.inflate(-8, -8).move(0, 0), radius=16)
    v, text = scene.v, scene.app.text
    phase = v["phase"]
    current = {"collect": "collect", "swap_prep": "swap", "swap_choose": "swap", "show": "show"}.get(phase)
    labels = [tr(key) for _, key in PHASES]
    big, size = _track_sizes(scene, labels)
    x = 26
    for d, day in enumerate(DAYS):
        now_day = d == v["day"] and phase != "over"
        past = d < v["day"] or phase == "over"
        text.draw(surf, day_title(day), (x, 12), big, GOLD if now_day else (MUTED if past else CREAM), bold=now_day)
        cx = x
        for (key, _), label in zip(PHASES, labels):
            on = now_day and key == current
            r = text.draw(surf, label, (cx + 8, 46), size, NIGHT if on else MUTED, bold=on)
            if on:
                pygame.draw.rect(surf, GOLD, r.inflate(14, 4), border_radius=8)
                text.draw(surf, label, (cx + 8, 46), size, NIGHT, bold=True)
            cx = r.right + 12
        x = max(cx, x + 200) + 22
    final = phase == "over"
    r = text.draw(surf, tr("ss.track.final"), (x, 30), big, NIGHT if final else MUTED, bold=final)
    if final:
        pygame.draw.rect(surf, GOLD, r.inflate(14, 6), border_radius=8)
        text.draw(surf, tr("ss.track.final"), (x, 30), big, NIGHT, bold=True)
    paint_track(scene, surf)


def _track_sizes(scene: StampSwapScene, labels: list[str]) -> tuple[int, int]:
    """The day names' and phase labels' sizes at which the three days and the Final Show end left of
    the score track (a language with longer words gets smaller ones)."""
    font = scene.app.text.font
    for big, size in ((24, 22), (22, 20), (20, 18), (19, 17), (18, 16)):
        x = 26
        for _ in DAYS:
            x = max(x + sum(20 + font(size).size(label)[0] for label in labels), x + 200) + 22
        bolder = max(font(size, True).size(label)[0] - font(size).size(label)[0] for label in labels)
        final = [font(big, bold).size(tr("ss.track.final"))[0] for bold in (False, True)]
        if max(x + bolder + final[0], x + final[1]) <= TRACK.x - 12:  # a phase is bold, or the Final Show
            break
    return big, size


def track_max(scene: StampSwapScene) -> int:
    """The score track's right end (grows with the scores)."""
    top = max([c.value for c in scene.counters] + [c.shown for c in scene.counters] + [0])
    return max(40, int((top + 10) // 10 * 10))


def track_rect(scene: StampSwapScene) -> pygame.Rect:
    """The score track: as laid out, shorter when Help grew leftwards into it (a bigger text size)."""
    controls = getattr(scene, "controls", None)
    if controls is None:
        return TRACK
    return TRACK.clip(pygame.Rect(0, 0, controls.help.rect.x - 24, TRACK.bottom))


def paint_track(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """A line 0..max with each seat's disc at its shown score."""
    track = track_rect(scene)
    pygame.draw.rect(surf, (34, 27, 20), track, border_radius=12)
    left, right, y = track.x + 30, track.right - 30, track.y + 46
    pygame.draw.line(surf, (120, 96, 60), (left, y), (right, y), 4)
    top = track_max(scene)
    for mark in range(0, top + 1, 10):
        x = left + (right - left) * mark / top
        pygame.draw.line(surf, (120, 96, 60), (x, y - 8), (x, y + 8), 2)
        scene.app.text.draw(surf, str(mark), (x, track.y + 2), 18, MUTED, anchor="midtop")
    placed: list[float] = []
    for seat in sorted(range(len(scene.counters)), key=lambda s: scene.counters[s].shown):
        shown = max(0.0, min(float(top), scene.counters[seat].shown))
        x = left + (right - left) * shown / top
        while any(abs(x - p) < 22 for p in placed):
            x += 6  # equal scores sit side by side, never hidden under each other
        placed.append(x)
        seat_disc(scene, surf, seat, (int(x), y), 14)


# seat panels ----------------------------------------------------------------------------------
STATUS: dict[str, Callable[[dict[str, Any], dict[str, Any]], str]] = {
    "collect": lambda v, s: tr("ss.status.collecting") if v["turn"] == s["seat"] else "",
    "swap_prep": lambda v, s: tr("ss.status.ready" if s["ready"] else "ss.status.splitting"),
    "swap_choose": lambda v, s: tr("ss.status.choosing") if v["turn"] == s["seat"] else (
        tr("ss.status.chose") if s["chosen"] else ""),
    "show": lambda v, s: tr("ss.status.done" if s["show_done"] else "ss.status.placing"),
    "over": lambda v, s: "",
}


def _no_status(v: dict[str, Any], s: dict[str, Any]) -> str:
    return ""


def paint_panels(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """Each seat: name, score, token, Daily Collection spaces, attendees, tickets, mini album."""
    v, text = scene.v, scene.app.text
    for rect, seat in zip(panel_rects(v["players"]), v["seats"]):
        i = seat["seat"]
        acting = i in v["waiting"]
        panel(surf, rect, radius=16, edge=GOLD if acting else (110, 86, 52), width=4 if acting else 2)
        if i == scene.beat_seat:  # the seat whose move is on show now
            pygame.draw.rect(surf, CREAM, rect.inflate(6, 6), 4, border_radius=18)
        seat_disc(scene, surf, i, (rect.x + 30, rect.y + 30), 18)
        who = tr("ss.you_after", name=scene.names[i]) if i == scene.viewer and not is_you(scene.names[i]) \
            else scene.names[i]
        room = rect.right - 160 - (rect.x + 58)  # short of the token and the score (a typed name may be long)
        size = text.fitting(who, 26, room, True, 16)
        text.draw(surf, who, (rect.x + 58, rect.y + 10 + (26 - size) // 2), size, CREAM, bold=True)
        level = scene.table.seats[i].bot
        status = STATUS.get(v["phase"], _no_status)(v, seat)
        sub = " · ".join(x for x in (tr("ss.seat.bot", level=level) if level else tr("ss.seat.person"), status) if x)
        text.draw(surf, sub, (rect.x + 58, rect.y + 44), 22, GOLD if acting else MUTED)
        paint_score(scene, surf, i)
        if seat["has_token"]:
            icon = scene.app.assets.image("first_player", (40, 40))
            surf.blit(icon, (rect.right - 150, rect.y + 10))
        _spaces(scene, surf, rect, seat, lay)
        _panel_footer(scene, surf, rect, seat)
        notes = scene.swap_notes.get(i)
        if notes and rect.h >= 214 and v["phase"] in ("swap_choose", "show"):  # five seats: in the summary only
            words = tr("ss.seat.swap", notes=" · ".join(notes))
            text.draw(surf, words, (rect.x + 16, rect.y + 184), text.fitting(words, 20, rect.w - 32, least=16), MUTED)


def score_rect(scene: StampSwapScene, seat: int) -> pygame.Rect:
    """Where a seat's score is printed."""
    rect = panel_rects(scene.v["players"])[seat]
    return pygame.Rect(rect.right - 104, rect.y + 8, 92, 52)


def paint_score(scene: StampSwapScene, surf: pygame.Surface, seat: int) -> None:
    """The seat's score as currently shown (counting up)."""
    r = score_rect(scene, seat)
    pygame.draw.rect(surf, NIGHT, r, border_radius=10)
    scene.app.text.draw(surf, scene.counters[seat].text, r.center, 36, GOLD, bold=True, anchor="center")


def _spaces(scene: StampSwapScene, surf: pygame.Surface, rect: pygame.Rect, seat: dict[str, Any],
            lay: Layout) -> None:
    numbered = scene.v["phase"] == "collect"
    count = 6 if numbered else max(6, sum(1 for p in lay.items if p.zone == f"panel{seat['seat']}"))
    for k in range(min(count, 8)):
        cell = pygame.Rect(rect.x + 16 + k * 46, rect.y + 98, 40, 40)
        pygame.draw.rect(surf, (50, 40, 30), cell, border_radius=6)
        pygame.draw.rect(surf, (100, 80, 54), cell, 1, border_radius=6)
        if numbered:
            scene.app.text.draw(surf, str(k + 1), cell.center, 20, MUTED, anchor="center")
    for placed in lay.items:
        if placed.zone == f"panel{seat['seat']}" and placed.key not in scene.hidden:
            surf.blit(scene.art.tile(placed.item, placed.rect.w), placed.rect)
    label = {"collect": "ss.label.dc", "swap_prep": "ss.label.reserve_piles",
             "swap_choose": "ss.label.reserve_received",
             "show": "ss.label.to_place" if seat.get("pending") else "ss.label.placed"}.get(scene.v["phase"])
    label = tr(label) if label else ""
    scene.app.text.draw(surf, label, (rect.x + 16, rect.y + 72), 20, MUTED)
    _mini_album(surf, rect, seat, scene.hidden)


def _mini_album(surf: pygame.Surface, rect: pygame.Rect, seat: dict[str, Any], hidden: set[str]) -> None:
    from game.scenes.stamp_swap.art import STAMP_RGB

    c = MINI_CELL
    x0, y0 = mini_origin(rect)
    colours = {a["key"]: STAMP_RGB.get(a.get("colour", ""), (150, 150, 150)) for a in seat["album"]}
    for r, row in enumerate(seat["grid"]):
        for k, key in enumerate(row):
            cell = pygame.Rect(x0 + k * c, y0 + r * c, c - 1, c - 1)
            shown = key and key not in hidden  # a stamp still flying in is not there yet
            pygame.draw.rect(surf, colours.get(key, (60, 50, 40)) if shown else (60, 50, 40), cell)


def _panel_footer(scene: StampSwapScene, surf: pygame.Surface, rect: pygame.Rect, seat: dict[str, Any]) -> None:
    y = rect.y + 146
    text = scene.app.text
    here = [a for a in seat["attendees"] if a.get("key") not in scene.hidden]  # counted once they land
    specs = sum(1 for a in here if a.get("kind") == "specialist")
    exhib = sum(1 for a in here if a.get("kind") == "exhibitor")
    x = rect.x + 16
    for icon, n, rgb in (("attendee", specs, SPECIALIST_RGB), ("exhibitor", exhib, EXHIBITOR_RGB)):
        surf.blit(scene.app.assets.image(icon, (30, 30)), (x, y))
        text.draw(surf, f"{n}", (x + 34, y + 2), 22, rgb, bold=True)
        x += 74
    left = 3 - len(seat["tickets"])
    surf.blit(scene.app.assets.image("ticket", (30, 30)), (x, y))
    text.draw(surf, tr("ss.tickets_left", n=left), (x + 34, y + 2), 22, CREAM)
    cells = sum(1 for row in seat["grid"] for k in row if k and k not in scene.hidden)
    text.draw(surf, tr("ss.album_cells", n=cells), (x + 120, y + 2), 22, MUTED)


# centre ---------------------------------------------------------------------------------------
def paint_head(scene: StampSwapScene, surf: pygame.Surface) -> None:
    """The prompt line: whose move and what to do (at the player's text size: it shrinks, then takes
    two lines, to fit)."""
    with chosen_size():
        _paint_head(scene, surf)


def _paint_head(scene: StampSwapScene, surf: pygame.Surface) -> None:
    panel(surf, HEAD, radius=16)
    if scene.app.toasts.current is not None:  # a toast shows in this lane (StampSwapScene.toast_lane)
        return
    prompt, colour = scene.prompt()
    room = scene.undo_control.clear_of(HEAD)  # the words stay left of the Undo button when it shows
    text, width = scene.app.text, room.w - 32
    size = text.fitting(prompt, 28, width, bold=True, least=20)  # a long line (whose pile) shrinks to fit
    lines = [prompt]
    while text.font(size, True).size(lines[0])[0] > width or len(lines) > 2:
        lines = text.wrap(prompt, size, width, bold=True)  # longer still (a stamp's note): two lines
        if len(lines) <= 2 or size <= 16:
            break
        size -= 2
    for n, line in enumerate(lines[:2]):
        y = room.centery + (n - (len(lines[:2]) - 1) / 2) * (scaled(size) + 4)
        text.draw(surf, line, (room.centerx, y), size, colour, bold=True, anchor="center")


def paint_items(scene: StampSwapScene, surf: pygame.Surface, lay: Layout) -> None:
    """Every item of the phase area (panel minis are painted with their panels)."""
    for placed in lay.items:
        if placed.zone.startswith(("panel", "mini")) or placed.key in scene.hidden:
            continue
        if placed.zone in ("album", "pending") and placed.item.get("known"):  # the real shape, not a tile
            surf.blit(scene.art.shape(placed.item, placed.rect.h // placed.item["rows"]), placed.rect)
        else:
            surf.blit(scene.art.tile(placed.item, placed.rect.w), placed.rect)
        if placed.key == scene.selected:
            pygame.draw.rect(surf, GOLD, placed.rect.inflate(10, 10), 4, border_radius=10)


def zone_box(scene: StampSwapScene, surf: pygame.Surface, rect: pygame.Rect, title: str, sub: str = "",
             edge: tuple[int, ...] = BRASS) -> None:
    """A labelled drop zone."""
    panel(surf, rect, radius=16, edge=edge, width=3)
    scene.app.text.draw(surf, title, (rect.x + 16, rect.y + 10), 28, GOLD, bold=True)
    if sub:
        scene.app.text.draw(surf, sub, (rect.right - 16, rect.y + 14), 22, MUTED, anchor="topright")


def paint_note(scene: StampSwapScene, surf: pygame.Surface, rect: pygame.Rect, lines: list[str],
               colour: Colour = CREAM) -> None:
    """Wrapped lines of text in a rect."""
    y = rect.y
    for line in lines:
        for row in scene.app.text.wrap(line, 24, rect.w):
            scene.app.text.draw(surf, row, (rect.x, y), 24, colour)
            y += 30

