"""t11 (a newcomer's first days), defect 7: what a solo newcomer is offered fits the game.

``/rfa solo`` offered "opponents: Play against the bot: how many bot opponents" in a co-operative game (its
bots play on the player's side) and a ``level`` option whose one choice was "normal"."""
from __future__ import annotations

from bot.i18n import t
from tests.cogs.test_cogs_option_names import every_option_list


def _options(payloads, where: str) -> dict[str, dict]:
    return {o["name"]: o for w, options in every_option_list(payloads) if w == where for o in options}


async def test_a_co_operative_solo_offers_bot_teammates_and_no_level_of_one_choice(payloads):
    rfa = _options(payloads, "/rfa solo")
    assert "opponents" not in rfa and "level" not in rfa, sorted(rfa)
    assert rfa["teammates"]["description"] == t("cmd.teammates.describe", "en")
    for locale in ("de", "fr", "ko"):
        assert rfa["teammates"]["description_localizations"][locale] == t("cmd.teammates.describe", locale)
    rp = _options(payloads, "/rp solo")           # a game played against the bots, at three levels, keeps both
    assert "opponents" in rp and len(rp["level"]["choices"]) == 3


async def test_rfa_solo_with_a_bot_teammate_seats_it(harness, alice):
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm, teammates=1)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert len(game.seats) == 2 and game.seats[1].is_ai
