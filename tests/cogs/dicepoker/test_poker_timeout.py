"""A dice poker reroll whose time runs out keeps all five dice, as the game's rules summary says (a house rule of
the spec, ``modes.duel.on_timeout``). A tour's player waited an hour for a duellist who never answered and got
"time ran out: Wait / Let the bot play / End" while ``/poker rules topic:match`` promised the dice would be kept.

Then the other duellist is asked what now, as in every other game: a duellist who kept missing their clock cost
the other one a whole pace on each decision, and only the creator or a moderator could end the match."""
from __future__ import annotations

import pytest
from harness import CLOCK_T0

from bot.i18n import t
from cogs.pace import duration_text

HOUR = 3600
T0 = CLOCK_T0


async def duel(h, alice, bob, locale="en-US", **options):
    """A poker duel at the fast pace, alice's, bob joined (he rerolls first)."""
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast", **options)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")         # the lobby is in the server's language
    await h.click(lobby, user=alice, place=place, label="Start")
    return place, await h.bot.sessions.game_in_channel(place.channel_id)


def field_values(message) -> str:
    """The values of a message's embed fields, one a line (the lobby's and the status's pace among them)."""
    return "\n".join(f["value"] for e in message.embeds for f in e.get("fields", []))


def questions(sent: list) -> list:
    """The time-out questions among ``sent`` (messages with the clock's buttons)."""
    return [m for m in sent if any(b.get("custom_id", "").startswith("rp:k:") for b in m.buttons())]


async def tick_at(h, when: float) -> list:
    h.clock.now = when
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    await h.bot.bots.idle()
    return h.rec.since(mark)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_reroll_whose_time_runs_out_keeps_all_dice_and_the_opponent_is_asked(clocked, alice, bob, locale):
    h = clocked
    place, game = await duel(h, alice, bob, locale)
    lang = locale[:2]
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 1
    dice = list(game.state["sides"][1]["dice"])
    sent = await tick_at(h, T0 + HOUR + 1)
    said = "\n".join(m.text() for m in sent)
    keep_all = t("dicepoker.move.keep_all", lang)
    assert t("clock.ran_out_rule_ask", lang, player=bob.mention, move=keep_all, others=alice.mention) in said, said
    [ask] = questions(sent)
    assert [b["label"] for b in ask.buttons()] == [
        t("clock.button.wait", lang, time=duration_text(HOUR, lang)),
        t("clock.button.bot", lang), t("clock.button.end", lang)]
    assert [int(u) for u in ask.allowed_mentions["users"]] == [alice.id]         # alice is pinged, bob is not
    game = await h.bot.sessions.load(game.id)
    assert game.state["sides"][1]["dice"] == dice and game.state["sides"][1]["rerolled"] == []    # nothing rerolled
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 0                                                # alice's reroll now
    [record] = await h.bot.sessions.move_log(game.id)
    assert record.seat == 1 and record.user_id is None and record.move == {"type": "reroll", "keep": [0, 1, 2, 3, 4]}
    log = (await h.run("poker log", user=alice, place=place)).text()
    assert t("play.log_line_ruled", lang, n=1, player="Bob", move=keep_all) in log, log      # the rules, no bot
    # what the rules summary says is what happened
    rules = (await h.run("poker rules", user=alice, place=place, topic="match")).text()
    assert t("dicepoker.rules_topic.match.text", lang) in rules
    assert {"en": "keep all five dice", "fr": "cinq dés sont gardés"}[lang] in rules


async def test_the_next_decision_has_its_own_clock_and_a_takeover_game_lets_the_bot_play(clocked, alice, bob):
    h = clocked
    place, game = await duel(h, alice, bob)
    await tick_at(h, T0 + HOUR + 1)                          # bob's first reroll: kept by the rules
    await h.run("poker keep", user=alice, place=place, dice="all")          # hand 1 ends: bob is active in hand 2
    await h.run("poker keep", user=alice, place=place, dice="all")          # alice rerolls first, then bob, whose
    game = await h.bot.sessions.load(game.id)                               # clock starts now (a full hour)
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 1 and game.state["hand"] == 2
    half = "\n".join(m.text() for m in await tick_at(h, T0 + 2 * HOUR - 60))
    assert "rules decide" not in half                         # not yet: an hour from his turn, not from the first
    said = "\n".join(m.text() for m in await tick_at(h, T0 + 2 * HOUR + 3 * 60))
    assert t("clock.ran_out_rule", "en", player=bob.mention, move=t("dicepoker.move.keep_all", "en")) in said

    # a game created to let the bot stand in for absent players: the bot plays, as the summary says
    place, game = await duel(h, alice, bob, takeover=24)
    h.clock.now = T0
    said = "\n".join(m.text() for m in await tick_at(h, h.clock.now + HOUR * 10) if m.channel_id == place.channel_id)
    notice = t("clock.ran_out_bot", "en", player=bob.mention, button=t("button.my_moves", "en"))
    assert notice in said and "rules decide" not in said


async def test_the_opponent_lets_the_bot_play_for_a_duellist_who_missed_their_clock(clocked, alice, bob):
    """Bob's hour runs out: the rules keep his dice and alice is asked; she lets the bot play for him, and the bot
    plays his next reroll (logged for him) without another hour's wait."""
    h = clocked
    place, game = await duel(h, alice, bob)
    [ask] = questions(await tick_at(h, T0 + HOUR + 1))
    refused = await h.click(ask, user=bob, place=place, label=t("clock.button.bot", "en"))   # not his to answer
    assert refused.only().ephemeral and refused.only().content == t("clock.error.not_yours", "en")
    answered = await h.click(ask, user=alice, place=place, label=t("clock.button.bot", "en"))
    assert answered.callback_types == [7] and not ask.buttons()
    assert t("clock.decided.bot", "en", user=alice.mention, player=bob.mention) in ask.content
    await h.run("poker keep", user=alice, place=place, dice="all")       # hand 1 ends: bob is active in hand 2
    await h.run("poker keep", user=alice, place=place, dice="all")       # alice rerolls first, then the bot for bob
    await h.bot.bots.idle()                                              # (and his first reroll of hand 3)
    records = await h.bot.sessions.move_log(game.id)
    assert [(r.seat, r.user_id) for r in records] == [(1, None), (0, alice.id), (0, alice.id), (1, None), (1, None)]
    game = await h.bot.sessions.load(game.id)
    assert game.state["hand"] == 3 and [item["seat"] for item in await h.bot.sessions.pending(game.id)] == [0]


async def test_the_question_stays_while_the_opponent_plays_and_closes_when_the_duellist_is_back(
        clocked, alice, bob):
    h = clocked
    place, game = await duel(h, alice, bob)
    [ask] = questions(await tick_at(h, T0 + HOUR + 1))
    await h.run("poker keep", user=alice, place=place, dice="all")       # alice's own reroll: bob has not moved
    assert ask.buttons(), "the question about bob stays open while only alice plays"
    await h.run("poker keep", user=alice, place=place, dice="all")       # hand 2: alice rerolls first
    await h.run("poker keep", user=bob, place=place, dice="all")         # bob is back and rerolls himself
    assert not ask.buttons()
    assert ask.content == t("clock.closed.moved", "en", player=bob.mention), ask.content


async def test_ending_the_match_from_the_question_counts_as_in_every_other_game(clocked, alice, bob):
    """The clock's End is a moderator's way out, in every game: the match ends without a result and nobody's
    rating moves (the idle player did not choose to leave; ``/poker abandon`` by a player does count as a loss)."""
    h = clocked
    place, game = await duel(h, alice, bob)
    await h.run("poker keep", user=bob, place=place, dice="all")         # both have moved: a rated match
    await h.run("poker keep", user=alice, place=place, dice="all")
    await h.run("poker keep", user=alice, place=place, dice="all")       # hand 2: alice first, then bob's hour
    [ask] = questions(await tick_at(h, T0 + HOUR + 1))
    await h.click(ask, user=alice, place=place, label=t("clock.button.end", "en"))
    assert ask.content.startswith(t("clock.decided.end", "en", user=alice.mention, player=bob.mention, game=game.id))
    assert (await h.bot.sessions.load(game.id)).status == "abandoned"
    assert await h.bot.store.rating_changes(game.id) == {}
    assert await h.bot.store.ratings_of(alice.id) == {} and await h.bot.store.ratings_of(bob.id) == {}


async def test_a_duel_against_the_bot_asks_nobody(clocked, alice):
    """Nobody waits on a player who duels the bot: the rules keep the dice, and no question is posted."""
    h = clocked
    place = h.channel()
    await h.run("poker new", user=alice, place=place, pace="fast", bots=1)
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    if game.status != "active":
        lobby = next(m for m in reversed(h.rec.order) if m.buttons())
        await h.click(lobby, user=alice, place=place, label="Start")
    await h.bot.bots.idle()
    sent = await tick_at(h, T0 + HOUR + 1)
    said = "\n".join(m.text() for m in sent)
    assert t("clock.ran_out_rule", "en", player=alice.mention, move=t("dicepoker.move.keep_all", "en")) in said, said
    assert not questions(sent)


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_the_pace_says_what_a_poker_player_has_the_time_for(clocked, alice, bob, locale):
    """The lobby and ``/poker status`` said "fast (1 hour per decision)", and ``/poker new``'s pace option "Time
    per decision before the others may act": a poker player has that time for each reroll, one a hand, after
    which the rules keep the dice. Roll Player keeps the shared words."""
    h = clocked
    lang = locale[:2]
    place, game = await duel(h, alice, bob, locale)
    hour = duration_text(HOUR, lang)
    poker_line = t("dicepoker.pace.line", lang, pace=t("clock.pace.fast", lang), time=hour)
    shared = t("clock.pace.line", lang, pace=t("clock.pace.fast", lang), time=hour)
    lobby = next(m for m in (await h.run("poker new", user=alice, place=h.channel(), pace="fast",
                                               language=lang)).messages
                 if m.embeds)
    assert poker_line in field_values(lobby), lobby.embeds
    status = (await h.run("poker status", user=alice, place=place)).only()
    assert poker_line in field_values(status) and shared not in field_values(status), status.embeds
    rp_place = h.channel()
    rp_lobby = next(m for m in (await h.run("rp new", user=alice, place=rp_place, pace="fast", players=2,
                                            language=lang)).messages if m.embeds)
    assert shared in field_values(rp_lobby) and poker_line not in field_values(rp_lobby)
    new = h.bot.tree.get_command("poker").get_command("new")
    assert str(new._params["pace"].description) == t("dicepoker.cmd.new.pace", "en")
    assert str(h.bot.tree.get_command("rp").get_command("new")._params["pace"].description) == t("cmd.new.pace", "en")
