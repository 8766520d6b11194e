"""UI art: button, panel, interface icons, colour-blind patterns and the missing-asset placeholder."""

from __future__ import annotations

import math

from sprites.art_common import CREAM, INK, lin

Art = tuple[str, str]


def duo(d: str, width: float = 7) -> str:
    """A cream stroke with a dark outline, readable on light and dark backgrounds."""
    common = 'fill="none" stroke-linecap="round" stroke-linejoin="round"'
    return (
        f'<path d="{d}" stroke="{INK}" stroke-width="{width + 5:g}" {common}/>'
        f'<path d="{d}" stroke="{CREAM}" stroke-width="{width:g}" {common}/>'
    )


def solid(d: str, rule: str = "nonzero") -> str:
    """A cream filled shape with a dark outline."""
    return (
        f'<path d="{d}" fill="{CREAM}" fill-rule="{rule}" stroke="{INK}" stroke-width="3" '
        'stroke-linejoin="round"/>'
    )


def button() -> Art:
    """A rounded arcade button (240x80) with a lip, rim and glossy top."""
    defs = (
        lin("btnFace", [(0, "#f48a4a"), (55, "#d9502e"), (100, "#a8321f")])
        + lin("btnLip", [(0, "#7a2016"), (100, "#4a120c")])
        + lin("btnGloss", [(0, "#ffffff", 0.45), (100, "#ffffff", 0.05)])
    )
    body = (
        '<rect x="4" y="10" width="232" height="66" rx="22" fill="#000" fill-opacity="0.35"/>'
        '<rect x="4" y="8" width="232" height="66" rx="22" fill="url(#btnLip)"/>'
        '<rect x="4" y="2" width="232" height="66" rx="22" fill="url(#btnFace)" stroke="#ffd27a" '
        'stroke-width="3"/>'
        '<rect x="14" y="7" width="212" height="26" rx="13" fill="url(#btnGloss)"/>'
        '<rect x="9" y="7" width="222" height="56" rx="18" fill="none" stroke="#7a2016" stroke-width="1.5" '
        'stroke-opacity="0.5"/>'
    )
    return defs, body


def panel() -> Art:
    """A dark translucent rounded panel (120x120), plain centre, corners within 24 px."""
    body = (
        '<rect x="1.5" y="1.5" width="117" height="117" rx="18" fill="#150e22" fill-opacity="0.86" '
        'stroke="#d49a45" stroke-width="2"/>'
        '<rect x="6" y="6" width="108" height="108" rx="14" fill="none" stroke="#ffe29a" stroke-width="1" '
        'stroke-opacity="0.22"/>'
    )
    return "", body


def gear_path() -> str:
    """Path data for a ten-tooth gear with a round hole."""
    pts = []
    for i in range(40):
        a = 2 * math.pi * i / 40
        r = 27 if (i % 4) in (1, 2) else 20
        pts.append(f"{32 + r * math.cos(a):.2f},{32 + r * math.sin(a):.2f}")
    return "M" + " L".join(pts) + " Z M32,23 A9,9 0 1 0 32.01,23 Z"


SPEAKER = "M8,24 L18,24 L30,12 L30,52 L18,40 L8,40 Z"

UI_ICONS: dict[str, str] = {
    "icon_settings": solid(gear_path(), "evenodd"),
    "icon_help": duo("M21,22 C21,8 43,8 43,21 C43,30 32,30 32,40")
    + (f'<circle cx="32" cy="52" r="6" fill="{CREAM}" stroke="{INK}" stroke-width="3"/>'),
    "icon_more": "".join(
        f'<circle cx="{x}" cy="32" r="6.5" fill="{CREAM}" stroke="{INK}" stroke-width="3"/>'
        for x in (12, 32, 52)
    ),
    "icon_back": solid("M6,32 L30,8 L30,22 L56,22 L56,42 L30,42 L30,56 Z"),
    "icon_sound": solid(SPEAKER) + duo("M38,24 C42,28 42,36 38,40", 5) + duo("M46,16 C56,24 56,40 46,48", 5),
    "icon_mute": solid(SPEAKER) + duo("M40,24 L56,40 M56,24 L40,40", 5),
    "icon_quit": duo("M21,16 A20,20 0 1 0 43,16") + duo("M32,6 L32,30"),
    "icon_pause": solid("M14,10 L26,10 L26,54 L14,54 Z M38,10 L50,10 L50,54 L38,54 Z"),
    "icon_play": solid("M16,8 L54,32 L16,56 Z"),
}


def pattern_stripes() -> str:
    """Diagonal white stripes, 16 px period (tiles seamlessly at 64)."""
    return "".join(
        f'<polygon points="{x},0 {x + 6},0 {x + 6 - 64},64 {x - 64},64" fill="#fff"/>'
        for x in range(0, 145, 16)
    )


def pattern_dots() -> str:
    """Offset rows of white dots."""
    dots = []
    for row, y in enumerate((8, 24, 40, 56)):
        for x in range(0 if row % 2 else 8, 65, 16):
            dots.append(f'<circle cx="{x}" cy="{y}" r="4" fill="#fff"/>')
    return "".join(dots)


def pattern_checks() -> str:
    """A white 16 px checkerboard."""
    return "".join(
        f'<rect x="{x}" y="{y}" width="16" height="16" fill="#fff"/>'
        for y in range(0, 64, 16)
        for x in range(0, 64, 16)
        if (x + y) // 16 % 2 == 0
    )


def pattern_waves() -> str:
    """Two horizontal white sine waves per tile."""
    out = []
    for y in (16, 48):
        d = f"M0,{y}" + "".join(f" Q{x + 8},{y - 7} {x + 16},{y} T{x + 32},{y}" for x in range(0, 64, 32))
        out.append(f'<path d="{d}" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="butt"/>')
    return "".join(out)


def pattern_cross() -> str:
    """A grid of white plus signs."""
    return "".join(
        f'<path d="M{x - 7},{y} L{x + 7},{y} M{x},{y - 7} L{x},{y + 7}" stroke="#fff" stroke-width="4"/>'
        for y in (16, 48)
        for x in (16, 48)
    )


PATTERNS = {
    "pattern_stripes": pattern_stripes,
    "pattern_dots": pattern_dots,
    "pattern_checks": pattern_checks,
    "pattern_waves": pattern_waves,
    "pattern_cross": pattern_cross,
}


def placeholder() -> str:
    """Magenta/black checker with a white X (64 box): shown for a missing asset."""
    cells = "".join(
        f'<rect x="{x}" y="{y}" width="16" height="16" '
        f'fill="{"#ff00ff" if (x + y) // 16 % 2 == 0 else "#000"}"/>'
        for y in range(0, 64, 16)
        for x in range(0, 64, 16)
    )
    return (
        cells + '<path d="M8,8 L56,56 M56,8 L8,56" stroke="#000" stroke-width="10" stroke-linecap="round"/>'
        '<path d="M8,8 L56,56 M56,8 L8,56" stroke="#fff" stroke-width="5" stroke-linecap="round"/>'
    )
