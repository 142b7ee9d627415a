"""images.scripts: the characters a reader sees (graphemes), as the pictures need them for players' display
names."""

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
