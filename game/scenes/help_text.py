"""The title screen's How to play pages (each game's own briefing lives with its rules)."""

HOW_TO_PLAY = [
    ("Welcome to Market Hall",
     "Market Hall is a table for three trading games. Pick a game on the title screen, choose who "
     "sits at the table — people or bots — and play.\n\n"
     "<b>Tap</b> a card or button to use it. <b>Hold</b> a card for details. <b>Drag</b> where a game "
     "asks you to move things. Mouse and touch work the same, and several fingers can play at once "
     "where a game allows it.\n\n"
     "<b>Esc</b> goes back, <b>F11</b> switches fullscreen, <b>F3</b> shows the frame-time meter."),
    ("Night Market",
     "Two merchants trade at a night bazaar. On your turn take one good, exchange several with the "
     "market, take the porters, or sell cards of one kind for coins from that good's pile. Selling 3, "
     "4 or 5+ at once earns a hidden bonus token. The richer merchant wins the round and a seal; the "
     "first to 2 seals wins the match."),
    ("Swap Meet",
     "No turns — everybody trades at once against a real clock. Open offers on your stall, swap with "
     "other traders' offers, watch the market heat up, and either fill your secret contract and Cash "
     "Out, or slam six of one resource. Three rounds; most points wins."),
    ("Stamp Swap",
     "Three days of Collect, Swap and Show. Collect six items from the shared pool, reserve one and "
     "split the rest into two piles for your rivals to choose from, then place your stamps in your "
     "album and score a contest. The Final Show after Sunday decides the best collector."),
    ("Playing together",
     "<b>Bots</b> fill any seat at three levels. <b>Couch play</b>: several people share one screen; "
     "private choices happen behind a curtain — pass the device when it asks. Every move is saved: "
     "<b>Continue</b> on the title resumes your last match. Settings has volume, reduced motion and "
     "colour-blind patterns."),
]
