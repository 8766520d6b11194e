"""Market Hall: the pygame-ce client. Renders rules views and animates rules events."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# We present dirty rectangles ourselves. SDL's default "accelerated" window framebuffer re-uploads
# and presents the whole window on every update (measured under Xvfb at 1920x1080: ~10 ms even
# for one tiny rect); the native framebuffer updates just the rects (0.02 ms) and flips in <1 ms.
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
