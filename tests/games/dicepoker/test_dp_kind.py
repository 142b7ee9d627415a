"""The kind through its protocol: options, moves, pending, the printed procedure, the three modes."""
from __future__ import annotations

import json

import pytest
from dp_kit import ForcedDice, bot, keep_all, play, spec_data

from bot.engine.kinds import GameKind, KindRegistry
from bot.engine.results import seat_results
from bot.games.dicepoker import rules
from bot.games.dicepoker.hands import compare, hand_key
from bot.games.dicepoker.kind import KIND
from bot.games.errors import RuleError

ALL = [0, 1, 2, 3, 4]


def test_kind_registers_with_the_engine():
    assert isinstance(KIND, GameKind)
    assert KindRegistry([KIND])["dicepoker"] is KIND
    assert (KIND.min_seats, KIND.max_seats) == (1, 2)


@pytest.mark.parametrize("seats, options, mode, purse, hands", [
    (2, {}, "duel", 5, 8), (1, {}, "solo", 30, 10), (1, {"mode": "local_gamblers"}, "local_gamblers", 5, 8),
    (2, {"purse": 9, "hands": 2}, "duel", 9, 2), (1, {"table": "printed"}, "solo", 30, 10)])
def test_create_defaults(seats, options, mode, purse, hands):
    s = KIND.create(seats, 1, options)
    assert (s["mode"], s["options"]["purse"], s["options"]["hands"]) == (mode, purse, hands)
    assert s["hand"] == 1 and not KIND.is_finished(s)


@pytest.mark.parametrize("seats, seed, options, code", [
    (3, 1, {}, "bad_seats"), (0, 1, {}, "bad_seats"), (True, 1, {}, "bad_seats"), ("2", 1, {}, "bad_seats"),
    (2, "x", {}, "bad_seed"), (2, 1.5, {}, "bad_seed"), (2, 1 << 80, {}, "bad_seed"), (2, False, {}, "bad_seed"),
    (2, 1, {"mode": "solo"}, "bad_seats"), (1, 1, {"mode": "duel"}, "bad_seats"),
    (2, 1, {"colour": 1}, "unknown_option"), (2, 1, {"table": "house"}, "unknown_option"),
    (1, 1, {"first_active": 0}, "unknown_option"), (1, 1, {"kicker_depth": 2}, "unknown_option"),
    (2, 1, {"purse": 0}, "bad_option"), (2, 1, {"purse": True}, "bad_option"), (2, 1, {"purse": "5"}, "bad_option"),
    (2, 1, {"purse": 10 ** 100}, "bad_option"), (2, 1, {"hands": 0}, "bad_option"),
    (2, 1, {"hands": 2.0}, "bad_option"),
    (2, 1, {"kicker_depth": 3}, "bad_option"), (2, 1, {"kicker_depth": True}, "bad_option"),
    (2, 1, {"first_active": 2}, "bad_option"), (1, 1, {"table": "casino"}, "bad_option"),
    (1, 1, {"table": "printed", "purse": 0}, "bad_option"), (1, 1, {"purse": 2}, "bad_option"),
    (1, 1, {"mode": "local_gamblers", "gambler_level": "hard"}, "bad_option"),
    (1, 1, {"mode": ["solo"]}, "bad_option"), (2, 1, [("purse", 5)], "bad_options"), (2, 1, {1: 2}, "unknown_option"),
])
def test_create_refuses_bad_input_with_typed_errors(seats, seed, options, code):
    with pytest.raises(RuleError) as info:
        KIND.create(seats, seed, options)
    assert info.value.code == code and info.value.key.startswith("dicepoker.error.")


def test_create_refuses_huge_numbers_without_formatting_them():
    huge = 10 ** 5000                     # str() of this raises ValueError in Python 3.11
    for seats, seed, options, code in ((huge, 1, {}, "bad_seats"), (2, huge, {}, "bad_seed"),
                                       (2, 1, {"hands": huge}, "bad_option"), (2, 1, {"purse": -huge}, "bad_option")):
        with pytest.raises(RuleError) as info:
            KIND.create(seats, seed, options)
        assert info.value.code == code
        str(info.value)


def test_duel_hand_starts_with_antes_pot_and_both_rolls():
    s = KIND.create(2, 5, {})
    assert s["purses"] == [4, 4] and s["pot"] == 3 and s["supply"] == 1
    assert KIND.pending(s) == [{"seat": 1, "decision": "reroll", "role": "opponent",
                                "default": {"type": "reroll", "keep": ALL}, "timeout_s": 120}]
    evs = rules.deal_events(s)
    keys = [e["key"].rsplit(".", 1)[1] for e in evs]
    assert keys == ["hand_started", "ante_paid", "ante_paid", "pot_formed", "rolled", "rolled"]
    assert [e["params"]["dice"] for e in evs[-2:]] == [side["dice"] for side in s["sides"]]


def test_legal_moves_are_the_32_keep_patterns_for_the_deciding_seat_only():
    s = KIND.create(2, 5, {})
    moves = KIND.legal_moves(s, 1)
    assert len(moves) == 32 and {tuple(m["keep"]) for m in moves}.__len__() == 32
    assert all(m["type"] == "reroll" and m["keep"] == sorted(m["keep"]) for m in moves)
    assert KIND.legal_moves(s, 0) == [] and KIND.legal_moves(s, 7) == [] and KIND.legal_moves(s, "1") == []
    with pytest.raises(RuleError) as info:
        KIND.apply(s, 0, {"type": "reroll", "keep": ALL})
    assert info.value.code == "not_your_turn"


def test_opponent_rerolls_first_then_active_and_new_values_stand():
    s = KIND.create(2, 9, {})
    before = json.loads(KIND.dumps(s))
    s1, evs = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1]})
    assert KIND.dumps(s) == json.dumps(before, sort_keys=True, separators=(",", ":"))   # input untouched
    assert evs[0]["key"] == "dicepoker.event.rerolled" and evs[0]["params"]["rerolled"] == [2, 3, 4]
    assert s1["sides"][1]["dice"][:2] == s["sides"][1]["dice"][:2]
    assert KIND.pending(s1)[0]["seat"] == 0 and KIND.pending(s1)[0]["role"] == "active"
    s2, evs = KIND.apply(s1, 0, {"type": "reroll", "keep": [4, 0, 2]})           # any order accepted
    assert s2["history"][0]["rerolled"] == [[1, 3], [2, 3, 4]]
    assert s2["history"][0]["final"][1] == s1["sides"][1]["dice"]              # opponent cannot reroll again
    entry = s2["history"][0]
    who, step = compare(entry["final"][0], entry["final"][1])
    assert entry["winner"] == (0 if who == "active" else 1) and entry["decided_by"] == step
    assert s2["hand"] == 2 and s2["active"] == 1                              # the active seat alternates


def test_worked_example_through_the_kind(monkeypatch):
    """Seed 004 l.1610-1628: Anja (active, seat 0) and Markus (seat 1) each put in 1 Gold, the supply adds
    1; Markus rerolls 2 dice first and has a Full House, Anja rerolls 3 and has Two Pairs; Markus takes
    the 3 Gold (Anja -1, Markus +2, supply -1)."""
    ex = spec_data()["worked_example"]
    anja, markus = ex["active"], ex["opponent"]
    ForcedDice(monkeypatch, anja["initial"] + markus["initial"] + [6, 6] + [5, 5, 2] + [1] * 10)
    s = KIND.create(2, 0, {"purse": 5})
    assert s["pot"] == ex["pot"] == 3
    s, evs = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1, 2]})          # Markus keeps 2 2 2
    assert s["sides"][1]["dice"] == markus["final"] and evs[0]["params"]["count"] == 2
    s, evs = KIND.apply(s, 0, {"type": "reroll", "keep": [0, 1]})             # Anja keeps 4 4
    assert s["history"][0]["final"][0] == anja["final"]
    won = next(e for e in evs if e["key"] == "dicepoker.event.hand_won")
    assert won["params"] == {"seat": 1, "loser": 0, "purse": 7, "hand": "full_house", "other_hand": "two_pairs",
                             "decided_by": "category", "pot": 3}
    assert s["history"][0]["purses"] == [5 - 1, 5 + 2]                       # before the next ante
    gain = {"Anja": s["history"][0]["purses"][0] - 5, "Markus": s["history"][0]["purses"][1] - 5, "supply": -1}
    assert gain == ex["gold_change"]
    assert s["supply"] == 2                                                   # 1 lost in hand 1, 1 in hand 2's pot
    assert s["history"][0]["winner"] == 1


def test_full_duel_ends_after_eight_hands_with_a_ranking():
    s, moves, events = play(KIND.create(2, 42, {}), bot("best"))
    assert len(s["history"]) == 8 and len(moves) == 16
    assert [e["active"] for e in s["history"]] == [0, 1] * 4
    assert sum(s["purses"]) == 10 + 8                                         # the supply adds 1 per hand
    sc = KIND.score(s)
    assert sc["final"] and sc["hands_played"] == 8
    assert sorted(r["place"] for r in sc["ranking"]) in ([1, 2], [1, 1])
    assert events[-1]["key"] in ("dicepoker.event.match_won", "dicepoker.event.match_drawn")
    assert [r.total for r in seat_results(KIND, s, 2, sc)] == s["purses"]
    for seat in (0, 1):
        assert sc["seats"][seat]["gold"] == 3 * sc["seats"][seat]["hands_won"] - 3     # 5 - 8 antes + 3 per win


@pytest.mark.parametrize("seats, options", [(2, {}), (1, {}), (1, {"mode": "local_gamblers"})])
def test_the_charted_gold_is_the_gold_between_hands(seats, options):
    state = KIND.create(seats, 42, options)
    assert KIND.projected_scores(state) == [state["options"]["purse"]] * seats      # before the first stake
    charted = []
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        hands = len(state["history"])
        state, _ = KIND.apply(state, seat, bot("best")(state, seat))
        if len(state["history"]) > hands and not KIND.is_finished(state):
            charted.append((KIND.projected_scores(state), list(state["purses"])))
    assert charted and all(shown == [gold + rules.stake(state["options"]) for gold in purses]
                           for shown, purses in charted)                          # the next hand's stake held
    assert KIND.projected_scores(state) == state["purses"]                          # the end: what was won


def test_equal_gold_is_settled_by_the_best_hand_then_a_draw():
    s, _, _ = play(KIND.create(2, 3, {"hands": 2}), keep_all)
    res = rules.outcome(s)
    if s["purses"][0] == s["purses"][1]:
        best = rules.best_hands(s)
        assert res == ({"winner": 0 if best[0] > best[1] else 1, "reason": "best_hand"} if best[0] != best[1]
                       else {"winner": None, "reason": "draw"})
    s2 = json.loads(KIND.dumps(s))
    s2["history"] = [dict(e) for e in s2["history"]]
    s2["purses"] = [6, 6]
    s2["history"][0]["final"] = [[6, 6, 6, 6, 1], [6, 6, 6, 6, 2]]
    s2["history"][1]["final"] = [[1, 2, 3, 4, 6], [1, 2, 3, 4, 6]]
    assert rules.outcome(s2) == {"winner": 1, "reason": "best_hand"}
    s2["history"][0]["final"] = [[6, 6, 6, 6, 2], [2, 6, 6, 6, 6]]
    assert rules.outcome(s2) == {"winner": None, "reason": "draw"}
    sc = KIND.score(dict(s2, phase="over", result={"winner": None, "reason": "draw"}))
    assert [r["place"] for r in sc["ranking"]] == [1, 1]


def test_a_seat_that_cannot_ante_loses_at_once():
    for seed in range(200):
        s, _, events = play(KIND.create(2, seed, {"purse": 1}), keep_all)
        if len(s["history"]) < 8:
            break
    else:
        pytest.fail("no early end found")
    broke = next(e["params"]["seat"] for e in events if e["key"] == "dicepoker.event.cannot_ante")
    assert s["purses"][broke] == 0 and s["result"] == {"winner": 1 - broke, "reason": "broke"}
    assert s["hand"] == len(s["history"]) == 1
    assert KIND.loads(KIND.dumps(s)) == s


@pytest.mark.parametrize("table, stake", [("house", 3), ("printed", 1)])
def test_solo_night_pays_from_the_table(table, stake):
    s = KIND.create(1, 8, {"table": table})
    assert s["purses"] == [30 - stake] and s["supply"] == -stake
    assert KIND.pending(s)[0] == {"seat": 0, "decision": "reroll", "role": "solo",
                                  "default": {"type": "reroll", "keep": ALL}, "timeout_s": 120}
    s, moves, events = play(s, bot("best"))
    pay = spec_data()["solo"]["tables"][table]
    rows = {r["hand"]: r["gold"] for r in pay["rows"]}
    assert len(moves) == 10
    assert s["purses"][0] == 30 + sum(rows[e["hands"][0]] - stake for e in s["history"])
    assert [e["payout"] for e in s["history"]] == [rows[e["hands"][0]] for e in s["history"]]
    sc = KIND.score(s)
    assert sc["total"] == s["purses"][0] and sc["ranking"] == [{"seat": 0, "place": 1, "total": s["purses"][0]}]
    assert events[-1]["key"] == "dicepoker.event.session_over"


def test_solo_night_ends_early_when_the_stake_cannot_be_paid():
    for seed in range(100):
        s, moves, events = play(KIND.create(1, seed, {"purse": 3}), keep_all)
        if s["history"][0]["payout"] < 3:
            break
    else:
        pytest.fail("no losing first hand found")
    assert len(moves) == 1 and s["result"] == {"winner": None, "reason": "broke"}
    assert [e["key"] for e in events][-2:] == ["dicepoker.event.cannot_ante", "dicepoker.event.session_over"]
    assert KIND.score(s)["total"] == s["purses"][0] < 3


def test_local_gamblers_roll_and_reroll_first_and_the_pot_is_discarded_on_a_loss():
    s = KIND.create(1, 4, {"mode": "local_gamblers"})
    assert s["purses"] == [4] and s["pot"] == 3 and s["supply"] == 2        # stake 1 + 2 from the supply
    assert s["sides"][1]["rerolled"] is not None                              # the gamblers already rerolled
    assert KIND.pending(s)[0]["role"] == "active" and KIND.pending(s)[0]["seat"] == 0
    keys = [e["key"].rsplit(".", 1)[1] for e in rules.deal_events(s)]
    assert keys[-3:] == ["rolled", "gamblers_rolled", keys[-1]] and keys[-1].startswith("gamblers_")
    s, _, events = play(s, bot("best"))
    for e in s["history"]:
        who, _ = compare(e["final"][0], e["final"][1])
        assert e["winner"] == (0 if who == "active" else 1)
        assert e["payout"] == (3 if e["winner"] == 0 else 0)
    wins = sum(1 for e in s["history"] if e["winner"] == 0)
    assert s["purses"][0] == 5 - len(s["history"]) + 3 * wins
    assert any(e["key"] == "dicepoker.event.lost_to_gamblers" for e in events) or wins == len(s["history"])


def test_gamblers_play_the_minimax_keep(monkeypatch):
    from bot.games.dicepoker import odds
    ForcedDice(monkeypatch, [4, 4, 1, 3, 6] + [2, 2, 2, 5, 1] + [6, 6] + [1] * 40)
    s = KIND.create(1, 0, {"mode": "local_gamblers"})
    keep, _ = odds.opponent_keep([2, 2, 2, 5, 1], [4, 4, 1, 3, 6])
    assert s["sides"][1]["rerolled"] == [i for i in range(5) if i not in odds.keep_indexes([2, 2, 2, 5, 1], keep)]
    assert s["sides"][1]["dice"] == [2, 2, 2, 6, 6]


def test_easy_gamblers_keep_pairs(monkeypatch):
    ForcedDice(monkeypatch, [4, 4, 1, 3, 6] + [3, 5, 3, 1, 2] + [6, 6, 6] + [1] * 40)
    s = KIND.create(1, 0, {"mode": "local_gamblers", "gambler_level": "easy"})
    assert s["sides"][1]["rerolled"] == [1, 3, 4] and s["sides"][1]["dice"] == [3, 6, 3, 6, 6]


def test_kicker_depth_option_uses_the_literal_two_kicker_reading(monkeypatch):
    # active (seat 0) 4 4 6 5 1 vs opponent 4 4 6 5 2: all kickers -> opponent, two kickers -> active
    for depth, winner in ((None, 1), (2, 0)):
        ForcedDice(monkeypatch, [4, 4, 6, 5, 1, 4, 4, 6, 5, 2] + [1] * 20)
        s = KIND.create(2, 0, {"hands": 1, "kicker_depth": depth})
        s, _ = KIND.apply(s, 1, {"type": "reroll", "keep": ALL})
        s, _ = KIND.apply(s, 0, {"type": "reroll", "keep": ALL})
        assert s["history"][0]["winner"] == winner


def test_first_active_option():
    s = KIND.create(2, 1, {"first_active": 1})
    assert s["active"] == 1 and KIND.pending(s)[0]["seat"] == 0


def test_replay_from_seed_and_moves_is_identical():
    for options in ({}, {"mode": "solo"}, {"mode": "local_gamblers"}):
        seats = 2 if not options else 1
        first = KIND.create(seats, 77, options)
        end, moves, events = play(first, bot("easy"))
        again = KIND.create(seats, 77, options)
        replay_events = []
        for seat, move in moves:
            again, evs = KIND.apply(again, seat, move)
            replay_events += evs
        assert KIND.dumps(again) == KIND.dumps(end) and replay_events == events
        other, _, _ = play(KIND.create(seats, 78, options), bot("easy"))
        assert KIND.dumps(other) != KIND.dumps(end)


def test_results_hook_matches_the_ranking():
    s, _, _ = play(KIND.create(2, 6, {}), bot("easy"))
    assert KIND.results(s) == KIND.score(s)["ranking"]
    assert KIND.score(KIND.create(2, 6, {}))["final"] is False


def test_finished_match_refuses_moves():
    s, _, _ = play(KIND.create(2, 6, {"hands": 1}), keep_all)
    assert KIND.pending(s) == [] and KIND.legal_moves(s, 0) == []
    with pytest.raises(RuleError) as info:
        KIND.apply(s, 0, {"type": "reroll", "keep": ALL})
    assert info.value.code == "game_finished"


def test_best_hand_key_used_for_the_match_tie_is_the_full_key():
    assert hand_key([4, 4, 6, 5, 2]) > hand_key([4, 4, 6, 5, 1])


def test_a_decision_left_waiting_keeps_all_dice_the_house_rule_of_the_spec():
    """``modes.duel.on_timeout`` (house): the rules' move for a seat whose time ran out rerolls nothing; a seat
    that is not deciding has none."""
    from bot.games.dicepoker.content import DATA

    assert DATA["modes"]["duel"]["provenance"]["on_timeout"] == "house"
    state = KIND.create(2, 7, {})
    [due] = rules.pending(state)
    move = KIND.timeout_move(state, due["seat"])
    assert move == {"type": "reroll", "keep": [0, 1, 2, 3, 4]} and move in KIND.legal_moves(state, due["seat"])
    assert KIND.timeout_move(state, 1 - due["seat"]) is None
