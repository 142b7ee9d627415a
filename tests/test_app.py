"""Settings, the bot factory, command registration and sync (no network)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord.ext import commands

from bot.app import COMMANDS_HASH_META, RollBot, bot_intents, create_bot
from bot.config import (
    INVITE_PERMISSIONS,
    INVITE_URL_PATTERN,
    MISSING_TOKEN_HELP,
    ConfigError,
    Settings,
    load_settings,
)

ROOT = Path(__file__).resolve().parents[1]


def test_settings_from_dotenv_with_environment_winning(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=from-file\nROLLBOT_DB=/data/games.db\nROLLBOT_DEV_GUILD=1234\n"
                      "ROLLBOT_LOG_LEVEL=debug\nROLLBOT_REMINDER_MINUTES=90\n")
    settings = load_settings({"DISCORD_TOKEN": "from-env", "ROLLBOT_MAX_REMINDERS": "5"}, dotenv)
    assert settings.token == "from-env"
    assert settings.db_path == Path("/data/games.db")
    assert settings.dev_guild_id == 1234
    assert settings.log_level == "DEBUG"
    assert settings.reminder_minutes == 90 and settings.max_reminders == 5
    assert settings.api_base is None


def test_settings_defaults(tmp_path):
    settings = load_settings({}, tmp_path / "missing.env")
    assert settings == Settings(token=None)
    assert settings.db_path == Path("rollbot.db") and settings.reminder_minutes > 0


@pytest.mark.parametrize("env, name", [
    ({"ROLLBOT_DEV_GUILD": "abc"}, "ROLLBOT_DEV_GUILD"),
    ({"ROLLBOT_REMINDER_MINUTES": "0"}, "ROLLBOT_REMINDER_MINUTES"),
    ({"ROLLBOT_MAX_REMINDERS": "-1"}, "ROLLBOT_MAX_REMINDERS"),
    ({"ROLLBOT_LOG_LEVEL": "LOUD"}, "ROLLBOT_LOG_LEVEL"),
    ({"DISCORD_API_BASE": "ftp://x"}, "DISCORD_API_BASE"),
    ({"ROLLBOT_DB_SYNCHRONOUS": "OFF"}, "ROLLBOT_DB_SYNCHRONOUS"),
])
def test_bad_settings_name_the_variable(env, name, tmp_path):
    with pytest.raises(ConfigError, match=name):
        load_settings(env, tmp_path / "none.env")


def test_env_example_lists_every_setting():
    text = (ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "ROLLBOT_DB", "ROLLBOT_DB_SYNCHRONOUS", "ROLLBOT_DEV_GUILD",
                 "ROLLBOT_LOG_LEVEL", "ROLLBOT_REMINDER_MINUTES", "ROLLBOT_MAX_REMINDERS", "DISCORD_API_BASE"):
        line = next(i for i, ln in enumerate(text.splitlines()) if ln.startswith(f"{name}="))
        assert text.splitlines()[line - 1].startswith("#"), f"{name} has no comment"


def test_db_synchronous_setting(tmp_path):
    assert load_settings({}, tmp_path / "none.env").db_synchronous == "FULL"
    normal = load_settings({"ROLLBOT_DB_SYNCHRONOUS": " normal "}, tmp_path / "none.env")
    assert normal.db_synchronous == "NORMAL"
    text = (ROOT / ".env.example").read_text()
    assert "power" in text.lower() and "ROLLBOT_DB_SYNCHRONOUS=FULL" in text


@pytest.mark.parametrize("mode, pragma", [("FULL", 2), ("NORMAL", 1)])
async def test_store_opens_with_the_configured_synchronous_mode(tmp_path, mode, pragma):
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db", db_synchronous=mode), sync_commands=False)
    await _setup(bot)
    try:
        assert bot.store.synchronous == mode
        rows = await bot.store._read("PRAGMA synchronous")
        assert rows[0][0] == pragma
    finally:
        await bot.close()


def test_invite_permissions():
    assert INVITE_PERMISSIONS == discord.Permissions(send_messages=True, attach_files=True, embed_links=True,
                                                     read_message_history=True, use_application_commands=True,
                                                     create_public_threads=True, send_messages_in_threads=True)
    assert f"permissions={INVITE_PERMISSIONS.value}" in INVITE_URL_PATTERN
    assert "scope=bot+applications.commands" in INVITE_URL_PATTERN


def test_without_token_exits_nonzero_with_instructions(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "bot"], check=False, cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == MISSING_TOKEN_HELP.strip()
    for needle in ("https://discord.com/developers/applications", "bot applications.commands",
                   str(INVITE_PERMISSIONS.value), "Send Messages", "Attach Files", "Embed Links",
                   "Read Message History", "Use Slash Commands", "Create Public Threads", "Send Messages in Threads",
                   "Privileged Gateway Intent", "client_id=<APPLICATION_ID>",
                   "python -m bot --playground"):
        assert needle in proc.stderr


def test_bad_setting_exits_nonzero(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x",
           "ROLLBOT_DEV_GUILD": "not-a-number"}
    proc = subprocess.run([sys.executable, "-m", "bot"], check=False, cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "ROLLBOT_DEV_GUILD" in proc.stderr


async def test_factory_builds_an_autosharded_bot_without_privileged_intents(tmp_path):
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"))
    assert isinstance(bot, RollBot) and isinstance(bot, commands.AutoShardedBot)
    intents = bot.intents
    assert not intents.members and not intents.presences and not intents.message_content
    assert intents.guilds
    # the bot's own posts and edits do not come back as gateway events it would parse for nothing
    assert not intents.guild_messages and not intents.dm_messages and not intents.typing
    assert bot_intents().value == intents.value
    await bot.store.close()                 # never logged in: only the store to close


async def test_api_base_points_the_rest_client_elsewhere(tmp_path):
    before = discord.http.Route.BASE
    try:
        bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db", api_base="http://127.0.0.1:9/api/v10"))
        assert discord.http.Route.BASE == "http://127.0.0.1:9/api/v10"
        assert discord.http.Route("GET", "/gateway/bot").url == "http://127.0.0.1:9/api/v10/gateway/bot"
        await bot.store.close()
    finally:
        discord.http.Route.BASE = before


async def _setup(bot: RollBot) -> None:
    await bot._async_setup_hook()
    await bot.setup_hook()


async def test_one_root_command_usable_in_guilds_and_dms(tmp_path):
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"), sync_commands=False)
    await _setup(bot)
    try:
        roots = bot.tree.get_commands()
        # one root command per game, then the shell-wide ones
        assert [c.name for c in roots] == ["rp", "poker", "rfa", "daily", "find", "seat", "games", "notify", "away",
                                           "help"]
        for payload in bot.commands_payload():
            assert set(payload["contexts"]) == {0, 1}                 # guild, bot DM
            assert payload["integration_types"] == [0]
            subs = {o["name"]: o for o in payload.get("options", [])}
            for name in () if payload["name"] in ("games", "notify", "daily", "find", "seat", "away", "help") else (
                    "new", "join", "leave", "start", "cancel", "abandon", "status", "solo", "help", "rules"):
                assert name in subs
            assert len(subs) <= 25

            def walk(node):
                yield node
                for child in node.get("options", []) or []:
                    yield from walk(child)
            total = 0
            for node in walk(payload):
                assert 1 <= len(node["name"]) <= 32 and node["name"] == node["name"].lower()
                assert 1 <= len(node.get("description", "x")) <= 100, node
                total += len(node["name"]) + len(node.get("description", ""))
                for choice in node.get("choices", []) or []:
                    assert len(choice["name"]) <= 100
                    total += len(choice["name"]) + len(str(choice["value"]))
            assert total <= 8000
    finally:
        await bot.close()


async def test_sync_global_once_and_dev_guild_every_start(tmp_path, monkeypatch):
    calls = []

    async def fake_sync(self, *, guild=None):
        calls.append(guild.id if guild else "global")
        return []
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", fake_sync)
    settings = Settings(token=None, db_path=tmp_path / "x.db", dev_guild_id=4242)
    for expected in (["global", 4242], [4242]):
        calls.clear()
        bot = await create_bot(settings)
        await _setup(bot)
        try:
            assert sorted(calls, key=str) == sorted(expected, key=str)
            assert await bot.store.get_meta(COMMANDS_HASH_META)
            assert bot.tree.get_commands(guild=discord.Object(4242))
        finally:
            await bot.close()
    assert not bot.store_open                                        # close() closed the store


async def test_commands_are_translated_from_the_catalogs(tmp_path, monkeypatch):
    """A French catalog (data only) localises command names, descriptions and choices at sync time."""
    from bot.i18n import messages

    french = {"cmd.rp.description": "Jouer à Roll Player", "cmd.rules.name": "regles",
              "cmd.rules.description": "Résumé des règles", "rules_topic.solo.title": "Partie en solitaire"}
    real = messages.catalog
    monkeypatch.setattr("bot.i18n.locale.available_locales", lambda: ["en", "fr"])
    monkeypatch.setattr("cogs.translator.catalog", lambda loc: french if loc == "fr" else real(loc))
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"), sync_commands=False)
    await _setup(bot)
    try:
        root = bot.tree.get_command("rp")
        payload = await root.get_translated_payload(bot.tree, bot.tree.translator)
        assert payload["description_localizations"] == {"fr": "Jouer à Roll Player"}
        rules = next(o for o in payload["options"] if o["name"] == "rules")
        assert rules["name_localizations"] == {"fr": "regles"}
        topic = rules["options"][0]
        solo = next(c for c in topic["choices"] if c["value"] == "solo")
        assert solo["name_localizations"] == {"fr": "Partie en solitaire"}
        new = next(o for o in payload["options"] if o["name"] == "new")
        assert new.get("name_localizations") in (None, {})       # untranslated keys stay English
    finally:
        await bot.close()


async def test_each_games_player_count_is_described_with_its_own_range(tmp_path):
    """A French tour: `/rfa nouvelle joueurs` said "(1-4)" and Discord refused 1 without a word (Roll for
    Adventure seats 2 to 4); each game's option names its own range, in every language."""
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"), sync_commands=False)
    await _setup(bot)
    try:
        for group, low in (("rp", 1), ("rfa", 2)):
            payload = await bot.tree.get_command(group).get_translated_payload(bot.tree, bot.tree.translator)
            new = next(o for o in payload["options"] if o["name"] == "new")
            players = next(o for o in new["options"] if o["name"] == "players")
            assert players["description"] == f"Number of players ({low} to 4)"
            assert players["min_value"] == low and players["max_value"] == 4
            assert players["description_localizations"]["fr"] == f"Nombre de joueurs (de {low} à 4)"
            assert players["description_localizations"]["ko"] == f"플레이어 수 ({low}에서 4까지)"
    finally:
        await bot.close()
