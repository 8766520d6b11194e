"""Shared palette and small SVG-building helpers for the Market Hall art."""

from __future__ import annotations

import math

INK = "#2a1a12"
GOLD = "#f2b84b"
GOLD_LIGHT = "#ffe29a"
GOLD_DARK = "#a8641c"
CREAM = "#f6e9cc"
NIGHT = "#17122b"
PLUM = "#3a1d3f"
LANTERN = "#e0503a"

Stops = list[tuple[float, str] | tuple[float, str, float]]


def svg(w: int, h: int, body: str, defs: str = "") -> str:
    """Wrap body (and optional defs) in a complete SVG document."""
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
    defs_block = f"<defs>{defs}</defs>" if defs else ""
    return f"{head}\n{defs_block}\n{body}\n</svg>\n"


def _stops(stops: Stops) -> str:
    out = []
    for stop in stops:
        off, col = stop[0], stop[1]
        op = stop[2] if len(stop) > 2 else 1.0
        out.append(f'<stop offset="{off:g}%" stop-color="{col}" stop-opacity="{op:g}"/>')
    return "".join(out)


def lin(gid: str, stops: Stops, x1: int = 0, y1: int = 0, x2: int = 0, y2: int = 100) -> str:
    """A linear gradient with percentage coordinates (bare 0..1 renders white in nanosvg)."""
    return (
        f'<linearGradient id="{gid}" x1="{x1}%" y1="{y1}%" x2="{x2}%" y2="{y2}%">'
        f"{_stops(stops)}</linearGradient>"
    )


def rad(
    gid: str,
    stops: Stops,
    cx: int = 50,
    cy: int = 50,
    r: int = 50,
    fx: int | None = None,
    fy: int | None = None,
) -> str:
    """A radial gradient with percentage coordinates."""
    fx = cx if fx is None else fx
    fy = cy if fy is None else fy
    return (
        f'<radialGradient id="{gid}" cx="{cx}%" cy="{cy}%" r="{r}%" fx="{fx}%" fy="{fy}%">'
        f"{_stops(stops)}</radialGradient>"
    )


def group(body: str, tx: float = 0, ty: float = 0, s: float = 1, rot: float = 0) -> str:
    """Place body translated, rotated (degrees) and scaled."""
    parts = [f"translate({tx:g},{ty:g})"]
    if rot:
        parts.append(f"rotate({rot:g})")
    if s != 1:
        parts.append(f"scale({s:g})")
    return f'<g transform="{" ".join(parts)}">{body}</g>'


def shadow(cx: float, cy: float, rx: float, ry: float, op: float = 0.28) -> str:
    """A soft ground shadow ellipse."""
    return f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx:g}" ry="{ry:g}" fill="#000" fill-opacity="{op:g}"/>'


def shine(cx: float, cy: float, rx: float, ry: float, rot: float = -30, op: float = 0.7) -> str:
    """A white specular highlight."""
    return (
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx:g}" ry="{ry:g}" fill="#fff" fill-opacity="{op:g}" '
        f'transform="rotate({rot:g} {cx:g} {cy:g})"/>'
    )


def scallop_rect(x: float, y: float, w: float, h: float, r: float, n_w: int, n_h: int) -> str:
    """Path data for a rectangle whose edges carry n semicircular perforation notches."""

    def edge(x0: float, y0: float, dx: float, dy: float, length: float, n: int) -> list[str]:
        step = length / n
        cmds = []
        for i in range(n):
            mid = (i + 0.5) * step
            a = (x0 + dx * (mid - r), y0 + dy * (mid - r))
            b = (x0 + dx * (mid + r), y0 + dy * (mid + r))
            cmds.append(f"L{a[0]:.2f},{a[1]:.2f}")
            cmds.append(f"A{r:g},{r:g} 0 0 0 {b[0]:.2f},{b[1]:.2f}")
        cmds.append(f"L{x0 + dx * length:.2f},{y0 + dy * length:.2f}")
        return cmds

    d = [f"M{x:g},{y:g}"]
    d += edge(x, y, 1, 0, w, n_w)
    d += edge(x + w, y, 0, 1, h, n_h)
    d += edge(x + w, y + h, -1, 0, w, n_w)
    d += edge(x, y + h, 0, -1, h, n_h)
    return " ".join(d) + " Z"


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5, rot: float = -90) -> str:
    """Polygon points for an n-pointed star."""
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
    return " ".join(pts)


def poly_points(cx: float, cy: float, r: float, n: int, rot: float = -90) -> str:
    """Polygon points for a regular n-gon."""
    return " ".join(
        f"{cx + r * math.cos(math.radians(rot + i * 360 / n)):.2f},"
        f"{cy + r * math.sin(math.radians(rot + i * 360 / n)):.2f}"
        for i in range(n)
    )
