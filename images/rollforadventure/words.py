"""Every word the Roll for Adventure pictures show, from the ``rollforadventure`` catalog.

Rules state holds ids (territories, card ids, hero ids); this module turns them into text in a locale.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from images.labels import given_name
from images.labels import label as say
from images.text import ELLIPSIS, Face, ellipsise, fit


def name_of(names, seat: int, locale: str) -> str:
    """A seat's display name; a missing or blank name becomes "Player N"."""
    return given_name(names, seat) or say("rollforadventure.img.player", locale, number=seat + 1)


def territory(tid: str, locale: str) -> str:
    return say(f"rollforadventure.territory.{tid}", locale)


def card(cid: str, locale: str) -> str:
    """Display name of a card id (``sandmann_2`` -> "Sandman B"): a type of several cards letters them, as the
    menus and the log do (``content.CARD_LETTER``), so two cards alike on the table are told apart."""
    name = say(f"rollforadventure.card.{C.CARDS[cid]['type']}", locale)
    number = C.CARD_LETTER.get(cid)
    return name if number is None else say("rollforadventure.words.card_numbered", locale, card=name, number=number)


def card_fit(cid: str, locale: str, max_width: float, size: int, min_size: int | None = None) -> tuple[Face, str]:
    """A card's name fitted to ``max_width`` as ``images.text.fit`` does, but a name too long is shortened
    before its letter is: "Étrangleur des arbr… C", never "Étrangleur des arbres…" (the letter is what tells
    two cards alike apart)."""
    full = card(cid, locale)
    face, shown = fit(full, int(max_width), size, True, min_size)
    number = C.CARD_LETTER.get(cid)
    if shown == full or number is None:
        return face, shown
    name = say(f"rollforadventure.card.{C.CARDS[cid]['type']}", locale)
    room = int(max_width) - (face.width(full) - face.width(name))
    return face, say("rollforadventure.words.card_numbered", locale, card=ellipsise(name, face, room), number=number)


def hero(hid: str, locale: str) -> str:
    return say(f"rollforadventure.hero.{hid}", locale)


def player_hero(name: str, hid: str | None, locale: str, max_width: float, size: int,
                min_size: int | None = None) -> tuple[Face, str]:
    """"Player · Hero" (the player alone when no hero is chosen yet) fitted to ``max_width`` in bold as
    ``images.text.fit`` does, but a long name is shortened before the hero is: "Bartholomew the Ma… · Avenger",
    never "Bartholomew the Magnificent · Aven…" (the hero is what the line is read for; the name was cut
    whole with it). Only when the hero leaves no room for a letter of the name is the line cut as one."""
    if not hid:
        return fit(name, int(max_width), size, True, min_size)
    tail = f" · {hero(hid, locale)}"
    face, shown = fit(name + tail, int(max_width), size, True, min_size)
    if shown == name + tail:
        return face, shown
    short = ellipsise(name, face, int(max_width) - face.width(tail))
    return (face, short + tail) if short != ELLIPSIS else (face, shown)


def ability(hid: str, locale: str) -> str:
    """The short form of a hero's ability (the full text is ``rollforadventure.hero.<id>.ability``)."""
    return say(f"rollforadventure.img.ability.{hid}", locale)


def adventure(aid: str, locale: str) -> str:
    return say(f"rollforadventure.adventure.{aid}", locale)


def decision(kind: str, locale: str) -> str:
    return say(f"rollforadventure.decision.{kind}", locale)
