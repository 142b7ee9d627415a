"""A move that ends the player's step says "Done: …" with an Undo button while ``/poker undo`` could still take it
back. A German tour: "Done: Keep all five dice" had no Undo, yet ``/poker undo`` took it back; a player who uses
only buttons never learnt that the move could be taken back."""
from __future__ import annotations

from test_cogs_stand_in import fast_duel

from bot.i18n import t

UNDO = t("button.undo", "en")
KEEP_ALL = t("dicepoker.move.keep_all", "en")


async def test_done_offers_undo_while_the_move_can_be_taken_back(clocked, alice, bob):
    h = clocked
    place, game = await fast_duel(h, alice, bob)
    live = next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and m.layout and m.buttons())
    mine = (await h.click(live, user=bob, place=place, label=t("button.my_moves", "en"))).only()
    button = next(b for b in mine.buttons() if b.get("label", "").startswith(KEEP_ALL))
    await h.click(mine, user=bob, place=place, custom_id=button["custom_id"])
    assert mine.text().startswith(t("play.done", "en", move="")), mine.text()
    assert [b["label"] for b in mine.buttons()] == [UNDO], mine.buttons()
    undone = await h.click(mine, user=bob, place=place, label=UNDO)
    assert t("undo.done", "en", move="") in undone.text() + mine.text()
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 1, "his decision is his again"
