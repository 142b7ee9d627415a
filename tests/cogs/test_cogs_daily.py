"""Daily challenges through the Discord stand-in: ``/daily play|board|share``, one attempt a day, the same deal
for everyone, place and streak in the final post, the Share button, the board, replays once the day is over."""
from __future__ import annotations

import copy
from datetime import datetime, timezone

import pytest

from bot.games.dicepoker import ai
from bot.i18n import t
from cogs.daily import share_line, streak

DAY1 = datetime(2026, 11, 26, 12, tzinfo=timezone.utc).timestamp()
DAY_S = 86400
#: the day of DAY1 as Discord writes a date for each reader (its noon UTC), and when the next daily comes
NOON_26 = int(DAY1)
NOV_26 = f"<t:{NOON_26}:D>"
NEXT_DAILY = f"<t:{NOON_26 + 12 * 3600}:R>"


@pytest.fixture
def clocked(harness):
    """The daily challenges' "today" on a clock the test moves."""
    now = [DAY1]
    harness.bot.daily.clock = lambda: now[0]
    return now


async def play_daily(harness, user):
    """``/daily play game:dicepoker`` in the user's DM, then ``/poker keep`` (the easy bot's keep) until the end;
    returns the game, the text of the DM's public posts and the DM."""
    dm = harness.dm()
    first = await harness.run("daily play", user=user, place=dm, game="dicepoker")
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert game is not None, first.text()
    while game.status == "active":
        keep = ai.choose_move(game.state, 0, "easy")["keep"]
        result = await harness.run("poker keep", user=user, place=dm, dice=" ".join(str(i + 1) for i in keep) or "none")
        assert result.messages, result.text()
        game = await harness.bot.sessions.load(game.id)
    posts = "\n".join(m.text() for m in harness.rec.order if m.channel_id == dm.channel_id and not m.ephemeral)
    return game, posts, dm


async def test_everyone_gets_the_same_deal_and_one_attempt_a_day(harness, alice, bob, clocked):
    for user in (alice, bob):
        await harness.run("daily play", user=user, place=harness.dm(), game="rollplayer")
    a, b = [await harness.bot.sessions.load(g) for g in
            [await harness.bot.store.daily_attempt(u.id, "rollplayer", "2026-11-26") for u in (alice, bob)]]
    assert a.id != b.id and a.seed == b.seed and a.options == b.options
    rules = harness.bot.sessions.kinds["rollplayer"]
    assert rules.dumps(a.state) == rules.dumps(b.state)            # the identical deal
    # a second attempt is refused, even after abandoning the first: saying so (the board does not list it)
    dm = harness.dm()
    await harness.bot.sessions.abandon(a.id, alice.id, may_manage_channel=False)
    again = await harness.run("daily play", user=alice, place=dm, game="rollplayer")
    assert again.only().ephemeral and again.text() == t("daily.error.abandoned", "en", reset=NEXT_DAILY)
    harness.locale = "de"
    assert (await harness.run("daily play", user=alice, place=dm, game="rollplayer")).text() \
        == t("daily.error.abandoned", "de", reset=NEXT_DAILY)
    # the next day brings another deal
    clocked[0] += DAY_S
    await harness.run("daily play", user=alice, place=harness.dm(), game="rollplayer")
    c = await harness.bot.sessions.load(await harness.bot.store.daily_attempt(alice.id, "rollplayer", "2026-11-27"))
    assert c.seed != a.seed


async def test_a_daily_still_being_played_is_pointed_to_not_called_used_up(harness, alice, clocked):
    dm = harness.dm()
    first = await harness.run("daily play", user=alice, place=dm, game="dicepoker")
    assert t("daily.started", "en", user=alice.mention, day=NOV_26, reset=NEXT_DAILY, options="").split("\n")[0] \
        in first.text()                                            # the first post says it is today's daily
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    live = [m for m in harness.rec.order if m.channel_id == dm.channel_id and not m.ephemeral][-1]
    again = await harness.run("daily play", user=alice, place=dm, game="dicepoker")
    assert again.only().ephemeral and t("daily.error.played", "en", reset=NEXT_DAILY) not in again.text()
    assert again.text() == t("daily.error.running", "en",
                             link=f"https://discord.com/channels/@me/{dm.channel_id}/{live.id}")
    assert (await harness.bot.sessions.load(game.id)).status == "active"


async def test_a_daily_asked_in_a_server_says_how(harness, alice, clocked):
    answer = await harness.run("daily play", user=alice, place=harness.channel(), game="dicepoker")
    assert answer.only().ephemeral and answer.text() == t("daily.error.dm_only", "en")
    assert await harness.bot.store.daily_attempt(alice.id, "dicepoker", "2026-11-26") is None


async def test_final_post_place_streak_share_board_and_replay(harness, alice, bob, carol, clocked):
    club, tavern = harness.channel(), harness.channel()
    await harness.run("daily board", user=alice, place=club, game="dicepoker")      # alice is seen in the club
    await harness.run("daily board", user=bob, place=tavern, game="dicepoker")      # bob only in the tavern
    game, final, dm = await play_daily(harness, alice)
    assert game.status == "finished"
    assert t("daily.final_place", "en", day=NOV_26, place=1, players=1) in final
    assert t("daily.final_streak", "en", streak=1) in final
    bob_game, bob_final, _ = await play_daily(harness, bob)
    assert t("daily.final_streak", "en", streak=1) in bob_final
    assert t("daily.final_place", "en", day=NOV_26, place=2, players=2) in bob_final \
        or t("daily.final_place", "en", day=NOV_26, place=1, players=2) in bob_final, bob_final
    # a finished try is on the board: the refusal of another sends the player there
    assert (await harness.run("daily play", user=alice, place=dm, game="dicepoker")).text() \
        == t("daily.error.played", "en", reset=NEXT_DAILY)

    # share: the preview privately, then the button posts the line in this channel
    preview = await harness.run("daily share", user=alice, place=club, game="dicepoker")
    assert preview.only().ephemeral
    assert (await harness.click(preview.only(), user=bob, place=club, label="Share")).text() \
        == t("daily.error.share_not_yours", "en")
    stale = copy.deepcopy(preview.only())          # a client that still shows the button (a double click)
    posted = await harness.click(preview.only(), user=alice, place=club, label="Share")
    [line] = posted.public()
    total = (await harness.bot.store.daily_results("dicepoker", "2026-11-26", alice.id))[0].total
    assert line.text() == share_line("Alice", harness.bot.games["dicepoker"], "2026-11-26", total, 1, "en")
    # what the number counts (t11: "1️⃣9️⃣"), in digits a screen reader says as a number, and the streak in words
    # (t18: "keycap one keycap eight Gold, fire 1")
    assert f", {total} Gold, 🔥 1 day in a row" in line.text(), line.text()
    assert "\u20e3" not in line.text(), line.text()
    assert str(game.seed) not in line.text()
    # the preview now says it was shared and has no button left; a second click posts nothing
    assert preview.only().text() == t("daily.shared", "en", line=line.text()) and not preview.only().buttons()
    again = await harness.click(stale, user=alice, place=club, label="Share")
    assert not again.public() and again.only().text() == t("daily.error.shared_already", "en")
    # asking again in the same channel shows the line as shared, without a button
    asked = await harness.run("daily share", user=alice, place=club, game="dicepoker")
    assert asked.only().ephemeral and not asked.only().buttons()
    assert asked.text() == t("daily.shared", "en", line=line.text())
    # another channel may still get its one post
    elsewhere = await harness.run("daily share", user=alice, place=tavern, game="dicepoker")
    assert len((await harness.click(elsewhere.only(), user=alice, place=tavern, label="Share")).public()) == 1
    assert (await harness.run("daily share", user=alice, place=dm, game="dicepoker")).text() \
        == t("daily.error.share_in_server", "en")

    # the board: carol shares the club with alice, not the tavern with bob
    await harness.run("daily board", user=carol, place=club, game="dicepoker")
    text = (await harness.run("daily board", user=carol, place=club, game="dicepoker", period="week")).text()
    assert "Alice" in text and "Bob" not in text and t("daily.a_player", "en") in text
    # the board dates only what counts: the week's first and last day (as Discord writes a date for each reader);
    # all time has none
    # a board of several days says it adds their scores up, each score with its unit
    assert "last 7 days" in text and " Gold in all (1 day played)" in text, text
    assert "added up" in text, text
    assert t("daily.board_days_week", "en", since=f"<t:{NOON_26 - 6 * DAY_S}:D>", day=NOV_26) in text, text
    ever = (await harness.run("daily board", user=carol, place=club, game="dicepoker", period="all")).text()
    assert "<t:" not in ever and "2026-11-26" not in ever and "all time" in ever and "added up" in ever
    today = (await harness.run("daily board", user=carol, place=club, game="dicepoker")).text()
    assert " Gold" in today and "played" not in today, today      # "(played on 1 day)" on today's board said nothing
    # sharing in a server makes the player seen there: its board names them (it said "a player")
    await harness.run("daily share", user=bob, place=club, game="dicepoker")
    text = (await harness.run("daily board", user=carol, place=club, game="dicepoker", period="week")).text()
    assert "Bob" in text and t("daily.a_player", "en") not in text, text

    # replay: only its player today (the refusal says why: anyone may still start today's daily); anyone once
    # the day is over
    refused = await harness.run("poker replay", user=carol, place=club, game=game.id)
    assert refused.text() == t("daily.error.hidden", "en", game=game.id)
    clocked[0] += DAY_S
    shown = await harness.run("poker replay", user=carol, place=club, game=game.id)
    assert t("daily.error.hidden", "en", game=game.id) not in shown.text()


async def test_the_same_result_gives_the_same_line(harness, alice, bob, clocked):
    """Two different games with the same result share the same line: it says nothing of the deal."""
    first, _, _ = await play_daily(harness, alice)
    second, _, _ = await play_daily(harness, bob)
    rows = await harness.bot.store.daily_results("dicepoker", "2026-11-26")
    await harness.bot.store._exec("UPDATE results SET total = 7 WHERE seat = 0", {})
    lines = [await harness.bot.daily.share_text(g, "en", "Ann") for g in (first, second)]
    assert first.id != second.id and len(rows) == 2 and lines[0] == lines[1] and ", 7 Gold," in lines[0]



@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_a_daily_without_a_total_says_so_in_words(harness, alice, clocked, locale):
    """A finished daily with no total shared "…, daily 26 Nov, –, 🔥 1 day in a row": a screen reader read the
    dash as "en dash" or nothing at all. The line says there is no score, in the channel's language."""
    game, _, _ = await play_daily(harness, alice)
    await harness.bot.store._exec("UPDATE results SET total = NULL WHERE seat = 0", {})
    line = await harness.bot.daily.share_text(game, locale, "Ann")
    assert "–" not in line and f", {t('daily.no_score', locale)}, 🔥 1" in line, line

async def test_streak_counts_days_in_a_row_and_resets_after_a_missed_day(harness, alice, clocked):
    finals = []
    for day in (0, 1, 3):           # day 2 missed
        clocked[0] = DAY1 + day * DAY_S
        finals.append((await play_daily(harness, alice))[1])
    assert t("daily.final_streak", "en", streak=1) in finals[0]
    assert t("daily.final_streak", "en", streak=2) in finals[1]
    assert t("daily.final_streak", "en", streak=1) in finals[2]


def test_streak_counting():
    days = {"2026-11-24", "2026-11-25", "2026-11-26"}
    assert streak(days, "2026-11-26") == 3
    assert streak(days, "2026-11-27") == 3          # today not played yet: the streak still stands
    assert streak(days, "2026-11-28") == 0


async def test_a_channel_taken_by_another_game_names_that_game_not_the_command_typed(harness, alice, clocked):
    """A DM holding a poker daily: ``/daily play game:rollplayer`` points to ``/poker status`` (``/daily status``
    does not exist); a Roll Player daily there makes ``/rfa solo`` point to ``/rp status``."""
    dm = harness.dm()
    await harness.run("daily play", user=alice, place=dm, game="dicepoker")
    harness.locale = "fr"
    busy = await harness.run("daily play", user=alice, place=dm, game="rollplayer")
    assert busy.only().ephemeral and busy.text() == t("engine.error.channel_busy_dm", "fr", group="poker")
    assert "`/poker statut`" in busy.text()
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    await harness.bot.sessions.abandon(game.id, alice.id, may_manage_channel=False)
    await harness.run("daily play", user=alice, place=dm, game="rollplayer")
    harness.locale = "ko"
    other = await harness.run("rfa solo", user=alice, place=dm)
    assert other.only().ephemeral and other.text() == t("engine.error.channel_busy_dm", "ko", group="rp")


async def test_the_shared_line_names_its_player_in_the_channels_language(harness, alice, clocked):
    """Alice reads French, the server English: the public line says it is hers (no ping), in English for
    everyone in the channel; her private preview shows it as it will be posted."""
    club = harness.channel()
    game, _, _ = await play_daily(harness, alice)
    harness.locale = "fr"
    preview = await harness.run("daily share", user=alice, place=club, game="dicepoker")
    posted = await harness.click(preview.only(), user=alice, place=club, label=t("daily.share_button", "fr"))
    [line] = posted.public()
    total = (await harness.bot.store.daily_results("dicepoker", "2026-11-26", alice.id))[0].total
    expected = share_line("Alice", harness.bot.games["dicepoker"], "2026-11-26", total, 1, "en")
    assert line.text() == expected and line.text().startswith("Alice: ") and alice.mention not in line.text()
    assert "·" not in line.text(), "a screen reader read its separators \"middle dot\""
    assert preview.only().text() == t("daily.shared", "fr", line=expected)


async def keep_once(harness, user, dm):
    """One reroll decision of a poker daily in play: the easy bot's keep, typed."""
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    keep = ai.choose_move(game.state, 0, "easy")["keep"]
    await harness.run("poker keep", user=user, place=dm, dice=" ".join(str(i + 1) for i in keep) or "none")


async def test_a_finished_daily_stays_hidden_across_midnight_from_whoever_still_plays_that_day(
        harness, alice, bob, carol, clocked):
    """Alice finished the poker daily of 26-11; Bob started his at 23:50 and played a hand. At 00:05 on 27-11 his
    ``/poker replay game:`` and ``/poker log game:`` of Alice's game showed every roll still to come on his own
    board (the deal is the day's, and his daily still counts for 26-11). It stays hidden from him until his
    daily ends; Carol, who can no longer start that day's daily, may look; nobody may post it for a channel
    while Bob plays."""
    game, _, alice_dm = await play_daily(harness, alice)
    clocked[0] = DAY1 + 11 * 3600 + 50 * 60                    # 23:50 UTC
    bob_dm = harness.dm()
    await harness.run("daily play", user=bob, place=bob_dm, game="dicepoker")
    await keep_once(harness, bob, bob_dm)
    club = harness.channel()
    hidden = t("daily.error.hidden", "en", game=game.id)
    for command in ("poker replay", "poker log"):
        refused = await harness.run(command, user=bob, place=bob_dm, game=game.id)
        assert refused.only().ephemeral and refused.text() == hidden, refused.text()

    clocked[0] = DAY1 + DAY_S - 12 * 3600 + 5 * 60              # 00:05 UTC, the next day
    for command in ("poker replay", "poker log"):
        refused = await harness.run(command, user=bob, place=bob_dm, game=game.id)
        assert refused.only().ephemeral and refused.text() == hidden, refused.text()
        assert not refused.only().files                      # no table picture of the day's deal either
    harness.locale = "fr"
    refused = await harness.run("poker replay", user=bob, place=bob_dm, game=game.id)
    assert refused.text() == t("daily.error.hidden", "fr", game=game.id)
    harness.locale = "en-US"
    # Carol never started that day's daily and cannot any more: hers to look at, not to post for the club
    seen = await harness.run("poker replay", user=carol, place=club, game=game.id)
    assert seen.only().ephemeral and "hand.png" in seen.only().file_names(), seen.text()
    assert t("daily.error.hidden", "en", game=game.id) not in (await harness.run(
        "poker log", user=carol, place=club, game=game.id)).text()
    for user in (carol, alice):                 # not even its own player, for a channel Bob may read
        posted = await harness.run("poker replay", user=user, place=club, game=game.id, post=True)
        assert not posted.public() and posted.text() == t("daily.error.hidden_post", "en", game=game.id,
                                                            option="post"), posted.text()
    # her own DM is hers alone: she may post it there
    assert (await harness.run("poker replay", user=alice, place=alice_dm, game=game.id, post=True)).public()
    # a private copy Carol opened pages on; Bob cannot page a copy of it either
    copy_of = seen.only()
    paged = await harness.click(copy_of, user=bob, place=club, label=t("history.next", "en"))
    assert paged.text() == t("error.wrong_channel", "en"), paged.text()

    # Bob's daily ends: now it is his to look at too, and the club's to see
    while (bob_game := await harness.bot.sessions.game_in_channel(bob_dm.channel_id)) is not None \
            and bob_game.status == "active":
        await keep_once(harness, bob, bob_dm)
    shown = await harness.run("poker replay", user=bob, place=bob_dm, game=game.id)
    assert shown.text() != hidden and "hand.png" in shown.only().file_names()
    assert (await harness.run("poker replay", user=carol, place=club, game=game.id, post=True)).public()


@pytest.mark.parametrize("kind", ["rollplayer", "dicepoker", "rollforadventure"])
async def test_every_games_daily_is_hidden_after_midnight_from_a_player_of_that_day(harness, alice, bob, carol,
                                                                                     clocked, kind):
    """The same rule for every game that has a daily: Alice's daily of 26-11 (still in play, or not) is hidden at
    00:05 from Bob, whose daily of that day is running, and open to Carol, who has none."""
    group = harness.bot.games.group_name(harness.bot.games[kind])
    dms = {user.id: harness.dm() for user in (alice, bob)}
    for user in (alice, bob):
        await harness.run("daily play", user=user, place=dms[user.id], game=kind)
    game = await harness.bot.sessions.game_in_channel(dms[alice.id].channel_id)
    clocked[0] = DAY1 + DAY_S - 12 * 3600 + 5 * 60
    for command in ("replay", "log"):
        refused = await harness.run(f"{group} {command}", user=bob, place=dms[bob.id], game=game.id)
        assert refused.text() == t("daily.error.hidden", "en", game=game.id), (kind, command, refused.text())
        seen = await harness.run(f"{group} {command}", user=carol, place=harness.channel(), game=game.id)
        assert t("daily.error.hidden", "en", game=game.id) not in seen.text(), (kind, command)


async def test_the_dailys_dates_and_next_daily_are_discord_timestamps_and_german_calls_it_tagesspiel(
        harness, alice, clocked):
    """A tour read "(2026-11-27, UTC)" and "Un nouveau arrive à minuit UTC": dates and the next daily are now
    timestamps Discord writes in each reader's own time and language; and German named the feature
    "Tagesherausforderung" while its command is ``/tagesspiel``: one term, the command's."""
    clocked[0] = DAY1 + 10 * 3600                            # 22:00 UTC: the next daily comes in 2 hours
    harness.locale = "de"
    dm = harness.dm()
    first = (await harness.run("daily play", user=alice, place=dm, game="dicepoker")).text()
    assert f"Tagesspiel vom {NOV_26} beginnt" in first and NEXT_DAILY in first, first
    assert "2026-11-26" not in first and "UTC" not in first and "Tagesherausforderung" not in first
    again = (await harness.run("daily play", user=alice, place=dm, game="dicepoker")).text()
    assert "Tagesherausforderung" not in again
    harness.locale = "fr"
    board = (await harness.run("daily board", user=alice, place=harness.channel(), game="dicepoker")).only()
    [embed] = board.embeds
    assert embed["description"] == "\n".join((t("daily.board_days_today", "fr", day=NOV_26, reset=NEXT_DAILY),
                                               t("daily.board_ties_today", "fr")))
    assert "<t:" not in embed["title"] and "UTC" not in board.text() and "2026-11-26" not in board.text()
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    await harness.bot.sessions.abandon(game.id, alice.id)
    refused = (await harness.run("daily play", user=alice, place=dm, game="dicepoker")).text()
    assert refused == t("daily.error.abandoned", "fr", reset=NEXT_DAILY) and "minuit" not in refused
    from bot.i18n.messages import domain_catalog
    german = domain_catalog("de", "daily")
    assert not [key for key, text in german.items() if "herausforderung" in text.casefold()]


async def test_a_daily_finished_after_midnight_names_the_day_it_counts_for(harness, alice, clocked):
    """Cleo started the daily at 23:50 UTC and finished it at 00:12: "1st place of 1 today" spoke of the day
    before's board (where it counts) on the new day. The line names the daily's day."""
    clocked[0] = DAY1 + 11 * 3600 + 50 * 60                    # 23:50 UTC on 26-11
    harness.locale = "fr"
    dm = harness.dm()
    await harness.run("daily play", user=alice, place=dm, game="dicepoker")
    await keep_once(harness, alice, dm)
    clocked[0] = DAY1 + DAY_S - 12 * 3600 + 12 * 60             # 00:12 UTC on 27-11
    game, final, _ = await play_daily_on(harness, alice, dm)
    assert game.status == "finished"
    assert t("daily.final_place", "fr", day=NOV_26, place=1, players=1) in final, final
    assert "aujourd'hui" not in final and "today" not in t("daily.final_place", "en", day=NOV_26, place=1, players=1)
    assert [r.day for r in await harness.bot.store.daily_results("dicepoker", "0000")] == ["2026-11-26"]


async def play_daily_on(harness, user, dm):
    """The user's daily in play in ``dm``, kept on to its end; returns the game and the text of the DM's posts."""
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    while game.status == "active":
        await keep_once(harness, user, dm)
        game = await harness.bot.sessions.load(game.id)
    posts = "\n".join(m.text() for m in harness.rec.order if m.channel_id == dm.channel_id and not m.ephemeral)
    return game, posts, dm


async def test_games_shows_todays_dailies_and_tells_a_daily_from_a_solo_game(harness, alice, clocked):
    """Tester t11: after a day of dailies and solo games, ``/games`` showed six alike lines ("**Dice Poker**, Direct
    messages: [open Dice Poker] Ended …"), no number to replay them by, and nothing of today's dailies or the
    streak, which he saw only in a final post. Each ended game now says its number and daily or solo, and the
    list opens with today's dailies: played (with the streak) or not yet."""
    daily, _, dm = await play_daily(harness, alice)
    await harness.run("poker solo", user=alice, place=dm)         # a solo night, not finished: an open game
    solo = await harness.bot.sessions.game_in_channel(dm.channel_id)
    await harness.run("poker abandon", user=alice, place=dm)
    text = (await harness.run("games", user=alice, place=dm)).only().text()
    poker, rp = t("dicepoker.title", "en"), t(harness.bot.games["rollplayer"].title_key, "en")
    assert t("daily.today_done", "en", game=poker, streak=1) in text, text
    assert t("daily.today_open", "en", game=rp) in text, text
    assert t("mygames.label_daily", "en", game=daily.id, day=NOV_26) in text, text
    assert t("mygames.label_solo", "en", game=solo.id) in text, text
    clocked[0] += DAY_S                                            # the next day: a new daily, not played yet
    text = (await harness.run("games", user=alice, place=dm)).only().text()
    assert t("daily.today_open", "en", game=poker) in text, text
