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
from tests.e2e.policy import RandomPlayer, due_players, move_options


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


async def test_a_menu_opened_while_an_earlier_answer_is_still_on_its_way_stays_open(discord_stub, cast, rollbot):
    """Discord shows a follow-up at once and answers the bot's request for it a moment later. A player whose
    move went on privately in such a follow-up, and who at once opened "My moves" on the live message, found
    that newest menu closed ("This menu is closed.") when the late answer reached the bot: the older message,
    remembered last, took its place and retired it. The newest click's message stays the player's menu; the
    late one loses its menu instead."""
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    late = stub.faults.add("POST /webhooks/{application_id}/{token}", answer_late=True, hold=1.0, times=None)
    player = RandomPlayer(stub, cast.games, players, seed=7, typed_share=0.0)
    prompt = await player.play(first, until=lambda p: len(due_players(p, players)) >= 2)
    stub.faults.clear()                      # the last move's answer is still on its way; the next ones are not
    assert late.fired, "no answer came late: the race this test is about never ran"
    menus = {}
    for user in due_players(prompt, players):
        opened = await private_answer(await stub.click(user, prompt, label=t("button.my_moves", "en")))
        menus[user.id] = await menu_with_a_move(stub, user, opened)
    await stub.settle()                      # every late answer has reached the bot

    for user in due_players(prompt, players):
        menu = menus[user.id]
        assert menu.content != t("play.menu_closed", "en") and move_options(menu), (
            f"{user.username}'s newest menu was closed by an older click's late answer: {menu!r}")
        older = [m for m in stub.messages(cast.games, visible_to=user) if m.ephemeral and m.id != menu.id
                 and move_options(m)]
        assert not older, f"{user.username} still has an older private menu: {older!r}"
    user = due_players(prompt, players)[0]
    answer = await answer_of(await click_first_move(stub, user, menus[user.id]))   # and it plays
    assert answer.content != t("error.stale_button", "en", group="rp")
    await stub.settle()
    stub.assert_clean()
