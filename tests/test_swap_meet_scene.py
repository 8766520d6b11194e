"""Headless screen tests of the Swap Meet floor: offers, swaps, cash out, the timer, pause, rounds."""

from __future__ import annotations

import pygame
import pytest

from game.draw.palette import MINT
from game.scenes.swap_meet.layout import Region
from game.scenes.swap_meet.panel import SeatPanel
from game.scenes.swap_meet.scene import REACTION, SwapMeetScene
from game.scenes.swap_meet.summary import PANEL, PauseOverlay, SummaryOverlay
from rules.contract import MatchConfig, SeatConfig
from rules.swap_meet.actions import OpenOffer
from rules.swap_meet.data import SUMMARY_SECONDS
from rules.swap_meet.scenario import scenario
from tests.conftest import make_player

BOTS = ("Basil", "Cobalt", "Dune", "Ember", "Fern")


@pytest.fixture(autouse=True)
def unthreaded(monkeypatch):
    """Bots think on the caller's thread: deterministic tests."""


def start(humans: int = 1, seats: int = 4, hands=None, round_seconds: int = 90, quiet: bool = True,  # type: ignore[no-untyped-def]
          **opts):
    """A player with a Swap Meet floor on top (optionally a scenario deal, bots silenced; `opts` for the app)."""
    p = make_player(**opts)
    p.app.update_settings(seen_briefings=("swap-meet",))
    config = MatchConfig(tuple(SeatConfig(f"Player {i + 1}" if i < humans else BOTS[i - humans],
                                          None if i < humans else "normal") for i in range(seats)),
                         {"round_seconds": round_seconds})
    scene = SwapMeetScene.new(p.app, config, 3)
    p.app.stack.reset(scene)
    if quiet:
        scene.table.bots = {}
    if hands is not None:
        scene.table.load_position(scenario(hands, now=scene.table.now(), round_seconds=round_seconds))
        scene.on_events([])
    p.frames(2 + int(REACTION * 60) + 1)  # buttons that spend a card answer only once they have stood still
    return p, scene


def to_the_summary(p, at: tuple[int, int] = (960, 40)) -> SummaryOverlay:  # type: ignore[no-untyped-def]
    """Frames until the round's summary shows (a tap at `at` passes the lock moment); bounded."""
    for _ in range(300):
        p.frames(1)
        if isinstance(p.top, SummaryOverlay):
            p.click(at)  # past the lock moment
        if isinstance(p.top, SummaryOverlay) and p.top.stage == "summary":
            break
    summary = p.top
    assert isinstance(summary, SummaryOverlay) and summary.stage == "summary", "the summary never showed"
    return summary


def spot(region: Region, want) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """The canvas point of the last hit zone whose intent passes `want`."""
    rect = next(r for r, intent in reversed(region.panel.hits) if want(intent))
    return region.to_canvas(rect.center)


def tap(p, scene, intent: tuple, region: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Click the panel zone with exactly this intent."""
    p.click(spot(scene.regions[region], lambda i: i == intent))


def tap_card(p, scene, kind: str, region: int = 0) -> None:  # type: ignore[no-untyped-def]
    """Click the + of `kind`'s slot (one more card of that type)."""
    p.click(spot(scene.regions[region], lambda i: i[:3] == ("card", kind, "more")))


HANDS = [{"crate": 3, "sack": 3, "coin": 1, "rack": 1, "market_crash": 1},
         {"sack": 4, "coin": 2, "rack": 2},
         {"coin": 4, "rack": 4},
         {"rack": 3, "crate": 3, "sack": 2}]


def test_open_an_offer_from_selected_cards_then_pull_it():
    p, scene = start(hands=HANDS)
    tap_card(p, scene, "crate")
    tap_card(p, scene, "crate")
    assert scene.sel[0].kind == "crate" and scene.sel[0].count == 2
    assert "Open offer lists 2 Crates" in scene.regions[0].model.hint
    tap(p, scene, ("button", "open"))
    offer = scene.table.view(0).offers[0]
    assert (offer.kind, offer.count) == ("crate", 2)
    assert scene.sel[0].kind is None
    tap(p, scene, ("button", "pull"))
    assert scene.table.view(0).offers[0] is None
    pygame.quit()


def test_selecting_another_type_starts_over_and_a_three_card_offer_is_allowed():
    p, scene = start(hands=HANDS)
    for _ in range(3):
        tap_card(p, scene, "crate")
    assert scene.sel[0].count == 3
    assert "Open offer lists 3 Crates" in scene.regions[0].model.hint  # offers are 1–N of one type
    tap_card(p, scene, "sack")
    assert (scene.sel[0].kind, scene.sel[0].count) == ("sack", 1)
    pygame.quit()


def test_swap_button_appears_only_for_a_valid_counter_and_swaps_with_a_bots_offer():
    p, scene = start(hands=HANDS)
    scene.table.scripted(1, OpenOffer("sack", 2))
    scene.on_events(scene.table.take_events(scene.viewer))
    rival = next(r for r in scene.regions[0].model.rivals if r.seat == 1)
    assert not rival.can_swap
    tap_card(p, scene, "crate")
    assert not next(r for r in scene.regions[0].model.rivals if r.seat == 1).can_swap  # count differs
    tap_card(p, scene, "crate")
    assert next(r for r in scene.regions[0].model.rivals if r.seat == 1).can_swap
    tap(p, scene, ("swap", 1))
    view = scene.table.view(0)
    kinds = [k for _, k in view.hand]
    assert kinds.count("sack") == 5 and kinds.count("crate") == 1
    assert view.market["sack"] == pytest.approx(1.1) and view.market["crate"] == pytest.approx(1.1)
    assert any(getattr(m, "key", ("",))[0] == "fly" for m in scene.movers)  # cards fly between stalls
    p.frames(90)
    assert not any(getattr(m, "key", ("",))[0] == "fly" for m in scene.movers)
    pygame.quit()


def test_cash_out_lights_only_on_an_exact_match_and_locks_the_round():
    hands = [{"crate": 5, "sack": 3, "market_crash": 1}] + HANDS[1:]
    p, scene = start(hands=hands)
    cash = next(b for b in scene.regions[0].model.buttons if b.key == "cash")
    assert cash.enabled
    tap(p, scene, ("button", "cash"))
    view = scene.table.view(0)
    assert view.phase == "locked" and view.summaries[-1].how == "cash"
    assert isinstance(p.top, SummaryOverlay)
    assert "cash_out" in p.app.audio.played
    pygame.quit()


def test_cash_out_is_dim_when_the_hand_does_not_match():
    p, scene = start(hands=HANDS)
    assert not next(b for b in scene.regions[0].model.buttons if b.key == "cash").enabled
    tap(p, scene, ("button", "cash"))
    assert scene.table.view(0).phase == "trading"
    pygame.quit()


@pytest.mark.slow
def test_the_timer_locks_the_round_on_the_clock_then_the_summary_and_the_next_round():
    p, scene = start(hands=HANDS, round_seconds=60)
    p.clock.advance(scene.view.deadline - scene.table.now() - 0.5)
    p.frames(1)
    assert scene.table.view(0).phase == "trading"
    assert "tick_fast" in p.app.audio.played
    p.clock.advance(5.0)  # a long hitch: the round still locks at exactly its deadline
    p.frames(2)
    summary = scene.table.view(0).summaries[-1]
    assert summary.how == "timer" and summary.lock_time == pytest.approx(scene.view.deadline)
    assert isinstance(p.top, SummaryOverlay)
    p.frames(150)
    assert p.top.stage == "summary"
    p.clock.advance(5.0)
    p.frames(2)
    assert scene.table.view(0).round_no == 1 and isinstance(p.top, SummaryOverlay)
    p.clock.advance(SUMMARY_SECONDS * 3)  # alone against bots the summary waits for Next
    p.frames(2)
    assert scene.table.view(0).round_no == 1 and isinstance(p.top, SummaryOverlay)
    p.press_button(p.top.buttons["next"])
    assert scene.table.view(0).round_no == 2 and p.top is scene
    pygame.quit()


@pytest.mark.slow
def test_a_slam_reads_locked_by_on_the_clock_and_the_summary_says_it_in_words():
    hands = [{"crate": 5, "sack": 3, "market_crash": 1}] + HANDS[1:]
    p, scene = start(hands=hands)
    tap(p, scene, ("button", "cash"))
    p.frames(130)
    assert scene.countdown.locked_by == "Locked by you"
    assert p.top.stage == "summary" and scene.next_round_in() is None  # alone against bots: no countdown
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    p.top.draw_scene(pygame.Surface((1920, 1080)))
    scene.countdown.draw(pygame.Surface((1920, 1080)))
    assert "Locked by you" in said and "0:00" not in said
    assert any(w.startswith("You cashed out") and w.endswith("+10 for locking") for w in said), said
    assert not any(w.startswith("Next round in ") for w in said)
    assert any(w.startswith("You cashed out") and ": +10" in w for w in said)  # who locked, and how
    pygame.quit()


def test_only_the_next_round_button_skips_the_summary_a_stray_tap_does_not():
    p, scene = start(hands=HANDS, round_seconds=60)
    p.clock.advance(61)
    p.frames(130)
    summary = p.top
    assert summary.stage == "summary"
    p.click((700, 540))  # a tap meant for a card on the table below
    assert scene.table.view(0).round_no == 1 and p.top is summary
    p.press_button(summary.buttons["next"])
    assert scene.table.view(0).round_no == 2 and p.top is scene
    pygame.quit()


@pytest.mark.slow
def test_the_last_summary_draws_final_standings_without_any_hover():
    p, scene = start(hands=HANDS, round_seconds=60)
    for _ in range(3):
        p.clock.advance(61)
        p.frames(130)
        if scene.table.view(0).phase == "finished":
            break
        p.press_button(p.top.buttons["next"])
    summary = p.top
    assert summary.stage == "summary" and summary.final
    standings = summary.buttons["standings"]
    p.frames(20)  # no mouse movement at all: the button must be on the canvas by itself
    canvas, r = p.app.display.canvas, standings.rect
    drawn = [canvas.get_at((r.x + dx, r.centery))[:3] == standings.image.get_at((dx, r.h // 2))[:3]
             for dx in range(24, r.w - 24, 7)]  # clear of the rounded, blended corners
    assert all(drawn)
    p.press_button(standings)
    assert summary.stage == "final"
    pygame.quit()


@pytest.mark.slow
def test_the_final_standings_frame_your_own_row_and_one_person_is_you():
    p, scene = start(hands=HANDS, round_seconds=60)
    for _ in range(3):
        p.clock.advance(61)
        p.frames(130)
        if scene.table.view(0).phase == "finished":
            break
        p.press_button(p.top.buttons["next"])
    summary = p.top
    p.press_button(summary.buttons["standings"])
    p.frames(3)
    view = scene.table.view(0)
    rank = list(view.final).index(0)
    y = PANEL.y + 210 + 80 * (rank + 1)
    canvas = p.app.display.canvas
    assert canvas.get_at((PANEL.x + 191, y + 22))[:3] == MINT  # the frame's left edge on your row
    others = [r for r in range(view.seats) if r != rank]
    assert all(canvas.get_at((PANEL.x + 191, PANEL.y + 232 + 80 * (r + 1)))[:3] != MINT for r in others)
    assert scene.names[0] == "You" and summary._trader(0) == "You"  # one person against bots is "You"
    assert summary._trader(1) == scene.names[1]
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    summary.draw_scene(pygame.Surface((1920, 1080)))
    numbers = [w for w in said if w.replace(".", "").lstrip("-").isdigit() and not w.endswith(".")]
    assert len(numbers) >= 4 * 3 and all("." not in w or len(w.split(".")[1]) == 1 for w in numbers), numbers
    pygame.quit()


def test_pause_stops_the_match_clock():
    p, scene = start(hands=HANDS)
    p.press_button(scene.pause_b)
    assert isinstance(p.top, PauseOverlay)
    before = scene.table.now()
    p.clock.advance(120)
    p.frames(5)
    assert scene.table.now() == pytest.approx(before)
    assert scene.table.view(0).phase == "trading"
    p.press_button(p.top.resume_b)
    p.frames(5)
    assert scene.table.now() > before and p.top is scene
    pygame.quit()


def test_tapping_a_market_meter_pins_the_bank_type():
    p, scene = start(hands=HANDS)
    assert scene.table.view(0).bank == "crate"
    p.click(scene.market.cells["coin"].center)
    assert scene.table.view(0).pin == "coin" and scene.market.bank == "coin"
    pygame.quit()


def test_market_crash_button_drops_the_meter_and_animates_it():
    p, scene = start(hands=HANDS)
    tap(p, scene, ("button", "crash:rack"))
    p.press_button(next(b for b in p.top.choices if b.text == "Play it"))  # its preview first
    assert scene.table.view(0).market["rack"] == pytest.approx(0.5)
    assert any(getattr(m, "kind", None) == "rack" for m in scene.movers)
    p.frames(200)
    assert scene.market.shown["rack"] == pytest.approx(0.5)
    pygame.quit()


@pytest.mark.slow
def test_a_full_match_against_bots_reaches_the_final_standings_and_rematch():
    p, scene = start(seats=3, quiet=False, round_seconds=60)
    for _ in range(3):
        for _ in range(62 + int(SUMMARY_SECONDS)):
            p.clock.advance(1.0)
            p.frames(1)
        p.frames(130)
        if scene.table.outcome() is None:
            p.press_button(p.top.buttons["next"])
    assert scene.table.outcome() is not None
    overlay = p.top
    assert isinstance(overlay, SummaryOverlay) and overlay.final
    p.press_button(overlay.buttons["standings"])
    assert overlay.stage == "final"
    p.press_button(overlay.buttons["rematch"])
    p.frames(40)
    assert isinstance(p.top, SwapMeetScene) and p.top is not scene
    pygame.quit()


def _first_play():  # type: ignore[no-untyped-def]
    p = make_player()
    config = MatchConfig((SeatConfig("Player 1"), SeatConfig("Basil", "easy"), SeatConfig("Cobalt", "easy")), {})
    scene = SwapMeetScene.new(p.app, config, 3)
    p.app.stack.reset(scene)
    p.frames(2)
    return p, scene


def _choice(p, label: str):  # type: ignore[no-untyped-def]
    return next(b for b in p.top.choices if b.text == label)


def test_first_play_offers_the_guided_match_and_help_reopens_the_rules_with_the_clock_stopped():
    p, scene = _first_play()
    assert p.top.name == "confirm" and p.top.title == "New to Swap Meet?" and scene.table.clock.paused
    assert "swap-meet" in p.app.settings.seen_briefings
    p.press_button(_choice(p, "Read the rules"))
    assert p.top.name == "help" and scene.table.clock.paused
    p.key(pygame.K_ESCAPE)
    assert p.top is scene and not scene.table.clock.paused
    p.press_button(scene.help_b)
    assert p.top.name == "help" and scene.table.clock.paused
    pygame.quit()


def test_first_play_just_play_starts_the_clock():
    p, scene = _first_play()
    p.press_button(_choice(p, "Just play"))
    assert p.top is scene and not scene.table.clock.paused
    pygame.quit()


def test_first_play_guided_match_opens_the_lesson_on_a_fresh_floor():
    p, scene = _first_play()
    p.press_button(_choice(p, "Guided match"))
    p.frames(40)
    assert p.app.coach is not None and p.top is not scene and p.top.guided and p.top.table.log == []
    pygame.quit()


@pytest.mark.parametrize("angle", [0, 180, -90, 90])
def test_panel_points_map_back_through_the_turn(angle):
    p = make_player()
    rect = pygame.Rect(100, 50, 360, 1000) if angle in (-90, 90) else pygame.Rect(100, 50, 1000, 360)
    region = Region(0, rect, angle, SeatPanel(p.app, (1000, 360), True))
    upright = pygame.Surface((1000, 360))
    upright.fill((0, 0, 0))
    upright.set_at((30, 300), (255, 0, 0))
    region.set_image(upright)
    x, y = region.to_canvas((30.5, 300.5))  # the pixel's centre
    assert region.image.get_at((int(x) - rect.x, int(y) - rect.y))[:3] == (255, 0, 0)
    assert region.to_upright((x, y)) == pytest.approx((30.5, 300.5))
    pygame.quit()


def test_the_briefing_comes_on_first_play_only_across_matches_and_restarts_and_help_keeps_the_lesson():
    p, scene = _first_play()
    assert p.top.name == "confirm"
    p.press_button(_choice(p, "Just play"))
    config = MatchConfig((SeatConfig("Player 1"), SeatConfig("Basil", "easy"), SeatConfig("Cobalt", "easy")), {})
    again = SwapMeetScene.new(p.app, config, 4)
    p.app.stack.reset(again)
    p.frames(2)
    assert p.top is again  # the second match on this app: no briefing
    pygame.quit()
    p = make_player()  # the app restarted: the settings file remembers
    assert "swap-meet" in p.app.settings.seen_briefings
    third = SwapMeetScene.new(p.app, config, 5)
    p.app.stack.reset(third)
    p.frames(2)
    assert p.top is third and not third.table.paused
    p.press_button(third.help_b)
    assert p.top.name == "help" and p.top.guided is not None  # the guided match stays one tap away
    pygame.quit()


def test_table_mode_briefing_shows_the_rounds_length_not_an_expired_red_clock():
    p = make_player()
    config = MatchConfig((SeatConfig("Player 1"), SeatConfig("Player 2"), SeatConfig("Player 3"),
                          SeatConfig("Basil", "easy")), {"round_seconds": 90})
    scene = SwapMeetScene.new(p.app, config, 3)
    said: list[str] = []
    draw = p.app.text.draw
    p.app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    p.app.stack.reset(scene)
    p.frames(2)
    assert p.top.name == "confirm" and scene.table_mode
    assert scene.countdown.remaining == 90 and scene.countdown.locked_by is None
    assert "1:30" in said and "0:00" not in said
    pygame.quit()
