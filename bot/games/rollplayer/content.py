"""Roll Player content, loaded once from ``data/*.json``.

Cards, classes, races, backstories and alignment grids stay *data*: a group whose printed copy differs edits
the JSON, not the code. This module only indexes the files for fast lookup (the rules engine runs thousands
of playouts per second, so nothing here is re-read or re-parsed at play time).
"""
from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

DATA_DIR = Path(__file__).with_name("data")

ATTRS: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
ATTR_INDEX = {a: i for i, a in enumerate(ATTRS)}
#: Bag order used whenever the generator draws a die (fixed so that seed + moves replay exactly).
COLOURS: tuple[str, ...] = ("green", "blue", "red", "purple", "black", "white", "gold")
DICE_PER_COLOUR = MappingProxyType({c: (13 if c == "gold" else 10) for c in COLOURS})
TOTAL_DICE = sum(DICE_PER_COLOUR.values())  # 73, printed
ALIGN_ROWS: tuple[str, ...] = ("good", "neutral", "evil")
ALIGN_COLS: tuple[str, ...] = ("lawful", "neutral", "chaotic")
#: arrow -> (row delta, column delta); up = toward Good (row index - 1), left = toward Lawful.
ARROWS = MappingProxyType({"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)})
SHEET_SPACES = 18
ROW_SPACES = 3


def _load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


_MARKET = _load("market")
_CLASSES = _load("classes")
_RACES = _load("races")
_BACKSTORIES = _load("backstories")
_ALIGNMENTS = _load("alignments")
_ARMOR = _load("armor_sets")

#: card id -> full card record from market.json (read-only use).
CARDS: dict[str, dict] = {c["id"]: c for c in _MARKET["cards"]}
CARD_TYPE: dict[str, str] = {cid: c["type"] for cid, c in CARDS.items()}
CARD_COST: dict[str, int] = {cid: int(c["cost"]) for cid, c in CARDS.items()}
CARD_ARROW: dict[str, str | None] = {cid: c["arrow"] for cid, c in CARDS.items()}
CARD_HANDS: dict[str, int] = {cid: int(c["hands"] or 0) for cid, c in CARDS.items()}
CARD_GROUP: dict[str, int] = {cid: int(c["group"]) for cid, c in CARDS.items()}
CARD_EFFECT: dict[str, dict] = {cid: c["effect"] for cid, c in CARDS.items()}
#: skill card id -> timing window (README "Timing windows").
SKILL_TIMING: dict[str, str] = {
    cid: c["effect"]["timing"] for cid, c in CARDS.items() if c["type"] == "skill"
}
BASE_CARD_IDS: tuple[str, ...] = tuple(c["id"] for c in _MARKET["cards"] if not c["promo"])
PROMO_CARD_IDS: tuple[str, ...] = tuple(c["id"] for c in _MARKET["cards"] if c["promo"])
SOLO_EXCLUDED: frozenset[str] = frozenset(c["id"] for c in _MARKET["cards"] if not c["solo"])

#: class id -> record; class card number -> (side A id, side B id); colour -> card number.
CLASSES: dict[str, dict] = {c["id"]: c for c in _CLASSES["classes"]}
CLASS_CARDS: dict[int, tuple[str, str]] = {}
for _c in sorted(_CLASSES["classes"], key=lambda c: (c["card"], c["side"])):
    CLASS_CARDS.setdefault(_c["card"], tuple())
    CLASS_CARDS[_c["card"]] = CLASS_CARDS[_c["card"]] + (_c["id"],)
CARD_OF_COLOUR: dict[str, int] = {c["colour"]: c["card"] for c in _CLASSES["classes"]}
CLASS_COLOUR: dict[str, str] = {c["id"]: c["colour"] for c in _CLASSES["classes"]}
CLASS_POWER: dict[str, dict] = {c["id"]: c["power"]["effect"] for c in _CLASSES["classes"]}

RACES: dict[str, dict] = {r["id"]: r for r in _RACES["races"]}
BASE_RACES: tuple[str, ...] = tuple(r["id"] for r in _RACES["races"] if not r["promo"])
PROMO_RACES: tuple[str, ...] = tuple(r["id"] for r in _RACES["races"] if r["promo"])

BACKSTORIES: dict[str, dict] = {b["id"]: b for b in _BACKSTORIES["backstories"]}
BACKSTORY_IDS: tuple[str, ...] = tuple(b["id"] for b in _BACKSTORIES["backstories"])
ALIGNMENTS: dict[str, dict] = {a["id"]: a for a in _ALIGNMENTS["alignments"]}
ALIGNMENT_IDS: tuple[str, ...] = tuple(a["id"] for a in _ALIGNMENTS["alignments"])
ALIGN_START: tuple[str, str] = (_ALIGNMENTS["start"]["row"], _ALIGNMENTS["start"]["column"])
ARMOR_SETS: dict = _ARMOR


def class_power_kind(class_id: str | None) -> str | None:
    """Effect kind of a class power (or None before the class is chosen)."""
    if class_id is None:
        return None
    return CLASS_POWER[class_id]["kind"]


def card_effect_kind(card_id: str) -> str:
    return CARD_EFFECT[card_id]["kind"]
