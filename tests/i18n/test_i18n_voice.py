"""One voice per language (issue 28, point 5): German ``du``, French ``vous``, Korean 해요체 in every message,
checked by ``python -m tools.i18n_keys`` (:mod:`tools.i18n_voice`); French command names keep their accents
where Discord allows them; German names the former player and the waiting lobby as people say it."""
from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import t
from bot.i18n.messages import LOCALES_DIR
from tools.i18n_keys import main
from tools.i18n_voice import other_voice


@pytest.mark.parametrize("locale,text", [
    ("ko", "이 게임의 모든 행동을 쪽별로 봅니다."),
    ("ko", "{player}의 시간이 끝났습니다."),
    ("ko", "다시 시도하십시오."),
    ("ko", "게임이 진행됩니다: {pace}"),
    ("fr", "{player}, la moitié de ton temps est écoulée"),
    ("fr", "Tu joues maintenant."),
    ("fr", "Choisis ta carte."),
    ("fr", "Il t'attend."),
    ("fr", "oublie-moi"),
    ("fr", "Repose-toi."),
    ("de", "Bitte wählen Sie eine Karte."),
    ("de", "Das gehört Ihnen."),
    ("de", "Das ist Ihr Zug."),
])
def test_the_other_voice_is_caught(locale, text):
    assert other_voice(text, locale), (locale, text)


@pytest.mark.parametrize("locale,text", [
    ("ko", "이 게임의 모든 행동을 쪽별로 봐요."),
    ("ko", "주사위를 다시 굴렸어요: {dice}"),
    ("ko", "순서 카드 선택"),
    ("fr", "{player}, la moitié de votre temps est écoulée : {decision}. Votre temps s'achève {when}."),
    ("fr", "oubliez-moi"), ("fr", "Dites-moi"), ("fr", "Tentez votre chance, total : 5"),
    ("fr", "`/rp tu`"), ("fr", "{ta}"),
    ("de", "Ein Riese verkürzt die Leiste: Sie endet jetzt bei Loch 3."),
    ("de", "Ihr verliert alle. Sie kommen zurück."),
    ("de", "Wähle eine Karte; sie kostet 2 Gold."),
    ("en", "You take your turn."),
])
def test_one_voice_passes(locale, text):
    assert not other_voice(text, locale), (locale, text, other_voice(text, locale))


def _edit(path: Path, key: str, new_text: str) -> None:
    text = path.read_text(encoding="utf-8")
    entry = re.compile(r'\nmsgid "' + re.escape(key) + r'"\nmsgstr "((?:[^"\\]|\\.)*)"\n')
    assert entry.search(text), key
    path.write_text(entry.sub(lambda _: f'\nmsgid "{key}"\nmsgstr "{new_text}"\n', text, count=1),
                    encoding="utf-8")


def test_a_planted_mixed_catalog_fails_the_check_naming_each_message(tmp_path, capsys):
    root = tmp_path / "locales"
    shutil.copytree(LOCALES_DIR, root)
    _edit(root / "ko" / "LC_MESSAGES" / "shell.po", "stats.no_games", "아직 끝난 {game} 게임이 없습니다.")
    _edit(root / "fr" / "LC_MESSAGES" / "shell.po", "clock.last_call",
          "⏳ {player}, dernier rappel : {decision}. Ton temps s'achève {when}.")
    _edit(root / "de" / "LC_MESSAGES" / "shell.po", "status.lobby", "Bitte warten Sie in der Lobby.")
    code = main(["--locales-dir", str(root)])
    out = capsys.readouterr().out
    assert code == 1
    assert "ko/shell.po: stats.no_games leaves the 해요체 voice (습니다)" in out
    assert "fr/shell.po: clock.last_call leaves the vous voice (Ton)" in out
    assert "de/shell.po: status.lobby leaves the du voice (Sie)" in out
    assert "3 defect(s)" in out


def test_the_shipped_catalogs_speak_one_voice(capsys):
    assert main([]) == 0, capsys.readouterr().out


def test_the_clock_speaks_vous_in_french_and_haeyo_in_korean():
    params = {"player": "Ann", "decision": "x", "when": "demain"}
    for key in ("clock.half", "clock.last_call"):
        assert "votre temps" in t(key, "fr", **params).lower()
        assert t(key, "ko", **params).endswith("끝나요.")


def _french_command_names() -> dict[str, str]:
    names = {}
    for path in sorted((LOCALES_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            names.update({m.id: m.string for m in read_po(fh, locale="fr")
                          if m.id and m.id.endswith(".name") and ".cmd." in f".{m.id}"})
    return names


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def test_french_command_names_keep_their_accents():
    """Discord allows accented letters in names, so a name is spelled as the catalog's French prose spells the
    word (``réglages``, not ``reglages``), and speaks ``vous`` (``oubliez-moi``)."""
    prose = set()
    for path in sorted((LOCALES_DIR / "fr" / "LC_MESSAGES").glob("*.po")):
        prose |= {w.lower() for w in re.findall(r"[^\W\d_]+", path.read_text(encoding="utf-8"))}
    accented = {_fold(w): w for w in prose if _fold(w) != w and _fold(w) not in prose}   # placé/place: both words
    names = _french_command_names()
    unaccented = {key: name for key, name in names.items()
                  if any(part in accented for part in name.split("-"))}
    assert not unaccented, unaccented
    assert names["cmd.defaults.name"] == "réglages" and names["cmd.forget_me.name"] == "oubliez-moi"


def test_german_names_the_former_player_and_the_waiting_lobby():
    assert t("history.former_player", "de") == "Ehemaliger Spieler"
    assert "„Ehemaliger Spieler“" in t("stats.forget_prompt", "de")
    assert t("status.lobby", "de").startswith("Wartet auf Spieler")
