"""Kiosk staff access, numbers and robustness: gesture + PIN, the menu, stats, crashes, the soak."""

from __future__ import annotations

import json

import pygame
import pytest

from game.kiosk.attract import CardScene, Item
from game.kiosk.config import OVERRIDES
from game.kiosk.shell import CRASH_CODE
from game.kiosk.soak import Soak
from game.kiosk.stats import Leaderboard, Stats
from game.services import paths
from tests import test_kiosk as base
from tests.conftest import make_player
from tests.test_kiosk import idle

kiosk, kiosk_file = base.kiosk, base.kiosk_file  # the same fixtures as the kiosk tests


def corner_taps(p, n: int = 5) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        p.tap_finger((40, 40))


def enter_pin(p, pin: str) -> None:  # type: ignore[no-untyped-def]
    pad = p.top
    keys = {label: b for b, label in pad.keys.items()}
    for digit in pin:
        p.press_button(keys[digit])
    p.press_button(keys["ok"])


def test_five_corner_taps_and_the_pin_open_the_operator_menu(kiosk):
    corner_taps(kiosk, 4)
    assert kiosk.top.name == "title"
    corner_taps(kiosk, 1)
    assert kiosk.top.name == "kiosk_pin"
    enter_pin(kiosk, "2468")
    assert kiosk.top.name == "kiosk_menu"
    menu = kiosk.top
    resume = next(b for b, a in menu.actions.items() if a[0] == "resume")
    kiosk.press_button(resume)
    assert kiosk.top.name == "title"


def test_the_gesture_works_from_attract_too(kiosk):
    idle(kiosk, 7)
    assert kiosk.app.kiosk.attract.active
    corner_taps(kiosk)
    assert kiosk.top.name == "kiosk_pin"


@pytest.mark.slow
def test_wrong_pins_lock_the_pad_for_a_while(kiosk):
    corner_taps(kiosk)
    for _ in range(3):
        enter_pin(kiosk, "1111")
    pad = kiosk.top
    assert pad.name == "kiosk_pin" and kiosk.app.kiosk.guard.locked_for() > 50
    assert all(not b.is_enabled for b in pad.keys)
    pad.entered = "2468"
    pad._submit()  # even the right PIN is refused while locked
    assert kiosk.top is pad
    pad.on_back()  # closing and reopening does not reset the lock
    corner_taps(kiosk)
    assert kiosk.app.kiosk.guard.locked_for() > 0 and all(not b.is_enabled for b in kiosk.top.keys)
    idle(kiosk, 7)
    kiosk.frames(2)
    if kiosk.top.name != "kiosk_pin":  # the pad closed itself while idle: open it again
        corner_taps(kiosk)
    for _ in range(60):
        if kiosk.app.kiosk.guard.locked_for() == 0:
            break
        kiosk.frames(1, dt=1.0)
    kiosk.frames(2)
    if kiosk.top.name != "kiosk_pin":
        corner_taps(kiosk)
    enter_pin(kiosk, "2468")
    assert kiosk.top.name == "kiosk_menu"


def test_without_a_pin_the_gesture_says_how_to_set_one(kiosk_file):
    p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file(pin="")})
    corner_taps(p)
    assert p.top.name == "kiosk_no_pin"
    assert any("kiosk-config" in line for line in p.top.lines())
    pygame.quit()


def test_the_pin_can_come_from_the_command_line(kiosk_file):
    p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file(pin=""), "kiosk_pin": "97"})
    corner_taps(p)
    enter_pin(p, "97")
    assert p.top.name == "kiosk_menu"
    pygame.quit()


@pytest.mark.slow
def test_operator_changes_apply_and_are_kept(kiosk):
    corner_taps(kiosk)
    enter_pin(kiosk, "2468")
    menu = kiosk.top
    toggle = next(b for b, a in menu.actions.items() if a == ("game", "swap-meet"))
    kiosk.press_button(toggle)
    assert kiosk.app.kiosk.config.games == ("night-market", "stamp-swap")
    kept = json.loads((paths.data_dir() / OVERRIDES).read_text())
    assert kept["games"] == ["night-market", "stamp-swap"] and "pin" not in kept
    exit_b = next(b for b, a in kiosk.top.actions.items() if a[0] == "exit")
    kiosk.press_button(exit_b)
    assert not kiosk.app.running and kiosk.app.exit_code == 0


def test_a_session_line_is_written_and_today_is_summed(market_home):
    stats = Stats(wall=lambda: 1_764_590_400.0)  # a fixed afternoon
    stats.record("swap-meet", 2, 2, 300.0, True, 41.0)
    stats.record("night-market", 1, 1, 120.0, False, None)
    with stats.path().open("a") as f:
        f.write("{damaged\n")
    lines = stats.path().read_text().splitlines()
    first = json.loads(lines[0])
    assert first == {"date": first["date"], "hour": first["hour"], "game": "swap-meet", "people": 2, "bots": 2,
                     "duration": 300.0, "result": "finished", "winning_score": 41.0}
    today = stats.summary()
    assert (today.sessions, today.finished, today.abandoned, today.people) == (2, 1, 1, 3)
    assert today.average_minutes == pytest.approx(3.5) and today.busiest_hour is not None
    board = Leaderboard(stats)
    board.add("swap-meet", "abc", 41.0)
    assert board.table()["swap-meet"] == [("ABC", 41.0)]
    board.reset()
    assert board.table() == {}


def test_a_repeated_crash_exits_non_zero_and_the_next_start_is_straight_into_attract(kiosk_file, monkeypatch):
    def boom(self, dt):  # type: ignore[no-untyped-def]
        raise ValueError("broken card")

    with monkeypatch.context() as m:  # only the card breaks, and only for the first run
        m.setattr(CardScene, "update", boom)
        m.setattr("game.kiosk.attract.plan", lambda games: [Item("scores")])
        p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file()})
        for _ in range(30):
            if not p.app.running:
                break
            p.frames(1, dt=1.0)
        assert not p.app.running and p.app.exit_code == CRASH_CODE
        assert p.app.kiosk.crash_total == 3
        pygame.quit()
    again = make_player(kiosk=True, extra={"kiosk_config": kiosk_file()})
    assert again.app.kiosk.attract.active
    pygame.quit()


@pytest.mark.slow
def test_a_short_soak_runs_with_no_exceptions(kiosk_file):
    report = Soak(2.0, 5, kiosk_file(start_in_attract=True)).run()
    pygame.quit()
    assert report["exceptions"] == 0 and report["exits"] == []
    assert report["simulated_minutes"] >= 2.0 and report["demos_completed"] >= 1
    assert report["rss_kib"]["max"] >= report["rss_kib"]["start"] > 0


def test_the_image_cache_is_bounded_in_bytes_and_keeps_what_is_used():
    from game.services.assets import Assets

    assets = Assets(max_bytes=3 * 100 * 100 * 4)
    felt = assets.cached("a", (100, 100), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
    for i in range(10):
        assets.cached(f"b{i}", (100, 100), lambda: pygame.Surface((100, 100), pygame.SRCALPHA))
        assert assets.cached("a", (100, 100), lambda: pygame.Surface((1, 1))) is felt  # used: kept
    assert assets.cache_bytes <= assets.max_bytes and len(assets._images) == 3


@pytest.mark.slow
def test_the_touch_test_shows_every_finger(kiosk):
    corner_taps(kiosk)
    enter_pin(kiosk, "2468")
    touch = next(b for b, a in kiosk.top.actions.items() if a[0] == "touch")
    kiosk.press_button(touch)
    assert kiosk.top.name == "kiosk_touch_test"
    for finger, pos in enumerate(((300, 500), (900, 500), (1500, 500))):
        kiosk.finger(pygame.FINGERDOWN, pos, finger_id=finger)
    kiosk.frames(2)
    assert len(kiosk.top.fingers) == 3 and kiosk.top.most == 3
    kiosk.finger(pygame.FINGERUP, (900, 500), finger_id=1)
    kiosk.frames(2)
    assert len(kiosk.top.fingers) == 2


def test_a_person_who_wins_puts_initials_on_todays_board_shown_in_attract(kiosk):
    from game.kiosk.controller import Visit
    from game.match.table import GameInfo
    from rules.contract import EndReason, Outcome

    class Table:
        here = (0,)
        info = GameInfo("stamp-swap", "Stamp Swap", 2, 5, False, ("easy",))

        def outcome(self):  # type: ignore[no-untyped-def]
            return Outcome((0,), (31.0, 12.0), EndReason.ROUNDS_COMPLETE)

    k = kiosk.app.kiosk
    k._maybe_initials(Visit(type("Scene", (), {"table": Table()})(), 0.0))
    board = kiosk.top
    assert board.name == "kiosk_initials"
    down = next(b for b, (i, step) in board.steps.items() if i == 0 and step == -1)
    kiosk.press_button(down)  # A → Z
    kiosk.press_button(board.save)
    assert k.leaderboard.table()["stamp-swap"] == [("ZAA", 31.0)]
    assert ("ZAA", 31.0) in k._best_scores()["stamp-swap"]


@pytest.mark.slow
def test_the_scores_cleared_toast_lies_on_no_word_or_button_of_the_operator_menu(kiosk):
    corner_taps(kiosk)
    enter_pin(kiosk, "2468")
    menu = kiosk.top
    reset = next(b for b, a in menu.actions.items() if a[0] == "reset")
    kiosk.press_button(reset)
    assert kiosk.app.toasts.current == "Today's scores are cleared."
    words: list[pygame.Rect] = []
    real = kiosk.app.text.draw
    kiosk.app.text.draw = lambda *a, **k: (words.append(r := real(*a, **k)), r)[1]  # type: ignore[method-assign]
    canvas = kiosk.app.display.canvas
    menu.draw_scene(canvas)
    kiosk.app.text.draw = real  # type: ignore[method-assign]
    toast = kiosk.app.toasts.draw(canvas, menu.toast_lane())[0]
    assert toast.collidelist(words) < 0 and toast.collidelist(menu.ui.widget_rects()) < 0
    assert pygame.Rect(0, 0, 1920, 1080).contains(toast)
