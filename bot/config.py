"""Settings for running the bot, read from the environment or a ``.env`` file.

Everything the operator can tune lives here so that ``bot/app.py`` and the cogs never read the environment
themselves; tests build a ``Settings`` directly.  A setting that is present but malformed is an error at
startup (with the variable's name), never a silent default.
"""
from __future__ import annotations

import errno
import importlib.util
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import discord
from dotenv import dotenv_values

from bot.sharding import ShardSpecError, parse_shards

#: What the bot needs in a channel to post a turn: text and the pictures; and to read the channel's recent messages,
#: where it looks for a live message whose follow-up got no answer before posting it again (without it, a tour's
#: lost answer became a second live message that pinged twice). Not Embed Links: no turn post carries an embed
#: (the live message is a layout with attachments), and a tour's channel without it refused every click.
REQUIRED_CHANNEL_PERMISSIONS = ("send_messages", "attach_files", "read_message_history")

#: Permissions requested in the invite link (the channel ones plus the right to offer slash commands, and for
#: ``/find`` to open a game's thread and post in it). Embed Links beside them: the lobby message is an embed, which
#: the bot token edits once the lobby's interaction token has expired (a language switch; Discord shows a bot's
#: embeds only where it may embed links); no move needs it, so none is refused without it.
INVITE_PERMISSIONS = discord.Permissions(
    send_messages=True, attach_files=True, embed_links=True, read_message_history=True, use_application_commands=True,
    create_public_threads=True, send_messages_in_threads=True,
)
INVITE_SCOPES = "bot applications.commands"
INVITE_URL_PATTERN = (
    "https://discord.com/oauth2/authorize?client_id=<APPLICATION_ID>"
    f"&scope={INVITE_SCOPES.replace(' ', '+')}&permissions={INVITE_PERMISSIONS.value}"
)

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
#: SQLite ``PRAGMA synchronous`` modes an operator may choose (docs/engine.md, "Durability").
DB_SYNCHRONOUS_MODES = ("FULL", "NORMAL")


class ConfigError(Exception):
    """A setting is missing or malformed; the message names the variable and how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    #: a SQLite file (path or ``sqlite:///…``) or a ``postgresql://…`` URL (a URL stays a string)
    db_path: Path | str = Path("rollbot.db")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    reminder_minutes: int = 720
    max_reminders: int = 3
    api_base: str | None = None
    db_synchronous: str = "FULL"
    #: Level of discord.py, aiosqlite, asyncio and Pillow; None: INFO (or ``log_level`` if stricter).
    log_level_libraries: str | None = None
    #: Longest wait between two attempts to reach Discord at start-up (the waits double from 1 s).
    login_retry_max_seconds: int = 60
    #: The shards this process runs (``ROLLBOT_SHARDS``, e.g. 0-3) out of ``shard_count``
    #: (``ROLLBOT_SHARD_COUNT``); both None: one process runs every shard Discord recommends.
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: Port of the Prometheus metrics and ``/healthz`` (``ROLLBOT_METRICS_PORT``); None: no metrics.
    metrics_port: int | None = None
    #: Where the metrics listen (``ROLLBOT_METRICS_HOST``): every address by default, as a container's port must
    #: be reachable from its network; 127.0.0.1 keeps ``/metrics`` and ``/healthz`` on the machine itself.
    metrics_host: str = "0.0.0.0"
    #: Seconds between two health log lines (``ROLLBOT_HEALTH_SECONDS``); 0: none.
    health_seconds: int = 300


#: Highest TCP port number; a larger one would be wrapped round by the system (99999 listens on 34463).
MAX_PORT = 65535


def port_refusal(setting: str, port: int | None, error: OSError, host: str | None = None,
                 host_setting: str | None = None) -> str:
    """One line saying why nothing can listen on ``port`` (the setting ``setting``) and what to do; an address
    that is not this machine's (``host``) is named with its own setting (``host_setting``)."""
    if error.errno == errno.EADDRINUSE:
        return f"{setting}: port {port} is in use (by another program or another rollbot); choose another port"
    if error.errno == errno.EACCES:
        return f"{setting}: port {port} needs privileges this process does not have; choose one above 1023"
    if host is not None and host_setting is not None:
        return (f"{host_setting}: cannot listen on {host!r} (port {port}): {error.strerror or error}; give an "
                "address of this machine (empty: every address)")
    return f"{setting}: cannot listen on port {port}: {error.strerror or error}"


def _int(env: Mapping[str, str], name: str, default: int | None, *, minimum: int,
         maximum: int | None = None) -> int | None:
    raw = (env.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, got {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        raise ConfigError(f"{name} must be {minimum}–{maximum}, got {value}")
    return value


def _database(raw: str | None) -> Path | str:
    """A path stays a ``Path``; a URL (``postgresql://…``, ``sqlite:///…``) stays text: ``Path`` would fold
    its ``//``."""
    value = (raw or "").strip() or "rollbot.db"
    return value if "://" in value else Path(value)


def _shards(env: Mapping[str, str]) -> tuple[tuple[int, ...] | None, int | None]:
    """ROLLBOT_SHARDS needs ROLLBOT_SHARD_COUNT (every process of a layout must agree on it); a count alone
    means this process runs all of them."""
    try:         # errors name the option too: the command line's --shard-count may be what was given
        count = _int(env, "ROLLBOT_SHARD_COUNT", None, minimum=1)
    except ConfigError as error:
        raise ConfigError(str(error).replace("ROLLBOT_SHARD_COUNT", "ROLLBOT_SHARD_COUNT (--shard-count)", 1)) \
            from None
    text = (env.get("ROLLBOT_SHARDS") or "").strip()
    if not text:
        return (tuple(range(count)) if count else None), count
    if count is None:
        raise ConfigError("ROLLBOT_SHARDS (--shards) needs ROLLBOT_SHARD_COUNT (--shard-count), the total over "
                          f"every process; got shards {text!r} and no count")
    try:
        return parse_shards(text, count), count
    except ShardSpecError as error:
        raise ConfigError(f"ROLLBOT_SHARDS (--shards): {error}") from None


def load_settings(environ: Mapping[str, str] | None = None, dotenv_path: str | os.PathLike | None = ".env"
                  ) -> Settings:
    """Merge ``.env`` (if present) under the real environment; the environment wins."""
    env: dict[str, str] = {}
    if dotenv_path is not None and Path(dotenv_path).is_file():
        env.update({k: v for k, v in dotenv_values(dotenv_path).items() if v is not None})
    env.update(os.environ if environ is None else environ)

    level = (env.get("ROLLBOT_LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"ROLLBOT_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {level!r}")
    libraries = (env.get("ROLLBOT_LOG_LEVEL_DISCORD") or "").strip().upper() or None
    if libraries is not None and libraries not in LOG_LEVELS:
        raise ConfigError(f"ROLLBOT_LOG_LEVEL_DISCORD must be one of {', '.join(LOG_LEVELS)}, got {libraries!r}")
    synchronous = (env.get("ROLLBOT_DB_SYNCHRONOUS") or "FULL").strip().upper()
    if synchronous not in DB_SYNCHRONOUS_MODES:
        raise ConfigError(f"ROLLBOT_DB_SYNCHRONOUS must be one of {', '.join(DB_SYNCHRONOUS_MODES)}, "
                          f"got {synchronous!r}")
    api_base = (env.get("DISCORD_API_BASE") or "").strip().rstrip("/") or None
    if api_base is not None and not api_base.startswith(("http://", "https://")):
        raise ConfigError(f"DISCORD_API_BASE must be an http(s) URL, got {api_base!r}")
    shard_ids, shard_count = _shards(env)
    metrics_port = _int(env, "ROLLBOT_METRICS_PORT", None, minimum=1, maximum=MAX_PORT)
    if metrics_port is not None and importlib.util.find_spec("prometheus_client") is None:
        raise ConfigError("ROLLBOT_METRICS_PORT needs prometheus-client: pip install -e '.[metrics]' "
                          "(or leave the port empty to run without metrics)")
    return Settings(
        token=(env.get("DISCORD_TOKEN") or "").strip() or None,
        db_path=_database(env.get("ROLLBOT_DB")),
        dev_guild_id=_int(env, "ROLLBOT_DEV_GUILD", None, minimum=1),
        log_level=level,
        reminder_minutes=_int(env, "ROLLBOT_REMINDER_MINUTES", 720, minimum=1),
        max_reminders=_int(env, "ROLLBOT_MAX_REMINDERS", 3, minimum=0),
        api_base=api_base,
        db_synchronous=synchronous,
        log_level_libraries=libraries,
        login_retry_max_seconds=_int(env, "ROLLBOT_LOGIN_RETRY_MAX_SECONDS", 60, minimum=1),
        shard_ids=shard_ids,
        shard_count=shard_count,
        metrics_port=metrics_port,
        metrics_host=(env.get("ROLLBOT_METRICS_HOST") or "").strip() or "0.0.0.0",
        health_seconds=_int(env, "ROLLBOT_HEALTH_SECONDS", 300, minimum=0),
    )


MISSING_TOKEN_HELP = f"""\
rollbot: no DISCORD_TOKEN is set, so there is nothing to log in with.

To create the bot application and get a token:
  1. Open https://discord.com/developers/applications and click "New Application"; give it a name.
  2. In the "Bot" tab, click "Reset Token" and copy the token. Keep it secret.
     Leave every "Privileged Gateway Intent" switched off: rollbot needs none of them.
  3. Put the token in the environment or in a .env file next to where you start the bot:
         DISCORD_TOKEN=your-token-here
     (.env.example lists every setting.)
  4. Invite the bot to your server. Take the Application ID from the "General Information" tab and open
         {INVITE_URL_PATTERN}
     Scopes: {INVITE_SCOPES}. Permissions ({INVITE_PERMISSIONS.value}): Send Messages, Attach Files,
     Embed Links, Read Message History, Use Slash Commands, Create Public Threads, Send Messages in Threads
     (for /find).
  5. Start the bot again with:  python -m bot

Or play without Discord first: python -m bot --playground
  starts the bot against a local Discord that ships with it and prints the address of a page
  (on this computer only) where up to four people play in a Discord-like client.
"""
