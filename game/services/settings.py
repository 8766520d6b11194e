"""Player settings, persisted as JSON in the user's config folder.

A damaged file (unreadable, not JSON, a folder or a pipe) is set aside (settings.json.corrupt-N)
and the defaults are used. A value of the wrong type is refused, never coerced: `"mute": "false"`
is not a reason to mute. Either way the player is told once, so a bad file never stops the game.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.draw.sizes import TEXT_SIZES
from game.services import paths
from game.services.files import BadFile, NoFile, Notice, read_json, set_aside, write_json
from game.shell import keymap
from game.text.locales import LANGUAGES
from rules import names

__all__ = ["ANIMATION_SPEEDS", "BOT_SPEEDS", "TEXT_SIZES", "Settings", "load", "save", "set_aside", "settings_path"]

log = logging.getLogger(__name__)

BOT_SPEEDS = ("slow", "normal", "fast")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0)  # 2.0 plays every animation in half the time (game/draw/anim.py)
MAX_BYTES = 64_000  # a real settings file is a few hundred bytes
MAX_NAMES = 64
MAX_PEOPLE = 6  # names kept for the people at this device: the biggest table


@dataclass(frozen=True)
class Settings:
    """Everything the Settings screen changes."""

    volume: float = 0.8
    mute: bool = False
    fullscreen: bool = False
    reduced_motion: bool = False
    colour_patterns: bool = False
    bot_speed: str = "normal"
    seen_briefings: tuple[str, ...] = ()
    online_server: str = ""  # a relay's http(s) URL; empty: "Play friends online" hosts on this computer
    bot_levels: tuple[str, ...] = ()  # "game=level": the bot level last started with (none yet: Easy)
    player_names: tuple[str, ...] = ()  # the people at this device in seat order ("" or missing: "Player N")
    language: str = ""  # one of game/text/locales.py's LANGUAGES; empty: the system's (English if not ours)
    # pace (issue 35): how fast animations play, and bot moves shown without any
    animation_speed: float = 1.0
    skip_bot_moves: bool = False
    keys: tuple[str, ...] = ()  # remapped table keys, "command=key name" (game/shell/keymap.py; none: defaults)
    text_size: int = 100  # percent, one of TEXT_SIZES: screens lay out for the bigger words (docs/access.md)

    def person_name(self, k: int, default: str | None = None) -> str:
        """The name of the k-th person at this device (0: the first), or `default` ("Player k+1")."""
        kept = self.player_names[k] if k < len(self.player_names) else ""
        return kept or (default if default is not None else f"Player {k + 1}")

    def with_(self, **changes: Any) -> Settings:
        """A copy with some fields changed; a value of the wrong type raises ValueError."""
        return replace(self, **{name: checked(name, value) for name, value in changes.items()})


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_volume(value: Any) -> bool:
    # bool is an int in Python, but `true` is not a volume
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) \
        and 0 <= value <= 1


def _is_speed(value: Any) -> bool:
    return isinstance(value, str) and value in BOT_SPEEDS


def _is_animation_speed(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value in ANIMATION_SPEEDS


def _is_names(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) <= MAX_NAMES \
        and all(isinstance(x, str) and len(x) <= 64 for x in value)


def _is_people(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) <= MAX_PEOPLE \
        and all(isinstance(x, str) and (x == "" or names.valid(x)) for x in value)


def _is_language(value: Any) -> bool:
    return isinstance(value, str) and (value == "" or value in LANGUAGES)


def _is_text_size(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in TEXT_SIZES


def _is_server(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 200 and (value == "" or value.startswith(
        ("http://", "https://", "ws://", "wss://")))


RULES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "volume": (_is_volume, "a number from 0 to 1"),
    "mute": (_is_bool, "true or false"),
    "fullscreen": (_is_bool, "true or false"),
    "reduced_motion": (_is_bool, "true or false"),
    "colour_patterns": (_is_bool, "true or false"),
    "bot_speed": (_is_speed, "one of " + ", ".join(BOT_SPEEDS)),
    "seen_briefings": (_is_names, "a list of game names"),
    "online_server": (_is_server, "empty or an http(s) URL"),
    "player_names": (_is_people, f"a list of up to {MAX_PEOPLE} names of {names.NAME_MAX} letters at most"),
    "bot_levels": (_is_names, "a list of game=level choices"),
    "language": (_is_language, "empty or one of " + ", ".join(LANGUAGES)),
    "animation_speed": (_is_animation_speed, "one of " + ", ".join(f"{x:g}" for x in ANIMATION_SPEEDS)),
    "skip_bot_moves": (_is_bool, "true or false"),
    "keys": (keymap.valid, "a list of command=key pairs, no key twice"),
    "text_size": (_is_text_size, "one of " + ", ".join(map(str, TEXT_SIZES)) + " (percent)"),
}


def checked(name: str, value: Any) -> Any:
    """`value` as stored for setting `name` (a JSON list becomes a tuple); ValueError when it is not one."""
    if name in ("seen_briefings", "player_names", "bot_levels", "keys") and isinstance(value, list):
        value = tuple(value)
    ok, expected = RULES[name]
    if not ok(value):
        raise ValueError(f"{name} should be {expected}, not {_preview(value)}")
    return float(value) if name in ("volume", "animation_speed") else value


def _preview(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def settings_path() -> Path:
    """Where settings live."""
    return paths.config_dir() / "settings.json"


def from_json(raw: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a JSON object, and the names of the settings refused (their defaults are used).

    Unknown keys are ignored: a newer version may have written them.
    """
    values: dict[str, Any] = {}
    refused: list[str] = []
    for f in fields(Settings):
        if f.name not in raw:
            continue
        try:
            values[f.name] = checked(f.name, raw[f.name])
        except ValueError as exc:
            log.warning("settings: %s; using the default", exc)
            refused.append(f.name)
    return Settings(**values), refused


def load() -> tuple[Settings, Notice | None]:
    """The saved settings, and a message for the player when the file could not be used as it was
    (worded when it is shown: the language is chosen from these settings)."""
    try:
        path = settings_path()
        raw = read_json(path, MAX_BYTES)
    except NoFile:
        return Settings(), None
    except BadFile as exc:
        return Settings(), _damaged(path, exc)
    except OSError as exc:  # the config folder itself cannot be made (a file stands where it belongs)
        log.warning("settings folder unusable (%s); using defaults", exc)
        english = "Your settings folder cannot be used, so settings will not be kept. Defaults are in use."
        return Settings(), Notice(english, "toast.settings_folder")
    if not isinstance(raw, dict):
        return Settings(), _damaged(path, BadFile("it is not a JSON object", "not_an_object"))
    settings, refused = from_json(raw)
    if not refused:
        return settings, None
    return settings, _refused(path, settings, refused)


def _damaged(path: Path, bad: BadFile) -> Notice:
    moved = _set_aside_logged(path, bad.reason)
    where = f"has been set aside ({moved.name})" if moved else "could not be moved"
    english = f"Your settings file could not be used ({bad.reason}) and {where}. Defaults are in use."
    if moved:
        return Notice(english, "toast.settings_aside", why=bad, file=moved.name)
    return Notice(english, "toast.settings_stuck", why=bad)


def _refused(path: Path, settings: Settings, refused: list[str]) -> Notice:
    # The original is kept beside the rewritten file, so the player is told once and loses nothing.
    moved = _set_aside_logged(path, "refused " + ", ".join(refused))
    if moved:
        save(settings)
    names = ", ".join(name.replace("_", " ") for name in refused)
    return Notice(f"Some settings were not understood ({names}) and are back to their defaults.",
                  "toast.settings_refused", names=names)


def _set_aside_logged(path: Path, reason: str) -> Path | None:
    try:
        moved = set_aside(path)
    except OSError as exc:
        log.warning("settings file %s unusable (%s) and cannot be moved: %s", path, reason, exc)
        return None
    log.warning("settings file %s unusable (%s); moved to %s", path, reason, moved)
    return moved


def save(settings: Settings) -> bool:
    """Write settings atomically; False (logged) when they could not be written."""
    data = asdict(settings)
    data["seen_briefings"] = list(settings.seen_briefings)
    data["player_names"] = list(settings.player_names)
    data["bot_levels"] = list(settings.bot_levels)
    data["keys"] = list(settings.keys)
    try:
        path = settings_path()
    except OSError as exc:
        log.warning("could not save settings: %s", exc)
        return False
    return write_json(path, data)
