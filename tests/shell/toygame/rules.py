"""Pig's rules as a game kind: on your turn roll a die as often as you like, adding it to your turn total; a 1
loses the turn total and ends your turn; "hold" banks it. The first to reach the target wins.

Pure and deterministic: the random stream lives in the state (an LCG), so seed + moves replay exactly.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace

from bot.games.errors import RuleError
from bot.games.kind import Kind

MASK = 2**64 - 1
TARGETS = (20, 30)


@dataclass(frozen=True)
class PigState:
    target: int
    scores: tuple[int, ...]
    turn: int
    turn_total: int
    rng: int
    finished: bool = False


def _roll(rng: int) -> tuple[int, int]:
    rng = (rng * 6364136223846793005 + 1442695040888963407) & MASK
    return (rng >> 33) % 6 + 1, rng


class PigKind(Kind):
    name = "pig"
    min_seats = 1
    max_seats = 4
    #: the bot: "easy" holds at 4 or more this turn, "hard" at 10 or more (or when that wins)
    ai_levels = ("easy", "hard")
    has_undo = has_hint = True

    def choose_move(self, state: PigState, seat: int, level: str, seed: int) -> dict:
        enough = 4 if level == "easy" else 10
        wins = state.scores[seat] + state.turn_total >= state.target
        if state.turn_total and (state.turn_total >= enough or wins):
            return {"type": "hold"}
        return {"type": "roll"}

    def create(self, seats: int, seed: int, options: dict) -> PigState:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise RuleError("bad_seats", "pig.error.bad_seats")
        target = options.get("target", 20)
        if set(options) - {"target"} or type(target) is not int or target not in TARGETS:
            raise RuleError("bad_option", "pig.error.bad_option")
        return PigState(target, (0,) * seats, 0, 0, seed & MASK)

    def apply(self, state: PigState, seat: int, move: dict) -> tuple[PigState, list[dict]]:
        if not isinstance(move, dict) or move not in self.legal_moves(state, seat):
            raise RuleError("illegal", "pig.error.illegal")
        if move["type"] == "roll":
            value, rng = _roll(state.rng)
            if value == 1:
                events = [{"key": "pig.event.bust", "params": {"seat": seat}}]
                return replace(state, rng=rng, turn_total=0, turn=(seat + 1) % len(state.scores)), events
            state = replace(state, rng=rng, turn_total=state.turn_total + value)
            return state, [{"key": "pig.event.rolled", "params": {"seat": seat, "value": value}}]
        scores = list(state.scores)
        scores[seat] += state.turn_total
        events = [{"key": "pig.event.held", "params": {"seat": seat, "points": state.turn_total,
                                                        "score": scores[seat]}}]
        finished = scores[seat] >= state.target
        turn = seat if finished else (seat + 1) % len(scores)
        return replace(state, scores=tuple(scores), turn_total=0, turn=turn, finished=finished), events

    def hint(self, state: PigState, seat: int, seed: int) -> dict:
        move = self.choose_move(state, seat, "hard", seed)
        return {"move": move, "key": "pig.hint.why", "params": {"total": state.turn_total}}

    def reveals(self, before: PigState, move: dict, after: PigState) -> bool:
        """Undo's hook: a roll shows a new die; a hold only banks what everyone saw."""
        return before.rng != after.rng

    def legal_moves(self, state: PigState, seat: int) -> list[dict]:
        if state.finished or seat != state.turn:
            return []
        return [{"type": "roll"}] + ([{"type": "hold"}] if state.turn_total else [])

    def pending(self, state: PigState) -> list[dict]:
        return [] if state.finished else [{"seat": state.turn, "decision": "turn"}]

    def is_finished(self, state: PigState) -> bool:
        return state.finished

    def score(self, state: PigState) -> dict:
        return {"seats": [{"seat": s, "total": total} for s, total in enumerate(state.scores)]}

    def dumps(self, state: PigState) -> str:
        return json.dumps({"target": state.target, "scores": state.scores, "turn": state.turn,
                           "turn_total": state.turn_total, "rng": state.rng, "finished": state.finished})

    def loads(self, text: str) -> PigState:
        try:
            data = json.loads(text)
            return PigState(int(data["target"]), tuple(int(x) for x in data["scores"]), int(data["turn"]),
                            int(data["turn_total"]), int(data["rng"]), bool(data["finished"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise RuleError("bad_snapshot", "pig.error.bad_snapshot") from exc


KIND = PigKind()
