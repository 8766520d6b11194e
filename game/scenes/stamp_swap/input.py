"""Taps, long presses and drags on the Stamp Swap table, for the mouse and any number of fingers.

Collect: tap a pool item to choose it, then tap it again (or Take) to take it; or drag it into
your Daily Collection. The mouse shows any item's or contest's details on hover. Split: drag items between your
tray, the reserve and the two piles, or tap an item then a box. Choose: tap an opponent's pile.
Show: drag a stamp onto a lit spot (or tap it, then a lit cell); tap a contest card to score it.
A long press shows any item's or contest's details. Taps read the phase's target list; the keyboard's
focus ring walks the same list (game/shell/focus.py), and with a stamp chosen in the Show its lit
spots join it, so the arrows move a placement cursor and Enter places the stamp.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, cast

import pygame

from game.draw.palette import GOLD, GREEN
from game.draw.sprites import Sprite
from game.scenes.stamp_swap.art import describe, value_text
from game.scenes.stamp_swap.layout import ALBUM, CELL, fit_at, fit_centre, fit_mark
from game.scenes.stamp_swap.story import token_points
from game.scenes.stamp_swap.words import card_text
from game.shell.pointer import PointerEvent
from game.shell.targets import Target, does, tapped
from game.text import say, tr
from rules.stamp_swap.actions import ChooseContest, Place, Take, TakePile, TakeToken
from rules.stamp_swap.bot.value import top_event_rule
from rules.stamp_swap.legality import RARE_RESERVE

SPLIT_ZONES = ("tray", "reserve", "a", "b")
SPLIT_NAMES = {"tray": "ss.split.your_tray", "reserve": "ss.split.reserve", "a": "ss.split.pile_a",
               "b": "ss.split.pile_b"}


def token_lines(points: int) -> list[str]:
    """The first-player token's details, with what it scores at today's Show."""
    return [tr("ss.token.title"), tr("ss.token.scores", value=value_text(points)), tr("ss.token.turn")]


@dataclass
class Drag:
    """One pointer carrying one item."""

    key: str
    item: dict[str, Any]
    zone: str
    sprite: Sprite
    hover: tuple[int, int] | None = None


def paint_fit_marks(canvas: pygame.Surface, fits: list[list[int]], rows: int, cols: int) -> None:
    """A green square around the middle of every fit, where the stamp's middle drops."""
    for r, c in fits:
        pygame.draw.rect(canvas, GREEN, fit_mark(r, c, rows, cols), 3, border_radius=10)
        pygame.draw.circle(canvas, GREEN, fit_centre(r, c, rows, cols), 5)


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
    """Pointer handling for StampSwapScene (mixed in before LayeredScene)."""

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
        if pe.kind == "move" and pe.pid == "mouse" and pe.pos == pe.start:
            self._hover(pe.pos)  # the mouse with no button down: details of what it points at
        elif pe.kind in ("press", "drag_start") and scene.hover is not None:
            scene.hover = None
            scene.restatic()
        if pe.kind == "long_press" and not pe.touch:
            self._hover(pe.pos)  # a mouse held still before a drag: details beside it, nothing in the way
        elif pe.kind == "long_press":
            self._long_press(pe.pos)
        elif pe.kind == "tap" and (target := tapped(self.phase_targets(), pe.pos)) is not None:
            target.run(pe.pos)
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
        found = self.details_at(pos)
        if found is None:
            return
        scene.details = found[0]
        scene.restatic()

    def _hover(self, pos: tuple[float, float]) -> None:
        """Show (or drop) the details beside the item or contest under the mouse."""
        scene: Any = self
        found = None if self._under_coach(pos) else self.details_at(pos)
        hover = None if found is None or self.drags else {**found[0], "anchor": found[1]}
        if (hover or {}).get("anchor") != (scene.hover or {}).get("anchor"):
            scene.hover = hover
            scene.restatic()

    def _under_coach(self, pos: tuple[float, float]) -> bool:
        """Is the mouse on a guided match's coach (its panel or buttons), not on the table under it?"""
        scene: Any = self
        coach = scene.app.coach
        rects = [coach.panel, *coach.buttons.values()] if coach is not None else []
        return any(r is not None and r.collidepoint(pos) for r in rects)

    def details_at(self, pos: tuple[float, float]) -> tuple[dict[str, Any], pygame.Rect] | None:
        """What the details panel says about the item, token or contest at a point, and its rect."""
        scene: Any = self
        placed = scene.lay.at(pos)
        if placed is not None:
            return placed.item, placed.rect
        token = scene.lay.zones.get("token")
        if token is not None and token.collidepoint(pos):
            return {"lines": token_lines(token_points(scene.v))}, token
        contest = self._contest_at(pos)
        if contest is None:
            return None
        tiers = ", ".join(tr("ss.outlook.step", p=p, n=n) for n, p in enumerate(contest["tiers"]) if n)
        if tiers and int(top_event_rule(scene.v, "contest_mult", 1)) > 1:
            tiers += tr("ss.contest.doubled")
        who = ", ".join(scene.names[s] for s in contest["tickets"]) or tr("ss.contest.nobody_yet")
        lines = [contest["name"], card_text(contest), tr("ss.contest.points", tiers=tiers) if tiers else
                 tr("ss.contest.finale"), tr("ss.contest.tickets", who=who)]
        rect = next(r for c, r in scene.lay.contests.items() if r.collidepoint(pos))
        return {"lines": lines}, rect

    def _contest_at(self, pos: tuple[float, float]) -> dict[str, Any] | None:
        scene: Any = self
        for cid, rect in scene.lay.contests.items():
            if rect.collidepoint(pos):
                cid = cid.removeprefix("pick:")
                everything = [*scene.v["contests"], scene.v["finale"]]
                return cast("dict[str, Any]", next(c for c in everything if c["id"] == cid))
        return None

    # taps: what the table offers now, topmost first ---------------------------------------
    def phase_targets(self) -> list[Target]:
        """What a tap acts on in this phase, in the order a tap tries them: Collect's token and pool
        items, the Split's items then its boxes, the Swap's piles then rows, the Show's contest cards,
        pending stamps, then the album (where a tap places the chosen stamp at the nearest lit spot)."""
        scene: Any = self
        lay, phase = scene.lay, scene.v["phase"]
        if phase == "collect":
            token = lay.zones.get("token")
            found = [Target("zone:token", token, lambda _: self._choose("token"), tr("ss.token.title"))
                     ] if token else []
            return found + self._item_targets(("pool",), self._choose)
        if "tray" in lay.zones:
            return self._item_targets(SPLIT_ZONES, self._toggle) + [
                Target(f"zone:{zone}", lay.zones[zone], does(self._split_to, zone), tr(SPLIT_NAMES[zone]))
                for zone in SPLIT_ZONES]
        if phase == "swap_choose":
            return [Target(f"pile:{owner}.{pile}", rect, does(self._try, TakePile(owner, pile)),
                           tr("ss.target.pile", owner=scene.names[owner], pile="AB"[pile]))
                    for (owner, pile), rect in lay.offers.items()
                    ] + [Target(f"zone:{zone}", rect, lambda _: self._stays_put()) for zone, rect in lay.zones.items()
                         if zone.startswith("row")]
        if phase == "show" and "album" in lay.zones:
            return [*self._contest_targets(True), *self._item_targets(("pending",), self._toggle),
                    Target("zone:album", lay.zones["album"], self._place_at, tr("ss.album"),
                           zone=ALBUM.inflate(CELL, CELL))]
        return []

    def _item_targets(self, zones: tuple[str, ...], act: Callable[[str], object]) -> list[Target]:
        scene: Any = self
        return [Target(f"item:{p.key}", scene.lay.rect_of(p.key), does(act, p.key), describe(p.item),
                       zone=p.rect) for p in reversed(scene.lay.items) if p.zone in zones]

    def _contest_targets(self, acting: bool) -> list[Target]:
        scene: Any = self
        return [Target(f"contest:{cid[5:]}", rect, does(self._try, ChooseContest(cid[5:]))
                       if acting else None, tr("ss.target.contest"))
                for cid, rect in scene.lay.contests.items() if cid.startswith("pick:")]

    def shown_targets(self) -> list[Target]:
        """What a lesson may point at besides: every item (its largest copy), zone, seat panel, pile,
        contest card, and "spot:KEY@R,C" (the album footprint of a pending stamp placed at R,C, where it fits)."""
        scene: Any = self
        lay = scene.lay
        found = [Target(f"item:{key}", lay.rect_of(key)) for key in dict.fromkeys(p.key for p in lay.items)]
        found += [Target(f"zone:{zone}", rect) for zone, rect in lay.zones.items()]
        found += [Target(f"seat:{seat}", rect) for seat, rect in enumerate(lay.panels)]
        found += [Target(f"pile:{owner}.{pile}", rect) for (owner, pile), rect in lay.offers.items()]
        return found + self._contest_targets(False) + self._spot_targets()

    def _spot_targets(self) -> list[Target]:
        scene: Any = self
        if "album" not in scene.lay.zones or scene.viewer is None:
            return []
        album = scene.lay.zones["album"]
        cell = album.w // scene.v["album_size"][1]
        return [Target(f"spot:{item['key']}@{row},{col}", pygame.Rect(album.x + col * cell, album.y + row * cell,
                                                                      item["cols"] * cell, item["rows"] * cell),
                       # the chosen stamp's spots place it: the keyboard's placement cursor (taps go to the album)
                       does(self._try, Place(item["key"], row, col)) if item["key"] == scene.selected else None,
                       tr("ss.target.spot", row=row + 1, col=col + 1))
                for item in scene.v["seats"][scene.viewer]["pending"]
                for row, col in scene.v["me"]["fits"].get(item["key"], [])]

    def _choose(self, key: str) -> None:
        """Collect: the first tap on a pool item (or the token) chooses it; a second tap takes it."""
        scene: Any = self
        if key == scene.selected:
            self.take_selected()
            return
        scene.selected = key
        scene.app.audio.play("tap")
        scene.controls.update()
        scene.restatic()

    def _toggle(self, key: str) -> None:
        """Split and Show: a tap on one of my items chooses it (again: lets it go)."""
        scene: Any = self
        scene.selected = None if scene.selected == key else key
        scene.restatic()

    def _split_to(self, zone: str) -> None:
        scene: Any = self
        if scene.selected is not None:
            self._move_to(scene.selected, zone)

    def _stays_put(self) -> None:
        scene: Any = self
        if scene.acting:
            scene.app.toast(tr("ss.toast.stays_put"), error=True)

    def _place_at(self, pos: tuple[float, float]) -> None:
        """Show: the chosen stamp goes to the lit spot nearest the point."""
        scene: Any = self
        if scene.selected is None:
            return
        spot = self._fit_at(scene.selected, pos)
        if spot is not None:
            self._try(Place(scene.selected, *spot))
        else:
            scene.app.toast(tr("ss.toast.no_fit_tap"), error=True)

    def _try(self, action: object) -> None:
        scene: Any = self
        if not scene.acting:
            waiting = ", ".join(scene.names[s] for s in scene.v["waiting"]) or tr("ss.nobody")
            scene.app.toast(tr("ss.toast.not_yours", names=waiting))
            return
        scene.act(action)

    def take_selected(self) -> None:
        """Take the chosen pool item (or the token)."""
        scene: Any = self
        if scene.selected is not None:
            self._try(TakeToken() if scene.selected == "token" else Take(scene.selected))

    def _split_zone(self, pos: tuple[float, float]) -> str | None:
        scene: Any = self
        return next((z for z in SPLIT_ZONES if scene.lay.zones[z].collidepoint(pos)), None)

    def _move_to(self, key: str, zone: str) -> bool:
        """Put one of my items in a split box (a rare stamp refuses the reserve, with the reason)."""
        scene: Any = self
        if zone == "reserve" and key not in scene.v["me"]["reservable"]:
            from rules.stamp_swap.actions import Prepare

            refusal = scene.table.reason(scene.viewer, Prepare(key, (), ())) if scene.acting else None
            scene.app.toast(say(refusal or RARE_RESERVE()), error=True)
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

    def _fit_at(self, key: str, pos: tuple[float, float]) -> tuple[int, int] | None:
        """The fit whose lit square is under (or nearest) the point: lighting and dropping agree."""
        scene: Any = self
        item = next((i for i in scene.v["seats"][scene.viewer]["pending"] if i["key"] == key), None)
        if item is None:
            return None
        fits = [(int(r), int(c)) for r, c in scene.v["me"]["fits"].get(key, [])]
        return fit_at(pos, fits, item["rows"], item["cols"])

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
        return self._fit_at(drag.key, pos)

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
                scene.app.toast(tr("ss.toast.no_fit_drop"), error=True)
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

    def carried(self) -> dict[str, Any] | None:
        """The known stamp being dragged or tapped to be placed (its note shows in the head)."""
        scene: Any = self
        keys = [d.key for d in self.drags.values() if d.zone == "pending"] or [scene.selected]
        pending = scene.v["seats"][scene.viewer]["pending"] if scene.viewer is not None else []
        return next((i for i in pending if i["key"] in keys and i.get("known")), None)

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
            paint_fit_marks(canvas, scene.v["me"]["fits"].get(drag.key, []), rows, cols)
            if drag.hover is not None:
                r, c = drag.hover
                spot = pygame.Rect(ALBUM.x + c * CELL, ALBUM.y + r * CELL, cols * CELL, rows * CELL)
                pygame.draw.rect(canvas, GOLD, spot, 6, border_radius=12)
