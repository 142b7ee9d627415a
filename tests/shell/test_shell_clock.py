"""Turn clocks (``cogs/clock.py``) through the real cogs, with Pig as the game and a clock the test moves:
the pace chosen in the lobby, reminders that follow it, the bot taking over or the other players deciding when
a player's time runs out, stale and foreign clicks refused, average decision times in ``/pig status``."""
from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cogs"))

from harness import MANAGER_PERMISSIONS, Harness, User  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.engine.table import TableMeta  # noqa: E402
from bot.engine.turn import track_decisions  # noqa: E402
from bot.i18n import messages, t  # noqa: E402

from .test_shell_toy_game import KINDS, SHOWN, TOY  # noqa: E402

ALICE = User(id=100_000_000_000_000_021, name="alice")
BOB = User(id=100_000_000_000_000_022, name="bob")
CAROL = User(id=100_000_000_000_000_023, name="carol")
#: The test's "now" at the start: the real time (the engine stamps moves with it), in whole seconds.
T0 = float(int(time.time()))
HOUR = 3600
#: what a server default holds for: every game the bot hosts, the toy game too
EVERY_GAME = "Roll Player, Dice Poker, Roll for Adventure, Pig"


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def harness(tmp_path):
    messages.add_locales_dir(TOY / "locales")
    clock = Clock()                                              # the bot's one clock
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "clock.db"), sync_commands=False,
                     run_reminders=False, kind_specs=KINDS, presentation_specs=SHOWN, bot_pause=0, clock=clock)
    h = Harness(bot)
    await h.start()
    h.clock = clock
    yield h
    await h.close()
    messages.remove_locales_dir(TOY / "locales")


async def start(harness, *, players=(ALICE, BOB), guild_id=None, **options):
    place = harness.channel(guild_id=guild_id)
    created = await harness.run("pig new", user=players[0], place=place, players=len(players), **options)
    lobby = next(m for m in created.messages if m.buttons())
    harness.lobby_text = lobby.text()
    join, start_ = ("Beitreten", "Starten") if options.get("language") == "de" else ("Join", "Start")
    for user in players[1:]:
        await harness.click(lobby, user=user, place=place, label=join)
    await harness.click(lobby, user=players[0], place=place, label=start_)
    return place, lobby, await harness.bot.sessions.game_in_channel(place.channel_id)


async def due_seat(harness, game) -> int:
    [item] = await harness.bot.sessions.pending(game.id)
    return item["seat"]


async def end_turn(harness, place, game, user) -> None:
    """Roll once, then hold unless the roll was a one (which ends the turn by itself)."""
    await harness.run("pig roll", user=user, place=place)
    game = await harness.bot.sessions.load(game.id)
    if game.state.turn_total:
        await harness.run("pig hold", user=user, place=place)


async def tick_at(harness, seconds_after_start: float):
    harness.clock.now = T0 + seconds_after_start
    mark = len(harness.rec.order)
    await harness.bot.get_cog("Reminders").tick()
    return harness.rec.since(mark)


# ------------------------------------------------------------------------------------------ bookkeeping
def test_decision_times_count_per_seat_and_keep_the_start_of_a_waiting_seat():
    table = track_decisions(TableMeta(), [0, 1], None, 100.0)   # both due at once (simultaneous step)
    table = track_decisions(table, [1], 0, 160.0)               # seat 0 decided after 60 s; seat 1 keeps 100
    assert table.clock["since"] == {"1": 100.0}
    table = track_decisions(table, [1], 1, 400.0)               # seat 1 decided after 300 s and is due again
    table = track_decisions(table, [0], 1, 430.0)               # ... and once more after 30 s
    assert table.clock["spent"] == {"0": [60.0, 1], "1": [330.0, 2]}
    assert table.clock["since"] == {"0": 430.0}


# ------------------------------------------------------------------------------------------ lobby and status
async def test_the_pace_is_chosen_in_the_lobby_and_shown_there_and_in_status(harness):
    place, lobby, game = await start(harness, pace="fast")
    assert game.meta["pace"] == "fast"
    assert t("clock.pace.title", "en") in harness.lobby_text and "fast (1 hour per decision)" in harness.lobby_text
    status = await harness.run("pig status", user=ALICE, place=place)
    text = status.only().text()
    # the field's title says "Pace" once: its first line is the pace itself (it read "Pace: Pace: fast …")
    [field] = [f for f in status.only().embeds[0]["fields"] if f["name"] == t("clock.pace.title", "en")]
    assert field["value"].startswith("fast (1 hour per decision)"), field["value"]
    assert "time runs out <t:" + str(int(T0 + HOUR)) + ":R>" in text

    default_place, _, default = await start(harness)
    assert default.meta["pace"] == "normal"                      # the default pace: 24 hours
    none_place, _, none = await start(harness, pace="none")
    assert "pace" not in none.meta
    status = await harness.run("pig status", user=ALICE, place=none_place)
    assert t("clock.pace.off", "en") in status.only().text()


async def test_a_forged_pace_is_refused_politely_and_creates_nothing(harness):
    place = harness.channel()
    result = await harness.run("pig new", user=ALICE, place=place, players=2, pace="x" * 5000)
    assert result.only().ephemeral
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


async def test_status_shows_each_players_average_decision_time(harness):
    place, _, game = await start(harness, pace="slow")
    first = [ALICE, BOB][await due_seat(harness, game)]
    harness.clock.now = T0 + 2 * HOUR                           # two hours to decide to roll
    await harness.run("pig roll", user=first, place=place)
    game = await harness.bot.sessions.load(game.id)
    status = await harness.run("pig status", user=CAROL, place=place)
    assert t("clock.status.average", "en", player=first.mention, time="2 hours") in status.only().text()


# ------------------------------------------------------------------------------------------ reminders
async def test_reminders_follow_the_pace_half_time_then_last_call_then_nothing_twice(harness):
    place, _, game = await start(harness, pace="fast")
    due = [ALICE, BOB][await due_seat(harness, game)]
    assert await tick_at(harness, 0.4 * HOUR) == []
    [half] = await tick_at(harness, 0.5 * HOUR + 1)
    # never edited, so the deadline as a date and time, not "in 30 minutes" (which would later read "ago")
    assert half.content.startswith("⏳ " + due.mention) and f"<t:{int(T0 + HOUR)}:f>" in half.content
    assert await tick_at(harness, 0.6 * HOUR) == []
    [last] = await tick_at(harness, 0.9 * HOUR + 1)
    assert t("clock.last_call", "en", player=due.mention, decision="", when="").split(":")[0] in last.content
    assert await tick_at(harness, 0.95 * HOUR) == []
    # the plain reminders (every 12 hours) leave a game with a clock alone
    assert harness.bot.settings.reminder_minutes * 60 > HOUR


async def test_a_move_restarts_the_clock_for_the_next_player(harness):
    place, _, game = await start(harness, pace="fast")
    first = [ALICE, BOB][await due_seat(harness, game)]
    await tick_at(harness, 0.5 * HOUR + 1)                       # half-time reminder for the first player
    harness.clock.now = T0 + 0.8 * HOUR
    await end_turn(harness, place, game, first)
    second = [ALICE, BOB][await due_seat(harness, await harness.bot.sessions.load(game.id))]
    assert second != first
    assert await tick_at(harness, 1.2 * HOUR) == []              # 0.4 h into the second player's hour
    [half] = await tick_at(harness, 1.3 * HOUR + 1)
    assert half.content.startswith("⏳ " + second.mention)


# ------------------------------------------------------------------------------------------ time runs out
async def test_once_the_time_is_up_the_live_message_and_status_stop_showing_a_deadline(harness):
    place, _, game = await start(harness, pace="fast")
    idle = [ALICE, BOB][await due_seat(harness, game)]
    running = t("clock.live.deadline", "en", pace="fast", when=f"<t:{int(T0 + HOUR)}:R>")
    live = next(m for m in harness.rec.order if m.channel_id == place.channel_id and running in m.text())
    await tick_at(harness, HOUR + 1)
    assert running not in live.text() and t("clock.live.up", "en", pace="fast") in live.text()   # redrawn
    status = (await harness.run("pig status", user=ALICE, place=place)).only().text()
    assert t("clock.status.up", "en", player=idle.mention) in status and "time runs out" not in status


async def test_with_takeover_the_bot_plays_for_the_player_whose_time_ran_out(harness):
    place, _, game = await start(harness, pace="fast", takeover=720)
    idle = await due_seat(harness, game)
    sent = await tick_at(harness, HOUR + 1)
    await harness.bot.bots.idle()
    notice = t("clock.ran_out_bot", "en", player=[ALICE, BOB][idle].mention, button=t("button.my_moves", "en"))
    assert any(notice == m.content for m in sent)
    moved = await harness.bot.sessions.store.recent_moves(game.id, 100)
    assert moved and moved[-1].seat == idle and moved[-1].user_id is None     # the bot played the seat


async def test_the_other_players_decide_wait_then_bot(harness):
    place, _, game = await start(harness, players=(ALICE, BOB, CAROL), pace="fast")
    idle = await due_seat(harness, game)
    users = [ALICE, BOB, CAROL]
    others = [u for i, u in enumerate(users) if i != idle]
    sent = await tick_at(harness, HOUR + 1)
    [ask] = [m for m in sent if m.buttons()]
    assert ask.content.startswith(t("clock.ran_out_ask", "en", player=users[idle].mention, others="").split(",")[0])
    assert sorted(int(u) for u in ask.allowed_mentions["users"]) == sorted(u.id for u in others)
    assert [b["label"] for b in ask.buttons()] == ["Wait 1 hour longer", "Let the bot play for them", "End the game"]
    assert await tick_at(harness, HOUR + 120) == []               # asked once, not every minute

    # the idle player themself and an outsider may not decide; the idle player reads that they can simply move (a
    # tour's player, back to play, clicked Wait and read only that it was not his to decide)
    for user, key in ((users[idle], "clock.error.own_time_move"),
                      (User(id=100_000_000_000_000_029, name="dave"), "clock.error.not_yours")):
        refused = await harness.click(ask, user=user, place=place, label="Wait 1 hour longer")
        assert refused.only().ephemeral and refused.only().content == t(key, "en")

    old_client = copy.deepcopy(ask)                                     # still shows the buttons
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout
                and t("clock.live.up", "en", pace="fast") in m.text())
    waited = await harness.click(ask, user=others[0], place=place, label="Wait 1 hour longer")
    assert waited.callback_types == [7] and not ask.buttons()          # the question becomes the answer
    # the live message shows the new deadline at once (it kept "time is up" until the next move)
    again_running = t("clock.live.deadline", "en", pace="fast", when=f"<t:{int(harness.clock.now + HOUR)}:R>")
    assert again_running in live.text(), live.text()
    assert t("clock.decided.wait", "en", user=others[0].mention, player=users[idle].mention,
             time="1 hour") in ask.content
    # the same (now stale) button again: settled
    again = await harness.click(old_client, user=others[1], place=place, label="Let the bot play for them")
    assert again.only().ephemeral and again.only().content == t("clock.error.settled", "en")
    # a new hour starts at the click: half-time, last call, then the question again
    now = harness.clock.now - T0
    [half] = await tick_at(harness, now + 0.5 * HOUR + 1)
    assert half.content.startswith("⏳ " + users[idle].mention)
    sent = await tick_at(harness, now + HOUR + 1)
    [ask2] = [m for m in sent if m.buttons()]
    bot = await harness.click(ask2, user=others[1], place=place, label="Let the bot play for them")
    await harness.bot.bots.idle()
    assert t("clock.decided.bot", "en", user=others[1].mention, player=users[idle].mention) in ask2.content
    assert not ask2.buttons() and bot.callback_types == [7]
    game = await harness.bot.sessions.load(game.id)
    moved = await harness.bot.sessions.store.recent_moves(game.id, 100)
    assert moved and moved[-1].seat == idle and moved[-1].user_id is None


async def test_the_player_whose_time_ran_out_is_told_to_simply_move(harness):
    """A Korean tour: Ben, back after his time ran out, clicked *Wait 1 day longer* on the question about himself
    and read only that the others decide. He reads, in his language, that he can simply make his move now; and his
    move goes through."""
    place, _, game = await start(harness, players=(ALICE, BOB, CAROL), pace="fast")
    idle = await due_seat(harness, game)
    users = [ALICE, BOB, CAROL]
    sent = await tick_at(harness, HOUR + 1)
    [ask] = [m for m in sent if m.buttons()]
    harness.locale = "ko"
    refused = (await harness.click(ask, user=users[idle], place=place, label="Wait 1 hour longer")).only()
    assert refused.ephemeral and refused.content == t("clock.error.own_time_move", "ko")
    assert refused.content.startswith(t("clock.error.not_yours", "ko")) and "지금 바로 두면 돼요" in refused.content
    assert ask.buttons()                                                 # the question stays for the others
    await end_turn(harness, place, game, users[idle])
    assert await due_seat(harness, await harness.bot.sessions.load(game.id)) != idle


async def test_the_other_players_may_end_the_game(harness):
    place, _, game = await start(harness, pace="fast")
    idle = await due_seat(harness, game)
    other = [ALICE, BOB][1 - idle]
    sent = await tick_at(harness, HOUR + 1)
    [ask] = [m for m in sent if m.buttons()]
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout
                and m.buttons())
    ended = await harness.click(ask, user=other, place=place, label="End the game")
    assert ask.content == t("clock.decided.end", "en", user=other.mention, player=[ALICE, BOB][idle].mention,
                            game=game.id)
    assert ended.callback_types == [7] and not ask.buttons()
    # the live message keeps the table, says the game is over, and offers no buttons any more
    assert not live.buttons() and t("play.abandoned_line", "en") in live.text(), live.text()
    assert t("clock.live.up", "en", pace="fast") not in live.text()
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "abandoned"
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


async def test_a_moderator_who_ends_the_game_is_named_as_one_and_the_players_are_named(harness):
    """A playground tour: a moderator who does not play clicked *End the game* on the time-out question, and it
    read as if one of the players had ended it; the players were not named. It says a moderator ended it, and
    names the people seated in it once (the idle player in the first line, the others in the second)."""
    place, _, game = await start(harness, players=(ALICE, BOB, CAROL), pace="fast")
    idle = await due_seat(harness, game)
    users = [ALICE, BOB, CAROL]
    others = [u for i, u in enumerate(users) if i != idle]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    moderator = User(id=100_000_000_000_000_029, name="mod", permissions=MANAGER_PERMISSIONS)
    ended = await harness.click(ask, user=moderator, place=place, label="End the game")
    assert ended.callback_types == [7] and not ask.buttons()
    assert ask.content == "\n".join([
        t("clock.decided.end_moderator", "en", user=moderator.mention, player=users[idle].mention, game=game.id),
        t("lobby.ended_for", "en", players=", ".join(u.mention for u in others))]), ask.content
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"


async def test_a_player_who_moves_after_the_question_makes_the_buttons_stale(harness):
    place, _, game = await start(harness, pace="fast")
    idle = await due_seat(harness, game)
    sent = await tick_at(harness, HOUR + 1)
    [ask] = [m for m in sent if m.buttons()]
    old_client = copy.deepcopy(ask)                                          # still shows the buttons
    await harness.run("pig roll", user=[ALICE, BOB][idle], place=place)      # back just in time
    stale = await harness.click(old_client, user=[ALICE, BOB][1 - idle], place=place, label="End the game")
    assert stale.only().ephemeral and stale.only().content == t("clock.error.settled", "en")
    assert (await harness.bot.sessions.load(game.id)).status == "active"


async def test_a_moderators_abandon_closes_the_open_question(harness):
    """Tour 18, D5: a moderator's ``/pig abandon`` left the time-out question with its three buttons, and a click
    answered "already settled, or the player has moved meanwhile". The question now loses its buttons and says
    that the game was ended; a click on a copy that still shows them says so too, privately."""
    place, _, game = await start(harness, pace="fast")
    seat = await due_seat(harness, game)
    idle, other = [ALICE, BOB][seat], [ALICE, BOB][1 - seat]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    old_client = copy.deepcopy(ask)
    moderator = User(id=100_000_000_000_000_029, name="mod", permissions=MANAGER_PERMISSIONS)
    await harness.run("pig abandon", user=moderator, place=place)
    assert (await harness.bot.sessions.load(game.id)).status == "abandoned"
    assert not ask.buttons(), "the question offers nothing to decide any more"
    assert ask.content == t("clock.closed.abandoned", "en", game=game.id, player=idle.mention), ask.content
    assert not (ask.allowed_mentions or {}).get("users"), "closing it pings nobody"
    clicked = await harness.click(old_client, user=other, place=place, label="Let the bot play for them")
    assert clicked.only().ephemeral and clicked.only().content == t("clock.error.abandoned", "en", game=game.id)
    assert "clock_questions" not in (await harness.bot.sessions.load(game.id)).meta


async def test_a_game_that_finishes_closes_its_open_questions_and_an_answered_one_stays(harness):
    """The game goes on after a question was answered (Wait); the player about to win lets their time run out
    too, and wins with the move that follows the second question: the game is over, so that question says so
    (not that the player moved), the answered one keeps its answer, and a click on a stale copy says that the
    game is over (not "already settled")."""
    place, _, game = await start(harness, pace="fast")
    seat = await due_seat(harness, game)
    other = [ALICE, BOB][1 - seat]
    [first] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    await harness.click(first, user=other, place=place, label="Wait 1 hour longer")
    answered = first.content
    users = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(400):                      # play it on: roll until a turn would win by holding
        game = await harness.bot.sessions.load(game.id)
        state = game.state
        if state.turn_total and state.scores[state.turn] + state.turn_total >= state.target:
            break
        await harness.run("pig roll", user=users[game.seats[state.turn].user_id], place=place)
    winner = users[game.seats[game.state.turn].user_id]
    [second] = [m for m in await tick_at(harness, harness.clock.now - T0 + HOUR + 1) if m.buttons()]
    old_client = copy.deepcopy(second)
    await harness.run("pig hold", user=winner, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "finished"
    assert first.content == answered and not first.buttons()
    assert not second.buttons()
    assert second.content == t("clock.closed.finished", "en", game=game.id, player=winner.mention), second.content
    clicked = await harness.click(old_client, user=other, place=place, label="End the game")
    assert clicked.only().ephemeral and clicked.only().content == t("clock.error.finished", "en", game=game.id)
    assert (await harness.bot.sessions.load(game.id)).status == "finished"


async def test_the_clock_survives_a_restart(tmp_path):
    messages.add_locales_dir(TOY / "locales")
    settings = Settings(token=None, db_path=tmp_path / "restart.db")
    clock = Clock()
    try:
        first = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, kind_specs=KINDS,
                                   presentation_specs=SHOWN, bot_pause=0))
        await first.start()
        first.bot.turns.clock = first.bot.pace_clock.clock = first.bot.get_cog("Reminders").clock = clock
        first.clock = clock
        place, _, game = await start(first, pace="fast")
        await tick_at(first, 0.5 * HOUR + 1)                                  # half-time sent before the restart
        await first.close()
        second = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, kind_specs=KINDS,
                                    presentation_specs=SHOWN, bot_pause=0))
        await second.start()
        second.bot.turns.clock = second.bot.pace_clock.clock = second.bot.get_cog("Reminders").clock = clock
        second.clock = clock
        try:
            assert await tick_at(second, 0.6 * HOUR) == []                     # not sent twice
            sent = await tick_at(second, HOUR + 1)
            assert [m for m in sent if m.buttons()]
        finally:
            await second.close()
    finally:
        messages.remove_locales_dir(TOY / "locales")



async def test_the_question_speaks_the_games_language(harness):
    place, _, game = await start(harness, pace="fast", language="de")
    idle = await due_seat(harness, game)
    # the reminder before it too, whatever the language of the player it names: one language in the channel
    [half] = await tick_at(harness, 0.5 * HOUR + 1)
    assert half.content.startswith(f"⏳ {[ALICE, BOB][idle].mention}, die Hälfte deiner Zeit ist um"), half.content
    sent = await tick_at(harness, HOUR + 1)
    [ask] = [m for m in sent if m.buttons()]
    assert ask.content.startswith("⏰ Die Zeit von " + [ALICE, BOB][idle].mention)
    assert [b["label"] for b in ask.buttons()] == ["1 Stunde länger warten", "Den Bot übernehmen lassen",
                                                   "Spiel beenden"]


async def test_a_server_default_pace(harness):
    import discord
    from harness import MANAGER_PERMISSIONS

    admin = User(id=100_000_000_000_000_028, name="admin",
                 permissions=MANAGER_PERMISSIONS | discord.Permissions(manage_guild=True).value)
    place = harness.channel()
    refused = await harness.run("pig defaults", user=ALICE, place=place, pace="slow")
    assert refused.only().content == t("error.user_missing_permission", "en", permission="Manage Server")
    shown = await harness.run("pig defaults", user=admin, place=place)
    assert shown.only().ephemeral and "normal (1 day per decision)" in shown.only().content
    done = await harness.run("pig defaults", user=admin, place=place, pace="slow")
    assert done.only().content.splitlines() == [t("clock.defaults_set", "en", pace="slow (3 days per decision)"),
                                                t("lobby.defaults_scope", "en", games=EVERY_GAME)]
    forged = await harness.run("pig defaults", user=admin, place=place, pace="{}" * 900)
    assert forged.only().ephemeral and forged.only().content == t("error.bad_option", "en")
    _, _, game = await start(harness, guild_id=place.guild_id)
    assert game.meta["pace"] == "slow"                                 # the server's default
    _, _, elsewhere = await start(harness)
    assert elsewhere.meta["pace"] == "normal"                          # another server's games
    _, _, own = await start(harness, guild_id=place.guild_id, pace="fast")
    assert own.meta["pace"] == "fast"                                  # the game's own choice wins


async def test_back_from_away_the_live_message_shows_the_deadline_pushed_back(harness):
    """A tour saw "time is up" right after /away back with most of the hour left: the live message was redrawn
    before the clock had counted the time away. The clock counts it first, then the message is drawn once."""
    place, _, game = await start(harness, pace="fast")
    idle = [ALICE, BOB][await due_seat(harness, game)]
    await tick_at(harness, 0.1 * HOUR)
    away = await harness.run("away until", user=idle, place=place, day="1")
    assert away.only().ephemeral
    await tick_at(harness, 2 * HOUR)                         # 1.9 hours away: the clock stood still
    status = (await harness.run("pig status", user=ALICE, place=place)).only().text()
    assert t("clock.status.stopped", "en", player=idle.mention) in status   # why no deadline is shown
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout
                and m.buttons())
    edits = live.edits
    await harness.run("away back", user=idle, place=place)
    await harness.bot.courier.deliver_all()
    up = t("clock.live.up", "en", pace="fast")
    pushed = t("clock.live.deadline", "en", pace="fast", when=f"<t:{int(T0 + 2.9 * HOUR)}:R>")
    assert up not in live.text() and pushed in live.text(), live.text()
    assert live.edits == edits + 1                           # drawn once


async def test_a_moderator_whose_time_ran_out_does_not_answer_for_her_own_seat(harness):
    """Tour W, item 7: Ann, a moderator, let her own time run out and clicked "Wait 1 hour longer" on the
    question addressed to Dan: "Ann chose to wait 1 hour longer for Ann", again each time. Tour t14, D1: she
    clicked "End the game" on it and her losing rated duel ended without a result, where her ``/pig abandon``
    records a forfeit. The idle player does not answer about their own seat at all, moderator or not (a private
    refusal that says why and points to the abandon command; nothing changes)."""
    ann = User(id=100_000_000_000_000_031, name="ann", permissions=MANAGER_PERMISSIONS)
    dan = User(id=100_000_000_000_000_032, name="dan", permissions=MANAGER_PERMISSIONS)
    place, _, game = await start(harness, players=(ann, dan), pace="fast")
    users = [ann, dan]
    idle = users[await due_seat(harness, game)]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    notes = (await harness.bot.sessions.load(game.id)).meta.get("clock")
    for label in ("Wait 1 hour longer", "Let the bot play for them", "End the game"):
        refused = await harness.click(ask, user=idle, place=place, label=label)
        assert refused.only().ephemeral
        assert refused.only().content == t("clock.error.own_seat", "en", group="pig")
        assert "`/pig abandon`" in refused.only().content
    after = await harness.bot.sessions.load(game.id)
    assert ask.buttons() and after.meta.get("clock") == notes and not TableMeta.of(after.meta).taken
    assert after.status == "active"


async def test_the_question_closes_itself_when_the_player_moves(harness):
    """Tour W, item 9: Ann's time ran out, the question with its three buttons was posted, and Ann moved before
    Dan answered: the buttons stayed until the match ended, and Dan's click was only refused ("already
    settled"). The player's move closes the question now, as the game's end does: no buttons, a line in the
    game's language that says they moved, nobody pinged; a copy still showing the buttons is refused as settled."""
    place, _, game = await start(harness, pace="fast", language="de")
    seat = await due_seat(harness, game)
    idle, other = [ALICE, BOB][seat], [ALICE, BOB][1 - seat]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    old_client = copy.deepcopy(ask)
    await harness.run("pig roll", user=idle, place=place)                   # back, late
    assert not ask.buttons()
    assert ask.content == t("clock.closed.moved", "de", player=idle.mention), ask.content
    assert ask.content.startswith("⏰ " + idle.mention + " hat inzwischen gezogen")
    assert not (ask.allowed_mentions or {}).get("users"), "closing it pings nobody"
    assert "clock_questions" not in (await harness.bot.sessions.load(game.id)).meta
    clicked = await harness.click(old_client, user=other, place=place, label="Spiel beenden")
    assert clicked.only().ephemeral and clicked.only().content == t("clock.error.settled", "en")
    assert (await harness.bot.sessions.load(game.id)).status == "active"
    edits = ask.edits
    game = await harness.bot.sessions.load(game.id)
    await end_turn(harness, place, game, [ALICE, BOB][await due_seat(harness, game)])
    assert ask.edits == edits, "a closed question is not edited again"


@pytest.mark.parametrize("acting", ["pig roll", "pig hint"])
async def test_a_look_keeps_the_bot_standing_in_and_acting_takes_the_seat_back_with_a_word(harness, acting):
    """Tour W, item 4: the bot stood in for Ann after Dan chose so; Ann only clicked *Table*, and the bot stopped
    playing for her without a word to anyone, while `/away` says "a look at the table does not count". A look now
    keeps the stand-in; acting (a typed move, even one refused as not her turn, or a typed `hint` as the Hint button
    is) takes the seat back, tells her privately, and the live message says it where everyone sees the game."""
    place, _, game = await start(harness, pace="fast", language="de")
    seat = await due_seat(harness, game)
    idle, other = [ALICE, BOB][seat], [ALICE, BOB][1 - seat]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    await harness.click(ask, user=other, place=place, label="Den Bot übernehmen lassen")
    await harness.bot.bots.idle()
    game = await harness.bot.sessions.load(game.id)
    assert await due_seat(harness, game) == 1 - seat and seat in TableMeta.of(game.meta).taken
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout
                and m.buttons())
    name = game.seats[seat].name

    looked = await harness.click(live, user=idle, place=place, label=t("button.table", "de"))
    assert all(m.ephemeral for m in looked.messages) and not any(m.content for m in looked.messages)
    game = await harness.bot.sessions.load(game.id)
    assert seat in TableMeta.of(game.meta).taken, "a look does not take the seat back"
    assert t("bot.seat_back", "de", player=name) not in live.text()

    harness.locale = "de"
    back = await harness.run(acting, user=idle, place=place)              # not her turn: refused, but she is back
    told = [m.content for m in back.messages if m.ephemeral]
    assert t("play.seat_back", "de", game=game.id) in told, told
    game = await harness.bot.sessions.load(game.id)
    assert seat not in TableMeta.of(game.meta).taken
    assert t("bot.seat_back", "de", player=name) in live.text(), live.text()
    assert str(idle.id) not in str(live.allowed_mentions or ""), "nobody is pinged for it"
    again = await harness.run(acting, user=idle, place=place)             # told once
    assert t("play.seat_back", "de", game=game.id) not in [m.content for m in again.messages]


async def test_the_question_closes_when_the_seat_changes_hands(harness):
    """A player gone quiet is usually answered by finding someone to play on: once the idle player's seat went to
    Carol (``/seat give``, accepted), the question ("wait, let the bot play, or end?") stayed open beside Carol's
    turn. It closes now, saying the seat has gone to Carol, pinging nobody, and is not asked again."""
    place, _, game = await start(harness, pace="fast")
    seat = await due_seat(harness, game)
    idle = [ALICE, BOB][seat]
    [ask] = [m for m in await tick_at(harness, HOUR + 1) if m.buttons()]
    offered = await harness.run("seat give", user=idle, place=place, to=CAROL)
    [offer] = [m for m in offered.public() if m.buttons()]
    await harness.click(offer, user=CAROL, place=place, label=t("handover.button.accept", "en"))
    game = await harness.bot.sessions.load(game.id)
    assert game.seats[seat].user_id == CAROL.id
    assert not ask.buttons()
    assert ask.content == t("clock.closed.handed", "en", player=idle.mention, newcomer=CAROL.mention), ask.content
    assert not (ask.allowed_mentions or {}).get("users"), "closing it pings nobody"
    assert "clock_questions" not in game.meta
