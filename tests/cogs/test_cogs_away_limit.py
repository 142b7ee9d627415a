"""``/away until``'s 14-day limit and its words agree: today counts as the first day, so the last day allowed is 13
days from today, and a refusal names it (a German tour typed ``tag:14``, was told "höchstens 14 Tage am Stück" and
could not see why 14 was too many)."""
from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.engine.away import MAX_AWAY_S
from bot.i18n import t
from cogs.away import last_day_allowed, until_of

UTC = ZoneInfo("UTC")
NOW = datetime(2026, 11, 26, 10, 0, tzinfo=UTC).timestamp()
TODAY = datetime(2026, 11, 26).date()


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_day_14_is_refused_naming_the_last_day_allowed_and_day_13_is_accepted(harness, alice, locale):
    harness.locale = {"en": "en-US"}.get(locale, locale)
    harness.bot.courier.away.clock = lambda: NOW
    last = (TODAY + timedelta(days=13)).isoformat()
    refused = (await harness.run("away until", user=alice, place=harness.channel(), day="14")).only()
    assert refused.ephemeral
    assert refused.content == t("away.error.too_long", locale, max_days="14", last_day=last, days=13)
    assert last in refused.content and "13" in refused.content
    assert await harness.bot.sessions.store.away_periods(alice.id, 0, 2e10) == []
    # the day it names is accepted, by date as by number
    saved = (await harness.run("away until", user=alice, place=harness.channel(), day=last)).only()
    assert saved.ephemeral and saved.content.startswith(t("away.saved", locale, date="\x00", zone="UTC")
                                                        .split("\x00")[0])
    [period] = await harness.bot.sessions.store.away_periods(alice.id, 0, 2e10)
    assert period.ends_at == until_of("13", "UTC", NOW) and period.ends_at - NOW <= MAX_AWAY_S


def test_the_last_day_allowed_is_the_last_that_ends_within_14_days_in_the_players_zone():
    for zone_name in ("UTC", "Asia/Seoul", "America/Adak", "Europe/Berlin"):
        today = datetime.fromtimestamp(NOW, ZoneInfo(zone_name)).date()
        last = last_day_allowed(zone_name, NOW)
        assert until_of(last.isoformat(), zone_name, NOW) - NOW <= MAX_AWAY_S
        assert until_of((last + timedelta(days=1)).isoformat(), zone_name, NOW) - NOW > MAX_AWAY_S
        assert (last - today).days == 13, zone_name
    midnight = datetime(2026, 11, 26, tzinfo=UTC).timestamp()      # a whole today: still 13 more days at most
    assert last_day_allowed("UTC", midnight) == TODAY + timedelta(days=13)
