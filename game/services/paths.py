"""Where Market Hall keeps settings, saves and logs, and where its shipped files are.

`MARKET_HALL_HOME` (used by tests and kiosks) puts everything under one folder instead of the
user's platform folders.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import platformdirs

APP = "market-hall"


def _home() -> Path | None:
    home = os.environ.get("MARKET_HALL_HOME")
    return Path(home) if home else None


def config_dir() -> Path:
    """Folder for settings.json (created on demand)."""
    home = _home()
    path = home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Folder for saves and logs (created on demand)."""
    home = _home()
    path = home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def sprites_dir() -> Path:
    """The shipped sprites/ folder (works for editable and wheel installs)."""
    return Path(str(resources.files("sprites")))


def sounds_dir() -> Path:
    """The shipped sounds/ folder."""
    return Path(str(resources.files("sounds")))


def gui_font_file(name: str) -> Path:
    """A font file shipped by pygame-gui (Noto Sans and Fira Code, under the OFL)."""
    return Path(str(resources.files("pygame_gui").joinpath("data").joinpath(name)))


def font_path(bold: bool = False) -> Path:
    """Noto Sans, the font of all our own text."""
    return gui_font_file("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")


def builtin_font_path() -> Path:
    """pygame's own font (freesansbold), the fallback when a shipped font is broken."""
    import pygame.font

    return Path(str(resources.files("pygame").joinpath(pygame.font.get_default_font())))
