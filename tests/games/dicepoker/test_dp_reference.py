"""The tests' own evaluator (dp_reference.py) reproduces every figure and case of the spec (data/spec_hands.json).

The other dice poker tests check the bot against dp_reference; this file checks dp_reference against the
spec's printed rules, its crafted cases and the figures the spec derived with its own script, so a mistake
in the evaluator cannot hide behind the bot making the same one.
"""
from __future__ import annotations

from fractions import Fraction

import dp_reference as REF
import pytest
from dp_kit import spec_data

SPEC = spec_data()


def test_every_roll_has_the_spec_hand_with_its_hand_values_and_unused_dice():
    """All 252 rolls: each is one of the nine hands, in the spec's order, with as many hand values and unused
    dice as the spec says; hand values bigger group first (then higher value), unused dice high to low."""
    hands = {h["id"]: h for h in SPEC["hands"]}
    assert REF.HANDS == tuple(sorted(hands, key=lambda h: hands[h]["strength"]))
    seen = set()
    for roll in REF.ROLLS:
        hand, values, unused = REF.classify(roll)
        seen.add(hand)
        assert len(values) == len(hands[hand]["hand_values"]) and len(unused) == hands[hand]["unused_dice"]
        assert list(unused) == sorted(unused, reverse=True) and all(roll.count(v) == 1 for v in unused)
        groups = [(roll.count(v), v) for v in values]
        assert groups == sorted(groups, reverse=True) and all(n > 1 for n, _ in groups)
    assert seen == set(REF.HANDS)
    nothing = sorted(roll for roll in REF.ROLLS if REF.classify(roll)[0] == "nothing")
    assert nothing == [(1, 2, 3, 4, 6), (1, 2, 3, 5, 6), (1, 2, 4, 5, 6), (1, 3, 4, 5, 6)]
    assert "1-2-3-4-6, 1-2-3-5-6, 1-2-4-5-6 or 1-3-4-5-6" in hands["nothing"]["definition"]
    assert REF.classify([5, 5, 2, 2, 5]) == ("full_house", (5, 2), ())      # triple first, then pair (l.736)
    assert REF.classify([2, 6, 6, 2, 1]) == ("two_pairs", (6, 2), (1,))     # higher pair first (house)


def test_every_roll_is_exactly_one_hand_and_the_one_roll_odds_are_the_spec_figures():
    assert len(REF.ROLLS) == 252 and sum(REF.ROLL_WAYS.values()) == 6 ** 5
    assert REF.one_roll_distribution() == {h: Fraction(v) for h, v in SPEC["solo"]["one_roll_distribution"].items()
                                           if h in REF.HANDS}


@pytest.mark.parametrize("case", SPEC["crafted_cases"], ids=lambda c: c["id"])
def test_crafted_cases_under_both_readings_of_step_b(case):
    assert REF.compare(case["active"], case["opponent"]) == (case["winner"], case["decided_by"])
    printed = case.get("literal_kicker_depth_2", {"winner": case["winner"], "decided_by": case["decided_by"]})
    assert REF.compare(case["active"], case["opponent"], 2) == (printed["winner"], printed["decided_by"])
    swapped = REF.compare(case["opponent"], case["active"])
    if case["decided_by"] == "active_player":
        assert swapped == ("active", "active_player")
    else:
        assert swapped == ({"active": "opponent", "opponent": "active"}[case["winner"]], case["decided_by"])


def test_the_two_readings_of_step_b_part_in_a_quarter_percent_of_plain_rolls():
    assert "0.25 %" in SPEC["comparison"]["unused_dice_depth"]["source"]
    assert round(100 * float(REF.kicker_reading_difference()), 2) == 0.25


@pytest.mark.parametrize("table", ["house", "printed"])
def test_solo_tables_expected_payout_and_final_hands(table):
    t = SPEC["solo"]["tables"][table]
    pay = {row["hand"]: row["gold"] for row in t["rows"]}
    ev, dist, _ = REF.solo(pay)
    assert ev == Fraction(t["ev_exact"])
    assert float(ev) == pytest.approx(t["ev"], abs=1e-6) and float(ev) - t["stake"] == pytest.approx(
        t["net_per_game"], abs=1e-6)
    assert dist == {h: Fraction(v) for h, v in SPEC["solo"]["optimal_final_distribution"].items() if h in REF.HANDS}
    sd = float(sum(p * pay[h] ** 2 for h, p in dist.items()) - ev ** 2) ** 0.5
    assert sd == pytest.approx(t["sd_payout"], abs=0.005)


def test_worked_example_is_optimal_play_and_its_result():
    ex = SPEC["worked_example"]
    anja, markus = ex["active"], ex["opponent"]
    assert REF.classify(anja["final"])[0] == anja["hand"] and REF.classify(markus["final"])[0] == markus["hand"]
    assert REF.compare(anja["final"], markus["final"]) == (ex["winner"], ex["decided_by"])
    duel = REF.duel()
    assert list(duel.gambler_keep(markus["initial"], anja["initial"])) == sorted(markus["kept"])
    assert list(duel.active_keep(anja["initial"], markus["final"])) == sorted(anja["kept"])


def test_duel_and_local_gamblers_figures():
    """The active player wins 51.79 % of hands when both play their best (the spec's 0.5179, its 51.8 % in
    the duel format's reasoning); the local gamblers' player gains 3p - 1 per 1-Gold game."""
    p = REF.duel().p_active_wins()
    assert round(float(p), 4) == 0.5179
    assert "51.8 %" in SPEC["modes"]["duel"]["sources"]["hands_per_player_as_active"]
    assert round(3 * float(p) - 1, 4) == SPEC["modes"]["local_gamblers"]["player_ev_per_game"]
    assert REF.duel(2).p_active_wins() != p                           # the printed step b is a different game


@pytest.mark.parametrize("bad", [[1, 2, 3, 4], [1, 2, 3, 4, 7], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5, 6],
                                 [1, 2, 3, 4, True], [1, 2, 3, 4, 5.0]])
def test_the_evaluator_refuses_anything_but_five_dice(bad):
    with pytest.raises(ValueError):
        REF.classify(bad)
