"""The pictures' words match the situation: whose turn on a public sheet, final versus so-far scores, the
final scores ordered by place."""

from __future__ import annotations

import dataclasses

from images.labels import label
from images.rollplayer import scores, sheet
from tests.i18n.pseudo import recording_text
from tools import rp_samples as samples


def _drawn(fn) -> list:
    with recording_text() as record:
        fn()
    return record.drawn


def test_public_sheet_names_whose_turn_it_is():
    v = dataclasses.replace(samples.mid_sheet(), is_turn=True)
    public = [d.text for d in _drawn(lambda: sheet.draw(v, "en"))]
    assert label("img.sheet.turn_of", "en", name=v.player_name) in public
    assert label("img.sheet.your_turn", "en") not in public
    private = [d.text for d in _drawn(lambda: sheet.draw(v, "en", viewer=v.seat))]
    assert label("img.sheet.your_turn", "en") in private


def test_sheet_says_final_score_once_the_game_is_over():
    v = samples.mid_sheet()
    running = [d.text for d in _drawn(lambda: sheet.draw(v, "de"))]
    assert label("img.sheet.projected", "de") in running and label("img.sheet.final", "de") not in running
    over = [d.text for d in _drawn(lambda: sheet.draw(dataclasses.replace(v, final=True), "de"))]
    assert label("img.sheet.final", "de") in over and label("img.sheet.projected", "de") not in over


def test_final_scores_are_ordered_by_place():
    v = samples.make_scores(4)
    ranks = [(c.rank, c.seat) for c in v.columns]
    shuffled = dataclasses.replace(v, columns=tuple(reversed(v.columns)))
    drawn = _drawn(lambda: scores.draw(shuffled, "en"))
    ranks_shown = [label("img.scores.rank", "en", rank=c.rank) for c in v.columns]
    xs = {d.text: d.left for d in drawn if d.text in ranks_shown}
    shown = sorted(xs, key=xs.get)
    assert shown == [label("img.scores.rank", "en", rank=r) for r, _ in sorted(set(ranks))][: len(shown)]
    assert len(set(r for r, _ in ranks)) > 1, "the sample has more than one place"


def test_no_picture_word_says_reputation_where_the_icon_is_a_star():
    from bot import i18n

    for locale in ("en", "de", "fr", "ko"):
        for key in ("img.sheet.projected", "img.sheet.final", "img.scores.tiebreak.gold"):
            text = i18n.t(key, locale).lower()
            assert not any(w in text for w in ("reputation", "ansehen", "réputation", "명성")), (locale, key)
