"""Night Market keeps a lane of its own for the app's toasts: a toast there covers no text, card or button."""

from __future__ import annotations

import pygame
import pytest

from game.draw.layout_record import judge, recording
from game.scenes.night_market import layout as L
from game.scenes.night_market.scene import NightMarketScene
from game.tools.layout_walk import record_frame
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player

NOTICE = "Couldn't save the match: the disk is full. It goes on; Continue may miss this move."


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def test_the_lane_is_clear_of_every_zone_of_the_table():
    L.follow_text_size()  # the table's rects laid out for 100 % (an earlier test may have left them at 150 %)
    cards = [L.card_rect(L.DECK_POS).move(-4, -4), L.card_rect(L.PORTER_POS).inflate(0, 2 * L.LIFT),
             L.card_rect(L.market_pos(0)).inflate(0, 2 * L.LIFT)]
    hand = [L.card_rect(L.hand_pos(0, n)).inflate(0, 2 * L.LIFT) for n in (1, 7, 9)]
    piles = [L.coin_pile_rect(0), L.bonus_pile_rect(0)]
    porter_words = pygame.Rect(0, 0, 380, 30)  # "3 of 3 in exchange (1 to fill)", bold, under the porter card
    porter_words.center = (L.PORTER_POS[0], L.card_rect(L.PORTER_POS).bottom + 22)
    taken = [*L.CHIPS, L.LINE, *cards, *hand, *piles, porter_words, *L.button_rects(3, 400), L.UNDO]
    assert not any(L.TOAST_LANE.colliderect(r) for r in taken)


def test_a_toast_on_the_table_covers_no_label_card_name_line_or_button():
    with recording():  # the whole app draws on recording surfaces, as in `screens --check`
        p = make_player(size=(1280, 720))
        p.app.update_settings(seen_briefings=("night-market",))
        config = MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy")))
        scene = NightMarketScene.new(p.app, config, 11, autosave=False)
        p.app.stack.reset(scene)
        p.frames(90)
        for card, _ in scene.view.hand[:2]:  # lifted cards and the Clear button
            scene.tap_hand(card)
        p.app.toast(NOTICE, error=True)
        p.frames(2)
        assert scene.toast_lane() == L.TOAST_LANE
        marks = record_frame(p.app)
    toast = [m for m in marks if m.kind == "text" and m.words and m.words in NOTICE]
    assert len(toast) >= 3 and all(L.TOAST_LANE.contains(m.rect) for m in toast)
    box = toast[0].rect.unionall([m.rect for m in toast])
    others = [m for m in marks if m.kind in ("text", "button") and m not in toast]
    assert len(others) > 20 and not any(box.colliderect(m.rect) for m in others)
    assert judge(marks) == []
