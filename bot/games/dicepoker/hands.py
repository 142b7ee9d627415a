"""Naming and comparing five dice: the nine hands and the four comparison steps.

``hand_key`` is a tuple that sorts like the rulebook ranks (category, hand values, unused dice), so the
solver and the showdown share one definition. ``kicker_depth`` None compares every unused die (house
reading of step b); 2 is the literal text (highest, then second-highest unused die).
"""
from __future__ import annotations

from collections import Counter

from .content import FACES, HANDS, N_DICE, STRENGTH

SMALL_STRAIGHT = (1, 2, 3, 4, 5)
BIG_STRAIGHT = (2, 3, 4, 5, 6)


def classify(dice) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """(hand id, hand values in comparison order, unused dice high to low) for five dice 1-6."""
    values = tuple(sorted(dice))
    if len(values) != N_DICE or any(v not in FACES for v in values):
        raise ValueError(f"need {N_DICE} dice 1-6, got {dice!r}")
    counts = Counter(values)
    # groups: biggest group first, higher value first among equal sizes
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    singles = tuple(sorted((v for v, c in counts.items() if c == 1), reverse=True))
    if shape == (5,):
        return "five_of_a_kind", (groups[0][0],), ()
    if shape == (4, 1):
        return "four_of_a_kind", (groups[0][0],), singles
    if shape == (3, 2):
        return "full_house", (groups[0][0], groups[1][0]), ()
    if values == BIG_STRAIGHT:
        return "big_straight", (), ()
    if values == SMALL_STRAIGHT:
        return "small_straight", (), ()
    if shape == (3, 1, 1):
        return "three_of_a_kind", (groups[0][0],), singles
    if shape == (2, 2, 1):
        return "two_pairs", (groups[0][0], groups[1][0]), singles
    if shape == (2, 1, 1, 1):
        return "pair", (groups[0][0],), singles
    return "nothing", (), singles


def hand_name(dice) -> str:
    return classify(dice)[0]


def hand_key(dice, kicker_depth: int | None = None) -> tuple:
    hand, values, unused = classify(dice)
    if kicker_depth is not None:
        unused = unused[:kicker_depth]
    return STRENGTH[hand], values, unused


def used_mask(dice) -> list[bool]:
    """Which of the dice (by position) make the hand; the others are the unused dice of step b."""
    hand, values, _ = classify(dice)
    if hand in ("small_straight", "big_straight", "full_house", "five_of_a_kind"):
        return [True] * len(dice)
    return [v in values for v in dice]


def compare(active, opponent, kicker_depth: int | None = None) -> tuple[str, str]:
    """Step 6 of the printed procedure: ("active" | "opponent", deciding step id)."""
    ka, ko = hand_key(active, kicker_depth), hand_key(opponent, kicker_depth)
    for step, a, o in zip(("category", "hand_values", "unused_dice"), ka, ko):
        if a != o:
            return ("active" if a > o else "opponent"), step
    return "active", "active_player"


assert HANDS[0] == "nothing" and HANDS[-1] == "five_of_a_kind"
