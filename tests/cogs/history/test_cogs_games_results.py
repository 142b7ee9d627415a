"""``/games``' ended games say how each went for the asker: their result with its unit ("36 reputation", "34 Gold",
power stones), won or lost, their place against others. An ended game showed its number and kind alone."""
from __future__ import annotations

from history_kit import duel, finish, solo_game
from test_cogs_ratings import poker_duel_after_one_hand

from bot.i18n import t
from cogs.replays import result_text


async def results_of(harness, game_id: int) -> dict[int, tuple]:
    """Each player's (total, place) as the store keeps them."""
    rows = await harness.bot.store.finished_results()
    return {r.user_id: (r.total, r.place, r.options) for r in rows if r.game_id == game_id}


def result_of(harness, kind: str, total, place, options, locale: str = "en") -> str:
    presentation, rules = harness.bot.games[kind], harness.bot.sessions.kinds[kind]
    return result_text(presentation, rules, total, place, options, locale)


async def games_text(harness, user, place) -> str:
    return (await harness.run("games", user=user, place=place)).only().text()


async def test_ended_games_say_the_askers_result_with_its_unit_and_place(harness, alice, bob, carol):
    place = harness.channel()
    game = await duel(harness, [alice, bob, carol], place)
    await finish(harness, game.id)
    results = await results_of(harness, game.id)
    for user in (alice, bob, carol):
        total, rank, options = results[user.id]
        words = result_of(harness, "rollplayer", total, rank, options)
        assert words == f"{total} reputation"
        want = t("mygames.result_won", "en", result=words) if rank == 1 else \
            t("mygames.result_place", "en", place=rank, players=3, result=words)
        assert want in await games_text(harness, user, place), want

    # in German, a solo night of dice poker: its Gold
    harness.locale = "de"
    night, dm = await solo_game(harness, alice, "poker")
    await finish(harness, night.id)
    total, rank, options = (await results_of(harness, night.id))[alice.id]
    want = t("mygames.result", "de", result=f"{total} Gold")
    assert want in await games_text(harness, alice, dm), want
    harness.locale = "en-US"


async def test_a_co_operative_game_says_won_or_lost_and_a_forfeit_who_won(harness, alice, bob):
    adventure, dm = await solo_game(harness, alice, "rfa")
    await finish(harness, adventure.id)
    total, rank, options = (await results_of(harness, adventure.id))[alice.id]
    words = result_of(harness, "rollforadventure", total, rank, options)
    assert "power stones" in words and words.startswith(("won, ", "lost, ")), words
    assert t("mygames.result", "en", result=words) in await games_text(harness, alice, dm)

    place = harness.channel()
    await poker_duel_after_one_hand(harness, alice, bob, place)
    await harness.run("poker abandon", user=alice, place=place)          # Alice leaves: her loss, Bob's win
    assert t("mygames.place", "en", place=2, players=2) in await games_text(harness, alice, place)
    assert t("mygames.won", "en") in await games_text(harness, bob, place)
