"""The table's "who must do what" rows never cut the instruction (issue 28, point 7): a long name is shortened
first (ellipsis on the name, never on the instruction) and, where that is not enough, the instruction wraps
under the name; the row grows with it. Checked with a 32-character name and the widest decision of each
language, by recording the text the picture really draws."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import messages as catalog_mod
from bot.i18n import t
from bot.i18n.messages import placeholders
from images import text as text_mod
from images.rollplayer import table
from images.rollplayer.render import table_png
from images.rollplayer.views import Decision
from images.text import ELLIPSIS, Face, who_what
from tools import rp_samples as samples

LOCALES = ("en", "de", "fr", "ko")
NAME_32 = "Maximiliane Lüdenscheidt-Ørsted"[:31] + "X"
KOREAN_32 = "용감한 모험가 김서연" * 4


def _decision_keys() -> list[str]:
    path = catalog_mod.LOCALES_DIR / "en" / "LC_MESSAGES" / "rollplayer.po"
    with path.open("rb") as fh:
        return [m.id for m in read_po(fh) if m.id and m.id.startswith(("decision.", "img.decision."))]


def _widest(locale: str) -> tuple[str, dict]:
    """The decision key whose text is widest in ``locale`` (placeholders filled with short samples)."""
    face = Face(table.PENDING_MIN, True)
    best = max(_decision_keys(), key=lambda k: face.width(t(k, locale, **_params(k))))
    return best.split(".", 1)[1] if best.startswith("decision.") else best.split(".", 2)[2], _params(best)


def _params(key: str) -> dict:
    return {p: "Langschwert" for p in placeholders(t(key, "en"))}


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture
def drawn(monkeypatch):
    said: list[str] = []
    real = text_mod.Face.draw

    def draw(self, d, x, baseline, text, fill, align="left"):
        said.append(text)
        return real(self, d, x, baseline, text, fill, align)

    monkeypatch.setattr(text_mod.Face, "draw", draw)
    return said


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", [NAME_32, KOREAN_32[:32], "Ann"])
def test_the_widest_instruction_is_drawn_whole_beside_a_long_name(locale, name, drawn):
    assert len(NAME_32) == 32
    key, params = _widest(locale)
    dec = Decision(0, key, tuple(params.items()))
    view = samples.make_table(2, names=[name, "Bo"], pending=(dec, Decision(1, "refresh")))
    instruction = table.decision_text(key, dec.params, locale)
    face, lines = table.pending_lines(view, dec, locale)
    assert all(face.width(line) <= table.PENDING_TEXT_W for line in lines), lines
    assert _flat(instruction) in _flat("".join(lines)), (lines, instruction)
    png = table_png(view, locale)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert _flat(instruction) in _flat("".join(drawn)), drawn
    if face.width(t("img.table.must", locale, name=name, decision=instruction)) > table.PENDING_TEXT_W:
        assert face.size >= table.PENDING_MIN


def test_the_name_is_shortened_before_the_instruction_wraps():
    face, lines = who_what("{who}: {what}", NAME_32, "eine Fertigkeit reaktivieren (oder nicht)", 532, 26, True, 18)
    assert lines == (lines[0],) and lines[0].endswith(": eine Fertigkeit reaktivieren (oder nicht)")
    assert ELLIPSIS in lines[0].split(":")[0] and face.size == 18


def test_an_instruction_too_long_for_one_line_wraps_under_the_name_and_the_row_grows():
    long = "wähle " + "sehr " * 14 + "lange Anweisung"
    face, lines = who_what("{who}: {what}", NAME_32, long, 532, 26, True, 18)
    assert len(lines) >= 3 and lines[0].startswith(NAME_32[:10]) and _flat(long) in _flat("".join(lines[1:]))
    korean = samples.make_table(1, names=[KOREAN_32[:32]], pending=(Decision(0, "mysterious_keep"),))
    short = samples.make_table(1, names=["Ann"], pending=(Decision(0, "mysterious_keep"),))
    assert len(table.pending_lines(korean, korean.pending[0], "de")[1]) == 2
    assert table.height(korean, "de") > table.height(short, "de")


def test_short_lines_stay_on_one_line_at_full_size():
    face, lines = who_what("{who}: {what}", "Ann", "take a card", 532, 26, True, 18)
    assert (face.size, lines) == (26, ("Ann: take a card",))
