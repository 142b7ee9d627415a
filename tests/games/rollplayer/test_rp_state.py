"""The state classes' own contract: a clone holds every field of the original, and changing the clone's lists
changes nothing in the original (``clone`` passes the fields positionally, in declaration order)."""
import random
from dataclasses import fields

from rp_kit import KIND


def _played(seats: int, seed: int, moves: int):
    st, rng = KIND.create(seats, seed, None), random.Random(seed)
    for _ in range(moves):
        if not KIND.pending(st):
            break
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, rng.choice(KIND.legal_moves(st, seat)))
    return st


def test_a_clone_holds_every_field_and_owns_what_play_changes_in_place():
    for seats, seed, moves in ((1, 3, 40), (2, 4, 90), (3, 5, 150), (4, 6, 60)):
        st = _played(seats, seed, moves)
        copy = st.clone()
        for f in fields(st):
            if f.name not in ("players", "initiative"):     # objects, compared by identity: field by field below
                assert getattr(copy, f.name) == getattr(st, f.name), f.name
        for a, b in zip(st.players, copy.players):
            assert a is not b and a.rows is not b.rows and a.cards is not b.cards
            for f in fields(a):
                assert getattr(b, f.name) == getattr(a, f.name), f.name
        for a, b in zip(st.initiative, copy.initiative):
            assert a is not b and [getattr(a, f.name) for f in fields(a)] == [getattr(b, f.name) for f in fields(b)]
        assert copy.market is not st.market and copy.deck is not st.deck and copy.bag is not st.bag
        assert KIND.dumps(copy) == KIND.dumps(st)
