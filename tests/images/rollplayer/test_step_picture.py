"""The step picture (issue 14): small, cheap, deterministic, and the same bytes when nothing on it changed.

Games are seeded and played by a seeded random player, so every size and count here is reproducible.
"""

from __future__ import annotations

import io
import random
import statistics

import pytest
from PIL import Image

from bot.games.rollplayer.kind import KIND
from images.rollplayer import render_sheet, render_step
from images.rollplayer.step import WIDTH, height, step_view

NAMES = ["Alice", "Bartholomew the Magnificent", "Chloé", "민준"]
BUDGET = 12_000  # bytes, typical (median) step picture
CEILING = 16_000  # bytes, the largest one


def played(seats: int, seed: int):
    """(state, seat due) before every move of a seeded random game, then the end."""
    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        yield state, seat
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    yield state, 0


@pytest.fixture(scope="module")
def games():
    return {seats: list(played(seats, 100 + seats)) for seats in (1, 2, 3, 4)}


def size(blob: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(blob)) as im:
        return im.size


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_sizes_stay_in_budget(games, seats):
    states = games[seats][::3]
    blobs = [render_step(state, seat, "en", NAMES[:seats]) for state, seat in states]
    sizes = [len(b) for b in blobs]
    assert statistics.median(sizes) <= BUDGET, statistics.median(sizes)
    assert max(sizes) <= CEILING, max(sizes)
    for (state, seat), blob in zip(states, blobs):
        w, h = size(blob)
        assert w == WIDTH == 360 and h == height(step_view(state, seat, NAMES[:seats]))
        assert h <= 420


def test_a_tenth_of_the_full_sheet(games):
    state, seat = games[2][len(games[2]) // 2]
    step, sheet = render_step(state, seat, "en", NAMES[:2]), render_sheet(state, seat, "en", names=NAMES[:2])
    assert len(step) * 4 < len(sheet), (len(step), len(sheet))


def test_same_state_same_bytes(games):
    for state, seat in games[3][::17]:
        assert render_step(state, seat, "de", NAMES[:3]) == render_step(state.clone(), seat, "de", NAMES[:3])


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
def test_every_locale_renders(games, locale):
    pictures = {render_step(state, seat, locale, NAMES[:4]) for state, seat in games[4][::40]}
    assert len(pictures) > 3 and all(p.startswith(b"\x89PNG") for p in pictures)
    if locale != "en":
        state, seat = games[4][40]
        assert render_step(state, seat, locale, NAMES[:4]) != render_step(state, seat, "en", NAMES[:4])


def first(games, test):
    return next((state, seat) for seats in (2, 3, 4) for state, seat in games[seats] if test(state, seat))


def with_gold(state, seat: int, gold: int):
    changed = state.clone()
    changed.players[seat].gold = gold
    return changed


def test_gold_is_drawn_only_where_it_matters(games):
    """Placing dice: Gold is not shown, so a change of Gold alone keeps the bytes (the private message keeps
    its attachment) while the full sheet, which shows Gold, changes. In the market Gold is shown."""
    state, seat = first(games, lambda s, seat: s.phase == "dice" and s.step == "place")
    richer = with_gold(state, seat, state.players[seat].gold + 5)
    assert render_step(richer, seat) == render_step(state, seat)
    assert render_sheet(richer, seat) != render_sheet(state, seat)
    state, seat = first(games, lambda s, seat: s.phase == "market")
    assert step_view(state, seat).wealth
    assert render_step(with_gold(state, seat, state.players[seat].gold + 5), seat) != render_step(state, seat)


def test_the_decision_brings_its_extras(games):
    state, seat = first(games, lambda s, seat: s.phase == "setup_dice")
    v = step_view(state, seat)
    assert v.in_hand and len(v.in_hand) == len(state.players[seat].start_dice)
    state, seat = first(games, lambda s, seat: s.phase == "dice" and s.step == "place")
    v = step_view(state, seat)
    assert len(v.in_hand) == 1 and not v.wealth and not v.alignment
    state, seat = first(games, lambda s, seat: s.phase == "dice" and s.step == "action" and s.action_row == "wis")
    assert step_view(state, seat).alignment and step_view(state, seat).action_row == "wis"


def test_unchanged_picture_over_a_game(games):
    """Over whole games: whenever nothing the picture shows changed between a player's consecutive private
    steps, the bytes are the same; and that happens (so the edit can keep the attachment)."""

    def shown(state, seat):
        v = step_view(state, seat, NAMES)
        s = v.sheet
        extras = (v.in_hand, v.action_row, v.wealth and (s.gold, s.charisma), v.alignment and s.token)
        return (s.player_name, s.race_id, s.class_id, s.rows, s.backstory, s.projected_total, extras)

    same = 0
    for seats in (1, 2, 4):
        states = games[seats]
        for (a, seat_a), (b, seat_b) in zip(states, states[1:]):
            if seat_a != seat_b or (a.round, a.phase) != (b.round, b.phase):
                continue                   # not a private continuation of the same player
            if shown(a, seat_a) == shown(b, seat_b):
                same += 1
                assert render_step(a, seat_a, "en", NAMES) == render_step(b, seat_b, "en", NAMES)
    assert same >= 3, same
