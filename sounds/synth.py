"""Tiny standard-library synthesiser: partials, envelopes, filtered noise, mixing and WAV output."""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from pathlib import Path

RATE = 44100
Buf = list[float]


def silence(seconds: float) -> Buf:
    """A buffer of zeros."""
    return [0.0] * int(RATE * seconds)


def env(n: int, attack: float, decay: float, curve: float = 4.0) -> Buf:
    """Attack-then-exponential-decay envelope over n samples (attack seconds, decay shape)."""
    a = max(1, int(RATE * attack))
    out = []
    for i in range(n):
        if i < a:
            out.append(i / a)
        else:
            t = (i - a) / max(1, n - a)
            out.append(math.exp(-curve * t * decay) * (1 - t) ** 0.5)
    return out


def tone(
    freq: float,
    seconds: float,
    partials: tuple[tuple[float, float], ...] = ((1, 1.0),),
    sweep: float = 0.0,
    attack: float = 0.004,
    decay: float = 1.0,
    curve: float = 4.0,
) -> Buf:
    """A decaying tone of layered partials (ratio, gain); sweep is the relative pitch change by the end."""
    n = int(RATE * seconds)
    e = env(n, attack, decay, curve)
    out = [0.0] * n
    for ratio, gain in partials:
        phase = 0.0
        for i in range(n):
            f = freq * ratio * (1 + sweep * i / n)
            phase += 2 * math.pi * f / RATE
            out[i] += gain * math.sin(phase) * e[i] * (1 / (1 + 0.6 * (ratio - 1)) if ratio > 1 else 1)
    return out


def noise(
    seconds: float,
    rng: random.Random,
    attack: float = 0.002,
    decay: float = 1.0,
    low: float = 0.0,
    high: float = 1.0,
) -> Buf:
    """An enveloped noise burst, band-limited by a one-pole low-pass (high) and high-pass (low), 0..1."""
    n = int(RATE * seconds)
    e = env(n, attack, decay)
    lp = hp_prev_in = hp_out = 0.0
    out = []
    for i in range(n):
        x = rng.uniform(-1, 1)
        lp += high * (x - lp)
        hp_out = (1 - low) * (hp_out + lp - hp_prev_in)
        hp_prev_in = lp
        out.append(hp_out * e[i])
    return out


def lowpass(buf: Buf, k: float) -> Buf:
    """One-pole low-pass filter (k in 0..1, smaller is darker)."""
    y, out = 0.0, []
    for x in buf:
        y += k * (x - y)
        out.append(y)
    return out


def mix(*layers: tuple[Buf, float, float]) -> Buf:
    """Sum layers given as (buffer, start seconds, gain)."""
    length = max(int(RATE * start) + len(b) for b, start, _ in layers)
    out = [0.0] * length
    for b, start, gain in layers:
        off = int(RATE * start)
        for i, v in enumerate(b):
            out[off + i] += v * gain
    return out


def finish(buf: Buf, peak_db: float = -3.0, fade_ms: float = 4.0) -> Buf:
    """Remove DC, fade the ends to avoid clicks and normalise the peak to peak_db dBFS."""
    mean = sum(buf) / len(buf)
    buf = [v - mean for v in buf]
    f = max(1, int(RATE * fade_ms / 1000))
    for i in range(min(f, len(buf))):
        g = i / f
        buf[i] *= g
        buf[-1 - i] *= g
    peak = max(abs(v) for v in buf) or 1.0
    gain = 10 ** (peak_db / 20) / peak
    return [v * gain for v in buf]


def write_wav(path: Path, buf: Buf) -> None:
    """Write a 16-bit mono 44.1 kHz WAV."""
    data = array("h", (max(-32767, min(32767, int(v * 32767))) for v in buf))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        if sys.byteorder == "big":
            data.byteswap()
        w.writeframes(data.tobytes())


def note(semitones_from_a4: float) -> float:
    """Frequency of a note counted in semitones from A4 (440 Hz)."""
    return 440.0 * 2 ** (semitones_from_a4 / 12)
