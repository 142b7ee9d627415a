"""Whose language where: public posts in the game's language (chosen at ``/rp new``; else the server's, else
English, until the start, where a game whose players all use one language switches to it; changed with
``/rp language`` by the creator or a channel manager), private answers and private pictures in the clicking
user's language."""
from __future__ import annotations

import pytest

from bot.i18n import t
from images.rollplayer.render import render_sheet


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)


def lobby_of(result):
    return next(m for m in result.messages if m.buttons())


async def game_here(harness, place):
    return await harness.bot.sessions.game_in_channel(place.channel_id)


async def test_language_option_sets_the_games_language(harness, alice, bob):
    harness.locale = harness.guild_locale = "en-US"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=2, language="de"))
    assert [b["label"] for b in lobby.buttons()] == [t(f"button.{a}", "de")
                                                    for a in ("join", "leave", "start", "cancel", "dropbot")]
    assert lobby.selects()[0]["placeholder"] == t("lobby.addbot_choose", "de")
    assert [o["label"] for o in lobby.selects()[0]["options"]] == [
        t("bot.seat_name", "de", level=t(f"bot.level.{level}", "de")) for level in ("easy", "normal", "hard")]
    assert (await game_here(harness, place)).meta["locale"] == "de"
    joined = await harness.click(lobby, user=bob, place=place, label=t("button.join", "de"))
    assert joined.callback_types == [7]                  # the lobby message, edited in place, stays German
    assert t("lobby.seats", "de", seated=2, wanted=2) in lobby.text() and t("lobby.join_note", "de", user=bob.mention,
                                                                           seated=2, wanted=2) in lobby.text()


@pytest.mark.parametrize(("guild_locale", "user_locale", "expected"), [
    ("fr", "de", "fr"),            # the server's preferred locale, not the creator's
    ("pt-BR", "de", "en"),         # a server language we do not ship: English
    ("ko", "en-US", "ko"),
])
async def test_default_language_is_the_servers(harness, alice, guild_locale, user_locale, expected):
    harness.guild_locale, harness.locale = guild_locale, user_locale
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=2))
    assert (await game_here(harness, place)).meta["locale"] == expected
    assert lobby.buttons()[0]["label"] == t("button.join", expected)


async def test_only_the_creator_or_a_manager_changes_the_language(harness, alice, bob, moderator):
    harness.locale = harness.guild_locale = "en-US"
    place = harness.channel()
    await harness.run("new", user=alice, place=place, players=2)
    game = await game_here(harness, place)
    harness.locale = "fr"                           # bob reads French: his refusal is French
    refused = await harness.run("language", user=bob, place=place, language="ko")
    assert refused.only().ephemeral
    assert refused.only().content == t("error.language_not_allowed", "fr", game=game.id)
    assert (await game_here(harness, place)).meta["locale"] == "en"

    changed = await harness.run("language", user=alice, place=place, language="de")
    assert changed.only().ephemeral
    assert changed.only().content == t("lobby.language_done", "fr", game=game.id, language="allemand")
    assert (await game_here(harness, place)).meta["locale"] == "de"
    by_manager = await harness.run("language", user=moderator, place=place, language="ko")
    assert by_manager.only().ephemeral and (await game_here(harness, place)).meta["locale"] == "ko"
    # the language it already has: said privately (a German playground tour saw a public post pinging nobody new)
    same = await harness.run("language", user=alice, place=place, language="ko")
    assert same.only().ephemeral
    assert same.only().content == t("lobby.language_same", "fr", game=game.id, language="coréen")


async def test_public_posts_follow_the_games_language_private_answers_the_users(harness, alice, bob, carol,
                                                                                fixed_seed):
    harness.locale = harness.guild_locale = "en-US"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=2, language="fr"))
    harness.locale = "ko"
    await harness.click(lobby, user=bob, place=place, label=t("button.join", "fr"))
    harness.locale = "en-US"
    started = await harness.click(lobby, user=alice, place=place, label=t("button.start", "fr"))
    [turn] = started.public()[-1:]
    assert t("play.game_started", "fr") in turn.text()             # the turn post is French
    game = await game_here(harness, place)
    names = [s.name for s in game.seats]

    harness.locale = "ko"                                          # a Korean viewer's private sheet: Korean
    mine = await harness.run("sheet", user=bob, place=place)
    assert mine.only().ephemeral and mine.only().content == t("play.sheet_of", "ko", player=names[1])
    assert mine.only().files[0][1] == sheet_png_of(game, 1, "ko")
    posted = await harness.run("sheet", user=bob, place=place, post=True)     # posted: the game's French
    assert not posted.only().ephemeral and posted.only().content == t("play.sheet_of", "fr", player=names[1])
    assert posted.only().files[0][1] == sheet_png_of(game, 1, "fr")
    assert sheet_png_of(game, 1, "fr") != sheet_png_of(game, 1, "ko")

    harness.locale = "de"                                          # carol switches the game (she may not)
    refused = await harness.run("language", user=carol, place=place, language="de")
    assert refused.only().ephemeral and refused.only().content.startswith(t("error.language_not_allowed", "de",
                                                                             game=game.id)[:20])


def sheet_png_of(game, seat: int, locale: str) -> bytes:
    return render_sheet(game.state, seat, locale, names=[s.name for s in game.seats])


async def test_a_running_games_new_language_redraws_its_live_message_which_stays_last(harness, alice, bob,
                                                                                       moderator, fixed_seed):
    """Tour I, defect 5: ``/rp language`` on a running game left its live message in the old language until the
    next move, and its public notice landed below it. Now the live message is drawn again at once in the new
    language, with a line that says who switched it, the command is answered privately, and the live message
    stays the last message of the channel; a language's name reads as a word of the sentence ("en français")."""
    harness.locale = harness.guild_locale = "en-US"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=2))
    await harness.click(lobby, user=bob, place=place, label=t("button.join", "en"))
    started = await harness.click(lobby, user=alice, place=place, label=t("button.start", "en"))
    live = [m for m in started.public() if m.layout][-1]
    game = await game_here(harness, place)
    assert t("play.game_started", "en") in live.text()

    def last_public():
        return [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
                and not m.deleted][-1]

    harness.locale = "ko"                          # Alice reads Korean: her answer is Korean
    edits = live.edits
    changed = await harness.run("language", user=alice, place=place, language="fr")
    assert (await game_here(harness, place)).meta["locale"] == "fr"
    answer = changed.only()
    assert answer.ephemeral
    assert answer.content == t("lobby.language_done", "ko", game=game.id, language=t("language.word.fr", "ko"))
    assert live.edits > edits and last_public() is live, "redrawn in place, still the last message"
    assert t("play.game_started", "fr") in live.text() and t("play.game_started", "en") not in live.text()
    line = t("lobby.language_line", "fr", user="Alice", language="français")
    assert line in live.text() and "en français" in line
    assert not (live.allowed_mentions or {}).get("users"), "the redraw pings nobody"

    harness.locale = "fr"                          # a channel manager, not seated, switches it again
    by_manager = await harness.run("language", user=moderator, place=place, language="ko")
    assert by_manager.only().ephemeral and by_manager.only().content == t(
        "lobby.language_done", "fr", game=game.id, language="coréen")
    assert last_public() is live and t("play.game_started", "ko") in live.text()
    assert t("lobby.language_line", "ko", user="Mod", language="한국어") in live.text()


async def test_a_lobbys_new_language_redraws_the_lobby_message_and_answers_privately(harness, alice, bob, carol):
    """Tour J, defect 4: ``/rp language`` on a lobby posted "<@Ann> a mis la langue de la partie n° 22 en français."
    publicly, pinging Ann, and left the lobby message above it in English ("Players (1/2)", Join, Leave, Start).
    Now it is answered privately, as for a running game, and the lobby message is drawn again in place at once in
    the new language (its lines, seats, options and buttons), with a line that says who switched it; the lobby
    goes on from there (a button on it, a command after it)."""
    harness.guild_locale = harness.locale = "en-US"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=3))
    game = await game_here(harness, place)
    harness.locale = "de"                                    # Alice reads German: her answer is German
    edits = lobby.edits
    changed = await harness.run("language", user=alice, place=place, language="fr")
    answer = changed.only()
    assert answer.ephemeral and answer.content == t("lobby.language_done", "de", game=game.id,
                                                    language=t("language.word.fr", "de"))
    # it says which message is redrawn (a tour read „Seine Nachricht wird darin neu gezeichnet“: whose?)
    assert "Die Spielnachricht wird in dieser Sprache neu gezeichnet" in answer.content
    assert lobby.edits > edits, "the lobby message is redrawn in place"
    assert [b["label"] for b in lobby.buttons()][:4] == [t(f"button.{a}", "fr")
                                                         for a in ("join", "leave", "start", "cancel")]
    assert t("lobby.seats", "fr", seated=1, wanted=3) in lobby.text()
    opened = t("lobby.created_note", "fr", user=alice.mention, wanted=3, game_name=t("game.rollplayer.title", "fr"))
    switched = t("lobby.language_line", "fr", user=alice.mention, language="français")
    assert lobby.content.splitlines() == [opened, switched]
    assert not (lobby.allowed_mentions or {}).get("users"), "it pings nobody"
    public = [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral]
    assert public == [lobby], "no public notice"

    harness.locale = "ko"
    await harness.click(lobby, user=bob, place=place, label=t("button.join", "fr"))
    joined = t("lobby.join_note", "fr", user=bob.mention, seated=2, wanted=3)
    assert lobby.content.splitlines() == [opened, switched, joined]
    later = (await harness.run("join", user=carol, place=place)).only()
    assert lobby.content.splitlines() == [opened, switched, joined], "retired: the lines it showed first"
    assert later.content.splitlines()[-1] == t("lobby.join_note", "fr", user=carol.mention, seated=3, wanted=3)


async def test_a_lobby_is_redrawn_with_the_bot_token_once_no_interaction_may_edit_it(harness, alice):
    """After a restart, or 15 minutes on, no interaction's token may edit the lobby message: the bot token
    redraws it in the new language."""
    harness.guild_locale = harness.locale = "en-US"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=2))
    harness.bot.lobby._editors.clear()
    assert (await harness.run("language", user=alice, place=place, language="ko")).only().ephemeral
    assert lobby.buttons()[0]["label"] == t("button.join", "ko")
    assert lobby.content.splitlines()[-1] == t("lobby.language_line", "ko", user=alice.mention, language="한국어")


async def start_pair(harness, place, creator, joiner, creator_locale, joiner_locale, **new_options):
    """``/rp new`` by ``creator`` (reading ``creator_locale``), ``joiner`` joins, the creator starts; returns
    the start's result and the lobby's button labels as ``new`` posted them (a later command posts the lobby anew
    and leaves that message without buttons)."""
    harness.locale = creator_locale
    lobby = [b["label"] for b in lobby_of(await harness.run("new", user=creator, place=place, players=2,
                                                            **new_options)).buttons()]
    harness.locale = joiner_locale
    await harness.run("join", user=joiner, place=place)
    harness.locale = creator_locale
    return await harness.run("start", user=creator, place=place), lobby


async def test_a_game_whose_players_share_a_language_plays_in_it(harness, alice, bob):
    """Tour I, defect 8: a Korean pair's ``/rp new`` on an English server played in English while their ``/find``
    table played in Korean. One rule now: without ``language:``, a game whose players all use one language plays
    in it, decided at the start (the lobby, before the seats are known, is in the server's)."""
    harness.guild_locale = "en-US"
    place = harness.channel()
    started, lobby = await start_pair(harness, place, alice, bob, "ko", "ko")
    assert t("button.join", "en") in lobby, "the lobby: the server's language"
    game = await game_here(harness, place)
    assert game.meta["locale"] == "ko"
    turn = [m for m in started.public() if m.layout][-1]
    assert t("play.game_started", "ko") in turn.text()
    assert started.public()[0].content == t("lobby.start_note", "ko", user=alice.mention, seated=2, wanted=2)


@pytest.mark.parametrize(("locales", "options", "expected"), [
    (("ko", "fr"), {}, "en"),                    # players of two languages: the server's
    (("ko", "ko"), {"language": "de"}, "de"),    # a language chosen at `new` stays
])
async def test_mixed_tables_and_a_chosen_language_keep_theirs(harness, alice, bob, locales, options, expected):
    harness.guild_locale = "en-US"
    place = harness.channel()
    await start_pair(harness, place, alice, bob, *locales, **options)
    assert (await game_here(harness, place)).meta["locale"] == expected


async def test_a_language_set_in_the_lobby_stays_and_a_leaver_takes_theirs_along(harness, alice, bob, carol):
    """``/rp language`` in the lobby is a choice the start keeps; a player who leaves the lobby takes their
    language with them (the seats after theirs move up with their own)."""
    harness.guild_locale = "en-US"
    place = harness.channel()
    harness.locale = "ko"
    await harness.run("new", user=alice, place=place, players=2)
    await harness.run("language", user=alice, place=place, language="fr")
    harness.locale = "ko"
    await harness.run("join", user=bob, place=place)
    await harness.run("start", user=alice, place=place)
    assert (await game_here(harness, place)).meta["locale"] == "fr"

    other = harness.channel()
    harness.locale = "ko"
    await harness.run("new", user=alice, place=other, players=3)
    harness.locale = "de"
    await harness.run("join", user=bob, place=other)
    harness.locale = "ko"
    await harness.run("join", user=carol, place=other)
    harness.locale = "de"
    await harness.run("leave", user=bob, place=other)
    assert (await game_here(harness, other)).meta["seat_locales"] == {"0": "ko", "1": "ko"}
    harness.locale = "ko"
    await harness.run("start", user=alice, place=other)
    assert (await game_here(harness, other)).meta["locale"] == "ko"


def bot_name(locale: str, level: str = "hard", number: int = 1) -> str:
    word = t(f"bot.level.{level}", locale)
    return t("bot.seat_name", locale, level=word) if number == 1 else t("bot.seat_name_numbered", locale, level=word,
                                                                      number=number)


async def test_bot_seats_are_named_in_the_language_the_game_plays_in(harness, alice, bob, fixed_seed):
    """Tour J, defect 1: a German player's table with bots played in German from its start, but its bots kept the
    names the English lobby gave them ("Bot (hard)", "Bot 2 (hard)") in the live message, the log and the final
    post; after ``/rp language`` too. The start, and each change of language, now renames the bot seats with the
    same write, so everything that shows a name reads the game's language."""
    harness.bot.bots.pause = 3600
    harness.guild_locale, harness.locale = "en-US", "de"
    place = harness.channel()
    lobby = lobby_of(await harness.run("new", user=alice, place=place, players=4, bots=2, level="hard"))
    assert bot_name("en") in lobby.text() and bot_name("en", number=2) in lobby.text(), "the lobby: the server's"
    await harness.run("join", user=bob, place=place)
    await harness.run("start", user=alice, place=place)
    game = await game_here(harness, place)
    assert game.meta["locale"] == "de"
    german = [bot_name("de"), bot_name("de", number=2)]
    assert [s.name for s in game.seats] == ["Alice", *german, "Bob"]
    assert game.meta["bots"] == {"1": "hard", "2": "hard"}, "each bot seat keeps the level it was given"
    stored = await harness.bot.store.game_row(game.id)
    assert [row.name for row in stored[1]] == ["Alice", *german, "Bob"], "renamed where every reader reads it"

    harness.locale = "fr"
    await harness.run("language", user=alice, place=place, language="ko")
    game = await game_here(harness, place)
    assert [s.name for s in game.seats] == ["Alice", bot_name("ko"), bot_name("ko", number=2), "Bob"]


async def test_a_duel_against_the_bot_names_it_in_its_language_in_the_live_message(harness, alice):
    """Tour J, defect 1, as seen: a German player's ``/poker new bots:1`` read "Ben: 4 Gold, Bot (best): 4 Gold"
    and "Bot (best): wähle die Würfel…"; after ``/poker language ko`` it still read "Bot (best) 님이"."""
    harness.bot.bots.pause = 3600
    harness.guild_locale, harness.locale = "en-US", "de"
    place = harness.channel()
    await harness.run("poker new", user=alice, place=place, bots=1)
    started = await harness.run("poker start", user=alice, place=place)
    live = [m for m in started.public() if m.layout][-1]
    assert bot_name("de", "best") in live.text() and bot_name("en", "best") not in live.text(), live.text()
    await harness.run("poker language", user=alice, place=place, language="ko")
    assert bot_name("ko", "best") in live.text() and bot_name("de", "best") not in live.text(), live.text()


async def test_a_lobbys_new_language_renames_its_bots(harness, alice, bob):
    """``/rp language`` in a lobby renames its bot seats at once (the lobby lists them); the lobby goes on (a
    join after it is no conflict) and the start keeps them (the language was chosen)."""
    harness.bot.bots.pause = 3600
    harness.guild_locale = harness.locale = "en-US"
    place = harness.channel()
    await harness.run("new", user=alice, place=place, players=3, bots=1, level="easy")
    await harness.run("language", user=alice, place=place, language="fr")
    game = await game_here(harness, place)
    assert [s.name for s in game.seats] == ["Alice", bot_name("fr", "easy")]
    harness.locale = "ko"
    joined = await harness.run("join", user=bob, place=place)
    assert not joined.only().ephemeral
    await harness.run("start", user=alice, place=place)
    assert [s.name for s in (await game_here(harness, place)).seats] == ["Alice", bot_name("fr", "easy"), "Bob"]


async def test_a_dm_games_player_switches_its_language(harness, alice):
    harness.bot.bots.pause = 3600
    harness.locale = "en-US"
    dm = harness.dm()
    await harness.run("poker solo", user=alice, place=dm, opponents=1)
    live = [m for m in harness.rec.order if m.channel_id == dm.channel_id and m.layout][-1]
    answer = await harness.run("poker language", user=alice, place=dm, language="de")
    assert answer.only().ephemeral and answer.only().content.startswith(
        t("lobby.language_done", "en", game=(await game_here(harness, dm)).id, language="")[:12])
    assert (await game_here(harness, dm)).meta["locale"] == "de"
    assert bot_name("de", "best") in live.text() and bot_name("en", "best") not in live.text(), live.text()

