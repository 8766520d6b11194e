"""Turning Night Market events into motion: cards fly between market, hands, porters and the sold pile;
coins fly from their pile to the seller's purse, which counts up; the Rival's taken cards glow first.

Mixed into the scene. The rules state has already changed when these run: they only animate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.draw.anim import Call, Parallel, Sequence, Tween, Wait, ease_in_out, ease_out_cubic
from game.draw.palette import SELECT
from game.draw.sprites import Sprite
from game.scenes.night_market import layout as L
from game.scenes.night_market.faces import card_back, card_face, coin_face, glow
from game.scenes.night_market.motion import CardMover, FloatText
from game.shell.display import LOGICAL_W
from game.text import tr
from rules.contract import Event
from rules.night_market.data import BONUS_SIZES, GOOD_INDEX, PORTER, bonus_size

if TYPE_CHECKING:
    from game.draw.anim import Animator
    from game.shell.app import App

Zone = dict[int, tuple[tuple[int, int], str]]
FLY = 0.45
HOLD = 1.1  # how long the Rival's taken cards glow in place before they leave


class Flights:
    """Card, coin and token flights for a batch of events."""

    # what this mixin uses of the scene it is mixed into (NightMarketScene and its bases)
    app: App
    anim: Animator
    movers: list[Any]
    view: Any
    viewer: int | None
    names: list[str]
    hidden: set[int]
    deck_leaving: int  # cards still in the deck on screen, waiting for their turn to fly out
    purse: list[int]
    sel_hand: set[int]
    in_flight: Counter[Hashable]  # place -> cards on their way there, less those still to leave it
    line_is_problem: bool

    if TYPE_CHECKING:
        def seat_at(self, side: int) -> int: ...
        def side_of(self, seat: int | None) -> int: ...
        def colour_of(self, seat: int) -> tuple[int, int, int]: ...
        def restatic(self, regions: list[pygame.Rect] | None = None) -> None: ...
        def line_layout(self) -> tuple[int, list[str]]: ...

    def zones(self, view: Any) -> Zone:
        """Where each card this view shows sits on the table, and its kind."""
        out: Zone = {}
        for i, (card, kind) in enumerate(view.market):
            out[card] = (L.market_pos(i), kind)
        if self.viewer is not None:
            for card, kind, (x, y) in L.hand_layout(view.hand):
                out[card] = ((x, y - (L.LIFT if card in self.sel_hand else 0)), kind)
            for card in view.seats[self.viewer].porters:
                out[card] = (L.PORTER_POS, PORTER)
        other = self.seat_at(1)
        for card, kind in view.seats[other].hand_known:
            out[card] = (L.chip_centre(1), kind)
        for card in view.seats[other].porters:
            out[card] = (L.chip_centre(1), PORTER)
        if self.viewer is None:
            for card, kind in view.seats[self.seat_at(0)].hand_known:
                out[card] = (L.chip_centre(0), kind)
        for card, kind in view.sold:
            out[card] = (L.SOLD_POS, kind)
        return out

    def fly(self, card: int, kind: str, start: tuple[float, float], end: tuple[float, float], delay: float = 0.0,
            hold_colour: tuple[int, int, int] | None = None, tag: str | None = None) -> None:
        """One card from start to end (shrinking when it comes from or goes to a merchant's chip)."""
        sprite = CardMover(card, card_face(self.app.assets, self.app.text, kind), start, self.app.text)
        at_chip = {L.chip_centre(0), L.chip_centre(1)}
        sprite.scale = 0.45 if tuple(start) in at_chip else 1.0
        turn_over = tuple(start) == L.DECK_POS
        parts: list[Any] = [Wait(delay)] if delay else []
        if turn_over:  # out of the deck face down, turning over on the way; unseen (and counted in) until it leaves
            sprite.back, sprite.flip, sprite.alpha = card_back(self.app.assets), 0.0, 0.0
            self.deck_leaving += 1
            parts.append(Call(lambda: self._leave_deck(sprite)))
        if hold_colour is not None:
            sprite.glow, sprite.glow_surface = hold_colour, glow(self.app.assets, hold_colour)
            sprite.tag, sprite.tag_colour = tag, hold_colour
            parts.append(Wait(HOLD))
            parts.append(Call(lambda: setattr(sprite, "tag", None)))
        end_scale = 0.45 if tuple(end) in at_chip else 1.0
        motion = [Tween(sprite, "pos", end, FLY, ease_in_out), Tween(sprite, "scale", end_scale, FLY)]
        if tuple(end) in at_chip:  # it melts into the chip: never a card face lying on the chip's words
            motion.append(Tween(sprite, "alpha", 0.0, FLY, _ease_in))
        elif sprite.scale < 1.0 and not turn_over:  # it comes out of the chip the same way
            sprite.alpha = 0.0
            motion.append(Tween(sprite, "alpha", 255.0, FLY, ease_out_cubic))
        if turn_over:
            motion.append(Tween(sprite, "flip", 1.0, FLY))
        src, dst = self._place(start, kind), self._place(end, kind)
        if src == dst:  # moving up within a hand: the count does not change
            src = dst = None
        self._count_flight(src, -1)  # a place's count follows the cards: down when one leaves, up when it lands
        self._count_flight(dst, 1)
        parts.append(Call(lambda: self._count_flight(src, 1)))
        parts.append(Parallel(motion))
        parts.append(Call(lambda: self._count_flight(dst, -1)))
        parts.append(Call(lambda: self._land(sprite)))
        self.hidden.add(card)
        self.movers.append(sprite)
        self.anim.add(Sequence(parts))

    def _place(self, pos: tuple[float, float], kind: str) -> Hashable | None:
        """Which counted place a card position is: a seat's hand or porters, or the sold pile."""
        pos = (round(pos[0]), round(pos[1]))
        if pos == L.SOLD_POS:
            return "sold"
        for side in (0, 1):
            if pos == L.chip_centre(side):
                return ("porters" if kind == PORTER else "hand", self.seat_at(side))
        if self.viewer is None:
            return None
        if pos == L.PORTER_POS:
            return ("porters", self.viewer)
        if pos[1] in (L.HAND_Y, L.HAND_Y - L.LIFT) and pos[0] >= L.HAND_X0 - 100:
            return ("hand", self.viewer)
        return None

    def _count_flight(self, place: Hashable | None, step: int) -> None:
        if place is None:
            return
        self.in_flight[place] += step
        self.restatic(self.count_regions())

    def shown_count(self, place: Hashable, actual: int) -> int:
        """A count as the table shows it: cards still in the air are not there yet (or not gone yet)."""
        return max(0, actual - self.in_flight[place])

    def count_regions(self) -> list[pygame.Rect]:
        """Where the counts that follow the cards are painted."""
        return [*L.CHIPS, L.card_rect(L.SOLD_POS).inflate(20, 20), L.card_rect(L.PORTER_POS).inflate(60, 120),
                pygame.Rect(L.HAND_X0 - 80, L.HAND_Y + 100, 700, 50)]

    def _leave_deck(self, sprite: Any) -> None:
        sprite.alpha = 255.0
        self.deck_leaving = max(0, self.deck_leaving - 1)
        self.restatic([L.card_rect(L.DECK_POS).inflate(40, 40)])

    def _land(self, sprite: Any) -> None:
        if sprite in self.movers:
            self.movers.remove(sprite)
        if not any(getattr(m, "key", None) == sprite.key for m in self.movers):
            self.hidden.discard(sprite.key)
        self.restatic([sprite.rect])

    def animate_diff(self, old: Any, new: Any, moves: list[Event]) -> None:
        """Every card whose place changed between two views flies there."""
        before, after = self.zones(old), self.zones(new)
        mover = moves[-1].seat if moves else None
        rival = mover is not None and mover != self.viewer
        taken = self._taken_ids(moves)
        gave = {c for e in moves if e.kind == "exchanged" for c in [*[i for i, _ in e.data["gave"]],
                                                                     *e.data["porters"]]}
        wait = HOLD if rival else 0.0
        from_chip = L.chip_centre(self.side_of(mover)) if mover is not None else L.DECK_POS
        arriving = 0
        tagged = min((c for c in taken if c in before), key=lambda c: before[c][0], default=None)  # one tag a move
        for card, (pos, kind) in sorted(after.items()):
            start = before.get(card)
            if start is None:
                origin = from_chip if card in gave else L.DECK_POS
                self.fly(card, kind, origin, pos, wait + (0.3 if origin == L.DECK_POS else 0.0) + 0.08 * arriving)
                arriving += 1
            elif start[0] != pos:
                if rival and card in taken:
                    self.fly(card, kind, start[0], pos, 0.0, self.colour_of(cast(int, mover)),
                             self._tag(cast(int, mover)) if card == tagged else None)
                else:
                    self.fly(card, kind, start[0], pos, wait)
        for e in moves:
            if e.kind == "sold":
                self.fly_coins(e, wait)

    def flights_for_final(self, old: Any, moves: list[Event]) -> set[int]:
        """The round-ending move, animated from its events (the next view is a new round); the cards it moved."""
        before = self.zones(old)
        moved: set[int] = set()
        for e in moves:
            side = self.side_of(e.seat)
            rival = e.seat != self.viewer
            chip = L.chip_centre(side)
            if e.kind == "sold":
                ids = [(c, k) for c, k in e.data["cards"]]
                dest = L.SOLD_POS
            elif e.kind == "took":
                ids = [tuple(e.data["card"])]
                dest = chip if rival or self.viewer is None else self._hand_spot(old.hand, ids[0])
            elif e.kind == "took_porters":
                ids = [(c, PORTER) for c in e.data["cards"]]
                dest = chip if rival or self.viewer is None else L.PORTER_POS
            else:
                continue
            glow_it = rival and e.kind != "sold"
            for n, (card, kind) in enumerate(ids):
                moved.add(card)
                start = before.get(card, (chip, kind))[0]
                self.fly(card, kind, start, dest, 0.0, self.colour_of(cast(int, e.seat)) if glow_it else None,
                         self._tag(cast(int, e.seat)) if glow_it and n == 0 else None)
            if e.kind == "sold":
                self.fly_coins(e, HOLD if rival else 0.0)
        return moved

    def _hand_spot(self, hand: Any, card: tuple[int, str]) -> tuple[int, int]:
        """Where `card` would sit in `hand` once it joins it."""
        return next(pos for c, _, pos in L.hand_layout([*hand, card]) if c == card[0])

    def _taken_ids(self, moves: list[Event]) -> set[int]:
        out: set[int] = set()
        for e in moves:
            if e.kind == "took":
                out.add(e.data["card"][0])
            elif e.kind == "exchanged":
                out.update(c for c, _ in e.data["took"])
            elif e.kind == "took_porters":
                out.update(e.data["cards"])
        return out

    def _tag(self, seat: int) -> str:
        return tr("nm.takes", name=self.names[seat])

    def fly_coins(self, e: Event, delay: float) -> None:
        """Coins from the good's pile to the seller's purse, one after another; a bonus token after them."""
        seat, side = cast(int, e.seat), self.side_of(e.seat)  # a sale always has a seller
        start = L.coin_pile_rect(GOOD_INDEX[e.data["kind"]]).center
        purse = L.chip_purse(side)
        coins = list(e.data["coins"])
        for k, value in enumerate(coins):
            sprite = Sprite(("coin", id(e), k), coin_face(self.app.assets, self.app.text, value, 74), start)
            sprite.layer = 3
            total = sum(coins) if k == len(coins) - 1 else None  # one "+17" when the last coin lands, not a pile
            self._launch(sprite, purse, delay + 0.3 + 0.16 * k,
                         lambda s=sprite, v=value, t=total: self._coin_in(s, seat, v, t))
        size = bonus_size(len(e.data["cards"]))
        if e.data.get("bonus") and size is not None:
            token = self.app.assets.image("bonus_token", (70, 70))
            sprite = Sprite(("bonus", id(e)), token, L.bonus_pile_rect(BONUS_SIZES.index(size)).center)
            sprite.layer = 3
            self._launch(sprite, purse, delay + 0.45 + 0.16 * len(coins), lambda s=sprite: self._bonus_in(s, seat))

    def _launch(self, sprite: Sprite, end: tuple[int, int], delay: float, done: Any) -> None:
        sprite.alpha = 0.0
        self.movers.append(sprite)
        self.anim.add(Sequence([Wait(delay), Call(lambda: setattr(sprite, "alpha", 255.0)),
                                Tween(sprite, "pos", end, 0.5, ease_out_cubic), Call(done)]))

    def _coin_in(self, sprite: Sprite, seat: int, value: int, total: int | None) -> None:
        self._drop(sprite)
        self.purse[seat] += value
        self.app.audio.play("coin")
        if total is not None:
            self.float_text(f"+{total}", L.chip_purse(self.side_of(seat)))
        self.restatic([L.CHIPS[self.side_of(seat)]])

    def _bonus_in(self, sprite: Sprite, seat: int) -> None:
        self._drop(sprite)
        self.app.audio.play("card_flip")
        px, py = L.chip_purse(self.side_of(seat))
        self.float_text("+ bonus", (px + 150, py))  # beside the coins' total, which is still showing
        self.restatic([L.CHIPS[self.side_of(seat)]])

    def _drop(self, sprite: Any) -> None:
        if sprite in self.movers:
            self.movers.remove(sprite)

    def float_text(self, words: str, pos: tuple[int, int]) -> None:
        """A word on a badge that rises into the purse at pos from below its chip, and fades (on screen,
        clear of the purse's number)."""
        label = FloatText(self.app.text, words, pos, SELECT)
        top = L.CHIPS[0].bottom + label.rect.h // 2 - 8
        x = self._clear_of_words(label, pos[0])
        pos = (x, pos[1])
        label.pos = (x, top + 50)
        self.movers.append(label)
        self.anim.add(Sequence([Parallel([Tween(label, "pos", (pos[0], top), 0.8, ease_out_cubic),
                                          Tween(label, "alpha", 0.0, 0.8, ease_in_out)]),
                                Call(lambda: self._drop(label))]))

    def _clear_of_words(self, label: FloatText, x: int) -> int:
        """An x where the rising label crosses neither the selection line's words (it rises through
        the line's band) nor a label still in the air: pushed out to the side it is on."""
        size, lines = self.line_layout()
        wide = max(self.app.text.font(size, self.line_is_problem).size(w)[0] for w in lines) if lines else 0
        taken = [(L.LINE.centerx - wide // 2 - 12, L.LINE.centerx + wide // 2 + 12)]
        taken += [(m.rect.left, m.rect.right) for m in self.movers if isinstance(m, FloatText)]
        half, left = label.rect.w // 2 + 4, x < L.LINE.centerx
        for _ in range(len(taken) + 1):  # each push clears one; a bounded walk
            hit = [(a, b) for a, b in taken if x + half > a and x - half < b]
            if not hit:
                break
            x = min(a for a, _ in hit) - half if left else max(b for _, b in hit) + half
        return max(half, min(LOGICAL_W - half, x))

    def deal_in(self) -> None:
        """A fresh round (or a resumed match): every card on the table flies out of the deck."""
        self.anim.finish_all()
        for k, (card, (pos, kind)) in enumerate(sorted(self.zones(self.view).items(),
                                                       key=lambda item: item[1][0][1])):
            if pos != L.SOLD_POS:
                self.fly(card, kind, L.DECK_POS, pos, 0.06 * k)
        self.app.audio.play("shuffle")
        self.restatic()


def _ease_in(t: float) -> float:
    """Slow start, fast end (a card fading only as it reaches a chip)."""
    return t * t
