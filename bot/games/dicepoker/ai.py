"""The bot opponent: ``choose_move(state, seat, level, seed)`` returns one legal reroll move.

* ``easy`` keeps every die of a pair or better (all five of a straight) and rerolls the rest.
* ``best`` (alias ``hard``) is exact (odds.py, integer weights): rerolling last as the active player it
  maximises its chance against the opponent's final hand it can see; rerolling first it minimises the
  active player's chance after that player's best reply to every result (minimax); alone (solo) it
  maximises the expected payout of the table. Ties between equally good keeps keep more dice.

``seed`` is accepted so levels with randomness can be added without changing callers; these levels are
deterministic. ``explain`` gives the hint data: the kept positions and the exact chance / expectation.
"""
from __future__ import annotations

from fractions import Fraction

from bot.games.errors import RuleError

from . import odds, rules
from .content import SOLO_TABLES
from .hands import hand_name

#: the levels a player can choose (the shell offers these; the last is the default) ...
LEVELS = ("easy", "best")
#: ... and the names the bot also answers to (an older game's stored level)
ALIASES = {"hard": "best"}
AI_LEVELS = (*LEVELS, *ALIASES)


def _situation(state: dict, seat) -> tuple[int, str]:
    pend = rules.pending(state)
    if not pend or type(seat) is not int or pend[0]["seat"] != seat:
        raise RuleError("not_your_turn", "dicepoker.error.not_your_turn",
                        seat=seat if type(seat) is int and -9 <= seat <= 9 else None)
    return rules.acting_side(state), pend[0]["role"]


def explain(state: dict, seat: int, level: str = "best") -> dict:
    """{"keep": positions, "level", "role", and for ``best``: "win_chance" (duel / gamblers) or
    "expected_payout" (solo) as a float plus the exact fraction text}."""
    if level not in AI_LEVELS:
        raise RuleError("bad_level", "dicepoker.error.bad_level", levels=LEVELS)
    side, role = _situation(state, seat)
    dice = state["sides"][side]["dice"]
    out: dict = {"level": level, "role": role}
    kd = state["options"].get("kicker_depth")
    if level == "easy":
        keep = odds.easy_keep(dice)
    elif role == "solo":
        keep, value = odds.solo_keep(dice, SOLO_TABLES[state["options"]["table"]]["pay"])
        out.update(expected_payout=float(value), exact=_text(value))
    else:
        best_keep = odds.active_keep if role == "active" else odds.opponent_keep
        keep, value = best_keep(dice, state["sides"][1 - side]["dice"], kd)
        out.update(win_chance=float(value), exact=_text(value))
    out["keep"] = odds.keep_indexes(dice, keep)
    return out


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def choose_move(state: dict, seat: int, level: str = "best", seed: int = 0) -> dict:
    return {"type": "reroll", "keep": explain(state, seat, level)["keep"]}


#: what a keep builds on, by the counts of its values (largest first); a keep of distinct values that can
#: still become a straight (all of them within 1-5 or within 2-6) builds on the straight
SHAPES = {(2,): "pair", (2, 1): "pair", (2, 1, 1): "pair", (2, 2): "two_pairs", (3,): "three_of_a_kind",
          (3, 1): "three_of_a_kind", (3, 2): "full_house", (4,): "four_of_a_kind", (5,): "five_of_a_kind"}


def keep_shape(kept) -> str:
    """What the kept dice (values) build on: a hand id, ``straight`` (distinct values a straight can still
    use), ``high`` (single dice) or ``none`` (nothing kept)."""
    if not kept:
        return "none"
    counts = tuple(sorted((list(kept).count(v) for v in set(kept)), reverse=True))
    if counts in SHAPES:
        return SHAPES[counts]
    if len(kept) >= 3 and counts[0] == 1 and (max(kept) <= 5 or min(kept) >= 2):
        return "straight"
    return "high"


def hint(state: dict, seat: int) -> dict:
    """The exact best reroll for ``seat`` with its reason, as data for the shell to word:
    ``{"move", "key": "dicepoker.hint.why.<role>", "params"}`` (role ``opponent``, ``active``, ``solo`` or
    ``gamblers``: the active player against the local gamblers; ``active_no_tie`` / ``gamblers_no_tie`` where
    the kept dice cannot end level with the other hand). Params: ``kept`` (the kept values in the
    order the dice lie, as the move's label names them), ``count`` (dice rerolled), ``shape`` (``keep_shape``),
    ``hand`` (the hand now); in a duel or
    against the gamblers ``chance`` (the exact winning chance, "a/b"), ``seat`` (the other seat, None for the
    gamblers), ``other_dice`` and ``other_hand`` (what the other side shows now); solo ``gold`` (the exact
    expected payout, "a/b") and ``stake``. Deterministic; the state is not changed."""
    side, role = _situation(state, seat)
    info = explain(state, seat, "best")
    dice = state["sides"][side]["dice"]
    kept = [dice[i] for i in sorted(info["keep"])]     # as the move's label reads them ("Keep 3 6 3, …")
    params: dict = {"kept": kept, "count": len(dice) - len(kept), "shape": keep_shape(kept),
                    "hand": hand_name(dice)}
    if role == "solo":
        params.update(gold=info["exact"], stake=rules.stake(state["options"]))
    else:
        other = state["sides"][1 - side]["dice"]
        params.update(chance=info["exact"], seat=rules.seat_of_side(state, 1 - side),
                      other_dice=sorted(other, reverse=True), other_hand=hand_name(other))
    against = "gamblers" if role == "active" and params.get("seat", 0) is None else role
    if role == "active" and not odds.tie_weight(odds.counts_of(kept), other, state["options"].get("kicker_depth")):
        against += "_no_tie"  # "(ties go to you)" only where a tie can happen
    return {"move": {"type": "reroll", "keep": info["keep"]}, "key": f"dicepoker.hint.why.{against}",
            "params": params}
