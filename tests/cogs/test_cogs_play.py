"""Whole games through commands and clicks only, plus the turn-prompt rules and play refusals."""
from __future__ import annotations

import copy
import sys

import pytest
from driver import Driver, move_components

from bot.i18n import t
from cogs.seam import seat_names
from images.rollplayer import render_table


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)


async def start_two_player(harness, alice, bob, place, **options):
    result = await harness.run("new", user=alice, place=place, players=2, **options)
    lobby = next(m for m in result.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    started = await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    return game, started


async def test_complete_two_player_game_by_clicks(harness, alice, bob, fixed_seed):
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    [first] = started.public()
    assert "table.png" in first.file_names()
    driver = Driver(harness, place, [alice, bob])
    await driver.play_to_end(game.id, started)
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "finished"
    # 6 starting dice + one die per round fill the 18 slots: 12 rounds (rulebook, 2 players)
    assert game.state.round == 12
    assert all(len(row) == 3 for p in game.state.players for row in p.rows.values())
    final = driver.prompt
    assert "scores.png" in final.file_names() and "sheet.png" in final.file_names()
    assert final.files[0][1].startswith(b"\x89PNG")
    # the scores alone in the first gallery (drawn as wide as the message: a Korean tour at 360 px could not
    # read them in a mosaic of four), the other pictures in a gallery below
    galleries = [c for c in final.components[0]["components"] if c["type"] == 12]
    assert [[i["media"]["url"] for i in g["items"]] for g in galleries] == [
        ["attachment://scores.png"], [f"attachment://{name}" for name in final.file_names() if name != "scores.png"]]
    assert t("play.final_title", "en") in final.text()
    assert "reputation" in final.text() and "Alice" in final.text() and "Bob" in final.text()
    assert not move_components(final)
    # every new public message when it appeared: pictures, one log line, each player mentioned at most once
    assert len(driver.seen) > 10
    assert driver.seen[0][0] == ["table.png"]                  # the start: nobody has moved yet
    for files, text, users in driver.seen[1:-1]:
        assert files == ["table.png"], "the live message shows the table; sheets are private (and on My sheet)"
        assert users, "a new message (not the final one) pings who just became due; other steps edit in place"
        for user in (alice, bob):
            assert text.count(user.mention) <= 1
    # one live message: every earlier one became a one-line summary without pictures or buttons
    public = [m for r in driver.results for m in r.messages if not m.ephemeral and m.layout]
    assert [m for m in public if m.files or m.buttons()] == [final]
    assert all(len(m.text().splitlines()) == 1 for m in public if m is not final)
    # one mention per turn: between two of a player's own actions they are pinged at most once
    pinged_since_acting: dict[int, int] = {alice.id: 0, bob.id: 0}
    total_pings = 0
    seen = iter(driver.seen)
    for result in driver.results:
        pinged_since_acting[result.interaction.user.id] = 0
        for message in result.messages:
            if message.ephemeral or not message.layout:
                continue
            _files, text, users = next(seen)       # as it was when it appeared
            for user_id in users:
                pinged_since_acting[user_id] += 1
                total_pings += 1
                assert pinged_since_acting[user_id] == 1, text
    assert total_pings > 10
    # a step's private part: a new private message answers the pick on the live message that led to it (where the
    # player is looking, not an older one far up the channel), and is redrawn in place at each step after it
    private = [m for r in driver.results for m in r.messages if m.ephemeral]
    for result in driver.results:
        clicked = result.interaction.message
        if clicked is not None and clicked.flags.ephemeral:
            assert not result.private(), [m.text() for m in result.private()]
    assert sum(m.edits for m in private) >= len(private), "private steps are redrawn in place"
    # and no outdated private menu stays clickable above the newest one
    assert sum(1 for m in private if move_components(m)) <= 2, [m.text() for m in private if move_components(m)]
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None
    # over, each player still sees every final sheet (the result post shows the winner's only) and the table
    sheets = []
    for viewer, player in ((alice, bob), (bob, alice)):
        looked = (await harness.run("sheet", user=viewer, place=place, player=player)).only()
        assert looked.ephemeral and looked.file_names() == ["sheet.png"], looked.text()
        sheets.append(looked.files[0][1])
    assert sheets[0] != sheets[1]
    table = (await harness.run("table", user=alice, place=place)).only()
    assert table.ephemeral and table.file_names() == ["table.png"]


async def test_solo_game_in_dm_to_its_rating(harness, alice, fixed_seed):
    dm = harness.dm()
    started = await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    driver = Driver(harness, dm, [alice])
    await driver.play_to_end(game.id, started)
    final = driver.prompt
    assert final.channel_id == dm.channel_id and "scores.png" in final.file_names()
    ratings = [t(f"rules.solo.rating.{name}", "en") for name in
               ("true_hero", "clan_chief", "luminary", "adventurer", "mercenary", "npc")]
    assert any(f"**{r}**" in final.text() for r in ratings), final.text()


async def test_only_the_pending_player_can_act_and_stale_clicks_are_refused(harness, alice, bob, carol,
                                                                            fixed_seed, monkeypatch):
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    [prompt] = started.public()
    kind = harness.bot.sessions.kinds["rollplayer"]
    due = kind.pending(game.state)[0]["seat"]
    mover = [alice, bob][due]
    other = [alice, bob][1 - due]
    value = prompt.selects()[0]["options"][0]["value"]
    wrong = await harness.select(prompt, [value], user=other, place=place)
    assert wrong.only().ephemeral and wrong.only().content.startswith(t("error.not_your_turn", "en")[:20])
    # a player with a move of their own out of turn (a weapon to drop, a skill): still "not your turn", not "this
    # was for an earlier turn" (a tour was told so on the current message)
    real = kind.legal_moves
    with monkeypatch.context() as patched:
        patched.setattr(kind, "legal_moves",
                        lambda state, seat: [{"type": "discard_weapon", "card": "x"}] if seat == 1 - due
                        else real(state, seat))
        wrong = await harness.select(prompt, [value], user=other, place=place)
    assert wrong.only().content == t("error.not_your_turn", "en", players=game.seats[due].name), wrong.only().content
    outsider = await harness.select(prompt, [value], user=carol, place=place)
    assert outsider.only().content == t("error.not_your_game", "en")
    assert (await harness.bot.sessions.load(game.id)).version == game.version   # nothing changed
    as_shown = copy.deepcopy(prompt)           # what an old client still shows after the message changed
    played = await harness.select(prompt, [value], user=mover, place=place)
    assert played.public()
    assert not prompt.selects() and not prompt.files, "the previous message became a summary"
    stale = await harness.select(as_shown, [value], user=other, place=place)
    assert stale.only().ephemeral and stale.only().content == t("error.stale_button", "en", group="rp")
    forged = await harness.select(as_shown, [value], user=mover, place=place)
    assert forged.only().content == t("error.stale_button", "en", group="rp")


async def test_play_command_autocomplete_lists_only_legal_moves(harness, alice, bob, fixed_seed):
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    due = kind.pending(game.state)[0]["seat"]
    mover, other = [alice, bob][due], [alice, bob][1 - due]
    legal = kind.legal_moves(game.state, due)
    choices = await harness.autocomplete("play", "move", user=mover, place=place, move="")
    assert 0 < len(choices) <= 25 and len(choices) == min(25, len(legal))
    assert await harness.autocomplete("play", "move", user=other, place=place, move="") == []
    narrowed = await harness.autocomplete("play", "move", user=mover, place=place, move="female")
    assert narrowed and all("female" in c["name"] for c in narrowed)
    result = await harness.run("play", user=mover, place=place, move=narrowed[0]["value"])
    assert result.deferred
    assert [m.ephemeral for m in result.messages] == [True, False]
    assert result.messages[0].content.startswith(t("play.done", "en", move=""))
    assert (await harness.bot.sessions.load(game.id)).version == game.version + 1
    # the same choice again: the turn has passed, which is what the player hears first (it said "an earlier moment")
    again = await harness.run("play", user=mover, place=place, move=narrowed[0]["value"])
    assert again.only().ephemeral
    assert again.only().content == t("error.not_your_turn", "en", players=other.name.title())


async def test_sheet_table_log_commands(harness, alice, bob, carol, fixed_seed):
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    mine = await harness.run("sheet", user=alice, place=place)
    assert mine.only().ephemeral and mine.only().file_names() == ["sheet.png"]
    posted = await harness.run("sheet", user=carol, place=place, player=bob, post=True)
    assert not posted.only().ephemeral and "Bob" in posted.only().content
    nobody = await harness.run("sheet", user=carol, place=place)
    assert nobody.only().ephemeral and "Carol" in nobody.only().content
    table = await harness.run("table", user=carol, place=place)
    assert table.only().ephemeral and table.only().file_names() == ["table.png"]
    empty = await harness.run("log", user=carol, place=place)
    assert empty.only().content.splitlines()[1:] == [t("play.log_empty", "en")]
    [prompt] = started.public()
    kind = harness.bot.sessions.kinds["rollplayer"]
    mover = [alice, bob][kind.pending(game.state)[0]["seat"]]
    played = await harness.select(prompt, [prompt.selects()[0]["options"][0]["value"]], user=mover, place=place)
    log = await harness.run("log", user=carol, place=place)
    assert log.only().ephemeral and log.only().content.splitlines()[1].startswith("1. ")
    live = ([m for m in played.public() if m.files] or [prompt])[-1]     # the game's live message now
    look = await harness.click(live, user=carol, place=place, label="Table")
    assert look.only().ephemeral and look.only().file_names() == ["table.png"]


async def test_reminders_mention_the_idle_player_a_bounded_number_of_times(harness, alice, bob, fixed_seed,
                                                                           monkeypatch):
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place, pace="none")
    cog = harness.bot.get_cog("Reminders")
    kind = harness.bot.sessions.kinds["rollplayer"]
    due = [alice, bob][kind.pending(game.state)[0]["seat"]]
    clock = [game.last_activity_at]
    monkeypatch.setattr(cog, "clock", lambda: clock[0])
    mark = len(harness.rec.order)
    await cog.send_reminders()
    assert harness.rec.since(mark) == []                       # not idle yet
    minutes = harness.bot.settings.reminder_minutes
    for _ in range(harness.bot.settings.max_reminders + 2):
        clock[0] += minutes * 60 + 1
        await cog.send_reminders()
    sent = harness.rec.since(mark)
    assert len(sent) == harness.bot.settings.max_reminders
    for message in sent:
        assert message.kind == "channel" and message.channel_id == place.channel_id
        assert message.text().startswith(due.mention)


async def test_move_menus_survive_a_restart(settings, alice, bob, fixed_seed):
    from harness import Harness

    from bot.app import create_bot

    first = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await first.start()
    place = first.channel()
    game, started = await start_two_player(first, alice, bob, place)
    [prompt] = started.public()
    await first.close()

    second = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await second.start()
    try:
        second.rec.messages[prompt.id] = prompt
        second.rec.guild_of_channel[place.channel_id] = place.guild_id
        kind = second.bot.sessions.kinds["rollplayer"]
        mover = [alice, bob][kind.pending(game.state)[0]["seat"]]
        result = await second.select(prompt, [prompt.selects()[0]["options"][0]["value"]], user=mover,
                                     place=place)
        assert result.public() and (await second.bot.sessions.load(game.id)).version == 1
    finally:
        await second.close()


async def test_wrong_channel_and_out_of_game_refusals(harness, alice, bob, carol, fixed_seed):
    place = harness.channel()
    _, started = await start_two_player(harness, alice, bob, place)
    elsewhere = harness.channel(guild_id=place.guild_id)
    for command in ("play", "sheet", "table", "log", "status"):
        result = await harness.run(command, user=alice, place=elsewhere)
        assert result.only().ephemeral and result.only().content == t("error.no_game_here", "en", group="rp"), command
    outsider = await harness.run("play", user=carol, place=place)
    assert outsider.only().ephemeral and outsider.only().content == t("error.not_your_game", "en")
    [prompt] = started.public()
    mine = await harness.click(prompt, user=carol, place=place, label="My moves")
    assert mine.only().content == t("error.not_your_game", "en")


async def test_solo_player_can_abandon_in_dm(harness, alice, fixed_seed):
    dm = harness.dm()
    await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    done = await harness.run("abandon", user=alice, place=dm)
    assert done.only().content == t("lobby.abandoned_dm", "en", game=game.id)       # said to its one player
    assert await harness.bot.sessions.game_in_channel(dm.channel_id) is None


async def test_reminders_speak_the_games_language_and_players_languages_are_recorded(harness, alice, bob, fixed_seed,
                                                                                    monkeypatch):
    """A reminder is posted in the channel: in the game's language, as everything else there (a tour saw a
    German reminder followed by the English time-out question in one channel). Each player's own language is
    still recorded (private answers and direct messages use it)."""
    from bot.engine.table import update_meta

    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place, pace="none")
    game = await harness.bot.sessions.load(game.id)
    # creating and joining recorded each player's language (the interaction's)
    assert game.meta["seat_locales"] == {"0": "en", "1": "en"}
    cog = harness.bot.get_cog("Reminders")
    kind = harness.bot.sessions.kinds["rollplayer"]
    seat = kind.pending(game.state)[0]["seat"]
    await update_meta(harness.bot.sessions, game.id, seat_locales={seat: "xx"})
    used = []
    real_t = sys.modules["cogs.reminders"].t

    def spy(key, locale, **params):
        used.append((key, locale))
        return real_t(key, locale, **params)
    monkeypatch.setattr(sys.modules["cogs.reminders"], "t", spy)
    clock = [game.last_activity_at + harness.bot.settings.reminder_minutes * 60 + 1]
    monkeypatch.setattr(cog, "clock", lambda: clock[0])
    await cog.send_reminders()
    assert ("play.reminder", "xx") not in used and ("play.reminder", "en") in used
    # the game's (channel's) language, whoever is named
    await update_meta(harness.bot.sessions, game.id, locale="yy")
    used.clear()
    clock[0] += harness.bot.settings.reminder_minutes * 60 + 1
    await cog.send_reminders()
    assert ("play.reminder", "yy") in used
    # acting records the language again
    [prompt] = started.public()
    mover = [alice, bob][seat]
    await harness.select(prompt, [prompt.selects()[0]["options"][0]["value"]], user=mover, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.meta["seat_locales"] == {str(seat): "en"}


async def test_an_abandoned_game_keeps_only_its_table(harness, alice, bob, moderator, fixed_seed):
    """A game abandoned in the middle: its live message shows the table as it was left, saying so, and no
    player's sheet (a tour saw the last mover's sheet beside the table, as if the game had ended with a move)."""
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    driver = Driver(harness, place, [alice, bob])
    with pytest.raises(AssertionError, match="game did not end"):
        await driver.play_to_end(game.id, started, max_steps=12)
    live = driver.prompt
    await harness.run("abandon", user=moderator, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "abandoned" and game.state.round >= 1
    assert live.file_names() == ["table.png"], live.file_names()
    assert dict(live.files)["table.png"] == render_table(game.state, "en", names=seat_names(game), abandoned=True)


async def test_a_bot_seats_sheet_is_opened_by_its_seat_number(harness, alice, carol, fixed_seed):
    """A playground tour: the winner wanted to see how the bot built its sheet, and `/rp sheet player:` only
    takes a Discord user, which a bot seat has not. The ``seat`` option names any seat by number."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    result = await harness.run("new", user=alice, place=place, players=2, bots=1)
    lobby = next(m for m in result.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    bot_name = game.seats[1].name
    listed = await harness.autocomplete("sheet", "seat", user=carol, place=place, seat="")
    assert [(c["name"], c["value"]) for c in listed] == [("Seat 1: Alice", 1), (f"Seat 2: {bot_name}", 2)]
    # in the reader's language, in words (it read "1 · Alice": "middle dot" to a screen reader); Korean honours
    # the person, not the bot
    harness.locale = "ko"
    korean = [c["name"] for c in await harness.autocomplete("sheet", "seat", user=carol, place=place, seat="")]
    assert korean[0] == "1번 자리: Alice 님" and korean[1].startswith("2번 자리: ") and "님" not in korean[1], korean
    harness.locale = "en"
    assert [c["value"] for c in await harness.autocomplete("sheet", "seat", user=carol, place=place, seat="bot")] \
        == [2]
    bots = (await harness.run("sheet", user=carol, place=place, seat=2)).only()
    assert bots.ephemeral and bots.file_names() == ["sheet.png"] and bot_name in bots.content
    mine = (await harness.run("sheet", user=alice, place=place)).only()
    assert mine.files[0][1] != bots.files[0][1]
    # a player picked wins over a seat number; a seat the game has not is refused privately, naming the range
    picked = (await harness.run("sheet", user=carol, place=place, player=alice, seat=2)).only()
    assert "Alice" in picked.content and picked.files[0][1] == mine.files[0][1]
    for number in (0, 3, -7):
        refused = (await harness.run("sheet", user=carol, place=place, seat=number)).only()
        assert refused.ephemeral and not refused.files
        assert refused.content == t("error.no_such_seat", "en", seat=number, seats=2)
