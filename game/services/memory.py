"""Keeping the heap small: big surfaces straight from the system, and memory given back after a table.

A table's surfaces are freed when its scene goes, but glibc keeps freed pages in its heap, so the
process never shrinks and each new table lands on a bigger heap (the kiosk soak grew by ~40 MB per
game visited). `give_back()` collects cycles (scenes and widgets refer to each other) and asks
malloc to return free pages. It costs tens of milliseconds, so the app calls it only in the frame
after a table scene left — that frame is the black middle of a fade.

Between those full collections, what a closed overlay (help, a dialog, a round-end screen) leaves
is cycles too, and Python's own full collection comes rarely with ~100k live objects: a soak
held ~20 MB of dead overlays' surfaces. A full collection costs ~60 ms with every object in
play, so `give_back()` freezes what survives it (gc.freeze: later collections skip those
objects) and unfreezes it first the next time; `collect_young()` then frees a closed overlay
for the cost of the objects made since the last table, in the frame after it closed.

`tune()` fixes glibc's mmap threshold at 32 KiB. By default glibc raises it each time a big
block is freed, after which card layers and text surfaces come from the heap and leave holes
there; with a fixed threshold every surface bigger than a card icon is its own mapping and
goes back to the system the moment it is freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import sys

log = logging.getLogger(__name__)


M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter numbers
MMAP_THRESHOLD = 32 * 1024


def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim, libc.mallopt  # noqa: B018  # musl has neither: collecting alone still helps
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _glibc()


def tune() -> None:
    """Fix the mmap threshold (see above); harmless to call more than once."""
    if _LIBC is not None and not _LIBC.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD):
        log.info("mallopt refused the mmap threshold; memory is still given back after each table")


def give_back() -> None:
    """Collect all garbage, freeze the survivors, and return the heap's free pages to the system."""
    gc.unfreeze()  # what was frozen last time may have died since (the table that just left)
    gc.collect()
    gc.freeze()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def collect_young() -> None:
    """Collect the garbage made since the last give_back() (a closed overlay's cycles)."""
    gc.collect()
