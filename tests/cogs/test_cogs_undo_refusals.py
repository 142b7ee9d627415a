"""Undo refusals say why in words that fit, and change nothing. A German tour: after Ben's clock ran out and the
rules kept his dice, his ``/poker undo`` read "the game has changed since" (which move?); two names were joined
with a comma alone ("Ben, Bot (leicht) haben seitdem gezogen"); and a refused ``/poker undo`` took his seat back
from the bot that stood in for him ("🙋 Ben is back" posted right after "you cannot take that back")."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from harness import CLOCK_T0
from test_cogs_stand_in import bot_plays_for_bob

from bot.engine.table import TableMeta
from bot.i18n import listed, t
from cogs.seats import listed_players

HOUR = 3600


async def test_after_the_rules_moved_for_the_player_the_refusal_says_so(clocked, alice, bob):
    h = clocked
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    await h.run("poker keep", user=bob, place=place, dice="1 2 3 4 5")
    await h.run("poker keep", user=alice, place=place, dice="1 2 3 4 5")      # her last move of hand 1
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 0, "she opens hand 2"
    h.clock.now = CLOCK_T0 + HOUR + 1
    await h.bot.get_cog("Reminders").tick()                                    # her hour ran out: the rules move
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).ruled.get(0), "the rules made her move"
    refused = (await h.run("poker undo", user=alice, place=place)).only()
    assert refused.text() == t("undo.refused_ruled_you", "en"), refused.text()
    assert (await h.bot.sessions.load(game.id)).version == game.version


async def test_a_refused_undo_leaves_the_bot_standing_in(clocked, alice, bob):
    h = clocked
    place, game = await bot_plays_for_bob(h, alice, bob)
    mark = len(h.rec.order)
    refused = (await h.run("poker undo", user=bob, place=place)).only()
    assert refused.ephemeral
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1}, "checking whether he could undo is no return"
    said = "\n".join(m.text() for m in h.rec.since(mark))
    assert "🙋" not in said, said


@pytest.mark.parametrize("locale, two, three", [
    ("en", "Ben and Bot (easy)", "Ann, Ben and Bot (easy)"),
    ("de", "Ben und Bot (leicht)", "Ann, Ben und Bot (leicht)"),
    ("fr", "Ben et Bot (facile)", "Ann, Ben et Bot (facile)"),
])
def test_names_are_listed_as_the_language_lists_them(locale, two, three):
    bot = two.split(" ", 2)[2]
    game = SimpleNamespace(seats=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Ben"),
                                  SimpleNamespace(name=bot)])
    assert listed_players(game, [1, 2], locale) == two
    assert listed_players(game, [0, 1, 2], locale) == three
    assert listed(["Ben"], locale) == "Ben" and listed([], locale) == ""
    assert t("undo.refused_players_moved", locale, players=two).count(two) == 1
