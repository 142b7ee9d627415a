"""Turning a finished game's score into one total and place per seat, for the results table.

The contract only says ``score(state)`` is an itemised JSON-able dict, so the engine reads it in this order:

1. the kind's own ``results(state) -> [{"seat", "total", "place"}]`` if it defines one;
2. ``score["ranking"]``: a list of ``{"index" or "seat", "place", "total"}`` (the kind ranked the seats
   itself, with its own tie-breakers — Roll Player does this);
3. ``score["seats"]`` or ``score["players"]``: per-seat dicts with a numeric ``"total"`` (optionally
   ``"seat"`` and a numeric ``"tiebreak"``), ranked here;
4. ``score["total"]`` for a one-seat game.

Engine-side ranking is competition ranking: higher (total, tiebreak) first, equal ones share a place
("1224"). When none of these shapes is present the game still finishes, with total and place left empty.
"""
from __future__ import annotations

from typing import Any

from .records import SeatResult


def _ranked(keys: dict[int, tuple[Any, Any]]) -> dict[int, int]:
    order = sorted(keys, key=lambda s: keys[s], reverse=True)
    places: dict[int, int] = {}
    for index, seat in enumerate(order):
        if index and keys[seat] == keys[order[index - 1]]:
            places[seat] = places[order[index - 1]]
        else:
            places[seat] = index + 1
    return places


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _from_ranking(ranking: Any, seat_count: int) -> tuple[SeatResult, ...] | None:
    if not isinstance(ranking, list) or len(ranking) != seat_count:
        return None
    found: dict[int, SeatResult] = {}
    for entry in ranking:
        if not isinstance(entry, dict):
            return None
        seat = entry.get("seat", entry.get("index"))
        if not isinstance(seat, int) or not _number(entry.get("total")) or not isinstance(entry.get("place"), int):
            return None
        found[seat] = SeatResult(seat, entry["total"], entry["place"])
    if sorted(found) != list(range(seat_count)):
        return None
    return tuple(found[s] for s in range(seat_count))


def _from_totals(score: dict, seat_count: int) -> tuple[SeatResult, ...] | None:
    keys: dict[int, tuple[Any, Any]] = {}
    entries = score.get("seats", score.get("players"))
    if isinstance(entries, list) and len(entries) == seat_count:
        for index, entry in enumerate(entries):
            if not isinstance(entry, dict) or not _number(entry.get("total")):
                return None
            keys[int(entry.get("seat", index))] = (entry["total"], entry.get("tiebreak", 0))
    elif seat_count == 1 and _number(score.get("total")):
        keys[0] = (score["total"], score.get("tiebreak", 0))
    if sorted(keys) != list(range(seat_count)):
        return None
    places = _ranked(keys)
    return tuple(SeatResult(seat, keys[seat][0], places[seat]) for seat in range(seat_count))


def seat_results(kind: Any, state: Any, seat_count: int, score: dict) -> tuple[SeatResult, ...]:
    rows = kind.results(state)
    if rows is not None:
        return tuple(SeatResult(int(r["seat"]), r.get("total"), r.get("place")) for r in rows)
    if isinstance(score, dict):
        found = _from_ranking(score.get("ranking"), seat_count) or _from_totals(score, seat_count)
        if found is not None:
            return found
    return tuple(SeatResult(seat, None, None) for seat in range(seat_count))
