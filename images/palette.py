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

DIE_FILL = {
    "green": (46, 158, 79),
    "blue": (45, 110, 214),
    "red": (212, 58, 58),
    "purple": (142, 68, 173),
    "black": (20, 20, 24),
    "white": (246, 246, 246),
    "gold": (236, 184, 42),
}
DIE_INK = {c: ((24, 24, 24) if c in ("white", "gold") else (250, 250, 250)) for c in DIE_FILL}
DIE_EDGE = {
    "green": (24, 96, 46),
    "blue": (22, 62, 140),
    "red": (140, 30, 30),
    "purple": (88, 36, 112),
    "black": (150, 150, 160),
    "white": (150, 150, 150),
    "gold": (150, 110, 10),
}
# colour-blind aid: one shape per colour
DIE_SHAPES = {
    "green": "triangle",
    "blue": "diamond",
    "red": "square",
    "purple": "plus",
    "black": "cross",
    "white": "ring",
    "gold": "star",
}

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
