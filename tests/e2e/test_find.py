"""Finding a table through the Discord stand-in: ``/find join`` by three players opens a thread in the channel
where the last of them queued, adds them, starts the game there with them seated and mentions them all; ``join``
again leaves, ``/find queue`` shows who waits, places expire after the server's time, and bad input gets a
private answer in the player's language that changes nothing."""
from __future__ import annotations

from bot.engine.table import TableMeta
from bot.i18n import t
from cogs.dicepoker.presentation import DicePokerPresentation
from cogs.pace import pace_text
from tests.e2e.flows import turn_post


def poker_pace(locale: str) -> str:
    """How a dice poker table's "normal" pace reads: its time is per reroll (``Presentation.pace_line_key``)."""
    return pace_text("normal", locale, DicePokerPresentation.pace_line_key)

EN = "en"
NOW = 1_800_000_000.0


def title(bot, kind: str, locale: str = EN) -> str:
    return t(bot.games[kind].title_key, locale)


def find_cog(rollbot):
    return rollbot.bot.find


async def answer(stub, user, channel, command, **options):
    ix = await stub.run_command(user, channel, command, **options)
    return ix, await ix.wait_response(timeout=10)


async def test_three_players_queue_and_the_game_starts_in_a_thread_with_all_three(discord_stub, cast, rollbot):
    stub, bot = discord_stub, rollbot.bot
    players = [cast.alice, cast.bob, cast.carol]
    for user, place in ((cast.alice, cast.games), (cast.bob, cast.games)):
        _, waiting = await answer(stub, user, place, "find join", game="rollplayer", players=3, pace="normal")
        assert waiting.ephemeral and "waiting" in waiting.content, waiting.content
    ix, found = await answer(stub, cast.carol, cast.lounge, "find join", game="rollplayer", players=3, pace="normal")
    # the thread is opened in the channel where the last of them queued
    thread = next(c for c in stub.world.guild.threads.values())
    assert thread.parent_id == cast.lounge.id and thread.type == 11
    assert thread.name == f"{title(bot, 'rollplayer')} · Alice, Bob, Carol"          # tells one table from another
    assert found.ephemeral and found.content == t("find.found", EN, thread=f"<#{thread.id}>")
    assert set(thread.thread_members) == {stub.world.bot.id, *(u.id for u in players)}
    assert len(stub.requests_to("PUT /channels/{channel_id}/thread-members/{user_id}")) == 3
    game = await bot.sessions.game_in_channel(thread.id)
    assert game is not None and game.status == "active" and game.guild_id == stub.world.guild.id
    assert [s.user_id for s in game.seats] == [u.id for u in players]         # first come, first seat
    assert game.creator_id == cast.alice.id
    start = await stub.wait_for_message(thread, lambda m: not m.ephemeral and "<@" in m.content)
    assert start.content == t("find.started", EN, game=title(bot, "rollplayer"), pace=pace_text("normal", EN),
                              players=", ".join(u.mention for u in players))
    prompt = await turn_post(stub, thread, start)                         # the first turn, in the thread
    assert prompt.channel is thread
    # each of them is pinged once: by the first turn post when due, else by the announcement
    assert sorted(start.mentions + prompt.mentions) == sorted(u.id for u in players)
    assert start.silent == (not start.mentions)
    assert stub.messages(cast.games) == [] and [m for m in stub.messages(cast.lounge)] == []   # nothing public
    assert await bot.store.queue_entries(stub.world.guild.id, find_cog(rollbot).clock()) == []
    # the thread plays like any channel: a player's status command works there
    _, status = await answer(stub, cast.bob, thread, "rp status")
    assert status.ephemeral and status.embeds, status.content


async def test_a_table_whose_players_share_a_language_plays_in_it(discord_stub, cast, rollbot):
    """Two German players found each other on an English server: their thread, its first post and the game speak
    German (a tour's German players got a whole game in English); players of two languages get the server's."""
    stub, bot = discord_stub, rollbot.bot
    cast.alice.locale = cast.bob.locale = "de"
    await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="normal")
    await answer(stub, cast.bob, cast.games, "find join", game="dicepoker", players=2, pace="normal")
    thread = next(iter(stub.world.guild.threads.values()))
    assert thread.name == f"{title(bot, 'dicepoker', 'de')} · Alice, Bob"
    game = await bot.sessions.game_in_channel(thread.id)
    assert game.meta["locale"] == "de"
    start = await stub.wait_for_message(thread, lambda m: not m.ephemeral and "<@" in m.content)
    assert start.content == t("find.started", "de", game=title(bot, "dicepoker", "de"), pace=poker_pace("de"),
                              players=", ".join(u.mention for u in (cast.alice, cast.bob)))
    # tour I, defect 4: the first hand pings both duellists, so the announcement names them without a ping
    prompt = await turn_post(stub, thread, start)
    assert sorted(prompt.mentions) == sorted((cast.alice.id, cast.bob.id))
    assert start.mentions == [] and start.silent
    cast.carol.locale = "fr"
    await answer(stub, cast.carol, cast.games, "find join", game="dicepoker", players=2, pace="fast")
    await answer(stub, cast.dave, cast.games, "find join", game="dicepoker", players=2, pace="fast")
    mixed = next(c for c in stub.world.guild.threads.values() if c.id != thread.id)
    assert (await bot.sessions.game_in_channel(mixed.id)).meta["locale"] == EN       # the server's language


async def test_a_korean_table_honours_each_player_it_names(discord_stub, cast, rollbot):
    """A Korean tour's thread opened with "🎲 주사위 포커 자리가 모였어요: <@Ben>, <@Cleo>." where every other post
    wrote "<@Ben> 님, <@Cleo> 님": the announcement names each player with 님 too."""
    stub, bot = discord_stub, rollbot.bot
    cast.alice.locale = cast.bob.locale = "ko"
    await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="normal")
    await answer(stub, cast.bob, cast.lounge, "find join", game="dicepoker", players=2, pace="normal")
    thread = next(iter(stub.world.guild.threads.values()))
    start = await stub.wait_for_message(thread, lambda m: not m.ephemeral and "<@" in m.content)
    assert start.content == t("find.started", "ko", game=title(bot, "dicepoker", "ko"),
                              pace=poker_pace("ko"), players=f"{cast.alice.mention} 님, {cast.bob.mention} 님")


async def test_join_again_leaves_and_anyone_sees_the_queue(discord_stub, cast, rollbot):
    stub = discord_stub
    _, empty = await answer(stub, cast.dave, cast.games, "find queue")
    assert empty.ephemeral and t("find.queue_empty", EN) in empty.content
    await answer(stub, cast.alice, cast.games, "find join", game="rollforadventure", players=2, pace="slow",
                 rating_range=150)
    await answer(stub, cast.bob, cast.lounge, "find join", game="rollplayer", players=4, pace="fast")
    _, listing = await answer(stub, cast.dave, cast.lounge, "find queue")
    assert listing.ephemeral and "Alice" in listing.content and "Bob" in listing.content and "±150" in listing.content
    _, only_rfa = await answer(stub, cast.dave, cast.lounge, "find queue", game="rollforadventure")
    assert "Alice" in only_rfa.content and "Bob" not in only_rfa.content
    _, left = await answer(stub, cast.alice, cast.games, "find join", game="rollforadventure", players=2,
                           pace="slow", rating_range=150)
    assert left.ephemeral and left.content == t("find.left", EN, game=title(rollbot.bot, "rollforadventure"))
    _, left = await answer(stub, cast.bob, cast.games, "find leave")
    assert left.content == t("find.left", EN, game=title(rollbot.bot, "rollplayer"))
    _, none = await answer(stub, cast.bob, cast.games, "find leave")
    assert none.ephemeral and none.content == t("find.error.not_queued", EN)
    assert await stub_queue(stub, rollbot) == []
    assert not stub.world.guild.threads


async def test_join_with_other_options_switches_the_place_and_matches(discord_stub, cast, rollbot):
    """Joining the same game's queue with other options does not leave it: the place asks for the new table (and
    finds one if someone waits for it); only the very same options again leave."""
    stub, bot = discord_stub, rollbot.bot
    poker = title(bot, "dicepoker")
    await answer(stub, cast.carol, cast.games, "find join", game="dicepoker", players=2, pace="fast")
    await answer(stub, cast.bob, cast.games, "find join", game="dicepoker", players=2, pace="none")
    await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="slow", rating_range=300)
    _, again = await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="slow")
    assert again.ephemeral and again.content.startswith(t("find.switched", EN, game=poker))
    [mine] = [r for r in await stub_queue(stub, rollbot) if r.user_id == cast.alice.id]
    assert (mine.pace, mine.rating_range) == ("slow", None)
    # Bob switches to Carol's pace: the table is found at once
    _, found = await answer(stub, cast.bob, cast.games, "find join", game="dicepoker", players=2, pace="fast")
    thread = next(c for c in stub.world.guild.threads.values())
    assert found.content == t("find.switched", EN, game=poker) + "\n" + t("find.found", EN, thread=f"<#{thread.id}>")
    game = await bot.sessions.game_in_channel(thread.id)
    assert {s.user_id for s in game.seats} == {cast.carol.id, cast.bob.id}
    # the same options again still leave
    _, left = await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="slow")
    assert left.content == t("find.left", EN, game=poker)
    assert await stub_queue(stub, rollbot) == []


async def test_queue_texts_read_well_around_discords_relative_times(discord_stub, cast, rollbot):
    """``<t:…:R>`` renders as "in 24 hours" / "3 seconds ago" (and the reader's language's words): the sentences
    around it say "expires …" and "joined …", never "until in 24 hours" or "since 3 seconds ago"; the count of
    who waits agrees with its number, and the pace's own parentheses are not nested in another pair."""
    stub = discord_stub
    cast.dave.locale = "fr"
    _, one = await answer(stub, cast.alice, cast.games, "find join", game="rollplayer", players=3, pace="fast")
    assert "1 of 3 is waiting" in one.content and "expires <t:" in one.content, one.content
    assert "until <t:" not in one.content and "))" not in one.content       # "(fast (1 hour per decision))"
    _, two = await answer(stub, cast.dave, cast.games, "find join", game="rollplayer", players=3, pace="fast",
                          rating_range=100)
    assert "2 sur 3 attendent" in two.content and "expire <t:" in two.content, two.content
    assert "jusqu'à <t:" not in two.content and "))" not in two.content
    _, listing = await answer(stub, cast.bob, cast.games, "find queue")
    assert listing.content.count("joined <t:") == 2 and "since <t:" not in listing.content, listing.content
    _, french = await answer(stub, cast.dave, cast.games, "find queue")
    assert "cote" in french.content and "classement" not in french.content and "depuis <t:" not in french.content
    cast.dave.locale = "de"
    _, german = await answer(stub, cast.dave, cast.games, "find queue")
    assert "seit <t:" not in german.content and german.content.count("angestellt <t:") == 2, german.content


async def stub_queue(stub, rollbot):
    return await rollbot.bot.store.queue_entries(stub.world.guild.id, find_cog(rollbot).clock())


async def test_places_expire_after_the_servers_time(discord_stub, cast, rollbot):
    stub, now = discord_stub, [NOW]
    find_cog(rollbot).clock = lambda: now[0]
    _, shown = await answer(stub, cast.alice, cast.games, "find expiry")
    assert shown.content == t("find.expiry_shown", EN, hours=24)
    _, refused = await answer(stub, cast.alice, cast.games, "find expiry", hours=2)
    assert refused.ephemeral and refused.content == t("error.user_missing_permission", EN,
                                                                   permission="Manage Server")
    _, done = await answer(stub, stub.world.owner, cast.games, "find expiry", hours=2)     # Manage Server
    assert done.content == t("find.expiry_set", EN, hours=2)
    await answer(stub, cast.alice, cast.games, "find join", game="dicepoker", players=2, pace="normal")
    now[0] += 2 * 3600 - 1
    assert [r.user_id for r in await stub_queue(stub, rollbot)] == [cast.alice.id]
    now[0] += 1                                                          # two hours: her place is gone
    assert await stub_queue(stub, rollbot) == []
    _, waiting = await answer(stub, cast.bob, cast.games, "find join", game="dicepoker", players=2, pace="normal")
    assert "waiting" in waiting.content and not stub.world.guild.threads      # no table with an expired place
    assert [r.user_id for r in await stub_queue(stub, rollbot)] == [cast.bob.id]


async def test_bad_input_is_refused_privately_in_the_players_language(discord_stub, cast, rollbot):
    stub = discord_stub
    cast.carol.locale = "de"
    _, wrong = await answer(stub, cast.carol, cast.games, "find join", game="dicepoker", players=3, pace="normal")
    assert wrong.ephemeral and wrong.content == t("find.error.players_exact", "de",
                                                  game=title(rollbot.bot, "dicepoker", "de"), players=2)
    _, dm = await answer(stub, cast.alice, stub.dm_channel(cast.alice), "find join", game="rollplayer", players=2,
                         pace="normal")
    assert dm.ephemeral and dm.content == t("find.error.server_only", EN)
    # the admin's setting, typed in a DM, is answered about the setting (a tour read how /find join finds tables)
    for hours in ({}, {"hours": 5}):
        _, expiry = await answer(stub, cast.carol, stub.dm_channel(cast.carol), "find expiry", **hours)
        assert expiry.ephemeral and expiry.content == t("find.error.expiry_server_only", "de"), expiry.content
    await answer(stub, cast.carol, cast.games, "find join", game="rollplayer", players=2, pace="normal")
    _, elsewhere = await answer(stub, cast.carol, cast.games, "find join", game="rollforadventure", players=2,
                                pace="normal")
    assert elsewhere.ephemeral and elsewhere.content == t("find.error.queued_elsewhere", "de",
                                                          game=title(rollbot.bot, "rollplayer", "de"))
    entries = await stub_queue(stub, rollbot)
    assert [(r.user_id, r.kind) for r in entries] == [(cast.carol.id, "rollplayer")]     # unchanged
    assert not stub.world.guild.threads


async def test_where_no_thread_can_be_opened_the_player_is_told(discord_stub, cast, rollbot):
    stub = discord_stub
    stub.world.restrict_bot(cast.lounge, create_public_threads=True)
    _, missing = await answer(stub, cast.alice, cast.lounge, "find join", game="rollplayer", players=2, pace="fast")
    assert missing.ephemeral and t("permission.create_public_threads", EN) in missing.content
    thread = stub.world.add_thread(cast.games, "chat", cast.bob)
    _, inside = await answer(stub, cast.bob, thread, "find join", game="rollplayer", players=2, pace="fast")
    assert inside.ephemeral and inside.content == t("find.error.channel", EN)
    assert await stub_queue(stub, rollbot) == [] and list(stub.world.guild.threads) == [thread.id]


async def test_when_discord_refuses_the_thread_everyone_keeps_their_place(discord_stub, cast, rollbot):
    stub = discord_stub
    await answer(stub, cast.alice, cast.games, "find join", game="rollplayer", players=2, pace="slow")
    before = await stub_queue(stub, rollbot)
    stub.faults.add(route="POST /channels/{channel_id}/threads", status=503, times=1)
    ix = await stub.run_command(cast.bob, cast.games, "find join", game="rollplayer", players=2, pace="slow")
    refused = await ix.wait_followup(timeout=10)
    assert refused.ephemeral and refused.content == t("find.error.thread_failed", EN)
    after = await stub_queue(stub, rollbot)
    assert [r.user_id for r in after] == [cast.alice.id, cast.bob.id] and after[0].queued_at == before[0].queued_at
    assert not stub.world.guild.threads and await rollbot.bot.sessions.game_in_channel(cast.games.id) is None
    _, listing = await answer(stub, cast.carol, cast.lounge, "find queue")
    assert "Alice" in listing.content and "Bob" in listing.content


async def test_a_thread_opened_for_a_table_that_could_not_be_seated_says_so(discord_stub, cast, rollbot):
    """Discord opens the thread, then refuses to add a player (one who left in the seconds since the check, or a
    failure of its own): no game is made, everyone keeps their place, and the thread says why it is empty."""
    stub = discord_stub
    await answer(stub, cast.alice, cast.games, "find join", game="rollplayer", players=2, pace="slow")
    stub.faults.add(route="PUT /channels/{channel_id}/thread-members/{user_id}", status=503, times=1)
    ix = await stub.run_command(cast.bob, cast.games, "find join", game="rollplayer", players=2, pace="slow")
    refused = await ix.wait_followup(timeout=10)
    assert refused.ephemeral and refused.content == t("find.error.thread_failed", EN)
    [thread] = stub.world.guild.threads.values()
    note = await stub.wait_for_message(thread)
    assert note.content == t("find.thread_unused", EN) and not note.mentions
    assert await rollbot.bot.sessions.game_in_channel(thread.id) is None
    assert [r.user_id for r in await stub_queue(stub, rollbot)] == [cast.alice.id, cast.bob.id]


async def test_a_rating_range_matches_only_players_within_it(discord_stub, cast, rollbot):
    stub, store = discord_stub, rollbot.bot.store
    # bob has played: mu 25, sigma 5 show 1000 + 40 * (25 - 15) = 1400; alice and carol are new (1000)
    await store._exec("INSERT INTO ratings (user_id, kind, mu, sigma, games, shown, updated_at)"
                      " VALUES (:u, 'rollforadventure', 25.0, 5.0, 9, 1400, 0)", {"u": cast.bob.id})
    await answer(stub, cast.alice, cast.games, "find join", game="rollforadventure", players=2, pace="normal",
                 rating_range=100)
    _, waiting = await answer(stub, cast.bob, cast.games, "find join", game="rollforadventure", players=2,
                              pace="normal")
    assert "waiting" in waiting.content and not stub.world.guild.threads      # 400 apart: not within her 100
    _, listing = await answer(stub, cast.dave, cast.games, "find queue")
    assert "1400" in listing.content and "±100" in listing.content
    _, found = await answer(stub, cast.carol, cast.lounge, "find join", game="rollforadventure", players=2,
                            pace="normal")
    thread = next(iter(stub.world.guild.threads.values()))
    game = await rollbot.bot.sessions.game_in_channel(thread.id)
    assert [s.user_id for s in game.seats] == [cast.alice.id, cast.carol.id]
    assert [r.user_id for r in await stub_queue(stub, rollbot)] == [cast.bob.id]


async def test_a_player_who_left_the_server_loses_their_place_and_the_others_keep_theirs(discord_stub, cast, rollbot):
    stub = discord_stub
    for user in (cast.alice, cast.bob):
        await answer(stub, user, cast.games, "find join", game="rollplayer", players=3, pace="normal")
    before = await stub_queue(stub, rollbot)
    del stub.world.guild.members[cast.bob.id]                       # bob leaves the server while he waits
    ix = await stub.run_command(cast.carol, cast.lounge, "find join", game="rollplayer", players=3, pace="normal")
    refused = await ix.wait_followup(timeout=10)
    assert refused.ephemeral and refused.content == t("find.error.player_left", EN, name="Bob")
    after = await stub_queue(stub, rollbot)
    assert [r.user_id for r in after] == [cast.alice.id, cast.carol.id] and after[0].queued_at == before[0].queued_at
    assert not stub.world.guild.threads and not stub.requests_to("POST /channels/{channel_id}/threads")
    [(request, why)] = stub.rejections              # Discord's answer for bob, the only one: expected here
    assert request.path.endswith(f"/members/{cast.bob.id}") and why == "Unknown Member"
    stub.rejections.clear()


async def test_a_long_thread_name_is_cut_at_a_whole_character_with_an_ellipsis(discord_stub, cast, rollbot):
    """With the tour's names the thread read "롤 플레이어 · # **Ann** …, 김민" (cut at 100 code points, no "…", and the
    cut could fall inside an emoji). The names are plain there (a thread's name reads no Markdown), trimmed, and
    the last one cut whole, with "…"."""
    from cogs.usertext import graphemes

    stub, bot = discord_stub, rollbot.bot
    names = ["# **Ann** ~~x~~ ||s|| `c` __u__", "@everyone <@1> @here 👨‍👩‍👧‍👦🇰🇷",
             "> مرحبا שלום e\u0301\u0301 Z\u200bW\u200d!", " 김민준 日本語 中文 👍🏽🏳️‍🌈 Xxxxxxxxxxxxx "]
    players = [cast.alice, cast.bob, cast.carol, cast.dave]
    for user, name in zip(players, names):
        user.global_name = name
    for user in players:
        await answer(stub, user, cast.games, "find join", game="rollplayer", players=4, pace="normal")
    thread = next(c for c in stub.world.guild.threads.values())
    whole = f"{title(bot, 'rollplayer')} · {names[0]}, {names[1]}, \u2068{names[2]}\u2069, {names[3].strip()}"
    # cut inside Cleo's right-to-left name: its isolate is closed again after the "…"
    assert len(thread.name) <= 100 and thread.name.endswith("…\u2069"), thread.name
    kept = thread.name[:-2]
    assert whole.startswith(kept) and graphemes(whole)[:len(graphemes(kept))] == graphemes(kept), thread.name
    assert "\\" not in thread.name                                     # nothing escaped: no Markdown there


async def test_the_turn_clock_reminds_the_due_player_in_the_tables_thread(discord_stub, cast, rollbot):
    """Tester t11 saw no reminder before "⏰ Cleo's time ran out" in a ``/find`` thread: the playground's "+24 h"
    jumped past half time and the last call in one step (the clock then goes straight to the time-out, as after a
    bot's downtime). Ticking through the day as the bot does, the due player is pinged in the thread, a member of
    it, at half time and at the last call, with the default ``/notify`` (channel) settings."""
    stub, bot = discord_stub, rollbot.bot
    for user in (cast.alice, cast.bob, cast.carol):
        await answer(stub, user, cast.games, "find join", game="rollplayer", players=3, pace="normal")
    thread = next(c for c in stub.world.guild.threads.values())
    start = await stub.wait_for_message(thread, lambda m: not m.ephemeral and "<@" in m.content)
    await turn_post(stub, thread, start)
    game = await bot.sessions.game_in_channel(thread.id)
    [(seat, since)] = TableMeta.of(game.meta).due_since().items()
    due = game.seats[seat].user_id
    assert due in thread.thread_members
    for hours, mark in ((12.5, "⏳"), (21.7, "⏳")):          # half time, then the last call
        after = stub.mark()
        await bot.reminders.pace_clock.tick(since + hours * 3600)
        reminder = await stub.wait_for_message(thread, lambda m: m.content.startswith(mark), after=after)
        assert reminder.mentions == [due], reminder.content
