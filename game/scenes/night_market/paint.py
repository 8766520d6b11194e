"""The Night Market table at rest: everything `paint_static` draws, from the viewer's view only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, BRASS_DIM, CREAM, GOLD, MUTED, RED, SELECT, WOOD
from game.draw.text import at_most, grown, scaled, text_size, unscaled
from game.draw.widgets import felt, panel
from game.scenes.night_market import layout as L
from game.scenes.night_market.faces import card_back, card_face, coin_face, outline
from game.text import tr
from rules.night_market.data import BONUS_SIZES, GOODS, HAND_LIMIT, PORTER, SEALS_TO_WIN

if TYPE_CHECKING:
    from game.match.table import Table
    from game.shell.app import App
    from rules.night_market.selection import Selection

DARK = (26, 20, 16, 230)


class TablePainter:
    """Mixed into the scene: paints chips, piles, market, hand and the line from `self.view`."""

    # what this mixin uses of the scene it is mixed into (NightMarketScene and its bases)
    app: App
    table: Table
    view: Any
    viewer: int | None
    hidden: set[int]
    purse: list[int]
    last_move: dict[int, tuple[str, ...]]
    sel_market: set[int]
    sel_hand: set[int]
    sel_porters: int
    selection: Selection
    line: str
    line_is_problem: bool
    turn_shown: int | None
    deck_leaving: int
    movers: list[Any]

    if TYPE_CHECKING:
        def seat_at(self, side: int) -> int: ...
        def colour_of(self, seat: int) -> tuple[int, int, int]: ...
        def role_of(self, seat: int) -> str: ...
        def shown_count(self, place: Any, actual: int) -> int: ...

    def paint_static(self, surface: pygame.Surface) -> None:
        """Everything at rest (cards in flight are skipped: they are movers)."""
        L.follow_text_size()
        felt(surface, self.app.assets)
        for side in (0, 1):
            self._paint_chip(surface, side)
        self._paint_centre(surface)
        self._paint_line(surface)
        self._paint_piles(surface)
        self._paint_deck_and_sold(surface)
        self._paint_market(surface)
        self._paint_hand(surface)

    # the top -------------------------------------------------------------------------------
    def _paint_chip(self, surface: pygame.Surface, side: int) -> None:
        seat = self.seat_at(side)
        sv = self.view.seats[seat]
        rect = L.CHIPS[side]
        colour = self.colour_of(seat)
        to_move = self.turn_shown == seat and not self.view.over
        panel(surface, rect, edge=colour if to_move else (110, 90, 60), radius=24, width=6 if to_move else 3)
        if self.app.settings.colour_patterns:
            self._pattern(surface, rect, "pattern_dots" if colour == L.ME_COLOUR else "pattern_stripes", colour)
        pygame.draw.circle(surface, colour, (rect.x + 40, rect.y + 38), 14)
        if to_move:
            pygame.draw.circle(surface, CREAM, (rect.x + 40, rect.y + 38), 14, 3)
        text = self.app.text
        self._paint_name(surface, rect, sv.name, self.role_of(seat))
        hand = self.shown_count(("hand", seat), sv.hand_count)
        porters = self.shown_count(("porters", seat), len(sv.porters))
        stats = tr("nm.chip.stats", hand=hand, porters=porters, bonus=len(sv.bonus_tokens))
        room = L.chip_purse(side)[0] - 40 - (rect.x + 26)  # stops short of the purse, down to its 100 % size
        size = text.fitting(stats, 24, room, least=24)
        text.draw(surface, stats, (rect.x + 26, rect.y + 60 + grown(34) - 34), size, MUTED)  # under the grown name
        words = self.chip_words(seat)
        if words:  # the bottom row runs the chip's whole width: a Rival's move is said in full
            size = text.fitting(words, L.CHIP_WORDS_SIZE, L.CHIP_WORDS_W, bold=True, least=L.CHIP_WORDS_SIZE)
            text.draw(surface, words, (rect.x + 26, L.CHIP_WORDS_Y + rect.y), size, colour, bold=True)  # (to 100 %)
        coin = self.app.assets.image("coin", (56, 56))
        px, py = L.chip_purse(side)
        surface.blit(coin, coin.get_rect(center=(px, py)))
        text.draw(surface, str(self.purse[seat]), (px + 36, py), 46, GOLD, bold=True, anchor="midleft")
        text.draw(surface, tr("nm.chip.coins"), (px, rect.y + 16 + (grown(22) - 22) // 2), 22, MUTED, anchor="center")
        self._paint_seals(surface, rect, sv.seals)

    def _paint_name(self, surface: pygame.Surface, rect: pygame.Rect, name: str, role: str) -> None:
        """Name and role on the chip's top row, smaller for a long name so they stop short of the purse."""
        text = self.app.text
        coins = text.font(22).size(tr("nm.chip.coins"))[0] // 2  # "Coins", centred over the purse
        room = L.chip_purse(0)[0] - max(40, coins + 14) - (L.CHIPS[0].x + 66)
        for size, small in ((34, 24), (30, 22), (26, 20), (26, 0), (22, 0), (18, 0)):
            wide = text.font(size, True).size(name)[0] + (14 + text.font(small).size(role)[0] if small else 0)
            if wide <= room:
                break
        drawn = text.draw(surface, name, (rect.x + 66, rect.y + 32), size, CREAM, bold=True, anchor="midleft")
        if small:  # a name too long for its role beside it: the role is in the chip's details
            text.draw(surface, role, (drawn.right + 14, rect.y + 34), small, MUTED, anchor="midleft")

    def chip_words(self, seat: int) -> str:
        """'Your turn', '<name>'s turn', or the seat's last move in the longest form that fits the chip."""
        if self.turn_shown == seat and not self.view.over:
            mine = seat == self.viewer and not self.table.read_only  # a replay names whose turn it was
            return tr("nm.your_turn") if mine else tr("nm.turn_of", name=self.view.seats[seat].name)
        forms = self.last_move.get(seat, ("",))
        font = self.app.text.font(L.CHIP_WORDS_SIZE, True)
        return next((w for w in forms if font.size(w)[0] <= L.CHIP_WORDS_W), forms[-1])

    def _paint_seals(self, surface: pygame.Surface, rect: pygame.Rect, seals: int) -> None:
        seal = self.app.assets.image("seal", (54, 54))
        for i in range(2):
            centre = (rect.right - 96 + i * 58, L.chip_purse(0)[1] - L.CHIPS[0].y + rect.y)  # beside the purse
            if i < seals:
                surface.blit(seal, seal.get_rect(center=centre))
            else:
                pygame.draw.circle(surface, (90, 75, 55), centre, 24, 3)
        at = (rect.right - 67, rect.y + 16 + (grown(22) - 22) // 2)
        self.app.text.draw(surface, tr("nm.chip.seals"), at, 22, MUTED, anchor="center")

    def _pattern(self, surface: pygame.Surface, rect: pygame.Rect, name: str, colour: tuple[int, ...]) -> None:
        def make() -> pygame.Surface:
            tile = self.app.assets.image(name, (64, 64))
            out = pygame.Surface(rect.size, pygame.SRCALPHA)
            for y in range(0, rect.h, 64):
                for x in range(0, rect.w, 64):
                    out.blit(tile, (x, y))
            out.fill((*colour, 40), special_flags=pygame.BLEND_RGBA_MULT)
            return out

        surface.blit(self.app.assets.cached(f"nm-pattern-{name}-{colour}", rect.size, make), rect)

    def _paint_centre(self, surface: pygame.Surface) -> None:
        text = self.app.text
        x, y = L.ROUND_LABEL
        text.draw(surface, tr("nm.round", round=self.view.round_no), (x, y), unscaled(44), GOLD, bold=True,
                  anchor="midtop", shadow=True)  # the round's heading keeps its size; the line under it grows
        words = tr("nm.first_to", seals=SEALS_TO_WIN)
        room = L.CHIPS[1].x - L.CHIPS[0].right - 24  # between the two chips
        size, lines = text.fitting_lines(words, 24, room, least=18)  # two lines before it shrinks below 100 %
        for i, line in enumerate(lines):
            text.draw(surface, line, (x, y + 60 + i * scaled(size) * 1.2), size, MUTED, anchor="midtop")
        pygame.draw.circle(surface, WOOD, L.MORE.center, L.MORE.w // 2)
        pygame.draw.circle(surface, BRASS, L.MORE.center, L.MORE.w // 2, 3)
        icon = self.app.assets.image("icon_more", (64, 64))
        surface.blit(icon, icon.get_rect(center=L.MORE.center))

    def _paint_line(self, surface: pygame.Surface) -> None:
        problem = self.line_is_problem
        panel(surface, L.LINE, fill=DARK, edge=RED if problem else (110, 90, 60), radius=26,
              width=4 if problem else 2)
        size, lines = self.line_layout()
        colour = (255, 170, 150) if problem else CREAM
        top = L.LINE.centery - scaled(size) * 0.68 * len(lines)
        for i, words in enumerate(lines):
            self.app.text.draw(surface, words, (L.LINE.centerx, top + i * scaled(size) * 1.36), size, colour,
                               bold=problem, anchor="midtop")

    def line_layout(self) -> tuple[int, list[str]]:
        """The selection line's size and lines: one line, smaller if it must be, else two (never cut)."""
        text, width = self.app.text, L.LINE.w - 60
        for size in (30, 26):
            if text.font(size, self.line_is_problem).size(self.line)[0] <= width:
                return size, [self.line]
        return 20, text.wrap(self.line, 20, width, self.line_is_problem)

    # coins, bonus, deck, sold --------------------------------------------------------------
    def _paint_piles(self, surface: pygame.Surface) -> None:
        text, assets = self.app.text, self.app.assets
        piles = dict(self.view.coins)
        for i, kind in enumerate(GOODS):
            r = L.coin_pile_rect(i)
            panel(surface, r, fill=(20, 16, 12, 170), edge=BRASS_DIM, radius=16, width=2)
            coins = piles[kind]
            centre = (r.centerx + 30, r.y + 44)
            if coins:
                face = coin_face(assets, text, coins[0], 72)
                surface.blit(face, face.get_rect(center=centre))
            else:
                pygame.draw.circle(surface, (80, 66, 48), centre, 33, 3)
                with at_most(100):  # inside the empty coin's ring (fixed art): at most its size, smaller to fit
                    words = tr("nm.pile.none")
                    text.draw(surface, words, centre, text.fitting(words, 22, 62, least=14), MUTED, anchor="center")
            icon = assets.image(f"good_{kind}", (60, 60))
            surface.blit(icon, icon.get_rect(center=(r.x + 38, r.y + 44)))
            self._label(surface, tr("nm.kind", kind=kind), r, 96, CREAM, bold=True)
            self._label(surface, tr("nm.left", count=len(coins)), r, 96 + grown(24), MUTED)
        bonus = dict(self.view.bonus_piles)
        for i, size in enumerate(BONUS_SIZES):
            r = L.bonus_pile_rect(i)
            panel(surface, r, fill=(20, 16, 12, 170), edge=BRASS_DIM, radius=16, width=2)
            token = assets.image("bonus_token", (62, 62))
            surface.blit(token, token.get_rect(center=(r.centerx, r.y + 42)))
            label = tr("nm.sell_five") if size == 5 else tr("nm.sell_size", size=size)
            self._label(surface, label, r, 96, CREAM, bold=True)
            self._label(surface, tr("nm.left", count=bonus[size]), r, 96 + grown(24), MUTED)

    def _label(self, surface: pygame.Surface, words: str, box: pygame.Rect, dy: int, colour: tuple[int, int, int],
                bold: bool = False) -> None:
        """A pile's label centred in its box, smaller when another language's words are longer than the box."""
        text = self.app.text
        size = next((s for s in (22, 20, 18, 16) if text.font(s, bold).size(words)[0] <= box.w - 10), 14)
        text.draw(surface, words, (box.centerx, box.y + dy), size, colour, bold=bold, anchor="center")

    def _paint_deck_and_sold(self, surface: pygame.Surface) -> None:
        text, assets = self.app.text, self.app.assets
        deck = L.card_rect(L.DECK_POS)
        count = self.view.deck_count + self.deck_leaving
        if count:
            for k in range(min(3, count)):
                surface.blit(card_back(assets), deck.move(-2 * k, -2 * k))
        else:
            pygame.draw.rect(surface, BRASS_DIM, deck, 3, border_radius=14)
        self._pill(surface, tr("nm.deck", count=count), L.DECK_PILL)
        sold = L.card_rect(L.SOLD_POS)
        shown = [c for c in self.view.sold if c[0] not in self.hidden]
        if shown:
            face = card_face(assets, text, shown[-1][1]).copy()
            face.set_alpha(170)
            surface.blit(face, sold)
        else:
            pygame.draw.rect(surface, BRASS_DIM, sold, 3, border_radius=14)
        sold_count = self.shown_count("sold", len(self.view.sold))
        self._pill(surface, tr("nm.sold_pile", count=sold_count), (sold.centerx, sold.bottom - 26))

    def _pill(self, surface: pygame.Surface, words: str, centre: tuple[int, int]) -> pygame.Rect:
        label = self.app.text.render(words, 26, CREAM, bold=True)
        box = label.get_rect(center=centre).inflate(26, 10)
        pygame.draw.rect(surface, WOOD, box, border_radius=16)
        pygame.draw.rect(surface, BRASS, box, 2, border_radius=16)
        surface.blit(label, label.get_rect(center=centre))
        return box

    def draw_overlay(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """The deck's count stays on top of cards leaving the deck (a deal would hide it for seconds)."""
        near = L.card_rect(L.DECK_POS)
        if not any(m.rect.colliderect(near) for m in self.movers):
            return []
        return [self._pill(canvas, tr("nm.deck", count=self.view.deck_count + self.deck_leaving), L.DECK_PILL)]

    # cards ---------------------------------------------------------------------------------
    def _paint_market(self, surface: pygame.Surface) -> None:
        for i, (card, kind) in enumerate(self.view.market):
            if card in self.hidden:
                continue
            self._paint_card(surface, kind, L.market_pos(i), card in self.sel_market)

    def _paint_card(self, surface: pygame.Surface, kind: str, pos: tuple[int, int], selected: bool) -> None:
        rect = L.card_rect((pos[0], pos[1] - (L.LIFT if selected else 0)))
        if selected:
            outline(surface, rect, SELECT)
        surface.blit(card_face(self.app.assets, self.app.text, kind), rect)

    def _paint_hand(self, surface: pygame.Surface) -> None:
        if self.viewer is None:
            return
        self._paint_porter_card(surface)
        for card, kind, pos in L.hand_layout(self.view.hand):
            if card not in self.hidden:
                self._paint_card(surface, kind, pos, card in self.sel_hand)
        goods = self.shown_count(("hand", self.viewer), len(self.view.hand))
        words = tr("nm.hand", count=goods, limit=HAND_LIMIT)
        self.app.text.draw(surface, words, (L.HAND_X0 - 75, L.HAND_Y + 122), 24, MUTED)

    def _paint_porter_card(self, surface: pygame.Surface) -> None:
        text = self.app.text
        team = self.shown_count(("porters", self.viewer), len(self.view.seats[self.viewer].porters))
        chosen = self.sel_porters
        action = self.selection.actions[0] if self.selection.actions else None
        filled = getattr(action, "porters", 0) - chosen if hasattr(action, "take") else 0
        base = L.card_rect(L.PORTER_POS)
        if team == 0:
            pygame.draw.rect(surface, BRASS_DIM, base, 3, border_radius=14)
            words = tr("nm.no_porters")  # inside the empty card: two lines before it would shrink
            size, lines = text.fitting_lines(words, 24, base.w - 12, least=16)
            pitch = text.font(size).get_linesize()
            for i, line in enumerate(lines):
                text.draw(surface, line, (base.centerx, base.centery + (i - (len(lines) - 1) / 2) * pitch), size,
                          MUTED, anchor="center")
        else:
            self._paint_card(surface, PORTER, L.PORTER_POS, chosen + filled > 0)
            badge = pygame.Rect(0, 0, 66, 46)
            badge.center = (base.right - 8, base.y + 6 - (L.LIFT if chosen + filled else 0))
            pygame.draw.rect(surface, WOOD, badge, border_radius=20)
            pygame.draw.rect(surface, GOLD, badge, 3, border_radius=20)
            with at_most(100):  # the badge is fixed art: its count keeps its size
                text.draw(surface, f"×{team}", badge.center, 28, GOLD, bold=True, anchor="center")
        words, bold = self.porter_words()
        size, centre = self.porter_words_at()
        text.draw(surface, words, centre, size, GOLD if bold else MUTED, bold=bold, anchor="center")

    def porter_words_at(self) -> tuple[float, tuple[int, int]]:
        """The size and centre of the words under the team card: one line (the move bar is right under
        them) stopping short of the hand's own words, never below their 100 % size. At 100 % centred under
        the card; at a bigger text size they may reach left of it to the table's edge to grow."""
        words, bold = self.porter_words()
        base = L.card_rect(L.PORTER_POS)
        right, y = L.HAND_X0 - 75 - 16, base.bottom + 22
        if text_size() <= 100:
            half = min(base.centerx - 10, right - base.centerx)
            return self.app.text.fitting(words, 24, 2 * half, bold=bold, least=18), (base.centerx, y)
        right -= 24  # further from the hand's words, on the same line: two sentences, not one
        size = self.app.text.fitting_lines(words, 24, right - 10, bold=bold, least=18, two=False)[0]
        wide = self.app.text.font(size, bold).size(words)[0]
        return size, (min(base.centerx, right - wide // 2), y)

    def porter_words(self) -> tuple[str, bool]:
        """The words under the team card, and whether they are bold (porters in the selection)."""
        team = self.shown_count(("porters", self.viewer), len(self.view.seats[self.viewer].porters))
        chosen = self.sel_porters
        action = self.selection.actions[0] if self.selection.actions else None
        filled = getattr(action, "porters", 0) - chosen if hasattr(action, "take") else 0
        if chosen + filled:
            key = "nm.porters.fill" if filled else "nm.porters.exchange"
            return tr(key, count=chosen + filled, team=team, fill=filled), True
        return tr("nm.porters.label" if self.table.read_only else "nm.porters.tap"), False
