"""The project's data file is a faithful transcription of the spec, provenance included."""
from __future__ import annotations

import json
from pathlib import Path

from dp_kit import spec_data

import bot.games.dicepoker as pkg
from bot.games.dicepoker import content

DATA = json.loads((Path(pkg.__file__).parent / "data" / "dicepoker.json").read_text(encoding="utf-8"))
SPEC = spec_data()
LABELS = {"printed", "derived", "house"}


def _labels(value):
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "provenance":
                yield from (v.values() if isinstance(v, dict) else [v])
            else:
                yield from _labels(v)
    elif isinstance(value, list):
        for v in value:
            yield from _labels(v)


def test_every_provenance_label_is_known_and_present():
    labels = list(_labels(DATA))
    assert len(labels) > 60 and set(labels) <= LABELS


def test_hands_comparison_procedure_and_tables_match_the_spec():
    for mine, theirs in zip(DATA["hands"], SPEC["hands"]):
        for key in ("id", "strength", "names", "hand_values", "unused_dice", "provenance", "sources"):
            assert mine[key] == theirs[key]
    assert DATA["comparison"] == SPEC["comparison"]
    assert DATA["hand_procedure"] == SPEC["hand_procedure"]
    assert DATA["solo_tables"] == SPEC["solo"]["tables"]
    for mode in ("duel", "solo"):
        assert DATA["modes"][mode]["provenance"].items() >= SPEC["modes"][mode]["provenance"].items()
        for key, value in SPEC["modes"][mode].items():
            if key not in ("provenance", "sources"):
                assert DATA["modes"][mode][key] == value


def test_house_additions_carry_a_reason():
    lg = DATA["modes"]["local_gamblers"]
    for key in ("purse", "games"):
        assert lg["provenance"][key] == "house" and lg["sources"][key]


def test_rule_numbers_come_from_the_data():
    assert (content.ANTE, content.SUPPLY_ADDS, content.POT) == (1, 1, 3)
    assert content.SOLO_TABLES["house"]["stake"] == 3 and content.SOLO_TABLES["printed"]["stake"] == 1
    assert content.SOLO_TABLES["printed"]["pay"]["five_of_a_kind"] == 6
