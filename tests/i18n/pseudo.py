"""A pseudo-locale for tests only (``qps``): every English text accented and padded by about 40 %, with its
``{placeholders}`` and Discord markup intact, so a test can see (a) that every picture still fits when the
words grow like German or French ones do, and (b) that no English word reaches a player: any plain ASCII word
in what the bot sends is text that did not come from the catalogs.

The catalog is generated at test time into a temporary folder registered with ``add_locales_dir`` (never
shipped); content names and card texts (kept in the game's data files, not in the catalogs) get a ``qps``
entry for the duration of the test.
"""
from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.i18n import messages

PSEUDO = "qps"
#: Every ASCII letter has an accented twin that both fonts of the pictures draw.
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_ACCENTED = "àƀçđéƒĝĥîĵķĺɱñöþǫŕšŧûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŦÛṼŴẊÝŽ"
_TABLE = str.maketrans(_PLAIN, _ACCENTED)
#: What a transformation leaves alone: placeholders, mentions and channel links, custom emoji, code spans
#: (command names), URLs, escape sequences.
_KEEP = re.compile(r"\{[^{}]*\}|<[@#][!&]?\d*>|<a?:\w+:\d+>|`[^`]*`|https?://\S+|\\.")
#: a placeholder that chooses a word (``{n:plural:day|days}``): its words are transformed like the text
_SELECTOR = re.compile(r"(\{[\w.]+:(?:plural|gender):)([^{}]*)(\})")
PAD = "~"
OPEN, CLOSE = "⟦", "⟧"


def pseudo(text: str) -> str:
    """``"The {player} wins"`` → ``"⟦Ŧĥé {player} ŵîñš~~~~~~~⟧"`` (markup and placeholders untouched)."""
    if not text:
        return text
    out, last = [], 0
    for match in _KEEP.finditer(text):
        out.append(text[last:match.start()].translate(_TABLE))
        out.append(_SELECTOR.sub(lambda m: m.group(1) + m.group(2).translate(_TABLE) + m.group(3), match.group(0)))
        last = match.end()
    out.append(text[last:].translate(_TABLE))
    body = "".join(out)
    return f"{OPEN}{body}{PAD * math.ceil(len(text) * 0.4)}{CLOSE}"


def write_catalogs(root: Path) -> Path:
    """``root/qps/LC_MESSAGES/<domain>.po`` for every English domain, each text transformed."""
    folder = root / PSEUDO / "LC_MESSAGES"
    folder.mkdir(parents=True, exist_ok=True)
    for domain in messages.domains(messages.DEFAULT_LOCALE):
        cat = Catalog(locale=None, domain=domain, charset="utf-8")
        for key, text in messages.domain_catalog(messages.DEFAULT_LOCALE, domain).items():
            cat.add(key, pseudo(text))
        if domain == messages.SHELL_DOMAIN:
            cat.add(f"language.{PSEUDO}", pseudo("Pseudo"))     # its name in the language choices
        with (folder / f"{domain}.po").open("wb") as fh:
            write_po(fh, cat)
    return root


def _content_records() -> Iterator[dict]:
    from images.rollplayer import content

    tables = [content.cards(), content.classes(), content.races(), content.backstories(), content.alignments(),
              content.armor_sets()]
    stack: list = [record for table in tables for record in table.values()]
    while stack:
        record = stack.pop()
        if isinstance(record, dict):
            yield record
            stack.extend(v for v in record.values() if isinstance(v, (dict, list)))
        elif isinstance(record, list):
            stack.extend(record)


#: English field -> the field holding its translations, in the game's data files.
CONTENT_FIELDS = {"name": "names", "text": "texts", "effect_text": "effect_texts"}


@contextlib.contextmanager
def pseudo_content() -> Iterator[None]:
    """Give every content name and text a ``qps`` translation while the block runs."""
    added: list[dict] = []
    for record in _content_records():
        for english, translated in CONTENT_FIELDS.items():
            if isinstance(record.get(english), str):
                table = record.setdefault(translated, {})
                if isinstance(table, dict) and PSEUDO not in table:
                    table[PSEUDO] = pseudo(record[english])
                    added.append(table)
    try:
        yield
    finally:
        for table in added:
            table.pop(PSEUDO, None)


@contextlib.contextmanager
def pseudo_locale(tmp: Path) -> Iterator[str]:
    """Register the pseudo-locale (catalogs and content) for the duration of the block."""
    root = write_catalogs(tmp)
    messages.add_locales_dir(root)
    try:
        with pseudo_content():
            yield PSEUDO
    finally:
        messages.remove_locales_dir(root)


# ------------------------------------------------------------------ telling English from pseudo text

#: Two or more plain ASCII letters in a row: a word no pseudo text contains.
_ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
#: Words the bot may show untranslated: a command path (``/rp play``), a file name, hexadecimal ids.
_ALLOWED = re.compile(r"`[^`]*`|/[a-z_]+(?: [a-z_]+)*|\b\w+\.png\b|<[@#][!&]?\d+>|\b[0-9a-f]{8}\b")


def english_words(text: str, names: tuple[str, ...] = ()) -> list[str]:
    """The plain English words in ``text`` once player names, mentions and command paths are set aside."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    return _ENGLISH_WORD.findall(_ALLOWED.sub(" ", text))


# ------------------------------------------------------------------ what the pictures draw

@dataclass(frozen=True)
class Drawn:
    """One string drawn on a picture, where it landed, and whether the canvas cut it."""
    text: str
    left: float
    right: float
    canvas_width: int

    @property
    def clipped(self) -> bool:
        return self.left < -0.5 or self.right > self.canvas_width + 0.5


@dataclass
class TextRecord:
    drawn: list[Drawn] = field(default_factory=list)
    #: source texts the kit had to shorten (``fit`` ellipsised it, or ``wrap`` ran out of lines)
    ellipsised: list[str] = field(default_factory=list)

    def clipped(self) -> list[Drawn]:
        return [d for d in self.drawn if d.clipped]


@contextlib.contextmanager
def recording_text() -> Iterator[TextRecord]:
    """Instrument the shared text kit (``images.text``): every string drawn, every text shortened. The kit's
    caches are cleared on the way in and out so each fit is measured (and recorded) while instrumented."""
    from images import text as kit

    record = TextRecord()
    real_draw, real_ellipsise, real_wrap = kit.Face.draw, kit.ellipsise, kit.wrap

    def draw(self, d, x, baseline, text, fill, align="left"):
        width = self.width(text)
        left = x - (width / 2 if align == "center" else width if align == "right" else 0)
        record.drawn.append(Drawn(text, left, left + width, d.im.size[0]))
        return real_draw(self, d, x, baseline, text, fill, align)

    def ellipsise(text, face, max_width):
        shown = real_ellipsise(text, face, max_width)
        if shown != text:
            record.ellipsised.append(text)
        return shown

    def wrap(text, face, max_width, max_lines):
        lines, complete = real_wrap.__wrapped__(text, face, max_width, max_lines)
        if not complete:
            record.ellipsised.append(text)
        return lines, complete

    def clear():
        for fn in (kit.fit, kit.wrap_fit, real_wrap):
            fn.cache_clear()

    clear()
    kit.Face.draw, kit.ellipsise, kit.wrap = draw, ellipsise, wrap
    try:
        yield record
    finally:
        kit.Face.draw, kit.ellipsise, kit.wrap = real_draw, real_ellipsise, real_wrap
        clear()


#: A label shortened to nothing but its opening bracket and the ellipsis.
ELLIPSIS_ONLY = re.compile(r"\s*⟦?\s*…\s*")
