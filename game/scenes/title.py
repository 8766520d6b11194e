"""The title screen: a tile per game (with Continue on each paused match), How to play, Settings, Quit."""

from __future__ import annotations

import math

import pygame

from game.draw.anim import Tween, ease_out_back
from game.draw.palette import BRASS, CREAM, GOLD, MUTED
from game.draw.text import text_size, unscaled
from game.draw.ui import button, label_fits, label_width, resize
from game.draw.widgets import panel
from game.online import rejoin
from game.online.status import StatusFetch
from game.services import saves
from game.shell import catalog
from game.shell.catalog import GameEntry
from game.shell.display import LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.shell.targets import Target, does
from game.text import language, tr

TILE_W, TILE_H = 480, 576
TILE_Y = 250
TILE_GAP = 80
NAME_ROOM = 106  # px under a tile's art for its name, the gap under it and its tagline
SMALL_TILE = (372, 446, 36)  # with correspondence rooms listed on the right: w, h, gap
ROOMS = pygame.Rect(1290, 236, 590, 720)  # the list of correspondence rooms
ROOM_ROWS = 5  # rooms listed when all fit; with more, pages of PAGE_ROWS and ‹ › to turn them
PAGE_ROWS = 4


class Tile:
    """One illustrated game tile; `lift` animates on hover/press."""

    def __init__(self, entry: GameEntry, centre_x: int, playable: bool, w: int = TILE_W, h: int = TILE_H) -> None:
        self.entry = entry
        self.game = entry.name
        self.w, self.h = w, h
        self.rect = pygame.Rect(0, 0, w, h + 110)
        self.rect.midtop = (centre_x, TILE_Y)
        self.playable = playable
        self.lift = 0.0


class TitleScene(Scene):
    """Where every session starts and every crash returns."""

    name = "title"
    focusable = True  # the game tiles and the buttons by keyboard (game/shell/focus.py)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        games = catalog.entries()
        self.letters = [] if app.options.kiosk else rejoin.correspondence()  # correspondence rooms held here
        self.status = StatusFetch(self.letters) if self.letters else None
        w, h, gap = (TILE_W, TILE_H, TILE_GAP) if not self.letters else SMALL_TILE
        step = w + gap
        first = (LOGICAL_W if not self.letters else ROOMS.x) // 2 - step * (len(games) - 1) // 2
        self.tiles = [Tile(e, first + i * step, e.table_class() is not None, w, h) for i, e in enumerate(games)]
        self._pressed: Tile | None = None
        self._tags_sized: tuple[object, float] = (None, 0.0)  # (room, text size, words), their size
        self.room_page = 0
        self._read_saves()
        self._build_buttons()

    def _read_saves(self) -> None:
        """Which games have a paused match (an unreadable save is set aside and said once)."""
        found, problems = saves.paused()
        self.paused = {s.game: s for s in found}
        for problem in problems:
            self.app.toast(problem, error=True, seconds=7.0)

    def _build_buttons(self) -> None:
        self.worded_in = language()  # the buttons' language: another one (a lesson's end) rebuilds them
        self.continues: dict[object, str] = {}
        for tile in self.tiles:
            save = self.paused.get(tile.game)
            if save is not None and tile.playable:
                rect = (tile.rect.x + 40, tile.rect.y + tile.h - 110, tile.w - 80, 88)
                made = button(self.ui, rect, tr("title.continue", game=tile.entry.title), "#primary")
                if not label_fits(made):  # the game's name only when it fits; the tile already names it
                    made.set_text(tr("title.continue_short"))
                self.continues[made] = tile.game
        labels: list[tuple[str, str, str | None]] = [
            ("online", tr("title.online"), None), ("history", tr("title.history"), None),
            ("howto", tr("title.howto"), None), ("settings", tr("title.settings"), None)]
        if self.app.options.kiosk:  # visitors play here; online, history and settings are the operator's
            labels = [label for label in labels if label[0] == "howto"]
        self.held = rejoin.recall()  # a seat in an online room this app left (or lost in a crash)
        if self.held is not None:
            labels.insert(0, ("rejoin", tr("title.rejoin", room=self.held.room), "#primary"))
        if not self.app.options.kiosk:
            labels.append(("quit", tr("title.quit"), "#quiet"))
        self.buttons = {key: button(self.ui, (0, 975, 300, 78), text, oid) for key, text, oid in labels}
        self._room_buttons()
        least = 300 if len(labels) <= 4 else 240  # five or six buttons still fit the row, and leave its corners free
        widths = [max(least, label_width(b)) for b in self.buttons.values()]
        x = LOGICAL_W // 2 - (sum(widths) + 30 * (len(labels) - 1)) // 2
        for made, w in zip(self.buttons.values(), widths):  # each as wide as its label needs, 300 at least
            resize(made, (w, 78), (x, 975))
            x += w + 30

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        from game.scenes.help import HelpScene
        from game.scenes.settings import SettingsScene

        if element is self.buttons.get("quit"):
            self.app.quit()
        elif element is self.buttons.get("settings"):
            self.app.go(lambda: self.app.stack.push(SettingsScene(self.app)))
        elif element is self.buttons.get("online"):
            from game.scenes.online import OnlineScene

            self.app.go(lambda: self.app.stack.push(OnlineScene(self.app)))
        elif element is self.buttons.get("history"):
            from game.scenes.history import HistoryScene

            self.app.go(lambda: self.app.stack.push(HistoryScene(self.app)))
        elif element is self.buttons.get("howto"):
            self.app.stack.push(HelpScene.how_to_play(self.app))
        elif element is self.buttons.get("rejoin") and self.held is not None:
            from game.scenes.online import rejoin_room

            rejoin_room(self.app, self.held)
        elif element in self.page_buttons:
            self.room_page += self.page_buttons[element]
            self._rebuild()
        elif element in self.room_buttons:
            from game.scenes.online import rejoin_room

            rejoin_room(self.app, self.room_buttons[element])
        elif element in self.continues:
            self._continue(self.continues[element])

    def _continue(self, game: str) -> None:
        save, problem = saves.load(game)
        entry = catalog.entry(game)
        cls = entry.table_class() if entry else None
        if save is None or cls is None:
            self.app.toast(problem or tr("title.cannot_continue"), error=True)
            self._rebuild()
            return
        self.app.go(lambda: self.app.stack.replace(cls.from_save(self.app, save)))

    # correspondence rooms ---------------------------------------------------------------------------
    def _ordered(self) -> list[rejoin.HeldSeat]:
        """Held rooms, "Your turn" first, then the least time left; finished ones last."""
        rows = self.status.rows if self.status is not None else {}

        def key(seat: rejoin.HeldSeat) -> tuple[int, float]:
            row = rows.get(seat.room, {})
            left = row.get("left", {})
            mine = str(row.get("seat")) in left
            soonest = min(left.values(), default=float("inf"))
            return (0 if mine else 2 if row.get("outcome") else 1, soonest)

        return sorted(self.letters, key=key)

    def _pages(self) -> int:
        count = len(self.letters)
        return 1 if count <= ROOM_ROWS else -(-count // PAGE_ROWS)

    def _shown(self) -> list[rejoin.HeldSeat]:
        """The rooms on the page being looked at (every room is on some page)."""
        ordered = self._ordered()
        if self._pages() == 1:
            return ordered
        self.room_page = min(self.room_page, self._pages() - 1)  # rooms that went away can shorten the list
        return ordered[self.room_page * PAGE_ROWS:(self.room_page + 1) * PAGE_ROWS]

    def _room_buttons(self) -> None:
        self.room_buttons: dict[object, rejoin.HeldSeat] = {}
        self.page_buttons: dict[object, int] = {}
        rows = self.status.rows if self.status is not None else {}
        if self._pages() > 1:
            for text, step, x in (("‹", -1, ROOMS.x + 24), ("›", 1, ROOMS.right - 24 - 96)):
                made = button(self.ui, (x, ROOMS.bottom - 92, 96, 68), text)
                if not 0 <= self.room_page + step < self._pages():
                    made.disable()
                self.page_buttons[made] = step
        for i, seat in enumerate(self._shown()):
            row = rows.get(seat.room, {})
            entry = catalog.entry(seat.game)
            names = [n for j, n in enumerate(row.get("names", [])) if j != row.get("seat")]
            label = f"{entry.title if entry else seat.game} · {', '.join(names) or tr('title.room', room=seat.room)}"
            mine = str(row.get("seat")) in row.get("left", {})
            made = button(self.ui, (ROOMS.x + 24, ROOMS.y + 80 + i * 124, ROOMS.w - 48, 70), label,
                          "#primary" if mine else None)
            self.room_buttons[made] = seat

    def _room_line(self, seat: rejoin.HeldSeat) -> tuple[str, tuple[int, int, int]]:
        """Whose turn and the time left on the move clock, for one listed room."""
        status = self.status
        row = status.rows.get(seat.room) if status is not None else None
        if row is None:
            failed = status.failed.get(seat.room) if status is not None else None
            return (tr("title.relay_unreachable", why=failed), MUTED) if failed else (tr("title.asking"), MUTED)
        if row.get("outcome"):
            winners = row["outcome"].get("winners", [])
            won = f" {tr('title.and')} ".join(row["names"][w] for w in winners) or tr("title.nobody")
            return (tr("title.over_you") if row["seat"] in winners else tr("title.over", names=won), CREAM)
        left = {int(s): v for s, v in row.get("left", {}).items()}
        if not left:
            return (tr("title.lobby"), MUTED)
        me = row["seat"]
        seat_no = me if me in left else min(left, key=left.__getitem__)
        who = tr("title.your_turn") if seat_no == me else tr("title.to_move", name=row["names"][seat_no])
        secs = left[seat_no]
        minutes = math.ceil(abs(secs) / 60)  # whole minutes, rounded up, as the move clock counts them
        when = tr("title.late", minutes=minutes) if secs <= 0 else tr("title.left", minutes=minutes)
        return (f"{who} · {when}", GOLD if seat_no == me else CREAM)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.worded_in != language():
            self._rebuild()
        status = self.status
        if status is not None and status.changed.is_set():
            status.changed.clear()
            gone = [r for r, row in status.rows.items() if row.get("gone")]
            for room in gone:  # the relay no longer knows the room or our seat in it
                rejoin.forget(room)
                status.rows.pop(room, None)
            self.letters = [s for s in self.letters if s.room not in gone]
            self.ui.clear_and_reset()
            self._build_buttons()
            self.invalidate()

    def _draw_rooms(self, canvas: pygame.Surface) -> None:
        panel(canvas, ROOMS, radius=24, width=3)
        text = self.app.text
        text.draw(canvas, tr("title.rooms"), (ROOMS.x + 28, ROOMS.y + 22), 34, GOLD, bold=True)
        for i, seat in enumerate(self._shown()):
            words, colour = self._room_line(seat)
            text.draw(canvas, words, (ROOMS.x + 32, ROOMS.y + 158 + i * 124), 24, colour)
        if self._pages() > 1:
            first = self.room_page * PAGE_ROWS
            last = min(first + PAGE_ROWS, len(self.letters))
            words = tr("title.rooms_page", first=first + 1, last=last, count=len(self.letters))
            text.draw(canvas, words, (ROOMS.centerx, ROOMS.bottom - 58),
                      24, MUTED, anchor="center")

    def _rebuild(self) -> None:
        self._read_saves()
        self.ui.clear_and_reset()
        self._build_buttons()
        self.invalidate()

    def on_back(self) -> bool:
        if not self.app.options.kiosk:
            self.app.quit()
        return True

    def resume(self) -> None:
        super().resume()
        self._rebuild()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        tile = next((t for t in self.tiles if t.rect.collidepoint(pe.pos)), None)
        if pe.kind == "press" and tile:
            self._pressed = tile
            self.anim.add(Tween(tile, "lift", 1.0, 0.18, ease_out_back))
        elif pe.kind in ("release", "drag_start") and self._pressed:
            self.anim.add(Tween(self._pressed, "lift", 0.0, 0.2))
            self._pressed = None
        if pe.kind == "tap" and (target := self.target_at(pe.pos)) is not None:
            target.run(pe.pos)
        return tile is not None

    def targets(self) -> list[Target]:
        """The game tiles ("tile:GAME": a tap opens its seat setup), then the buttons."""
        return [Target(f"tile:{t.game}", pygame.Rect(t.rect), does(self._choose, t), t.entry.title)
                for t in self.tiles] + super().targets()

    def _choose(self, tile: Tile) -> None:
        if not tile.playable:
            self.app.toast(tr("title.cannot_play", game=tile.entry.title))
            return
        self.app.audio.play("card_slide")
        self.app.go(lambda: self.app.stack.push(tile.entry.setup_scene(self.app)))

    def exit(self) -> None:
        self.app.assets.forget("title_bg")  # 8 MB a table does not need; it loads again in a fade

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.blit(self.app.assets.image("title_bg", (1920, 1080)), (0, 0))
        text = self.app.text
        title = text.draw(canvas, tr("title.name"), (LOGICAL_W // 2 + 70, 40), unscaled(112), GOLD, bold=True,
                          anchor="midtop", shadow=True)  # the name is the logo's: its size at any text size
        logo = self.app.assets.image("logo", (150, 150))
        canvas.blit(logo, logo.get_rect(midright=(title.left - 24, title.centery + 4)))
        text.draw(canvas, tr("title.subtitle"), (LOGICAL_W // 2 + 70, 178),
                  32, CREAM, anchor="midtop", shadow=True)
        for tile in self.tiles:
            self._draw_tile(canvas, tile)
        if self.letters:
            self._draw_rooms(canvas)

    def _draw_tile(self, canvas: pygame.Surface, tile: Tile) -> None:
        lift = int(tile.lift * 14)
        rect = tile.rect.move(0, -lift)
        panel(canvas, rect.inflate(16, 16), edge=GOLD if tile.lift > 0.05 else BRASS, radius=28, width=4)
        art = self.app.assets.image(tile.entry.tile, (tile.w, tile.h))
        canvas.blit(art, rect.topleft)
        text = self.app.text
        save = self.paused.get(tile.game)
        if save is not None and tile.playable:  # a ribbon above the fixed Continue button
            words = tr("title.paused", age=_age(save))
            lines = text.wrap(words, 24, tile.w - 96)  # a second line rather than smaller words
            line_h = text.font(24).get_linesize()
            high = max(44, len(lines) * line_h + 8)  # as tall as its lines, growing up from the button
            ribbon = pygame.Rect(tile.rect.x + 40, tile.rect.y + tile.h - 116 - high, tile.w - 80, high)
            panel(canvas, ribbon, fill=(30, 24, 19, 235), radius=14, width=2)
            for i, line in enumerate(lines):
                y = ribbon.centery + (i - (len(lines) - 1) / 2) * line_h
                text.draw(canvas, line, (ribbon.centerx, y), 24, CREAM, anchor="center")
        self._draw_name(canvas, rect, tile.entry.title, _tile_words(tile), tile)

    def _tags_size(self, room: int) -> float:
        """The taglines' one size: the smallest any tile's needs, measured once per words and text size
        (the tiles are drawn every frame)."""
        words = tuple(_tile_words(t) for t in self.tiles)
        key = (room, text_size(), words)
        if self._tags_sized[0] != key:
            self._tags_sized = (key, min(self._tag_size(tag, room) for tag in words))
        return self._tags_sized[1]

    def _tag_size(self, tag: str, room: int) -> float:
        """22 where a tagline fits its tile, else 18, and smaller still at a bigger text size (never cut:
        '3–6 comerciantes · tiempo real · 3 rondas' ran off its tile at 150 %)."""
        text = self.app.text
        return 22 if text.font(22).size(tag)[0] <= room else text.fitting(tag, 18, room)

    def _draw_name(self, canvas: pygame.Surface, rect: pygame.Rect, title: str, tag: str, tile: Tile) -> None:
        """The game's name and tagline under its tile: smaller, then on two lines, for a long name (never cut)."""
        text, room, playable = self.app.text, tile.w - 24, tile.playable
        tag_size = self._tags_size(room)  # one size for every tile: the names alike too
        # under the art: the name shrinks to its 100 % size before the tagline would run off the tile
        height = NAME_ROOM - text.font(tag_size).get_linesize()
        size = next((s for s in (46, 40, 34, unscaled(46), unscaled(40), unscaled(34))
                     if text.font(s, True).size(title)[0] <= room
                     and text.font(s, True).get_linesize() <= height), 0.0)
        lines = [title] if size else text.wrap(title, unscaled(28), room, bold=True)
        size = size or unscaled(28)
        y = rect.y + tile.h + (8 if len(lines) == 1 else 2)
        for words in lines:
            y = text.draw(canvas, words, (rect.centerx, y), size, GOLD, bold=True, anchor="midtop", shadow=True).bottom
        text.draw(canvas, tag, (rect.centerx, max(y + 2, rect.y + tile.h + 66)), tag_size,
                  CREAM if playable else MUTED, anchor="midtop")


def _tile_words(tile: Tile) -> str:
    """What a tile says under its name: the game's tagline, or why it cannot be played."""
    return _tagline(tile.entry) if tile.playable else tr("title.unplayable")


def _tagline(entry: GameEntry) -> str:
    """The game's tagline in the player's language (as written, for a game with no catalogue key)."""
    return tr(f"tagline.{entry.name}", **dict(entry.tagline_words)) if entry.tagline_words else entry.tagline


def _age(save: saves.Save) -> str:
    """'saved 5 min ago' in the player's language."""
    unit, count = saves.age(save)
    return tr(f"title.saved_{unit}", **{unit: count})
