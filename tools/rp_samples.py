"""Hand-built view models: the gallery's scenes, the tests' and the benchmark's inputs.

They are built from the real content data (classes, races, backstories, alignments, armor sets) so every
id is valid, as real rules-engine states (:func:`scene_state`) drawn through the same adapter as a game:
every number a scene shows (goals met, set and trait stars, projections, totals, ranks, the solo rating)
is the engine's scoring of that scene. Only the position is hand-built.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.games.rollplayer.kind import KIND
from images.rollplayer import content
from images.rollplayer.adapt import rounds_total, scores_view, sheet_view
from images.rollplayer.views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    ATTRS,
    COLOURS,
    Decision,
    Die,
    InitiativeCard,
    PlayerTag,
    ScoresView,
    SheetView,
    TableView,
)

LONG_NAME = "Sir Reginald Bartholomew von Longname-Featherstonehaugh III"
KOREAN_NAME = "용감한 모험가 김서연"


def scene_state(seats: int, sheets: list[dict], *, finished: bool = False):
    """A real rules-engine state whose players hold ``sheets`` (keyword dicts of :func:`seat_player`): every
    number a picture of it shows (goals met, sets, trait stars, projections, totals, ranks) is then the
    engine's own scoring (``images.rollplayer.adapt``), never worked out here."""
    state = KIND.create(seats, 1, {})
    for seat, sheet in enumerate(sheets):
        seat_player(state.players[seat], **sheet)
    state.finished = finished
    if finished:
        state.phase = "finished"
    return state


def seat_player(
    p,
    *,
    race: str = "dwarf",
    cls: str = "cleric",
    backstory: str = "aristocrat",
    alignment: str = "arbiter",
    dice: dict | None = None,
    token=(1, 1),
    gold: int = 5,
    charisma: int = 0,
    cards=(),
    exhausted=frozenset(),
) -> None:
    """Fill one engine ``PlayerState``: dice per attribute as [(value, colour)] (left-packed), owned card
    ids, the alignment token as (row, column) indexes."""
    dice = dice or {}
    p.race, p.class_id, p.backstory, p.alignment = race, cls, backstory, alignment
    p.gender = "female"
    p.rows = {a: [(colour, value) for value, colour in dice.get(a, [])][:3] for a in ATTRS}
    p.align_row, p.align_col = ALIGN_ROWS[token[0]], ALIGN_COLUMNS[token[1]]
    p.gold, p.charisma = gold, charisma
    p.cards = list(cards)
    p.exhausted = [c for c in p.cards if c in exhausted]
    p.start_dice = []


def make_sheet(*, seat: int = 0, name: str = "Alice", is_turn: bool = False, **sheet) -> SheetView:
    """A sheet from dice per attribute ([(value, colour)] * up to 3) and owned card ids (the keywords of
    :func:`seat_player`), as the engine scores it."""
    state = scene_state(max(2, seat + 1), [sheet if s == seat else {} for s in range(max(2, seat + 1))])
    return replace(sheet_view(state, seat, {seat: name}), is_turn=is_turn)


def random_dice(rng: random.Random, count: int) -> dict:
    """`count` dice spread over the rows left to right, like a game in progress."""
    slots = [(a, i) for i in range(3) for a in ATTRS][:count]
    out: dict = {a: [] for a in ATTRS}
    for a, _ in sorted(slots, key=lambda s: ATTRS.index(s[0])):
        out[a].append((rng.randint(1, 6), rng.choice(COLOURS)))
    return out


def start_sheet() -> SheetView:
    rng = random.Random(1)
    return make_sheet(name="Alice", dice=random_dice(rng, 6), gold=5, is_turn=True)


def mid_sheet() -> SheetView:
    """Mid-game with every card type owned: weapons, two armor sets, ready and exhausted skills, traits."""
    dice = {
        "str": [(5, "red"), (6, "gold"), (4, "blue")],
        "dex": [(6, "green"), (5, "green"), (3, "white")],
        "con": [(4, "purple"), (6, "white"), (5, "white")],
        "int": [(2, "black"), (3, "red")],
        "wis": [(6, "white"), (6, "black"), (5, "white")],
        "cha": [(4, "blue"), (5, "white")],
    }
    return make_sheet(
        name="Bob the Bold",
        race="elf",
        cls="barbarian",
        backstory="brawler",
        alignment="rebel",
        dice=dice,
        token=(0, 2),
        gold=7,
        charisma=2,
        cards=[
            "longsword",
            "quarterstaff",
            "chain_helm",
            "chain_tunic",
            "leather_boots",
            "acrobatics",
            "sleight_of_hand",
            "intimidate",
            "reckless",
            "compassionate",
        ],
        exhausted=frozenset({"sleight_of_hand"}),
    )


def full_sheet() -> SheetView:
    """End of game: every space filled, many cards (the tallest sheet)."""
    rng = random.Random(7)
    dice = {a: [(rng.randint(3, 6), rng.choice(COLOURS)) for _ in range(3)] for a in ATTRS}
    return make_sheet(
        name="Chloé Lefèvre-Dubois",
        race="minotaur",
        cls="warrior",
        backstory="street_urchin",
        alignment="truth_seeker",
        dice=dice,
        token=(2, 0),
        gold=3,
        charisma=1,
        cards=[
            "heavy_crossbow",
            "chain_helm",
            "chain_gorget",
            "chain_vambraces",
            "chain_tunic",
            "chain_leggings",
            "mystic_cowl",
            "mystic_robes",
            "leather_gloves",
            "leather_pauldron",
            "negotiate",
            "move_silently",
            "diplomacy",
            "open_lock",
            "knowledge",
            "famous",
            "loyal",
            "dedicated",
            "honest",
            "obsessed",
            "greedy",
        ],
        exhausted=frozenset({"move_silently", "diplomacy"}),
    )


def long_names_sheet() -> SheetView:
    dice = {
        "str": [(1, "gold")],
        "dex": [(6, "purple"), (2, "black")],
        "int": [(4, "green")],
        "cha": [(3, "blue")],
        "wis": [(5, "red")],
    }
    return make_sheet(
        name=LONG_NAME,
        race="dragonkin",
        cls="sorcerer",
        backstory="rift_walker",
        alignment="truth_seeker",
        dice=dice,
        gold=12,
        charisma=3,
        cards=[
            "heavy_crossbow",
            "leather_pauldron",
            "sleight_of_hand",
            "compassionate",
            "move_silently",
            "mystic_cloak",
        ],
        exhausted=frozenset({"move_silently"}),
    )


def korean_sheet() -> SheetView:
    dice = {
        "str": [(3, "red"), (5, "gold")],
        "dex": [(4, "green"), (2, "blue")],
        "con": [(6, "black")],
        "int": [(1, "white")],
        "wis": [(6, "purple")],
        "cha": [(5, "blue")],
    }
    return make_sheet(
        name=KOREAN_NAME,
        race="frogkin",
        cls="druid",
        backstory="savant",
        alignment="hermit",
        dice=dice,
        gold=4,
        charisma=1,
        cards=[
            "jeweled_dagger",
            "tower_shield",
            "leather_gloves",
            "move_silently",
            "open_lock",
            "reckless",
            "weak",
        ],
        exhausted=frozenset({"open_lock"}),
    )


PLAYERS = [
    ("Alice", "cleric", "dwarf"),
    ("Bob the Bold", "barbarian", "elf"),
    ("Chloé Lefèvre-Dubois", "warrior", "minotaur"),
    (KOREAN_NAME, "druid", "frogkin"),
]


def aimed_dice(rng: random.Random, cls: str, race: str) -> dict:
    """A full sheet whose rows mostly aim at the class's goals (as a player would), some dice in the class
    colour: the engine then finds goals met and class dice, like at the end of a real game."""
    goals, mods = content.classes()[cls]["goals"], content.races()[race]["modifiers"]
    colour = content.classes()[cls]["colour"]
    out = {}
    for a in ATTRS:
        low = goals[a]["min"] - mods[a]
        high = (goals[a]["max"] if goals[a]["max"] is not None else goals[a]["min"] + 4) - mods[a]
        low, high = min(max(3, low), 18), max(3, min(18, high))
        target = rng.randint(low, max(low, high)) if rng.random() < 0.7 else rng.randint(3, 18)
        values = [1, 1, 1]
        for _ in range(target - 3):
            values[rng.choice([k for k in range(3) if values[k] < 6])] += 1
        out[a] = [(v, colour if rng.random() < 0.3 else rng.choice(COLOURS)) for v in values]
    return out


def scene_sheets(n: int, rng: random.Random, *, dice: int = 18) -> list[dict]:
    """Sheets for ``n`` of :data:`PLAYERS` (their class and race): ``dice`` dice each, a few cards, some gold."""
    cards = sorted(c for c in content.cards() if not content.cards()[c].get("promo"))
    weapons = [c for c in cards if content.cards()[c]["type"] == "weapon"]
    others = [c for c in cards if content.cards()[c]["type"] != "weapon"]
    sheets = []
    for i in range(n):
        owned = rng.sample(weapons, rng.randint(0, 1)) + rng.sample(others, rng.randint(3, 8))
        sheets.append({
            "race": PLAYERS[i][2], "cls": PLAYERS[i][1],
            "backstory": rng.choice(sorted(content.backstories())),
            "alignment": rng.choice(sorted(content.alignments())),
            "dice": aimed_dice(rng, PLAYERS[i][1], PLAYERS[i][2]) if dice == 18 else random_dice(rng, dice),
            "token": (rng.randint(0, 2), rng.randint(0, 2)),
            "gold": rng.randint(0, 12), "charisma": rng.randint(0, 3), "cards": owned,
        })
    return sheets


def make_table(
    n: int,
    *,
    phase: str = "dice",
    round_: int = 3,
    names=None,
    locale_cards=None,
    solo: bool = False,
    taken: dict | None = None,
    market: list[str] | None = None,
    pending: tuple[Decision, ...] | None = None,
) -> TableView:
    """A table in the dice phase of ``round_``; the players' gold, Charisma, cards and projected stars are
    those of real sheets (:func:`scene_state`), as the engine scores them."""
    rng = random.Random(n * 31 + round_)
    names = names or [p[0] for p in PLAYERS]
    state = scene_state(n, scene_sheets(n, rng, dice=3 + 3 * round_))
    projected = {s["seat"]: int(s["total"]) for s in KIND.score(state)["players"]}
    players = tuple(
        PlayerTag(i, names[i], p.class_id, p.race, gold=p.gold, charisma=p.charisma, cards=len(p.cards),
                  projected=projected[i])
        for i, p in enumerate(state.players)
    )
    n_init = 3 if solo else n + 1
    dice = sorted(rng.randint(1, 6) for _ in range(n_init))
    taken = taken or {}
    initiative = tuple(
        InitiativeCard(
            i + 1,
            None if (i + 1) in taken else Die(dice[i], rng.choice(COLOURS)),
            coins=0 if (i == 0 or (i + 1) in taken) else 1,
            taken_by=taken.get(i + 1),
        )
        for i in range(n_init)
    )
    if market is None:
        pool = [c for c in content.cards() if not content.cards()[c].get("promo")]
        market = rng.sample(pool, 3 if solo else n + 1)
    if pending is None:
        pending = (Decision(1 % n if not solo else 0, "take_initiative"),)
    return TableView(
        round=round_,
        rounds_total=rounds_total(state),
        phase=phase,
        start_seat=0,
        players=players,
        initiative=initiative,
        market=tuple(market),
        deck_count=53 - 10 - 3 * round_,
        discard_count=2 * round_,
        pending=pending,
        solo=solo,
        enemy_die=Die(4, "gold") if solo else None,
        trash=("climb", "chain_helm", "honest") if solo else (),
        discard_top="search",
    )


def make_scores(n: int, *, solo: bool = False, names=None, tie: bool = False) -> ScoresView:
    """The final scores of ``n`` full sheets as the engine scores and ranks them (solo: with its rating);
    ``tie``: the second player holds the first one's sheet with less gold, so the engine breaks the tie."""
    rng = random.Random(n * 7 + int(tie))
    names = names or [p[0] for p in PLAYERS]
    sheets = scene_sheets(n, rng)
    if tie and n > 1:      # the best sheet twice: a tie for first, broken by gold
        totals = [s["total"] for s in KIND.score(scene_state(n, sheets))["players"]]
        at = totals.index(max(totals))
        best = sheets[at]
        if at > 1:
            sheets[at] = sheets[0]
        sheets[0] = {**best, "gold": max(1, best["gold"])}
        sheets[1] = {**sheets[0], "gold": sheets[0]["gold"] - 1}
    state = scene_state(1 if solo else n, sheets[:1] if solo else sheets, finished=True)
    return scores_view(state, names)
