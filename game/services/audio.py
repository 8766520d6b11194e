"""Sound effects that follow the volume and mute settings; no audio device means silence."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

import pygame

from game.services.assets import Assets

log = logging.getLogger(__name__)


def init_mixer() -> bool:
    """Open the audio device; False, one warning line and silence when there is none.

    Call it before pygame.init(): that would try the device again, and without a sound card
    ALSA prints a dozen lines of errors to the terminal from C for every attempt.
    """
    with captured_stderr() as noise:
        try:
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            return True
        except pygame.error as exc:
            error = exc
    log.info("audio device failed (%s); what the audio library printed:\n%s", error, noise.read().strip())
    log.warning("no audio device: playing silent")
    # Later implicit attempts (pygame.init) use SDL's silent driver, so they print nothing either.
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    return False


class _Captured:
    """What C code wrote to stderr while captured."""

    def __init__(self) -> None:
        self.text = ""

    def read(self) -> str:
        return self.text


@contextlib.contextmanager
def captured_stderr() -> Iterator[_Captured]:
    """Point file descriptor 2 at a temporary file (C libraries write there, not to sys.stderr)."""
    captured = _Captured()
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed Windows start): nothing to keep quiet
        yield captured
        return
    with tempfile.TemporaryFile() as sink:
        sys.stderr.flush()
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.text = sink.read(64_000).decode("utf-8", "replace")


class Audio:
    """Plays named effects at the current volume."""

    def __init__(self, assets: Assets, volume: float = 0.8, mute: bool = False) -> None:
        self.assets = assets
        self.volume = volume
        self.mute = mute
        self.played: list[str] = []  # what was asked for, for tests and the F3 overlay

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play an effect once (quietly ignored when muted or without audio)."""
        self.played.append(name)
        del self.played[:-50]
        if self.mute or self.volume <= 0:
            return
        snd = self.assets.sound(name)
        if snd is not None:
            snd.set_volume(self.volume * volume)
            snd.play()
