"""images.scripts: the characters a reader sees (graphemes), the direction of each in a left-to-right line, and
where a word too wide for its box may break, as the pictures need them for players' display names."""

from __future__ import annotations

import pytest

from images import scripts

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
KOREA = "\U0001F1F0\U0001F1F7"
THUMB = "\U0001F44D\U0001F3FD"
RAINBOW = "\U0001F3F3\ufe0f\u200d\U0001F308"
ENGLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F"


@pytest.mark.parametrize("text, expected", [
    ("Ann", ("A", "n", "n")),
    (FAMILY + KOREA, (FAMILY, KOREA)),                      # a ZWJ family, then a flag of two indicators
    (THUMB + RAINBOW, (THUMB, RAINBOW)),                    # a skin tone; a VS16 + ZWJ sequence
    (KOREA + KOREA[0], (KOREA, KOREA[0])),                  # indicators pair up two by two
    (ENGLAND + "!", (ENGLAND, "!")),                        # a tag sequence
    ("e\u0301\u0301 Z\u200bW\u200d!", ("e\u0301\u0301", " ", "Z", "\u200b", "W\u200d", "!")),
    ("\u2764\ufe0f\u200d\U0001F525", ("\u2764\ufe0f\u200d\U0001F525",)),
])
def test_graphemes_keep_what_a_reader_sees_as_one_character_together(text, expected):
    assert scripts.graphemes(text) == expected
    assert "".join(scripts.graphemes(text)) == text


def test_cuts_fall_between_graphemes():
    text = "xx" + FAMILY + "e\u0301"
    assert scripts.cuts(text) == [0, 1, 2, 2 + len(FAMILY), len(text)]


def visual(text: str) -> str:
    """``text`` in drawing order, left to right (no mirroring)."""
    chars = list(text)
    return "".join(chars[i] for i in scripts.visual_order(scripts.levels(chars)))


@pytest.mark.parametrize("text, expected", [
    ("Ann", "Ann"),
    ("שלום", "םולש"),                                        # Hebrew: right to left
    ("> مرحبا שלום é ZW!", "> םולש ابحرم é ZW!"),           # both RTL words one run, the Latin after it
    ("שלום 12 ש", "ש 12 םולש"),                              # a number inside keeps its own order
    ("Winner: מרחב (2)", "Winner: )2( בחרמ"),                # brackets go with what they enclose (drawn mirrored)
    ("a (שלום) b", "a (םולש) b"),                            # ... unless the text around is left to right
    ("승자: مرحبا 3", "승자: 3 ابحرم"),                        # a number after Arabic letters is an Arabic number
    ("שלו…", "…ולש"),                                        # an ellipsis stays where the cut is
])
def test_a_left_to_right_line_lays_right_to_left_text_out_right_to_left(text, expected):
    assert visual(text) == expected


def test_only_text_with_right_to_left_letters_needs_laying_out():
    assert not scripts.has_rtl("Épée 장검 日本語 " + FAMILY)
    assert scripts.has_rtl("a ש") and scripts.has_rtl("مرحبا")


def test_explicit_direction_controls_are_recognised():
    assert all(scripts.is_direction_control(ch) for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert not any(scripts.is_direction_control(ch) for ch in "a\u200d\u200fש")


@pytest.mark.parametrize("word, pieces", [
    ("@everyone", ["@everyone"]),                            # a Latin word never breaks inside
    ("Lefèvre-Dubois", ["Lefèvre-", "Dubois"]),              # after a hyphen it may
    ("김민준", ["김", "민", "준"]),                            # Hangul, kana and ideographs break anywhere
    ("日本語x", ["日", "本", "語", "x"]),
    ("ab" + FAMILY, ["ab", FAMILY]),                         # an emoji is wide: it may go to the next line whole
])
def test_word_pieces_are_where_a_word_may_break(word, pieces):
    assert scripts.word_pieces(word) == pieces
