"""Shared steps of the /poker cog tests: who is due, the prompt's toggles and Confirm, clicking them."""
from __future__ import annotations

from harness import MANAGER_PERMISSIONS, Harness, User

from bot.app import create_bot
from bot.games.dicepoker import rules
from bot.i18n import t

TOGGLE, CONFIRM = "rp:t:", "rp:c:"


def due_seat(game) -> int:
    [item] = rules.pending(game.state)
    return item["seat"]


def toggles(message) -> list[dict]:
    return [b for b in message.buttons() if b.get("custom_id", "").startswith(TOGGLE)]


def confirm_button(message) -> dict:
    [button] = [b for b in message.buttons() if b.get("custom_id", "").startswith(CONFIRM)]
    return button


def kept_positions(message) -> list[int]:
    """The dice the message shows as kept (highlighted: primary style)."""
    return [i for i, b in enumerate(toggles(message)) if b.get("style") == 1]


async def toggle(harness, message, item: int, *, user, place):
    return await harness.click(message, user=user, place=place, custom_id=toggles(message)[item]["custom_id"])


async def choose_and_confirm(harness, message, keep: list[int], *, user, place):
    """Toggle until exactly ``keep`` is kept, then Confirm; returns the Confirm's result."""
    for item in range(len(toggles(message))):
        if (item in keep) != (item in kept_positions(message)):
            await toggle(harness, message, item, user=user, place=place)
    assert kept_positions(message) == sorted(keep)
    return await harness.click(message, user=user, place=place, custom_id=confirm_button(message)["custom_id"])


def turn_post(result, on=None):
    """The turn post a click led to: a new post, or (one message per hand) the message ``on`` it was made,
    edited in place."""
    posts = [m for m in result.public() if m.files]
    return posts[-1] if posts else on


async def open_duel(harness, alice, bob, place, locale: str | None = None):
    """A duel of alice (the challenger, active in hand 1) and bob (deciding first): the game and its hand's
    message. ``locale``: the game's language, chosen with the command (its buttons read in it)."""
    created = await harness.run("poker new", user=alice, place=place, **({"language": locale} if locale else {}))
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label=t("button.join", locale or "en"))
    started = await harness.click(lobby, user=alice, place=place, label=t("button.start", locale or "en"))
    return await harness.bot.sessions.game_in_channel(place.channel_id), turn_post(started)


async def started(settings, bot_pause: float) -> Harness:
    """A started harness whose bot seats wait ``bot_pause`` seconds before they move (the caller closes it)."""
    h = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=bot_pause))
    await h.start()
    return h


#: a member who may manage the channel (a moderator), in no game
MODERATOR = User(id=100_000_000_000_000_009, name="mod", permissions=MANAGER_PERMISSIONS)


def departed(user: User) -> User:
    """``user`` as a user option resolves once they left the server (a plain user, no member)."""
    return User(id=user.id, name=user.name, left=True)
