"""While the bot plays a seat for a player whose time ran out ("Let the bot play for them"), ``/<game> status`` and
``/games`` say so, and how the player takes the seat back. A German tour's status read only the lobby's setting
("Bot als Vertretung: Nie") and ``/games`` nothing at all, while the bot played Ben's turns."""
from __future__ import annotations

import time

import pytest
from harness import Harness

from bot.app import create_bot
from bot.engine.table import TableMeta
from bot.i18n import t
from tests.engine.helpers import FakeClock

HOUR = 3600
T0 = float(int(time.time()))


@pytest.fixture
async def clocked(settings):
    clock = FakeClock(T0)
    h = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0, clock=clock))
    await h.start()
    h.clock = clock
    h.bot.my_games.clock = clock
    yield h
    await h.close()


def embed_text(message) -> str:
    return "\n".join([e.get("title", "") for e in message.embeds]
                     + [f"{f.get('name', '')}: {f.get('value', '')}" for e in message.embeds
                        for f in e.get("fields", [])] + [e.get("description", "") for e in message.embeds])


async def bot_plays_for_bob(h, alice, bob):
    """An English poker duel at the fast pace: bob (who joined: he moves first) lets his hour run out and alice
    lets the bot play for him."""
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 1
    h.clock.now = T0 + HOUR + 1
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    [ask] = [m for m in h.rec.since(mark) if m.buttons()]
    await h.click(ask, user=alice, place=place, label="Let the bot play for them")
    await h.bot.bots.idle()
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1}
    return place, game


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_status_and_games_say_the_bot_plays_for_the_player_and_how_to_take_the_seat_back(
        clocked, alice, bob, locale):
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    h.locale = {"en": "en-US"}.get(locale, locale)
    moves_button = t("button.my_moves", "en")                    # the game's message is English
    status = (await h.run("poker status", user=bob, place=place)).only()
    shown = embed_text(status)
    line = t("status.stand_in", locale, player=bob.mention, button=moves_button)
    assert t("status.stand_in.title", locale) in shown and line in shown, shown
    assert "⟦" not in shown

    games = (await h.run("games", user=bob, place=place)).only()
    assert t("mygames.stand_in", locale, button=moves_button) in games.text(), games.text()
    # alice's seat is her own: her list says nothing of a stand-in
    theirs = (await h.run("games", user=alice, place=place)).only()
    assert t("mygames.stand_in", locale, button=moves_button) not in theirs.text()


async def test_once_the_player_is_back_neither_says_it_any_more(clocked, alice, bob):
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    live = next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and m.layout and m.buttons())
    await h.click(live, user=bob, place=place, label=t("button.my_moves", "en"))   # what the line says to do
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken
    status = (await h.run("poker status", user=bob, place=place)).only()
    assert t("status.stand_in.title", "en") not in embed_text(status)
    games = (await h.run("games", user=bob, place=place)).only()
    assert "🤖" not in games.text()


def live_message(h, place):
    """The game's live message: the newest layout message of its channel with something to click."""
    return next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and not m.ephemeral
                and m.layout and (m.buttons() or m.selects()))


def offered_moves(message) -> list[str]:
    """The move components a message offers (buttons and selects that play or narrow moves)."""
    return [c["custom_id"] for c in message.buttons() + message.selects()
            if c.get("custom_id", "").startswith(("poker:m:", "poker:s:", "rp:m:", "rp:s:", "rp:t:", "rp:c:"))]


async def test_while_the_bot_stands_in_the_live_message_offers_the_player_no_menu(clocked, alice, bob):
    """Bob's time ran out and the bot played for him, while the live message went on saying "Bob: …" above Bob's
    menu of moves that were no longer his to make. Once the bot stands in, the live message offers no menu: its
    line says the bot plays for Bob and that "My moves" takes the seat back; it does, and his menu is back."""
    h = clocked
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    live = live_message(h, place)
    assert offered_moves(live), "Bob's menu, while he plays himself"
    h.bot.bots.pause = 3600                    # the bot takes its time: what does the table see meanwhile?
    h.clock.now = T0 + HOUR + 1
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    [ask] = [m for m in h.rec.since(mark) if m.buttons()]
    await h.click(ask, user=alice, place=place, label="Let the bot play for them")
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1} and game.version == 0, "the bot has not moved yet"
    live = live_message(h, place)
    assert not offered_moves(live), live.text()
    decision = h.bot.games[game.kind].decision_text(decision_now(h, game), "en")
    stand_in = t("play.stand_in_turn", "en", player=f"**{game.seats[1].name}**", decision=decision,
                 button=t("button.my_moves", "en"))
    assert stand_in in live.text(), live.text()
    assert t("button.my_moves", "en") in [b["label"] for b in live.buttons()]

    await h.click(live, user=bob, place=place, label=t("button.my_moves", "en"))    # Bob is back
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken
    live = live_message(h, place)
    assert offered_moves(live) and stand_in not in live.text(), live.text()
    assert t("play.your_turn", "en", player=f"**{game.seats[1].name}**", away="", decision=decision) in live.text()


def decision_now(h, game) -> str:
    """The decision the game waits for now (the one seat due)."""
    [item] = h.bot.sessions.kinds[game.kind].pending(game.state)
    return item["decision"]
