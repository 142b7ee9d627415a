"""Roll for Adventure's ids as words: heroes (with their player), territories, places, enemy cards, dice.

The rules speak in ids (``territory:forest``, ``sandmann_2``, die 14, hero index 1); everything a player
reads names them through these helpers, so a log line, a button and a refusal call a thing the same way.
Every helper takes the state it describes and never fails on a value it does not know (a label must not
break a menu): unknown ids are shown as they are, shortened.
"""
from __future__ import annotations

from typing import Any

from bot.games.rollforadventure import content as C
from bot.i18n import t

#: how a die's owner reads when it is no hero's colour
OWNERS = ("ally", "bonus")


def short(value: Any, limit: int = 40) -> str:
    return str(value)[:limit]


def territory(tid: Any, locale: str) -> str:
    return t(f"rollforadventure.territory.{tid}", locale) if tid in C.TERRITORIES else short(tid)


def card_type(cid: Any) -> str | None:
    card = C.CARDS.get(cid) if isinstance(cid, str) else None
    return card["type"] if card else None


def card(cid: Any, locale: str) -> str:
    """An enemy card by name; several cards of one type carry their number ("Sandman 2")."""
    kind = card_type(cid)
    if kind is None:
        return short(cid)
    name = t(f"rollforadventure.card.{kind}", locale)
    number = cid.rsplit("_", 1)[-1] if cid != kind else ""
    return t("rollforadventure.words.card_numbered", locale, card=name, number=number) if number.isdigit() else name


def hero_name(hero_id: Any, locale: str) -> str:
    return t(f"rollforadventure.hero.{hero_id}", locale) if hero_id in C.HEROES else short(hero_id)


def hero(state: dict, index: Any, names: list[str], locale: str) -> str:
    """A hero in play with the player who moves it: "Healer (Alice)"."""
    heroes = state.get("heroes") or []
    if type(index) is not int or not 0 <= index < len(heroes):
        return short(index)
    entry = heroes[index]
    seat = entry.get("seat")
    player = names[seat] if type(seat) is int and 0 <= seat < len(names) else "?"
    return t("rollforadventure.words.hero_of", locale, hero=hero_name(entry.get("hero"), locale), player=player)


def hero_by_id(state: dict, hero_id: Any, names: list[str], locale: str) -> str:
    for index, entry in enumerate(state.get("heroes") or []):
        if entry.get("hero") == hero_id:
            return hero(state, index, names, locale)
    return hero_name(hero_id, locale)


def owner(who: Any, locale: str) -> str:
    if who in C.COLOURS or who in OWNERS:
        return t(f"rollforadventure.owner.{who}", locale)
    return short(who, 12)


def looks(who: Any, value: Any, locale: str) -> str:
    """A die by its owner and, when it shows one, its value ("red 4", "ally die")."""
    who = owner(who, locale)
    if type(value) is int:
        return t("rollforadventure.words.die", locale, owner=who, value=value)
    return t("rollforadventure.words.die_blank", locale, owner=who)


def seen(value: Any, locale: str) -> str | None:
    """A die as an event saw it (``[owner, value]``, the rules' ``board.looks``); None when it is no such pair."""
    if isinstance(value, list) and len(value) == 2:
        return looks(value[0], value[1], locale)
    return None


def die(state: dict, index: Any, locale: str, *, where: bool = False) -> str:
    """One die as it lies now: its owner and, when it shows one, its value ("red 4", "ally die"); ``where``:
    its field."""
    dice = state.get("dice") or []
    if type(index) is not int or not 0 <= index < len(dice):
        return short(index, 12)
    entry = dice[index]
    text = looks(entry.get("o"), entry.get("v"), locale)
    slot = entry.get("s")
    if where and slot is not None:
        text = t("rollforadventure.words.die_at", locale, die=text, field=short(slot, 8))
    return text


def dice(state: dict, indexes: Any, locale: str, *, where: bool = False) -> str:
    if not isinstance(indexes, list):
        return short(indexes)
    if not indexes:
        return t("rollforadventure.words.none", locale)
    return ", ".join(die(state, i, locale, where=where) for i in indexes[:12])


def place(target: Any, locale: str) -> str:
    """A place dice go: a territory, an enemy or the Vortex of Memory (with the article a sentence needs)."""
    if not isinstance(target, str):
        return short(target)
    kind, _, rest = target.partition(":")
    if kind == "territory" and rest in C.TERRITORIES:
        return t(f"rollforadventure.place.territory.{rest}", locale)
    if kind == "enemy":
        return card(rest, locale)
    if target == "memory":
        return t("rollforadventure.place.memory_on", locale)
    return short(target)


def place_name(target: Any, locale: str) -> str:
    """A place as a bare name (autocomplete, menus): "Forest", "Vortex of Memory", "Sandman 2"."""
    if isinstance(target, str) and target.startswith("territory:"):
        return territory(target.partition(":")[2], locale)
    if target == "memory":
        return t("rollforadventure.place.memory", locale)
    return place(target, locale)


def face(value: Any, locale: str) -> str:
    """The territory die's face: a territory, all of them or none."""
    if value in C.TERRITORIES:
        return territory(value, locale)
    if value in ("all", "none"):
        return t(f"rollforadventure.face.{value}", locale)
    return short(value)


def ice_line(line: Any, locale: str) -> str:
    return t(f"rollforadventure.ice_line.{line}", locale) if line in C.ICE_B_LINES else short(line)


def ice_lines(lines: Any, locale: str) -> str:
    if not isinstance(lines, list) or not lines:
        return t("rollforadventure.words.none", locale)
    return ", ".join(ice_line(x, locale) for x in lines[:8])


def fields(values: Any) -> str:
    """Desert B fields ("w2+w3") or an Ice Cave B field ("e")."""
    if isinstance(values, list):
        return "+".join(short(v, 6) for v in values[:10])
    return short(values, 6)


def values(vals: Any) -> str:
    if not isinstance(vals, list):
        return short(vals)
    return " ".join(str(v) for v in vals[:12] if type(v) is int)
