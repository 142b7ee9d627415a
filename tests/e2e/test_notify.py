"""``/notify`` and the direct messages it asks for, through the Discord stand-in with a clock the test moves:
a player who chose direct messages is not pinged in the channel and gets ONE direct message for two games that
became due within the gather window (status line and jump link to each live message, in their language), none
during their quiet hours (it comes when they end), and with closed DMs the bot mentions them in the channel and
says why, once. Each player plays Roll Player against a bot seat, so the turn comes to them in every game."""
from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import pytest

from bot.i18n import t
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import game_id_of, start_solo_game, turn_post

GATHER = 180.0
SILENT = 1 << 12


class Clock:
    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def lang(user) -> str:
    return user.locale.split("-")[0]


async def notify(stub: DiscordStub, user, channel, **options):
    """``/notify`` as the player types it; the private answer."""
    answer = await (await stub.run_command(user, channel, "notify", **options)).wait_response()
    assert answer.ephemeral and answer.visible_to == user.id
    return answer


async def play_against_a_bot(stub: DiscordStub, runner, user, channel):
    """``user`` opens a 2-seat game with one bot seat and starts it; the first live message that names them
    (the bot may move first). Returns (game id, that message)."""
    created = await stub.run_command(user, channel, "rp new", players=2, bots=1, level="easy")
    lobby = await created.wait_response()
    started = await stub.click(user, lobby, label=t("button.start", "en"))   # the server speaks English
    await started.wait_response()
    post = await turn_post(stub, channel, started, timeout=30)
    while f"<@{user.id}>" not in post.text:
        post = await turn_post(stub, channel, post, timeout=60)
    await runner.bot.bots.idle()
    return game_id_of(post), post


def link(stub: DiscordStub, post) -> str:
    return f"https://discord.com/channels/{stub.guild.id}/{post.channel.id}/{post.id}"


async def tick(runner, clock: Clock, at: float) -> None:
    clock.now = at
    await runner.bot.notify.tick()


@pytest.fixture
async def bot(start_rollbot):
    runner = await start_rollbot()
    runner.bot.bots.pause = 0
    runner.bot.notify.clock = clock = Clock()
    runner.bot.notify.gather_s = GATHER
    return runner, clock


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_one_direct_message_for_two_games_and_no_ping_in_the_channel(discord_stub: DiscordStub, cast: Cast,
                                                                            bot, locale):
    runner, clock = bot
    alice, dm = cast.alice, discord_stub.dm_channel(cast.alice)
    alice.locale = {"en": "en-US", "ko": "ko"}.get(locale, locale)
    shown = await notify(discord_stub, alice, cast.games)
    assert shown.content == t("notify.shown", locale, how=t("notify.how.channel", locale),
                              quiet=t("notify.quiet_none", locale))
    saved = await notify(discord_stub, alice, cast.games, how="dm")
    assert saved.content.startswith(t("notify.saved", locale)) and t("notify.how.dm", locale) in saved.content

    t0 = clock.now
    first, post1 = await play_against_a_bot(discord_stub, runner, alice, cast.games)
    second, post2 = await play_against_a_bot(discord_stub, runner, alice, cast.lounge)
    for post in (post1, post2):           # named in the live message, but not pinged there
        assert alice.id not in post.mentions and post.flags & SILENT

    await tick(runner, clock, t0 + GATHER - 30)
    assert discord_stub.messages(dm) == []             # still gathering
    await tick(runner, clock, t0 + GATHER + 31)
    [message] = await discord_stub.wait_for_message(dm), *discord_stub.messages(dm)[1:]
    lines = message.content.split("\n")
    assert lines[0] == t("notify.dm_title", locale) and len(lines) == 3
    live = [discord_stub.last_message(channel, with_components=True) for channel in (cast.games, cast.lounge)]
    assert [game_id_of(post) for post in live] == [first, second]
    for line, post in zip(lines[1:], live, strict=True):
        assert line.endswith(link(discord_stub, post)) and t("game.rollplayer.title", locale) in line
        # never edited: the deadline as a date and time ("in 24 hours" would later read "24 hours ago")
        assert ":f>" in line and ":R>" not in line, line

    await tick(runner, clock, t0 + 10 * GATHER)              # nothing shown twice
    assert len(discord_stub.messages(dm)) == 1


async def test_the_direct_message_speaks_the_players_current_language_not_their_last_clicks(
        discord_stub: DiscordStub, cast: Cast, bot):
    """Alice plays in French (her seat's language), then switches her client to Korean and only looks at her
    settings: the notice by direct message is in Korean, the language of everything the bot answered her since."""
    runner, clock = bot
    alice, dm = cast.alice, discord_stub.dm_channel(cast.alice)
    alice.locale = "fr"
    await notify(discord_stub, alice, cast.games, how="dm")
    t0 = clock.now
    await play_against_a_bot(discord_stub, runner, alice, cast.games)
    alice.locale = "ko"
    shown = await notify(discord_stub, alice, cast.games)                    # a look: nothing set
    assert t("notify.how.dm", "ko") in shown.content
    await discord_stub.wait_until(lambda: runner.bot.notify.locales.get(alice.id) == "ko", 10,
                                  "the language noted beside the answer")
    await tick(runner, clock, t0 + GATHER + 31)
    message = await discord_stub.wait_for_message(dm)
    assert message.content.split("\n")[0] == t("notify.dm_title", "ko")
    assert t("game.rollplayer.title", "ko") in message.content


async def test_both_pings_in_the_channel_and_sends_a_direct_message(discord_stub: DiscordStub, cast: Cast, bot):
    runner, clock = bot
    dave = cast.dave
    await notify(discord_stub, dave, cast.games, how="both")
    t0 = clock.now
    _, post = await play_against_a_bot(discord_stub, runner, dave, cast.games)
    assert dave.id in post.mentions and not post.flags & SILENT
    await tick(runner, clock, t0 + GATHER)
    message = await discord_stub.wait_for_message(discord_stub.dm_channel(dave))
    assert message.content.startswith(t("notify.dm_title", "en")) and message.mentions == []


async def test_a_game_in_the_players_dm_is_not_noticed_twice(discord_stub: DiscordStub, cast: Cast, bot):
    runner, clock = bot
    dm = discord_stub.dm_channel(cast.alice)
    await notify(discord_stub, cast.alice, dm, how="dm")
    prompt = await start_solo_game(discord_stub, cast.alice)
    await runner.bot.bots.idle()
    before = len(discord_stub.messages(dm))
    await tick(runner, clock, clock.now + 10 * GATHER)
    await asyncio.sleep(0.2)
    assert len(discord_stub.messages(dm)) == before and cast.alice.id in prompt.mentions


def hhmm(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%H:%M")


async def test_no_direct_message_in_quiet_hours_until_they_end(discord_stub: DiscordStub, cast: Cast, bot):
    runner, clock = bot
    bob, dm = cast.bob, discord_stub.dm_channel(cast.bob)
    t0 = clock.now
    ends = (t0 // 60 + 60) * 60                             # quiet from an hour ago until in an hour
    answer = await notify(discord_stub, bob, cast.games, how="both", quiet_from=hhmm(t0 - 3600),
                          quiet_to=hhmm(ends), time_zone="UTC")
    assert t("notify.quiet_span", "en", start=hhmm(t0 - 3600), end=hhmm(ends), zone="UTC") in answer.content
    _, post = await play_against_a_bot(discord_stub, runner, bob, cast.games)
    assert bob.id not in post.mentions and post.flags & SILENT      # "both", but quiet: silently

    await tick(runner, clock, t0 + GATHER + 1)
    await tick(runner, clock, ends - 1)
    assert discord_stub.messages(dm) == []
    await tick(runner, clock, ends)
    message = await discord_stub.wait_for_message(dm)
    assert message.content.startswith(t("notify.dm_title", "en"))


async def test_closed_dms_fall_back_to_the_channel_and_say_so_once(discord_stub: DiscordStub, cast: Cast, bot):
    runner, clock = bot
    carol = cast.carol
    carol.dms_open = False
    await notify(discord_stub, carol, cast.games, how="dm")
    t0 = clock.now
    _, post = await play_against_a_bot(discord_stub, runner, carol, cast.games)
    assert carol.id not in post.mentions

    discord_stub.expect_invalid(1)                          # Discord's 403 (50007) for the closed DM
    mark = discord_stub.mark()
    await tick(runner, clock, t0 + GATHER + 1)
    told = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith(f"<@{carol.id}>"),
                                               after=mark)
    assert carol.id in told.mentions and told.content.startswith(
        t("notify.dm_closed", "en", player=f"<@{carol.id}>", line="").split("\n")[0])
    assert "`/notify how`" in told.content and t("notify.how.channel", "en") in told.content    # how to fix it
    assert (await runner.bot.store.get_prefs(carol.id)).dm_closed_told
    [(request, why)] = discord_stub.rejections              # Discord's answer, the only one: expected here
    assert request.path.endswith(f"/channels/{discord_stub.dm_channel(carol).id}/messages") and "Cannot send" in why
    discord_stub.rejections.clear()

    # from now on she is pinged in the channel, and not told again
    _, post = await play_against_a_bot(discord_stub, runner, carol, cast.lounge)
    assert carol.id in post.mentions
    mark = discord_stub.mark()
    await tick(runner, clock, t0 + 10 * GATHER)
    await asyncio.sleep(0.2)
    assert [m for m in discord_stub.messages(cast.games, after=mark) + discord_stub.messages(cast.lounge, after=mark)
            if "/notify" in m.content] == []
    # choosing again tries direct messages again
    answer = await notify(discord_stub, carol, cast.games, how="dm")
    assert answer.content.startswith(t("notify.saved", "en"))
    assert not (await runner.bot.store.get_prefs(carol.id)).dm_closed_told


@pytest.mark.parametrize(("options", "key", "params"), [
    ({"time_zone": "Mars/Olympus"}, "notify.error.unknown_zone", {"zone": "Mars/Olympus"}),
    ({"time_zone": "**x_y"}, "notify.error.unknown_zone", {"zone": r"\*\*x\_y"}),     # echoed as typed
    ({"quiet_from": "*9_"}, "notify.error.bad_time", {"value": r"\*9\_"}),
    ({"quiet_from": "25:00"}, "notify.error.bad_time", {"value": "25:00"}),
    ({"quiet_from": "22:00"}, "notify.error.bad_quiet_hours", {}),
    ({"quiet_from": "07:00", "quiet_to": "7:00"}, "notify.error.bad_quiet_hours", {}),
])
async def test_bad_settings_are_refused_politely_and_change_nothing(discord_stub: DiscordStub, cast: Cast, bot,
                                                                     options, key, params):
    runner, _ = bot
    dave = cast.dave
    for locale in ("en", "de", "fr", "ko"):
        dave.locale = "en-US" if locale == "en" else locale
        answer = await notify(discord_stub, dave, cast.games, how="both", **options)
        assert answer.content == t(key, locale, **params)
    assert (await runner.bot.store.get_prefs(dave.id)).notify == "channel"


async def test_quiet_hours_are_cleared_and_zones_are_offered(discord_stub: DiscordStub, cast: Cast, bot):
    runner, _ = bot
    dm = discord_stub.dm_channel(cast.stranger)            # works in a DM too
    await notify(discord_stub, cast.stranger, dm, quiet_from="22:00", quiet_to="07:30", time_zone="Asia/Seoul")
    prefs = await runner.bot.store.get_prefs(cast.stranger.id)
    assert (prefs.quiet_start, prefs.quiet_end, prefs.time_zone) == (22 * 60, 7 * 60 + 30, "Asia/Seoul")
    await notify(discord_stub, cast.stranger, dm, quiet_to="06:00")       # one end: the other stays
    assert (await runner.bot.store.get_prefs(cast.stranger.id)).quiet_start == 22 * 60
    answer = await notify(discord_stub, cast.stranger, dm, quiet_from="off")
    assert t("notify.quiet_none", "en") in answer.content
    # each language's own word clears them too (French "aucune", as the display says), and "off" everywhere
    cast.stranger.locale = "fr"
    for word in ("aucune", "Aucune", "off"):
        await notify(discord_stub, cast.stranger, dm, quiet_from="22:00", quiet_to="07:00")
        answer = await notify(discord_stub, cast.stranger, dm, quiet_from=word)
        assert t("notify.quiet_none", "fr") in answer.content, answer.content
    assert "aucune" in t("notify.error.bad_time", "fr", value="x") and " off " not in t("notify.error.bad_time", "fr",
                                                                                          value="x")
    cast.stranger.locale = "en-US"
    choices = await discord_stub.autocomplete(cast.stranger, dm, "notify", "time_zone", time_zone="seoul")
    assert [c["value"] for c in choices] == ["Asia/Seoul"]


@pytest.mark.parametrize("typed", ["asia/seoul", "ASIA/SEOUL", "america/new york"])
async def test_a_time_zone_is_taken_however_it_is_cased(discord_stub: DiscordStub, cast: Cast, bot, typed):
    """A Korean tour's ``/notify time_zone:asia/seoul`` was refused as an unknown zone: the zone is looked up without
    regard to case (and a space for an underscore), and stored by its IANA name."""
    runner, _ = bot
    answer = await notify(discord_stub, cast.dave, cast.games, time_zone=typed)
    assert answer.content.startswith(t("notify.saved", "en")), answer.content
    expected = "America/New_York" if "york" in typed else "Asia/Seoul"
    assert (await runner.bot.store.get_prefs(cast.dave.id)).time_zone == expected


async def test_a_player_who_chose_direct_messages_gets_the_reminders_by_direct_message(discord_stub: DiscordStub,
                                                                                      cast: Cast, bot):
    """The turn clock's reminder names the player in the channel without a ping when they chose direct messages:
    a direct message must then come (a tour waited for one and got nothing)."""
    runner, clock = bot
    rollbot = runner.bot
    rollbot.turns.clock = rollbot.pace_clock.clock = rollbot.courier.away.clock = clock
    carol, dm = cast.carol, discord_stub.dm_channel(cast.carol)
    await notify(discord_stub, carol, cast.games, how="dm")
    t0 = clock.now
    await play_against_a_bot(discord_stub, runner, carol, cast.games)         # pace normal: a day a decision
    await tick(runner, clock, t0 + GATHER + 1)
    await discord_stub.wait_for_message(dm)                                  # the turn's notice
    mark = discord_stub.mark()
    half = t0 + 12 * 3600 + 60
    await rollbot.pace_clock.tick(half)
    reminder = await discord_stub.wait_for_message(cast.games, lambda m: "⏳" in m.content, after=mark)
    assert carol.id not in reminder.mentions                                 # named, not pinged there
    await tick(runner, clock, half + GATHER + 1)
    await asyncio.sleep(0.2)
    notices = discord_stub.messages(dm)
    assert len(notices) == 2 and notices[-1].content.startswith(t("notify.dm_title", "en")), notices[-1].content


async def test_a_player_away_when_the_notice_is_due_gets_no_direct_message(discord_stub: DiscordStub, cast: Cast,
                                                                          bot):
    """/away promises no direct message while away: a notice that falls due then is not sent (a tour got one
    saying "time is up" while their clock stood still)."""
    runner, clock = bot
    runner.bot.courier.away.clock = clock
    dave, dm = cast.dave, discord_stub.dm_channel(cast.dave)
    await notify(discord_stub, dave, cast.games, how="dm")
    t0 = clock.now
    await play_against_a_bot(discord_stub, runner, dave, cast.games)          # a notice is owed
    away = await (await discord_stub.run_command(dave, cast.games, "away until", day="1")).wait_response()
    assert away.ephemeral and away.content.startswith("🏖️"), away.content
    await tick(runner, clock, t0 + GATHER + 1)
    await asyncio.sleep(0.2)
    assert discord_stub.messages(dm) == []
