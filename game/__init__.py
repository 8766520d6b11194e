"""Market Hall: the pygame-ce client. Renders rules views and animates rules events."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
