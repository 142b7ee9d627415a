"""A channel that refuses the bot's posts mid-game (a server admin took a permission away), through the Discord
stand-in, which refuses as Discord does (403 Missing Permissions, 50013), with a clock the test moves.

A tour denied Attach Files mid-game: each turn post was tried five times within 38 seconds, then dropped; nobody was
told, the players' clocks ran out on turns they were never shown and the bot finished the game in silence. With
Send Messages denied, a reminder was tried (and its traceback logged) every minute, for good. Now a refused post
holds the game: one request per try, on a back-off; its players are told once, by direct message; its clocks stand
still; and its posts go out, once each, when the permission is back."""
from __future__ import annotations

import asyncio
import logging

from bot.engine.table import TableMeta
from bot.i18n import t
from tests.discord_stub import perm_bits
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import click_first_move, private_answer, stop_rollbot, turn_post
from tests.e2e.test_poker_games import human_due, prompt_of, reroll_by_toggles
from tests.e2e.test_turn_clock import HOUR, Clock, on_clock, open_and_start, refused_by_discord, stood_in, tick


def update_channel(stub: DiscordStub, channel) -> None:
    """Discord tells the bot of a channel's new settings (its permission overwrites): CHANNEL_UPDATE."""
    stub._emit_event("CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id)


def deny(stub: DiscordStub, channel, **denied: bool) -> None:
    """A server admin takes permissions away from the bot's role in ``channel``."""
    stub.world.restrict_bot(channel, **denied)
    update_channel(stub, channel)


def grant_back(stub: DiscordStub, channel, *, tell: bool = True) -> None:
    """The admin gives them back; ``tell``: as Discord does, with CHANNEL_UPDATE (else the bot learns it from the
    next interaction there, whose ``app_permissions`` Discord computes anew)."""
    channel.overwrites = [o for o in channel.overwrites if o.id != stub.world.bot_role.id]
    if tell:
        update_channel(stub, channel)


def refused_posts(stub: DiscordStub) -> int:
    return sum(1 for r in stub.invalid_requests if r.route == "POST /channels/{channel_id}/messages")


async def held(bot, game_id: int) -> dict:
    return dict(TableMeta.of((await bot.sessions.load(game_id)).meta).held)


async def held_soon(bot, game_id: int, timeout: float = 10.0) -> dict:
    """The game's hold, waiting for it: the hold is noted just after Discord refused the post, which on a loaded
    machine may come after the stand-in has gone quiet."""
    for _ in range(int(timeout * 20)):
        if found := await held(bot, game_id):
            return found
        await asyncio.sleep(0.05)
    return {}


async def all_delivered(bot, game_id: int, timeout: float = 10.0) -> bool:
    """Whether every post of the game is marked delivered, waiting for it: the mark is written just after Discord
    took the message, which on a loaded machine may come after the stand-in has gone quiet."""
    for _ in range(int(timeout * 20)):
        if not await bot.store.undelivered_posts(10, game_id=game_id):
            return True
        await asyncio.sleep(0.05)
    return False


async def test_turn_posts_wait_while_attach_files_is_missing_and_go_out_once_it_is_back(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    stub = discord_stub
    cast.alice.locale = "de"
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=720)
    other, other_seat = (cast.bob, 1 - seat) if away is cast.alice else (cast.alice, 1 - seat)
    deny(stub, cast.games, attach_files=True)
    await stub.settle()

    # Alice's time runs out: the notice (text) goes out, the bot plays her seat, its turn post is refused once
    await tick(stub, runner, clock, clock.now + HOUR + 1)
    await bot.bots.idle()
    await stub.settle()
    assert await stood_in(bot, game.id, seat, timeout=5)
    assert refused_posts(stub) == 1, "one try, not five within seconds"
    hold = await held(bot, game.id)
    assert hold["missing"] == ["attach_files"] and hold["tries"] == 1
    undelivered = await bot.store.undelivered_posts(10, game_id=game.id)
    assert undelivered, "the post waits: it is not given up"

    # both players are told once, privately, in their language, which permission is missing and who can grant it
    for user, locale in ((cast.alice, "de"), (cast.bob, "en")):
        told = [m for m in stub.messages(stub.dm_channel(user)) if not m.ephemeral]
        assert [m.content for m in told] == [t("reach.held_one", locale, game=game.id, channel=f"<#{cast.games.id}>",
                                               title=t(bot.games[game.kind].title_key, locale),
                                               permission=t("permission.attach_files", locale))]

    # /games says it too, wherever a player looks
    listing = await (await stub.run_command(cast.bob, cast.lounge, "games")).wait_response()
    assert t("mygames.held_one", "en", permission=t("permission.attach_files", "en")) in \
        listing.embeds[0]["description"]

    # hours later (its retries on the back-off refused too): nobody's clock ran out, the bot took no other seat
    for hours in (2, 3, 6):
        await tick(stub, runner, clock, clock.now + hours * HOUR)
        await bot.bots.idle()
    await stub.settle()
    assert not await stood_in(bot, game.id, other_seat, timeout=0.1)
    assert not [m for m in stub.messages(cast.games) if m.content.startswith("⏰") and str(other.id) in m.content]
    assert refused_posts(stub) <= 4, "one request per try on the back-off"
    assert len(stub.messages(stub.dm_channel(cast.bob))) == 1, "told once"

    # the admin grants Attach Files again: the posts that waited go out, each once, and the hold ends
    shown = [m for m in stub.messages(cast.games) if m.layout and m.buttons]   # the live message from before the hold
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: [m for m in stub.messages(cast.games) if m.layout and m.buttons] not in ([], shown),
                          15, "the new live message, the previous one summarised")
    await stub.settle()
    assert not await held(bot, game.id)
    assert await all_delivered(bot, game.id)
    live = [m for m in stub.messages(cast.games) if m.layout and m.buttons]
    assert len(live) == 1 and f"<@{other.id}>" in live[0].text and other.id in live[0].mentions   # his turn
    # Bob's clock stood still while his turn was held back: his deadline lies ahead, not hours ago
    deadline = int(live[0].text.split("<t:")[1].split(":")[0])
    assert clock.now < deadline <= clock.now + HOUR
    refused_by_discord(stub)


async def test_a_move_refused_for_a_missing_permission_holds_the_game_at_once(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A Korean tour: Attach Files denied, Ben's move was refused ("ask a server admin"), yet his clock ran on; an hour
    later the rules chose for him, then for Cleo, and only the first refused post held the game. Now the refusal
    itself holds it: both players are told, nobody's clock runs out meanwhile, and once the permission is back the
    player makes his move himself."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    await stub.settle()
    deny(stub, cast.games, attach_files=True)
    await stub.settle()
    prompt = [m for m in stub.messages(cast.games) if m.layout and m.buttons][-1]
    refused = await private_answer(await click_first_move(stub, away, prompt))
    assert refused.content == t("error.bot_missing_permission", "en", permission=t("permission.attach_files", "en"))
    hold = await held(bot, game.id)
    assert hold["missing"] == ["attach_files"] and hold["at"] == clock.now
    for user in (cast.alice, cast.bob):
        told = [m.content for m in stub.messages(stub.dm_channel(user)) if not m.ephemeral]
        assert told == [t("reach.held_one", "en", game=game.id, channel=f"<#{cast.games.id}>",
                          title=t(bot.games[game.kind].title_key, "en"),
                          permission=t("permission.attach_files", "en"))]
    # hours pass (the back-off's tries refused too): the clock stood still, nobody's time ran out
    for hours in (1, 2, 4):
        await tick(stub, runner, clock, clock.now + hours * HOUR)
        await bot.bots.idle()
    await stub.settle()
    assert not [m for m in stub.messages(cast.games) if m.content.startswith("⏰")]
    assert not await stood_in(bot, game.id, seat, timeout=0.1)
    assert (await bot.sessions.load(game.id)).version == game.version
    # the admin gives it back: the player's own move goes through
    grant_back(stub, cast.games)
    await stub.settle()
    prompt = [m for m in stub.messages(cast.games) if m.layout and m.buttons][-1]
    await (await click_first_move(stub, away, prompt)).wait_ack()
    await stub.settle()
    assert not await held(bot, game.id)
    assert (await bot.sessions.load(game.id)).version > game.version
    refused_by_discord(stub)


async def test_a_refused_reminder_is_tried_on_a_back_off_with_one_log_line(discord_stub: DiscordStub, cast: Cast,
                                                                          start_rollbot, caplog):
    """A tour denied Send Messages in a game at the normal pace: its half-time reminder got a 403, with an ERROR and
    a traceback, on every tick (each minute) until someone noticed. Now the game is held: the next minutes try
    nothing, one line says so; a player's command in the channel, once the permission is back, resumes it, and the
    reminder is posted once."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="normal")
    deny(stub, cast.games, send_messages=True)
    await stub.settle()
    caplog.set_level(logging.INFO)
    start = clock.now
    await tick(stub, runner, clock, start + 13 * HOUR)             # half time: the reminder is refused
    for minute in range(1, 5):                                     # the next ticks, a minute apart
        await tick(stub, runner, clock, start + 13 * HOUR + 60 * minute)
    await stub.settle()
    assert refused_posts(stub) == 1
    assert (await held(bot, game.id))["missing"] == ["send_messages"]
    records = [r for r in caplog.records if r.name.startswith("cogs.")]
    assert not [r for r in records if r.levelno >= logging.ERROR or r.exc_info], [r.getMessage() for r in records]
    assert len([r for r in records if r.levelno == logging.WARNING and "refuses" in r.getMessage()]) == 1

    # Send Messages is back (Discord's update not seen); a player's command in the channel shows it: the game goes
    # on, and the reminder the hold kept back is posted once
    grant_back(stub, cast.games, tell=False)
    clock.now = start + 13 * HOUR + 10 * 60
    status = await stub.run_command(cast.bob, cast.games, "rp status")
    await status.wait_response()
    await stub.wait_until(lambda: bot.courier.reach._held.get(cast.games.id) == set(), 10, "the hold lifted")
    assert not await held(bot, game.id)
    mark = await tick(stub, runner, clock, clock.now + 60)
    await tick(stub, runner, clock, clock.now + 60)
    await stub.settle()
    reminders = [m for m in stub.messages(cast.games) if m.content.startswith("⏳") and m.seq > mark]
    assert len(reminders) == 1 and f"<@{away.id}>" in reminders[0].content
    refused_by_discord(stub)


async def test_in_a_thread_a_move_is_refused_without_send_messages_in_threads(discord_stub: DiscordStub, cast: Cast,
                                                                             start_rollbot):
    """A tour: in a ``/find`` thread, with Send Messages in Threads denied, a click was accepted (the check looked at
    Send Messages, which a thread does not use), and every post the bot then made there failed. The click is
    refused, privately, naming the permission a thread needs; nothing changes."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    for user in (cast.alice, cast.bob):
        await (await stub.run_command(user, cast.games, "find join", game="dicepoker", players=2,
                                      pace="normal")).wait_response()
    thread = next(iter(stub.world.guild.threads.values()))
    game = await bot.sessions.game_in_channel(thread.id)
    prompt = await turn_post(stub, thread, None)
    deny(stub, cast.games, send_messages_in_threads=True)
    [due] = [u for u in (cast.alice, cast.bob) if u.id == game.seats[(await bot.sessions.pending(game.id))[0]
                                                                       ["seat"]].user_id]
    [keep] = [label for label in prompt.button_labels if label.startswith("Keep all")]
    refused = await private_answer(await stub.click(due, prompt, label=keep))
    assert refused.content == t("error.bot_missing_permission", "en",
                                permission=t("permission.send_messages_in_threads", "en"))
    assert (await bot.sessions.load(game.id)).version == game.version


def delete_channel(stub: DiscordStub, channel, *, tell: bool = True) -> None:
    """A server admin deletes ``channel``: Discord answers 404 Unknown Channel (10003) there from now on; ``tell``:
    and sends the bot CHANNEL_DELETE or THREAD_DELETE (a bot that was down, or missed it, learns it only from a
    404)."""
    if tell:
        stub.delete_channel(channel)
    else:
        stub.world.delete_channel(channel)


def unknown_channel_answers(stub: DiscordStub) -> int:
    """The 404s of requests into the deleted channel: Discord's answer to a bot that did not know yet, not a fault;
    taken off the stand-in's list of misbehaviour once counted."""
    gone = [entry for entry in stub.rejections if entry[1] == "Unknown Channel"]
    stub.rejections[:] = [entry for entry in stub.rejections if entry not in gone]
    return len(gone)


async def test_a_game_whose_channel_is_deleted_ends_and_its_players_are_told(discord_stub: DiscordStub, cast: Cast,
                                                                            start_rollbot):
    """A tour deleted a channel mid-game: the game stayed "waiting for you" in /games with a dead link, its clock
    failed every minute and nobody could end it. It ends without a result at once; its players hear why."""
    stub = discord_stub
    cast.bob.locale = "de"
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    await stub.settle()
    delete_channel(stub, cast.games)
    await stub.wait_until(lambda: all(stub.messages(stub.dm_channel(u)) for u in (cast.alice, cast.bob)), 10,
                          "the players told")
    ended = await bot.sessions.load(game.id)
    assert ended.status == "abandoned" and TableMeta.of(ended.meta).ended == "channel_deleted"
    for user, locale in ((cast.alice, "en"), (cast.bob, "de")):
        [told] = stub.messages(stub.dm_channel(user))
        assert told.content == t("reach.channel_deleted", locale, game=game.id,
                                 title=t(bot.games[game.kind].title_key, locale))
    # /games lists it among the ended ones, saying why; the clock leaves it alone
    listing = await (await stub.run_command(cast.alice, cast.lounge, "games")).wait_response()
    text = listing.embeds[0]["description"]
    assert t("mygames.abandoned_deleted", "en", when="<t:").split("<t:")[1] in text
    assert t("mygames.section.waiting", "en") not in text
    posts = len(stub.requests_to("POST /channels/{channel_id}/messages"))
    await tick(stub, runner, clock, clock.now + HOUR + 1)
    await stub.settle()
    assert len(stub.requests_to("POST /channels/{channel_id}/messages")) == posts


async def test_a_deletion_the_bot_did_not_see_ends_the_game_at_the_first_unknown_channel(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    await stub.settle()
    delete_channel(stub, cast.games, tell=False)
    await tick(stub, runner, clock, clock.now + HOUR / 2 + 1)       # the half-time reminder: 404 Unknown Channel
    await stub.settle()
    assert (await bot.sessions.load(game.id)).status == "abandoned"
    assert unknown_channel_answers(stub) == 1
    await tick(stub, runner, clock, clock.now + HOUR)
    await stub.settle()
    assert unknown_channel_answers(stub) == 0                        # nothing more is tried there


async def test_abandon_ends_a_game_elsewhere_by_its_number(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """``/rp abandon game:<number>``, typed in another channel: its creator (or a moderator) ends it, answered
    privately, and the game's channel reads the usual notice; anyone else is refused, and nothing changes."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    stranger = await (await stub.run_command(cast.carol, cast.lounge, "rp abandon", game=game.id)).wait_response()
    assert stranger.ephemeral and stranger.content == t("lobby.error.unknown_game", "en", game=game.id)
    player = await (await stub.run_command(cast.bob, cast.lounge, "rp abandon", game=game.id)).wait_response()
    assert player.ephemeral and player.content == t("engine.error.not_permitted", "en")
    assert (await bot.sessions.load(game.id)).status == "active"
    mark = stub.mark()
    done = await (await stub.run_command(cast.alice, cast.lounge, "rp abandon", game=game.id)).wait_response()
    assert done.ephemeral and done.content == t("lobby.ended_elsewhere", "en", game=game.id)
    notice = await stub.wait_for_message(cast.games, lambda m: not m.layout, after=mark)
    assert notice.content.startswith(t("lobby.abandoned", "en", user=cast.alice.mention, game=game.id))
    assert (await bot.sessions.load(game.id)).status == "abandoned"


async def test_without_read_message_history_a_move_is_refused_and_nothing_is_posted_twice(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A tour: in a channel without Read Message History a follow-up's answer was lost; the courier could not read
    the channel to find it (403) and posted the live message again: two messages pinging twice. The bot needs that
    permission (it is how it finds a post whose answer was lost), so it checks it and names it like the others."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="none")
    await stub.settle()
    deny(stub, cast.games, read_message_history=True)
    stub.faults.add(route="POST /webhooks/{application_id}/{token}", timeout_after_processing=True, hold=0.5)
    prompt = [m for m in stub.messages(cast.games) if m.layout and m.buttons][-1]
    before = len(stub.messages(cast.games))
    refused = await private_answer(await click_first_move(stub, away, prompt))
    assert refused.content == t("error.bot_missing_permission", "en",
                                permission=t("permission.read_message_history", "en"))
    await stub.settle()
    assert (await bot.sessions.load(game.id)).version == game.version and len(stub.messages(cast.games)) == before
    stub.faults.clear()


async def test_a_game_ended_by_number_after_its_channel_went_unseen_gives_its_posts_up(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """Its channel was deleted while the bot was down; after the restart its creator ends it from elsewhere: the
    notice and the live message's redraw meet 404 Unknown Channel once each, and nothing is tried there again (the
    redraw of a game already over is given up, not retried every minute)."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    await stop_rollbot(stub, runner)
    delete_channel(stub, cast.games, tell=False)
    bot = (await start_rollbot()).bot
    done = await (await stub.run_command(cast.alice, cast.lounge, "rp abandon", game=game.id)).wait_response()
    assert done.ephemeral and done.content == t("lobby.ended_elsewhere", "en", game=game.id)
    await stub.settle()
    assert (await bot.sessions.load(game.id)).status == "abandoned"
    assert await all_delivered(bot, game.id)                          # given up: marked, with no message
    assert unknown_channel_answers(stub) >= 2
    await bot.courier.deliver_all()
    await stub.settle()
    assert unknown_channel_answers(stub) == 0


def told(stub: DiscordStub, user) -> list[str]:
    """The direct messages ``user`` got from the bot."""
    return [m.content for m in stub.messages(stub.dm_channel(user)) if not m.ephemeral]


async def test_players_are_told_once_per_hold_episode(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """An admin takes Attach Files away, gives it back, then takes Send Messages away within the hour: the game is
    held twice, its players told once (a second direct message for the same trouble was noise). A hold that begins a
    day after the bot could post again is news: told again."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=720)
    deny(stub, cast.games, attach_files=True)
    await tick(stub, runner, clock, clock.now + HOUR + 1)          # Alice's time is up: the bot's post refused
    await bot.bots.idle()
    await stub.wait_until(lambda: all(told(stub, u) for u in (cast.alice, cast.bob)), 10, "the players told")
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: bot.courier.reach._held.get(cast.games.id) == set(), 10, "the first hold lifted")
    await stub.settle()

    deny(stub, cast.games, send_messages=True)                      # the same afternoon: the reminder refused
    await tick(stub, runner, clock, clock.now + HOUR / 2 + 60)
    await stub.settle()
    assert (await held(bot, game.id))["missing"] == ["send_messages"]
    assert [len(told(stub, u)) for u in (cast.alice, cast.bob)] == [1, 1], "the same episode: told once"
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: not bot.courier.reach._held.get(cast.games.id), 10, "the second hold lifted")
    await stub.settle()
    assert not await held(bot, game.id)

    deny(stub, cast.games, send_messages=True)                      # a day and more later: a new episode
    await tick(stub, runner, clock, clock.now + 25 * HOUR)
    await stub.settle()
    assert await held_soon(bot, game.id)
    await stub.wait_until(lambda: [len(told(stub, u)) for u in (cast.alice, cast.bob)] == [2, 2] or None, 10,
                          "the players told again")
    refused_by_discord(stub)


def closed_dm_answers(stub: DiscordStub) -> int:
    """Discord's 403 Cannot send messages to this user (50007) to posts in a DM whose player closed it to the bot:
    counted, taken off the stand-in's list of misbehaviour, expected among the invalid requests."""
    refused = [entry for entry in stub.rejections if entry[1] == "Cannot send messages to this user"]
    stub.rejections[:] = [entry for entry in stub.rejections if entry not in refused]
    stub.expect_invalid(len(refused))
    return len(refused)


async def test_a_dm_game_whose_player_closed_their_dms_waits_without_spending_invalid_requests(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A dice poker duel against the bot in a DM; the player then closes their DMs to the bot, so its posts there get
    403 Cannot send messages to this user (50007). Each such post was tried five times, a minute apart (five
    invalid requests toward Discord's ban at 10,000 in 10 minutes, per post, per game), then dropped for good: the
    next hand was never shown. Now the game is held: one try per back-off step (10 min, 30 min, 1 h, ...), nothing
    dropped; the player's next move there (answered through its interaction, which the closed DM does not stop)
    brings what waited with it and the game goes on."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    bot.bots.pause = 0
    clock = Clock()
    bot.turns.clock = bot.pace_clock.clock = bot.get_cog("Reminders").clock = bot.courier.reach.clock = clock
    dm = stub.dm_channel(cast.stranger)
    solo = await stub.run_command(cast.stranger, dm, "poker solo", opponents=1, level="easy")
    await solo.wait_response()
    game = await bot.sessions.game_in_channel(dm.id)
    await turn_post(stub, dm, solo)
    cast.stranger.dms_open = False
    while not [r for r in stub.rejections if r[1] == "Cannot send messages to this user"]:  # to a new hand's post
        game = await human_due(stub, bot, game.id, {cast.stranger.id: cast.stranger})
        assert game.status == "active", "the bot's posts all went through the player's clicks"
        post = await stub.wait_until(lambda: prompt_of(stub, dm, game.version), 20, "the player's prompt")
        await (await reroll_by_toggles(stub, cast.stranger, post, list(range(5)))).wait_ack()
        await stub.settle()
    waiting = await bot.store.undelivered_posts(10, game_id=game.id)
    assert waiting and (await held(bot, game.id))["tries"] == 1

    for minute in range(1, 121):                                  # two hours of the bot's minute ticks
        await tick(stub, runner, clock, clock.now + 60)
    await stub.settle()
    assert closed_dm_answers(stub) <= 4, "one try per back-off step: at 0, 10, 40 and 100 minutes"
    assert [p.id for p in await bot.store.undelivered_posts(10, game_id=game.id)] == [p.id for p in waiting]
    listing = await (await stub.run_command(cast.stranger, dm, "games")).wait_response()
    assert t("mygames.held_dm", "en") in listing.embeds[0]["description"]

    # the player types a move in the DM: what waited goes out with its answer, and the hold ends
    game = await human_due(stub, bot, game.id, {cast.stranger.id: cast.stranger})
    mark = stub.mark()
    moved = await stub.run_command(cast.stranger, dm, "poker keep", dice="1,2,3,4,5")
    await moved.wait_ack()
    await stub.wait_until(lambda: not bot.courier.reach._held.get(dm.id), 10, "the hold lifted")
    await stub.settle()
    assert await all_delivered(bot, game.id)
    assert [m for m in stub.messages(dm, after=mark) if m.layout and not m.ephemeral]
    assert closed_dm_answers(stub) == 0


async def poker_duel(stub: DiscordStub, cast: Cast, runner):
    """Alice and Bob's dice poker duel in #games at the fast pace, the bot taking over a seat whose time runs out,
    with a clock the test moves; the bot's seats move at once. Returns the clock and the game."""
    bot, clock = runner.bot, Clock()
    bot.turns.clock = bot.pace_clock.clock = bot.get_cog("Reminders").clock = bot.courier.reach.clock = clock
    bot.courier.away.clock = bot.sessions._clock = clock
    bot.bots.pause = 0
    lobby = await (await stub.run_command(cast.alice, cast.games, "poker new", pace="fast",
                                          takeover=720)).wait_response()
    await (await stub.click(cast.bob, lobby, label=t("button.join", "en"))).wait_response()
    await (await stub.click(cast.alice, lobby, label=t("button.start", "en"))).wait_response()
    await stub.settle()
    return clock, await bot.sessions.game_in_channel(cast.games.id)


def channel_writes(stub: DiscordStub, channel) -> tuple[int, int]:
    """How many messages the bot has posted in ``channel`` and how many edits it made there (with its token, or
    with an interaction's that may still edit the live message)."""
    def count(*routes: str) -> int:
        return len([r for route in routes for r in stub.requests_to(route) if r.channel_id == channel.id])
    return (count("POST /channels/{channel_id}/messages", "POST /webhooks/{application_id}/{token}"),
            count("PATCH /channels/{channel_id}/messages/{message_id}",
                  "PATCH /webhooks/{application_id}/{token}/messages/{message_id}"))


async def test_a_held_games_waiting_posts_go_out_as_one_message(discord_stub: DiscordStub, cast: Cast,
                                                                 start_rollbot):
    """Both duellists' time ran out, one of them while Attach Files was taken away: the bot played both seats to
    the end of the match, the game held, fifteen-odd posts waiting. When Attach Files came back they went out one
    by one: six new messages and eleven edits within seconds, each hand's message summarised at once. Now what
    waited goes out as one message: the result (final scores, the match picture) with the last moves."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game = await poker_duel(stub, cast, runner)
    await tick(stub, runner, clock, clock.now + HOUR + 1)          # the first player's time: the bot takes the seat
    await bot.bots.idle()
    await stub.settle()
    deny(stub, cast.games, attach_files=True)
    await tick(stub, runner, clock, clock.now + HOUR + 1)          # the other's: the bot plays both, held
    await bot.bots.idle()
    await stub.settle()
    assert (await bot.sessions.load(game.id)).status == "finished"
    assert len(await bot.store.undelivered_posts(100, game_id=game.id)) > 5
    mark, before = stub.mark(), channel_writes(stub, cast.games)

    grant_back(stub, cast.games)
    assert await all_delivered(bot, game.id)
    await stub.settle()
    posts, edits = (after - was for after, was in zip(channel_writes(stub, cast.games), before))
    assert posts == 1 and edits <= 1, "one message for what waited; the previous one summarised (again)"
    [final] = stub.messages(cast.games, after=mark)
    assert t("play.final_title", "en") in final.text and "match.png" in [a.filename for a in final.attachments]
    moves = " ".join(line for line in final.text.splitlines() if line.startswith("-# "))
    assert moves.count(". ") > 5, ("the last moves in its line, a sentence each", final.text)
    refused_by_discord(stub)


async def test_caught_up_the_live_message_shows_the_turn_due_now(discord_stub: DiscordStub, cast: Cast,
                                                                 start_rollbot):
    """Send Messages taken away; a player's time runs out (the notice refused: held) and the bot plays the seat;
    the player now due goes away: two posts wait, the bot's move and the live message drawn with "away until".
    Given back, they make one write, and the live message shows the turn due now, with its player's buttons and
    "away until" (it was two writes, the first drawing a state already gone)."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game = await poker_duel(stub, cast, runner)
    deny(stub, cast.games, send_messages=True)
    await tick(stub, runner, clock, clock.now + HOUR + 1)          # the bot plays for the first player: held
    await bot.bots.idle()
    await stub.settle()
    [seat] = [item["seat"] for item in await bot.sessions.pending(game.id)]
    user_id = (await bot.sessions.load(game.id)).seats[seat].user_id
    due = next(u for u in (cast.alice, cast.bob) if u.id == user_id)
    await (await stub.run_command(due, cast.lounge, "away until", day="2")).wait_response()
    await stub.settle()
    assert await held(bot, game.id) and len(await bot.store.undelivered_posts(10, game_id=game.id)) == 2
    before = channel_writes(stub, cast.games)

    grant_back(stub, cast.games)
    assert await all_delivered(bot, game.id)
    await stub.settle()
    posts, edits = (after - was for after, was in zip(channel_writes(stub, cast.games), before))
    assert (posts, edits) in ((0, 1), (1, 0), (1, 1)), "one write for what waited (and the previous one's summary)"
    live = [m for m in stub.messages(cast.games) if m.layout and m.buttons]
    assert len(live) == 1 and due.id not in live[0].mentions, "an away player is named, not pinged"
    assert t("away.mark", "en", date="\x00").split("\x00")[0] in live[0].text
    assert str(user_id) not in live[0].text and game.seats[seat].name in live[0].text
    refused_by_discord(stub)


def embed_text(message) -> str:
    """Everything an embed answer shows: its description and its fields."""
    fields = [f"{f.get('name', '')}\n{f.get('value', '')}" for e in message.embeds for f in e.get("fields", [])]
    return "\n".join([e.get("description", "") for e in message.embeds] + fields)


async def live_message(stub: DiscordStub, channel):
    """The game's live message (pictures and buttons), waiting for it: on a loaded machine the start's post may come
    after the stand-in has gone quiet."""
    return (await stub.wait_until(lambda: [m for m in stub.messages(channel) if m.layout and m.buttons], 20,
                                  "the live message"))[-1]


async def test_while_held_status_and_games_say_the_clock_stands_still_and_why(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A moderator's tour: while a game was held (Attach Files denied), ``/rp status`` showed "<@Ben>: time runs out
    <t:…:R>" and ``/games`` "Pace fast: time runs out <t:…:R>", a countdown that said "time is up" two hours later,
    though the clock stood still; status did not mention the hold at all. Now both say that the clock is stopped
    while the game is on hold, status says why (the missing permission) and who can fix it, and no deadline or
    "time is up" is shown."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    prompt = await live_message(stub, cast.games)
    deny(stub, cast.games, attach_files=True)
    await stub.settle()
    await private_answer(await click_first_move(stub, away, prompt))
    assert await held_soon(bot, game.id)
    mention = f"<@{away.id}>"
    for hours in (0, 2):
        await tick(stub, runner, clock, clock.now + hours * HOUR)
        await bot.bots.idle()
        await stub.settle()
        status = embed_text(await (await stub.run_command(cast.alice, cast.games, "rp status")).wait_response())
        assert t("clock.status.held", "en", player=mention) in status
        assert t("mygames.held_one", "en", permission=t("permission.attach_files", "en")) in status
        assert "<t:" not in status and t("clock.status.up", "en", player=mention) not in status
        listing = embed_text(await (await stub.run_command(away, cast.lounge, "games")).wait_response())
        assert t("clock.live.held", "en", pace=t("clock.pace.fast", "en")) in listing
        [line] = [line for line in listing.splitlines() if t("clock.pace.fast", "en") in line]
        assert "<t:" not in line and t("clock.live.up", "en", pace=t("clock.pace.fast", "en")) not in line
    refused_by_discord(stub)


async def test_a_refused_turn_post_leaves_the_previous_live_message_as_it_was(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A moderator's tour: Attach Files denied, the next turn post was refused, but the game's previous live message
    had already been collapsed into its one-line summary (and was edited again at each try): the channel showed no
    picture, no buttons and nothing about the hold, as if the game had vanished. Now the summary waits for the new
    message: the previous live message keeps its pictures and buttons while the game is held."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=720)
    live = await live_message(stub, cast.games)
    deny(stub, cast.games, attach_files=True)
    await stub.settle()
    await tick(stub, runner, clock, clock.now + HOUR + 1)     # the bot plays the seat whose time ran out: refused
    await bot.bots.idle()
    await stub.settle()
    assert await held_soon(bot, game.id)
    assert refused_posts(stub) == 1
    assert live.images and live.buttons, "the previous live message is not collapsed before the new one is there"
    for hours in (1, 2):                                       # nor at the back-off's tries
        await tick(stub, runner, clock, clock.now + hours * HOUR)
        await bot.bots.idle()
    await stub.settle()
    assert live.images and live.buttons
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: [m for m in stub.messages(cast.games) if m.layout and m.buttons] != [live], 10,
                          "the new live message")
    await stub.wait_until(lambda: not live.images and not live.buttons, 15,
                          "the previous message summarised once the new one is there (after the channel's rate limit)")
    await stub.settle()
    assert len([m for m in stub.messages(cast.games) if m.layout and (m.images or m.buttons)]) == 1
    refused_by_discord(stub)


def hold_note(locale: str) -> str:
    """What the live message says while its game is held for want of Attach Files (the words of ``/games``)."""
    return t("mygames.held_one", locale, permission=t("permission.attach_files", locale))


async def tries_without_noting_again(stub: DiscordStub, runner, clock: Clock, game_id: int, live) -> None:
    """The back-off's tries, an hour and then two later: the game stays held and its live message is not edited
    again (the note was said once)."""
    edits = live.edits
    for hours in (1, 2):
        await tick(stub, runner, clock, clock.now + hours * HOUR)
        await runner.bot.bots.idle()
    await stub.settle()
    assert await held(runner.bot, game_id) and live.edits == edits


async def test_the_live_message_says_once_that_the_game_is_on_hold_and_why_until_the_hold_lifts(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A moderator's tour: Attach Files denied, the next turn post was refused and the game held; its live message
    stayed (picture, buttons) but said nothing, so anyone in the channel saw a game that no longer moved, with no
    hint why. Now the live message says, in the game's language, once at the hold's start (not at each try), that
    the game is on hold, which permission is missing and that a server admin can grant it; the new live message after
    the hold says nothing of it."""
    stub = discord_stub
    cast.alice.locale = cast.bob.locale = "de"
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=720)
    live = await live_message(stub, cast.games)
    assert hold_note("de") not in live.text
    deny(stub, cast.games, attach_files=True)
    await stub.settle()
    await tick(stub, runner, clock, clock.now + HOUR + 1)     # the bot plays the seat whose time ran out: refused
    await bot.bots.idle()
    assert await held_soon(bot, game.id)
    await stub.wait_until(lambda: hold_note("de") in live.text, 10, "the hold's note in the live message")
    await stub.settle()
    assert live.images and live.buttons, "its pictures and buttons stay"
    await tries_without_noting_again(stub, runner, clock, game.id, live)
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: [m for m in stub.messages(cast.games) if m.layout and m.buttons] != [live], 10,
                          "the new live message")
    await stub.wait_until(lambda: not live.images, 15, "the previous message summarised")
    await stub.settle()
    assert not [m for m in stub.messages(cast.games) if hold_note("de") in m.text]
    refused_by_discord(stub)


async def test_after_a_restart_the_live_message_says_once_that_the_game_is_on_hold(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A moderator's tour: the bot's move for a player whose time ran out waited in the outbox (Discord failed its
    post) when the bot restarted, and Attach Files had been taken away meanwhile; the restarted bot's post was
    refused and the game held. The direct messages, ``/rp status`` and ``/games`` said so, the live message never did
    (drawn before the restart, the game moved on since: the bot did not know what it showed). Now it says so there
    too, once, as the message was drawn; the new live message after the hold says nothing of it."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=720)
    live = await live_message(stub, cast.games)
    stub.faults.add(route="POST /channels/{channel_id}/messages", status=503, times=None)   # Discord is down
    await tick(stub, runner, clock, clock.now + HOUR + 1)     # the bot plays the seat whose time ran out: not posted
    await runner.bot.bots.idle()
    await stub.settle()
    assert await runner.bot.store.undelivered_posts(10, game_id=game.id)
    drawn = live.text
    await stop_rollbot(stub, runner)
    stub.faults.clear()
    deny(stub, cast.games, attach_files=True)
    runner = await start_rollbot()                             # its start-up delivery is refused: held
    bot = runner.bot
    on_clock(bot, clock)
    assert await held_soon(bot, game.id)
    await stub.wait_until(lambda: hold_note("en") in live.text, 10, "the hold's note in the live message")
    await stub.settle()
    assert live.images and live.buttons
    assert live.text.splitlines()[2:] == drawn.splitlines()[1:], "the rest as it was drawn (its clock stopped)"
    await tries_without_noting_again(stub, runner, clock, game.id, live)
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: not live.images, 15, "the previous message summarised")
    await stub.settle()
    assert not [m for m in stub.messages(cast.games) if hold_note("en") in m.text]
    refused_by_discord(stub)


async def test_a_hold_noted_without_a_post_waiting_is_drawn_away_when_it_lifts(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A move refused in the channel (Attach Files denied) holds the game with no post waiting; the live message says
    so. Once the admin grants the permission back, the hold lifts and, though nothing waited (and the game has no
    clock), the live message is drawn again without the note: it does not say "on hold" for good."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, game, away, seat = await open_and_start(stub, cast, runner)
    live = await live_message(stub, cast.games)
    deny(stub, cast.games, attach_files=True)
    await stub.settle()
    await private_answer(await click_first_move(stub, away, live))
    assert await held_soon(bot, game.id)
    await stub.wait_until(lambda: hold_note("en") in live.text, 10, "the hold's note in the live message")
    assert live.images and live.buttons
    await stub.settle()
    edits = live.edits
    grant_back(stub, cast.games)
    await stub.wait_until(lambda: hold_note("en") not in live.text, 10, "the live message drawn again")
    await stub.settle()
    assert not await held(bot, game.id) and live.edits == edits + 1, "drawn again once"
    assert live.images and live.buttons and len([m for m in stub.messages(cast.games) if m.buttons]) == 1
    refused_by_discord(stub)


async def held_by_the_bots_role(stub: DiscordStub, cast: Cast, runner):
    """A game with a turn clock, held with no post waiting: a server admin took Attach Files off @everyone and the
    bot's own role (GUILD_ROLE_UPDATE each), then a player's move was refused for it."""
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast")
    await stub.settle()
    everyone, role = stub.guild.roles[stub.guild.id], stub.world.bot_role
    granted = role.permissions
    stub.update_role(everyone, everyone.permissions & ~perm_bits(attach_files=True))
    stub.update_role(role, granted & ~perm_bits(attach_files=True))
    await stub.settle()
    prompt = [m for m in stub.messages(cast.games) if m.layout and m.buttons][-1]
    await private_answer(await click_first_move(stub, away, prompt))
    assert (await held_soon(runner.bot, game.id))["missing"] == ["attach_files"]
    assert not await runner.bot.store.undelivered_posts(1, game_id=game.id)
    return clock, game, granted


async def test_a_hold_lifts_when_an_admin_grants_the_permission_through_the_bots_role(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """Discord tells of a role's new permissions by GUILD_ROLE_UPDATE, not CHANNEL_UPDATE: the hold lifts at once,
    the live message no longer says the game is on hold."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, game, granted = await held_by_the_bots_role(stub, cast, runner)
    live = await live_message(stub, cast.games)
    await stub.wait_until(lambda: hold_note("en") in live.text, 10, "the hold's note in the live message")
    stub.update_role(stub.world.bot_role, granted)
    await stub.wait_until(lambda: hold_note("en") not in live.text, 10, "the live message drawn again")
    assert not await held(runner.bot, game.id)
    refused_by_discord(stub)


async def test_a_hold_lifts_when_an_admin_gives_the_bot_a_role_that_grants_the_permission(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """An admin grants it by giving the bot another role: Discord tells of that by GUILD_MEMBER_UPDATE (sent for the
    bot's own member whatever its intents), no channel's update. Before, the game stayed held (its clock standing
    still, nothing waiting to be tried) until a player happened to act in the channel."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, game, granted = await held_by_the_bots_role(stub, cast, runner)
    live = await live_message(stub, cast.games)
    await stub.wait_until(lambda: hold_note("en") in live.text, 10, "the hold's note in the live message")
    dice = stub.add_role("Dice games", perm_bits(attach_files=True))
    stub.set_roles(stub.world.bot, [stub.world.bot_role.id, dice.id])
    await stub.wait_until(lambda: hold_note("en") not in live.text, 10, "the live message drawn again")
    assert not await held(runner.bot, game.id)
    refused_by_discord(stub)


async def test_a_held_game_with_a_clock_and_nothing_waiting_goes_on_at_the_back_off(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """The permission came back while the bot was restarting: no event tells of it, and the game's clock stands
    still with nothing waiting to be sent, so before nothing was ever tried again. The back-off's try sees it granted:
    the hold lifts (not before the try is due), and the clock goes on to remind the player."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, game, granted = await held_by_the_bots_role(stub, cast, runner)
    until = (await held(runner.bot, game.id))["until"]
    await stop_rollbot(stub, runner)
    stub.world.bot_role.permissions = granted              # granted while the bot was away
    runner = await start_rollbot()
    bot = runner.bot
    on_clock(bot, clock)
    await tick(stub, runner, clock, until - 60)            # the try is not due yet
    assert await held(bot, game.id)
    await tick(stub, runner, clock, until + 1)             # the back-off's try
    await stub.settle()
    assert not await held(bot, game.id)
    mark = await tick(stub, runner, clock, until + HOUR / 2 + 60)   # the clock goes on: half time
    await stub.settle()
    assert [m for m in stub.messages(cast.games) if m.content.startswith("⏳") and m.seq > mark]
    refused_by_discord(stub)
