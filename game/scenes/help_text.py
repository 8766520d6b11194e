"""The title screen's How to play: a welcome, a page per game (built from its catalogue entry), playing together.

It promises only what every table does: tap, drag, keys, Help on each table. Developer keys are not mentioned.
The words are how-to-play.po's (game/text/locale/<lang>/), worded when read: each constant is one page's Pages.
"""

from game.text.pages import Pages

WELCOME = Pages.of([("htp.welcome.heading", "htp.welcome.body")], {})
TOGETHER = Pages.of([("htp.together.heading", "htp.together.body")], {})
