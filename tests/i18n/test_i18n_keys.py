"""Every key the code can produce has English text; the scanner itself finds real keys."""
from __future__ import annotations

from bot.i18n import catalog, t
from bot.i18n.messages import placeholders
from tools.i18n_keys import (
    babel_keys,
    call_keys,
    dynamic_keys,
    engine_error_keys,
    family_keys,
    missing_keys,
    used_keys,
)


def test_every_used_key_has_english_text():
    missing = missing_keys(extra=dynamic_keys())
    assert not missing, "add these to the English catalog (bot/i18n/locales/en/LC_MESSAGES/<domain>.po):\n" + "\n".join(
        f"  {k}  ({where})" for k, where in missing.items())


def test_scanner_finds_keys_from_every_layer():
    adapters = babel_keys()
    assert "error.unexpected" in adapters and "cmd.rp.description" in adapters
    assert "error.start_alone" in adapters                                # a Refusal("...") literal
    rules = call_keys()
    assert any(k.startswith("rollplayer.") for k in rules)                # events from ev("...")
    assert any(k.startswith("rules.rollplayer.") for k in rules)          # RuleErrors
    assert "gold_reason.gold_die" in rules
    families = family_keys()
    assert "phase.market" in families and "decision.choose_race" in families
    assert "engine.error.stale_move" in engine_error_keys()
    assert len(used_keys()) > 150


def test_missing_key_is_reported(monkeypatch):
    assert "no.such.key" in missing_keys(extra={"no.such.key": "test"})


def test_texts_fit_discord_limits_and_placeholders_are_names():
    for key, text in catalog("en").items():
        assert len(text) <= 4000, key
        if key.startswith("cmd.") or (key.startswith("option.") and key.endswith(".describe")):
            assert len(text) <= 100, key
        for name in placeholders(text):
            assert name.isidentifier(), (key, name)


def test_rules_topics_are_substantial_and_plain():
    from cogs.rollplayer import PRESENTATION

    for topic in PRESENTATION.rules_topics:
        text = t(f"rules_topic.{topic}.text", "en")
        assert 150 < len(text) <= 4096, topic
        assert not placeholders(text), topic
    solo = t("rules_topic.solo.text", "en")
    for needle in ("38+", "Enemy die", "trash", "8 gold"):
        assert needle in solo
