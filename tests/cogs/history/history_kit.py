"""Shared steps of the history and stats cog tests: play a started game to its end quickly.

Every move but the last goes straight through the session manager (the first legal move of whoever is due);
the last one goes through the turn's bookkeeping and the courier like a click does, so the final post (with its
score chart) is really rendered and sent.
"""
from __future__ import annotations

from bot.engine import Bookkeeping


def _silent(view, result) -> Bookkeeping:
    """Nothing but the move: no post, no log line (the game is hurried to its end)."""
    return Bookkeeping()


async def finish(harness, game_id: int, *, stop_before_end: bool = False) -> list:
    """Play ``game_id`` to its end; returns the final post(s) the courier sent (none with ``stop_before_end``,
    which leaves the game one move short of its end)."""
    sessions = harness.bot.sessions
    while True:
        game = await sessions.load(game_id)
        kind = sessions.kinds[game.kind]
        seat = kind.pending(game.state)[0]["seat"]
        move = kind.legal_moves(game.state, seat)[0]
        after, _ = kind.apply(game.state, seat, move)
        if not kind.is_finished(after):
            # each seat's own move (a move played for an absent player would not be theirs: a seat the bot
            # played most of is not rated)
            if game.seats[seat].is_ai:
                await sessions.apply_ai(game_id, seat, move, plan=_silent)
            else:
                await sessions.apply(game_id, game.seats[seat].user_id, move, plan=_silent)
            continue
        if stop_before_end:
            return []
        if game.seats[seat].is_ai:
            await sessions.apply_ai(game_id, seat, move, locale="en")
        else:
            await sessions.apply(game_id, game.seats[seat].user_id, move, locale="en")
        mark = len(harness.rec.order)
        await harness.bot.courier.deliver(game_id)
        return harness.rec.order[mark:]


async def solo_game(harness, user, group: str = "rp", **options):
    """A solo game in ``user``'s DM, started through the command; returns (game, place)."""
    place = harness.dm()
    await harness.run(f"{group} solo", user=user, place=place, **options)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game is not None and game.status == "active"
    return game, place


async def duel(harness, users, place, group: str = "rp"):
    """A game of ``len(users)`` seats in ``place``, opened and started through the lobby buttons."""
    seats = {"players": len(users)} if group == "rp" else {}            # a poker duel always has two seats
    result = await harness.run(f"{group} new", user=users[0], place=place, **seats)
    lobby = next(m for m in result.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")
    await harness.click(lobby, user=users[0], place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game is not None and game.status == "active"
    return game
