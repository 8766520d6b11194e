"""Guided first matches: a scripted deal on the real rules and the real table scene.

A `Guide` (script.py) is one game's lesson: a fixed seed, seats, and `Step`s. The `Coach`
(coach.py) sits above the app's scene stack like the kiosk layer: it spotlights the one target of
the step, says what it does and why, answers any other tap with a hint, and plays the scripted
opponents' moves through a `GuidedTable` (table.py), which also refuses moves off the script.
Progress is saved at each step (progress.py) so a guided match can be left and resumed.
`autopilot.py` taps each highlighted target in turn (`market-hall tutorial GAME --autopilot`).
"""
