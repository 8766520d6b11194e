"""The help / briefing overlay: pages of text that each game fills, with Back, Next and Close."""

from __future__ import annotations

import pygame
import pygame_gui

from game.catalog import GameEntry
from game.display import LOGICAL_H, LOGICAL_W
from game.help_text import HOW_TO_PLAY
from game.palette import GOLD, MUTED
from game.scene import Scene
from game.ui import button, label_fits, label_width
from game.widgets import panel

PANEL = pygame.Rect(0, 0, 1300, 860)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)

Page = tuple[str, str]
BODY = pygame.Rect(PANEL.x + 40, PANEL.y + 150, PANEL.w - 80, 560)
ART = pygame.Rect(PANEL.x + 40, PANEL.y + 140, PANEL.w - 80, 250)  # a page's picture, above its text
BELOW_ART = pygame.Rect(BODY.x, ART.bottom + 10, BODY.w, BODY.bottom - ART.bottom - 10)


class HelpScene(Scene):
    """An overlay showing one page at a time."""

    opaque = False
    name = "help"

    def __init__(self, app, title: str, pages: list[Page], on_close=None,  # type: ignore[no-untyped-def]
                 lesson: str | None = None, entry: GameEntry | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.pages = pages or [("Help", "No help pages yet.")]
        self.index = 0
        self.on_close = on_close
        self.entry = entry  # draws the pictures of the real cards some pages have
        self.picture: pygame.Surface | None = None
        self.body = pygame_gui.elements.UITextBox("", pygame.Rect(BODY), manager=self.ui)
        y = PANEL.bottom - 110
        self.prev = button(self.ui, (PANEL.x + 40, y, 240, 76), "‹ Back", "#quiet")
        self.next = button(self.ui, (PANEL.right - 280, y, 240, 76), "Next ›", "#primary")
        self.close = button(self.ui, (PANEL.centerx - 120, y, 240, 76), "Close")
        from game.tutorial.lesson import guide_for, has_place  # lazily: lessons open table scenes

        self.lesson = lesson if lesson and guide_for(lesson) is not None else None
        self.guided = None
        if self.lesson:  # learning by playing is offered wherever the rules are read
            label = "Resume guided match ›" if has_place(self.lesson) else "Guided match ›"
            self.guided = button(self.ui, (PANEL.right - 400, PANEL.y + 24, 370, 64), label, "#primary")
            if not label_fits(self.guided):  # "Resume guided match ›" at a large font: grow leftwards
                width = label_width(self.guided)
                self.guided.set_dimensions((width, 64))
                self.guided.set_relative_position((PANEL.right - 30 - width, PANEL.y + 24))
        self._show()

    @classmethod
    def how_to_play(cls, app) -> HelpScene:  # type: ignore[no-untyped-def]
        """The title screen's How to play."""
        return cls(app, "How to play", HOW_TO_PLAY)

    @classmethod
    def for_game(cls, app, entry: GameEntry, on_close=None) -> HelpScene:  # type: ignore[no-untyped-def]
        """A game's help pages (from its rules, through the catalogue)."""
        return cls(app, entry.title, list(entry.help_pages), on_close, lesson=entry.name, entry=entry)

    def _show(self) -> None:
        heading, body = self.pages[self.index]
        self.picture = self.entry.help_picture(self.app, heading) if self.entry else None
        box = BODY if self.picture is None else BELOW_ART
        self.body.set_relative_position(box.topleft)
        self.body.set_dimensions(box.size)
        self.body.set_text(body.replace("\n", "<br>"))
        if self.index == 0:
            self.prev.disable()
        else:
            self.prev.enable()
        self.next.set_text("Next ›" if self.index < len(self.pages) - 1 else "Done")
        self.heading = heading
        self.invalidate()

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if self.guided is not None and element is self.guided and self.lesson:
            from game.tutorial.lesson import open_lesson

            game = self.lesson
            self.app.go(lambda: open_lesson(self.app, game))
        elif element is self.next and self.index < len(self.pages) - 1:
            self.index += 1
            self._show()
        elif element is self.prev and self.index > 0:
            self.index -= 1
            self._show()
        elif element in (self.close, self.next):
            self.on_back()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) and self.index < len(self.pages) - 1:
            self.index += 1
            self._show()
            return True
        if event.key in (pygame.K_LEFT, pygame.K_PAGEUP) and self.index > 0:
            self.index -= 1
            self._show()
            return True
        return super().on_key(event)

    def on_back(self) -> bool:
        self.app.stack.pop()
        if self.on_close:
            self.on_close()
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.dim(canvas, 200)
        panel(canvas, PANEL, radius=28, width=4)
        text = self.app.text
        text.draw(canvas, self.title, (PANEL.centerx, PANEL.y + 26), 30, MUTED, anchor="midtop")
        text.draw(canvas, self.heading, (PANEL.centerx, PANEL.y + 66), 52, GOLD, bold=True, anchor="midtop")
        if self.picture is not None:
            canvas.blit(self.picture, self.picture.get_rect(center=ART.center))
        dots_y = PANEL.bottom - 140
        n = len(self.pages)
        for i in range(n):
            x = PANEL.centerx + (i - (n - 1) / 2) * 30
            current = i == self.index
            pygame.draw.circle(canvas, GOLD if current else (90, 75, 55), (int(x), dots_y), 8 if current else 6)
