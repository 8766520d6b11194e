"""Event animations on the floor: cards flying between stalls and floating labels.

Nothing here decides anything: the rules already applied the move; these only show it. Labels
at one spot queue (an action card's two lines never print over each other) and stay inside the
row they belong to; `play` says when its cards land, so the feed line and the round summary can
wait for the picture instead of running ahead of it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.anim import Call, Sequence, Tween, Wait, ease_in_out, ease_out_cubic
from game.draw.palette import CREAM
from game.draw.sprites import Sprite
from game.scenes.swap_meet.panel import card_back, card_face
from game.scenes.swap_meet.story import feed_line

CARD = (78, 110)
Spot = tuple[tuple[float, float], float]  # a point on the canvas and a flying card's scale there
FLY = 0.6  # seconds a card flies
LABEL = 1.2  # seconds a label shows (the next one at the same spot waits for it)
UP = {0: (0, -1), 180: (0, 1), -90: (1, 0), 90: (-1, 0)}  # "up" on the canvas for a panel turned so
SOUNDS = {"offer_open": "card_slide", "offer_pulled": "card_slide", "swap": "swap", "crash": "crash",
          "peek": "card_flip", "audit_discard": "coin", "takeover": "coins", "cash_out": "cash_out",
          "slam": "fanfare", "round_start": "shuffle", "match_over": "fanfare", "action_played": "card_flip"}


class Effects:
    """Adds sprites to the scene's movers and tweens them; removes them when done."""

    def __init__(self, scene) -> None:  # type: ignore[no-untyped-def]
        self.scene = scene
        self.app = scene.app
        self.label_free: dict[tuple[int, int], float] = {}  # spot -> animation time it is free again

    def now(self) -> float:
        """Animation time (the scene's seconds through the motion-speed setting)."""
        return float(self.scene.anim.scaled(self.scene.time))

    def _remove(self, sprite: Sprite) -> None:
        if sprite in self.scene.movers:
            self.scene.movers.remove(sprite)

    def fly(self, kind: str | None, src: Spot, dst: Spot, delay: float = 0.0, to: int | None = None) -> None:
        """One card from src to dst, each a point and the card's scale there (face down when its kind
        is secret); seat `to`'s stall counts it only once it lands."""
        assets = self.app.assets
        face = card_face(assets, kind, CARD, self.app.text) if kind else card_back(assets, CARD)
        sprite = Sprite(("fly", id(object())), face, src[0])
        sprite.scale = src[1]
        sprite.layer = 3
        self.scene.movers.append(sprite)
        if to is not None:
            self.scene.flying[(to, kind)] += 1
        self.scene.anim.add(Sequence([Wait(delay), Tween(sprite, "pos", dst[0], FLY, ease_in_out),
                                      Call(lambda: self._landed(to, kind)), Tween(sprite, "alpha", 0.0, 0.2)]))
        if src[1] != dst[1]:
            self.scene.anim.add(Sequence([Wait(delay), Tween(sprite, "scale", dst[1], FLY, ease_in_out)]))
        self.scene.anim.add(Sequence([Wait(delay + FLY + 0.25), Call(lambda: self._remove(sprite))]))

    def _landed(self, seat: int | None, kind: str | None) -> None:
        if seat is None:
            return
        flying = self.scene.flying
        flying[(seat, kind)] -= 1
        if flying[(seat, kind)] <= 0:
            del flying[(seat, kind)]
        self.scene.refresh()

    def label(self, words: str, pos: tuple[float, float], colour: tuple[int, ...] = CREAM,
              bounds: pygame.Rect | None = None, angle: int = 0) -> None:
        """A label that rises a little and fades, turned to face its seat (`angle`, as the seat's
        panel), kept inside `bounds` (its row or panel), after any label still showing at the same spot."""
        img = self.plate(words, colour)
        if bounds is not None and img.get_width() > bounds.w - 8:  # a narrow lane: the plate shrinks to fit
            k = (bounds.w - 8) / img.get_width()
            img = pygame.transform.smoothscale(img, (bounds.w - 8, max(8, int(img.get_height() * k))))
        if angle:
            img = pygame.transform.rotate(img, angle)
        spot = (round(pos[0]), round(pos[1]))
        now = self.now()
        delay = max(0.0, self.label_free.get(spot, now) - now)
        self.label_free[spot] = now + delay + LABEL + 0.1  # the last one has faded out by then
        ux, uy = UP[angle]
        w, h = img.get_size()
        room = (bounds.h - h if uy else bounds.w - w) - 8.0 if bounds is not None else 40.0
        rise = max(0.0, min(40.0, room))
        x, y = pos[0] - ux * rise / 2, pos[1] - uy * rise / 2
        if bounds is not None:  # the whole rise stays inside the row or panel
            x = min(max(x, bounds.x + w / 2 + max(0.0, ux) * rise), bounds.right - w / 2 + min(0.0, ux) * rise)
            y = min(max(y, bounds.y + h / 2 - min(0.0, uy) * rise), bounds.bottom - h / 2 - max(0.0, uy) * rise)
        sprite = Sprite(("label", id(img), spot, self.label_free[spot]), img, (x, y))
        sprite.layer = 4

        def show() -> None:
            self.scene.movers.append(sprite)

        self.scene.anim.add(Sequence([Wait(delay), Call(show), Tween(sprite, "pos", (x + ux * rise, y + uy * rise),
                                                                    LABEL, ease_out_cubic)]))
        self.scene.anim.add(Sequence([Wait(delay + LABEL * 0.65), Tween(sprite, "alpha", 0.0, LABEL * 0.35,
                                                                        on_done=lambda: self._remove(sprite))]))

    def plate(self, words: str, colour: tuple[int, ...]) -> pygame.Surface:
        """A label's words on a dark rounded plate, so they read over cards and counters."""
        words_img = self.app.text.render(words, 26, colour, bold=True)
        plate = pygame.Surface((words_img.get_width() + 28, words_img.get_height() + 10), pygame.SRCALPHA)
        pygame.draw.rect(plate, (24, 18, 13, 235), plate.get_rect(), border_radius=14)
        pygame.draw.rect(plate, colour, plate.get_rect(), 2, border_radius=14)
        plate.blit(words_img, words_img.get_rect(center=plate.get_rect().center))
        return plate

    def play(self, event: Any) -> float:
        """Sound and motion for one (already redacted) event; seconds until its cards land."""
        sound = SOUNDS.get(event.kind)
        if sound:
            self.app.audio.play(sound)
        d = event.data
        at = self.scene.landing
        if event.kind == "swap":
            me, them = event.seat, d["target"]
            if self.scene.floor is not None:  # the demo's floor: who swapped floats in the taker's row
                self.scene.news(me, feed_line(event, self.scene.names) or "", False)
            for i in range(d["count"]):
                self.fly(d["got"], at(them, d["got"]), at(me, d["got"]), i * 0.12, to=me)
                self.fly(d["give"], at(me, d["give"]), at(them, d["give"]), i * 0.12 + 0.06, to=them)
            return float((d["count"] - 1) * 0.12 + 0.06 + FLY)
        if event.kind == "takeover":
            kind = d.get("kind")
            self.fly(kind, at(d["target"], kind), at(event.seat, kind), to=event.seat)
            return FLY
        if event.kind == "audit_discard":
            self.fly(d["kind"], at(event.seat, d["kind"]), at(None))
            return FLY
        if event.kind in ("offer_open", "crash", "action_played", "peek") and event.seat is not None:
            line = feed_line(event, self.scene.names)
            if line:
                self.scene.news(event.seat, line, event.kind == "offer_open")
        return 0.0

