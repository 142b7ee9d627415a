"""The lobby: /rp new, join/leave/start/cancel (buttons and commands), abandon, status, solo, refusals."""
from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import re

import discord
import pytest
from harness import FULL_APP_PERMISSIONS, SILENT, Harness, count_rest_calls

from bot.app import create_bot
from bot.i18n import t
from cogs.seam import seat_names
from cogs.seats import bot_level
from images.rollplayer import render_table
from images.rollplayer.adapt import table_view
from tests.cogs.history.history_kit import duel


def lobby_message(result):
    [message] = [m for m in result.messages if m.buttons()]
    return message


async def open_lobby(harness, user, place, **options):
    result = await harness.run("new", user=user, place=place, **options)
    message = lobby_message(result)
    assert not message.ephemeral
    return message


async def test_new_posts_lobby_with_persistent_buttons(harness, alice):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=3, souk=True, promos=True)
    assert alice.mention in message.content
    # Roll Player has an AI (at three levels), so the creator may also add a bot seat at a level, or remove one
    assert [b["label"] for b in message.buttons()] == ["Join", "Leave", "Start", "Cancel", "Remove bot"]
    for button in message.buttons():
        assert re.fullmatch(r"rp:l:\d+:(join|leave|start|cancel|dropbot)", button["custom_id"])
    [select] = message.selects()
    assert re.fullmatch(r"rp:lb:\d+", select["custom_id"]) and [o["value"] for o in select["options"]] == [
        "easy", "normal", "hard"]
    text = message.text()
    assert "(1/3)" in text and t("option.souk", "en") in text and t("option.cursed_ring", "en") in text
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.status == "lobby" and game.seats_wanted == 3
    assert game.options["souk"] and game.options["promo_sheets"] and not game.options["short_game"]
    assert game.meta["lobby_message_id"] == message.id



async def test_lobby_lists_the_options_as_new_offers_them_with_the_promo_lines_together(harness, alice, bob):
    """Tour t: the option lines followed the stored keys ("Promo card Cursed Ring • Even start • … • Promo
    sheets (Frogkin, Minotaur) • Souk"); now the variants come in ``/rp new``'s order, then both promo lines."""
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=4, even_start=True, souk=True, friendly_market=True,
                               free_class=True, promos=True)
    await harness.click(message, user=bob, place=place, label="Join")  # redrawn from the stored game
    order = ["even_start", "souk", "friendly_market", "free_class", "promo_sheets", "cursed_ring"]
    lines = [line for line in message.text().splitlines() if line.startswith("• ")]
    assert lines == [f"• {t(f'option.{name}', 'en')}" for name in order]

async def test_join_start_by_buttons(harness, alice, bob):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)
    again = await harness.click(message, user=alice, place=place, label="Join")     # the creator has a seat
    assert again.only().ephemeral
    assert again.only().content == t("engine.error.already_seated", "en")
    joined = await harness.click(message, user=bob, place=place, label="Join")
    assert joined.callback_types == [7]                      # the lobby message is edited in place
    assert "(2/2)" in message.text() and bob.mention in message.text()
    not_creator = await harness.click(message, user=bob, place=place, label="Start")
    assert not_creator.only().ephemeral
    assert not_creator.only().content == t("engine.error.not_creator", "en")
    started = await harness.click(message, user=alice, place=place, label="Start")
    assert message.buttons() == []                           # the lobby closes
    assert started.public(), "starting posts the first turn"
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.status == "active" and [s.user_id for s in game.seats] == [alice.id, bob.id]


async def test_the_start_notice_names_the_bot_seats_too(harness, alice):
    """A Korean playground tour: the lobby listed "@Ann / Bot (hard)", the start notice only "Players: @Ann."."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2, bots=1)
    await harness.click(message, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.seats[1].is_ai
    players = f"{alice.mention}, {game.seats[1].name}"
    assert t("lobby.started", "en", players=players) in message.text(), message.text()


async def test_several_bot_seats_are_told_apart_by_number(harness, alice):
    """A playground tour: two bots were both "Bot (normal)" in the log and the lobby. The first keeps the plain
    name, the next are numbered, whether they come with /new or one by one with the lobby's Add bot select."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=4, bots=2)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    level = t("bot.level.hard", "en")
    assert [s.name for s in game.seats[1:]] == [t("bot.seat_name", "en", level=level),
                                                t("bot.seat_name_numbered", "en", level=level, number=2)]
    await harness.select(message, ["hard"], user=alice, place=place)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.seats[3].name == t("bot.seat_name_numbered", "en", level=level, number=3) == "Bot 3 (hard)"
    assert "Bot 3 (hard)" in message.text()


async def test_the_creator_chooses_each_bot_level_in_the_lobby(harness, alice, bob):
    """Add bot copied the level of the bots already seated, so one easy and one hard bot could not share a table.
    The lobby offers each level to add a bot at ("Bot 2 (easy)" …), lists each bot with its level, and the game
    starts with those levels; Remove bot takes the last one out and the others keep theirs."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=4, bots=1, level="easy")
    [select] = message.selects()
    assert select["custom_id"] == f"rp:lb:{(await harness.bot.sessions.game_in_channel(place.channel_id)).id}"
    assert select["placeholder"] == t("lobby.addbot_choose", "en")
    assert [(o["label"], o["value"]) for o in select["options"]] == [
        ("Bot 2 (easy)", "easy"), ("Bot 2 (normal)", "normal"), ("Bot 2 (hard)", "hard")]
    assert t("button.addbot", "en") not in [b["label"] for b in message.buttons()]

    refused = await harness.select(message, ["hard"], user=bob, place=place)
    assert refused.only().ephemeral and refused.only().content == t("engine.error.not_permitted", "en")
    added = await harness.select(message, ["hard"], user=alice, place=place)
    assert added.callback_types == [7]                       # the lobby message, edited in place
    text = message.text()
    assert "2. Bot (easy)" in text and "3. Bot 2 (hard)" in text, text
    assert t("lobby.addbot_named_note", "en", user=alice.mention, bot="Bot 2 (hard)", seated=3, wanted=4) in text
    assert [o["label"] for o in message.selects()[0]["options"]] == ["Bot 3 (easy)", "Bot 3 (normal)", "Bot 3 (hard)"]
    await harness.select(message, ["normal"], user=alice, place=place)
    await harness.click(message, user=alice, place=place, label=t("button.dropbot", "en"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.meta["bots"] == {"1": "easy", "2": "hard"}

    await harness.click(message, user=bob, place=place, label="Join")
    await harness.click(message, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.status == "active" and game.meta["bots"] == {"1": "easy", "2": "hard"}
    assert message.selects() == [] and message.buttons() == []                 # the lobby closed
    assert [s.name for s in game.seats][1:3] == ["Bot (easy)", "Bot 2 (hard)"]
    kind = harness.bot.sessions.kinds[game.kind]
    assert [bot_level(game, seat, kind) for seat in (1, 2)] == ["easy", "hard"]      # what each bot plays at


async def test_remove_bot_is_offered_only_with_a_bot_seat_and_only_the_creator_may(harness, alice, bob):
    """A Korean tour: the lobby's Remove bot was enabled with no bot seated, and a plain member who clicked it read
    "there is no bot seat to remove" where the point was that only the creator may. It is greyed out until a bot
    is seated, and a plain member reads who can: the creator or a channel manager (an old client's copy still
    clicked)."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=3)
    label = t("button.dropbot", "en")
    assert message.button(label=label).get("disabled")
    old_client = copy.deepcopy(message)
    old_client.button(label=label)["disabled"] = False
    refused = (await harness.click(old_client, user=bob, place=place, label=label)).only()
    assert refused.ephemeral and refused.content == t("engine.error.not_permitted", "en")
    await harness.select(message, ["easy"], user=alice, place=place)
    assert not message.button(label=label).get("disabled")
    refused = (await harness.click(message, user=bob, place=place, label=label)).only()
    assert refused.content == t("engine.error.not_permitted", "en")
    await harness.click(message, user=alice, place=place, label=label)
    assert message.button(label=label).get("disabled")
    assert len((await harness.bot.sessions.game_in_channel(place.channel_id)).seats) == 1


async def test_the_added_bot_line_names_the_bot_and_its_level_in_the_lobbys_language(harness, alice):
    """The line under the lobby said "added a bot seat (3/4)" whatever the level chosen (only the seat list named
    it): it names the bot as the seat list does, level included, and a new language names it in that one."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=4)
    await harness.select(message, ["easy"], user=alice, place=place)
    await harness.select(message, ["hard"], user=alice, place=place)
    lines = message.content.splitlines()
    assert lines[-2:] == [
        "%s added a bot seat: Bot (easy) (2/4)." % alice.mention,
        "%s added a bot seat: Bot 2 (hard) (3/4)." % alice.mention], lines
    await harness.run("language", user=alice, place=place, language="ko")
    assert f"{alice.mention} 님이 봇 자리를 추가했어요: 봇 2 (어려움) (3/4)." in message.content.splitlines()


async def test_removing_a_bot_moves_the_players_after_it_up_with_their_language(harness, alice, bob):
    """Remove bot re-paired the levels by order and left each player's language at their old seat: Bob, seated
    after the bot, lost his (the start's language is read from them)."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=3, bots=1, level="easy")
    harness.locale = "de"
    await harness.click(message, user=bob, place=place, label=t("button.join", "en"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.meta["seat_locales"]["2"] == "de"
    await harness.click(message, user=alice, place=place, label=t("button.dropbot", "en"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert [s.user_id for s in game.seats] == [alice.id, bob.id]
    assert game.meta["seat_locales"] == {"0": "en", "1": "de"} and not game.meta.get("bots")


async def test_a_level_not_offered_is_refused_and_adds_no_bot(harness, alice):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=3)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    forged = message.selects()[0]
    forged["options"].append({"label": "x", "value": "godlike"})
    refused = await harness.select(message, ["godlike"], user=alice, place=place)
    assert refused.only().ephemeral and refused.only().content == t("error.bad_option", "en")
    assert len((await harness.bot.sessions.load(game.id)).seats) == 1


async def test_lobby_by_commands(harness, alice, bob, carol):
    place = harness.channel()
    await open_lobby(harness, alice, place, players=3)
    joined = await harness.run("join", user=carol, place=place)
    assert not joined.only().ephemeral and "(2/3)" in joined.only().text()
    left = await harness.run("leave", user=carol, place=place)
    assert "(1/3)" in left.only().text()
    not_seated = await harness.run("leave", user=bob, place=place)
    assert not_seated.only().ephemeral and not_seated.only().content == t("engine.error.not_seated", "en")
    creator = await harness.run("leave", user=alice, place=place)
    assert creator.only().content == t("engine.error.creator_cannot_leave", "en")
    too_few = await harness.run("start", user=alice, place=place)
    assert too_few.only().ephemeral and too_few.only().content == t("error.start_alone", "en", group="rp")
    assert (await harness.bot.sessions.game_in_channel(place.channel_id)).status == "lobby"
    await harness.run("join", user=bob, place=place)
    await harness.run("start", user=alice, place=place)
    late = await harness.run("join", user=carol, place=place)
    assert late.only().ephemeral
    assert late.only().content == t("engine.error.game_not_in_lobby", "en")


async def test_cancel_only_by_creator_and_only_in_lobby(harness, alice, bob):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)
    refused = await harness.click(message, user=bob, place=place, label="Cancel")
    assert refused.only().ephemeral
    cancelled = await harness.click(message, user=alice, place=place, label="Cancel")
    assert cancelled.callback_types == [7] and message.buttons() == []
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


async def test_a_channel_manager_may_cancel_a_lobby_as_the_refusal_says(harness, alice, bob, moderator):
    """The refusal names the creator or Manage Channels; a manager's cancel (button or command) closes it
    (a playground tour was refused while /abandon worked on the same lobby)."""
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)
    refused = (await harness.click(message, user=bob, place=place, label="Cancel")).only()
    assert refused.content == t("engine.error.not_permitted", "en")
    cancelled = await harness.click(message, user=moderator, place=place, label="Cancel")
    assert cancelled.callback_types == [7] and message.buttons() == []
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None
    other = harness.channel(guild_id=place.guild_id)
    await open_lobby(harness, alice, other, players=2)
    lobby, told = (await harness.run("cancel", user=moderator, place=other)).public()
    assert moderator.mention in lobby.text() and pinged(lobby) == [], lobby.text()
    assert alice.mention in told.content and pinged(told) == [alice.id]       # the creator is told, once
    assert await harness.bot.sessions.game_in_channel(other.channel_id) is None


async def test_game_already_running_in_channel(harness, alice, bob):
    place = harness.channel()
    await open_lobby(harness, alice, place, players=2)
    busy = await harness.run("new", user=bob, place=place)
    assert busy.only().ephemeral
    assert busy.only().content == t("engine.error.channel_busy", "en", group="rp")
    other = harness.channel(guild_id=place.guild_id)
    assert lobby_message(await harness.run("new", user=bob, place=other))


async def test_one_option_reads_as_a_line_without_a_bullet(harness, alice, bob):
    """A tour's duel showed "Options: • Duel: 8 hands, …": one bullet, no list. One option reads as one line (as
    "Standard rules" does), in the lobby and in ``/<game> status``; several stay a bulleted list. (A duel now names
    its tie-break too, printed or house: two options, a list; a Roll Player game with the Souk alone has one.)"""
    place = harness.channel()
    message = lobby_message(await harness.run("rp new", user=alice, place=place, players=2, souk=True))

    def options_of(embeds) -> str:
        return next(f["value"] for e in embeds for f in e.get("fields", []) if f["name"] == t("lobby.options", "en"))

    shown = options_of(message.embeds)
    assert shown and "\n" not in shown and not shown.startswith("• "), shown
    status = (await harness.run("rp status", user=bob, place=place)).only()
    assert options_of(status.embeds) == shown
    duel = lobby_message(await harness.run("poker new", user=alice, place=harness.channel()))
    assert all(line.startswith("• ") for line in options_of(duel.embeds).splitlines())
    several = lobby_message(await harness.run("rp new", user=alice, place=harness.channel(), players=2, souk=True,
                                              promos=True))
    assert all(line.startswith("• ") for line in options_of(several.embeds).splitlines())


async def test_abandon_creator_or_manage_channels(harness, alice, bob, moderator):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)
    await harness.click(message, user=bob, place=place, label="Join")
    await harness.click(message, user=alice, place=place, label="Start")
    refused = await harness.run("abandon", user=bob, place=place)
    assert refused.only().ephemeral and refused.only().content == t("engine.error.not_permitted", "en")
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout)
    assert live.buttons()
    game_id = (await harness.bot.sessions.game_in_channel(place.channel_id)).id
    done = await harness.run("abandon", user=moderator, place=place)
    assert not done.public()[0].ephemeral and moderator.mention in done.public()[0].content
    # the game's live message keeps its table, loses its buttons and says the game was abandoned
    assert not live.buttons() and t("play.abandoned_line", "en") in live.text(), live.text()
    # and so does its picture, where the decisions due were (it kept the live picture: "Bob  choosing…")
    game = await harness.bot.sessions.load(game_id)
    table = dict(live.files)["table.png"]
    assert table == render_table(game.state, "en", names=seat_names(game), abandoned=True)
    assert table_view(game.state, abandoned=True).pending == () and table_view(game.state).pending
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None
    nothing = await harness.run("abandon", user=alice, place=place)
    assert nothing.only().content == t("error.no_game_here", "en", group="rp")
    assert lobby_message(await harness.run("new", user=bob, place=place))


@pytest.mark.parametrize("locale", ["en-US", "ko"])
async def test_abandon_by_number_reaches_only_a_game_of_its_own_group(harness, alice, bob, moderator, locale):
    """A Korean tour: the moderator's ``/rp 포기 게임:2`` ended Ben and Cleo's dice poker duel (game numbers are
    shared by every game). Now each group ends only its own kind: another kind's game is left running, and the
    answer, private, names the command that ends it; a stranger still learns nothing of it."""
    harness.locale = locale
    lang = locale[:2]
    tavern = harness.channel()
    game = await duel(harness, [alice, bob], tavern, group="poker")
    elsewhere = harness.channel(guild_id=tavern.guild_id)
    refused = (await harness.run("rp abandon", user=moderator, place=elsewhere, game=game.id)).only()
    command = f"/poker {t('cmd.abandon.name', lang)}"
    assert refused.ephemeral and refused.content == t(
        "lobby.error.other_kind", lang, game=game.id, title=t("dicepoker.title", lang), command=command,
        option=t("history.opt.game.name", lang)), refused.content
    assert f"`{command} {t('history.opt.game.name', lang)}:{game.id}`" in refused.content
    assert (await harness.bot.sessions.load(game.id)).status == "active"
    own = (await harness.run("rp abandon", user=alice, place=elsewhere, game=game.id)).only()
    assert own.ephemeral and (await harness.bot.sessions.load(game.id)).status == "active", own.content
    done = await harness.run("poker abandon", user=moderator, place=elsewhere, game=game.id)
    assert done.messages[0].content == t("lobby.ended_elsewhere", lang, game=game.id)
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"


async def test_status_lobby_and_running(harness, alice, bob):
    place = harness.channel()
    none = await harness.run("status", user=alice, place=place)
    assert none.only().ephemeral and none.only().content == t("error.no_game_here", "en", group="rp")
    message = await open_lobby(harness, alice, place, players=2)
    lobby = await harness.run("status", user=bob, place=place)
    assert lobby.only().ephemeral and t("status.lobby", "en") in lobby.only().text()
    await harness.click(message, user=bob, place=place, label="Join")
    await harness.click(message, user=alice, place=place, label="Start")
    running = await harness.run("status", user=bob, place=place)
    text = running.only().text()
    assert t("status.active", "en") in text
    assert t("phase.setup_race", "en") in text and t("decision.choose_race", "en") in text
    assert "⟦" not in text


async def test_solo_only_in_dm_and_new_only_in_server(harness, alice):
    in_guild = await harness.run("solo", user=alice, place=harness.channel())
    assert in_guild.only().ephemeral and in_guild.only().content == t("error.dm_only", "en")
    dm = harness.dm()
    new_in_dm = await harness.run("new", user=alice, place=dm)
    assert new_in_dm.only().ephemeral and new_in_dm.only().content == t("error.new_in_dm", "en", group="rp")
    solo = await harness.run("solo", user=alice, place=dm, short_game=True)
    assert solo.public()
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert game.status == "active" and game.guild_id is None and game.options["short_game"]
    again = await harness.run("solo", user=alice, place=dm)
    assert again.only().ephemeral and again.only().content == t("engine.error.channel_busy_dm", "en", group="rp")
    join_in_dm = await harness.run("join", user=alice, place=dm)
    assert join_in_dm.only().content == t("error.guild_only", "en")


async def test_abandoning_a_dm_game_speaks_to_its_one_player(harness, alice):
    """A DM has no channel to free for others, and its player needs no mention of themselves."""
    dm = harness.dm()
    await harness.run("solo", user=alice, place=dm, short_game=True)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    done = (await harness.run("abandon", user=alice, place=dm)).public()[0]
    assert done.content == t("lobby.abandoned_dm", "en", game=game.id) and alice.mention not in done.content


async def test_missing_bot_permission_is_named_and_nothing_is_created(harness, alice):
    perms = discord.Permissions(FULL_APP_PERMISSIONS)
    perms.attach_files = False
    place = harness.channel(app_permissions=perms.value)
    result = await harness.run("new", user=alice, place=place)
    assert result.only().ephemeral
    assert t("permission.attach_files", "en") in result.only().content
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


async def test_lobby_buttons_survive_a_restart(settings, alice, bob):
    first = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await first.start()
    place = first.channel()
    message = await open_lobby(first, alice, place, players=2)
    await first.close()

    second = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await second.start()
    try:
        second.rec.messages[message.id] = message
        second.rec.guild_of_channel[place.channel_id] = place.guild_id
        joined = await second.click(message, user=bob, place=place, label="Join")
        assert joined.callback_types == [7]
        game = await second.bot.sessions.game_in_channel(place.channel_id)
        assert [s.user_id for s in game.seats] == [alice.id, bob.id]
    finally:
        await second.close()


async def test_unexpected_error_answers_with_reference_and_logs(harness, alice, bob, monkeypatch, caplog):
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(harness.bot.sessions, "join", broken)
    with caplog.at_level(logging.ERROR, logger="cogs.core"):
        result = await harness.click(message, user=bob, place=place, label="Join")
    reply = result.only()
    assert reply.ephemeral
    ref = re.search(r"`([0-9a-f]{8})`", reply.content).group(1)
    assert ref in caplog.text and "disk on fire" in caplog.text and "Traceback" in caplog.text
    assert "disk on fire" not in reply.content
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert len(game.seats) == 1


async def test_out_of_range_player_count_is_refused_clearly(harness, alice):
    place = harness.channel()
    result = await harness.run("new", user=alice, place=place, players=5)
    assert result.only().ephemeral
    assert result.only().content == t("engine.error.invalid_seat_count", "en", min=1, max=4)
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


# ---------------------------------------------------------------- one lobby message per game
def lobby_copies(harness, place):
    """The channel's public messages that still show a lobby (its embed or its buttons)."""
    return [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
            and (m.embeds or m.buttons())]


async def test_a_lobby_command_leaves_one_lobby_message_that_is_right(harness, alice, bob, carol, monkeypatch):
    """A playground tour: every `/rp join|leave` posted the lobby anew and left the older copies with live buttons
    and their seat lists; the bottom one said "Dan joined (3/3) … 3. Dan" after Dan had left, and after the cancel
    five messages still had a Join button. Now the newest lobby message is the one with seats and buttons; each
    older one keeps its line (who joined or left) and nothing else, retired through the token of the interaction
    that sent it (no bot-token call)."""
    harness.bot.bots.pause = 3600
    rest = count_rest_calls(harness, monkeypatch)
    place = harness.channel()
    first = await open_lobby(harness, alice, place, players=3)
    joined = (await harness.run("join", user=bob, place=place)).only()
    assert lobby_copies(harness, place) == [joined]
    assert first.content == t("lobby.created_note", "en", user=alice.mention, wanted=3, game_name="Roll Player")
    assert not first.embeds and not first.buttons()
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.meta["lobby_message_id"] == joined.id
    carol_joined = (await harness.run("join", user=carol, place=place)).only()
    left = (await harness.run("leave", user=carol, place=place)).only()
    assert lobby_copies(harness, place) == [left]
    assert carol_joined.content == t("lobby.join_note", "en", user=carol.mention, seated=3, wanted=3)
    assert not carol_joined.embeds and not carol_joined.buttons()          # it no longer lists Carol
    assert carol.mention not in left.embeds[0]["fields"][0]["value"]
    # a button on the lobby message edits it in place and keeps it the lobby message
    added = await harness.select(left, ["hard"], user=alice, place=place)
    assert added.callback_types == [7] and lobby_copies(harness, place) == [left] and "(3/3)" in left.text()
    started = (await harness.run("start", user=alice, place=place)).public()[0]
    assert t("lobby.started", "en", players="").split(":")[0] in started.text()
    assert not any(m.buttons() and any(b.get("label") == "Join" for b in m.buttons())
                   for m in harness.rec.order if m.channel_id == place.channel_id)
    assert not left.embeds and left.content == "\n".join([            # the lines it added stay
        t("lobby.leave_note", "en", user=carol.mention, seated=2, wanted=3),
        t("lobby.addbot_named_note", "en", user=alice.mention, bot="Bot (hard)", seated=3, wanted=3)])
    assert rest == [], rest


async def test_cancel_and_abandon_by_command_retire_the_lobby_message(harness, alice, bob, moderator):
    place = harness.channel()
    lobby = await open_lobby(harness, alice, place, players=2)
    cancelled = (await harness.run("cancel", user=alice, place=place)).only()
    assert not lobby.buttons() and not lobby.embeds and not cancelled.buttons()
    other = harness.channel(guild_id=place.guild_id)
    lobby = await open_lobby(harness, alice, other, players=3)
    await harness.run("join", user=bob, place=other)
    [latest] = lobby_copies(harness, other)
    await harness.run("abandon", user=moderator, place=other)
    assert lobby_copies(harness, other) == [] and not latest.buttons()


async def test_an_old_lobby_message_is_retired_with_the_bot_token_once_no_token_may_edit_it(harness, alice, bob,
                                                                                              carol, monkeypatch):
    """After a restart, or 15 minutes on, no interaction's token may edit the earlier lobby message: the bot token
    does, once. A message someone deleted meanwhile is left alone, and the command is answered as usual."""
    place = harness.channel()
    first = await open_lobby(harness, alice, place, players=3)
    harness.bot.lobby._editors.clear()
    rest = count_rest_calls(harness, monkeypatch)
    joined = (await harness.run("join", user=bob, place=place)).only()
    assert rest == [("PATCH", "/channels/{channel_id}/messages/{message_id}")]
    assert not first.buttons() and lobby_copies(harness, place) == [joined]

    class Gone:
        status, reason = 404, "Not Found"

    async def deleted(route, *args, **kwargs):
        raise discord.NotFound(Gone(), {"code": 10008, "message": "Unknown Message"})
    harness.bot.lobby._editors.clear()
    monkeypatch.setattr(harness.bot.http, "request", deleted)
    result = await harness.run("join", user=carol, place=place)
    assert not result.only().ephemeral and "(3/3)" in result.only().text()
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.meta["lobby_message_id"] == result.only().id and len(game.seats) == 3


async def test_joins_at_the_same_moment_each_note_their_own_count(harness, alice, bob, carol, moderator,
                                                                  monkeypatch):
    """A playground tour: three `/rp join` at almost the same moment all said "(4/4)" (each read the game again
    after the others had joined). Each note now gives the count its own join made, and the last lobby message
    shows everyone."""
    place = harness.channel()
    await open_lobby(harness, alice, place, players=4)
    real = harness.bot.sessions.join
    joined: list[int] = []
    everyone = asyncio.Event()

    async def join_then_wait(game_id, user_id, name):
        game = await real(game_id, user_id, name)
        joined.append(user_id)
        if len(joined) == 3:
            everyone.set()
        with contextlib.suppress(TimeoutError):       # the others' joins land before this one's note is written
            await asyncio.wait_for(everyone.wait(), 0.3)
        return game
    monkeypatch.setattr(harness.bot.sessions, "join", join_then_wait)
    users = [bob, carol, moderator]
    await asyncio.gather(*(harness.run("join", user=user, place=place) for user in users))
    notes = {line for m in harness.rec.order if m.channel_id == place.channel_id
             for line in (m.content or "").splitlines() if "joined" in line}
    order = [users[[u.id for u in users].index(uid)] for uid in joined]
    assert notes == {t("lobby.join_note", "en", user=user.mention, seated=n, wanted=4)
                     for n, user in enumerate(order, start=2)}, notes
    [latest] = lobby_copies(harness, place)
    assert "(4/4)" in latest.text() and all(user.mention in latest.text() for user in users)


def channel_texts(harness, place) -> list[str]:
    """The text of each public message of the channel, oldest first."""
    return [m.content for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral]


async def test_the_lobby_keeps_its_last_lines_and_each_copy_its_own(harness, alice, bob, carol):
    """Tour J, defect 6: a click rewrote the lobby message's one line, so after "Dan joined (2/3)" by a click,
    Cleo's `/rfa join`, Dan's Leave click and Cleo's `/rfa leave` the channel read "Dan joined (2/3)", "Dan left
    (2/3)", "Cleo left (1/3)": Ben's opening line and Cleo's join were gone. The lobby message now shows the
    lobby's last lines, oldest first, whether the action came by button or command; a copy retired below a newer
    one, or closed, keeps the lines it added, so the channel tells every action once, in order; and no line pings
    anyone."""
    place = harness.channel()

    def note(action, user, seated):
        return t(f"lobby.{action}_note", "en", user=user.mention, seated=seated, wanted=3)
    opened = t("lobby.created_note", "en", user=alice.mention, wanted=3, game_name=t("rollforadventure.title", "en"))
    first = lobby_message(await harness.run("rfa new", user=alice, place=place, players=3))
    await harness.click(first, user=bob, place=place, label="Join")
    assert first.content == "\n".join([opened, note("join", bob, 2)]), "a click adds its line"
    second = (await harness.run("rfa join", user=carol, place=place)).only()
    assert second.content == "\n".join([opened, note("join", bob, 2), note("join", carol, 3)])
    await harness.click(second, user=bob, place=place, label="Leave")
    assert second.content == "\n".join([opened, note("join", bob, 2), note("join", carol, 3), note("leave", bob, 2)])
    await harness.run("rfa leave", user=carol, place=place)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    live = [m for m in harness.rec.order if m.channel_id == place.channel_id and m.buttons()][-1]
    assert live.content.splitlines() == [opened, note("join", bob, 2), note("join", carol, 3), note("leave", bob, 2),
                                         note("leave", carol, 1)], "the open lobby: its last five lines"
    await harness.run("rfa cancel", user=alice, place=place)
    texts = channel_texts(harness, place)
    assert texts[:3] == ["\n".join([opened, note("join", bob, 2)]),
                         "\n".join([note("join", carol, 3), note("leave", bob, 2)]),
                         note("leave", carol, 1)], "each retired copy: the lines it added"
    assert texts[3] == note("cancel", alice, 1), "the closed lobby, like a retired copy: the line it added"
    assert all(not (m.allowed_mentions or {}).get("users") for m in harness.rec.order
               if m.channel_id == place.channel_id), "a line carried to a newer copy pings nobody again"
    assert "lobby_lines" not in (await harness.bot.sessions.load(game.id)).meta, "a closed lobby keeps no lines"


async def test_many_clicks_keep_the_lobby_message_short(harness, alice, bob):
    """However many actions a lobby sees, its message shows the last few lines, within Discord's limit."""
    place = harness.channel()
    lobby = await open_lobby(harness, alice, place, players=3)
    for _ in range(15):
        await harness.click(lobby, user=bob, place=place, label="Join")
        await harness.click(lobby, user=bob, place=place, label="Leave")
    lines = lobby.content.splitlines()
    assert len(lines) == 5 and lines[-1] == t("lobby.leave_note", "en", user=bob.mention, seated=1, wanted=3)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert len(game.meta["lobby_lines"]) == 20


# ---------------------------------------------------------------- ending a game
async def started_game(harness, alice, bob, place, **options):
    await open_lobby(harness, alice, place, **options)
    await harness.run("join", user=bob, place=place)
    await harness.run("start", user=alice, place=place)
    return await harness.bot.sessions.game_in_channel(place.channel_id)


async def test_a_moderator_ending_a_game_says_so_and_tells_its_players(harness, alice, bob, moderator):
    """A playground tour: a moderator's `/rfa abandon` read "Ann abandoned game #5" (Korean: "gave up") and pinged
    only her; the three players were never told. The notice says a moderator ended it and mentions the people
    seated in it once (not the bot seat, nor the moderator)."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    game = await started_game(harness, alice, bob, place, players=3, bots=1)
    done = (await harness.run("abandon", user=moderator, place=place)).public()[0]
    assert done.content == "\n".join([
        t("lobby.ended_by_moderator", "en", user=moderator.mention, game=game.id),
        t("lobby.ended_for", "en", players=f"{alice.mention}, {bob.mention}")])
    assert sorted(int(u) for u in done.allowed_mentions["users"]) == [alice.id, bob.id]
    assert not done.flags & SILENT
    # the creator who gives up their own game: "abandoned", and the other player is told
    other = harness.channel(guild_id=place.guild_id)
    game = await started_game(harness, alice, bob, other, players=2)
    done = (await harness.run("abandon", user=alice, place=other)).public()[0]
    assert done.content == "\n".join([t("lobby.abandoned", "en", user=alice.mention, game=game.id),
                                      t("lobby.ended_for", "en", players=bob.mention)])
    assert [int(u) for u in done.allowed_mentions["users"]] == [bob.id]


async def test_ending_a_game_in_korean_does_not_say_the_moderator_gave_up(harness, alice, bob, moderator):
    place = harness.channel()
    game = await started_game(harness, alice, bob, place, players=2, language="ko")
    done = (await harness.run("abandon", user=moderator, place=place)).public()[0]
    assert "포기" not in done.content and "관리자로서" in done.content, done.content
    assert f"{alice.mention} 님, {bob.mention} 님," in done.content and f"#{game.id}" in done.content   # 님 each


async def test_cancel_on_a_running_game_points_each_player_to_what_they_may_do(harness, alice, bob, moderator):
    """A playground tour: `/rp cancel` on a running game told a plain player to use `/rp abandon`, which then
    refused them. Only those who may abandon are pointed to it; the others are told whom to ask."""
    place = harness.channel()
    await started_game(harness, alice, bob, place, players=2)
    plain = (await harness.run("cancel", user=bob, place=place)).only()
    assert plain.ephemeral
    assert plain.content == t("error.cancel_started", "en", hint=t("error.hint.end_ask", "en", creator=alice.mention))
    assert "abandon" not in plain.content
    for user in (alice, moderator):
        allowed = (await harness.run("cancel", user=user, place=place)).only()
        assert allowed.content == t("error.cancel_started", "en",
                                    hint=t("error.hint.end_abandon", "en", group="rp")), allowed.content
        assert "`/rp abandon`" in allowed.content
    assert (await harness.bot.sessions.game_in_channel(place.channel_id)).status == "active"


async def test_leaving_a_running_game_says_what_a_player_can_do_instead(harness, alice, bob, carol):
    """A playground tour: `/rp leave` on a running game said only that it could no longer be left. The refusal
    now says what is true for the asker: `/away until` stops their clock and reminders, and who can end the game
    (the asker, if they opened it). A fast game where the server forbids away time does not offer `/away`."""
    place = harness.channel()
    game = await started_game(harness, alice, bob, place, players=2)
    plain = (await harness.run("leave", user=bob, place=place)).only()
    assert plain.ephemeral and plain.content == t("error.leave_running", "en", hint=" ".join([
        t("error.hint.away", "en"), t("handover.hint.leave", "en"),
        t("error.hint.end_ask", "en", creator=alice.mention)]))
    assert "`/seat give`" in plain.content          # someone else may play on (a later tour: /seat was not named)
    creator = (await harness.run("leave", user=alice, place=place)).only()
    assert creator.content == t("error.leave_running", "en", hint=" ".join([
        t("error.hint.away", "en"), t("handover.hint.leave", "en"), t("error.hint.end_abandon", "en", group="rp")]))
    outsider = (await harness.run("leave", user=carol, place=place)).only()
    assert outsider.content == t("error.not_your_game", "en")
    assert [s.user_id for s in (await harness.bot.sessions.load(game.id)).seats] == [alice.id, bob.id]
    fast = harness.channel(guild_id=place.guild_id)
    await harness.bot.sessions.store.set_meta(f"away_fast:{fast.guild_id}", "off")
    await started_game(harness, alice, bob, fast, players=2, pace="fast")
    no_away = (await harness.run("leave", user=bob, place=fast)).only()
    assert no_away.content == t("error.leave_running", "en", hint=" ".join([
        t("handover.hint.leave", "en"), t("error.hint.end_ask", "en", creator=alice.mention)]))


async def test_the_lobby_and_status_say_when_the_bot_stands_in(harness, alice, bob):
    """A tour found a game's takeover shown nowhere, and the bot taking a seat when a clock ran out a surprise."""
    def stand_in(message) -> str:
        [value] = [f["value"] for e in message.embeds for f in e.get("fields", [])
                   if f["name"] == t("lobby.takeover.title", "en")]
        return value

    place = harness.channel()
    lobby = (await harness.run("new", user=alice, place=place, players=2, takeover=6, pace="fast")).public()[-1]
    assert stand_in(lobby) == t("lobby.takeover.hours_clock", "en", hours=6)
    await harness.run("join", user=bob, place=place)
    await harness.run("start", user=alice, place=place)
    status = (await harness.run("status", user=bob, place=place)).only()
    assert stand_in(status) == t("lobby.takeover.hours_clock", "en", hours=6)
    calm = harness.channel(guild_id=place.guild_id)
    lobby = (await harness.run("new", user=alice, place=calm, players=2, takeover=1, pace="none")).public()[-1]
    assert stand_in(lobby) == t("lobby.takeover.hours", "en", hours=1) == "After 1 hour away"
    never = harness.channel(guild_id=place.guild_id)
    lobby = (await harness.run("new", user=alice, place=never, players=2, takeover=0)).public()[-1]
    assert stand_in(lobby) == t("lobby.takeover.never", "en")



@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_a_move_typed_in_a_lobby_says_the_game_has_not_started_and_what_to_do(harness, alice, bob, carol,
                                                                                    locale):
    """A typed move (``/rp play``, ``/rp setup class``, ``/poker keep``, ``/rfa place``) in a channel whose game is
    still a lobby read "This game is no longer running", of a game that had not begun. It says the game has not
    started yet, and what the asker does: its creator starts it, a player who joined waits for the creator, anyone
    else joins first; privately, in the asker's language, and nothing changes."""
    commands = {"rp": ("rp play", {}), "rp setup": ("setup class", {"class": "thief"}),
                "poker": ("poker keep", {"dice": "all"}), "rfa": ("rfa place", {"value": "3", "where": "desert"})}
    for group, (command, options) in commands.items():
        place = harness.channel()
        new = "rp new" if group.startswith("rp") else f"{group} new"
        created = await harness.run(new, user=alice, place=place, **({"players": 2} if group.startswith("rp") else {}))
        lobby = next(m for m in created.messages if m.buttons())
        await harness.click(lobby, user=bob, place=place, label="Join")
        game = await harness.bot.sessions.game_in_channel(place.channel_id)
        harness.locale = locale
        creator = game.seats[game.seat_of(alice.id)].name
        wanted = [(alice, t("error.not_started_creator", locale, group=group.split()[0])),
                  (bob, t("error.not_started_seated", locale, group=group.split()[0], creator=creator)),
                  (carol, t("error.not_started_join", locale, group=group.split()[0], creator=creator))]
        for user, text in wanted:
            answer = (await harness.run(command, user=user, place=place, **options)).only()
            assert answer.ephemeral and answer.content == text, (group, user.name, answer.content)
        harness.locale = "en-US"
        assert (await harness.bot.sessions.load(game.id)).version == game.version


async def test_a_full_lobby_offers_no_bot_to_add(harness, alice):
    """Tour t15: a full duel's lobby ("Every seat is taken") still offered "Bot 2 (easy)" in its select, and an RfA
    lobby at 4/4 its Add bot button; either answered only "This game is full". Both are greyed out once every seat
    is taken, as Remove bot is without a bot, and come back when a seat is free again; a stale copy's click is
    still refused and adds nothing."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    duel = lobby_message(await harness.run("poker new", user=alice, place=place, bots=1))
    [select] = duel.selects()
    assert select.get("disabled")
    old_client = copy.deepcopy(duel)
    old_client.selects()[0]["disabled"] = False
    refused = (await harness.select(old_client, ["easy"], user=alice, place=place)).only()
    assert refused.ephemeral and refused.content == t("engine.error.table_full", "en", seats=2)
    assert len((await harness.bot.sessions.game_in_channel(place.channel_id)).seats) == 2

    lounge = harness.channel()
    lobby = lobby_message(await harness.run("rfa new", user=alice, place=lounge, players=3))
    add = t("button.addbot", "en")
    assert not lobby.button(label=add).get("disabled")
    await harness.click(lobby, user=alice, place=lounge, label=add)
    await harness.click(lobby, user=alice, place=lounge, label=add)
    assert lobby.button(label=add).get("disabled") and "(3/3)" in lobby.text()
    await harness.click(lobby, user=alice, place=lounge, label=t("button.dropbot", "en"))
    assert not lobby.button(label=add).get("disabled")


async def test_a_full_lobby_greys_join_out_until_a_seat_is_free(harness, alice, bob, carol):
    """A tour's full duel offered Join to everyone who passed by, only to answer "This game is full" (while it greyed
    out its bot controls). Join is greyed out once every seat is taken and offered again when a player leaves; a
    stale copy's click is still refused and seats nobody."""
    place = harness.channel()
    lobby = await open_lobby(harness, alice, place, players=2)
    join = t("button.join", "en")
    assert not lobby.button(label=join).get("disabled")
    old_client = copy.deepcopy(lobby)
    await harness.click(lobby, user=bob, place=place, label=join)
    assert lobby.button(label=join).get("disabled") and "(2/2)" in lobby.text()
    refused = (await harness.click(old_client, user=carol, place=place, label=join)).only()
    assert refused.ephemeral and refused.content == t("engine.error.table_full", "en", seats=2)
    assert len((await harness.bot.sessions.game_in_channel(place.channel_id)).seats) == 2
    await harness.click(lobby, user=bob, place=place, label=t("button.leave", "en"))
    assert not lobby.button(label=join).get("disabled") and "(1/2)" in lobby.text()


def pinged(message) -> list[int]:
    """The users a message may ping (its allowed mentions)."""
    return [int(u) for u in (message.allowed_mentions or {}).get("users", [])]


async def test_a_moderator_manages_a_lobby_as_its_creator_does_and_the_creator_is_told(harness, alice, bob,
                                                                                      moderator):
    """Tour t15: a moderator (Manage Channels) could Cancel someone else's lobby but was refused Add/Remove bot
    ("Only the player who opened this game can do that"); the cancel did not say "as a moderator", and the creator
    was not told. One rule now, as for abandon and language: the creator or a channel manager; a moderator's cancel
    says so and pings the creator once; a plain member reads who may."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=3)
    refused = (await harness.select(message, ["easy"], user=bob, place=place)).only()
    assert refused.ephemeral and refused.content == t("engine.error.not_permitted", "en")
    await harness.select(message, ["easy"], user=moderator, place=place)
    await harness.select(message, ["hard"], user=moderator, place=place)
    assert "(3/3)" in message.text()
    await harness.click(message, user=moderator, place=place, label=t("button.dropbot", "en"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert [s.name for s in game.seats][1:] == ["Bot (easy)"]

    done = await harness.click(message, user=moderator, place=place, label=t("button.cancel", "en"))
    assert t("lobby.cancelled_by_moderator", "en", user=moderator.mention) in message.text()
    # said once in the lobby and once to its creator (tour t17: three times, with the lobby's line)
    assert t("lobby.cancel_note_moderator", "en", user=moderator.mention, creator=alice.mention) \
        not in message.text()
    [told] = done.public()
    assert told.content == t("lobby.cancelled_tell_creator", "en", creator=alice.mention, user=moderator.mention,
                             game=game.id, game_name=t("game.rollplayer.title", "en")), told.content
    assert pinged(told) == [alice.id]
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"

    # the creator's own cancel tells nobody
    place = harness.channel()
    message = await open_lobby(harness, alice, place, players=2)
    done = await harness.click(message, user=alice, place=place, label=t("button.cancel", "en"))
    assert done.public() == [] and t("lobby.cancelled", "en", user=alice.mention) in message.text()
