"""Bad input gets a clear answer and loses nothing: corrupt files, missing assets, crashing scenes."""

from __future__ import annotations

import json

import pygame

from game.services import saves
from game.services.assets import Assets
from game.services.settings import Settings, load, save, settings_path
from game.shell.scene import Scene
from tests.conftest import make_player


def test_corrupt_settings_are_set_aside_and_defaults_used():
    path = settings_path()
    path.write_text("{ this is not json")
    settings, warning = load()
    assert settings == Settings()
    assert warning and "set aside" in warning
    assert not path.exists()
    assert list(path.parent.glob("settings.json.corrupt-*"))


def test_settings_of_the_wrong_shape_are_set_aside():
    settings_path().write_text(json.dumps([1, 2, 3]))
    settings, warning = load()
    assert settings == Settings() and warning


def test_out_of_range_values_are_refused_and_unknown_keys_ignored():
    settings_path().write_text(json.dumps({"volume": 7, "bot_speed": "warp", "colour": "x"}))
    settings, warning = load()
    assert warning and "volume, bot speed" in warning
    assert settings.volume == 0.8 and settings.bot_speed == "normal"


def test_settings_round_trip():
    save(Settings(volume=0.3, mute=True, seen_briefings=("swap-meet",)))
    settings, _ = load()
    assert settings.volume == 0.3 and settings.mute and settings.seen_briefings == ("swap-meet",)


def test_the_app_starts_with_a_corrupt_settings_file_and_says_so():
    settings_path().write_text("\x00\x01garbage")
    p = make_player()
    assert p.top.name == "title"
    assert "set aside" in (p.app.toasts.current or "")
    pygame.quit()


def test_a_missing_sprite_is_a_visible_placeholder(tmp_path, caplog):
    pygame.init()
    assets = Assets(sprites=tmp_path, sounds=tmp_path)
    surf = assets.image("no_such_sprite", (40, 30))
    assert surf.get_size() == (40, 30)
    assert surf.get_at((5, 0))[:3] == (255, 0, 255)
    assert "no_such_sprite" in caplog.text and str(tmp_path) in caplog.text


def test_a_corrupt_sprite_is_a_placeholder(tmp_path):
    pygame.init()
    (tmp_path / "broken.png").write_bytes(b"not a png at all")
    assets = Assets(sprites=tmp_path, sounds=tmp_path)
    assert assets.image("broken", (20, 20)).get_at((4, 0))[:3] == (255, 0, 255)


def test_every_shipped_sprite_loads():
    pygame.init()
    pygame.display.set_mode((64, 64))
    assets = Assets()
    names = sorted({p.stem for p in assets.sprites.iterdir() if p.suffix in (".svg", ".png")})
    assert len(names) > 40
    for name in names:
        assets.image(name, (48, 48))
    assert assets.failed == set()


def test_no_audio_device_means_silence_not_a_crash(player):
    player.app.audio.play("coin")
    player.app.audio.play("no_such_sound")
    assert player.app.audio.played[-2:] == ["coin", "no_such_sound"]


class Exploding(Scene):
    name = "exploding"

    def update(self, dt: float) -> None:
        raise ZeroDivisionError("boom inside a scene")


def test_a_crash_inside_a_scene_returns_to_the_title(player):
    player.app.stack.push(Exploding(player.app))
    player.frames(3)
    assert player.top.name == "title"
    assert "something went wrong in exploding" in (player.app.toasts.current or "")
    assert player.app.running


def test_a_crash_is_logged_with_its_traceback(player, caplog):
    player.app.stack.push(Exploding(player.app))
    player.frames(2)
    assert "ZeroDivisionError: boom inside a scene" in caplog.text


def test_a_corrupt_save_is_reported_and_set_aside(player):
    saves.slot("night-market").write_text("{ broken")
    title = player.app.title()
    player.app.stack.reset(title)
    player.frames(2)
    assert "set aside" in (player.app.toasts.current or "")
    assert not saves.slot("night-market").exists()
    assert list(saves.folder().glob("night-market.json.corrupt-*"))
    assert not title.continues
