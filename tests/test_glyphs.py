"""Every character the client writes on screen exists in the shipped font (no tofu boxes)."""

import re
from pathlib import Path

import pygame

from game.services import paths

ROOT = Path(__file__).resolve().parents[1]


def test_every_non_ascii_character_in_the_client_and_rules_text_is_in_noto_sans():
    pygame.font.init()
    font = pygame.font.Font(str(paths.font_path(True)), 30)
    notdef = font.metrics("\uffff")[0]
    missing = {}
    for folder in ("game", "rules"):
        for path in (ROOT / folder).rglob("*.py"):
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if line.lstrip().startswith(("#", '"""')):
                    continue
                for string in re.findall(r"([\"'])(.*?)\1", line):
                    for ch in string[1]:
                        if ord(ch) > 127 and font.metrics(ch)[0] == notdef:
                            missing.setdefault(ch, f"{path.relative_to(ROOT)}:{lineno}")
    assert missing == {}, f"characters the font cannot draw: {missing}"
