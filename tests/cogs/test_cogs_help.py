"""/rp help and /rp rules through real interactions."""
from __future__ import annotations

from bot.i18n import t
from cogs.rollplayer import PRESENTATION

RULE_TOPICS = PRESENTATION.rules_topics


async def test_help_lists_every_command_privately(harness, alice):
    place = harness.channel()
    result = await harness.run("help", user=alice, place=place)
    message = result.only()
    assert message.ephemeral
    assert message.kind == "response"
    text = message.text()
    for name in ("new", "join", "start", "solo", "rules", "status", "abandon"):
        assert f"/rp {name}" in text
    assert "⟦" not in text


async def test_help_works_in_dm(harness, alice):
    result = await harness.run("help", user=alice, place=harness.dm())
    assert result.only().ephemeral
    assert t("help.title", "en") in result.only().text()


async def test_rules_every_topic(harness, alice):
    place = harness.channel()
    for topic in RULE_TOPICS:
        result = await harness.run("rules", user=alice, place=place, topic=topic)
        message = result.only()
        assert message.ephemeral
        assert t(f"rules_topic.{topic}.title", "en") == message.embeds[0]["title"]
        assert message.embeds[0]["description"] == t(f"rules_topic.{topic}.text", "en")


async def test_rules_default_topic_is_overview(harness, alice):
    result = await harness.run("rules", user=alice, place=harness.channel())
    assert result.only().embeds[0]["title"] == t("rules_topic.overview.title", "en")


async def test_rules_unknown_topic_is_refused(harness, alice):
    result = await harness.run("rules", user=alice, place=harness.channel(), topic="dragons")
    message = result.only()
    assert message.ephemeral
    assert "dragons" in message.text()
    assert "overview" in message.text()
