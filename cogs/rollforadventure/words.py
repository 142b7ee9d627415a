"""Roll for Adventure's ids as words: heroes (with their player), territories, places, enemy cards, dice.

The rules speak in ids (``territory:forest``, ``sandmann_2``, die 14, hero index 1); everything a player
reads names them through these helpers, so a log line, a button and a refusal call a thing the same way.
Every helper takes the state it describes and never fails on a value it does not know (a label must not
break a menu): unknown ids are shown as they are, shortened.
"""
from __future__ import annotations

from typing import Any

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import territories as T
from bot.i18n import named_like, t

#: how a die's owner reads when it is no hero's colour
OWNERS = ("ally", "bonus")
#: Desert A's sections, left to right (the rules' slots)
DESERT_A_SECTIONS = ("d1", "d2", "d3")


def short(value: Any, limit: int = 40) -> str:
    return str(value)[:limit]


def territory(tid: Any, locale: str) -> str:
    return t(f"rollforadventure.territory.{tid}", locale) if tid in C.TERRITORIES else short(tid)


def card_type(cid: Any) -> str | None:
    card = C.CARDS.get(cid) if isinstance(cid, str) else None
    return card["type"] if card else None


def card(cid: Any, locale: str) -> str:
    """An enemy card by name; the cards of a type that has several carry their letter ("Sandman B"), as the
    table picture names them (``content.CARD_LETTER``)."""
    kind = card_type(cid)
    if kind is None:
        return short(cid)
    name = t(f"rollforadventure.card.{kind}", locale)
    number = C.CARD_LETTER.get(cid)
    if number is None:
        return name
    # "Sorcière des ronces A" agrees as "Sorcière des ronces" does ("… est vaincue !"): the card's gender is its
    # name's, flagged in the catalog
    return named_like(t("rollforadventure.words.card_numbered", locale, card=name, number=number), name, locale)


def hero_name(hero_id: Any, locale: str) -> str:
    return t(f"rollforadventure.hero.{hero_id}", locale) if hero_id in C.HEROES else short(hero_id)


def hero(state: dict, index: Any, names: list[str], locale: str) -> str:
    """A hero in play with the player who moves it (``hero_of``): "Alice's Healer" (a bot seat's name has parentheses
    of its own: "Veteran (Bot (normal))" nested them; "Alice · Healer" was read "middle dot")."""
    heroes = state.get("heroes") or []
    if type(index) is not int or not 0 <= index < len(heroes):
        return short(index)
    entry = heroes[index]
    seat = entry.get("seat")
    player = names[seat] if type(seat) is int and 0 <= seat < len(names) else "?"
    return hero_of(player, entry.get("hero"), locale)


def hero_of(player: str, hero_id: Any, locale: str) -> str:
    """A hero with its player's name, in words ("Alice's Healer", "Heiler von Alice"): every text names a player's
    hero so, the log's mover too. Korean honours the player ("Alice 님의 치유사", as every other line names a
    player; "Ben · 치유사" in a solo game's log lacked it), never a bot seat (the i18n layer leaves 님 out)."""
    return t("rollforadventure.words.hero_of", locale, hero=hero_name(hero_id, locale), player=player)


def acting_hero(state: dict) -> int | None:
    """The hero whose decision is open (the one being chosen at setup, else the active hero: every other
    decision is the active hero's), or None."""
    decision = state.get("decision") or {}
    if decision.get("kind") == "pick_hero":
        return decision.get("hero_index")
    return state.get("active")


def holds_two(state: dict, seat: Any) -> bool:
    """Whether the player at ``seat`` moves more than one hero (solo play): their name alone says not which."""
    return sum(1 for entry in state.get("heroes") or [] if entry.get("seat") == seat) > 1


def mover(state: dict, seat: int, player: str, locale: str) -> str:
    """Who made a move: the player, with the hero they moved it for (``hero_of``: "Ben's Healer") when they hold
    two heroes (the full table names them so); a hero not chosen yet is left out."""
    index = acting_hero(state)
    heroes = state.get("heroes") or []
    if not holds_two(state, seat) or type(index) is not int or not 0 <= index < len(heroes) \
            or heroes[index].get("seat") != seat or not heroes[index].get("hero"):
        return player
    return hero_of(player, heroes[index]["hero"], locale)


def hero_by_id(state: dict, hero_id: Any, names: list[str], locale: str) -> str:
    for index, entry in enumerate(state.get("heroes") or []):
        if entry.get("hero") == hero_id:
            return hero(state, index, names, locale)
    return hero_name(hero_id, locale)


def owner(who: Any, locale: str) -> str:
    if who in C.COLOURS or who in OWNERS:
        return t(f"rollforadventure.owner.{who}", locale)
    return short(who, 12)


def owner_of(state: dict, index: Any, seen: Any = None) -> Any:
    """Whose die ``index`` is: as an event saw it (``[owner, value]``), else as the state holds it (a die's owner
    never changes); None when neither says."""
    if isinstance(seen, list) and len(seen) == 2:
        return seen[0]
    dice = state.get("dice") or []
    return dice[index].get("o") if type(index) is int and 0 <= index < len(dice) else None


def bonus_home(state: dict) -> str:
    """Where the bonus dice of the supply lie: on the Ice Cave (its side A) or in the storage chest (side B)."""
    side = ((state.get("terr") or {}).get("ice_cave") or {}).get("side")
    return C.BONUS_DICE_HOME.get(side, "storage_chest") if isinstance(side, str) else "storage_chest"


def looks(who: Any, value: Any, locale: str) -> str:
    """A die by its owner and, when it shows one, its value ("red 4", "ally die"). The owner is a noun before a
    value ("Rot 4") and an adjective before the die, with its ending ("roter Würfel"): a catalog entry per owner."""
    if type(value) is int:
        return t("rollforadventure.words.die", locale, owner=owner(who, locale), value=value)
    if who in C.COLOURS or who in OWNERS:
        return t(f"rollforadventure.words.die_of.{who}", locale)
    return short(who, 12)


def seen(value: Any, locale: str) -> str | None:
    """A die as an event saw it (``[owner, value]``, the rules' ``board.looks``); None when it is no such pair."""
    if isinstance(value, list) and len(value) == 2:
        return looks(value[0], value[1], locale)
    return None


def die(state: dict, index: Any, locale: str, *, where: str | None = None) -> str:
    """One die as it lies now: its owner and, when it shows one, its value ("red 4", "ally die"); ``where``
    adds where it lies as the table picture names it: ``"place"`` the place ("red 4 (Fortress)", "blue 1
    (Desert, field 4)"), ``"field"`` only its field where the field tells dice apart ("blue 1 (field 4)")."""
    dice = state.get("dice") or []
    if type(index) is not int or not 0 <= index < len(dice):
        return short(index, 12)
    entry = dice[index]
    text = looks(entry.get("o"), entry.get("v"), locale)
    at = location(state, entry, locale, field_only=where == "field") if where else None
    return t("rollforadventure.words.die_where", locale, die=text, where=at) if at else text


def field(state: dict, tid: Any, slot: Any) -> str | None:
    """A territory field as the table picture names it, on the sides whose fields tell dice apart (the rules'
    ``SLOT_MATTERS``): Desert B's fields by their number from the left (drawn above them), Ice Cave B's by
    their letter. None elsewhere: there a die's value and owner say all (a Fortress section is its value)."""
    terr = (state.get("terr") or {}).get(tid) if isinstance(tid, str) else None
    if not isinstance(terr, dict) or (tid, terr.get("side")) not in T.SLOT_MATTERS:
        return None
    if (tid == "desert" and slot in C.DESERT_B_FIELDS) or (tid == "ice_cave" and slot in C.ICE_B_FIELDS):
        return field_name(slot)
    return None


def location(state: dict, entry: dict, locale: str, *, field_only: bool = False) -> str | None:
    """Where a die lies, in the table picture's words: a territory (with its field where that matters), a
    hero's board (the hero), an enemy card or the Vortex of Memory; None for anywhere else."""
    at = entry.get("at")
    if not isinstance(at, str):
        return None
    kind, _, rest = at.partition(":")
    if at in C.TERRITORIES:
        number = field(state, at, entry.get("s"))
        if field_only:
            return t("rollforadventure.words.field", locale, field=number) if number else None
        name = territory(at, locale)
        return t("rollforadventure.words.field_of", locale, place=name, field=number) if number else name
    if field_only:
        return None
    if kind == "board" and rest.isascii() and rest.isdigit():       # "²" is a digit to isdigit, not to int
        heroes = state.get("heroes") or []
        index = int(rest)
        return hero_name(heroes[index].get("hero"), locale) if index < len(heroes) else None
    if kind == "enemy":
        return card(rest, locale)
    if at == "memory":
        return t("rollforadventure.place.memory", locale)
    return None


def dice(state: dict, indexes: Any, locale: str, *, where: str | None = None) -> str:
    """Dice by id, each as it lies now (:func:`die`), every one of them (the count a line gives must agree)."""
    if not isinstance(indexes, list):
        return short(indexes)
    if not indexes:
        return t("rollforadventure.words.none", locale)
    return ", ".join(die(state, i, locale, where=where) for i in indexes)


def place(target: Any, locale: str) -> str:
    """A place dice go: a territory, an enemy or the Vortex of Memory (with the article a sentence needs)."""
    if not isinstance(target, str):
        return short(target)
    kind, _, rest = target.partition(":")
    if kind == "territory" and rest in C.TERRITORIES:
        return t(f"rollforadventure.place.territory.{rest}", locale)
    if kind == "enemy":
        # a name the sentence would have to decline ("auf den Weißen Wolf B") stands where it needs no case
        # ending ("auf den Feind „Weißer Wolf B“"): the catalog frames it, the code never declines a name
        return t("rollforadventure.place.enemy", locale, card=card(rest, locale))
    if target == "memory":
        return t("rollforadventure.place.memory_on", locale)
    return short(target)


def claim_pays_nothing_but_dice(state: dict) -> bool:
    """An Ice Cave A claim of 4 dice with no bonus dice left in the Ice Cave pays no reward (l.297): it only
    gives the row's dice back. The rules still allow it (dice back matter when the team runs dry), so it is
    offered, under a label that says so rather than "Claim the reward now"."""
    decision = state.get("decision") or {}
    if decision.get("kind") != "ice_claim" or decision.get("count") != 4:
        return False
    return not any(d.get("at") == "supply" for d in state.get("dice") or [])


def place_name(target: Any, locale: str) -> str:
    """A place as a bare name (autocomplete, menus): "Forest", "Vortex of Memory", "Sandman B"."""
    if isinstance(target, str) and target.startswith("territory:"):
        return territory(target.partition(":")[2], locale)
    if target == "memory":
        return t("rollforadventure.place.memory", locale)
    if isinstance(target, str) and target.startswith("enemy:"):
        return card(target.partition(":")[2], locale)
    return place(target, locale)


def face(value: Any, locale: str) -> str:
    """The territory die's face: a territory, all of them or none."""
    if value in C.TERRITORIES:
        return territory(value, locale)
    if value in ("all", "none"):
        return t(f"rollforadventure.face.{value}", locale)
    return short(value)


def ice_lines(lines: Any, locale: str) -> str:
    if not isinstance(lines, list) or not lines:
        return t("rollforadventure.words.none", locale)
    return ", ".join(t(f"rollforadventure.ice_line.{x}", locale) if x in C.ICE_B_LINES else short(x) for x in lines[:8])


def ice_rewards(lines: Any, locale: str) -> str:
    """Ice Cave B lines with what each pays once full, as the table picture labels them: "top row (2 bonus dice),
    left column (free a die)"."""
    if not isinstance(lines, list) or not lines:
        return t("rollforadventure.words.none", locale)
    return ", ".join(t("rollforadventure.words.ice_reward", locale, line=ice_lines([x], locale),
                       reward=t(f"rollforadventure.img.reward.{C.ICE_B_LINES[x][1]}", locale))
                     if x in C.ICE_B_LINES else short(x) for x in lines[:8])


def field_name(slot: Any) -> str:
    """A Desert B field by its number from the left (``w4`` -> "4", the number drawn above it in the table
    picture) or an Ice Cave B field by its letter ("e", drawn on it)."""
    if slot in C.DESERT_B_FIELDS:
        return str(C.DESERT_B_FIELDS.index(slot) + 1)
    return short(slot, 6)


def section(sec: Any, locale: str) -> str:
    """A section as the table picture shows it: a Fortress section by the value its fields take ("3"), a
    Desert A section by its place from the left ("section 2": d1, d2, d3)."""
    if sec in C.FORTRESS_SECTIONS:
        return str(C.FORTRESS_SECTIONS[sec])
    if sec in DESERT_A_SECTIONS:
        return t("rollforadventure.words.section", locale, number=DESERT_A_SECTIONS.index(sec) + 1)
    return short(sec, 6)


def connection(cid: Any, locale: str) -> str:
    """A Desert B chain connection by the numbers of the fields it joins, in words ("4 to 7"): the picture's "4–7"
    was read "4 en dash 7"."""
    joined = C.DESERT_B_CONNECTIONS.get(cid) if isinstance(cid, str) else None
    if not joined:
        return short(cid, 6)
    return t("rollforadventure.words.connection", locale, first=field_name(joined[0]), last=field_name(joined[-1]))


def fields(values: Any) -> str:
    """Desert B fields ("2+3") or an Ice Cave B field ("e"), as the table picture names them."""
    if isinstance(values, list):
        return "+".join(field_name(v) for v in values[:10])
    return field_name(values)


def values(vals: Any) -> str:
    if not isinstance(vals, list):
        return short(vals)
    return " ".join(str(v) for v in vals[:12] if type(v) is int)
