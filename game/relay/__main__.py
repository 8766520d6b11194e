"""`python -m game.relay [--host H --port N --data DIR ...]` runs the relay alone (no pygame needed)."""

import sys

from game.relay.cli import main

sys.exit(main())
