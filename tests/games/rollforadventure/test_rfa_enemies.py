"""Enemies, the Master of Shadows and the special enemies (README §7, §9, §10)."""
from __future__ import annotations

import json

import pytest
from rfa_kit import end_dice_step, game, keys, on_top, play, put, rng_for, show, throw, where

from bot.games.errors import RuleError
from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.kind import KIND


def reveal(s, card, face=None):
    on_top(s, card)
    throw(s, 0, [3])
    if face is not None:
        rng_for(s, C.TERRITORY_DIE.index(face))
    return end_dice_step(s)


def test_enemy_stays_displayed_and_attacks_again_when_higher_rank_comes():
    s = game()
    reveal(s, "sandmann_1")
    assert s["display"] == ["sandmann_1"] and s["terr"]["desert"]["skull"] == 1
    events = reveal(s, "riesenskorpion_1")
    assert s["terr"]["desert"]["skull"] == 3 and "event.reattack" in keys(events)


def test_equal_rank_does_not_reattack():
    s = game()
    show(s, "sandmann_1")
    events = reveal(s, "sandmann_2")
    assert "event.reattack" not in keys(events) and s["terr"]["desert"]["skull"] == 1


@pytest.mark.parametrize("face,expected", [("forest", {"forest": 2}), ("all", dict.fromkeys(C.TERRITORIES, 1)),
                                           ("none", {})])
def test_master_of_shadows_all_reattack_then_territory_die(face, expected):
    s = game()
    show(s, "schwarzritter_1")                 # rank 3 re-attacks too
    show(s, "sandmann_1")
    events = reveal(s, "master_of_shadows", face)
    assert [e["params"]["card"] for e in events if e["key"].endswith("reattack")] == ["schwarzritter_1", "sandmann_1"]
    damage = {t: s["terr"][t]["skull"] for t in C.TERRITORIES}
    want = {t: expected.get(t, 0) + (1 if t in ("fortress", "desert") else 0) for t in C.TERRITORIES}
    assert damage == want
    assert "master_of_shadows" in s["deck"] and "master_of_shadows" not in s["display"]
    assert "event.master_shuffled" in keys(events)


def test_master_as_last_card_comes_every_turn():
    s = game()
    s["discard"] += [c for c in s["deck"] if c != "master_of_shadows"]
    s["deck"] = ["master_of_shadows"]
    reveal(s, "master_of_shadows", "none")
    assert s["deck"] == ["master_of_shadows"]


def test_dragon_burns_its_value_everywhere_but_desert_d2_and_enemies():
    s = game(specials=["dragon"])
    show(s, "sandmann_1")
    hit = [put(s, "fortress", 4, "red", "f4"), put(s, "ice_cave", 4, "blue", "i4"), put(s, "memory", 4, "blue")]
    s["memory_total"] = 4
    safe = [put(s, "fortress", 3, "red", "f3"), put(s, "enemy:sandmann_1", 4, "blue")]
    s["enemy_total"]["sandmann_1"] = 4
    events = reveal(s, "dragon_4")
    assert all(where(s, i) == "oblivion" for i in hit) and where(s, safe[0]) == "fortress"
    assert where(s, safe[1]) == "enemy:sandmann_1" and s["memory_total"] == 3   # the 3 that ended the step
    assert "dragon_4" in s["discard"] and "dragon_4" not in s["display"]
    assert "event.reattack" not in keys(events)                 # no rank, no re-attacks


def test_dragon_one_spares_desert_d2():
    s = game(specials=["dragon"])
    d1, d2 = put(s, "desert", 1, "red", "d1"), put(s, "desert", 1, "red", "d2")
    reveal(s, "dragon_1")
    assert where(s, d1) == "oblivion" and where(s, d2) == "desert"


def test_dragon_without_targets_does_nothing():
    s = game(specials=["dragon"])
    events = reveal(s, "dragon_6")
    assert "event.dragon_miss" in keys(events) and all(s["terr"][t]["skull"] == 0 for t in C.TERRITORIES)


def test_phantom_reattacks_when_higher_card_comes():
    s = game(specials=["phantom"])
    reveal(s, "phantom_1", "desert")
    assert s["terr"]["desert"]["skull"] == 1 and "phantom_1" in s["display"]
    events = reveal(s, "riesenskorpion_1", "fortress")          # rank 2 > phantom rank 1
    assert "event.reattack" in keys(events) and s["terr"]["fortress"]["skull"] == 1


def test_giant_shortens_the_track_and_can_end_the_game():
    s = game(specials=["giant"])
    reveal(s, "giant_1", "forest")
    assert s["terr"]["forest"]["last"] == 8 and "giant_1" in s["display"]
    s["terr"]["desert"]["skull"] = 8
    s["display"].remove("giant_1")
    s["deck"].append("giant_1")
    s["enemy_total"].pop("giant_1")
    events = reveal(s, "giant_1", "desert")
    assert s["terr"]["desert"]["last"] == 8 and s["result"] == "lost"      # the marker reached the skull
    assert "event.lost.territory_fallen" in keys(events)


def test_necromancer_raises_the_last_normal_enemy():
    s = game(specials=["necromancer", "dragon"])
    s["deck"].remove("sandmann_1")
    s["deck"].remove("dragon_2")
    s["discard"] += ["sandmann_1", "dragon_2"]            # the dragon on top is skipped
    show(s, "baumwuerger_1")
    events = reveal(s, "necromancer_1")
    assert "event.raised" in keys(events) and "sandmann_1" in s["display"]
    assert s["terr"]["desert"]["skull"] == 1 and s["terr"]["forest"]["skull"] == 1   # rank 1 re-attacked
    assert s["display"][-2:] == ["necromancer_1", "sandmann_1"]


def test_special_enemies_are_defeated_with_six():
    s = game(specials=["phantom"])
    show(s, "phantom_6")
    throw(s, 0, [6, 2])
    events = play(s, {"type": "place", "value": 6, "place": "enemy:phantom_6", "count": 1})
    assert "event.defeated" in keys(events) and "phantom_6" in s["discard"]


def test_deck_three_piles_master_in_the_middle():
    for specials, size in (([], 24), (["dragon", "giant"], 36)):
        s = game(specials=specials)
        assert len(s["deck"]) == size + 1
        third = size // 3
        assert third <= s["deck"].index("master_of_shadows") <= 2 * third


def test_a_raised_enemy_still_counts_as_defeated():
    """A tour's end post read "1 enemy defeated" after four defeats: the count came from the discard pile, which
    a Necromancer empties. Defeats are counted as they happen."""
    s = game(specials=["necromancer"])
    show(s, "sandmann_1")
    throw(s, 0, [6, 2])
    play(s, {"type": "place", "value": 6, "place": "enemy:sandmann_1", "count": 1})
    assert s["discard"] == ["sandmann_1"] and KIND.score(s)["defeated"] == 1
    end_dice_step(s)
    reveal(s, "necromancer_1")
    assert "sandmann_1" in s["display"] and "sandmann_1" not in s["discard"]
    assert KIND.score(s)["defeated"] == 1, "raised again, it was still defeated once"
    throw(s, 0, [6, 2])
    play(s, {"type": "place", "value": 6, "place": "enemy:sandmann_1", "count": 1})
    assert KIND.score(s)["defeated"] == 2
    assert KIND.loads(KIND.dumps(s)) == s


def test_a_state_stored_before_the_count_loads_with_the_count_its_discard_pile_shows():
    """Version 1 kept no count: its snapshots still load (and ``verify`` compares them as version 2 stores them)."""
    s = game(specials=["necromancer", "dragon"])
    show(s, "sandmann_1")
    throw(s, 0, [6, 2])
    play(s, {"type": "place", "value": 6, "place": "enemy:sandmann_1", "count": 1})
    s["deck"].remove("dragon_2")
    s["discard"].append("dragon_2")
    old = {k: v for k, v in s.items() if k != "defeated"} | {"v": 1}
    loaded = KIND.loads(json.dumps(old))
    assert loaded["v"] == 2 and loaded["defeated"] == 1 and KIND.score(loaded)["defeated"] == 1
    assert KIND.upgrade(json.dumps(old)) == KIND.dumps(loaded)
    assert KIND.upgrade(KIND.dumps(loaded)) == KIND.dumps(loaded), "a current snapshot is left as it is"
    with pytest.raises(RuleError):          # a current state that forgot its count is refused
        KIND.loads(json.dumps({k: v for k, v in s.items() if k != "defeated"}))
    with pytest.raises(RuleError):          # fewer defeats than the discard pile shows cannot be
        KIND.loads(json.dumps({**s, "defeated": 0}))
