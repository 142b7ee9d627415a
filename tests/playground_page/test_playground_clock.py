"""The playground's one clock (``playground.run.BotClocks``): the bot is built on it, so after *Skip time* every
service that reads the time reads the skipped clock, as players see it: the daily's day, a ``/find`` place's
expiry, the time a game ended in ``/games``, an away period, a turn's deadline. (No browser: the bot is driven
through the cogs' harness.)"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "cogs"))

import discord
from harness import FULL_APP_PERMISSIONS, Harness, User

from bot.app import create_bot
from bot.config import Settings
from bot.games.dicepoker import ai
from bot.i18n import t
from cogs.daily import day_text, utc_day
from playground.run import BotClocks

DAY = 86400.0


@pytest.fixture
async def playground_bot(tmp_path):
    clocks = BotClocks(tmp_path / "clock.json")
    bot = clocks.bot = await create_bot(Settings(token=None, db_path=tmp_path / "rollbot.db"), sync_commands=False,
                                        run_reminders=False, clock=clocks.now)
    harness = Harness(bot)
    await harness.start()
    await clocks.skip(3 * DAY + 3600)
    yield clocks, harness
    await harness.close()


def stamps(text: str) -> list[int]:
    return [int(s) for s in re.findall(r"<t:(\d+):", text)]


def near(stamp: int, when: float) -> bool:
    return abs(stamp - when) < 60


async def test_after_a_skip_every_screen_follows_the_skipped_clock(playground_bot):
    clocks, harness = playground_bot
    ann, ben = User(id=100_000_000_000_000_011, name="ann"), User(id=100_000_000_000_000_012, name="ben")
    games = harness.channel(app_permissions=FULL_APP_PERMISSIONS | discord.Permissions(
        create_public_threads=True, send_messages_in_threads=True).value)
    assert clocks.now() > harness.bot.started_at + 3 * DAY

    board = await harness.run("daily board", user=ann, place=games, game="dicepoker")
    assert day_text(utc_day(clocks.now())) in board.text()       # the skipped day, as Discord writes a date

    queued = await harness.run("find join", user=ann, place=games, game="dicepoker", players=2, pace="none")
    [expires] = stamps(queued.text())
    assert near(expires, clocks.now() + 24 * 3600)            # the server's default: a day from the skipped now

    away = await harness.run("away until", user=ben, place=games, day="1")   # to the end of tomorrow
    [until] = stamps(away.text())
    assert clocks.now() + DAY <= until <= clocks.now() + 2 * DAY
    await clocks.skip(2 * DAY)                                  # the away period has run out
    back = await harness.run("away back", user=ben, place=games)
    assert back.text() == t("away.not_away", "en-US")

    lobby = next(m for m in (await harness.run("poker new", user=ann, place=games, pace="fast")).messages
                 if m.buttons())
    await harness.click(lobby, user=ben, place=games, label="Join")
    await harness.click(lobby, user=ann, place=games, label="Start")
    status = await harness.run("poker status", user=ann, place=games)
    assert any(near(stamp, clocks.now() + 3600) for stamp in stamps(status.text())), status.text()

    dm = harness.dm()                                           # Ben's daily, played to its end
    await harness.run("daily play", user=ben, place=dm, game="dicepoker")
    daily = await harness.bot.sessions.game_in_channel(dm.channel_id)
    while daily.status == "active":
        keep = ai.choose_move(daily.state, 0, "easy")["keep"]
        await harness.run("poker keep", user=ben, place=dm, dice=" ".join(str(i + 1) for i in keep) or "none")
        daily = await harness.bot.sessions.load(daily.id)
    assert await harness.bot.store.daily_attempt(ben.id, "dicepoker", utc_day(clocks.now())) == daily.id
    mine = await harness.run("games", user=ben, place=games)     # "Ended just now", not days ago
    assert [stamp for stamp in stamps(mine.text()) if near(stamp, clocks.now())], mine.text()
