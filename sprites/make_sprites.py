"""Generate every Market Hall sprite (SVG from hand-written templates, PNG by pygame drawing).

Run from the project root: ``python -m sprites.make_sprites``.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable

from sprites import DIR
from sprites import art_cards as cards
from sprites import art_stamp as stamp
from sprites import art_ui as ui
from sprites.art_common import svg

Maker = Callable[[], "tuple[str, str] | str"]


def _sized() -> dict[str, tuple[int, int, Maker]]:
    """Every SVG that is not a 128-box icon: name -> (width, height, maker)."""
    glow = 2 * cards.GLOW_MARGIN
    table: dict[str, tuple[int, int, Maker]] = {
        "card_front": (140, 200, cards.card_front),
        "card_back": (140, 200, cards.card_back),
        "card_glow": (140 + glow, 200 + glow, cards.card_glow),
        "logo": (256, 256, cards.logo),
        "stamp_frame": (100, 100, stamp.stamp_frame),
        "stamp_facedown": (100, 100, stamp.stamp_facedown),
        "button": (240, 80, ui.button),
        "panel": (120, 120, ui.panel),
        "placeholder": (64, 64, ui.placeholder),
    }
    for name, body in ui.UI_ICONS.items():
        table[name] = (64, 64, lambda body=body: body)
    for name, fn in ui.PATTERNS.items():
        table[name] = (64, 64, fn)
    return table


def _declared() -> dict[str, tuple[int, int, Maker]]:
    """What every `sprites/art_*.py` module declares: `ICONS` (128-box icons) and `TILES` (the 5:6
    title tiles), so a new game's art module is picked up without a line here."""
    table: dict[str, tuple[int, int, Maker]] = {}
    for found in sorted(pkgutil.iter_modules([str(DIR)]), key=lambda m: m.name):
        if not found.name.startswith("art_"):
            continue
        module = importlib.import_module(f"sprites.{found.name}")
        for size, makers in (((128, 128), getattr(module, "ICONS", {})), ((500, 600), getattr(module, "TILES", {}))):
            twice = table.keys() & makers.keys()
            if twice:
                raise ValueError(f"sprites.{found.name} declares {sorted(twice)} again")
            table.update({name: (*size, fn) for name, fn in makers.items()})
    return table


def write_svgs() -> list[str]:
    """Write every SVG into the package directory; return the file names written."""
    table = _declared()
    table.update(_sized())
    for name, (w, h, make) in table.items():
        art = make()
        defs, body = art if isinstance(art, tuple) else ("", art)
        (DIR / f"{name}.svg").write_text(svg(w, h, body, defs), encoding="utf-8")
    return sorted(f"{name}.svg" for name in table)


def main() -> int:
    """Write all sprites (SVG, then the PNG textures) into the package directory."""
    names = write_svgs()
    if "--svg-only" not in sys.argv:
        from sprites import raster

        names += raster.write_pngs(DIR)
    print(f"wrote {len(names)} files to {DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
