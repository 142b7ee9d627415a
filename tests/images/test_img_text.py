"""Measured text: fitting, ellipsising, wrapping, the Latin/Hangul/CJK font split, and players' names in any
script: ideographs drawn, one placeholder per emoji, Hebrew and Arabic laid out right to left."""

import pytest
from PIL import Image, ImageDraw, ImageFont

from images import scripts
from images import text as kit
from images.text import ELLIPSIS, PLACEHOLDER, Face, Run, ellipsise, fit, wrap, wrap_fit
from tools import cjk_font

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"


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
    assert runs == (Run("latin", "Épée "), Run("hangul", "장검"), Run("latin", " x"))


def test_character_no_font_has_is_replaced_not_drawn_as_a_box():
    runs = Face(20).runs("a\U0001f3b2b")
    assert "".join(run.text for run in runs) == "a?b"


def test_draw_puts_ink_where_measured():
    img = Image.new("L", (400, 60), 0)
    d = ImageDraw.Draw(img)
    face = Face(24, True)
    w = face.draw(d, 10, 40, "Hello 안녕", 255)
    bbox = img.getbbox()
    assert bbox is not None
    assert bbox[0] >= 8 and bbox[2] <= 10 + w + 2


def ink_columns(face: Face, text: str) -> list[bool]:
    """For each pixel column of ``text`` drawn with ``face``: whether it has ink."""
    mask, _, _ = kit._mask(face, text)
    width, height = mask.size
    data = mask.tobytes()
    return [any(data[y * width + x] for y in range(height)) for x in range(width)]


def test_chinese_and_japanese_characters_are_drawn_not_left_blank():
    """NanumSquare maps ideographs to an *empty* glyph (no ink, a full advance), which the kit took for a real
    one: "김민준 日本語 中文" drew as "김민준" and a gap. They come from the CJK font now, each with ink."""
    assert not kit._has_glyph(kit.HANGUL[False], "日")            # empty, so not a glyph
    face = Face(24, True)
    assert face.runs("김민준 日本語 中文") == (Run("hangul", "김민준"), Run("latin", " "), Run("cjk", "日本語"),
                                           Run("latin", " "), Run("cjk", "中文"))
    for ch in "日本語中文佐々木":
        assert any(ink_columns(face, ch)), ch
    # no blank stretch inside the word: ink in every quarter of it
    columns = ink_columns(face, "日本語")[4:-4]
    quarter = len(columns) // 4
    assert all(any(columns[k * quarter:(k + 1) * quarter]) for k in range(4))


def test_the_cjk_subset_has_every_ideograph_its_provenance_lists():
    """fonts/README.md says which ideographs the subset keeps (``tools.cjk_font.ideographs``): each one draws."""
    missing = [ch for ch in cjk_font.ideographs() if not kit._has_glyph(kit.CJK[False], ch)]
    assert not missing, missing[:20]
    assert len(cjk_font.ideographs()) > 10_000


def test_an_ideograph_no_font_has_is_a_placeholder_not_a_gap():
    rare = "\u4e02"                                        # in Unicode's CJK block, in no national set the subset keeps
    assert rare not in cjk_font.ideographs()
    assert Face(20).runs(f"a{rare}{rare}b") == (Run("latin", f"a{PLACEHOLDER * 2}b"),)


@pytest.mark.parametrize("name, shown", [
    (FAMILY + "\U0001F1F0\U0001F1F7", "??"),                       # a family, a flag: one "?" each
    ("\U0001F44D\U0001F3FD\U0001F3F3\ufe0f\u200d\U0001F308", "??"),    # a skin tone, a rainbow flag
    ("Ann \u2764\ufe0f \u261d\U0001F3FD", "Ann \u2764\ufe0f \u261d"),    # DejaVu has ❤ and ☝: drawn, the tone left out
    ("e\u0301\u0301", "e\u0301\u0301"),                              # accents DejaVu has stay on their letter
])
def test_an_emoji_is_one_placeholder_not_one_per_code_point(name, shown):
    assert "".join(run.text for run in Face(20).runs(name)) == shown


def test_direction_controls_in_a_name_are_not_drawn():
    """A right-to-left override in a name would turn the rest of the line around; FSI/PDI drew as "?"."""
    assert Face(20).runs("\u202eDan \u2068x\u2069") == (Run("latin", "Dan x"),)


def test_latin_hangul_and_cjk_lines_never_use_the_shaper(monkeypatch):
    """Only lines with right-to-left letters go through libraqm: every other picture keeps its pixels on a
    machine with or without it."""
    def no_shaper(*args):
        raise AssertionError("libraqm used for a left-to-right line")

    monkeypatch.setattr(kit, "_shaper", no_shaper)
    face = Face(23)
    for text in ("Chloé Lefèvre-Dubois", "용감한 모험가 김서연", "佐々木 太郎", "@everyone " + FAMILY):
        assert not any(run.rtl for run in face.runs(text))
        kit._mask.__wrapped__(face, text)


@pytest.fixture
def without_raqm(monkeypatch):
    """The kit as on a machine whose Pillow lacks libraqm (its caches emptied before and after)."""
    def clear():
        for fn in (kit._runs, kit._mask, kit._width):
            fn.cache_clear()

    clear()
    monkeypatch.setattr(kit, "RAQM", False)
    yield
    clear()


def test_without_libraqm_hebrew_is_still_drawn_right_to_left(without_raqm):
    """"שלום" drew as "םולש" read from the right (letter by letter in reading order, left to right); reversed
    here, it draws as the reversed letters do in reading order, brackets mirrored."""
    face = Face(24, True)
    assert face.runs("> שלום (2)") == (Run("latin", "> (2) םולש"),)
    img = Image.new("L", (300, 60), 0)
    face.draw(ImageDraw.Draw(img), 10, 40, "שלום", 255)
    expected = Image.new("L", (300, 60), 0)
    font = ImageFont.truetype(str(kit.FONT_DIR / kit.LATIN[True]), 24, layout_engine=ImageFont.Layout.BASIC)
    ImageDraw.Draw(expected).text((10, 40), "םולש", font=font, fill=255, anchor="ls")
    assert img.tobytes() == expected.tobytes()


@pytest.mark.skipif(not kit.RAQM, reason="this Pillow has no libraqm: Arabic is drawn unjoined (tested above)")
def test_with_libraqm_arabic_is_joined_and_right_to_left():
    face = Face(24, True)
    assert face.runs("> مرحبا") == (Run("latin", "> "), Run("latin", "مرحبا", rtl=True))
    joined = ink_columns(face, "مرحبا")
    basic = ImageFont.truetype(str(kit.FONT_DIR / kit.LATIN[True]), 24, layout_engine=ImageFont.Layout.BASIC)
    isolated = basic.getlength("ابحرم")                  # the letters one by one, reversed
    assert face.width("مرحبا") < isolated
    gaps = [k for k in range(1, len(joined) - 1) if joined[k - 1] and not joined[k]]
    assert len(gaps) < 4, "joined letters leave fewer gaps than five isolated ones"


def test_ellipsise_cuts_between_graphemes():
    face = Face(20)
    text = "xxxx" + FAMILY * 3 + "e\u0301" * 6
    for width in range(20, face.width(text), 3):
        shown = ellipsise(text, face, width)
        assert len(shown[:-1]) in scripts.cuts(text), (width, shown)


def test_wrap_breaks_between_words_and_ellipsises_a_word_wider_than_the_box():
    """An Initiative card drew "@everyon" / "e <@1>…": a line now breaks between words, after a hyphen or
    beside a wide character, and a Latin word wider than the box is ellipsised (complete is False, so
    ``wrap_fit`` shrinks first)."""
    face = Face(17, True)
    lines, complete = wrap("@everyone <@1> @here", face, face.width("@everyo…"), 2)
    assert not complete
    assert lines[0] == "@everyo" + ELLIPSIS
    assert all(face.width(line) <= face.width("@everyo…") for line in lines)
    lines, complete = wrap("Chloé Lefèvre-Dubois", Face(22, True), 125, 3)
    assert complete and lines == ("Chloé", "Lefèvre-", "Dubois")
    face, lines, complete = wrap_fit("Bartholomew", 120, 2, 22, True, 17)
    assert complete and lines == ("Bartholomew",) and face.size < 22
