"""Dice poker's undo hook ``reveals``: a reroll (and the deal of the next hand) shows new dice; keeping
every die as the opponent shows nothing; the hook is pure."""
from __future__ import annotations

from bot.games.dicepoker.kind import KIND

KEEP_ALL = {"type": "reroll", "keep": [0, 1, 2, 3, 4]}


def test_a_reroll_reveals_and_keeping_every_die_does_not():
    state = KIND.create(2, 9, {})
    opponent = KIND.pending(state)[0]["seat"]
    kept, _ = KIND.apply(state, opponent, KEEP_ALL)
    text = KIND.dumps(state), KIND.dumps(kept)
    assert not KIND.reveals(state, KEEP_ALL, kept)
    assert (KIND.dumps(state), KIND.dumps(kept)) == text
    reroll = {"type": "reroll", "keep": [0]}
    rerolled, _ = KIND.apply(state, opponent, reroll)
    assert KIND.reveals(state, reroll, rerolled)
    # the active player standing ends the hand: the next hand is dealt
    active = KIND.pending(kept)[0]["seat"]
    dealt, _ = KIND.apply(kept, active, KEEP_ALL)
    assert KIND.reveals(kept, KEEP_ALL, dealt)
