"""The title screen: three illustrated game tiles, Continue, How to play, Settings, Quit."""

from __future__ import annotations

import pygame

from game import saves, tables
from game.anim import Tween, ease_out_back
from game.display import LOGICAL_W
from game.pointer import PointerEvent
from game.scene import Scene
from game.text import CREAM, GOLD, MUTED
from game.ui import button
from game.widgets import panel

GAMES = ("night-market", "swap-meet", "stamp-swap")
TITLES = {"night-market": "Night Market", "swap-meet": "Swap Meet", "stamp-swap": "Stamp Swap"}
TILE_W, TILE_H = 480, 576
TILE_Y = 250


class Tile:
    """One illustrated game tile; `lift` animates on hover/press."""

    def __init__(self, game: str, centre_x: int, playable: bool) -> None:
        self.game = game
        self.rect = pygame.Rect(0, 0, TILE_W, TILE_H + 110)
        self.rect.midtop = (centre_x, TILE_Y)
        self.playable = playable
        self.lift = 0.0


class TitleScene(Scene):
    """Where every session starts and every crash returns."""

    name = "title"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        xs = (LOGICAL_W // 2 - 560, LOGICAL_W // 2, LOGICAL_W // 2 + 560)
        self.tiles = [Tile(g, x, tables.table_class(g) is not None) for g, x in zip(GAMES, xs)]
        self.save = saves.peek()
        self._build_buttons()
        self._pressed: Tile | None = None

    def _build_buttons(self) -> None:
        labels = []
        if self.save is not None:
            labels.append(("continue", f"Continue {TITLES.get(self.save.game, '')}", "#primary"))
        labels += [("howto", "How to play", None), ("settings", "Settings", None)]
        if not self.app.options.kiosk:
            labels.append(("quit", "Quit", "#quiet"))
        widths = [420 if key == "continue" else 300 for key, _, _ in labels]
        x = LOGICAL_W // 2 - (sum(widths) + 30 * (len(labels) - 1)) // 2
        self.buttons = {}
        for (key, text, oid), w in zip(labels, widths):
            self.buttons[key] = button(self.ui, (x, 975, w, 78), text, oid)
            x += w + 30

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        from game.scenes.help import HelpScene
        from game.scenes.settings import SettingsScene

        if element is self.buttons.get("quit"):
            self.app.quit()
        elif element is self.buttons.get("settings"):
            self.app.go(lambda: self.app.stack.push(SettingsScene(self.app)))
        elif element is self.buttons.get("howto"):
            self.app.stack.push(HelpScene.how_to_play(self.app))
        elif element is self.buttons.get("continue"):
            self._continue()

    def _continue(self) -> None:
        save, problem = saves.load()
        if save is None:
            self.app.toast(problem or "There is no match to continue.", error=True)
            self.save = None
            self.ui.clear_and_reset()
            self._build_buttons()
            self.invalidate()
            return
        cls = tables.table_class(save.game)
        if cls is None:
            self.app.toast(f"{TITLES.get(save.game, save.game)} cannot be played in this version.", error=True)
            return
        self.app.go(lambda: self.app.stack.replace(cls.from_save(self.app, save)))

    def on_back(self) -> bool:
        if not self.app.options.kiosk:
            self.app.quit()
        return True

    def resume(self) -> None:
        super().resume()
        self.save = saves.peek()
        self.ui.clear_and_reset()
        self._build_buttons()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        tile = next((t for t in self.tiles if t.rect.collidepoint(pe.pos)), None)
        if pe.kind == "press" and tile:
            self._pressed = tile
            self.anim.add(Tween(tile, "lift", 1.0, 0.18, ease_out_back))
        elif pe.kind in ("release", "drag_start") and self._pressed:
            self.anim.add(Tween(self._pressed, "lift", 0.0, 0.2))
            self._pressed = None
        if pe.kind == "tap" and tile:
            self._choose(tile)
        return tile is not None

    def _choose(self, tile: Tile) -> None:
        if not tile.playable:
            self.app.toast(f"{TITLES[tile.game]} is still being built — try another table.")
            return
        self.app.audio.play("card_slide")
        self.app.go(lambda: self.app.stack.push(tables.setup_scene(self.app, tile.game)))

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.app.assets.image("title_bg", (1920, 1080)), (0, 0))
        text = self.app.text
        title = text.draw(canvas, "MARKET HALL", (LOGICAL_W // 2 + 70, 40), 112, GOLD, bold=True, anchor="midtop",
                          shadow=True)
        logo = self.app.assets.image("logo", (150, 150))
        canvas.blit(logo, logo.get_rect(midright=(title.left - 24, title.centery + 4)))
        text.draw(canvas, "Three trading games · one table · tap a game to play", (LOGICAL_W // 2 + 70, 178),
                  32, CREAM, anchor="midtop", shadow=True)
        for tile in self.tiles:
            self._draw_tile(canvas, tile)

    def _draw_tile(self, canvas: pygame.Surface, tile: Tile) -> None:
        lift = int(tile.lift * 14)
        rect = tile.rect.move(0, -lift)
        panel(canvas, rect.inflate(16, 16), edge=GOLD if tile.lift > 0.05 else (138, 106, 60), radius=28, width=4)
        art = self.app.assets.image(f"tile_{tile.game.replace('-', '_')}", (TILE_W, TILE_H))
        canvas.blit(art, rect.topleft)
        text = self.app.text
        text.draw(canvas, TITLES[tile.game], (rect.centerx, rect.y + TILE_H + 8), 46, GOLD, bold=True,
                  anchor="midtop", shadow=True)
        tag = tables.TAGLINES[tile.game] if tile.playable else "Table under construction"
        text.draw(canvas, tag, (rect.centerx, rect.y + TILE_H + 66), 22, CREAM if tile.playable else MUTED,
                  anchor="midtop")
