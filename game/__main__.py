"""`python -m game` starts Market Hall; `run` is also the `market-hall` command's entry point."""

import sys


def run() -> int:
    """Load the app and run the command line. A Ctrl-C while the modules still load (a second or
    more on a busy machine) quits as quietly as one later: one line and exit code 130."""
    try:
        from game.cli import main
    except KeyboardInterrupt:
        print("market-hall: interrupted", file=sys.stderr)
        return 130  # game.cli.INTERRUPTED, which is not loaded yet
    return main()


if __name__ == "__main__":
    sys.exit(run())
