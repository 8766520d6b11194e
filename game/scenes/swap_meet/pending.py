"""The "waiting for the answer" pill: online, a move (a contested swap above all) shows as
pending from the tap until the server's answer arrives; a refusal then says why."""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD
from rules.swap_meet.actions import CashOut, Crash, HostileTakeover, OpenOffer, Pull, Swap, TaxAudit

PILL = pygame.Rect(1320, 966, 580, 54)  # by the stall's own buttons (solo layout: online is one seat)
WORDS: dict[type, str] = {Swap: "your swap", OpenOffer: "your offer", Pull: "pulling your offer",
                          CashOut: "your cash-out", Crash: "your crash", TaxAudit: "your audit",
                          HostileTakeover: "your takeover"}


def pending_words(actions: list[Any]) -> str:
    """What the pill says for the moves still in flight (the last one named)."""
    what = WORDS.get(type(actions[-1]), "your move")
    return f"Sending {what}… waiting for the answer"


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
        self.app.text.draw(canvas, self.words, self.rect.center, 24, CREAM, bold=True, anchor="center")
