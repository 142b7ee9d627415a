"""A newcomer finds a finished game again: its number in the final post and in stats, and ``game:`` of ``replay``
and ``log`` offering the player's own games by autocomplete (tester t11: "game:" was a bare number shown
nowhere, and ``/rp replay`` opened the latest game of the channel)."""
from __future__ import annotations

from history_kit import finish, solo_game

from bot.i18n import t


async def test_the_final_post_names_the_game_and_its_replay_command(harness, alice):
    game, _ = await solo_game(harness, alice)
    posts = await finish(harness, game.id)
    text = "\n".join(p.text() for p in posts)
    assert f"This was game #{game.id}: `/rp replay game:{game.id}`" in text, text


async def test_game_is_completed_with_the_players_own_games_newest_first(harness, alice, bob):
    first, _ = await solo_game(harness, alice)
    await finish(harness, first.id)
    second, place = await solo_game(harness, alice)
    await finish(harness, second.id)
    others, _ = await solo_game(harness, bob)
    await finish(harness, others.id)
    total = (await harness.bot.store.finished_results(user_id=alice.id, kind="rollplayer"))[0].total
    for command in ("rp replay", "rp log"):
        choices = await harness.autocomplete(command, "game", user=alice, place=place, game="")
        assert [c["value"] for c in choices] == [second.id, first.id], choices
        assert choices[0]["name"].startswith(f"#{second.id} solo: {total} reputation, "), choices
    # what was typed narrows the list; the chosen number opens that game
    assert [c["value"] for c in await harness.autocomplete("rp replay", "game", user=alice, place=place,
                                                           game=str(first.id))] == [first.id]
    opened = (await harness.run("rp replay", user=alice, place=place, game=first.id)).only()
    assert f"#{first.id}" in opened.text(), opened.text()
    harness.locale = "de"
    [german, _] = await harness.autocomplete("rp replay", "game", user=alice, place=place, game="")
    assert german["name"].startswith(f"#{second.id} Solo: {total} Ansehen, "), german


async def test_a_cooperative_solo_game_says_won_or_lost_and_its_power_stones(harness, alice):
    """``/rfa stats show`` read "Best solo game: 0" after an adventure lost with 7 enemies defeated."""
    game, place = await solo_game(harness, alice, group="rfa")
    await finish(harness, game.id)
    [row] = await harness.bot.store.finished_results(user_id=alice.id, kind="rollforadventure")
    outcome = "won" if row.place == 1 else "lost"
    shown = (await harness.run("rfa stats show", user=alice, place=place)).only()
    best = {f["name"]: f["value"] for f in shown.embeds[0]["fields"]}[t("stats.best_solo", "en")]
    assert best.startswith(f"{outcome}, {row.total} of ") and best.endswith(f"power stones, game #{game.id}"), best
    [choice] = await harness.autocomplete("rfa replay", "game", user=alice, place=place, game="")
    assert f"{outcome}, {row.total} of " in choice["name"], choice
