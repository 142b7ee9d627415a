"""Issue 28 point 3: tie-break step b as printed (seed 004 l.719-720: the highest unused die, then the
second-highest, then the active player wins); every unused die is a marked house option."""
from __future__ import annotations

from bot.games.dicepoker import options as opt
from bot.games.dicepoker.hands import compare
from bot.games.dicepoker.kind import KIND

# a pair of 1s each; the unused dice 6 5 3 against 6 5 4: equal on the highest two, apart on the third
ACTIVE, OPPONENT = [1, 1, 6, 5, 3], [1, 1, 6, 5, 4]


def test_printed_step_b_stops_after_the_second_highest_unused_die():
    assert compare(ACTIVE, OPPONENT, opt.TIE_BREAKS["printed"]) == ("active", "active_player")
    assert compare(ACTIVE, OPPONENT, opt.TIE_BREAKS["house"]) == ("opponent", "unused_dice")
    assert compare([2, 2, 6, 4, 1], [2, 2, 6, 5, 1], 2) == ("opponent", "unused_dice")


def test_the_printed_reading_is_the_first_choice_and_the_house_one_is_marked():
    assert list(opt.TIE_BREAKS) == ["printed", "house"] and opt.TIE_BREAKS["printed"] == 2


def test_a_stored_match_without_the_option_keeps_the_house_rule_it_was_played_by():
    """Matches stored before the printed default have no ``kicker_depth`` in their options; replaying
    their log (undo, replay, verify) must decide every hand as it was decided then."""
    for mode, seats in (("duel", 2), ("local_gamblers", 1)):
        assert KIND.create(seats, 1, {"mode": mode})["options"]["kicker_depth"] is None
        assert KIND.create(seats, 1, {"mode": mode, "kicker_depth": 2})["options"]["kicker_depth"] == 2
        old = KIND.create(seats, 1, {"mode": mode})
        assert KIND.loads(KIND.dumps(old))["options"]["kicker_depth"] is None


def _even_match(kicker_depth, best_0, best_1):
    """A two-hand match with equal Gold whose best hands are ``best_0`` and ``best_1`` (the other hand is
    nothing for both, below either)."""
    state = KIND.create(2, 3, {"hands": 2, "kicker_depth": kicker_depth})
    state["purses"] = [6, 6]
    state["history"] = [{"final": [best_0, best_1], "winner": 0, "payout": None},
                        {"final": [[1, 2, 3, 5, 6], [1, 2, 3, 5, 6]], "winner": 1, "payout": None}]
    return state


def test_the_match_best_hand_tie_break_follows_the_chosen_rule():
    """Report t9 #13: equal Gold goes to the better best hand of the match; under the printed rule two best
    hands equal on the hand and the two highest unused dice are equal, so the match is a draw (the house
    rule goes on to the third unused die)."""
    from bot.games.dicepoker import rules

    printed = _even_match(opt.TIE_BREAKS["printed"], ACTIVE, OPPONENT)
    assert rules.outcome(printed) == {"winner": None, "reason": "draw"}
    assert rules.best_hands(printed)[0] == rules.best_hands(printed)[1]
    house = _even_match(opt.TIE_BREAKS["house"], ACTIVE, OPPONENT)
    assert rules.outcome(house) == {"winner": 1, "reason": "best_hand"}
    apart = _even_match(opt.TIE_BREAKS["printed"], [2, 2, 6, 4, 1], [2, 2, 6, 5, 1])
    assert rules.outcome(apart) == {"winner": 1, "reason": "best_hand"}
