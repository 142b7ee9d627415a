"""The daily board's equal scores: every Roll for Adventure team that lost without a power stone scored 0, and the
board listed those players alphabetically, as if one had done better. The printed rules score a lost adventure no
further than won or lost and the stones gathered, so today's board says "lost, 0 of 5 power stones" and puts
whoever finished first first, and says so."""
from __future__ import annotations

from datetime import datetime, timezone

from history_kit import finish

from bot.i18n import t

DAY1 = datetime(2026, 11, 26, 12, tzinfo=timezone.utc).timestamp()


async def lost_daily(harness, user, finished_at: float) -> int:
    """The user's Roll for Adventure daily played to its end, then recorded as lost without a stone at
    ``finished_at`` (the deal's own outcome is the dice's: the test fixes the one it is about)."""
    dm = harness.dm()
    await harness.run("daily play", user=user, place=dm, game="rollforadventure")
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    await finish(harness, game.id)
    store = harness.bot.store
    await store._exec("UPDATE results SET total = 0, place = 2 WHERE game_id = :g", {"g": game.id})
    await store._exec("UPDATE games SET finished_at = :t WHERE id = :g", {"g": game.id, "t": finished_at})
    return game.id


def board_lines(message, locale: str = "en") -> list[str]:
    [embed] = message.embeds
    field = next(f for f in embed["fields"] if f["name"] == t("daily.board_everywhere", locale))
    return field["value"].splitlines()


async def test_lost_dailies_tie_broken_by_who_finished_first_and_said_lost(harness, alice, bob):
    harness.bot.daily.clock = lambda: DAY1
    await lost_daily(harness, bob, DAY1 + 60)                 # Bob finished first: he comes first, not Alice
    await lost_daily(harness, alice, DAY1 + 600)
    [answer] = (await harness.run("daily board", user=alice, place=harness.dm(), game="rollforadventure")).messages
    assert answer.ephemeral
    lost = t("rollforadventure.result_lost", "en", score="0", needed=5)
    names = [t("daily.a_player", "en"), "Alice"]             # Bob shares no server with Alice: not named to her
    assert board_lines(answer) == [t("daily.board_line_today", "en", place=i + 1, player=name, score=lost)
                                   for i, name in enumerate(names)], board_lines(answer)
    assert t("daily.board_ties_today", "en") in answer.embeds[0]["description"]
    harness.locale = "ko"
    [answer] = (await harness.run("daily board", user=alice, place=harness.dm(), game="rollforadventure")).messages
    assert board_lines(answer, "ko")[1] == t("daily.board_line_today", "ko", place=2, player="Alice",
                                             score=t("rollforadventure.result_lost", "ko", score="0", needed=5))
    # a person is named with 님, as on every other board; the unnamed stranger ("어떤 플레이어") is no name to honour
    assert board_lines(answer, "ko")[1].startswith("2. Alice 님 — "), board_lines(answer, "ko")
    assert board_lines(answer, "ko")[0].startswith(f"1. {t('daily.a_player', 'ko')} — "), board_lines(answer, "ko")
    assert t("daily.board_ties_today", "ko") in answer.embeds[0]["description"]
    harness.locale = "en-US"
