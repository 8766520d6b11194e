"""Without a sound card the terminal shows one clear line, and the game plays silent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_audio_device_is_one_line_on_the_terminal(market_home):
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_AUDIODRIVER="no-such-driver", SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               MARKET_HALL_HOME=str(market_home), PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "game", "--frames", "3"], capture_output=True, text=True,
                            env=env, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines() == ["no audio device: playing silent"]
    log = (market_home / "data" / "market-hall.log").read_text()
    assert "no audio device" in log and "no-such-driver" in log  # the details go to the log file


def test_a_missing_device_leaves_sounds_callable(monkeypatch):
    import pygame

    from game.services.assets import Assets
    from game.services.audio import Audio, init_mixer

    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    pygame.mixer.quit()
    try:
        assert init_mixer() is False
        assert os.environ["SDL_AUDIODRIVER"] == "dummy"  # pygame.init() after it stays quiet
        pygame.init()
        Audio(Assets()).play("coin")
    finally:
        pygame.quit()
