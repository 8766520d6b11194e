"""The "waiting for the answer" pill: online, a move (a contested swap above all) shows as
pending from the tap until the server's answer arrives; a refusal then says why."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD
from game.text import tr
from rules.swap_meet.actions import CashOut, Crash, HostileTakeover, OpenOffer, Pull, Swap, TaxAudit

PILL = pygame.Rect(1320, 966, 580, 54)  # by the stall's own buttons (solo layout: online is one seat)
WORDS: dict[type, str] = {Swap: "swap", OpenOffer: "offer", Pull: "pull", CashOut: "cash", Crash: "crash",
                          TaxAudit: "audit", HostileTakeover: "takeover"}  # the key of the move's words


def pending_words(actions: list[Any]) -> str:
    """What the pill says for the moves still in flight (the last one named)."""
    return tr(f"sm.sending.{WORDS.get(type(actions[-1]), 'move')}")


class PendingNote:
    """A mover drawn over the floor while `actions` are unanswered."""

    layer = 3

    def __init__(self, app: Any) -> None:
        self.app, self.rect = app, PILL.copy()
        self.words = ""

    def draw(self, canvas: pygame.Surface) -> None:
        """A dark pill with a gold edge and the words."""
        pygame.draw.rect(canvas, (30, 24, 18), self.rect, border_radius=self.rect.h // 2)
        pygame.draw.rect(canvas, GOLD, self.rect, 2, border_radius=self.rect.h // 2)
        size = 24
        while size > 16 and self.app.text.font(size, True).size(self.words)[0] > self.rect.w - 28:
            size -= 1  # a longer language's words shrink to stay inside the pill
        self.app.text.draw(canvas, self.words, self.rect.center, size, CREAM, bold=True, anchor="center")
