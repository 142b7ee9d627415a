"""Every word the Roll for Adventure pictures show, from the ``rollforadventure`` catalog.

Rules state holds ids (territories, card ids, hero ids); this module turns them into text in a locale.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from images.labels import given_name
from images.labels import label as say


def name_of(names, seat: int, locale: str) -> str:
    """A seat's display name; a missing or blank name becomes "Player N"."""
    return given_name(names, seat) or say("rollforadventure.img.player", locale, number=seat + 1)


def territory(tid: str, locale: str) -> str:
    return say(f"rollforadventure.territory.{tid}", locale)


def card(cid: str, locale: str) -> str:
    """Display name of a card id (``sandmann_2`` -> its type's name)."""
    return say(f"rollforadventure.card.{C.CARDS[cid]['type']}", locale)


def hero(hid: str, locale: str) -> str:
    return say(f"rollforadventure.hero.{hid}", locale)


def ability(hid: str, locale: str) -> str:
    """The short form of a hero's ability (the full text is ``rollforadventure.hero.<id>.ability``)."""
    return say(f"rollforadventure.img.ability.{hid}", locale)


def adventure(aid: str, locale: str) -> str:
    return say(f"rollforadventure.adventure.{aid}", locale)


def decision(kind: str, locale: str) -> str:
    return say(f"rollforadventure.decision.{kind}", locale)
