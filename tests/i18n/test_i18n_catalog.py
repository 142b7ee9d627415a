"""The catalog layer: Babel-read .po files, fallback, missing-key marker, placeholders."""
from __future__ import annotations

import logging

from babel.messages.pofile import read_po

from bot.i18n import available_locales, has_key, missing_marker, t
from bot.i18n import messages as catalog_mod


def test_english_po_parses_with_babel_and_has_no_fuzzy_or_empty_entries():
    entries = []
    assert {"shell", "rollplayer"} <= set(catalog_mod.domains("en"))
    for domain in catalog_mod.domains("en"):
        with catalog_mod.po_path("en", domain).open("rb") as fh:
            entries += [m for m in read_po(fh, locale="en") if m.id]
    assert len(entries) > 50
    for message in entries:
        assert message.string, f"{message.id} has no English text"
        assert not message.fuzzy, f"{message.id} is fuzzy"
        assert message.id == message.id.strip() and " " not in message.id, f"bad key {message.id!r}"


def test_t_formats_named_placeholders():
    assert "`abc123`" in t("error.unexpected", "en", ref="abc123")


def test_unknown_placeholder_param_is_ignored_and_missing_one_stays_visible():
    text = t("error.unknown_rules_topic", "en", topic="x", extra="ignored")
    assert "x" in text and "{topics}" in text


def test_missing_key_gives_marker_and_logs(caplog):
    with caplog.at_level(logging.WARNING, logger="bot.i18n.messages"):
        assert t("no.such.key", "en") == missing_marker("no.such.key") == "⟦no.such.key⟧"
    assert "no.such.key" in caplog.text


def test_unknown_locale_falls_back_to_english():
    assert t("help.title", "xx") == t("help.title", "en")
    assert t("help.title", None) == t("help.title", "en")


def test_locale_catalog_overrides_and_falls_back(tmp_path, monkeypatch):
    fr = tmp_path / "fr" / "LC_MESSAGES"
    fr.mkdir(parents=True)
    (fr / "messages.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "help.title"\nmsgstr "Roll Player sur Discord"\n\n'
        'msgid "help.intro"\nmsgstr ""\n', encoding="utf-8")
    en = tmp_path / "en" / "LC_MESSAGES"
    en.mkdir(parents=True)
    for domain in catalog_mod.domains("en"):
        (en / f"{domain}.po").write_bytes(catalog_mod.po_path("en", domain).read_bytes())
    monkeypatch.setattr(catalog_mod, "LOCALES_DIR", tmp_path)
    catalog_mod.clear_caches()
    try:
        assert available_locales() == ["en", "fr"]
        assert t("help.title", "fr") == "Roll Player sur Discord"
        # an empty translation counts as missing and falls back to English
        assert t("help.intro", "fr") == t("help.intro", "en")
        assert has_key("help.title", "fr") and not has_key("help.intro", "fr")
    finally:
        catalog_mod.clear_caches()


def test_shipped_locales_include_english():
    assert "en" in available_locales()
