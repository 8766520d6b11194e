"""Night Market goods and token art: each a distinct silhouette and colour in a 128 box."""

from __future__ import annotations

import math

from sprites.art_common import INK, group, lin, rad, shadow, shine, star_points

Art = tuple[str, str]
STROKE = f'stroke="{INK}" stroke-width="4" stroke-linejoin="round"'

CAMEL = (
    "M24,70 C24,52 38,40 52,40 C62,40 66,50 72,52 C78,54 83,46 87,38 C90,31 94,26 101,26 "
    "L110,28 C115,29 115,35 110,36 L103,37 C99,46 97,57 93,66 C91,72 89,76 87,78 L87,108 "
    "L80,108 L79,84 L75,84 L74,108 L67,108 L66,82 L46,82 L44,108 L37,108 L36,84 L32,84 "
    "L30,108 L23,108 L22,80 C20,78 21,73 24,70 Z"
)


def pearl() -> Art:
    """A lustrous white-pink pearl."""
    defs = rad("pearlG", [(0, "#ffffff"), (45, "#f8e8f0"), (80, "#e3b6c9"), (100, "#b98aa3")], 40, 36, 70)
    body = (
        shadow(64, 112, 34, 7)
        + f'<circle cx="64" cy="64" r="44" fill="url(#pearlG)" {STROKE}/>'
        + '<path d="M30,78 A40,40 0 0 0 98,78" fill="none" stroke="#c98fb0" stroke-width="3" '
        'stroke-opacity="0.5"/>'
        + shine(48, 46, 14, 8, -35, 0.9)
        + '<circle cx="82" cy="80" r="4" fill="#fff" fill-opacity="0.6"/>'
    )
    return defs, body


def amber() -> Art:
    """An orange amber teardrop."""
    defs = rad("amberG", [(0, "#ffe08a"), (40, "#ffb23c"), (85, "#d8661a"), (100, "#a8420e")], 42, 60, 65)
    body = (
        shadow(64, 116, 30, 6)
        + f'<path d="M64,10 C60,22 28,56 28,80 A36,36 0 0 0 100,80 C100,56 68,22 64,10 Z" '
        f'fill="url(#amberG)" {STROKE}/>'
        + '<path d="M64,40 C56,58 44,68 44,82 A20,20 0 0 0 60,100" fill="none" stroke="#fff3c4" '
        'stroke-width="5" stroke-linecap="round" stroke-opacity="0.55"/>' + shine(80, 78, 6, 12, 20, 0.55)
    )
    return defs, body


def jade() -> Art:
    """A carved green jade hexagon."""

    def hex_pts(r: float) -> list[tuple[float, float]]:
        return [
            (64 + r * math.cos(math.radians(-90 + 60 * i)), 64 + r * math.sin(math.radians(-90 + 60 * i)))
            for i in range(6)
        ]

    outer, inner = hex_pts(52), hex_pts(30)
    fmt = " ".join(f"{x:.1f},{y:.1f}" for x, y in outer)
    fmt_in = " ".join(f"{x:.1f},{y:.1f}" for x, y in inner)
    defs = lin("jadeG", [(0, "#9df0b8"), (50, "#3fb86e"), (100, "#1d6b40")], 0, 0, 100, 100) + lin(
        "jadeIn", [(0, "#c8ffd9"), (100, "#58c985")], 0, 0, 100, 100
    )
    facets = "".join(
        f'<line x1="{o[0]:.1f}" y1="{o[1]:.1f}" x2="{i[0]:.1f}" y2="{i[1]:.1f}" stroke="#154d2e" '
        f'stroke-width="2.5" stroke-opacity="0.6"/>'
        for o, i in zip(outer, inner, strict=False)
    )
    body = (
        shadow(64, 118, 38, 6)
        + f'<polygon points="{fmt}" fill="url(#jadeG)" {STROKE}/>'
        + facets
        + f'<polygon points="{fmt_in}" fill="url(#jadeIn)" stroke="#154d2e" stroke-width="2.5"/>'
        + '<circle cx="64" cy="64" r="9" fill="none" stroke="#1d6b40" stroke-width="3"/>'
        + shine(50, 46, 9, 4, -30, 0.75)
    )
    return defs, body


def silk() -> Art:
    """A purple bolt of silk unrolling in a wave."""
    defs = lin("silkG", [(0, "#d6a8ff"), (50, "#9a5ad6"), (100, "#5a2a8c")], 0, 0, 100, 100) + lin(
        "silkRoll", [(0, "#b37ae8"), (100, "#4a1f75")], 0, 0, 0, 100
    )
    body = (
        shadow(66, 110, 48, 6)
        + f'<path d="M26,40 C48,24 64,56 86,40 C96,33 104,30 116,34 L116,78 C104,74 96,78 86,84 '
        f'C64,100 48,68 26,84 Z" fill="url(#silkG)" {STROKE}/>'
        + '<path d="M40,48 C56,42 66,68 86,56 C96,50 104,48 112,50" fill="none" stroke="#f1dcff" '
        'stroke-width="3" stroke-linecap="round" stroke-opacity="0.7"/>'
        + '<path d="M40,72 C56,66 66,90 86,76" fill="none" stroke="#3d145e" stroke-width="3" '
        'stroke-linecap="round" stroke-opacity="0.5"/>'
        + f'<ellipse cx="26" cy="62" rx="14" ry="24" fill="url(#silkRoll)" {STROKE}/>'
        + '<ellipse cx="26" cy="62" rx="5" ry="9" fill="#2a0f40" stroke="#e9c9ff" stroke-width="2"/>'
    )
    return defs, body


def spice() -> Art:
    """A red-brown heap of spice on a brass dish."""
    defs = lin("spiceG", [(0, "#f07a45"), (55, "#b8401f"), (100, "#7a2412")]) + lin(
        "dishG", [(0, "#e9c06a"), (100, "#8a5a1c")]
    )
    specks = "".join(
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}"/>'
        for x, y, r, c in (
            (56, 56, 3, "#ffd08a"),
            (72, 66, 2.5, "#5a1a0a"),
            (50, 76, 2.5, "#ffd08a"),
            (80, 82, 3, "#ffd08a"),
            (64, 44, 2, "#5a1a0a"),
            (42, 88, 2, "#5a1a0a"),
            (88, 92, 2, "#5a1a0a"),
            (66, 86, 2.5, "#ffb070"),
        )
    )
    body = (
        shadow(64, 116, 50, 6) + f'<path d="M12,96 L116,96 C112,110 96,114 64,114 C32,114 16,110 12,96 Z" '
        f'fill="url(#dishG)" {STROKE}/>'
        + f'<path d="M18,98 C30,94 38,50 64,30 C90,50 98,94 110,98 Z" fill="url(#spiceG)" {STROKE}/>'
        + specks
        + shine(54, 52, 4, 12, 30, 0.35)
    )
    return defs, body


def leather() -> Art:
    """A brown stretched hide with stitching."""
    hide = (
        "M52,14 C58,21 70,21 76,14 C82,20 85,29 92,28 C102,24 112,22 115,30 C110,38 101,40 99,48 "
        "C96,60 101,72 99,82 C103,88 113,92 112,102 C104,107 94,102 86,105 C80,111 72,114 64,118 "
        "C56,114 48,111 42,105 C34,102 24,107 16,102 C15,92 25,88 29,82 C27,72 32,60 29,48 "
        "C27,40 18,38 13,30 C16,22 26,24 36,28 C43,29 46,20 52,14 Z"
    )
    defs = rad("hideG", [(0, "#d69a5e"), (70, "#9a5f2e"), (100, "#6b3b18")], 45, 40, 65)
    body = (
        f'<path d="{hide}" fill="url(#hideG)" {STROKE}/>'
        + f'<path d="{hide}" fill="none" stroke="#f4d6a8" stroke-width="2.5" stroke-dasharray="5 4" '
        'transform="translate(64,66) scale(0.72) translate(-64,-66)"/>' + shine(52, 48, 10, 5, -25, 0.3)
    )
    return defs, body


def porter() -> Art:
    """A laden camel porter."""
    defs = lin("camelG", [(0, "#f0c98a"), (100, "#b9803e")]) + lin(
        "packG", [(0, "#e35d4a"), (100, "#8c2a22")]
    )
    body = (
        shadow(64, 110, 48, 5)
        + f'<path d="{CAMEL}" fill="url(#camelG)" {STROKE}/>'
        + '<path d="M23,74 C16,78 14,86 16,94" fill="none" stroke="#2a1a12" stroke-width="3" '
        'stroke-linecap="round"/>'
        + f'<rect x="38" y="30" width="34" height="22" rx="6" fill="url(#packG)" {STROKE}/>'
        + '<path d="M46,30 L46,52 M64,30 L64,52" stroke="#f2b84b" stroke-width="3"/>'
        + '<circle cx="103" cy="31" r="2.5" fill="#2a1a12"/>'
    )
    return defs, body


def coin() -> Art:
    """A gold coin with a plain face for a printed value."""
    defs = lin("coinRim", [(0, "#fff0b0"), (45, "#f2b84b"), (100, "#9a5a14")], 0, 0, 100, 100) + rad(
        "coinFace", [(0, "#ffe7a0"), (100, "#e8a93c")], 40, 35, 75
    )
    body = (
        shadow(64, 118, 44, 6)
        + f'<circle cx="64" cy="62" r="56" fill="url(#coinRim)" {STROKE}/>'
        + '<circle cx="64" cy="62" r="50" fill="none" stroke="#fff3c8" stroke-width="2.5" '
        'stroke-dasharray="3 5" stroke-opacity="0.8"/>'
        + '<circle cx="64" cy="62" r="42" fill="url(#coinFace)" stroke="#a8641c" stroke-width="3"/>'
        + shine(44, 38, 12, 5, -40, 0.55)
    )
    return defs, body


def bonus_token() -> Art:
    """A face-down bonus token: a plum square with a gold star."""
    defs = lin("bonusG", [(0, "#6b3a8f"), (100, "#2e1747")], 0, 0, 100, 100) + lin(
        "starG", [(0, "#fff0b0"), (100, "#e39a2a")]
    )
    body = (
        shadow(64, 118, 46, 6)
        + f'<rect x="10" y="8" width="108" height="108" rx="18" fill="url(#bonusG)" {STROKE}/>'
        + '<rect x="20" y="18" width="88" height="88" rx="11" fill="none" stroke="#f2b84b" '
        'stroke-width="3"/>'
        + f'<polygon points="{star_points(64, 64, 34, 14)}" fill="url(#starG)" stroke="#7a4a10" '
        'stroke-width="3" stroke-linejoin="round"/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="3" fill="#f2b84b"/>'
            for x, y in ((30, 28), (98, 28), (30, 96), (98, 96))
        )
    )
    return defs, body


def porter_token() -> Art:
    """The round teal Porter token carrying a cream camel."""
    defs = rad("ptokG", [(0, "#3fa6a0"), (100, "#14504d")], 40, 35, 75)
    camel = f'<path d="{CAMEL}" fill="#f6e9cc" stroke="{INK}" stroke-width="5" stroke-linejoin="round"/>'
    body = (
        shadow(64, 118, 44, 6)
        + f'<circle cx="64" cy="62" r="56" fill="url(#ptokG)" {STROKE}/>'
        + '<circle cx="64" cy="62" r="48" fill="none" stroke="#f2b84b" stroke-width="3"/>'
        + group(camel, 23, 20, 0.64)
    )
    return defs, body


def seal() -> Art:
    """A red wax seal with an embossed lantern star."""
    pts = []
    for i in range(72):
        a = 2 * math.pi * i / 72
        r = 54 + 3.5 * math.sin(7 * a) + 2 * math.sin(13 * a + 1)
        pts.append(f"{64 + r * math.cos(a):.1f},{64 + r * math.sin(a):.1f}")
    defs = rad("waxG", [(0, "#ff7a5c"), (60, "#c8282a"), (100, "#7a0f18")], 40, 35, 75) + rad(
        "waxIn", [(0, "#a8181e"), (100, "#d83a34")], 50, 50, 60
    )
    body = (
        shadow(64, 120, 46, 6)
        + f'<polygon points="{" ".join(pts)}" fill="url(#waxG)" {STROKE}/>'
        + '<circle cx="64" cy="64" r="38" fill="url(#waxIn)" stroke="#6a0c14" stroke-width="3"/>'
        + f'<polygon points="{star_points(64, 64, 24, 10, 8)}" fill="#ff9a7a" fill-opacity="0.9" '
        'stroke="#6a0c14" stroke-width="2.5" stroke-linejoin="round"/>'
        + '<circle cx="64" cy="64" r="6" fill="#6a0c14"/>'
        + shine(42, 34, 12, 5, -35, 0.4)
    )
    return defs, body


ICONS = {
    "good_pearl": pearl,
    "good_amber": amber,
    "good_jade": jade,
    "good_silk": silk,
    "good_spice": spice,
    "good_leather": leather,
    "good_porter": porter,
    "coin": coin,
    "bonus_token": bonus_token,
    "porter_token": porter_token,
    "seal": seal,
}
