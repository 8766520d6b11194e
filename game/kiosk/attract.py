"""The attract loop: bots play demo matches through the real table scenes, between how-to cards
and today's best scores, under a "Tap to play" banner.

A demo is the table scene a visitor would get (`cls.new(app, config, autosave=False)`) with every
seat a bot, so nothing is saved. A demo ends after `demo_seconds`, a few seconds after its match
ends, or when a round-end screen has waited a while for a tap nobody will give.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.draw import helpart
from game.draw.palette import BRASS, CREAM, GOLD, MUTED, NIGHT, WOOD
from game.draw.text import grown, unscaled
from game.draw.widgets import felt, heading, panel
from game.kiosk import cards as card_words
from game.kiosk import shell
from game.scenes.seat_setup import SEAT_NAMES
from game.shell import catalog
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.scene import Scene
from game.text import language, tr
from game.text.locales import AUTONYMS
from rules.contract import MatchConfig, SeatConfig
from rules.registry import get_game
from rules.words import whole

if TYPE_CHECKING:
    from game.kiosk.config import KioskConfig
    from game.shell.app import App

DEMO_NAMES = SEAT_NAMES  # the seat setup's bot names: none is a good, resource or stamp word
AFTER_END = 6.0  # seconds a finished demo stays on screen
STUCK = 8.0  # seconds a demo may sit under a screen that waits for a tap
BANNER = pygame.Rect(LOGICAL_W // 2 - 460, LOGICAL_H - 150, 920, 124)
BANNER_MARGIN = 10  # room a demo table leaves between its rows and the banner
CHOICE_H = 84  # the strip of language chips the banner grows upwards when languages are offered
CHIP_H, CHIP_GAP, CHIP_PAD = 62, 12, 24


def offered(languages: tuple[str, ...], own: str) -> tuple[str, ...]:
    """The languages the banner offers: none when the config lists none, else the kiosk's own
    language first (a visitor can always get it back) and then the config's, each once."""
    if not languages:
        return ()
    return tuple(dict.fromkeys((own, *languages)))


def banner_rect(languages: tuple[str, ...]) -> pygame.Rect:
    """The banner's place: taller by the chips' strip when it offers languages."""
    return pygame.Rect(BANNER.x, BANNER.y - CHOICE_H, BANNER.w, BANNER.h + CHOICE_H) if languages else BANNER


def chip_rects(languages: tuple[str, ...]) -> dict[str, pygame.Rect]:
    """Each offered language's chip, in a row across the top of the banner."""
    if not languages:
        return {}
    n = len(languages)
    w = min(220, (BANNER.w - 2 * CHIP_PAD - (n - 1) * CHIP_GAP) // n)
    x = BANNER.centerx - (n * w + (n - 1) * CHIP_GAP) // 2
    y = BANNER.y - CHOICE_H + (CHOICE_H - CHIP_H) // 2 + 6
    return {lang: pygame.Rect(x + i * (w + CHIP_GAP), y, w, CHIP_H) for i, lang in enumerate(languages)}


@dataclass
class Item:
    """One step of the loop: a demo of a game, its how-to card, or the scores card."""

    kind: str  # "demo", "howto", "scores"
    game: str = ""


def demo_config(game_name: str, cfg: KioskConfig) -> MatchConfig:
    """Every seat a bot, at the kiosk's seat count and level (clamped to the game)."""
    game = get_game(game_name)
    wanted = cfg.seats.get(game_name, 4 if game.max_seats >= 4 else game.min_seats)
    n = min(game.max_seats, max(game.min_seats, wanted))
    level = cfg.bot_level if cfg.bot_level in game.bot_levels else game.bot_levels[0]
    entry = catalog.entry(game_name)
    options = {o.key: o.default for o in entry.options} if entry else {}
    return MatchConfig(tuple(SeatConfig(DEMO_NAMES[i], level) for i in range(n)), options)


def plan(games: tuple[str, ...]) -> list[Item]:
    """Demo, how-to, scores for each enabled game in turn."""
    out: list[Item] = []
    for game in games:
        out += [Item("demo", game), Item("howto", game), Item("scores")]
    return out


Line = tuple[str, int, tuple[Any, ...]]  # (words, size, colour)
CARD_BOX = pygame.Rect(LOGICAL_W // 2 - 760, 230, 1520, 660)
PICTURE_SCALE = 1.15  # the help page's picture band, a little larger on a card seen from a step away


class CardScene(Scene):
    """A full-screen card: a game's short how-to (a picture and a few words), or today's best scores."""

    name = "kiosk_card"

    def __init__(self, app: App, heading_text: str, lines: list[Line], picture: pygame.Surface | None = None) -> None:
        super().__init__(app)
        self.heading_text = heading_text
        self.lines = lines
        self.picture = picture
        if picture is not None:
            w, h = picture.get_size()
            self.picture = pygame.transform.smoothscale(picture, (int(w * PICTURE_SCALE), int(h * PICTURE_SCALE)))

    def placed(self) -> tuple[list[tuple[str, int, tuple[Any, ...], int]], bool]:
        """Each wrapped line with its y, and True when every line fits in the card (none is left out).
        At a bigger text size the words shrink (down to their 100 % size) before a line is left out."""
        for share in (1.0, 0.9, 0.8, 0.7, 0.0):
            out, fits = self._placed(share)
            if fits:
                break
        return out, fits

    def _placed(self, share: float) -> tuple[list[tuple[str, int, tuple[Any, ...], int]], bool]:
        """The lines at `share` of their grown size (never below their 100 % size in pixels)."""
        text, box = self.app.text, CARD_BOX
        y = box.y + 40 + (self.picture.get_height() + 20 if self.picture is not None else 10)
        out: list[tuple[str, int, tuple[Any, ...], int]] = []
        for words, laid_out, colour in self.lines:
            size = max(round(unscaled(laid_out)), round(laid_out * share))
            for line in text.wrap(words, size, box.w - 120):
                if y + grown(size) > box.bottom - 30:
                    return out, False  # a long page is cut at the panel, never drawn over its edge
                out.append((line, size, colour, y))
                y += int(grown(size) * 1.35)  # lines as far apart as their grown words
            y += 16
        return out, True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, self.heading_text, 90, 80)
        panel(canvas, CARD_BOX, radius=30, width=4)
        centred = self.picture is not None  # a how-to card: picture over a few centred words
        if self.picture is not None:
            canvas.blit(self.picture, self.picture.get_rect(midtop=(CARD_BOX.centerx, CARD_BOX.y + 30)))
        for line, size, colour, y in self.placed()[0]:
            if centred:
                self.app.text.draw(canvas, line, (CARD_BOX.centerx, y), size, colour, anchor="midtop")
            else:
                self.app.text.draw(canvas, line, (CARD_BOX.x + 60, y), size, colour)


def howto_card(app: App, game: str, page: int) -> CardScene:
    """One of the game's short how-to cards: the picture of a help page and a sentence or two."""
    entry = catalog.entry(game)
    name = entry.title if entry else game
    cards = list(entry.cards) if entry and entry.cards else []
    if not cards:  # a game without short cards: its help pages' headings, pictures and first sentence
        pages = list(entry.help_pages) if entry and entry.help_pages else [("How to play", "")]
        cards = [(title, first_sentence(body)) for title, body in pages]
    heading_of, words = cards[page % len(cards)]
    picture = uncaptioned(entry.help_picture(app, heading_of)) if entry else None
    lines: list[Line] = [(card_words.words(game, page % len(cards), words), 44, CREAM),
                         (tr("kiosk.howto.page", page=page % len(cards) + 1, pages=len(cards)), 26, MUTED)]
    return CardScene(app, tr("kiosk.howto.heading", game=name), lines, picture)


def uncaptioned(picture: pygame.Surface | None) -> pygame.Surface | None:
    """A help page's strip of pieces (game/draw/helpart.py) without its row of captions: they are the
    help pages' English, and on a card the cards' own names and the card's words say it in the visitor's
    language. Another picture is kept whole."""
    if picture is None or picture.get_size() != helpart.BAND:
        return picture
    size = (helpart.BAND[0], helpart.BAND[1] - helpart.CAPTION - 12)  # over the captions, under the pieces
    out = pygame.Surface(size, pygame.SRCALPHA)
    out.blit(picture, (0, 0), (0, 0, *size))
    return out


def first_sentence(body: str) -> str:
    """The first sentence of a help page (a card says a little, never a page cut off)."""
    para = next((p for p in body.split("\n") if p.strip()), "")
    end = para.find(". ")
    return para[: end + 1] if end >= 0 else para


def scores_card(app: App, best: dict[str, list[tuple[str, float]]]) -> CardScene:
    """Today's best scores per game (initials when the leaderboard is on)."""
    lines: list[tuple[str, int, tuple[Any, ...]]] = []
    for entry in catalog.entries():
        rows = best.get(entry.name, [])
        lines.append((entry.title, 44, GOLD))
        if not rows:
            lines.append((tr("kiosk.scores.none"), 32, MUTED))
        for initials, score in rows[:3]:
            lines.append((f"{initials or '—'}    {whole(score)}", 34, CREAM))
    return CardScene(app, tr("kiosk.scores.heading"), lines)


class Attract:
    """Runs the loop; `scores` gives the scores card its rows."""

    def __init__(self, app: App, cfg: Callable[[], KioskConfig],
                 scores: Callable[[], dict[str, list[tuple[str, float]]]]) -> None:
        self.app, self.cfg, self.scores = app, cfg, scores
        self.active = False
        self.items: list[Item] = []
        self.index = -1
        self.scene: Any = None
        self.started = 0.0  # app clock when the current item began
        self._ended_at: float | None = None
        self._stuck_at: float | None = None
        self.pages: dict[str, int] = {}
        self.demos_done = 0
        self.on_demo_done: list[Callable[[str], None]] = []

    def start(self) -> None:
        """Begin the loop with the next game's demo."""
        self.active = True
        self.items = plan(self.cfg().games)
        self.index = -1
        self._next()

    def stop(self) -> None:
        """Leave the loop (the caller puts the title up)."""
        self.active = False
        self.scene = None

    @property
    def elapsed(self) -> float:
        """Seconds the current item has been on screen (the app's clock: the soak speeds it up)."""
        return self.app.clock() - self.started

    def step(self) -> None:
        """Move on when the current item has had its time."""
        if not self.active:
            return
        item = self.items[self.index]
        if item.kind == "demo":
            if self._demo_over():
                self.demos_done += 1
                for listener in self.on_demo_done:
                    listener(item.game)
                self._next()
        elif self.elapsed >= self.cfg().card_seconds:
            self._next()

    def _demo_over(self) -> bool:
        scene, now = self.scene, self.app.clock()
        if self.elapsed >= self.cfg().demo_seconds or scene not in self.app.stack.scenes:
            return True
        if self._ended_at is None and scene.table.outcome() is not None:
            self._ended_at = now
        if self.app.stack.top is scene:
            self._stuck_at = None
        elif self._stuck_at is None:
            self._stuck_at = now
        ended = self._ended_at is not None and now - self._ended_at >= AFTER_END
        return ended or (self._stuck_at is not None and now - self._stuck_at >= STUCK)

    def _next(self) -> None:
        self.scene = None
        self.app.stack.reset(self.app.title())  # the old item goes first, so its memory can be freed
        shell.tidy()
        self.index = (self.index + 1) % len(self.items)
        self.started = self.app.clock()
        self._ended_at = self._stuck_at = None
        item = self.items[self.index]
        if item.kind == "demo":
            scene = self._demo(item.game)
            if scene is None:  # that game's table does not import: show its card instead
                item = Item("howto", item.game)
            else:
                self.scene = scene
                return
        self.scene = self._card(item)
        self.app.stack.reset(self.scene)

    def _demo(self, game: str) -> Any:
        entry = catalog.entry(game)
        cls = entry.table_class() if entry else None
        if cls is None:
            return None
        scene = cls.new(self.app, demo_config(game, self.cfg()), autosave=False)
        banner = banner_rect(self.languages())
        scene.keep_clear_of(banner.inflate(0, 2 * BANNER_MARGIN))  # the table keeps its rows off the banner
        self.app.stack.reset(scene)
        while self.app.stack.top is not scene and len(self.app.stack.scenes) > 1:
            self.app.stack.pop()  # a first-play briefing or curtain: nobody is here to read it
        return scene

    def _card(self, item: Item) -> Scene:
        if item.kind == "howto":
            page = self.pages.get(item.game, 0)
            self.pages[item.game] = page + 1
            return howto_card(self.app, item.game, page)
        return scores_card(self.app, self.scores())

    def languages(self) -> tuple[str, ...]:
        """The languages the banner offers (the loop runs in the kiosk's own language)."""
        return offered(self.cfg().languages, language())

    def language_at(self, pos: tuple[float, float]) -> str | None:
        """The language whose chip is at a logical point, if any."""
        return next((lang for lang, rect in chip_rects(self.languages()).items() if rect.collidepoint(pos)), None)

    def banner_words(self) -> tuple[str, str]:
        """What the banner says for the item on screen."""
        item = self.items[self.index] if self.active else Item("scores")
        entry = catalog.entry(item.game) if item.game else None
        if item.kind == "demo" and entry is not None:
            return tr("kiosk.banner.tap"), tr("kiosk.banner.demo", game=entry.title)
        return tr("kiosk.banner.tap"), tr("kiosk.banner.idle")

    def draw_banner(self, canvas: pygame.Surface) -> pygame.Rect:
        """The opaque "Tap to play" banner (opaque: redrawing it never darkens what is below)."""
        big, small = self.banner_words()
        languages = self.languages()
        whole = banner_rect(languages)
        pygame.draw.rect(canvas, WOOD, whole, border_radius=30)
        pulse = 3 + int(2 * (1 + pygame.math.Vector2(1, 0).rotate(self.elapsed * 180).x))
        pygame.draw.rect(canvas, GOLD, whole, pulse, border_radius=30)
        text = self.app.text
        # "Tap to play" is a heading: it keeps its 100 % size, so the line under it has the room to grow
        text.draw(canvas, big, (BANNER.centerx, BANNER.y + 10), unscaled(50), GOLD, bold=True, anchor="midtop")
        small_size = text.fitting(small, 26, BANNER.w - 40)  # a long game's name: smaller, never below 100 %
        small_y = BANNER.y + 76 - (grown(36) - 36)  # a grown line stays inside the banner
        text.draw(canvas, small, (BANNER.centerx, small_y), small_size, CREAM, anchor="midtop")
        for lang, rect in chip_rects(languages).items():  # each by its own name: a visitor finds theirs
            own = lang == language()
            pygame.draw.rect(canvas, GOLD if own else NIGHT, rect, border_radius=18)
            pygame.draw.rect(canvas, GOLD if own else BRASS, rect, 3, border_radius=18)
            text.draw(canvas, AUTONYMS[lang], rect.center, 30, NIGHT if own else CREAM, bold=own, anchor="center")
        return whole.inflate(4, 4)
