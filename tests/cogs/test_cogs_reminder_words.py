"""The plain reminder's words: one player is addressed in the singular (German "dich"), several in the plural."""
from __future__ import annotations

from bot.i18n import t


async def test_a_solo_players_reminder_says_dich_not_euch(harness, alice, monkeypatch):
    """A German tour's solo game reminded its one player three times with "das Spiel wartet auf euch"."""
    harness.locale = "de"
    dm = harness.dm()
    await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    cog = harness.bot.get_cog("Reminders")
    clock = [game.last_activity_at + harness.bot.settings.reminder_minutes * 60 + 1]
    monkeypatch.setattr(cog, "clock", lambda: clock[0])
    mark = len(harness.rec.order)
    await cog.send_reminders()
    [reminder] = harness.rec.since(mark)
    assert reminder.text().startswith(f"<@{alice.id}>, das Spiel wartet auf dich: "), reminder.text()
    assert "euch" not in reminder.text()


def test_several_players_are_addressed_in_the_plural():
    params = {"players": "<@1> <@2>", "decision": "x", "count": 1, "limit": 3}
    assert "wartet auf euch" in t("play.reminder_several", "de", **params)
    assert "wartet auf dich" in t("play.reminder", "de", **params)
    # French speaks "vous" to one player as to several; Korean has no number to agree
    assert t("play.reminder", "fr", **params) == t("play.reminder_several", "fr", **params)


def test_korean_honours_each_person_addressed_not_the_list():
    """Reminders and end notices named several people with one 님 after the whole list ("<@1> <@2> 님, …")."""
    from cogs.seats import mentioned

    players = mentioned([1, 2], "ko", " ")
    assert players == "<@1> 님 <@2> 님"
    assert t("play.reminder_several", "ko", players=players, decision="x", count=1, limit=3).startswith(
        "<@1> 님 <@2> 님, 게임이")
    assert t("lobby.ended_for", "ko", players=mentioned([1, 2], "ko")) == "<@1> 님, <@2> 님, 게임이 결과 없이 끝났어요."
    assert mentioned([1, 2], "en", " ") == "<@1> <@2>" and mentioned([7], "de") == "<@7>"
