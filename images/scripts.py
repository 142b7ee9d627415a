"""What a line of text is made of before it is drawn: the characters a reader sees.

Pure Unicode, no fonts (the text kit, ``images.text``, draws from it): ``graphemes`` cuts text into what a
reader takes for one character (UAX #29's extended grapheme clusters, as far as display names need them:
combining accents, emoji ZWJ sequences, skin tones, flags, variation selectors, tag sequences). A character
the fonts lack becomes *one* placeholder, and text is ellipsised only between two of them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

ZWJ = "\u200d"


def _extends(ch: str) -> bool:
    """A character that belongs to the one before it: a combining mark, a joiner, a variation selector, an
    emoji skin tone or a tag (subdivision flags)."""
    cp = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or ch in (ZWJ, "\u200c")
            or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F)


def _pictographic(ch: str) -> bool:
    """An emoji-like symbol that a zero-width joiner glues to the one before it (👨‍👩‍👧)."""
    return unicodedata.category(ch) == "So" or 0x1F000 <= ord(ch) <= 0x1FAFF


def _regional(ch: str) -> bool:
    """One of the 26 regional indicators, two of which make a flag (🇰🇷)."""
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


@lru_cache(maxsize=16384)
def graphemes(text: str) -> tuple[str, ...]:
    """``text`` cut into user-perceived characters (their concatenation is ``text``)."""
    if text.isascii():
        return tuple(text)
    out: list[str] = []
    for ch in text:
        if out and (_extends(ch) or (out[-1].endswith(ZWJ) and _pictographic(ch))
                    or (_regional(ch) and len(out[-1]) == 1 and _regional(out[-1]))):
            out[-1] += ch
        else:
            out.append(ch)
    return tuple(out)


def cuts(text: str) -> list[int]:
    """The offsets where ``text`` may be cut without splitting a character: 0, each grapheme's end."""
    out = [0]
    for g in graphemes(text):
        out.append(out[-1] + len(g))
    return out
