"""A Swap Meet table mid-round (offers open, an audit's news in the hint line) and its round
summary, laid out in German and French at both window sizes with no text overflowing its box (the
layout check of game/draw/layout_record.py); the feed says the viewer's moves in the second person."""

from __future__ import annotations

import pytest

from game import text
from game.draw.layout_record import recording
from game.scenes.swap_meet.scene import SwapMeetScene
from game.scenes.swap_meet.story import feed_line
from game.scenes.swap_meet.summary import SummaryOverlay
from game.text.persons import Person
from rules.contract import Event, MatchConfig, SeatConfig
from rules.swap_meet.actions import OpenOffer, TaxAudit
from rules.swap_meet.scenario import scenario
from tests.conftest import layout_problems, make_player

HANDS = [{"crate": 3, "sack": 3, "coin": 1, "rack": 1, "market_crash": 1},
         {"sack": 4, "coin": 2, "rack": 2, "tax_audit": 1},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


pytestmark = pytest.mark.usefixtures("english_after")




@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_swap_meet_table_and_its_round_summary_fit_in_german_and_french(lang: str, size: tuple[int, int]) -> None:
    with recording():
        p = make_player(size, extra={"lang": lang})
        p.app.update_settings(seen_briefings=("swap-meet",))
        seats = (SeatConfig("Ada"), SeatConfig("Basil", "normal"), SeatConfig("Cobalt", "normal"),
                 SeatConfig("Dune", "normal"))
        scene = SwapMeetScene.new(p.app, MatchConfig(seats, {"round_seconds": 60}), 3)
        p.app.stack.reset(scene)
        scene.table.bots = {}  # the bots hold still: the test plays their moves
        scene.table.load_position(scenario(HANDS, now=scene.table.now(), round_seconds=60))
        scene.on_events([])
        scene.table.scripted(2, OpenOffer("coin", 2))
        scene.table.scripted(3, OpenOffer("rack", 3))
        scene.table.scripted(1, TaxAudit())  # news about Ada's own hand, kept in her hint line
        p.frames(3)
        scene.anim.finish_all()
        p.frames(2)
        assert text.language() == lang and scene.regions[0].model.news, "no news shown"
        assert layout_problems(p.app) == [], "Swap Meet table"
        p.clock.advance(61)  # the timer locks the round
        for _ in range(600):
            p.frames(1)
            top = p.top
            if isinstance(top, SummaryOverlay) and top.stage == "lock":
                top.age = top.lock_for  # past the lock moment
            if isinstance(top, SummaryOverlay) and top.stage == "summary":
                break
        else:
            raise AssertionError("the round summary never showed")
        p.frames(2)
        assert layout_problems(p.app) == [], "Swap Meet round summary"


def test_the_feed_says_the_viewers_own_moves_in_the_second_person() -> None:
    swap = Event("swap", 1, {"target": 0, "count": 2, "give": "crate", "got": "coin"})
    text.use("de")
    names: list[str] = [Person("Ana", True), Person("Basil")]
    assert feed_line(Event("offer_open", 0, {"count": 1, "kind": "sack"}), names) == "Du bietest 1 Sack an"
    assert feed_line(Event("offer_open", 1, {"count": 2, "kind": "sack"}), names) == "Basil bietet 2 Säcke an"
    assert feed_line(swap, names) == "Basil tauscht mit dir 2 Kisten gegen 2 Münzen"
    text.use("fr")
    names = [Person("Ana", True), Person("Basil")]
    assert feed_line(Event("offer_open", 0, {"count": 1, "kind": "sack"}), names) == "Vous proposez 1 Sac"
    assert feed_line(swap, names) == "Basil vous échange 2 Caisses contre 2 Pièces"
