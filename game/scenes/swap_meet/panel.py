"""One seat's panel on the trading floor, drawn upright on its own surface with its own buttons.

The same panel serves the full layout (one person against bots: tall, opponents as rows) and
table mode (compact, opponents as chips, turned to face its player by the scene). Everything it
draws comes from a `PanelModel`; `hits` maps rectangles in the panel's upright coordinates to
intents the scene turns into actions: ("card", kind, "face" | "more" | "less"), ("button", key), ("swap", seat),
("peek", seat), ("pin", kind), ("peektab",).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, INK, MINT, MUTED, RED
from game.draw.text import at_most
from game.scenes.swap_meet.model import (
    ACT_ICON,
    RES_COLOUR,
    RES_ICON,
    RES_NAME,
    Button,
    PanelModel,
    Rival,
    button_label,
    contract_name,
    of_kind,
    over_recipe,
)
from game.scenes.swap_meet.model import points as points_  # the name `points` is a local in places
from game.scenes.swap_meet.stall import awning, awning_colour, counter, mini_card
from game.text import tr
from rules.swap_meet.data import AUDIT, CRASH, INSIDE, RESOURCES, TAKEOVER

if TYPE_CHECKING:
    from game.draw.text import Text
    from game.services.assets import Assets

Hit = tuple[pygame.Rect, tuple[Any, ...]]
STYLE = {  # fill, edge, text when lit
    "plain": ((52, 42, 32), (170, 132, 76), CREAM),
    "primary": ((217, 139, 43), (255, 217, 138), (31, 20, 10)),
    "danger": ((120, 38, 34), (224, 102, 90), CREAM),
    "action": ((40, 78, 86), (127, 211, 201), CREAM),
    "swap": ((47, 120, 84), MINT, CREAM),
}
NARROW_H = 440  # a table-mode panel at least this tall is laid out narrow and deep (five or six people)
TOUCH = 64  # the short side of every target in such a panel
STALL_TOP = 290  # where your own stall's awning starts in the tall panel, under the rivals' rows
DIM = ((34, 29, 24), (74, 63, 51), (125, 116, 102))
OFFER_GREEN = (47, 107, 79)
PEEK_TEAL = (127, 211, 201)
ACTIONS = (CRASH, INSIDE, AUDIT, TAKEOVER)  # the hand's fixed order of action cards
BUTTON_SLOTS = ("open", "pull", "cash", *(f"crash:{k}" for k in RESOURCES), "audit", "takeover")  # model.button_label
NARROW_ROWS = (BUTTON_SLOTS[:3] + BUTTON_SLOTS[-2:], BUTTON_SLOTS[3:-2])  # moves, then the four crashes


def card_face(assets: Assets, kind: str, size: tuple[int, int], text: Text) -> pygame.Surface:
    """A resource or action card: colour band, icon and its name (cached per size)."""
    def make() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        colour = RES_COLOUR.get(kind, (96, 170, 180))
        pygame.draw.rect(surf, (248, 240, 222), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, colour, (0, 0, w, max(10, h // 9)), border_top_left_radius=10,
                         border_top_right_radius=10)
        pygame.draw.rect(surf, (70, 54, 36), surf.get_rect(), 2, border_radius=10)
        icon_name = RES_ICON.get(kind) or ACT_ICON[kind]
        side = min(w - 10, int(h * 0.55))
        icon = assets.image(icon_name, (side, side))
        surf.blit(icon, icon.get_rect(center=(w // 2, int(h * 0.44))))
        label = _card_label(kind)
        size_px = 22 if w < 100 else 24
        font_surf = text.render(label, size_px, INK, bold=True)
        if font_surf.get_width() > w - 6:
            font_surf = pygame.transform.smoothscale(font_surf, (w - 6, font_surf.get_height()))
        surf.blit(font_surf, font_surf.get_rect(midbottom=(w // 2, h - 5)))
        return surf

    return assets.cached(f"swapmeet-card#{kind}#{_card_label(kind)}", size, make)  # one picture per language


def _card_label(kind: str) -> str:
    """The word at a card's foot: the resource, or the action card's short name."""
    return RES_NAME[kind] if kind in RES_NAME else tr("sm.card_label", card=kind)


def card_back(assets: Assets, size: tuple[int, int]) -> pygame.Surface:
    """The face-down card."""
    return assets.image("card_back", size)


class SeatPanel:
    """Draws a PanelModel at one size and remembers where its buttons are."""

    def __init__(self, app, size: tuple[int, int], compact: bool) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.size = size
        self.compact = compact
        self.letters: dict[str, str] = {}  # button key -> its key's name, drawn after the words ("Pull  [P]")
        self.hits: list[Hit] = []
        self.model: PanelModel | None = None
        self.surface: pygame.Surface | None = None
        self.card_rects: dict[str, pygame.Rect] = {}
        self.rival_rects: dict[int, pygame.Rect] = {}
        self.lanes: dict[int, pygame.Rect] = {}  # seat -> the free stretch of its row where news may float
        self.contract_rect = pygame.Rect(0, 0, 0, 0)  # where the contract card was drawn (guided match)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)  # where the hint line's words are (guided match)
        self._offer_end = 0
        self._floor = False  # drawing the demo's floor: rows seen from no seat

    # drawing -----------------------------------------------------------------------------------
    def render(self, model: PanelModel) -> pygame.Surface:
        """The upright panel picture for this model (cached while the model is unchanged). Its words keep
        their 100 % size: the stall's rows, meters and cards fill fixed art (docs/access.md)."""
        with at_most(100):
            return self._render(model)

    def _render(self, model: PanelModel) -> pygame.Surface:
        if model == self.model and self.surface is not None:
            return self.surface
        self.model = model
        self.hits = []
        w, h = self.size
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (22, 17, 13, 228), surf.get_rect(), border_radius=22)
        pygame.draw.rect(surf, BRASS, surf.get_rect(), 3, border_radius=22)
        if self.compact and h >= NARROW_H:
            self._narrow(surf, model)
        elif self.compact:
            self._compact(surf, model)
        else:
            self._tall(surf, model)
        self.surface = surf
        return surf

    def _tall(self, surf: pygame.Surface, m: PanelModel) -> None:
        w, h = self.size
        self._rivals_rows(surf, m.rivals, pygame.Rect(16, 12, w - 32, 270))
        surf.blit(awning(self.app.assets, (w - 32, 30), awning_colour(m.seat)), (16, STALL_TOP))
        self._header(surf, m, pygame.Rect(24, 324, w - 48, 40), 30)
        surf.blit(counter(self.app.assets, (w - 484, 18)), (16, 572))  # the cards stand on it
        self._hand(surf, m, pygame.Rect(24, 364, w - 500, 214), (126, 178))
        self._contract(surf, m, pygame.Rect(w - 456, 364, 432, 214), 28)
        self._hint(surf, m, pygame.Rect(24, 590, w - 48, 40), 28)
        self._buttons(surf, m, pygame.Rect(24, 644, w - 48, 80), 28)

    def _compact(self, surf: pygame.Surface, m: PanelModel) -> None:
        w, h = self.size
        contract_w = 250 if w >= 900 else 200
        surf.blit(awning(self.app.assets, (w - 40, 16), awning_colour(m.seat)), (20, 3))
        self._header(surf, m, pygame.Rect(16, 12, w - 32, 44), 24)
        self._rival_chips(surf, m, pygame.Rect(12, 60, w - 24, 74))
        surf.blit(counter(self.app.assets, (w - contract_w - 32, 12)), (12, 264))
        self._hand(surf, m, pygame.Rect(16, 142, w - contract_w - 40, 128), (78, 110))
        self._contract(surf, m, pygame.Rect(w - contract_w - 16, 142, contract_w, 128), 22)
        self._hint(surf, m, pygame.Rect(16, 274, w - 32, 30), 22)
        self._buttons(surf, m, pygame.Rect(12, 306, w - 24, 46), 22)

    def _narrow(self, surf: pygame.Surface, m: PanelModel) -> None:
        """Table mode with five or six people (a narrow, deep panel): every target a fingertip wide,
        at least TOUCH on its short side. A rival's whole chip is its Swap (or Peek); each card is its
        own +, with its − under it; the buttons take two fixed rows."""
        w, h = self.size
        text = self.app.text
        surf.blit(awning(self.app.assets, (w - 40, 12), awning_colour(m.seat)), (20, 2))
        size = self.fitting(m.name, 24, 128, True, least=16)
        text.draw(surf, m.name, (16, 26), size, GOLD, bold=True, anchor="midleft")
        text.draw(surf, tr("sm.pts", points=points_(m.total)), (16, 56), 20, CREAM, anchor="midleft")
        self._peek_tab(surf, m, pygame.Rect(w - 12 - 180, 10, 180, TOUCH))
        self._pins(surf, m, pygame.Rect(152, 10, w - 12 - 180 - 10 - 152, TOUCH), 22, widest=TOUCH)
        self._narrow_chips(surf, m, pygame.Rect(12, 78, w - 24, TOUCH))
        self.card_rects = {}
        face_h = 76  # a card a little taller than wide, its − under it
        for i, kind in enumerate(RESOURCES):
            self._narrow_slot(surf, m, kind, dict(m.counts).get(kind, 0), pygame.Rect(12 + i * 74, 148, TOUCH, face_h))
        x0 = 12 + 4 * 74 + 4
        for i, kind in enumerate(ACTIONS):
            n = m.actions.count(kind)
            if n:
                self._action_card(surf, m, kind, n, pygame.Rect(x0 + i * 24, 148, 48, face_h))
        contract = pygame.Rect(x0 + 3 * 24 + 48 + 8, 148, 0, face_h + 4 + TOUCH)
        contract.w = w - 12 - contract.x
        self._contract(surf, m, contract, 20)
        self._hint(surf, m, pygame.Rect(14, 294, w - 28, 26), 20)
        self._buttons(surf, m, pygame.Rect(12, 322, w - 24, TOUCH), 22, NARROW_ROWS[0])
        self._buttons(surf, m, pygame.Rect(12, 322 + TOUCH + 6, w - 24, TOUCH), 22, NARROW_ROWS[1])

    def _narrow_slot(self, surf: pygame.Surface, m: PanelModel, kind: str, n: int, face: pygame.Rect) -> None:
        """A resource in a narrow panel: its card is its + (a gold frame and "2 of 3" while picked),
        its − right under it."""
        self.card_rects[kind] = face
        minus = pygame.Rect(face.x, face.bottom + 4, face.w, TOUCH)
        if m.masked:
            surf.blit(card_back(self.app.assets, face.size), face)
            return
        if n == 0:
            self._empty_slot(surf, kind, face)
            return
        picked = self._held_card(surf, m, kind, n, face, face.size)
        if m.watching:  # a replay: the card is shown, not picked
            return
        self.hits.append((face.copy(), ("card", kind, "more")))
        self._step_button(surf, minus, "−", picked > 0, ("card", kind, "less"))

    def _narrow_chips(self, surf: pygame.Surface, m: PanelModel, area: pygame.Rect) -> None:
        """Each rival as one chip that is itself the button: Swap (green) when your pick takes its
        offer, else Peek (teal) while you hold Inside Trading; name and score, then its offer."""
        n = max(1, len(m.rivals))
        cw = (area.w - 6 * (n - 1)) // n
        text = self.app.text
        for i, rv in enumerate(m.rivals):
            r = pygame.Rect(area.x + i * (cw + 6), area.y, cw, area.h)
            self.rival_rects[rv.seat] = r
            peek = rv.can_peek and not m.masked and not rv.can_swap
            style = "swap" if rv.can_swap else "action" if peek else None
            fill, edge = (STYLE[style][0], STYLE[style][1]) if style else ((40, 32, 24), (96, 76, 50))
            pygame.draw.rect(surf, fill, r, border_radius=12)
            pygame.draw.rect(surf, edge, r, 3 if style else 2, border_radius=12)
            surf.blit(awning(self.app.assets, (r.w - 16, 8), awning_colour(rv.seat)), (r.x + 8, r.y + 2))
            line = tr("sm.name_score", name=str(rv.name), points=points_(rv.total))
            text.draw(surf, line, (r.x + 8, r.y + 22), self.fitting(line, 20, r.w - 14, True, least=13), GOLD,
                      bold=True, anchor="midleft")
            offer = of_kind(rv.offer[1], rv.offer[0]) if rv.offer else ""
            if rv.can_swap:
                words, colour = tr("sm.chip.swap", what=offer), CREAM
            elif peek:
                words, colour = tr("sm.chip.peek", what=offer) if offer else tr("sm.button.peek"), CREAM
            elif rv.peeked and not m.masked:
                words, colour = contract_name(rv.peeked), PEEK_TEAL
            elif offer:
                words, colour = offer, CREAM
            else:
                words, colour = tr("sm.no_offer"), MUTED
            text.draw(surf, words, (r.x + 8, r.y + 46), self.fitting(words, 20, r.w - 14, True, least=13), colour,
                      bold=bool(style), anchor="midleft")
            intent = ("swap", rv.seat) if rv.can_swap else ("peek", rv.seat) if peek else ("row", rv.seat)
            self.hits.append((r.copy(), intent))

    def _header(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int) -> None:
        text = self.app.text
        who = str(m.name) if self.compact else tr("sm.your_stall", name=str(m.name))
        end = text.draw(surf, who, (r.x, r.centery), size + 2, GOLD, bold=True, anchor="midleft")
        end = text.draw(surf, tr("sm.pts", points=points_(m.total)), (end.right + 18, r.centery), size, CREAM,
                        anchor="midleft")
        x = end.right + 30
        if m.my_offer and (not self.compact or m.masked):
            kind, n = m.my_offer
            end = text.draw(surf, tr("sm.your_offer", what=of_kind(n, kind)), (x, r.centery), size, CREAM, bold=True,
                            anchor="midleft")
            x = end.right + 30
        if self.compact:
            tab = 230 if self.size[0] >= 900 else 170  # a narrow panel keeps more room for the pins
            self._peek_tab(surf, m, pygame.Rect(r.right - tab, r.y, tab, r.h))
            self._pins(surf, m, pygame.Rect(x, r.y, r.right - tab - 20 - x, r.h), size)
        elif m.bank:
            points = dict(m.bank_points).get(m.bank, 0.0)
            how = tr("sm.bank.pinned" if m.pinned else "sm.bank.most", kind=m.bank, points=points_(points))
            said = text.draw(surf, how if m.watching else tr("sm.bank.tap_to_pin", bank=how),
                             (r.right, r.centery), size - 2, MUTED, anchor="midright")
            self.hits.append((said.inflate(0, 20), ("term", "bank")))  # a tap says what bank and pin mean

    def _peek_tab(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect) -> None:
        fill, edge = ((60, 48, 30), GOLD) if m.masked else ((47, 107, 79), MINT)
        pygame.draw.rect(surf, fill, r, border_radius=14)
        pygame.draw.rect(surf, edge, r, 2, border_radius=14)
        label = tr("sm.peektab.hold") if m.masked else tr("sm.peektab.shown")
        self.app.text.draw(surf, label, r.center, self.fitting(label, 22, r.w - 12, True), CREAM, bold=True,
                           anchor="center")
        self.hits.append((r, ("peektab",)))

    def _pins(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int, widest: int = 44) -> None:
        text = self.app.text
        if m.masked or m.bank is None:
            text.draw(surf, tr("sm.bank.hidden"), (r.x, r.centery), size - 2, MUTED, anchor="midleft")
            return
        side = min(widest, (r.w - 6 * len(RESOURCES)) // len(RESOURCES))
        x = r.x
        if r.w - (side + 6) * len(RESOURCES) >= self.app.text.font(size - 2).size(tr("sm.bank"))[0] + 10:
            x = text.draw(surf, tr("sm.bank"), (r.x, r.centery), size - 2, MUTED, anchor="midleft").right + 10
        for kind in RESOURCES:
            box = pygame.Rect(x, r.y + 2, side, r.h - 4)
            on = kind == m.bank
            pygame.draw.rect(surf, (70, 56, 30) if on else (34, 28, 22), box, border_radius=8)
            pygame.draw.rect(surf, GOLD if on else (90, 75, 55), box, 3 if on else 1, border_radius=8)
            icon_side = min(side - 8, max(34, side - 20))
            icon = self.app.assets.image(RES_ICON[kind], (icon_side, icon_side))
            if not dict(m.counts).get(kind):  # none held: pinning it would score a loss
                icon = icon.copy()
                icon.set_alpha(90)
            surf.blit(icon, icon.get_rect(center=box.center))
            self.hits.append((box.inflate(4, 6), ("pin", kind)))
            x += side + 6
        if m.bank:
            points = dict(m.bank_points).get(m.bank, 0.0)
            words = text.render(tr("sm.bank.short_pinned" if m.pinned else "sm.bank.short_auto", kind=m.bank,
                                   points=points_(points)), size - 4, CREAM)
            if x + 6 + words.get_width() <= r.right:  # never under the peek tab beside it
                surf.blit(words, words.get_rect(midleft=(x + 6, r.centery)))

    def _hand(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, card: tuple[int, int]) -> None:
        """One fixed slot per resource type (card, count, + and −), then one per action kind: a slot
        never moves, so an arrival or a departure changes a number, never what lies under a finger."""
        cw, ch = card
        gap = 22 if not self.compact else 14
        bw = max(30, cw // 2)
        slot = cw + bw + 6 + gap
        if 4 * slot > r.w * 0.72:  # a narrow panel: shrink the slots, keep them fixed
            k = r.w * 0.72 / (4 * slot)
            cw, bw, gap = max(34, int(cw * k)), max(24, int(bw * k)), max(6, int(gap * k))
            slot = cw + bw + 6 + gap
        counts = dict(m.counts)
        self.card_rects = {}
        for i, kind in enumerate(RESOURCES):
            self._slot(surf, m, kind, counts.get(kind, 0), pygame.Rect(r.x + i * slot, r.bottom - ch, cw, ch), bw)
        held = {kind: m.actions.count(kind) for kind in ACTIONS}
        x0 = r.x + 4 * slot
        step = min(cw + gap, max(16, (r.right - x0 - cw) // max(1, len(ACTIONS) - 1)))
        for i, kind in enumerate(ACTIONS):
            if held[kind]:
                self._action_card(surf, m, kind, held[kind], pygame.Rect(x0 + i * step, r.bottom - ch, cw, ch))

    def _slot(self, surf: pygame.Surface, m: PanelModel, kind: str, n: int, rect: pygame.Rect, bw: int) -> None:
        """A resource's slot: its card (lifted with a gold frame while picked), and + / − beside it."""
        self.card_rects[kind] = rect
        if n == 0 or m.masked:
            self._empty_slot(surf, kind, rect)
            if m.masked:
                surf.blit(card_back(self.app.assets, rect.size), rect)
            else:
                words = self.app.text.render(tr("sm.slot.none", kind=kind), 18 if self.compact else 20, MUTED)
                if words.get_width() <= rect.w - 4:  # a narrow slot keeps only its faded icon
                    surf.blit(words, words.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))
            return
        picked = m.sel[1] if m.sel[0] == kind else 0
        lift = (18 if not self.compact else 12) if picked else 0
        self._held_card(surf, m, kind, n, rect.move(0, -lift), rect.size)
        if m.watching:  # a replay: the card is shown, not picked
            return
        top = rect.y - (18 if not self.compact else 12)
        self.hits.append((pygame.Rect(rect.x, top, rect.w, rect.bottom - top), ("card", kind, "face")))
        half = (rect.bottom - top - 6) // 2
        plus = pygame.Rect(rect.right + 6, top, bw, half)
        minus = pygame.Rect(rect.right + 6, top + half + 6, bw, half)
        self._step_button(surf, plus, "+", picked < n, ("card", kind, "more"))
        self._step_button(surf, minus, "−", picked > 0, ("card", kind, "less"))

    def _empty_slot(self, surf: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
        """A slot whose type is gone: its place kept, faded, so nothing else moves into it."""
        pygame.draw.rect(surf, (44, 36, 28), rect, border_radius=10)
        pygame.draw.rect(surf, (90, 75, 55), rect, 2, border_radius=10)
        icon = self.app.assets.image(RES_ICON[kind], (rect.w // 2, rect.w // 2)).copy()
        icon.set_alpha(70)
        surf.blit(icon, icon.get_rect(center=rect.center))

    def _held_card(self, surf: pygame.Surface, m: PanelModel, kind: str, n: int, face: pygame.Rect,
                   size: tuple[int, int]) -> int:
        """A held type's card at `face`: offer mark, gold frame while picked, count badge; returns the pick."""
        picked = m.sel[1] if m.sel[0] == kind else 0
        offered = m.my_offer[1] if m.my_offer and m.my_offer[0] == kind else 0
        surf.blit(card_face(self.app.assets, kind, size, self.app.text), face)
        if offered:
            self._offer_mark(surf, face, offered)
        if picked:
            pygame.draw.rect(surf, GOLD, face.inflate(4, 4), 4, border_radius=12)
        self._count_badge(surf, face, tr("sm.slot.picked", picked=picked, held=n) if picked else f"×{n}", picked > 0)
        return picked

    def _step_button(self, surf: pygame.Surface, rect: pygame.Rect, label: str, lit: bool,
                     intent: tuple[Any, ...]) -> None:
        """A + or − beside a resource card (dimmed ones still hit-test: the scene says why not)."""
        fill, edge, colour = STYLE["plain"] if lit else DIM
        pygame.draw.rect(surf, fill, rect, border_radius=10)
        pygame.draw.rect(surf, edge, rect, 2, border_radius=10)
        self.app.text.draw(surf, label, rect.center, min(40, rect.h - 6), colour, bold=True, anchor="center")
        self.hits.append((rect, intent))

    def _count_badge(self, surf: pygame.Surface, face: pygame.Rect, words: str, picked: bool) -> None:
        """How many are held ("×3"), or how many of them are picked ("2 of 3")."""
        badge = self.app.text.render(words, 20 if self.compact else 22, INK, bold=True)
        box = badge.get_rect(center=(face.centerx, face.y)).inflate(12, 4)  # a tag on the card's top edge
        pygame.draw.rect(surf, GOLD if picked else (236, 220, 180), box, border_radius=9)
        surf.blit(badge, badge.get_rect(center=box.center))

    def _action_card(self, surf: pygame.Surface, m: PanelModel, kind: str, n: int, rect: pygame.Rect) -> None:
        """An action card in its kind's fixed place (played by its button; a tap on it says what it does)."""
        img = card_back(self.app.assets, rect.size) if m.masked else card_face(self.app.assets, kind, rect.size,
                                                                               self.app.text)
        surf.blit(img, rect)
        if not m.masked and min(rect.size) >= 64:  # a narrow panel's overlapping cards are too small to tap
            self.hits.append((rect.copy(), ("info", kind)))
        if n > 1 and not m.masked:
            self._count_badge(surf, rect, f"×{n}", False)

    def _offer_mark(self, surf: pygame.Surface, face: pygame.Rect, offered: int) -> None:
        """Cards listed in this seat's offer: a mint frame and a green band saying how many."""
        band = pygame.Rect(face.x, face.y + int(face.h * 0.6), face.w, max(20, face.h // 6))
        pygame.draw.rect(surf, OFFER_GREEN, band)
        pygame.draw.rect(surf, MINT, face.inflate(6, 6), 3, border_radius=12)
        for words in (tr("sm.slot.offered", count=offered), tr("sm.slot.offer"), str(offered)):
            tag = self.app.text.render(words, 18 if self.compact else 20, CREAM, bold=True)
            if tag.get_width() <= face.w - 6:
                surf.blit(tag, tag.get_rect(center=band.center))
                break

    def _contract(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int) -> None:
        text = self.app.text
        self.contract_rect = r.copy()
        lit = m.exact and not m.masked
        pygame.draw.rect(surf, (58, 46, 30) if not lit else (70, 92, 50), r, border_radius=14)
        pygame.draw.rect(surf, GOLD if lit else BRASS, r, 3, border_radius=14)
        if m.masked or m.contract is None:
            side = min(r.h - 30, r.w - 24 - text.font(size, True).size(tr("sm.contract.title"))[0] - 16)
            back = self.app.assets.image("contract", (side, side))
            surf.blit(back, back.get_rect(center=(r.x + 12 + side // 2, r.centery)))
            text.draw(surf, tr("sm.contract.title"), (r.x + side + 28, r.centery - size // 2 - 4), size, CREAM,
                      bold=True, anchor="midleft")
            text.draw(surf, tr("sm.contract.hidden"), (r.x + side + 28, r.centery + size // 2), size - 2, MUTED,
                      anchor="midleft")
            return
        title = contract_name(m.contract)
        text.draw(surf, title, (r.x + 14, r.y + 8), self.fitting(title, size, r.w - 28, True), GOLD, bold=True)
        if self.compact:
            text.draw(surf, tr("sm.contract.base", base=m.base), (r.x + 14, r.y + 10 + size + 4), size - 2, CREAM)
        else:
            text.draw(surf, tr("sm.contract.base", base=m.base), (r.right - 14, r.y + 10), size - 2, CREAM,
                      anchor="topright")
        self._recipe(surf, m, r, size)
        over = over_recipe(dict(m.counts), m.recipe)
        if over:  # every card beyond the recipe blocks Cash out: say which
            words = tr("sm.contract.too_many", what=", ".join(of_kind(n, k) for k, n in over.items()))
            small = self.fitting(words, size - 6 if self.compact else size - 4, r.w - 24, True, least=13)
            lines = text.wrap(words, small, r.w - 24, bold=True) if text.font(small, True).size(words)[0] > r.w - 24 \
                else [words]  # a narrow contract card: the list takes two lines
            for i, line in enumerate(reversed(lines[:2])):
                text.draw(surf, line, (r.x + 14, r.bottom - 6 - i * (small + 3)), small, RED, bold=True,
                          anchor="bottomleft")
        if lit:
            spot = (r.right - 14, r.y + 14 + size) if self.compact else (r.right - 14, r.bottom - 8)
            text.draw(surf, tr("sm.contract.exact"), spot, size - 2, MINT, bold=True,
                      anchor="topright" if self.compact else "bottomright")

    def _recipe(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int) -> None:
        """The recipe's lines, held/needed: mint when met, red when over (one too many blocks Cash out)."""
        text = self.app.text
        have = dict(m.counts)
        icon_side = size + 12 if self.compact else size + 18
        top = r.y + (2 * size + 26 if self.compact else size + 26)
        if self.compact:  # one row: icons and numbers shrink together until it fits the card
            while icon_side > 16 and len(m.recipe) * (icon_side + 4 + (size - 2) * 1.6 + 8) > r.w - 20:
                icon_side -= 2
                size -= 1
        cols = 2 if not self.compact and len(m.recipe) > 2 else 1
        x, y = r.x + 14, top
        for i, (kind, n) in enumerate(m.recipe):
            if cols == 2:
                x, y = r.x + 14 + (i % 2) * (r.w // 2), top + (i // 2) * (icon_side + 2)
            icon = self.app.assets.image(RES_ICON[kind], (icon_side, icon_side))
            surf.blit(icon, (x, y))
            got = have.get(kind, 0)
            colour = MINT if got == n else RED if got > n else CREAM
            label = f"{got}/{n}" if self.compact else f"{got}/{of_kind(n, kind)}"
            end = text.draw(surf, label, (x + icon_side + 4, y + icon_side // 2), size - 2, colour, bold=True,
                            anchor="midleft")
            if self.compact:
                x = end.right + 8
            elif cols == 1:
                y += icon_side + 2

    def _hint(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int) -> None:
        """The hint line: what the selection would do, or for a moment why a tap was refused (its own
        lane: a refusal never lies over cards, buttons or another line)."""
        words, colour = m.hint, CREAM if not m.masked else MUTED
        if self.compact and self.size[1] >= NARROW_H:  # a narrow panel's card is its own +
            words = words.replace(tr("sm.hint.pick"), tr("sm.hint.pick_card"))
        if m.alert is not None:
            words, colour = m.alert[0], RED if m.alert[1] else GOLD
        if m.news and not self.compact:  # one person's unseen news: a tap on its line clears it
            self.hits.append((r.inflate(0, 16), ("news",)))
        bold = m.alert is not None
        size = self.fitting(words, size, r.w, bold, least=max(16, size - 6))
        img = self.app.text.render(words, size, colour, bold=bold)
        self.hint_rect = pygame.Rect(r.x, r.y, min(r.w, img.get_width()), r.h)
        if img.get_width() > r.w:
            lines = self.app.text.wrap(words, size - 2, r.w)
            for i, line in enumerate(lines[:2]):
                self.app.text.draw(surf, line, (r.x, r.y + i * (size - 2) - (size // 2 if len(lines) > 1 else 0)),
                                   size - 2, colour)
            return
        surf.blit(img, img.get_rect(midleft=(r.x, r.centery)))

    def _buttons(self, surf: pygame.Surface, m: PanelModel, r: pygame.Rect, size: int,
                 slots: tuple[str, ...] = BUTTON_SLOTS) -> None:
        """Each button in its own fixed place, laid out for every button the panel can ever show, so
        an action card coming or going never slides another button under a finger."""
        shown = {b.key: b for b in m.buttons if not (m.masked and b.style in ("danger", "action"))}
        pad = 22 if self.compact else 36
        least = TOUCH if slots is not BUTTON_SLOTS else 0  # a narrow panel's row: fingertip-wide buttons
        gap = 10 if self.compact else 16
        while True:
            widths = [max(least, self.app.text.font(size, True).size(self._words(key, label))[0] + pad)
                      for key, label in ((k, button_label(k)) for k in slots)]
            if not least or size <= 16 or sum(widths) + gap * (len(widths) - 1) <= r.w:
                break
            size -= 1  # a narrow row's words shrink before its buttons do
        scale = min(1.0, (r.w - gap * (len(widths) - 1)) / max(1, sum(widths)))
        if scale == 1.0 and slots is not BUTTON_SLOTS:  # a row of its own: its buttons share the width
            widths = [w + (r.w - gap * (len(widths) - 1) - sum(widths)) // len(widths) for w in widths]
        x = r.x
        for key, bw in zip(slots, widths):
            rect = pygame.Rect(x, r.y, int(bw * scale), r.h)
            if key in shown:
                self.draw_button(surf, rect, shown[key], size)
            x = rect.right + gap

    def draw_button(self, surf: pygame.Surface, rect: pygame.Rect, b: Button, size: int) -> None:
        """A lit or dimmed button; dimmed ones still hit-test (the scene explains why not)."""
        fill, edge, colour = STYLE[b.style] if b.enabled else DIM
        pygame.draw.rect(surf, fill, rect, border_radius=14)
        pygame.draw.rect(surf, edge, rect, 3 if b.enabled else 2, border_radius=14)
        img = self.app.text.render(self._words(b.key, b.label), size, colour, bold=True)
        if img.get_width() > rect.w - 8:
            img = pygame.transform.smoothscale(img, (rect.w - 8, img.get_height()))
        surf.blit(img, img.get_rect(center=rect.center))
        self.hits.append((rect, ("button", b.key)))

    def _words(self, key: str, label: str) -> str:
        """A button's words, with its key's name after them when it has a letter."""
        letter = self.letters.get(key)
        return f"{label}  [{letter}]" if letter else label

    def fitting(self, words: str, size: int, width: int, bold: bool = False, least: int = 14) -> int:
        """The largest size from `size` down to `least` at which `words` fit `width` (`least` if none)."""
        while size > least and self.app.text.font(size, bold).size(words)[0] > width:
            size -= 1
        return size

    # opponents --------------------------------------------------------------------------------
    def render_floor(self, rivals: tuple[Rival, ...], clear: int = 0) -> pygame.Surface:
        """Every stall as a row, seen from no seat (the kiosk's demo): the table a visitor will play.

        `clear`: pixels at the bottom the rows keep free (the kiosk's "Tap to play" banner goes there)."""
        with at_most(100):  # the rows fill fixed art, as a seat's panel does
            return self._render_floor(rivals, clear)

    def _render_floor(self, rivals: tuple[Rival, ...], clear: int = 0) -> pygame.Surface:
        self.hits = []
        self._floor = True
        surf = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (22, 17, 13, 228), surf.get_rect(), border_radius=22)
        pygame.draw.rect(surf, BRASS, surf.get_rect(), 3, border_radius=22)
        self._rivals_rows(surf, rivals, pygame.Rect(16, 14, self.size[0] - 32, self.size[1] - 28 - max(0, clear)), 160)
        return surf

    def _rivals_rows(self, surf: pygame.Surface, rivals: tuple[Rival, ...], area: pygame.Rect,
                     tallest: int = 96) -> None:
        n = max(1, len(rivals))
        row_h = min(tallest, (area.h - 6 * (n - 1)) // n)
        for i, rival in enumerate(rivals):
            r = pygame.Rect(area.x, area.y + i * (row_h + 6), area.w, row_h)
            self.rival_rects[rival.seat] = r
            self._rival_row(surf, rival, r)

    def _rival_row(self, surf: pygame.Surface, rv: Rival, r: pygame.Rect) -> None:
        """A rival's stall: awning, name and score, the offer standing on its counter, then Peek and
        Swap in fixed slots (a button never slides under a finger when another one comes or goes)."""
        text = self.app.text
        pygame.draw.rect(surf, (40, 32, 24), r, border_radius=14)
        pygame.draw.rect(surf, (96, 76, 50), r, 2, border_radius=14)
        aw = max(10, min(20, r.h // 4))
        surf.blit(awning(self.app.assets, (r.w - 28, aw), awning_colour(rv.seat)), (r.x + 14, r.y + 2))
        c = pygame.Rect(r.x, r.y + aw, r.w, r.h - aw)
        if not self._floor:  # the whole row, under its buttons: a tap beside them is answered too
            self.hits.append((r.copy(), ("row", rv.seat)))
        big = max(20, min(30, c.h - 10))
        who = tr("sm.row.bot", name=str(rv.name)) if rv.bot else str(rv.name)
        text.draw(surf, who, (r.x + 20, c.centery), self.fitting(who, big, 280, True, 16), GOLD, bold=True,
                  anchor="midleft")  # a typed name stops short of the score
        score = tr("sm.info.stall", points=points_(rv.total), count=rv.cards)
        text.draw(surf, score, (r.x + 310, c.centery), big - 4, CREAM, anchor="midleft")
        self._offer_counter(surf, rv, pygame.Rect(r.x + 600, c.y + 2, 560, c.h - 4), big - 2)
        bh = min(64, c.h - 8)
        swap = pygame.Rect(0, 0, 180, bh)
        swap.midright = (r.right - 16, c.centery)
        peek = pygame.Rect(0, 0, 150, bh)
        peek.midright = (swap.left - 14, c.centery)
        if rv.can_swap:
            self.draw_button(surf, swap, Button(f"swap:{rv.seat}", tr("sm.button.swap"), True, "swap"),
                             min(30, bh - 10))
            self.hits[-1] = (self._row_tall(swap, r), ("swap", rv.seat))
        if rv.can_peek:
            self.draw_button(surf, peek, Button(f"peek:{rv.seat}", tr("sm.button.peek"), True, "action"),
                             min(28, bh - 10))
            self.hits[-1] = (self._row_tall(peek, r), ("peek", rv.seat))
        right = r.right - 16 if self._floor else peek.left - 14  # a demo row has no Peek or Swap
        if rv.peeked:
            right = self._peeked(surf, rv, (peek.left - 14, c.centery), min(44, c.h - 8), big - 2) - 14
        left = max(self._offer_end, r.x + 1060) + 20  # clear of where an offer's words may stand
        self.lanes[rv.seat] = pygame.Rect(left, c.y + 2, max(0, right - left), c.h - 4)

    @staticmethod
    def _row_tall(button: pygame.Rect, row: pygame.Rect) -> pygame.Rect:
        """A row button's hit zone: as tall as its row, so a short row (five rivals at 1280×720) still
        takes a fingertip."""
        return pygame.Rect(button.x, row.y, button.w, row.h)

    def _peeked(self, surf: pygame.Surface, rv: Rival, right_mid: tuple[int, int], side: int, size: int) -> int:
        """What Inside Trading showed, right-aligned at `right_mid`: the contract's name and recipe;
        returns its left edge."""
        parts = [(self.app.assets.image(RES_ICON[k], (side, side)), self.app.text.render(f"{n}", size, PEEK_TEAL,
                                                                                           bold=True))
                 for k, n in rv.peeked_recipe]
        width = sum(icon.get_width() + label.get_width() + 12 for icon, label in parts)
        x, y = right_mid[0] - width, right_mid[1]
        name = tr("sm.peeked_name", contract=contract_name(rv.peeked)) if not self.compact else ""
        left: int = x
        if name:
            left = int(self.app.text.draw(surf, name, (x - 8, y), size, PEEK_TEAL, anchor="midright").x)
        for icon, label in parts:
            surf.blit(icon, icon.get_rect(midleft=(x, y)))
            x += icon.get_width() + 2
            surf.blit(label, label.get_rect(midleft=(x, y)))
            x += label.get_width() + 10
        return left

    def _offer_counter(self, surf: pygame.Surface, rv: Rival, r: pygame.Rect, size: int) -> None:
        """The rival's counter plank with the offered cards standing on it."""
        text = self.app.text
        plank_h = max(8, r.h // 6)
        plank = pygame.Rect(r.x, r.bottom - plank_h, r.w, plank_h)
        if rv.offer is None:
            surf.blit(counter(self.app.assets, plank.size), plank)
            self._offer_end = text.draw(surf, tr("sm.no_offer"), (r.x + 16, (r.y + plank.y) // 2 + 2), size - 2, MUTED,
                                        anchor="midleft").right
            return
        kind, n = rv.offer
        ch = r.h + 4
        cw = int(ch * 0.72)
        x: float = r.x + 10
        for _ in range(n):  # the cards stand on the plank, fanned
            surf.blit(mini_card(self.app.assets, kind, (cw, ch)), (int(x), r.y - 6))
            x += cw * 0.55
        surf.blit(counter(self.app.assets, plank.size), plank)
        self._offer_end = text.draw(surf, tr("sm.row.offers", what=of_kind(n, kind)), (int(x) + cw // 2 + 14,
                                    (r.y + plank.y) // 2 + 2), size, CREAM, bold=True, anchor="midleft").right

    def _rival_chips(self, surf: pygame.Surface, m: PanelModel, area: pygame.Rect) -> None:
        n = max(1, len(m.rivals))
        cw = (area.w - 8 * (n - 1)) // n
        text = self.app.text
        for i, rv in enumerate(m.rivals):
            r = pygame.Rect(area.x + i * (cw + 8), area.y, cw, area.h)
            self.rival_rects[rv.seat] = r
            self.hits.append((r.copy(), ("row", rv.seat)))
            pygame.draw.rect(surf, (40, 32, 24), r, border_radius=12)
            pygame.draw.rect(surf, (96, 76, 50), r, 2, border_radius=12)
            surf.blit(awning(self.app.assets, (r.w - 16, 10), awning_colour(rv.seat)), (r.x + 8, r.y + 2))
            room = r.w - 20 - (78 if rv.can_peek and not m.masked else 0)
            size = self.fitting(tr("sm.name_score", name=str(rv.name), points=points_(rv.total)), 22, room, True,
                                least=15)
            end = text.draw(surf, rv.name, (r.x + 10, r.y + 12), size, GOLD, bold=True)
            text.draw(surf, f"· {points_(rv.total)}", (end.right + 6, r.y + 12), size, CREAM)
            if rv.can_peek and not m.masked:
                b = pygame.Rect(r.right - 78, r.y + 12, 72, 26)
                self.draw_button(surf, b, Button(f"peek:{rv.seat}", tr("sm.button.peek"), True, "action"), 20)
                self.hits[-1] = (b.inflate(0, 8), ("peek", rv.seat))
            lower = pygame.Rect(r.x + 8, r.y + 40, r.w - 14, r.h - 44)
            swap = pygame.Rect(lower.right - 92, lower.y, 92, lower.h)
            if rv.peeked and not m.masked:
                right = swap.left - 6 if rv.can_swap else lower.right - 4
                self._peeked(surf, rv, (right, lower.centery), 24, 20)
            elif rv.offer is None:
                text.draw(surf, tr("sm.no_offer"), (lower.x + 2, lower.centery), 22, MUTED, anchor="midleft")
            else:
                kind, count = rv.offer
                card = mini_card(self.app.assets, kind, (22, 30))
                surf.blit(card, card.get_rect(midleft=(lower.x, lower.centery)))
                text.draw(surf, of_kind(count, kind), (lower.x + 28, lower.centery), 22, CREAM, bold=True,
                          anchor="midleft")
            if rv.can_swap:
                self.draw_button(surf, swap, Button(f"swap:{rv.seat}", tr("sm.button.swap"), True, "swap"), 22)
                self.hits[-1] = (swap, ("swap", rv.seat))
