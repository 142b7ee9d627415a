"""One test per worked example of the rulebook (spec README §11, rules.json ``worked_examples``)."""
from __future__ import annotations

from rfa_kit import end_dice_step, game, keys, on_top, play, put, rng_for, show, throw, where

from bot.games.rollforadventure.board import ids_at


def test_desert_a_subtask_l237():
    s = game()
    blue = put(s, "desert", 1, "blue", "d1")
    pool = throw(s, 0, [1, 1, 3, 4, 5])
    play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 2})
    assert s["decision"]["kind"] == "promote"
    red_dice = [i for i in ids_at(s, "desert", "d1") if s["dice"][i]["o"] == "red"]
    events = play(s, {"type": "promote", "die": red_dice[0]})
    assert ids_at(s, "desert", "d2") == [red_dice[0]]
    assert where(s, red_dice[1]) == "board:0" and where(s, blue) == "board:1"
    assert len(ids_at(s, "pool")) == 3 and keys(events)[-1] == "event.roll"
    assert set(ids_at(s, "pool")) == set(pool) - set(red_dice)


def test_fortress_a_subtask_l255():
    s = game()
    red3 = put(s, "fortress", 3, "red", "f3")
    throw(s, 1, [3, 3, 3, 3, 4])
    counts = [m["count"] for m in play_moves(s) if m.get("place") == "territory:fortress" and m["value"] == 3]
    assert max(counts) == 3                                  # only three 3s fit
    play(s, {"type": "place", "value": 3, "place": "territory:fortress", "count": 3})
    assert "f3" not in s["terr"]["fortress"]["barriers"]
    assert where(s, red3) == "board:0"
    assert sum(1 for d in s["dice"] if d["o"] == "blue" and d["at"] == "board:1") >= 3
    assert len(ids_at(s, "pool")) == 2                       # the surplus 3 and the 4 are rolled again


def play_moves(s):
    from bot.games.rollforadventure.kind import KIND
    return KIND.legal_moves(s, s["decision"]["seat"])


def test_forest_a_partial_l273():
    s = game()
    for k in range(3):
        put(s, "forest", 6, "blue", k + 1)
    throw(s, 0, [6, 6, 5])
    play(s, {"type": "place", "value": 6, "place": "territory:forest", "count": 2})
    assert len(ids_at(s, "forest")) == 5 and s["stones"] == 0
    (left,) = ids_at(s, "pool")
    s["dice"][left]["v"] = 1                                  # the reroll shows a 1
    play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 1})
    assert where(s, left) == "desert"


def test_forest_a_boundaries_l271():
    s = game(adventure="jewel_of_light")
    costs = []
    for _ in range(4):
        bar = s["terr"]["forest"]["bar"]
        placed = 0
        while s["stones"] == len(costs):
            throw(s, 0, [6, 2])
            play(s, {"type": "place", "value": 6, "place": "territory:forest", "count": 1})
            placed += 1
        costs.append((bar, placed))
    assert costs == [(6, 6), (7, 7), (8, 8), (9, 9)]
    assert s["terr"]["forest"]["bar"] == 9                   # house: stays at 9


def test_rank_reattack_l339():
    s = game()
    for c in ("sandmann_1", "baumwuerger_1", "baumwuerger_2", "hoehlentroll_1", "schwarzritter_1"):
        show(s, c)
    on_top(s, "gruftgeist_1")
    throw(s, 0, [2])
    events = end_dice_step(s)
    re = [e["params"]["card"] for e in events if e["key"].endswith("event.reattack")]
    assert re == ["sandmann_1", "baumwuerger_1", "baumwuerger_2"]
    attacks = [e["params"]["card"] for e in events if e["key"].endswith("event.attack")]
    assert attacks == ["sandmann_1", "baumwuerger_1", "baumwuerger_2", "gruftgeist_1"]
    assert "gruftgeist_1" in s["display"]


def test_defeat_over_turns_l349():
    s = game()
    show(s, "baumwuerger_1")
    red = throw(s, 0, [2, 5])
    play(s, {"type": "place", "value": 2, "place": "enemy:baumwuerger_1", "count": 1})
    assert s["enemy_total"]["baumwuerger_1"] == 2 and "baumwuerger_1" in s["display"]
    blue = throw(s, 1, [5, 3])
    events = play(s, {"type": "place", "value": 5, "place": "enemy:baumwuerger_1", "count": 1})
    assert "event.defeated" in keys(events) and s["discard"][-1] == "baumwuerger_1"
    assert where(s, red[0]) == "board:0" and where(s, blue[0]) == "board:1"


def test_vortex_of_memory_l442():
    s = game()
    five = put(s, "memory", 5, "blue")
    s["memory_total"] = 5
    lost = put(s, "oblivion", 2, "blue")
    dice = throw(s, 0, [3, 3, 3, 4])
    events = play(s, {"type": "place", "value": 3, "place": "memory", "count": 2})
    assert "event.memory_release" in keys(events)
    # its line says the true sum before the release (5 + 2×3 = 11; it read "10 of 10", a sum no die made)
    assert [e["params"]["total"] for e in events if e["key"].endswith("event.memory")] == [11]
    assert s["memory_total"] == 0 and not ids_at(s, "memory") and not ids_at(s, "oblivion")
    assert all(where(s, i) == "board:0" for i in dice)      # step over; the 3 and 4 wait on the board
    assert s["active"] == 1 and {five, lost} <= set(ids_at(s, "pool"))   # Blue rolls them in her turn


def test_fortress_attack_one_section_l375():
    s = game()
    a, b = put(s, "fortress", 3, "red", "f3"), put(s, "fortress", 3, "red", "f3")
    on_top(s, "skelettkrieger_1")
    throw(s, 0, [1])
    events = end_dice_step(s)
    assert sorted(ids_at(s, "oblivion")) in ([a], [b]) and s["terr"]["fortress"]["skull"] == 0
    assert "event.damage" not in keys(events)


def test_forest_attack_one_value_l383():
    s = game()
    sixes = [put(s, "forest", 6, "red", k) for k in (1, 2, 3)]
    on_top(s, "baumwuerger_1")
    throw(s, 0, [1])
    end_dice_step(s)
    assert len(ids_at(s, "oblivion")) == 1 and s["terr"]["forest"]["skull"] == 0
    assert sorted(s["dice"][i]["s"] for i in ids_at(s, "forest")) == [1, 2]
    assert set(ids_at(s, "forest")) < set(sixes)


def test_phantom_forest_l506():
    s = game(specials=["phantom"])
    put(s, "forest", 6, "red", 1)
    put(s, "forest", 5, "red", 2)
    put(s, "forest", 5, "red", 3)
    on_top(s, "phantom_1")
    throw(s, 0, [1])
    rng_for(s, 2)                                            # territory die: face 2 = forest
    events = end_dice_step(s)
    faces = [e["params"]["face"] for e in events if e["key"].endswith("territory_die")]
    assert faces == ["forest"]
    assert sorted(s["dice"][i]["v"] for i in ids_at(s, "forest")) == [5]
    assert "phantom_1" in s["display"]


def test_desert_b_keep_one_l570():
    s = game(desert_side="B")
    w2 = put(s, "desert", 1, "red", "w2")
    w3 = put(s, "desert", 1, "blue", "w3")
    throw(s, 1, [1, 6])
    play(s, {"type": "place", "value": 1, "place": "territory:desert", "count": 1, "fields": ["w4"]})
    assert s["terr"]["desert"]["closed"] == ["c2"] and s["decision"]["kind"] == "desert_return"
    w4 = next(i for i in ids_at(s, "desert") if s["dice"][i]["s"] == "w4")
    play(s, {"type": "keep", "return": sorted([w2, w3])})
    assert where(s, w2) == "board:0" and where(s, w3) == "board:1" and where(s, w4) == "desert"


def test_forest_b_sacrifice_l616():
    s = game(forest_side="B")
    path = [put(s, "forest", 6, "red", k) for k in (1, 2, 3, 4)] + \
        [put(s, "forest", 5, "blue", k) for k in (5, 6, 7, 8)]
    throw(s, 0, [4, 4, 2])
    legal = [m for m in play_moves(s) if m.get("place") == "territory:forest"]
    assert legal == [{"type": "place", "value": 4, "place": "territory:forest", "count": 1}]
    events = play(s, legal[0])
    assert s["stones"] == 1 and len(ids_at(s, "oblivion")) == 1 and "event.stone" in keys(events)
    assert not ids_at(s, "forest") and all(where(s, i).startswith("board:") for i in path)


def test_ice_cave_b_two_lines_l656():
    s = game(seats=3, ice_cave_side="B")
    s["terr"]["desert"]["skull"] = 3
    grid = {"a": 1, "c": 1, "e": 3, "g": 1}
    lying = [put(s, "ice_cave", v, "red", f) for f, v in grid.items()]
    green = throw(s, 2, [2, 6])
    play(s, {"type": "place", "value": 2, "place": "territory:ice_cave", "count": 1, "field": "b"})
    assert sorted(s["decision"]["lines"]) == ["centre_column", "top_row"]
    play(s, {"type": "claim", "lines": ["top_row", "centre_column"]})
    assert sum(1 for d in s["dice"] if d["o"] == "bonus" and d["at"] == "board:2") == 2
    assert s["terr"]["desert"]["skull"] == 1
    assert not ids_at(s, "ice_cave") and all(where(s, i) == "board:0" for i in lying)
    assert where(s, green[0]) == "board:2"


def test_an_enemys_damage_line_says_the_true_sum():
    """A tour read "has taken 6 of 6" for 4 + 2×6 = 16: the hit's line says the sum the dice made, then the
    enemy is defeated."""
    s = game()
    show(s, "sandmann_1")
    s["enemy_total"]["sandmann_1"] = 4
    throw(s, 0, [6, 6, 1, 2])
    events = play(s, {"type": "place", "value": 6, "place": "enemy:sandmann_1", "count": 2})
    assert [e["params"]["total"] for e in events if e["key"].endswith("event.enemy_hit")] == [16]
    assert "event.defeated" in keys(events)
