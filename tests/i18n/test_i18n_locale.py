"""Locale resolution and the slash-command translator."""
from __future__ import annotations

from types import SimpleNamespace

import discord
from discord import app_commands

from bot.i18n import catalog_locale, resolve_locale, t
from bot.i18n import messages as catalog_mod
from cogs.translator import CatalogTranslator, cmd_str


def test_catalog_locale_maps_discord_locales():
    assert catalog_locale(discord.Locale.american_english) == "en"
    assert catalog_locale(discord.Locale.british_english) == "en"
    assert catalog_locale("en-GB") == "en"
    assert catalog_locale(discord.Locale.japanese) is None
    assert catalog_locale(None) is None


def test_resolve_prefers_user_then_guild_then_english(monkeypatch):
    monkeypatch.setattr("bot.i18n.locale.available_locales", lambda: ["de", "en", "fr"])
    both = SimpleNamespace(locale=discord.Locale.french, guild_locale=discord.Locale.german)
    assert resolve_locale(both) == "fr"
    guild_only = SimpleNamespace(locale=discord.Locale.japanese, guild_locale=discord.Locale.german)
    assert resolve_locale(guild_only) == "de"
    neither = SimpleNamespace(locale=discord.Locale.japanese, guild_locale=None)
    assert resolve_locale(neither) == "en"


def test_cmd_str_carries_english_text_and_key():
    s = cmd_str("cmd.rp.description")
    assert s.message == t("cmd.rp.description", "en")
    assert s.extras["key"] == "cmd.rp.description"


async def test_translator_answers_none_for_english_and_untranslated(monkeypatch):
    translator = CatalogTranslator()
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    s = cmd_str("cmd.rp.description")
    assert await translator.translate(s, discord.Locale.american_english, ctx) is None
    assert await translator.translate(s, discord.Locale.japanese, ctx) is None
    assert await translator.translate(app_commands.locale_str("plain"), discord.Locale.french, ctx) is None


async def test_translator_uses_other_catalogs(monkeypatch):
    monkeypatch.setattr("bot.i18n.locale.available_locales", lambda: ["en", "fr"])
    real = catalog_mod.catalog

    def fake_catalog(locale):
        return {"cmd.rp.description": "Jouer à Roll Player"} if locale == "fr" else real(locale)
    monkeypatch.setattr("cogs.translator.catalog", fake_catalog)
    translator = CatalogTranslator()
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    assert await translator.translate(cmd_str("cmd.rp.description"), discord.Locale.french, ctx) \
        == "Jouer à Roll Player"
