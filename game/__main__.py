"""`python -m game` starts Market Hall like the `market-hall` command."""

import sys

from game.cli import main

sys.exit(main())
