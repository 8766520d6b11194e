"""The title screen's How to play: a welcome, a page per game (built from its catalogue entry), playing together.

It promises only what every table does: tap, drag, keys, Help on each table. Developer keys are not mentioned.
"""

WELCOME = (
    "Welcome to Market Hall",
    "Market Hall is a table for three trading games. Pick a game on the title screen, choose who sits at "
    "the table — people or bots — and play.\n\n"
    "<b>Tap</b> a card or button to use it. <b>Drag</b> where a game asks you to move things. Mouse and "
    "touch work the same, and several fingers can play at once where a game allows it. <b>Help</b> on "
    "every table explains that game's screen.\n\n"
    "<b>Keys</b> play too: <b>Tab</b> or the <b>arrows</b> move a white ring, <b>Enter</b> or <b>Space</b> "
    "uses what it is on. <b>Esc</b> goes back and <b>F11</b> switches fullscreen.",
)

TOGETHER = (
    "Playing together",
    "<b>Bots</b> fill any seat at three levels. <b>Couch play</b>: several people share one screen; "
    "private choices happen behind a curtain — pass the device when it asks. Every move is saved: "
    "<b>Continue</b> on the title resumes your last match. Settings has volume, reduced motion and "
    "colour-blind patterns.",
)
