"""``cogs.usertext``: a name or a typed value as message text. Whatever anyone types, the text shows it as typed
(Discord's Markdown escaped, no mention, link or timestamp, no line-start syntax), on one line, without a
bidirectional control that could reach past it, and within a bounded length."""
from __future__ import annotations

import re
import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from cogs.usertext import (
    BIDI_CONTROLS,
    FSI,
    NAME_LIMIT,
    PDI,
    ZWSP,
    cut,
    echoed,
    graphemes,
    label_text,
    plain_name,
    shown_name,
)

#: the tour's names (round 1 and 2) and the like
ODD_NAMES = [
    "# **Ann** ~~x~~ ||s|| `c` __u__", "@everyone <@1> @here 👨‍👩‍👧‍👦🇰🇷", "> مرحبا שלום e\u0301\u0301 Z\u200bW\u200d!",
    "김민준 日本語 中文 👍🏽🏳️‍🌈 Xxxxxxxxxxxxx ", "```Ann ||x *y", "<@100000000000000001> *it",
    "[free](https://e.co) <t:0:R>",
    "\u202eDan 다니엘 `", "-# small", "1. first", ">>> all", "\\*not bold\\*", "a\nb", "   ", "\u202e",
]

#: Discord's characters a text must never leave unescaped (besides ``<``, which must be followed by ZWSP)
MARKUP = set("\\*_~|`[")
TEXT = st.text(st.characters(codec="utf-8"), max_size=120) | st.sampled_from(ODD_NAMES)


def tokens(shown: str) -> list[tuple[bool, str]]:
    """``shown`` read as Discord's escape rule reads it: (escaped, character) for each character shown."""
    out, i = [], 0
    while i < len(shown):
        if shown[i] == "\\" and i + 1 < len(shown) and not re.match(r"[0-9A-Za-z\s]", shown[i + 1]):
            out.append((True, shown[i + 1]))
            i += 2
        else:
            out.append((False, shown[i]))
            i += 1
    return out


def assert_safe(shown: str) -> None:
    """No Markdown, mention, link or line-start syntax left in ``shown``; no bidi control but one isolate around
    it all; one line."""
    inner = shown
    if shown.startswith(FSI):
        assert shown.endswith(PDI), repr(shown)
        inner = shown[1:-1]
    assert not BIDI_CONTROLS & set(inner), repr(shown)
    assert not any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in inner), repr(shown)
    read = tokens(inner)
    for n, (escaped, ch) in enumerate(read):
        if escaped:
            continue
        assert ch not in MARKUP, f"unescaped {ch!r} in {shown!r}"
        if ch == "<":
            assert n + 1 < len(read) and read[n + 1][1] == ZWSP, f"a mention or timestamp may form: {shown!r}"
    plain = "".join(ch for _, ch in read)
    assert "://" not in "".join(ch if not escaped else "\0" for escaped, ch in read), repr(shown)
    first = next(((escaped, ch) for escaped, ch in read if not ch.isspace()), (True, ""))
    assert first[0] or first[1] not in "#>-+", f"a line starting with {shown!r} is a heading, quote or list"
    assert not re.match(r"\s*\d+\.", "".join(ch if not e else "\0" for e, ch in read)), repr(shown)
    assert plain == plain.replace("\n", "")


def read_back(shown: str) -> str:
    """What Discord shows of ``shown``: the escapes taken, the isolate and the zero-width space after ``<`` not
    seen."""
    if shown.startswith(FSI):
        shown = shown[1:-1]
    return "".join(ch for _, ch in tokens(shown)).replace("<" + ZWSP, "<")


@settings(max_examples=400)
@given(TEXT)
@example("\u2069\u202eevil")
@example("x" * 500)
def test_any_name_is_shown_as_typed_and_safe(name):
    shown = shown_name(name)
    assert_safe(shown)
    assert len(shown) <= 2 * NAME_LIMIT + 2                       # an escape or a ZWSP at most per character
    typed = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c
                    for c in name if c not in BIDI_CONTROLS).strip() or "?"
    if len(typed) <= NAME_LIMIT:
        assert read_back(shown) == typed                          # exactly as typed, trimmed
    else:
        assert read_back(shown).endswith("…") and typed.startswith(read_back(shown)[:-1])
    assert label_text(shown).replace("<" + ZWSP, "<").strip(FSI + PDI) == read_back(shown)   # a button's label


@settings(max_examples=300)
@given(TEXT, st.integers(min_value=1, max_value=80))
def test_any_typed_value_is_echoed_on_one_line_cut_whole(text, limit):
    shown = echoed(text, limit)
    assert_safe(shown)
    back = read_back(shown)
    assert len(back) <= limit
    if len(back) < len(text) and not set(text) & BIDI_CONTROLS:
        assert back.endswith("…")


@given(TEXT, st.integers(min_value=1, max_value=60))
def test_a_cut_keeps_whole_graphemes(text, limit):
    short = cut(text, limit)
    assert len(short) <= limit
    if short == text:
        return
    assert short.endswith("…")
    head = short[:-1]
    assert graphemes(text)[:len(graphemes(head))] == graphemes(head), (text, short)


def test_the_tours_names_read_as_typed():
    assert shown_name("# **Ann** ~~x~~ ||s|| `c` __u__") == r"\# \*\*Ann\*\* \~\~x\~\~ \|\|s\|\| \`c\` \_\_u\_\_"
    assert shown_name("<@100000000000000001> *it") == "<\u200b@100000000000000001> \\*it"
    assert shown_name("[free](https://e.co) <t:0:R>") == "\\[free](https\\://e.co) <\u200bt:0:R>"
    # an override is removed and a right-to-left name isolated: it cannot turn the sentence around it
    assert shown_name("\u202eDan 다니엘 `") == "Dan 다니엘 \\`"
    assert shown_name("> مرحبا") == "\u2068\\> مرحبا\u2069"
    assert shown_name("Xxx ") == "Xxx" and shown_name(" \u202e ") == "?"
    assert shown_name("1. first") == "1\\. first" and shown_name("-# small") == "\\-# small"
    assert plain_name("# **Ann** ") == "# **Ann**"               # a thread's name: nothing escaped
    assert label_text(shown_name("a\\b *c*")) == "a\\b *c*"


def test_graphemes_keep_emoji_flags_accents_and_jamo_together():
    assert graphemes("👨\u200d👩\u200d👧\u200d👦🇰🇷🇩🇪e\u0301\u0301👍🏽\u1100\u1161\u11a8\r\nx") == [
        "👨\u200d👩\u200d👧\u200d👦", "🇰🇷", "🇩🇪", "e\u0301\u0301", "👍🏽", "\u1100\u1161\u11a8", "\r\n", "x"]


def test_a_typed_value_is_cut_whole_with_an_ellipsis_on_one_line():
    """The tour's ``/poker keep`` values: cut at 40 code points they kept a dangling ZWJ, a lone regional
    indicator, a letter without its accents, and no sign of the cut; newlines and controls were sent back."""
    assert echoed("x" * 38 + "👨\u200d👩\u200d👧\u200d👦", 40) == "x" * 38 + "…"
    assert echoed("x" * 39 + "🇰🇷", 40) == "x" * 39 + "…"
    assert echoed("x" * 37 + "e\u0301\u0301", 40) == "x" * 37 + "e\u0301\u0301"
    assert echoed("x" * 38 + "e\u0301\u0301", 40) == "x" * 38 + "…"
    assert echoed("a\nb\n# head\n> q", 40) == "a␊b␊# head␊> q"
    assert echoed("a\x00b\x1b[31m\x7f", 40) == "a␀b␛\\[31m␡"
    assert echoed("\u202eabc", 40) == "abc"
