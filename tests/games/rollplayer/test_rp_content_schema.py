"""Schema of the content data: every file, every record's fields and types, every effect kind and timing
window known (documented in data/EFFECTS.md and implemented by the engine), every reference resolved,
provenance present. A broken edit of ``data/*.json`` fails here, not in a game."""
import json
import re
from pathlib import Path

import pytest

from bot.games.rollplayer import content, powers, scoring_content, skills
from bot.games.rollplayer.content import ALIGN_COLS, ALIGN_ROWS, ATTRS, COLOURS, DATA_DIR

EFFECTS_MD = DATA_DIR / "EFFECTS.md"
LABELS = {"printed", "house", "derived", "translation"}
TYPES = {"weapon", "armor", "trait", "skill"}
ARROWS = {"up", "down", "left", "right"}
ID = re.compile(r"^[a-z][a-z0-9_]*$")


def load(name):
    return json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))


MARKET, CLASSES, RACES = load("market")["cards"], load("classes")["classes"], load("races")["races"]
BACKSTORIES, ALIGNMENTS, ARMOR = load("backstories"), load("alignments"), load("armor_sets")


# ----------------------------------------------------------------------------- field checks

def is_int(v, lo=None, hi=None):
    return type(v) is int and (lo is None or v >= lo) and (hi is None or v <= hi)


def is_attrs(v, allow=()):
    return v in allow or (type(v) is list and v and all(a in ATTRS for a in v) and len(set(v)) == len(v))


def opt(check):
    return lambda v: v is None or check(v)


STARS = lambda v: is_int(v, -10, 10)  # noqa: E731
#: effect kind -> (required fields, optional fields), each field -> check. The shapes of data/EFFECTS.md.
EFFECT_FIELDS = {
    "attribute_modifier": ({"attrs": lambda v: is_attrs(v, ("all", "choose_one")), "amount": is_int}, {}),
    "goal_bonus_per_die": ({"amount": is_int}, {"attrs": opt(is_attrs), "colour": opt(lambda v: v in COLOURS)}),
    "armor_piece": ({}, {}),
    "armor_wildcard": ({"pieces": lambda v: is_int(v, 1, 5)}, {}),
    "trait_condition": ({"mode": lambda v: v in ("all", "each"), "attrs": lambda v: is_attrs(v, ("all",)),
                         "op": lambda v: v in ("<=", ">="), "value": is_int, "stars": STARS}, {}),
    "trait_alignment": ({"stars": STARS}, {"row": opt(lambda v: v in ALIGN_ROWS),
                                           "column": opt(lambda v: v in ALIGN_COLS)}),
    "trait_tally": ({"count": lambda v: v in scoring_content.TALLY_COUNTERS, "stars": STARS},
                    {"min": opt(is_int), "per": opt(is_int), "max": opt(is_int)}),
    "score_stars": ({"amount": is_int}, {}),
    "all_of": ({"effects": lambda v: type(v) is list and len(v) > 0}, {}),
    "cost_discount": ({"amount": lambda v: is_int(v, 1),
                       "applies_to": lambda v: v == "any" or (type(v) is list and set(v) <= TYPES)}, {}),
    "gain_gold": ({"amount": lambda v: is_int(v, 1)},
                  {"trigger": opt(lambda v: v in ("gold_die_placed", "alignment_moved_up")), "timing": opt(str)}),
    "extra_purchase": ({"count": lambda v: is_int(v, 1)}, {}),
    "market_add_from_discard": ({"count": lambda v: is_int(v, 1), "timing": str}, {}),
    "skill_refresh_limit": ({"count": lambda v: is_int(v, 1)}, {}),
    "weapon_hand_limit": ({"hands": lambda v: is_int(v, 2)}, {}),
    "alignment_arrows_optional": ({"trait_purchase": lambda v: type(v) is bool,
                                   "skill_when_blocked": lambda v: type(v) is bool}, {}),
    "attribute_action": ({"action": lambda v: v in ("str", "dex", "con", "int", "wis", "cha", "repeat_last"),
                          "timing": str}, {}),
    "attribute_action_rule": ({}, {"action": opt(lambda v: v in ATTRS), "max_delta": opt(lambda v: is_int(v, 1)),
                                   "swaps": opt(lambda v: is_int(v, 1)), "any_row": opt(lambda v: type(v) is bool)}),
    "initiative_dice": ({"op": lambda v: v in ("adjust_1", "flip", "swap_with_taken"), "timing": str}, {}),
    "drafted_die": ({"op": lambda v: v in ("choose_from_bag", "reroll_keep_either"), "timing": str}, {}),
    "move_die": ({"timing": str}, {}),
    "alternate_purchase": ({"source": lambda v: v in ("discard_pile", "deck_top"),
                            "discounts": lambda v: type(v) is bool, "timing": str}, {}),
    "copy_skill": ({"timing": str}, {}),
}


def documented() -> tuple[set, set]:
    """Effect kinds (``### `kind` ``) and timing windows (``| `window` |``) of EFFECTS.md."""
    text = EFFECTS_MD.read_text(encoding="utf-8")
    kinds = set(re.findall(r"^### `([a-z_0-9]+)`", text, re.M))
    windows = set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))
    return kinds, windows


def walk(effect):
    yield effect
    for sub in effect.get("effects", ()):
        yield from walk(sub)


def all_effects():
    """(where, effect, owner) for every effect and sub-effect in the data; owner 'card' or 'power'."""
    for c in MARKET:
        for e in walk(c["effect"]):
            yield f"card {c['id']}", e, "card"
    for c in CLASSES:
        for e in walk(c["power"]["effect"]):
            yield f"class {c['id']}", e, "power"


def check_effect(where, e):
    kind = e.get("kind")
    assert kind in EFFECT_FIELDS, f"{where}: unknown effect kind {kind!r}"
    required, optional = EFFECT_FIELDS[kind]
    extra = set(e) - {"kind"} - set(required) - set(optional)
    assert not extra, f"{where}: {kind} has unknown fields {extra}"
    for field, check in required.items():
        assert field in e and check(e[field]), f"{where}: {kind}.{field} = {e.get(field)!r}"
    for field, check in optional.items():
        if field in e:
            assert check(e[field]), f"{where}: {kind}.{field} = {e[field]!r}"
    if kind == "trait_tally":
        assert (e.get("min") is None) != (e.get("per") is None), f"{where}: trait_tally needs min or per"
    if kind == "trait_alignment":
        assert e.get("row") or e.get("column"), where
    _, windows = documented()
    if "timing" in e and e["timing"] is not None:
        assert e["timing"] in windows, f"{where}: unknown timing window {e['timing']!r}"


def check_provenance(where, rec, fields):
    prov = rec.get("provenance")
    assert isinstance(prov, dict), f"{where}: no provenance"
    for f in fields:
        assert prov.get(f) in LABELS, f"{where}: provenance of {f} is {prov.get(f)!r}"
    assert all(v in LABELS for v in prov.values()), where
    sources = rec.get("sources")
    assert isinstance(sources, dict) and sources and all(
        isinstance(v, str) and v for v in sources.values()), f"{where}: sources"


def check_names(where, rec, *text_fields):
    """Per-language names and texts, each language with its provenance in ``<field>_provenance``."""
    assert isinstance(rec["name"], str) and rec["name"], where
    for field in ("names",) + text_fields:
        table = rec.get(field)
        if table is not None:
            assert isinstance(table, dict) and all(
                isinstance(k, str) and re.fullmatch(r"[a-z]{2}(-[A-Za-z]{2,4})?", k) and isinstance(v, str) and v
                for k, v in table.items()), f"{where}: {field}"
            origin = rec.get(f"{field}_provenance")
            assert isinstance(origin, dict) and set(origin) == set(table), f"{where}: {field}_provenance"
            assert all(isinstance(v, str) and v.split(":")[0] in ("printed", "derived", "translation", "house")
                       for v in origin.values()), f"{where}: {field}_provenance labels"


# ----------------------------------------------------------------------------- the files

def test_every_data_file_is_known_to_the_loader():
    on_disk = {p.stem for p in Path(DATA_DIR).glob("*.json")}
    assert on_disk == set(content.FILES)


def test_market_cards():
    ids = [c["id"] for c in MARKET]
    assert len(ids) == len(set(ids)) == 54 and all(ID.match(i) for i in ids)
    assert sorted(c["number"] for c in MARKET) == list(range(1, 55))
    assert len([c for c in MARKET if not c["promo"]]) == 53
    required = {"id", "number", "name", "type", "group", "cost", "arrow", "hands", "armor_set", "armor_colour",
                "promo", "solo", "effect", "text", "provenance", "sources"}
    for c in MARKET:
        where = f"card {c['id']}"
        assert required <= set(c) <= required | {"names", "texts", "note", "names_provenance",
                                                  "texts_provenance"}, where
        assert c["type"] in TYPES and c["group"] in (1, 2) and is_int(c["cost"], 0, 10), where
        assert c["arrow"] is None or c["arrow"] in ARROWS, where
        assert type(c["promo"]) is bool and type(c["solo"]) is bool, where
        assert isinstance(c["text"], str) and c["text"], where
        if c["type"] == "weapon":
            assert is_int(c["hands"], 1, 4), where
        else:
            assert c["hands"] in (None, 0), where
        if c["type"] == "armor":
            assert c["armor_set"] in ARMOR["sets"] and c["armor_colour"] in COLOURS, where
            assert c["effect"]["kind"] in ("armor_piece",), where
            assert ARMOR["colour_by_set"][c["armor_set"]][c["id"]] == c["armor_colour"], where
        else:
            assert c["armor_set"] is None and c["armor_colour"] is None, where
        if c["type"] == "skill":
            assert c["effect"].get("timing"), f"{where}: a skill needs a timing window"
        check_names(where, c, "texts")
        check_provenance(where, c, ("name", "type", "group", "cost", "arrow", "hands", "effect", "text"))


def test_classes():
    ids = [c["id"] for c in CLASSES]
    assert len(ids) == len(set(ids)) == 12
    sides = {}
    for c in CLASSES:
        where = f"class {c['id']}"
        assert {"id", "name", "card", "side", "colour", "goals", "power", "provenance", "sources"} <= set(c) <= {
            "id", "name", "card", "side", "colour", "goals", "power", "provenance", "sources", "names", "notes",
            "names_provenance"}, where
        assert is_int(c["card"], 1, 6) and c["side"] in ("A", "B") and c["colour"] in COLOURS[:-1], where
        sides.setdefault(c["card"], []).append((c["side"], c["colour"]))
        assert set(c["goals"]) == set(ATTRS), where
        for a, g in c["goals"].items():
            assert set(g) == {"min", "max", "stars"} and is_int(g["min"], 3) and is_int(g["stars"], 1, 6), where
            assert g["max"] is None or is_int(g["max"], g["min"], 30), where
        pw = c["power"]
        assert {"id", "name", "effect_text", "effect", "provenance", "sources"} <= set(pw), where
        assert ID.match(pw["id"]) and isinstance(pw["effect_text"], str) and pw["effect_text"], where
        check_names(where, c)
        check_names(where + " power", pw, "effect_texts")
        check_provenance(where, c, ("name", "colour", "goals"))
        check_provenance(where + " power", pw, ("name", "effect"))
    for card, pair in sides.items():
        assert sorted(s for s, _ in pair) == ["A", "B"] and len({col for _, col in pair}) == 1, card
    assert len({c["power"]["id"] for c in CLASSES}) == 12


def test_races():
    doc = load("races")
    assert tuple(doc["attributes"]) == ATTRS
    for r in RACES:
        where = f"race {r['id']}"
        assert ID.match(r["id"]) and type(r["promo"]) is bool and isinstance(r["set"], str), where
        assert set(r["modifiers"]) == set(ATTRS) and all(is_int(v, -4, 4) for v in r["modifiers"].values()), where
        assert r["ability"] is None, f"{where}: race abilities are not implemented"
        assert r.get("aliases") is None or all(isinstance(a, str) for a in r["aliases"]), where
        check_names(where, r)
        check_provenance(where, r, ("name", "modifiers", "ability"))
    assert len(content.BASE_RACES) == 6 and len(content.PROMO_RACES) == 2


def test_backstories_and_reward_table():
    covered = []
    for band in BACKSTORIES["reward"]:
        assert set(band) == {"matches_min", "matches_max", "stars"} and is_int(band["stars"], 0, 10)
        covered += range(band["matches_min"], band["matches_max"] + 1)
    assert sorted(covered) == list(range(7)), "the reward table covers 0..6 matches exactly once"
    assert isinstance(BACKSTORIES["reward_provenance"], str) and BACKSTORIES["reward_provenance"]
    assert len(BACKSTORIES["backstories"]) == 16
    for b in BACKSTORIES["backstories"]:
        where = f"backstory {b['id']}"
        assert set(b["cells"]) == set(ATTRS), where
        for cell in b["cells"].values():
            assert set(cell) == {"position", "colour"} and is_int(cell["position"], 1, 3), where
            assert cell["colour"] in COLOURS, where
        check_names(where, b)
        check_provenance(where, b, ("name", "cells"))


def test_alignments():
    assert tuple(ALIGNMENTS["rows"]) == ALIGN_ROWS and tuple(ALIGNMENTS["columns"]) == ALIGN_COLS
    assert (ALIGNMENTS["start"]["row"], ALIGNMENTS["start"]["column"]) == ("neutral", "neutral")
    assert set(ALIGNMENTS["arrows"]) == ARROWS
    assert len(ALIGNMENTS["alignments"]) == 17
    for a in ALIGNMENTS["alignments"]:
        where = f"alignment {a['id']}"
        assert set(a["grid"]) == set(ALIGN_ROWS), where
        for row in a["grid"].values():
            assert set(row) == set(ALIGN_COLS) and all(is_int(v, -5, 5) for v in row.values()), where
        check_names(where, a)
        check_provenance(where, a, ("name", "grid"))


def test_armor_sets():
    sets = ARMOR["sets"]
    assert set(sets) == {"chain", "leather", "mystic"}
    for sid, s in sets.items():
        assert is_int(s["pieces"], 1, 6) and len(s["stars_by_count"]) == s["pieces"] + 1, sid
        assert s["stars_by_count"][0] == 0 and all(is_int(v, 0, 20) for v in s["stars_by_count"]), sid
        assert len([c for c in MARKET if c["armor_set"] == sid]) == s["pieces"], sid
        check_names(f"armor set {sid}", s)
    assert set(ARMOR["colour_by_set"]) == set(sets)
    assert ARMOR["class_colour_bonus"]["condition"] == "at_least_one_card"
    assert all(isinstance(v, str) and v for v in ARMOR["provenance"].values())


# ----------------------------------------------------------------------------- effect kinds and windows

def test_every_effect_has_a_known_kind_with_its_fields():
    for where, e, _ in all_effects():
        check_effect(where, e)


def test_effects_md_lists_exactly_the_kinds_and_windows_in_use():
    kinds, windows = documented()
    used_kinds = {e["kind"] for _, e, _ in all_effects()}
    used_windows = {e["timing"] for _, e, _ in all_effects() if e.get("timing")}
    assert kinds == used_kinds == set(EFFECT_FIELDS)
    assert windows == used_windows


def test_every_window_is_implemented():
    _, windows = documented()
    assert windows == set(skills.WINDOWS) | {"any_time", "as_copied"}


def test_every_kind_is_implemented_where_its_owner_is_read():
    scoring_kinds = {"attribute_modifier", "goal_bonus_per_die", "armor_piece", "armor_wildcard", "trait_condition",
                     "trait_alignment", "trait_tally", "score_stars", "all_of", "cost_discount"}
    for c in MARKET:
        kind = c["effect"]["kind"]
        if c["type"] == "skill":
            assert kind in skills.EFFECT_KINDS or kind == "copy_skill", c["id"]  # Diplomacy: skills.py
        else:
            assert kind in scoring_kinds, c["id"]
    for c in CLASSES:
        pw = c["power"]["effect"]
        entry = powers.POWER_KINDS[pw["kind"]]
        # a used power acts in its registry window; a passive one names no window
        assert pw.get("timing", powers.PASSIVE) == entry.timing, c["id"]
        assert content.power_timing(c["id"]) == entry.timing


# ----------------------------------------------------------------------------- references

def test_every_reference_resolves():
    card_ids = {c["id"] for c in MARKET}
    assert set(content.CARDS) == card_ids
    for c in MARKET:
        if c["armor_set"] is not None:
            assert c["armor_set"] in ARMOR["sets"]
    for sid, members in ARMOR["colour_by_set"].items():
        assert set(members) <= card_ids and all(v in COLOURS for v in members.values()), sid
    for card, ids in content.CLASS_CARDS.items():
        assert all(i in content.CLASSES for i in ids) and len(ids) == 2
    assert set(content.CARD_OF_COLOUR) == {c["colour"] for c in CLASSES}
    # scoring compiles every record without complaint
    compiled = scoring_content.compiled()
    assert set(compiled.cards) == card_ids and set(compiled.classes) == set(content.CLASSES)
    assert compiled.backstory_reward == content.BACKSTORY_REWARD


# ----------------------------------------------------------------------------- the loader's API

@pytest.mark.parametrize("kind", content.KINDS)
def test_names_are_localised_with_english_fallback(kind):
    for rid, rec in content.records(kind).items():
        assert content.name(kind, rid) == rec["name"]
        assert content.name(kind, rid, "xx") == rec["name"]
        for locale, text in (rec.get("names") or {}).items():
            assert content.name(kind, rid, locale) == text
            assert content.name(kind, rid, locale + "-XX") == text


def test_card_and_power_texts():
    for cid, card in content.records("card").items():
        assert content.text("card", cid, "en") == card["text"] == content.card_text(cid)
        for locale, text in (card.get("texts") or {}).items():
            assert content.text("card", cid, locale) == text
    for cid in content.CLASSES:
        assert content.power_text(cid) == content.CLASSES[cid]["power"]["effect_text"]
        assert content.power_name(cid, "xx") == content.CLASSES[cid]["power"]["name"]
    with pytest.raises(KeyError):
        content.text("race", "elf")


def test_rules_for_presentation():
    from bot.games.rollplayer.kind import KIND

    expected = {(1, False): 12, (2, False): 12, (3, False): 11, (4, False): 10, (2, True): 10, (4, True): 8}
    for (seats, short), rounds in expected.items():
        st = KIND.create(seats, 1, {"short_game": short})
        assert content.rounds_total(st) == rounds
    assert content.hand_limit("barbarian") == 4 and content.hand_limit("cleric") == 2
    assert content.hand_limit(None) == 2
    st = KIND.create(2, 1, {})
    st.players[1].class_id = "barbarian"
    assert content.hand_limit(st, 1) == 4 and content.hand_limit(st.players[1]) == 4
    assert content.hand_limit(st, 0) == 2
    st.players[1].cards = ["heavy_crossbow", "honest"]
    assert content.hands_used(st, 1) == content.CARD_HANDS["heavy_crossbow"]
    assert [content.backstory_reward(n) for n in range(7)] == [0, 0, 1, 1, 3, 3, 6]
    for cid, timing in content.SKILL_TIMING.items():
        assert content.card_timing(cid) == timing
        assert content.is_any_time(cid) == (timing == "any_time")
    assert content.card_timing("longsword") is None and not content.is_any_time("longsword")
    assert content.power_kind("barbarian") == "weapon_hand_limit" and content.power_kind(None) is None
    assert content.power_timing("druid") == "market_phase_start" and content.power_timing("thief") == "passive"
    assert content.power_timing(None) is None
