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


async def test_help_in_a_dm_marks_the_server_only_commands(harness, alice):
    """t11: /help in a DM listed "/find — Find players for a game on this server" among the commands for
    every game, and "For server admins: /rp defaults …": neither works there. Now they stand under headings
    that say so ("Only in a server", "For server admins (only in a server)"); in a server, as before."""
    for locale in ("en", "de", "fr", "ko"):
        harness.locale = locale
        [embed] = (await harness.run("help", user=alice, place=harness.dm())).only().embeds
        fields = {f["name"]: f["value"] for f in embed["fields"]}
        assert t("guide.admin", locale) not in fields and t("guide.admin_in_server", locale) in fields
        apart = fields[t("guide.server_only", locale)].split("\n")        # /find, /seat: one line each
        assert len(apart) == 2 and all(line.startswith("`/") and line not in fields[t("guide.everywhere", locale)]
                                       for line in apart)
        [embed] = (await harness.run("help", user=alice, place=harness.channel())).only().embeds
        names = [f["name"] for f in embed["fields"]]
        assert t("guide.admin", locale) in names and t("guide.server_only", locale) not in names


async def test_every_games_help_names_the_daily_challenge_and_marks_the_admin_block_in_a_dm(harness, alice):
    """t11: no game's help named /daily; in a DM each repeated "For server admins" as if usable there."""
    for group in ("rp", "poker", "rfa"):
        for locale in ("en", "de", "fr", "ko"):
            harness.locale = locale
            [embed] = (await harness.run(f"{group} help", user=alice, place=harness.dm())).only().embeds
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            assert t("guide.admin", locale) not in fields and t("guide.admin_in_server", locale) in fields
            daily = fields[t("help.section.daily", locale)]
            assert daily.count("\n") == 0 and t("cmd.daily.description", locale) in daily
