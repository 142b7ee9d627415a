"""Each territory side (README §6): what it accepts, what completes, what an attack takes."""
from __future__ import annotations

from rfa_kit import end_dice_step, game, keys, on_top, play, put, show, throw, where

from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND


def legal_for(s, place, value=None):
    return [m for m in KIND.legal_moves(s, s["decision"]["seat"])
            if m.get("place") == place and (value is None or m.get("value") == value)]


def test_desert_a_only_ones_and_stone_swallows_a_die():
    s = game()
    throw(s, 0, [2, 3, 4, 5, 6])
    assert not legal_for(s, "territory:desert")
    for d2 in range(3):
        put(s, "desert", 1, "blue", "d1")
        put(s, "desert", 1, "blue", "d1")
        throw(s, 0, [1, 2])
        play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 1})
        if s["decision"]["kind"] == "promote":
            play(s, {"type": "promote", "die": s["decision"]["dice"][0]})
        if s["decision"] and s["decision"]["kind"] == "promote":          # the third: d2 full
            victim = s["decision"]["dice"][0]
            events = play(s, {"type": "promote", "die": victim})
            assert "event.swallowed" in keys(events) and s["stones"] == 1
            assert s["dice"][victim]["s"] == "d3" and not ids_at(s, "desert", "d2")
    assert s["stones"] == 1


def test_desert_a_attack_takes_from_d1_only_else_damage():
    s = game()
    put(s, "desert", 1, "blue", "d2")
    on_top(s, "sandmann_1")
    throw(s, 0, [3])
    end_dice_step(s)
    assert s["terr"]["desert"]["skull"] == 1 and len(ids_at(s, "desert", "d2")) == 1


def test_desert_b_attack_removes_two_chosen_dice():
    s = game(desert_side="B")
    for f, o in (("w1", "red"), ("w5", "blue"), ("w10", "red")):
        put(s, "desert", 1, o, f)
    on_top(s, "sandmann_1")
    throw(s, 0, [3])
    end_dice_step(s)
    assert s["decision"]["kind"] == "remove_die" and len(s["decision"]["dice"]) == 3
    play(s, {"type": "remove", "die": s["decision"]["dice"][0]})
    play(s, {"type": "remove", "die": s["decision"]["dice"][0]})
    assert len(ids_at(s, "desert")) == 1 and len(ids_at(s, "oblivion")) == 2


def test_desert_b_all_chains_give_a_stone():
    s = game(desert_side="B")
    for f in ("w1", "w2", "w3", "w4", "w5", "w6", "w7", "w8", "w9"):
        put(s, "desert", 1, "blue" if f < "w5" else "red", f)
    s["terr"]["desert"]["closed"] = ["c1", "c2", "c3", "c4"]
    throw(s, 0, [1, 4], owners=["ally", "ally"])
    events = play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 1, "fields": ["w10"]})
    assert s["stones"] == 1 and not ids_at(s, "desert") and s["terr"]["desert"]["closed"] == []
    assert "event.chain_closed" in keys(events)


def test_fortress_a_closed_section_until_all_three():
    s = game()
    s["terr"]["fortress"]["barriers"] = ["f2", "f4"]
    throw(s, 0, [3, 3, 2])
    assert not legal_for(s, "territory:fortress", 3)
    for _ in range(3):
        put(s, "fortress", 2, "blue", "f2")
    play(s, {"type": "place", "value": 2, "place": "territory:fortress", "count": 1})
    assert s["terr"]["fortress"]["barriers"] == ["f4"]
    for _ in range(4):
        put(s, "fortress", 4, "blue", "f4")
    s["terr"]["fortress"]["barriers"] = ["f4"]
    from bot.games.rollforadventure.territories import _fortress_check
    events = []
    _fortress_check(s, "f4", events)
    assert s["stones"] == 1 and s["terr"]["fortress"]["barriers"] == ["f2", "f3", "f4"]


def test_fortress_b_stages_3_4_5():
    s = game(fortress_side="B")
    stages = []
    for _ in range(3):
        stage = s["terr"]["fortress"]["stage"]["f3"]
        cap = max(m["count"] for m in (throw(s, 0, [3] * 5) and legal_for(s, "territory:fortress", 3)))
        stages.append(cap)
        play(s, {"type": "place", "value": 3, "place": "territory:fortress", "count": cap})
        assert s["terr"]["fortress"]["stage"]["f3"] == (stage + 1) % 3
    assert stages == [3, 4, 5] and s["stones"] == 1 and s["terr"]["fortress"]["stage"]["f2"] == 0


def test_fortress_attack_one_per_section_else_damage():
    s = game()
    put(s, "fortress", 2, "red", "f2")
    put(s, "fortress", 4, "blue", "f4")
    on_top(s, "gruftgeist_1")
    throw(s, 0, [6])
    end_dice_step(s)
    assert not ids_at(s, "fortress") and len(ids_at(s, "oblivion")) == 2
    assert s["terr"]["fortress"]["skull"] == 0


def test_forest_b_fills_from_both_ends_and_needs_both_values():
    s = game(forest_side="B")
    throw(s, 0, [6, 6, 6, 6, 6], owners=["red"] * 5)
    assert max(m["count"] for m in legal_for(s, "territory:forest", 6)) == 5
    play(s, {"type": "place", "value": 6, "place": "territory:forest", "count": 5})
    assert sorted(s["dice"][i]["s"] for i in ids_at(s, "forest")) == [1, 2, 3, 4, 5]
    throw(s, 1, [6, 6, 6, 5], owners=["blue"] * 4)
    assert max(m["count"] for m in legal_for(s, "territory:forest", 6)) == 2   # the last field keeps room for a 5
    play(s, {"type": "place", "value": 5, "place": "territory:forest", "count": 1})
    assert s["dice"][ids_at(s, "pool")[0]]["at"] == "pool" and len(ids_at(s, "forest")) == 6
    assert {s["dice"][i]["s"] for i in ids_at(s, "forest") if s["dice"][i]["v"] == 5} == {8}
    put(s, "forest", 6, "ally", 6)
    put(s, "forest", 6, "ally", 7)
    throw(s, 1, [1, 4], owners=["blue", "blue"])          # 7 sixes: border 7 shows a 1
    assert legal_for(s, "territory:forest") == [{"type": "place", "value": 1, "place": "territory:forest", "count": 1}]


def test_forest_b_attack_slides_each_run_to_its_end():
    s = game(forest_side="B")
    for k in (1, 2):
        put(s, "forest", 6, "red", k)
    for k in (7, 8):
        put(s, "forest", 5, "blue", k)
    on_top(s, "baumwuerger_1")
    throw(s, 0, [3])
    end_dice_step(s)
    slots = {s["dice"][i]["v"]: s["dice"][i]["s"] for i in ids_at(s, "forest")}
    assert slots == {6: 1, 5: 8}


def test_ice_cave_a_one_die_per_throw_and_claims():
    s = game(seats=3)
    show(s, "sandmann_1")
    for v, o in ((1, "red"), (2, "blue"), (3, "red"), (4, "green")):
        put(s, "ice_cave", v, o, f"i{v}")
    throw(s, 0, [5, 5, 6])
    assert [m["count"] for m in legal_for(s, "territory:ice_cave")] == [1, 1]
    play(s, {"type": "place", "value": 5, "place": "territory:ice_cave", "count": 1})
    assert s["decision"]["kind"] == "ice_claim" and s["decision"]["count"] == 5
    events = play(s, {"type": "claim", "claim": True})
    assert "event.ice_claim" in keys(events) and "sandmann_1" not in s["display"]
    bonus_on = sorted(d["at"] for d in s["dice"] if d["o"] == "bonus" and d["at"] != "supply")
    assert bonus_on == ["board:0", "board:1", "board:2"]
    assert not ids_at(s, "ice_cave")


def test_ice_cave_a_six_dice_must_claim_and_reset_damage():
    s = game()
    s["terr"]["forest"]["skull"] = 5
    for v in range(1, 6):
        put(s, "ice_cave", v, "blue", f"i{v}")
    throw(s, 0, [6, 1])
    events = play(s, {"type": "place", "value": 6, "place": "territory:ice_cave", "count": 1})
    assert "event.ice_claim" in keys(events) and s["terr"]["forest"]["skull"] == 0


def test_ice_cave_b_neighbour_rule():
    s = game(ice_cave_side="B")
    put(s, "ice_cave", 4, "red", "e")
    throw(s, 0, [4, 2])
    fields = {m["field"] for m in legal_for(s, "territory:ice_cave", 4)}
    assert fields == {"a", "c"}                                # b, d, f and g touch e


def test_ice_cave_attack_takes_the_highest():
    s = game()
    low, high = put(s, "ice_cave", 2, "red", "i2"), put(s, "ice_cave", 5, "red", "i5")
    on_top(s, "weisser_wolf_1")
    throw(s, 0, [3])
    end_dice_step(s)
    assert where(s, high) == "oblivion" and where(s, low) == "ice_cave"


def test_empty_territory_takes_one_damage():
    for card, terr in (("sandmann_1", "desert"), ("gruftgeist_1", "fortress"), ("baumwuerger_1", "forest"),
                       ("weisser_wolf_1", "ice_cave")):
        s = game()
        on_top(s, card)
        throw(s, 0, [3])
        events = end_dice_step(s)
        assert s["terr"][terr]["skull"] == 1 and "event.damage" in keys(events)


def test_identical_dice_are_one_choice_and_old_logs_naming_either_still_play():
    """Two blue 1s and a red 1 fill Desert A's first section: the step-up offers blue and red once each (it
    offered each die, two moves that did the same thing). A move log from before may name the second blue die:
    that move still plays, with the die it names, so its replay reaches the state it reached then."""
    s = game()
    blues = [put(s, "desert", 1, "blue", "d1"), put(s, "desert", 1, "blue", "d1")]
    throw(s, 0, [1, 2])
    play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 1})
    assert s["decision"]["kind"] == "promote" and len(s["decision"]["dice"]) == 3
    offered = KIND.legal_moves(s, s["decision"]["seat"])
    owners = sorted(s["dice"][m["die"]]["o"] for m in offered)
    assert owners == ["blue", "red"] and {"type": "promote", "die": blues[0]} in offered
    old, _ = KIND.apply(s, s["decision"]["seat"], {"type": "promote", "die": blues[1]})
    assert old["dice"][blues[1]]["s"] == "d2" and old["dice"][blues[0]]["at"] == "board:1"
    refused = [{"type": "promote", "die": 999}, {"type": "promote", "die": True}, {"type": "remove", "die": blues[1]}]
    for move in refused:
        try:
            KIND.apply(s, s["decision"]["seat"], move)
        except Exception as error:          # a RuleError, before any change
            assert type(error).__name__ == "RuleError"
        else:
            raise AssertionError(f"{move} was played")
