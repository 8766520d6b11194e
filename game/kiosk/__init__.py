"""Kiosk mode for events: a locked shell, the attract loop, idle resets between visitors, the
operator menu behind a gesture and a PIN, session numbers, screen care and a headless soak.

The app creates one `Kiosk` when started with `--kiosk` and calls it from four hooks (every raw
event, every fixed step, after drawing, after a crash); everything else lives in this package.
"""

from game.kiosk.controller import Kiosk

__all__ = ["Kiosk"]
