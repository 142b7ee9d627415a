"""Every picture of the gallery (Roll Player sheets, tables, scores; dice poker hands and matches) drawn in
the pseudo-locale (every word accented and ~40 % longer) and in German, French and Korean: nothing the kit
draws runs off the canvas, and nothing is shortened that should not be.

What may be shortened ("…"), decided here:

* **Clipped text never** (in any language): a string drawn past the picture's edge.
* **Real languages (de, fr, ko)**: only texts of variable length the design boxes in: a player's name (or a
  line carrying one), a line naming a card (the discard pile's top card), and a card's or class power's rule
  text on a card face (a fixed box on the card; the full text is the rulebook's, and ``/rp rules`` has the
  summary). Any other label shortened in a real language is a fitting bug.
* **Pseudo-locale**: its padding lengthens a 3-letter label by ~130 %, far beyond any real translation, so
  shortening is allowed, but a shortened label must still show some of its text: never ``⟦…`` or ``…`` alone.
"""
from __future__ import annotations

import re

import pytest

from images.rollplayer import content
from tests.i18n.pseudo import ELLIPSIS_ONLY, pseudo_locale, recording_text
from tools import gallery
from tools import rp_samples as samples

NAMES = (*gallery.NAMES, samples.LONG_NAME, samples.KOREAN_NAME,
         "Ｗｉｄｅ Ｗｉｌｌｏｗ of the Everlasting Northern Marshes")


def variable_texts(locale: str) -> tuple[set[str], set[str]]:
    """(card and power rule texts, content names) in ``locale``."""
    texts = {content.card_text(c, locale) for c in content.cards()}
    texts |= {content.power_text(c, locale) for c in content.classes()}
    names = {content.card_name(c, locale) for c in content.cards()}
    return texts, names


def shortened_wrongly(shortened: list[str], locale: str) -> list[str]:
    texts, names = variable_texts(locale)
    wrong = []
    for text in sorted(set(shortened)):
        # a name, a line carrying one, or a word of one (a word wider than its box is ellipsised whole)
        if text in texts or any(n in text or text in n for n in NAMES) or any(f"({n})" in text for n in names):
            continue
        wrong.append(text)
    return wrong


@pytest.fixture(scope="module")
def pseudo_pictures(tmp_path_factory):
    with pseudo_locale(tmp_path_factory.mktemp("qps")) as locale, recording_text() as record:
        pictures = gallery.pictures(locale)
    return pictures, record


def test_pseudo_gallery_draws_nothing_past_the_edge(pseudo_pictures):
    pictures, record = pseudo_pictures
    assert len(pictures) > 40 and len(record.drawn) > 1000
    assert any(name.startswith("poker") for name, _ in pictures), "dice poker pictures are part of the gallery"
    assert not record.clipped(), record.clipped()[:10]


def test_pseudo_labels_never_shrink_to_nothing(pseudo_pictures):
    _, record = pseudo_pictures
    empty = [d.text for d in record.drawn if ELLIPSIS_ONLY.fullmatch(d.text)]
    assert not empty, f"a label shortened to nothing: {empty[:10]}"
    assert record.ellipsised, "the pseudo-locale's padding shortens something: the recorder sees fitting"


def test_pseudo_gallery_pictures_carry_no_english(pseudo_pictures):
    """Every word the pictures draw came from the catalogs (or the data files' translations)."""
    from tests.i18n.pseudo import english_words

    _, record = pseudo_pictures
    # a player's name wrapped over two lines or cut short is still a name: its words (or their starts)
    name_words = {w for n in NAMES for w in re.findall(r"[A-Za-z]{2,}", n)}
    english = {d.text: words for d in record.drawn
               if (words := [w for w in english_words(d.text, NAMES)
                             if not any(nw.startswith(w) for nw in name_words)])}
    assert not english, list(english.items())[:10]


@pytest.mark.parametrize("locale", ["de", "fr", "ko"])
def test_real_languages_fit_their_boxes(locale):
    with recording_text() as record:
        pictures = gallery.pictures(locale)
    assert len(pictures) > 40
    assert not record.clipped(), record.clipped()[:10]
    wrong = shortened_wrongly(record.ellipsised, locale)
    assert not wrong, f"{locale}: labels shortened that should fit: {wrong}"


def test_the_recorder_sees_clipped_and_shortened_text():
    """The instrument itself: text drawn past the edge is reported, a shortened label is recorded."""
    from images import draw as kit_draw
    from images.text import Face

    with recording_text() as record:
        img, d = kit_draw.new_canvas(200, 50)
        Face(20).draw(d, 150, 30, "far too wide for this canvas", (0, 0, 0))
        kit_draw.text_box(d, 0, 25, "a label much wider than its box", 60, 20)
    assert [c.text for c in record.clipped()] == ["far too wide for this canvas"]
    assert record.ellipsised == ["a label much wider than its box"]
    assert shortened_wrongly(record.ellipsised, "de") == ["a label much wider than its box"]
    assert re.fullmatch(ELLIPSIS_ONLY, "⟦…")
