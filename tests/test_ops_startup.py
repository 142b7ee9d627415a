"""Starting ``python -m bot`` when things are wrong: Discord unreachable (wait it out with capped backoff), a
bad token (exit at once), a damaged database (exit at once, saying how to restore it)."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import discord
import pytest

from bot.__main__ import login_with_retry
from bot.app import bot_intents
from bot.config import load_settings
from tests.discord_stub.fixtures import discord_stub  # noqa: F401  (pytest fixture)
from tests.discord_stub.runner import restore_route_base

ROOT = Path(__file__).resolve().parents[1]


def closed_port() -> int:
    """A local port nobody listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def client() -> discord.AutoShardedClient:
    return discord.AutoShardedClient(intents=bot_intents())


async def test_login_backs_off_exponentially_up_to_the_cap(caplog):
    discord.http.Route.BASE = f"http://127.0.0.1:{closed_port()}/api/v10"
    waits: list[float] = []

    class GiveUp(Exception):
        pass

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 6:
            raise GiveUp

    bot = client()
    try:
        with pytest.raises(GiveUp), caplog.at_level("WARNING", logger="bot"):
            await login_with_retry(bot, "token", max_delay=8, sleep=sleep)
    finally:
        await bot.close()
        restore_route_base()
    assert waits == [1, 2, 4, 8, 8, 8]
    lines = [r.getMessage() for r in caplog.records if "cannot reach Discord" in r.getMessage()]
    assert len(lines) == 6 and "attempt 1:" in lines[0] and "retrying in 8 s" in lines[-1]


async def test_login_succeeds_once_discord_is_back(discord_stub):  # noqa: F811
    """Two attempts hit a closed port; then the stand-in 'comes back' and the third attempt logs in, on a
    fresh HTTP session (the failed ones were closed)."""
    discord.http.Route.BASE = f"http://127.0.0.1:{closed_port()}/api/v10"
    sessions = []

    async def sleep(seconds: float) -> None:
        sessions.append(bot.http._HTTPClient__session)
        if len(sessions) == 2:
            discord.http.Route.BASE = discord_stub.api_base

    bot = client()
    try:
        attempts = await login_with_retry(bot, discord_stub.token, sleep=sleep)
        assert attempts == 3 and bot.user is not None
        assert all(s.closed for s in sessions)
    finally:
        await bot.close()
        restore_route_base()


async def test_a_bad_token_is_not_retried(discord_stub):  # noqa: F811
    discord.http.Route.BASE = discord_stub.api_base
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    bot = client()
    try:
        with pytest.raises(discord.LoginFailure):
            await login_with_retry(bot, "not-the-token", sleep=sleep)
    finally:
        await bot.close()
        restore_route_base()
    assert waits == []


def test_retry_cap_setting(tmp_path):
    assert load_settings({}, tmp_path / "none.env").login_retry_max_seconds == 60
    assert load_settings({"ROLLBOT_LOGIN_RETRY_MAX_SECONDS": "5"}, tmp_path / "none.env"
                         ).login_retry_max_seconds == 5


# ------------------------------------------------------------------------------- the real process

def bot_env(tmp_path: Path, api_base: str, token: str = "test-token", **extra: str) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), DISCORD_TOKEN=token, DISCORD_API_BASE=api_base,
                ROLLBOT_DB=str(tmp_path / "g.db"), ROLLBOT_LOG_LEVEL="INFO", **extra)


async def spawn(tmp_path: Path, env: dict[str, str]) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                stdout=asyncio.subprocess.DEVNULL,
                                                stderr=asyncio.subprocess.PIPE)


async def finish(proc: asyncio.subprocess.Process, timeout: float = 20) -> tuple[int, str]:
    try:
        _, err = await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return proc.returncode, err.decode()


async def three_retries_then(proc: asyncio.subprocess.Process, stop: Callable[[], None]
                             ) -> tuple[list[str], int, str]:
    """Read the bot's log until it has failed to reach Discord three times, then ``stop`` it (a signal): its log
    lines by then, its exit status, and its whole log. A bot that exits first, or stalls 30 s, fails the test."""
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 30
        while sum("cannot reach Discord" in line for line in lines) < 3:
            assert time.monotonic() < deadline, "\n".join(lines)
            raw = await asyncio.wait_for(proc.stderr.readline(), 30)
            assert raw, "the bot exited instead of retrying:\n" + "\n".join(lines)
            lines.append(raw.decode().rstrip())
        assert proc.returncode is None
        stop()
        code, rest = await finish(proc)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return lines, code, "\n".join(lines) + rest


async def test_the_bot_waits_for_an_unreachable_discord_and_stops_cleanly(tmp_path):
    env = bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10", ROLLBOT_LOGIN_RETRY_MAX_SECONDS="1")
    proc = await spawn(tmp_path, env)
    lines, code, log = await three_retries_then(proc, lambda: proc.send_signal(signal.SIGTERM))
    assert code == 0, log
    attempts = [line for line in lines if "cannot reach Discord" in line]
    assert "attempt 1:" in attempts[0] and "attempt 3:" in attempts[2] and "retrying in 1 s" in attempts[2]
    assert "Traceback" not in log


async def test_a_refused_token_ends_the_bot_at_once(tmp_path, discord_stub):  # noqa: F811
    proc = await spawn(tmp_path, bot_env(tmp_path, discord_stub.api_base, token="wrong-token"))
    code, log = await finish(proc)
    assert code == 2 and "refused the token" in log and "Traceback" not in log, log
    assert ".. Reset it" not in log and ". Reset it in the developer portal" in log, log
    assert "cannot reach Discord" not in log


async def test_a_damaged_database_stops_the_start_with_the_restore_recipe(tmp_path, discord_stub):  # noqa: F811
    from bot.engine import SessionManager, Store
    from tests.engine.helpers import ENDLESS, registry

    path = tmp_path / "g.db"
    store = await Store.open(path, synchronous="OFF")
    mgr = SessionManager(store, registry())
    for channel in range(60):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1, seed=channel)
        for version in range(20):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
    await store.close()
    db = sqlite3.connect(path)
    page = db.execute("SELECT max(pageno) FROM dbstat WHERE name = 'moves' AND pagetype = 'leaf'").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * 4096 + 8:page * 4096] = b"\xa5" * 4088
    path.write_bytes(bytes(data))
    before = path.read_bytes()

    proc = await spawn(tmp_path, bot_env(tmp_path, discord_stub.api_base, token=discord_stub.token))
    code, log = await finish(proc)
    assert code == 2, log
    assert "damaged" in log and "salvage" in log and "python -m bot.engine verify" in log and ".backup" in log
    assert "Traceback" not in log
    assert path.read_bytes() == before, "nothing was written to the damaged file"


def test_event_loop_is_uvloop_when_installed_unless_switched_off(monkeypatch):
    """The bot runs on uvloop when it is installed; ROLLBOT_UVLOOP=0 (or no uvloop) keeps asyncio's loop."""
    import asyncio
    import builtins

    import uvloop

    from bot import __main__ as entry
    monkeypatch.delenv("ROLLBOT_UVLOOP", raising=False)
    assert entry.event_loop_runner() is uvloop.run
    monkeypatch.setenv("ROLLBOT_UVLOOP", "0")
    assert entry.event_loop_runner() is asyncio.run
    monkeypatch.delenv("ROLLBOT_UVLOOP")
    real_import = builtins.__import__

    def no_uvloop(name, *args, **kwargs):
        if name == "uvloop":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvloop)
    assert entry.event_loop_runner() is asyncio.run


@pytest.mark.parametrize("setting, expected", [(None, 0.005), ("", 0.005), ("0.002", 0.002), (" 0.1 ", 0.1),
                                               ("junk", None), ("5", None), ("0", None), ("nan", None)])
def test_switch_interval_setting(monkeypatch, setting, expected):
    """The GIL switch interval the bot sets: ROLLBOT_SWITCH_INTERVAL when sane, the default when unset, and a
    configuration error naming the variable for anything else (it used to fall back without a word)."""
    from bot import __main__ as entry
    from bot.config import ConfigError

    if setting is None:
        monkeypatch.delenv("ROLLBOT_SWITCH_INTERVAL", raising=False)
    else:
        monkeypatch.setenv("ROLLBOT_SWITCH_INTERVAL", setting)
    if expected is None:
        with pytest.raises(ConfigError, match="ROLLBOT_SWITCH_INTERVAL must be seconds from 0.0001 to 0.1"):
            entry.switch_interval()
    else:
        assert entry.switch_interval() == expected


@pytest.mark.parametrize("setting, cores, expected", [(None, 2, 1), (None, 1, 0), ("0", 8, 0), ("3", 2, 3),
                                                      ("8", 2, 8), (" 2 ", 1, 2), ("", 4, 1), ("99", 2, None),
                                                      ("-1", 2, None), ("junk", 4, None), ("lots", 4, None)])
def test_drawing_processes_setting(monkeypatch, setting, cores, expected):
    """How many drawing processes ``python -m bot`` starts: ROLLBOT_DRAWING_PROCESSES within 0..8, one on a
    machine of two cores or more and none on one when it is unset, a configuration error otherwise."""
    from bot import __main__ as entry
    from bot.config import ConfigError

    monkeypatch.setattr("os.cpu_count", lambda: cores)
    if setting is None:
        monkeypatch.delenv("ROLLBOT_DRAWING_PROCESSES", raising=False)
    else:
        monkeypatch.setenv("ROLLBOT_DRAWING_PROCESSES", setting)
    if expected is None:
        with pytest.raises(ConfigError, match="ROLLBOT_DRAWING_PROCESSES must be a whole number from 0 to 8"):
            entry.drawing_processes()
    else:
        assert entry.drawing_processes() == expected


@pytest.mark.parametrize("name, value", [("ROLLBOT_UVLOOP", "maybe"), ("ROLLBOT_SWITCH_INTERVAL", "fast"),
                                         ("ROLLBOT_PICTURE_FORMAT", "jpeg"), ("ROLLBOT_DRAWING_PROCESSES", "lots")])
def test_malformed_process_settings_stop_the_start_naming_the_variable(tmp_path, name, value):
    """config.py's promise holds for the settings read straight from the environment too: a malformed one is
    exit 2 with the variable's name, before anything starts, never a silent default."""
    env = dict(bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10"), **{name: value})
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2, done.stderr
    assert f"rollbot: configuration error: {name}" in done.stderr and repr(value) in done.stderr
    assert "Traceback" not in done.stderr and "cannot reach Discord" not in done.stderr
    assert not (tmp_path / "g.db").exists()


def test_on_and_off_are_the_uvloop_switch(monkeypatch):
    import uvloop

    from bot import __main__ as entry
    for on in ("1", "yes", " TRUE ", "on", ""):
        monkeypatch.setenv("ROLLBOT_UVLOOP", on)
        assert entry.event_loop_runner() is uvloop.run
    for off in ("0", "no", "False", "off"):
        monkeypatch.setenv("ROLLBOT_UVLOOP", off)
        assert entry.event_loop_runner() is asyncio.run


def test_process_settings_come_from_dotenv_under_the_environment(monkeypatch, tmp_path):
    from bot import __main__ as entry

    dotenv = tmp_path / ".env"
    dotenv.write_text("ROLLBOT_SWITCH_INTERVAL=0.002\nROLLBOT_UVLOOP=0\nDISCORD_TOKEN=x\n")
    monkeypatch.delenv("ROLLBOT_SWITCH_INTERVAL", raising=False)
    monkeypatch.setenv("ROLLBOT_UVLOOP", "1")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    entry.export_process_settings(dotenv)
    assert os.environ["ROLLBOT_SWITCH_INTERVAL"] == "0.002" and entry.switch_interval() == 0.002
    assert os.environ["ROLLBOT_UVLOOP"] == "1"                 # the real environment wins
    assert "DISCORD_TOKEN" not in os.environ                    # only the process settings are exported
    monkeypatch.delenv("ROLLBOT_SWITCH_INTERVAL")


# --------------------------------------------- what only the operator can fix: one line and exit status 2

async def test_a_metrics_port_in_use_is_one_line_and_exit_2(tmp_path, discord_stub):  # noqa: F811
    """The unit's RestartPreventExitStatus=2 stops the restart loop only if a taken metrics port ends the bot
    with status 2, and the journal shows what to do rather than a traceback."""
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = await spawn(tmp_path, bot_env(tmp_path, discord_stub.api_base, token=discord_stub.token,
                                             ROLLBOT_METRICS_PORT=str(port)))
        code, log = await finish(proc, timeout=60)
    assert code == 2, log
    assert f"ROLLBOT_METRICS_PORT: port {port} is in use" in log and "Traceback" not in log


@pytest.mark.parametrize("where", ["under a file", "in a folder it may not write"])
async def test_a_database_folder_that_cannot_be_made_is_one_line_and_exit_2(tmp_path, where):
    blocked = tmp_path / "blocked"
    if where == "under a file":
        blocked.write_text("not a folder")
    else:
        blocked.mkdir(mode=0o555)
    env = dict(bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10"), ROLLBOT_DB=str(blocked / "sub" / "g.db"))
    command = [sys.executable, "-m", "bot"]
    if os.geteuid() == 0:       # root ignores file modes unless it drops the capability (as a service user has none)
        command = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
    try:
        proc = await asyncio.create_subprocess_exec(*command, cwd=tmp_path, env=env, stdout=asyncio.subprocess.DEVNULL,
                                                    stderr=asyncio.subprocess.PIPE)
        code, log = await finish(proc)
    finally:
        if blocked.is_dir():
            blocked.chmod(0o755)
    assert code == 2, log
    assert "cannot create its folder" in log and str(blocked / "sub") in log and "Traceback" not in log, log
    assert ("is a file, not a folder" if where == "under a file" else "ermission denied") in log
    assert "cannot reach Discord" not in log          # refused before dialling Discord


def test_out_of_range_ports_are_refused():
    """The system wraps a port above 65535 round (99999 listened on 34463, --port 70000 on 4464)."""
    from bot.__main__ import parse_args
    from bot.config import ConfigError

    with pytest.raises(ConfigError, match="ROLLBOT_METRICS_PORT must be 1–65535, got 99999"):
        load_settings({"ROLLBOT_METRICS_PORT": "99999"}, None)
    assert load_settings({"ROLLBOT_METRICS_PORT": "65535"}, None).metrics_port == 65535
    for wrong in ("70000", "-1"):
        with pytest.raises(SystemExit) as refused:
            parse_args(["--playground", "--port", wrong])
        assert refused.value.code == 2
    assert parse_args(["--playground", "--port", "65535"]).port == 65535


def run_playground(tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("DISCORD_TOKEN", None)
    return subprocess.run([sys.executable, "-m", "bot", "--playground", "--playground-dir", str(tmp_path / "pg"),
                           *options], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=False)


def test_the_playground_on_a_port_in_use_or_an_address_not_here_says_so(tmp_path):
    """A busy --port or an --host that is not this computer's: one line saying what to change, exit 2, before
    the bot starts (no login, no database)."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = run_playground(tmp_path, "--port", str(port))
    assert busy.returncode == 2, busy.stdout + busy.stderr
    assert f"port {port} is in use; choose another --port" in busy.stderr and "Traceback" not in busy.stderr
    elsewhere = run_playground(tmp_path, "--host", "10.255.255.1")
    assert elsewhere.returncode == 2, elsewhere.stdout + elsewhere.stderr
    assert "cannot listen on 10.255.255.1" in elsewhere.stderr and "Traceback" not in elsewhere.stderr
    assert not (tmp_path / "pg" / "rollbot.db").exists()


def test_a_second_playground_on_the_same_folder_is_refused(tmp_path):
    """Two playgrounds on one --playground-dir both ran and saved the server's state over each other (a tour
    lost a lobby message): the folder is locked while one runs (held here as a running playground holds it)."""
    from playground.run import LOCK_FILE, lock_folder

    folder = tmp_path / "pg"
    folder.mkdir()
    held = lock_folder(folder)
    assert not isinstance(held, str) and (folder / LOCK_FILE).exists()
    try:
        second = run_playground(tmp_path)
    finally:
        held.close()
    assert second.returncode == 2, second.stdout + second.stderr
    assert "another playground is running on" in second.stderr and "Traceback" not in second.stderr
    assert not (folder / "rollbot.db").exists() and not (folder / "server.pickle").exists()
    again = lock_folder(folder)                  # free again once the first one let go
    assert not isinstance(again, str)
    again.close()


def test_a_page_open_beyond_this_computer_is_warned_about():
    """The page has no sign-in: a --host other than loopback (0.0.0.0, a LAN address) gets a warning at start."""
    from playground.run import _loopback

    assert all(_loopback(host) for host in ("127.0.0.1", "127.0.0.2", "::1", "localhost"))
    assert not any(_loopback(host) for host in ("0.0.0.0", "", "::", "192.168.1.5", "example.org"))


async def test_ctrl_c_in_a_terminal_stops_the_bot_without_a_traceback(tmp_path):
    """Ctrl-C sends SIGINT to the terminal's whole process group, the drawing process included: the bot shuts
    down cleanly, and the drawing process (which the bot ends itself) prints no KeyboardInterrupt traceback."""
    env = bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10", ROLLBOT_LOGIN_RETRY_MAX_SECONDS="1",
                  ROLLBOT_DRAWING_PROCESSES="1")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
                                                start_new_session=True)     # a terminal's process group of its own
    lines, code, log = await three_retries_then(proc, lambda: os.killpg(proc.pid, signal.SIGINT))
    assert any("drawing in 1 process" in line for line in lines), log
    assert code == 0 and "shutting down" in log, log
    assert "Traceback" not in log and "KeyboardInterrupt" not in log, log


@pytest.mark.parametrize("where", [":memory:", "sqlite:///:memory:"])
async def test_an_in_memory_database_is_warned_about(tmp_path, caplog, where):
    """ROLLBOT_DB=:memory: runs, as docs/engine.md lists it, but every game goes with the process: say so."""
    from bot.app import create_bot

    settings = load_settings({"ROLLBOT_DB": where}, None)
    with caplog.at_level("WARNING", logger="bot"):
        bot = await create_bot(settings, sync_commands=False)
        await bot.store.close()
    assert any(r.levelname == "WARNING" and "every game is lost when the bot stops" in r.getMessage()
               for r in caplog.records), caplog.text
    caplog.clear()
    with caplog.at_level("WARNING", logger="bot"):
        bot = await create_bot(load_settings({"ROLLBOT_DB": str(tmp_path / "g.db")}, None), sync_commands=False)
        await bot.store.close()
    assert "every game is lost" not in caplog.text


# --------------------------------------------- one process per SQLite file and shard

CLAIM_IN_CHILD = """
import sys
from pathlib import Path
from bot.__main__ import claim_database
from bot.config import Settings
shards = None if sys.argv[2] == 'all' else tuple(map(int, sys.argv[2].split(',')))
claim = claim_database(Settings(token=None, db_path=Path(sys.argv[1]), shard_ids=shards,
                                shard_count=None if shards is None else 2))
print(claim if isinstance(claim, str) else 'claimed')
"""


def claim_in_child(db: Path, shards: str) -> str:
    done = subprocess.run([sys.executable, "-c", CLAIM_IN_CHILD, str(db), shards], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


async def test_a_second_bot_on_the_same_sqlite_file_is_one_line_and_exit_2(tmp_path):
    """Tour R: two bots started on one SQLite file both served its games without a word. The first holds the
    file (an advisory lock the system drops with the process); the second stops before opening the store."""
    from bot.__main__ import claim_database
    from bot.config import Settings

    db = tmp_path / "g.db"
    held = claim_database(Settings(token=None, db_path=db))     # this test process is the first bot
    assert held is not None and not isinstance(held, str)
    proc = await spawn(tmp_path, bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10"))
    code, log = await finish(proc, timeout=60)
    assert code == 2, log
    assert f"another rollbot process is serving its games from the database {str(db)!r}" in log, log
    assert "Traceback" not in log and "cannot reach Discord" not in log
    held.close()                                                # the first stops: the file is free again
    assert claim_in_child(db, "all") == "claimed"


def test_processes_of_one_layout_share_the_file_but_not_a_shard(tmp_path):
    from bot.__main__ import claim_database
    from bot.config import Settings

    db = tmp_path / "g.db"
    held = claim_database(Settings(token=None, db_path=db, shard_ids=(1,), shard_count=2))
    assert not isinstance(held, str) and held is not None
    assert claim_in_child(db, "0") == "claimed"
    assert "serving shard 1 from the database" in claim_in_child(db, "1")
    assert "serving its games" in claim_in_child(db, "all")
    held.close()
    assert claim_database(Settings(token=None, db_path=Path(":memory:"))) is None
    assert claim_database(Settings(token=None, db_path="postgresql://rollbot@db/rollbot")) is None


INTERRUPT_WHILE_IMPORTING = """
import builtins, os, runpy, signal, sys
real_import = builtins.__import__
def interrupting(name, *args, **kwargs):
    if name == "aiohttp":                      # Ctrl-C while the bot's own imports load
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)
builtins.__import__ = interrupting
sys.argv = ["bot"]
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_while_the_bot_is_still_loading_stops_it_quietly(tmp_path):
    """Tour R: a Ctrl-C in the first second printed a KeyboardInterrupt traceback from an import."""
    env = bot_env(tmp_path, f"http://127.0.0.1:{closed_port()}/api/v10")
    done = subprocess.run([sys.executable, "-c", INTERRUPT_WHILE_IMPORTING], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 128 + signal.SIGINT, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr, done.stderr
