"""``KIND``: Roll Player as a game kind for the engine (protocol in docs/contracts.md).

Also the seam to final scoring: ``score`` builds one ``ScoringInput`` per seat from the state and lets
``scoring.py`` do the arithmetic, so the same sheet serves as a mid-game projection and as the final result.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from bot.games.errors import RuleError
from bot.games.kind import Kind

from . import engine, moves, snapshot
from .guard import INT_LIMIT, check_move, show
from .scoring import rank, score_player, scoring_input, solo_rating
from .state import GameState, dumps

OPTION_KEYS = frozenset(engine.OPTION_DEFAULTS)


def score(state: GameState) -> dict:
    """Itemised sheets per seat + ranking (+ solo rating). Before setup has dealt every card the sheets
    are not computable yet: ``players`` is then empty and ``ready`` false."""
    ready = all(p.race and p.class_id and p.backstory and p.alignment for p in state.players)
    if not ready:
        return {"ready": False, "final": False, "players": [], "ranking": [], "rating": None}
    sheets = [dict(score_player(scoring_input(state, s)), seat=s) for s in range(state.seats)]
    return {"ready": True, "final": state.finished, "players": sheets, "ranking": rank(sheets),
            "rating": solo_rating(sheets[0]["total"]) if state.seats == 1 else None}


class RollPlayerKind(Kind):
    name = "rollplayer"
    min_seats = 1
    max_seats = 4
    has_undo = has_hint = True
    #: the AI's levels (``ai/``): bot seats, the idle-seat takeover and hints use it
    ai_levels = ("easy", "normal", "hard")

    def choose_move(self, state: GameState, seat: int, level: str, seed: int) -> dict:
        from . import ai

        return ai.choose_move(state, seat, level, seed)

    def hint(self, state: GameState, seat: int, seed: int) -> dict:
        """The AI's move, the goals of the sheet it serves and the stars it projects (``teach.py``)."""
        from . import teach

        return teach.explain(state, seat, seed)

    def create(self, seats: int, seed: int, options: dict | None = None) -> GameState:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise RuleError("bad_seats", "rules.rollplayer.bad_seats", seats=show(seats))
        if type(seed) is not int:
            raise RuleError("bad_seed", "rules.rollplayer.bad_seed", seed=show(seed))
        if options is not None and type(options) is not dict:
            raise RuleError("bad_option", "rules.rollplayer.bad_option", option=show(options))
        options = dict(options or {})
        if options.pop("promos", False) is True:
            options.setdefault("promo_sheets", True)
            options.setdefault("cursed_ring", True)
        for k, v in options.items():
            if k not in OPTION_KEYS:
                raise RuleError("unknown_option", "rules.rollplayer.unknown_option", option=show(k))
            if type(v) is not bool:
                raise RuleError("bad_option", "rules.rollplayer.bad_option", option=show(k))
        return engine.create(seats, seed, options)

    def apply(self, state: GameState, seat: int, move: dict) -> tuple[GameState, list[dict]]:
        check_move(move)  # shape and size first: nothing below may print or walk a hostile value
        if type(seat) is not int or not -INT_LIMIT < seat < INT_LIMIT:
            raise RuleError("bad_seat", "rules.rollplayer.bad_seat", seat=show(seat))
        if "seat" in move and (type(move["seat"]) is not int or move["seat"] != seat):   # not True for 1
            raise RuleError("wrong_seat", "rules.rollplayer.wrong_seat", seat=seat)
        return moves.apply(state, dict(move, seat=seat))

    def reveals(self, before: GameState, move: dict, after: GameState) -> bool:
        """Undo's hook: the move showed something nobody knew, so it stands. Every die roll, reroll, bag draw
        and shuffle draws on ``rng``; a market refill or any other card off the deck changes the deck (whose
        order is secret); Open Lock turns the deck's top card up for its player without taking it."""
        if before.rng != after.rng or before.deck != after.deck:
            return True
        sub = after.sub
        return isinstance(sub, dict) and sub.get("kind") == "open_lock" and sub != before.sub

    def legal_moves(self, state: GameState, seat: int) -> list[dict]:
        if type(seat) is not int:  # a seat of another type (or a bool) sits nowhere
            return []
        return engine.legal(state, seat)

    pending = staticmethod(engine.pending)
    score = staticmethod(score)
    dumps = staticmethod(dumps)
    #: a state satisfying every invariant of the game, or ``RuleError("bad_snapshot")``
    loads = staticmethod(snapshot.loads)

    def is_finished(self, state: GameState) -> bool:
        return state.finished

    # ---- optional history and stats hooks (docs/contracts.md)
    def round_mark(self, state: GameState) -> int:
        """Replays step round by round: setup is round 0, then the rulebook's rounds."""
        return state.round

    def projected_scores(self, state: GameState) -> list[int]:
        """Each seat's reputation if the game ended now (0 for all until setup dealt every card)."""
        sheets = score(state)["players"]
        return [int(sheet["total"]) for sheet in sheets] if sheets else [0] * state.seats

    def solo_title(self, total: int, options: dict) -> str | None:
        """The solo rating title (FR solo table) of a final total."""
        return solo_rating(int(total))

    def step_mark(self, state: Any) -> Hashable:
        return (state.round, state.phase)


KIND = RollPlayerKind()
