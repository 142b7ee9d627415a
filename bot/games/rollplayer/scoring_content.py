"""Content data compiled once into the flat shapes final scoring needs.

Scoring runs inside hundreds of full playouts per second and after every move for the images, so the JSON
files (read once by ``content``, the one loader) are turned into tuples exactly once per process
(``compiled()`` is cached). Every card's
scoring effect is reduced here to a few numbers (goal bonuses per row, per die, per colour; armor set and
colour; a Tower-Shield wildcard; a flat star amount; a trait evaluator), so a scoring call never walks an
effect tree. The data stays the single source of truth: a group that corrects a value in ``data/*.json``
changes scoring without touching code.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from .content import ATTR_INDEX, ATTRS, BACKSTORY_REWARD, COLOURS, document

DIE_COLOURS: frozenset[str] = frozenset(COLOURS)
NO_MAX = 10_000  # stands in for the open upper end of an "N+" goal

TALLY_COUNTERS = frozenset({"class_colour_dice", "backstory_matches", "rows_three_equal_numbers", "gold",
                            "traits_owned"})


@dataclass(frozen=True, slots=True)
class Goal:
    min: int
    max: int  # NO_MAX for "N+"
    stars: int
    open_ended: bool


@dataclass(frozen=True, slots=True)
class ClassInfo:
    colour: str
    goals: tuple[Goal, ...]  # indexed like ATTRS


@dataclass(frozen=True, slots=True)
class ArmorSet:
    name: str
    size: int
    stars_by_count: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Trait:
    """One trait effect, flattened. ``kind`` picks the evaluator in scoring.py."""

    kind: str  # trait_condition | trait_alignment | trait_tally
    stars: int
    # trait_condition
    mode: str = ""
    attrs: tuple[int, ...] = ()
    op: str = ""
    value: int = 0
    # trait_alignment
    row: str | None = None
    column: str | None = None
    # trait_tally
    count: str = ""
    min: int | None = None
    per: int | None = None
    max: int | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A market card reduced to what final scoring reads."""

    id: str
    type: str
    armor_set: str | None = None
    armor_colour: str | None = None
    # attribute goals only (weapons): a fixed "up to" amount per row, an amount per die in a row,
    # an amount per die of a colour (in its own row), and "choose_one" amounts.
    row_bonus: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    per_die: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    per_colour: tuple[tuple[str, int], ...] = ()
    choose_one: tuple[int, ...] = ()
    wildcard_pieces: int = 0
    score_stars: int = 0
    traits: tuple[Trait, ...] = ()
    raises_goals: bool = False  # some attribute-goal bonus
    discardable: bool = False  # worth discarding before scoring (general rule 8): it costs stars


@dataclass(frozen=True, slots=True)
class Content:
    races: dict[str, tuple[int, ...]]
    classes: dict[str, ClassInfo]
    backstories: dict[str, tuple[tuple[int, int, str], ...]]  # (attr index, space index 0-2, colour)
    backstory_reward: tuple[int, ...]  # stars by number of matches 0..6
    alignments: dict[str, dict[tuple[str, str], int]]
    alignment_rows: tuple[str, ...]
    alignment_columns: tuple[str, ...]
    armor_sets: dict[str, ArmorSet]
    armor_set_order: tuple[str, ...]
    colour_bonus: int
    cards: dict[str, Card]


class ContentError(ValueError):
    """The data files hold something scoring cannot interpret (a broken edit, not a player's mistake)."""


def _attr_indexes(attrs, where: str) -> tuple[int, ...]:
    if attrs == "all":
        return tuple(range(len(ATTRS)))
    try:
        return tuple(ATTR_INDEX[a] for a in attrs)
    except (KeyError, TypeError) as exc:
        raise ContentError(f"{where}: bad attribute list {attrs!r}") from exc


def _walk(effect: dict):
    yield effect
    for sub in effect.get("effects", ()):
        yield from _walk(sub)


def _compile_trait(e: dict, where: str) -> Trait:
    kind = e["kind"]
    if kind == "trait_condition":
        if e["op"] not in ("<=", ">=") or e["mode"] not in ("all", "each"):
            raise ContentError(f"{where}: bad trait_condition {e!r}")
        return Trait(kind=kind, stars=e["stars"], mode=e["mode"], attrs=_attr_indexes(e["attrs"], where),
                     op=e["op"], value=e["value"])
    if kind == "trait_alignment":
        if e.get("row") is None and e.get("column") is None:
            raise ContentError(f"{where}: trait_alignment needs a row or a column")
        return Trait(kind=kind, stars=e["stars"], row=e.get("row"), column=e.get("column"))
    if e["count"] not in TALLY_COUNTERS or (e.get("min") is None) == (e.get("per") is None):
        raise ContentError(f"{where}: bad trait_tally {e!r}")
    return Trait(kind=kind, stars=e["stars"], count=e["count"], min=e.get("min"), per=e.get("per"),
                 max=e.get("max"))


def _compile_card(c: dict) -> Card:
    where = f"market card {c['id']}"
    row_bonus = [0] * 6
    per_die = [0] * 6
    per_colour: list[tuple[str, int]] = []
    choose_one: list[int] = []
    wildcard = 0
    stars = 0
    traits: list[Trait] = []
    for e in _walk(c["effect"]):
        kind = e["kind"]
        if kind == "attribute_modifier":
            if e["attrs"] == "choose_one":
                choose_one.append(e["amount"])
            else:
                for i in _attr_indexes(e["attrs"], where):
                    row_bonus[i] += e["amount"]
        elif kind == "goal_bonus_per_die":
            if e.get("attrs"):
                for i in _attr_indexes(e["attrs"], where):
                    per_die[i] += e["amount"]
            if e.get("colour"):
                if e["colour"] not in DIE_COLOURS:
                    raise ContentError(f"{where}: bad colour {e['colour']!r}")
                per_colour.append((e["colour"], e["amount"]))
        elif kind == "armor_wildcard":
            wildcard += e["pieces"]
        elif kind == "score_stars":
            stars += e["amount"]
        elif kind in ("trait_condition", "trait_alignment", "trait_tally"):
            traits.append(_compile_trait(e, where))
    return Card(
        id=c["id"], type=c["type"],
        armor_set=c.get("armor_set") if c["type"] == "armor" else None,
        armor_colour=c.get("armor_colour") if c["type"] == "armor" else None,
        row_bonus=tuple(row_bonus), per_die=tuple(per_die), per_colour=tuple(per_colour),
        choose_one=tuple(choose_one), wildcard_pieces=wildcard, score_stars=stars, traits=tuple(traits),
        raises_goals=any(row_bonus) or any(per_die) or bool(per_colour) or bool(choose_one),
        discardable=stars < 0,
    )


@functools.cache
def compiled() -> Content:
    """The whole content set in scoring shape; built on first use, then shared."""
    races_doc = document("races")
    if tuple(races_doc["attributes"]) != ATTRS:
        raise ContentError("races.json: attribute order differs from scoring's")
    races = {r["id"]: tuple(r["modifiers"][a] for a in ATTRS) for r in races_doc["races"]}

    classes = {}
    for c in document("classes")["classes"]:
        goals = []
        for a in ATTRS:
            g = c["goals"][a]
            goals.append(Goal(min=g["min"], max=NO_MAX if g["max"] is None else g["max"], stars=g["stars"],
                              open_ended=g["max"] is None))
        classes[c["id"]] = ClassInfo(colour=c["colour"], goals=tuple(goals))

    back_doc = document("backstories")
    backstories = {
        b["id"]: tuple((ATTR_INDEX[a], b["cells"][a]["position"] - 1, b["cells"][a]["colour"]) for a in ATTRS)
        for b in back_doc["backstories"]
    }

    align_doc = document("alignments")
    rows, cols = tuple(align_doc["rows"]), tuple(align_doc["columns"])
    alignments = {
        a["id"]: {(r, c): a["grid"][r][c] for r in rows for c in cols} for a in align_doc["alignments"]
    }

    armor_doc = document("armor_sets")
    armor_sets = {
        name: ArmorSet(name=name, size=s["pieces"], stars_by_count=tuple(s["stars_by_count"]))
        for name, s in armor_doc["sets"].items()
    }
    for s in armor_sets.values():
        if len(s.stars_by_count) != s.size + 1:
            raise ContentError(f"armor_sets.json: {s.name} needs stars for 0..{s.size} pieces")
    if armor_doc["class_colour_bonus"].get("condition") != "at_least_one_card":
        raise ContentError("armor_sets.json: scoring implements the 'at_least_one_card' colour bonus only")

    cards = {c["id"]: _compile_card(c) for c in document("market")["cards"]}
    for card in cards.values():
        if card.type == "armor" and card.armor_set not in armor_sets:
            raise ContentError(f"market card {card.id}: unknown armor set {card.armor_set!r}")

    return Content(
        races=races, classes=classes, backstories=backstories,
        backstory_reward=BACKSTORY_REWARD,
        alignments=alignments, alignment_rows=rows, alignment_columns=cols,
        armor_sets=armor_sets, armor_set_order=tuple(armor_sets),
        colour_bonus=armor_doc["class_colour_bonus"]["stars"], cards=cards,
    )
