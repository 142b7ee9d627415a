"""Each hand's message shows how the previous hand ended (``last_hand.png``). Tour t14, D2: against a bot that
moves at once, the bot's move ended a hand and its opening reroll of the next one followed in the same breath;
the picture was decided by the current phase (the opponent's reroll still due), so every other hand's result
was never drawn."""
from __future__ import annotations

from poker_kit import due_seat

from bot.i18n import t


def channel_posts(harness, place) -> list:
    return [m for m in harness.rec.order if m.channel_id == place.channel_id and m.files]


async def test_every_finished_hand_is_shown_against_a_bot_that_moves_at_once(poker, alice, fixed_seed):
    place = poker.channel()
    created = await poker.run("poker new", user=alice, place=place, bots=1, level="best")
    lobby = next(m for m in created.messages if m.buttons())
    await poker.click(lobby, user=alice, place=place, label="Start")
    await poker.bot.bots.idle()
    game = await poker.bot.sessions.game_in_channel(place.channel_id)
    seen: dict[int, tuple[list[str], str]] = {}
    while game.status == "active" and game.state["hand"] <= 4:
        assert due_seat(game) == 0, "the bot's decisions are played at once"
        await poker.run("poker keep", user=alice, place=place, dice="all")
        await poker.bot.bots.idle()
        game = await poker.bot.sessions.load(game.id)
        if game.status == "active":
            post = channel_posts(poker, place)[-1]
            shown = post.alt_text("last_hand.png") if "last_hand.png" in post.file_names() else ""
            seen[game.state["hand"]] = post.file_names(), shown
    assert len(seen) >= 3 and {hand % 2 for hand in seen} == {0, 1}, "hands ended by the bot and by alice"
    for hand, (files, alt) in seen.items():
        assert files == ["last_hand.png", "hand.png"], (hand, files)
        assert alt.startswith(t("dicepoker.alt.hand", "en", hand=hand - 1, hands=game.state["options"]["hands"],
                                pot=3)), (hand, alt)
