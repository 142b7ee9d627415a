"""``KIND``: Roll for Adventure as a game kind for the engine (protocol in docs/contracts.md).

A co-operative game: one shared state everybody sees; only the seat of the active hero (or of the hero
being chosen at setup) has a decision. The state is a plain JSON-able dict; ``apply`` works on a copy.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable
from typing import Any

from bot.games.errors import RuleError
from bot.games.kind import Kind

from . import flow, hint, moves, policy, setup
from .board import copy_state
from .snapshot import as_version_1, check_state, is_version_1, upgrade


class RollForAdventureKind(Kind):
    name = "rollforadventure"
    min_seats = 1
    max_seats = 4
    has_undo = has_hint = True
    #: the heroes win or lose together: no rating, no per-seat score chart (``bot.games.kind.Kind``)
    cooperative = True

    def create(self, seats: int, seed: int, options: dict | None = None) -> dict:
        return self.opening(seats, seed, options)[0]

    def opening(self, seats: int, seed: int, options: dict | None = None) -> tuple[dict, list[dict]]:
        """The first hero's turn and its roll (none yet where the players pick their heroes first)."""
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise RuleError("bad_seats", "rollforadventure.error.bad_seats", seats=str(seats)[:20])
        if type(seed) is not int or not -(2 ** 63) <= seed < 2 ** 64:
            raise RuleError("bad_seed", "rollforadventure.error.bad_seed")
        state = setup.create(seats, seed, options)
        if state["options"]["heroes"] == "choose":
            state["queue"] = [{"t": "pick", "hero_index": h} for h in range(len(state["heroes"]))]
        state["queue"].append({"t": "start_turn"})
        events: list[dict] = []
        flow.run(state, events)
        return state, events

    def apply(self, state: dict, seat: int, move: dict) -> tuple[dict, list[dict]]:
        if type(seat) is not int:
            raise RuleError("bad_seat", "rollforadventure.error.bad_move")
        new = copy_state(state)
        events = moves.apply(new, seat, move)
        return new, events

    legal_moves = staticmethod(moves.legal)

    # ---- the bot: the rule-following team player of ``policy.py`` fills empty seats and stands in for a
    # player who is away (one level: it plays the co-op as the balance benchmark measured it)
    ai_levels = ("normal",)

    def choose_move(self, state: dict, seat: int, level: str, seed: int) -> dict:
        return policy.choose_move(state, seat, seed)

    def hint(self, state: dict, seat: int, seed: int) -> dict:
        """The team policy's move for the active hero and what it achieves (``hint.py``): ``/rfa hint``."""
        return hint.hint(state, seat, seed)

    def reveals(self, before: dict, move: dict, after: dict) -> bool:
        """Undo's hook: every throw and reroll draws on ``rng``, and a card turned from the deck (an enemy,
        the Master of Shadows) was hidden until then; a move that did neither showed nothing new."""
        return before["rng"] != after["rng"] or before["deck"] != after["deck"]

    def pending(self, state: dict) -> list[dict]:
        d = state["decision"]
        if state["result"] or d is None:
            return []
        return [{"seat": d["seat"], "decision": d["kind"]}]

    def is_finished(self, state: dict) -> bool:
        return state["result"] is not None

    def score(self, state: dict) -> dict:
        won = state["result"] == "won"
        total = state["stones"]
        return {
            "final": state["result"] is not None, "won": won, "result": state["result"],
            "stones": state["stones"], "stones_needed": state["stones_needed"], "turns": state["turn"],
            "damage": {t: tr["skull"] for t, tr in state["terr"].items()},
            "defeated": state["defeated"],
            # the heroes share one place: first when they won, second (behind the game) when they lost, so a
            # lost game never counts as a win in the players' stats
            "ranking": [{"seat": s, "place": 1 if won else 2, "total": total} for s in range(state["seats"])],
        }

    def dumps(self, state: dict) -> str:
        return json.dumps(state, sort_keys=True, separators=(",", ":"))

    def loads(self, text: str) -> dict:
        if not isinstance(text, (str, bytes)) or len(text) > 1_000_000:
            raise RuleError("bad_snapshot", "rollforadventure.error.bad_snapshot")
        try:
            state = upgrade(json.loads(text))
        except (ValueError, RecursionError, TypeError):
            raise RuleError("bad_snapshot", "rollforadventure.error.bad_snapshot") from None
        check_state(state)
        return state

    def upgrade(self, snapshot: str) -> str:
        """A snapshot an older version stored (version 1, without ``defeated``), as this version stores it:
        ``verify`` compares that with the replay of the game's moves. Any other text is returned unchanged."""
        try:
            stored = json.loads(snapshot)
        except (ValueError, RecursionError, TypeError):
            return snapshot
        upgraded = upgrade(stored)
        return snapshot if upgraded is stored else self.dumps(upgraded)

    def stored_as(self, state: dict, snapshot: str) -> str:
        """The replayed ``state`` as the version that stored ``snapshot`` kept it: version 1 had no ``defeated``
        count, and its snapshot's estimate (the discard pile) misses the enemies a Necromancer raised again, which
        the replay counts; so a version-1 snapshot is compared with the replay's version-1 form."""
        try:
            stored = json.loads(snapshot)
        except (ValueError, RecursionError, TypeError):
            stored = None
        return self.dumps(as_version_1(state) if is_version_1(stored) else state)

    def step_mark(self, state: Any) -> Hashable:
        """Every move is a public step (co-op: the table is everyone's): the mark is the state itself."""
        return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()

    def message_mark(self, state: Any) -> str:
        """One message per hero turn (and per hero choice at setup), edited after each placement."""
        decision = state.get("decision") or {}
        if decision.get("kind") == "pick_hero":
            return f"pick:{decision.get('hero_index')}"
        return f"turn:{state.get('turn')}"


KIND = RollForAdventureKind()
