"""What people wrote, put into the bot's messages: their names and the values they typed.

A display name is whatever its owner typed, and Discord reads a message's text as Markdown: a name such as
``# **Ann** ||x`` made a heading, bold and a spoiler bar that hid the rest of the log; ``<@id>`` in a name was
drawn as (and in an edit made with the client's default allowed mentions, was) a mention of someone else;
``[x](url)`` became a masked link and ``<t:0:R>`` a timestamp; a right-to-left override (U+202E) turned the rest
of the line backwards. This module is the one place that turns such text into message text:

* :func:`shown_name`: a name as message text. Every text the shell and the games' presentations write a
  player's name into takes it from here (``cogs.seam.player_name`` / ``seat_names``, ``cogs.seats``, the
  history, stats, ``/find``, the lobby's notes); pictures draw the stored name as it is.
* :func:`echoed`: a value someone typed, echoed in an answer (``cogs.core.as_typed``).
* :func:`label_text`: a text made for a message (which may hold a shown name) as a button, select option or
  autocomplete label, where Discord reads no Markdown and would show the escaping backslashes.
* :func:`plain_name`: a name where no Markdown is read at all (a thread's name).
* :func:`cut`: any of these shortened to a length, at a grapheme boundary, with "…".

How a name is made safe (Discord's Markdown: simple-markdown's rules, whose escape rule takes a backslash
before any character that is neither a letter, a digit nor a space and shows that character alone):

* Markdown: ``\\ * _ ~ | ``` ``[`` are escaped with a backslash wherever they are (emphasis, spoilers and code
  pair across a whole line, so a lone one is enough to do harm; ``[`` opens a masked link); at the start of the
  name, where a line may begin, ``#`` (heading), ``>`` (quote), ``-`` and ``+`` (list, ``-#`` subtext) and the
  dot of ``1.`` (numbered list) are escaped too. ``://`` is written ``\\://``, so that a web address in a name
  is no link.
* Mentions and the like: ``<`` is followed by a zero-width space, so that ``<@id>``, ``<#id>``, ``<@&id>``,
  ``<t:…>``, ``<:emoji:id>`` and ``</command:id>`` are neither drawn nor parsed. A backslash would not do: it
  hides the pill, but Discord's server still reads ``\\<@id>`` as a mention of that user. (``@everyone`` and
  ``@here`` are left: no message of the bot may mention everyone, its client's default included, and Discord
  then draws them as plain text.)
* Direction: the bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are removed:
  an override, embedding or stray isolate in a name would reach past it. A name with right-to-left letters
  (Hebrew, Arabic) is then isolated, FSI … PDI (U+2068, U+2069): its direction is found from its own letters and
  it is one neutral unit to the sentence around it, so "מרחבא chose the Orc" keeps the sentence's order, and
  a paragraph that starts with the name keeps the catalog's direction. Other names are left without the two
  invisible characters (nothing in them can turn the text around them).
* One line, trimmed: control characters and line or paragraph separators become spaces; the spaces around
  the name are dropped ("Dan :" was shown for a name typed with a trailing space). An empty name reads "?".
* At most :data:`NAME_LIMIT` characters before escaping (Discord's own names have at most 32).

A leaf module: plain strings in, plain strings out (no Discord import), so that rules-free pure helpers such
as the presentations' may use it in a drawing process.
"""
from __future__ import annotations

import re
import unicodedata

#: the bidirectional formatting characters: embeddings and overrides (LRE RLE PDF LRO RLO), isolates (LRI RLI
#: FSI PDI) and the marks (LRM RLM ALM)
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
#: FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what isolates a right-to-left name in a sentence
FSI, PDI = "\u2068", "\u2069"
_OPENERS = "\u2066\u2067\u2068"
#: ZERO WIDTH SPACE: breaks ``<@id>`` and ``<t:…>`` so that Discord neither draws nor parses them
ZWSP = "\u200b"
ELLIPSIS = "…"
#: the longest name shown, in characters before escaping (Discord's display names and user names have 32)
NAME_LIMIT = 64
#: what a name without one visible character reads
NO_NAME = "?"

#: escaped with a backslash wherever they stand
_ALWAYS = frozenset("\\*_~|`[")
#: escaped at the start of a line (where a name may stand): heading, quote, list, subtext
_LINE_START = frozenset("#>-+")
_NUMBERED = re.compile(r"\d+(?=\.)")
#: the bidirectional classes of right-to-left letters and of Arabic digits
_RTL_CLASSES = frozenset(("R", "AL", "AN"))
#: Discord's escape rule, read back (a label shows no Markdown): a backslash and the character it escapes
_ESCAPED = re.compile(r"\\([^0-9A-Za-z\s])")


# ------------------------------------------------------------------ graphemes

def _extends(ch: str) -> bool:
    """A character that never begins a grapheme: a combining mark, a joiner, a variation selector, an emoji
    skin tone or tag (Unicode's Grapheme_Cluster_Break Extend, SpacingMark and ZWJ, as far as Python's
    ``unicodedata`` tells them)."""
    code = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Me", "Mc") or code in (0x200C, 0x200D)
            or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x1F3FB <= code <= 0x1F3FF
            or 0xE0020 <= code <= 0xE007F or code in (0xFF9E, 0xFF9F))


def _pictographic(ch: str) -> bool:
    """An emoji-like symbol, which a zero-width joiner joins to the one before (👨‍👩‍👧)."""
    code = ord(ch)
    return unicodedata.category(ch) == "So" or 0x1F000 <= code <= 0x1FAFF or 0x2600 <= code <= 0x27BF


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _jamo(ch: str) -> str:
    """The Hangul syllable type of ``ch``: L, V, T, LV, LVT or "" (not Hangul), for the rules that keep a
    syllable written in conjoining jamo together."""
    code = ord(ch)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


_JAMO_JOINS = {("L", "L"), ("L", "V"), ("L", "LV"), ("L", "LVT"), ("LV", "V"), ("LV", "T"), ("V", "V"),
               ("V", "T"), ("LVT", "T"), ("T", "T")}


def graphemes(text: str) -> list[str]:
    """``text`` split into user-perceived characters (Unicode's extended grapheme clusters, UAX #29, without
    its rarer rules: prepended marks and Indic conjuncts): an emoji with its skin tone or a family joined by
    zero-width joiners, a flag's two regional indicators, a letter with its accents, a Hangul syllable in
    jamo, CR LF. Python's ``unicodedata`` has no grapheme property; these rules need none."""
    out: list[str] = []
    for ch in text:
        if out:
            last = out[-1]
            prev = last[-1]
            if (prev == "\r" and ch == "\n"
                    or _extends(ch) and unicodedata.category(prev) not in ("Cc", "Zl", "Zp")
                    or prev == "\u200d" and _pictographic(ch) and len(last) > 1 and _pictographic(last[0])
                    or _regional(ch) and _regional(prev) and sum(map(_regional, last)) % 2 == 1
                    or (_jamo(prev), _jamo(ch)) in _JAMO_JOINS):
                out[-1] = last + ch
                continue
        out.append(ch)
    return out


def _units(text: str) -> list[str]:
    """The graphemes of ``text``, an escaping backslash kept with what it escapes (a cut between them would
    leave a backslash that escapes the text after the cut: ``**`` closing a bold)."""
    units: list[str] = []
    for grapheme in graphemes(text):
        if units and units[-1] == "\\":
            units[-1] += grapheme
        else:
            units.append(grapheme)
    return units


def cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters (code points): whole as long as it fits, else cut at a grapheme
    boundary (never inside an emoji, a flag, a letter and its accents, nor between a backslash and what it
    escapes) and ended with "…"; a right-to-left name's isolate cut open is closed again."""
    if len(text) <= limit:
        return text
    if limit < len(ELLIPSIS):
        return ""
    kept, size = [], len(ELLIPSIS)
    for unit in _units(text):
        if size + len(unit) > limit:
            break
        kept.append(unit)
        size += len(unit)
    head = "".join(kept)
    opened = sum(head.count(c) for c in _OPENERS) - head.count(PDI)
    while opened > 0 and len(head) + len(ELLIPSIS) + opened > limit and kept:     # room for the closing PDIs
        head = "".join(kept := kept[:-1])
        opened = sum(head.count(c) for c in _OPENERS) - head.count(PDI)
    return head + ELLIPSIS + PDI * max(opened, 0)


# ------------------------------------------------------------------ names

def one_line(text: str) -> str:
    """``text`` without bidirectional controls, each control character or line break a space."""
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp") else ch
                   for ch in text if ch not in BIDI_CONTROLS)


def isolated(text: str) -> str:
    """``text`` (without bidirectional controls) in an isolate (FSI … PDI) when it holds right-to-left letters:
    then they cannot reorder the sentence it stands in; unchanged otherwise."""
    if any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text):
        return FSI + text + PDI
    return text


def _trimmed(name: str) -> str:
    """A name on one line, without the spaces around it, cut to :data:`NAME_LIMIT` (before any escaping)."""
    return cut(one_line(str(name)).strip(), NAME_LIMIT) or NO_NAME


def plain_name(name: str) -> str:
    """A name where Discord reads no Markdown (a thread's name): one line, trimmed, a right-to-left name
    isolated; nothing escaped (a backslash there would be shown)."""
    return isolated(_trimmed(name))


def markdown_text(text: str) -> str:
    """Plain ``text`` on one line as message text that Discord shows exactly as it is (the rules in the module's
    doc): Markdown escaped, mentions and timestamps broken, no line-start syntax, no link."""
    out = []
    for ch in text:
        if ch in _ALWAYS:
            out.append("\\" + ch)
        elif ch == "<":
            out.append("<" + ZWSP)
        else:
            out.append(ch)
    escaped = "".join(out).replace("://", "\\://")
    start = len(escaped) - len(escaped.lstrip())
    rest = escaped[start:]
    if rest[:1] in _LINE_START:
        rest = "\\" + rest
    elif (number := _NUMBERED.match(rest)) is not None:
        rest = rest[:number.end()] + "\\" + rest[number.end():]
    return escaped[:start] + rest


def shown_name(name: str) -> str:
    """A display name (or a seat's stored name) as message text: shown exactly as its owner typed it, in any
    message (see the module's doc). The one way a name enters a text."""
    return isolated(markdown_text(_trimmed(name)))


def label_text(text: str) -> str:
    """A text made for a message as a component's label (a button, a select option, an autocomplete choice),
    where Discord reads no Markdown: its escaping backslashes taken out, as Discord would show the message."""
    return _ESCAPED.sub(r"\1", text)


# ------------------------------------------------------------------ typed values

#: a control character shown visibly in an echo: the C0 controls as their Control Pictures (␀ … ␟), DEL ␡
_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)} | {0x7F: "\u2421"}
#: the other line breaks (NEL, LINE and PARAGRAPH SEPARATOR) as ␤
_NEWLINES = {0x85: "\u2424", 0x2028: "\u2424", 0x2029: "\u2424"}


def visible(text: str) -> str:
    """``text`` on one line with its control characters shown: ``a⏎b`` reads ``a␊b``, NUL ``␀``, ESC ``␛``; the
    other C1 controls as U+FFFD; bidirectional controls removed (an override would turn the answer around)."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch in BIDI_CONTROLS:
            continue
        if code in _PICTURES:
            out.append(_PICTURES[code])
        elif code in _NEWLINES:
            out.append(_NEWLINES[code])
        elif unicodedata.category(ch) == "Cc":
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def echoed(text: str, limit: int) -> str:
    """What someone typed, echoed in an answer: on one line with its control characters shown, cut to ``limit``
    characters at a grapheme boundary with "…", then as message text (Markdown escaped, isolated when it holds
    right-to-left letters), so that ``**x`` neither formats nor breaks the bold around it."""
    return isolated(markdown_text(cut(visible(str(text)), limit)))
