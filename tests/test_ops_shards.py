"""Running a range of shards per process: the shard list syntax, Discord's guild → shard rule, the settings
and command-line options, and what the bot builds from them."""
from __future__ import annotations

import pytest

from bot.__main__ import environment, parse_args
from bot.app import create_bot, shard_options
from bot.config import ConfigError, Settings, load_settings
from bot.sharding import ShardScope, ShardSpecError, describe_shards, parse_shards, shard_of


@pytest.mark.parametrize("text, count, expected", [
    ("0-3", 8, (0, 1, 2, 3)), ("5", 8, (5,)), ("0,2,4-6", 8, (0, 2, 4, 5, 6)), (" 1 , 0 ", 2, (0, 1)),
    ("3-3,3", 4, (3,)),
])
def test_shard_lists(text, count, expected):
    assert parse_shards(text, count) == expected
    assert parse_shards(describe_shards(expected), count) == expected


@pytest.mark.parametrize("text, count, why", [
    ("0-8", 8, "outside 0-7"), ("3-1", 8, "backwards"), ("a", 8, "not a shard number"), ("1,,2", 8, "empty"),
    ("-1", 8, "not a shard number"), ("0", 0, "between 1 and"),
])
def test_bad_shard_lists_say_why(text, count, why):
    with pytest.raises(ShardSpecError, match=why):
        parse_shards(text, count)


def test_guilds_go_to_shards_as_discord_routes_them():
    guild = (1_000_003 << 22) | 0x3FFFFF             # the low 22 bits never matter
    assert [shard_of(guild, n) for n in (1, 2, 4, 8)] == [0, 1, 3, 1_000_003 % 8]
    assert shard_of(None, 8) == 0, "DMs come to shard 0"
    scope = ShardScope((1, 3), 4)
    assert scope.serves(guild) and not scope.serves(None) and not scope.runs_dms
    assert ShardScope((0,), 4).serves(None) and ShardScope((0, 1, 2, 3), 4).is_everything
    assert scope.label() == "shards 1,3/4"
    with pytest.raises(ShardSpecError):
        ShardScope((4,), 4)


def test_shard_settings_from_the_environment(tmp_path):
    load = lambda **env: load_settings(env, dotenv_path=None)  # noqa: E731
    plain = load(DISCORD_TOKEN="x")
    assert (plain.shard_ids, plain.shard_count, plain.metrics_port) == (None, None, None)
    ranged = load(ROLLBOT_SHARDS="2-3", ROLLBOT_SHARD_COUNT="4", ROLLBOT_METRICS_PORT="9108")
    assert (ranged.shard_ids, ranged.shard_count, ranged.metrics_port) == ((2, 3), 4, 9108)
    assert load(ROLLBOT_SHARD_COUNT="3").shard_ids == (0, 1, 2), "a count alone: every shard here"
    with pytest.raises(ConfigError, match="ROLLBOT_SHARD_COUNT"):
        load(ROLLBOT_SHARDS="0-1")
    # the option's name beside the variable's: `--shards 3 --shard-count 2` named only ROLLBOT_SHARDS (a tour)
    with pytest.raises(ConfigError, match=r"ROLLBOT_SHARDS \(--shards\): shard range '4' is outside 0-3"):
        load(ROLLBOT_SHARDS="4", ROLLBOT_SHARD_COUNT="4")
    with pytest.raises(ConfigError, match=r"ROLLBOT_SHARD_COUNT \(--shard-count\) must be at least 1"):
        load(ROLLBOT_SHARD_COUNT="0")


def test_command_line_options_win_over_the_environment(monkeypatch):
    monkeypatch.setenv("ROLLBOT_SHARDS", "0")
    monkeypatch.setenv("ROLLBOT_SHARD_COUNT", "2")
    env = environment(parse_args(["--shards", "4-7", "--shard-count", "8"]))
    settings = load_settings(env, dotenv_path=None)
    assert (settings.shard_ids, settings.shard_count) == ((4, 5, 6, 7), 8)
    kept = load_settings(environment(parse_args([])), dotenv_path=None)
    assert (kept.shard_ids, kept.shard_count) == ((0,), 2)


async def test_the_bot_runs_the_configured_shards_and_names_its_claims(tmp_path):
    settings = Settings(token=None, db_path=tmp_path / "x.db", shard_ids=(1,), shard_count=2)
    assert shard_options(settings) == {"shard_ids": [1], "shard_count": 2}
    bot = await create_bot(settings)
    assert (bot.shard_ids, bot.shard_count) == ([1], 2)
    assert bot.scope == ShardScope((1,), 2) and bot.claim_owner.endswith(" shards 1/2")
    whole = await create_bot(Settings(token=None, db_path=tmp_path / "y.db"))
    assert whole.shard_ids is None and whole.shard_count is None and whole.scope is None
    await bot.store.close()                 # never logged in: only the stores to close
    await whole.store.close()
    assert shard_options(Settings(token=None, shard_count=2)) == {"shard_ids": [0, 1], "shard_count": 2}


def test_the_documented_layouts_cover_every_shard_once():
    """deploy/compose.sharded.yaml: each shard of the count in exactly one process, all on one PostgreSQL;
    the systemd template runs the instance's range and restarts like rollbot.service."""
    import re
    from pathlib import Path
    deploy = Path(__file__).resolve().parents[1] / "deploy"
    compose = (deploy / "compose.sharded.yaml").read_text()
    counts = re.findall(r'ROLLBOT_SHARD_COUNT: "(\d+)"', compose)
    databases = re.findall(r"ROLLBOT_DB: (\S+)", compose)
    assert len(counts) == 1 and len(databases) == 1 and databases[0].startswith("postgresql://"), \
        "one shard count and one database, shared by every bot service (the x-bot anchor)"
    ranges = [parse_shards(r, int(counts[0])) for r in
              re.findall(r'command: \["python3", "-m", "bot", "--shards", "([0-9,-]+)"\]', compose)]
    assert len(ranges) >= 2 and compose.count("<<: *bot") == len(ranges)
    assert sorted(shard for shards in ranges for shard in shards) == list(range(int(counts[0])))
    unit = (deploy / "rollbot-shard@.service").read_text()
    assert "ExecStart=/opt/rollbot/venv/bin/python3 -m bot --shards %i" in unit
    assert "RestartPreventExitStatus=2" in unit and "Restart=on-failure" in unit


def test_a_sharded_layout_on_an_sqlite_file_is_warned_about(tmp_path):
    """An operator tour: `--shards 0-1 --shard-count 2` on an SQLite file started without a word, though every
    process of a layout must share one PostgreSQL database (deploy/README.md)."""
    from bot.__main__ import layout_warning

    load = lambda **env: load_settings(env, dotenv_path=None)  # noqa: E731
    part = layout_warning(load(ROLLBOT_SHARDS="0", ROLLBOT_SHARD_COUNT="2", ROLLBOT_DB=str(tmp_path / "r.db")))
    assert part is not None and "shards 0 of 2" in part and "PostgreSQL" in part
    assert layout_warning(load(ROLLBOT_SHARDS="0", ROLLBOT_SHARD_COUNT="2",
                               ROLLBOT_DB="postgresql://rollbot@db/rollbot")) is None
    assert layout_warning(load(ROLLBOT_SHARD_COUNT="2", ROLLBOT_DB=str(tmp_path / "r.db"))) is None   # one process
    assert layout_warning(load(ROLLBOT_DB=str(tmp_path / "r.db"))) is None
