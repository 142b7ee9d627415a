"""A game's seats named for whoever reads about it.

A seat's name is stored once, in the game's language (``bot_seat_names`` renames the bot seats at the start and
with ``/<game> language``), and public posts read it as stored. A private view is read in its reader's language,
which may be another: there a bot seat reads "Bot (hard)", not the Korean game's "봇 (어려움)", and a player who
asked to be forgotten reads "Former player" in that language. :func:`shown_game` is that one place: every private
view (the log, the replay and its private copies, ``/games``, refusals, menus, looks and their pictures) draws
the game it gives. The stored names never change for a reader.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from bot.engine import GameView
from bot.engine.table import TableMeta
from bot.i18n import listed, t

from .usertext import shown_name

#: What ``/<game> forget-me`` leaves as the name of an anonymised seat (the stored, English, form; shown
#: in the reader's language through ``history.former_player``).
FORMER_PLAYER = "Former player"


def bot_level(game: GameView, seat: int, kind: Any) -> str:
    """The level a bot seat plays at: the one it was given, else the kind's strongest (a stand-in's level)."""
    levels = tuple(kind.ai_levels or ("normal",))
    level = TableMeta.of(game.meta).bots.get(seat)
    return level if level in levels else levels[-1]


def bot_seat_name(level: str, number: int, locale: str) -> str:
    """The name of a game's ``number``-th bot seat (from 1), playing at ``level``, in ``locale``: "Bot (normal)",
    the next ones numbered ("Bot 2 (normal)"), so that two bots' moves can be told apart in the log."""
    level_name = t(f"bot.level.{level}", locale)
    if number == 1:
        return t("bot.seat_name", locale, level=level_name)
    return t("bot.seat_name_numbered", locale, level=level_name, number=number)


def bot_seat_names(kind: Any, game: GameView, locale: str) -> dict[int, str]:
    """Every bot seat's name in ``locale`` (seat -> name). A seat's name is stored (everything that shows a game
    reads it from its seats), so a game whose language changes renames its bots with the same write: at its start
    (``bot.engine.turn.TurnBook``, which is given this) and with ``/<game> language``."""
    bots = [seat.seat for seat in game.seats if seat.is_ai]
    return {seat: bot_seat_name(bot_level(game, seat, kind), number, locale)
            for number, seat in enumerate(bots, start=1)}


def forgotten(seat: Any) -> bool:
    """A seat whose player asked to be forgotten (``/<game> forget-me``): no user, no bot, the stored marker."""
    return seat.user_id is None and not seat.is_ai and seat.name == FORMER_PLAYER


def shown_game(game: GameView, locale: str, kind: Any) -> GameView:
    """``game`` with its seats named as a reader of ``locale`` reads them: its bot seats in that language, their
    numbers and the levels they play at kept (``kind``, the game's rules, gives a seat without a stored level its
    default; None, a kind this bot does not load: the bots keep their stored names), its forgotten players as
    "Former player" in it, anyone else as stored. The same object when no name changes (a public post, read in
    the game's language)."""
    names = {s.seat: s.name for s in game.seats}
    if kind is not None and any(s.is_ai for s in game.seats):
        names.update(bot_seat_names(kind, game, locale))
    if any(forgotten(s) for s in game.seats):
        former = t("history.former_player", locale)
        names.update({s.seat: former for s in game.seats if forgotten(s)})
    if all(names[s.seat] == s.name for s in game.seats):
        return game
    return replace(game, seats=tuple(replace(s, name=names[s.seat]) for s in game.seats))


def stand_ins_named(game: GameView, seats: Iterable[int], locale: str) -> GameView:
    """``game`` with the players at ``seats``, whose game the bot played most of for them (they were away), named
    so in ``locale``: what a result shows, in its words and its pictures, so that nobody reads the bot's win as
    theirs ("Bot for Dan": the mark first, where a picture that cuts a long name keeps it; German and French write
    it after the name, "Dan (Bot)", where a text names the player's hero with it: "Draufgängerin von Bot für Dan"
    read as someone called "Bot für Dan"). The same object when there is none."""
    marked = {seat for seat in seats if 0 <= seat < len(game.seats)}
    if not marked:
        return game
    return replace(game, seats=tuple(replace(s, name=t("play.stood_in_name", locale, player=s.name))
                                     if s.seat in marked else s for s in game.seats))


async def result_named(store: Any, game: GameView, locale: str) -> GameView:
    """A finished game as its result shows it wherever it is looked at (the final post, ``/<game> table`` and
    ``status``, the Table and sheet looks, a replay's last step): each player's seat the bot played most of the game
    for named "Bot for Dan" (:func:`stand_ins_named`, by the rule ratings and stats follow; ``store.stood_in_seats``
    says which). A game still in play, or ended without a result, is returned as it is: nothing is decided yet."""
    if game.status != "finished":
        return game
    seats = [seat for seat in await store.stood_in_seats(game.id)
             if 0 <= seat < len(game.seats) and not game.seats[seat].is_ai and game.seats[seat].user_id]
    return stand_ins_named(game, seats, locale)


def listed_players(game: GameView, seats: Iterable[int], locale: str) -> str:
    """The players at ``seats`` named in a sentence of ``locale``, joined as its language lists them ("Ann and Bot
    (hard)", "Ben und Bot (leicht)": ``bot.i18n.listed``; commas alone read as an unfinished German list). A list
    joined here cannot have its catalog put Korean's 님 after each name, so each name goes through
    ``play.listed_player`` (Korean: "{player} 님"), which the i18n layer writes without 님 after a bot seat's name
    or a forgotten player's: "Ben 님, 봇 (어려움), 탈퇴한 플레이어". ``game``'s names are used as stored (pass
    :func:`shown_game`'s for a reader), each as message text (``cogs.usertext.shown_name``)."""
    return listed([t("play.listed_player", locale, player=shown_name(game.seats[seat].name))
                   for seat in seats if isinstance(seat, int) and 0 <= seat < len(game.seats)], locale)


def mentioned(users: Iterable[int], locale: str, sep: str = ", ") -> str:
    """People addressed by mention in a sentence of ``locale`` ("<@1> <@2>"), each through ``play.listed_player``
    as :func:`listed_players` names seats: Korean writes "<@1> 님 <@2> 님", not one 님 after the whole list."""
    return sep.join(t("play.listed_player", locale, player=f"<@{user}>") for user in users)
