"""``TableMeta``: the game's settings typed, read from and written to the same JSON ``meta`` column."""
from __future__ import annotations

import pytest

from bot.engine.table import TableMeta, update_meta

#: What the shell and the turn book wrote into a game's meta before it was typed (keys as stored then).
WRITTEN_BEFORE = {
    "locale": "de", "seat_locales": {"0": "en", "1": "ko"}, "hints": True, "takeover_s": 7200, "pace": "fast",
    "bots": {"1": "hard"}, "taken_over": {"0": True}, "lobby_message_id": 1234567890123,
    "clock": {"since": {"0": 100.0}, "spent": {"0": [60.0, 1], "1": [330.0, 2]}},
    "clock_notes": {"0": {"since": 100.0, "start": 100.0, "level": 1}},
    "unposted_events": [{"key": "rp.took", "params": {"seat": 0}}], "notified": [[0, 7]], "message_mark": 3,
    "from_a_newer_version": {"kept": True},
}


def test_meta_written_by_the_untyped_code_loads_and_writes_back_the_same():
    table = TableMeta.of(WRITTEN_BEFORE)
    assert table.locale == "de" and table.seat_locales == {0: "en", 1: "ko"} and table.hints is True
    assert table.takeover_s == 7200 and table.pace == "fast" and table.bots == {1: "hard"}
    assert table.taken == {0} and table.lobby_message == 1234567890123
    assert table.due_since() == {0: 100.0} and table.seconds_spent() == {0: (60.0, 1), 1: (330.0, 2)}
    assert table.clock_notes == {0: {"since": 100.0, "start": 100.0, "level": 1}}
    assert table.notified == ([0, 7],) and table.message_mark == 3
    assert table.extra == {"from_a_newer_version": {"kept": True}}
    written = dict(WRITTEN_BEFORE)
    del written["hints"]                               # absent meant "hints on" in every version
    assert table.to_json() == written


def test_missing_and_misshapen_keys_read_as_defaults():
    assert TableMeta.of({}) == TableMeta()
    odd = TableMeta.of({"locale": 3, "seat_locales": {"x": "de", "2": "fr"}, "takeover_s": "soon", "bots": [],
                        "taken_over": {"0": False, "1": True}, "hints": None, "lobby_message_id": True,
                        "clock": "late", "notified": {}})
    assert odd.locale is None and odd.seat_locales == {2: "fr"} and odd.takeover_s == 0 and odd.bots == {}
    assert odd.taken == {1} and odd.hints is True and odd.lobby_message is None
    assert odd.due_since() == {} and odd.notified == ()
    assert TableMeta.of({"hints": False}).hints is False
    assert TableMeta().to_json() == {}
    assert TableMeta().seat_locale(0) is None and TableMeta.of(WRITTEN_BEFORE).seat_locale(5) == "de"


class Writer:
    """``SessionManager.set_meta_keys``, counting its writes."""

    def __init__(self):
        self.meta: dict = {}
        self.writes = 0

    async def set_meta_keys(self, game_id, changes, post=None, seat_names=None, adjust=None):
        self.writes += 1
        changes = {**changes, **(adjust(self.meta) if adjust else {})}
        for key, value in changes.items():
            if value is None:
                self.meta.pop(key, None)
            else:
                self.meta[key] = value


async def test_update_meta_writes_the_named_fields_under_their_json_keys():
    writer = Writer()
    await update_meta(writer, 1, taken=frozenset({2, 0}), pace="slow", seat_locales={1: "fr"})
    assert writer.meta == {"taken_over": {"0": True, "2": True}, "pace": "slow", "seat_locales": {"1": "fr"}}
    assert writer.writes == 1                                            # several fields, one write
    await update_meta(writer, 1, taken=frozenset(), hints=False)       # a default removes its key
    assert writer.meta == {"pace": "slow", "seat_locales": {"1": "fr"}, "hints": False}
    with pytest.raises(TypeError):
        await update_meta(writer, 1, no_such_setting=1)
    assert writer.writes == 2                                            # a bad name writes nothing
    assert TableMeta.of(writer.meta).pace == "slow"


async def test_seats_taken_and_given_back_change_the_seats_taken_at_the_write():
    """``take`` / ``give`` apply to the meta as it is when written, not as a caller loaded it: two players taking
    their seats back at once each wrote "taken minus me" from what they had loaded, and one reclaim was lost."""
    writer = Writer()
    await update_meta(writer, 1, take={0, 1, 2})
    await update_meta(writer, 1, give={0})
    await update_meta(writer, 1, give={1}, pace="fast")
    assert TableMeta.of(writer.meta).taken == {2} and writer.meta["pace"] == "fast"
