"""The kind registry and turning a final score into per-seat totals and places."""
from __future__ import annotations

import pytest

from bot.engine import KindRegistry, SessionManager, default_registry, load_kind
from bot.engine.results import seat_results
from tests.engine.toy_kind import DUEL_KIND, KIND, DiceRaceKind


def test_registry_checks_shape_and_names():
    registry = KindRegistry([KIND])
    assert registry["dicerace"] is KIND and list(registry) == ["dicerace"] and len(registry) == 1
    with pytest.raises(TypeError, match="missing"):
        registry.register(object())
    clone = DiceRaceKind()
    with pytest.raises(ValueError, match="already registered"):
        registry.register(clone)
    broken = DiceRaceKind()
    broken.name, broken.min_seats = "broken", 5
    with pytest.raises(ValueError, match="min_seats"):
        registry.register(broken)


async def test_manager_refuses_a_mislabelled_mapping(store):
    with pytest.raises(ValueError, match="calls itself"):
        SessionManager(store, {"other": KIND})


def test_load_kind_and_default_registry():
    assert load_kind("tests.engine.toy_kind:DUEL_KIND") is DUEL_KIND
    with pytest.raises(ValueError, match="package.module:ATTR"):
        load_kind("tests.engine.toy_kind")
    with pytest.raises(ValueError, match="no attribute"):
        load_kind("tests.engine.toy_kind:NOPE")
    registry = default_registry(("bot.games.no_such_game.kind:KIND", "tests.engine.toy_kind:KIND"))
    assert list(registry) == ["dicerace"]  # a kind that is not there yet is skipped
    with pytest.raises(ModuleNotFoundError, match="no_such_dependency"):  # a present but broken kind is
        default_registry(("tests.engine.kind_with_missing_dependency:KIND",))  # an error, not skipped


def test_places_use_competition_ranking_with_tiebreak():
    score = {"seats": [{"total": 10, "tiebreak": 1}, {"total": 12}, {"total": 10, "tiebreak": 1},
                       {"total": 10, "tiebreak": 0}]}
    assert [(r.total, r.place) for r in seat_results(KIND, None, 4, score)] == [(10, 2), (12, 1), (10, 2),
                                                                               (10, 4)]


def test_a_kind_ranking_wins_over_engine_ranking():
    score = {"players": [{"total": 5}, {"total": 5}],
             "ranking": [{"index": 1, "place": 1, "total": 5}, {"index": 0, "place": 2, "total": 5}]}
    assert [(r.seat, r.total, r.place) for r in seat_results(KIND, None, 2, score)] == [(0, 5, 2), (1, 5, 1)]
    score["ranking"] = [{"index": 1, "place": 1, "total": 5}]  # incomplete: fall back to the totals
    assert [(r.seat, r.place) for r in seat_results(KIND, None, 2, score)] == [(0, 1), (1, 1)]


def test_solo_total_and_missing_totals():
    assert [(r.total, r.place) for r in seat_results(KIND, None, 1, {"total": 7})] == [(7, 1)]
    assert [(r.total, r.place) for r in seat_results(KIND, None, 2, {"stars": 3})] == [(None, None)] * 2


def test_kind_may_rank_seats_itself():
    class Ranked(DiceRaceKind):
        def results(self, state):
            return [{"seat": 0, "total": 3, "place": 2}, {"seat": 1, "total": 3, "place": 1}]

    assert [(r.seat, r.place) for r in seat_results(Ranked(), None, 2, {})] == [(0, 2), (1, 1)]
