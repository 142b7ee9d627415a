"""Property tests: random legal play conserves gold and always ends; junk moves and junk snapshots only
ever raise RuleError and leave the state as it was."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.games.dicepoker import ai, rules
from bot.games.dicepoker.kind import KIND
from bot.games.dicepoker.state import validate
from bot.games.errors import RuleError

MODES = st.sampled_from([
    (2, {}), (2, {"kicker_depth": 2, "first_active": 1}), (2, {"purse": 1, "hands": 6}), (2, {"purse": 2}),
    (1, {}), (1, {"table": "printed", "purse": 1}), (1, {"purse": 3, "hands": 12}),
    (1, {"mode": "local_gamblers"}), (1, {"mode": "local_gamblers", "gambler_level": "easy", "purse": 1}),
])
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _gold(state) -> int:
    return sum(state["purses"]) + state["pot"] - state["supply"]


@SETTINGS
@given(mode=MODES, seed=st.integers(min_value=-(1 << 63), max_value=(1 << 64) - 1), data=st.data())
def test_random_legal_play_conserves_gold_and_ends(mode, seed, data):
    seats, options = mode
    s = KIND.create(seats, seed, options)
    start = rules.start_total(s["options"])
    steps = 0
    while not KIND.is_finished(s):
        pend = KIND.pending(s)
        assert len(pend) == 1
        seat = pend[0]["seat"]
        legal = KIND.legal_moves(s, seat)
        assert len(legal) == 32
        assert all(KIND.legal_moves(s, other) == [] for other in range(seats) if other != seat)
        move = data.draw(st.sampled_from(legal))
        s, events = KIND.apply(s, seat, move)
        assert all(isinstance(e["key"], str) and e["key"].startswith("dicepoker.event.") for e in events)
        json.dumps(events)
        assert _gold(s) == start                       # purses + pot = start + what the supply gave
        assert all(g >= 0 for g in s["purses"])
        validate(s)
        steps += 1
        assert steps <= 2 * s["options"]["hands"]
    assert KIND.pending(s) == [] and len(s["history"]) == s["hand"]
    assert KIND.loads(KIND.dumps(s)) == s
    ranking = KIND.score(s)["ranking"]
    assert sorted(r["seat"] for r in ranking) == list(range(seats))


@SETTINGS
@given(mode=MODES, seed=st.integers(0, 10 ** 6), level=st.sampled_from(["easy", "best", "hard"]),
       steps=st.integers(0, 30))
def test_the_bot_only_returns_legal_moves(mode, seed, level, steps):
    seats, options = mode
    s = KIND.create(seats, seed, options)
    for _ in range(steps):
        if KIND.is_finished(s):
            break
        seat = KIND.pending(s)[0]["seat"]
        move = ai.choose_move(s, seat, level, seed)
        assert move in KIND.legal_moves(s, seat)
        s, _ = KIND.apply(s, seat, move)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=6), children, max_size=5),
    max_leaves=20)
MOVEISH = st.one_of(
    JSONISH,
    st.fixed_dictionaries({"type": st.sampled_from(["reroll", "keep", "", 1]), "keep": JSONISH}),
    st.fixed_dictionaries({"type": st.just("reroll"),
                           "keep": st.lists(st.integers(-3, 8) | st.booleans() | st.just(10 ** 30), max_size=8)}),
    st.fixed_dictionaries({"type": st.just("reroll"), "keep": st.just([0, 1]), "seat": JSONISH}),
    st.fixed_dictionaries({"type": st.just("reroll"), "keep": st.just([0]), "extra": JSONISH}),
)


@SETTINGS
@given(mode=MODES, seed=st.integers(0, 1000), move=MOVEISH, seat=st.integers(-2, 3) | JSONISH)
def test_junk_moves_raise_rule_errors_and_leave_the_state_unchanged(mode, seed, move, seat):
    seats, options = mode
    s = KIND.create(seats, seed, options)
    before = KIND.dumps(s)
    legal = KIND.legal_moves(s, seat) if type(seat) is int else []
    try:
        new, _ = KIND.apply(s, seat, move)
    except RuleError as error:
        assert error.key.startswith("dicepoker.error.")
    else:
        keep = sorted(move["keep"])
        assert {"type": "reroll", "keep": keep} in legal
        assert KIND.dumps(new) != before
    assert KIND.dumps(s) == before


def _snapshots():
    out = []
    for seats, options in ((2, {}), (1, {}), (1, {"mode": "local_gamblers"})):
        s = KIND.create(seats, 5, options)
        out.append(KIND.dumps(s))
        seat = KIND.pending(s)[0]["seat"]
        s, _ = KIND.apply(s, seat, {"type": "reroll", "keep": [0]})
        out.append(KIND.dumps(s))
    return out


SNAPSHOTS = _snapshots()


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _set(doc, path, value):
    if not path:
        return value
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return doc


@SETTINGS
@given(index=st.integers(0, len(SNAPSHOTS) - 1), pick=st.integers(0, 10 ** 6), value=JSONISH)
def test_mutated_snapshots_load_only_when_they_still_satisfy_the_invariants(index, pick, value):
    doc = json.loads(SNAPSHOTS[index])
    paths = list(_paths(doc))
    path = paths[pick % len(paths)]
    doc = _set(doc, path, value)
    text = json.dumps(doc)
    try:
        state = KIND.loads(text)
    except RuleError as error:
        assert error.code == "bad_snapshot"
    else:
        validate(state)
        seat = KIND.pending(state)[0]["seat"] if KIND.pending(state) else 0
        for move in KIND.legal_moves(state, seat)[:2]:
            KIND.apply(state, seat, move)


@SETTINGS
@given(text=st.text(max_size=200) | JSONISH.map(json.dumps) | st.binary(max_size=20) | JSONISH)
def test_junk_snapshot_text_is_refused(text):
    try:
        KIND.loads(text)
    except RuleError as error:
        assert error.code == "bad_snapshot"


def test_pathological_snapshots_are_refused_with_rule_errors():
    doc = json.loads(SNAPSHOTS[0])
    cases = ["[" * 100_000 + "]" * 100_000, "{" * 50_000, "9" * 5000, '{"version": 1e999}', "x" * 300_000,
             json.dumps(dict(doc, rng=1 << 70)), json.dumps(dict(doc, purses=[10 ** 30, 4])),
             json.dumps(dict(doc, history=[[]] * 10)), json.dumps(dict(doc, hand=True)),
             json.dumps(dict(doc, sides=[{"initial": [1] * 5, "dice": [2] * 5, "rerolled": None}] * 2)),
             json.dumps(dict(doc, purses=[5, 5])), json.dumps(dict(doc, phase="active_reroll")),
             json.dumps(dict(doc, extra=1)), json.dumps(dict(doc, options=dict(doc["options"], purse=6))), None, 5]
    for text in cases:
        try:
            KIND.loads(text)
        except RuleError as error:
            assert error.code == "bad_snapshot"
        else:
            raise AssertionError(f"accepted {str(text)[:60]}")


def test_tampered_history_is_refused():
    s = KIND.create(2, 5, {})
    for _ in range(4):
        seat = KIND.pending(s)[0]["seat"]
        s, _ = KIND.apply(s, seat, {"type": "reroll", "keep": [0, 1]})
    doc = json.loads(KIND.dumps(s))
    entry = doc["history"][0]
    for field, value in (("winner", 1 - entry["winner"]), ("payout", 2), ("hands", ["pair", "pair"]),
                         ("decided_by", "active_player"), ("purses", [9, 9])):
        bad = json.loads(KIND.dumps(s))
        bad["history"][0][field] = value
        try:
            KIND.loads(json.dumps(bad))
        except RuleError as error:
            assert error.code == "bad_snapshot"
        else:
            raise AssertionError(field)
