"""Things that move on the Stamp Swap table: flights between places, flips, floating points, counters.

Every animation only changes how the table looks; the rules have already moved on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.draw.anim import Call, Parallel, Sequence, Tween, ease_in_out, ease_out_cubic
from game.draw.palette import GOLD, RED
from game.draw.sprites import Sprite
from game.draw.text import Colour, at_most
from game.scenes.stamp_swap.layout import MINI_CELL, Layout, Placed
from game.scenes.stamp_swap.paint import paint_score, paint_track, score_rect, track_rect

if TYPE_CHECKING:
    from game.scenes.stamp_swap.scene import StampSwapScene

FLY = 0.45
RISE = 60  # px a float rises while it fades


class FloatText:
    """A label that rises and fades (points won or lost)."""

    layer = 5

    def __init__(self, surface: pygame.Surface, pos: tuple[float, float]) -> None:
        self.surface = surface
        self.pos = pos
        self.alpha = 255.0

    @property
    def rect(self) -> pygame.Rect:
        """Where it is drawn."""
        return self.surface.get_rect(center=(round(self.pos[0]), round(self.pos[1]))).inflate(8, 8)

    def draw(self, canvas: pygame.Surface) -> None:
        """Blit faded."""
        img = self.surface.copy()
        img.set_alpha(int(max(0.0, self.alpha)))
        canvas.blit(img, img.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


class TrackMover:
    """The score track redrawn while the scores count up."""

    layer = 1

    def __init__(self, scene: StampSwapScene) -> None:
        self.scene = scene
        self.rect = track_rect(scene).inflate(4, 4)

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the track at the shown scores (fixed art: at 100 % as the still track is)."""
        with at_most(100):
            paint_track(self.scene, canvas)


class ScoreMover:
    """One seat's score box while it counts."""

    layer = 1

    def __init__(self, scene: StampSwapScene, seat: int) -> None:
        self.scene = scene
        self.seat = seat
        self.rect = score_rect(scene, seat)

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the shown number (fixed art: at 100 % as the still box is)."""
        with at_most(100):
            paint_score(self.scene, canvas, self.seat)


def face_for(scene: StampSwapScene, placed: Placed) -> pygame.Surface:
    """The picture of an item at its place's size."""
    if placed.zone in ("album", "pending") and placed.item.get("known"):
        return scene.art.shape(placed.item, placed.rect.h // placed.item["rows"])
    if placed.zone.startswith("mini"):
        return scene.art.shape(placed.item, MINI_CELL * 3)  # drawn larger, shrunk in flight
    return scene.art.tile(placed.item, placed.rect.w)


def fly(scene: StampSwapScene, placed: Placed, start: pygame.Rect, delay: float = 0.0) -> None:
    """An item travels from its old place to its new one."""
    face = face_for(scene, placed)
    width = max(1, face.get_width())
    sprite = Sprite(placed.key, face, start.center)
    sprite.scale = max(0.2, start.w / width)
    sprite.layer = 2
    end = placed.rect.w / width
    _launch(scene, sprite, placed.key, [Tween(sprite, "pos", placed.rect.center, FLY, ease_out_cubic, delay=delay),
                                        Tween(sprite, "scale", end, FLY, ease_out_cubic, delay=delay)])


def flip(scene: StampSwapScene, placed: Placed, delay: float = 0.0) -> None:
    """A face-down stamp turns over where it lies."""
    back = scene.art.tile({"key": "?", "known": False}, placed.rect.w)
    if placed.zone in ("album", "pending"):
        back = pygame.transform.smoothscale(back, placed.rect.size)
    sprite = Sprite(placed.key, face_for(scene, placed), placed.rect.center, back=back)
    sprite.flip = 0.0
    sprite.layer = 3
    _launch(scene, sprite, placed.key, [Tween(sprite, "flip", 1.0, 0.6, ease_in_out, delay=delay)])


def vanish(scene: StampSwapScene, placed: Placed, label: str) -> None:
    """A discarded stamp drops away from where it was drawn and fades; its points float up from a stamp
    shown large (the seat's score float says them too: over a panel's small strip they would land on its labels)."""
    item, start = placed.item, placed.rect
    sprite = Sprite(item["key"], face_for(scene, placed), start.center)
    sprite.layer = 3
    end = (start.centerx, start.centery + 160)
    _launch(scene, sprite, item["key"], [Tween(sprite, "pos", end, 1.1, ease_in_out),
                                         Tween(sprite, "alpha", 0.0, 1.1, ease_in_out)])
    if not placed.zone.startswith(("panel", "mini")):  # in a seat's panel the score box's float says it
        float_text(scene, label, start.center, RED if label.startswith("\u2212") else GOLD)


def float_text(scene: StampSwapScene, words: str, pos: tuple[int, int], colour: Colour, size: int = 44) -> None:
    """A big number that rises and fades, started below any that is still in the air so none cover another."""
    with at_most(100):  # a float rises over the table's fixed art: it keeps its 100 % size, as that art does
        label = FloatText(scene.app.text.render(words, size, colour, bold=True, shadow=True), pos)
    label.pos = start = _below_others(scene, label)
    scene.movers.append(label)
    end = (start[0], start[1] - RISE)

    def done() -> None:
        if label in scene.movers:
            scene.movers.remove(label)
            scene.restatic()  # words held back from under its path (centre's "All placed") come now

    scene.anim.add(Sequence([Parallel([Tween(label, "pos", end, 1.2, ease_out_cubic),
                                       Tween(label, "alpha", 0.0, 1.2, ease_in_out)]), Call(done)]))


def rising_paths(scene: StampSwapScene) -> list[pygame.Rect]:
    """Where each float still in the air rises through (from where it is to RISE px higher)."""
    return [m.rect.union(m.rect.move(0, -RISE)) for m in scene.movers if isinstance(m, FloatText)]


def _below_others(scene: StampSwapScene, label: FloatText) -> tuple[float, float]:
    """The label's start, moved down under every rising label it would touch (a bounded walk)."""
    x, y = label.pos
    for _ in range(8):
        hit = [m.rect for m in scene.movers if isinstance(m, FloatText) and m.rect.colliderect(label.rect)]
        if not hit:
            break
        y += max(r.bottom for r in hit) - label.rect.top
        label.pos = (x, y)
    return x, y


def _launch(scene: StampSwapScene, sprite: Sprite, key: str, tweens: list[Any]) -> None:
    scene.hidden.add(key)
    scene.movers.append(sprite)

    def done() -> None:
        if sprite in scene.movers:
            scene.movers.remove(sprite)
        if not any(getattr(m, "key", None) == key for m in scene.movers):
            scene.hidden.discard(key)
        scene.restatic()

    scene.anim.add(Sequence([Parallel(tweens), Call(done)]))


def animate(scene: StampSwapScene, old: Layout | None, events: list[Any]) -> None:
    """Fly every item whose place changed; flip what was revealed; drop what was discarded."""
    if old is None:
        return
    revealed = {k for e in events if e.kind in ("revealed", "viewed") for k in _event_keys(e)}
    seen: set[str] = set()
    for k, placed in enumerate(scene.lay.items):
        if placed.key in seen:
            continue
        seen.add(placed.key)
        best = max((p for p in scene.lay.items if p.key == placed.key), key=lambda p: p.rect.w)
        start = old.rect_of(placed.key)
        if placed.key in revealed:
            flip(scene, best, delay=0.1 * (k % 6))
        elif start is not None and start != best.rect:
            fly(scene, best, start)
    for e in events:
        if e.kind == "discarded":
            was = [p for p in old.items if p.key == e.data["item"]]
            if was:
                vanish(scene, max(was, key=lambda p: p.rect.w), _signed(int(e.data["points"])))


def _event_keys(event: Any) -> list[str]:
    if event.kind == "revealed":
        return list(event.data.get("stamps", {}))
    return list(event.data.get("items", []))


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else ("\u00b10" if points == 0 else f"\u2212{-points}")


def step_counters(scene: StampSwapScene, dt: float) -> None:
    """Count scores towards their values; the track and score boxes move while they do."""
    moving = [i for i, c in enumerate(scene.counters) if c.step(scene.anim.scaled(dt))]
    movers = [m for m in scene.movers if isinstance(m, (TrackMover, ScoreMover))]
    if moving and not movers:
        scene.movers.append(TrackMover(scene))
        scene.movers += [ScoreMover(scene, i) for i in range(len(scene.counters))]
    elif not moving and movers:
        for m in movers:
            scene.movers.remove(m)
        scene.restatic()
