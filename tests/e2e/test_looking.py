"""Anyone may look: during a game, seated players and onlookers ask for the status, sheets, the table and
the log, by command and by the prompt's look buttons.  The answers are private (unless a sheet is posted
on purpose), carry real pictures, and change nothing."""
from __future__ import annotations

from bot.i18n import t
from tests.e2e.flows import answer_of, game_id_of, private_answer, start_guild_game, stored_game
from tests.e2e.policy import RandomPlayer, check_png, display_name

EN = "en"


async def test_status_sheets_table_and_log(discord_stub, cast, rollbot):
    stub = discord_stub
    players = [cast.alice, cast.bob, cast.carol]
    first = await start_guild_game(stub, cast.games, players)
    game_id = game_id_of(first)
    player = RandomPlayer(stub, cast.games, players, seed=4)
    prompt = await player.play(first, until=lambda p: player.log.moves >= 12)
    version = (await stored_game(rollbot.bot, game_id)).version

    status = await private_answer(await stub.run_command(cast.dave, cast.games, "rp status"))
    assert all(f"<@{u.id}>" in status.text for u in players), status.text

    own = await private_answer(await stub.run_command(cast.alice, cast.games, "rp sheet"))
    assert own.content == t("play.sheet_of", EN, player=display_name(cast.alice))
    check_png(own, "sheet.png")
    other = await private_answer(await stub.run_command(cast.dave, cast.games, "rp sheet", player=cast.bob))
    assert other.content == t("play.sheet_of", EN, player=display_name(cast.bob))
    check_png(other, "sheet.png")
    refused = await private_answer(await stub.run_command(cast.alice, cast.games, "rp sheet", player=cast.dave))
    assert refused.content == t("error.player_not_in_game", EN, player=display_name(cast.dave))

    posted_ix = await stub.run_command(cast.carol, cast.games, "rp sheet", post=True)
    posted = await answer_of(posted_ix)
    assert not posted.ephemeral and posted.content == t("play.sheet_of", EN, player=display_name(cast.carol))
    check_png(posted, "sheet.png")

    table = await private_answer(await stub.run_command(cast.dave, cast.games, "rp table"))
    check_png(table, "table.png")

    log = await private_answer(await stub.run_command(cast.bob, cast.games, "rp log"))
    heading, *lines = log.content.splitlines()
    assert heading.startswith(f"**{t('game.rollplayer.title', EN)}"), log.content      # the log names its game
    moves = [line for line in lines if not line.startswith("-# ")]     # under each move, what the rules did after it
    assert 1 <= len(moves) <= 15 and all(". " in line for line in moves), log.content

    for user in (cast.alice, cast.dave):           # the prompt's look buttons, for a player and an onlooker
        sheet = await private_answer(await stub.click(user, prompt, label=t("button.my_sheet", EN)))
        check_png(sheet, "sheet.png")
        board = await private_answer(await stub.click(user, prompt, label=t("button.table", EN)))
        check_png(board, "table.png")

    await stub.settle()
    assert (await stored_game(rollbot.bot, game_id)).version == version, "looking changed the game"
    await player.play(until=lambda p: True)         # and the game goes on from the same prompt
    stub.assert_clean()
