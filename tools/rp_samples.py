"""Hand-built view models: the gallery's scenes, the tests' and the benchmark's inputs.

They are built from the real content data (classes, races, backstories, alignments, armor sets) so every
id is valid; numbers that the rules engine would compute (goal met, set stars, score items) are worked
out here in the simplest faithful way, since these scenes only need to look like real games.
"""

from __future__ import annotations

import random

from images.rollplayer import content
from images.rollplayer.views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    ATTRS,
    COLOURS,
    ArmorSet,
    BackstoryCell,
    Decision,
    Die,
    Goal,
    InitiativeCard,
    OwnedCard,
    PlayerTag,
    Row,
    ScoreColumn,
    ScoreItem,
    ScoresView,
    SheetView,
    TableView,
)

LONG_NAME = "Sir Reginald Bartholomew von Longname-Featherstonehaugh III"
KOREAN_NAME = "용감한 모험가 김서연"


def _goal(g: dict) -> Goal:
    return Goal(g["min"], g["max"], g["stars"])


def _met(value: int, bonus: int, goal: Goal) -> bool:
    hi = goal.max if goal.max is not None else 10**6
    return any(goal.min <= value + b <= hi for b in range(bonus + 1))


def armor_sets_for(card_ids: list[str], class_id: str) -> tuple[ArmorSet, ...]:
    sets = content.armor_sets()
    colour = content.classes()[class_id]["colour"]
    out = []
    for set_id, spec in sets.items():
        owned = tuple(c for c in card_ids if content.cards()[c].get("armor_set") == set_id)
        if not owned:
            continue
        bonus = any(content.cards()[c]["armor_colour"] == colour for c in owned)
        out.append(
            ArmorSet(set_id, spec["pieces"], owned, spec["stars_by_count"][len(owned)] + int(bonus), bonus)
        )
    return tuple(out)


def make_sheet(
    *,
    seat: int = 0,
    name: str = "Alice",
    race: str = "dwarf",
    cls: str = "cleric",
    backstory: str = "aristocrat",
    alignment: str = "arbiter",
    dice: dict | None = None,
    token=(1, 1),
    gold: int = 5,
    charisma: int = 0,
    cards: list[str] = (),
    exhausted: frozenset = frozenset(),
    weapon_bonus: dict | None = None,
    is_turn: bool = False,
    hands_limit: int = 2,
) -> SheetView:
    """A sheet from dice per attribute ([(value, colour) or None] * 3) and owned card ids."""
    dice = dice or {}
    weapon_bonus = weapon_bonus or {}
    race_mods = content.races()[race]["modifiers"]
    cls_data = content.classes()[cls]
    rows = []
    for a in ATTRS:
        ds = tuple(Die(*x) if x else None for x in (list(dice.get(a, [])) + [None] * 3)[:3])
        goal = _goal(cls_data["goals"][a])
        value = sum(d.value for d in ds if d) + race_mods[a]
        full = all(ds)
        rows.append(
            Row(
                a,
                ds,
                race_mods[a],
                weapon_bonus.get(a, 0),
                goal,
                full and _met(value, weapon_bonus.get(a, 0), goal),
            )
        )
    cells = tuple(
        BackstoryCell(a, c["position"], c["colour"])
        for a, c in content.backstories()[backstory]["cells"].items()
    )
    matches = 0
    for c in cells:
        die = rows[ATTRS.index(c.attr)].dice[c.position - 1]
        matches += bool(die and die.colour == c.colour)
    grid = content.alignments()[alignment]["grid"]
    agrid = tuple(tuple(grid[r][c] for c in ALIGN_COLUMNS) for r in ALIGN_ROWS)
    colour = cls_data["colour"]
    class_dice = sum(1 for r in rows for d in r.dice if d and d.colour == colour)
    by_type = {
        t: [c for c in cards if content.cards()[c]["type"] == t]
        for t in ("weapon", "armor", "skill", "trait")
    }
    armor = armor_sets_for(by_type["armor"], cls)
    goals = sum(r.goal.stars for r in rows if r.goal_met)
    reward = content.backstory_reward(matches)
    items = (
        ScoreItem("goals", goals),
        ScoreItem("class_dice", class_dice),
        ScoreItem("backstory", reward),
        ScoreItem("alignment", agrid[token[0]][token[1]]),
        ScoreItem("armor", sum(s.stars for s in armor)),
        ScoreItem("traits", 2 * len(by_type["trait"])),
        ScoreItem("weapons", 0),
    )
    return SheetView(
        seat=seat,
        player_name=name,
        race_id=race,
        class_id=cls,
        backstory_id=backstory,
        alignment_id=alignment,
        rows=tuple(rows),
        backstory=cells,
        backstory_matches=matches,
        alignment_grid=agrid,
        token=token,
        gold=gold,
        charisma=charisma,
        class_dice=class_dice,
        weapons=tuple(OwnedCard(c) for c in by_type["weapon"]),
        hands_used=sum(content.cards()[c].get("hands") or 1 for c in by_type["weapon"]),
        hands_limit=hands_limit,
        armor=armor,
        skills=tuple(OwnedCard(c, c in exhausted) for c in by_type["skill"]),
        traits=tuple(OwnedCard(c, stars=2 if i % 2 == 0 else 0) for i, c in enumerate(by_type["trait"])),
        projected=items,
        projected_total=sum(i.stars for i in items),
        is_turn=is_turn,
    )


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
        hands_limit=4,
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
        weapon_bonus={"str": 3, "dex": 2, "con": 2},
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
        weapon_bonus={},
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
    rng = random.Random(n * 31 + round_)
    names = names or [p[0] for p in PLAYERS]
    players = tuple(
        PlayerTag(
            i,
            names[i],
            PLAYERS[i][1],
            PLAYERS[i][2],
            gold=rng.randint(0, 12),
            charisma=rng.randint(0, 3),
            cards=rng.randint(0, 9),
            projected=rng.randint(4, 30),
        )
        for i in range(n)
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
    rounds_total = {1: 12, 2: 12, 3: 11, 4: 10}[n]
    if pending is None:
        pending = (Decision(1 % n if not solo else 0, "take_initiative"),)
    return TableView(
        round=round_,
        rounds_total=rounds_total,
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
    rng = random.Random(n * 7 + int(tie))
    names = names or [p[0] for p in PLAYERS]
    keys = ("goals", "class_dice", "alignment", "backstory", "armor", "traits", "weapons") + (
        ("solo_gold",) if solo else ()
    )
    cols = []
    for i in range(n):
        items = (
            ScoreItem("goals", rng.randint(4, 12)),
            ScoreItem("class_dice", rng.randint(1, 6)),
            ScoreItem("backstory", rng.choice([0, 1, 3])),
            ScoreItem("alignment", rng.choice([-3, -1, 0, 1, 3])),
            ScoreItem("armor", rng.randint(0, 11)),
            ScoreItem("traits", rng.randint(0, 8)),
            ScoreItem("weapons", rng.choice([0, 0, -2])),
        ) + ((ScoreItem("solo_gold", 1),) if solo else ())
        cols.append([i, items, sum(x.stars for x in items)])
    if tie and n > 1:
        diff = cols[0][2] - cols[1][2]
        items = list(cols[1][1])
        items[0] = ScoreItem("goals", items[0].stars + diff)
        cols[1][1] = tuple(items)
        cols[1][2] = cols[0][2]
    best = max(c[2] for c in cols)
    order = sorted(cols, key=lambda c: -c[2])
    columns = []
    for i, items, total in cols:
        rank = 1 + sum(1 for c in cols if c[2] > total)
        tb = (("gold", 6 - i),) if tie else ()
        columns.append(ScoreColumn(i, names[i], PLAYERS[i][1], items, total, rank, tb))
    winners = tuple(c[0] for c in cols if c[2] == best)
    tiebreak = None
    if tie and len(winners) > 1:
        winners = (winners[0],)
        tiebreak = "gold"
        columns = [
            ScoreColumn(
                c.seat,
                c.name,
                c.class_id,
                c.items,
                c.total,
                1 if c.seat == winners[0] else (2 if c.total == best else c.rank),
                c.tiebreak,
            )
            for c in columns
        ]
    del order
    rating = None
    if solo:
        total = columns[0].total
        rating = (
            "true_hero"
            if total >= 38
            else "clan_chief"
            if total >= 34
            else "luminary"
            if total >= 30
            else "adventurer"
            if total >= 26
            else "mercenary"
            if total >= 22
            else "npc"
        )
    return ScoresView(
        columns=tuple(columns),
        winners=winners,
        tiebreak_key=tiebreak,
        solo=solo,
        solo_rating=rating,
        item_keys=keys,
    )
