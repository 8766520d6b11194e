"""Play friends online: host a room or join one, then the room's lobby until the host starts.

The lobby shows who is in (ready marks, online / reconnecting / away, latency), the invite link
and room code with Copy link, Ready for guests, Add bot and Start for the host, and the host's
answer to someone who knocks with the code. When the match begins, the game's own table scene
takes over with a `RemoteTable`: the same scene code as on one device.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD, MUTED, RED, TEAL
from game.draw.text import grown, text_size
from game.draw.ui import HintEntry, button, resize, snug_width, wanted_width
from game.draw.widgets import felt, heading, panel
from game.match.remote import RemoteRoom, link_notice
from game.online import rejoin
from game.online.client import NetClient
from game.online.hosting import Hosting, start_hosting
from game.relay.protocol import DAYS_PER_MOVE, parse_invite
from game.relay.refusals import HOST_CLOSED
from game.scenes import recap
from game.scenes.lobby_layout import LobbyPlaces, lobby_places, name_room
from game.shell import catalog
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from game.text import tr
from rules import names
from rules.registry import get_game

if TYPE_CHECKING:
    from game.shell.app import App

log = logging.getLogger(__name__)
PANEL = pygame.Rect(LOGICAL_W // 2 - 760, 180, 1520, 740)
HINT_ROOM = 2 * (12 + 2) + 24  # an entry's padding and border each side, and room to spare
PACE_WORDS = ("online.pace.live", "online.pace.days")  # keys: what hosting live or by correspondence means
PRESENCE = {"online": TEAL, "reconnecting": GOLD, "away": RED}  # its words are lobby.presence.<presence>


class OnlineScene(Scene):
    """Host a room for a game, or join with a pasted invite link or a typed room code."""

    name = "online"
    focusable = True  # its buttons and text entries by keyboard (game/shell/focus.py)

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        self.entries = catalog.entries()
        self.game = game or self.entries[0].name
        self.days: int | None = None  # days per move when hosting by correspondence (None: live)
        self.problem = ""
        self._build()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.game_buttons = {}
        for i, entry in enumerate(self.entries):
            oid = "#toggle_on" if entry.name == self.game else "#quiet"
            self.game_buttons[button(self.ui, (PANEL.x + 60 + i * 470, PANEL.y + 130, 440, 84), entry.title, oid)] \
                = entry.name
        self.host = button(self.ui, (PANEL.x + 60, PANEL.y + 250, 500, 90), tr("online.host_button"), "#primary")
        self.paces: dict[Any, int | None] = {}
        if not get_game(self.game).realtime:  # Swap Meet is real-time: live only
            for i, days in enumerate((None, *DAYS_PER_MOVE)):
                words = tr("online.live") if days is None else tr("online.days", days=days)
                oid = "#toggle_on" if days == self.days else "#quiet"
                self.paces[button(self.ui, (PANEL.x + 600 + i * 215, PANEL.y + 250, 200, 60), words, oid)] = days
            self._pace_row()
        entry_y = self._entry_y()
        self.entry = HintEntry(pygame.Rect(PANEL.x + 60, entry_y, 1000, 70), self.ui, tr("online.join_hint"))
        self.join = button(self.ui, (PANEL.x + 1100, entry_y - 4, 360, 80), tr("online.join_button"), "#primary")
        back_y = self._sheet().bottom + (40 if self._sheet().bottom == PANEL.bottom else 16)
        self.back = button(self.ui, (PANEL.x, back_y, 260, 84), tr("online.back"), "#quiet")
        if wanted_width(self.back, 260) > 260:
            resize(self.back, (wanted_width(self.back, 260), 84), (PANEL.x, back_y))
        self.name_field = HintEntry(pygame.Rect(PANEL.right - 480, PANEL.y + 40, 420, 64), self.ui,
                                    tr("online.name_hint"))
        wide = hint_width(self.name_field, 420)
        if wide > 420:  # grown words: the field as wide as its hint, from the same right edge
            self.name_field.set_dimensions((wide, 64))
            self.name_field.set_relative_position((PANEL.right - 60 - wide, PANEL.y + 40))
        self.name_field.set_text_length_limit(names.NAME_MAX)
        self.name_field.set_text(self.app.settings.person_name(0, ""))
        self.invalidate()

    def _pace_row(self) -> None:
        """Grown words: each pace as wide as its label, closer around it when the row would leave the panel."""
        widths = [wanted_width(b, 200) for b in self.paces]
        if PANEL.x + 600 + sum(widths) + 15 * (len(widths) - 1) > PANEL.right - 40:
            widths = [snug_width(b, 200) for b in self.paces]
        x = PANEL.x + 600
        for made, width in zip(self.paces, widths, strict=True):
            if width > 200:
                resize(made, (width, 60), (x, PANEL.y + 250))
            x += width + 15

    def _remember_name(self) -> None:
        """The name typed here is the first person's at this device (the seat setup shows it too)."""
        typed = names.or_default(self.name_field.get_text(), "")
        kept = self.app.settings.player_names
        if typed != self.app.settings.person_name(0, ""):
            self.app.update_settings(player_names=(typed, *kept[1:]) if kept or typed else ())

    def on_button(self, element: Any) -> None:
        if element in self.game_buttons:
            self.game = self.game_buttons[element]
            self.days = None if get_game(self.game).realtime else self.days
            self._build()
        elif element in self.paces:
            self.days = self.paces[element]
            self._build()
        elif element is self.host:
            self._remember_name()
            self._host()
        elif element is self.join:
            self._remember_name()
            self._join(self.entry.get_text())
        elif element is self.back:
            self.on_back()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self._remember_name()
            self._join(self.entry.get_text())

    def _host(self) -> None:
        try:
            hosting = hosting_for(self.app)
        except (OSError, RuntimeError) as exc:
            self._say(tr("online.cannot_host", why=exc))
            return
        options = self.app.options.extra.get("room_options", {}).get(self.game, {})  # tests and demos only
        name = self.app.settings.person_name(0, tr("online.host_name"))
        hello: dict[str, Any] = {"type": "create", "game": self.game, "name": name,
                 "options": dict(options)}
        if self.days is not None:
            hello["days"] = self.days
        room = RemoteRoom(NetClient(hosting.websocket, hello).start())
        self.app.go(lambda: self.app.stack.replace(OnlineLobbyScene(self.app, room, hosting)))

    def _join(self, text: str) -> None:
        invite = parse_invite(text)
        if invite is None:
            self._say(tr("online.not_a_link"))
            return
        server = invite.server
        if server is None:
            relay = self.app.settings.online_server
            if not relay:
                self._say(tr("online.code_needs_relay"))
                return
            server = Hosting(relay.replace("wss://", "https://").replace("ws://", "http://")).websocket
        join_room(self.app, server, invite.room, invite.ticket)

    def _say(self, problem: str) -> None:
        self.problem = problem
        self.app.toast(problem, error=True, seconds=6.0)
        self.invalidate()

    def on_back(self) -> bool:
        self.app.go(lambda: self.app.stack.reset(self.app.title()))
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, tr("online.heading"), 70, 64)
        panel(canvas, self._sheet())
        text = self.app.text
        text.draw(canvas, tr("online.host"), (PANEL.x + 60, PANEL.y + 50), 40, GOLD, bold=True)
        text.draw(canvas, tr("online.your_name"), (int(self.name_field.rect.x) - 20, PANEL.y + 72), 30, CREAM,
                  bold=True, anchor="midright")
        x, y, _ = self._host_at()
        for line, size, colour, step in self._host_lines():
            text.draw(canvas, line, (x, y), size, colour)
            y += step
        entry_y = self._entry_y()
        text.draw(canvas, tr("online.join"), (PANEL.x + 60, entry_y - 14 - grown(56)), 40, GOLD, bold=True)
        y = entry_y + 100
        how = text.wrap(tr("online.join_how"), 24, PANEL.w - 120)
        if self.problem and self._sheet().bottom > PANEL.bottom:  # no room for both: the problem in its place
            how, problem_y = [], y
        else:
            problem_y = PANEL.bottom - 60
        for line in how:
            text.draw(canvas, line, (PANEL.x + 60, y), 24, MUTED)
            y += grown(32)
        if self.problem:
            text.draw(canvas, self.problem, (PANEL.x + 60, problem_y), 26, RED)

    def _host_at(self) -> tuple[int, int, int]:
        """Where a hosted room's lines go (x, y, width): right of the Host button under the paces, or
        (when they would take more than two lines there) under it, the panel's whole width."""
        beside = (PANEL.x + 600, PANEL.y + (322 if self.paces else 262), PANEL.w - 660)
        if len(self._host_lines(beside[2])) <= 2:
            return beside
        return PANEL.x + 60, PANEL.y + 356, PANEL.w - 120

    def _host_lines(self, width: int = 0) -> list[tuple[str, int, Any, int]]:
        """Where a hosted room lives and what its pace means, wrapped to `width` (or where they go):
        (line, size, colour, the step to the next line)."""
        text, width = self.app.text, width or self._host_at()[2]
        relay = self.app.settings.online_server
        where = tr("online.where_relay", relay=relay) if relay else tr("online.where_here")
        means = tr(PACE_WORDS[self.days is not None]) if self.paces else tr("online.live_only")
        return [*((line, 24, CREAM, grown(32)) for line in text.wrap(tr("online.host_where", where=where), 24, width)),
                *((line, 22, MUTED, grown(28)) for line in text.wrap(means, 22, width))]

    def _sheet(self) -> pygame.Rect:
        """The panel, longer when the grown join lines reach past it."""
        lines = len(self.app.text.wrap(tr("online.join_how"), 24, PANEL.w - 120))
        bottom = self._entry_y() + 100 + grown(32) * lines + 16
        return PANEL if bottom <= PANEL.bottom - 60 else pygame.Rect(PANEL.x, PANEL.y, PANEL.w, bottom - PANEL.y)

    def _entry_y(self) -> int:
        """The join row's top: 480 below the panel's top at 100 %, lower when the host's lines grew."""
        below_host = self._host_at()[1] + sum(step for *_, step in self._host_lines()) + 24
        return max(PANEL.y + 410, below_host) + 14 + grown(56)


def _grow(made: pygame_gui.elements.UIButton, laid_out: int, at: tuple[int, int]) -> None:
    """A button as wide as its grown label (`wanted_width`), placed at `at`; at 100 % left as laid out."""
    width = wanted_width(made, laid_out)
    if width > laid_out:
        resize(made, (width, int(made.rect.h)), at)


def hint_width(field: HintEntry, laid_out: int) -> int:
    """A text entry's width at a bigger text size: room for its hint (its padding, border and a
    little more) when that is wider than laid out; at 100 % as laid out."""
    font = field.font
    need = (font.size(field.placeholder_text)[0] if font is not None else 0) + HINT_ROOM
    return laid_out if text_size() <= 100 else max(laid_out, need)


def hosting_for(app: App, port: int = 0) -> Hosting:
    """The relay when one is set, else this app's own server: started once, kept for its rooms
    (a host who leaves a match to the title can go back), stopped when the app quits."""
    relay = app.settings.online_server
    if relay:
        return start_hosting(relay)
    if app.hosting is None or not app.hosting.running:
        extra = dict(app.options.extra.get("hosting", {}))  # tests and demos: bind, advertise, scale
        app.hosting = start_hosting("", port=port, data=extra.pop("data", rejoin.hosted_rooms()), **extra)
    return app.hosting


def join_room(app: App, server: str, code: str, ticket: str | None) -> None:
    """Connect to a room (the network thread connects; the lobby shows progress)."""
    lobby = _joining(app, server, code, ticket)
    app.go(lambda: app.stack.reset(lobby))


def _joining(app: App, server: str, code: str, ticket: str | None) -> OnlineLobbyScene:
    held = rejoin.find(code)
    if held is not None:  # our seat is still there: take it up, spend no ticket
        return _resuming(app, server, held, None)
    hello: dict[str, Any] = {"type": "join", "room": code, "name": app.settings.person_name(0, tr("online.guest_name"))}
    if ticket:
        hello["ticket"] = ticket
    return OnlineLobbyScene(app, RemoteRoom(NetClient(server, hello).start()), None)


def _resuming(app: App, server: str, held: rejoin.HeldSeat, hosting: Hosting | None) -> OnlineLobbyScene:
    hello = {"type": "resume", "room": held.room, "token": held.token}
    return OnlineLobbyScene(app, RemoteRoom(NetClient(server, hello).start()), hosting, resuming=True)


def rejoin_room(app: App, held: rejoin.HeldSeat) -> None:
    """Back into the room this app holds a seat in (after leaving to the title, a crash or a restart).

    A host whose app restarted serves its rooms again on the same port, so the guests' automatic
    reconnects (and their links) find them."""
    hosting, server = None, held.server
    if held.hosted_port is not None and not app.settings.online_server:
        try:
            hosting = hosting_for(app, held.hosted_port)
        except (OSError, RuntimeError) as exc:
            log.warning("could not serve again on port %s: %s", held.hosted_port, exc)
            app.toast(tr("online.port_taken", port=held.hosted_port), error=True,
                      seconds=7.0)
            hosting = hosting_for(app)
        server = hosting.websocket
    lobby = _resuming(app, server, held, hosting)
    app.go(lambda: app.stack.reset(lobby))


def scene_for_link(app: App, text: str) -> Scene:
    """`market-hall join LINK`: straight into that room's lobby (the title, with a reason, if it is no link)."""
    invite = parse_invite(text)
    if invite is None or invite.server is None:
        app.toast(tr("online.bad_link"), error=True, seconds=7.0)
        return app.title()
    return _joining(app, invite.server, invite.room, invite.ticket)


class OnlineLobbyScene(Scene):
    """One room's lobby, seen from this device's seat; it never blocks on the network."""

    name = "online_lobby"
    focusable = True  # its buttons and text entries by keyboard (game/shell/focus.py)

    def __init__(self, app: App, room: RemoteRoom, hosting: Hosting | None, resuming: bool = False) -> None:
        super().__init__(app)
        self.room, self.hosting = room, hosting
        self.resuming = resuming  # taking up a kept seat: a refusal means the seat is gone
        self._held = False
        self.level = 0
        self._shape: tuple[Any, ...] = ()
        self._picture: tuple[Any, ...] = ()
        self._asked_invite = False
        self._handed_over = False
        self.buttons: dict[Any, tuple[str, Any]] = {}
        self.tries = 1  # connection attempts this screen made (Retry adds one)

    # the room ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.room.poll()
        for notice in self.room.take_notices():
            self.app.toast(notice, error=notice != link_notice("online"), seconds=5.0)
        self._keep_seat()
        if self.room.is_host and self.room.invite is None and not self._asked_invite:
            self._asked_invite = True
            self.room.new_invite()
        table = self.room.table
        if table is not None and table.version > 0 and not self._handed_over:
            self._start_table(table)
            return
        picture = (repr(self.room.lobby), bool(self.room.invite), self.room.link, self.room.knocking)
        if picture != self._picture:
            self._picture = picture
            self.invalidate()
        shape = self._button_shape()
        if shape != self._shape:  # buttons are rebuilt only when what they do changes, never for a latency
            self._shape = shape
            self._build()

    def _keep_seat(self) -> None:
        """Keep our seat on disk once the room has us, so a restart gets back in (game/online/rejoin.py);
        forget it when the server no longer knows the room or the token."""
        room = self.room
        if not self._held and room.seat is not None and room.code and room.lobby is not None \
                and room.client.token is not None:
            self._held = True
            port = self.hosting.port if self.hosting is not None else None
            rejoin.remember(rejoin.HeldSeat(room.client.url, room.code, room.client.token, room.lobby["game"], port,
                                            days=room.lobby.get("days")))
        elif self.resuming and room.lobby is None and room.errors:
            self.resuming = False
            rejoin.forget(room.code)

    def _button_shape(self) -> tuple[Any, ...]:
        lobby = self.room.lobby or {}
        seats = lobby.get("seats", [])
        mine = seats[self.room.seat]["ready"] if self.room.seat is not None and self.room.seat < len(seats) else None
        knocks = tuple(k["request"] for k in lobby.get("knocks", []))
        return (self.room.seat, self.room.is_host, mine, knocks, lobby.get("game"), self.room.client.unreachable,
                len(seats))

    def _start_table(self, table: Any) -> None:
        entry = catalog.entry(table.info.name)
        cls = entry.table_class() if entry else None
        if cls is None:
            self.app.toast(tr("lobby.cannot_show"), error=True)
            return
        scene = cls(self.app, table)
        scene.lobby = lambda: OnlineLobbyScene(self.app, self.room, self.hosting)
        self._handed_over = self.app.go(lambda: self._land(scene, table))  # else: again next frame

    def _land(self, scene: Any, table: Any) -> None:
        """On the table; a correspondence room opens with what happened since this device last looked."""
        self.app.stack.replace(scene)
        code, seat = self.room.code, self.room.seat
        held = rejoin.find(code) if code and table.days is not None and seat is not None else None
        words = getattr(getattr(scene, "recap", None), "words", None)  # the table scene's own words for events
        if held is None or seat is None or words is None:
            return
        told = recap.lines(table, seat, held.seen, words)
        rejoin.saw(held.room, len(table.history(seat)))
        if self.resuming:  # opened from the title: not the first deal just started from this lobby
            self.app.stack.push(recap.RecapSheet(self.app, held.room, told, move_clock_line(table)))


    # buttons -------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.buttons = {}
        lobby = self.room.lobby or {}
        host = self.room.is_host
        me = self.room.seat
        y = PANEL.bottom + 40
        if self.room.client.unreachable:  # never connected: nothing to leave, only try again or go back
            self._add("back", None, (PANEL.x, y, 260, 84), tr("online.back"), "#quiet")
            self._add("retry", None, (PANEL.right - 420, y, 420, 84), tr("lobby.retry"), "#primary")
            self.invalidate()
            return
        leave = self._add("leave", None, (PANEL.x, y, 260, 84), tr("lobby.leave"), "#quiet")
        _grow(leave, 260, (PANEL.x, y))
        if host:
            levels = self._levels()
            if levels:
                bot = self._add("bot", None, (int(leave.rect.right) + 40, y, 380, 84),
                                tr("lobby.add_bot", level=levels[self.level]))
                _grow(bot, 380, (int(bot.rect.x), y))
            self._right(self._add("start", None, (PANEL.right - 420, y, 420, 84), tr("lobby.start"), "#primary"),
                        PANEL.right)
            self._right(self._add("copy", None, (PANEL.right - 360, PANEL.y + 40, 320, 72), tr("lobby.copy")),
                        PANEL.right - 40)
            places = self._places(lobby)
            for knock, ky in zip(lobby.get("knocks", []), places.knock_ys, strict=False):
                let_in = self._add("admit", (knock["request"], True), (PANEL.right - 560, PANEL.y + ky, 250, 68),
                                   tr("lobby.let_in"), "#primary")
                away = self._add("admit", (knock["request"], False), (PANEL.right - 290, PANEL.y + ky, 250, 68),
                                 tr("lobby.turn_away"))
                self._right(away, PANEL.right - 40)
                self._right(let_in, int(away.rect.x) - 20)
        elif me is not None and me < len(lobby.get("seats", [])):
            ready = lobby["seats"][me]["ready"]
            words = tr("lobby.not_ready") if ready else tr("lobby.ready")
            made = self._add("ready", not ready, (PANEL.right - 420, y, 420, 84), words,
                             "#quiet" if ready else "#primary")
            self._right(made, PANEL.right)
        self.invalidate()

    @staticmethod
    def _right(made: Any, right: int) -> None:
        """As wide as its grown label, its right edge kept at `right` (at 100 % as laid out)."""
        _grow(made, int(made.rect.w), (right - wanted_width(made, int(made.rect.w)), int(made.rect.y)))

    def _places(self, lobby: dict[str, Any]) -> LobbyPlaces:
        """Where the lobby's lines go for these seats and knocks at the text size in use."""
        font, small = self.app.text.font(34, True), self.app.text.font(26)
        columns = list(zip(*(self._seat_words(i, seat, lobby) for i, seat in enumerate(lobby.get("seats", [])))))
        widest = [max((font if k == 0 else small).size(words)[0] for words in column) for k, column in
                  enumerate(columns)] if columns else [0] * 5
        return lobby_places(self.app.text, PANEL.size, len(lobby.get("seats", [])), len(lobby.get("knocks", [])),
                            self.hosting is not None, widest)

    def _seat_words(self, i: int, seat: dict[str, Any], lobby: dict[str, Any]) -> tuple[str, str, str, str, str]:
        """A seat row's words: name, role, presence, latency, ready mark ("" where none is shown)."""
        role = tr("lobby.role.host") if i == lobby.get("host") else \
            tr("lobby.role.bot", level=seat["bot"]) if seat["bot"] else tr("lobby.role.guest")
        name = tr("lobby.you", name=seat["name"]) if i == self.room.seat else seat["name"]
        word = tr(f"lobby.presence.{seat['presence']}") if seat["presence"] in PRESENCE else seat["presence"]
        latency = f"{seat['latency_ms']:.0f} ms" if seat["latency_ms"] is not None and not seat["bot"] else ""
        mark = "" if i == lobby.get("host") else tr("lobby.is_ready") if seat["ready"] else tr("lobby.is_not_ready")
        return name, role, word, latency, mark

    def _levels(self) -> tuple[str, ...]:
        from rules.registry import get_game

        return tuple(get_game((self.room.lobby or {})["game"]).bot_levels)

    def _add(self, key: str, arg: Any, rect: tuple[int, int, int, int], words: str,
             oid: str | None = None) -> pygame_gui.elements.UIButton:
        made = button(self.ui, rect, words, oid)
        self.buttons[made] = (key, arg)
        return made

    def on_button(self, element: Any) -> None:
        key, arg = self.buttons.get(element, ("", None))
        if key == "leave":
            self.on_back()
        elif key == "back":
            self._back_unreached()
        elif key == "retry":
            self._retry()
        elif key == "bot":
            levels = self._levels()
            self.room.add_bot(levels[self.level])
            self.level = (self.level + 1) % len(levels)
            self._build()
        elif key == "start":
            self.room.start()
        elif key == "ready":
            self.room.ready(arg)
        elif key == "copy":
            self._copy()
        elif key == "admit":
            self.room.admit(arg[0], arg[1])

    def _copy(self) -> None:
        link = (self.room.invite or {}).get("link")
        if not link:
            self.app.toast(tr("lobby.link_coming"))
            return
        try:
            pygame.scrap.put_text(link)  # pygame-ce's clipboard needs no init (scrap.init is deprecated)
            self.app.toast(tr("lobby.copied"))
        except pygame.error as exc:
            log.info("no clipboard here: %s", exc)
            self.app.toast(tr("lobby.no_clipboard"))
        self.room.invite = None  # a link lets one person in: the next Copy asks for a fresh one
        self._asked_invite = False

    def _retry(self) -> None:
        """Try the same address and hello again with a fresh connection."""
        old = self.room
        old.close()
        self.room = RemoteRoom(old.client.again().start(), old.clock)
        self.tries += 1
        self.invalidate()

    def _back_unreached(self) -> None:
        """To the title; a seat this app holds is kept (the relay may come back), nothing was joined."""
        if self.app.go(lambda: self.app.stack.reset(self.app.title())):
            self.room.close()

    def on_back(self) -> bool:
        if self.room.client.unreachable:
            self._back_unreached()
            return True
        if not self.app.go(lambda: self.app.stack.reset(self.app.title())):
            return True  # a tap during a fade changes nothing, and nothing is closed
        self.room.leave()
        self.room.close()
        rejoin.forget(self.room.code)
        if self.hosting is not None and self.hosting is self.app.hosting:
            self.app.stop_hosting(HOST_CLOSED())
        return True

    # drawing -------------------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        lobby = self.room.lobby
        entry = catalog.entry(lobby["game"]) if lobby else None
        unreached = lobby is None and self.room.client.unreachable
        game = entry.title if entry else tr("lobby.online")
        title = tr("lobby.joining") if unreached else tr("lobby.heading", game=game)
        heading(canvas, self.app.text, title, 70, 64)
        panel(canvas, PANEL)
        text = self.app.text
        if unreached:
            self._draw_unreached(canvas)
            return
        if lobby is None:
            link = self.room.link if self.room.link in ("connecting", "lost", "reconnecting") else "waiting"
            words = tr(f"lobby.link.{link}", where=self.room.client.where)
            if self.room.knocking is not None:
                words = tr("lobby.knocking")
            if self.room.errors:  # turned away, or the room or seat is gone: say so, and ‹ Leave goes back
                words = self.room.errors[-1][:1].upper() + self.room.errors[-1][1:]
            text.draw(canvas, words, PANEL.center, 40, CREAM, anchor="center")
            return
        code = self.room.code or ""
        places = self._places(lobby)
        text.draw(canvas, tr("lobby.room", room=code), (PANEL.x + 50, PANEL.y + 36), 44, GOLD, bold=True)
        link = (self.room.invite or {}).get("link", "")
        if self.room.is_host and link:
            text.draw(canvas, link, (PANEL.x + 50, PANEL.y + places.link_y), 24, MUTED)
        self._draw_seats(canvas, lobby, places)
        if self.hosting is not None and places.host_ys:
            lines = self.hosting.describe()  # each on one line: both smaller alike (never below 100 %)
            shrink = min(text.fitting(words, size, PANEL.w - 100, least=size) / size
                         for words, size in zip(lines, (24, 22), strict=True))
            for words, size, colour, y in zip(lines, (24, 22), (CREAM, MUTED), places.host_ys, strict=True):
                text.draw(canvas, words, (PANEL.x + 50, PANEL.y + y), max(1, int(size * shrink)), colour)
        for knock, ky in zip(lobby.get("knocks", []), places.knock_ys, strict=False):
            words = tr("lobby.knock", name=knock["name"])
            room = self._knock_room(ky)
            text.draw(canvas, words, (PANEL.x + 50, PANEL.y + ky + 20), text.fitting(words, 28, room), CREAM)

    def _knock_room(self, ky: int) -> int:
        """The width left of a knock's Let in button for its line."""
        left = min((int(b.rect.x) for b, (key, _) in self.buttons.items()
                    if key == "admit" and int(b.rect.y) == PANEL.y + ky), default=PANEL.right - 560)
        return left - 20 - (PANEL.x + 50)

    def toast_lane(self) -> pygame.Rect | None:
        """The panel's free band under the seat rows, above the knocks and hosting lines (None: no room)."""
        lobby = self.room.lobby
        if lobby is None:
            return None
        places = self._places(lobby)
        top = PANEL.y + places.rows_y + len(lobby.get("seats", [])) * places.pitch
        ends = (places.knock_ys[0] - 10 if places.knock_ys else places.host_ys[0] - 14 if places.host_ys
                else PANEL.h - 20)
        bottom = PANEL.y + ends
        if bottom - top < 120:  # two lines of toast
            return None
        return pygame.Rect(PANEL.x + 40, top, PANEL.w - 80, bottom - top)

    def _draw_unreached(self, canvas: pygame.Surface) -> None:
        """A link that never connected: where, why, and what the player can do."""
        client, text = self.room.client, self.app.text
        x, y = PANEL.centerx, PANEL.centery
        text.draw(canvas, tr("lobby.unreached", where=client.where), (x, y - 90), 44, CREAM, anchor="center",
                  bold=True)
        why = client.failed or ""
        text.draw(canvas, why[:1].upper() + why[1:] + ".", (x, y - 20), 30, GOLD, anchor="center")
        text.draw(canvas, tr("lobby.check_link"), (x, y + 50), 28,
                  MUTED, anchor="center")
        retry = tr("lobby.tried", count=self.tries) if self.tries > 1 else tr("lobby.retry_or_back")
        text.draw(canvas, retry, (x, y + 92), 28, MUTED,
                  anchor="center")

    def _draw_seats(self, canvas: pygame.Surface, lobby: dict[str, Any], places: LobbyPlaces) -> None:
        text = self.app.text
        x = [PANEL.x + c for c in places.columns]
        for i, seat in enumerate(lobby.get("seats", [])):
            y = PANEL.y + places.rows_y + i * places.pitch
            name, role, word, latency, mark = self._seat_words(i, seat, lobby)
            text.draw(canvas, name, (x[0], y), text.fitting(name, 34, name_room(places), bold=True), CREAM,
                      bold=True)
            text.draw(canvas, role, (x[1], y + 6), 26, MUTED)
            colour = PRESENCE.get(seat["presence"], MUTED)
            pygame.draw.circle(canvas, colour, (x[2] - 20, y + grown(20)), 9)
            text.draw(canvas, word, (x[2], y + 6), 26, colour)
            if latency:
                text.draw(canvas, latency, (x[3], y + 6), 26, MUTED)
            if mark:  # the host starts the match: no ready mark of its own
                text.draw(canvas, mark, (x[4], y + 6), 26, TEAL if seat["ready"] else MUTED)


def move_clock_line(table: Any) -> str:
    """Whose move it is and the time left on the move clock, in words (a correspondence table)."""
    if table.outcome() is not None:
        return tr("describe.over")
    clocks = table.move_clocks()
    if not clocks:
        return ""
    seat = min(clocks, key=lambda s: (s not in table.here, clocks[s]))
    who = tr("lobby.your_move") if seat in table.here else tr("lobby.to_move", name=table.seats[seat].name)
    left = clocks[seat]
    minutes = math.ceil(abs(left) / 60)
    return tr("lobby.late", who=who, minutes=minutes) if left <= 0 else tr("lobby.left", who=who, minutes=minutes)

