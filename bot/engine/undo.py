"""Undo as data: which moves of the log are in effect, and which one a player may take back.

The log is append-only, so taking a move back appends an *undo entry* (a ``moves`` row whose ``undoes``
names the seq it takes back). The effective move list is the log read as a stack: a move is pushed, an undo
entry pops the move it names, which must be the top one. Replay (``verify``, ``migrate-db``, the engine's
own undo) plays the effective list, so seed + log (undo entries included) still reproduce the state.

Policy (Board Game Arena's): a player takes back their own moves of the current turn, one at a time, the
last one first, up to the last move that revealed something new (a roll, a draw, a reroll — the game's
``reveals`` hook decides) and never across another seat's move (nor a move the bot made for their seat).
A turn is over once another seat has moved in a turn of its own after it, even if that seat took all its
moves back since: the log keeps them, so the player whose turn it was cannot take it back days later
(``turn_ended_by``). Seats deciding at once (a simultaneous setup step) share one turn until the step ends.
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
    # the player's own moves: a seat whose only moves in effect were played for it (the bot standing in, the
    # rules' move when its clock ran out) has nothing to take back; "another player has moved since" was untrue
    if not any(m.seat == seat and m.user_id == user_id for m in moves):
        raise errors.NothingToUndo(game_id=game_id)
    target = moves[-1]
    if target.seat != seat or target.user_id != user_id:
        own = next((m.seq for m in reversed(moves) if m.seat == seat and m.user_id == user_id), None)
        raise errors.UndoAfterOtherPlayer(game_id=game_id, since=own)   # ``since``: the player's last move in effect
    before = replay(kind, seats, seed, options, moves[:-1])
    after, _events = kind.apply(before, target.seat, target.move)
    ended_by = turn_ended_by(kind, before, target, after, [m for m in log if m.seq > target.seq])
    if ended_by is not None:
        raise errors.UndoAfterTurnEnded(game_id=game_id, seat=ended_by.seat)
    if kind.reveals(before, target.move, after):
        raise errors.UndoAfterReveal(game_id=game_id)
    return UndoPlan(target, before)


def due_seats(kind: Any, state: Any) -> set[int]:
    """The seats with a decision to make in ``state``."""
    return {item["seat"] for item in kind.pending(state) if item.get("seat") is not None}


def turn_ended_by(kind: Any, before: Any, target: MoveRecord, after: Any,
                  later: Sequence[MoveRecord]) -> MoveRecord | None:
    """The first move of ``later`` (the log after ``target``: moves and undo entries, all of them taken back
    since, as ``target`` is the top effective move) with which another seat played a turn of its own, or
    None: ``target``'s turn is still the current one. The log is replayed from ``after`` (the state after
    ``target``) so each later move is judged in the state it was made in.

    A move of another seat does not end the turn when that seat was not due (an any-time move out of turn),
    nor when it was due alongside the player when they made ``target`` and the public step has not changed
    since (a simultaneous step, such as everyone placing their starting dice: one shared turn). Any other
    move of another seat began that seat's turn, so ``target``'s turn was over, whatever was undone since
    (a player must not take back, days later, a move the next player already built their turn on)."""
    together = due_seats(kind, before)
    shared = target.seat in together
    mark = kind.step_mark(before)
    states = [after]
    for entry in later:
        if entry.undoes is not None:
            states.pop()
            continue
        state = states[-1]
        if entry.seat != target.seat and entry.seat in due_seats(kind, state):
            simultaneous = shared and entry.seat in together and kind.step_mark(state) == mark
            if not simultaneous:
                return entry
        states.append(kind.apply(state, entry.seat, entry.move)[0])
    return None
