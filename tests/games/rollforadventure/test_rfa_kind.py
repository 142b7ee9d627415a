"""The game-kind surface: options, setup per player count, hero choice, solo, pending, score, snapshots."""
from __future__ import annotations

import pytest
from rfa_kit import end_dice_step, game, keys, play, put, throw

from bot.engine.kinds import GameKind, KindRegistry
from bot.engine.results import seat_results
from bot.games.errors import RuleError
from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND


def test_is_a_game_kind():
    assert isinstance(KIND, GameKind)
    KindRegistry([KIND])
    assert (KIND.name, KIND.min_seats, KIND.max_seats) == ("rollforadventure", 1, 4)


@pytest.mark.parametrize("seats,heroes,ally", [(1, 2, 4), (2, 2, 4), (3, 3, 3), (4, 4, 0)])
def test_dice_per_player_count(seats, heroes, ally):
    s = KIND.create(seats, 5, {})
    assert len(s["heroes"]) == heroes
    assert sum(1 for d in s["dice"] if d["o"] == "ally") == ally
    assert sum(1 for d in s["dice"] if d["o"] in C.COLOURS) == 5 * heroes
    assert len(ids_at(s, "supply")) == 4


def test_extra_ally_variant_two_players():
    s = KIND.create(2, 5, {"extra_ally_dice": True})
    assert sum(1 for d in s["dice"] if d["o"] == "ally") == 6


def test_solo_seat_controls_both_heroes():
    s = KIND.create(1, 9, {"heroes": "choose"})
    assert KIND.pending(s) == [{"seat": 0, "decision": "pick_hero"}]
    s, _ = KIND.apply(s, 0, {"type": "pick_hero", "hero": "heiler"})
    assert {"type": "pick_hero", "hero": "heiler"} not in KIND.legal_moves(s, 0)
    s, events = KIND.apply(s, 0, {"type": "pick_hero", "hero": "schildmaid"})
    assert [h["hero"] for h in s["heroes"]] == ["heiler", "schildmaid"]
    assert {h["seat"] for h in s["heroes"]} == {0}
    assert "event.roll" in keys(events) and KIND.pending(s)[0]["decision"] == "place"


def test_choose_heroes_in_seat_order_and_others_wait():
    s = KIND.create(3, 2, {"heroes": "choose", "hero_pool": "all"})
    for seat in range(3):
        assert KIND.pending(s) == [{"seat": seat, "decision": "pick_hero"}]
        assert KIND.legal_moves(s, (seat + 1) % 3) == []
        with pytest.raises(RuleError) as err:
            KIND.apply(s, (seat + 1) % 3, KIND.legal_moves(s, seat)[0])
        assert err.value.code == "not_your_turn"
        assert len(KIND.legal_moves(s, seat)) == 10 - seat
        s, _ = KIND.apply(s, seat, KIND.legal_moves(s, seat)[-1])


def test_random_heroes_from_first_game_set_by_default():
    s = KIND.create(4, 3, {})
    assert sorted(h["hero"] for h in s["heroes"]) == sorted(C.FIRST_GAME_HEROES)


@pytest.mark.parametrize("options,code", [
    ({"nope": 1}, "unknown_option"), ({"heroes": "all"}, "bad_option"), ({"adventure": "x"}, "bad_option"),
    ({"desert_side": "C"}, "bad_option"), ({"specials": ["dragon", "dragon"]}, "bad_option"),
    ({"specials": "dragon"}, "bad_option"), ({"extra_ally_dice": 1}, "bad_option"),
    ({"track_holes": 10 ** 30}, "bad_option"), ({"track_holes": True}, "bad_option"), ([1], "bad_options"),
])
def test_options_are_validated(options, code):
    with pytest.raises(RuleError) as err:
        KIND.create(2, 1, options)
    assert err.value.code == code


def test_bad_seats_and_seed():
    for seats in (0, 5, "2", None):
        with pytest.raises(RuleError):
            KIND.create(seats, 1, {})
    with pytest.raises(RuleError):
        KIND.create(2, "x", {})


def test_options_set_sides_adventure_track():
    s = KIND.create(2, 1, {"desert_side": "B", "forest_side": "B", "adventure": "jewel_of_light", "track_holes": 8})
    assert s["terr"]["desert"]["side"] == "B" and s["terr"]["fortress"]["side"] == "A"
    assert s["stones_needed"] == 8 and s["terr"]["forest"]["last"] == 7


def test_only_active_player_moves():
    s = KIND.create(3, 4, {})
    active = KIND.pending(s)[0]["seat"]
    for seat in range(3):
        assert bool(KIND.legal_moves(s, seat)) == (seat == active)


def test_win_at_the_last_stone_and_shared_ranking():
    s = game(seats=3)
    s["stones"] = 4
    for k in range(5):
        put(s, "forest", 6, "blue", k + 1)
    throw(s, 0, [6, 2])
    events = play(s, {"type": "place", "value": 6, "place": "territory:forest", "count": 1})
    assert "event.won" in keys(events) and KIND.is_finished(s) and KIND.pending(s) == []
    score = KIND.score(s)
    assert score["won"] is True and score["stones"] == 5
    assert [r["place"] for r in score["ranking"]] == [1, 1, 1]
    assert [r.place for r in seat_results(KIND, s, 3, score)] == [1, 1, 1]
    with pytest.raises(RuleError) as err:
        KIND.apply(s, 0, {"type": "end_placement"})
    assert err.value.code == "finished"


def test_loss_when_no_hero_has_dice():
    s = game()
    for d in s["dice"]:
        if d["at"].startswith("board:"):
            d.update(at="oblivion", v=2)
    throw(s, 0, [3], owners=["bonus"])
    events = end_dice_step(s)
    assert s["result"] == "lost" and "event.lost.no_dice" in keys(events)
    assert KIND.score(s)["won"] is False


def test_hero_without_dice_still_reveals():
    s = game()
    for d in s["dice"]:
        if d["at"] == "board:1":
            d.update(at="oblivion", v=2)
    throw(s, 0, [3])
    events = end_dice_step(s)
    assert "event.no_dice" in keys(events) and keys(events).count("event.reveal") == 2


def test_dumps_loads_roundtrip():
    s = KIND.create(2, 11, {"specials": ["dragon"], "ice_cave_side": "B"})
    text = KIND.dumps(s)
    assert KIND.loads(text) == s and KIND.dumps(KIND.loads(text)) == text


def test_every_event_and_error_key_is_in_the_english_catalog():
    import re
    from pathlib import Path

    from bot.games.rollforadventure.policy import choose_move
    from bot.i18n import has_key, t

    seen = set()
    for seed in range(8):
        options = {"specials": ["dragon", "phantom", "giant", "necromancer"], "hero_pool": "all",
                   "desert_side": "AB"[seed % 2], "ice_cave_side": "AB"[seed // 2 % 2], "forest_side": "B"}
        s = KIND.create(seed % 4 + 1, seed, options)
        while not KIND.is_finished(s):
            seat = KIND.pending(s)[0]["seat"]
            s, events = KIND.apply(s, seat, choose_move(s, seat, seed))
            for e in events:
                assert has_key(e["key"]), e["key"]
                assert "{" not in t(e["key"], "en", **e["params"])
                seen.add(e["key"])
    assert len(seen) > 25
    source = "".join(p.read_text() for p in Path("bot/games/rollforadventure").glob("*.py"))
    for key in set(re.findall(r'"(rollforadventure\.error\.[a-z_]+)"', source)):
        assert has_key(key), key
    for name in set(re.findall(r'ev\("([a-z_.]+)"', source)):
        assert has_key(f"rollforadventure.{name}"), name


def test_a_move_naming_another_seat_is_refused():
    s = KIND.create(2, 3, {})
    seat = KIND.pending(s)[0]["seat"]
    move = dict(KIND.legal_moves(s, seat)[0], seat=1 - seat)
    with pytest.raises(RuleError) as err:
        KIND.apply(s, seat, move)
    assert err.value.code == "wrong_seat"
    KIND.apply(s, seat, dict(move, seat=seat))


def test_an_event_naming_dice_carries_how_they_looked():
    """``die_seen`` / ``dice_seen``: each die's [owner, value] as it lay before the event moved it (a returned
    or freed die goes home blank, so only the event can say which value left), one per id named."""
    from bot.games.rollforadventure.policy import choose_move

    seen = set()
    for seed in range(6):
        s = KIND.create(seed % 4 + 1, seed, {"hero_pool": "all", "desert_side": "AB"[seed % 2]})
        while not KIND.is_finished(s):
            seat = KIND.pending(s)[0]["seat"]
            before = s
            s, events = KIND.apply(s, seat, choose_move(s, seat, seed))
            for e in events:
                p = e["params"]
                if "die" in p and isinstance(p["die"], int):
                    assert p["die_seen"][0] == before["dice"][p["die"]]["o"], e
                    seen.add(e["key"])
                if isinstance(p.get("dice"), list):
                    assert [o for o, _ in p["dice_seen"]] == [s["dice"][i]["o"] for i in p["dice"]], e
                    assert all(type(v) is int for _, v in p["dice_seen"]), e      # they lay rolled somewhere
                    seen.add(e["key"])
    assert {"rollforadventure.event.dice_returned", "rollforadventure.event.oblivion"} <= seen


def test_the_heroes_share_first_place_only_when_they_won():
    """Every seat shares one place (co-op): 1 when the heroes won, 2 (behind the game) when they lost, so the
    stats (a win is a first place in a game of two seats or more) never count a lost game as won."""
    from bot.games.rollforadventure.policy import choose_move

    results = {}
    for seed in range(1, 40):
        s = KIND.create(3, seed, {})
        while not KIND.is_finished(s):
            seat = KIND.pending(s)[0]["seat"]
            s, _ = KIND.apply(s, seat, choose_move(s, seat, seed))
        places = {r.place for r in seat_results(KIND, s, 3, KIND.score(s))}
        results[s["result"]] = places
        if len(results) == 2:
            break
    assert results == {"won": {1}, "lost": {2}}
