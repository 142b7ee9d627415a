"""Issue 28 point 2, "numbers are numbers": every game kind refuses a move whose values have the wrong type
(a boolean or a float where an integer is meant, an integer where a boolean is meant, any junk), or else
the state it makes survives its own snapshot check. ``True == 1`` in Python, so a kind that compares moves
with ``in`` took ``{"value": true}`` for ``{"value": 1}`` and stored the boolean; its snapshot never loaded.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.kinds import KNOWN_KINDS, load_kind
from bot.games.errors import RuleError

KINDS = {spec.split(".")[2]: load_kind(spec) for spec in KNOWN_KINDS}


def _states(kind, seats: int, seed: int, steps: int):
    """A few states along one random game (each with its due seat and legal moves)."""
    state = kind.create(seats, seed)
    pick = random.Random(seed)
    out = []
    for _ in range(steps):
        if kind.is_finished(state):
            break
        due = [p["seat"] for p in kind.pending(state)]
        seat = pick.choice(due)
        legal = kind.legal_moves(state, seat)
        if not legal:
            break
        out.append((state, seat, legal))
        state, _ = kind.apply(state, seat, pick.choice(legal))
    return out


SCALAR_JUNK = st.one_of(st.booleans(), st.floats(allow_nan=False, width=32), st.integers(-3, 9), st.none(),
                        st.text(max_size=6), st.just([]), st.just({}), st.lists(st.integers(0, 5), max_size=3))


def _twist(value, junk):
    """``value`` with one scalar somewhere in it replaced by ``junk`` (bool ↔ int, float, text, …)."""
    if isinstance(value, list) and value:
        return [_twist(value[0], junk)] + value[1:]
    return junk


def _check(kind, state, seat, move):
    try:
        new, _ = kind.apply(state, seat, move)
    except RuleError:
        return
    text = kind.dumps(new)
    assert kind.dumps(kind.loads(text)) == text, move


@pytest.mark.parametrize("name", sorted(KINDS))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 50))
def test_junk_values_are_refused_or_round_trip(name, data, seed):
    kind = KINDS[name]
    states = _states(kind, kind.max_seats if name != "dicepoker" else 2, seed, 12)
    state, seat, legal = data.draw(st.sampled_from(states))
    move = dict(data.draw(st.sampled_from(legal)))
    key = data.draw(st.sampled_from(sorted(move)))
    move[key] = _twist(move[key], data.draw(SCALAR_JUNK))
    if data.draw(st.booleans()):
        move["seat"] = data.draw(st.one_of(st.just(seat), st.just(bool(seat)), st.just(float(seat))))
    _check(kind, state, seat, move)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_integer_of_every_legal_move_as_a_boolean_is_refused(name):
    """Each legal move with one integer turned into a boolean (or a boolean into 0/1, or an integer into a
    float) is refused: the game's error, and the state untouched."""
    kind = KINDS[name]
    for seed in range(3):
        for state, seat, legal in _states(kind, kind.max_seats if name != "dicepoker" else 2, seed, 40):
            before = kind.dumps(state)
            for move in legal[:60]:
                for key, value in move.items():
                    for twisted in _flips(value):
                        bad = dict(move, **{key: twisted})
                        with pytest.raises(RuleError):
                            kind.apply(state, seat, bad)
            assert kind.dumps(state) == before


def _flips(value):
    if type(value) is bool:
        yield int(value)
    elif type(value) is int:
        yield float(value)
        if value in (0, 1):
            yield bool(value)
    elif isinstance(value, list) and value:
        for first in _flips(value[0]):
            yield [first] + value[1:]


def test_the_roll_for_adventure_report():
    """The case the issue found: a boolean die value placed, stored and then refused by ``loads``."""
    kind = KINDS["rollforadventure"]
    for seed in range(20):
        state = kind.create(2, seed)
        seat = kind.pending(state)[0]["seat"]
        ones = [m for m in kind.legal_moves(state, seat)
                if m["type"] == "place" and m["value"] == 1 and m["place"] == "memory"]
        if ones:
            break
    with pytest.raises(RuleError):
        kind.apply(state, seat, dict(ones[0], value=True))
