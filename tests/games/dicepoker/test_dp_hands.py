"""The nine hands and the four comparison steps, against the spec's data and the tests' own evaluator."""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import dp_reference as REF
import pytest
from dp_kit import spec_data

from bot.games.dicepoker.content import HANDS
from bot.games.dicepoker.hands import classify, compare, hand_key, hand_name, used_mask

SPEC = spec_data()

EXAMPLES = {
    "nothing": ([1, 2, 3, 4, 6], (), (6, 4, 3, 2, 1)),
    "pair": ([5, 2, 5, 3, 1], (5,), (3, 2, 1)),
    "two_pairs": ([2, 6, 6, 2, 1], (6, 2), (1,)),
    "three_of_a_kind": ([4, 1, 4, 6, 4], (4,), (6, 1)),
    "small_straight": ([5, 3, 1, 2, 4], (), ()),
    "big_straight": ([6, 2, 4, 3, 5], (), ()),
    "full_house": ([3, 3, 6, 6, 3], (3, 6), ()),
    "four_of_a_kind": ([2, 2, 5, 2, 2], (2,), (5,)),
    "five_of_a_kind": ([6, 6, 6, 6, 6], (6,), ()),
}


def test_hand_order_is_the_spec_order():
    assert list(HANDS) == [h["id"] for h in sorted(SPEC["hands"], key=lambda h: h["strength"])]
    assert list(HANDS) == list(REF.HANDS)


@pytest.mark.parametrize("hand", list(EXAMPLES))
def test_every_hand_is_recognised_with_its_values_and_unused_dice(hand):
    dice, values, unused = EXAMPLES[hand]
    assert classify(dice) == (hand, values, unused)
    assert classify(dice) == REF.classify(dice)
    spec = next(h for h in SPEC["hands"] if h["id"] == hand)
    assert len(values) == len(spec["hand_values"])
    assert len(unused) == spec["unused_dice"]
    assert sum(used_mask(dice)) == 5 - spec["unused_dice"]


def test_one_roll_distribution_is_exactly_the_spec_over_all_7776_rolls():
    counts = Counter(hand_name(roll) for roll in itertools.product(range(1, 7), repeat=5))
    dist = {h: Fraction(n, 6 ** 5) for h, n in counts.items()}
    assert dist == {h: Fraction(v) for h, v in SPEC["solo"]["one_roll_distribution"].items() if h in HANDS}


def test_classification_and_keys_match_the_reference_on_every_roll():
    for combo in itertools.combinations_with_replacement(range(1, 7), 5):
        for dice in {combo, combo[::-1]}:
            assert classify(list(dice)) == REF.classify(list(dice))
            for depth in (None, 2):
                assert hand_key(list(dice), depth) == REF.hand_key(list(dice), depth)


@pytest.mark.parametrize("case", SPEC["crafted_cases"], ids=lambda c: c["id"])
def test_crafted_tie_break_cases(case):
    assert len(SPEC["crafted_cases"]) == 17
    assert compare(case["active"], case["opponent"]) == (case["winner"], case["decided_by"])
    literal = case.get("literal_kicker_depth_2", {"winner": case["winner"], "decided_by": case["decided_by"]})
    assert compare(case["active"], case["opponent"], 2) == (literal["winner"], literal["decided_by"])


@pytest.mark.parametrize("case", SPEC["crafted_cases"], ids=lambda c: c["id"])
def test_swapping_seats_flips_the_result_except_exact_ties(case):
    winner, step = compare(case["opponent"], case["active"])
    if case["decided_by"] == "active_player":
        assert (winner, step) == ("active", "active_player")
    else:
        assert winner == ("active" if case["winner"] == "opponent" else "opponent")
        assert step == case["decided_by"]


def test_worked_example_anja_vs_markus():
    ex = SPEC["worked_example"]
    anja, markus = ex["active"], ex["opponent"]
    assert hand_name(anja["final"]) == anja["hand"] == "two_pairs"
    assert hand_name(markus["final"]) == markus["hand"] == "full_house"
    assert compare(anja["final"], markus["final"]) == ("opponent", "category")
    assert 5 - len(anja["kept"]) == anja["rerolled_count"] == 3
    assert 5 - len(markus["kept"]) == markus["rerolled_count"] == 2


def test_printed_examples_of_the_text():
    assert compare([3, 3, 6, 2, 1], [5, 5, 2, 3, 1]) == ("opponent", "hand_values")    # 5-pair beats 3-pair
    assert compare([4, 4, 4, 2, 2], [3, 3, 3, 6, 6]) == ("active", "hand_values")      # triple first
    assert compare([5, 5, 5, 3, 3], [5, 5, 5, 2, 2]) == ("active", "hand_values")      # then the pair
    assert compare([6, 6, 3, 2, 1], [6, 6, 3, 2, 1]) == ("active", "active_player")


def test_compare_agrees_with_the_reference_on_every_pair_of_hands():
    rolls = [list(c) for c in itertools.combinations_with_replacement(range(1, 7), 5)]
    for a in rolls:
        for o in rolls:
            assert compare(a, o) == REF.compare(a, o)
    for a in rolls[::7]:
        for o in rolls[::3]:
            assert compare(a, o, 2) == REF.compare(a, o, kicker_depth=2)


@pytest.mark.parametrize("bad", [[1, 2, 3, 4], [1, 2, 3, 4, 7], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5, 6]])
def test_classify_refuses_anything_but_five_dice(bad):
    with pytest.raises(ValueError):
        classify(bad)
