"""What keeps the client's memory bounded (the soak command measures the whole; these hold the parts)."""

from __future__ import annotations

import pygame
import pytest

from game.compose import compose_app
from game.draw.text import Text
from game.draw.ui import CanvasUIManager
from game.services.assets import Assets
from game.services.memory import give_back, tune
from game.shell.app import App, AppOptions
from game.shell.loop import FakeClock


def _app() -> App:
    return compose_app(AppOptions(size=(640, 360), mute=True, pace=False), clock=FakeClock())


def test_darkening_matches_a_black_layer_and_keeps_no_layer():
    app = _app()
    a = pygame.Surface((50, 50))
    a.fill((200, 120, 40))
    b = a.copy()
    layer = pygame.Surface((50, 50), pygame.SRCALPHA)
    layer.fill((0, 0, 0, 150))
    a.blit(layer, (0, 0))
    app.darken(b, 150)
    assert all(abs(x - y) <= 2 for x, y in zip(a.get_at((5, 5))[:3], b.get_at((5, 5))[:3], strict=True))
    for alpha in range(256):  # every fade step: nothing is cached per alpha
        app.darken(b, alpha)
    assert not any(isinstance(v, pygame.Surface) and v.get_size() == (1920, 1080) for v in vars(app).values())


def test_every_scene_shares_one_theme_per_display():
    app = _app()
    first, second = CanvasUIManager(app.display.to_logical), CanvasUIManager(app.display.to_logical)
    assert first.ui_theme is second.ui_theme
    assert len(first.ui_theme.shape_cache.cache_surfaces) == 1


def test_the_text_cache_is_bounded_by_bytes():
    pygame.font.init()  # never lean on an earlier test in this worker (under load xdist deals them otherwise)
    text = Text(cache_size=10_000, max_bytes=2 * 2**20)
    for i in range(400):
        text.render(f"A long heading that costs memory {i}", 64, bold=True)
    assert text.cache_bytes <= 2 * 2**20
    assert text.cache_bytes == sum(s.get_width() * s.get_height() * s.get_bytesize() for s in text._cache.values())


def test_a_big_picture_can_be_forgotten_and_tiles_are_not_kept():
    _app()
    assets = Assets()
    assets.image("logo", (150, 150))
    assets.image("logo", (50, 50))
    before = assets.cache_bytes
    assets.forget("logo")
    assert assets.cache_bytes == before - (150 * 150 + 50 * 50) * 4
    assets.tiled("felt", (300, 200))
    assert not any("tiled" in str(key) for key in assets._images)


def test_memory_is_given_back_in_the_frame_after_a_table_leaves():
    tune()
    app = _app()
    app.memory_to_give_back = True
    app.frame()
    assert app.memory_to_give_back is False
    give_back()  # safe to call at any time


def test_scaled_copies_are_bounded_by_bytes_and_never_mix_up_sources():
    from game.draw import sprites
    source = pygame.Surface((200, 280), pygame.SRCALPHA)
    for w in range(20, 200):  # a flip: a new width every frame
        sprites.scaled(source, w, 280)
    assert sprites.scale_cache_bytes() <= sprites.SCALE_CACHE_BYTES
    assert sprites.scale_cache_bytes() == sum(
        s.get_width() * s.get_height() * s.get_bytesize() for _, s in sprites._SCALE_CACHE.values())
    red = pygame.Surface((10, 10))
    red.fill((255, 0, 0))
    first = sprites.scaled(red, 5, 5)
    del red  # a new surface may get the dead one's id: it must not get the old copy
    blue = pygame.Surface((10, 10))
    blue.fill((0, 0, 255))
    assert sprites.scaled(blue, 5, 5).get_at((2, 2))[:3] == (0, 0, 255)
    assert first.get_at((2, 2))[:3] == (255, 0, 0)


def test_open_fonts_are_bounded():
    pygame.font.init()
    text = Text(max_fonts=4)
    for size in range(10, 40):
        text.render("Ag", size)
    assert len(text._fonts) == 4
    assert text.font(39) is text.font(39)  # the most recent sizes stay open


@pytest.mark.slow
def test_night_market_hand_tables_for_every_hand_there_is_stay_under_12_mb():
    """The tables are a fixed-size precomputation (3,432 hands, every mask of kinds given back): a
    kiosk that plays for days reaches this ceiling at most, it never grows past it. The getters
    are shared (one per positions): built anew per table they were 24 MB of the 33 MB."""
    import tracemalloc

    from rules.night_market import moves

    for cached in (moves.hand_table, moves.givable_rows, moves._getter):
        cached.cache_clear()
    hands = moves.every_hand()
    tracemalloc.start()
    try:
        for hand in hands:
            present, _ = moves.givable_rows(hand)
            for banned in range(1 << len(hand)):
                if banned & present == banned:
                    moves.givable(hand, banned)
        used = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(hands) == len(set(hands)) == moves.HANDS == moves.hand_table.cache_info().currsize
    assert all(sum(h) <= moves.HAND_LIMIT for h in hands)
    assert moves._getter.cache_info().currsize <= 2**moves.HAND_LIMIT
    assert used < 12_000_000, f"{used / 1e6:.1f} MB"


def test_night_market_builds_every_hand_table_at_the_first_match():
    """So the tables reach their ceiling at the first table, not hours later as rare hands come up."""
    from rules.contract import MatchConfig, SeatConfig
    from rules.night_market import GAME, moves

    moves.hand_table.cache_clear()
    GAME.new_match(1, MatchConfig(seats=(SeatConfig("A"), SeatConfig("B"))))
    assert moves.hand_table.cache_info().currsize == moves.HANDS
    misses = moves.hand_table.cache_info().misses
    state, _ = GAME.new_match(2, MatchConfig(seats=(SeatConfig("A"), SeatConfig("B"))))
    GAME.legal_actions(state, state.turn)
    assert moves.hand_table.cache_info().misses == misses  # built once; play asks nothing new


def test_a_closed_overlay_is_freed_in_the_next_frame():
    import weakref

    from game.shell.scene import Scene

    app = _app()
    overlay = Scene(app)
    overlay.opaque = False
    overlay.layer = pygame.Surface((400, 300))  # type: ignore[attr-defined]
    overlay.me = overlay  # type: ignore[attr-defined]  # scenes hold cycles: only a collection frees them
    layer = weakref.ref(overlay.layer)  # type: ignore[attr-defined]
    app.stack.push(overlay)
    app.frame()
    app.stack.pop()
    del overlay
    app.frame()
    assert layer() is None


def test_what_give_back_froze_is_still_freed_once_it_dies():
    import gc
    import weakref

    class Holder:
        pass

    holder = Holder()
    holder.me = holder  # type: ignore[attr-defined]
    ref = weakref.ref(holder)
    give_back()
    assert gc.get_freeze_count() > 0
    del holder
    gc.collect()  # an ordinary collection skips frozen objects...
    give_back()  # ...the next give_back unfreezes first
    assert ref() is None


def test_the_soak_compares_its_peak_with_the_peak_of_the_first_visits(monkeypatch):
    """A dialog over the first table is a peak: later peaks of the same size are flat, a step is not."""
    from game.kiosk import soak

    monkeypatch.setattr(soak, "rss_kib", lambda: 40_000)  # the start sample: not this test process's RSS
    run = soak.Soak(240.0, 1)  # not run: the samples are fed by hand
    games = run.kiosk.attract.cfg().games
    run._sample(150_000)  # a help page over the first table, before every first demo has run
    monkeypatch.setattr(soak, "rss_kib", lambda: 120_000)
    for game in games:
        run._demo_done(game)
    run.clock.advance(2 * 3600)
    run._sample(160_000)  # hour 3: within 10% of the first visits' peak
    report = run._report(0.0)
    pygame.quit()
    assert report["rss_kib"]["after_first_demo"] == dict.fromkeys(games, 120_000)
    assert report["rss_kib"]["reference"] == 150_000 and report["memory_flat"]
    assert report["rss_kib"]["max_by_hour"] == [150_000, 0, 160_000]
    run._sample(170_000)  # a step after the first visits: not flat
    assert run.reference == 150_000 and not run._report(0.0)["memory_flat"]
    run.clock.now = 240 * 60 + 0.5  # the last frame runs a little past the end: still the last hour
    run._sample(100_000)
    assert run.max_by_hour == [150_000, 0, 170_000, 100_000]
