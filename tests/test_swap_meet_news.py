"""Your own news stays until seen: an audit of your hand is kept in your hint line however long
the feed runs on, a tap on the line clears it; the match log lists what this seat may know."""

from __future__ import annotations

import pygame

from game.scenes.swap_meet.news import log_lines
from rules.swap_meet.actions import OpenOffer, Swap, TaxAudit
from tests.test_swap_meet_scene import start, tap

HANDS = [{"crate": 3, "sack": 3, "coin": 1, "rack": 1},
         {"sack": 4, "coin": 2, "rack": 2, "tax_audit": 1},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


def test_an_audit_of_your_hand_stays_in_your_hint_line_until_you_tap_it():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, TaxAudit())  # Basil audits the table
    p.frames(3)
    gone = next(e for e in scene.table.history(0) if e.kind == "audit_discard" and e.seat == 0).data["kind"]
    for i in range(8):  # the feed runs on: others offer and swap, time passes
        scene.table.scripted(2, OpenOffer("coin" if i % 2 else "rack", 1 + i % 3))
        p.clock.advance(5)
        p.frames(3)
    alert = scene.regions[0].model.alert
    assert alert is not None and alert[0].startswith(f"Tax Audit made you discard a {gone.title()}")
    assert scene.regions[0].model.news
    tap(p, scene, ("news",))
    assert scene.regions[0].model.alert is None and not scene.regions[0].model.news
    pygame.quit()


def test_a_swap_on_your_offer_is_news_and_the_log_says_it_as_your_news():
    p, scene = start(hands=HANDS)
    scene.table.act(0, OpenOffer("crate", 2))
    scene.table.scripted(2, Swap(0, "coin", scene.table.view(0).offers[0].id))
    p.frames(3)
    p.frames(130)  # past the moment your own offer was said in the same line
    assert scene.regions[0].model.alert[0].startswith("Cobalt took your 2 Crates and gave you 2 Coins")
    assert "Cobalt took your 2 Crates and gave you 2 Coins" in log_lines(scene.table, 0, scene.names)
    pygame.quit()


def test_game_info_lists_the_market_the_stalls_and_every_event_you_may_know():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, TaxAudit())
    p.frames(3)
    p.press_button(scene.log_b)
    info = p.top
    assert type(info).__name__ == "FloorInfo" and scene.table.paused  # the clock waits while you read
    assert ("Basil", "0 pts · 7 cards") in info.summary
    body = info.log_box.html_text
    assert "Basil plays Tax Audit" in body and "Tax Audit made you discard a" in body
    p.press_button(info.close)
    assert p.top is scene and not scene.table.paused
    pygame.quit()


def test_a_new_deal_clears_news_about_the_old_hand():
    p, scene = start(hands=HANDS, round_seconds=60)
    scene.table.scripted(1, TaxAudit())
    p.frames(3)
    assert scene.news_lane.first(0) is not None
    p.clock.advance(61)
    p.frames(3)
    scene.next_round(0)  # the person's Next on the summary
    p.frames(3)
    assert scene.table.view(0).round_no == 2 and scene.news_lane.first(0) is None
    pygame.quit()


def test_in_table_mode_game_info_shows_what_everyone_at_the_table_may_know():
    p, scene = start(humans=2, hands=HANDS)
    scene.table.scripted(2, OpenOffer("coin", 2))  # a bot offers: every seat sees it
    p.frames(3)
    p.press_button(scene.log_b)
    info = p.top
    assert type(info).__name__ == "FloorInfo" and scene.table.paused
    assert not any(label == "Your contract" for label, _ in info.summary)  # no hand or contract is private here
    assert "Basil offers 2 Coins" in info.log_box.html_text
    p.press_button(info.close)
    assert p.top is scene and not scene.table.paused
    pygame.quit()
