"""The crash toast names the scene whose code failed, not whichever scene is on top."""

from __future__ import annotations

from game.shell.scene import Scene


class FailsBelow(Scene):
    name = "failing-table"

    def update(self, dt: float) -> None:
        super().update(dt)
        raise ZeroDivisionError("boom under a dialog")


class Dialog(Scene):
    name = "dialog"
    opaque = False


def test_the_crash_toast_names_the_scene_that_failed_not_the_one_on_top(player):
    player.app.stack.push(FailsBelow(player.app))
    player.app.stack.push(Dialog(player.app))
    player.frames(2)
    shown = player.app.toasts.current or ""
    assert "something went wrong in failing-table" in shown and "dialog" not in shown
    assert player.top.name == "title" and player.app.running


def test_a_crash_outside_any_scene_names_the_top_scene(player, monkeypatch):
    def broken_meter(canvas):  # type: ignore[no-untyped-def]
        raise RuntimeError("meter broke")

    monkeypatch.setattr(player.app.meter, "draw", broken_meter)
    player.app.stack.push(Dialog(player.app))
    player.frames(1)
    monkeypatch.undo()
    assert "something went wrong in dialog" in (player.app.toasts.current or "")
