"""Every character of the five catalogues exists in every face the game draws words with: Noto Sans
regular, bold and italic (our own text, game/draw/text.py, and pygame-gui's theme, game/themes)."""

from __future__ import annotations

import pygame
import pytest

from game.services import paths
from game.text import po
from game.text.locales import LANGUAGES

FACES = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf")


def _characters() -> set[str]:
    found: set[str] = set()
    for lang in LANGUAGES:
        cat = po.load(lang)
        words = [*cat.templates.values(), *cat.screens.values()]
        for row in cat.nouns.values():
            for noun in row.values():
                words += [noun] if isinstance(noun, str) else list(noun.values())
        found.update(ch for text in words for ch in text)
    return found


@pytest.mark.parametrize("face", FACES)
def test_the_font_has_a_glyph_for_every_character_of_every_language(face: str) -> None:
    pygame.font.init()
    font = pygame.font.Font(str(paths.gui_font_file(face)), 30)
    notdef = font.metrics("\uffff")[0]  # what a missing glyph measures (the .notdef box)
    chars = _characters()
    assert {"ä", "ß", "é", "É", "ñ", "¿", "’", "\u00a0", "–"} <= chars  # the check reads the real catalogues
    missing = sorted(ch for ch in chars if ch.isprintable() and font.metrics(ch)[0] in (None, notdef))
    assert missing == [], f"{face} cannot draw {missing}"
