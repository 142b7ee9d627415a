"""Final scoring of Roll Player: the itemised sheet, the ranking with tiebreaks, the solo rating.

The rulebooks (FR "Score Final" / "Notes", DE "Kartenglossar", solo "Décompte final") and the content
README's scoring kinds are the specification. Decisions taken where they leave room:

* **Weapons are "up to"** (general rule 2). Per row the goal value is the attribute value (dice + race) plus
  any whole ``b`` from 0 to the row's weapon maximum; the sheet reports the smallest ``b`` that meets the
  goal (0 when the goal is missed — nothing was used). Weapons never reach trait conditions (rule 1).
* **Ancient Spear** (``choose_one``): every assignment of each choose-one bonus to a row is tried and the one
  with the most goal stars kept; on equal stars the spear stays unused, else the first row in
  STR..CHA order wins. The chosen attribute is reported on the weapon's entry.
* **Tower Shield** (``armor_wildcard``): only a set you have started but not completed is eligible; the
  engine picks the set whose stars rise most (first in chain, leather, mystic order on equal gain). The
  extra piece has no colour, so it never earns the class-colour bonus.
* **Discarding before scoring** (FAQ, general rule 8): the only cards that can cost stars are the ones with
  a negative ``score_stars`` (the Cursed Ring). Every combination of keeping or discarding them is scored
  and the best total kept; on equal totals the card is kept (discarding changes nothing then). A discarded
  card is listed in ``discarded`` and flagged ``"discarded": true`` on its weapon entry. The choice never
  affects a tiebreak: gold and class-colour dice do not depend on cards.
* **Mid-game projection**: the sheet is what the player would score if the game ended now. Empty spaces
  contribute nothing, so goals are simply unmet until the dice get there. A trait's upper limit ("8 or
  less", Reckless' "5 or less") is only checked on a complete row: every die still to come can only raise
  the row, so an empty STR row does not show Weak as earned. At game end every row is complete and the
  distinction disappears.
* **Solo**: +1 star per full 8 Gold (FR/DE), reported as its own item; the rating title comes from the FR
  table through ``solo_rating``.

The sheet is plain JSON-able data whose names are stable machine keys (sections, attributes, card ids);
images and i18n put words on them. ``total`` always equals the sum of the section ``subtotals``, and each
subtotal the sum of its entries' ``stars``.

Speed matters (hundreds of playouts per second, one call per move for the images): the content is
compiled once (``scoring_content.compiled``) and a call does only integer work over 18 spaces and a
handful of cards.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.errors import RuleError
from bot.games.rollplayer.scoring_content import ATTR_INDEX, ATTRS, DIE_COLOURS, Card, ClassInfo, Content, compiled

if TYPE_CHECKING:                   # the state module never imports scoring: no circle
    from .state import GameState

SOLO_GOLD_PER_STAR = 8  # FR/DE solo final scoring: +1 reputation per 8 Gold held
ROW_SPACES = 3
SECTIONS: tuple[str, ...] = ("goals", "class_dice", "alignment", "backstory", "armor", "traits", "weapons",
                             "solo_gold")
# FR solo table, lowest total of each title (NPC covers everything up to 21).
SOLO_RATINGS: tuple[tuple[int, str], ...] = (
    (38, "true_hero"), (34, "clan_chief"), (30, "luminary"), (26, "adventurer"), (22, "mercenary"),
)
SOLO_RATING_FLOOR = "npc"

Die = tuple[str, int]


@dataclass(frozen=True, slots=True)
class ScoringInput:
    """Everything final scoring reads about one player, as plain values.

    ``rows`` maps each attribute (``str dex con int wis cha``) to its three spaces left to right, each a
    ``(colour, value)`` die or ``None`` when empty; a shorter list means the missing spaces on the right are
    empty, and a missing attribute an empty row. ``alignment_pos`` is ``(row, column)`` on the alignment card
    (``good|neutral|evil``, ``lawful|neutral|chaotic``). ``card_ids`` are the market cards the player owns.
    """

    race_id: str
    class_id: str
    rows: dict[str, list[Die | None]]
    card_ids: list[str]
    alignment_id: str
    alignment_pos: tuple[str, str]
    backstory_id: str
    gold: int
    solo: bool = False


# --------------------------------------------------------------------------- input checking
def scoring_input(state: GameState, seat: int) -> ScoringInput:
    """What final scoring reads about ``seat`` of a game state (the engine, the AI and the pictures score
    through it)."""
    p = state.players[seat]
    rows = {a: list(p.rows[a]) + [None] * (3 - len(p.rows[a])) for a in ATTRS}
    return ScoringInput(race_id=p.race, class_id=p.class_id, rows=rows, card_ids=list(p.cards),
                        alignment_id=p.alignment, alignment_pos=(p.align_row, p.align_col),
                        backstory_id=p.backstory, gold=p.gold, solo=state.seats == 1)


def _fail(code: str, **params) -> RuleError:
    return RuleError(code, f"rules.scoring.{code}", **params)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


_VALID_DICE = frozenset((c, v) for c in DIE_COLOURS for v in range(1, 7))
_EMPTY_ROW = (None, None, None)


def _die(die) -> Die | None:
    """``die`` as a ``(colour, value)`` tuple, or None when it is not a die (JSON lists are accepted)."""
    if type(die) is not tuple:
        if not isinstance(die, (list, tuple)):
            return None
        die = tuple(die)
    try:
        valid = die in _VALID_DICE
    except TypeError:  # unhashable parts
        return None
    # True == 1 hashes like 1: a bool face is no face
    return die if valid and type(die[1]) is int else None


def _normalise_rows(rows) -> tuple[tuple[Die | None, ...], ...]:
    if not isinstance(rows, dict):
        raise _fail("bad_rows")
    for attr in rows:
        if attr not in ATTR_INDEX:
            raise _fail("unknown_attribute", attr=str(attr))
    out = []
    for attr in ATTRS:
        spaces = rows.get(attr)
        if spaces is None:
            out.append(_EMPTY_ROW)
            continue
        if not isinstance(spaces, (list, tuple)) or len(spaces) > ROW_SPACES:
            raise _fail("bad_row", attr=attr)
        row: list[Die | None] = []
        gap = False
        for pos, space in enumerate(spaces):
            if space is None:
                gap = True
                row.append(None)
                continue
            if gap:  # dice always fill a row from the left (placement and Sleight of Hand both keep it so)
                raise _fail("bad_row", attr=attr)
            die = _die(space)
            if die is None:
                raise _fail("bad_die", attr=attr, position=pos + 1)
            row.append(die)
        out.append(tuple(row + [None] * (ROW_SPACES - len(row))))
    return tuple(out)


def _lookup(mapping: dict, key, code: str, param: str):
    try:
        found = mapping.get(key)
    except TypeError:  # unhashable: certainly no id
        found = None
    if found is None:
        raise _fail(code, **{param: str(key)})
    return found


def _cards(content: Content, card_ids) -> list[Card]:
    if not isinstance(card_ids, (list, tuple)):
        raise _fail("bad_cards")
    seen = set()
    cards = []
    for cid in card_ids:
        card = _lookup(content.cards, cid, "unknown_card", "card_id")
        if cid in seen:  # every market card exists once
            raise _fail("duplicate_card", card_id=cid)
        seen.add(cid)
        cards.append(card)
    return cards


# --------------------------------------------------------------------------- one player
@dataclass(frozen=True, slots=True)
class _Sheet:
    """The card-independent facts of one player's sheet, computed once per call (``_sheet``)."""

    content: Content
    race: tuple[int, ...]
    klass: ClassInfo
    dice: tuple[tuple[Die | None, ...], ...]
    values: list[int]
    complete: list[bool]
    counts: list[int]
    class_dice: int
    equal_rows: int
    backstory_id: str
    backstory_matches: list[str]
    alignment_id: str
    alignment_pos: tuple[str, str]
    alignment_stars: int
    gold: int
    solo: bool


def _sheet(content: Content, inp: ScoringInput) -> _Sheet:
    if not isinstance(inp, ScoringInput):
        raise _fail("bad_input")
    race = _lookup(content.races, inp.race_id, "unknown_race", "race_id")
    klass = _lookup(content.classes, inp.class_id, "unknown_class", "class_id")
    backstory = _lookup(content.backstories, inp.backstory_id, "unknown_backstory", "backstory_id")
    grid = _lookup(content.alignments, inp.alignment_id, "unknown_alignment", "alignment_id")
    pos = inp.alignment_pos
    if not isinstance(pos, (list, tuple)) or len(pos) != 2:
        raise _fail("bad_alignment_position", position=str(pos))
    pos = (pos[0], pos[1])
    _lookup(grid, pos, "bad_alignment_position", "position")
    if not _is_int(inp.gold) or inp.gold < 0:
        raise _fail("bad_gold", gold=str(inp.gold))
    if not isinstance(inp.solo, bool):
        raise _fail("bad_solo")
    dice = _normalise_rows(inp.rows)

    values = []
    complete = []
    counts = []
    equal_rows = 0
    colour = klass.colour
    class_dice = 0
    for i, row in enumerate(dice):
        present = [d for d in row if d is not None]
        values.append(sum(v for _, v in present) + race[i])
        complete.append(len(present) == ROW_SPACES)
        counts.append(len(present))
        for c, _ in present:
            if c == colour:
                class_dice += 1
        if len(present) == ROW_SPACES and present[0][1] == present[1][1] == present[2][1]:
            equal_rows += 1
    matches = [ATTRS[attr] for attr, space, want in backstory
               if dice[attr][space] is not None and dice[attr][space][0] == want]
    return _Sheet(content, race, klass, dice, values, complete, counts, class_dice, equal_rows, inp.backstory_id,
                  matches, inp.alignment_id, pos, grid[pos], inp.gold, inp.solo)


def _goal_hit(value: int, top: int, goal) -> int | None:
    """Smallest weapon bonus b in 0..top-value that puts the goal value on the goal, or None."""
    if value > goal.max or top < goal.min:
        return None
    return goal.min - value if value < goal.min else 0


def _goals(sheet: _Sheet, cards: list[Card]) -> tuple[list[dict], dict[str, str | None]]:
    """Goal entries per attribute and the row each choose-one weapon was given (card id -> attr or None)."""
    fixed = [0] * 6
    sources: list[list[str]] = [[] for _ in range(6)]
    spears: list[tuple[str, int]] = []
    dice = sheet.dice
    for card in cards:
        if not card.raises_goals:
            continue
        for amount in card.choose_one:
            spears.append((card.id, amount))
        for i in range(6):
            bonus = card.row_bonus[i] + card.per_die[i] * sheet.counts[i]
            for colour, amount in card.per_colour:
                for d in dice[i]:
                    if d is not None and d[0] == colour:
                        bonus += amount
            if bonus:
                fixed[i] += bonus
                sources[i].append(card.id)

    goals = sheet.klass.goals
    values = sheet.values

    def stars_with(extra: list[int]) -> int:
        total = 0
        for i in range(6):
            if _goal_hit(values[i], values[i] + fixed[i] + extra[i], goals[i]) is not None:
                total += goals[i].stars
        return total

    extra = [0] * 6
    chosen: dict[str, str | None] = {}
    if spears:
        best_stars = -1
        best_choice: tuple = ()
        for choice in itertools.product((None, *range(6)), repeat=len(spears)):
            trial = [0] * 6
            for (_, amount), row in zip(spears, choice):
                if row is not None:
                    trial[row] += amount
            s = stars_with(trial)
            if s > best_stars:
                best_stars, best_choice, extra = s, choice, trial
        for (cid, _), row in zip(spears, best_choice):
            chosen[cid] = None if row is None else ATTRS[row]
            if row is not None:
                sources[row].append(cid)

    entries = []
    for i, attr in enumerate(ATTRS):
        goal = goals[i]
        top = fixed[i] + extra[i]
        b = _goal_hit(values[i], values[i] + top, goal)
        met = b is not None
        entries.append({
            "attr": attr,
            "dice": values[i] - sheet.race[i],
            "race": sheet.race[i],
            "value": values[i],
            "goal": {"min": goal.min, "max": None if goal.open_ended else goal.max},
            "weapon_max": top,
            "weapon_bonus": b if met else 0,
            "weapon_cards": sorted(set(sources[i])),
            "goal_value": values[i] + (b if met else 0),
            "met": met,
            "stars": goal.stars if met else 0,
        })
    return entries, chosen


def _armor(sheet: _Sheet, cards: list[Card]) -> tuple[list[dict], dict[str, str | None]]:
    """Entries per armor set held (or reached by a Tower Shield) and the set each wildcard went to."""
    content = sheet.content
    held: dict[str, list[str]] = {}
    colour_match: dict[str, bool] = {}
    wildcards: list[tuple[str, int]] = []
    colour = sheet.klass.colour
    for card in cards:
        if card.armor_set is not None:
            held.setdefault(card.armor_set, []).append(card.id)
            if card.armor_colour == colour:
                colour_match[card.armor_set] = True
        if card.wildcard_pieces:
            wildcards.append((card.id, card.wildcard_pieces))

    extra: dict[str, int] = {}
    chosen: dict[str, str | None] = {}
    if wildcards:
        # "a set you have started but not completed" is judged on the cards actually held
        eligible = [name for name in content.armor_set_order
                    if 0 < len(held.get(name, ())) < content.armor_sets[name].size]
        best_gain = 0
        best: tuple = (None,) * len(wildcards)
        if eligible:
            for choice in itertools.product(eligible, repeat=len(wildcards)):
                trial: dict[str, int] = {}
                for (_, pieces), name in zip(wildcards, choice):
                    trial[name] = trial.get(name, 0) + pieces
                gain = 0
                for name, add in trial.items():
                    s = content.armor_sets[name]
                    n = len(held[name])
                    gain += s.stars_by_count[min(s.size, n + add)] - s.stars_by_count[n]
                if gain > best_gain:
                    best_gain, best = gain, choice
        for (cid, pieces), name in zip(wildcards, best):
            chosen[cid] = name
            if name is not None:
                extra[name] = extra.get(name, 0) + pieces

    entries = []
    for name in content.armor_set_order:
        ids = held.get(name)
        if not ids:
            continue
        s = content.armor_sets[name]
        n = len(ids)
        counted = min(s.size, n + extra.get(name, 0))
        set_stars = s.stars_by_count[counted]
        bonus = content.colour_bonus if colour_match.get(name) else 0
        entries.append({
            "set": name,
            "cards": ids,
            "pieces": n,
            "tower_shield": counted - n,
            "set_stars": set_stars,
            "colour_bonus": bonus,
            "stars": set_stars + bonus,
        })
    return entries, chosen


def _traits(sheet: _Sheet, cards: list[Card]) -> list[dict]:
    traits_owned = sum(1 for c in cards if c.type == "trait")
    counters = {
        "class_colour_dice": sheet.class_dice,
        "backstory_matches": len(sheet.backstory_matches),
        "rows_three_equal_numbers": sheet.equal_rows,
        "gold": sheet.gold,
        "traits_owned": traits_owned,
    }
    values = sheet.values
    complete = sheet.complete
    row, column = sheet.alignment_pos
    entries = []
    for card in cards:
        if not card.traits:
            continue
        total = 0
        details = []
        for t in card.traits:
            if t.kind == "trait_condition":
                passed = []
                for i in t.attrs:
                    if t.op == ">=":
                        ok = values[i] >= t.value
                    else:  # an upper limit is only settled once the row is full
                        ok = complete[i] and values[i] <= t.value
                    if ok:
                        passed.append(ATTRS[i])
                if t.mode == "each":
                    stars = t.stars * len(passed)
                else:
                    stars = t.stars if len(passed) == len(t.attrs) else 0
                details.append({"kind": t.kind, "values": {ATTRS[i]: values[i] for i in t.attrs},
                                "passed": passed, "stars": stars})
            elif t.kind == "trait_alignment":
                met = (t.row is None or t.row == row) and (t.column is None or t.column == column)
                stars = t.stars if met else 0
                details.append({"kind": t.kind, "met": met, "stars": stars})
            else:
                n = counters[t.count]
                if t.min is not None:
                    stars = t.stars if n >= t.min else 0
                else:
                    stars = t.stars * (n // t.per)
                    if t.max is not None:
                        stars = min(stars, t.max)
                details.append({"kind": t.kind, "count": t.count, "counter": n, "stars": stars})
            total += stars
        entries.append({"card": card.id, "stars": total, "details": details})
    return entries


def _weapons(cards: list[Card], discarded: list[Card], spear_rows: dict, shield_sets: dict) -> list[dict]:
    entries = []
    for card in cards:
        if card.type != "weapon" and not card.score_stars:
            continue
        entry = {"card": card.id, "stars": card.score_stars, "discarded": False}
        if card.id in spear_rows:
            entry["attr"] = spear_rows[card.id]
        if card.id in shield_sets:
            entry["set"] = shield_sets[card.id]
        entries.append(entry)
    for card in discarded:
        entries.append({"card": card.id, "stars": 0, "discarded": True})
    return entries


def _sheet_for(sheet: _Sheet, kept: list[Card], discarded: list[Card]) -> dict:
    content = sheet.content
    goals, spear_rows = _goals(sheet, kept)
    armor, shield_sets = _armor(sheet, kept)
    traits = _traits(sheet, kept)
    weapons = _weapons(kept, discarded, spear_rows, shield_sets)
    n_matches = len(sheet.backstory_matches)
    solo_stars = sheet.gold // SOLO_GOLD_PER_STAR if sheet.solo else 0
    result = {
        "goals": goals,
        "class_dice": {"colour": sheet.klass.colour, "count": sheet.class_dice, "stars": sheet.class_dice},
        "alignment": {"card": sheet.alignment_id, "row": sheet.alignment_pos[0],
                      "column": sheet.alignment_pos[1], "stars": sheet.alignment_stars},
        "backstory": {"card": sheet.backstory_id, "matches": sheet.backstory_matches, "count": n_matches,
                      "stars": content.backstory_reward[n_matches]},
        "armor": armor,
        "traits": traits,
        "weapons": weapons,
        "solo_gold": {"applies": sheet.solo, "gold": sheet.gold, "per": SOLO_GOLD_PER_STAR,
                      "stars": solo_stars},
    }
    subtotals = {}
    for name in SECTIONS:
        part = result[name]
        subtotals[name] = sum(e["stars"] for e in part) if isinstance(part, list) else part["stars"]
    result["subtotals"] = subtotals
    result["total"] = sum(subtotals.values())
    return result


def score_player(inp: ScoringInput) -> dict:
    """The itemised score sheet of one player (final, or a projection mid-game); see the module docstring.

    Raises ``RuleError`` (key ``rules.scoring.*``) on input that names unknown content or impossible dice.
    """
    content = compiled()
    sheet = _sheet(content, inp)
    cards = _cards(content, inp.card_ids)
    optional = [c for c in cards if c.discardable]
    best = None
    # fewest discards first, so an equal total keeps the card
    for k in range(len(optional) + 1):
        for drop in itertools.combinations(optional, k):
            dropped = {c.id for c in drop}
            kept = [c for c in cards if c.id not in dropped]
            trial = _sheet_for(sheet, kept, list(drop))
            if best is None or trial["total"] > best["total"]:
                best = trial
    best.update({"discarded": [e["card"] for e in best["weapons"] if e["discarded"]], "race": inp.race_id,
                 "class": inp.class_id, "gold": inp.gold, "solo": inp.solo, "complete": all(sheet.complete),
                 "rating": solo_rating(best["total"]) if inp.solo else None})
    return best


# --------------------------------------------------------------------------- several players
#: the criteria ``rank`` reports as a player's ``tiebreak``, shallowest first (the pictures show how deep it went)
TIEBREAKS: tuple[str, ...] = ("total", "gold", "class_dice", "shared")


def _rank_key(score) -> tuple[int, int, int]:
    try:
        total, gold, class_dice = score["total"], score["gold"], score["class_dice"]["count"]
    except (KeyError, TypeError) as exc:
        raise _fail("bad_score") from exc
    if not (_is_int(total) and _is_int(gold) and _is_int(class_dice)):
        raise _fail("bad_score")
    # highest total, then most gold, then fewest class-colour dice (FR/DE/KO tiebreaks)
    return (-total, -gold, class_dice)


def rank(scores: list[dict]) -> list[dict]:
    """Order players by the printed rules and say, for each, which criterion settled their place.

    ``scores`` are ``score_player`` results in seat order; the answer lists one entry per player, best
    first: ``index`` (position in ``scores``), ``place`` (1-based; players still level after every tiebreak
    share it), ``total``, ``gold``, ``class_dice``, ``tiebreak`` and ``shared``. ``tiebreak`` is the
    deepest criterion needed to tell this player apart from everyone on the same total: ``"total"`` (nobody
    shares it), ``"gold"``, ``"class_dice"`` or ``"shared"`` (level on all three: shared place).
    """
    if not isinstance(scores, (list, tuple)):
        raise _fail("bad_score")
    keys = [_rank_key(s) for s in scores]
    order = sorted(range(len(scores)), key=lambda i: (keys[i], i))
    out = []
    for pos, i in enumerate(order):
        key = keys[i]
        place = 1 + sum(1 for k in keys if k < key)
        same_total = [k for j, k in enumerate(keys) if j != i and k[0] == key[0]]
        if not same_total:
            tiebreak = "total"
        elif all(k[1] != key[1] for k in same_total):
            tiebreak = "gold"
        elif all(k[1:] != key[1:] for k in same_total):
            tiebreak = "class_dice"
        else:
            tiebreak = "shared"
        out.append({
            "index": i,
            "place": place,
            "total": -key[0],
            "gold": -key[1],
            "class_dice": key[2],
            "tiebreak": tiebreak,
            "shared": tiebreak == "shared",
        })
    return out


def ties(ranking: list[dict]) -> list[tuple[str, list[dict]]]:
    """Every tie of a ``rank`` result and the criterion that broke it, best place first, whatever the place:
    ``("gold", level)`` for players on the same total whose Gold differs, ``("class_dice", level)`` for players
    also on the same Gold whose class-colour dice differ, ``("shared", level)`` for players level on all three
    (their place is shared). ``level`` holds the ranking's entries of those players, in their order."""
    found = []
    for depth, criterion in enumerate(TIEBREAKS[1:], start=1):
        groups: dict[tuple, list[dict]] = {}
        for entry in ranking:
            groups.setdefault(tuple(entry[k] for k in ("total", "gold", "class_dice")[:depth]), []).append(entry)
        found += [(level[0]["place"], depth, criterion, level) for level in groups.values() if len(level) > 1
                  and (criterion == "shared" or len({entry[criterion] for entry in level}) > 1)]
    return [(criterion, level) for _, _, criterion, level in sorted(found, key=lambda tie: tie[:2])]


def solo_rating(total: int) -> str:
    """Message key of the FR solo rating title for a final total."""
    if not _is_int(total):
        raise _fail("bad_total", total=str(total))
    for floor, name in SOLO_RATINGS:
        if total >= floor:
            return f"rules.solo.rating.{name}"
    return f"rules.solo.rating.{SOLO_RATING_FLOOR}"
