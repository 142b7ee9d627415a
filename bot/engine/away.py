"""When a player may be disturbed: away periods and quiet hours, as pure rules (no I/O; the store applies them).

Away: at most ``MAX_AWAY_S`` at a time, and at most ``BUDGET_S`` away in any ``WINDOW_S`` (every stored period
counts with its overlap of the window; an early return shortened a period to when it ended). A refusal is
``AwayRefused`` and a bad setting ``PrefsRefused``: each with a stable ``code`` and ``params`` for the shell to
word (``away.error.<code>``, ``prefs.error.<code>``); neither changes anything.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, available_timezones

from .records import NOTIFY_MODES, PlayerPrefs

DAY = 86_400
MAX_AWAY_S = 14 * DAY
WINDOW_S = 60 * DAY
BUDGET_S = 30 * DAY
MINUTES_PER_DAY = 24 * 60


class Refused(ValueError):
    """A request the rules refuse: ``code`` is stable, ``params`` fill the player's message."""

    def __init__(self, code: str, **params: Any):
        self.code, self.params = code, params
        super().__init__(f"{code}: {params}" if params else code)


class AwayRefused(Refused):
    """``ends_before_start``, ``starts_in_past``, ``too_long`` (max_s), ``overlaps`` (starts_at, ends_at of the
    period in the way) or ``over_budget`` (window_start, window_end, used_s: the time already away in that
    window, left_s: what is left of ``BUDGET_S`` there)."""


class PrefsRefused(Refused):
    """``unknown_field`` (field), ``bad_notify`` (value), ``bad_quiet_hours`` or ``unknown_zone`` (zone)."""


def _overlap(start: float, end: float, lo: float, hi: float) -> float:
    return max(0.0, min(end, hi) - max(start, lo))


def check_away(start: float, end: float, now: float, periods: Iterable[tuple[float, float]]) -> None:
    """Refuse (``AwayRefused``) a new period [start, end) given the player's stored ``periods`` (at least
    those ending after ``start - WINDOW_S`` and starting before ``end + WINDOW_S``)."""
    if end <= start:
        raise AwayRefused("ends_before_start")
    if start < now:
        raise AwayRefused("starts_in_past")
    if end - start > MAX_AWAY_S:
        raise AwayRefused("too_long", max_s=MAX_AWAY_S)
    periods = [(float(s), float(e)) for s, e in periods]
    for s, e in periods:
        if s < end and start < e:
            raise AwayRefused("overlaps", starts_at=s, ends_at=e)
    # The time away in the window [w, w + WINDOW_S) is piecewise linear in w, so its largest value over the
    # windows that touch the new period is at one where a window edge meets a period edge, or at an end.
    edges = [start, end] + [x for period in periods for x in period]
    candidates = {min(max(x - shift, start - WINDOW_S), end) for x in edges for shift in (0, WINDOW_S)}
    for w in sorted(candidates):
        used = sum(_overlap(s, e, w, w + WINDOW_S) for s, e in periods)
        if used + _overlap(start, end, w, w + WINDOW_S) > BUDGET_S:
            raise AwayRefused("over_budget", window_start=w, window_end=w + WINDOW_S, used_s=used,
                              left_s=max(0.0, BUDGET_S - used))


def check_prefs(changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` to a player's settings (``PlayerPrefs`` fields but ``user_id``) checked and normalised;
    quiet hours change as a pair (``quiet_start`` and ``quiet_end``, both minutes of the day or both None)."""
    known = set(PlayerPrefs.__slots__) - {"user_id"}
    for name in changes:
        if name not in known:
            raise PrefsRefused("unknown_field", field=name)
    out = dict(changes)
    if "notify" in out and out["notify"] not in NOTIFY_MODES:
        raise PrefsRefused("bad_notify", value=out["notify"])
    if "quiet_start" in out or "quiet_end" in out:
        pair = (out.get("quiet_start", ...), out.get("quiet_end", ...))
        if pair != (None, None) and not (all(isinstance(m, int) and not isinstance(m, bool)
                                             and 0 <= m < MINUTES_PER_DAY for m in pair) and pair[0] != pair[1]):
            raise PrefsRefused("bad_quiet_hours")
    if "time_zone" in out:
        out["time_zone"] = zone(out["time_zone"]).key
    if "dm_closed_told" in out:
        out["dm_closed_told"] = bool(out["dm_closed_told"])
    language = out.get("locale")
    if language is not None and not (isinstance(language, str) and 0 < len(language) <= 16):
        raise PrefsRefused("bad_locale", value=language)
    return out


def zone(name: Any) -> ZoneInfo:
    """The IANA time zone ``name`` ("Europe/Berlin"); ``PrefsRefused("unknown_zone")`` for anything else."""
    if not isinstance(name, str) or name not in time_zones():
        raise PrefsRefused("unknown_zone", zone=name)
    return ZoneInfo(name)


@cache
def time_zones() -> frozenset[str]:
    """Every IANA zone name this system knows (read once; also what a zone picker offers), but the files that
    name no zone of their own (the server's ``localtime``)."""
    return frozenset(available_timezones()) - {"localtime", "posixrules", "Factory"}


def zone_name(typed: str) -> str:
    """The IANA zone ``typed`` names, however its letters are cased or its underscores typed as spaces ("asia/seoul",
    "america/new york" → "Asia/Seoul", "America/New_York": a tour's player was refused "asia/seoul"); ``typed``
    itself when it names none (the check that follows refuses it, as typed)."""
    if typed in time_zones():
        return typed
    folded = typed.strip().replace(" ", "_").casefold()
    return _zones_folded().get(folded, typed)


@cache
def _zones_folded() -> dict[str, str]:
    return {name.casefold(): name for name in time_zones()}


def quiet_until(prefs: PlayerPrefs, at: float) -> float | None:
    """When the player's quiet hours that are running at ``at`` end (Unix seconds); None when none run."""
    if prefs.quiet_start is None or prefs.quiet_end is None:
        return None
    local = datetime.fromtimestamp(at, zone(prefs.time_zone))
    minute = local.hour * 60 + local.minute
    start, end = prefs.quiet_start, prefs.quiet_end
    if not (start <= minute < end if start < end else minute >= start or minute < end):
        return None
    ends = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if ends <= local:
        ends = (ends.replace(tzinfo=None) + timedelta(days=1)).replace(tzinfo=local.tzinfo)
    return ends.timestamp()
