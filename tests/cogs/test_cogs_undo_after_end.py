"""``/<game> undo`` right after a game's last move says the game is over and its last move stands. A German tour:
Cleo kept all her dice in the last hand (the match ended), typed ``/poker undo`` and read "There is no open game
in this channel. Open one with `/poker new`.", as if there had been no game; the same in Roll Player and Roll for
Adventure (the refusal is the shell's, one for every game)."""
from __future__ import annotations

from bot.i18n import t


async def test_undo_after_the_last_move_says_the_game_is_over(clocked, alice, bob):
    h = clocked
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, bots=1)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=alice, place=place, label=t("button.start", "en"))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    while game.status == "active":
        await h.bot.bots.idle()
        game = await h.bot.sessions.load(game.id)
        if game.status == "active":
            await h.run("poker keep", user=alice, place=place, dice="1 2 3 4 5")
            game = await h.bot.sessions.load(game.id)
    assert game.status == "finished"
    refused = (await h.run("poker undo", user=alice, place=place)).only()
    assert refused.ephemeral and refused.text() == t("undo.game_over", "en", game=game.id, group="poker"), \
        refused.text()
    # someone who did not play there learns only that there is no game to take anything back in
    other = (await h.run("poker undo", user=bob, place=place)).only()
    assert other.text() != refused.text()
