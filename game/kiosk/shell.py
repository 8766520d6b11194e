"""The locked shell and screen care: what the kiosk asks of SDL and of the display.

Keyboard grab keeps Alt+Tab and the Windows key inside the game where SDL supports it (X11,
Windows); the screensaver is kept off for the whole session; on touch-only stands the pointer
is hidden. Screen care moves the whole picture a pixel at a time around a small square every
few minutes, so the static parts of a table never sit on the same pixels for hours.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import pygame

from game.services.memory import give_back

log = logging.getLogger(__name__)

RESTART_CODE = 75  # EX_TEMPFAIL: "run me again" (the operator's Restart)
CRASH_CODE = 70  # EX_SOFTWARE: crashed repeatedly; a supervisor starts us again
NUDGES = ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
CLOSE_EVENTS = tuple(t for t in (pygame.QUIT, getattr(pygame, "WINDOWCLOSE", None)) if t is not None)


def lock(hide_pointer: bool) -> None:
    """Grab the keyboard, keep the screensaver off, maybe hide the pointer (each where SDL can)."""
    os.environ.setdefault("SDL_VIDEO_ALLOW_SCREENSAVER", "0")
    _try(pygame.display.set_allow_screensaver, False)
    _try(grab_keyboard)
    if hide_pointer:
        _try(pygame.mouse.set_visible, False)


def grab_keyboard() -> None:
    """Keep system shortcuts (Alt+Tab, the Windows key) in the window where SDL can."""
    if hasattr(pygame.event, "set_keyboard_grab"):
        pygame.event.set_keyboard_grab(True)
        return
    os.environ["SDL_GRAB_KEYBOARD"] = "1"  # SDL then grabs the keyboard along with the input grab
    pygame.event.set_grab(True)


def _try(call: Any, *args: Any) -> None:
    try:
        call(*args)
    except (pygame.error, AttributeError) as exc:  # a driver without the feature: carry on
        log.info("kiosk: %s%s not available: %s", getattr(call, "__name__", call), args, exc)


def nudge(display: Any, index: int) -> None:
    """Put the picture at the index-th offset of the screen-care walk."""
    offset = NUDGES[index % len(NUDGES)]
    if hasattr(display, "nudge"):
        display.nudge(offset)


def tidy() -> None:
    """Free what the last screen left behind, and give it back to the system (game/services/memory.py).

    Scenes hold reference cycles (widgets and callbacks), so their 8 MB layers wait for a full
    collection, which Python runs rarely; glibc then keeps the freed pages until malloc_trim.
    """
    give_back()


def restart_process() -> None:
    """Run the same command line again in this process (the operator's Restart)."""
    log.info("kiosk: restarting %s", sys.argv)
    os.execv(sys.executable, [sys.executable, "-m", "game", *sys.argv[1:]])
