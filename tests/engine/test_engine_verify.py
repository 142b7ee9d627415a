"""``python -m bot.engine verify``: replays every game and reports the ones whose snapshot differs."""
from __future__ import annotations

import asyncio
import io
import sqlite3
import subprocess
import sys

from bot.engine import SessionManager, Store
from bot.engine.__main__ import run_verify
from tests.engine.helpers import ENDLESS, REPO, registry

KINDS = ["tests.engine.toy_kind:KIND", "tests.engine.toy_kind:DUEL_KIND"]


async def make_games(path):
    store = await Store.open(path)
    mgr = SessionManager(store, registry())
    ids = []
    for channel in range(3):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1, seed=channel)
        for version in range(4):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
        ids.append(game.id)
    lobby = await mgr.create("diceduel", 1, 9, 1, "a", ENDLESS, 2)
    await store.close()
    return ids, lobby.id


async def test_verify_passes_on_a_healthy_file(db_path):
    await make_games(db_path)
    out = io.StringIO()
    assert await run_verify(str(db_path), KINDS, out) == 0
    assert "checked 3 games" in out.getvalue() and "0 with problems" in out.getvalue()


async def test_verify_reports_a_tampered_snapshot(db_path):
    ids, _ = await make_games(db_path)
    db = sqlite3.connect(db_path)
    db.execute("UPDATE games SET snapshot = replace(snapshot, '\"turn\":0', '\"turn\":0 ') WHERE id = ?",
               (ids[1],))
    db.commit()
    db.close()
    out = io.StringIO()
    assert await run_verify(str(db_path), KINDS, out) == 1
    text = out.getvalue()
    assert f"game {ids[1]} " in text and "snapshot differs" in text and f"game {ids[0]} " not in text


async def test_verify_reports_games_it_cannot_replay(db_path):
    await make_games(db_path)
    out = io.StringIO()
    assert await run_verify(str(db_path), [], out) == 1  # the toy kind is not a shipped kind
    assert "is not registered" in out.getvalue()


async def test_verify_refuses_a_corrupt_file(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"\x00garbage" * 512)
    out = io.StringIO()
    assert await run_verify(str(path), KINDS, out) == 2
    assert str(path) in out.getvalue()


def test_command_line(db_path):
    asyncio.run(make_games(db_path))
    done = subprocess.run([sys.executable, "-m", "bot.engine", "verify", str(db_path), "--kinds", *KINDS],
                          check=False, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 with problems" in done.stdout


# ------------------------------------------------------------------ the tools never make or change their source

def engine_command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.engine", *args], check=False, cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def test_verify_of_a_missing_file_is_refused_and_creates_nothing(tmp_path):
    """A typo in the path of a backup must not read as 'checked 0 games: 0 with problems'."""
    missing = tmp_path / "typo.db"
    done = engine_command("verify", str(missing))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "no such file" in done.stdout and str(missing) in done.stdout and "checked" not in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_migrate_db_of_a_missing_file_is_refused_and_creates_nothing(tmp_path):
    """A typo in the source must not 'migrate 0 games', say 'verified' and exit 0 (the destination is never
    dialled: the source is opened first)."""
    missing = tmp_path / "typo.db"
    done = engine_command("migrate-db", str(missing), "postgresql://nobody@127.0.0.1:1/none")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "no such file" in done.stdout and "copied" not in done.stdout and "verified" not in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_salvage_checks_its_source_before_it_makes_the_target(tmp_path):
    """A missing or non-SQLite source: exit 2 naming it, and no target left behind to block the corrected rerun."""
    target = tmp_path / "salvaged.db"
    done = engine_command("salvage", str(tmp_path / "typo.db"), str(target))
    assert done.returncode == 2 and "no such file" in done.stdout and "typo.db" in done.stdout, done.stdout
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"\x00garbage" * 512)
    done = engine_command("salvage", str(garbage), str(target))
    assert done.returncode == 2 and "garbage.db" in done.stdout, done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["garbage.db"]


async def test_salvage_that_fails_midway_removes_the_target_it_made(tmp_path, monkeypatch):
    from bot.engine import verify

    source, target = tmp_path / "games.db", tmp_path / "salvaged.db"
    await make_games(source)

    def disk_full(*_args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(verify, "_try", disk_full)
    out = io.StringIO()
    from bot.engine.__main__ import run_salvage
    assert await run_salvage(str(source), str(target), out) == 2
    assert "No space left" in out.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.db"]


def files_of(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_verify_writes_nothing_to_or_beside_the_file(tmp_path):
    """docs/engine.md: verify needs no write access. Checking a read-only backup in a writable folder leaves it,
    and its folder, as they were (no -wal or -shm left beside it)."""
    from tests.engine.test_engine_hardening_store import run_without_write_access

    path = tmp_path / "backup.db"
    asyncio.run(make_games(path))
    path.chmod(0o444)
    before = files_of(tmp_path)
    out = run_without_write_access(path, [sys.executable, "-m", "bot.engine", "verify", str(path), "--kinds", *KINDS])
    assert "checked 3 games" in out and "0 with problems" in out
    assert files_of(tmp_path) == before


def test_verify_checks_a_file_of_an_older_schema_without_migrating_it(tmp_path):
    """A backup from an older rollbot is checked on a migrated copy: the file itself keeps its revision, so the
    rollbot that wrote it still opens it."""
    from tests.engine.test_engine_migration import write_v6_file

    path = tmp_path / "old.db"
    write_v6_file(path)
    before = files_of(tmp_path)
    done = engine_command("verify", str(path), "--kinds", *KINDS)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "older schema revision" in done.stdout and "checked 2 games" in done.stdout
    assert files_of(tmp_path) == before
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (6,)
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'alembic_version'").fetchone() == (0,)
    db.close()


def test_verify_reads_a_backup_in_a_read_only_folder(tmp_path):
    """A backup on read-only storage (file and folder not writable, no write access to override it), at the
    current and at an older revision."""
    from tests.engine.test_engine_hardening_store import run_without_write_access
    from tests.engine.test_engine_migration import write_v6_file

    shelf = tmp_path / "shelf"
    shelf.mkdir()
    asyncio.run(make_games(shelf / "current.db"))
    write_v6_file(shelf / "old.db")
    for path in shelf.iterdir():
        path.chmod(0o444)
    shelf.chmod(0o555)
    try:
        current = run_without_write_access(shelf / "current.db", [sys.executable, "-m", "bot.engine", "verify",
                                                                 str(shelf / "current.db"), "--kinds", *KINDS])
        old = run_without_write_access(shelf / "old.db", [sys.executable, "-m", "bot.engine", "verify",
                                                         str(shelf / "old.db"), "--kinds", *KINDS])
    finally:
        shelf.chmod(0o755)
    assert "checked 3 games" in current and "0 with problems" in current
    assert "checked 2 games" in old and "0 with problems" in old
    assert sorted(p.name for p in shelf.iterdir()) == ["current.db", "old.db"]


def test_help_reads_as_text_not_source():
    """``--help``'s description was the module docstring's first line, reStructuredText markup and all."""
    done = engine_command("--help")
    assert done.returncode == 0 and "``" not in done.stdout and "verify replays every game" in done.stdout
