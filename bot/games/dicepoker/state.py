"""The state's JSON form and the invariants every snapshot must satisfy.

A state is a plain dict (JSON-able as is):

* ``version`` 1; ``mode`` duel / solo / local_gamblers; ``seats`` 2 / 1 / 1; ``options`` (options.py);
* ``rng`` — the splitmix64 state (``bot/games/rng.py``): seed + moves replay every die;
* ``hand`` — the hand being played (1-based); once the match is over, the number of hands played;
* ``phase`` — ``opponent_reroll``, ``active_reroll`` (duel / local gamblers), ``solo_reroll`` or ``over``;
* ``active`` — the active *side* (duel: side = seat; local gamblers: side 0 is the player, side 1 the
  gamblers, the player is always active; solo: 0);
* ``purses`` — Gold per seat; ``pot`` — Gold in the pot; ``supply`` — net Gold the supply has given out
  (negative when it took more than it gave), so ``sum(purses) + pot == start purses + supply`` always;
* ``sides`` — per side: ``initial`` roll, current ``dice``, ``rerolled`` positions (None until decided);
* ``history`` — one entry per finished hand (dice before/after, hands, winner side, deciding step, pot,
  payout, purses after); ``result`` — None, or ``{"winner": seat | None, "reason"}`` once over.

``loads`` re-checks all of it, including the gold of every hand replayed from the history and each
recorded winner against the comparison rules, and refuses anything else with ``RuleError("bad_snapshot")``.
"""
from __future__ import annotations

import json

from bot.games.errors import RuleError
from bot.games.rng import MASK

from . import options as opt
from . import rules
from .content import N_DICE, SOLO_TABLES, STEPS
from .hands import compare, hand_name

VERSION = 1
KEYS = {"version", "mode", "seats", "options", "rng", "hand", "phase", "active", "purses", "pot", "supply",
        "sides", "history", "result"}
ENTRY_KEYS = {"hand", "active", "initial", "final", "rerolled", "hands", "winner", "decided_by", "pot", "payout",
              "purses"}
PHASES = {"duel": ("opponent_reroll", "active_reroll", "over"), "local_gamblers": ("active_reroll", "over"),
          "solo": ("solo_reroll", "over")}
MAX_TEXT = 200_000
MAX_GOLD = 10 ** 6


class _Bad(Exception):
    """An invariant failed (internal: turned into RuleError at the boundary)."""


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise _Bad(what)


def _is_int(v, lo: int, hi: int) -> bool:
    return type(v) is int and lo <= v <= hi


def _dice(v) -> bool:
    return isinstance(v, list) and len(v) == N_DICE and all(_is_int(x, 1, 6) for x in v)


def _positions(v) -> bool:
    return (isinstance(v, list) and len(v) <= N_DICE and all(_is_int(x, 0, N_DICE - 1) for x in v)
            and v == sorted(set(v)))


def _consistent(initial, final, rerolled) -> bool:
    return all(initial[i] == final[i] for i in range(N_DICE) if i not in rerolled)


def dumps(state: dict) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def loads(text) -> dict:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise RuleError("bad_snapshot", "dicepoker.error.bad_snapshot", reason="not_text")
    try:
        state = json.loads(text)
    except (ValueError, RecursionError, TypeError) as exc:
        raise RuleError("bad_snapshot", "dicepoker.error.bad_snapshot", reason="not_json") from exc
    try:
        validate(state)
    except (_Bad, RuleError, ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        raise RuleError("bad_snapshot", "dicepoker.error.bad_snapshot", reason=str(exc)[:80]) from exc
    return state


def validate(state) -> None:
    """Raise ``_Bad`` (or a RuleError from the option check) unless ``state`` is a reachable-looking state."""
    _check(isinstance(state, dict) and set(state) == KEYS, "keys")
    _check(state["version"] == VERSION and type(state["version"]) is int, "version")
    mode = state["mode"]
    _check(isinstance(mode, str) and mode in opt.MODES, "mode")
    _check(type(state["seats"]) is int and state["seats"] == opt.SEATS[mode], "seats")
    options = state["options"]
    _check(isinstance(options, dict) and options.get("mode") == mode, "options")
    _check(opt.normalise(state["seats"], options) == options, "options")
    _check(_is_int(state["rng"], 0, MASK), "rng")
    _check(isinstance(state["phase"], str) and state["phase"] in PHASES[mode], "phase")
    over = state["phase"] == "over"
    _check(_is_int(state["hand"], 1, options["hands"]), "hand")
    sides_n = rules.n_sides(mode)
    _check(_is_int(state["active"], 0, sides_n - 1), "active")
    if mode == "local_gamblers":
        _check(state["active"] == 0, "active")
    if mode == "duel":
        _check(state["active"] == (options["first_active"] + state["hand"] - 1) % 2, "active")
    purses = state["purses"]
    _check(isinstance(purses, list) and len(purses) == state["seats"]
           and all(_is_int(g, 0, MAX_GOLD) for g in purses), "purses")
    _check(_is_int(state["pot"], 0, MAX_GOLD) and _is_int(state["supply"], -MAX_GOLD, MAX_GOLD), "pot")
    _check(sum(purses) + state["pot"] == rules.start_total(options) + state["supply"], "gold")
    sides = state["sides"]
    _check(isinstance(sides, list) and len(sides) == sides_n, "sides")
    for s in sides:
        _check(isinstance(s, dict) and set(s) == {"initial", "dice", "rerolled"}, "side")
        _check(_dice(s["initial"]) and _dice(s["dice"]), "dice")
        if s["rerolled"] is None:
            _check(s["initial"] == s["dice"], "dice")
        else:
            _check(_positions(s["rerolled"]) and _consistent(s["initial"], s["dice"], s["rerolled"]), "dice")
    history = state["history"]
    _check(isinstance(history, list), "history")
    _check(len(history) == (state["hand"] if over else state["hand"] - 1), "history")
    _validate_history(state)
    _validate_phase(state)
    if over:
        broke = _broke_at_end(state)
        _check(state["result"] == rules.outcome(state, broke), "result")
    else:
        _check(state["result"] is None, "result")


def _validate_phase(state: dict) -> None:
    phase, sides = state["phase"], state["sides"]
    if phase == "over":
        _check(state["pot"] == 0, "pot")
        last = state["history"][-1]
        _check([s["dice"] for s in sides] == last["final"], "sides")
        return
    _check(state["pot"] == (0 if state["mode"] == "solo" else 3), "pot")
    act = state["active"]
    if phase in ("solo_reroll", "opponent_reroll"):
        _check(all(s["rerolled"] is None for s in sides), "phase")
    else:
        _check(sides[act]["rerolled"] is None and sides[1 - act]["rerolled"] is not None, "phase")


def _validate_history(state: dict) -> None:
    """Every finished hand is well-formed, scored by the rules, and the gold replays to the purses."""
    options, mode = state["options"], state["mode"]
    n = rules.n_sides(mode)
    need = rules.stake(options)
    purses = [options["purse"]] * state["seats"]
    for i, e in enumerate(state["history"]):
        _check(isinstance(e, dict) and set(e) == ENTRY_KEYS and e["hand"] == i + 1 and type(e["hand"]) is int,
               "entry")
        active = (options["first_active"] + i) % 2 if mode == "duel" else 0
        _check(e["active"] == active and type(e["active"]) is int, "entry")
        for k in ("initial", "final", "rerolled"):
            _check(isinstance(e[k], list) and len(e[k]) == n, "entry")
        _check(all(_dice(d) for d in e["initial"] + e["final"]), "entry")
        _check(all(_positions(r) and _consistent(a, b, r)
                   for a, b, r in zip(e["initial"], e["final"], e["rerolled"])), "entry")
        _check(e["hands"] == [hand_name(d) for d in e["final"]], "entry")
        _check(all(g >= need for g in purses), "ante")
        purses = [g - need for g in purses]
        if mode == "solo":
            gold = SOLO_TABLES[options["table"]]["pay"][e["hands"][0]]
            _check(e["winner"] is None and e["decided_by"] is None and e["pot"] == 0 and e["payout"] == gold,
                   "entry")
            purses[0] += gold
        else:
            act = e["active"]
            who, step = compare(e["final"][act], e["final"][1 - act], options["kicker_depth"])
            win = act if who == "active" else 1 - act
            _check(e["winner"] == win and type(e["winner"]) is int and e["decided_by"] == step
                   and step in STEPS and e["pot"] == 3 and type(e["pot"]) is int, "entry")
            seat = rules.seat_of_side(state, win)
            _check(e["payout"] == (0 if seat is None else 3) and type(e["payout"]) is int, "entry")
            if seat is not None:
                purses[seat] += 3
        _check(e["purses"] == purses, "entry")
    if state["phase"] != "over":
        purses = [g - need for g in purses]
    _check(purses == state["purses"], "purses")


def _broke_at_end(state: dict) -> list[int] | None:
    """Seats that could not pay the next ante/stake when the match ended before its last hand."""
    if state["hand"] >= state["options"]["hands"]:
        return None
    need = rules.stake(state["options"])
    broke = [s for s in range(state["seats"]) if state["purses"][s] < need]
    _check(bool(broke), "ended_early")
    return broke
