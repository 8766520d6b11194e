"""The Night Market table: one person against the Rival, or two people passing one device.

Renders only from `table.view(viewer)` and the redacted events the table hands it. The selection (market cards, hand
cards, porters added) goes to rules.night_market.selection, which says what it would do or why not;
only the moves it allows become buttons. Moves apply at once; the events are animated afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Any, cast

import pygame
import pygame_gui

from game.draw.text import text_size
from game.draw.ui import button, label_fits, label_width, resize, uncut_width
from game.match.table import Table
from game.scenes.describe import Section
from game.scenes.match import MatchScene, Recap
from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.describe import describe as in_words
from game.scenes.night_market.flights import Flights
from game.scenes.night_market.info import TableInfo
from game.scenes.night_market.motion import Thinking
from game.scenes.night_market.paint import TablePainter
from game.scenes.night_market.story import MOVES, blurbs, describe, label, line, prompt
from game.shell.keymap import keys_of
from game.shell.targets import Target, does, keyed
from game.text import say, tr
from rules.contract import Event
from rules.errors import IllegalAction
from rules.night_market.actions import Exchange, Sell, Take, TakePorters
from rules.night_market.data import BONUS_SIZES, CARD_KIND, GOODS, PORTER
from rules.night_market.selection import Selection, select
from rules.refusal import Refusal

SOUNDS = {"took": "card_slide", "exchanged": "exchange", "took_porters": "porters", "sold": "coins"}


class NightMarketScene(Flights, TablePainter, TableInfo, MatchScene):
    # each letter's buttons by their keys, the same in every language
    LETTERS = (("night-market.take", "move:take"), ("night-market.take", "move:porters"),
               ("night-market.sell", "move:sell"), ("night-market.exchange", "move:exchange"))
    """The market table scene."""

    name = "night_market"
    GAME = "night-market"
    SOUNDS = SOUNDS
    AWAY_AT = (480, 146)  # online: over the "Waiting for …" line, clear of the seat panels and the coins

    def __init__(self, app, table: Table) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app, table)
        self.people = table.here
        self.pass_and_play = len(self.people) > 1
        public = table.view(None)
        self.names: tuple[str, str] = (public.seats[0].name, public.seats[1].name)  # type: ignore[assignment]
        self.viewer: int | None = (public.turn if public.turn in self.people else self.people[0]) \
            if self.people else None
        self.view = table.view(self.viewer)
        self.turn_shown: int | None = self.view.turn  # None while a move plays out: nobody is shown to move
        self.final_cards: set[int] = set()  # the round-ending move's cards: gone from the table until the deal
        self.sel_market: set[int] = set()
        self.sel_hand: set[int] = set()
        self.sel_porters = 0
        self.hidden: set[int] = set()
        self.deck_leaving = 0
        self.in_flight: Counter[Hashable] = Counter()  # counts follow the flying cards (flights.py)
        self.purse = [self.view.seats[s].coins for s in (0, 1)]
        self.last_move: dict[int, tuple[str, ...]] = {}  # chip words, longest form first
        self.log_lines: list[str] = []
        self.recap = Recap(table, lambda e: line(e, self.names))
        self.legal: list[Any] = []
        self.selection = Selection((), "")
        self.line, self.line_is_problem = "", False
        self.thinking: Thinking | None = None
        self._ceremony: tuple[Event, Event | None] | None = None
        self._curtain_due = False
        self._held = False  # the bots hold their reply while Undo's grace runs (game/scenes/undo.py)
        self._action_buttons: dict[object, Any] = {}
        self._history(table.take_events(self.viewer))
        self.recap.seen_all(self.people)
        self._refresh()

    def _history(self, events: list[Event]) -> None:
        """The match so far (on opening or after Continue): the log and the chips, not animated."""
        L.follow_text_size()  # the table laid out for the text size before anything is placed
        for e in events:
            words = line(e, self.names)
            if words:
                self.log_lines.append(words)
            if e.kind in MOVES:
                self.last_move[cast(int, e.seat)] = blurbs(e)
            elif e.kind == "round_started":
                self.last_move.clear()

    # who sits where ------------------------------------------------------------------------------
    def seat_at(self, side: int) -> int:
        """Seat shown on the left (0: the viewer) or right (1: the other merchant)."""
        me = self.viewer if self.viewer is not None else 0
        return me if side == 0 else 1 - me

    def side_of(self, seat: int | None) -> int:
        """0 for the viewer's seat, 1 for the other."""
        return 0 if seat == self.seat_at(0) else 1

    def colour_of(self, seat: int) -> tuple[int, int, int]:
        """A merchant's colour, stable for the match."""
        first = self.people[0] if self.people else 0
        return L.ME_COLOUR if seat == first else L.OTHER_COLOUR

    def role_of(self, seat: int) -> str:
        """'You', 'Rival · Hard' or 'Friend'."""
        level = self.table.seats[seat].bot
        if level:
            return tr("nm.role.rival", level=level)
        return tr("nm.role.you") if seat == self.viewer else tr("nm.role.friend")

    # lifecycle -----------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.pass_and_play and self.table.outcome() is None:
            self._push_curtain(self.deal_in)
        else:
            self.deal_in()
        self.briefing_on_first_play()

    def deal_in(self) -> None:
        """The deal, then (once it lands) whose turn it is."""
        self.turn_shown = None
        super().deal_in()
        self._reselect()

    def resume(self) -> None:
        super().resume()
        self.restatic()

    # the selection -------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """After the view changed: drop selections that no longer exist, recompute the line and buttons."""
        market = {c for c, _ in self.view.market}
        self.sel_market &= market
        self.sel_hand &= {c for c, _ in self.view.hand}
        team = len(self.view.seats[self.viewer].porters) if self.viewer is not None else 0
        self.sel_porters = min(self.sel_porters, team)
        self.legal = list(self.table.legal(self.viewer)) if self.viewer is not None else []
        self._reselect()

    def _reselect(self, tapped: bool = False) -> None:
        if self.viewer is None:
            self.selection, self.line_is_problem = Selection(()), False
            self.line = tr("nm.watching_rivals")
            self._build_buttons()
            self.restatic()
            return
        self.selection = select(self.view, self.sel_market, self.sel_hand, self.sel_porters)
        empty = not (self.sel_market or self.sel_hand or self.sel_porters)
        refusal = self.selection.refusal
        self.line = self._selection_line() if refusal is None else say(refusal)
        turn = self.view.turn
        if empty and self.turn_shown is None and self.log_lines:  # the move being animated, until it lands
            self.line = self.log_lines[-1]
        elif empty and not self.view.over and self.table.read_only:  # a replay never asks the viewer to act
            self.line = tr("nm.watching_turn", name=self.names[turn])
        elif empty and not self.view.over and turn != self.viewer:
            self.line = self._waiting_line(turn)
        self.line_is_problem = not self.selection.actions and not empty and not self._on_the_way()
        if tapped and self.line_is_problem:
            self.app.audio.play("error")
        self._build_buttons()
        self.restatic()

    def _selection_line(self) -> str:
        """What the selection would do (the rules' Selection says which move; the words are the player's language)."""
        if not self.selection.actions:
            return prompt(bool(self.sel_market), self.sel_porters) if self.selection.line else ""
        action = self.selection.actions[0]
        fill = action.porters - self.sel_porters if isinstance(action, Exchange) else 0
        return describe(self.view, action, fill)

    def _waiting_line(self, turn: int) -> str:
        """Who the table waits for, and why a Rival has not moved yet while Undo's grace runs."""
        if not self.table.is_bot(turn):
            return tr("nm.waiting_for", name=self.names[turn])
        if self.undo_control.holding():
            return tr("nm.rival_waits", name=self.names[turn])
        return tr("nm.choosing", name=self.names[turn])

    def _on_the_way(self) -> bool:
        """True when some legal move contains this selection (the player is still building it)."""
        market = Counter(CARD_KIND[c] for c in self.sel_market)
        hand = Counter(CARD_KIND[c] for c in self.sel_hand)
        porters = self.sel_porters
        for a in self.legal:
            if isinstance(a, Take):
                ok = not hand and not porters and market <= Counter([CARD_KIND[a.card]])
            elif isinstance(a, TakePorters):
                ok = not hand and not porters and set(market) <= {PORTER}
            elif isinstance(a, Sell):
                ok = not market and not porters and hand <= Counter(CARD_KIND[c] for c in a.cards)
            else:
                ok = (market <= Counter(CARD_KIND[c] for c in a.take)
                      and hand <= Counter(CARD_KIND[c] for c in a.give) and porters <= a.porters)
            if ok:
                return True
        return False

    def _build_buttons(self) -> None:
        self.ui.clear_and_reset()
        self._action_buttons = {}
        keys = keys_of(self.app.settings)  # each move's letter on its button (Settings › Keys)
        entries: list[tuple[str, Any, str]] = [(keys.label(label(self.view, a), self._letter(a)), a, "#primary")
                                               for a in self.selection.actions]
        if self.sel_market or self.sel_hand or self.sel_porters:
            entries.append((tr("nm.button.clear"), None, "#quiet"))
        for rect, (words, action, oid) in zip(L.button_rects(len(entries), 400), entries):
            made = button(self.ui, rect, words, oid)
            self._action_buttons[keyed(made, self._move_key(action)) if action is not None else made] = action
        self._share_bar()
        self.undo_control.step()  # the Undo button went with the others: back at once, so no press misses it
        self.wake()  # new buttons finish drawing over the next few frames

    def _share_bar(self, gap: int = 28) -> None:
        """At a bigger text size, when a grown label does not fit its button, the bar's width is shared
        by the labels' widths (the spare room evenly), so a long move and a short Clear both fit; at
        100 % only when pygame-gui would cut a label ("Prendre 3 Porteurs  [T]" in French)."""
        made = [b for b in self._action_buttons if isinstance(b, pygame_gui.elements.UIButton)]
        cut = any(uncut_width(b, int(b.rect.w)) > b.rect.w for b in made)  # at 100 % only a label pygame-gui cuts
        if not made or all(label_fits(b) for b in made) or text_size() <= 100 and not cut:
            return
        need = [label_width(b) for b in made]
        x, span = int(made[0].rect.x), int(made[-1].rect.right - made[0].rect.x)
        spare = span - gap * (len(made) - 1) - sum(need)
        if spare < 0:
            return  # no room for them all: each keeps its share
        for b, w in zip(made, need, strict=True):
            resize(b, (w + spare // len(made), int(b.rect.h)), (x, int(b.rect.y)))
            x += w + spare // len(made) + gap

    @staticmethod
    def _move_key(action: Any) -> str:
        """A move button's target key, the same in every language (guided matches point at it)."""
        if isinstance(action, TakePorters):
            return "move:porters"
        return {Take: "move:take", Sell: "move:sell"}.get(type(action), "move:exchange")

    @staticmethod
    def _letter(action: Any) -> str:
        """The key command that plays a move of this kind (LETTERS)."""
        if isinstance(action, (Take, TakePorters)):
            return "night-market.take"
        return "night-market.sell" if isinstance(action, Sell) else "night-market.exchange"

    def clear_selection(self) -> None:
        """Unselect everything."""
        self.sel_market.clear()
        self.sel_hand.clear()
        self.sel_porters = 0
        self._reselect()

    def tap_market(self, card: int) -> None:
        """Select or unselect a market card (porters go together: they are taken all at once)."""
        if CARD_KIND[card] == PORTER:
            porters = {c for c, k in self.view.market if k == PORTER}
            if card in self.sel_market:
                self.sel_market -= porters
            else:
                self.sel_market |= porters
        else:
            self.sel_market ^= {card}
        self.app.audio.play("tap")
        self._reselect(tapped=True)

    def tap_hand(self, card: int) -> None:
        """Select or unselect a hand card."""
        self.sel_hand ^= {card}
        self.app.audio.play("tap")
        self._reselect(tapped=True)

    def tap_porters(self, back_out: bool = False) -> None:
        """Add one more porter to the exchange (past the team size it wraps to none); hold to take all back."""
        team = len(self.view.seats[self.viewer].porters) if self.viewer is not None else 0
        if team == 0:
            self.line, self.line_is_problem = tr("nm.no_porters_to_add"), True
            self.app.audio.play("error")
            self.restatic()
            return
        self.sel_porters = 0 if back_out else (self.sel_porters + 1) % (team + 1)
        self.app.audio.play("porters" if self.sel_porters else "tap")
        self._reselect(tapped=True)

    # moves ---------------------------------------------------------------------------------------
    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element not in self._action_buttons:
            return
        action = self._action_buttons[element]
        if action is None:
            self.clear_selection()
        else:
            self.play(action)

    def play(self, action: Any) -> None:
        """The viewer makes a move (a refused move explains itself and changes nothing)."""
        if self.viewer is None or self._ceremony is not None:
            return
        try:
            self.table.act(self.viewer, action)
        except IllegalAction as exc:
            self.refused(self.viewer, exc.refusal)
            return
        self.sel_market.clear()
        self.sel_hand.clear()
        self.sel_porters = 0
        self.absorb(self.table.take_events(self.viewer))

    def refused(self, seat: int, refusal: Refusal) -> None:
        """The rules' refusal goes on the selection line, where the player is looking."""
        self.undo_refused(say(refusal))

    def toast_lane(self) -> pygame.Rect:
        """Toasts keep to the strip at the table's left edge, off the hand, the line and every label."""
        return pygame.Rect(L.TOAST_LANE)

    def undo_rect(self) -> pygame.Rect:
        """Undo sits at the right end of the button bar (beside the hand it covered a seventh card)."""
        return pygame.Rect(L.UNDO)

    def undo_refused(self, words: str) -> None:
        """Why not (an undo's or a move's) goes on the selection line: a toast would lie over the hand's names."""
        self.line, self.line_is_problem = words, True
        self.app.audio.play("error")
        self.restatic()

    def absorb(self, events: list[Event]) -> None:
        """Take in what just happened: log, chip blurbs, sounds, then animate it."""
        if not events:
            return
        self.anim.finish_all()
        self._show_thinking(False)
        self._history_append(events)
        moves = [e for e in events if e.kind in MOVES]
        self.play_sounds(moves)
        ended = next((e for e in events if e.kind == "round_ended"), None)
        old = self.view
        self.turn_shown = None
        if ended is not None:  # the table stays on the ended round (less this move's cards) until Next round
            self.final_cards = self.flights_for_final(old, moves)
            self._ceremony = (ended, next((e for e in events if e.kind == "match_ended"), None))
            self.sel_market.clear()
            self.sel_hand.clear()
            self.sel_porters = 0
            self.legal = []
            self._reselect()
            why = "coins" if ended.data["reason"] == "coins" else "market"
            self.line = tr(f"nm.round_over.{why}", round=ended.data["round"])
            self.restatic()
            return
        self.view = self.table.view(self.viewer)
        with self.anim.bot_move(self.by_bot(moves)):  # "skip bot moves": a bot's move lands at once
            self.animate_diff(old, self.view, moves)
        if moves and moves[-1].seat in self.people:
            self.recap.seen(moves[-1].seat)
        self._refresh()
        nxt = self.view.turn
        if self.pass_and_play and not self.view.over and nxt != self.viewer and nxt in self.people:
            self._curtain_due = True

    def _history_append(self, events: list[Event]) -> None:
        for e in events:
            words = line(e, self.names)
            if words:
                self.log_lines.append(words)
            if e.kind in MOVES:
                self.last_move[cast(int, e.seat)] = blurbs(e)

    # time ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.thinking is not None:
            self.thinking.step(dt)
        quiet = self.app.stack.top is self and not self.anim.busy
        self.pump(bots=quiet and self._ceremony is None and not self._curtain_due)
        if self.undo_control.holding() != self._held:  # Undo's grace began or ended: the line says so
            self._held = not self._held
            self._reselect()
        if not quiet:
            return
        if self.turn_shown is None and self._ceremony is None:  # the move has landed: now say whose turn it is
            self.turn_shown = self.view.turn
            self._reselect()
        if self._ceremony is not None:
            self._start_ceremony()
        elif self._curtain_due:
            self._curtain_due = False
            self._push_curtain(self.restatic)
        else:
            self._poll_bots()

    def _poll_bots(self) -> None:
        turn = self.view.turn
        other_moves = not self.view.over and turn != self.viewer and turn not in self.people
        self._show_thinking(other_moves and self.table.outcome() is None and not self._held)
        self.absorb(self.table.take_events(self.viewer))

    def _show_thinking(self, on: bool) -> None:
        if on and self.thinking is None:
            rect = L.CHIPS[self.side_of(self.view.turn)]
            words = self.app.text.font(L.CHIP_WORDS_SIZE, True).size(self.chip_words(self.view.turn))[0]
            self.thinking = Thinking((rect.x + 26 + words + 80, rect.y + L.CHIP_WORDS_Y + 15),
                                     self.colour_of(self.view.turn))
            self.movers.append(self.thinking)
        elif not on and self.thinking is not None:
            self.movers.remove(self.thinking)
            self.restatic([self.thinking.rect])
            self.thinking = None

    # round end, curtains -------------------------------------------------------------------------
    def _start_ceremony(self) -> None:
        assert self._ceremony is not None
        ended, match_end = self._ceremony
        self._ceremony = None
        self._show_thinking(False)
        self.hidden |= self.final_cards
        self.restatic()
        winner = match_end.data["winner"] if match_end is not None else None
        colours = {s: self.colour_of(s) for s in (0, 1)}
        self.app.audio.play("round_end")
        self.app.stack.push(Ceremony(self.app, dict(ended.data), self.names, (self.seat_at(0), self.seat_at(1)),
                                     colours, winner, self._after_ceremony, self.rematch, self.quit_to_title,
                                     opaque=self.pass_and_play))

    def _after_ceremony(self) -> None:
        """Next round: only now does the table change to the new deal."""
        self.view = self.table.view(self.viewer)
        self.hidden = set(self.zones(self.view))
        self.final_cards = set()
        self.purse = [self.view.seats[s].coins for s in (0, 1)]
        self.last_move.clear()
        self._refresh()
        turn = self.view.turn
        if self.pass_and_play and turn != self.viewer and turn in self.people:
            self._push_curtain(self.deal_in)
        else:
            self.deal_in()

    def _push_curtain(self, then: Any) -> None:
        seat = self.view.turn
        recap = self.recap.since(seat)

        def ready() -> None:
            self.viewer = seat
            self.recap.seen(seat)
            self.table.take_events(seat)  # already shown from the other side; the log is public
            self.view = self.table.view(seat)
            self.purse = [self.view.seats[s].coins for s in (0, 1)]
            self.sel_market.clear()
            self.sel_hand.clear()
            self.sel_porters = 0
            self._refresh()
            then()

        self.app.stack.push(self.undo_control.curtain(self.names[seat], recap, ready))

    def after_undo(self, seat: int, memo: Any) -> None:
        """The move was taken back: the cards fly back to where the table now has them."""
        self.anim.finish_all()
        self._curtain_due = False
        self._show_thinking(False)
        old, self.view = self.view, self.table.view(self.viewer)
        self.log_lines, self.last_move = [], {}
        self._history(self.table.history(self.viewer))
        self.purse = [self.view.seats[s].coins for s in (0, 1)]
        self.sel_market.clear()
        self.sel_hand.clear()
        self.sel_porters = 0
        self.turn_shown = self.view.turn
        self.animate_diff(old, self.view, [])
        self._refresh()

    def quit_to_title(self) -> None:
        """Back to the title (asking first while the match is on; it stays saved for Continue)."""
        self.leave()

    # input ---------------------------------------------------------------------------------------
    def on_back(self) -> bool:
        self.open_menu()
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        act = keys_of(self.app.settings).key("act")  # the player's act key (Settings › Keys), or keypad Enter
        if event.key in (act, pygame.K_KP_ENTER) and self.selection.actions and not self.focus.shown:
            self.play(self.selection.actions[0])
            return True
        return super().on_key(event)

    def handle_pointer(self, pe) -> bool:  # type: ignore[no-untyped-def]
        if pe.kind == "long_press" and self._porter_rect().collidepoint(pe.pos):
            self.tap_porters(back_out=True)
        if pe.kind == "tap" and (target := self.target_at(pe.pos)) is not None:
            target.run(pe.pos)
        return True

    def description(self) -> list[Section]:
        """The table in words for the seat at this screen (describe.py)."""
        return in_words(self.table, self.viewer, self.names)

    def targets(self) -> list[Target]:
        """The table's names, in the order a tap tries them: "more", "chip:SIDE" (0: the viewer),
        "pile:KIND" (a coin pile), "bonus:SIZE", "card:ID" (market, then hand: where it is drawn
        now), "porters" (the team card and its words), then "market" (its row of cards) and "line"
        to point at; buttons as every scene."""
        found = [Target("more", pygame.Rect(L.MORE), lambda _: self.open_menu(), tr("nm.target.menu"))]
        for side in (0, 1):
            found.append(Target(f"chip:{side}", pygame.Rect(L.CHIPS[side]),
                                does(self.show_merchant, self.seat_at(side)), self.names[self.seat_at(side)]))
        for i, good in enumerate(GOODS):
            found.append(Target(f"pile:{good}", L.coin_pile_rect(i), does(self.show_pile, i),
                                tr("nm.target.pile", kind=good)))
        for i, size in enumerate(BONUS_SIZES):
            found.append(Target(f"bonus:{size}", L.bonus_pile_rect(i), lambda _: self.show_bonus(),
                                tr("nm.target.bonus", size=size)))
        found += self._card_targets()
        if self.viewer is not None:
            found.append(Target("porters", self._porters_lit(), lambda _: self.tap_porters(), tr("nm.target.porters"),
                                zone=self._porter_rect()))
        if self.view.market:
            cards = [L.card_rect(L.market_pos(i)) for i in range(len(self.view.market))]
            found.append(Target("market", cards[0].unionall(cards[1:])))
        found.append(Target("line", pygame.Rect(L.LINE)))
        return found + super().targets()

    def _card_targets(self) -> list[Target]:
        """The market's cards, then the hand's (grouped by kind, as drawn); a lifted card is lit where it is."""
        found = []
        for i, (card, _) in enumerate(self.view.market):
            rect = L.card_rect(L.market_pos(i))
            found.append(Target(f"card:{card}", rect.move(0, -(L.LIFT if card in self.sel_market else 0)),
                                does(self.tap_market, card), self._card_label(card, "market"),
                                zone=rect.inflate(0, L.LIFT * 2), lit=card not in self.hidden))
        hand = self.view.hand if self.viewer is not None else ()
        for card, _, centre in L.hand_layout(hand):
            rect = L.card_rect(centre)
            found.append(Target(f"card:{card}", rect.move(0, -(L.LIFT if card in self.sel_hand else 0)),
                                does(self.tap_hand, card), self._card_label(card, "hand"),
                                zone=rect.inflate(0, L.LIFT * 2), lit=card not in self.hidden))
        return found

    def _card_label(self, card: int, where: str) -> str:
        return tr(f"nm.target.{where}", kind=CARD_KIND[card])

    def targets_settled(self) -> bool:
        """Nothing under an overlay, nor while a move is still to be shown."""
        return not (self.app.stack.top is not self or self.anim.busy or self._ceremony is not None or
                    (self.viewer is not None and self.table.view(self.viewer) != self.view))

    def _porter_rect(self) -> pygame.Rect:
        return L.card_rect(L.PORTER_POS).inflate(0, L.LIFT * 2)

    def _porters_lit(self) -> pygame.Rect:
        """The team card and the words under it ("2 of 4 in exchange"): lit whole, never cut."""
        said, bold = self.porter_words()
        size, centre = self.porter_words_at()
        words = pygame.Rect((0, 0), self.app.text.font(size, bold).size(said))  # as drawn
        words.center = centre
        return self._porter_rect().union(words)

