"""What the Swap Meet floor offers to act on, as one target list (mixed into SwapMeetScene): each
seat panel's hit zones as it drew them, the market's meters, and the names a guided match's coach
points at, including where its slim panel may sit in free play."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.scenes.swap_meet.model import RES_NAME, button_label
from game.scenes.swap_meet.panel import STALL_TOP
from game.shell.scene import Scene
from game.shell.targets import Target, does
from game.text import tr
from rules.swap_meet.data import RESOURCES

if TYPE_CHECKING:
    from game.scenes.swap_meet.layout import Region
    from game.scenes.swap_meet.market import Countdown, Market

COACH_BAND = 70  # the least height of the free band a slim coach panel takes in free play
NAMED = {"info": "action", "card": "card"}  # an intent's first word as a lesson names it
BUTTON_NAMES = {"open": "Open offer", "pull": "Pull", "cash": "Cash out", "audit": "Tax Audit",
                "takeover": "Hostile Takeover", **{f"crash:{k}": f"Crash {k.title()}" for k in RESOURCES}}


def intent_name(intent: tuple[Any, ...], labels: dict[str, str]) -> str:
    """A panel intent as a lesson names it: ("card", KIND, "more") is "card:KIND" (the + of that
    type's slot), ("info", KIND) "action:KIND", ("button", KEY) "button:LABEL", others their words
    joined by colons ("swap:2", "card:rack:less", "peektab")."""
    if intent[0] == "card" and intent[2] == "more":
        return f"card:{intent[1]}"
    if intent[0] == "button":  # by its English words whatever the language: a lesson and the keys name it so
        return f"button:{BUTTON_NAMES.get(str(intent[1]), labels.get(intent[1], intent[1]))}"
    return ":".join(str(word) for word in (NAMED.get(intent[0], intent[0]), *intent[1:]))


def intent_label(intent: tuple[Any, ...], labels: dict[str, str], names: list[str]) -> str:
    """A few words the focus ring shows for a panel intent."""
    what, arg = str(intent[0]), str(intent[1]) if len(intent) > 1 else ""
    if what in ("swap", "peek", "row"):
        return tr(f"sm.focus.{what}", name=str(names[int(arg)]))
    if what == "card":
        return {"more": "+ ", "less": "− "}.get(intent[2], "") + RES_NAME.get(arg, arg)
    if what == "button":
        return labels.get(arg) or button_label(arg)
    if what == "pin":
        return tr("sm.focus.pin", what=RES_NAME.get(arg, arg))
    return tr(f"sm.focus.{what}") if what in ("term", "info", "news", "peektab") else what


class FloorTargets(Scene):
    """Mixed into the floor: `targets()` and the free band for the coach."""

    # what this mixin uses of the scene it is mixed into
    regions: list[Region]
    market: Market
    countdown: Countdown
    table_mode: bool
    viewer: int | None
    names: list[str]

    if TYPE_CHECKING:
        def masked(self, region: Region) -> bool: ...
        def _intent(self, region: Region, intent: tuple[Any, ...]) -> None: ...
        def pin_bank(self, kind: str) -> None: ...

    def targets(self) -> list[Target]:
        """Every seat panel's zones (topmost first), the market's meters ("meter:KIND": a tap pins the
        bank), "clock", "market", "coach:panel" (the free band between the rivals' rows and your stall,
        clear of the market, the clock, every row and your hand), then the first panel's "hint" (the hint
        line's words), "rival:SEAT", "contract" and "hand" (your resource cards); buttons as every scene.
        A lesson sees the first panel's names only, and none while it is face down."""
        found = [t for region in self.regions for t in self.region_targets(region)]
        pin = self.viewer is not None
        found += [Target(f"meter:{kind}", rect.copy(), does(self.pin_bank, kind) if pin else None,
                         f"{RES_NAME.get(kind, kind)} meter")
                  for kind, rect in self.market.cells.items()]
        found += [Target("clock", self.countdown.rect.copy()), Target("market", self.market.rect.copy())]
        band = self._coach_band()
        found += [Target("coach:panel", band)] if band is not None else []
        if self.regions and not self.masked(self.regions[0]):
            found += self._panel_shown(self.regions[0])
        return found + super().targets()

    def region_targets(self, region: Region) -> list[Target]:
        """One seat panel's hit zones on the canvas, topmost first; each acts as a tap on it would."""
        model = region.model
        labels = {b.key: b.label for b in model.buttons} if model is not None else {}
        enabled = {b.key for b in model.buttons if b.enabled} if model is not None else set()
        lit = region is self.regions[0] and not self.masked(region)
        floor: Any = self
        found = []
        for rect, intent in reversed(region.panel.hits):
            name = intent_name(intent, labels)
            found.append(Target(name, self._on_canvas(region, rect), does(floor._intent, region, intent),
                                intent_label(intent, labels, self.names), command=intent,
                                lit=lit and (intent[0] != "button" or intent[1] in enabled)))
        return found

    def _panel_shown(self, region: Region) -> list[Target]:
        panel_ = region.panel
        found = [] if self.table_mode else [Target("hint", panel_.hint_rect.move(region.rect.topleft))]
        found += [Target(f"rival:{seat}", self._on_canvas(region, r)) for seat, r in panel_.rival_rects.items()]
        if panel_.contract_rect.w:
            found.append(Target("contract", self._on_canvas(region, panel_.contract_rect)))
        if panel_.card_rects:
            slots = list(panel_.card_rects.values())
            found.append(Target("hand", self._on_canvas(region, slots[0].unionall(slots[1:]))))
        return found

    @staticmethod
    def _on_canvas(region: Region, rect: pygame.Rect) -> pygame.Rect:
        """An upright panel rect where it lies on the canvas (the panel may be turned to its trader)."""
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
