"""Final scoring: the rulebooks' worked examples, every scoring card with its limits, goals and projections."""
from __future__ import annotations

import copy
import json

import pytest

from bot.games.errors import RuleError
from bot.games.rollplayer.scoring import ScoringInput, score_player
from bot.games.rollplayer.scoring_content import ATTRS

# A row worth 9: it meets no class goal (all are 14+), no trait threshold (<= 8, >= 15) and is no triple.
# Gold dice are never a class or backstory colour, so the default sheet scores exactly 0.
PLAIN = "gold2 gold3 gold4"
CLASS_OF_COLOUR = {"white": "cleric", "green": "druid", "purple": "monk", "black": "rogue",
                   "blue": "sorcerer", "red": "warrior"}
# Aristocrat backstory: attr -> (position 1-3, colour)
ARISTOCRAT = {"str": (3, "blue"), "dex": (2, "green"), "con": (1, "purple"), "int": (3, "red"),
              "wis": (2, "black"), "cha": (3, "white")}


def dice(spec: str) -> list[tuple[str, int]]:
    """'blue5 gold6 gold5' -> [('blue', 5), ('gold', 6), ('gold', 5)]"""
    return [(tok[:-1], int(tok[-1])) for tok in spec.split()]


def make(rows=None, cards=(), race="human", klass="cleric", alignment="arbiter", pos=("neutral", "neutral"),
         backstory="aristocrat", gold=0, solo=False, plain=True) -> ScoringInput:
    full = {a: dice(PLAIN) for a in ATTRS} if plain else {}
    for attr, spec in (rows or {}).items():
        full[attr] = dice(spec) if isinstance(spec, str) else spec
    return ScoringInput(race_id=race, class_id=klass, rows=full, card_ids=list(cards), alignment_id=alignment,
                        alignment_pos=tuple(pos), backstory_id=backstory, gold=gold, solo=solo)


def goal(result: dict, attr: str) -> dict:
    return next(g for g in result["goals"] if g["attr"] == attr)


def trait(result: dict, card: str) -> int:
    return next(t["stars"] for t in result["traits"] if t["card"] == card)


def weapon(result: dict, card: str) -> dict:
    return next(w for w in result["weapons"] if w["card"] == card)


def armor(result: dict, name: str) -> dict | None:
    return next((a for a in result["armor"] if a["set"] == name), None)


def test_plain_sheet_scores_nothing():
    r = score_player(make())
    assert r["total"] == 0
    assert all(not g["met"] for g in r["goals"])
    assert r["complete"] is True and r["discarded"] == [] and r["rating"] is None


# --------------------------------------------------------------------------- rulebook worked examples
@pytest.mark.parametrize("klass", ["warrior", "monk"])  # STR goal 18 (exact, 4 stars) and 18+ (3 stars)
def test_jeweled_dagger_example_5_plus_6_plus_1_plus_5_plus_1_is_18(klass):
    rows = {"str": "blue5 gold6 gold5"}
    with_dagger = goal(score_player(make(rows, ["jeweled_dagger"], klass=klass)), "str")
    assert with_dagger["value"] == 16
    assert with_dagger["weapon_max"] == 2 and with_dagger["weapon_bonus"] == 2
    assert with_dagger["goal_value"] == 18 and with_dagger["met"]
    assert with_dagger["stars"] == {"warrior": 4, "monk": 3}[klass]
    assert with_dagger["weapon_cards"] == ["jeweled_dagger"]
    assert not goal(score_player(make(rows, klass=klass)), "str")["met"]


def test_jeweled_dagger_ignored_for_reckless_int_2_2_1_is_5():
    r = score_player(make({"int": "white2 black2 gold1"}, ["jeweled_dagger", "reckless"]))
    assert trait(r, "reckless") == 2
    details = r["traits"][0]["details"][0]
    assert details["values"]["int"] == 5 and details["passed"] == ["int"]
    # the INT goal may still count the gold die one higher (5 or 6)
    assert goal(r, "int")["weapon_max"] == 1 and goal(r, "int")["value"] == 5


def test_backstory_example_four_matches_give_three():
    rows = {"str": "gold2 gold3 blue4", "dex": "gold2 green3 gold4", "con": "purple2 gold3 gold4",
            "int": "gold2 gold3 red4"}
    r = score_player(make(rows))
    assert r["backstory"] == {"card": "aristocrat", "matches": ["str", "dex", "con", "int"], "count": 4,
                              "stars": 3}
    assert r["total"] == 3


@pytest.mark.parametrize("n, stars", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 3), (5, 3), (6, 6)])
def test_backstory_reward_bands(n, stars):
    rows = {}
    for attr in ATTRS[:n]:
        position, colour = ARISTOCRAT[attr]
        row = dice(PLAIN)
        row[position - 1] = (colour, row[position - 1][1])
        rows[attr] = row
    r = score_player(make(rows, klass="warrior"))
    assert r["backstory"]["count"] == n and r["backstory"]["stars"] == stars


def test_backstory_needs_colour_and_position():
    # the right colours, each one space off
    rows = {"str": "blue2 gold3 gold4", "dex": "green2 gold3 gold4", "con": "gold2 purple3 gold4"}
    assert score_player(make(rows))["backstory"]["count"] == 0


def test_cleric_with_four_chain_pieces_scores_7_plus_1():
    r = score_player(make(cards=["chain_helm", "chain_gorget", "chain_vambraces", "chain_tunic"]))
    assert armor(r, "chain") == {"set": "chain", "cards": ["chain_helm", "chain_gorget", "chain_vambraces",
                                                           "chain_tunic"],
                                 "pieces": 4, "tower_shield": 0, "set_stars": 7, "colour_bonus": 1, "stars": 8}
    assert r["total"] == 8


def test_four_chain_pieces_without_the_class_colour_score_7():
    r = score_player(make(cards=["chain_gorget", "chain_vambraces", "chain_tunic", "chain_leggings"]))
    assert armor(r, "chain")["stars"] == 7 and r["total"] == 7


# --------------------------------------------------------------------------- attribute goals
@pytest.mark.parametrize("spec, met", [("gold6 gold6 gold5", False), ("gold6 gold6 gold6", True)])
def test_exact_goal_wis_18(spec, met):
    g = goal(score_player(make({"wis": spec})), "wis")
    assert g["met"] is met and g["goal"] == {"min": 18, "max": 18} and g["stars"] == (4 if met else 0)


def test_exact_goal_is_missed_above_and_below():
    assert not goal(score_player(make({"wis": "gold6 gold6 gold5"})), "wis")["met"]  # 17
    # a Human cannot exceed 18 with dice; Halfling CHA +2 can: Bard CHA goal is exactly 18
    assert goal(score_player(make({"cha": "gold6 gold6 gold4"}, race="halfling", klass="bard")), "cha")["met"]
    assert not goal(score_player(make({"cha": "gold6 gold6 gold5"}, race="halfling", klass="bard")), "cha")["met"]


@pytest.mark.parametrize("total, met", [(13, False), (14, True), (15, True), (16, False)])
def test_range_goal_str_14_15(total, met):
    spec = {13: "gold4 gold4 gold5", 14: "gold4 gold5 gold5", 15: "gold5 gold5 gold5", 16: "gold5 gold5 gold6"}
    g = goal(score_player(make({"str": spec[total]})), "str")
    assert g["value"] == total and g["met"] is met and g["stars"] == (2 if met else 0)
    assert g["goal"] == {"min": 14, "max": 15}


@pytest.mark.parametrize("total, met", [(13, False), (14, True), (18, True)])
def test_open_goal_int_14_plus(total, met):
    spec = {13: "gold4 gold4 gold5", 14: "gold4 gold5 gold5", 18: "gold6 gold6 gold6"}
    g = goal(score_player(make({"int": spec[total]})), "int")
    assert g["met"] is met and g["goal"] == {"min": 14, "max": None} and g["stars"] == (1 if met else 0)


@pytest.mark.parametrize("race, attr, spec, value, met", [
    ("orc", "str", "gold4 gold4 gold5", 15, True),        # 13 + 2 reaches 14-15
    ("orc", "str", "gold4 gold5 gold5", 16, False),       # 14 + 2 overshoots
    ("elf", "con", "gold5 gold6 gold6", 15, True),        # 17 - 2 lands in 15-16
    ("dragonkin", "dex", "gold6 gold6 gold6", 16, True),  # 18 - 2 lands in 16-17
    ("minotaur", "int", "gold5 gold5 gold6", 14, True),   # 16 - 2 still 14+
    ("minotaur", "int", "gold4 gold5 gold6", 13, False),
])
def test_race_modifier_counts_for_goals(race, attr, spec, value, met):
    g = goal(score_player(make({attr: spec}, race=race)), attr)
    assert g["value"] == value and g["met"] is met


def test_class_colour_dice_one_star_each():
    r = score_player(make({"str": "white2 white3 gold4", "wis": "white2 gold3 blue4"}))
    assert r["class_dice"] == {"colour": "white", "count": 3, "stars": 3}
    assert r["total"] == 3


@pytest.mark.parametrize("pos, stars", [(("neutral", "lawful"), 3), (("neutral", "chaotic"), -3),
                                        (("good", "lawful"), 1), (("neutral", "neutral"), 0)])
def test_alignment_cell_adds_or_subtracts(pos, stars):
    r = score_player(make(pos=pos))
    assert r["alignment"]["stars"] == stars and r["total"] == stars


# --------------------------------------------------------------------------- weapons
def test_longsword_raises_each_str_die_for_goals():
    g = goal(score_player(make({"str": "gold6 gold6 gold5"}, ["longsword"], klass="warrior")), "str")
    assert g["met"] and g["weapon_bonus"] == 1 and g["goal_value"] == 18
    g = goal(score_player(make({"str": "gold5 gold5 gold5"}, ["longsword"], klass="warrior")), "str")
    assert g["met"] and g["weapon_bonus"] == 3
    g = goal(score_player(make({"str": "gold4 gold5 gold5"}, ["longsword"], klass="warrior")), "str")
    assert not g["met"] and g["weapon_max"] == 3 and g["weapon_bonus"] == 0


def test_longsword_only_str_and_never_spoils_a_goal():
    r = score_player(make({"str": "gold5 gold5 gold5", "dex": "gold5 gold5 gold5"}, ["longsword"]))
    assert goal(r, "str")["met"] and goal(r, "str")["weapon_bonus"] == 0  # 15 already in 14-15
    assert goal(r, "dex")["weapon_max"] == 0 and not goal(r, "dex")["met"]


def test_longsword_counts_only_dice_present_mid_game():
    r = score_player(make({"str": "gold6 gold6"}, ["longsword"], klass="warrior"))
    assert goal(r, "str")["weapon_max"] == 2 and not goal(r, "str")["met"]


def test_longsword_ignored_for_traits():
    r = score_player(make({"str": "gold2 gold3 gold3"}, ["longsword", "weak"]))
    assert trait(r, "weak") == 2  # 8 stays 8 for Weak
    r = score_player(make({"str": "gold4 gold5 gold5", "con": "gold5 gold5 gold5"}, ["longsword", "courageous"]))
    assert trait(r, "courageous") == 0  # STR 14 (+3 for goals only) is not 15 for Courageous


def test_blessed_mace_adds_up_to_2_to_wis():
    for spec, met, b in (("gold6 gold5 gold5", True, 2), ("gold6 gold6 gold5", True, 1),
                         ("gold5 gold5 gold5", False, 0)):
        g = goal(score_player(make({"wis": spec}, ["blessed_mace"])), "wis")
        assert (g["met"], g["weapon_bonus"], g["weapon_max"]) == (met, b, 2)
    r = score_player(make({"str": "gold4 gold4 gold5"}, ["blessed_mace"]))
    assert goal(r, "str")["weapon_max"] == 0 and not goal(r, "str")["met"]


def test_blessed_mace_ignored_for_focused():
    r = score_player(make({"wis": "gold5 gold5 gold5"}, ["blessed_mace", "focused"]))
    assert trait(r, "focused") == 0


def test_jeweled_dagger_works_in_any_row_per_gold_die():
    r = score_player(make({"dex": "gold5 gold5 blue5", "con": "blue4 blue4 blue5"}, ["jeweled_dagger"]))
    assert goal(r, "dex")["weapon_max"] == 2 and goal(r, "dex")["met"]  # 15 -> 16
    assert goal(r, "con")["weapon_max"] == 0 and not goal(r, "con")["met"]


def test_longbow_raises_dex_and_wis_dice():
    r = score_player(make({"dex": "blue5 blue5 blue5", "wis": "blue5 blue5 blue5", "str": "blue4 blue4 blue4"},
                          ["longbow"]))
    assert goal(r, "dex")["met"] and goal(r, "dex")["weapon_bonus"] == 1
    assert goal(r, "wis")["met"] and goal(r, "wis")["weapon_bonus"] == 3
    assert goal(r, "str")["weapon_max"] == 0 and not goal(r, "str")["met"]
    assert r["subtotals"]["goals"] == 2 + 4


def test_longbow_ignored_for_nimble():
    r = score_player(make({"dex": "gold5 gold5 gold6"}, ["longbow", "nimble"]))
    assert trait(r, "nimble") == 0 and goal(r, "dex")["met"]


def test_quarterstaff_adds_up_to_2_to_dex_and_con():
    r = score_player(make({"dex": "gold4 gold5 gold5", "con": "gold4 gold4 gold5", "str": "gold4 gold4 gold4"},
                          ["quarterstaff"]))
    assert goal(r, "dex")["met"] and goal(r, "dex")["weapon_bonus"] == 2
    assert goal(r, "con")["met"] and goal(r, "con")["weapon_bonus"] == 2
    assert not goal(r, "str")["met"]
    assert r["total"] == 4


def test_quarterstaff_cannot_lower_a_value():
    r = score_player(make({"dex": "gold6 gold6 gold6"}, ["quarterstaff"]))  # 18 > 16-17
    assert not goal(r, "dex")["met"]


def test_ancient_spear_picks_the_best_attribute():
    r = score_player(make({"wis": "gold5 gold5 gold5", "str": "gold4 gold4 gold4"}, ["ancient_spear"]))
    assert weapon(r, "ancient_spear")["attr"] == "wis"
    assert goal(r, "wis")["met"] and goal(r, "wis")["weapon_bonus"] == 3
    assert goal(r, "wis")["weapon_cards"] == ["ancient_spear"]
    assert not goal(r, "str")["met"] and r["total"] == 4


def test_ancient_spear_unused_when_nothing_gains():
    r = score_player(make(cards=["ancient_spear"]))
    assert weapon(r, "ancient_spear")["attr"] is None and r["total"] == 0


def test_ancient_spear_skips_goals_already_met_and_stacks():
    rows = {"wis": "gold6 gold6 gold6", "str": "gold4 gold4 gold4"}  # WIS met; STR needs 2
    r = score_player(make(rows, ["ancient_spear"]))
    assert weapon(r, "ancient_spear")["attr"] == "str" and r["total"] == 4 + 2
    r = score_player(make({"wis": "gold4 gold4 gold5"}, ["ancient_spear", "blessed_mace"]))  # 13 + 3 + 2
    assert goal(r, "wis")["met"] and goal(r, "wis")["weapon_bonus"] == 5


def test_heavy_crossbow_scores_nothing():
    base = score_player(make({"str": "gold4 gold5 gold5"}))
    r = score_player(make({"str": "gold4 gold5 gold5"}, ["heavy_crossbow"]))
    assert r["total"] == base["total"] == 2
    assert weapon(r, "heavy_crossbow") == {"card": "heavy_crossbow", "stars": 0, "discarded": False}
    assert all(g["weapon_max"] == 0 for g in r["goals"])


def test_tower_shield_without_armor_gives_nothing():
    r = score_player(make(cards=["tower_shield"]))
    assert r["armor"] == [] and weapon(r, "tower_shield")["set"] is None and r["total"] == 0


def test_tower_shield_with_only_complete_sets_gives_nothing():
    cards = ["mystic_cloak", "mystic_cowl", "mystic_robes"]
    r = score_player(make(cards=cards + ["tower_shield"]))
    assert weapon(r, "tower_shield")["set"] is None
    assert armor(r, "mystic")["stars"] == 6 + 1 and r["total"] == 7


def test_tower_shield_completes_the_incomplete_set_next_to_a_complete_one():
    cards = ["mystic_cloak", "mystic_cowl", "mystic_robes", "leather_boots", "leather_gloves", "tower_shield"]
    r = score_player(make(cards=cards))
    assert weapon(r, "tower_shield")["set"] == "leather"
    assert armor(r, "leather") == {"set": "leather", "cards": ["leather_boots", "leather_gloves"],
                                         "pieces": 2, "tower_shield": 1, "set_stars": 5, "colour_bonus": 0,
                                         "stars": 5}
    assert r["total"] == 7 + 5


def test_tower_shield_picks_the_best_set():
    chain4 = ["chain_gorget", "chain_vambraces", "chain_tunic", "chain_leggings"]
    r = score_player(make(cards=chain4 + ["mystic_cowl", "tower_shield"], klass="warrior"))
    assert weapon(r, "tower_shield")["set"] == "chain"  # 7 -> 10 beats 1 -> 3
    assert armor(r, "chain")["set_stars"] == 10 and armor(r, "mystic")["set_stars"] == 1
    r = score_player(make(cards=["chain_gorget", "chain_vambraces", "chain_leggings", "leather_boots",
                                 "leather_gloves", "leather_greaves", "tower_shield"], klass="warrior"))
    assert weapon(r, "tower_shield")["set"] == "leather"  # 5 -> 8 beats 5 -> 7
    assert armor(r, "leather")["set_stars"] == 8 and armor(r, "chain")["set_stars"] == 5


def test_tower_shield_piece_has_no_colour_and_never_exceeds_a_full_set():
    r = score_player(make(cards=["chain_gorget", "tower_shield"]))  # Cleric is white, the gorget black
    assert armor(r, "chain") == {"set": "chain", "cards": ["chain_gorget"], "pieces": 1, "tower_shield": 1,
                                       "set_stars": 3, "colour_bonus": 0, "stars": 3}
    chain4 = ["chain_helm", "chain_gorget", "chain_vambraces", "chain_tunic"]
    r = score_player(make(cards=chain4 + ["tower_shield"]))
    assert armor(r, "chain")["set_stars"] == 10 and armor(r, "chain")["stars"] == 11


def test_cursed_ring_kept_when_it_pays():
    r = score_player(make({"wis": "gold6 gold6 gold5"}, ["cursed_ring"]))  # 17 + 1 = 18: 4 stars
    assert r["discarded"] == []
    assert weapon(r, "cursed_ring") == {"card": "cursed_ring", "stars": -2, "discarded": False}
    assert goal(r, "wis")["weapon_bonus"] == 1 and r["subtotals"]["weapons"] == -2 and r["total"] == 2


def test_cursed_ring_raises_every_attribute():
    rows = {"wis": "gold6 gold6 gold5", "dex": "gold5 gold5 gold5", "str": "gold4 gold4 gold5"}
    r = score_player(make(rows, ["cursed_ring"]))
    assert all(g["weapon_max"] == 1 for g in r["goals"])
    assert r["total"] == 4 + 2 + 2 - 2


def test_cursed_ring_discarded_when_it_costs():
    r = score_player(make(cards=["cursed_ring"]))
    assert r["discarded"] == ["cursed_ring"] and r["total"] == 0
    assert weapon(r, "cursed_ring") == {"card": "cursed_ring", "stars": 0, "discarded": True}
    assert all(g["weapon_max"] == 0 for g in r["goals"])  # its bonus left with it


def test_cursed_ring_kept_on_break_even():
    r = score_player(make({"str": "gold4 gold4 gold5"}, ["cursed_ring"]))  # 13 + 1: 2 stars - 2
    assert r["discarded"] == [] and r["total"] == 0 and r["subtotals"]["goals"] == 2


# --------------------------------------------------------------------------- armor
@pytest.mark.parametrize("card", ["chain_gorget", "chain_vambraces", "chain_helm", "chain_tunic",
                                  "chain_leggings", "mystic_cowl", "mystic_robes", "mystic_cloak",
                                  "leather_greaves", "leather_boots", "leather_gloves", "leather_pauldron"])
def test_each_armor_piece_scores_its_set_and_the_colour_bonus(card):
    set_name, colour = card.split("_")[0], {
        "chain_gorget": "black", "chain_vambraces": "purple", "chain_helm": "white", "chain_tunic": "red",
        "chain_leggings": "green", "mystic_cowl": "purple", "mystic_robes": "blue", "mystic_cloak": "white",
        "leather_greaves": "blue", "leather_boots": "green", "leather_gloves": "black",
        "leather_pauldron": "red"}[card]
    matching = score_player(make(cards=[card], klass=CLASS_OF_COLOUR[colour]))
    assert armor(matching, set_name)["stars"] == 2 and armor(matching, set_name)["colour_bonus"] == 1
    other = "cleric" if colour != "white" else "druid"
    plain = score_player(make(cards=[card], klass=other))
    assert armor(plain, set_name)["stars"] == 1 and plain["total"] == 1


@pytest.mark.parametrize("set_name, cards, table", [
    ("chain", ["chain_gorget", "chain_vambraces", "chain_tunic", "chain_leggings", "chain_helm"],
     [1, 3, 5, 7, 10]),
    ("leather", ["leather_greaves", "leather_boots", "leather_gloves", "leather_pauldron"], [1, 3, 5, 8]),
    ("mystic", ["mystic_cowl", "mystic_robes", "mystic_cloak"], [1, 3, 6]),
])
def test_armor_set_tables(set_name, cards, table):
    for n, stars in enumerate(table, start=1):
        r = score_player(make(cards=cards[:n], klass="warrior" if set_name != "leather" else "cleric"))
        a = armor(r, set_name)
        assert a["pieces"] == n and a["set_stars"] == stars


def test_colour_bonus_once_per_set_and_per_each_set():
    r = score_player(make(cards=["chain_helm", "chain_gorget", "chain_vambraces", "chain_tunic",
                                 "chain_leggings"]))
    assert armor(r, "chain")["stars"] == 10 + 1
    r = score_player(make(cards=["chain_helm", "mystic_cloak", "leather_boots"]))
    assert [(a["set"], a["stars"]) for a in r["armor"]] == [("chain", 2), ("leather", 1), ("mystic", 2)]
    assert r["subtotals"]["armor"] == 5


# --------------------------------------------------------------------------- traits
TRAIT_CASES = [
    ("steadfast", {"con": "gold6 gold5 gold5"}, 2), ("steadfast", {"con": "gold5 gold5 gold5"}, 0),
    ("nimble", {"dex": "gold6 gold6 gold5"}, 2), ("nimble", {"dex": "gold6 gold5 gold5"}, 0),
    ("proud", {"cha": "gold6 gold5 gold5"}, 2), ("proud", {"cha": "gold5 gold5 gold5"}, 0),
    ("focused", {"wis": "gold6 gold5 gold5"}, 2), ("focused", {"wis": "gold5 gold5 gold5"}, 0),
    ("weak", {"str": "gold2 gold3 gold3"}, 2), ("weak", {}, 0),
    ("clumsy", {"dex": "gold2 gold3 gold3"}, 3), ("clumsy", {}, 0),
    ("foolish", {"wis": "gold1 gold1 gold6"}, 2), ("foolish", {}, 0),
    ("obnoxious", {"cha": "gold2 gold2 gold4"}, 2), ("obnoxious", {}, 0),
    ("compassionate", {"wis": "gold5 gold5 gold5", "cha": "gold5 gold5 gold5"}, 3),
    ("compassionate", {"wis": "gold5 gold5 gold5", "cha": "gold4 gold5 gold5"}, 0),
    ("cunning", {"dex": "gold5 gold5 gold5", "int": "gold6 gold6 gold6"}, 3),
    ("cunning", {"dex": "gold5 gold5 gold5"}, 0),
    ("courageous", {"str": "gold5 gold5 gold5", "con": "gold6 gold5 gold4"}, 3),
    ("courageous", {"str": "gold5 gold5 gold5"}, 0),
    ("reckless", {"int": "gold1 gold2 gold2"}, 2),
    ("reckless", {"int": "gold1 gold2 gold2", "str": "gold1 gold1 gold3"}, 4),
    ("reckless", {a: "gold1 gold1 gold2" for a in ATTRS}, 12),
    ("reckless", {"int": "gold1 gold2 gold3"}, 0),
    ("obsessed", {"str": "gold4 gold4 gold4"}, 3),
    ("obsessed", {"str": "gold4 gold4 gold4", "dex": "gold6 gold6 gold6"}, 3),
    ("obsessed", {"str": "gold4 gold4 gold5"}, 0),
]


@pytest.mark.parametrize("card, rows, stars", TRAIT_CASES)
def test_attribute_traits(card, rows, stars):
    r = score_player(make(rows, [card], klass="warrior"))
    assert trait(r, card) == stars
    assert r["subtotals"]["traits"] == stars


@pytest.mark.parametrize("race, card, rows, stars", [
    ("dwarf", "obnoxious", {"cha": "gold3 gold3 gold4"}, 2),   # 10 - 2
    ("dwarf", "steadfast", {"con": "gold4 gold5 gold5"}, 2),   # 14 + 2
    ("halfling", "weak", {"str": "gold3 gold3 gold4"}, 2),     # 10 - 2
    ("halfling", "proud", {"cha": "gold4 gold5 gold5"}, 2),    # 14 + 2
    ("elf", "nimble", {"dex": "gold5 gold5 gold5"}, 2),        # 15 + 2
    ("orc", "reckless", {"int": "gold2 gold2 gold3"}, 2),      # 7 - 2
    ("orc", "weak", {"str": "gold2 gold2 gold3"}, 0),          # 7 + 2 = 9
    ("dragonkin", "clumsy", {"dex": "gold3 gold3 gold4"}, 3),  # 10 - 2
])
def test_race_modifier_counts_for_traits(race, card, rows, stars):
    assert trait(score_player(make(rows, [card], race=race, klass="warrior")), card) == stars


@pytest.mark.parametrize("card, pos, stars", [
    ("honest", ("good", "chaotic"), 2), ("honest", ("neutral", "neutral"), 0), ("honest", ("evil", "lawful"), 0),
    ("envious", ("evil", "neutral"), 2), ("envious", ("good", "neutral"), 0),
    ("honorable", ("evil", "lawful"), 2), ("honorable", ("good", "lawful"), 2),
    ("honorable", ("good", "chaotic"), 0),
])
def test_alignment_traits(card, pos, stars):
    r = score_player(make(cards=[card], pos=pos))
    assert trait(r, card) == stars


@pytest.mark.parametrize("gold, stars", [(0, 0), (1, 0), (2, 1), (3, 1), (7, 3), (8, 4), (9, 4), (100, 4)])
def test_greedy_one_star_per_two_gold_at_most_four(gold, stars):
    assert trait(score_player(make(cards=["greedy"], gold=gold)), "greedy") == stars


def test_loyal_needs_three_backstory_matches():
    two = {"str": "gold2 gold3 blue4", "dex": "gold2 green3 gold4"}
    three = dict(two, con="purple2 gold3 gold4")
    assert trait(score_player(make(two, ["loyal"])), "loyal") == 0
    assert trait(score_player(make(three, ["loyal"])), "loyal") == 2


def test_dedicated_needs_five_class_colour_dice():
    four = {"str": "white2 white3 gold4", "dex": "white2 white3 gold4"}
    five = dict(four, con="white2 gold3 gold4")
    assert trait(score_player(make(four, ["dedicated"])), "dedicated") == 0
    r = score_player(make(five, ["dedicated"]))
    assert trait(r, "dedicated") == 3 and r["class_dice"]["count"] == 5


@pytest.mark.parametrize("others, stars", [([], 1), (["honest", "weak"], 3),
                                           (["honest", "weak", "greedy", "loyal"], 4),
                                           (["longsword", "chain_helm", "search"], 1)])
def test_famous_counts_traits_owned_at_most_four(others, stars):
    assert trait(score_player(make(cards=["famous"] + others)), "famous") == stars


# --------------------------------------------------------------------------- mid-game projection
def test_empty_sheet_projection():
    r = score_player(make(rows={}, plain=False, cards=["weak", "reckless", "obsessed", "longsword"],
                          pos=("neutral", "lawful")))
    assert all(not g["met"] and g["value"] == 0 for g in r["goals"])
    assert r["subtotals"]["traits"] == 0  # upper limits wait for complete rows
    assert r["total"] == 3 and r["complete"] is False


def test_partial_rows_count_present_dice_only():
    r = score_player(make({"str": "gold6 gold6", "int": "red5"}, ["weak"], race="orc", plain=False))
    assert goal(r, "str")["value"] == 14 and goal(r, "str")["met"]
    assert goal(r, "int")["value"] == 3 and not goal(r, "int")["met"]
    assert r["backstory"]["count"] == 0  # Aristocrat wants red in INT position 3, not 1
    r = score_player(make({"str": "gold2 gold3 gold3"}, ["weak"], plain=False))
    assert trait(r, "weak") == 2  # STR is complete: its upper limit is settled


def test_short_rows_equal_rows_padded_with_none():
    short = make({"str": "gold6 gold6", "dex": []}, plain=False)
    padded = make({"str": dice("gold6 gold6") + [None], "dex": [None, None, None]}, plain=False)
    assert score_player(short) == score_player(padded)


def test_dice_may_be_json_lists():
    as_lists = make({a: [["gold", 2], ["gold", 3], ["gold", 4]] for a in ATTRS}, plain=False)
    assert score_player(as_lists) == score_player(make())


# --------------------------------------------------------------------------- sheet shape
def test_sheet_is_json_and_total_is_the_sum_of_items():
    rows = {"str": "white5 gold6 gold5", "wis": "white6 white6 purple5", "int": "white2 black2 gold1"}
    cards = ["jeweled_dagger", "reckless", "chain_helm", "chain_gorget", "tower_shield", "famous", "greedy",
             "cursed_ring"]
    r = score_player(make(rows, cards, pos=("good", "lawful"), gold=17, solo=True))
    assert json.loads(json.dumps(r)) == r
    items = 0
    for section in ("goals", "armor", "traits", "weapons"):
        assert r["subtotals"][section] == sum(e["stars"] for e in r[section])
        items += r["subtotals"][section]
    for section in ("class_dice", "alignment", "backstory", "solo_gold"):
        assert r["subtotals"][section] == r[section]["stars"]
        items += r[section]["stars"]
    assert r["total"] == items == sum(r["subtotals"].values())


def test_input_is_not_changed():
    inp = make({"str": "gold6 gold6"}, ["cursed_ring", "tower_shield", "chain_helm"], plain=False)
    before = copy.deepcopy(inp)
    score_player(inp)
    assert inp == before


# --------------------------------------------------------------------------- solo
@pytest.mark.parametrize("gold, stars", [(0, 0), (7, 0), (8, 1), (15, 1), (16, 2), (31, 3)])
def test_solo_gold_bonus_one_star_per_eight_gold(gold, stars):
    r = score_player(make(gold=gold, solo=True))
    assert r["solo_gold"]["stars"] == stars and r["total"] == stars
    assert r["rating"] == "rules.solo.rating.npc"
    assert score_player(make(gold=gold))["solo_gold"]["stars"] == 0


def test_solo_gold_and_greedy_both_count_the_same_gold():
    r = score_player(make(cards=["greedy"], gold=16, solo=True))
    assert r["total"] == 4 + 2


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("change, code", [
    ({"race_id": "gnome"}, "unknown_race"),
    ({"class_id": "necromancer"}, "unknown_class"),
    ({"backstory_id": "nobody"}, "unknown_backstory"),
    ({"alignment_id": "chaotic_stupid"}, "unknown_alignment"),
    ({"alignment_pos": ("up", "left")}, "bad_alignment_position"),
    ({"alignment_pos": ("good",)}, "bad_alignment_position"),
    ({"alignment_pos": (["good"], "lawful")}, "bad_alignment_position"),
    ({"race_id": ["human"]}, "unknown_race"),
    ({"card_ids": [["weak"]]}, "unknown_card"),
    ({"card_ids": ["vorpal_blade"]}, "unknown_card"),
    ({"card_ids": ["weak", "weak"]}, "duplicate_card"),
    ({"card_ids": "weak"}, "bad_cards"),
    ({"gold": -1}, "bad_gold"),
    ({"gold": 2.5}, "bad_gold"),
    ({"solo": "yes"}, "bad_solo"),
    ({"rows": {"luck": []}}, "unknown_attribute"),
    ({"rows": {"str": [("gold", 1)] * 4}}, "bad_row"),
    ({"rows": {"str": [None, ("gold", 1)]}}, "bad_row"),
    ({"rows": {"str": "gold1"}}, "bad_row"),
    ({"rows": {"str": [("gold", 7)]}}, "bad_die"),
    ({"rows": {"str": [("gold", 0)]}}, "bad_die"),
    ({"rows": {"str": [("gold", True)]}}, "bad_die"),
    ({"rows": {"str": [("gold", "6")]}}, "bad_die"),
    ({"rows": {"str": [("pink", 3)]}}, "bad_die"),
    ({"rows": {"str": [("gold",)]}}, "bad_die"),
    ({"rows": []}, "bad_rows"),
])
def test_bad_input_raises_rule_error_with_key(change, code):
    base = make()
    values = {name: getattr(base, name) for name in ScoringInput.__dataclass_fields__}
    values.update(change)
    with pytest.raises(RuleError) as err:
        score_player(ScoringInput(**values))
    assert err.value.code == code and err.value.key == f"rules.scoring.{code}"


def test_not_a_scoring_input():
    with pytest.raises(RuleError) as err:
        score_player({"race_id": "human"})
    assert err.value.key == "rules.scoring.bad_input"
