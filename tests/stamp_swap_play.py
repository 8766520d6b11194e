"""A player's hands for Stamp Swap tests: what on screen can be acted on now, and doing it.

`gestures` reads only what the table scene draws (its layout, zones and visible buttons) and
the shown view, the way a person reads the screen; `perform` sends it as mouse or finger events.
The monkey test and the screenshot walk-through both play whole matches with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.scenes.stamp_swap.layout import fit_centre
from game.scenes.stamp_swap.scene import StampSwapScene
from tests.conftest import Player

AVOID = ("Leave", "Title", "Start over", "Quit", "Settings")  # buttons that would end the match early


@dataclass(frozen=True)
class Gesture:
    """A tap at `a`, a drag from `a` to `b`, or a press of a visible button."""

    a: tuple[int, int]
    b: tuple[int, int] | None = None
    label: str = ""
    button: bool = False  # pygame-gui buttons answer the mouse


def buttons(scene: Any) -> list[Gesture]:
    """Every visible button that does not leave the match."""
    out = []
    for sprite in scene.ui.get_sprite_group().sprites():
        usable = isinstance(sprite, pygame_gui.elements.UIButton) and sprite.visible and sprite.is_enabled
        if usable and not any(word in sprite.text for word in AVOID):
            out.append(Gesture(sprite.rect.center, label=sprite.text, button=True))
    return out


def table_gestures(scene: StampSwapScene) -> list[Gesture]:
    """What the person at the table can do now, aimed at what is drawn."""
    if scene.summary is not None:
        return [Gesture(scene.controls.next.rect.center, label="next day", button=True)]
    if not scene.acting:
        return []
    lay, v = scene.lay, scene.v
    if v["phase"] == "collect":
        return _collect(scene)
    if "tray" in lay.zones:
        return _split(scene)
    if v["phase"] == "swap_choose":
        return [Gesture(r.center, label="pile") for (owner, _), r in lay.offers.items() if owner != scene.viewer]
    if v["phase"] == "show" and "album" in lay.zones:
        return _show(scene)
    return []


def _collect(scene: StampSwapScene) -> list[Gesture]:
    """Choose a pool item (or the token); once one is chosen, take it by a second tap or Take, or choose another."""
    lay = scene.lay
    out = [Gesture(p.rect.center, label="choose") for p in lay.items if p.zone == "pool"]
    out += [Gesture(lay.zones["token"].center, label="token")] if "token" in lay.zones else []
    chosen = lay.zones.get("token") if scene.selected == "token" else lay.rect_of(scene.selected or "")
    if chosen is None or not out:
        return out
    return [Gesture(chosen.center, label="take"), Gesture(scene.controls.take.rect.center, label="take", button=True),
            out[len(scene.lay.items) % len(out)]]


def _split(scene: StampSwapScene) -> list[Gesture]:
    lay = scene.lay
    tray = [p for p in lay.items if p.zone == "tray"]
    if not tray:  # Ready, or (when Ready says this split will not do) the scene's own Quick split
        return [Gesture(scene.controls.ready.rect.center, label="ready", button=True),
                Gesture(scene.controls.auto.rect.center, label="quick split", button=True)]
    reserved = any(p.zone == "reserve" for p in lay.items)
    out = []
    for p in tray:
        zones = ["a", "b"] if reserved or p.key not in scene.v["me"]["reservable"] else ["reserve"]
        out += [Gesture(p.rect.center, lay.zones[z].center, label=f"split to {z}") for z in zones]
    return out


def _show(scene: StampSwapScene) -> list[Gesture]:
    lay = scene.lay
    pending = [p for p in lay.items if p.zone == "pending"]
    out = []
    for p in pending:
        for r, c in scene.v["me"]["fits"].get(p.key, []):
            out.append(Gesture(p.rect.center, fit_centre(r, c, p.item["rows"], p.item["cols"]), label="place"))
    if not pending:
        out += [Gesture(r.center, label="contest") for cid, r in lay.contests.items() if cid.startswith("pick:")]
    return out


def gestures(player: Player) -> list[Gesture]:
    """What can be acted on on top of the stack now."""
    top = player.app.stack.top
    if isinstance(top, StampSwapScene):
        return table_gestures(top) or []
    return buttons(top) if top is not None else []


def perform(player: Player, g: Gesture, rng: random.Random | None = None, finger: int = 0) -> None:
    """Tap, drag (in steps) or press, with the mouse or (when `rng` says so) a finger."""
    use_finger = rng is not None and not g.button and rng.random() < 0.5
    a, b = g.a, g.b or g.a
    steps = 4 if g.b else 0
    if use_finger:
        player.finger(pygame.FINGERDOWN, a, finger, emulate=False)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=player.window_pos(a), button=1))
    player.frames(1)
    for k in range(1, steps + 1):
        pos = (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
        if use_finger:
            player.finger(pygame.FINGERMOTION, pos, finger, emulate=False)
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=player.window_pos(pos), rel=(0, 0),
                                                 buttons=(1, 0, 0)))
        player.frames(1)
    if use_finger:
        player.finger(pygame.FINGERUP, b, finger, emulate=False)
    else:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=player.window_pos(b), button=1))
    player.frames(2)
