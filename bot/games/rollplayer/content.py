"""Roll Player content: the one loader of ``data/*.json``, serving the rules, scoring, renderers and commands.

Cards, classes, races, backstories, alignment grids and armor sets stay *data*: a group whose printed copy
differs edits the JSON, not the code (``data/EFFECTS.md`` says what every effect kind and timing window
means; ``tests/games/rollplayer/test_rp_content_schema.py`` validates every file). The files are read once,
at import; nothing is re-read at play time (the engine runs hundreds of playouts per second). Nobody else
reads the JSON: ``scoring_content.compiled()`` is built from ``document(...)`` below, and renderers and
commands use the public API below instead of re-deriving a rule.

The functions below are the public API (stable; a ``kind`` is one of ``KINDS``): records, localised names
and texts by kind, whole data files, and the rules presentation needs (never re-derive them in a renderer);
the partials at the end keep the names ``images/content.py`` callers use. The UPPER_CASE tables are the rules
engine's flat indexes of the same records.
"""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from types import MappingProxyType

DATA_DIR = Path(__file__).with_name("data")
FILES: tuple[str, ...] = ("market", "classes", "races", "backstories", "alignments", "armor_sets")

ATTRS: tuple[str, ...] = ("str", "dex", "con", "int", "wis", "cha")
ATTR_INDEX = {a: i for i, a in enumerate(ATTRS)}
#: Bag order used whenever the generator draws a die (fixed so that seed + moves replay exactly).
COLOURS: tuple[str, ...] = ("green", "blue", "red", "purple", "black", "white", "gold")
DICE_PER_COLOUR = MappingProxyType({c: (13 if c == "gold" else 10) for c in COLOURS})
ALIGN_ROWS: tuple[str, ...] = ("good", "neutral", "evil")
ALIGN_COLS: tuple[str, ...] = ("lawful", "neutral", "chaotic")
#: arrow -> (row delta, column delta); up = toward Good (row index - 1), left = toward Lawful.
ARROWS = MappingProxyType({"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)})
SHEET_SPACES = 18
ROW_SPACES = 3
BASE_HAND_LIMIT = 2     # printed: weapons needing at most 2 hands in total
PASSIVE = "passive"


def _load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


_DOCS: dict[str, dict] = {name: _load(name) for name in FILES}
_MARKET = _DOCS["market"]
_CLASSES = _DOCS["classes"]
_RACES = _DOCS["races"]
_BACKSTORIES = _DOCS["backstories"]
_ALIGNMENTS = _DOCS["alignments"]
_ARMOR = _DOCS["armor_sets"]

#: card id -> full card record from market.json (read-only use).
CARDS: dict[str, dict] = {c["id"]: c for c in _MARKET["cards"]}
CARD_TYPE: dict[str, str] = {cid: c["type"] for cid, c in CARDS.items()}
CARD_COST: dict[str, int] = {cid: int(c["cost"]) for cid, c in CARDS.items()}
CARD_ARROW: dict[str, str | None] = {cid: c["arrow"] for cid, c in CARDS.items()}
CARD_HANDS: dict[str, int] = {cid: int(c["hands"] or 0) for cid, c in CARDS.items()}
CARD_GROUP: dict[str, int] = {cid: int(c["group"]) for cid, c in CARDS.items()}
CARD_EFFECT: dict[str, dict] = {cid: c["effect"] for cid, c in CARDS.items()}
#: skill card id -> timing window (data/EFFECTS.md "Timing windows").
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
    CLASS_CARDS[_c["card"]] = CLASS_CARDS.get(_c["card"], ()) + (_c["id"],)
CARD_OF_COLOUR: dict[str, int] = {c["colour"]: c["card"] for c in _CLASSES["classes"]}
CLASS_POWER: dict[str, dict] = {c["id"]: c["power"]["effect"] for c in _CLASSES["classes"]}
#: class id (None: no class yet) -> weapon hands allowed (``weapon_hand_limit`` powers raise it).
HAND_LIMIT: dict[str | None, int] = {None: BASE_HAND_LIMIT}
HAND_LIMIT.update({cid: pw["hands"] if pw["kind"] == "weapon_hand_limit" else BASE_HAND_LIMIT
                   for cid, pw in CLASS_POWER.items()})

RACES: dict[str, dict] = {r["id"]: r for r in _RACES["races"]}
BASE_RACES: tuple[str, ...] = tuple(r["id"] for r in _RACES["races"] if not r["promo"])
PROMO_RACES: tuple[str, ...] = tuple(r["id"] for r in _RACES["races"] if r["promo"])

BACKSTORIES: dict[str, dict] = {b["id"]: b for b in _BACKSTORIES["backstories"]}
BACKSTORY_IDS: tuple[str, ...] = tuple(b["id"] for b in _BACKSTORIES["backstories"])
#: stars by number of backstory matches 0..6 (printed table; every count is covered, see the schema test).
BACKSTORY_REWARD: tuple[int, ...] = tuple(
    next(band["stars"] for band in _BACKSTORIES["reward"] if band["matches_min"] <= n <= band["matches_max"])
    for n in range(len(ATTRS) + 1))
ALIGNMENTS: dict[str, dict] = {a["id"]: a for a in _ALIGNMENTS["alignments"]}
ALIGNMENT_IDS: tuple[str, ...] = tuple(a["id"] for a in _ALIGNMENTS["alignments"])

# ------------------------------------------------------------------------------ records and names

_POWERS: dict[str, dict] = {c["id"]: c["power"] for c in _CLASSES["classes"]}  # by class id
_RECORDS: dict[str, dict[str, dict]] = {
    "card": CARDS, "class": CLASSES, "race": RACES, "backstory": BACKSTORIES, "alignment": ALIGNMENTS,
    "armor_set": _ARMOR["sets"], "power": _POWERS,
}
KINDS: tuple[str, ...] = tuple(_RECORDS)


def records(kind: str) -> MappingProxyType:
    """Every record of ``kind`` by id (``"power"`` records are keyed by their class id)."""
    return MappingProxyType(_RECORDS[kind])


def document(file: str) -> dict:
    """A whole data file as parsed once at import (read-only use): ``scoring_content`` compiles it."""
    return _DOCS[file]


def _localised(table: dict | None, locale: str) -> str | None:
    if not table or not locale:
        return None
    if locale in table:
        return table[locale]
    return table.get(locale.replace("_", "-").split("-")[0])  # "fr-FR", "pt_BR" -> the language


def name(kind: str, rid: str, locale: str = "en") -> str:
    """The record's name in ``locale`` (its ``names`` entry, language part as fallback), else English."""
    rec = _RECORDS[kind][rid]
    return _localised(rec.get("names"), locale) or rec["name"]


def text(kind: str, rid: str, locale: str = "en") -> str:
    """A card's one-line text (``texts``/``text``) or a class power's effect text (``effect_texts``/
    ``effect_text``; ``rid`` is the class id), localised with English as fallback."""
    rec = _RECORDS[kind][rid]
    if kind == "card":
        return _localised(rec.get("texts"), locale) or rec["text"]
    if kind == "power":
        return _localised(rec.get("effect_texts"), locale) or rec["effect_text"]
    raise KeyError(kind)


# ------------------------------------------------------------------------------ rules for presentation

def starting_dice(seats: int, short_game: bool = False) -> int:
    """Setup step 12: players + 4 dice each (solo 6), two more in the short game (printed)."""
    return (6 if seats == 1 else seats + 4) + (2 if short_game else 0)


def rounds_total(state) -> int:
    """Rounds in this game: one die is placed per round and dice never appear or vanish, so a sheet
    fills after 18 - starting dice rounds (12 / 11 / 10 for 2 / 3 / 4 players, solo 12; short game 2 fewer)."""
    return SHEET_SPACES - starting_dice(state.seats, bool(state.options.get("short_game")))


def _class_of(x, seat: int | None) -> str | None:
    if seat is not None:
        x = x.players[seat]
    if x is None or isinstance(x, str):
        return x
    return x.class_id


def hand_limit(x, seat: int | None = None) -> int:
    """Weapon hands allowed: 2 printed, or the class power's ``weapon_hand_limit`` (Barbarian 4).
    ``x`` is a PlayerState, a GameState with ``seat``, or a class id (None before the class is chosen)."""
    return HAND_LIMIT[_class_of(x, seat)]


def hands_used(x, seat: int | None = None) -> int:
    """Hands needed by the weapons held (``x`` a PlayerState, or a GameState with ``seat``)."""
    p = x.players[seat] if seat is not None else x
    return sum(CARD_HANDS[c] for c in p.cards if CARD_TYPE[c] == "weapon")


def backstory_reward(matches: int) -> int:
    """Stars for ``matches`` (0..6) backstory cells holding a die of their colour (printed table)."""
    return BACKSTORY_REWARD[matches]


def card_timing(card_id: str) -> str | None:
    """The timing window of a card's effect (skills and Pickpocket-like effects); None for passive cards."""
    return CARD_EFFECT[card_id].get("timing")


def is_any_time(card_id: str) -> bool:
    return card_timing(card_id) == "any_time"


def power_kind(class_id: str | None) -> str | None:
    """Effect kind of a class power (or None before the class is chosen)."""
    return CLASS_POWER[class_id]["kind"] if class_id is not None else None


def power_timing(class_id: str | None) -> str | None:
    """The window a class power is *used* in (``market_phase_start``, ``dice_turn_after_choice``), or
    ``"passive"`` for a power that only changes a rule; None before the class is chosen."""
    if class_id is None:
        return None
    return CLASS_POWER[class_id].get("timing") or PASSIVE


# ------------------------------------------------------------------------------ images/content.py names

cards = partial(_RECORDS.__getitem__, "card")
classes = partial(_RECORDS.__getitem__, "class")
races = partial(_RECORDS.__getitem__, "race")
backstories = partial(_RECORDS.__getitem__, "backstory")
alignments = partial(_RECORDS.__getitem__, "alignment")
armor_sets = partial(_RECORDS.__getitem__, "armor_set")
card_name = partial(name, "card")
card_text = partial(text, "card")
class_name = partial(name, "class")
power_name = partial(name, "power")
power_text = partial(text, "power")
race_name = partial(name, "race")
backstory_name = partial(name, "backstory")
alignment_name = partial(name, "alignment")
armor_set_name = partial(name, "armor_set")
