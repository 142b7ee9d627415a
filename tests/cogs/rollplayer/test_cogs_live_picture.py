"""Roll Player's ``live_pictures`` hook: the compact live picture while the game runs, the turn pictures
(scores and table) once it is over, as ``table.png`` (the name the live message and its checks use)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.games.rollplayer.kind import KIND
from cogs.rollplayer import PRESENTATION
from images.rollplayer import render_live, render_table

NAMES = ["Alice", "Bob"]


def view(state, status="active"):
    return SimpleNamespace(state=state, status=status, seats=[SimpleNamespace(name=n) for n in NAMES])


def finished_state(seed=5):
    rng = random.Random(seed)
    state = KIND.create(2, seed, {})
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    return state


def test_a_running_game_shows_the_compact_picture():
    state = KIND.create(2, 3, {})
    pictures = PRESENTATION.live_pictures(view(state), None, "de")
    assert [picture[:2] for picture in pictures] == [("table.png", render_live(state, "de", names=NAMES))]
    assert pictures[0].data != render_table(state, "de", names=NAMES)


def test_a_finished_game_keeps_the_turn_pictures():
    game = view(finished_state(), status="finished")
    for mover in (None, 1):
        assert PRESENTATION.live_pictures(game, mover, "en") == PRESENTATION.turn_pictures(game, mover, "en")
    assert [picture.name for picture in PRESENTATION.live_pictures(game, None, "en")] == ["scores.png", "table.png"]


def test_the_hook_is_seen_by_the_seam():
    from cogs.seam import OPTIONAL_HOOKS

    assert "live_pictures" in OPTIONAL_HOOKS and callable(getattr(PRESENTATION, "live_pictures", None))
