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


def _write_po(folder, key: str, text: str, domain: str = "extra") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{domain}.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{key}"\nmsgstr "{text}"\n', encoding="utf-8")


def test_locale_lookups_scan_the_folders_once(monkeypatch):
    """Resolving a locale runs for every click: after the first lookup, no folder is listed again."""
    from pathlib import Path

    from bot.i18n import resolve_locale
    resolve_locale(type("I", (), {"locale": "fr", "guild_locale": None})())     # warm
    before = catalog_mod.domains("en")

    def no_scan(*args, **kwargs):
        raise AssertionError("catalog folder scanned again")
    monkeypatch.setattr(Path, "glob", no_scan)
    monkeypatch.setattr(Path, "iterdir", no_scan)
    for _ in range(3):
        assert resolve_locale(type("I", (), {"locale": "fr", "guild_locale": "de"})()) == "fr"
        assert "en" in available_locales()
        assert catalog_mod.domains("en") == before


def test_registered_and_moved_catalog_folders_are_seen_without_clearing(tmp_path, monkeypatch):
    """The scan caches are keyed by the catalog roots: registering or unregistering a folder, or pointing
    ``LOCALES_DIR`` elsewhere, changes what is found at once; a file added to a scanned folder is found
    after ``clear_caches`` (what anything that writes catalogs at run time calls)."""
    extra = tmp_path / "extra"
    _write_po(extra / "zz" / "LC_MESSAGES", "zz.only", "zz text")
    assert "zz" not in available_locales()
    catalog_mod.add_locales_dir(extra)
    try:
        assert "zz" in available_locales() and catalog_mod.domains("zz") == ["extra"]
        assert t("zz.only", "zz") == "zz text"
        _write_po(extra / "zz" / "LC_MESSAGES", "zz.more", "more", domain="more")
        catalog_mod.clear_caches()
        assert catalog_mod.domains("zz") == ["extra", "more"] and t("zz.more", "zz") == "more"
    finally:
        catalog_mod.remove_locales_dir(extra)
    assert "zz" not in available_locales() and catalog_mod.domains("zz") == []
    moved = tmp_path / "moved"
    _write_po(moved / "yy" / "LC_MESSAGES", "yy.only", "yy text")
    monkeypatch.setattr(catalog_mod, "LOCALES_DIR", moved)
    assert available_locales() == ["yy"] and catalog_mod.domains("en") == []
    monkeypatch.undo()
    assert "en" in available_locales() and "yy" not in available_locales()
