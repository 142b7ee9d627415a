"""Damaged, read-only and locked database files: a clear answer at once, never a traceback or a long hang.

* ``verify`` on a file with a damaged page of the moves table reports the damage and exits 1.
* ``Store.open`` scans the file by default and refuses a damaged one with a message saying how to restore it.
* A file the process cannot write is refused at open (not after it has accepted a game's first move).
* Another process holding the write lock fails a batch of moves once, after one busy timeout, with a
  ``StorageError`` that says so, and reads go on meanwhile.
"""
from __future__ import annotations

import asyncio
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.engine import SessionManager, StorageError, Store, StoreOpenError
from bot.engine.__main__ import run_verify
from tests.engine.helpers import ENDLESS, REPO, db_dump, registry

KINDS = ["tests.engine.toy_kind:KIND", "tests.engine.toy_kind:DUEL_KIND"]
PAGE = 4096


GAMES = 40


async def build(path: Path, games: int = GAMES, moves: int = 30) -> list[int]:
    store = await Store.open(path, synchronous="OFF")  # test data: no fsync needed
    mgr = SessionManager(store, registry())
    ids = []
    for channel in range(games):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1, seed=channel)
        for version in range(moves):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
        ids.append(game.id)
    await store.close()  # the last connection checkpoints the WAL into the main file
    return ids


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """One file of 40 games with 30 moves each, built once; each test damages its own copy."""
    path = tmp_path_factory.mktemp("pristine") / "games.db"
    asyncio.run(build(path))
    return path


@pytest.fixture
def built(pristine, db_path) -> Path:
    shutil.copyfile(pristine, db_path)
    return db_path


def moves_pages(path: Path, page_type: str) -> list[int]:
    """Pages of the moves table: from dbstat when SQLite has it, else the root page from sqlite_master."""
    db = sqlite3.connect(path)
    try:
        try:
            return [r[0] for r in db.execute("SELECT pageno FROM dbstat WHERE name = 'moves' AND pagetype = ?"
                                             " ORDER BY pageno", (page_type,))]
        except sqlite3.OperationalError:
            return [db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'").fetchone()[0]]
    finally:
        db.close()


def smash(path: Path, page: int) -> None:
    data = bytearray(path.read_bytes())
    start = (page - 1) * PAGE
    data[start + 8:start + PAGE] = b"\xa5" * (PAGE - 8)  # keep the page type byte, ruin cells and pointers
    path.write_bytes(bytes(data))


# ------------------------------------------------------------------------------------------ verify

@pytest.mark.parametrize("page_type", ["leaf", "internal"])
async def test_verify_reports_a_damaged_moves_page_and_exits_1(built, page_type):
    db_path = built
    pages = moves_pages(db_path, page_type)
    assert pages, "the moves table spans several pages"
    smash(db_path, pages[len(pages) // 2])
    out = io.StringIO()
    assert await run_verify(str(db_path), KINDS, out) == 1
    text = out.getvalue()
    assert "integrity check:" in text and "is damaged" in text
    assert ".recover" in text and ".backup" in text and "python -m bot.engine verify" in text
    if page_type == "leaf":
        # one leaf holds a few games' moves: those are reported, the others are still replayed
        assert "cannot be read" in text or "differs" in text or "gaps" in text
        assert f"checked {GAMES} games" in text


def test_verify_command_line_on_a_damaged_page_has_no_traceback(built):
    db_path = built
    pages = moves_pages(db_path, "internal") or moves_pages(db_path, "leaf")
    smash(db_path, pages[0])
    done = subprocess.run([sys.executable, "-m", "bot.engine", "verify", str(db_path), "--kinds", *KINDS],
                          check=False, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "is damaged" in done.stdout and ".recover" in done.stdout


# -------------------------------------------------------------------------------- opening damaged

async def test_open_refuses_a_damaged_file_by_default_and_says_how_to_restore(built):
    db_path = built
    smash(db_path, moves_pages(db_path, "leaf")[-1])
    with pytest.raises(StoreOpenError) as caught:
        await Store.open(db_path)
    message = str(caught.value)
    assert str(db_path) in message and "damaged" in message
    assert ".backup" in message and ".recover" in message and "python -m bot.engine verify" in message
    assert (await Store.open(db_path, quick_check=False)) is not None, "the scan is what finds it"


@pytest.mark.parametrize("page_type", ["leaf", "internal"])
def test_the_restore_recipe_works(built, tmp_path, page_type):
    """Following the message: salvage into a new file, which opens (quick_check passes) and verifies; only
    the games whose rows were on the damaged page are reported, and a backup taken before is intact."""
    db_path = built
    backup = tmp_path / "backup.db"
    if shutil.which("sqlite3"):
        subprocess.run(["sqlite3", str(db_path), f".backup '{backup}'"], check=True, timeout=60)
    smash(db_path, moves_pages(db_path, page_type)[-1])
    salvaged = tmp_path / "salvaged.db"

    def engine(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "bot.engine", *args], cwd=REPO, capture_output=True,
                              text=True, timeout=120, check=False)

    done = engine("salvage", str(db_path), str(salvaged))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert f"copied {GAMES} games" in done.stdout and "lost: moves of game" in done.stdout
    lost = {int(line.split("moves of game ")[1].split(":")[0]) for line in done.stdout.splitlines()
            if line.startswith("lost: moves of game")}
    assert 0 < len(lost) < GAMES or page_type == "internal"
    checked = engine("verify", str(salvaged), "--kinds", *KINDS)
    assert "integrity check:" not in checked.stdout and f"checked {GAMES} games" in checked.stdout
    reported = {int(line.split()[1]) for line in checked.stdout.splitlines() if line.startswith("game ")}
    assert reported == lost, checked.stdout
    assert asyncio.run(_opens(salvaged)) == GAMES
    if backup.exists():
        assert engine("verify", str(backup), "--kinds", *KINDS).returncode == 0


async def _opens(path: Path) -> int:
    store = await Store.open(path)
    try:
        return len(await store.game_ids())
    finally:
        await store.close()


# ------------------------------------------------------------------------------------- read-only

READ_ONLY_CHILD = textwrap.dedent("""
    import asyncio, sys
    sys.path.insert(0, {repo!r})
    from bot.engine import SessionManager, Store, StoreOpenError
    from tests.engine.helpers import ENDLESS, registry
    async def main():
        try:
            store = await Store.open({path!r})
        except StoreOpenError as error:
            print("refused:", error)
            return
        mgr = SessionManager(store, registry())
        game_id = await store.open_game_id(1)
        try:
            await mgr.apply(game_id, 1, {{"action": "roll"}})
            print("moved")
        except Exception as error:
            print("opened, then the move failed:", error)
        await store.close()
    asyncio.run(main())
""")


def run_without_write_access(path: Path, command: list[str] | None = None) -> str:
    """Run the child as this user but, if that is root, without the capability that lets root ignore file
    permissions (``setpriv`` drops it from the bounding set): the file's mode bits then apply as for any
    service user."""
    if command is None:
        command = [sys.executable, "-c", READ_ONLY_CHILD.format(repo=str(REPO), path=str(path))]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv, "running as root: setpriv (util-linux) is needed to drop CAP_DAC_OVERRIDE"
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False, cwd=REPO)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def run_with_mode(target: Path, mode: int, path: Path, command: list[str] | None = None) -> str:
    """``run_without_write_access`` while ``target`` (the file or its folder) has ``mode``; then writable again."""
    target.chmod(mode)
    try:
        return run_without_write_access(path, command)
    finally:
        target.chmod(0o755 if target.is_dir() else 0o644)


async def test_a_read_only_file_is_refused_at_open(db_path):
    store = await Store.open(db_path)
    await SessionManager(store, registry()).create("dicerace", 1, 1, 1, "a", ENDLESS, 1, seed=1)
    await store.close()
    before = db_dump(db_path)
    out = run_with_mode(db_path, 0o444, db_path)
    assert out.startswith("refused:"), out
    assert "read-only" in out and str(db_path) in out
    assert db_dump(db_path) == before


def test_verify_reads_a_file_it_may_not_write(built):
    """verify only reads: a backup on read-only storage (or another user's file) can still be checked."""
    out = run_with_mode(built, 0o444, built, [sys.executable, "-m", "bot.engine", "verify", str(built), "--kinds",
                                              *KINDS])
    assert f"checked {GAMES} games" in out and "0 with problems" in out


# ------------------------------------------------------------------------------- another writer

LOCK_HOLDER = textwrap.dedent("""
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    sys.stdin.read()          # hold the write lock until the test closes our stdin
    db.execute("ROLLBACK")
""")


async def hold_write_lock(path: Path) -> asyncio.subprocess.Process:
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", LOCK_HOLDER, str(path),
                                                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert (await asyncio.wait_for(proc.stdout.readline(), 30)).strip() == b"locked"
    return proc


async def release(proc: asyncio.subprocess.Process) -> None:
    proc.stdin.close()
    await asyncio.wait_for(proc.wait(), 30)


BUSY_MS = 600


async def test_moves_fail_once_and_quickly_while_another_process_holds_the_lock(db_path):
    store = await Store.open(db_path, busy_timeout_ms=BUSY_MS)
    mgr = SessionManager(store, registry())
    games = [await mgr.create("dicerace", 1, c, 1, "a", ENDLESS, 1, seed=c) for c in range(4)]
    bystander = games.pop()
    mgr._forget(bystander.id)  # not cached: reading it needs the database
    before = db_dump(db_path)
    holder = await hold_write_lock(db_path)
    try:
        started = time.perf_counter()
        moves = asyncio.gather(*(mgr.apply(g.id, 1, {"action": "roll"}, 0) for g in games),
                               return_exceptions=True)
        await asyncio.sleep(0.05)  # the batch is now waiting for the other process's lock
        read_started = time.perf_counter()
        assert (await mgr.load(bystander.id)).version == 0
        assert len(await store.game_ids()) == 4
        read_took = time.perf_counter() - read_started
        outcomes = await moves
        took = time.perf_counter() - started
    finally:
        await release(holder)
    assert read_took < 0.3, f"a read waited {read_took:.2f} s behind a write stuck on another process's lock"
    assert all(isinstance(o, StorageError) for o in outcomes), outcomes
    assert all("locked by another process" in o.params["reason"] for o in outcomes)
    assert took < 2 * BUSY_MS / 1000, f"three moves took {took:.2f} s to fail (one busy timeout is {BUSY_MS} ms)"
    assert db_dump(db_path) == before
    # once the other process lets go, the same moves go through
    results = await asyncio.gather(*(mgr.apply(g.id, 1, {"action": "roll"}, 0) for g in games))
    assert [r.version for r in results] == [1, 1, 1]
    await store.close()


async def test_a_file_locked_by_another_process_at_start_is_refused_clearly(db_path):
    await (await Store.open(db_path)).close()
    holder = await hold_write_lock(db_path)
    try:
        with pytest.raises(StoreOpenError, match="locked by another process"):
            await Store.open(db_path, busy_timeout_ms=200)
    finally:
        await release(holder)


@pytest.mark.parametrize("file", ["there", "not yet made"])
def test_a_read_only_folder_is_refused_saying_what_to_fix(tmp_path, file):
    """A folder the bot may not write, with the file in it or not: the message names the resolved path and the
    fix, as for a read-only file, instead of SQLite's 'attempt to write a readonly database' or 'unable to open
    database file'."""
    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "g.db"
    if file == "there":
        asyncio.run(build(path, games=1, moves=1))
    out = run_with_mode(folder, 0o555, path)
    assert out.startswith("refused:"), out
    assert "give the user the bot runs as write access to it and to its folder" in out, out
    if file == "there":
        assert f"{path} or its folder is read-only" in out
    else:
        assert f"cannot create the file in {folder}: the folder is not writable" in out
        assert not path.exists()
