"""Card faces, the card glow, the lantern emblem and the logo."""

from __future__ import annotations

from sprites.art_common import INK, lin, poly_points, rad, star_points

Art = tuple[str, str]
GLOW_MARGIN = 12


def lantern_defs() -> str:
    """Gradients used by lantern()."""
    return (
        rad("lanBody", [(0, "#ffe9a0"), (35, "#ff9a3a"), (75, "#d8402a"), (100, "#8a1e1a")], 45, 45, 60)
        + lin("lanCap", [(0, "#ffe29a"), (100, "#a8641c")])
        + rad("lanGlow", [(0, "#ffb347", 0.75), (45, "#ff8a2a", 0.25), (100, "#ff6a1a", 0)])
    )


def lantern(glow: bool = True) -> str:
    """A hanging paper lantern centred at (0,0), about 100 wide and 160 tall."""
    ribs = "".join(
        f'<path d="M{x},-42 C{x * 1.6:.0f},-20 {x * 1.6:.0f},20 {x},42" fill="none" stroke="#7a1a14" '
        'stroke-width="2.5" stroke-opacity="0.6"/>'
        for x in (-30, -12, 12, 30)
    )
    halo = '<circle cx="0" cy="0" r="100" fill="url(#lanGlow)"/>' if glow else ""
    return (
        halo
        + f'<line x1="0" y1="-80" x2="0" y2="-50" stroke="{INK}" stroke-width="4"/>'
        + '<circle cx="0" cy="-82" r="7" fill="none" stroke="#f2b84b" stroke-width="4"/>'
        + f'<path d="M-48,0 C-48,-34 -30,-46 0,-46 C30,-46 48,-34 48,0 C48,34 30,46 0,46 C-30,46 '
        f'-48,34 -48,0 Z" '
        f'fill="url(#lanBody)" stroke="{INK}" stroke-width="4"/>'
        + ribs
        + f'<rect x="-24" y="-56" width="48" height="14" rx="4" fill="url(#lanCap)" '
        f'stroke="{INK}" stroke-width="3.5"/>'
        + f'<rect x="-24" y="42" width="48" height="14" rx="4" fill="url(#lanCap)" stroke="{INK}" '
        f'stroke-width="3.5"/>'
        + f'<line x1="0" y1="56" x2="0" y2="66" stroke="{INK}" stroke-width="4"/>'
        + f'<path d="M-7,64 L7,64 L10,92 L-10,92 Z" fill="#e0503a" stroke="{INK}" stroke-width="3"/>'
        + '<ellipse cx="-18" cy="-18" rx="9" ry="16" fill="#fff6d0" fill-opacity="0.45" '
        'transform="rotate(20 -18 -18)"/>'
    )


def card_front() -> Art:
    """Blank parchment card (140x200) with an ornate thin border and an empty centre."""
    defs = rad("parch", [(0, "#fff8e6"), (70, "#f3e2bc"), (100, "#e0c692")], 50, 45, 75)
    corners = "".join(
        f'<g transform="translate({x},{y})"><polygon points="0,-6 6,0 0,6 -6,0" fill="#c8923a" '
        f'stroke="#7a4a1a" stroke-width="1"/><circle r="1.8" fill="#fff6d8"/></g>'
        for x, y in ((14, 14), (126, 14), (14, 186), (126, 186))
    )
    flourish = "".join(
        f'<path d="M52,{y} C60,{y + d} 66,{y + d} 70,{y} C74,{y + d} 80,{y + d} 88,{y}" fill="none" '
        f'stroke="#b07a34" stroke-width="1.4"/><circle cx="70" cy="{y}" r="2" fill="#b07a34"/>'
        for y, d in ((20, -4), (180, 4))
    )
    body = (
        f'<rect x="1" y="1" width="138" height="198" rx="12" fill="url(#parch)" stroke="{INK}" '
        f'stroke-width="2"/>'
        '<rect x="8" y="8" width="124" height="184" rx="7" fill="none" stroke="#c8923a" stroke-width="1.6"/>'
        '<rect x="11.5" y="11.5" width="117" height="177" rx="5" fill="none" stroke="#8a5a24" '
        'stroke-width="0.8" stroke-opacity="0.7"/>' + corners + flourish
    )
    return defs, body


def _lattice(x0: float, y0: float, x1: float, y1: float, step: float) -> str:
    """45-degree lattice lines clipped by hand to a rectangle (nanosvg has no clipPath)."""
    segs = []
    w, h = x1 - x0, y1 - y0
    k = -h
    while k < w:
        for sign in (1, -1):
            pts = []
            for t in (0, h):
                x = x0 + (k + t if sign == 1 else w - k - t)
                pts.append((x, y0 + t))
            (ax, ay), (bx, by) = pts
            # clip the segment to x0..x1 along its own direction
            dx = (bx - ax) / h
            t0 = max(0.0, (x0 - ax) / dx if dx > 0 else (x1 - ax) / dx)
            t1 = min(h, (x1 - ax) / dx if dx > 0 else (x0 - ax) / dx)
            if t1 > t0:
                segs.append(f"M{ax + dx * t0:.1f},{ay + t0:.1f} L{ax + dx * t1:.1f},{ay + t1:.1f}")
        k += step
    return f'<path d="{" ".join(segs)}" stroke="#f2b84b" stroke-width="1" stroke-opacity="0.35" fill="none"/>'


def card_back() -> Art:
    """Patterned card back (140x200): plum field, gold lattice and a lantern medallion."""
    defs = (
        rad("backG", [(0, "#5a2a5e"), (100, "#241233")], 50, 45, 75)
        + rad("medal", [(0, "#3a1d3f"), (100, "#17122b")])
        + lantern_defs()
    )
    body = (
        f'<rect x="1" y="1" width="138" height="198" rx="12" fill="url(#backG)" stroke="{INK}" '
        f'stroke-width="2"/>'
        + _lattice(12, 12, 128, 188, 14)
        + '<rect x="8" y="8" width="124" height="184" rx="7" fill="none" stroke="#f2b84b" stroke-width="2"/>'
        + '<rect x="12" y="12" width="116" height="176" rx="5" fill="none" stroke="#f2b84b" '
        'stroke-width="0.8"/>'
        + '<circle cx="70" cy="100" r="38" fill="url(#medal)" stroke="#f2b84b" stroke-width="3"/>'
        + '<circle cx="70" cy="100" r="33" fill="none" stroke="#f2b84b" stroke-width="1" '
        'stroke-dasharray="2 3"/>'
        + f'<g transform="translate(70,104) scale(0.4)">{lantern()}</g>'
        + "".join(
            f'<polygon points="{star_points(x, y, 5, 2)}" fill="#ffe29a"/>'
            for x, y in ((70, 30), (70, 170), (30, 100), (110, 100))
        )
    )
    return defs, body


def card_glow() -> str:
    """White outline glow (card 140x200 plus a 12 px margin each side) for tinting."""
    m = GLOW_MARGIN
    rings = []
    for i in range(m):
        op = 0.85 * (1 - i / m) ** 2
        rings.append(
            f'<rect x="{m - i:g}" y="{m - i:g}" width="{140 + 2 * i:g}" height="{200 + 2 * i:g}" '
            f'rx="{12 + i:g}" fill="none" stroke="#fff" stroke-width="1.2" stroke-opacity="{op:.3f}"/>'
        )
    inner = (
        f'<rect x="{m + 1.5:g}" y="{m + 1.5:g}" width="137" height="197" rx="11" fill="none" stroke="#fff" '
        'stroke-width="3"/>'
    )
    return "".join(rings) + inner


def logo() -> Art:
    """The Market Hall emblem (256x256): a glowing lantern in a gold octagon badge."""
    defs = (
        lantern_defs()
        + rad("badge", [(0, "#3a1d3f"), (100, "#140c22")])
        + lin("rimG", [(0, "#ffe29a"), (100, "#a8641c")], 0, 0, 100, 100)
    )
    body = (
        f'<polygon points="{poly_points(128, 128, 120, 8, -67.5)}" fill="url(#rimG)" '
        f'stroke="{INK}" stroke-width="4"/>'
        + f'<polygon points="{poly_points(128, 128, 106, 8, -67.5)}" fill="url(#badge)" stroke="{INK}" '
        'stroke-width="3"/>'
        + f'<polygon points="{poly_points(128, 128, 98, 8, -67.5)}" fill="none" stroke="#f2b84b" '
        f'stroke-width="1.5" '
        'stroke-dasharray="4 4"/>'
        + f'<g transform="translate(128,136) scale(0.95)">{lantern()}</g>'
        + "".join(
            f'<polygon points="{star_points(x, y, r, r * 0.4)}" fill="#ffe29a"/>'
            for x, y, r in ((62, 86, 7), (194, 86, 7), (70, 176, 5), (186, 176, 5))
        )
    )
    return defs, body
