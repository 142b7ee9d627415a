"""The bot's exact odds against compute_odds.py: best responses, minimax keeps, solo optimum and EVs."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from dp_kit import duel_tables, reference, spec_data

from bot.games.dicepoker import odds
from bot.games.dicepoker.content import HANDS, SOLO_TABLES

REF = reference()
SPEC = spec_data()
ROLLS = [list(c) for c in itertools.combinations_with_replacement(range(1, 7), 5)]


@pytest.fixture(scope="module", params=[None, 2], ids=["all_kickers", "two_kickers"])
def tables(request):
    return request.param, duel_tables(request.param)


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
        best = max(ref.C[k][ref.rank[ref.counts(h)]] for k in REF.sub_multisets(ref.counts(a)))
        assert float(chance) == pytest.approx(best, abs=1e-12)
        assert ref.C[keep][ref.rank[ref.counts(h)]] == pytest.approx(best, abs=1e-12)   # the keep itself
        ref_keep = ref.active_keep(a, h)
        assert ref.C[ref.counts(ref_keep)][ref.rank[ref.counts(h)]] == pytest.approx(float(chance), abs=1e-12)


def test_opponent_keep_is_the_reference_minimax(tables):
    depth, ref = tables
    for o, a in _positions(120, 23):
        keep, chance = odds.opponent_keep(o, a, depth)
        values = {k: ref.opponent_value(k, a) for k in REF.sub_multisets(ref.counts(o))}
        assert 1 - float(chance) == pytest.approx(min(values.values()), abs=1e-12)
        assert values[keep] == pytest.approx(min(values.values()), abs=1e-12)
        gambler = ref.counts(ref.gambler_keep(o, a))
        assert values[gambler] == pytest.approx(values[keep], abs=1e-12)


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


def _solo_ev(pay):
    total = Fraction(0)
    dist = {h: Fraction(0) for h in HANDS}
    for counts, ways in odds.multisets(5):
        keep, value = odds.solo_keep(odds.dice_of(counts), pay)
        p = Fraction(ways, 6 ** 5)
        total += p * value
        for h, q in odds.final_distribution(keep).items():
            dist[h] += p * q
    return total, dist


@pytest.mark.parametrize("table", ["house", "printed"])
def test_solo_optimum_expected_payout_and_final_hands_are_exact(table):
    pay = SOLO_TABLES[table]["pay"]
    ev, dist = _solo_ev(pay)
    assert ev == Fraction(SPEC["solo"]["tables"][table]["ev_exact"])
    ref_ev, _, _ = REF.solo_optimum(pay)
    assert ev == ref_ev
    assert dist == {h: Fraction(v) for h, v in SPEC["solo"]["optimal_final_distribution"].items() if h in HANDS}


def test_solo_keep_matches_the_reference_strategy_value():
    pay = SOLO_TABLES["house"]["pay"]
    _, _, strategy = REF.solo_optimum(pay)
    values = odds.solo_keep_values(tuple(sorted(pay.items())))
    for counts in odds.FINALS:
        keep, value = odds.solo_keep(odds.dice_of(counts), pay)
        assert Fraction(values[strategy[counts]], odds.TOTAL) == value


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
