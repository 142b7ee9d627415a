"""Undo as data: which moves of the log are in effect, and which one a player may take back.

The log is append-only, so taking a move back appends an *undo entry* (a ``moves`` row whose ``undoes``
names the seq it takes back). The effective move list is the log read as a stack: a move is pushed, an undo
entry pops the move it names, which must be the top one. Replay (``verify``, ``migrate-db``, the engine's
own undo) plays the effective list, so seed + log (undo entries included) still reproduce the state.

Policy (Board Game Arena's): a player takes back their own moves of the current turn, one at a time, the
last one first, up to the last move that revealed something new (a roll, a draw, a reroll — the game's
``reveals`` hook decides) and never across another seat's move (nor a move the bot made for their seat).
One move per undo keeps every undo a single, visible step (the Undo button takes back the last move;
several clicks go further back), so nobody is surprised by a whole turn vanishing at once.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import errors
from .records import MoveRecord


class BrokenLog(ValueError):
    """An undo entry that does not take back the last effective move: the log cannot be read as a stack."""


def effective_moves(log: Iterable[MoveRecord]) -> list[MoveRecord]:
    """The moves still in effect, in order: every undo entry and the move it took back left out. ``log`` is
    a game's log (``Store.moves``) in seq order."""
    stack: list[MoveRecord] = []
    for entry in log:
        if entry.undoes is None:
            stack.append(entry)
        elif not stack or stack[-1].seq != entry.undoes:
            raise BrokenLog(f"undo entry {entry.seq} takes back move {entry.undoes}, which is not the last one")
        else:
            stack.pop()
    return stack


def replay(kind: Any, seats: int, seed: int, options: Mapping, moves: Sequence[MoveRecord]) -> Any:
    """The state after playing ``moves`` from the start (the engine's undo, ``verify``)."""
    state = kind.create(seats, seed, dict(options))
    for logged in moves:
        state, _events = kind.apply(state, logged.seat, logged.move)
    return state


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """What an undo would take back: the move and the state before it."""
    target: MoveRecord
    before: Any


def plan_undo(kind: Any, seats: int, seed: int, options: Mapping, log: Sequence[MoveRecord], seat: int,
              user_id: int | None, game_id: int) -> UndoPlan:
    """The move ``seat``'s player (``user_id``) may take back now, with the state before it; raises the
    refusal otherwise. Replays the effective moves up to the target from the seed."""
    if not kind.has_undo:
        raise errors.UndoUnsupported(game_id=game_id)
    moves = effective_moves(log)
    if not any(m.seat == seat for m in moves):
        raise errors.NothingToUndo(game_id=game_id)
    target = moves[-1]
    if target.seat != seat or target.user_id != user_id:
        own = next((m.seq for m in reversed(moves) if m.seat == seat and m.user_id == user_id), None)
        raise errors.UndoAfterOtherPlayer(game_id=game_id, since=own)   # ``since``: the player's last move in effect
    before = replay(kind, seats, seed, options, moves[:-1])
    after, _events = kind.apply(before, target.seat, target.move)
    if kind.reveals(before, target.move, after):
        raise errors.UndoAfterReveal(game_id=game_id)
    return UndoPlan(target, before)
