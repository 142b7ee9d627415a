"""A solo adventure won with a Forest stone, as a Korean tour won it (t12). Defect 4: after Dan won `/rfa solo`,
`/rfa stats show` said "Won: 1" and `/rfa stats leaderboard` "Most wins this month: nobody yet", since the board
counted first places against others only; one rule (``cogs.stats.is_win``) serves both now. Defect 10: the
Forest's border still moved after "Victory!"; after the winning stone nothing moves on."""
from __future__ import annotations

from rfa_clicks import KIND, click_move, latest_turn_post

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.rollforadventure import PRESENTATION

#: a solo game (random heroes) that the team policy, move ``n`` chosen with seed ``n``, wins with a Forest stone
WON_SEED = 10


def fields(message) -> dict[str, str]:
    [embed] = message.embeds
    return {f["name"]: f["value"] for f in embed.get("fields", [])}


async def win_solo(harness, alice, monkeypatch):
    """Alice, seen in a server channel, wins a solo adventure in her DM; (the channel, the DM, the game)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: WON_SEED)
    channel = harness.channel()
    await harness.run("rfa rules", user=alice, place=channel)          # Alice is seen in the server
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert game.state["options"] == KIND.create(1, 0, PRESENTATION.game_options({}, solo=True))["options"]
    n = 0
    while True:
        seat = KIND.pending(game.state)[0]["seat"]
        move = policy.choose_move(game.state, seat, n)
        if KIND.is_finished(KIND.apply(game.state, seat, move)[0]):
            break
        await harness.bot.sessions.apply(game.id, alice.id, move, locale="en")
        game = await harness.bot.sessions.load(game.id)
        n += 1
    await harness.bot.courier.deliver(game.id)
    await click_move(harness, latest_turn_post(harness, dm), game, move, user=alice, place=dm)   # the last by click
    game = await harness.bot.sessions.load(game.id)
    assert game.state["result"] == "won"
    return channel, dm, game


async def test_a_won_solo_adventure_is_a_win_in_stats_and_on_the_leaderboard(harness, alice, monkeypatch):
    channel, _, _ = await win_solo(harness, alice, monkeypatch)
    shown = fields((await harness.run("rfa stats show", user=alice, place=channel)).only())
    assert shown[t("stats.won", "en")] == "1", shown
    board = fields((await harness.run("rfa stats leaderboard", user=alice, place=channel)).only())
    for period in ("month", "all"):
        wins = board[t(f"stats.board_wins_{period}", "en")]
        assert wins == t("stats.board_wins_line", "en", place=1, player="Alice", wins=1), board


async def test_no_border_moves_after_the_winning_forest_stone(harness, alice, monkeypatch):
    _, dm, game = await win_solo(harness, alice, monkeypatch)
    text = "\n".join(m.text() for m in harness.rec.order if m.channel_id == dm.channel_id and not m.deleted)
    won = t("rollforadventure.event.won", "en", stones=game.state["stones"])
    stone = t("rollforadventure.event.stone", "en", territory="Forest", stones=5, needed=5)
    assert won in text and stone in text, text[-1500:]
    after = text[text.rindex(won):]
    assert "forest boundary moves" not in after, after[:400]
