"""Night Market playtest findings, pinned: words that fit without being cut, plain grammar, the hand in
groups, pop-ups on screen, status in step with the animation, the deck while dealing, the round end."""

from __future__ import annotations

import itertools
import re

import pygame
import pytest

from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.motion import CardMover, FloatText
from game.scenes.night_market.story import blurbs, describe, label
from rules.contract import Event
from rules.night_market.actions import Exchange, Sell
from rules.night_market.data import CARD_KIND, GOODS, PORTER
from rules.night_market.scenario import place
from tests.test_night_market_scene import hand_pos, market_pos, move_buttons, press_only_move, settle, start

BAD_GRAMMAR = re.compile(r"\(s\)|\b1 \w+s\b|\b0 porters|only 0|\b[02-9] (Pearl|Amber|Jade|Silk|Spice|Leather|Porter)\b")


@pytest.fixture(autouse=True)
def quit_pygame():
    yield
    pygame.quit()


def ids_of(kinds) -> list[int]:  # type: ignore[no-untyped-def]
    """Distinct card ids of these kinds (any ids of the right kind will do for words)."""
    free = {k: [c for c, kind in enumerate(CARD_KIND) if kind == k] for k in (*GOODS, PORTER)}
    return [free[k].pop() for k in kinds]


def every_exchange():  # type: ignore[no-untyped-def]
    """Every exchange shape by kinds: 2-5 goods taken, as many given back from other goods and porters."""
    for size in range(2, 6):
        for took in itertools.combinations_with_replacement(GOODS, size):
            others = [g for g in GOODS if g not in took]
            for porters in range(size + 1):
                for gave in itertools.combinations_with_replacement(others, size - porters):
                    yield took, gave, porters


def longest(texts, n: int = 25) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(set(texts), key=len, reverse=True)[:n]


def exchange_event(took, gave, porters: int) -> Event:  # type: ignore[no-untyped-def]
    return Event("exchanged", 1, {"took": [[c, CARD_KIND[c]] for c in ids_of(took)],
                                  "gave": [[c, CARD_KIND[c]] for c in ids_of(gave)],
                                  "porters": ids_of([PORTER] * porters)})


@pytest.mark.slow
def test_the_rival_chip_says_the_longest_moves_in_a_form_that_fits_never_cut():
    p, scene = start(size=(1920, 1080))
    font = p.app.text.font(L.CHIP_WORDS_SIZE, True)
    events = {blurbs(exchange_event(*shape))[0]: exchange_event(*shape) for shape in every_exchange()}
    checked = 0
    for full in longest(events):
        forms = blurbs(events[full])
        scene.last_move[1] = forms
        scene.turn_shown = 0
        words = scene.chip_words(1)
        assert words in forms and font.size(words)[0] <= L.CHIP_WORDS_W  # a whole form, never cut
        assert words.endswith(full.split(" for ")[1]) or words == forms[-1]  # what was taken, when it fits
        checked += 1
    assert checked == 25 and font.size(longest(events, 1)[0])[0] > L.CHIP_WORDS_W  # the test reaches the hard case
    p.frames(2)  # and the chip paints them
    scene.restatic()
    p.frames(2)


@pytest.mark.slow
def test_the_selection_line_shows_the_longest_exchange_whole_on_at_most_two_lines():
    p, scene = start(size=(1280, 720))
    lines = []
    for took, gave, porters in every_exchange():
        action = Exchange(tuple(ids_of(took)), tuple(ids_of(gave)), porters)
        fill = f" Exchange fills {porters} with {'a porter' if porters == 1 else f'{porters} porters'}."
        lines.append(describe(scene.view, action) + (fill if porters else ""))
    for words in longest(lines):
        scene.line = words
        size, shown = scene.line_layout()
        assert " ".join(shown) == words and len(shown) <= 2  # all of it: nothing cut
        assert all(p.app.text.font(size).size(w)[0] <= L.LINE.w - 60 for w in shown)
        assert len(shown) * size * 1.36 <= L.LINE.h


@pytest.mark.slow
def test_player_facing_words_have_no_broken_plurals():
    p, scene = start()
    texts = [blurbs(exchange_event(*shape))[0] for shape in every_exchange()]
    for kind in GOODS:
        for n in range(1, 1 + min(7, CARD_KIND.count(kind))):
            cards = ids_of([kind] * n)
            texts.append(blurbs(Event("sold", 0, {"cards": [[c, kind] for c in cards], "kind": kind,
                                                  "coins": [1] * n, "bonus": n >= 3}))[0])
            texts.append(describe(scene.view, Sell(tuple(cards))))
            texts.append(label(scene.view, Sell(tuple(cards))))
    bad = [t for t in texts if BAD_GRAMMAR.search(t)]
    assert bad == []
    assert "Sell 2 Pearls" in texts and "Took an Amber" in blurbs(Event("took", 1, {"card": [ids_of(["amber"])[0],
                                                                                          "amber"]}))


def test_an_exchange_short_of_cards_says_how_many_to_give_back_and_that_there_are_no_porters():
    p, scene = start()
    scene.table.load_position(place(["silk", "spice", "porter", "leather", "jade"], (["pearl"], ["silk"]),
                                    porters=(0, 0), names=("Ada", "Basil")))
    scene.view = scene.table.view(0)
    scene._refresh()
    for kind in ("silk", "jade"):
        p.click(market_pos(scene, next(c for c, k in scene.view.market if k == kind)))
    assert scene.line == ("Give back exactly 2 cards for the 2 you take (you chose 0): "
                          "you have no porters to make up the rest.")
    assert not BAD_GRAMMAR.search(scene.line) and scene.line_layout()[0] >= 26  # one line


@pytest.mark.slow
def test_the_hand_is_grouped_by_kind_and_each_card_is_tapped_where_it_is_drawn():
    p, scene = start()
    scene.table.load_position(place(["silk", "spice", "porter", "leather", "jade"],
                                    (["leather", "pearl", "silk", "leather", "pearl", "spice", "silk"], ["amber"]),
                                    names=("Ada", "Basil")))
    scene.view = scene.table.view(0)
    scene._refresh()
    shown = L.hand_layout(scene.view.hand)
    kinds = [k for _, k, _ in shown]
    assert kinds == ["pearl", "pearl", "silk", "silk", "spice", "leather", "leather"]
    xs = [pos[0] for _, _, pos in shown]
    steps = [b - a for a, b in zip(xs, xs[1:])]
    assert steps == [L.SAME_KIND_STEP, L.NEW_KIND_STEP, L.SAME_KIND_STEP, L.NEW_KIND_STEP, L.NEW_KIND_STEP,
                     L.SAME_KIND_STEP]  # a wider gap between kinds
    assert L.card_rect(shown[-1][2]).right < 1920
    for card, _, pos in shown:
        p.click(pos)
        assert card in scene.sel_hand
    assert len(scene.sel_hand) == 7


def test_coin_and_bonus_pop_ups_stay_on_the_screen():
    p, scene = start()
    for side in (0, 1):
        scene.float_text("+ bonus", L.chip_purse(side))
        scene.float_text("+10", L.chip_purse(side))
    seen = 0
    purse_number_bottom = L.chip_purse(0)[1] + 26
    for _ in range(70):
        p.frames(1)
        labels = [m for m in scene.movers if isinstance(m, FloatText)]
        seen += len(labels)
        assert all(m.rect.top >= 0 and m.rect.bottom <= 1080 for m in labels)
        assert all(m.rect.top > purse_number_bottom for m in labels)  # below the purse's number, not over it
    assert seen > 0 and not any(isinstance(m, FloatText) for m in scene.movers)


@pytest.mark.slow
def test_nobody_is_shown_to_move_until_a_move_lands():
    p, scene = start(level="normal")
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    assert scene.anim.busy and scene.turn_shown is None
    assert scene.chip_words(1) != "Basil's turn" and scene.line == "Ada: Took 3 Porters."
    rival_glowing_while_my_turn = False
    for _ in range(600):
        p.frames(1)
        tags = [m for m in scene.movers if isinstance(m, CardMover) and m.tag]
        assert len(tags) <= 1  # one "Basil takes" a move, however many cards it takes
        assert all(m.rect.bottom > m.pos[1] + L.CARD_H // 2 for m in tags)  # under the card, off the coin piles
        glowing = bool(tags)
        if glowing and scene.chip_words(0) == "Your turn":
            rival_glowing_while_my_turn = True
        if scene.turn_shown == 1 and scene.thinking is not None:
            assert scene.chip_words(1) == "Basil's turn" and "choosing" in scene.line
        if scene.view.turn == 0 and not scene.anim.busy and scene.turn_shown == 0:
            break
    assert not rival_glowing_while_my_turn
    assert scene.chip_words(0) == "Your turn" and scene.line.startswith("Tap")


def test_the_deck_keeps_its_badge_and_counts_down_while_dealing():
    p, scene = start()
    scene.deal_in()
    assert scene.deck_leaving > 0 and scene.turn_shown is None and scene.line.startswith("Round 1 begins")
    p.frames(1)
    assert len(scene.draw_overlay(p.app.display.canvas)) == 1  # the badge, over the card leaving the deck
    waiting = [m for m in scene.movers if isinstance(m, CardMover) and m.pos == L.DECK_POS]
    assert waiting and all(m.alpha == 0 for m in waiting[1:])  # still in the deck: the badge stays visible
    counts = []
    for _ in range(200):
        p.frames(1)
        counts.append(scene.deck_leaving)
        if not scene.anim.busy:
            break
    assert counts == sorted(counts, reverse=True) and counts[-1] == 0
    p.frames(2)
    assert scene.turn_shown == scene.view.turn and scene.chip_words(0) == "Your turn"


@pytest.mark.slow
def test_the_round_end_summary_opens_over_the_ended_round_and_the_table_changes_at_next_round():
    p, scene = start()
    scene.table.load_position(place(["silk", "spice", "porter", "leather", "silk"], (["jade", "jade"], ["silk"]),
                                    coins={"pearl": (), "amber": (), "jade": (5, 4)}, names=("Ada", "Basil")))
    scene.view = scene.table.view(0)
    scene._refresh()
    for card in [c for c, k in scene.view.hand if k == "jade"]:
        p.click(hand_pos(scene, card))
    press_only_move(p, scene)
    assert scene.line.startswith("Round 1 is over")
    for _ in range(300):
        p.frames(1)
        if isinstance(p.top, Ceremony):
            break
    ceremony = p.top
    assert isinstance(ceremony, Ceremony)
    assert scene.view.round_no == 1 and scene.table.view(0).round_no == 2  # the table under it: still round 1
    assert not any(c in scene.sel_hand for c in scene.hidden) and scene.final_cards <= scene.hidden
    ceremony._skip()
    p.frames(3)
    ceremony.on_button(next(b for b, k in ceremony.buttons.items() if k == "next"))
    p.frames(2)
    assert scene.view.round_no == 2 and scene.final_cards == set()
    settle(p, scene)
    assert move_buttons(scene) == {} and scene.chip_words(scene.view.turn).endswith("turn")


def test_many_bonus_tokens_close_up_in_their_column_under_one_caption():
    p, scene = start(size=(1920, 1080))
    tokens = [[[i, 3, 2] for i in range(7)], [[10, 3, 1], [11, 4, 5]]]
    data = {"round": 1, "reason": "coins", "coins": [40, 30], "bonus": tokens, "porters": [3, 1], "porter_token": 0,
            "totals": [59, 36], "winner": 0, "tiebreak": None, "seals": [1, 0]}
    ceremony = Ceremony(p.app, data, ("Ada", "Basil"), (0, 1), {0: L.ME_COLOUR, 1: L.OTHER_COLOUR}, None,
                        lambda: None, lambda: None, lambda: None)
    p.app.stack.push(ceremony)
    ceremony._skip()
    drawn: list[tuple[str, pygame.Rect]] = []
    real = p.app.text.draw
    p.app.text.draw = lambda target, words, pos, size, *a, **k: (  # type: ignore[method-assign]
        drawn.append((words, r := real(target, words, pos, size, *a, **k))), r)[1]
    ceremony.draw_scene(p.app.display.canvas)
    captions = [r for w, r in drawn if "cards" in w]
    assert [w for w, _ in drawn if "cards" in w] == ["7 for 3 cards", "3 cards", "4 cards"]
    assert all(a.right < b.left or b.right < a.left for a, b in itertools.combinations(captions, 2))


@pytest.mark.slow
def test_hand_and_chip_counts_change_when_the_cards_land_not_when_the_move_arrives():
    p, scene = start(size=(1920, 1080))
    me, rival = scene.viewer, 1 - scene.viewer
    good = next(c for c, k in scene.view.market if k != PORTER)
    mine = len(scene.view.hand)
    p.click(market_pos(scene, good))
    press_only_move(p, scene)
    assert len(scene.view.hand) == mine + 1 and scene.anim.busy
    assert scene.shown_count(("hand", me), len(scene.view.hand)) == mine  # the card is still flying
    rival_before = None
    for _ in range(600):  # my card lands; then the Rival moves: its chip waits for its cards too
        p.frames(1)
        if rival_before is None and not scene.anim.busy:
            assert scene.shown_count(("hand", me), len(scene.view.hand)) == mine + 1
            rival_before = scene.view.seats[rival].hand_count
        if rival_before is not None and scene.anim.busy and scene.view.seats[rival].hand_count != rival_before:
            assert scene.shown_count(("hand", rival), scene.view.seats[rival].hand_count) == rival_before
            break
    else:
        raise AssertionError("the Rival's move was never seen in flight")
    settle(p, scene)
    assert not scene.in_flight or set(scene.in_flight.values()) == {0}


def test_a_card_flying_to_the_rivals_chip_melts_before_it_lies_on_the_chips_words():
    p, scene = start(size=(1920, 1080))
    seen: list[float] = []
    for _ in range(6):
        settle(p, scene)
        good = next(c for c, k in scene.view.market if k != PORTER)
        p.click(market_pos(scene, good))  # the viewer takes a good by mouse; the Rival replies
        press_only_move(p, scene)
        for _ in range(400):
            seen += [m.alpha for m in scene.movers if isinstance(m, CardMover)
                     and L.CHIPS[1].collidepoint(m.pos)]
            if scene.view.turn == scene.viewer and not scene.anim.busy:
                break
            p.frames(1)
        if len(seen) > 3:
            break
    assert seen, "no card flew to the Rival's chip"
    assert max(seen) < 128, "a card face lay on the Rival's chip words"


def test_the_ceremony_seal_count_keeps_a_numbered_name_apart_from_its_count():
    p, scene = start(size=(1920, 1080))
    data = {"round": 1, "reason": "coins", "coins": [40, 30], "bonus": [[], []], "porters": [3, 1],
            "porter_token": 0, "totals": [45, 30], "winner": 1, "tiebreak": None, "seals": [0, 1]}
    ceremony = Ceremony(p.app, data, ("Player 1", "Basil"), (0, 1), {0: L.ME_COLOUR, 1: L.OTHER_COLOUR}, None,
                        lambda: None, lambda: None, lambda: None)
    p.app.stack.push(ceremony)
    ceremony._skip()
    drawn: list[str] = []
    real = p.app.text.draw
    p.app.text.draw = lambda target, words, *a, **k: (drawn.append(words), real(target, words, *a, **k))[1]  # type: ignore[method-assign]
    ceremony.draw_scene(p.app.display.canvas)
    assert "Seals — Player 1: 0 · Basil: 1" in drawn  # not "Player 1 0 · Basil 1"


def test_the_undo_button_leaves_every_hand_card_and_move_button_uncovered():
    p, scene = start(size=(1920, 1080))
    undo = scene.undo_rect()
    kinds = [*GOODS, *GOODS]
    for count in range(1, 13):
        hand = [(i, kinds[i % len(kinds)]) for i in range(count)]
        for _, _, pos in L.hand_layout(hand):
            for lifted in (False, True):
                card = L.card_rect((pos[0], pos[1] - (L.LIFT if lifted else 0)))
                assert not card.colliderect(undo), (count, card)
    for n in (1, 2, 3):
        assert all(not r.colliderect(undo) for r in L.button_rects(n, 400))
    assert pygame.Rect(0, 0, 1920, 1080).contains(undo)
