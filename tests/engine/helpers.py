"""Helpers shared by the engine tests (the fixtures live in conftest.py)."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot.engine import KindRegistry
from tests.engine.toy_kind import DUEL_KIND, KIND

REPO = Path(__file__).resolve().parents[2]

ENDLESS = {"target": 10**9}


class FakeClock:
    """A clock the tests move by hand (reminders, timestamps)."""

    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def db_dump(path: Path) -> list[str]:
    """Everything committed in the file, as SQL text (a second connection: sees only what was committed)."""
    db = sqlite3.connect(path)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def registry() -> KindRegistry:
    return KindRegistry([KIND, DUEL_KIND])


def replayed_snapshot(path: Path, game_id: int) -> tuple[str, str, int, list[int]]:
    """(stored snapshot, snapshot of seed+options+seats+log replayed, version, logged seqs)."""
    db = sqlite3.connect(path)
    try:
        kind_name, seed, options, snapshot, version = db.execute(
            "SELECT kind, seed, options, snapshot, version FROM games WHERE id = ?", (game_id,)).fetchone()
        seats = db.execute("SELECT count(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()[0]
        moves = db.execute("SELECT seq, seat, move FROM moves WHERE game_id = ? ORDER BY seq",
                           (game_id,)).fetchall()
    finally:
        db.close()
    kind = registry()[kind_name]
    state = kind.create(seats, seed, json.loads(options))
    for _seq, seat, move in moves:
        state, _ = kind.apply(state, seat, json.loads(move))
    return snapshot, kind.dumps(state), version, [m[0] for m in moves]
