"""The gallery's sample scenes (tools/rp_samples.py) show what the engine computes: a sheet's score
breakdown, its trait and armour stars and goals met, the table's projected stars and the final scores are
the rules' scoring of that very scene (issue 28.11: the sample sheet's breakdown once disagreed with its
own trait cards)."""
from __future__ import annotations

import pytest

from bot.games.rollplayer.kind import KIND, scoring_input
from bot.games.rollplayer.scoring import score_player
from bot.games.rollplayer.state import PlayerState
from images.rollplayer.views import ALIGN_COLUMNS, ALIGN_ROWS
from tools import rp_samples as samples

SHEETS = (samples.start_sheet, samples.mid_sheet, samples.full_sheet, samples.long_names_sheet,
          samples.korean_sheet)


def engine_score(view) -> dict:
    """The rules' scoring of the position a sheet view shows (dice, cards, alignment token, gold)."""
    state = KIND.create(2, 1, {})
    p: PlayerState = state.players[0]
    p.race, p.class_id, p.backstory, p.alignment = view.race_id, view.class_id, view.backstory_id, view.alignment_id
    p.rows = {r.attr: [(d.colour, d.value) for d in r.dice if d] for r in view.rows}
    p.align_row, p.align_col = ALIGN_ROWS[view.token[0]], ALIGN_COLUMNS[view.token[1]]
    p.gold = view.gold
    p.cards = [c.card_id for c in (*view.weapons, *view.skills, *view.traits)] + \
        [c for s in view.armor for c in s.owned]
    return score_player(scoring_input(state, 0))


@pytest.mark.parametrize("scene", SHEETS, ids=lambda f: f.__name__)
def test_a_sample_sheet_shows_the_engines_score(scene):
    view = scene()
    score = engine_score(view)
    shown = {item.key: item.stars for item in view.projected}
    assert shown == {k: v for k, v in score["subtotals"].items() if k in shown}
    assert view.projected_total == score["total"] == sum(shown.values())
    assert {t.card_id: t.stars for t in view.traits} == {e["card"]: e["stars"] for e in score["traits"]}
    assert sum(t.stars or 0 for t in view.traits) == shown["traits"]
    assert {s.set_id: s.stars for s in view.armor} == {e["set"]: e["stars"] for e in score["armor"]}
    met = {g["attr"]: g["met"] for g in score["goals"]}
    assert {r.attr: r.goal_met for r in view.rows} == met


def test_the_end_game_sheet_has_trait_stars_and_a_score():
    view = samples.full_sheet()
    assert any(t.stars for t in view.traits) and view.projected_total > 0


@pytest.mark.parametrize("players", (1, 2, 3, 4))
def test_the_sample_table_and_scores_are_the_engines(players):
    table = samples.make_table(players, solo=players == 1)
    assert all(tag.projected >= 0 for tag in table.players)
    scores = samples.make_scores(players, solo=players == 1)
    for column in scores.columns:
        assert column.total == sum(item.stars for item in column.items)
    assert scores.winners == tuple(c.seat for c in scores.columns if c.rank == 1)


def test_the_tie_scene_is_a_tie_for_first_the_engine_breaks_by_gold():
    scores = samples.make_scores(4, tie=True)
    first, second = scores.columns[0], scores.columns[1]
    assert first.total == second.total == max(c.total for c in scores.columns)
    assert scores.tiebreak_key == "gold" and scores.winners == (0,) and second.rank == 2
