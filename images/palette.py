"""Colours of the pictures: a dark, high-contrast theme (Discord's default is dark) and the dice.

Each die colour also has a shape (`DIE_SHAPES`) drawn on the die and in the legend, so no information
depends on telling colours apart.
"""

from __future__ import annotations

BG = (25, 28, 38)
PANEL = (38, 43, 57)
PANEL_HI = (52, 58, 76)
LINE = (78, 86, 108)
TEXT = (242, 244, 248)
MUTED = (170, 178, 196)
FAINT = (120, 128, 148)
ACCENT = (244, 196, 80)
GOOD = (92, 200, 122)
BAD = (238, 98, 98)
TURN = (255, 214, 102)

# each die colour: fill, edge and its colour-blind aid, a shape of its own
_DICE = {
    "green": ((46, 158, 79), (24, 96, 46), "triangle"),
    "blue": ((45, 110, 214), (22, 62, 140), "diamond"),
    "red": ((212, 58, 58), (140, 30, 30), "square"),
    "purple": ((142, 68, 173), (88, 36, 112), "plus"),
    "black": ((20, 20, 24), (150, 150, 160), "cross"),
    "white": ((246, 246, 246), (150, 150, 150), "ring"),
    "gold": ((236, 184, 42), (150, 110, 10), "star"),
}
DIE_FILL = {c: fill for c, (fill, _, _) in _DICE.items()}
DIE_EDGE = {c: edge for c, (_, edge, _) in _DICE.items()}
DIE_SHAPES = {c: shape for c, (_, _, shape) in _DICE.items()}
DIE_INK = {c: ((24, 24, 24) if c in ("white", "gold") else (250, 250, 250)) for c in DIE_FILL}

TYPE_FILL = {
    "weapon": (190, 82, 58),
    "armor": (110, 126, 150),
    "skill": (58, 126, 214),
    "trait": (34, 158, 146),
}
STAR = (255, 204, 64)
COIN = (236, 184, 42)
COIN_EDGE = (150, 108, 12)
CHARISMA = (232, 96, 160)
