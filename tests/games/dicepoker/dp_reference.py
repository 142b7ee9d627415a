"""The tests' own dice poker evaluator and exact odds, written apart from the bot (imports nothing of it).

The bot's rules (bot/games/dicepoker/hands.py, odds.py) are checked against this module, and this module
against the spec's figures in data/spec_hands.json (test_dp_reference.py), so neither side checks itself.
It is deliberately built another way than the bot:

* a roll or a keep is a sorted tuple of dice values, not a vector of counts;
* the hand comes from the groups of equal values: the values of the groups of two or more are the hand
  values, the single dice the unused ones, both ordered by group size and then value;
* every reroll is enumerated die by die over all 6**n ordered outcomes (no multinomial formula): a keep
  reaches a final roll with an integer *weight* out of 6**5 = 7776, so every chance below is exact.

``kicker_depth`` None compares every unused die (step b continued to the last unused die); 2 is the
printed step b (highest, then second-highest unused die). Both rules are checkable with every function.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5
CERTAIN = 6 ** DICE                                      # 7776: the weight of a sure outcome

#: lowest to highest; the index is the strength compared in step "category"
HANDS = ("nothing", "pair", "two_pairs", "three_of_a_kind", "small_straight", "big_straight",
         "full_house", "four_of_a_kind", "five_of_a_kind")
STRENGTH = {hand: i for i, hand in enumerate(HANDS)}

#: group sizes, largest first -> hand (five single dice are a straight or nothing)
_BY_GROUPS = {(5,): "five_of_a_kind", (4, 1): "four_of_a_kind", (3, 2): "full_house",
              (3, 1, 1): "three_of_a_kind", (2, 2, 1): "two_pairs", (2, 1, 1, 1): "pair"}
_STRAIGHTS = {(1, 2, 3, 4, 5): "small_straight", (2, 3, 4, 5, 6): "big_straight"}

Roll = tuple[int, ...]


def roll_of(dice) -> Roll:
    """Five (or, for a keep, up to five) dice as a sorted tuple; refuses anything but values 1-6."""
    out = tuple(sorted(dice))
    if len(out) > DICE or any(type(v) is not int or v not in FACES for v in out):
        raise ValueError(f"dice must be values 1-6, got {dice!r}")
    return out


def from_counts(counts) -> Roll:
    """A vector of counts (how many 1s, 2s, … 6s) as a sorted tuple of dice."""
    return tuple(face for face, n in zip(FACES, counts) for _ in range(n))


@cache
def _classify(roll: Roll) -> tuple[str, Roll, Roll]:
    groups = sorted(Counter(roll).items(), key=lambda vc: (vc[1], vc[0]), reverse=True)
    sizes = tuple(n for _, n in groups)
    if sizes == (1,) * DICE:
        if roll in _STRAIGHTS:
            return _STRAIGHTS[roll], (), ()
        return "nothing", (), tuple(v for v, _ in groups)
    return (_BY_GROUPS[sizes], tuple(v for v, n in groups if n > 1), tuple(v for v, n in groups if n == 1))


def classify(dice) -> tuple[str, Roll, Roll]:
    """(hand, hand values in comparison order, unused dice high to low)."""
    roll = roll_of(dice)
    if len(roll) != DICE:
        raise ValueError(f"need five dice, got {dice!r}")
    return _classify(roll)


def hand_key(dice, kicker_depth: int | None = None) -> tuple:
    hand, values, unused = classify(dice)
    return STRENGTH[hand], values, unused if kicker_depth is None else unused[:kicker_depth]


def compare(active, opponent, kicker_depth: int | None = None) -> tuple[str, str]:
    """The four comparison steps: ("active" | "opponent", the step that decided)."""
    mine, theirs = hand_key(active, kicker_depth), hand_key(opponent, kicker_depth)
    if mine == theirs:
        return "active", "active_player"
    first = next(i for i, (a, o) in enumerate(zip(mine, theirs)) if a != o)
    return ("active" if mine > theirs else "opponent"), ("category", "hand_values", "unused_dice")[first]


# ------------------------------------------------------------------ rolls, keeps, rerolls
#: every ordered roll, counted by the sorted roll it shows: 252 rolls, weights summing to 7776
ROLL_WAYS: Counter = Counter(tuple(sorted(p)) for p in itertools.product(FACES, repeat=DICE))
ROLLS: tuple[Roll, ...] = tuple(sorted(ROLL_WAYS))


@cache
def keeps_of(roll: Roll) -> tuple[Roll, ...]:
    """Every distinct set of dice one may keep from a roll (keep none … keep all)."""
    return tuple(sorted({sub for n in range(len(roll) + 1) for sub in itertools.combinations(roll, n)}))


@cache
def reroll(keep: Roll) -> tuple[tuple[Roll, int], ...]:
    """Each final roll reachable by keeping `keep` and rerolling the rest, with its weight out of 7776."""
    rest = DICE - len(keep)
    each = 6 ** (DICE - rest)                            # one ordered outcome of `rest` dice
    finals: Counter = Counter()
    for outcome in itertools.product(FACES, repeat=rest):
        finals[tuple(sorted(keep + outcome))] += each
    return tuple(sorted(finals.items()))


def one_roll_distribution() -> dict[str, Fraction]:
    dist = dict.fromkeys(HANDS, Fraction(0))
    for roll, ways in ROLL_WAYS.items():
        dist[_classify(roll)[0]] += Fraction(ways, CERTAIN)
    return dist


# ------------------------------------------------------------------ solo: one reroll against a payout table
def solo(pay: dict[str, int]):
    """The optimal single reroll against a payout table {hand: gross gold}.

    Returns (expected payout, distribution of final hands, {roll: best expected payout}), all exact. Among
    keeps of equal value the one keeping more dice is taken, then the one with the higher dice.
    """
    pay_items = tuple(sorted(pay.items()))
    expected, dist, best = Fraction(0), dict.fromkeys(HANDS, Fraction(0)), {}
    for roll, ways in ROLL_WAYS.items():
        keep = max(keeps_of(roll), key=lambda k: (_solo_weight(pay_items, k), len(k), sorted(k, reverse=True)))
        best[roll] = Fraction(_solo_weight(pay_items, keep), CERTAIN)
        expected += Fraction(ways, CERTAIN) * best[roll]
        for final, w in reroll(keep):
            dist[_classify(final)[0]] += Fraction(ways * w, CERTAIN * CERTAIN)
    return expected, dist, best


def solo_value(pay: dict[str, int], keep) -> Fraction:
    """The expected payout of keeping `keep` and rerolling the rest once."""
    return Fraction(_solo_weight(tuple(sorted(pay.items())), roll_of(keep)), CERTAIN)


@cache
def _solo_weight(pay_items: tuple, keep: Roll) -> int:
    """The expected payout of a keep x 7776."""
    pay = dict(pay_items)
    return sum(w * pay[_classify(final)[0]] for final, w in reroll(keep))


# ------------------------------------------------------------------ duel: opponent rerolls first, active last
class Duel:
    """Optimal play in one hand of a duel, exact.

    The active player rerolls last, seeing the opponent's final roll, and wins every exact tie (step
    "active_player"): against a final roll of rank r a keep wins with the weight of finishing at rank r or
    above. The opponent rerolls first, seeing the active player's roll, and chooses the keep that leaves
    the active player the smallest chance after the active player's best answer to each possible result.
    """

    def __init__(self, kicker_depth: int | None = None):
        self.kicker_depth = kicker_depth
        keys = {roll: hand_key(roll, kicker_depth) for roll in ROLLS}
        order = sorted(set(keys.values()))               # equal keys (only with depth 2) share a rank
        place = {key: i for i, key in enumerate(order)}
        self.rank = {roll: place[key] for roll, key in keys.items()}
        self.ranks = len(order)
        #: at_least[keep][r]: weight of finishing with a roll of rank >= r after keeping `keep`
        self.at_least: dict[Roll, list[int]] = {}
        for keep in {k for roll in ROLLS for k in keeps_of(roll)}:
            per_rank = [0] * (self.ranks + 1)
            for final, w in reroll(keep):
                per_rank[self.rank[final]] += w
            for r in range(self.ranks - 1, -1, -1):
                per_rank[r] += per_rank[r + 1]
            self.at_least[keep] = per_rank[:-1]
        #: answer[roll][r]: the active player's best winning weight from `roll` against rank r
        self.answer = {roll: list(map(max, *(self.at_least[k] for k in keeps_of(roll)))) for roll in ROLLS}

    # the active player (rerolls last)
    def active_chance(self, keep, opponent_final) -> Fraction:
        return Fraction(self.at_least[roll_of(keep)][self.rank[roll_of(opponent_final)]], CERTAIN)

    def active_best(self, dice, opponent_final) -> Fraction:
        return Fraction(self.answer[roll_of(dice)][self.rank[roll_of(opponent_final)]], CERTAIN)

    def active_keep(self, dice, opponent_final) -> Roll:
        return max(keeps_of(roll_of(dice)), key=lambda k: (self.active_chance(k, opponent_final), len(k)))

    # the opponent (rerolls first)
    def opponent_value(self, keep, active_dice) -> Fraction:
        """The active player's chance to win when the opponent keeps `keep` (both then play their best)."""
        answer = self.answer[roll_of(active_dice)]
        return Fraction(sum(w * answer[self.rank[f]] for f, w in reroll(roll_of(keep))), CERTAIN * CERTAIN)

    def opponent_best(self, dice, active_dice) -> Fraction:
        return min(self.opponent_value(k, active_dice) for k in keeps_of(roll_of(dice)))

    def gambler_keep(self, dice, active_dice) -> Roll:
        """The opponent's minimax keep (the bot's local gamblers)."""
        return min(keeps_of(roll_of(dice)), key=lambda k: (self.opponent_value(k, active_dice), -len(k)))

    def p_active_wins(self) -> Fraction:
        """The active player's chance to win a hand when both sides play their best, exact."""
        keeps = sorted({k for roll in ROLLS for k in keeps_of(roll)})
        # value[keep][i]: the active chance (x 7776**2) against keep, for the i-th active roll
        value = {}
        for keep in keeps:
            reach = [(w, self.rank[f]) for f, w in reroll(keep)]
            value[keep] = [sum(w * self.answer[a][r] for w, r in reach) for a in ROLLS]
        total = 0
        for o in ROLLS:
            worst = map(min, *(value[k] for k in keeps_of(o)))
            total += ROLL_WAYS[o] * sum(ROLL_WAYS[a] * v for a, v in zip(ROLLS, worst))
        return Fraction(total, CERTAIN ** 4)


@cache
def duel(kicker_depth: int | None = None) -> Duel:
    """One Duel per kicker depth for the whole test session."""
    return Duel(kicker_depth)


def kicker_reading_difference() -> Fraction:
    """The chance that two plain rolls get a different winner under the printed two-kicker step b."""
    differ = sum(ROLL_WAYS[a] * ROLL_WAYS[o] for a in ROLLS for o in ROLLS
                 if compare(a, o)[0] != compare(a, o, 2)[0])
    return Fraction(differ, CERTAIN * CERTAIN)
