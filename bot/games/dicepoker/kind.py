"""``KIND``: dice poker as a game kind for the engine (protocol in docs/contracts.md).

Seats: 2 for a duel (either seat may be a bot: the engine asks ``ai.choose_move``), 1 for a solo night or
the local gamblers (the rules play the gamblers). The state is a JSON-able dict (see state.py).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from bot.games.errors import RuleError
from bot.games.kind import Kind

from . import ai, moves, rules
from . import options as opt
from . import state as st
from .content import SOLO, SOLO_TABLES
from .score import score


class DicePokerKind(Kind):
    name = "dicepoker"
    min_seats = 1
    max_seats = 2
    has_undo = has_hint = True
    #: the levels the shell offers for bot seats; the last one is its default ("hard" stays an alias of best)
    ai_levels = ai.LEVELS

    apply = staticmethod(moves.apply)
    legal_moves = staticmethod(moves.legal_moves)
    pending = staticmethod(rules.pending)
    score = staticmethod(score)
    dumps = staticmethod(st.dumps)
    loads = staticmethod(st.loads)

    def create(self, seats: int, seed: int, options: dict | None = None) -> dict:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            shown = seats if type(seats) is int and -99 <= seats <= 99 else None     # never format a huge value
            raise RuleError("bad_seats", "dicepoker.error.bad_seats", seats=shown, mode=None)
        if type(seed) is not int or not -(1 << 63) <= seed < (1 << 64):
            raise RuleError("bad_seed", "dicepoker.error.bad_seed")
        state, _ = rules.new_state(seats, seed, opt.normalise(seats, options))
        return state

    def opening(self, seats: int, seed: int, options: dict | None = None) -> tuple[dict, list[dict]]:
        """The first hand's deal: its number, the antes, the rolls (against the gamblers, their reroll)."""
        state = self.create(seats, seed, options)
        return state, rules.deal_events(state)

    def reveals(self, before: dict, move: dict, after: dict) -> bool:
        """Undo's hook: a reroll (and the next hand's deal) draws on ``rng``; a move that used no randomness
        showed nothing new (keeping every die, which leaves the reroll to the other side)."""
        return before["rng"] != after["rng"]

    def is_finished(self, state: dict) -> bool:
        return state["phase"] == "over"

    def results(self, state: dict) -> list[dict]:
        return [dict(r) for r in score(state)["ranking"]]

    def choose_move(self, state: dict, seat: int, level: str = "best", seed: int = 0) -> dict:
        """The bot's move for a bot seat (``ai.choose_move``): the shell calls it with a snapshot's state."""
        return ai.choose_move(state, seat, level, seed)

    def hint(self, state: dict, seat: int, seed: int = 0) -> dict:
        """The exact best reroll for the deciding seat and why (``ai.hint``): the shell's ``/poker hint``."""
        return ai.hint(state, seat)

    def timeout_move(self, state: dict, seat: int) -> dict | None:
        """The house rule of the spec (``modes.duel.on_timeout``, provenance "house"): a reroll decision whose time
        runs out rerolls nothing, it keeps all five dice (the decision's ``default``). The shell's turn clock
        says when time runs out: the game's pace, in place of the spec's 120 s (a match in a channel is played
        over hours, not minutes)."""
        for item in rules.pending(state):
            if item["seat"] == seat:
                return dict(item["default"])
        return None

    # ---- optional history and stats hooks (docs/contracts.md)
    def round_mark(self, state: dict) -> int:
        """A replay steps hand by hand: the number of hands finished so far."""
        return len(state["history"])

    def projected_scores(self, state: dict) -> list[int]:
        """Gold per seat between hands: what a match is won with (a solo night scores the Gold it ends with).
        Each hand is dealt, its stake paid, in the move that ends the one before, so a hand in play's stake
        counts as still held (the chart's start read 27 for a night that began with 30)."""
        held = 0 if state["phase"] == "over" else rules.stake(state["options"])
        return [int(gold) + held for gold in state["purses"]]

    def is_solo(self, seats: int, options: dict) -> bool:
        """The tavern night (one seat against the house's table); the local gamblers are not solo play."""
        return seats == 1 and (options or {}).get("mode", "solo") == "solo"

    def solo_board(self, seats: int, options: dict) -> str | None:
        """A tavern night's board is its payout table ("house", stake 3, or "printed", stake 1, which returns more
        than it costs: a night played without a decision beat one played to every hint), and the local gamblers
        ("gamblers": a 5-Gold purse, lost pots discarded) have one of their own; a duel is on none. A night stored
        without a table was played on the house table (the only one then)."""
        if seats != 1:
            return None
        options = options or {}
        if options.get("mode", "solo") == "local_gamblers":
            return "gamblers"
        table = options.get("table")
        return table if table in SOLO_TABLES else SOLO["table"]

    def step_mark(self, state: Any) -> Hashable:
        return (state["hand"], state["phase"])

    def message_mark(self, state: Any) -> int:
        """One message per hand: the opponent's reroll edits the hand's message, the next hand posts anew."""
        return state["hand"]

    def seats_to_notify(self, state: Any) -> list[int]:
        """A hand's message pings both duellists at once (the active player rerolls after the opponent, in
        an edit that pings nobody)."""
        if state["phase"] == "opponent_reroll":
            seats = [rules.seat_of_side(state, rules.opponent_side(state)),
                     rules.seat_of_side(state, state["active"])]
            return [s for s in seats if s is not None]
        return [item["seat"] for item in rules.pending(state)]


KIND = DicePokerKind()
