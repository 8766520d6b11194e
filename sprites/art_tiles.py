"""The three illustrated 5:6 game tiles (500x600), composed from the icon art."""

from __future__ import annotations

import random

from sprites import art_goods as goods
from sprites import art_stamp as stamps
from sprites import art_swap as swap
from sprites.art_cards import lantern, lantern_defs
from sprites.art_common import INK, group, lin, rad, scallop_rect

W, H = 500, 600


def frame(sky_id: str) -> tuple[str, str]:
    """Rounded tile background filled with a sky gradient and a gold rim (rim drawn by rim())."""
    defs = lin("tileShade", [(0, "#000", 0), (60, "#000", 0), (100, "#0a0612", 0.85)])
    body = f'<rect x="4" y="4" width="492" height="592" rx="30" fill="url(#{sky_id})"/>'
    return defs, body


def rim() -> str:
    """Bottom shade for the title plus the gold rim."""
    return (
        '<rect x="4" y="4" width="492" height="592" rx="30" fill="url(#tileShade)"/>'
        f'<rect x="4" y="4" width="492" height="592" rx="30" fill="none" stroke="{INK}" stroke-width="8"/>'
        '<rect x="10" y="10" width="480" height="580" rx="25" fill="none" stroke="#f2b84b" stroke-width="4"/>'
        '<rect x="17" y="17" width="466" height="566" rx="20" fill="none" stroke="#ffe29a" '
        'stroke-width="1.2" '
        'stroke-opacity="0.5"/>'
    )


def stars(seed: int, n: int, y_max: int) -> str:
    """Scattered twinkling stars."""
    rng = random.Random(seed)
    return "".join(
        f'<circle cx="{rng.uniform(24, 476):.0f}" cy="{rng.uniform(24, y_max):.0f}" '
        f'r="{rng.uniform(0.8, 2.4):.1f}" '
        f'fill="#fff6d8" fill-opacity="{rng.uniform(0.35, 0.95):.2f}"/>'
        for _ in range(n)
    )


def garland(x0: float, y0: float, x1: float, y1: float, sag: float, n: int, scale: float) -> str:
    """A sagging string with n lanterns hanging from it."""
    mx, my = (x0 + x1) / 2, max(y0, y1) + sag
    out = [f'<path d="M{x0},{y0} Q{mx},{my + sag} {x1},{y1}" fill="none" stroke="#1a0f14" stroke-width="3"/>']
    for i in range(1, n + 1):
        t = i / (n + 1)
        x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * mx + t * t * x1
        y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * (my + sag) + t * t * y1
        out.append(group(lantern(), x, y + 82 * scale, scale))
    return "".join(out)


def awning(x: float, y: float, w: float, n: int, col: str, col2: str = "#f6e9cc") -> str:
    """A striped market awning with a scalloped hem."""
    sw = w / n
    stripes = "".join(
        f'<path d="M{x + i * sw:.1f},{y} L{x + (i + 1) * sw:.1f},{y} L{x + (i + 1) * sw:.1f},{y + 40} '
        f'A{sw / 2:.1f},{sw / 2.6:.1f} 0 0 1 {x + i * sw:.1f},{y + 40} Z" '
        f'fill="{col if i % 2 == 0 else col2}" '
        f'stroke="{INK}" stroke-width="3" stroke-linejoin="round"/>'
        for i in range(n)
    )
    return (
        f'<path d="M{x - 8},{y + 2} L{x + w / 2},{y - 26} L{x + w + 8},{y + 2} Z" fill="#2a1420" '
        f'stroke="{INK}" stroke-width="3" stroke-linejoin="round"/>' + stripes
    )


def counter(x: float, y: float, w: float, h: float) -> str:
    """A wooden stall counter."""
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="url(#woodG)" stroke="{INK}" '
        f'stroke-width="4"/>'
        f'<rect x="{x - 6}" y="{y - 8}" width="{w + 12}" height="12" rx="4" fill="#c8843e" stroke="{INK}" '
        f'stroke-width="4"/>'
    )


WOOD = lin("woodG", [(0, "#9a5a2a"), (100, "#4a2612")])


def place(art: tuple[str, str], x: float, y: float, s: float, rot: float = 0) -> tuple[str, str]:
    """An icon's defs and its body centred at (x, y) with scale s."""
    defs, body = art
    return defs, group(group(body, -64, -64), x, y, s, rot)


def compose(parts: list[tuple[str, str]]) -> tuple[str, str]:
    """Concatenate (defs, body) parts."""
    return "".join(d for d, _ in parts), "".join(b for _, b in parts)


def night_market() -> tuple[str, str]:
    """Lanterns, a big moon and a stall counter of pearls, jade and amber."""
    sky = lin("nmSky", [(0, "#120c30"), (55, "#2e1848"), (100, "#6a2a48")])
    moon = rad("moonGlow", [(0, "#fff2c0", 0.55), (100, "#fff2c0", 0)])
    moon_face = rad("moonFace", [(0, "#fffbe8"), (100, "#f0d890")], 40, 35, 70)
    parts = [
        frame("nmSky"),
        (sky + moon + moon_face + lantern_defs() + WOOD, stars(7, 60, 320)),
        (
            "",
            '<circle cx="360" cy="130" r="120" fill="url(#moonGlow)"/>'
            f'<circle cx="360" cy="130" r="58" fill="url(#moonFace)" stroke="{INK}" stroke-width="3"/>'
            '<circle cx="340" cy="116" r="10" fill="#e6c878" fill-opacity="0.6"/>'
            '<circle cx="378" cy="150" r="14" fill="#e6c878" fill-opacity="0.5"/>'
            '<circle cx="372" cy="104" r="5" fill="#e6c878" fill-opacity="0.6"/>',
        ),
        (
            "",
            '<path d="M4,330 L60,250 L120,300 L180,230 L250,290 L330,240 L400,300 L496,260 '
            'L496,420 L4,420 Z" '
            'fill="#1c0f2a"/>',
        ),
        ("", garland(-10, 60, 510, 90, 70, 5, 0.34)),
        ("", awning(40, 300, 420, 8, "#c8342a")),
        (
            "",
            f'<rect x="52" y="342" width="10" height="120" fill="#3a2018" stroke="{INK}" stroke-width="3"/>'
            f'<rect x="438" y="342" width="10" height="120" fill="#3a2018" stroke="{INK}" stroke-width="3"/>',
        ),
        ("", counter(40, 420, 420, 70)),
        place(goods.amber(), 108, 380, 0.62),
        place(goods.jade(), 190, 378, 0.66),
        place(goods.pearl(), 268, 384, 0.55),
        place(goods.pearl(), 306, 392, 0.38),
        place(goods.silk(), 378, 384, 0.62),
        place(goods.coin(), 228, 420, 0.36),
        ("", rim()),
    ]
    return compose(parts)


def person(x: float, y: float, s: float, col: str) -> str:
    """A simple silhouette shopper."""
    return group(
        f'<circle cx="0" cy="-62" r="14" fill="{col}"/>'
        f'<path d="M-24,0 C-24,-34 -16,-44 0,-44 C16,-44 24,-34 24,0 Z" fill="{col}"/>',
        x,
        y,
        s,
    )


def clock_tower() -> str:
    """A clock tower silhouette with a lit face."""
    ticks = "".join(
        f'<line x1="250" y1="106" x2="250" y2="112" stroke="{INK}" stroke-width="3" '
        f'transform="rotate({a} 250 140)"/>'
        for a in range(0, 360, 30)
    )
    return (
        '<path d="M205,330 L205,90 L250,40 L295,90 L295,330 Z" fill="#142430" stroke="#0a141c" '
        'stroke-width="3"/>'
        '<circle cx="250" cy="140" r="44" fill="#f2b84b" fill-opacity="0.25"/>'
        f'<circle cx="250" cy="140" r="36" fill="#fff2c8" stroke="{INK}" stroke-width="4"/>'
        + ticks
        + f'<path d="M250,140 L250,116 M250,140 L268,148" stroke="{INK}" stroke-width="4" '
        f'stroke-linecap="round"/>'
    )


def swap_meet() -> tuple[str, str]:
    """Busy stalls under a clock tower, with crates, sacks, coins and a clothes rack."""
    sky = lin("smSky", [(0, "#0c1e30"), (60, "#1e4048"), (100, "#8a4a2a")])
    crowd = "".join(
        person(x, 420, s, c)
        for x, s, c in (
            (86, 1.0, "#25404a"),
            (156, 0.85, "#2e4c56"),
            (340, 0.9, "#2e4c56"),
            (412, 1.05, "#25404a"),
        )
    )
    parts = [
        frame("smSky"),
        (sky + WOOD + lantern_defs(), stars(11, 40, 220)),
        ("", clock_tower()),
        ("", crowd),
        ("", awning(20, 250, 190, 5, "#3f8a6a") + awning(290, 250, 190, 5, "#d97a2a")),
        ("", garland(-10, 236, 510, 236, 14, 4, 0.18)),
        ("", counter(20, 420, 190, 60) + counter(290, 420, 190, 60)),
        place(swap.crate(), 80, 372, 0.7),
        place(swap.sack(), 150, 376, 0.62),
        place(swap.coin_stack(), 350, 380, 0.62),
        place(swap.rack(), 430, 362, 0.78),
        place(swap.crate(), 250, 470, 0.9, -6),
        place(swap.sack(), 140, 478, 0.7, 8),
        place(goods.coin(), 356, 480, 0.5),
        ("", rim()),
    ]
    return compose(parts)


def mini_stamp(x: float, y: float, s: float, rot: float, col: str, icon: tuple[str, str]) -> tuple[str, str]:
    """A perforated stamp with a coloured field and a theme icon, centred at (x, y), 100 units * s."""
    defs, body = icon
    edge = scallop_rect(-50, -50, 100, 100, 3.4, 9, 9)
    art = (
        f'<path d="{edge}" fill="#fbf3dc" stroke="{INK}" stroke-width="2.5" stroke-linejoin="round"/>'
        f'<rect x="-40" y="-40" width="80" height="80" fill="{col}" stroke="{INK}" stroke-width="2"/>'
        + group(group(body, -64, -64), 0, 2, 0.56)
    )
    return defs, group(art, x, y, s, rot)


def album() -> str:
    """An open stamp album with a stitched spine."""
    grid = "".join(
        f'<rect x="{x}" y="{y}" width="46" height="50" fill="none" stroke="#c8a878" stroke-width="2" '
        'stroke-dasharray="4 3"/>'
        for x in (70, 130, 274, 334)
        for y in (372, 438)
    )
    return (
        '<path d="M40,350 C120,330 200,340 250,362 C300,340 380,330 460,350 L460,510 C380,490 '
        "300,500 250,520 "
        'C200,500 120,490 40,510 Z" fill="#5a1a2a" stroke="#1a0810" stroke-width="4"/>'
        '<path d="M52,352 C124,336 200,344 246,364 L246,506 C200,488 124,482 52,496 Z" fill="url(#pageG)" '
        f'stroke="{INK}" stroke-width="3"/>'
        '<path d="M448,352 C376,336 300,344 254,364 L254,506 C300,488 376,482 448,496 Z" fill="url(#pageG)" '
        f'stroke="{INK}" stroke-width="3"/>'
        '<line x1="250" y1="364" x2="250" y2="516" stroke="#c8923a" stroke-width="3" stroke-dasharray="6 5"/>'
        + grid
    )


def magnifier(x: float, y: float) -> str:
    """A brass-rimmed magnifying glass."""
    return (
        f'<line x1="{x + 50}" y1="{y + 50}" x2="{x + 110}" y2="{y + 110}" stroke="{INK}" stroke-width="22" '
        'stroke-linecap="round"/>'
        f'<line x1="{x + 50}" y1="{y + 50}" x2="{x + 108}" y2="{y + 108}" stroke="#7a3a1a" stroke-width="14" '
        'stroke-linecap="round"/>'
        f'<circle cx="{x}" cy="{y}" r="70" fill="url(#lens)" stroke="{INK}" stroke-width="6"/>'
        f'<circle cx="{x}" cy="{y}" r="62" fill="none" stroke="#f2b84b" stroke-width="8"/>'
        f'<path d="M{x - 42},{y - 14} A44,44 0 0 1 {x - 10},{y - 44}" fill="none" stroke="#fff" '
        f'stroke-width="7" '
        'stroke-linecap="round" stroke-opacity="0.7"/>'
    )


def stamp_swap() -> tuple[str, str]:
    """An open album, loose perforated stamps and a magnifying glass under lamplight."""
    sky = lin("ssSky", [(0, "#2a0f24"), (60, "#4a1a34"), (100, "#2a0f1c")])
    lamp = rad("lamp", [(0, "#ffcf7a", 0.5), (100, "#ffcf7a", 0)])
    page = lin("pageG", [(0, "#fff8e6"), (100, "#e8d3a6")], 0, 0, 100, 100)
    lens = rad("lens", [(0, "#e8fbff", 0.35), (100, "#8fd0e8", 0.25)], 40, 35, 70)
    paper = "".join(
        f'<circle cx="{x}" cy="{y}" r="3" fill="#ffcf7a" fill-opacity="0.12"/>'
        for x in range(40, 480, 40)
        for y in range(40, 340, 40)
    )
    parts = [
        frame("ssSky"),
        (sky + lamp + page + lens, paper + '<circle cx="120" cy="80" r="240" fill="url(#lamp)"/>'),
        ("", album()),
        mini_stamp(93, 397, 0.44, 0, "#3f8ad0", stamps.bird()),
        mini_stamp(153, 463, 0.44, 0, "#e07a9a", stamps.flower()),
        mini_stamp(357, 397, 0.44, 0, "#6fae7a", stamps.mountain()),
        mini_stamp(110, 190, 1.3, -12, "#3f8ad0", stamps.ship()),
        mini_stamp(250, 150, 1.2, 6, "#e0a040", stamps.train()),
        mini_stamp(388, 210, 1.2, 14, "#9a5ad6", stamps.flower()),
        place(stamps.rare(), 250, 60, 0.5),
        ("", magnifier(360, 420)),
        ("", rim()),
    ]
    return compose(parts)


TILES = {"tile_night_market": night_market, "tile_swap_meet": swap_meet, "tile_stamp_swap": stamp_swap}
