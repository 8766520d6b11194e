"""The Swap Meet floor's lesson targets: where a guided match's coach points and where its slim
panel may sit in free play (mixed into SwapMeetScene)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.swap_meet.panel import STALL_TOP
from game.shell.scene import Scene

if TYPE_CHECKING:
    from game.scenes.swap_meet.layout import Region
    from game.scenes.swap_meet.market import Countdown, Market

COACH_BAND = 70  # the least height of the free band a slim coach panel takes in free play


class GuidedTargets(Scene):
    """Mixed into the floor: `tutorial_target` by name, and the free band for the coach."""

    # what this mixin uses of the scene it is mixed into
    regions: list[Region]
    market: Market
    countdown: Countdown
    table_mode: bool

    if TYPE_CHECKING:
        def masked(self, region: Region) -> bool: ...

    def tutorial_target(self, name: str) -> pygame.Rect | None:
        """The floor's lesson targets, on the canvas: "card:KIND" (the + of that type's slot),
        "button:LABEL" (a panel button, else a pygame-gui one), "swap:SEAT", "peek:SEAT",
        "rival:SEAT", "contract", "meter:KIND", "market", "clock", "hint" (the hint line's words),
        "hand" (your resource cards), "action:KIND" (an action card in your hand) and
        "coach:panel" (where the coach's words may sit in free play: the free band between the rivals'
        rows and your stall, clear of the market, the clock, every row and your hand)."""
        kind, _, arg = name.partition(":")
        region = self.regions[0] if self.regions else None
        if kind == "meter":
            return self.market.cells.get(arg)
        if kind in ("clock", "market"):
            return (self.countdown.rect if kind == "clock" else self.market.rect).copy()
        if kind == "coach" and arg == "panel":
            return self._coach_band()
        if region is None or self.masked(region):
            return super().tutorial_target(name)
        panel_ = region.panel
        intent: tuple[Any, ...] | None = None
        if kind == "hint":
            return region.panel.hint_rect.move(region.rect.topleft) if not self.table_mode else None
        if kind == "card":
            intent = (kind, arg, "more")
        elif kind == "action":
            intent = ("info", arg)
        elif kind in ("swap", "peek") and arg.isdigit():
            intent = (kind, int(arg))
        elif kind == "button" and region.model is not None:
            key = next((b.key for b in region.model.buttons if b.label == arg and b.enabled), None)
            intent = None if key is None else (kind, key)
        rect = next((r for r, i in reversed(panel_.hits) if i == intent), None) if intent else None
        if kind == "rival" and arg.isdigit():
            rect = panel_.rival_rects.get(int(arg))
        elif kind == "contract":
            rect = panel_.contract_rect if panel_.contract_rect.w else None
        elif kind == "hand" and panel_.card_rects:
            slots = list(panel_.card_rects.values())
            rect = slots[0].unionall(slots[1:])
        if rect is None:
            return super().tutorial_target(name)
        corners = [region.to_canvas(p) for p in (rect.topleft, rect.bottomright)]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        return pygame.Rect(round(xs[0]), round(ys[0]), round(xs[1] - xs[0]), round(ys[1] - ys[0]))

    def _coach_band(self) -> pygame.Rect | None:
        """The free band between the rivals' last row and your stall's awning (one person against
        bots), where a slim coach panel covers nothing live; None when it is too thin."""
        if self.table_mode or not self.regions or not self.regions[0].panel.rival_rects:
            return None
        region = self.regions[0]
        top = region.rect.y + max(r.bottom for r in region.panel.rival_rects.values()) + 4
        band = pygame.Rect(region.rect.x + 16, top, region.rect.w - 32, region.rect.y + STALL_TOP - top)
        return band if band.h >= COACH_BAND else None
