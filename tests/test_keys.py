"""Settings › Keys: remapping by real key presses, conflicts refused, kept across a restart, and the
focus ring following the remap; a damaged keys entry is set aside for the defaults."""

from __future__ import annotations

import json

import pygame
import pytest

from game.scenes.keys import KeysScene
from game.scenes.settings import SettingsScene
from game.services import settings as settings_mod
from game.shell.keymap import keys_of
from tests.conftest import make_player
from tests.support import wait_until


def _row(scene: KeysScene, command: str):  # type: ignore[no-untyped-def]
    return next(made for made, name in scene.rows.items() if name == command)


def test_a_key_is_remapped_by_key_presses_a_taken_key_is_refused_and_the_remap_drives_the_ring(player):
    player.app.update_settings(reduced_motion=True)  # no fades: fewer frames
    player.app.stack.push(SettingsScene(player.app))
    player.frames(2)
    player.press_button(player.top.pace.keys)
    wait_until(lambda: isinstance(player.top, KeysScene), "the key list", player.frames)
    keys = player.top
    assert _row(keys, "describe").text == "D" and _row(keys, "next").text == "Tab"
    player.press_button(_row(keys, "next"))
    assert _row(keys, "next").text == "press a key…"
    player.key(pygame.K_n)
    assert _row(keys, "next").text == "N" and keys_of(player.app.settings).key("next") == pygame.K_n
    player.press_button(_row(keys, "act"))
    player.key(pygame.K_d)  # the describe key: refused, nothing changes
    assert keys.line_is_problem and "Describe the table in words" in keys.line
    assert keys_of(player.app.settings).key("act") == pygame.K_RETURN and _row(keys, "act").text == "Return"
    assert settings_mod.load()[0].keys == ("next=n",)
    player.key(pygame.K_TAB)  # no longer a focus key here
    assert keys.focused() is None
    player.key(pygame.K_n)  # the remapped one rings the first row
    assert keys.focused() is not None


def test_the_remap_is_read_at_start_and_a_damaged_keys_entry_is_set_aside(market_home):
    settings_mod.save(settings_mod.Settings(keys=("describe=f",)))
    again = make_player()
    assert keys_of(again.app.settings).key("describe") == pygame.K_f
    title = again.top
    again.key(pygame.K_f)  # not a focus key: the title's ring stays hidden
    assert title.focused() is None
    path = settings_mod.settings_path()
    path.write_text(json.dumps({"keys": ["describe=f", "act=f"], "volume": 0.5}), encoding="utf-8")
    loaded, problem = settings_mod.load()
    assert loaded.keys == () and loaded.volume == 0.5 and problem is not None and "keys" in problem
    assert any(p.name.startswith("settings.json.corrupt") for p in path.parent.iterdir())
    pygame.quit()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_night_market_shows_its_move_letters_on_the_buttons_and_a_letter_plays_the_move(lang, english_after):
    """The letters find their buttons by keys (move:take), so they play in any language."""
    from game.scenes.night_market.scene import NightMarketScene
    from rules.contract import MatchConfig, SeatConfig
    from tests.test_night_market_scene import market_pos, move_buttons

    p = make_player(extra={"lang": lang})
    p.app.update_settings(seen_briefings=("night-market",), reduced_motion=True)  # a quick deal
    scene = NightMarketScene.new(p.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy"))), 11)
    p.app.stack.reset(scene)
    wait_until(lambda: not scene.anim.busy, "the deal", p.frames)
    porter = next(c for c, k in scene.view.market if k == "porter")
    p.click(market_pos(scene, porter))
    [take] = move_buttons(scene)
    assert take.text.endswith("  [T]") and take.text.startswith("Take ") == (lang == "en")
    porters = len(scene.view.seats[0].porters)
    p.key(pygame.K_t)
    assert len(scene.view.seats[0].porters) > porters


def test_swap_meet_letters_open_and_pull_an_offer_on_the_one_persons_panel():
    from tests.test_swap_meet_scene import start

    p, scene = start(hands=[{"crate": 3, "sack": 3, "coin": 1, "rack": 1}, {"sack": 4, "coin": 2, "rack": 2},
                            {"coin": 4, "rack": 4}, {"rack": 3, "crate": 3, "sack": 2}])
    assert scene.regions[0].panel.letters == {"open": "O", "pull": "P", "cash": "C"}
    card = next(t for t in scene.targets() if t.name == "card:sack")
    p.click(card.rect.center)
    p.key(pygame.K_o)
    offer = scene.table.view(0).offers[0]
    assert offer is not None and offer.kind == "sack"
    p.key(pygame.K_p)
    assert scene.table.view(0).offers[0] is None
    pygame.quit()
