"""Ctrl-C that always quits: the frame loop also checks a flag, because a KeyboardInterrupt raised
inside a finalizer or callback (a garbage collection, a C library calling back) is printed and
swallowed, and the game would then run on."""

from __future__ import annotations

import signal
import threading
from types import FrameType

_HIT = threading.Event()


def install() -> None:
    """Route Ctrl-C through `_handler` (only the main thread may set a signal handler)."""
    _HIT.clear()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _handler)


def _handler(signum: int, frame: FrameType | None) -> None:
    _HIT.set()
    raise KeyboardInterrupt


def check() -> None:
    """Raise KeyboardInterrupt again if a Ctrl-C came and its first raise was swallowed."""
    if _HIT.is_set():
        raise KeyboardInterrupt
