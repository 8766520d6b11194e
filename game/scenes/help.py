"""The help / briefing overlay: pages of text that each game fills, with Back, Next and Close."""

from __future__ import annotations

import re

import pygame
import pygame_gui

from game.draw.palette import BRASS, CREAM, GOLD, MUTED
from game.draw.text import Text, grown, unscaled
from game.draw.ui import button, label_fits, label_width, resize, wanted_width
from game.scenes.dialog import Dialog
from game.shell.catalog import GameEntry
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.text import tr

LINK_TOP, LINK_H = 24, 64  # the links in the top corners (Guided match; How to play's Rules): y in the panel
# The heading's row starts under them: a grown link (or a long heading) reaching over the heading's
# column must not cut its ink (an accented capital's starts 7 px under the row's top at 52 px).
HEAD_TOP = LINK_TOP + LINK_H - 6
PANEL = pygame.Rect(0, 0, 1300, 794 + HEAD_TOP)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)

Page = tuple[str, str]
BODY = pygame.Rect(PANEL.x + 40, PANEL.y + HEAD_TOP + 84, PANEL.w - 80, 560)
ART = pygame.Rect(PANEL.x + 40, PANEL.y + HEAD_TOP + 74, PANEL.w - 80, 250)  # a page's picture, above its text
BELOW_ART = pygame.Rect(BODY.x, ART.bottom + 10, BODY.w, BODY.bottom - ART.bottom - 10)

BOX_BG, BOX_ALPHA = (26, 20, 16), 230  # the theme's text box: #1a1410e6 with a 2 px brass edge
BOX_RADIUS, BOX_EDGE, SHADOW = 16, 2, 2  # the box is drawn inside its rect by the shadow's width
PAD_X, PAD_Y = 33, 27  # where pygame-gui's text box put the first letter (its 24,18 padding)
BAR_W, WRAP = 20, 84  # the scroll bar; lines are wrapped 84 px narrower than the box, as it did
SIZE, LINE = 28, 49  # the theme's 28 px Noto Sans at pygame-gui's line spacing

Line = list[tuple[int, str, bool]]  # (x, words, bold) runs


def layout(text: Text, body: str, width: int) -> list[Line]:
    """Wrap `body` (lines split by newlines, <b>bold</b> runs) into lines of runs that fit `width`."""
    space = text.font(SIZE).size(" ")[0]
    lines: list[Line] = []
    for para in body.split("\n"):
        words: list[tuple[str, bool, bool]] = []  # (word, bold, glued to the word before)
        bold, spaced = False, True  # spaced: the text so far ends with a space
        for part in re.split(r"(</?b>)", para):
            if part in ("<b>", "</b>"):
                bold = part == "<b>"
                continue
            glued = not spaced and bool(part) and not part[0].isspace()  # "<b>Couch play</b>: ..."
            spaced = part[-1].isspace() if part else spaced
            for word in part.split(" "):
                if word:
                    words.append((word, bold, glued))
                glued = False
        line: Line = []
        x = 0
        for word, bold, glued in words:
            w = text.font(SIZE, bold).size(word)[0]
            if glued:  # no space before it, and it stays on its word's line
                x -= space
            elif line and x + w > width:
                lines.append(line)
                line, x = [], 0
            if line and line[-1][2] == bold and not glued:  # same weight: one run, one cached render
                start, run, _ = line[-1]
                line[-1] = (start, f"{run} {word}", bold)
            else:
                line.append((x, word, bold))
            x += w + space
        lines.append(line)
    return lines


class HelpBody:
    """A page's text in a rounded box, scrolled by pygame-gui's scroll bar when it overflows.

    Lines come from the shared Text cache and are drawn straight onto the canvas. A UITextBox
    kept four box-sized surfaces (~10 MB with its shadow) while help was open over a table, and
    built its rounded box at 4x size on every page (2 x 41 MB for a frame).
    """

    def __init__(self, ui: pygame_gui.UIManager, text: Text) -> None:
        self.ui, self.text = ui, text
        self.rect = pygame.Rect(BODY)
        self.lines: list[Line] = []
        self.line = LINE
        self.bar: pygame_gui.elements.UIVerticalScrollBar | None = None
        self.shown = -1.0  # the scroll position last drawn

    def set_page(self, box: pygame.Rect, body: str) -> None:
        """Show `body` in `box`, scrolled to its top."""
        self.rect = pygame.Rect(box)
        self.line = grown(LINE)  # a line as tall as its words at the text size in use
        self.lines = layout(self.text, body, self.rect.w - WRAP)
        if self.bar is not None:
            self.bar.kill()
            self.bar = None
        visible = (self.rect.h - 2 * PAD_Y) / max(1, len(self.lines) * self.line)
        if visible < 1.0:
            inset = BOX_EDGE + SHADOW
            bar = pygame.Rect(self.rect.right - inset - BAR_W - 3, self.rect.y + inset, BAR_W, self.rect.h - 2 * inset)
            self.bar = pygame_gui.elements.UIVerticalScrollBar(bar, visible, manager=self.ui)
        self.shown = -1.0

    def offset(self) -> int:
        """Pixels scrolled from the top."""
        return 0 if self.bar is None else round(self.bar.start_percentage * len(self.lines) * self.line)

    def moved(self) -> bool:
        """Has the scroll changed since the last draw?"""
        return self.bar is not None and self.bar.start_percentage != self.shown

    def wheel(self, pos: tuple[int, int], dy: float) -> bool:
        """A mouse wheel over the box scrolls it by three lines a notch."""
        if self.bar is None or not self.rect.collidepoint(pos):
            return False
        step = 3 / len(self.lines)  # three lines a notch
        top = max(0.0, min(1.0 - self.bar.visible_percentage, self.bar.start_percentage - dy * step))
        self.bar.set_scroll_from_start_percentage(top)
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        """The box (blended like an alpha fill, with no layer) and the visible lines."""
        box = self.rect.inflate(-2 * SHADOW, -2 * SHADOW)
        self._fill(canvas, box)
        pygame.draw.rect(canvas, BRASS, box, BOX_EDGE, border_radius=BOX_RADIUS)
        inner = box.inflate(-2 * BOX_EDGE, -2 * PAD_Y + 2 * BOX_EDGE + 2 * SHADOW)
        clip = canvas.get_clip()
        canvas.set_clip(inner.clip(clip))
        y = self.rect.y + PAD_Y - self.offset()
        for line in self.lines:
            if y + self.line > inner.y and y < inner.bottom:
                for x, words, bold in line:
                    self.text.draw(canvas, words, (self.rect.x + PAD_X + x, y), SIZE, CREAM, bold)
            y += self.line
        canvas.set_clip(clip)
        self.shown = -1.0 if self.bar is None else self.bar.start_percentage

    @staticmethod
    def _fill(canvas: pygame.Surface, box: pygame.Rect) -> None:
        """Blend BOX_BG at BOX_ALPHA over the rounded box: multiply keeps the rest, add tints."""
        keep = 255 - BOX_ALPHA
        mult = (keep, keep, keep)
        add = tuple(c * BOX_ALPHA // 255 for c in BOX_BG)
        r = BOX_RADIUS
        rows = [pygame.Rect(box.x, box.y + r, box.w, box.h - 2 * r)]  # the straight middle
        for dy in range(r):  # the rounded rows, top and bottom
            inset = round(r - (r * r - (r - dy - 0.5) ** 2) ** 0.5)
            rows.append(pygame.Rect(box.x + inset, box.y + dy, box.w - 2 * inset, 1))
            rows.append(pygame.Rect(box.x + inset, box.bottom - 1 - dy, box.w - 2 * inset, 1))
        for row in rows:
            canvas.fill(mult, row, special_flags=pygame.BLEND_RGB_MULT)
            canvas.fill(add, row, special_flags=pygame.BLEND_RGB_ADD)

class HelpScene(Dialog):
    """An overlay showing one page at a time (← and → turn pages; Tab, ↑ and ↓ move the focus ring)."""

    name = "help"
    focusable = True  # its buttons by keyboard (game/shell/focus.py)

    def __init__(self, app, title: str, pages: list[Page], on_close=None,  # type: ignore[no-untyped-def]
                 lesson: str | None = None, entry: GameEntry | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.pages = pages or [(tr("help.heading"), tr("help.none"))]
        self.index = 0
        self.on_close = on_close
        self.entry = entry  # draws the pictures of the real cards some pages have
        self.picture: pygame.Surface | None = None
        self.body = HelpBody(self.ui, app.text)
        y = PANEL.bottom - 110
        self.prev = button(self.ui, (PANEL.x + 40, y, 240, 76), tr("help.back"), "#quiet")
        self.next = button(self.ui, (PANEL.right - 280, y, 240, 76), tr("help.next"), "#primary")
        self.close = button(self.ui, (PANEL.centerx - 120, y, 240, 76), tr("help.close"))
        self._fit_foot()
        from game.tutorial.lesson import guide_for, has_place  # lazily: lessons open table scenes

        self.lesson = lesson if lesson and guide_for(lesson) is not None else None
        self.guided = None
        if self.lesson:  # learning by playing is offered wherever the rules are read
            label = tr("help.resume_guided") if has_place(self.lesson) else tr("help.guided")
            self.guided = button(self.ui, (PANEL.right - 400, PANEL.y + LINK_TOP, 370, LINK_H), label, "#primary")
            if not label_fits(self.guided):  # "Resume guided match ›" at a large font: grow leftwards
                width = label_width(self.guided)
                resize(self.guided, (width, LINK_H), (PANEL.right - 30 - width, PANEL.y + LINK_TOP))
        self._show()

    def _fit_foot(self) -> None:
        """Back, Close and Next as wide as their labels (Next as wide as Done too): Back keeps its left
        edge, Next its right, Close its centre."""
        done = self.next.text
        self.next.set_text(tr("help.done"))
        widest_next = wanted_width(self.next, int(self.next.rect.w))
        self.next.set_text(done)
        for made, width in ((self.prev, wanted_width(self.prev, 240)),
                            (self.next, max(wanted_width(self.next, 240), widest_next)),
                            (self.close, wanted_width(self.close, 240))):
            if width > made.rect.w:
                x = {id(self.prev): made.rect.x, id(self.next): made.rect.right - width}.get(
                    id(made), made.rect.centerx - width // 2)
                resize(made, (width, int(made.rect.h)), (x, int(made.rect.y)))

    @classmethod
    def how_to_play(cls, app) -> HelpScene:  # type: ignore[no-untyped-def]
        """The title screen's How to play (game/scenes/howto.py)."""
        from game.scenes.howto import HowToPlayScene

        return HowToPlayScene(app)

    @classmethod
    def for_game(cls, app, entry: GameEntry, on_close=None) -> HelpScene:  # type: ignore[no-untyped-def]
        """A game's help pages (from its rules, through the catalogue)."""
        return cls(app, entry.title, list(entry.help_pages), on_close, lesson=entry.name, entry=entry)

    def _show(self) -> None:
        heading, body = self.pages[self.index]
        self.picture = self.page_picture(heading)
        box = BODY if self.picture is None else BELOW_ART
        self.body.set_page(box, body)
        if self.index == 0:
            self.prev.disable()
        else:
            self.prev.enable()
        self.next.set_text(tr("help.next") if self.index < len(self.pages) - 1 else tr("help.done"))
        self.heading = heading
        self.invalidate()

    def title_room(self) -> int:
        """How wide the title over the heading may be: centred, clear of the links in the top corners."""
        links = [b for b in (self.guided, getattr(self, "rules_link", None), getattr(self, "guided_link", None))
                 if b is not None and b.visible]
        half = min([PANEL.w // 2 - 40, *(abs(int(b.rect.centerx) - PANEL.centerx) - int(b.rect.w) // 2 - 16
                                        for b in links)])
        return 2 * max(0, half)

    def page_picture(self, heading: str) -> pygame.Surface | None:
        """The picture over a page (the game's real cards), or None for a page of text."""
        return self.entry.help_picture(self.app, heading) if self.entry else None

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

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.body.wheel(self._mouse(), event.y):
            self.wake()
            return True
        return super().handle_event(event)

    def _mouse(self) -> tuple[int, int]:
        x, y = self.app.display.to_logical(pygame.mouse.get_pos())
        return int(x), int(y)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.body.moved():
            self.invalidate()

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
        self.sheet(canvas, PANEL)
        text = self.app.text
        size = text.fitting(self.title, 30, self.title_room(), least=30)  # between the top corners' links
        text.draw(canvas, self.title, (PANEL.centerx, PANEL.y + 26), size, MUTED, anchor="midtop")
        big = unscaled(52)  # a heading keeps its 100 % size: already big, and the picture starts under it
        text.draw(canvas, self.heading, (PANEL.centerx, PANEL.y + HEAD_TOP), big, GOLD, bold=True, anchor="midtop")
        if self.picture is not None:
            canvas.blit(self.picture, self.picture.get_rect(center=ART.center))
        self.body.draw(canvas)
        dots_y = PANEL.bottom - 140
        n = len(self.pages)
        for i in range(n):
            x = PANEL.centerx + (i - (n - 1) / 2) * 30
            current = i == self.index
            pygame.draw.circle(canvas, GOLD if current else (90, 75, 55), (int(x), dots_y), 8 if current else 6)
