"""``/games`` as a player uses it: their games on two servers and in a DM, in order, with jump links, paged, and
the button that opens the menu of the game that has waited longest on them."""
from __future__ import annotations

import re

import discord
import pytest

from bot.i18n import t

NOW = 1_800_000_000.0


async def start_duel(harness, host, guest, place, group="rp", **options):
    """A game ``host`` opens and ``guest`` joins (a dice poker duel: the guest moves first), or plays alone."""
    if group == "rp":
        options.setdefault("players", 2 if guest else 1)
    result = await harness.run(f"{group} new", user=host, place=place, **options)
    if guest:                                            # alone, the game starts at once
        lobby = next(m for m in result.messages if m.buttons())
        await harness.click(lobby, user=guest, place=place, label="Join")
        result = await harness.click(lobby, user=host, place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id), result.public()[-1]


def name_server(harness, guild_id: int, name: str) -> None:
    """The server as the bot's cache knows it (the gateway's GUILD_CREATE)."""
    state = harness.bot._connection
    state._add_guild(discord.Guild(data={"id": str(guild_id), "name": name}, state=state))


async def end_game(harness, game_id: int, when: float) -> None:
    store = harness.bot.sessions.store
    await store._write(lambda db: db.execute("UPDATE games SET status = 'finished', finished_at = :t WHERE id = :g",
                                             {"t": when, "g": game_id}))


def links(text: str) -> list[str]:
    return re.findall(r"\]\((https://discord\.com/channels/[^)]+)\)", text)


@pytest.fixture
def clocked(harness):
    """The turn clocks and ``/games``' "last week" on a clock the test moves."""
    now = [NOW]
    harness.bot.turns.clock = harness.bot.my_games.clock = lambda: now[0]
    return now


async def test_games_on_two_servers_and_a_dm_in_order(harness, alice, bob, clocked):
    club, tavern, dm = harness.channel(), harness.channel(), harness.dm()
    name_server(harness, club.guild_id, "Dice Club")
    clocked[0] = NOW - 3000                                  # the DM game has waited longest on alice
    solo = await harness.run("solo", user=alice, place=dm)
    dm_game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    clocked[0] = NOW - 2000
    poker, poker_post = await start_duel(harness, bob, alice, tavern, "poker")
    clocked[0] = NOW - 1000
    rp, rp_post = await start_duel(harness, alice, None, club, pace="normal")
    lobby_place = harness.channel(guild_id=club.guild_id)
    await harness.run("new", user=alice, place=lobby_place, players=3)
    ended = harness.channel(guild_id=club.guild_id)
    done, _ = await start_duel(harness, alice, bob, ended, "poker")
    await end_game(harness, done.id, NOW - 86400)
    old = harness.channel(guild_id=club.guild_id)
    too_old, _ = await start_duel(harness, alice, bob, old, "poker")
    await end_game(harness, too_old.id, NOW - 8 * 86400)
    clocked[0] = NOW

    result = await harness.run("games", user=alice, place=club)
    [answer] = result.messages
    assert answer.ephemeral
    text = answer.text()
    waiting, other, finished = (t(f"mygames.section.{s}", "en") for s in ("waiting", "open", "finished"))
    assert text.index(waiting) < text.index(other) < text.index(finished)
    solo_post = solo.public()[-1]
    assert links(text) == [
        f"https://discord.com/channels/@me/{dm.channel_id}/{solo_post.id}",
        f"https://discord.com/channels/{tavern.guild_id}/{tavern.channel_id}/{poker_post.id}",
        f"https://discord.com/channels/{club.guild_id}/{club.channel_id}/{rp_post.id}",
        f"https://discord.com/channels/{club.guild_id}/{lobby_place.channel_id}",      # a lobby: its channel
        f"https://discord.com/channels/{club.guild_id}/{ended.channel_id}/" + links(text)[4].rsplit("/", 1)[1],
    ]
    # each link says which game it opens: a screen reader's list of links read "jump, jump, jump, jump, jump"
    texts = re.findall(r"\[([^\]]+)\]\(https://discord\.com/channels/", text)
    titles = {kind: t(harness.bot.games[kind].title_key, "en") for kind in ("rollplayer", "dicepoker")}
    assert texts[:3] == [t("mygames.link", "en", game=titles[kind]) for kind in ("rollplayer", "dicepoker",
                                                                                  "rollplayer")], texts
    assert "jump" not in texts and len(texts) == 5
    assert t("mygames.dm", "en") in text and "Dice Club" in text and t("mygames.server", "en") in text
    assert f"<#{club.channel_id}>" in text and f"<#{tavern.channel_id}>" in text
    assert f"<#{dm.channel_id}>" not in text and "#channel" not in text            # a DM game: no channel mention
    assert all(t(harness.bot.games[kind].title_key, "en") in text for kind in ("rollplayer", "dicepoker"))
    assert t("mygames.lobby", "en", seats=1, wanted=3) in text
    assert text.count(t("mygames.due", "en", players=t("mygames.you", "en"))) == 3
    assert "time runs out <t:" in text                            # the clock of the game with a pace
    assert f"<#{old.channel_id}>" not in text                  # finished more than a week ago
    # the longest wait is in the DM: asked on the server, the button opens that game's private menu (the play
    # Cog's own "my moves"), and a move made there is posted in the DM, where the game lives
    menu = await harness.click(answer, user=alice, place=club, label=t("mygames.take_turn", "en"))
    [private] = menu.private()
    named, heading = private.text().split("\n", 1)
    assert named == t("play.menu_game_dm", "en", title=t("game.rollplayer.title", "en"), game=dm_game.id)
    assert heading.startswith(t("play.your_moves", "en", decision="")[:10])
    assert private.buttons() or private.selects()
    assert all(f":{dm_game.id}:" in (c.get("custom_id") or "") for c in private.selects() + private.buttons()
               if (c.get("custom_id") or "").startswith(("rp:m", "rp:s")))
    assert rp.id != dm_game.id != poker.id
    options = private.selects()[0]["options"] if private.selects() else None
    moved = await (harness.select(private, [options[0]["value"]], user=alice, place=club) if options else
                   harness.click(private, user=alice, place=club, label=private.buttons()[0]["label"]))
    assert (await harness.bot.sessions.load(dm_game.id)).version == dm_game.version + 1
    assert all(m.channel_id == dm.channel_id for m in moved.public())
    # a public message's components stay in their channel: the DM game's live message clicked on the server
    refused = await harness.click(solo_post, user=alice, place=club, label=private.buttons()[0]["label"]
                                  if private.buttons() else "My moves")
    assert refused.only().content == t("error.wrong_channel", "en")


async def test_long_lists_are_paged_and_pages_are_the_clickers_own(harness, alice, bob, clocked):
    for _ in range(8):
        await harness.run("new", user=alice, place=harness.channel(), players=2)
    place = harness.channel()
    first = (await harness.run("games", user=alice, place=place)).messages[0]
    assert len(links(first.text())) == 6
    assert first.button(label=t("history.page_counter", "en", page=1, pages=2))["disabled"]
    assert first.button(label=t("mygames.nothing_waiting", "en"))["disabled"]
    shown = links(first.text())
    await harness.click(first, user=alice, place=place, label=t("history.next", "en"))
    assert len(links(first.text())) == 2 and first.button(label=t("history.page_counter", "en", page=2, pages=2))
    assert not set(links(first.text())) & set(shown)
    # a page is read for whoever clicks: bob (in no game) is told so, never shown alice's games
    await harness.click(first, user=bob, place=place, label=t("history.previous", "en"))
    assert first.text().startswith(t("mygames.none", "en")) and not first.buttons()


async def test_an_abandoned_game_is_listed_with_the_ended_ones_and_marked_so(harness, alice, bob, moderator):
    """A playground tour: a game a moderator ended vanished from its players' `/games` (neither open nor "finished
    this week"), so a player who was away had no trace of it. It is listed with the games that ended, marked
    abandoned; a lobby cancelled before its start, marked cancelled."""
    ended = harness.channel()
    await start_duel(harness, bob, alice, ended, "poker")
    await harness.run("poker abandon", user=moderator, place=ended)
    cancelled = harness.channel(guild_id=ended.guild_id)
    await harness.run("new", user=bob, place=cancelled, players=2)
    await harness.run("join", user=alice, place=cancelled)
    await harness.run("cancel", user=bob, place=cancelled)
    [answer] = (await harness.run("games", user=alice, place=ended)).messages
    text = answer.text()
    assert t("mygames.section.finished", "en") in text and t("mygames.section.open", "en") not in text, text
    when = re.compile(r"<t:\d+:R>")
    marks = [when.sub("{when}", line) for line in text.splitlines() if when.search(line) and "#" in line]
    assert len(marks) == 2 and marks[0].endswith(t("mygames.cancelled", "en", when="{when}")), marks
    assert marks[1].endswith(t("mygames.abandoned", "en", when="{when}")), marks
    assert text.index(f"<#{cancelled.channel_id}>") < text.index(f"<#{ended.channel_id}>")    # last ended first


async def test_no_games_is_a_friendly_line(harness, carol):
    [answer] = (await harness.run("games", user=carol, place=harness.dm())).messages
    assert answer.ephemeral and answer.text().startswith(t("mygames.none", "en")) and not answer.buttons()


async def test_open_games_with_none_waiting_are_not_called_the_other_ones(harness, alice):
    """A tour read "Your other open games" at the top of the list, below no section at all."""
    await harness.run("new", user=alice, place=harness.channel(), players=3)
    text = (await harness.run("games", user=alice, place=harness.dm())).messages[0].text()
    assert f"**{t('mygames.section.open_only', 'en')}**" in text, text
    assert t("mygames.section.open", "en") not in text and t("mygames.section.waiting", "en") not in text


async def test_a_kind_this_bot_does_not_load_is_listed_plainly(harness, alice):
    place = harness.channel()
    await harness.run("new", user=alice, place=place, players=2)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    await harness.bot.sessions.store._write(lambda db: db.execute("UPDATE games SET kind = 'oldgame' WHERE id = :g",
                                                                  {"g": game.id}))
    text = (await harness.run("games", user=alice, place=place)).messages[0].text()
    assert "**oldgame**" in text and f"<#{place.channel_id}>" in text


async def test_a_game_that_does_not_load_is_listed_with_a_note_and_the_others_still_show(harness, alice, bob):
    broken, fine = harness.channel(), harness.channel()
    await start_duel(harness, bob, alice, broken, "poker")
    await start_duel(harness, bob, alice, fine, "poker")
    game = await harness.bot.sessions.game_in_channel(broken.channel_id)
    await harness.bot.sessions.store._write(lambda db: db.execute(
        "UPDATE games SET snapshot = '{\"junk\": 1}' WHERE id = :g", {"g": game.id}))
    harness.bot.sessions._forget(game.id)                       # read from the database, as after a restart
    text = (await harness.run("games", user=alice, place=fine)).messages[0].text()
    assert text.count(t("mygames.unreadable", "en")) == 1 and f"<#{fine.channel_id}>" in text
    assert t("mygames.due", "en", players=t("mygames.you", "en")) in text     # the other game, in full


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_every_language_renders(harness, alice, bob, locale):
    place = harness.channel()
    await start_duel(harness, bob, alice, place, "poker")          # alice, who joined, moves first
    await harness.run("new", user=alice, place=harness.channel(), players=2)
    harness.locale = locale
    lang = locale[:2]
    [answer] = (await harness.run("games", user=alice, place=place)).messages
    text = answer.text()
    assert "⟦" not in text
    assert t("mygames.title", lang) in text and t("mygames.section.waiting", lang) in text
    assert t("mygames.you", lang) in text
    assert answer.button(label=t("mygames.take_turn", lang))
    empty = (await harness.run("games", user=harness_user(), place=place)).messages[0]
    assert empty.text().startswith(t("mygames.none", lang))


def harness_user():
    from harness import User
    return User(id=100_000_000_000_000_077, name="dora")


def test_a_link_names_its_channel_where_the_bot_knows_it():
    """Where the bot knows the channel, the link says it ("open Roll Player in #games"), so two games of one kind
    read apart; a mention cannot be a link's text, so a channel it does not know leaves the game alone."""
    from types import SimpleNamespace

    from cogs.mygames import link_text
    assert link_text("Roll Player", SimpleNamespace(name="games"), "en") == "open Roll Player in #games"
    assert link_text("Roll Player", None, "ko") == t("mygames.link", "ko", game="Roll Player")


@pytest.mark.parametrize("locale", ["en", "de"])
async def test_the_longest_waiting_turn_opened_elsewhere_names_its_game(harness, alice, bob, locale):
    """Tour t15: Ben, in two Roll Player games, pressed "Take my longest-waiting turn" in an RfA channel and read
    only "Your turn: decide about In Tune"; nothing said which game. Outside the game's own channel the menu's
    first line names it (kind, number, channel); in its channel, the menu reads as before."""
    harness.locale = locale
    games_channel = harness.channel()
    game, _ = await start_duel(harness, alice, bob, games_channel, players=2)
    due = harness.bot.games["rollplayer"]
    [item] = await harness.bot.sessions.pending(game.id)
    player = alice if game.seats[item["seat"]].user_id == alice.id else bob
    lounge = harness.channel(guild_id=games_channel.guild_id)
    [answer] = (await harness.run("games", user=player, place=lounge)).messages
    [private] = (await harness.click(answer, user=player, place=lounge,
                                     label=t("mygames.take_turn", locale))).private()
    named = private.text().split("\n", 1)[0]
    assert named == t("play.menu_game", locale, title=t(due.title_key, locale), game=game.id,
                      channel=f"<#{games_channel.channel_id}>"), private.text()
    [here] = (await harness.run("games", user=player, place=games_channel)).messages
    [private] = (await harness.click(here, user=player, place=games_channel,
                                     label=t("mygames.take_turn", locale))).private()
    assert f"#{game.id}" not in private.text().split("\n", 1)[0], private.text()
