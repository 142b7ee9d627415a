"""A solo adventure won counts as a win on "Most wins" as in the player's stats (t12 defect 4): after Dan won
`/rfa solo`, `/rfa stats show` said "Won: 1" and `/rfa stats leaderboard` "Most wins this month: nobody yet",
since the board counted first places against others only. One rule (``cogs.stats.is_win``) serves both."""
from __future__ import annotations

from rfa_clicks import KIND

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.rollforadventure import PRESENTATION

#: a solo game (random heroes) that the team policy, move ``n`` chosen with seed ``n``, wins
WON_SEED = 10


def fields(message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def test_a_won_solo_adventure_is_a_win_in_stats_and_on_the_leaderboard(harness, alice, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: WON_SEED)
    channel = harness.channel()
    await harness.run("rfa rules", user=alice, place=channel)          # Alice is seen in the server
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert game.state["options"] == KIND.create(1, 0, PRESENTATION.game_options({}, solo=True))["options"]
    n = 0
    while game.status == "active":
        seat = KIND.pending(game.state)[0]["seat"]
        await harness.bot.sessions.apply(game.id, alice.id, policy.choose_move(game.state, seat, n), locale="en")
        game = await harness.bot.sessions.load(game.id)
        n += 1
    await harness.bot.courier.deliver(game.id)
    assert game.state["result"] == "won"
    shown = fields((await harness.run("rfa stats show", user=alice, place=channel)).only())
    assert shown[t("stats.won", "en")] == "1", shown
    board = fields((await harness.run("rfa stats leaderboard", user=alice, place=channel)).only())
    for period in ("month", "all"):
        wins = board[t(f"stats.board_wins_{period}", "en")]
        assert wins == t("stats.board_wins_line", "en", place=1, player="Alice", wins=1), board
