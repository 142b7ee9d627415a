"""Bot seats in Roll for Adventure: the team policy fills the empty seats of a channel game and plays its
heroes' turns through the same engine path as a person; the person plays theirs by clicks."""
from __future__ import annotations

import re

from rfa_clicks import KIND, click_move, due_seat, latest_turn_post

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.stats import player_stats


async def play_to_the_end(harness, alice, place):
    """Alice and two bots in ``place``, played to the end (Alice by clicks); returns the finished game."""
    harness.bot.bots.pause = 0
    created = await harness.run("rfa new", user=alice, place=place, players=3, bots=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert [s.is_ai for s in game.seats] == [False, True, True]
    mine = 0
    for _ in range(400):
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if game.status != "active":
            break
        assert due_seat(game) == 0, "only Alice's turns wait for a click"
        move = policy.choose_move(game.state, 0, mine)
        await click_move(harness, latest_turn_post(harness, place), game, move, user=alice, place=place)
        mine += 1
    return game


async def test_a_person_and_two_bots_play_to_the_end(harness, alice, fixed_seed):
    place = harness.channel()
    game = await play_to_the_end(harness, alice, place)
    assert game.status == "finished" and game.state["result"] in ("won", "lost")
    log = await harness.bot.sessions.move_log(game.id)
    assert {m.seat for m in log} == {0, 1, 2} and all(m.user_id is None for m in log if m.seat)
    assert KIND.is_finished(game.state)


async def started_with_bots(harness, alice, *, players: int, bots: int):
    """A game Alice opens in a new channel with ``bots`` of its ``players`` seats for the bot, and starts."""
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=players, bots=bots)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    return place, await harness.bot.sessions.game_in_channel(place.channel_id)


async def test_the_live_message_offers_no_menu_while_a_bot_seat_is_due(harness, alice, fixed_seed):
    """A Korean playground tour: while the bot seat was due, the live message carried the bot's moves in a
    select anyone could open (and was refused on). It shows the table and the sheets, no moves."""
    harness.bot.bots.pause = 3600                 # the bot seat stays due while we look
    place, game = await started_with_bots(harness, alice, players=2, bots=1)
    mine = 0
    for _ in range(40):
        game = await harness.bot.sessions.load(game.id)
        if due_seat(game) != 0:
            break
        await click_move(harness, latest_turn_post(harness, place), game, policy.choose_move(game.state, 0, mine),
                         user=alice, place=place)
        mine += 1
    assert game.seats[due_seat(game)].is_ai
    live = latest_turn_post(harness, place)
    assert not live.selects(), [s.get("placeholder") for s in live.selects()]
    assert not [b for b in live.buttons() if b["custom_id"].split(":")[1] in ("m", "s")]
    assert t("button.my_moves", "en") not in [b.get("label") for b in live.buttons()]
    assert t("button.table", "en") in [b.get("label") for b in live.buttons()]


async def test_a_finished_game_is_not_rated_and_charts_no_score(harness, alice, fixed_seed):
    """The heroes win or lose together (``Kind.cooperative``): a game against bots would have been rated as
    a three-way tie, which shrank the uncertainty and showed "+15" for a lost game; and the score chart drew
    one flat line per seat. The final post has neither: the result and the final picture (power stones, each
    territory's damage) tell how the team did; the replay shows no projected score per player."""
    place = harness.channel()
    game = await play_to_the_end(harness, alice, place)
    final = [m for m in harness.rec.order if m.channel_id == place.channel_id and "final.png" in m.file_names()]
    assert final and all("chart.png" not in m.file_names() for m in final)
    text = "\n".join(m.text() for m in final)
    assert t("play.final_title_team", "en") in text and t("ratings.final_title", "en") not in text
    store = harness.bot.sessions.store
    assert await store.rating_changes(game.id) == {} and "rollforadventure" not in await store.ratings_of(alice.id)
    # the heroes share one place, first only when they won: a lost game is no win in the stats
    rows = await store.finished_results(user_id=alice.id, kind="rollforadventure")
    assert player_stats(KIND, rows).won == (1 if game.state["result"] == "won" else 0)
    # the stats and the leaderboard say why there is no rating (they said "not rated yet: finish a game")
    for command in ("rfa stats show", "rfa stats leaderboard"):
        shown = (await harness.run(command, user=alice, place=place)).only()
        [field] = [f for f in shown.embeds[0]["fields"] if f["name"] == t("ratings.field", "en")]
        assert field["value"] == t("ratings.cooperative", "en"), command
    replay = (await harness.run("rfa replay", user=alice, place=place)).private()[-1]
    assert "table.png" in replay.file_names()
    assert t("history.projected", "en", scores="").strip() not in replay.content
    # its last step says how the adventure ended (it read as if play went on: the turn and the active hero)
    await harness.click(replay, user=alice, place=place, label=t("history.last", "en"))
    result = "rollforadventure.result." + game.state["result"]
    assert t(result, "en") in replay.content


async def test_the_log_words_each_move_on_the_table_it_was_played_on(harness, alice, fixed_seed):
    """``/rfa log`` lists the moves again whenever it is asked: each reads as it did when it was made. Worded
    on the table at the end, "Lose blue 4 (Fortress)" lost its value and place (the die lies in the Vortex of
    Oblivion or blank at home by then) and an ability placement named the hero active now."""
    from types import SimpleNamespace

    from cogs.rollforadventure import PRESENTATION

    place = harness.channel()
    game = await play_to_the_end(harness, alice, place)
    records = await harness.bot.sessions.move_log(game.id)
    state = KIND.create(len(game.seats), game.seed, game.options)
    then, now = [], []
    for record in records:
        then.append(PRESENTATION.log_label(SimpleNamespace(state=state, seats=game.seats), record.seat,
                                           record.move, "en"))
        now.append(PRESENTATION.move_label(game, record.seat, record.move, "en"))
        state, _ = KIND.apply(state, record.seat, record.move)
    assert then != now                                  # the fixed game has moves whose words changed since
    shown = []
    _, pages, _ = await harness.bot.get_cog("History").log_page(game, 0, "en")
    for page in range(1, pages + 1):
        text = (await harness.run("rfa log", user=alice, place=place, page=page)).only().content
        shown += [line.split(": ", 1)[1] for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert shown == then


async def test_a_bot_seats_hero_is_named_without_nested_parentheses(harness, alice, fixed_seed):
    """A tour read "Haudegen (Bot (normal)) legt 1×1 …": a hero and its player are joined as the table picture
    joins them ("Bot (normal) · Veteran"), so a bot seat's own parentheses are never nested."""
    harness.bot.bots.pause = 0
    place, game = await started_with_bots(harness, alice, players=3, bots=2)
    mine = 0
    while not any(m.seat for m in await harness.bot.sessions.move_log(game.id)):
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if due_seat(game) == 0:
            await click_move(harness, latest_turn_post(harness, place), game,
                             policy.choose_move(game.state, 0, mine), user=alice, place=place)
            mine += 1
    await harness.bot.bots.idle()
    game = await harness.bot.sessions.load(game.id)
    texts = "\n".join(m.text() for m in harness.rec.order if m.channel_id == place.channel_id)
    bot_hero = game.state["heroes"][next(h for h, hero in enumerate(game.state["heroes"]) if hero["seat"] == 1)]
    joined = t("rollforadventure.words.hero_of", "en", player=game.seats[1].name,
               hero=t(f"rollforadventure.hero.{bot_hero['hero']}", "en"))
    assert joined in texts and f"({game.seats[1].name})" not in texts
    assert not re.search(r"\([^()\n]*\(", texts), "no parentheses inside parentheses"
