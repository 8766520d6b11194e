"""Keyboard play at the three tables: real KEYDOWN events move a focus ring over each scene's one
target list (game/shell/targets.py, game/shell/focus.py), Enter or Space acts, Esc goes back."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.draw.palette import WHITE
from game.scenes.confirm import ConfirmScene
from game.scenes.help import HelpScene
from game.scenes.night_market.overlays import MenuScene
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.title import TitleScene
from game.shell.focus import GROW, nearest, reading_order
from game.shell.targets import Target, button_targets, named, tapped
from tests.conftest import Player, make_player
from tests.test_stamp_swap_helpers import show_state
from tests.test_stamp_swap_scene import _stamp, seats
from tests.test_stamp_swap_scene import start as stamp_swap
from tests.test_swap_meet_scene import start as swap_meet


@pytest.fixture(autouse=True)
def quit_pygame():  # type: ignore[no-untyped-def]
    yield
    pygame.quit()


def night_market():  # type: ignore[no-untyped-def]
    """From the title to a Night Market table by keys alone, its deal landed at once."""
    p = make_player()
    p.app.update_settings(seen_briefings=("night-market",), reduced_motion=True)  # scene changes at once
    tab_to(p, p.top, "tile:night-market")
    p.key(pygame.K_RETURN)
    assert isinstance(p.top, SeatSetupScene)
    tab_to(p, p.top, "button:Start  ›")
    p.key(pygame.K_RETURN)
    scene = p.top
    assert isinstance(scene, NightMarketScene)
    scene.anim.finish_all()
    p.frames(2)
    return p, scene


def shift_tab(p: Player) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                         scancode=0))
    p.frames(2)


def tab_to(p: Player, scene, name: str) -> None:  # type: ignore[no-untyped-def]
    """Tab (or Shift+Tab, the shorter way round) until the ring is on `name`."""
    if scene.focused() is None:
        p.key(pygame.K_TAB)
    order = [t.name for t in reading_order(scene.targets())]
    assert name in order, f"{name} is not among the targets that act: {order}"
    ahead = (order.index(name) - order.index(scene.focused().name)) % len(order)
    for _ in range(ahead if ahead <= len(order) // 2 else len(order) - ahead):
        p.key(pygame.K_TAB) if ahead <= len(order) // 2 else shift_tab(p)
    assert scene.focused().name == name


def test_tab_reads_rows_left_to_right_and_an_arrow_takes_the_nearest_that_way():
    def act(_at: object) -> None:
        return None
    targets = [Target("b", pygame.Rect(300, 0, 50, 50), act), Target("a", pygame.Rect(0, 10, 50, 50), act),
               Target("c", pygame.Rect(10, 200, 50, 50), act), Target("shown only", pygame.Rect(0, 0, 9, 9))]
    order = reading_order(targets)
    assert [t.name for t in order] == ["a", "b", "c"]
    assert [getattr(nearest(order, (25, 35), way), "name", None) for way in ((1, 0), (0, 1), (-1, 0))] == \
        ["b", "c", None]


def test_one_list_answers_a_tap_and_a_lesson_alike():
    hits: list[object] = []
    card = Target("card:3", pygame.Rect(0, 0, 100, 140), hits.append, zone=pygame.Rect(0, -20, 100, 180))
    flying = Target("card:4", pygame.Rect(200, 0, 100, 140), hits.append, lit=False)
    button = Target("button:Go", pygame.Rect(0, 300, 100, 40), hits.append, widget=True)
    targets = [card, flying, Target("market", pygame.Rect(0, 0, 300, 140)), button]
    assert tapped(targets, (50, -10)) is card and tapped(targets, (250, 10)) is flying
    assert tapped(targets, (50, 310)) is None  # a widget takes its own taps
    assert named(targets, "card:4") is None and named(targets, "market") is not None


def test_only_buttons_of_their_own_are_targets_not_a_sliders_arrows():
    pygame.init()
    pygame.display.set_mode((320, 200))
    ui = pygame_gui.UIManager((320, 200))
    pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 40), "Go", manager=ui)
    pygame_gui.elements.UIHorizontalSlider(pygame.Rect(10, 80, 200, 30), 5, (0, 10), manager=ui)
    assert len([s for s in ui.get_sprite_group().sprites() if isinstance(s, pygame_gui.elements.UIButton)]) > 1
    assert [t.name for t in button_targets(ui)] == ["button:Go"]


def test_night_market_by_keys_alone_the_ring_walks_a_move_is_made_a_pointer_hides_it_and_esc_leads_out():
    p, scene = night_market()
    assert scene.focused() is None  # no ring until a key asks for one
    p.key(pygame.K_TAB)
    first = scene.focused()
    assert first is not None and first.name == reading_order(scene.targets())[0].name
    ring = first.rect.inflate(GROW * 2, GROW * 2).clip(p.app.display.canvas.get_rect().inflate(-8, -8))
    assert p.app.display.canvas.get_at(ring.midbottom - pygame.Vector2(0, 4))[:3] == WHITE  # drawn on the canvas
    walked = [first.rect.center]
    for key in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT):  # each arrow goes that way
        p.key(key)
        walked.append(scene.focused().rect.center)
    assert walked[1][1] > walked[0][1] and walked[2][1] > walked[1][1] and walked[3][0] > walked[2][0]
    porter = next(c for c, k in scene.view.market if k == "porter")
    tab_to(p, scene, f"card:{porter}")
    p.key(pygame.K_RETURN)
    assert all(c in scene.sel_market for c, k in scene.view.market if k == "porter")
    shift_tab(p)
    assert scene.focused().name != f"card:{porter}"
    tab_to(p, scene, "button:Take 3 Porters")
    p.key(pygame.K_SPACE)
    p.frames(3)
    assert len(scene.view.seats[0].porters) >= 3
    p.click((960, 1000))
    assert scene.focused() is None
    p.key(pygame.K_ESCAPE)
    assert isinstance(p.top, MenuScene)
    menu = p.top
    tab_to(p, menu, "button:Quit to title")  # the menu and the question after it by keys too
    p.key(pygame.K_RETURN)
    p.frames(2)
    assert isinstance(p.top, ConfirmScene)
    tab_to(p, p.top, "button:Leave")
    p.key(pygame.K_SPACE)
    assert isinstance(p.top, TitleScene)


def test_swap_meet_picks_a_card_and_opens_an_offer_by_keys():
    p, scene = swap_meet(hands=[{"crate": 3, "sack": 3, "coin": 1, "rack": 1}, {"sack": 4, "coin": 2, "rack": 2},
                                {"coin": 4, "rack": 4}, {"rack": 3, "crate": 3, "sack": 2}])
    tab_to(p, scene, "card:sack")
    p.key(pygame.K_RETURN)
    p.key(pygame.K_RETURN)
    assert scene.sel[0].kind == "sack" and scene.sel[0].count == 2
    tab_to(p, scene, "button:Open offer")
    p.key(pygame.K_RETURN)
    p.frames(2)
    offer = scene.table.view(0).offers[0]
    assert offer is not None and (offer.kind, offer.count) == ("sack", 2)


def test_stamp_swap_places_a_stamp_by_keys_with_a_placement_cursor():
    p = make_player()
    p.app.update_settings(seen_briefings=("stamp-swap",))
    key = _stamp(1, 2)
    scene = stamp_swap(p, seats(None, "easy"), state=show_state(2, [(key,), (_stamp(2, 1),)]))
    tab_to(p, scene, f"item:{key}")
    p.key(pygame.K_RETURN)
    assert scene.selected == key
    fits = {tuple(f) for f in scene.v["me"]["fits"][key]}
    tab_to(p, scene, f"spot:{key}@{min(fits)[0]},{min(fits)[1]}")
    p.key(pygame.K_RIGHT)  # the cursor steps to the next lit spot along the row
    spot = scene.focused().name
    row, col = (int(n) for n in spot.partition("@")[2].split(","))
    assert (row, col) in fits and (row, col) != min(fits)
    p.key(pygame.K_RETURN)
    album = scene.v["seats"][0]["album"]
    assert [(a["key"], a["row"], a["col"]) for a in album] == [(key, row, col)]



def test_help_pages_turn_by_arrows_and_close_by_the_focus_ring():
    p = make_player()
    p.app.stack.push(HelpScene.how_to_play(p.app))
    p.frames(1)
    help_scene = p.top
    p.key(pygame.K_RIGHT)
    assert help_scene.index == 1 and help_scene.focused() is None  # ← and → still turn pages
    tab_to(p, help_scene, "button:Close")
    p.key(pygame.K_RETURN)
    p.frames(1)
    assert isinstance(p.top, TitleScene)
