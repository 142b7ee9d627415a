"""Re-deriving every game from its seed, options, seat count and move log, and comparing with the snapshot.

This is the proof that the snapshot is only a cache of the log: if a replay disagrees, the snapshot (or a
kind's determinism) is wrong. It reads each game in its own read transaction, so it can run against the
file of a running bot.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .kinds import KindRegistry
from .store import Store

#: Statuses whose snapshot must equal the replay (a lobby has no state yet; an abandoned game that was
#: started keeps its last snapshot, which must still match).
CHECKED_STATUSES = ("active", "finished", "abandoned")


@dataclass
class GameCheck:
    game_id: int
    kind: str
    status: str
    moves: int
    problem: str | None = None


@dataclass
class VerifyReport:
    checked: list[GameCheck] = field(default_factory=list)
    integrity: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[GameCheck]:
        return [c for c in self.checked if c.problem is not None]

    @property
    def ok(self) -> bool:
        return not self.problems and self.integrity == ["ok"]


def replay(kind, seats: int, seed: int, options: dict, moves: list[tuple[int, dict]]):
    """The state after playing ``moves`` ([(seat, move)]) from the start."""
    state = kind.create(seats, seed, options)
    for seat, move in moves:
        state, _events = kind.apply(state, seat, move)
    return state


def check_game(kinds: KindRegistry, row, seat_count: int, move_rows) -> GameCheck:
    check = GameCheck(row["id"], row["kind"], row["status"], len(move_rows))
    if row["snapshot"] is None:
        if move_rows:
            check.problem = "moves recorded but no snapshot"
        return check
    kind = kinds.get(row["kind"])
    if kind is None:
        check.problem = f"kind {row['kind']!r} is not registered; cannot replay"
        return check
    seqs = [m["seq"] for m in move_rows]
    if seqs != list(range(1, len(seqs) + 1)):
        check.problem = "move log has gaps or duplicates"
        return check
    if row["version"] != len(seqs):
        check.problem = f"version {row['version']} but {len(seqs)} moves logged"
        return check
    try:
        state = replay(kind, seat_count, row["seed"], json.loads(row["options"]),
                       [(m["seat"], json.loads(m["move"])) for m in move_rows])
    except Exception as error:
        check.problem = f"replay failed: {type(error).__name__}: {error}"
        return check
    if kind.dumps(state) != row["snapshot"]:
        check.problem = "snapshot differs from the replay of the move log"
    elif kind.is_finished(state) != (row["status"] == "finished"):
        check.problem = f"replay says finished={kind.is_finished(state)} but status is {row['status']!r}"
    return check


async def verify_store(store: Store, kinds: KindRegistry) -> VerifyReport:
    report = VerifyReport(integrity=await store.integrity_check())
    for game_id in await store.game_ids(CHECKED_STATUSES):
        found = await store.game_for_replay(game_id)
        if found is None:
            continue
        row, seat_count, move_rows = found
        report.checked.append(check_game(kinds, row, seat_count, move_rows))
    return report
