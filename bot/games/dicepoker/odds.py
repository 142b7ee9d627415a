"""Exact odds of one reroll, in integers, for the bot and for hints.

Dice are handled as *count vectors* (how many 1s, 2s, … 6s): 252 final hands, 462 keeps (0-5 dice). A
keep that rerolls n dice reaches each final hand with an integer *weight* out of 6**5 = 7776 (the
multinomial count times 6**(5-n)), so every probability below is an exact fraction with a power of 6
below it — no floats, no ties broken by rounding.

* ``beat_weights(keep, kd)[r]`` — weight of finishing with rank >= r: the active player rerolls last and
  wins every exact tie (step c), so this is its winning weight against a final hand of rank r.
* ``active_keep`` — the active player's best keep against the opponent's final hand (exact best response).
* ``opponent_keep`` — the non-active player's keep that minimises the active player's chance *after the
  active player's best response* to every possible result (minimax over both rerolls).
* ``solo_keep`` — the keep with the highest expected payout from a solo table.

Tables are built lazily once per kicker depth (~0.2 s) and cached.
"""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache
from math import factorial

from .content import FACES, N_DICE
from .hands import hand_key, hand_name

TOTAL = 6 ** N_DICE  # 7776: the weight of certainty

Counts = tuple[int, ...]


def counts_of(dice) -> Counts:
    c = [0] * len(FACES)
    for v in dice:
        c[v - 1] += 1
    return tuple(c)


def dice_of(counts: Counts) -> list[int]:
    return [face for face, n in zip(FACES, counts) for _ in range(n)]


@cache
def multisets(n: int) -> tuple[tuple[Counts, int], ...]:
    """Every multiset of n dice with the number of ordered rolls showing it."""
    out = []
    for combo in itertools.combinations_with_replacement(FACES, n):
        c = counts_of(combo)
        ways = factorial(n)
        for k in c:
            ways //= factorial(k)
        out.append((c, ways))
    return tuple(out)


FINALS: tuple[Counts, ...] = tuple(c for c, _ in multisets(N_DICE))
FINAL_INDEX = {c: i for i, c in enumerate(FINALS)}


def sub_keeps(counts: Counts) -> list[Counts]:
    return [tuple(k) for k in itertools.product(*(range(n + 1) for n in counts))]


@cache
def outcomes(keep: Counts) -> tuple[tuple[int, int], ...]:
    """(final hand index, weight out of 7776) for keeping ``keep`` and rerolling the other dice."""
    n = N_DICE - sum(keep)
    scale = 6 ** (N_DICE - n)
    return tuple((FINAL_INDEX[tuple(a + b for a, b in zip(keep, r))], ways * scale) for r, ways in multisets(n))


@cache
def ranks(kicker_depth: int | None) -> tuple[tuple[int, ...], int]:
    """Dense rank of every final hand (equal comparison keys share a rank) and the number of ranks."""
    keys = [hand_key(dice_of(c), kicker_depth) for c in FINALS]
    distinct = sorted(set(keys))
    where = {k: i for i, k in enumerate(distinct)}
    return tuple(where[k] for k in keys), len(distinct)


def rank_of(final, kicker_depth: int | None) -> int:
    """The dense rank (``ranks``) of the final hand ``final`` (five dice)."""
    return ranks(kicker_depth)[0][FINAL_INDEX[counts_of(final)]]


@cache
def beat_weights(keep: Counts, kicker_depth: int | None) -> tuple[int, ...]:
    """[r] = weight of finishing at rank >= r after ``keep`` (the active player's winning weight vs r)."""
    rank, n_ranks = ranks(kicker_depth)
    per_rank = [0] * (n_ranks + 1)
    for f, w in outcomes(keep):
        per_rank[rank[f]] += w
    acc = 0
    for r in range(n_ranks - 1, -1, -1):
        acc += per_rank[r]
        per_rank[r] = acc
    return tuple(per_rank[:n_ranks])


def _prefer(keep: Counts) -> tuple:
    """Tie order among equally good keeps: keep more dice, then higher faces (stable, deterministic)."""
    return sum(keep), sorted(dice_of(keep), reverse=True)


def active_options(dice, opponent_final, kicker_depth: int | None = None) -> list[tuple[Counts, int]]:
    """Every distinct keep of the active player with its winning weight (out of 7776) vs the final hand."""
    r = rank_of(opponent_final, kicker_depth)
    return [(k, beat_weights(k, kicker_depth)[r]) for k in sub_keeps(counts_of(dice))]


def tie_weight(keep: Counts, opponent_final, kicker_depth: int | None = None) -> int:
    """The weight (out of 7776) of finishing level with the opponent's final hand after ``keep``: zero when no
    reroll can tie it (a hint then does not say who wins a tie)."""
    r = rank_of(opponent_final, kicker_depth)
    at_least = beat_weights(keep, kicker_depth)
    return at_least[r] - (at_least[r + 1] if r + 1 < len(at_least) else 0)


def active_keep(dice, opponent_final, kicker_depth: int | None = None) -> tuple[Counts, Fraction]:
    """The active player's best keep and its exact chance of winning the hand."""
    keep, w = max(active_options(dice, opponent_final, kicker_depth), key=lambda kw: (kw[1], _prefer(kw[0])))
    return keep, Fraction(w, TOTAL)


def active_reply_weights(active_dice, kicker_depth: int | None = None) -> list[int]:
    """[final hand index] = the active player's winning weight (out of 7776) with its best reply."""
    rank, _ = ranks(kicker_depth)
    rows = [beat_weights(k, kicker_depth) for k in sub_keeps(counts_of(active_dice))]
    return [max(row[rank[f]] for row in rows) for f in range(len(FINALS))]


def opponent_options(dice, active_dice, kicker_depth: int | None = None) -> list[tuple[Counts, int]]:
    """Every distinct keep of the non-active player with the active player's winning weight against it
    after the best reply (out of 7776**2): lower is better for the non-active player."""
    reply = active_reply_weights(active_dice, kicker_depth)
    return [(k, sum(w * reply[f] for f, w in outcomes(k))) for k in sub_keeps(counts_of(dice))]


def opponent_keep(dice, active_dice, kicker_depth: int | None = None) -> tuple[Counts, Fraction]:
    """The minimax keep of the non-active player and its exact chance of winning the hand."""
    keep, w = min(opponent_options(dice, active_dice, kicker_depth),
                  key=lambda kw: (kw[1], tuple(-x for x in _flat(_prefer(kw[0])))))
    return keep, 1 - Fraction(w, TOTAL * TOTAL)


def _flat(pref: tuple) -> tuple[int, ...]:
    return (pref[0], *pref[1])


@cache
def solo_keep_values(table: tuple[tuple[str, int], ...]) -> dict[Counts, int]:
    """Expected gross payout * 7776 of every keep for a payout table given as ((hand, gold), ...)."""
    pay = dict(table)
    per_final = [pay[hand_name(dice_of(c))] for c in FINALS]
    keeps = {k for n in range(N_DICE + 1) for k, _ in multisets(n)}
    return {k: sum(w * per_final[f] for f, w in outcomes(k)) for k in keeps}


def solo_options(dice, pay: dict[str, int]) -> list[tuple[Counts, int]]:
    values = solo_keep_values(tuple(sorted(pay.items())))
    return [(k, values[k]) for k in sub_keeps(counts_of(dice))]


def solo_keep(dice, pay: dict[str, int]) -> tuple[Counts, Fraction]:
    """The keep with the highest expected gross payout, and that expectation (exact)."""
    keep, v = max(solo_options(dice, pay), key=lambda kv: (kv[1], _prefer(kv[0])))
    return keep, Fraction(v, TOTAL)


def easy_keep(dice) -> Counts:
    """The easy bot: keep every die of a pair or better (all five of a straight), reroll the rest."""
    if hand_name(dice) in ("small_straight", "big_straight"):
        return counts_of(dice)
    return tuple(n if n >= 2 else 0 for n in counts_of(dice))


def keep_indexes(dice, keep: Counts) -> list[int]:
    """Positions of the dice to keep for a keep multiset: the first matching positions, left to right."""
    left = list(keep)
    out = []
    for i, v in enumerate(dice):
        if left[v - 1]:
            left[v - 1] -= 1
            out.append(i)
    if any(left):
        raise ValueError(f"{keep!r} is not part of {dice!r}")
    return out
