"""Synthesise every Market Hall sound effect with the standard library only.

Run from the project root: ``python -m sounds.make_sounds``. Output: 16-bit mono 44.1 kHz WAV files
beside this script, peaks normalised to -3 dBFS, ends faded to avoid clicks.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from sounds import DIR
from sounds.synth import Buf, finish, lowpass, mix, noise, note, tone, write_wav

BELL = ((1, 1.0), (2.0, 0.3), (3.01, 0.12), (4.2, 0.06))
COIN = ((1, 1.0), (2.76, 0.45), (5.4, 0.2), (8.93, 0.08))
WOOD = ((1, 1.0), (3.98, 0.18))
BRASS = ((1, 1.0), (2, 0.55), (3, 0.3), (4, 0.15), (5, 0.07))
C5 = 3


def tap() -> Buf:
    """Soft UI click (~45 ms)."""
    rng = random.Random(1)
    return mix(
        (tone(1300, 0.045, WOOD, sweep=-0.15, attack=0.001, decay=2.0), 0, 0.7),
        (noise(0.02, rng, 0.001, 3.0, low=0.4, high=0.6), 0, 0.25),
    )


def card_slide() -> Buf:
    """Card swish (~180 ms)."""
    rng = random.Random(2)
    return lowpass(noise(0.18, rng, attack=0.05, decay=1.2, low=0.25, high=0.45), 0.6)


def card_flip() -> Buf:
    """Card flip: a papery snap over a soft thump."""
    rng = random.Random(3)
    return mix(
        (noise(0.07, rng, 0.003, 2.5, low=0.3, high=0.7), 0, 0.6),
        (tone(210, 0.08, WOOD, sweep=-0.3, decay=2.0), 0.02, 0.5),
        (noise(0.05, rng, 0.002, 3.0, low=0.5, high=0.9), 0.06, 0.3),
    )


def coin() -> Buf:
    """A bright coin clink."""
    return mix(
        (tone(2100, 0.35, COIN, attack=0.001, decay=1.6), 0, 0.6),
        (tone(2660, 0.3, COIN, attack=0.001, decay=1.8), 0.035, 0.45),
    )


def coins() -> Buf:
    """Several clinks for a sale."""
    rng = random.Random(5)
    layers = []
    t = 0.0
    for _ in range(6):
        f = rng.uniform(1800, 2900)
        layers.append((tone(f, 0.3, COIN, attack=0.001, decay=1.8), t, rng.uniform(0.35, 0.55)))
        t += rng.uniform(0.05, 0.1)
    return mix(*layers)


def error() -> Buf:
    """A gentle low double buzz."""
    buzz = lowpass(tone(150, 0.12, ((1, 1.0), (3, 0.35), (5, 0.18)), attack=0.01, decay=0.6, curve=2.5), 0.25)
    return mix((buzz, 0, 1.0), (buzz, 0.16, 0.9))


def round_end() -> Buf:
    """A short rising chime arpeggio."""
    steps = (C5, C5 + 4, C5 + 7, C5 + 12)
    return mix(*((tone(note(s), 0.6, BELL, decay=1.2), i * 0.09, 0.5) for i, s in enumerate(steps)))


def fanfare() -> Buf:
    """A triumphant ~1.5 s arpeggio ending on a held chord with sparkle."""
    run = [
        (tone(note(s), 0.3, BRASS, attack=0.01, decay=1.0), i * 0.11, 0.45)
        for i, s in enumerate((C5 - 12, C5 - 8, C5 - 5, C5, C5 + 4))
    ]
    chord = [
        (lowpass(tone(note(s), 0.95, BRASS, attack=0.03, decay=0.5, curve=2.5), 0.5), 0.55, 0.35)
        for s in (C5, C5 + 4, C5 + 7, C5 + 12)
    ]
    sparkle = [
        (tone(note(s), 0.45, BELL, decay=1.5), 0.6 + i * 0.07, 0.18)
        for i, s in enumerate((C5 + 19, C5 + 24, C5 + 28))
    ]
    return mix(*run, *chord, *sparkle)


def exchange() -> Buf:
    """Goods changing hands: a swish and a two-note bell."""
    rng = random.Random(8)
    return mix(
        (lowpass(noise(0.16, rng, 0.04, 1.3, low=0.25, high=0.5), 0.6), 0, 0.5),
        (tone(note(C5 + 4), 0.35, BELL, decay=1.4), 0.06, 0.4),
        (tone(note(C5 + 9), 0.4, BELL, decay=1.4), 0.15, 0.4),
    )


def porters() -> Buf:
    """A soft hoof-thump pattern."""
    rng = random.Random(9)
    layers = []
    for i, t in enumerate((0.0, 0.14, 0.36, 0.5)):
        layers.append((tone(120 if i % 2 else 140, 0.1, WOOD, sweep=-0.4, attack=0.002, decay=2.0), t, 0.8))
        layers.append((lowpass(noise(0.03, rng, 0.001, 3.0), 0.3), t, 0.3))
    return mix(*layers)


def seal() -> Buf:
    """A wax-stamp thud followed by a chime."""
    rng = random.Random(10)
    return mix(
        (tone(90, 0.18, WOOD, sweep=-0.4, attack=0.002, decay=1.5), 0, 0.9),
        (lowpass(noise(0.06, rng, 0.001, 2.5), 0.2), 0, 0.5),
        (tone(note(C5 + 7), 0.7, BELL, decay=1.1), 0.14, 0.35),
        (tone(note(C5 + 14), 0.7, BELL, decay=1.2), 0.2, 0.25),
    )


def tick() -> Buf:
    """A timer tick (woodblock)."""
    return tone(1750, 0.04, WOOD, attack=0.001, decay=2.5)


def tick_fast() -> Buf:
    """An urgent double tick for the last seconds."""
    t = tone(2400, 0.04, WOOD, attack=0.001, decay=2.5)
    return mix((t, 0, 0.9), (tone(2200, 0.05, WOOD, attack=0.001, decay=2.5), 0.075, 0.8))


def swap() -> Buf:
    """A rising whoosh with a pitch sweep."""
    rng = random.Random(12)
    return mix(
        (lowpass(noise(0.22, rng, 0.06, 1.2, low=0.2, high=0.5), 0.7), 0, 0.5),
        (tone(420, 0.22, WOOD, sweep=0.9, attack=0.03, decay=1.0), 0, 0.35),
    )


def crash() -> Buf:
    """A market crash: descending notes over a falling sweep."""
    rng = random.Random(13)
    steps = (C5 + 7, C5 + 3, C5, C5 - 5, C5 - 9)
    notes = [(tone(note(s), 0.35, WOOD, decay=1.3), i * 0.13, 0.5) for i, s in enumerate(steps)]
    return mix(
        *notes,
        (tone(600, 1.1, BRASS, sweep=-0.7, attack=0.02, decay=0.8), 0, 0.2),
        (lowpass(noise(0.8, rng, 0.1, 1.0), 0.05), 0.3, 0.6),
    )


def cash_out() -> Buf:
    """A register ding: drawer rattle then a bright bell."""
    rng = random.Random(14)
    return mix(
        (noise(0.06, rng, 0.002, 2.0, low=0.3, high=0.6), 0, 0.4),
        (tone(note(C5 + 19), 0.8, BELL, attack=0.001, decay=1.0), 0.05, 0.55),
        (tone(note(C5 + 24), 0.7, BELL, attack=0.001, decay=1.2), 0.05, 0.3),
    )


def stamp() -> Buf:
    """A rubber-stamp thunk."""
    rng = random.Random(15)
    return mix(
        (tone(150, 0.12, WOOD, sweep=-0.4, attack=0.001, decay=1.8), 0, 0.9),
        (lowpass(noise(0.04, rng, 0.001, 3.0), 0.25), 0, 0.5),
    )


def shuffle() -> Buf:
    """A card riffle: a run of tiny papery flicks."""
    rng = random.Random(16)
    layers = []
    t = 0.0
    while t < 0.5:
        layers.append((noise(0.025, rng, 0.001, 3.0, low=0.3, high=0.6), t, rng.uniform(0.4, 0.7)))
        t += rng.uniform(0.02, 0.04)
    return mix(*layers)


SOUNDS: dict[str, Callable[[], Buf]] = {
    "tap": tap,
    "card_slide": card_slide,
    "card_flip": card_flip,
    "coin": coin,
    "coins": coins,
    "error": error,
    "round_end": round_end,
    "fanfare": fanfare,
    "exchange": exchange,
    "porters": porters,
    "seal": seal,
    "tick": tick,
    "tick_fast": tick_fast,
    "swap": swap,
    "crash": crash,
    "cash_out": cash_out,
    "stamp": stamp,
    "shuffle": shuffle,
}


def main() -> int:
    """Write every WAV into the package directory."""
    for name, make in SOUNDS.items():
        write_wav(DIR / f"{name}.wav", finish(make()))
    print(f"wrote {len(SOUNDS)} sounds to {DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
