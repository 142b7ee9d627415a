"""The away book's cache keeps the click path cheap: a player known not to be away costs no query; one away is
brought back with one store call. ``until_of``: the end of the named day in the player's time zone."""
from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from bot.engine.records import AwayPeriod
from cogs.away import AwayBook, last_day_allowed, until_of
from cogs.core import Refusal

NOW = datetime(2026, 11, 26, 10, 0, tzinfo=ZoneInfo("UTC")).timestamp()


class Store:
    def __init__(self, away: dict[int, float]):
        self.away, self.calls = away, []

    async def current_away(self, user_ids, now):
        self.calls.append("current_away")
        return {u: AwayPeriod(user_id=u, starts_at=now - 1, ends_at=self.away[u]) for u in user_ids if u in self.away}

    async def end_away(self, user_id, now):
        self.calls.append("end_away")
        ends = self.away.pop(user_id, None)
        return None if ends is None else AwayPeriod(user_id=user_id, starts_at=now - 1, ends_at=now)


async def test_a_click_reads_the_store_only_when_the_player_may_be_away():
    store = Store({1: NOW + 3600})
    book = AwayBook(SimpleNamespace(store=store))
    assert not await book.came_back(2, NOW) and store.calls == ["current_away"]
    assert not await book.came_back(2, NOW) and store.calls == ["current_away"]      # cached: no query
    assert await book.came_back(1, NOW) and store.calls == ["current_away", "current_away", "end_away"]
    assert not await book.came_back(1, NOW + 1) and len(store.calls) == 3            # back: no query
    await book.away([3], NOW)                                                        # asked by the clock
    assert not await book.came_back(3, NOW) and len(store.calls) == 4


def test_until_is_the_end_of_the_day_in_the_players_time_zone():
    seoul = ZoneInfo("Asia/Seoul")
    assert until_of("2026-11-28", "Asia/Seoul", NOW) == datetime(2026, 11, 29, tzinfo=seoul).timestamp()
    # 10:00 UTC is already 19:00 on the 26th in Seoul: "2" days is the end of the 28th there
    assert until_of("2", "Asia/Seoul", NOW) == datetime(2026, 11, 29, tzinfo=seoul).timestamp()
    assert until_of("0", "UTC", NOW) == datetime(2026, 11, 27, tzinfo=ZoneInfo("UTC")).timestamp()
    for junk in ("soon", "2026-13-01", "-3", "1e3"):
        with pytest.raises(Refusal):
            until_of(junk, "UTC", NOW)


def test_the_last_day_a_calendar_holds_is_refused_as_too_long_not_a_crash():
    """A tour typed 9999-12-31: the day after it does not exist, and the bot answered "something went wrong"."""
    for zone_name in ("UTC", "Pacific/Kiritimati", "America/Adak"):
        with pytest.raises(Refusal) as refused:
            until_of("9999-12-31", zone_name, NOW)
        assert refused.value.key == "away.error.too_long" and refused.value.params == {
            "max_days": "14", "last_day": last_day_allowed(zone_name, NOW).isoformat(), "days": 13}
