"""``/poker hint``'s rules side: the exact best reroll of the deciding seat with its reason, in every mode and
role, legal, deterministic, the chance exact; worded in every locale."""
from __future__ import annotations

from fractions import Fraction

import pytest

from bot.games.dicepoker import ai, odds
from bot.games.dicepoker.kind import KIND
from bot.games.errors import RuleError
from images.dicepoker import words

LOCALES = ("en", "de", "fr", "ko")
MODES = ((2, {}), (2, {"kicker_depth": None}), (1, {"mode": "solo"}), (1, {"mode": "solo", "table": "printed"}),
         (1, {"mode": "local_gamblers"}), (1, {"mode": "local_gamblers", "gambler_level": "easy"}))


def decisions(seats: int, options: dict, seed: int):
    """Every decision of one match (the bot plays every seat)."""
    s = KIND.create(seats, seed, options)
    while KIND.pending(s):
        seat = KIND.pending(s)[0]["seat"]
        yield s, seat
        s, _ = KIND.apply(s, seat, ai.choose_move(s, seat, "best", seed))


@pytest.mark.parametrize("seats,options", MODES)
def test_a_hint_at_every_decision_is_the_legal_exact_best_reroll(seats, options):
    roles = set()
    for seed in range(3):
        for s, seat in decisions(seats, options, seed):
            hint = KIND.hint(s, seat, seed)
            assert hint["move"] in KIND.legal_moves(s, seat)
            assert hint == KIND.hint(s, seat, seed + 1) == KIND.hint(KIND.loads(KIND.dumps(s)), seat, seed)
            explained = ai.explain(s, seat, "best")
            assert hint["move"]["keep"] == explained["keep"]
            role = KIND.pending(s)[0]["role"]
            roles.add(role)
            params = hint["params"]
            dice = s["sides"][seat if role != "active" or seats == 2 else 0]["dice"]
            assert params["kept"] == [dice[i] for i in sorted(hint["move"]["keep"])]
            if 0 < len(params["kept"]) < 5:     # the reason names the kept dice as the move's label does
                assert words.dice_text(params["kept"]) in words.move_label(hint["move"], dice)
            assert params["count"] == 5 - len(params["kept"])
            if role == "solo":
                assert hint["key"] == "dicepoker.hint.why.solo" and Fraction(params["gold"]) == Fraction(
                    explained["exact"])
            else:
                assert Fraction(params["chance"]) == Fraction(explained["exact"])
                against = "gamblers" if seats == 1 else role
                if role == "active":
                    other = s["sides"][1 - (seat if seats == 2 else 0)]["dice"]
                    level = odds.tie_weight(odds.counts_of(params["kept"]), other, s["options"]["kicker_depth"])
                    against += "" if level else "_no_tie"
                assert hint["key"] == f"dicepoker.hint.why.{against}"
            for locale in LOCALES:
                text = words.hint_why(hint["key"], params, ["Ann", "Bob"], locale)
                assert text and "{" not in text and "⟦" not in text, (locale, text)
    assert roles == ({"opponent", "active"} if seats == 2 else {"solo"} if options["mode"] == "solo" else {"active"})


def test_the_reason_names_the_plan_and_the_exact_chance(monkeypatch):
    from dp_kit import ForcedDice

    ForcedDice(monkeypatch, [5, 5, 1, 3, 2] + [6, 6, 2, 2, 4] + [1] * 30)
    s = KIND.create(2, 0, {})
    s, _ = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1, 2, 3, 4]})     # bob keeps Two Pairs
    hint = KIND.hint(s, 0, 0)
    keep, chance = odds.active_keep([5, 5, 1, 3, 2], [6, 6, 2, 2, 4], s["options"]["kicker_depth"])
    assert hint["move"] == {"type": "reroll", "keep": odds.keep_indexes([5, 5, 1, 3, 2], keep)}
    assert hint["params"]["shape"] == "pair" and hint["params"]["kept"] == [5, 5]
    assert Fraction(hint["params"]["chance"]) == chance
    text = words.hint_why(hint["key"], hint["params"], ["Ann", "Bob"], "en")
    # kept 5 5 can never end level with 6 6 4 2 2: nothing is said about ties (a French tour read it as odd)
    assert hint["key"] == "dicepoker.hint.why.active_no_tie"
    assert text == ("Keep 5 5 to build on your Pair. Against the hand Bob shows, Two Pairs (6 6 4 2 2), "
                    + f"you win {100 * float(chance):.1f}% of the time.")
    assert "," in words.hint_why(hint["key"], hint["params"], ["Ann", "Bob"], "de").split("%")[0][-4:]


def test_ties_are_named_only_where_the_kept_dice_can_end_level(monkeypatch):
    """The active player wins a tie; the hint says so when its keep can still end level with the other hand."""
    from dp_kit import ForcedDice

    ForcedDice(monkeypatch, [6, 6, 1, 2, 3] + [6, 6, 5, 4, 3] + [1] * 30)
    s = KIND.create(2, 0, {})
    s, _ = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1, 2, 3, 4]})     # bob keeps a Pair, 6 6 5 4 3
    hint = KIND.hint(s, 0, 0)
    kept = hint["params"]["kept"]
    assert kept[:2] == [6, 6] and all(kept.count(v) <= [6, 6, 5, 4, 3].count(v) for v in kept)
    assert odds.tie_weight(odds.counts_of(kept), [6, 6, 5, 4, 3], s["options"]["kicker_depth"]) > 0
    assert hint["key"] == "dicepoker.hint.why.active"
    assert words.hint_why(hint["key"], hint["params"], ["Ann", "Bob"], "en").endswith("(ties go to you).")
    for locale in ("de", "fr", "ko"):
        untied = words.hint_why("dicepoker.hint.why.active_no_tie", hint["params"], ["Ann", "Bob"], locale)
        assert untied != words.hint_why(hint["key"], hint["params"], ["Ann", "Bob"], locale)


def test_percentages_never_round_to_certainty():
    assert words.percent_text("1/7776", "en") == "0.1%" and words.percent_text("7775/7776", "en") == "99.9%"
    assert words.percent_text("1/1", "en") == "100.0%" and words.percent_text("0/1", "fr") == "0,0\u00a0%"


def test_keep_shapes():
    assert ai.keep_shape([]) == "none" and ai.keep_shape([6]) == "high" and ai.keep_shape([6, 5]) == "high"
    assert ai.keep_shape([5, 4, 3, 2]) == "straight" and ai.keep_shape([6, 4, 1]) == "high"
    assert ai.keep_shape([3, 3, 2, 2]) == "two_pairs" and ai.keep_shape([4, 4, 4, 1, 1]) == "full_house"
    assert ai.keep_shape([2, 2, 6]) == "pair"


def test_no_hint_for_a_seat_that_is_not_deciding():
    s = KIND.create(2, 0, {})
    waiting = 1 - KIND.pending(s)[0]["seat"]
    assert KIND.legal_moves(s, waiting) == []
    with pytest.raises(RuleError):
        KIND.hint(s, waiting, 0)
