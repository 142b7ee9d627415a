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
* :func:`plain_name`: a name where no Markdown is read at all (a thread's name, a picture's alt text);
  :func:`plain_names`: a picture's list of seat names so, for its alt text.
* :func:`cut`: any of these shortened to a length, at a grapheme boundary, with "…".
* :func:`meant`: a value someone typed as the bot looks it up (a time zone, a time, dice positions, a move): its
  compatibility forms folded and its invisible characters taken out, so that what the echo shows is what was
  looked up.

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
from typing import Any

import regex

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

def graphemes(text: str) -> list[str]:
    """``text`` split into user-perceived characters: Unicode's extended grapheme clusters (UAX #29, by the
    ``regex`` package's ``\\X``): an emoji with its skin tone or a family joined by zero-width joiners, a flag's
    two regional indicators, a letter with its accents, a Hangul syllable in jamo, CR LF."""
    return regex.findall(r"\X", text)


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
    """A name where Discord reads no Markdown (a thread's name, a picture's alt text, which Discord shows and
    a screen reader reads verbatim): one line, trimmed, a right-to-left name isolated; nothing escaped (a
    backslash there would be shown)."""
    return isolated(_trimmed(name))


def plain_names(names: Any) -> Any:
    """The seat names a picture draws (a list by seat, or a dict keyed by seat), each as :func:`plain_name`
    makes it, for the picture's alt text: the stored names went into it raw, so a right-to-left override in one
    turned the rest of the alt text around and a line break split it. A blank name stays blank (the picture's
    words say "Player N" for it), anything that is not a name stays as it is."""
    def clean(name: Any) -> Any:
        return plain_name(name) if isinstance(name, str) and one_line(name).strip() else name
    if isinstance(names, dict):
        return {seat: clean(name) for seat, name in names.items()}
    if isinstance(names, (list, tuple)):
        return [clean(name) for name in names]
    return names


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


# ------------------------------------------------------------------ typed values, looked up

#: a number as the bot reads one: ASCII digits only (``str.isdigit`` is also true of "²" and "①", which ``int``
#: refuses: a typed "①" crashed ``/poker keep``)
ASCII_NUMBER = re.compile(r"[0-9]+")


def meant(text: str) -> str:
    """What someone meant by a value they typed, to look it up (a time zone, a time of day, dice positions, a move):
    Unicode's compatibility forms folded (NFKC: a full-width "１" or a circled "①" is the digit 1, a no-break space
    a space), its invisible format characters taken out (the bidirectional marks and overrides, the zero-width
    space and joiners, a byte-order mark: a zone pasted with a right-to-left mark in front was refused while the
    echo, which drops it, showed a plain "UTC"), and the spaces around it trimmed. The echo of a refused value
    still shows what was typed (:func:`echoed`); a caller bounds the length first (NFKC may lengthen a text)."""
    folded = unicodedata.normalize("NFKC", str(text))
    return "".join(ch for ch in folded if unicodedata.category(ch) != "Cf").strip()


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, which ``int`` reads as the player meant it."""
    return ASCII_NUMBER.fullmatch(text) is not None
