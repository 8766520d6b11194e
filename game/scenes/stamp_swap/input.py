"""Taps, long presses and drags on the Stamp Swap table, for the mouse and any number of fingers.

Collect: tap (or drag into your Daily Collection) a pool item. Split: drag items between your
tray, the reserve and the two piles, or tap an item then a box. Choose: tap an opponent's pile.
Show: drag a stamp onto a lit spot (or tap it, then a lit cell); tap a contest card to score it.
A long press shows any item's or contest's details.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, cast

import pygame

from game.palette import GOLD, GREEN
from game.pointer import PointerEvent
from game.scenes.stamp_swap.layout import ALBUM, CELL, album_cell
from game.sprites import Sprite
from rules.stamp_swap.actions import ChooseContest, Place, Take, TakePile, TakeToken

SPLIT_ZONES = ("tray", "reserve", "a", "b")


@dataclass
class Drag:
    """One pointer carrying one item."""

    key: str
    item: dict[str, Any]
    zone: str
    sprite: Sprite
    hover: tuple[int, int] | None = None


class FitGlow:
    """The album's lit spots while a stamp is carried (a mover, so it is cleaned up every frame)."""

    layer = 1

    def __init__(self, owner: InputMixin) -> None:
        self.owner = owner
        self.rect = ALBUM.inflate(12, 12)

    def draw(self, canvas: pygame.Surface) -> None:
        """Every fit in green, the one under the pointer in gold."""
        self.owner.drop_highlights(canvas)


class InputMixin:
    """Pointer handling for StampSwapScene (mixed in before TableScene)."""

    # set by the scene
    drags: dict[Hashable, Drag]

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        self.controls.pressed(element)  # type: ignore[attr-defined]

    def handle_pointer(self, pe: PointerEvent) -> bool:
        scene: Any = self
        if scene.details is not None:
            if pe.kind == "tap":
                scene.details = None
                scene.restatic()
            return True
        if scene.summary is not None or scene.curtain_up:
            return True
        if pe.kind == "long_press":
            self._long_press(pe.pos)
        elif pe.kind == "tap":
            self._tap(pe.pos)
        elif pe.kind == "drag_start":
            self._drag_start(pe)
        elif pe.kind == "drag":
            self._drag_move(pe)
        elif pe.kind == "drag_end":
            self._drag_end(pe)
        return True

    # details -------------------------------------------------------------------------------
    def _long_press(self, pos: tuple[float, float]) -> None:
        scene: Any = self
        placed = scene.lay.at(pos)
        if placed is not None:
            scene.details = placed.item
        else:
            contest = self._contest_at(pos)
            if contest is None:
                return
            tiers = "/".join(str(t) for t in contest["tiers"])
            who = ", ".join(scene.names[s] for s in contest["tickets"]) or "nobody yet"
            scene.details = {"lines": [contest["name"], contest["text"], f"Points by tier: {tiers}" if tiers else
                                       "Most 8, second 4 at the Final Show", f"Tickets: {who}"]}
        scene.restatic()

    def _contest_at(self, pos: tuple[float, float]) -> dict[str, Any] | None:
        scene: Any = self
        for cid, rect in scene.lay.contests.items():
            if rect.collidepoint(pos):
                cid = cid.removeprefix("pick:")
                everything = [*scene.v["contests"], scene.v["finale"]]
                return cast("dict[str, Any]", next(c for c in everything if c["id"] == cid))
        return None

    # taps ----------------------------------------------------------------------------------
    def _tap(self, pos: tuple[float, float]) -> None:
        scene: Any = self
        phase = scene.v["phase"]
        if phase == "collect":
            self._tap_collect(pos)
        elif "tray" in scene.lay.zones:
            self._tap_split(pos)
        elif phase == "swap_choose":
            for (owner, pile), rect in scene.lay.offers.items():
                if rect.collidepoint(pos):
                    self._try(TakePile(owner, pile))
                    return
        elif phase == "show" and "album" in scene.lay.zones:
            self._tap_show(pos)

    def _try(self, action: object) -> None:
        scene: Any = self
        if not scene.acting:
            waiting = ", ".join(scene.names[s] for s in scene.v["waiting"]) or "nobody"
            scene.app.toast(f"Not your move: waiting for {waiting}.")
            return
        scene.act(action)

    def _tap_collect(self, pos: tuple[float, float]) -> None:
        scene: Any = self
        token = scene.lay.zones.get("token")
        if token is not None and token.collidepoint(pos):
            self._try(TakeToken())
            return
        placed = scene.lay.at(pos, ("pool",))
        if placed is not None:
            self._try(Take(placed.key))

    def _tap_split(self, pos: tuple[float, float]) -> None:
        scene: Any = self
        placed = scene.lay.at(pos, SPLIT_ZONES)
        if placed is not None:
            scene.selected = None if scene.selected == placed.key else placed.key
            scene.restatic()
            return
        zone = self._split_zone(pos)
        if zone is not None and scene.selected is not None:
            self._move_to(scene.selected, zone)

    def _split_zone(self, pos: tuple[float, float]) -> str | None:
        scene: Any = self
        return next((z for z in SPLIT_ZONES if scene.lay.zones[z].collidepoint(pos)), None)

    def _move_to(self, key: str, zone: str) -> bool:
        """Put one of my items in a split box (a rare stamp refuses the reserve, with the reason)."""
        scene: Any = self
        if zone == "reserve" and key not in scene.v["me"]["reservable"]:
            reason = "rare stamps cannot be reserved"
            from rules.stamp_swap.actions import Prepare

            if scene.acting:
                reason = scene.table.reason(scene.viewer, Prepare(key, (), ())) or reason
            scene.app.toast(reason.capitalize() + ".", error=True)
            return False
        if zone == "reserve":
            for other, z in list(scene.split.items()):
                if z == "reserve":
                    scene.split[other] = "tray"
        scene.split[key] = zone
        scene.selected = None
        scene.app.audio.play("card_slide")
        scene._refresh([])
        return True

    def _tap_show(self, pos: tuple[float, float]) -> None:
        scene: Any = self
        for cid, rect in scene.lay.contests.items():
            if cid.startswith("pick:") and rect.collidepoint(pos):
                self._try(ChooseContest(cid[5:]))
                return
        placed = scene.lay.at(pos, ("pending",))
        if placed is not None:
            scene.selected = None if scene.selected == placed.key else placed.key
            scene.restatic()
            return
        if scene.selected is not None and ALBUM.collidepoint(pos):
            row, col = int((pos[1] - ALBUM.y) // CELL), int((pos[0] - ALBUM.x) // CELL)
            spot = self._nearest_fit(scene.selected, row, col)
            if spot is not None:
                self._try(Place(scene.selected, *spot))
            else:
                scene.app.toast("That stamp does not fit there: tap a lit spot.", error=True)

    def _nearest_fit(self, key: str, row: int, col: int) -> tuple[int, int] | None:
        """A fit whose footprint covers the tapped cell (top-left first)."""
        scene: Any = self
        item = next((i for i in scene.v["seats"][scene.viewer]["pending"] if i["key"] == key), None)
        if item is None:
            return None
        fits = [tuple(f) for f in scene.v["me"]["fits"].get(key, [])]
        covering = [(r, c) for r, c in fits if r <= row < r + item["rows"] and c <= col < c + item["cols"]]
        covering.sort(key=lambda rc: (rc != (row, col), abs(rc[0] - row) + abs(rc[1] - col)))
        return covering[0] if covering else None

    # drags ---------------------------------------------------------------------------------
    def _draggable(self) -> tuple[str, ...]:
        scene: Any = self
        if not scene.acting:
            return ()
        if scene.v["phase"] == "collect":
            return ("pool",)
        if "tray" in scene.lay.zones:
            return SPLIT_ZONES
        if "album" in scene.lay.zones:
            return ("pending",)
        return ()

    def _drag_start(self, pe: PointerEvent) -> None:
        scene: Any = self
        zones = self._draggable()
        placed = scene.lay.at(pe.start, zones) if zones else None
        if placed is None or any(d.key == placed.key for d in self.drags.values()):
            return
        if placed.zone == "pending":
            face = scene.art.shape(placed.item, CELL)
        else:
            face = scene.art.tile(placed.item, placed.rect.w)
        sprite = Sprite(placed.key, face, pe.pos)
        sprite.layer = 4
        self.drags[pe.pid] = Drag(placed.key, placed.item, placed.zone, sprite)
        scene.hidden.add(placed.key)
        scene.movers.append(sprite)
        if placed.zone == "pending" and not any(isinstance(m, FitGlow) for m in scene.movers):
            scene.movers.append(FitGlow(self))
        scene.restatic()

    def _drag_move(self, pe: PointerEvent) -> None:
        drag = self.drags.get(pe.pid)
        if drag is None:
            return
        drag.sprite.pos = pe.pos
        if drag.zone == "pending":
            drag.hover = self._hover_spot(drag, pe.pos)

    def _hover_spot(self, drag: Drag, pos: tuple[float, float]) -> tuple[int, int] | None:
        scene: Any = self
        cell = album_cell(pos, drag.item["rows"], drag.item["cols"])
        fits = [tuple(f) for f in scene.v["me"]["fits"].get(drag.key, [])]
        return cell if cell in fits else None

    def _drag_end(self, pe: PointerEvent) -> None:
        scene: Any = self
        drag = self.drags.pop(pe.pid, None)
        if drag is None:
            return
        self._release(drag)
        if drag.zone == "pending":
            spot = self._hover_spot(drag, pe.pos)
            if spot is not None:
                self._try(Place(drag.key, *spot))
            elif ALBUM.collidepoint(pe.pos):
                scene.app.toast("It does not fit there: drop it on a lit spot.", error=True)
        elif drag.zone == "pool":
            if "dc" in scene.lay.zones and scene.lay.zones["dc"].inflate(0, 60).collidepoint(pe.pos):
                self._try(Take(drag.key))
        else:
            zone = self._split_zone(pe.pos)
            if zone is not None and zone != drag.zone:
                self._move_to(drag.key, zone)

    def _release(self, drag: Drag) -> None:
        scene: Any = self
        if drag.sprite in scene.movers:
            scene.movers.remove(drag.sprite)
        if not any(d.zone == "pending" for d in self.drags.values()):
            scene.movers[:] = [m for m in scene.movers if not isinstance(m, FitGlow)]
        scene.hidden.discard(drag.key)
        scene.restatic()

    def cancel_drags(self) -> None:
        """Drop every carried item back where it was."""
        for drag in list(self.drags.values()):
            self._release(drag)
        self.drags.clear()

    def drop_highlights(self, canvas: pygame.Surface) -> None:
        """While a stamp is dragged: every spot it fits glows; the one under the finger is gold."""
        scene: Any = self
        for drag in self.drags.values():
            if drag.zone != "pending":
                continue
            rows, cols = drag.item["rows"], drag.item["cols"]
            for r, c in scene.v["me"]["fits"].get(drag.key, []):
                spot = pygame.Rect(ALBUM.x + c * CELL + 8, ALBUM.y + r * CELL + 8, CELL - 16, CELL - 16)
                pygame.draw.rect(canvas, GREEN, spot, 3, border_radius=10)
            if drag.hover is not None:
                r, c = drag.hover
                spot = pygame.Rect(ALBUM.x + c * CELL, ALBUM.y + r * CELL, cols * CELL, rows * CELL)
                pygame.draw.rect(canvas, GOLD, spot, 6, border_radius=12)
