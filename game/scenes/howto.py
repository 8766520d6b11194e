"""The title's How to play: a welcome, then a page per game with the picture of its real cards, a few
sentences, and links to that game's rules pages and its guided match; then playing together."""

from __future__ import annotations

import pygame

from game.draw.ui import button, label_fits, label_width, resize
from game.scenes.help import LINK_H, LINK_TOP, PANEL, HelpScene, Page
from game.scenes.help_text import TOGETHER, WELCOME
from game.shell import catalog
from game.shell.catalog import GameEntry
from game.text import tr


def game_page(entry: GameEntry) -> Page:
    """A game's page: its short how-to in one paragraph (its Rules and Guided match buttons say where the rest is)."""
    return entry.title, " ".join(sentence for _, sentence in entry.cards) or entry.tagline


class HowToPlayScene(HelpScene):
    """How to play from the title: every game's page links to its rules and its guided match."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        self.games = {e.title: e for e in catalog.entries()}
        pages = [*WELCOME, *(game_page(e) for e in self.games.values()), *TOGETHER]
        super().__init__(app, tr("title.howto"), pages)

    def _links(self) -> None:
        """Rules (top left) and Guided match (top right), made once and shown on a game's page only."""
        if getattr(self, "rules_link", None) is None:
            top = PANEL.y + LINK_TOP
            self.rules_link = button(self.ui, (PANEL.x + 30, top, 260, LINK_H), tr("help.rules"), "#quiet")
            self.guided_link = button(self.ui, (PANEL.right - 330, top, 300, LINK_H), tr("help.guided"), "#primary")
            if not label_fits(self.guided_link):  # "Geführte Partie ›": grow leftwards
                width = label_width(self.guided_link)
                resize(self.guided_link, (width, LINK_H), (PANEL.right - 30 - width, top))
        entry = self.page_entry()
        for link in (self.rules_link, self.guided_link):
            link.show() if entry is not None else link.hide()
        if entry is not None and not entry.tutorial:
            self.guided_link.hide()

    def page_entry(self) -> GameEntry | None:
        """The game whose page is showing (None on the welcome and playing-together pages)."""
        return self.games.get(self.pages[self.index][0])

    def page_picture(self, heading: str) -> pygame.Surface | None:
        entry = self.games.get(heading)
        if entry is None:
            return None
        shown = entry.cards[0][0] if entry.cards else (entry.help_pages[0][0] if entry.help_pages else heading)
        return entry.help_picture(self.app, shown)  # type: ignore[no-any-return]

    def _show(self) -> None:
        super()._show()
        self._links()

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        entry = self.page_entry()
        if entry is not None and element is getattr(self, "rules_link", None):
            self.app.stack.push(HelpScene.for_game(self.app, entry))
        elif entry is not None and element is getattr(self, "guided_link", None):
            from game.tutorial.lesson import open_lesson

            self.app.go(lambda: open_lesson(self.app, entry.name))
        else:
            super().on_button(element)
