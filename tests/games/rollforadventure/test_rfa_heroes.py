"""The ten hero abilities (README §8): each usable once per turn by the active hero only."""
from __future__ import annotations

from rfa_kit import end_dice_step, game, keys, on_top, play, put, rng_for, show, throw, where

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import flow
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND


def legal(s):
    return KIND.legal_moves(s, s["decision"]["seat"])


def hero_game(hero, **options):
    return game(heroes=(hero, "haudegen" if hero != "haudegen" else "heiler", "raecher", "schelm"), **options)


def test_draufgaengerin_rerolls_chosen_dice_once_after_a_throw():
    s = hero_game("draufgaengerin")
    throw(s, 0, [2, 2, 5])
    rerolls = [m for m in legal(s) if m["type"] == "reroll"]
    assert {"type": "reroll", "values": [2, 5]} in rerolls and len(rerolls) == 5     # sub-multisets of 2,2,5
    events = play(s, {"type": "reroll", "values": [2, 2]})
    assert "event.hero_used" in keys(events) and len(ids_at(s, "pool")) == 3
    assert 5 in [s["dice"][i]["v"] for i in ids_at(s, "pool")]
    assert not [m for m in legal(s) if m["type"] == "reroll"]


def test_schildmaid_cancels_one_attack_per_turn():
    s = hero_game("schildmaid")
    show(s, "sandmann_1")
    on_top(s, "riesenskorpion_1")
    throw(s, 0, [3])
    end_dice_step(s)
    assert s["decision"]["kind"] == "shield" and s["decision"]["card"] == "sandmann_1"
    events = play(s, {"type": "shield", "use": True})
    assert "event.shielded" in keys(events)
    assert s["terr"]["desert"]["skull"] == 1                    # only the scorpion's attack landed


def test_schildmaid_may_decline():
    s = hero_game("schildmaid")
    on_top(s, "sandmann_1")
    throw(s, 0, [3])
    end_dice_step(s)
    play(s, {"type": "shield", "use": False})
    assert s["terr"]["desert"]["skull"] == 1


def test_schildmaid_question_says_what_the_attack_would_do():
    """``flow.shield_stakes``: what her player is asked about (issue t5: the question named no attack). A Dragon
    burns its value, a Giant shortens a track (and may make a territory fall), an enemy removes dice or, with none
    to take, does 1 damage; each is what then happens when it is let through."""
    s = hero_game("schildmaid", specials=["dragon"])
    burnt = put(s, "fortress", 4, "red", "f4")
    on_top(s, "dragon_4")
    throw(s, 0, [3])
    end_dice_step(s)
    assert flow.shield_stakes(s) == {"card": "dragon_4", "territory": "fortress", "effect": "dragon", "dice": 1,
                                     "value": 4, "damage": 0, "falls": False}
    play(s, {"type": "shield", "use": False})
    assert where(s, burnt) == "oblivion"

    s = hero_game("schildmaid", specials=["giant"])
    s["terr"]["desert"]["skull"] = 8
    on_top(s, "giant_1")
    throw(s, 0, [3])
    rng_for(s, C.TERRITORY_DIE.index("desert"))
    end_dice_step(s)
    assert flow.shield_stakes(s) == {"card": "giant_1", "territory": "desert", "effect": "giant_mark", "dice": 0,
                                     "damage": 0, "last": 8, "falls": True}
    play(s, {"type": "shield", "use": False})
    assert s["result"] == "lost"

    s = hero_game("schildmaid")
    s["terr"]["desert"]["skull"] = 3
    on_top(s, "sandmann_1")
    throw(s, 0, [3])
    end_dice_step(s)
    assert flow.shield_stakes(s) == {"card": "sandmann_1", "territory": "desert", "effect": "attack", "dice": 0,
                                     "damage": 1, "skull": 4, "last": 9, "falls": False}
    play(s, {"type": "shield", "use": False})
    assert s["terr"]["desert"]["skull"] == 4 and flow.shield_stakes(s) is None


def test_heiler_frees_own_or_ally_die_only():
    s = hero_game("heiler")
    own = put(s, "oblivion", 3, "red")
    put(s, "oblivion", 3, "blue")
    throw(s, 0, [4, 4])
    frees = [m for m in legal(s) if m["type"] == "free"]
    assert frees == [{"type": "free", "owner": "red"}]
    play(s, frees[0])
    assert where(s, own) == "board:0" and not [m for m in legal(s) if m["type"] == "free"]


def test_haudegen_doubles_one_enemy_placement():
    s = hero_game("haudegen")
    show(s, "sandmann_1")
    throw(s, 0, [3, 1])
    events = play(s, {"type": "place", "value": 3, "place": "enemy:sandmann_1", "count": 1, "hero": True})
    assert "event.defeated" in keys(events)


def test_raecher_repairs_on_defeat():
    s = hero_game("raecher")
    s["terr"]["forest"]["skull"] = 3
    show(s, "baumwuerger_1")
    throw(s, 0, [6, 1])
    events = play(s, {"type": "place", "value": 6, "place": "enemy:baumwuerger_1", "count": 1})
    assert "event.repaired" in keys(events) and s["terr"]["forest"]["skull"] == 2


def test_beschwoererin_strikes_with_a_bonus_die():
    s = hero_game("beschwoererin")
    show(s, "sandmann_1", total=5)
    throw(s, 0, [3, 3])
    assert {"type": "strike", "card": "sandmann_1"} in legal(s)
    events = play(s, {"type": "strike", "card": "sandmann_1"})
    assert "event.spirit_strike" in keys(events) and "event.defeated" in keys(events)
    assert len(ids_at(s, "supply")) == 4                        # the bonus die went back with the kill


def test_schelm_flips_a_die():
    s = hero_game("schelm")
    throw(s, 0, [1, 3])
    play(s, {"type": "flip", "value": 1})
    assert sorted(s["dice"][i]["v"] for i in ids_at(s, "pool")) == [3, 6]
    assert not [m for m in legal(s) if m["type"] == "flip"]


def test_frostlaeufer_places_several_values_in_the_ice_cave():
    s = hero_game("frostlaeufer")
    for v in (1, 2):
        put(s, "ice_cave", v, "blue", f"i{v}")
    throw(s, 0, [3, 4, 4, 6])
    play(s, {"type": "place", "value": 3, "place": "territory:ice_cave", "count": 1, "hero": True})
    assert s["decision"]["kind"] == "place_more"
    more = legal(s)
    assert {m.get("value") for m in more if m["type"] == "place"} == {4, 6}
    assert all(m.get("place") in (None, "territory:ice_cave") for m in more)
    play(s, {"type": "place", "value": 4, "place": "territory:ice_cave", "count": 1})
    assert s["decision"]["kind"] == "place_more"                # no claim in the middle of the placement
    play(s, {"type": "end_placement"})
    assert s["decision"]["kind"] == "ice_claim" and s["decision"]["count"] == 4


def test_magierin_doubles_the_vortex_of_memory():
    s = hero_game("magierin")
    lost = put(s, "oblivion", 2, "blue")
    throw(s, 0, [5, 1])
    events = play(s, {"type": "place", "value": 5, "place": "memory", "count": 1, "hero": True})
    assert "event.memory_release" in keys(events) and where(s, lost) != "oblivion" and s["memory_total"] == 0


def test_kundschafterin_mixes_fives_and_sixes_on_the_forest():
    s = hero_game("kundschafterin")
    throw(s, 0, [5, 5, 6, 2])
    play(s, {"type": "place", "value": 5, "place": "territory:forest", "count": 2, "hero": True})
    assert s["decision"]["kind"] == "place_more"
    assert not [m for m in legal(s) if m.get("place") == "memory"]
    play(s, {"type": "place", "value": 6, "place": "territory:forest", "count": 1})
    assert sorted(s["dice"][i]["v"] for i in ids_at(s, "forest")) == [5, 5, 6]
    assert s["decision"]["kind"] == "place"                     # nothing else fits: the throw goes on
    assert len(ids_at(s, "pool")) == 1


def test_abilities_belong_to_the_active_hero_only():
    s = game(heroes=("haudegen", "schelm", "raecher", "heiler"))
    show(s, "sandmann_1")
    throw(s, 0, [1, 3])
    assert not [m for m in legal(s) if m["type"] == "flip"]     # the Rogue is hero 1, not active
    assert [m for m in legal(s) if m.get("hero")]              # the Veteran's enemy placements
