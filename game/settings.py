"""Player settings, persisted as JSON in the user's config folder.

A corrupt or unreadable file is moved aside (settings.json.corrupt-N) with a warning and the
defaults are used, so a bad file can never stop the game from starting.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game import paths

log = logging.getLogger(__name__)

BOT_SPEEDS = ("slow", "normal", "fast")


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

    def with_(self, **changes: Any) -> Settings:
        """A copy with some fields changed (values are validated)."""
        return _validated(replace(self, **changes))


def _validated(s: Settings) -> Settings:
    volume = min(1.0, max(0.0, float(s.volume)))
    speed = s.bot_speed if s.bot_speed in BOT_SPEEDS else "normal"
    seen = tuple(str(x) for x in s.seen_briefings)
    return replace(s, volume=volume, bot_speed=speed, seen_briefings=seen,
                   mute=bool(s.mute), fullscreen=bool(s.fullscreen),
                   reduced_motion=bool(s.reduced_motion), colour_patterns=bool(s.colour_patterns))


def settings_path() -> Path:
    """Where settings live."""
    return paths.config_dir() / "settings.json"


def set_aside(path: Path) -> Path:
    """Move a bad file out of the way (never delete a player's data) and return its new name."""
    n = 1
    while (target := path.with_name(f"{path.name}.corrupt-{n}")).exists():
        n += 1
    path.rename(target)
    return target


def load() -> tuple[Settings, str | None]:
    """The saved settings, and a warning for the player when the file had to be set aside."""
    path = settings_path()
    if not path.exists():
        return Settings(), None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict):
            raise ValueError("settings file is not a JSON object")
        known = {f.name for f in fields(Settings)}
        values = {k: v for k, v in raw.items() if k in known}
        if "seen_briefings" in values:
            values["seen_briefings"] = tuple(values["seen_briefings"])
        return _validated(Settings(**values)), None
    except (OSError, ValueError, TypeError) as exc:
        moved = set_aside(path)
        log.warning("settings file %s unreadable (%s); moved to %s, using defaults", path, exc, moved)
        return Settings(), f"Your settings file was damaged and has been set aside ({moved.name}). Defaults are in use."


def save(settings: Settings) -> None:
    """Write settings atomically (write a temp file, then rename)."""
    path = settings_path()
    tmp = path.with_suffix(".tmp")
    data = asdict(settings)
    data["seen_briefings"] = list(settings.seen_briefings)
    try:
        tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("could not save settings to %s: %s", path, exc)
