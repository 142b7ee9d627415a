"""A hint that teaches: the AI's move (``ai.hint``), the goals of the sheet it serves and the stars it projects.

``ai.hint`` says which move the AI would make and what it gains; this module adds, from the AI's public
functions only (``determinize``, ``evaluate``), what a player needs to understand the choice:

* ``goals``: what the move changes on the player's own sheet, read by playing it in a few sampled worlds
  (``determinize``: the hidden deck and bag are re-dealt, never the real next draw) and kept only where all
  of them agree, so a roll's outcome is never presented as known — a row whose class goal
  it works towards (the row's total after it and the goal's range and stars), a backstory space it fills
  with the asked colour, a die of the class colour, the spot on the alignment card it moves to;
* ``projected``: the stars the AI expects at the end after the move, played on as the hint's level plays
  (``learned_value``, the value the hints' search itself uses, fitted to such games' final scores; the mean
  over a few sampled worlds), rounded; absent before a class is chosen (nothing to weigh yet). The hand-made
  ``evaluate`` said about 8 stars at the start of a game that a strong player ends near 36, beside a class
  hint's own figure of about 30.

Pure and deterministic: the same state, seat and seed give the same hint; the state is never changed.
"""
from __future__ import annotations

from . import ai, engine
from .ai.determinize import det_rng, determinize
from .ai.learned import learned_value
from .content import ATTRS
from .scoring_content import compiled

#: sampled worlds for the projection (cheap: one ``learned_value`` each)
WORLDS = 4
#: salt of the worlds' random streams, apart from the AI's own (1-4)
SALT = 41


def explain(state, seat: int, seed: int) -> dict:
    """``ai.hint``'s ``{"move", "gain", "key", "params"}`` plus ``goals`` (a list of ``{"goal", ...}``)
    and ``projected`` (int stars, or None)."""
    advice = ai.hint(state, seat, seed)
    move = advice["move"]
    goals: list[dict] | None = None
    totals = []
    for k in range(WORLDS):
        world = determinize(state, seat, det_rng(seed, state.moves, seat, SALT + k))
        before = world.players[seat].clone()
        engine.play(world, move)
        here = served(before, world.players[seat])
        goals = here if goals is None else [g for g in goals if g in here]   # only what the move does for sure
        if world.players[seat].class_id is not None:
            totals.append(learned_value(world, seat))
    projected = round(sum(totals) / len(totals)) if len(totals) == WORLDS else None
    return dict(advice, params=dict(advice["params"], goals=goals or [], projected=projected))


def _row_total(p, i: int) -> int:
    race = compiled().races.get(p.race) if p.race else None
    return sum(v for _, v in p.rows[ATTRS[i]]) + (race[i] if race else 0)


def _backstory_hits(p) -> set[tuple[int, int]]:
    cells = compiled().backstories.get(p.backstory, ()) if p.backstory else ()
    return {(i, slot) for i, slot, colour in cells
            if slot < len(p.rows[ATTRS[i]]) and p.rows[ATTRS[i]][slot][0] == colour}


def _class_dice(p, colour: str) -> int:
    return sum(1 for a in ATTRS for c, _ in p.rows[a] if c == colour)


def _distance(goal, total: int) -> int:
    """How far a row's total is from its class goal's range (0: met)."""
    if total < goal.min:
        return goal.min - total
    return 0 if goal.open_ended or total <= goal.max else total - goal.max


def served(before, after) -> list[dict]:
    """What changed on one player's sheet, as the goals it serves (most telling first)."""
    content = compiled()
    out: list[dict] = []
    for i, slot in sorted(_backstory_hits(after) - _backstory_hits(before)):
        out.append({"goal": "backstory", "attr": ATTRS[i], "slot": slot + 1,
                    "colour": after.rows[ATTRS[i]][slot][0]})
    klass = content.classes.get(after.class_id) if after.class_id else None
    if klass is not None:
        for i, a in enumerate(ATTRS):
            if after.rows[a] == before.rows[a]:
                continue
            goal = klass.goals[i]
            total = _row_total(after, i)
            if _distance(goal, total) > 0 and _distance(goal, total) >= _distance(goal, _row_total(before, i)):
                continue                        # the row moved away from its goal (a swap's other side)
            out.append({"goal": "class_row", "attr": a, "total": total, "min": goal.min,
                        "max": None if goal.open_ended else goal.max, "stars": goal.stars,
                        "met": _distance(goal, total) == 0,
                        "full": len(after.rows[a]) == 3, "class_id": after.class_id})
        if _class_dice(after, klass.colour) > _class_dice(before, klass.colour):
            out.append({"goal": "class_colour", "colour": klass.colour, "class_id": after.class_id})
    grid = content.alignments.get(after.alignment, {}) if after.alignment else {}
    stars = grid.get((after.align_row, after.align_col), 0)
    if stars > grid.get((before.align_row, before.align_col), 0):       # only a better spot is a goal served
        out.append({"goal": "alignment", "moral": after.align_row, "ethic": after.align_col, "stars": stars})
    return out
