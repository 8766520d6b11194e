"""Opening a guided match: the table of the lesson's deal, its table scene, and the coach over it."""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

from game import text
from game.match.clock import MatchClock
from game.match.guided import GuidedTable
from game.scenes.match import REPLAY_ERRORS
from game.services.saves import Save
from game.shell import catalog
from game.tutorial import progress
from game.tutorial.coach import Coach
from game.tutorial.script import Guide
from rules.record import Entry, MatchRecord
from rules.registry import get_game

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene

log = logging.getLogger(__name__)


def guide_for(game: str) -> Guide | None:
    """The game's guided match, or None when it has none (or its script does not load)."""
    entry = catalog.entry(game)
    if entry is None or not entry.tutorial:
        return None
    module_name, fn = entry.tutorial.split(":")
    try:
        return importlib.import_module(module_name).__dict__[fn]()  # type: ignore[no-any-return]
    except Exception:  # a broken lesson must not break How to play
        log.exception("the guided match of %s does not load", game)
        return None


def has_place(game: str) -> bool:
    """Was this game's lesson left part-way?"""
    return progress.path(game).exists()


def open_lesson(app: App, game: str, resume: bool = True) -> None:
    """Replace whatever is on the stack with the guided match of `game`."""
    app.stack.reset(lesson_scene(app, game, resume))


def lesson_scene(app: App, game: str, resume: bool = True) -> Scene:
    """The table scene of `game`'s guided match (resumed where it was left), with the coach over it."""
    guide = guide_for(game)
    entry = catalog.entry(game)
    cls = entry.table_class() if entry else None
    if guide is None or entry is None or cls is None:
        app.toast(text.tr("guide.none"), error=True)
        return app.title()
    place, problem = progress.load(game, guide.seed) if resume else (None, None)
    if problem:
        app.toast(problem, error=True, seconds=7.0)
    if not resume:
        progress.clear(game)
    table, start = _table(app, guide, place)
    scene = cls(app, table)

    def real_match() -> None:
        def go() -> None:
            app.stack.reset(app.title())
            app.stack.push(entry.setup_scene(app))
        app.go(go)

    app.add_layer(Coach(app, guide, scene, start, on_finish=real_match))
    return scene


def _table(app: App, guide: Guide, place: progress.Place | None) -> tuple[GuidedTable, int]:
    game = get_game(guide.game)
    if place is not None:
        try:
            entries = tuple(Entry.from_json(e) for e in place.log)
            save = Save(MatchRecord(guide.game, game.rules_version, guide.seed, guide.config, entries))
            return GuidedTable.restore(save, MatchClock(app.clock), bot_threads=app.options.bot_threads), place.step
        except REPLAY_ERRORS as exc:  # the lesson changed under the saved place: start over
            log.warning("guided match place of %s does not replay (%s): starting over", guide.game, exc)
            progress.clear(guide.game)
    table = GuidedTable(game, guide.config, guide.seed, MatchClock(app.clock), bot_threads=app.options.bot_threads)
    return table, 0
