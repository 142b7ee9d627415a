"""``/rp hint``'s rules side (``teach.py``): the AI's move, the goals of the sheet it serves and the stars it
projects — at decisions of every phase, legal, deterministic, only what the move does for sure; worded in
every locale with the goals and the projection."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.games.rollplayer import ai, teach
from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION

LOCALES = ("en", "de", "fr", "ko")
#: hints asked per phase and game (the hard search takes up to about a second each)
PER_PHASE = 2


def game_of(state):
    seats = [SimpleNamespace(name=n, user_id=i + 1, is_ai=False) for i, n in enumerate(("Ann", "Bob", "Cem", "Dee"))]
    return SimpleNamespace(state=state, seats=seats[:state.seats], id=1, meta={}, status="active")


def sampled_decisions(seats: int, seed: int, options: dict):
    s = KIND.create(seats, seed, options)
    asked: dict[str, int] = {}
    n = 0
    while not KIND.is_finished(s) and n < 400:
        seat = KIND.pending(s)[0]["seat"]
        if asked.get(s.phase, 0) < PER_PHASE:
            asked[s.phase] = asked.get(s.phase, 0) + 1
            yield s, seat, n
        s, _ = KIND.apply(s, seat, ai.choose_move(s, seat, "easy", n))
        n += 1


@pytest.mark.parametrize("seats,seed,options", [(1, 7, {}), (2, 3, {"promos": True, "souk": True})])
def test_a_hint_in_every_phase_is_legal_deterministic_and_teaches(seats, seed, options):
    phases, goals, projected = set(), set(), 0
    for s, seat, n in sampled_decisions(seats, seed, options):
        before = KIND.dumps(s)
        hint = KIND.hint(s, seat, n)
        assert KIND.dumps(s) == before, "the hint changes nothing"
        assert hint["move"] in KIND.legal_moves(s, seat)
        assert hint["move"] == ai.hint(s, seat, n)["move"]
        assert hint == KIND.hint(KIND.loads(before), seat, n), "same state, same hint"
        phases.add(s.phase)
        goals |= {g["goal"] for g in hint["params"]["goals"]}
        if s.players[seat].class_id is not None:
            assert isinstance(hint["params"]["projected"], int) and 0 <= hint["params"]["projected"] <= 80
            projected += 1
        for locale in LOCALES:
            text = PRESENTATION.hint_text(game_of(s), seat, hint, locale)
            assert text and "{" not in text and "⟦" not in text, (locale, text)
            if isinstance(hint["params"]["projected"], int):
                assert t("rollplayer.hint.projected", locale, stars=hint["params"]["projected"]) in text
    assert {"setup_race", "setup_class", "setup_dice", "dice", "market"} <= phases
    assert {"class_row"} <= goals and projected >= 6


def test_goals_are_what_the_move_does_for_sure():
    s = KIND.create(1, 11, {})
    for n in range(200):
        seat = KIND.pending(s)[0]["seat"]
        if s.phase == "setup_dice":
            break
        s, _ = KIND.apply(s, seat, ai.choose_move(s, seat, "easy", n))
    hint = teach.explain(s, 0, 5)
    move = hint["move"]
    assert move["type"] == "place_start"
    [row] = [g for g in hint["params"]["goals"] if g["goal"] == "class_row"]
    p = s.players[0]
    assert row["attr"] == move["attr"] and row["class_id"] == p.class_id
    text = PRESENTATION.hint_text(game_of(s), 0, hint, "en")
    assert re.search(r"Goals it serves: your \w+ attribute goal on [A-Z]{3}", text), text
    assert "The bot projects about" in text


def test_a_row_moving_away_from_its_goal_is_no_goal_served():
    from bot.games.rollplayer.scoring_content import Goal

    assert teach._distance(Goal(14, 15, 2, False), 16) == 1 and teach._distance(Goal(14, 99, 1, True), 20) == 0
    assert teach._distance(Goal(18, 18, 4, False), 12) == 6
