"""Measured text: fitting, ellipsising, wrapping, and the Latin/Hangul font split."""

from PIL import Image, ImageDraw

from images.text import ELLIPSIS, Face, ellipsise, fit, wrap, wrap_fit


def test_fit_keeps_text_that_fits_at_full_size():
    face, shown = fit("Longsword", 400, 24, True)
    assert shown == "Longsword"
    assert face.size == 24


def test_fit_shrinks_before_it_cuts():
    text = "Sir Reginald Bartholomew"
    full = Face(24, True).width(text)
    face, shown = fit(text, full - 10, 24, True, min_size=18)
    assert shown == text
    assert face.size < 24
    assert face.width(shown) <= full - 10


def test_fit_ellipsises_at_min_size_and_stays_inside_the_box():
    text = "Sir Reginald Bartholomew von Longname-Featherstonehaugh III"
    face, shown = fit(text, 200, 24, True, min_size=20)
    assert face.size == 20
    assert shown.endswith(ELLIPSIS)
    assert face.width(shown) <= 200
    assert text.startswith(shown[:-1].rstrip())


def test_ellipsise_korean_cuts_at_a_syllable():
    face = Face(22)
    text = "용감한 모험가 김서연 그리고 친구들"
    shown = ellipsise(text, face, 120)
    assert shown.endswith(ELLIPSIS)
    assert face.width(shown) <= 120


def test_wrap_respects_width_and_line_count():
    face = Face(19)
    text = (
        "On your Dice-Phase turn before you choose a card: turn one die on an untaken Initiative card to "
        "its opposite face, then re-sort those dice."
    )
    lines, complete = wrap(text, face, 300, 6)
    assert complete
    assert len(lines) > 1
    assert all(face.width(line) <= 300 for line in lines)
    assert " ".join(lines) == text
    short, complete = wrap(text, face, 300, 2)
    assert not complete
    assert len(short) == 2
    assert short[-1].endswith(ELLIPSIS)
    assert face.width(short[-1]) <= 300


def test_wrap_breaks_a_word_longer_than_the_box():
    face = Face(20)
    lines, complete = wrap("가" * 60, face, 200, 10)
    assert complete
    assert "".join(lines) == "가" * 60
    assert all(face.width(line) <= 200 for line in lines)


def test_wrap_fit_shrinks_to_avoid_cutting():
    text = "For attribute goals only, each gold die on your sheet may count 1 higher in its own row."
    _, lines, complete = wrap_fit(text, 420, 3, 22, False, 16)
    assert complete
    assert len(lines) <= 3


def test_hangul_goes_to_the_hangul_font_and_latin_to_the_latin_font():
    runs = Face(20).runs("Épée 장검 x")
    assert runs == ((False, "Épée "), (True, "장검"), (False, " x"))


def test_character_no_font_has_is_replaced_not_drawn_as_a_box():
    runs = Face(20).runs("a\U0001f3b2b")
    assert "".join(r for _, r in runs) == "a?b"


def test_draw_puts_ink_where_measured():
    img = Image.new("L", (400, 60), 0)
    d = ImageDraw.Draw(img)
    face = Face(24, True)
    w = face.draw(d, 10, 40, "Hello 안녕", 255)
    bbox = img.getbbox()
    assert bbox is not None
    assert bbox[0] >= 8 and bbox[2] <= 10 + w + 2
