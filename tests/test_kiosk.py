"""Kiosk mode: the locked shell, the attract loop, idle in a match, privacy between visitors."""

from __future__ import annotations

import json

import pygame
import pytest

from game.kiosk.idle import StillPlayingScene, may_ask
from game.services import saves
from game.shell import catalog
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player

FAST = {"attract_after": 5, "return_after": 8, "match_idle": 10, "still_playing_seconds": 4,
        "demo_seconds": 6, "card_seconds": 2, "pin": "2468"}


@pytest.fixture
def kiosk_file(tmp_path):
    """A kiosk config with short timers."""
    def write(**changes):  # type: ignore[no-untyped-def]
        path = tmp_path / "kiosk.json"
        path.write_text(json.dumps({**FAST, **changes}), encoding="utf-8")
        return str(path)
    return write


@pytest.fixture
def kiosk(kiosk_file):
    """A headless kiosk on a fake clock, on its title."""
    p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file()})
    yield p
    pygame.quit()


def idle(p, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Nobody touches anything for a while (bounded: one frame per simulated second)."""
    for _ in range(int(seconds)):
        p.frames(1, dt=1.0)


def visitor_match(p, game: str = "night-market"):  # type: ignore[no-untyped-def]
    """A visitor starts a match against bots (seat 0 a person)."""
    entry = catalog.entry(game)
    n = 2 if game != "swap-meet" else 3
    config = MatchConfig(tuple(SeatConfig(f"S{i}", None if i == 0 else "easy") for i in range(n)),
                         {o.key: o.default for o in entry.options})
    scene = entry.table_class().new(p.app, config)
    p.app.stack.reset(scene)
    p.frames(3)
    while p.top is not scene and len(p.app.stack.scenes) > 1:
        p.top.on_back()  # the first-play offer or briefing: Just play / Close (the clock runs again)
        p.frames(1)
    p.frames(2)
    return scene


def test_close_requests_are_ignored_in_kiosk_mode(kiosk):
    for kind in (pygame.QUIT, pygame.WINDOWCLOSE):
        pygame.event.post(pygame.event.Event(kind))
        kiosk.frames(2)
    assert kiosk.app.running
    kiosk.key(pygame.K_F11)
    assert kiosk.app.display.fullscreen == kiosk.app.settings.fullscreen


def test_a_close_request_still_quits_outside_kiosk_mode(player):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    player.frames(1)
    assert not player.app.running


def test_idle_title_starts_the_attract_loop_with_a_real_demo_table_that_saves_nothing(kiosk):
    assert kiosk.top.name == "title"
    idle(kiosk, 7)
    k = kiosk.app.kiosk
    assert k.attract.active
    demo = kiosk.top
    assert demo.GAME == "night-market" and not demo.table.here  # every seat a bot
    idle(kiosk, 3)
    assert kiosk.app.audio.mute
    assert not list(saves.folder().glob("*.json"))


@pytest.mark.slow
def test_the_attract_loop_moves_on_to_cards_and_the_next_game(kiosk):
    idle(kiosk, 6)
    seen = set()
    for _ in range(40):
        kiosk.frames(1, dt=1.0)
        seen.add(getattr(kiosk.top, "GAME", kiosk.top.name))
    assert {"night-market", "kiosk_card", "swap-meet"} <= seen
    assert kiosk.app.kiosk.attract.demos_done >= 2


def test_a_tap_leaves_attract_for_the_title_at_once_and_opens_nothing(kiosk):
    idle(kiosk, 7)
    assert kiosk.app.kiosk.attract.active
    tile = kiosk.app.title().tiles[0]
    kiosk.finger(pygame.FINGERDOWN, tile.rect.center)
    kiosk.frames(1)
    assert kiosk.top.name == "title" and not kiosk.app.kiosk.attract.active
    kiosk.finger(pygame.FINGERUP, tile.rect.center)
    kiosk.frames(20)
    assert kiosk.top.name == "title"  # the tap that woke the kiosk did not also pick a game
    assert not kiosk.app.audio.mute


def test_privacy_reset_removes_the_previous_visitors_continue_and_settings(kiosk):
    visitor_match(kiosk)
    kiosk.app.update_settings(volume=0.05, reduced_motion=True)
    kiosk.app.stack.reset(kiosk.app.title())
    kiosk.frames(2)
    assert kiosk.top.continues  # the visitor could continue their match
    idle(kiosk, 7)  # they walked away: attract
    assert kiosk.app.kiosk.attract.active
    kiosk.tap_finger((960, 540))
    assert kiosk.top.name == "title" and not kiosk.top.continues
    assert saves.paused() == ([], [])
    assert kiosk.app.settings.volume == pytest.approx(0.6) and not kiosk.app.settings.reduced_motion


def test_still_playing_asks_then_ends_the_match_and_returns_to_attract(kiosk):
    scene = visitor_match(kiosk)
    idle(kiosk, 11)
    assert kiosk.top.name == StillPlayingScene.name
    assert scene.table.paused  # the match clock waits for the answer
    kiosk.tap_finger((960, 300))
    assert kiosk.top is scene and not scene.table.paused
    idle(kiosk, 11)
    assert kiosk.top.name == StillPlayingScene.name
    idle(kiosk, 6)
    assert kiosk.app.kiosk.attract.active
    line = json.loads(kiosk.app.kiosk.stats.path().read_text().splitlines()[-1])
    assert line["game"] == "night-market" and line["result"] == "abandoned"
    assert line["people"] == 1 and line["bots"] == 1 and line["winning_score"] is None
    assert not list(saves.folder().glob("*.json"))


class _Match:
    GAME = "swap-meet"

    def __init__(self, phase: str) -> None:
        self.view = type("V", (), {"phase": phase, "round_no": 1})()


def test_still_playing_is_never_asked_in_a_swap_meet_round_touched_in_the_last_30_s():
    assert not may_ask(_Match("trading"), now=100.0, last_touch=80.0, touched_this_round=True)
    assert may_ask(_Match("trading"), now=100.0, last_touch=60.0, touched_this_round=True)
    assert may_ask(_Match("trading"), now=100.0, last_touch=80.0, touched_this_round=False)
    assert may_ask(_Match("locked"), now=100.0, last_touch=80.0, touched_this_round=True)


@pytest.mark.slow
def test_screen_care_moves_the_picture_and_input_follows(kiosk):
    idle(kiosk, 3 * 60 + 2)
    d = kiosk.app.display
    assert d.offset != (0, 0)
    assert d.to_logical(kiosk.window_pos((500, 400))) == pytest.approx((500, 400), abs=1)


def test_the_screen_dims_after_a_long_idle_and_a_tap_wakes_it(kiosk_file):
    p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file(dim_after=20)})
    idle(p, 22)
    k = p.app.kiosk
    assert k.dimmed and k.attract.active
    p.tap_finger((960, 540))
    assert not k.dimmed and k.attract.active  # the first tap only wakes the screen
    pygame.quit()


def test_a_damaged_kiosk_config_is_reported_and_defaults_are_used(tmp_path):
    bad = tmp_path / "kiosk.json"
    bad.write_text("{not json", encoding="utf-8")
    p = make_player(kiosk=True, extra={"kiosk_config": str(bad)})
    assert "Kiosk config" in (p.app.toasts.current or "")
    assert p.app.kiosk.config.attract_after == 45.0 and p.app.running
    pygame.quit()


def test_the_kiosk_leaves_the_persons_settings_file_alone(kiosk_file, market_home):
    from game.services import settings as settings_mod
    mine = settings_mod.Settings().with_(bot_speed="fast", seen_briefings=("night-market",), volume=0.3)
    settings_mod.save(mine)
    p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file()})
    p.app.update_settings(volume=0.05, reduced_motion=True)  # a visitor in Settings
    p.app.kiosk.end_session()
    pygame.quit()
    assert settings_mod.load()[0] == mine  # no fullscreen, kiosk volume or forgotten briefings for the next app


def test_no_bot_name_is_also_a_good_a_resource_or_a_stamp_word():
    from game.kiosk.attract import DEMO_NAMES
    from game.scenes.seat_setup import SEAT_NAMES
    from rules.night_market.data import GOODS
    from rules.stamp_swap.stamps import COLOURS, THEMES
    from rules.swap_meet.data import RESOURCES

    words = {w.lower() for w in (*GOODS, *RESOURCES, *COLOURS, *THEMES)}
    for name in (*DEMO_NAMES, *SEAT_NAMES):  # a bot "Amber" sold "2 Ambers"
        assert name.lower() not in words and name.lower().rstrip("s") not in words, name
