"""What a line of text is made of before it is drawn: the characters a reader sees, and their direction.

Pure Unicode, no fonts (the text kit, ``images.text``, draws from it):

- ``graphemes``: the text cut into what a reader takes for one character (UAX #29's extended grapheme
  clusters, by the ``regex`` package: combining accents, emoji ZWJ sequences, skin tones, flags, variation
  selectors, tag sequences). A character the fonts lack becomes *one* placeholder, and text is
  ellipsised or broken only between two of them.
- ``levels`` and ``visual_order``: UAX #9's implicit levels of a left-to-right line (every picture is one,
  in all four languages), so a Hebrew or Arabic name is laid out right to left inside it. Explicit direction
  controls (U+202A-202E, U+2066-2069) are dropped before (``is_direction_control``): a name cannot turn the
  rest of a picture's line around.
- ``word_pieces``: where a word too wide for its box may still be broken (after a hyphen, beside a wide East
  Asian character); anywhere else it is ellipsised, never cut in two.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import regex

ELLIPSIS = "…"
#: Unicode's right-to-left bidi classes (Hebrew: R; Arabic, Syriac, Thaana: AL)
RTL_CLASSES = frozenset({"R", "AL"})
#: the explicit embeddings, overrides and isolates
DIRECTION_CONTROLS = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
#: what a right-to-left run draws mirrored when no shaper does it (UAX #9 L4, the common pairs)
MIRRORS = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))
OPENING = {"(": ")", "[": "]", "{": "}"}
HYPHENS = frozenset("-\u2010")


@lru_cache(maxsize=16384)
def graphemes(text: str) -> tuple[str, ...]:
    """``text`` cut into user-perceived characters (their concatenation is ``text``): Unicode's extended
    grapheme clusters, by the ``regex`` package's ``\\X``."""
    return tuple(regex.findall(r"\X", text))


def cuts(text: str) -> list[int]:
    """The offsets where ``text`` may be cut without splitting a character: 0, each grapheme's end."""
    out = [0]
    for g in graphemes(text):
        out.append(out[-1] + len(g))
    return out


def has_rtl(text: str) -> bool:
    """True when ``text`` holds a right-to-left letter (only then does it need laying out)."""
    return not text.isascii() and any(unicodedata.bidirectional(ch) in RTL_CLASSES for ch in text)


def is_direction_control(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in DIRECTION_CONTROLS


def _number_types(types: list[str]) -> None:
    """UAX #9 W1-W7 in place: marks take their base's type, numbers after Arabic letters are Arabic numbers,
    separators between numbers and terminators beside them join the number, European numbers after a
    left-to-right letter are left-to-right."""
    prev, strong = "L", "L"
    for i, c in enumerate(types):
        if c == "NSM":
            types[i] = c = prev
        if c in ("L", "R", "AL"):
            strong = c
        elif c == "EN" and strong == "AL":
            types[i] = "AN"
        prev = types[i]
    types[:] = ["R" if c == "AL" else c for c in types]
    for i in range(1, len(types) - 1):
        if types[i] in ("ES", "CS") and types[i - 1] == types[i + 1] == "EN":
            types[i] = "EN"
        elif types[i] == "CS" and types[i - 1] == types[i + 1] == "AN":
            types[i] = "AN"
    for start, end in _spans(types, lambda c: c == "ET"):
        if (start and types[start - 1] == "EN") or (end < len(types) and types[end] == "EN"):
            types[start:end] = ["EN"] * (end - start)
    strong = "L"
    for i, c in enumerate(types):
        if c in ("ES", "ET", "CS"):
            types[i] = "ON"
        elif c in ("L", "R"):
            strong = c
        elif c == "EN" and strong == "L":
            types[i] = "L"


def _spans(items: list, inside) -> list[tuple[int, int]]:
    """The maximal [start, end) stretches of ``items`` for which ``inside(item)`` holds."""
    out, start = [], None
    for i, item in enumerate([*items, None]):
        if i < len(items) and inside(item):
            start = i if start is None else start
        elif start is not None:
            out.append((start, i))
            start = None
    return out


def _bracket_pairs(chars) -> list[tuple[int, int]]:
    """The matching (opening, closing) bracket positions of a line (UAX #9 BD16, the common pairs)."""
    pairs, stack = [], []
    for i, ch in enumerate(chars):
        if ch in OPENING:
            stack.append((OPENING[ch], i))
        elif ch in OPENING.values():
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    return sorted(pairs)


def _paired_brackets(chars, side: list[str | None]) -> None:
    """UAX #9 N0 in place, for a left-to-right line: a bracket pair takes the direction of what it encloses
    when that is right to left only and so is the text before it ("מרחב (2)" keeps its brackets with it)."""
    for start, end in _bracket_pairs(chars):
        inside = set(side[start + 1:end])
        if "R" in inside and "L" not in inside:
            before = next((s for s in reversed(side[:start]) if s), "L")
            if before == "R":
                side[start] = side[end] = "R"


def levels(chars) -> list[int]:
    """The embedding level of each character (or grapheme, by its first character) of a left-to-right line
    (UAX #9 W1-W7, N0-N2, I1; no explicit embeddings): 0 left to right, 1 right to left, 2 a number inside
    right-to-left text. Neutrals (spaces, punctuation) between two letters of one direction take it; others
    stay 0. An ellipsis that ends the line after right-to-left text goes with it, where the text was cut
    (rule N1 would draw it at the other end, beside the name's first letter)."""
    bases = [c[0] for c in chars]
    types = [unicodedata.bidirectional(c) or "ON" for c in bases]
    _number_types(types)
    side = ["R" if c in ("R", "EN", "AN") else "L" if c == "L" else None for c in types]
    _paired_brackets(bases, side)
    for start, end in _spans(side, lambda s: s is None):
        before = side[start - 1] if start else "L"
        after = side[end] if end < len(side) else "L"
        side[start:end] = [before if before == after else "L"] * (end - start)
    if bases and bases[-1] == ELLIPSIS and len(side) > 1 and side[-2] == "R":
        side[-1] = "R"
    return [2 if c in ("EN", "AN") else 1 if s == "R" else 0 for c, s in zip(types, side)]


def visual_order(line_levels: list[int]) -> list[int]:
    """The logical indexes in drawing order, left to right (UAX #9 L2: from the highest level down to 1,
    every run at that level or above is reversed)."""
    order = list(range(len(line_levels)))
    for level in range(max(line_levels, default=0), 0, -1):
        for start, end in _spans([line_levels[i] for i in order], lambda lv, level=level: lv >= level):
            order[start:end] = order[start:end][::-1]
    return order


def _wide(grapheme: str) -> bool:
    return unicodedata.east_asian_width(grapheme[0]) in ("W", "F")


def word_pieces(word: str) -> list[str]:
    """``word`` cut where a line may break inside it (UAX #14, simplified): after a hyphen, and before or
    after a wide East Asian character (Hangul, kana, ideographs, full-width forms, emoji), which break
    anywhere. A Latin word has no such place: it stays one piece."""
    pieces: list[str] = []
    prev = None
    for g in graphemes(word):
        if pieces and (prev in HYPHENS or _wide(prev) or _wide(g)):
            pieces.append(g)
        elif pieces:
            pieces[-1] += g
        else:
            pieces.append(g)
        prev = g
    return pieces
