"""Ranking with the printed tiebreaks (most gold, then fewest class-colour dice, then shared) and the solo
rating table (FR)."""
from __future__ import annotations

import pytest

from bot.games.errors import RuleError
from bot.games.rollplayer.scoring import TIEBREAKS, ScoringInput, rank, score_player, solo_rating, ties
from bot.games.rollplayer.scoring_content import ATTRS


def score(total: int, gold: int, class_dice: int) -> dict:
    """The three fields ``rank`` reads, shaped as ``score_player`` returns them."""
    return {"total": total, "gold": gold, "class_dice": {"count": class_dice, "stars": class_dice}}


def summary(ranking):
    return [(e["index"], e["place"], e["tiebreak"]) for e in ranking]


def test_highest_total_wins():
    r = rank([score(20, 9, 0), score(31, 0, 9), score(25, 3, 3)])
    assert summary(r) == [(1, 1, "total"), (2, 2, "total"), (0, 3, "total")]
    assert [e["total"] for e in r] == [31, 25, 20]
    assert not any(e["shared"] for e in r)


def test_tie_on_total_goes_to_most_gold():
    r = rank([score(30, 2, 1), score(30, 5, 6)])
    assert summary(r) == [(1, 1, "gold"), (0, 2, "gold")]


def test_then_fewest_class_colour_dice():
    r = rank([score(30, 5, 4), score(30, 5, 2)])
    assert summary(r) == [(1, 1, "class_dice"), (0, 2, "class_dice")]
    assert r[0]["class_dice"] == 2 and r[0]["gold"] == 5


def test_every_tie_is_named_with_what_broke_it_best_place_first():
    """Not only the winner's: a three-way tie on stars that Gold splits but for two, whom their class dice part,
    and two players level on everything below them."""
    r = rank([score(5, 25, 2), score(5, 14, 3), score(5, 14, 4), score(3, 11, 2), score(3, 11, 2), score(9, 0, 0)])
    assert [(c, [e["index"] for e in level]) for c, level in ties(r)] == [
        ("gold", [0, 1, 2]), ("class_dice", [1, 2]), ("shared", [3, 4])]
    assert ties(rank([score(5, 1, 1), score(4, 1, 1)])) == []


def test_then_shared_victory():
    r = rank([score(30, 5, 4), score(30, 5, 4)])
    assert summary(r) == [(0, 1, "shared"), (1, 1, "shared")]
    assert all(e["shared"] for e in r)


def test_mixed_four_player_table():
    r = rank([score(25, 9, 0), score(30, 5, 3), score(30, 2, 1), score(30, 5, 3)])
    assert summary(r) == [(1, 1, "shared"), (3, 1, "shared"), (2, 3, "gold"), (0, 4, "total")]


def test_three_way_tie_split_by_gold_then_class_dice():
    r = rank([score(28, 4, 5), score(28, 4, 2), score(28, 7, 9)])
    assert summary(r) == [(2, 1, "gold"), (1, 2, "class_dice"), (0, 3, "class_dice")]


def test_every_tiebreak_named_is_one_of_the_published_criteria_in_depth_order():
    """The pictures read ``TIEBREAKS`` to say how deep a tie went: the names must be the ones ``rank`` writes."""
    seen = {e["tiebreak"] for table in ([score(30, 5, 4), score(30, 5, 4)], [score(30, 5, 4), score(30, 5, 2)],
                                        [score(30, 2, 1), score(30, 5, 6)], [score(20, 9, 0), score(31, 0, 9)])
            for e in rank(table)}
    assert seen == set(TIEBREAKS) and TIEBREAKS.index("gold") < TIEBREAKS.index("class_dice")


def test_single_player_and_empty_table():
    assert summary(rank([score(12, 0, 0)])) == [(0, 1, "total")]
    assert rank([]) == []


def test_rank_reads_score_player_results():
    def player(gold, white_dice):
        rows = {a: [("gold", 2), ("gold", 3), ("gold", 4)] for a in ATTRS}
        rows["str"] = [("white", 2)] * white_dice + [("gold", 3)] * (3 - white_dice)
        return score_player(ScoringInput("human", "cleric", rows, [], "arbiter", ("neutral", "neutral"),
                                         "aristocrat", gold, False))

    a = player(gold=4, white_dice=2)  # total 2
    b = player(gold=4, white_dice=1)  # total 1
    c = player(gold=2, white_dice=1)  # total 1, less gold
    assert [a["total"], b["total"], c["total"]] == [2, 1, 1]
    assert summary(rank([c, b, a])) == [(2, 1, "total"), (1, 2, "gold"), (0, 3, "gold")]


@pytest.mark.parametrize("bad", [None, [{"total": 3}], [score(3, 1, 1) | {"gold": "3"}],
                                 [score(3, 1, 1) | {"class_dice": 2}], ["nope"]])
def test_rank_rejects_bad_scores(bad):
    with pytest.raises(RuleError) as err:
        rank(bad)
    assert err.value.key == "rules.scoring.bad_score"


@pytest.mark.parametrize("total, title", [
    (-4, "npc"), (0, "npc"), (21, "npc"),
    (22, "mercenary"), (25, "mercenary"),
    (26, "adventurer"), (29, "adventurer"),
    (30, "luminary"), (33, "luminary"),
    (34, "clan_chief"), (37, "clan_chief"),
    (38, "true_hero"), (60, "true_hero"),
])
def test_solo_rating_boundaries(total, title):
    assert solo_rating(total) == f"rules.solo.rating.{title}"


def test_solo_rating_rejects_non_integers():
    with pytest.raises(RuleError) as err:
        solo_rating("38")
    assert err.value.key == "rules.scoring.bad_total"


def test_solo_sheet_carries_its_rating():
    rows = {a: [("white", 6), ("white", 6), ("white", 6)] for a in ATTRS}  # 18 class dice + WIS 18 + INT/CHA
    r = score_player(ScoringInput("human", "cleric", rows, [], "arbiter", ("neutral", "lawful"), "aristocrat",
                                  16, True))
    # goals: WIS 18 (4) + INT 14+ (1) + CHA 14+ (1); 18 white dice; alignment 3; backstory: CHA white at 3 -> 1
    # match (0 stars); solo gold 16 -> 2
    assert r["total"] == 6 + 18 + 3 + 0 + 2 == 29
    assert r["rating"] == "rules.solo.rating.adventurer"
