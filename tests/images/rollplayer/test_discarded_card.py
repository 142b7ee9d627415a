"""A card the final scoring discards (the Cursed Ring, when the game scores better without it) is shown as
discarded on the sheet and on the scores picture: the ring's "you lose 2 stars" text next to a total without
the -2, and nothing saying why, read as a scoring mistake (tour t, defect 1)."""

import dataclasses
import io
import random

import pytest
from PIL import Image

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from images.rollplayer import render_scores, render_sheet, scores, sheet
from images.rollplayer.adapt import scores_view, sheet_view
from images.rollplayer.sheet import discarded_note

NAMES = ["Ann", "Ben", "Cleo"]
LOCALES = ("en", "de", "fr", "ko")


def _ring_game(seed: int):
    """A 3-seat promo game played to the end, the first seat offered the Cursed Ring buying it."""
    rng = random.Random(seed)
    state = KIND.create(3, seed, {"promos": True, "souk": True})
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        legal = KIND.legal_moves(state, seat)
        ring = [m for m in legal if m.get("type") == "buy" and m.get("card") == "cursed_ring"]
        plain = [m for m in legal if m.get("type") not in ("skill", "discard_weapon")] or legal
        state, _ = KIND.apply(state, seat, ring[0] if ring else rng.choice(plain))
    return state


@pytest.fixture(scope="module")
def discarded_game():
    """A finished game where the rules discard the ring before scoring (seed 0, as in the tour)."""
    state = _ring_game(0)
    seat = next(p.seat for p in state.players if "cursed_ring" in p.cards)
    assert KIND.score(state)["players"][seat]["discarded"] == ["cursed_ring"]
    return state, seat


def _size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


def test_the_sheet_marks_the_discarded_ring_and_says_why(discarded_game):
    state, seat = discarded_game
    v = sheet_view(state, seat, NAMES)
    assert [c.discarded for c in v.weapons if c.card_id == "cursed_ring"] == [True]
    assert v.discarded == ("cursed_ring",)
    # the note line makes the picture taller than the same sheet without it
    plain = dataclasses.replace(v, discarded=(), weapons=tuple(dataclasses.replace(c, discarded=False)
                                                               for c in v.weapons))
    assert sheet.height(v) > sheet.height(plain)
    for locale in LOCALES:
        assert _size(render_sheet(state, seat, locale, names=NAMES)) == (sheet.WIDTH, sheet.height(v, locale))
        assert sheet.draw(v, locale).tobytes() != sheet.draw(plain, locale).tobytes()


def test_while_the_game_runs_the_ring_is_held_and_only_the_breakdown_says_it_would_go(discarded_game):
    """Mid-game the player still holds the ring: it is not struck through (it read "discarded" on a card in
    hand), while the score so far says it would be discarded before scoring."""
    state, seat = discarded_game
    running = state.clone()
    running.finished = False
    v = sheet_view(running, seat, NAMES)
    assert [c.discarded for c in v.weapons if c.card_id == "cursed_ring"] == [False]
    assert v.discarded == ("cursed_ring",)


def test_the_scores_picture_names_who_discarded_what(discarded_game):
    state, seat = discarded_game
    v = scores_view(state, NAMES)
    assert {c.seat: c.discarded for c in v.columns}[seat] == ("cursed_ring",)
    plain = dataclasses.replace(v, columns=tuple(dataclasses.replace(c, discarded=()) for c in v.columns))
    for locale in LOCALES:
        assert scores.height(v, locale) > scores.height(plain, locale)
        assert _size(render_scores(state, locale, names=NAMES)) == (scores.WIDTH, scores.height(v, locale))
        assert scores._discard_notes(v, locale) == [
            t("img.label_value", locale, label=NAMES[seat], value=discarded_note("cursed_ring", locale))]


def test_the_note_names_the_card_in_each_language():
    for locale, name in (("en", "Cursed Ring"), ("de", "Verfluchter Ring"), ("fr", "Anneau Maudit"),
                         ("ko", "저주받은 반지")):
        note = discarded_note("cursed_ring", locale)
        assert name in note and "0★" in note


def test_a_kept_ring_is_not_marked():
    """Seed 10 keeps the ring (it pays): no mark, no note, and the weapons row shows its -2."""
    state = _ring_game(10)
    seat = next(p.seat for p in state.players if "cursed_ring" in p.cards)
    assert KIND.score(state)["players"][seat]["discarded"] == []
    v = sheet_view(state, seat, NAMES)
    assert v.discarded == () and not any(c.discarded for c in v.weapons)
    assert all(c.discarded == () for c in scores_view(state, NAMES).columns)
