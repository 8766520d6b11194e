"""Sound effects that follow the volume and mute settings; no audio device means silence."""

from __future__ import annotations

import logging

import pygame

from game.assets import Assets

log = logging.getLogger(__name__)


def init_mixer() -> bool:
    """Open the audio device; False (and silence) when there is none."""
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        pygame.mixer.set_num_channels(16)
        return True
    except pygame.error as exc:
        log.info("no audio device (%s): running silent", exc)
        return False


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
