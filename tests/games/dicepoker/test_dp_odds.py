"""The bot's exact odds against the tests' own evaluator: best responses, minimax keeps, solo optimum and EVs."""
from __future__ import annotations

import random
from fractions import Fraction

import dp_reference as REF
import pytest
from dp_kit import spec_data

from bot.games.dicepoker import odds
from bot.games.dicepoker.content import HANDS, SOLO_TABLES
from bot.games.dicepoker.hands import hand_name

SPEC = spec_data()


@pytest.fixture(scope="module", params=[None, 2], ids=["all_kickers", "two_kickers"])
def tables(request):
    return request.param, REF.duel(request.param)


def _positions(n: int, seed: int):
    rnd = random.Random(seed)
    for _ in range(n):
        a = [rnd.randint(1, 6) for _ in range(5)]
        o = [rnd.randint(1, 6) for _ in range(5)]
        yield a, o


def test_active_keep_reaches_the_reference_optimum(tables):
    depth, ref = tables
    for a, h in _positions(300, 11):
        keep, chance = odds.active_keep(a, h, depth)
        best = ref.active_best(a, h)
        assert best == max(ref.active_chance(k, h) for k in REF.keeps_of(REF.roll_of(a)))
        assert chance == best
        assert ref.active_chance(REF.from_counts(keep), h) == best                # the keep itself
        assert ref.active_chance(ref.active_keep(a, h), h) == chance


def test_opponent_keep_is_the_reference_minimax(tables):
    depth, ref = tables
    for o, a in _positions(120, 23):
        keep, chance = odds.opponent_keep(o, a, depth)
        values = {k: ref.opponent_value(k, a) for k in REF.keeps_of(REF.roll_of(o))}
        assert 1 - chance == min(values.values()) == ref.opponent_best(o, a)
        assert values[REF.from_counts(keep)] == min(values.values())
        assert values[ref.gambler_keep(o, a)] == values[REF.from_counts(keep)]


def test_opponent_chance_accounts_for_the_active_reply():
    """Against a full house in the active hand, keeping a pair loses more often than the active player's
    best reply permits: the minimax value is the exact mean over the reroll of the reply's chance."""
    o, a = [2, 2, 2, 5, 1], [4, 4, 1, 3, 6]
    keep, chance = odds.opponent_keep(o, a)
    reply = odds.active_reply_weights(a)
    manual = sum(Fraction(w, odds.TOTAL) * Fraction(reply[f], odds.TOTAL) for f, w in odds.outcomes(keep))
    assert chance == 1 - manual


def test_worked_example_keeps_are_the_optimal_ones():
    ex = SPEC["worked_example"]
    markus, anja = ex["opponent"], ex["active"]
    keep, _ = odds.opponent_keep(markus["initial"], anja["initial"])
    assert odds.dice_of(keep) == sorted(markus["kept"])
    keep, _ = odds.active_keep(anja["initial"], markus["final"])
    assert odds.dice_of(keep) == sorted(anja["kept"])


def _final_distribution(keep) -> dict[str, Fraction]:
    """Chance of each hand after keeping ``keep``."""
    dist = {h: Fraction(0) for h in HANDS}
    for f, w in odds.outcomes(keep):
        dist[hand_name(odds.dice_of(odds.FINALS[f]))] += Fraction(w, odds.TOTAL)
    return dist


def _solo_ev(pay):
    total = Fraction(0)
    dist = {h: Fraction(0) for h in HANDS}
    for counts, ways in odds.multisets(5):
        keep, value = odds.solo_keep(odds.dice_of(counts), pay)
        p = Fraction(ways, 6 ** 5)
        total += p * value
        for h, q in _final_distribution(keep).items():
            dist[h] += p * q
    return total, dist


@pytest.mark.parametrize("table", ["house", "printed"])
def test_solo_optimum_expected_payout_and_final_hands_are_exact(table):
    pay = SOLO_TABLES[table]["pay"]
    ev, dist = _solo_ev(pay)
    assert ev == Fraction(SPEC["solo"]["tables"][table]["ev_exact"])
    ref_ev, _, _ = REF.solo(pay)
    assert ev == ref_ev
    assert dist == {h: Fraction(v) for h, v in SPEC["solo"]["optimal_final_distribution"].items() if h in HANDS}


def test_solo_keep_matches_the_reference_strategy_value():
    pay = SOLO_TABLES["house"]["pay"]
    _, _, best = REF.solo(pay)
    values = odds.solo_keep_values(tuple(sorted(pay.items())))
    for counts in odds.FINALS:
        keep, value = odds.solo_keep(odds.dice_of(counts), pay)
        assert value == best[REF.from_counts(counts)]                          # the optimum …
        assert REF.solo_value(pay, REF.from_counts(keep)) == value == Fraction(values[keep], odds.TOTAL)  # … kept


def test_easy_keeps_pairs_and_better_only():
    assert odds.dice_of(odds.easy_keep([1, 2, 3, 4, 6])) == []
    assert odds.dice_of(odds.easy_keep([5, 1, 5, 3, 2])) == [5, 5]
    assert odds.dice_of(odds.easy_keep([2, 6, 6, 2, 1])) == [2, 2, 6, 6]
    assert odds.dice_of(odds.easy_keep([4, 4, 4, 1, 2])) == [4, 4, 4]
    assert odds.dice_of(odds.easy_keep([5, 4, 3, 2, 1])) == [1, 2, 3, 4, 5]
    assert odds.dice_of(odds.easy_keep([3, 3, 6, 6, 3])) == [3, 3, 3, 6, 6]


def test_keep_indexes_pick_the_kept_values():
    assert odds.keep_indexes([4, 4, 1, 3, 6], odds.counts_of([4, 4])) == [0, 1]
    assert odds.keep_indexes([6, 2, 6, 2, 6], odds.counts_of([6, 6, 6])) == [0, 2, 4]
    with pytest.raises(ValueError):
        odds.keep_indexes([1, 1, 1, 1, 1], odds.counts_of([2]))


def test_weights_are_probabilities():
    for keep in [odds.counts_of(k) for k in ([], [1], [2, 2], [3, 3, 3, 4], [1, 2, 3, 4, 5])]:
        assert sum(w for _, w in odds.outcomes(keep)) == odds.TOTAL
        assert odds.beat_weights(keep, None)[0] == odds.TOTAL
