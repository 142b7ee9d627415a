"""The away rules and the settings' checks (bot/engine/away.py, pure): examples, and hypothesis against a
brute-force count of every 60-day window on a whole-day grid."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.away import (
    BUDGET_S,
    DAY,
    MAX_AWAY_S,
    WINDOW_S,
    AwayRefused,
    PrefsRefused,
    check_away,
    check_prefs,
    quiet_until,
)
from bot.engine.records import PlayerPrefs

NOW = 1_700_000_000.0


def refusal(start, end, periods, now=NOW):
    try:
        check_away(start, end, now, periods)
    except AwayRefused as refused:
        return refused
    return None


def days(*pairs):
    return [(NOW + a * DAY, NOW + b * DAY) for a, b in pairs]


def test_examples():
    assert refusal(NOW, NOW + MAX_AWAY_S, []) is None
    assert refusal(NOW, NOW + MAX_AWAY_S + 1, []).params == {"max_s": MAX_AWAY_S}
    assert refusal(NOW, NOW, []).code == "ends_before_start"
    assert refusal(NOW - 1, NOW + DAY, []).code == "starts_in_past"
    assert refusal(*days((5, 6))[0], days((0, 10))).params == {"starts_at": NOW, "ends_at": NOW + 10 * DAY}
    assert refusal(*days((10, 11))[0], days((0, 10))) is None                  # back to back is fine
    # 14 + 14 days in the last 60: 2 more are fine, 3 are not (29 + 3 > 30 counting only the window's part)
    past = days((-50, -36), (-30, -16))
    assert refusal(*days((0, 2))[0], past) is None
    over = refusal(*days((0, 3))[0], past)
    assert over.code == "over_budget" and over.params["used_s"] == 28 * DAY and over.params["left_s"] == 2 * DAY
    # an early return shortened the second period to 10 days: now 6 fit (window [-50, 10): 14 + 10 + 6)
    assert refusal(*days((0, 6))[0], days((-50, -36), (-30, -20))) is None
    assert refusal(*days((0, 7))[0], days((-50, -36), (-30, -20))).code == "over_budget"
    # a period planned ahead counts for the windows it shares with the new one
    assert refusal(*days((0, 14))[0], days((40, 54))) is None
    assert refusal(*days((0, 14))[0], days((30, 44), (50, 53))).code == "over_budget"


def brute_force_ok(start, end, periods):
    """Whole days only: every window [w, w + 60) on the day grid that touches the new period."""
    everything = [*periods, (start, end)]
    for w in range(int(start) - 60, int(end) + 1):
        if sum(max(0, min(e, w + 60) - max(s, w)) for s, e in everything) > 30:
            return False
    return True


def no_overlap(periods):
    ordered = sorted(periods)
    return all(a[1] <= b[0] for a, b in zip(ordered, ordered[1:]))


periods_st = st.lists(st.tuples(st.integers(-80, 120), st.integers(1, 14)).map(lambda p: (p[0], p[0] + p[1])),
                      max_size=8).filter(no_overlap)


@settings(max_examples=300, deadline=None, database=None)
@given(periods_st, st.integers(0, 40), st.integers(1, 14))
def test_the_budget_is_the_worst_window_of_the_brute_force(periods, start, length):
    """On the day grid (every edge a whole day) the worst window starts on a whole day, so the brute force is
    exact: the rule refuses over_budget exactly when some window would hold more than 30 days."""
    end = start + length
    scaled = [(NOW + s * DAY, NOW + e * DAY) for s, e in periods]
    found = refusal(NOW + start * DAY, NOW + end * DAY, scaled)
    if any(s < end and start < e for s, e in periods):
        assert found.code == "overlaps"
    else:
        assert (found is None) == brute_force_ok(start, end, periods), (periods, start, end, found)


@settings(max_examples=100, deadline=None, database=None)
@given(st.lists(st.tuples(st.floats(0, 400 * DAY), st.floats(60, 20 * DAY), st.booleans()), max_size=25))
def test_no_window_ever_holds_more_than_the_budget(requests):
    """Whatever players ask for (at any second, some returning early), what is accepted never puts more than
    30 days into any 60-day window, nor more than 14 into one period."""
    stored = []
    for offset, length, back_early in requests:
        now = NOW + offset
        if refusal(now, now + length, stored, now) is None:
            stored.append((now, now + (length / 3 if back_early else length)))
    assert all(e - s <= MAX_AWAY_S for s, e in stored)
    edges = {x - shift for period in stored for x in period for shift in (0, WINDOW_S)}
    for w in edges:
        assert sum(max(0.0, min(e, w + WINDOW_S) - max(s, w)) for s, e in stored) <= BUDGET_S + 1e-6


def test_settings_are_checked_and_normalised():
    assert check_prefs({"notify": "dm", "time_zone": "Asia/Seoul", "dm_closed_told": 1}) == \
        {"notify": "dm", "time_zone": "Asia/Seoul", "dm_closed_told": True}
    assert check_prefs({"quiet_start": 22 * 60, "quiet_end": 7 * 60}) == {"quiet_start": 1320, "quiet_end": 420}
    assert check_prefs({"quiet_start": None, "quiet_end": None}) == {"quiet_start": None, "quiet_end": None}
    for changes, code in (({"notify": "pigeon"}, "bad_notify"), ({"colour": "red"}, "unknown_field"),
                          ({"user_id": 5}, "unknown_field"), ({"quiet_start": 60}, "bad_quiet_hours"),
                          ({"quiet_start": 60, "quiet_end": 60}, "bad_quiet_hours"),
                          ({"quiet_start": 60, "quiet_end": 1440}, "bad_quiet_hours"),
                          ({"quiet_start": True, "quiet_end": 3}, "bad_quiet_hours"),
                          ({"quiet_start": None, "quiet_end": 3}, "bad_quiet_hours")):
        with pytest.raises(PrefsRefused) as refused:
            check_prefs(changes)
        assert refused.value.code == code
    for name in ("Mars/Olympus", "", "localtime", "../../etc/passwd", "europe/berlin", None, ["UTC"]):
        with pytest.raises(PrefsRefused) as refused:
            check_prefs({"time_zone": name})
        assert refused.value.code == "unknown_zone" and refused.value.params == {"zone": name}


def at(zone, *fields):
    return datetime(*fields, tzinfo=ZoneInfo(zone)).timestamp()


def test_quiet_hours_on_the_players_clock():
    night = PlayerPrefs(1, quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin")
    assert quiet_until(night, at("Europe/Berlin", 2026, 1, 10, 21, 59)) is None
    assert quiet_until(night, at("Europe/Berlin", 2026, 1, 10, 22, 0)) == at("Europe/Berlin", 2026, 1, 11, 7, 0)
    assert quiet_until(night, at("Europe/Berlin", 2026, 1, 11, 6, 59)) == at("Europe/Berlin", 2026, 1, 11, 7, 0)
    assert quiet_until(night, at("Europe/Berlin", 2026, 1, 11, 7, 0)) is None
    # over the change to summer time the night is an hour shorter, and still ends at 7:00 local time
    assert quiet_until(night, at("Europe/Berlin", 2026, 3, 28, 23, 0)) == at("Europe/Berlin", 2026, 3, 29, 7, 0)
    lunch = PlayerPrefs(1, quiet_start=12 * 60, quiet_end=13 * 60 + 30, time_zone="Asia/Seoul")
    assert quiet_until(lunch, at("Asia/Seoul", 2026, 5, 1, 12, 45)) == at("Asia/Seoul", 2026, 5, 1, 13, 30)
    assert quiet_until(lunch, at("Asia/Seoul", 2026, 5, 1, 13, 30)) is None
    assert quiet_until(PlayerPrefs(1), NOW) is None
