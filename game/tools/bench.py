"""`market-hall bench`: frame time of a scripted busy table, against a bare fill+flip loop.

The busy table is drawn the way table scenes draw: the felt and static piles once, then each
frame only what moves (40 cards in flight, 4 animated meters, counting purses, 6 pygame-gui
buttons) is redrawn and presented as dirty rectangles. Prints one JSON object.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import GOLD
from rules.registry import GAME_MODULES

if TYPE_CHECKING:
    from game.services.assets import Assets

GOODS = ("good_pearl", "good_amber", "good_jade", "good_silk", "good_spice", "good_leather", "good_porter")
CARD = (140, 200)


def _stats(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def card_face(assets: Assets, good: str) -> pygame.Surface:
    """A card sprite: frame plus the good's icon (cached by the asset cache)."""
    def make() -> pygame.Surface:
        surf = assets.image("card_front", CARD).copy()
        icon = assets.image(good, (96, 96))
        surf.blit(icon, icon.get_rect(center=(CARD[0] // 2, CARD[1] // 2)))
        return surf

    return assets.cached(f"card#{good}", CARD, make)


def _bare(display, frames: int) -> list[float]:  # type: ignore[no-untyped-def]
    samples = []
    for i in range(frames):
        t0 = time.perf_counter()
        display.canvas.fill((20 + i % 40, 60, 50))
        display.present(None)
        samples.append(time.perf_counter() - t0)
    return samples


class BusyTable:
    """The scripted table: static background, moving cards, meters, counters, widgets."""

    def __init__(self, display, assets, text, flying: int = 40) -> None:  # type: ignore[no-untyped-def]
        from game.draw.ui import CanvasUIManager, button
        from game.draw.widgets import felt

        self.display, self.assets, self.text = display, assets, text
        # an opaque picture kept in alpha format: restoring small areas from it takes the fast SIMD blit path
        self.bg = pygame.Surface(display.canvas.get_size()).convert_alpha()
        felt(self.bg, assets)
        for i in range(60):  # static market and hands
            self.bg.blit(card_face(assets, GOODS[i % 7]), (60 + (i % 15) * 120, 380 + (i // 15) * 150))
        coin = assets.image("coin", (64, 64))
        for p in range(6):
            for k in range(6):
                self.bg.blit(coin, (200 + p * 260, 250 - k * 8))
        self.ui = CanvasUIManager(display.to_logical)
        self.buttons = [button(self.ui, (300 + i * 230, 960, 210, 80), f"Move {i + 1}") for i in range(6)]
        self.faces = [card_face(assets, GOODS[i % 7]) for i in range(flying)]
        self.prev: list[pygame.Rect] = []

    def frame(self, t: float) -> list[pygame.Rect]:
        canvas = self.display.canvas
        for r in self.prev:  # erase last frame's movers
            canvas.blit(self.bg, r, r)
        rects = []
        for i, face in enumerate(self.faces):
            a = t * 0.9 + i * 0.37
            x = 960 + math.cos(a) * (300 + (i % 5) * 120) - 70
            y = 560 + math.sin(a * 1.3) * 260 - 100
            rects.append(canvas.blit(face, (x, y)))
        for m in range(4):  # market meters
            r = pygame.Rect(1500, 120 + m * 60, 360, 36)
            canvas.blit(self.bg, r, r)
            fill = r.copy()
            fill.w = int(r.w * (0.5 + 0.5 * math.sin(t * 2 + m)))
            pygame.draw.rect(canvas, (230, 150, 60), fill, border_radius=8)
            pygame.draw.rect(canvas, (255, 220, 150), r, 2, border_radius=8)
            rects.append(r)
        for p in range(2):  # purses counting up
            r = pygame.Rect(80 + p * 500, 40, 300, 70)
            canvas.blit(self.bg, r, r)
            self.text.draw(canvas, f"{int(t * 7 + p * 13) % 100} coins", r.topleft, 44, GOLD, bold=True)
            rects.append(r)
        self.ui.update(1 / 60)
        for b in self.buttons:
            canvas.blit(self.bg, b.rect, b.rect)
        self.ui.draw_ui(canvas)
        rects += [b.rect.copy() for b in self.buttons]
        self.prev = rects[: len(self.faces)]
        return rects


def _table_run(display, assets, text, frames: int, flying: int, pace: bool) -> list[float]:  # type: ignore[no-untyped-def]
    table = BusyTable(display, assets, text, flying)
    display.canvas.blit(table.bg, (0, 0))
    display.present(None)
    clock = pygame.time.Clock()
    samples = []
    for i in range(frames):
        t0 = time.perf_counter()
        pygame.event.pump()
        display.present(table.frame(i / 60))
        samples.append(time.perf_counter() - t0)
        if pace:
            clock.tick(60)
    return samples


def _floor_run(frames: int, size: tuple[int, int], warmup: float) -> tuple[list[float], dict[str, float]]:
    """The real Swap Meet floor, six seats (five Hard bots at fast speed), after `warmup` s of trading."""
    import tempfile

    from game.compose import compose_app
    from game.scenes.swap_meet.scene import SwapMeetScene
    from game.shell.app import AppOptions
    from game.shell.loop import FakeClock
    from rules.contract import MatchConfig, SeatConfig

    os.environ["MARKET_HALL_HOME"] = tempfile.mkdtemp(prefix="market-hall-bench-")  # never touch real settings
    clock = FakeClock()
    app = compose_app(AppOptions(size=size, pace=False, seed=1, bot_threads=False), clock=clock)
    app.display.shown = True  # measure the copy to the window too
    app.update_settings(seen_briefings=("swap-meet",), bot_speed="fast")
    seats = (SeatConfig("You"),) + tuple(SeatConfig(f"Bot {i}", "hard") for i in range(1, 6))
    floor = SwapMeetScene.new(app, MatchConfig(seats, {"round_seconds": 180}), 7)
    app.stack.reset(floor)
    for _ in range(round(warmup * 60)):
        clock.advance(1 / 60)
        app.frame()
    samples = []
    for _ in range(frames):
        clock.advance(1 / 60)
        t0 = time.perf_counter()
        app.frame()
        samples.append(time.perf_counter() - t0)
    market = dict(floor.table.view(0).market)
    return samples, {k: round(v, 2) for k, v in market.items()}


def run_bench(frames: int = 600, size: tuple[int, int] = (1920, 1080), windowed: bool = False,
              part: str = "all", warmup: float = 20.0, matches: int = 10) -> int:
    """Measure and print one JSON object. Frames: the busy table (40 cards in flight) is the
    headline; `light` is a table at rest with 4 cards in flight; `bare` is fill + full flip; then
    the real Swap Meet floor. Rules: random whole-match playouts per second. Bots: think time.
    Relay-move: the relay's CPU per Night Market move (game/tools/bench_relay.py). Strength (only
    when asked: it plays whole matches of every level against every other, minutes of CPU):
    `matches` per pairing, per game."""
    from game.tools import bench_rules
    result: dict[str, Any] = {"frames": frames, "size": f"{size[0]}x{size[1]}"}
    if part == "strength":
        from game.tools.bench_strength import strength
        result = {"strength": {name: strength(name, matches) for name in GAME_MODULES},
                  "load": [round(x, 2) for x in os.getloadavg()]}
    if part in ("all", "frames"):
        result.update(_frame_bench(frames, size, windowed, warmup))
    if part in ("all", "rules"):
        result["rules"] = {name: bench_rules.throughput(name) for name in GAME_MODULES}
    if part in ("all", "bots"):
        result["bots"] = {name: bench_rules.thinking(name) for name in GAME_MODULES}
    if part in ("all", "relay-move"):
        from game.tools import bench_relay
        result["relay_move"] = bench_relay.cpu_per_move()
    print(json.dumps(result))
    return 0


def _frame_bench(frames: int, size: tuple[int, int], windowed: bool, warmup: float) -> dict[str, Any]:
    from game.draw.text import Text
    from game.services.assets import Assets
    from game.shell.display import Display

    pygame.init()
    display = Display(size, shown=True)  # the copy to the window is part of a frame's cost
    assets, text = Assets(), Text()
    bare = _bare(display, frames)
    busy = _table_run(display, assets, text, frames, 40, pace=False)
    light = _table_run(display, assets, text, frames, 4, pace=windowed)
    result: dict[str, Any] = {**_stats(busy), "light": _stats(light), "bare": _stats(bare),
              "video_driver": pygame.display.get_driver()}
    pygame.quit()
    floor, market = _floor_run(frames, size, warmup)
    result["swap_meet_floor"] = {**_stats(floor), "market": market}
    result["ratio_median"] = round(result["median_ms"] / max(result["bare"]["median_ms"], 1e-6), 2)
    result["ratio_p99"] = round(result["p99_ms"] / max(result["bare"]["p99_ms"], 1e-6), 2)
    pygame.quit()
    return result
