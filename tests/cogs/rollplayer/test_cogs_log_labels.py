"""``/rp log`` words each move as it was when it was played: the die on the Initiative card taken was read from
the table as it is now, where the card is empty once taken (a Korean playground tour saw "Take Initiative
card 1:" with nothing after it)."""
from __future__ import annotations

import re

from test_cogs_step_picture import play_steps

from bot.i18n import t


async def test_the_log_names_the_die_of_every_initiative_card_taken(harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, _ = await play_steps(harness, [alice, bob], place, 60)
    records = await harness.bot.sessions.move_log(game.id)
    takes = [r for r in records if r.move.get("type") == "take"]
    assert takes, "the game reached the Dice Phase"
    lines = []
    for page in range(0, len(records), 15):
        log = await harness.bot.get_cog("History").log_page(game, page // 15, "en")
        lines += log[0].splitlines()
    shown = {int(line.split(".")[0]): line for line in lines}
    colours = "|".join(t(f"colour.{c}", "en") for c in ("red", "blue", "green", "purple", "black", "white", "gold"))
    for record in takes:
        line = shown[record.seq]
        assert re.search(rf": ({colours}) \d", line.split(": ", 1)[1]), line
