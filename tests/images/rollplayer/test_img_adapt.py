"""Real game states → views → pictures: the adapter reads the rules engine's state and scoring faithfully,
and the entry points render every phase of real games."""

import io
import random

import pytest
from PIL import Image

from bot.games.rollplayer.kind import KIND
from images.rollplayer import render_scores, render_sheet, render_table, scores, sheet, table
from images.rollplayer.adapt import player_name, rounds_total, scores_view, sheet_view, table_view
from images.rollplayer.views import ATTRS

NAMES = ["Ann", "Bo", "Cy", "용감한 모험가"]


def play(seats: int, seed: int, options=None):
    """Yield every state of a game played with seeded random legal moves."""
    rng = random.Random(seed)
    state = KIND.create(seats, seed, options or {})
    yield state
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        yield state


@pytest.fixture(scope="module")
def game2():
    return list(play(2, 21))


@pytest.fixture(scope="module")
def solo_game():
    return list(play(1, 8))


def _size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_sheet_view_mirrors_the_state_and_the_rules_scoring(game2):
    for state in game2[::9]:
        score = KIND.score(state)
        for seat, p in enumerate(state.players):
            v = sheet_view(state, seat, NAMES)
            assert v.player_name == NAMES[seat]
            assert (v.gold, v.charisma) == (p.gold, p.charisma)
            for row, attr in zip(v.rows, ATTRS):
                placed = [(d.colour, d.value) for d in row.dice if d is not None]
                assert placed == [tuple(d) for d in p.rows[attr]]
            owned = [c.card_id for c in v.weapons + v.skills + v.traits] + [
                c for s in v.armor for c in s.owned
            ]
            assert sorted(owned) == sorted(p.cards)
            assert {c.card_id for c in v.skills if c.exhausted} == set(p.exhausted)
            if score["ready"]:
                sheet_score = score["players"][seat]
                assert v.projected_total == sheet_score["total"]
                assert sum(i.stars for i in v.projected) == sheet_score["total"]
                met = {g["attr"]: g["met"] for g in sheet_score["goals"]}
                assert {r.attr: r.goal_met for r in v.rows} == met
                assert v.backstory_matches == sheet_score["backstory"]["count"]
            else:
                assert v.projected == ()


def test_table_view_mirrors_the_state(game2):
    for state in game2[::13]:
        v = table_view(state, NAMES)
        assert v.market == tuple(state.market)
        assert (v.deck_count, v.discard_count) == (len(state.deck), len(state.discard))
        assert [d.seat for d in v.pending] == [d["seat"] for d in KIND.pending(state)]
        assert [d.key for d in v.pending] == [d["decision"] for d in KIND.pending(state)]
        assert [c.taken_by for c in v.initiative] == [c.taken_by for c in state.initiative]
        assert v.start_seat == state.start_player and v.round == state.round


def test_every_phase_of_a_real_game_renders(game2):
    seen_phases = set()
    for state in game2[::4] + [game2[-1]]:
        seen_phases.add(state.phase)
        for seat in range(state.seats):
            v = sheet_view(state, seat, NAMES)
            assert _size(render_sheet(state, seat, names=NAMES)) == (sheet.WIDTH, sheet.height(v))
        assert _size(render_table(state, names=NAMES)) == (
            table.WIDTH,
            table.height(table_view(state, NAMES)),
        )
    assert {"setup_race", "dice", "market", "finished"} <= seen_phases


def test_final_scores_follow_the_rules_ranking(game2):
    end = game2[-1]
    assert KIND.is_finished(end)
    score = KIND.score(end)
    v = scores_view(end, NAMES)
    assert [c.total for c in v.columns] == [p["total"] for p in score["players"]]
    firsts = sorted(r["index"] for r in score["ranking"] if r["place"] == 1)
    assert list(v.winners) == firsts
    for col in v.columns:
        assert sum(i.stars for i in col.items) == col.total
    assert _size(render_scores(end, names=NAMES)) == (scores.WIDTH, scores.height(v))


def test_solo_game_shows_enemy_die_trash_and_rating(solo_game):
    mid = next(s for s in solo_game if s.round >= 3 and s.trash)
    v = table_view(mid)
    assert v.solo and v.enemy_die is not None and v.trash == tuple(mid.trash)
    render_table(mid)
    end = solo_game[-1]
    sv = scores_view(end)
    rating = KIND.score(end)["rating"]
    assert sv.solo and sv.solo_rating == rating.rsplit(".", 1)[-1]
    assert any(i.key == "solo_gold" for i in sv.columns[0].items)
    render_scores(end)


def test_four_players_render_with_korean_names():
    for i, state in enumerate(play(4, 3)):
        if i % 60 == 0 or KIND.is_finished(state):
            render_table(state, "ko", NAMES)
            render_sheet(state, 3, "ko", NAMES)
    render_scores(state, "ko", NAMES)


def test_rendering_a_state_twice_gives_identical_bytes(game2):
    state = game2[len(game2) // 2]
    assert render_sheet(state, 1, names=NAMES) == render_sheet(state, 1, names=NAMES)
    assert render_table(state, names=NAMES) == render_table(state, names=NAMES)


def test_names_default_to_player_numbers():
    assert player_name(None, 2) == "Player 3"
    assert player_name({0: "Zed"}, 0) == "Zed"
    assert player_name({0: "Zed"}, 1) == "Player 2"
    assert player_name(["A"], 0) == "A"
    assert player_name(["A"], 3) == "Player 4"


@pytest.mark.parametrize(
    "seats,short,expected",
    [
        (1, False, 12),
        (2, False, 12),
        (3, False, 11),
        (4, False, 10),
        (2, True, 10),
        (3, True, 9),
        (4, True, 8),
    ],
)
def test_rounds_total(seats, short, expected):
    assert rounds_total(KIND.create(seats, 1, {"short_game": short})) == expected


def test_played_game_lasts_the_announced_rounds(game2):
    assert game2[-1].round == rounds_total(game2[0])


def test_scores_before_the_end_are_a_projection(game2):
    first = scores_view(game2[0])
    assert first.winners == () and not first.final
    render_scores(game2[0])
    mid = game2[len(game2) // 2]
    v = scores_view(mid, NAMES)
    assert not v.final and v.winners
    assert [c.total for c in v.columns] == [p["total"] for p in KIND.score(mid)["players"]]
    assert scores_view(game2[-1]).final
