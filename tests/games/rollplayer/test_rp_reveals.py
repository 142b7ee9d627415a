"""Roll Player's undo hook ``reveals``: true exactly for the moves that showed something new — a draw on the
game's RNG (rolls, rerolls, bag draws, shuffles), a change of the secret deck (a market refill), Open Lock's
peek at the top card — and pure (it changes neither state)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.rollplayer.kind import KIND


def test_setup_draws_reveal_and_placing_a_starting_die_does_not():
    state = KIND.create(1, 5, {})
    race = KIND.legal_moves(state, 0)[0]
    after, _ = KIND.apply(state, 0, race)
    assert KIND.reveals(state, race, after)          # the class card is drawn with a die from the bag
    state = after
    cls = KIND.legal_moves(state, 0)[0]
    after, _ = KIND.apply(state, 0, cls)
    assert KIND.reveals(state, cls, after)           # starting dice rolled
    state = after
    place = next(m for m in KIND.legal_moves(state, 0) if m["type"] == "place_start")
    after, _ = KIND.apply(state, 0, place)
    assert not KIND.reveals(state, place, after)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 4), pick=st.integers(0, 2**32))
def test_reveals_is_the_rng_the_deck_or_a_peek_and_is_pure(seed, seats, pick):
    chooser = random.Random(pick)
    state = KIND.create(seats, seed, {})
    seen = set()
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        move = chooser.choice(KIND.legal_moves(state, seat))
        after, _ = KIND.apply(state, seat, move)
        before_text, after_text = KIND.dumps(state), KIND.dumps(after)
        flagged = KIND.reveals(state, move, after)
        assert (KIND.dumps(state), KIND.dumps(after)) == (before_text, after_text)
        expected = state.rng != after.rng or state.deck != after.deck or (
            isinstance(after.sub, dict) and after.sub.get("kind") == "open_lock" and after.sub != state.sub)
        assert flagged == expected
        if state.deck != after.deck:
            assert flagged, "a market refill shows new cards"
        seen.add(flagged)
        state = after
    assert seen == {True, False}
