"""The catalogue of games on the client side: one frozen entry per game, declared by its scene package.

Each game's package (`game/scenes/<game>/__init__.py`) declares an `ENTRY`; this module lists the
packages in the order the title shows them. The title tiles, the seat setup, the CLI, bench,
autoplay and the tests all read this one list. Table and setup scenes are imported lazily: a game
whose scene does not import is shown as unavailable instead of breaking the title.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

log = logging.getLogger(__name__)

PACKAGES = ("game.scenes.night_market", "game.scenes.swap_meet", "game.scenes.stamp_swap")


@dataclass(frozen=True)
class SetupOption:
    """One game option on the seat-setup screen (a value chosen from a list)."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any
    unit: str = ""
    shown: tuple[str, ...] = ()  # the words for each value, where the value itself is not them

    def words(self, value: Any) -> str:
        """How a value reads on its chooser ("90 s", "Relaxed")."""
        if self.shown:
            return self.shown[self.values.index(value)]
        return f"{value}{self.unit}"


@dataclass(frozen=True)
class GameEntry:
    """What the client knows about one game: where its scenes are, how the title presents it."""

    name: str  # the rules' name, e.g. "night-market"
    title: str
    tagline: str
    scene: str  # "module:Class" of the table scene
    tile: str  # sprite name of the title tile
    help_pages: Sequence[tuple[str, str]] = ()  # (heading, body) pages from the rules' help module (or
    #                                              game/text/pages.Pages: worded in the language in use)
    setup: str | None = None  # "module:Class" of the game's own setup (a lobby); None: the shared seat setup
    options: tuple[SetupOption, ...] = field(default_factory=tuple)
    tutorial: str | None = None  # "module:function" returning the game's guided match (game/tutorial/)
    help_art: str | None = None  # "module:function(app, heading) -> Surface | None": a help page's picture
    tagline_words: tuple[tuple[str, int], ...] = ()  # the tagline's numbers for its catalogue key "tagline.NAME"
    #                                                 (game/text); none: the tagline is shown as written
    cards: Sequence[tuple[str, str]] = ()  # the short how-to: (a help page's heading for its picture, a sentence
    #                                          or two); the kiosk's cards and the title's How to play read them

    def help_picture(self, app: Any, heading: str) -> Any:
        """The picture of the real cards for one help page, or None (a page of text only)."""
        if not self.help_art:
            return None
        from game.draw.text import at_most  # lazily: the catalogue is read without pygame too

        module_name, fn = self.help_art.split(":")
        try:
            with at_most(100):  # fixed art: its labels keep their size at any text size
                return getattr(importlib.import_module(module_name), fn)(app, heading)
        except Exception:  # a broken picture must not hide the rules
            log.exception("help picture %s for %r failed", self.help_art, heading)
            return None

    def table_class(self) -> type[MatchScene] | None:
        """The table scene class, or None when it cannot be imported."""
        return _load(self.scene)

    def setup_scene(self, app: Any) -> Any:
        """The scene where a new match of this game is set up."""
        cls = _load(self.setup) if self.setup else None
        if cls is not None:
            return cls(app, self)
        from game.scenes.seat_setup import SeatSetupScene

        return SeatSetupScene(app, self)


def _load(path: str | None) -> type[Any] | None:
    if path is None:
        return None
    module_name, cls_name = path.split(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        log.error("table %s does not import: %s", path, exc)
        return None
    return getattr(module, cls_name, None)


def entries() -> tuple[GameEntry, ...]:
    """Every game the client offers, in title order."""
    return tuple(importlib.import_module(p).ENTRY for p in PACKAGES)


def entry(name: str) -> GameEntry | None:
    """The entry of a game by its rules name, or None."""
    return next((e for e in entries() if e.name == name), None)


def names() -> tuple[str, ...]:
    """The games' command-line names."""
    return tuple(e.name for e in entries())
