"""The catalogue check: every word drawn on a screen came from the catalogue (game/text), none from
a literal in the code.

`walk` takes an app through a list of screens (a name and a step each) and gives each screen's
findings: a test lists its screens, one line each. Inside `checking()` the catalogue is the marked
pseudo-language (game/text/marked.py: each letter it gives becomes a circled symbol) and drawing is
recorded (game/draw/layout_record.py). `untranslated` draws the app's frame once and returns each
drawn text that still holds a letter once the names are taken out: the three game names, the
languages' own names (AUTONYMS, shown as they are in every language), the names the caller passes
(what players typed: seat names) and a one-letter key's cap ("[T]", Settings › Keys). Digits and
punctuation never count. Besides our own text renderer's labels it reads pygame-gui's: buttons' and
text boxes' words (their marks), an empty entry's placeholder and every visible button's tool tip
(drawn on hover); and words inside a picture scaled with pygame.transform (a help picture on a card).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, TypeVar

import pygame

from game import text
from game.draw.layout_record import RecordingSurface, marks_of, recording
from game.shell import catalog
from game.text.locales import AUTONYMS
from game.text.marked import letters_left
from game.tools.layout_walk import record_frame

T = TypeVar("T")
KEY_CAP = re.compile(r"\[\w\]")  # a one-letter key's cap on a button ("Take  [T]"): the key, not a word


@contextmanager
def checking() -> Iterator[None]:
    """Marked catalogue and recorded drawing, for an app made inside (its scenes word themselves marked)."""
    text.marking(True)
    scalers = pygame.transform.smoothscale, pygame.transform.scale
    pygame.transform.smoothscale, pygame.transform.scale = map(_keeping_words, scalers)
    try:
        with recording():
            yield
    finally:
        pygame.transform.smoothscale, pygame.transform.scale = scalers
        text.marking(False)


def _keeping_words(scale: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
    """A pygame.transform scaler whose copy of a label or of a picture with words in it keeps them
    (pygame's own makes a plain surface: the recorder would see a picture without words)."""
    def scaled(surface: pygame.Surface, size: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        out = scale(surface, size, *args, **kwargs)
        recorder = RecordingSurface.recorder
        if args or kwargs or recorder is None:  # into a given surface (the window): nothing to carry
            return out
        words, marks = recorder.labels.get(surface), [m for m in marks_of(surface) if m.kind == "text"]
        if words is None and not marks:
            return out
        kept = RecordingSurface(out.get_size(), out.get_flags() & pygame.SRCALPHA, 32)
        pygame.Surface.blit(kept, out, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # the pixels, no marks
        sx, sy = out.get_width() / max(1, surface.get_width()), out.get_height() / max(1, surface.get_height())
        kept.marks = [replace(m, rect=pygame.Rect(round(m.rect.x * sx), round(m.rect.y * sy), round(m.rect.w * sx),
                                                  round(m.rect.h * sy))) for m in marks]
        if words is not None:
            recorder.label(kept, words)
        return kept
    return scaled


def drawn_texts(app: Any) -> list[str]:
    """Every text one full frame of the app draws, pygame-gui's included."""
    words = [m.words for m in record_frame(app) if m.kind in ("text", "button")]
    for scene in app.stack.scenes:
        words += _widget_texts(scene.ui)
    return words


def _widget_texts(manager: Any) -> list[str]:
    """What pygame-gui draws beyond button labels and text boxes: placeholders and tool tips."""
    out = []
    for sprite in manager.get_sprite_group().sprites():
        if not getattr(sprite, "visible", True):
            continue
        hint = getattr(sprite, "placeholder_text", None)
        if hint and not sprite.get_text():  # typed words are the player's own
            out.append(str(hint))
        tip = getattr(sprite, "tool_tip_text", None)
        if tip:
            out.append(str(tip))
    return out


def untranslated(app: Any, names: Iterable[str] = ()) -> list[str]:
    """The drawn texts of the app's screen that hold letters no catalogue gave, names taken out."""
    known = sorted({*names, *(e.title for e in catalog.entries()), *AUTONYMS.values()}, key=len, reverse=True)
    alternatives = "|".join(re.escape(n) for n in known if n)
    pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)") if alternatives else None  # whole names only
    found = []
    for words in drawn_texts(app):
        rest = pattern.sub(" ", words) if pattern is not None else words
        rest = KEY_CAP.sub(" ", rest)
        if letters_left(rest) and words not in found:
            found.append(words)
    return found


def walk(app: Any, screens: Sequence[tuple[str, Callable[[T], Iterable[str]]]], driver: T) -> dict[str, list[str]]:
    """Each screen's step (given `driver`, in order: a step starts where the one before left the app),
    then its untranslated texts; the screens with any, by name. Steps return the names the screen shows."""
    found: dict[str, list[str]] = {}
    for name, step in screens:
        raw = untranslated(app, step(driver))
        if raw:
            found[name] = raw
    return found
