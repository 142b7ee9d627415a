"""The spec's data (``data/*.json``, every value with its provenance label) reduced to what the rules read.

The JSON files are the spec's content set transcribed unchanged, so the provenance and rulebook lines stay
next to each value; this module only indexes them.
"""
from __future__ import annotations

import json
from pathlib import Path

_DATA = Path(__file__).with_name("data")


def _load(name: str) -> dict:
    with open(_DATA / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


TERRITORIES_JSON = _load("territories")
ENEMIES_JSON = _load("enemies")
SPECIALS_JSON = _load("special_enemies")
HEROES_JSON = _load("heroes")
ADVENTURES_JSON = _load("adventures")
RULES_JSON = _load("rules")

TERRITORIES: tuple[str, ...] = tuple(t["id"] for t in sorted(TERRITORIES_JSON["territories"], key=lambda t: t["order"]))
SIDES = {t["id"]: t["sides"] for t in TERRITORIES_JSON["territories"]}
TRACK_HOLES: int = TERRITORIES_JSON["territories"][0]["damage_track"]["holes"]

DESERT_B = SIDES["desert"]["B"]
DESERT_B_FIELDS: tuple[str, ...] = tuple(DESERT_B["fields"])
DESERT_B_CONNECTIONS: dict[str, tuple[str, ...]] = {c["id"]: tuple(c["fields"]) for c in DESERT_B["connections"]}
FORTRESS_SECTIONS: dict[str, int] = {s["id"]: s["value"] for s in SIDES["fortress"]["A"]["sections"]}
FORTRESS_A_FIELDS: int = SIDES["fortress"]["A"]["sections"][0]["fields"]
FORTRESS_B_STAGES: tuple[int, ...] = tuple(SIDES["fortress"]["B"]["stages"])
FOREST_A_BARS: tuple[int, ...] = tuple(SIDES["forest"]["A"]["boundary_positions"])
FOREST_B_FIELDS: int = SIDES["forest"]["B"]["path_fields"]
FOREST_B_BORDERS: tuple[int, ...] = tuple(SIDES["forest"]["B"]["border_values"])
ICE_B_FIELDS: dict[str, tuple[int, int]] = {f["id"]: (f["row"], f["col"]) for f in SIDES["ice_cave"]["B"]["fields"]}
ICE_B_LINES: dict[str, tuple[tuple[str, ...], str]] = {
    ln["id"]: (tuple(ln["fields"]), ln["reward"]) for ln in SIDES["ice_cave"]["B"]["lines"]}
ICE_A_REWARDS: dict[int, tuple[str, ...]] = {
    r["dice"]: tuple(r["effects"]) for r in SIDES["ice_cave"]["A"]["rewards"]}
#: Ice Cave side -> where the bonus dice lie when in the supply (A: on the Ice Cave, B: the storage chest)
BONUS_DICE_HOME: dict[str, str] = {sd: d["bonus_dice_home"] for sd, d in SIDES["ice_cave"].items()}

COLOURS: tuple[str, ...] = tuple(RULES_JSON["hero_dice_colours"]["colours"])
TERRITORY_DIE: tuple[str, ...] = tuple(RULES_JSON["territory_die"]["faces"])

#: card id -> {"kind": enemy|dragon|phantom|giant|necromancer|master, "territory", "rank", "value", "type"}
CARDS: dict[str, dict] = {}
for _c in ENEMIES_JSON["cards"]:
    CARDS[_c["id"]] = {"kind": "enemy", "type": _c["type"], "territory": _c["territory"], "rank": _c["rank"]}
CARDS["master_of_shadows"] = {"kind": "master", "type": "master_of_shadows", "territory": None, "rank": None}
SPECIAL_SETS: dict[str, list[str]] = {}
for _s in SPECIALS_JSON["sets"]:
    SPECIAL_SETS[_s["id"]] = []
    for _c in _s["cards"]:
        CARDS[_c["id"]] = {"kind": _s["id"], "type": _s["id"], "territory": None, "rank": _c.get("rank"),
                           "value": _c.get("value")}
        SPECIAL_SETS[_s["id"]].append(_c["id"])
NORMAL_CARDS: tuple[str, ...] = tuple(c["id"] for c in ENEMIES_JSON["cards"])
#: card id -> its number among the cards of its type (``sandmann_2`` -> 2, the id's suffix), so that two
#: cards alike can be told apart wherever they are named; None for a type of a single card (Mummy King)
CARD_NUMBER: dict[str, int | None] = {}
for _cid, _card in CARDS.items():
    _alike = sum(1 for other in CARDS.values() if other["type"] == _card["type"])
    _suffix = _cid.rsplit("_", 1)[-1]
    CARD_NUMBER[_cid] = int(_suffix) if _alike > 1 and _suffix.isdigit() else None
#: card id -> the letter that names it among the cards of its type (``sandmann_2`` -> "B"): a letter, since the
#: pictures print each enemy's rank as a number beside its name ("② Troll 1" read as two numbers alike)
CARD_LETTER: dict[str, str | None] = {cid: None if n is None else chr(ord("A") + n - 1)
                                      for cid, n in CARD_NUMBER.items()}

HEROES: dict[str, dict] = {h["id"]: {"kind": h["ability"]["kind"], "first_game": h["first_game"]}
                           for h in HEROES_JSON["heroes"]}
FIRST_GAME_HEROES: tuple[str, ...] = tuple(h for h, d in HEROES.items() if d["first_game"])

ADVENTURES: dict[str, int] = {a["id"]: a["power_stones"] for a in ADVENTURES_JSON["adventures"]}
