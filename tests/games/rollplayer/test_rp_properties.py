"""Property tests over random legal playouts (seeded loops + hypothesis).

``RP_PLAYOUTS`` (default 250) sets the number of fast playouts per seat count; the default gives 1,000
full games in a few seconds. Raise it for a soak: ``RP_PLAYOUTS=5000 python -m pytest tests/games/rollplayer
-k playouts``.
"""
import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from rp_kit import RuleError, check_invariants, engine, moves, random_playout

from bot.games.rollplayer.content import ATTRS
from bot.games.rollplayer.kind import KIND

N = int(os.environ.get("RP_PLAYOUTS", "250"))
VARIANTS = [
    {},
    {"even_start": True},
    {"souk": True, "friendly_market": True},
    {"short_game": True, "free_class": True},
    {"promos": True},
    {"promos": True, "even_start": True, "souk": True, "short_game": True, "friendly_market": True,
     "free_class": True},
]


def options_for(seed):
    return VARIANTS[seed % len(VARIANTS)]


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_playouts_end_with_full_sheets_and_a_score(seats):
    for seed in range(N):
        st = KIND.create(seats, seed, options_for(seed))
        pick = random.Random(seed)
        while not st.finished:
            pend = engine.pending(st)
            assert pend
            for d in pend:  # whoever is expected to decide can
                assert engine.legal(st, d["seat"]), d
            seat = pick.choice(pend)["seat"] if pick.random() > 0.1 else pick.randrange(seats)
            ms = engine.legal(st, seat)
            if ms:  # an outsider may have nothing to do (no any-time skill, no weapon)
                engine.play(st, ms[pick.randrange(len(ms))])
                check_invariants(st)
        assert all(p.sheet_full() for p in st.players)
        result = KIND.score(st)
        assert result["final"] and len(result["players"]) == seats
        assert all(isinstance(s["total"], int) for s in result["players"])
        expected_rounds = (18 - (6 if seats == 1 else seats + 4)
                           - (2 if st.options["short_game"] else 0))
        assert st.round == expected_rounds


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_checked_playouts_replay_to_identical_json(seats):
    for seed in range(max(3, N // 50)):
        options = options_for(seed + 3)
        st, history = random_playout(seats, seed, options, checked=True)
        text = KIND.dumps(st)
        assert KIND.dumps(KIND.loads(text)) == text
        again = KIND.create(seats, seed, options)
        for m in history:
            again, _ = KIND.apply(again, m["seat"], json.loads(json.dumps(m)))
        assert KIND.dumps(again) == text


def sampled_states(count=40):
    """States along a few random games, at every kind of decision."""
    out = []
    for seats in (1, 2, 3, 4):
        st = KIND.create(seats, seats * 11, {"promos": True})
        pick = random.Random(seats)
        i = 0
        while not st.finished:
            if i % 9 == 0:
                out.append(st.clone())
            ms = engine.legal(st, engine.pending(st)[0]["seat"])
            engine.play(st, ms[pick.randrange(len(ms))])
            i += 1
    return out[::max(1, len(out) // count)]


SAMPLES = sampled_states()


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_snapshots_are_the_text_the_standard_library_writes(seats):
    """Snapshots are written with orjson (fast) but must stay the very text ``json.dumps`` with sorted keys
    and no spaces writes: stored snapshots are verified against replays by that text (bot/engine/verify.py)."""
    from bot.games.rollplayer.state import dumps
    for seed in range(6):
        st = KIND.create(seats, 100 + seed, None)
        rng = random.Random(seed)
        while KIND.pending(st):
            assert dumps(st) == json.dumps(st.to_json(), sort_keys=True, separators=(",", ":"))
            seat = KIND.pending(st)[0]["seat"]
            st, _ = KIND.apply(st, seat, rng.choice(KIND.legal_moves(st, seat)))
        assert dumps(st) == json.dumps(st.to_json(), sort_keys=True, separators=(",", ":"))


def test_every_offered_move_applies_and_round_trips():
    for st in SAMPLES:
        text = KIND.dumps(st)
        for seat in range(st.seats):
            for m in engine.legal(st, seat):
                assert json.loads(json.dumps(m)) == m
                new, events = moves.apply(st, m)
                assert KIND.dumps(st) == text  # the given state is never changed
                assert all(set(e) == {"key", "params"} and e["key"].startswith("rollplayer.")
                           for e in events)
                json.dumps(events)
                assert new.moves == st.moves + 1


def mutations(m, pick):
    """Variants of an offered move with one field changed."""
    pool = [None, True, False, 0, 1, 2, -1, 7, "str", "cha", "gold", "reckless", "diplomacy", ["str", 0],
            ["cha", 2], ["wis", 5], [], {}, "new", "up", "diagonal"]
    out = []
    for k in m:
        if k == "seat":
            continue
        for v in pick.sample(pool, 5):
            out.append(dict(m, **{k: v}))
    out.append(dict(m, extra=1))
    out.append({k: v for k, v in m.items() if k != "type"})
    return out


def test_moves_not_offered_are_rejected_and_change_nothing():
    pick = random.Random(5)
    checked = 0
    for st in SAMPLES:
        text = KIND.dumps(st)
        for seat in range(st.seats):
            offered = engine.legal(st, seat)
            canon = {json.dumps(moves.normalise(m), sort_keys=True) for m in offered}
            for m in offered[:6]:
                for bad in mutations(m, pick):
                    try:
                        key = json.dumps(moves.normalise(bad), sort_keys=True)
                    except RuleError:
                        continue
                    if key in canon:
                        continue
                    with pytest.raises(RuleError) as e:
                        moves.apply(st, bad)
                    assert e.value.key.startswith("rules.") and e.value.code
                    assert KIND.dumps(st) == text
                    checked += 1
    assert checked > 500


move_values = st_.recursive(
    st_.none() | st_.booleans() | st_.integers(-3, 8) | st_.sampled_from(list(ATTRS) + ["gold", "reckless"]),
    lambda inner: st_.lists(inner, max_size=3), max_leaves=4)
random_moves = st_.fixed_dictionaries(
    {"type": st_.sampled_from(sorted(moves.MOVE_TYPES) + ["nonsense"]), "seat": st_.integers(-1, 4)},
    optional={k: move_values for k in ("card", "attr", "die", "a", "b", "delta", "dir", "tokens", "keep",
                                       "target", "colour", "copy", "decline", "cards", "race", "class")})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m=random_moves, which=st_.integers(0, len(SAMPLES) - 1))
def test_arbitrary_moves_are_either_offered_or_rejected(m, which):
    st = SAMPLES[which]
    text = KIND.dumps(st)
    seat = m["seat"]
    offered = engine.legal(st, seat) if type(seat) is int and 0 <= seat < st.seats else []
    try:
        new, _ = moves.apply(st, m)
    except RuleError as e:
        assert e.key.startswith("rules.")
        assert moves.normalise(m) not in offered or json.dumps(m, sort_keys=True) not in {
            json.dumps(o, sort_keys=True) for o in offered}
    else:
        assert moves.normalise(m) in offered
    assert KIND.dumps(st) == text


def test_wrong_seat_is_rejected_by_the_kind():
    st = SAMPLES[3]
    seat = engine.pending(st)[0]["seat"]
    m = engine.legal(st, seat)[0]
    other = (seat + 1) % st.seats
    if st.seats > 1:
        with pytest.raises(RuleError) as e:
            KIND.apply(st, other, m)
        assert e.value.code == "wrong_seat"
    new, _ = KIND.apply(st, seat, {k: v for k, v in m.items() if k != "seat"})
    assert new.moves == st.moves + 1
