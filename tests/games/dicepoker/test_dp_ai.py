"""The bot opponent: levels, exactness in real positions of the kind, hints, refusals."""
from __future__ import annotations

from fractions import Fraction

import dp_reference as REF
import pytest
from dp_kit import ForcedDice, play

from bot.games.dicepoker import ai, odds
from bot.games.dicepoker.kind import KIND
from bot.games.errors import RuleError


def test_levels_exported():
    assert ai.AI_LEVELS == ("easy", "best", "hard")


def test_best_bot_in_a_duel_matches_the_reference_in_both_roles():
    checked = {"opponent": 0, "active": 0}
    for seed in range(25):
        s = KIND.create(2, seed, {})
        ref_tables = REF.duel(s["options"].get("kicker_depth"))          # the game's step b, either rule
        while not KIND.is_finished(s):
            pend = KIND.pending(s)[0]
            seat, role = pend["seat"], pend["role"]
            mine = s["sides"][seat]["dice"]
            other = s["sides"][1 - seat]["dice"]
            hint = ai.explain(s, seat, "best")
            keep = odds.counts_of([mine[i] for i in hint["keep"]])
            if role == "opponent":
                values = {k: ref_tables.opponent_value(k, other) for k in REF.keeps_of(REF.roll_of(mine))}
                assert values[REF.from_counts(keep)] == min(values.values())
                assert Fraction(hint["exact"]) == 1 - min(values.values())
                assert hint["win_chance"] == pytest.approx(float(1 - min(values.values())), abs=1e-12)
            else:
                best = max(ref_tables.active_chance(k, other) for k in REF.keeps_of(REF.roll_of(mine)))
                assert ref_tables.active_chance(REF.from_counts(keep), other) == best
                assert Fraction(hint["exact"]) == best
                assert hint["win_chance"] == pytest.approx(float(best), abs=1e-12)
            checked[role] += 1
            assert ai.choose_move(s, seat, "hard", 1) == ai.choose_move(s, seat, "best", 2)
            s, _ = KIND.apply(s, seat, ai.choose_move(s, seat, "best", seed))
    assert checked["opponent"] >= 100 and checked["active"] >= 100


def test_easy_bot_keeps_pairs_and_rerolls_the_rest(monkeypatch):
    ForcedDice(monkeypatch, [6, 1, 6, 3, 2] + [5, 4, 2, 4, 5] + [1] * 20)
    s = KIND.create(2, 0, {})
    assert ai.choose_move(s, 1, "easy", 0) == {"type": "reroll", "keep": [0, 1, 3, 4]}
    s, _ = KIND.apply(s, 1, ai.choose_move(s, 1, "easy", 0))
    assert ai.choose_move(s, 0, "easy", 0) == {"type": "reroll", "keep": [0, 2]}


def test_solo_hint_is_the_expected_payout(monkeypatch):
    ForcedDice(monkeypatch, [1, 2, 4, 5, 6] + [1] * 50)
    s = KIND.create(1, 0, {})
    hint = ai.explain(s, 0, "best")
    assert hint["role"] == "solo" and len(hint["keep"]) == 1          # nothing: keep one die, reroll four
    keep, value = odds.solo_keep([1, 2, 4, 5, 6], {"nothing": 0, "pair": 0, "two_pairs": 1, "three_of_a_kind": 3,
                                                    "small_straight": 4, "big_straight": 5, "full_house": 6,
                                                    "four_of_a_kind": 7, "five_of_a_kind": 12})
    assert hint["exact"] == f"{value.numerator}/{value.denominator}"
    assert s["sides"][0]["dice"][hint["keep"][0]] in (2, 3, 4, 5)


def test_best_bot_stands_on_a_winning_hand(monkeypatch):
    ForcedDice(monkeypatch, [2, 2, 2, 3, 3] + [1, 1, 2, 3, 4] + [4, 6, 5] + [1] * 20)
    s = KIND.create(2, 0, {})
    s, _ = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1]})
    assert s["sides"][1]["dice"] == [1, 1, 4, 6, 5]
    hint = ai.explain(s, 0, "best")
    assert hint["keep"] == [0, 1, 2, 3, 4] and hint["win_chance"] == 1.0


def test_bot_refuses_when_not_its_turn_or_unknown_level():
    s = KIND.create(2, 0, {})
    with pytest.raises(RuleError):
        ai.choose_move(s, 0, "best", 0)
    with pytest.raises(RuleError):
        ai.choose_move(s, 1, "grandmaster", 0)
    for seat in (10 ** 5000, None, "1", 1.0, True):
        with pytest.raises(RuleError):
            ai.choose_move(s, seat, "best", 0)
    done, _, _ = play(KIND.create(1, 0, {"hands": 1}), lambda st, seat: ai.choose_move(st, seat, "best", 0))
    with pytest.raises(RuleError):
        ai.choose_move(done, 0, "best", 0)


def test_best_is_never_worse_than_easy_and_sometimes_better():
    """Exact chances of both levels' keeps in the same positions (both roles): best >= easy everywhere."""
    import random
    rnd = random.Random(5)
    better = 0
    for _ in range(150):
        mine = [rnd.randint(1, 6) for _ in range(5)]
        other = [rnd.randint(1, 6) for _ in range(5)]
        easy = odds.easy_keep(mine)
        options = dict(odds.active_options(mine, other))
        _, best = odds.active_keep(mine, other)
        assert best >= Fraction(options[easy], odds.TOTAL)
        opp = dict(odds.opponent_options(mine, other))
        _, best_opp = odds.opponent_keep(mine, other)
        easy_opp = 1 - Fraction(opp[easy], odds.TOTAL ** 2)
        assert best_opp >= easy_opp
        better += (best > Fraction(options[easy], odds.TOTAL)) + (best_opp > easy_opp)
    assert better > 30
