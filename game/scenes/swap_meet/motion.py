"""Event animations on the floor: cards flying between stalls and floating labels.

Nothing here decides anything: the rules already applied the move; these only show it.
"""

from __future__ import annotations

from typing import Any

from game.anim import Call, Sequence, Tween, Wait, ease_in_out, ease_out_cubic
from game.palette import CREAM, GOLD
from game.scenes.swap_meet.model import RES_NAME
from game.scenes.swap_meet.panel import card_back, card_face
from game.scenes.swap_meet.story import feed_line
from game.sprites import Sprite

CARD = (78, 110)
SOUNDS = {"offer_open": "card_slide", "offer_pulled": "card_slide", "swap": "swap", "crash": "crash",
          "peek": "card_flip", "audit_discard": "coin", "takeover": "coins", "cash_out": "cash_out",
          "slam": "fanfare", "round_start": "shuffle", "match_over": "fanfare", "action_played": "card_flip"}


class Effects:
    """Adds sprites to the scene's movers and tweens them; removes them when done."""

    def __init__(self, scene) -> None:  # type: ignore[no-untyped-def]
        self.scene = scene
        self.app = scene.app

    def _remove(self, sprite: Sprite) -> None:
        if sprite in self.scene.movers:
            self.scene.movers.remove(sprite)

    def fly(self, kind: str | None, src: tuple[float, float], dst: tuple[float, float], delay: float = 0.0) -> None:
        """One card from src to dst (face down when its kind is secret)."""
        assets = self.app.assets
        face = card_face(assets, kind, CARD, self.app.text) if kind else card_back(assets, CARD)
        sprite = Sprite(("fly", id(object())), face, src)
        sprite.layer = 3
        self.scene.movers.append(sprite)
        self.scene.anim.add(Sequence([Wait(delay), Tween(sprite, "pos", dst, 0.6, ease_in_out),
                                      Tween(sprite, "alpha", 0.0, 0.2)]))
        self.scene.anim.add(Sequence([Wait(delay + 0.85), Call(lambda: self._remove(sprite))]))

    def label(self, words: str, pos: tuple[float, float], colour: tuple[int, ...] = CREAM) -> None:
        """A floating label that rises and fades."""
        img = self.app.text.render(words, 30, colour, bold=True, shadow=True)
        sprite = Sprite(("label", id(img), pos), img, pos)
        sprite.layer = 4
        self.scene.movers.append(sprite)
        x, y = pos
        self.scene.anim.add(Tween(sprite, "pos", (x, y - 50), 1.6, ease_out_cubic))
        self.scene.anim.add(Sequence([Wait(1.0), Tween(sprite, "alpha", 0.0, 0.6,
                                                       on_done=lambda: self._remove(sprite))]))

    def play(self, event: Any) -> None:
        """Sound and motion for one (already redacted) event."""
        sound = SOUNDS.get(event.kind)
        if sound:
            self.app.audio.play(sound)
        d = event.data
        anchor = self.scene.anchor
        if event.kind == "swap":
            a, b = anchor(event.seat), anchor(d["target"])
            for i in range(d["count"]):
                self.fly(d["got"], b, a, i * 0.12)
                self.fly(d["give"], a, b, i * 0.12 + 0.06)
        elif event.kind == "takeover":
            self.fly(d.get("kind"), anchor(d["target"]), anchor(event.seat))
        elif event.kind == "audit_discard":
            self.fly(d["kind"], anchor(event.seat), self.scene.centre_point())
        elif event.kind == "offer_open":
            self.label(f"offers {d['count']} {RES_NAME[d['kind']]}", anchor(event.seat))
        elif event.kind in ("crash", "action_played", "peek") and event.seat is not None:
            line = feed_line(event, self.scene.names)
            if line:
                self.label(line, anchor(event.seat), GOLD)

