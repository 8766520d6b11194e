"""Scenes and the scene stack.

Lifecycle (Tuxemon-style): `enter()` when a scene first becomes part of the stack, `pause()` when
another scene is pushed above it, `resume()` when it is on top again, `exit()` when it leaves.
Raw input goes to the top scene first; what it does not consume falls through to the scenes
below unless the top scene is modal. pygame-gui sees every raw event first, and a press that a
widget consumed never reaches the table (mouse: the manager says so; fingers: the widget's rect).
Drawing starts at the topmost opaque scene; overlays (opaque = False) draw over what is below.
A scene redraws only while something changes: recent input, running animations, or invalidate().
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.draw.anim import Animator
from game.draw.ui import CanvasUIManager, for_widgets
from game.shell.focus import GROW, Focus, draw_ring
from game.shell.keymap import keys_of
from game.shell.pointer import PointerEvent
from game.shell.targets import Target, button_targets, named, tapped, typing_in

if TYPE_CHECKING:
    from game.shell.app import App

SETTLE = 0.6  # seconds to keep redrawing after input (hover fades, button presses)


class Scene:
    """Base scene: owns a UI manager and an animator; subclasses draw and react."""

    opaque = True  # False: the scene below is drawn first (dialogs, curtains)
    keeps_layer = False  # True: redrawing it in full is cheap (a table's one blit of its layer, help's panel)
    modal = True  # True: input never falls through to the scene below
    name = "scene"
    focusable = False  # True: the keyboard's focus ring walks this scene's targets (game/shell/focus.py)

    def __init__(self, app: App) -> None:
        self.app = app
        self.ui = CanvasUIManager(app.display.to_logical)
        self.anim = Animator(app.motion_speed(), app.settings.skip_bot_moves)
        self._hot = SETTLE
        self._full = True
        self.focus = Focus()
        self._eat_space = False  # Space just put the cursor in a text entry: its own TEXTINPUT is not typed

    # lifecycle -------------------------------------------------------------------------
    def enter(self) -> None:
        """Called once when the scene joins the stack."""

    def exit(self) -> None:
        """Called once when the scene leaves the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """This scene is on top again."""
        self.invalidate()

    # input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Raw event: pygame-gui first (every finger as a click of its own), then keys. True when consumed.
        While a text entry has the cursor, keys are its own but Tab (on to the next target) and Escape
        (out of the entry, staying on this screen)."""
        if event.type == pygame.TEXTINPUT and self._eat_space and event.text == " ":
            self._eat_space = False
            return True
        if event.type == pygame.KEYDOWN and typing_in(self.ui) is not None:
            if event.key in (pygame.K_TAB, pygame.K_ESCAPE):
                self.ui.set_focus_set(None)
                self.wake()
                return self.on_key(event) if event.key == pygame.K_TAB else True
            self.ui.process_events(event)
            self.wake()
            return True
        widget_event = for_widgets(event, self.app.display.size)
        consumed = widget_event is not None and bool(self.ui.process_events(widget_event))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.audio.play("tap")
            self.on_button(event.ui_element)
            consumed = True
        elif event.type in (pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                            pygame_gui.UI_TEXT_ENTRY_FINISHED):
            self.on_ui_event(event)
            consumed = True
        elif event.type == pygame.KEYDOWN:
            consumed = self.on_key(event) or consumed
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and self.focus.shown:
            self.focus.hide()  # a pointer is back: the ring goes
            self.invalidate()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.FINGERDOWN, pygame.FINGERUP, pygame.KEYDOWN):
            self.wake()
        return consumed

    def handle_pointer(self, pe: PointerEvent) -> bool:
        """A pointer event from the pointer layer (already clear of widgets)."""
        return False

    def on_button(self, element: pygame_gui.core.UIElement) -> None:
        """A pygame-gui button of this scene was pressed."""

    def on_ui_event(self, event: pygame.event.Event) -> None:
        """A slider moved, a drop-down changed, or Enter was pressed in a text entry."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """A key went down: Tab, the arrows, Enter and Space move and use the focus (where the scene
        is focusable); Escape means back. True when used."""
        keys = keys_of(self.app.settings)
        if self.focusable and self.focus.key(self.targets(), event, keys):
            self._eat_space = event.key == pygame.K_SPACE and typing_in(self.ui) is not None
            return True
        if keys.means(event, "back"):
            return self.on_back()
        return False

    def on_back(self) -> bool:
        """Escape or the system back gesture. Default: leave this scene."""
        if len(self.app.stack.scenes) > 1:
            self.app.stack.pop()
            return True
        return False

    def targets(self) -> list[Target]:
        """What can be acted on (or pointed at) on this screen now, topmost first: pointer taps, the
        guided match's coach, the autopilot and the keyboard focus all read this one list.

        Here: the visible enabled pygame-gui buttons ("button:LABEL"). Table scenes put their own
        (cards, piles, spots) before these."""
        return button_targets(self.ui)

    def targets_settled(self) -> bool:
        """False while the screen is between states (a move still flying): a lesson points at nothing."""
        return True

    def tutorial_target(self, name: str) -> pygame.Rect | None:
        """Where a guided match's target is on the canvas (None: not shown by this scene now)."""
        found = named(self.targets(), name) if self.targets_settled() else None
        return pygame.Rect(found.rect) if found is not None else None

    def focused(self) -> Target | None:
        """The target the keyboard's ring is on (None: no ring shown)."""
        return self.focus.current(self.targets()) if self.focusable and self.focus.shown else None

    def draw_focus(self, canvas: pygame.Surface) -> pygame.Rect | None:
        """Draw the focus ring and its label over everything else; returns what it covered."""
        target = self.focused()  # nothing is listed while no ring shows
        if target is None:
            return None
        label = "" if target.widget else target.label  # a button already says what it is
        return draw_ring(canvas, self.app.text, target.rect.inflate(GROW * 2, GROW * 2), label)

    def target_at(self, pos: tuple[float, float]) -> Target | None:
        """What a pointer tap at a canvas point acts on (pygame-gui buttons take their own taps)."""
        return tapped(self.targets(), pos)

    def ui_hit(self, pos: tuple[float, float]) -> bool:
        """True when a widget of this scene covers the canvas point."""
        return self.ui.hit(pos)

    # time and drawing ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """One fixed step."""
        self.ui.update(dt)
        self.anim.update(dt)
        if self._hot > 0:
            self._hot -= dt

    def wake(self, seconds: float = SETTLE) -> None:
        """Keep redrawing for a moment (input just happened)."""
        self._hot = max(self._hot, seconds)

    def invalidate(self) -> None:
        """Redraw everything next frame."""
        self._full = True

    def is_dirty(self) -> bool:
        """Does this scene need drawing this frame? (Also when its widgets changed, with no input at all.)"""
        return self._full or self._hot > 0 or self.anim.busy or self.ui.changed()

    def draw(self, canvas: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """Draw if needed; return dirty logical rects ([] nothing, None everything)."""
        if not (full or self.is_dirty()):
            return []
        self.draw_scene(canvas)
        self.ui.draw_ui(canvas)
        self.draw_focus(canvas)
        self._full = False
        return None

    def draw_scene(self, canvas: pygame.Surface) -> None:
        """Paint the scene itself (under its widgets)."""

    def toast_lane(self) -> pygame.Rect | None:
        """Where this screen keeps room for toasts, clear of its words and buttons (None: the default place)."""
        return None

    def dim(self, canvas: pygame.Surface, alpha: int = 170) -> None:
        """Darken what is below an overlay."""
        self.app.darken(canvas, alpha)


class SceneStack:
    """Push, pop and replace scenes, with the lifecycle calls made in the right order."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._under: pygame.Surface | None = None  # what lies beneath the top overlay, drawn once
        self._under_key: tuple[Any, ...] = ()
        self.left = False  # a scene left since the app last collected (its cycles are garbage now)

    @property
    def top(self) -> Scene | None:
        """The scene receiving input first."""
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        """Put a scene on top; the old top pauses."""
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        """Remove the top scene; the new top resumes."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        self.left = True
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.scenes:
            self.scenes.pop().exit()
            self.left = True
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over with one scene."""
        while self.scenes:
            self.scenes.pop().exit()
            self.left = True
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one up."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return self.scenes[i:]
        return list(self.scenes)

    def draw(self, canvas: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """Draw visible scenes. Under an overlay the scenes below are drawn once and kept, so a
        hover on a dialog costs one dialog, not the whole table; they redraw only when they change."""
        layers = self.visible()
        if len(layers) == 1:
            self._under = None  # no overlay: its 8 MB snapshot is not kept for the next one
            return layers[0].draw(canvas, full)
        below, top = layers[:-1], layers[-1]
        key = (tuple(id(s) for s in below), id(canvas))
        # A table's static layer already is a snapshot: copying the canvas too cost 8 MB per overlay
        # for the same one full-screen blit per frame.
        layered = all(s.keeps_layer for s in below)
        below_dirty = (full or key != self._under_key or (self._under is None and not layered)
                       or any(s.is_dirty() for s in below))
        if not (below_dirty or top.is_dirty()):
            return []
        if below_dirty or layered:
            for scene in below:
                scene.draw(canvas, True)
            self._under = None if layered else canvas.copy()
            self._under_key = key
        else:
            assert self._under is not None
            canvas.blit(self._under, (0, 0))
        top.draw(canvas, True)
        return None
