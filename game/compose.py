"""The composition root: what an app is made of, decided here and nowhere else.

The app (game/shell/app.py) knows no feature by name. This module gives it its home scene (the
title), its first scene (the title, a game's seat setup, an online room from an invite link, or a
guided match, whose coach the lesson adds as a layer) and its layers (the event kiosk). The
`market-hall` command (game/cli.py), the tools and the tests all build their apps here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import cast

from game import text
from game.draw.text import use_text_size
from game.kiosk import Kiosk
from game.scenes.online import scene_for_link
from game.scenes.title import TitleScene
from game.shell import catalog
from game.shell.app import App, AppOptions, LayerMaker
from game.shell.scene import Scene
from game.text.locales import chosen
from game.tutorial.lesson import lesson_scene


def compose_app(options: AppOptions, clock: Callable[[], float] = time.perf_counter) -> App:
    """An app as `options` ask: its first scene open and its layers made."""
    layers: tuple[LayerMaker, ...] = (_kiosk,) if options.kiosk else ()
    app = App(options, clock, home=TitleScene)
    text.use(chosen(options.extra.get("lang"), app.settings.language))  # before the first scene words anything
    use_text_size(options.extra.get("text_size") or app.settings.text_size)  # before the first scene lays out
    return app.start(first_scene, layers)


def first_scene(app: App) -> Scene:
    """Where the app opens: an invite link's room, a guided match, a game's seat setup, else the title."""
    options = app.options
    if options.join:
        return scene_for_link(app, options.join)
    if options.tutorial:
        return lesson_scene(app, options.tutorial)
    entry = catalog.entry(options.start_game) if options.start_game else None
    if entry is not None:
        return cast(Scene, entry.setup_scene(app))
    return TitleScene(app)


def _kiosk(app: App) -> Kiosk:
    return Kiosk(app, app.options.extra.get("wall") or time.time)
