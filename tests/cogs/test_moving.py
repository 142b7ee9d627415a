"""Re-basing a click onto a newer version reads exactly the moves logged between the menu's version and the game
the click loaded, not the newest ones: a move logged meanwhile neither hides one of the player's own (which
makes the menu stale) nor counts as one."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.engine.records import MoveRecord
from cogs.buttons import move_check
from cogs.moving import Mover


def mover(log: list[tuple[int, int]]) -> Mover:
    """A mover over a game whose log holds (seq, seat) and whose legal moves are x and y."""
    async def moves_between(game_id, after, upto):
        return [MoveRecord(game_id, seq, seat, None, {}, 0.0) for seq, seat in log if after < seq <= upto]
    sessions = SimpleNamespace(store=SimpleNamespace(moves_between=moves_between))
    kind = SimpleNamespace(legal_moves=lambda state, seat: [{"type": "x"}, {"type": "y"}])
    return Mover(sessions, SimpleNamespace(kind=lambda name: kind))


@pytest.mark.parametrize(("log", "expected"), [
    ([(6, 1), (7, 2)], 1),                    # only others moved since the menu (version 5): re-based
    ([(6, 1), (7, 2), (8, 0)], 1),            # the player's move 8 came after the game was loaded (version 7)
    ([(6, 0), (7, 2), (8, 1)], None),         # the player's own move 6 since the menu: stale
    ([(7, 2)], None),                         # a move missing from the log: not re-based
])
async def test_a_menu_is_rebased_over_the_moves_since_its_version(log, expected):
    game = SimpleNamespace(id=1, version=7, kind="k", state=None)     # loaded at version 7; seat 0 clicked y
    assert await mover(log).rebased_index(game, 0, 5, move_check({"type": "y"})) == expected
