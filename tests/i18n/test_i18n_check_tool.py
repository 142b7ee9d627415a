"""``python -m tools.i18n_keys`` (the CI catalog check) passes on the real catalogs and fails, naming the
defect, on a copy of them with one defect injected: a missing, an extra or an unused key, a dropped or added
placeholder, a misspelt selector, a Korean particle pair after a literal word."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bot.i18n.messages import LOCALES_DIR
from tools.i18n_keys import main


@pytest.fixture
def locales(tmp_path: Path) -> Path:
    copy = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, copy)
    return copy


def _po(root: Path, locale: str, domain: str) -> Path:
    return root / locale / "LC_MESSAGES" / f"{domain}.po"


def _edit(path: Path, key: str, new_text: str | None) -> None:
    """Replace the text of ``key`` (None: remove the entry)."""
    text = path.read_text(encoding="utf-8")
    entry = re.compile(r'\nmsgid "' + re.escape(key) + r'"\nmsgstr "((?:[^"\\]|\\.)*)"\n')
    assert entry.search(text), key
    replacement = "\n" if new_text is None else f'\nmsgid "{key}"\nmsgstr "{new_text}"\n'
    path.write_text(entry.sub(lambda _: replacement, text, count=1), encoding="utf-8")


def _append(path: Path, key: str, text: str) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(f'\nmsgid "{key}"\nmsgstr "{text}"\n')


def run(root: Path, capsys) -> tuple[int, str]:
    code = main(["--locales-dir", str(root)])
    return code, capsys.readouterr().out


def test_the_real_catalogs_pass(capsys):
    code, out = run(LOCALES_DIR, capsys)
    assert code == 0, out
    assert out.strip().count("\n") == 0 and "0 defect(s)" in out          # one summary line


def test_an_untouched_copy_passes(locales, capsys):
    assert run(locales, capsys)[0] == 0


def test_a_translation_lacking_a_key_fails(locales, capsys):
    _edit(_po(locales, "de", "shell"), "lobby.title", None)
    code, out = run(locales, capsys)
    assert code == 1 and "de/shell.po: lacks lobby.title" in out


def test_a_translation_with_a_key_english_lacks_fails(locales, capsys):
    _append(_po(locales, "ko", "rollplayer"), "rollplayer.no_such_event", "없음")
    code, out = run(locales, capsys)
    assert code == 1 and "ko/rollplayer.po: has rollplayer.no_such_event" in out


def test_an_english_key_no_code_produces_fails(locales, capsys):
    _append(_po(locales, "en", "shell"), "lobby.never_said", "Nobody says this.")
    code, out = run(locales, capsys)
    assert code == 1 and "en: lobby.never_said is not produced by the code" in out
    assert "de/shell.po: lacks lobby.never_said" in out                     # and nobody translated it


def test_a_produced_key_without_english_text_fails(locales, capsys):
    for locale in ("en", "de", "fr", "ko"):
        _edit(_po(locales, locale, "shell"), "lobby.title", None)
    code, out = run(locales, capsys)
    assert code == 1 and re.search(r"en: no text for lobby\.title \(produced at cogs/lobby\.py:\d+\)", out), out


def test_a_dropped_placeholder_fails(locales, capsys):
    _edit(_po(locales, "fr", "shell"), "lobby.abandoned", "La partie est abandonnée.")
    code, out = run(locales, capsys)
    assert code == 1 and "fr/shell.po: lobby.abandoned drops {game}, {user}" in out


def test_an_added_placeholder_fails(locales, capsys):
    _edit(_po(locales, "de", "shell"), "lobby.abandoned", "{user} {game} {extra}")
    code, out = run(locales, capsys)
    assert code == 1 and "de/shell.po: lobby.abandoned adds {extra}" in out


def test_a_korean_particle_pair_after_a_literal_word_fails(locales, capsys):
    """``t`` resolves a pair only after a placeholder: after a word of the catalog's own it would be shown as
    it is, so the translator writes the particle."""
    _edit(_po(locales, "ko", "rollplayer"), "rollplayer.die_placed",
          "{player} 님이 {colour} {value}을(를) {attr} 줄을(를) 골랐어요")
    code, out = run(locales, capsys)
    assert code == 1 and "ko/rollplayer.po: rollplayer.die_placed writes 을(를) after a literal word" in out
    assert out.count("rollplayer.die_placed writes") == 1           # the pair after {value} is fine


def test_a_misspelt_selector_fails(locales, capsys):
    _edit(_po(locales, "fr", "daily"), "daily.final_streak", "Série : {streak} {streak:plurals:jour|jours}.")
    code, out = run(locales, capsys)
    assert code == 1 and "fr/daily.po: daily.final_streak has {streak:plurals:jour|jours}: not a selector" in out


def test_help_names_the_checks(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0 and "placeholders" in capsys.readouterr().out
