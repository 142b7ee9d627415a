"""Report t9 (a dice-poker evening): hints that name a bot or the gamblers without a genitive suffix, the
gamblers' header in one word, autocompletion and refusals of the dice option, undo, the prompt after an
undo, and the hints switch in the lobby and status."""
from __future__ import annotations

import itertools

from poker_kit import due_seat, open_duel

from bot.games.dicepoker import odds
from bot.games.dicepoker.content import SOLO_TABLES
from bot.i18n import t
from cogs.dicepoker.presentation import suggested_keeps


async def test_a_german_hint_names_the_bot_without_a_genitive_suffix(poker, alice):
    """t9 #3: "Gegen Bot (leicht)s Zwei Paare" glued the genitive s to the bot's name."""
    poker.locale = "de"
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm, opponents=1, level="easy", hints=True)
    await poker.bot.bots.idle()
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert due_seat(game) == 0 and game.state["phase"] == "active_reroll"
    bot_name = game.seats[1].name
    text = (await poker.run("poker hint", user=alice, place=dm)).only().content
    assert f"{bot_name}s" not in text and f"Gegen die Hand von {bot_name}, " in text, text


async def test_the_german_gamblers_hint_and_header_read_naturally(poker, alice):
    """t9 #11: "Gegen Drilling (4 4 4 3 1) der Glücksspieler" split the genitive from its noun, and the start
    post counted "Spiele" where the hand header says "Runde"."""
    poker.locale = "de"
    dm = poker.dm()
    started = await poker.run("poker solo", user=alice, place=dm, mode="gamblers", hints=True)
    assert "8 Runden" in started.text() and "Spiele" not in started.text()
    text = (await poker.run("poker hint", user=alice, place=dm)).only().content
    assert "Gegen die Hand der Glücksspieler, " in text and ") der Glücksspieler" not in text, text


async def own_turn(harness, user, locale: str, *, hints: bool = False):
    """A DM duel against the easy bot in ``locale``, at ``user``'s first decision (the bot has rerolled)."""
    harness.locale = locale
    dm = harness.dm()
    await harness.run("poker solo", user=user, place=dm, opponents=1, level="easy", hints=hints)
    await harness.bot.bots.idle()
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert due_seat(game) == 0
    return dm, game


def kept_values(dice, keep) -> tuple[int, ...]:
    return tuple(sorted((dice[i] for i in keep), reverse=True))


async def test_the_keep_suggestions_name_none_and_all_in_the_players_language(poker, alice):
    """t9 #5: the German ``/poker behalten`` list began "none — Alle fünf Würfel neu werfen"."""
    dm, _ = await own_turn(poker, alice, "de")
    for typed in ("", "a", "k"):
        choices = await poker.autocomplete("poker keep", "dice", user=alice, place=dm, dice=typed)
        names = [c["name"] for c in choices]
        assert names and not any(n.startswith(("none ", "all ")) for n in names), names
    choices = await poker.autocomplete("poker keep", "dice", user=alice, place=dm, dice="")
    every, none = t("dicepoker.word.all", "de"), t("dicepoker.word.none", "de")
    assert choices[0]["name"].startswith(f"{every} — ") and choices[1]["name"].startswith(f"{none} — ")
    assert (choices[0]["value"], choices[1]["value"]) == ("1,2,3,4,5", "none")    # understood in any language


async def test_play_suggests_keep_all_first_and_each_choice_once(poker, alice):
    """t9 #6: ``/poker zug`` listed 25 of 32 keeps in the rules' order: "keep all" missing, equal labels twice."""
    dm, game = await own_turn(poker, alice, "de")
    dice = game.state["sides"][0]["dice"]
    choices = await poker.autocomplete("poker play", "move", user=alice, place=dm, move="")
    names = [c["name"] for c in choices]
    assert len(set(names)) == len(names), names
    assert names[:2] == [t("dicepoker.move.keep_all", "de"), t("dicepoker.move.reroll_all", "de")], names
    choices_of_values = {kept_values(dice, keep) for n in range(6) for keep in itertools.combinations(range(5), n)}
    assert len(choices) == min(25, len(choices_of_values)), (dice, names)


def test_the_keeps_left_out_of_25_are_never_the_best_keep():
    """Five different values make 32 different keeps, more than Discord's 25: the suggestions leave out keeps
    the exact solver never picks, in any role, against any hand, under either tie-break or table."""
    legal = [{"type": "reroll", "keep": list(keep)} for n in range(6) for keep in itertools.combinations(range(5), n)]
    for dice in itertools.combinations(range(1, 7), 5):
        dice = list(dice)
        offered = {kept_values(dice, legal[i]["keep"]) for i in suggested_keeps(dice, legal)[:25]}
        best = {odds.solo_keep(dice, table["pay"])[0] for table in SOLO_TABLES.values()}
        for depth in (None, 2):
            for other in odds.FINALS:
                best.add(odds.active_keep(dice, odds.dice_of(other), depth)[0])
                best.add(odds.opponent_keep(dice, odds.dice_of(other), depth)[0])
        assert {tuple(sorted(odds.dice_of(keep), reverse=True)) for keep in best} <= offered, dice


async def test_keep_suggests_positions_typed_without_commas(poker, alice):
    """t9 #6: ``/poker behalten würfel:1234`` (a spelling the command accepts) got no suggestion."""
    dm, _ = await own_turn(poker, alice, "en")
    for typed, value in (("1234", "1,2,3,4"), ("3 1", "1,3"), ("５", "5")):
        choices = await poker.autocomplete("poker keep", "dice", user=alice, place=dm, dice=typed)
        assert choices and choices[0]["value"] == value, (typed, choices)


async def test_an_empty_dice_option_says_how_to_write_the_dice(poker, alice):
    """t9 #7: an empty ``dice`` was refused with "Leave it out to see every choice", which Discord does not
    allow for a required option; now the refusal says how to write the positions, and nothing is played."""
    for locale in ("de", "en"):
        dm, game = await own_turn(poker, alice, locale)
        option = t("dicepoker.cmd.opt.dice.name", locale)
        for command, key in (("poker keep", "dicepoker.cmd.blank.keep"),
                             ("poker reroll", "dicepoker.cmd.blank.reroll")):
            refused = (await poker.run(command, user=alice, place=dm, dice=" ")).only()
            assert refused.ephemeral and refused.content == t(key, locale, option=option), refused.content
            assert t("error.blank_option", locale, option=option) != refused.content
        assert (await poker.bot.sessions.load(game.id)).version == game.version


def hints_field(message, locale: str) -> str:
    [value] = [f["value"] for e in message.embeds for f in e.get("fields", [])
               if f["name"] == t("lobby.hints.title", locale)]
    return value


async def test_the_lobby_and_status_say_whether_hints_are_on(poker, alice, bob):
    """t9 #12: neither the lobby nor ``/poker status`` said whether hints were on; a player learned it from the
    refusal "Tipps sind in diesem Spiel ausgeschaltet"."""
    for locale, hints in (("de", True), ("en", False), ("fr", True), ("ko", False)):
        poker.locale = locale
        place = poker.channel()
        lobby = (await poker.run("poker new", user=alice, place=place, hints=hints, pace="fast",
                                   language=locale)).public()[-1]
        said = t("lobby.hints.on" if hints else "lobby.hints.off", locale)
        assert hints_field(lobby, locale) == said
        await poker.click(lobby, user=bob, place=place, label=t("button.join", locale))
        await poker.click(lobby, user=alice, place=place, label=t("button.start", locale))
        status = (await poker.run("poker status", user=bob, place=place)).only()
        assert hints_field(status, locale) == said


KEEP_ALL = [0, 1, 2, 3, 4]


async def test_undo_refusals_are_true_for_poker(poker, alice, bob, fixed_seed):
    """t9 #8: (a) a keep that ended a hand was refused as "dice were rolled, a card was drawn" (poker has no
    cards); (b) a player whose only "move" was played for them heard "another player has moved since"; (c) a
    player whose last move was in the hand before heard who moved since, where new dice were the reason."""
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    sessions = poker.bot.sessions
    stood_for = await sessions.apply_for_seat(game.id, 1, {"type": "reroll", "keep": KEEP_ALL})   # (b)
    assert stood_for is not None and due_seat(await sessions.load(game.id)) == 0
    nothing = (await poker.run("poker undo", user=bob, place=place)).only()
    assert nothing.content == t("engine.error.nothing_to_undo", "en", group="poker"), nothing.content

    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    await poker.run("poker keep", user=bob, place=place, dice="all")
    await poker.run("poker keep", user=alice, place=place, dice="all")                   # (a): hand 1 ends
    game = await sessions.load(game.id)
    assert game.state["hand"] == 2 and due_seat(game) == 0          # alice decides first in hand 2
    ended = (await poker.run("poker undo", user=alice, place=place)).only()
    assert ended.content == t("dicepoker.undo.after_reveal", "en"), ended.content

    await poker.run("poker keep", user=alice, place=place, dice="all")                   # (c)
    await poker.run("poker undo", user=alice, place=place)
    assert due_seat(await sessions.load(game.id)) == 0
    await poker.run("poker keep", user=alice, place=place, dice="all")
    await poker.run("poker undo", user=alice, place=place)
    late = (await poker.run("poker undo", user=bob, place=place)).only()
    assert late.content == t("dicepoker.undo.after_reveal", "en"), late.content


def live_message(harness, place):
    return [m for m in harness.rec.order if m.channel_id == place.channel_id and m.files][-1]


def prompt(harness, place, game, seat: int, key: str) -> str:
    """The prompt line of ``key`` addressing ``seat`` by mention, as the live message words it."""
    mention = f"<@{game.seats[seat].user_id}>"
    if key == "play.up_next":
        return t(key, "en", player=mention)
    return t(key, "en", player=mention, away="", decision=t("dicepoker.decision.reroll", "en"))


async def test_the_hand_message_keeps_its_prompt_after_an_undo(poker, alice, bob, fixed_seed):
    """t9 #9: after an undo the hand's message read "**Bob**: choose the dice …", without the mention and without
    "<@Alice>: your turn comes next", for the rest of the hand; now it reads as before the move undone."""
    place = poker.channel()
    game, _ = await open_duel(poker, alice, bob, place)
    first = live_message(poker, place).text()
    lines = [prompt(poker, place, game, 1, "play.your_turn"), prompt(poker, place, game, 0, "play.up_next")]
    assert all(line in first for line in lines), first
    await poker.run("poker keep", user=bob, place=place, dice="all")
    assert prompt(poker, place, game, 0, "play.your_turn") in live_message(poker, place).text()
    await poker.run("poker undo", user=bob, place=place)
    again = live_message(poker, place).text()
    assert all(line in again for line in lines), again


async def test_a_seat_the_bot_stands_in_for_is_not_told_its_turn_comes_next(poker, alice, bob, fixed_seed):
    """t9 #9: with the bot standing in for a player, the hand's message told them "your turn comes next" though
    the bot was about to play for them."""
    from bot.engine.table import update_meta

    place = poker.channel()
    game, _ = await open_duel(poker, alice, bob, place)
    await update_meta(poker.bot.sessions, game.id, taken=frozenset({1}))      # bob is active in hand 2
    await poker.bot.sessions.apply_for_seat(game.id, 1, {"type": "reroll", "keep": KEEP_ALL})
    await poker.run("poker keep", user=alice, place=place, dice="all")                   # hand 1 ends
    game = await poker.bot.sessions.load(game.id)
    assert game.state["hand"] == 2 and due_seat(game) == 0
    text = live_message(poker, place).text()
    assert prompt(poker, place, game, 0, "play.your_turn") in text, text
    assert prompt(poker, place, game, 1, "play.up_next") not in text, text
