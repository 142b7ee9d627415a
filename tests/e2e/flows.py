"""What the end-to-end tests share besides the random player: opening games the way people do (slash
command, Join buttons, Start; ``/rp solo`` in a DM), single deliberate clicks and their answers, stopping a
bot instance, and reading what the bot stored.
"""
from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.i18n import t
from tests.discord_stub.interactions import InteractionRecord
from tests.discord_stub.messages import StubMessage
from tests.discord_stub.server import DiscordStub
from tests.discord_stub.world import StubChannel, StubUser
from tests.e2e.policy import move_options, redrawn_private

LOCALE = "en"
GAME_IN_CUSTOM_ID = re.compile(r"rp:[lvms]:([0-9]+):")


def game_id_of(message: StubMessage) -> int:
    """The game a bot message belongs to, read from its persistent custom ids."""
    for component in message.buttons + message.selects:
        match = GAME_IN_CUSTOM_ID.match(component.get("custom_id", ""))
        if match:
            return int(match.group(1))
    raise LookupError(f"message {message.id} carries no rollbot component: {message.content!r}")


async def open_lobby(stub: DiscordStub, channel: StubChannel, creator: StubUser, players: int,
                     **options: Any) -> StubMessage:
    created = await stub.run_command(creator, channel, "rp new", players=players, **options)
    lobby = await created.wait_response()
    assert not lobby.ephemeral and t("button.join", LOCALE) in lobby.button_labels, lobby.content
    return lobby


async def start_guild_game(stub: DiscordStub, channel: StubChannel, players: Sequence[StubUser],
                           **options: Any) -> StubMessage:
    """``players[0]`` runs ``/rp new``, the others click Join, the creator clicks Start."""
    creator, *others = players
    lobby = await open_lobby(stub, channel, creator, len(players), **options)
    for user in others:
        joined = await stub.click(user, lobby, label=t("button.join", LOCALE))
        note = await joined.wait_response()
        assert not note.ephemeral, f"{user.username} could not join: {note.content!r}"
    started = await stub.click(creator, lobby, label=t("button.start", LOCALE))
    await started.wait_response()
    return await turn_post(stub, channel, started)


async def turn_post(stub: DiscordStub, channel: StubChannel, after: Any, timeout: float = 10.0) -> StubMessage:
    """The next public turn post (pictures and the due player's menu) the bot puts into ``channel``."""
    return await stub.wait_for_message(channel, lambda m: not m.ephemeral and bool(m.attachments), after=after,
                                       timeout=timeout)


async def start_solo_game(stub: DiscordStub, user: StubUser, **options: Any) -> StubMessage:
    """``/rp solo`` in the user's DM with the bot."""
    dm = stub.dm_channel(user)
    solo = await stub.run_command(user, dm, "rp solo", **options)
    note = await solo.wait_response()
    assert not note.ephemeral, note.content
    prompt = await turn_post(stub, dm, solo)
    assert not prompt.ephemeral and prompt.channel is dm
    return prompt


async def stop_rollbot(stub: DiscordStub, runner: Any) -> None:
    """Stop a bot instance the way an operator would: after its answers in flight went out."""
    await stub.settle()
    await runner.close()


async def stored_game(bot: Any, game_id: int) -> Any:
    """The game as the bot's session engine holds it (state, seats, version)."""
    return await bot.sessions.load(game_id)


@asynccontextmanager
async def telling_the_seed(bot: Any, game_id: int) -> AsyncIterator[None]:
    """The players' choices are seeded by the test, the dice by the bot: a failure names the game's seed."""
    try:
        yield
    except AssertionError as exc:
        game = await stored_game(bot, game_id)
        raise AssertionError(f"{exc}\n(game {game_id}: seed {game.seed}, version {game.version}, "
                             f"options {game.options})") from exc


# ------------------------------------------------------------------ single clicks and their answers

async def answer_of(ix: InteractionRecord) -> StubMessage:
    """What the clicking user sees: the direct answer or updated message, or after a deferral the first
    follow-up."""
    await ix.wait_ack()
    if ix.callback_type == 4:
        return await ix.wait_response()

    def ready() -> StubMessage | None:
        followups = [m for m in ix.followups if not m.loading]
        if followups:
            return followups[0]
        original = ix.original
        if ix.callback_type == 7 and original is not None and (original.images or original.buttons
                                                                or original.ephemeral):
            return original                      # the clicked message, answered with its new state
        redrawn = redrawn_private(ix.stub, ix)
        if redrawn is not None:
            return redrawn                       # the player's private message, redrawn
        if ix.message is not None and ix.message.ephemeral and ix.message.id in ix.edited_ids:
            return ix.message                    # the clicked private message, now saying what was played
        posts = ix.public_posts()
        return posts[0] if posts else None
    return await ix.stub.wait_until(ready, 5.0, f"the answer to {ix.describe()}", channel=ix.channel.id)


def direct_moves(message: StubMessage) -> list[tuple[str, str, str]]:
    """Options that play one move at once (not "narrow down" groups, whose values carry a third part, nor the
    options that play several moves in a row, ``index:check+check2``)."""
    return [o for o in move_options(message) if o[0] == "button" or (o[2].count(":") == 1 and "+" not in o[2])]


async def menu_with_a_move(stub: DiscordStub, user: StubUser, menu: StubMessage) -> StubMessage:
    """Open sub-menus (privately) until the menu offers a move that plays at once."""
    while not direct_moves(menu):
        # a group that narrows ("index:check:levels") opens a sub-menu; a chain ("check+check2") would play moves
        narrowing = [o for o in move_options(menu) if o[2].count(":") > 1 and "+" not in o[2]]
        _kind, custom_id, value = (narrowing or move_options(menu))[0]
        menu = await private_answer(await stub.select(user, menu, [value], custom_id=custom_id))
    return menu


async def private_answer(ix: InteractionRecord) -> StubMessage:
    """The ephemeral message that answers ``ix``."""
    message = await answer_of(ix)
    assert message is not None and message.ephemeral and message.visible_to == ix.user.id, (
        f"{ix.describe()} was not answered privately: {message!r}")
    return message


async def click_first_move(stub: DiscordStub, user: StubUser, message: StubMessage) -> InteractionRecord:
    """Click (or pick) the first offered option that plays a move at once."""
    kind, custom_id, value = (direct_moves(message) or move_options(message))[0]
    if kind == "button":
        return await stub.click(user, message, custom_id=custom_id)
    return await stub.select(user, message, [value], custom_id=custom_id)
