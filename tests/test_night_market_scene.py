"""The Night Market table scene, driven headlessly by synthetic taps (bots on the main thread)."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.curtain import CurtainScene
from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.motion import CardMover
from game.scenes.night_market.overlays import GameInfoScene, InfoPanel, MenuScene
from game.scenes.night_market.scene import NightMarketScene
from game.services import saves
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.actions import Exchange, Sell, TakePorters
from rules.night_market.bot.levels import make_bot
from rules.night_market.scenario import place
from tests.conftest import make_player


@pytest.fixture(autouse=True)
def unthreaded(monkeypatch):
    """Deterministic bots: they think on the main thread in tests."""
    yield
    pygame.quit()


def start(people: int = 1, level: str = "easy", seed: int = 11, size=(1280, 720)):  # type: ignore[no-untyped-def]
    """A table with the deal animation finished."""
    p = make_player(size=size)
    p.app.update_settings(seen_briefings=("night-market",))
    seats = (SeatConfig("Ada"), SeatConfig("Bo") if people == 2 else SeatConfig("Basil", level))
    scene = NightMarketScene.new(p.app, MatchConfig(seats), seed)
    p.app.stack.reset(scene)
    p.frames(90)
    return p, scene


def settle(p, scene, frames: int = 900) -> None:  # type: ignore[no-untyped-def]
    """Run until it is the viewer's turn on a quiet table."""
    for _ in range(frames):
        if (scene.view.turn == scene.viewer and not scene.anim.busy and scene._ceremony is None
                and p.top is scene):
            return
        p.frames(1)
    raise AssertionError("the table never came back to the viewer")


def market_pos(scene, card: int):  # type: ignore[no-untyped-def]
    return next(L.market_pos(i) for i, (c, _) in enumerate(scene.view.market) if c == card)


def hand_pos(scene, card: int):  # type: ignore[no-untyped-def]
    return next(pos for c, _, pos in L.hand_layout(scene.view.hand) if c == card)


def move_buttons(scene) -> dict:  # type: ignore[no-untyped-def]
    return {b: a for b, a in scene._action_buttons.items() if a is not None}


def press_only_move(p, scene) -> None:  # type: ignore[no-untyped-def]
    buttons = move_buttons(scene)
    assert len(buttons) == 1, scene.line
    p.press_button(next(iter(buttons)))


def test_a_round_of_taps_take_porters_exchange_with_porters_and_sell():
    p, scene = start()
    porter = next(c for c, k in scene.view.market if k == "porter")
    p.click(market_pos(scene, porter))
    assert all(c in scene.sel_market for c, k in scene.view.market if k == "porter")  # porters go together
    assert [type(a) for a in move_buttons(scene).values()] == [TakePorters]
    press_only_move(p, scene)
    assert "porters" in p.app.audio.played
    assert len(scene.view.seats[0].porters) >= 3
    settle(p, scene)
    goods = [c for c, k in scene.view.market if k != "porter"][:2]
    assert len(goods) == 2
    for card in goods:
        p.click(market_pos(scene, card))
    p.click(L.PORTER_POS)
    p.click(L.PORTER_POS)
    assert scene.sel_porters == 2
    action = next(iter(move_buttons(scene).values()))
    assert isinstance(action, Exchange) and action.porters == 2 and not action.give
    assert scene.line.startswith("Exchange 2 Porters")
    hand_before = len(scene.view.hand)
    press_only_move(p, scene)
    assert "exchange" in p.app.audio.played
    assert len(scene.view.hand) == hand_before + 2
    assert any("Swapped 2 Porters" in line for line in scene.log_lines)
    settle(p, scene)
    sale = max((a for a in scene.table.legal(0) if isinstance(a, Sell)), key=lambda a: len(a.cards))
    for card in sale.cards:
        p.click(hand_pos(scene, card))
    assert scene.line.startswith(f"Sell {len(sale.cards)}")
    press_only_move(p, scene)
    p.frames(120)
    assert "coins" in p.app.audio.played and "coin" in p.app.audio.played
    assert scene.purse[0] == scene.table.view(0).seats[0].coins > 0  # the purse counted up to the real total


def test_exchange_short_of_cards_fills_with_porters_and_says_so():
    p, scene = start()
    scene.table.load_position(place(["silk", "spice", "porter", "leather", "jade"], (["pearl", "amber"], ["silk"]),
                                porters=(2, 0), names=("Ada", "Basil")))
    scene.view = scene.table.view(0)
    scene._refresh()
    silk, spice = (next(c for c, k in scene.view.market if k == kind) for kind in ("silk", "spice"))
    p.click(market_pos(scene, silk))
    p.click(market_pos(scene, spice))
    assert "fills 2 with 2 porters" in scene.line
    assert isinstance(next(iter(move_buttons(scene).values())), Exchange)


def test_an_illegal_selection_explains_itself_with_the_error_sound_and_loses_nothing():
    p, scene = start()
    scene.table.load_position(place(["silk", "spice", "porter", "leather", "jade"], (["silk", "amber"], ["pearl"]),
                                porters=(1, 0), names=("Ada", "Basil")))
    scene.view = scene.table.view(0)
    scene._refresh()
    market_silk = next(c for c, k in scene.view.market if k == "silk")
    hand_silk = next(c for c, k in scene.view.hand if k == "silk")
    p.click(market_pos(scene, market_silk))
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "spice")))
    p.app.audio.played.clear()
    p.click(hand_pos(scene, hand_silk))
    assert scene.line == "You can't put back Silk: you are taking that kind."
    assert scene.line_is_problem and "error" in p.app.audio.played
    assert not move_buttons(scene)
    assert len(scene.sel_market) == 2 and scene.sel_hand == {hand_silk}  # nothing lost
    p.click(hand_pos(scene, hand_silk))
    p.click(hand_pos(scene, next(c for c, k in scene.view.hand if k == "amber")))
    assert isinstance(next(iter(move_buttons(scene).values())), Exchange)  # amber + a porter: a real move again


def test_tapping_during_the_rivals_turn_says_whose_turn_it_is():
    p, scene = start()
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    p.app.audio.played.clear()
    p.click(hand_pos(scene, scene.view.hand[0][0]))
    assert scene.line == "It is Basil's turn." and "error" in p.app.audio.played


@pytest.mark.slow
def test_the_rivals_move_glows_in_its_colour_thinks_first_and_its_chip_says_what_it_did():
    p, scene = start(level="normal")
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    thought = glowed = False
    for _ in range(400):
        p.frames(1)
        thought = thought or scene.thinking is not None
        tagged = [m for m in scene.movers if isinstance(m, CardMover) and m.tag]
        if tagged:
            glowed = True
            assert tagged[0].glow == L.OTHER_COLOUR and tagged[0].tag == "Basil takes"
        if scene.view.turn == 0 and not scene.anim.busy:
            break
    assert thought
    assert 1 in scene.last_move and scene.last_move[1]
    taking = ("Took", "Swapped")
    assert glowed or not scene.last_move[1].startswith(taking)
    assert scene.log_lines[-1].startswith("Basil: ")


def test_tap_a_coin_pile_to_see_every_coin_and_a_chip_for_details():
    p, scene = start()
    p.click(L.coin_pile_rect(3).center)
    assert isinstance(p.top, InfoPanel) and p.top.coins == dict(scene.view.coins)["silk"]
    p.click((100, 1000))
    assert p.top is scene
    p.click(L.CHIPS[1].center)
    assert isinstance(p.top, InfoPanel) and p.top.title.startswith("Basil")
    assert f"Goods in hand: {scene.view.seats[1].hand_count}" in p.top.lines
    assert any(line.startswith("Bonus tokens: 0 for 3 cards") for line in p.top.lines)


@pytest.mark.slow
def test_more_menu_opens_game_info_with_log_piles_bonus_and_deck():
    p, scene = start()
    p.click(L.MORE.center)
    assert isinstance(p.top, MenuScene)
    info = next(b for b, key in p.top.buttons.items() if key == "info")
    p.press_button(info)
    p.frames(2)
    assert isinstance(p.top, GameInfoScene)
    labels = dict(p.top.summary)
    assert labels["Deck"] == f"{scene.view.deck_count} cards" and "Pearl" in labels and "5+ cards" in labels
    assert "Round 1 begins" in p.top.log_box.html_text
    p.key(pygame.K_ESCAPE)
    assert p.top is scene


@pytest.mark.slow
def test_pass_and_play_curtain_hides_the_table_then_shows_the_recap_and_the_next_hand():
    p, scene = start(people=2)
    assert isinstance(p.top, CurtainScene)
    p.press_button(p.top.ready)
    assert p.top is scene and scene.viewer == 0
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    p.frames(90)
    assert isinstance(p.top, CurtainScene)
    assert p.app.stack.visible() == [p.top]  # opaque: the table is not drawn beneath it
    painted = []
    scene.paint_static = lambda surface: painted.append(1)
    scene.draw = lambda canvas, full: painted.append(2)
    p.frames(10)
    assert painted == []
    assert any("Ada: Took 3 Porters" in line for line in p.top.recap)
    del scene.paint_static, scene.draw
    p.press_button(p.top.ready)
    assert scene.viewer == 1 and scene.view.hand == scene.table.view(1).hand
    assert p.top is scene


@pytest.mark.slow
def test_continue_resumes_exactly_from_the_save():
    p, scene = start()
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    settle(p, scene)
    save, problem = saves.load("night-market")
    assert problem is None and save is not None and len(save.record.entries) == 2
    resumed = NightMarketScene.from_save(p.app, save)
    assert resumed.view == scene.table.view(0)
    assert resumed.log_lines == scene.log_lines and resumed.last_move == scene.last_move
    p.app.stack.reset(resumed)
    p.frames(90)
    assert p.top is resumed and resumed.view.turn == 0


@pytest.mark.slow
def test_rounds_end_with_the_ceremony_and_the_match_end_offers_rematch():
    p, scene = start(seed=5)
    helper = make_bot("easy", 0, 1)
    heard: list[str] = []
    play = p.app.audio.play
    p.app.audio.play = lambda name, volume=1.0: (heard.append(name), play(name, volume))
    rounds = 0
    for _ in range(3000):
        top = p.top
        if isinstance(top, Ceremony):
            top._skip()
            p.frames(2)
            rounds += 1
            if top.match_winner is not None:
                break
            top.on_button(next(iter(top.buttons)))
            p.frames(80)
            continue
        scene.anim.finish_all()
        if scene.view.turn != 0:
            p.frames(6)  # the Rival's beat
            continue
        scene.table.act(0, helper.choose(scene.table.view(0), scene.table.legal(0)))
        scene.absorb(scene.table.take_events(scene.viewer))
        p.frames(3)
        scene.anim.finish_all()
        p.frames(2)
    ceremony = p.top
    assert isinstance(ceremony, Ceremony) and ceremony.match_winner is not None and rounds >= 2
    assert {"round_end", "seal", "fanfare", "porters", "coins"} <= set(heard)
    assert sorted(ceremony.buttons.values()) == ["rematch", "title"]
    ceremony.on_button(next(b for b, k in ceremony.buttons.items() if k == "rematch"))
    p.frames(40)
    assert isinstance(p.top, NightMarketScene) and p.top is not scene and p.top.view.round_no == 1


@pytest.mark.slow
def test_a_table_at_rest_presents_nothing_and_flights_present_only_their_rects():
    p, scene = start(size=(1920, 1080))
    p.frames(60)
    canvas = p.app.display.canvas
    assert scene.draw(canvas, False) == []
    p.click(market_pos(scene, next(c for c, k in scene.view.market if k == "porter")))
    press_only_move(p, scene)
    p.frames(1)
    rects = scene.draw(canvas, False)
    assert rects is not None and 0 < sum(r.w * r.h for r in rects) < 1920 * 1080 * 0.6
