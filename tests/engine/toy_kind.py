"""Dice race: a small but complete game kind for exercising the engine without Roll Player.

Seats take turns. On your turn you ``roll`` (a die from the game's own random stream moves you forward),
``boost`` 1-3 squares by spending that many coins, or ``pass``. Whoever reaches ``target`` ends the game.
The random stream (a 64-bit LCG) lives in the state, so replaying seed + moves gives the same game.
Illegal moves raise ``RuleError`` and leave the state untouched (the state is immutable).
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from bot.games.errors import RuleError
from bot.games.kind import Kind

LCG_A = 6364136223846793005
LCG_C = 1442695040888963407
MASK = 2**64 - 1


@dataclass(frozen=True)
class RaceState:
    target: int
    positions: tuple[int, ...]
    coins: tuple[int, ...]
    turn: int
    rng: int
    finished: bool = False


def _roll(rng: int) -> tuple[int, int]:
    rng = (rng * LCG_A + LCG_C) & MASK
    return (rng >> 33) % 6 + 1, rng


class DiceRaceKind(Kind):
    name = "dicerace"
    min_seats = 1
    max_seats = 4

    def create(self, seats: int, seed: int, options: dict) -> RaceState:
        if not self.min_seats <= seats <= self.max_seats:
            raise RuleError("bad_seat_count", "toy.bad_seat_count", seats=seats)
        target = options.get("target", 30)
        coins = options.get("coins", 3)
        if not isinstance(target, int) or not 5 <= target <= 10**9:
            raise RuleError("bad_option", "toy.bad_option", option="target")
        if not isinstance(coins, int) or not 0 <= coins <= 100:
            raise RuleError("bad_option", "toy.bad_option", option="coins")
        return RaceState(target, (0,) * seats, (coins,) * seats, 0, seed & MASK)

    def _check_turn(self, state: RaceState, seat: int) -> None:
        if state.finished:
            raise RuleError("game_over", "toy.game_over")
        if seat != state.turn:
            raise RuleError("not_your_turn", "toy.not_your_turn", seat=seat, turn=state.turn)

    def apply(self, state: RaceState, seat: int, move: dict) -> tuple[RaceState, list[dict]]:
        self._check_turn(state, seat)
        action = move.get("action")
        positions, coins, rng = list(state.positions), list(state.coins), state.rng
        if action == "roll":
            value, rng = _roll(rng)
            positions[seat] += value
            event = {"key": "toy.rolled", "params": {"seat": seat, "value": value}}
        elif action == "boost":
            amount = move.get("amount")
            if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 3:
                raise RuleError("bad_amount", "toy.bad_amount", amount=amount)
            if coins[seat] < amount:
                raise RuleError("not_enough_coins", "toy.not_enough_coins", have=coins[seat], need=amount)
            coins[seat] -= amount
            positions[seat] += amount
            event = {"key": "toy.boosted", "params": {"seat": seat, "amount": amount}}
        elif action == "pass":
            event = {"key": "toy.passed", "params": {"seat": seat}}
        else:
            raise RuleError("unknown_move", "toy.unknown_move", action=action)
        finished = positions[seat] >= state.target
        events = [event]
        if finished:
            events.append({"key": "toy.won", "params": {"seat": seat}})
        turn = state.turn if finished else (state.turn + 1) % len(positions)
        return RaceState(state.target, tuple(positions), tuple(coins), turn, rng, finished), events

    def legal_moves(self, state: RaceState, seat: int) -> list[dict]:
        if state.finished or seat != state.turn:
            return []
        boosts = [{"action": "boost", "amount": a} for a in (1, 2, 3) if a <= state.coins[seat]]
        return [{"action": "roll"}, *boosts, {"action": "pass"}]

    def pending(self, state: RaceState) -> list[dict]:
        return [] if state.finished else [{"seat": state.turn, "decision": "turn"}]

    def is_finished(self, state: RaceState) -> bool:
        return state.finished

    def score(self, state: RaceState) -> dict:
        return {"seats": [{"seat": s, "total": p, "position": p, "tiebreak": c}
                          for s, (p, c) in enumerate(zip(state.positions, state.coins))]}

    def dumps(self, state: RaceState) -> str:
        return json.dumps({"target": state.target, "positions": state.positions, "coins": state.coins,
                           "turn": state.turn, "rng": state.rng, "finished": state.finished},
                          sort_keys=True, separators=(",", ":"))

    def loads(self, text: str) -> RaceState:
        data = json.loads(text)
        return RaceState(data["target"], tuple(data["positions"]), tuple(data["coins"]), data["turn"],
                         data["rng"], data["finished"])


KIND = DiceRaceKind()


def _variant(name: str, min_seats: int, max_seats: int) -> DiceRaceKind:
    kind = DiceRaceKind()
    kind.name, kind.min_seats, kind.max_seats = name, min_seats, max_seats
    return kind


#: The same race for 2-3 players only (for "not enough players" and "table full").
DUEL_KIND = _variant("diceduel", 2, 3)
