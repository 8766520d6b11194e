"""What keeps the client's memory bounded (the soak command measures the whole; these hold the parts)."""

from __future__ import annotations

import pygame

from game.app import App, AppOptions
from game.assets import Assets
from game.loop import FakeClock
from game.memory import give_back, tune
from game.text import Text
from game.ui import CanvasUIManager


def _app() -> App:
    return App(AppOptions(size=(640, 360), mute=True, pace=False), clock=FakeClock())


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
    from game import sprites

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


def test_night_market_hand_tables_for_every_hand_there_is_stay_under_40_mb():
    """The tables are a fixed-size precomputation (3,432 hands, every mask of kinds given back): a
    kiosk that plays for days reaches this ceiling at most, it never grows past it."""
    import tracemalloc
    from itertools import product

    from rules.night_market import moves

    moves.hand_table.cache_clear()
    moves.givable_rows.cache_clear()
    hands = [h for h in product(range(8), repeat=len(moves.KINDS)) if sum(h) <= moves.HAND_LIMIT]
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
    assert len(hands) == 3432 and moves.hand_table.cache_info().currsize == 3432
    assert used < 40_000_000, f"{used / 1e6:.1f} MB"


def test_a_closed_overlay_is_freed_in_the_next_frame():
    import weakref

    from game.scene import Scene

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
