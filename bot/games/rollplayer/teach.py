"""A hint that teaches: the AI's move (``ai.hint``), the goals of the sheet it serves and the stars it projects.

``ai.hint`` says which move the AI would make and what it gains; this module adds, from the AI's public
functions only (``determinize``, ``evaluate``), what a player needs to understand the choice:

* ``goals``: what the move changes on the player's own sheet, read by playing it in a few sampled worlds
  (``determinize``: the hidden deck and bag are re-dealt, never the real next draw) and kept only where all
  of them agree, so a roll's outcome is never presented as known — a row whose class goal
  it works towards (the row's total after it and the goal's range and stars), a backstory space it fills
  with the asked colour, a die of the class colour, the spot on the alignment card it moves to;
* ``then``: for an Initiative card after which only a row is asked, the row the AI would place its die in (the
  menus offer the card and its row as one choice; a hint naming the card alone left the row, which counts
  most, to a guess), chosen in a sampled world; the goals and projection are those of the card and the row;
* ``reasons``: what the move gives besides the rows, in a beginner's terms (``reasons``): the Gold on an
  Initiative card, the solo adventurer die it rolls or the buying order it gives, a purchase's Armour set,
  Trait or Weapon, the Charisma tokens it spends, an attribute action's token or risk-free reroll;
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
from .flow import enemy_target
from .scoring import score_player, scoring_input
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
    then = chained_place(state, seat, move, seed)
    goals: list[dict] | None = None
    totals = []
    for k in range(WORLDS):
        world = determinize(state, seat, det_rng(seed, state.moves, seat, SALT + k))
        before = world.players[seat].clone()
        engine.play(world, move)
        if then is not None:
            engine.play(world, then)
        here = served(before, world.players[seat])
        goals = here if goals is None else [g for g in goals if g in here]   # only what the move does for sure
        if world.players[seat].class_id is not None:
            totals.append(learned_value(world, seat))
    projected = round(sum(totals) / len(totals)) if len(totals) == WORLDS else None
    params = dict(advice["params"], goals=goals or [], projected=projected, reasons=reasons(state, seat, move))
    if then is not None:
        params["then"] = then
    return dict(advice, params=params)


def chained_place(state, seat: int, move: dict, seed: int) -> dict | None:
    """The row the AI would place the die of the Initiative card ``move`` takes, when nothing but a row is asked
    after it (as the menus then offer the card with each row); None otherwise. Chosen in a sampled world, so the
    hidden deck and bag are never read."""
    if move.get("type") != "take":
        return None
    world = determinize(state, seat, det_rng(seed, state.moves, seat, SALT - 1))
    engine.play(world, move)
    follow = [m for m in engine.legal(world, seat) if m.get("type") != "discard_weapon"]
    if not any(m.get("type") == "place" for m in follow):
        return None
    chosen = ai.choose_move(world, seat, ai.HINT_LEVEL, seed)
    return chosen if chosen.get("type") == "place" else None


def reasons(state, seat: int, move: dict) -> list[dict]:
    """Why ``move`` helps, apart from the rows (``served``), as a list of ``{"why": ...}``: what a beginner can
    check on the table and sheet. Empty for a move with nothing more to say."""
    kind = move.get("type")
    if kind == "take":
        return _take_reasons(state, move.get("card"))
    if kind == "buy":
        return _buy_reasons(state, seat, move)
    if kind == "action":
        return _action_reasons(state, seat, move)
    return []


def _take_reasons(state, number) -> list[dict]:
    """An Initiative card's Gold, and in solo the adventurer die it rolls (cards 2 and 3: how many of its six faces
    remove a Market card, ``enemy_target``), with several players the buying order it gives (lowest first)."""
    card = next((c for c in state.initiative if c.number == number), None)
    if card is None:
        return []
    out = [{"why": "coin", "gold": card.coin}] if card.coin else []
    if state.seats == 1:
        faces = sum(1 for value in range(1, 7) if enemy_target(number, value) is not None)
        out.append({"why": "adventurer", "faces": faces})
    else:
        out.append({"why": "order", "number": number})
    return out


def _score(state, seat: int) -> dict | None:
    """The score sheet as if the game ended now (None before a class is chosen: nothing to score)."""
    try:
        return score_player(scoring_input(state, seat))
    except Exception:                       # noqa: BLE001 - a sheet not yet scorable (no class) has no reason
        return None


def _buy_reasons(state, seat: int, move: dict) -> list[dict]:
    """A purchase: the Armour set it adds to (pieces then, of how many, and what the set scores then), the Trait
    and whether its condition already holds, the rows a Weapon counts for, the Charisma tokens it spends."""
    content = compiled()
    card = content.cards.get(move.get("card"))
    if card is None:
        return []
    p = state.players[seat]
    out: list[dict] = []
    if card.type == "armor" and card.armor_set in content.armor_sets:
        armour = content.armor_sets[card.armor_set]
        have = 1 + sum(1 for c in p.cards if getattr(content.cards.get(c), "armor_set", None) == card.armor_set)
        have = min(have, armour.size)
        out.append({"why": "armor", "set": card.armor_set, "have": have, "pieces": armour.size,
                    "stars": armour.stars_by_count[have]})
    elif card.traits:
        after = state.clone()
        after.players[seat].cards.append(card.id)
        sheet = _score(after, seat)
        entry = next((e for e in (sheet or {}).get("traits", []) if e.get("card") == card.id), None)
        out.append({"why": "trait", "card": card.id, "met": bool(entry and entry.get("stars", 0) > 0),
                    "stars": max(t.stars for t in card.traits)})
    elif card.type == "weapon":
        rows = [a for i, a in enumerate(ATTRS) if card.row_bonus[i] or card.per_die[i]]
        out.append({"why": "weapon", "attrs": rows})
    elif card.type == "skill":
        out.append({"why": "skill"})
    if move.get("tokens"):
        out.append({"why": "tokens", "tokens": move["tokens"]})
    return out


def _action_reasons(state, seat: int, move: dict) -> list[dict]:
    """An attribute action: Charisma's token (a Gold off a later purchase), Intelligence's reroll (the old value
    may be kept, so it cannot go wrong)."""
    if move.get("action") == "cha":
        return [{"why": "cha_token"}]
    if move.get("action") == "int" and isinstance(move.get("die"), (list, tuple)):
        attr, index = move["die"]
        return [{"why": "reroll", "attr": attr, "value": state.players[seat].rows[attr][index][1]}]
    return []


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
