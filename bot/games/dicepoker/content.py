"""The game's data (``data/dicepoker.json``), read once at import and indexed.

The JSON is transcribed from the spec with its provenance labels; the code takes every number it plays
with from here (hand order, ante, pot, purses, hand counts, payout tables), so the data file is the one
place a rule value lives.
"""
from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).with_name("data") / "dicepoker.json").read_text(encoding="utf-8"))

#: Hand ids lowest to highest; the index is the hand's strength (comparison step 1).
HANDS: tuple[str, ...] = tuple(h["id"] for h in sorted(DATA["hands"], key=lambda h: h["strength"]))
STRENGTH: dict[str, int] = {h: i for i, h in enumerate(HANDS)}
FACES: tuple[int, ...] = tuple(DATA["dice"]["faces"])
N_DICE: int = DATA["dice"]["per_player"]
STEPS: tuple[str, ...] = tuple(s["id"] for s in DATA["comparison"]["steps"])

_PROC = DATA["hand_procedure"]
ANTE: int = _PROC["ante_per_player"]["value"]
SUPPLY_ADDS: int = _PROC["supply_adds"]["value"]
POT: int = _PROC["pot"]["value"]

DUEL = DATA["modes"]["duel"]
SOLO = DATA["modes"]["solo"]
GAMBLERS = DATA["modes"]["local_gamblers"]

#: table id -> {"stake": int, "pay": {hand id: gross gold}}
SOLO_TABLES: dict[str, dict] = {
    name: {"stake": t["stake"], "pay": {row["hand"]: row["gold"] for row in t["rows"]}}
    for name, t in DATA["solo_tables"].items()
}

assert POT == 2 * ANTE + SUPPLY_ADDS == GAMBLERS["stake"] + GAMBLERS["supply_adds"]
assert all(set(t["pay"]) == set(HANDS) for t in SOLO_TABLES.values())
