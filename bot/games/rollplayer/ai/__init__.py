"""Roll Player AI seats: ``choose_move`` plays any decision of any seat; ``hint`` explains a suggestion.

Levels:

* ``easy``   — the one-ply greedy baseline (``greedy.py``): the move with the best projected score now;
* ``normal`` — a determinized look-ahead (``search.py``) over the seat's own decisions of the round with
  12 sampled worlds and a beam of 3, valued by the hand-made heuristic of ``evaluate.py``;
* ``hard``   — the same search over 24 worlds, its leaves valued by ``learned.py`` (the heuristic's parts
  re-weighted by stage from self-play outcomes, ``value_weights.json``), sized to stay within one second
  per decision on one core (p95); wider and deeper in solo (``SOLO_BUDGETS``), where a decision costs less.

Everything is pure and deterministic: the same state, seat, level and seed give the same move, and the
state passed in is never changed (the search works on determinized clones).
"""
from __future__ import annotations

from bot.games.rollplayer import engine

from .determinize import det_rng
from .greedy import greedy_move
from .search import Budget, search_move

LEVELS = ("easy", "normal", "hard")
HINT_LEVEL = "hard"

BUDGETS = {
    "normal": Budget(worlds=12, root_keep=8, beam=3, depth=6, max_evals=9_000),
    "hard": Budget(worlds=24, root_keep=10, beam=3, depth=6, max_evals=30_000, learned=True),
}
# Solo, ``hard`` looks wider and deeper: at the budget above a solo decision took half the time allowed (p95
# 500 ms of CPU against 641-735 ms with four players), and a wider look is worth stars there (README.md). The
# cap of 50 000 values fits the 2.5 s longest decision since the look stops at the round's door (``horizon``).
SOLO_BUDGETS = {
    "hard": Budget(worlds=24, root_keep=14, beam=5, depth=8, max_evals=50_000, learned=True),
}


def budget(level: str, seats: int) -> Budget:
    """The search budget of ``level`` in a game of ``seats`` players."""
    return SOLO_BUDGETS.get(level, BUDGETS[level]) if seats == 1 else BUDGETS[level]


def choose_move(state, seat: int, level: str, seed: int) -> dict:
    """One of ``engine.legal(state, seat)``; deterministic from (state, seat, level, seed)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return _choose(state, seat, level, seed)[0]


def _choose(state, seat: int, level: str, seed: int) -> tuple[dict, float, float, tuple[dict, float] | None]:
    """(move, its value, the value before it, the runner-up and its value or None): see ``search_move``."""
    legal = engine.legal(state, seat)
    if not legal:
        raise ValueError("no legal move for this seat")
    if state.phase == "setup_race":
        # nothing to weigh yet (class, backstory and alignment come later): any sheet, by the seed
        rnd = det_rng(seed, state.moves, seat, 3)
        return legal[rnd.randrange(len(legal))], 0.0, 0.0, None
    if level == "easy":
        return greedy_move(state, seat, seed), 0.0, 0.0, None
    return search_move(state, seat, seed, budget(level, state.seats))


def hint(state, seat: int, seed: int, level: str = HINT_LEVEL) -> dict:
    """The move ``choose_move(state, seat, level, seed)`` picks and a message key with parameters for a one-line
    "why": by how many stars it beats the next best move the search weighed (``gain``, never negative: the
    mean values of the two over the same sampled worlds) and that move (``other``); None and no ``other`` when
    there was nothing to compare (one move, the sheet pick, ``easy``). The state is not changed.

    (It said "gains about N stars", the value after the move minus the value before it, which compares values
    at different depths of the look: a third of the hints read "gains about -0.9 stars".)"""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    move, best, _, runner_up = _choose(state, seat, level, seed)
    gain = None if runner_up is None else round(max(0.0, best - runner_up[1]), 1)
    key, params = _why(move, gain)
    if runner_up is not None:
        params["other"] = runner_up[0]
    return {"move": move, "gain": gain, "key": key, "params": params}


#: move type -> (the hint's key, the move's field it names, that parameter's name)
_WHY = {
    "place": ("rollplayer.ai.hint.place", "attr", "attr"), "place_start": ("rollplayer.ai.hint.place", "attr", "attr"),
    "take": ("rollplayer.ai.hint.take", "card", "card"), "action": ("rollplayer.ai.hint.action", "action", "action"),
    "buy": ("rollplayer.ai.hint.buy", "card", "card"), "take_gold": ("rollplayer.ai.hint.gold", None, None),
    "skill": ("rollplayer.ai.hint.skill", "card", "card"), "class": ("rollplayer.ai.hint.class", "class", "class_id"),
    "race": ("rollplayer.ai.hint.race", "race", "race"),
}


def _why(move: dict, gain: float | None) -> tuple[str, dict]:
    t = move["type"]
    params: dict = {"gain": gain}
    if gain is None and t != "race":
        return "rollplayer.ai.hint.only", params
    if gain is not None and gain < 0.1:
        return "rollplayer.ai.hint.close", params
    if t not in _WHY:
        return "rollplayer.ai.hint.other", dict(params, move=t)
    key, field, param = _WHY[t]
    if field is not None:
        params[param] = move[field]
    return key, params
