"""The fixed-step clock and the tweens it drives."""

from game.draw.anim import Animator, Counter, Sequence, Tween, Wait, linear
from game.shell.loop import FakeClock, FixedStep


def test_fixed_step_counts_whole_steps_and_keeps_the_remainder():
    clock = FakeClock()
    loop = FixedStep(60, clock)
    clock.advance(1 / 60 * 2.5)
    assert loop.advance() == 2
    assert 0.4 < loop.alpha < 0.6
    clock.advance(1 / 60 * 0.6)
    assert loop.advance() == 1


def test_a_long_hitch_is_capped_not_replayed():
    clock = FakeClock()
    loop = FixedStep(60, clock, max_steps=5)
    clock.advance(3.0)
    assert loop.advance() == 5
    assert loop.dropped > 2.5
    clock.advance(1 / 60)
    assert loop.advance() == 1


def test_tween_reaches_its_end_and_calls_back():
    class Box:
        pos = (0.0, 0.0)

    box, done = Box(), []
    anim = Animator()
    anim.add(Tween(box, "pos", (100.0, 50.0), 0.5, linear, on_done=lambda: done.append(1)))
    anim.update(0.25)
    assert box.pos == (50.0, 25.0)
    anim.update(0.3)
    assert box.pos == (100.0, 50.0) and done == [1] and not anim.busy


def test_reduced_motion_shortens_animations():
    class Box:
        x = 0.0

    box = Box()
    anim = Animator(speed=0.25)
    anim.add(Sequence([Wait(0.4), Tween(box, "x", 10.0, 0.4, linear)]))
    anim.update(0.1)  # 0.4 s of animation time: the wait is over
    anim.update(0.1)  # the 0.4 s tween is over too, after 0.2 s of real time
    assert box.x == 10.0


def test_counter_counts_up_to_its_value():
    c = Counter(0)
    c.set(12)
    steps = 0
    while c.step(1 / 60):
        steps += 1
    assert c.text == "12" and 0 < steps < 120
