"""PNG textures drawn with pygame: the seamless table felt and the night-bazaar title backdrop."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pygame

Color = tuple[int, int, int]


def _lerp(a: Color, b: Color, t: float) -> Color:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def tile_noise(size: int, cells: int, rng: random.Random) -> list[float]:
    """Smooth value noise in 0..1 that wraps at the tile edge (cells lattice points per side)."""
    grid = [[rng.random() for _ in range(cells)] for _ in range(cells)]
    out = []
    step = size / cells
    for y in range(size):
        gy, fy = divmod(y / step, 1)
        y0, y1 = int(gy) % cells, (int(gy) + 1) % cells
        sy = fy * fy * (3 - 2 * fy)
        for x in range(size):
            gx, fx = divmod(x / step, 1)
            x0, x1 = int(gx) % cells, (int(gx) + 1) % cells
            sx = fx * fx * (3 - 2 * fx)
            top = grid[y0][x0] + (grid[y0][x1] - grid[y0][x0]) * sx
            bot = grid[y1][x0] + (grid[y1][x1] - grid[y1][x0]) * sx
            out.append(top + (bot - top) * sy)
    return out


def felt(size: int = 256, seed: int = 3) -> pygame.Surface:
    """Seamless deep teal-green felt with soft mottling and fine grain."""
    rng = random.Random(seed)
    octaves = [(tile_noise(size, c, rng), w) for c, w in ((4, 0.25), (8, 0.3), (16, 0.25), (64, 0.2))]
    dark, light = (10, 44, 44), (26, 78, 72)
    buf = bytearray()
    for i in range(size * size):
        v = sum(n[i] * w for n, w in octaves)
        grain = rng.uniform(-0.08, 0.08)
        r, g, b = _lerp(dark, light, min(1.0, max(0.0, 0.5 + (v - 0.5) * 1.3 + grain)))
        buf += bytes((r, g, b))
    return pygame.image.frombuffer(bytes(buf), (size, size), "RGB").copy()


def glow_disc(radius: int, col: Color) -> pygame.Surface:
    """A black-backed additive glow: bright centre fading to nothing at radius."""
    surf = pygame.Surface((radius * 2, radius * 2))
    for r in range(radius, 0, -2):
        k = (1 - r / radius) ** 2.2
        pygame.draw.circle(surf, (int(col[0] * k), int(col[1] * k), int(col[2] * k)), (radius, radius), r)
    return surf


def sky(surf: pygame.Surface) -> None:
    """Vertical night gradient from ink-blue through plum to a warm horizon, then dark ground."""
    w, h = surf.get_size()
    keys = [
        (0.0, (8, 6, 24)),
        (0.45, (30, 16, 52)),
        (0.72, (84, 34, 58)),
        (0.76, (40, 18, 34)),
        (1.0, (14, 8, 16)),
    ]
    for y in range(h):
        t = y / h
        for (t0, c0), (t1, c1) in zip(keys, keys[1:], strict=False):
            if t0 <= t <= t1:
                pygame.draw.line(surf, _lerp(c0, c1, (t - t0) / (t1 - t0)), (0, y), (w, y))
                break


def stars_and_moon(surf: pygame.Surface, rng: random.Random) -> None:
    """Scattered stars and a large moon with a halo, top right."""
    w, h = surf.get_size()
    for _ in range(320):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.6))
        c = rng.randrange(90, 230)
        surf.set_at((x, y), (c, c, min(255, c + 20)))
        if rng.random() < 0.08:
            pygame.draw.circle(surf, (c, c, c), (x, y), 2)
    surf.blit(glow_disc(260, (90, 80, 50)), (1560 - 260, 200 - 260), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.circle(surf, (236, 222, 176), (1560, 200), 74)
    for dx, dy, r in ((-22, -14, 14), (18, 22, 18), (24, -26, 8)):
        pygame.draw.circle(surf, (214, 196, 146), (1560 + dx, 200 + dy), r)


def far_stalls(surf: pygame.Surface, rng: random.Random, base: int, col: Color) -> None:
    """A skyline of tents, domes and pointed roofs along the horizon."""
    x = -40
    while x < surf.get_width() + 40:
        sw, bh = rng.randint(90, 180), rng.randint(40, 110)
        top = base - bh
        pygame.draw.rect(surf, col, (x, top, sw, base - top + 400))
        kind = rng.random()
        if kind < 0.4:
            pygame.draw.polygon(
                surf, col, [(x - 10, top), (x + sw // 2, top - rng.randint(40, 90)), (x + sw + 10, top)]
            )
        elif kind < 0.7:
            pygame.draw.ellipse(surf, col, (x, top - sw // 3, sw, sw * 2 // 3))
            pygame.draw.line(surf, col, (x + sw // 2, top - sw // 3), (x + sw // 2, top - sw // 3 - 30), 4)
        if rng.random() < 0.5:
            wx, wy = x + rng.randint(14, max(15, sw - 34)), top + rng.randint(10, 30)
            pygame.draw.rect(surf, (150, 84, 40), (wx, wy, 18, 24))
        x += sw + rng.randint(-10, 20)


def lantern(surf: pygame.Surface, x: int, y: int, s: float, glow: pygame.Surface) -> None:
    """A small glowing paper lantern hanging at (x, y)."""
    surf.blit(
        glow, (x - glow.get_width() // 2, y - glow.get_height() // 2), special_flags=pygame.BLEND_RGB_ADD
    )
    w, h = int(34 * s), int(40 * s)
    pygame.draw.ellipse(surf, (214, 70, 44), (x - w // 2, y - h // 2, w, h))
    pygame.draw.ellipse(surf, (255, 170, 80), (x - w // 4, y - h // 3, w // 2, h * 2 // 3))
    for dy in (-h // 2 - int(4 * s), h // 2):
        pygame.draw.rect(surf, (226, 168, 70), (x - w // 4, y + dy, w // 2, int(5 * s) + 1))


def garland(
    surf: pygame.Surface, p0: tuple[int, int], p1: tuple[int, int], sag: int, n: int, s: float
) -> None:
    """A sagging string of lanterns between p0 and p1."""
    glow = glow_disc(int(90 * s), (255, 150, 60))
    pts = []
    for i in range(61):
        t = i / 60
        pts.append((p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t + sag * math.sin(math.pi * t)))
    pygame.draw.aalines(surf, (20, 12, 16), False, pts)
    for i in range(1, n + 1):
        px, py = pts[round(60 * i / (n + 1))]
        pygame.draw.line(surf, (20, 12, 16), (px, py), (px, py + 14 * s))
        lantern(surf, int(px), int(py + 32 * s), s, glow)


def near_stall(surf: pygame.Surface, x: int, w: int, top: int, stripe: Color) -> None:
    """A big foreground stall: dark body, striped scalloped awning, warm light spilling below."""
    h = surf.get_height()
    light = glow_disc(w // 2 + 60, (150, 80, 30))
    surf.blit(light, (x + w // 2 - light.get_width() // 2, top + 60), special_flags=pygame.BLEND_RGB_ADD)
    pygame.draw.rect(surf, (18, 10, 18), (x + 16, top + 80, 22, h - top))
    pygame.draw.rect(surf, (18, 10, 18), (x + w - 38, top + 80, 22, h - top))
    pygame.draw.rect(surf, (28, 14, 20), (x - 10, h - 170, w + 20, 170))
    pygame.draw.rect(surf, (120, 66, 30), (x - 10, h - 176, w + 20, 12))
    pygame.draw.polygon(
        surf, (22, 12, 20), [(x - 20, top + 10), (x + w // 2, top - 70), (x + w + 20, top + 10)]
    )
    n = max(4, w // 70)
    sw = w / n
    for i in range(n):
        col = stripe if i % 2 == 0 else (236, 220, 188)
        shade = tuple(int(c * 0.62) for c in col)
        rx = int(x + i * sw)
        pygame.draw.rect(surf, shade, (rx, top, int(sw) + 1, 70))
        pygame.draw.ellipse(surf, shade, (rx, top + 46, int(sw) + 1, 44))
    pygame.draw.line(surf, (16, 8, 14), (x - 20, top + 10), (x + w + 20, top + 10), 6)


def vignette(size: tuple[int, int]) -> pygame.Surface:
    """A multiply layer darkening the corners and edges."""
    sw, sh = 96, 54
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            d = math.hypot((x - sw / 2) / (sw / 2), (y - sh / 2) / (sh / 2)) / math.sqrt(2)
            k = int(255 * max(0.35, 1 - 0.75 * d**2.2))
            small.set_at((x, y), (k, k, k))
    return pygame.transform.smoothscale(small, size)


def title_bg(size: tuple[int, int] = (1920, 1080), seed: int = 21) -> pygame.Surface:
    """The night-bazaar title backdrop: sky, moon, skyline, lantern strings, lit stalls; no text."""
    rng = random.Random(seed)
    surf = pygame.Surface(size)
    sky(surf)
    stars_and_moon(surf, rng)
    horizon = int(size[1] * 0.78)
    far_stalls(surf, rng, horizon - 40, (36, 20, 46))
    far_stalls(surf, rng, horizon + 10, (22, 12, 28))
    garland(surf, (-40, 90), (size[0] + 40, 140), 160, 9, 1.0)
    garland(surf, (-40, 430), (size[0] + 40, 400), 90, 14, 0.6)
    near_stall(surf, -60, 520, 560, (190, 52, 40))
    near_stall(surf, size[0] - 460, 520, 540, (60, 130, 110))
    surf.blit(vignette(size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def write_pngs(out: Path) -> list[str]:
    """Render and save felt.png and title_bg.png into out; return the names."""
    pygame.image.save(felt(), str(out / "felt.png"))
    pygame.image.save(title_bg(), str(out / "title_bg.png"))
    return ["felt.png", "title_bg.png"]
