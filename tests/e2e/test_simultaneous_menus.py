"""When several players decide at the same time (all of them place their starting dice), every move bumps
the game's version, and move buttons carry the version they were built for. A due player's open menu must
still work after ANOTHER player moved, as long as the clicked move is still one of their legal moves."""
from __future__ import annotations

from bot.i18n import t
from tests.e2e.flows import (
    answer_of,
    click_first_move,
    game_id_of,
    menu_with_a_move,
    private_answer,
    start_guild_game,
    stored_game,
)
from tests.e2e.policy import RandomPlayer, due_players


async def test_a_due_players_menu_survives_another_players_move(discord_stub, cast, rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    player = RandomPlayer(stub, cast.games, players, seed=7, typed_share=0.0)
    prompt = await player.play(first, until=lambda p: len(due_players(p, players)) >= 2)
    a, b = due_players(prompt, players)[:2]
    menus = {}
    for user in (a, b):
        opened = await private_answer(await stub.click(user, prompt, label=t("button.my_moves", "en")))
        menus[user.id] = await menu_with_a_move(stub, user, opened)

    await answer_of(await click_first_move(stub, a, menus[a.id]))          # a places a die
    version = (await stored_game(rollbot.bot, game_id)).version
    answer = await answer_of(await click_first_move(stub, b, menus[b.id]))  # b, on the menu opened before

    assert answer.content != t("error.stale_button", "en", group="rp"), "b's move was refused as stale"
    assert (await stored_game(rollbot.bot, game_id)).version == version + 1
    await stub.settle()
    stub.assert_clean()
