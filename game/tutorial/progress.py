"""Where a guided match was left: the step it had reached and the moves made until then.

One small JSON file per game under the data folder. A damaged file is set aside and reported,
and the lesson simply starts over.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.services import files, paths
from game.text import tr

VERSION = 1


@dataclass(frozen=True)
class Place:
    """A lesson's place: step `step` begins after the moves in `log` (the saves' log form)."""

    game: str
    seed: int
    step: int
    log: list[list[Any]]


def path(game: str) -> Path:
    """The progress file of one game's lesson."""
    folder = paths.data_dir() / "tutorials"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{game}.json"


def save(place: Place) -> bool:
    """Keep the place (False when the disk refused; the lesson goes on)."""
    return files.write_json(path(place.game), {"version": VERSION, "game": place.game, "seed": place.seed,
                                               "step": place.step, "log": place.log})


def load(game: str, seed: int) -> tuple[Place | None, str | None]:
    """The saved place of `game`'s lesson on this deal, or None; a damaged file → (None, message)."""
    file = path(game)
    try:
        raw = files.read_json(file)
        place = Place(str(raw["game"]), int(raw["seed"]), int(raw["step"]), [list(e) for e in raw["log"]])
        if raw.get("version") != VERSION or place.game != game or place.step < 0:
            raise ValueError("not a lesson file of this version")
    except files.NoFile:
        return None, None
    except (files.BadFile, OSError, ValueError, KeyError, TypeError) as exc:
        aside = files.set_aside(file)
        return None, tr("guide.place.damaged", problem=str(exc), file=aside.name)
    if place.seed != seed:  # the lesson's deal changed with a new version: start over quietly
        clear(game)
        return None, None
    return place, None


def clear(game: str) -> None:
    """Forget the place (the lesson was finished or started over)."""
    path(game).unlink(missing_ok=True)
