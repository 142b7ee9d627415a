"""SIGKILL at random instants: every acknowledged move survives, the snapshot equals the replayed log, and
play continues after each restart."""
from __future__ import annotations

import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from tests.engine.helpers import REPO, replayed_snapshot

CHILD = Path(__file__).with_name("crash_child.py")
KILLS = 36


def check_database(path: Path, acked: dict[int, int]) -> int:
    """All acknowledged moves present, every started game's snapshot = replay, versions = log length."""
    db = sqlite3.connect(path)
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").fetchone():
            # killed while the very first migration ran: it was rolled back, nothing was ever acknowledged
            assert not acked, "moves were acknowledged from a file without a schema"
            return 0
        games = db.execute("SELECT id FROM games WHERE snapshot IS NOT NULL").fetchall()
        logged = dict(db.execute("SELECT game_id, max(seq) FROM moves GROUP BY game_id").fetchall())
        open_games = db.execute("SELECT count(*) FROM games WHERE channel_id = 1 AND status IN "
                                "('lobby', 'active')").fetchone()[0]
    finally:
        db.close()
    assert open_games <= 1
    for game_id, seq in acked.items():
        assert logged.get(game_id, 0) >= seq, f"game {game_id}: acknowledged move {seq} lost"
    for (game_id,) in games:
        stored, replayed, version, seqs = replayed_snapshot(path, game_id)
        assert seqs == list(range(1, version + 1)), f"game {game_id}: log has gaps or extra moves"
        assert stored == replayed, f"game {game_id}: snapshot differs from the replay"
    return sum(logged.values())


def run_child(path: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CHILD), str(path), *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def first_line(fd: int) -> str:
    """Read up to the first newline byte by byte, so no later output sits in a Python buffer that
    ``communicate`` (which reads the raw pipe) would miss."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(fd, 1)
        if not chunk:
            break
        data += chunk
    return data.decode()


def read_acks(out: str, acked: dict[int, int]) -> int:
    count = 0
    for line in out.splitlines():
        if line.startswith("ack "):
            _, game_id, seq = line.split()
            acked[int(game_id)] = max(acked.get(int(game_id), 0), int(seq))
            count += 1
    return count


def test_sigkill_at_random_instants_loses_no_acknowledged_move(tmp_path):
    path = tmp_path / "crash.db"
    rng = random.Random(2024)
    acked: dict[int, int] = {}
    total_acks, kills_mid_play = 0, 0
    for attempt in range(KILLS):
        # Any synchronous setting must survive a process crash (it only matters for power loss).
        child = run_child(path, str(10**9), "FULL" if attempt % 2 else "NORMAL")
        head = ""
        if attempt % 4 == 0:  # a kill anywhere from start-up (open, migration) on
            time.sleep(rng.uniform(0.0, 0.3))
        else:  # a kill in the middle of moves and commits, however slow start-up is on this machine
            # Wait for the first acknowledged move, however slow start-up is on a loaded machine, so
            # that this kill lands among moves and commits.
            while not any(line.startswith("ack ") for line in head.splitlines()):
                ready, _, _ = select.select([child.stdout], [], [], 30)
                assert ready, "child acknowledged no move"
                line = first_line(child.stdout.fileno())
                assert line, f"child exited early: {child.stderr.read() if child.stderr else ''}"
                head += line
            time.sleep(rng.uniform(0.0, 0.25))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        out = head + out
        assert child.returncode == -signal.SIGKILL, err
        acks = read_acks(out, acked)
        total_acks += acks
        kills_mid_play += acks > 0
        if path.exists():
            check_database(path, acked)
        else:
            assert acks == 0

    print(f"{KILLS} kills, {kills_mid_play} during play, {total_acks} acknowledged moves, "
          f"{len(acked)} games")
    assert kills_mid_play >= KILLS // 2 and total_acks > 100  # the kills really hit a busy writer
    before = check_database(path, acked)
    child = run_child(path, "25")
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    assert read_acks(out, acked) == 25 and out.rstrip().endswith("done")
    assert check_database(path, acked) == before + 25
