"""Menus worked out in the drawing process (``bot.runtime.pool``; ``python -m bot`` runs one): for every game
the call goes there whole (game, presentation, legal moves: all picklable, nothing falls back unseen) and
the plan that comes back is the one worked out here."""

from __future__ import annotations

import functools
import random

import pytest

from bot.engine.records import GameView, Seat
from bot.games.dicepoker.kind import KIND as POKER
from bot.games.rollforadventure.kind import KIND as RFA
from bot.games.rollplayer.kind import KIND as RP
from bot.runtime import pool as processes
from cogs.dicepoker import PRESENTATION as POKER_UI
from cogs.menus import ALL, MAIN, work_out_plan
from cogs.play import given_moves
from cogs.rollforadventure import PRESENTATION as RFA_UI
from cogs.rollplayer import PRESENTATION as RP_UI

GAMES = [("rollplayer", RP, RP_UI), ("dicepoker", POKER, POKER_UI), ("rollforadventure", RFA, RFA_UI)]



def view_of(kind_name: str, state, version: int) -> GameView:
    return GameView(id=7, kind=kind_name, guild_id=1, channel_id=2, status="active", creator_id=3, options={},
                    seed=7, seats_wanted=2, seats=(Seat(0, 11, "Ann"), Seat(1, 12, "Bo")), version=version,
                    state=state, created_at=0.0, updated_at=0.0, started_at=0.0, finished_at=None,
                    last_activity_at=None, reminder_count=0, meta={})


@pytest.mark.parametrize("name, kind, presentation", GAMES, ids=[g[0] for g in GAMES])
def test_menus_worked_out_apart_are_the_ones_worked_out_here(drawing_pool, monkeypatch, name, kind,
                                                            presentation):
    sent = []
    real = processes._Pool.call

    def counted(self, key, args, kwargs):
        value = real(self, key, args, kwargs)      # raises NotSent for a call that cannot be pickled
        sent.append(key)
        return value
    monkeypatch.setattr(processes._Pool, "call", counted)
    rng, state, compared = random.Random(5), kind.create(2, 5, None), 0
    for step in range(40):
        pending = kind.pending(state)
        if not pending:
            break
        seat = pending[0]["seat"]
        game = view_of(name, state, step)
        legal = kind.legal_moves(state, seat)
        for menu, legal_of in ((MAIN, kind.legal_moves), (ALL, functools.partial(given_moves, legal))):
            assert work_out_plan(presentation, game, seat, "fr", legal_of, menu) == \
                work_out_plan.__wrapped__(presentation, game, seat, "fr", legal_of, menu)
            compared += 1
        state = kind.apply(state, seat, rng.choice(legal))[0]
    assert compared >= 20 and len(sent) == compared
