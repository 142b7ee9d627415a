"""Roll Player's AI in Discord, through the stand-in: a bot seat plays a whole game with a person, the bot takes
over an idle player's seat until they come back, and the bot keeps answering everyone while its AI thinks."""
from __future__ import annotations

import asyncio

from bot.i18n import t
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import turn_post
from tests.e2e.policy import RandomPlayer, due_players, is_final

LOCALE = "en"


class PlaysWithBots(RandomPlayer):
    """A random human player at a table where the bot plays the other seats: when no human is due, wait for
    the bot's next post instead of clicking."""

    async def step(self):
        if self.menu is None and not due_players(self.prompt, self.players):
            post = await turn_post(self.stub, self.channel, self.prompt, timeout=60)
            self.start(post)
            return None
        return await super().step()

    def check_public_post(self, post) -> None:
        if due_players(post, self.players) or is_final(post):
            super().check_public_post(post)


async def open_game(stub: DiscordStub, cast: Cast, **options):
    created = await stub.run_command(cast.alice, cast.games, "rp new", **options)
    lobby = await created.wait_response()
    return lobby


async def test_a_bot_seat_plays_a_whole_game_with_a_person(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    runner = await start_rollbot()
    runner.bot.bots.pause = 0.05
    lobby = await open_game(discord_stub, cast, players=2, bots=1, level="easy")
    assert "Bot (easy)" in "\n".join([lobby.content] + [f.get("value", "") for e in lobby.embeds
                                                         for f in e.get("fields", [])])
    started = await discord_stub.click(cast.alice, lobby, label=t("button.start", LOCALE))
    await started.wait_response()
    first = await turn_post(discord_stub, cast.games, started, timeout=30)
    player = PlaysWithBots(discord_stub, cast.games, [cast.alice], seed=5, timeout=60, typed_share=0.0)
    final = await player.play(first)
    assert is_final(final) and final.attachment("scores.png")
    game = (await runner.bot.sessions.store.finished_results(kind="rollplayer"))
    assert {r.is_ai for r in game} == {True, False}
    bot_posts = [m for m in discord_stub.messages(cast.games) if not m.ephemeral and "Bot (easy)" in m.text]
    assert bot_posts, "the bot's steps are posted like anyone's"


async def test_the_bot_stands_in_for_an_idle_player_until_they_click(discord_stub: DiscordStub, cast: Cast,
                                                                       start_rollbot):
    runner = await start_rollbot()
    runner.bot.bots.pause = 0
    lobby = await open_game(discord_stub, cast, players=2, takeover=1)
    joined = await discord_stub.click(cast.bob, lobby, label=t("button.join", LOCALE))
    await joined.wait_response()
    started = await discord_stub.click(cast.alice, lobby, label=t("button.start", LOCALE))
    await started.wait_response()
    prompt = await turn_post(discord_stub, cast.games, started)
    [away] = due_players(prompt, [cast.alice, cast.bob])
    game = await runner.bot.sessions.game_in_channel(cast.games.id)
    reminders = runner.bot.get_cog("Reminders")
    reminders.clock = lambda: game.last_activity_at + 3600 + 1          # an hour later
    mark = discord_stub.mark()
    await reminders.take_over_idle_seats()
    stood_in = await discord_stub.wait_for_message(
        cast.games, lambda m: not m.ephemeral and "🤖" in m.text, after=mark, timeout=60)
    name = game.seats[game.seat_of(away.id)].name
    assert t("bot.played_for", LOCALE, player=name) in stood_in.text
    # the mark leads the move it stands for, not a separator ("🤖 for Ben: · Ben rerolls")
    assert t("bot.played_for", LOCALE, player=name) + " · " not in stood_in.text, stood_in.text
    moves = await runner.bot.sessions.store.recent_moves(game.id, 5)
    assert moves[0].user_id is None                                       # logged as the bot's move for them
    # a look at the table is no return (as /away says): the bot goes on standing in
    seat = str(game.seat_of(away.id))
    latest = discord_stub.last_message(cast.games, with_components=True)
    ix = await discord_stub.click(away, latest, label=t("button.table", LOCALE))
    await ix.wait_ack()
    await runner.bot.bots.idle()
    game = await runner.bot.sessions.load(game.id)
    assert (game.meta.get("taken_over") or {}).get(seat)
    # the player comes back: acting (their menu of moves) takes the seat back, and they are told
    latest = discord_stub.last_message(cast.games, with_components=True)
    ix = await discord_stub.click(away, latest, label=t("button.my_moves", LOCALE))
    await ix.wait_ack()
    await runner.bot.bots.idle()
    await discord_stub.settle()
    game = await runner.bot.sessions.load(game.id)
    assert not (game.meta.get("taken_over") or {}).get(seat)
    assert any(m.text == t("play.seat_back", LOCALE, game=game.id) for m in ix.followups), \
        [m.text for m in ix.followups]


async def test_other_channels_are_answered_while_the_ai_thinks(discord_stub: DiscordStub, cast: Cast,
                                                                start_rollbot):
    runner = await start_rollbot()
    solo = await discord_stub.run_command(cast.alice, discord_stub.dm_channel(cast.alice), "rp solo")
    await solo.wait_response()
    await turn_post(discord_stub, discord_stub.dm_channel(cast.alice), solo)
    game = await runner.bot.sessions.game_in_channel(discord_stub.dm_channel(cast.alice).id)
    kind = runner.bot.sessions.kinds["rollplayer"]
    while game.state.phase != "dice":          # past setup, to a decision the AI has to think about
        move = kind.legal_moves(game.state, 0)[0]
        await runner.bot.sessions.apply(game.id, cast.alice.id, move)
        game = await runner.bot.sessions.load(game.id)
    # a hard-level search for Alice's solo game, in the AI worker
    thinking = asyncio.create_task(runner.bot.bots.advise(game, 0))
    await asyncio.sleep(0.05)
    latencies = []
    for _ in range(3):
        ix = await discord_stub.run_command(cast.bob, cast.games, "rp help")
        await ix.wait_ack()
        latencies.append(ix.ack_latency)
    advice = await thinking
    assert advice["move"] in runner.bot.sessions.kinds["rollplayer"].legal_moves(game.state, 0)
    assert max(latencies) < 0.1, latencies
