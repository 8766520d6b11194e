"""The one colour palette of the client. Every colour a screen uses is named here.

Colour never carries meaning alone: goods, resources and seats also differ by shape or icon
(see sprites/ and the colour-blind patterns in Settings).
"""

CREAM = (246, 236, 214)  # body text
GOLD = (255, 200, 87)  # headings, highlights, the primary accent
SELECT = (255, 214, 90)  # a selected card's glow
INK = (24, 20, 16)  # text on light cards
NIGHT = (20, 16, 12)  # dark text on gold chips, deep wells
MUTED = (190, 180, 160)  # secondary text
RED = (235, 96, 80)  # errors, losses, urgency
TEAL = (72, 200, 190)  # the first seat's colour
MINT = (143, 224, 176)  # success: an exact match, a possible swap
GREEN = (110, 220, 140)  # a good spot, points gained
WHITE = (255, 255, 255)

WOOD = (26, 20, 16)  # panel fill
SOLID = (30, 24, 19, 255)  # an opaque dialog: nothing beneath shows through
BRASS = (138, 106, 60)  # panel edges
BRASS_DIM = (90, 72, 48)  # empty slots, quiet edges
