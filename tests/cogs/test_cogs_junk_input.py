"""Junk typed by a player, in German, as a tour fed it to the bot: characters that look like digits ("①", "²"), a
value pasted with an invisible mark, a move typed out of turn, a refused dice choice, a menu of a game that has
ended, and a server default set under one game's group. Each gets a clear private answer in the player's language
that says what to do next, and nothing changes; none reaches the log as an error."""
from __future__ import annotations

import logging

import discord
import pytest
from harness import MANAGER_PERMISSIONS, User
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import t
from cogs.away import until_of
from cogs.core import Refusal
from cogs.dicepoker.commands import keep_value, parse_positions, reroll_value
from cogs.notify import parse_minute
from cogs.play import parse_move_option
from cogs.rollforadventure.commands import values_token

ADMIN = User(id=100_000_000_000_000_019, name="admin",
             permissions=MANAGER_PERMISSIONS | discord.Permissions(manage_guild=True).value)
#: characters ``str.isdigit`` calls digits that ``int`` refuses, others that look like digits or are invisible, and
#: the ASCII a real value is made of
TRICKY = "①②⑤⑽²³¹₂½٣１２０:：,;/+ -\u200b\u200c\u200d\u200e\u200f\u202e\u2066\u2069\ufeff\u00a0\u00ad\n\x00"
JUNK = st.text(alphabet=st.sampled_from(TRICKY + "0123456789abcdefxyz"), max_size=60) | st.text(max_size=60)


async def started(harness, users, place, group: str):
    """A game of ``group`` with ``users`` in ``place``, opened and started through the lobby's buttons."""
    seats = {} if group == "poker" else {"players": len(users)}
    created = await harness.run(f"{group} new", user=users[0], place=place, **seats)
    lobby = next(m for m in created.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")      # the lobby speaks the server's English
    await harness.click(lobby, user=users[0], place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game is not None and game.status == "active"
    return game


def due_and_waiting(harness, game, users):
    """(the user whose turn it is, a user who waits)."""
    [due] = {item["seat"] for item in harness.bot.sessions.kinds[game.kind].pending(game.state)}
    mover = next(u for u in users if u.id == game.seats[due].user_id)
    return mover, next(u for u in users if u is not mover)


def private(result):
    message = result.only()
    assert message.ephemeral, message.text()
    return message.content


@pytest.fixture
def errors(caplog):
    """What reached the log as an error (an unexpected failure answers "something went wrong, ref …")."""
    caplog.set_level(logging.ERROR)
    yield lambda: [r for r in caplog.records if r.levelno >= logging.ERROR]


# ------------------------------------------------------------------ 1. digits that int() refuses

@given(JUNK)
@settings(max_examples=300, deadline=None)
def test_no_parser_of_typed_text_raises_on_any_text(text):
    """Every parser of what a player types answers (a value, None, or a polite ``Refusal``) and never raises:
    "①" and "²" passed ``str.isdigit`` and crashed ``int`` in ``/poker keep``, ``/poker reroll`` and
    ``/<game> play move:``."""
    from cogs.usertext import meant  # how every one of them reads a typed value

    for parse in (parse_positions, keep_value, reroll_value, parse_move_option, values_token, meant):
        parse(text)
    for parse in (lambda v: parse_minute(v, "de"), lambda v: until_of(v, "Europe/Berlin", 1_790_000_000.0)):
        try:
            parse(text)
        except Refusal:
            pass


def test_digits_are_read_as_the_player_meant_them():
    """A full-width or circled digit is the digit it shows; a superscript or Arabic-Indic one, a fraction or an
    invisible mark between digits is read the same way or refused, never half-read."""
    assert parse_positions("①②") == parse_positions("１,２") == parse_positions("\u200f1\u200b2") == {1, 2}
    assert parse_positions("²") == {2}
    for refused in ("½", "٣", "⑽", "1,1", "6"):
        assert parse_positions(refused) is None, refused
    assert values_token("①③③") == "1+3+3" and values_token("٣") == "٣"
    assert parse_move_option("½:0:abcdef12") is None and parse_move_option("٣:0:abcdef12") is None


async def test_typed_dice_that_look_like_digits_play_or_are_refused_in_german(harness, alice, errors):
    """``/poker zug zug:²:0:cfa357cc`` and ``/poker reroll würfel:①②`` crashed with "Bei mir ist etwas
    schiefgelaufen"; the first is an old choice now, the second rerolls dice 1 and 2."""
    harness.locale = "de"
    dm = harness.dm()
    await harness.run("poker solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    moved = await harness.run("poker play", user=alice, place=dm, move="²:0:cfa357cc")
    assert private(moved) == t("error.stale_choice", "de", group="poker")
    assert (await harness.bot.sessions.load(game.id)).version == game.version       # nothing changed
    await harness.run("poker reroll", user=alice, place=dm, dice="①②")
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == {"type": "reroll", "keep": [2, 3, 4]}
    assert errors() == []


# ------------------------------------------------------------------ 2. /poker reroll says how to write positions

@pytest.mark.parametrize("locale, option", [("en", "dice"), ("de", "würfel"), ("fr", "dés"), ("ko", "주사위")])
async def test_a_refused_reroll_says_how_to_write_the_dice(harness, alice, locale, option):
    """``/poker reroll dice:1,1`` said "pick one of the values the command offers", and reroll offers none (it has
    no autocomplete): the refusal says to write positions 1 to 5 (in words, which a screen reader says)."""
    harness.locale = locale
    dm = harness.dm()
    await harness.run("poker solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    for value in ("1,1", "7", "½"):
        answer = private(await harness.run("poker reroll", user=alice, place=dm, dice=value))
        assert answer == t("dicepoker.cmd.refused.reroll", locale, option=option, value=value)
        assert {"en": "(1 to 5)", "de": "(1 bis 5)", "fr": "(1 à 5)", "ko": "(1에서 5까지)"}[locale] in answer
        assert t("dicepoker.word.none", locale) in answer
    kept = private(await harness.run("poker keep", user=alice, place=dm, dice="7"))
    assert kept == t("dicepoker.cmd.refused.keep", locale, option=option, value="7")
    assert (await harness.bot.sessions.load(game.id)).version == game.version


# ------------------------------------------------------------------ 3. a move typed out of turn

@pytest.mark.parametrize("group", ["rp", "poker", "rfa"])
async def test_a_move_typed_out_of_turn_says_whose_turn_it_is(harness, alice, bob, group):
    """``/rp zug zug:Zwerg (männlich)`` out of turn said "not a move you can make now, pick one of the suggestions",
    and the suggestions were empty: it says whose turn it is, as ``/rp zug`` without a move does."""
    harness.locale = "de"
    place = harness.channel()
    game = await started(harness, [alice, bob], place, group)
    mover, waiting = due_and_waiting(harness, game, [alice, bob])
    plain = private(await harness.run(f"{group} play", user=waiting, place=place))
    assert plain.startswith(t("error.not_your_turn", "de", players="\0").split("\0")[0]), plain
    for typed in ("Zwerg (männlich)", f"{game.version}:0:abcdef12", "①:0:cfa357cc"):
        assert private(await harness.run(f"{group} play", user=waiting, place=place, move=typed)) == plain
    # the player whose turn it is still hears that the text is no move
    assert private(await harness.run(f"{group} play", user=mover, place=place, move="Zwerg")) == \
        t("error.not_a_move", "de", group=group)
    assert (await harness.bot.sessions.load(game.id)).version == game.version


# ------------------------------------------------------------------ 4. values pasted with invisible marks

@pytest.mark.parametrize("typed", ["\u200fUTC", "\u202eEurope/Berlin", " Europe/Berlin\u200b ", "\ufeffUTC\u2069"])
async def test_a_time_zone_pasted_with_an_invisible_mark_is_the_zone_it_shows(harness, alice, typed):
    """``/notify zeitzone:`` with a right-to-left mark before "UTC" was refused as an unknown "UTC" (the echo drops
    the mark): the value is looked up as the echo shows it."""
    harness.locale = "de"
    answer = private(await harness.run("notify", user=alice, place=harness.channel(), time_zone=typed))
    assert answer.startswith(t("notify.saved", "de")), answer
    zone = (await harness.bot.sessions.store.get_prefs(alice.id)).time_zone
    assert zone == typed.strip(" \u200b\u200f\u202e\ufeff\u2069")


async def test_other_typed_values_with_invisible_marks_are_read_as_they_show(harness, alice, bob):
    """The same for a quiet hour, an away day and a typed option of a game (``/rp vorbereitung tableau``)."""
    harness.locale = "de"
    place = harness.channel()
    quiet = private(await harness.run("notify", user=alice, place=place, quiet_from="\u200f22:00",
                                      quiet_to="０７：００"))
    assert quiet.startswith(t("notify.saved", "de")), quiet
    prefs = await harness.bot.sessions.store.get_prefs(alice.id)
    assert (prefs.quiet_start, prefs.quiet_end) == (22 * 60, 7 * 60)
    away = private(await harness.run("away until", user=alice, place=place, day="\u200b3"))
    assert not away.startswith(t("away.error.bad_date", "de", value="\0").split("\0")[0]), away
    await harness.run("away back", user=alice, place=place)
    game = await started(harness, [alice, bob], place, "rp")
    mover, _ = due_and_waiting(harness, game, [alice, bob])
    race = (await harness.autocomplete("setup sheet", "race", user=mover, place=place, race=""))[0]["name"]
    side = (await harness.autocomplete("setup sheet", "side", user=mover, place=place, race=race, side=""))[0]["name"]
    chosen = await harness.run("setup sheet", user=mover, place=place, race="\u200f" + race + "\u200b",
                               side="\u2066" + side + "\u2069")
    assert (await harness.bot.sessions.load(game.id)).version == game.version + 1, chosen.text()


# ------------------------------------------------------------------ 5. a menu of a game that has ended

async def test_a_menu_of_an_abandoned_game_says_what_to_do_next(harness, alice, bob):
    """Ben chose from his private menu after Ann had ended the game: "Dieses Spiel läuft nicht mehr." and nothing to
    do; it now names the game's log and how to start a new one."""
    harness.locale = "de"
    place = harness.channel()
    game = await started(harness, [alice, bob], place, "rp")
    mover, _ = due_and_waiting(harness, game, [alice, bob])
    prompt = [m for m in harness.rec.order if m.channel_id == place.channel_id and m.files][-1]
    menu = (await harness.click(prompt, user=mover, place=place, label=t("button.my_moves", "de"))).only()
    option = menu.selects()[0]["options"][0]["value"]
    await harness.run("abandon", user=alice, place=place)
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"
    expected = t("error.game_ended_next", "de", group="rp", game=game.id)
    assert "/rp verlauf spiel:" in expected and "/rp neu" in expected
    assert private(await harness.select(menu, [option], user=mover, place=place)) == expected
    assert private(await harness.click(menu, user=mover, place=place, label=t("button.hint", "de"))) == expected


async def test_a_solo_game_over_points_to_a_new_solo_game(harness, alice):
    """In a DM, where ``/<game> new`` is refused, the next step is a solo game."""
    harness.locale = "fr"
    dm = harness.dm()
    await harness.run("poker solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    prompt = [m for m in harness.rec.order if m.channel_id == dm.channel_id and m.buttons()][-1]
    menu = (await harness.click(prompt, user=alice, place=dm, label=t("button.my_moves", "fr"))).only()
    await harness.run("poker abandon", user=alice, place=dm)
    toggle = next(b for b in menu.buttons() if b.get("custom_id", "").startswith("rp:t:"))
    answer = private(await harness.click(menu, user=alice, place=dm, custom_id=toggle["custom_id"]))
    assert answer == t("error.game_ended_next_dm", "fr", group="poker", game=game.id)
    assert "/poker solo" in answer and "/poker historique partie:" in answer


# ------------------------------------------------------------------ 6. server defaults are every game's

@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_defaults_say_they_hold_for_every_game_of_the_server(harness, locale):
    """An admin set ``/rp defaults pace:slow``, then ``/poker defaults pace:none``, and found the poker values in
    the next Roll Player lobby: one setting for the server, as designed. The answer names every game it holds
    for, under whichever group it was set."""
    harness.locale = locale
    place = harness.channel()
    titles = [t(key, locale) for key in ("game.rollplayer.title", "dicepoker.title", "rollforadventure.title")]
    for group in ("rp", "poker", "rfa"):
        shown = private(await harness.run(f"{group} defaults", user=ADMIN, place=place, pace="slow"))
        footer = shown.splitlines()[-1]
        assert all(title in footer for title in titles), footer
        away = private(await harness.run(f"{group} defaults", user=ADMIN, place=place, away_fast=True))
        assert all(title in away.splitlines()[-1] for title in titles), away
