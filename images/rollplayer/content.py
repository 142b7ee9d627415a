"""Content names and numbers the pictures need, read once from the rules engine's data files.

Reading the JSON (not the engine's code) keeps the renderers usable while the engine changes; names are
localised from each record's `names` (fr/de/ko) with the English `name` as fallback.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "bot" / "games" / "rollplayer" / "data"


@cache
def _load(name: str) -> dict:
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


@cache
def cards() -> dict[str, dict]:
    return {c["id"]: c for c in _load("market")["cards"]}


@cache
def classes() -> dict[str, dict]:
    return {c["id"]: c for c in _load("classes")["classes"]}


@cache
def races() -> dict[str, dict]:
    return {c["id"]: c for c in _load("races")["races"]}


@cache
def backstories() -> dict[str, dict]:
    return {c["id"]: c for c in _load("backstories")["backstories"]}


@cache
def alignments() -> dict[str, dict]:
    return {c["id"]: c for c in _load("alignments")["alignments"]}


@cache
def armor_sets() -> dict[str, dict]:
    return _load("armor_sets")["sets"]


def _name(record: dict, locale: str) -> str:
    names = record.get("names") or {}
    return names.get(locale) or record["name"]


def card_name(card_id: str, locale: str = "en") -> str:
    return _name(cards()[card_id], locale)


def card_text(card_id: str, locale: str = "en") -> str:
    card = cards()[card_id]
    texts = card.get("texts") or {}
    return texts.get(locale) or card["text"]


def class_name(class_id: str, locale: str = "en") -> str:
    return _name(classes()[class_id], locale)


def power_name(class_id: str, locale: str = "en") -> str:
    return _name(classes()[class_id]["power"], locale)


def power_text(class_id: str, locale: str = "en") -> str:
    power = classes()[class_id]["power"]
    texts = power.get("effect_texts") or {}
    return texts.get(locale) or power["effect_text"]


def race_name(race_id: str, locale: str = "en") -> str:
    return _name(races()[race_id], locale)


def backstory_name(backstory_id: str, locale: str = "en") -> str:
    return _name(backstories()[backstory_id], locale)


def alignment_name(alignment_id: str, locale: str = "en") -> str:
    return _name(alignments()[alignment_id], locale)


def armor_set_name(set_id: str, locale: str = "en") -> str:
    return _name(armor_sets()[set_id], locale)
