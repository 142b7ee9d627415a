"""Every command a text quotes (`` `/absent déclarer` ``) is one the reader's client lists: each word of it is a
command, group or option name in that language.

A French tour typed `/absent jusque` from a hint: "jusque" alone is no French for "until", and nobody types it
from memory; the subcommand is `/absent déclarer` now, and a renamed command can no longer leave a text behind."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).resolve().parents[2] / "bot" / "i18n" / "locales"
#: the names Discord shows for a command, a group or an option (``cmd.away.until.name``, ``opt.how``)
NAME_KEY = re.compile(r"(?:[a-z]+\.)?cmd\.[\w.]+\.name|opt\.\w+")
GAME_GROUPS = {"rp", "poker", "rfa"}
QUOTED = re.compile(r"`/([^`]+)`")


def catalog(locale: str) -> dict[str, str]:
    out = {}
    for path in sorted((LOCALE_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            out.update({m.id: m.string for m in read_po(fh) if m.id})
    return out


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
def test_every_quoted_command_word_is_a_name_in_that_language(locale):
    texts = catalog(locale)
    names = GAME_GROUPS | {text for key, text in texts.items() if NAME_KEY.fullmatch(key)}
    unknown = []
    for key, text in texts.items():
        for quoted in QUOTED.findall(text):
            for word in quoted.split():
                # an option with its value ("dés:2,4"), a placeholder ("{group}") or an ellipsis is no name
                if ":" in word or "{" in word or word == "…":
                    continue
                if word not in names:
                    unknown.append((key, quoted, word))
    assert unknown == []
