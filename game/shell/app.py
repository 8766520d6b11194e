"""The application: window, fixed-step loop, scene stack, input routing and the error boundary."""

from __future__ import annotations

import logging
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.draw.anim import time_scale
from game.draw.text import Text
from game.relay.refusals import HOST_QUIT
from game.services import settings as settings_mod
from game.services.assets import Assets
from game.services.audio import Audio, init_mixer
from game.services.memory import collect_young, give_back, tune
from game.services.settings import Settings
from game.shell import interrupt
from game.shell.display import LOGICAL_H, LOGICAL_W, Display
from game.shell.layers import Layer
from game.shell.loop import FixedStep
from game.shell.overlays import FrameMeter, Toasts
from game.shell.pointer import PointerLayer
from game.shell.scene import Scene, SceneStack
from game.text import tr
from rules.refusal import Refusal

if TYPE_CHECKING:
    from game.online.hosting import Hosting

log = logging.getLogger(__name__)

POINTER_TYPES = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
                 pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
FADE = 0.22
SceneMaker = Callable[["App"], Scene]
LayerMaker = Callable[["App"], Layer]


@dataclass
class AppOptions:
    """Everything the command line can set."""

    size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    mute: bool = False
    seed: int | None = None
    frames: int | None = None
    screenshot: str | None = None
    kiosk: bool = False
    start_game: str | None = None
    pace: bool = True  # sleep to the frame cap; tests and bench turn it off
    join: str | None = None  # an invite link to open straight into (market-hall join LINK)
    tutorial: str | None = None  # a game whose guided match to open straight into (market-hall tutorial GAME)
    bot_threads: bool = True  # bots think on a worker thread; tests turn it off for determinism
    max_fps: int = 60
    extra: dict[str, Any] = field(default_factory=dict)


class App:
    """Owns the window and runs scenes; never dies because a scene threw.

    It knows no feature by name: the composition root (game/compose.py) gives it its home scene
    (the title), its first scene and its layers (game/shell/layers.py)."""

    def __init__(self, options: AppOptions, clock: Callable[[], float] = time.perf_counter, *,
                 home: SceneMaker) -> None:
        self.options = options
        tune()  # before the first surface (game/services/memory.py)
        self.audio_ok = init_mixer()  # first: pygame.init() would try the sound card noisily
        pygame.init()
        self.settings, self._settings_warning = settings_mod.load()
        fullscreen = options.fullscreen or options.kiosk or self.settings.fullscreen
        self.display = Display(options.size, fullscreen)
        pygame.display.set_caption("Market Hall")
        self.assets = Assets()
        self.text = Text()
        self.audio = Audio(self.assets, self.settings.volume, options.mute or self.settings.mute)
        self.stack = SceneStack()
        self.pointer = PointerLayer(self.display.to_logical, self.display.finger_to_logical)
        self.loop = FixedStep(clock=clock)
        self.clock = clock
        self.toasts = Toasts(self.text)
        self.meter = FrameMeter(self.text)
        self.seed_source = random.Random(options.seed)
        self.running = True
        self.frames = 0
        self._last_input = clock()
        self._fade: list[Any] | None = None
        self.memory_to_give_back = False  # a table scene left: give its memory back next frame
        self._pacer = pygame.time.Clock()
        self._last_crash = -10.0
        self.exit_code = 0
        self._home = home
        self.layers: list[Layer] = []  # over the stack, in the order they were added
        self.hosting: Hosting | None = None  # the server this app runs for an online room it hosts

    def start(self, first: SceneMaker, layers: tuple[LayerMaker, ...] = ()) -> App:
        """Open the first scene, then make the layers (a kiosk's first demo starts while it is made)."""
        self.stack.reset(first(self))
        if self._settings_warning:
            self.toast(self._settings_warning.words(), error=True)  # in the language just chosen
        for make in layers:
            self.add_layer(make(self))
        give_back()  # freezes what the app is made of: later collections skip it (game/services/memory.py)
        return self

    # layers ---------------------------------------------------------------------------------
    def add_layer(self, layer: Layer) -> None:
        """Put a layer over the stack (in place of one of the same name)."""
        self.layers = [kept for kept in self.layers if kept.name != layer.name] + [layer]

    def remove_layer(self, layer: Layer) -> None:
        """Take a layer away (it is done)."""
        self.layers = [kept for kept in self.layers if kept is not layer]

    def layer(self, name: str) -> Any:
        """The layer of that name, or None (its owner knows its type; the app does not)."""
        return next((layer for layer in self.layers if layer.name == name), None)

    @property
    def coach(self) -> Any:
        """The guided match's coach (game/tutorial/coach.py), when one leads."""
        return self.layer("coach")

    @property
    def kiosk(self) -> Any:
        """The event kiosk (game/kiosk/), on a kiosk."""
        return self.layer("kiosk")

    @property
    def replay_bar(self) -> Any:
        """A replay's controls (game/scenes/replay_bar.py), while one is watched."""
        return self.layer("replay")

    def _ordered(self, first: bool) -> list[Layer]:
        return [layer for layer in self.layers if layer.first == first]

    # setup ----------------------------------------------------------------------------------
    def title(self) -> Scene:
        """A fresh home scene (the title)."""
        return self._home(self)

    def next_seed(self) -> int:
        """A seed for a new match (fixed sequence under --seed)."""
        return self.seed_source.randrange(1, 2**31)

    def motion_speed(self) -> float:
        """Animation time scale: reduced motion runs animations four times faster, the animation
        speed setting 0.5x to 2x (game/draw/anim.py `time_scale`)."""
        return time_scale(self.settings.reduced_motion, self.settings.animation_speed)

    def update_settings(self, **changes: object) -> None:
        """Change, apply and persist settings (a kiosk keeps them in memory only)."""
        self.settings = self.settings.with_(**changes)
        self.audio.volume = self.settings.volume
        self.audio.mute = self.options.mute or self.settings.mute
        if not self.options.kiosk:
            self.display.set_fullscreen(self.settings.fullscreen)
        for scene in self.stack.scenes:
            scene.anim.speed = self.motion_speed()
            scene.anim.skip_bots = self.settings.skip_bot_moves
            scene.ui.set_window_resolution((LOGICAL_W, LOGICAL_H))
            scene.invalidate()
        if not self.options.kiosk:  # a kiosk's settings are its config's profile, never the person's file
            settings_mod.save(self.settings)

    def replace_settings(self, settings: Settings) -> None:
        """Used by tests to start from known settings."""
        self.settings = settings

    # services for scenes ---------------------------------------------------------------------
    def toast(self, message: str, error: bool = False, seconds: float = 4.0) -> None:
        """A short message over everything (errors, confirmations)."""
        self.toasts.add(message, error, seconds)
        if error:
            self.audio.play("error")

    def darken(self, surface: pygame.Surface, alpha: int) -> None:
        """Darken `surface` as a black layer of opacity `alpha` would, with no layer at all.

        A multiply fill gives the same pixels as blending black at `alpha`; a cached full-canvas
        layer per alpha cost 8 MB each, and the fades ask for dozens of alphas.
        """
        keep = 255 - max(0, min(255, alpha))
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)

    @property
    def fading(self) -> bool:
        """True while a scene change fades out or in."""
        return self._fade is not None

    def go(self, change: Callable[[], object]) -> bool:
        """Fade out, make a scene change, fade back in (instant when motion is reduced).

        A request made while a fade is running is dropped (False): a double tap must not change
        twice. Changes that must happen (a match that began online) try again next frame.
        """
        if self._fade is not None:
            return False
        if self.settings.reduced_motion:
            self._change(change)
            return True
        self._fade = ["out", 0.0, change]
        return True

    def _change(self, change: Callable[[], object]) -> None:
        self.pointer.cancel_all()
        change()
        if not self.stack.scenes:
            self.stack.reset(self.title())
        if self.stack.top:
            self.stack.top.invalidate()

    def quit(self) -> None:
        """Leave the main loop."""
        self.running = False

    def stop_hosting(self, goodbye: Refusal | None = None) -> None:
        """Stop the server this app runs for its online rooms (if any), telling whoever is connected
        why (a code each device words; by default: the host quit)."""
        if self.hosting is not None:
            self.hosting.stop(goodbye or HOST_QUIT())
            self.hosting = None

    # the loop --------------------------------------------------------------------------------
    def run(self, frames: int | None = None) -> int:
        """Run until quit (or `frames` frames); returns the exit code."""
        frames = frames if frames is not None else self.options.frames
        self.loop.reset()
        try:
            while self.running and (frames is None or self.frames < frames):
                self.frame()
                interrupt.check()
                if self.options.pace:
                    self._pacer.tick(self.options.max_fps)
        finally:  # also on Ctrl-C: friends in a room this app hosts are told, not left retrying
            self.stop_hosting()
        if self.options.screenshot:
            self.display.screenshot(self.options.screenshot)
        return self.exit_code

    def frame(self) -> None:
        """One displayed frame: input, fixed steps, draw, present."""
        t0 = time.perf_counter()
        if self.memory_to_give_back:
            self.memory_to_give_back = self.stack.left = False
            give_back()
        elif self.stack.left:  # an overlay or a screen closed: free its cycles (cheap, game/services/memory.py)
            self.stack.left = False
            collect_young()
        try:
            for event in pygame.event.get():
                self._event(event)
            for _ in range(self.loop.advance()):
                self._step(self.loop.dt)
            dirty = self._draw()
        except Exception as exc:  # the error boundary: log, apologise, back to the title
            self._crashed(exc)
            dirty = None
        self.display.present(dirty)
        self.frames += 1
        self.meter.add(time.perf_counter() - t0)

    def _step(self, dt: float) -> None:
        for pe in self.pointer.update(dt):
            self._route_pointer(pe)
        for scene in list(self.stack.scenes):
            scene.update(dt)
        if self.toasts.update(dt):
            self.invalidate_all()
        for layer in self._ordered(True):  # the kiosk's idle timers, attract, screen care
            layer.update(dt)
        if self._fade:
            self._advance_fade(dt)
        for layer in self._ordered(False):
            layer.update(dt)

    def _advance_fade(self, dt: float) -> None:
        assert self._fade is not None
        self._fade[1] += dt / self.motion_speed()  # a scene change is an animation too
        if self._fade[1] < FADE:
            return
        if self._fade[0] == "out":
            change = self._fade[2]
            self._fade = ["in", 0.0, None]
            self._change(change)
        else:
            self._fade = None
            if self.stack.top:
                self.stack.top.invalidate()

    def _draw(self) -> list[pygame.Rect] | None:
        canvas = self.display.canvas
        full = self._fade is not None or any(layer.veils for layer in self.layers)  # a veil must not stack up
        dirty = self.stack.draw(canvas, full)
        for layer in self._ordered(False):
            dirty = layer.draw(canvas, dirty)
        if self._fade:
            phase, t, _ = self._fade
            k = min(1.0, t / FADE)
            self.darken(canvas, int(255 * (k if phase == "out" else 1 - k)))
            dirty = None
        for layer in self._ordered(True):
            dirty = layer.draw(canvas, dirty)
        lane = self.stack.top.toast_lane() if self.stack.top is not None else None
        extra = self.toasts.draw(canvas, lane) + self.meter.draw(canvas, self._widget_rects())
        if self.meter.moved:  # it left a corner: the scenes redraw what it covered
            self.meter.moved = False
            self.invalidate_all()
        return None if dirty is None else dirty + extra

    def _widget_rects(self) -> list[pygame.Rect]:
        """Where the visible scenes' widgets are (the frame meter keeps clear of them)."""
        if not self.meter.visible:
            return []
        return [rect for scene in self.stack.visible() for rect in scene.ui.widget_rects()]

    def invalidate_all(self) -> None:
        """Redraw every visible scene next frame (an overlay left the screen)."""
        for scene in self.stack.visible():
            scene.invalidate()

    # input -----------------------------------------------------------------------------------
    def _event(self, event: pygame.event.Event) -> None:
        if any(layer.intercept(event) for layer in self._ordered(True)):
            return  # the kiosk's close requests, operator gesture, a tap that ends attract
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.display.resized(cast(pygame.Surface, pygame.display.get_surface()).get_size())
            for scene in self.stack.scenes:
                scene.invalidate()
            return
        if event.type == pygame.KEYDOWN and self._global_key(event):
            return
        if self.pointer.ghost(event):
            return
        if event.type in POINTER_TYPES or event.type == pygame.KEYDOWN:
            self._last_input = self.clock()
        if any(layer.intercept(event) for layer in self._ordered(False)):
            return
        self._route_event(event)

    def _global_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F3:
            self.meter.visible = not self.meter.visible
            self.invalidate_all()
            return True
        if event.key == pygame.K_F11 and not self.options.kiosk:
            self.update_settings(fullscreen=not self.settings.fullscreen)
            return True
        return False

    def _route_event(self, event: pygame.event.Event) -> None:
        consumed = False
        for scene in reversed(list(self.stack.scenes)):
            consumed = scene.handle_event(event)
            if consumed or scene.modal:
                break
        if event.type not in POINTER_TYPES:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and consumed:
            return  # a widget took this click: the table below never sees it
        if event.type == pygame.FINGERDOWN and self.stack.top is not None:
            pos = self.display.finger_to_logical(event.x, event.y)
            if self.stack.top.ui_hit(pos):
                return
        for pe in self.pointer.feed(event):
            self._route_pointer(pe)

    def _route_pointer(self, pe) -> None:  # type: ignore[no-untyped-def]
        for scene in reversed(list(self.stack.scenes)):
            if scene.handle_pointer(pe) or scene.modal:
                return

    # the error boundary ---------------------------------------------------------------------
    def _crashed(self, exc: Exception) -> None:
        where = self._failed_scene_name(exc)
        log.error("scene %s crashed:\n%s", where, "".join(traceback.format_exception(exc)))
        now = time.monotonic()
        if where == "title" and now - self._last_crash < 2.0:
            raise RuntimeError("the title screen keeps failing; see the log") from exc
        self._last_crash = now
        self._fade = None
        self.pointer.cancel_all()
        self.stack.reset(self.title())
        self.toast(tr("toast.crashed", where=where), error=True, seconds=7.0)
        self.layers = [layer for layer in self.layers if layer.crashed(where)]

    def _failed_scene_name(self, exc: Exception) -> str:
        """The scene whose code raised (the innermost scene method in the traceback), not just the top one."""
        failed: Scene | None = None
        for frame, _ in traceback.walk_tb(exc.__traceback__):
            owner = frame.f_locals.get("self")
            if isinstance(owner, Scene):
                failed = owner
        if failed is None:
            failed = self.stack.top
        return failed.name if failed else "startup"
