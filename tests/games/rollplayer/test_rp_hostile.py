"""Hostile input: every malformed move ends as a RuleError with nothing changed, whatever its shape or size;
a snapshot is either loaded into a state passing the game's invariants or refused as ``bad_snapshot``.

The named cases are the ones that used to escape as ValueError (an int too big to print), RecursionError
(deep nesting) or IndexError (a one-item die); the hypothesis tests fuzz move shapes and corrupt real
snapshots of seeded games (deleted keys, changed types, huge ints, deep nesting, truncation).
"""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_
from rp_kit import KIND, RuleError, engine, moves, random_playout

from bot.games.rollplayer.snapshot import check_state

HUGE = 10 ** 5000
DEEP = 5000


def deep_list(depth: int):
    v = []
    for _ in range(depth):
        v = [v]
    return v


def mid_game(seats=2, seed=3, moves_played=40):
    st = KIND.create(seats, seed, {})
    pick = random.Random(seed)
    for _ in range(moves_played):
        seat = engine.pending(st)[0]["seat"]
        ms = engine.legal(st, seat)
        engine.play(st, ms[pick.randrange(len(ms))])
    return st


SAMPLE = mid_game()


def snapshots() -> list[str]:
    out = []
    for seats in (1, 2, 3, 4):
        for seed in range(3):
            st = KIND.create(seats, seed, {"promos": seed == 1})
            pick = random.Random(seed)
            n = 0
            while not st.finished:
                pend = engine.pending(st)
                seat = pick.choice(pend)["seat"]
                ms = engine.legal(st, seat)
                engine.play(st, ms[pick.randrange(len(ms))])
                n += 1
                if n % 23 == 0:
                    out.append(KIND.dumps(st))
            out.append(KIND.dumps(st))
    return out


SNAPSHOTS = snapshots()


def refused(call, code=None):
    with pytest.raises(RuleError) as e:
        call()
    if code is not None:
        assert e.value.code == code, e.value.code
    str(e.value)  # the message formats
    return e.value


# ----------------------------------------------------------------------------- moves

@pytest.mark.parametrize("move", [
    {"type": HUGE},
    {"type": "place", "seat": HUGE},
    {"type": "place", "attr": HUGE},
    {"type": "place", "attr": -HUGE},
    {"type": "action", "action": "con", "die": ["str", HUGE], "delta": 1},
    {"type": "place", "attr": deep_list(DEEP)},
    {"type": deep_list(DEEP)},
    {"type": "order", "dice": deep_list(DEEP)},
    {"type": "place", "attr": "x" * 1_000_000},
    {"type": "refresh", "cards": ["a"] * 100_000},
    {"type": "place", "attr": 1.5},
    {"type": "place", "attr": float("nan")},
    {"type": "place", "attr": {"nested": "dict"}},
    {"type": "place", "attr": {1, 2}},
    {"type": "place", "attr": b"str"},
    {"type": "place", "attr": object()},
    {HUGE: 1},
    {("tuple", "key"): 1},
    {f"k{i}": i for i in range(1000)},
])
def test_malformed_moves_are_bad_moves_and_change_nothing(move):
    text = KIND.dumps(SAMPLE)
    seat = engine.pending(SAMPLE)[0]["seat"]
    err = refused(lambda: moves.apply(SAMPLE, dict(move, seat=seat) if "seat" not in move else move))
    assert err.code in ("bad_move", "bad_seat")
    err = refused(lambda: KIND.apply(SAMPLE, seat, move))
    assert err.code in ("bad_move", "bad_seat", "wrong_seat")
    assert KIND.dumps(SAMPLE) == text


@pytest.mark.parametrize("move", [None, [], "place", 7, HUGE, deep_list(DEEP), ("type", "place")],
                         ids=lambda v: type(v).__name__)
def test_a_move_that_is_no_dict_is_a_bad_move(move):
    refused(lambda: KIND.apply(SAMPLE, 0, move), "bad_move")
    refused(lambda: moves.apply(SAMPLE, move), "bad_move")


@pytest.mark.parametrize("seat", [HUGE, -HUGE, 1.0, "0", None, True, deep_list(DEEP)],
                         ids=lambda v: type(v).__name__)
def test_a_hostile_seat_argument_is_refused(seat):
    err = refused(lambda: KIND.apply(SAMPLE, seat, {"type": "end_turn"}))
    assert err.code in ("bad_seat", "wrong_seat")


@pytest.mark.parametrize("seat", [HUGE, -1, 9, "0", None, True, 0.0, [0]], ids=lambda v: type(v).__name__)
def test_legal_moves_of_a_seat_nobody_sits_in_are_empty(seat):
    assert KIND.legal_moves(SAMPLE, seat) == []


def test_a_str_subclass_is_not_a_move_value():
    class Sneaky(str):
        def __eq__(self, other):
            return True
        __hash__ = str.__hash__

    seat = engine.pending(SAMPLE)[0]["seat"]
    refused(lambda: KIND.apply(SAMPLE, seat, {"type": Sneaky("place"), "attr": "str"}), "bad_move")


@pytest.mark.parametrize("seats, seed, options", [
    (HUGE, 1, {}), (2, 1.5, {}), (2, deep_list(DEEP), {}), (2, 1, {HUGE: True}), (2, 1, {"souk": HUGE}),
    (2, 1, [("souk", True)]), (2, 1, "souk"),
], ids=lambda v: type(v).__name__)
def test_create_refuses_hostile_arguments(seats, seed, options):
    err = refused(lambda: KIND.create(seats, seed, options))
    assert err.code in ("bad_seats", "bad_seed", "bad_option", "unknown_option")


json_leaf = (st_.none() | st_.booleans() | st_.integers() | st_.integers(-10 ** 30, 10 ** 30).map(lambda x: x ** 3)
             | st_.floats(allow_nan=True) | st_.text(max_size=80)
             | st_.sampled_from(["str", "dex", "gold", "reckless", "place", "take", "action", "new"]))
json_value = st_.recursive(json_leaf, lambda inner: st_.lists(inner, max_size=4)
                           | st_.dictionaries(st_.text(max_size=5), inner, max_size=3), max_leaves=12)
hostile_moves = st_.dictionaries(
    st_.sampled_from(["type", "seat", "attr", "die", "a", "b", "delta", "card", "cards", "keep", "dice", "x"]),
    json_value, max_size=6) | json_value


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(m=hostile_moves, depth=st_.integers(0, 3000), which=st_.integers(0, len(SNAPSHOTS) - 1))
def test_fuzzed_moves_are_offered_or_rule_errors(m, depth, which):
    st = KIND.loads(SNAPSHOTS[which])
    text = KIND.dumps(st)
    if depth > 2000 and isinstance(m, dict) and m:
        m[next(iter(m))] = deep_list(depth)
    pend = engine.pending(st)
    seat = pend[0]["seat"] if pend else 0
    try:
        new, events = KIND.apply(st, seat, m)
    except RuleError as e:
        assert e.key.startswith("rules.") and str(e)
    else:
        assert json.dumps(events) and new is not st
    assert KIND.dumps(st) == text


# ----------------------------------------------------------------------------- snapshots

def good() -> dict:
    return json.loads(SNAPSHOTS[len(SNAPSHOTS) // 3])


def with_(change) -> str:
    d = good()
    change(d)
    return json.dumps(d)


@pytest.mark.parametrize("text", [
    with_(lambda d: d.update(enemy_die=[1])),                               # was IndexError
    with_(lambda d: d["players"][0]["rows"].update(str=[["red"]])),
    with_(lambda d: d["players"][0]["rows"].update(str=[["red", 9]])),
    with_(lambda d: d["players"][0]["rows"].update(str=[["red", 1]] * 4)),
    with_(lambda d: d["players"][0].update(gold=-1)),
    with_(lambda d: d["players"][0].update(gold=10 ** 4000)),
    with_(lambda d: d["players"][0].update(cards=["no_such_card"])),
    with_(lambda d: d["players"][0].update(race="elf_king")),
    with_(lambda d: d.update(seats=d["seats"] % 4 + 1)),
    with_(lambda d: d.update(phase="market", step="choose")),
    with_(lambda d: d.update(turn=7)),
    with_(lambda d: d["bag"].update(red=d["bag"]["red"] + 1)),              # a die out of nowhere
    with_(lambda d: d["deck"].append(d["deck"][0]) if d["deck"] else d["market"].append("longsword")),
    with_(lambda d: d.update(sub={"kind": "open_lock", "seat": 0, "card": "longsword", "origin": "skill"})),
    with_(lambda d: d.update(sub={"kind": "int_keep", "seat": 0})),
    with_(lambda d: d.update(finished=True)),
    with_(lambda d: d.pop("bag")),
    with_(lambda d: d.update(extra=1)),
    with_(lambda d: d.update(version=2)),
    with_(lambda d: d.update(rng=-1)),
    with_(lambda d: d.update(options={"souk": True})),
    "[" * DEEP + "]" * DEEP,
    '{"version": 1, "x": ' + "[" * DEEP + "]" * DEEP + "}",
    '{"version": ' + "9" * 5000 + "}",
    '{"version": 1, "moves": ' + "9" * 4000 + "}",
    SNAPSHOTS[0][:len(SNAPSHOTS[0]) // 2],
    "", "null", "[1]", "{}", '"text"',
], ids=lambda v: str(len(v)))
def test_corrupt_snapshots_are_refused(text):
    refused(lambda: KIND.loads(text), "bad_snapshot")


@pytest.mark.parametrize("text", [None, 5, b"{}", ["{}"], "x" * 10_000_000], ids=lambda v: type(v).__name__)
def test_a_snapshot_must_be_reasonable_text(text):
    refused(lambda: KIND.loads(text), "bad_snapshot")


def test_every_sample_snapshot_loads_and_round_trips():
    for text in SNAPSHOTS:
        assert KIND.dumps(KIND.loads(text)) == text


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_state_reached_by_play_passes_the_invariants(seats):
    for seed in range(6):
        st = KIND.create(seats, seed, [{}, {"promos": True, "even_start": True, "free_class": True},
                                       {"souk": True, "friendly_market": True, "short_game": True}][seed % 3])
        pick = random.Random(seed)
        while not st.finished:
            check_state(st)
            pend = engine.pending(st)
            seat = pick.choice(pend)["seat"] if pick.random() > 0.1 else pick.randrange(seats)
            ms = engine.legal(st, seat)
            if ms:
                engine.play(st, ms[pick.randrange(len(ms))])
        check_state(st)


def _paths(doc, prefix=()):
    yield prefix
    if len(prefix) > 8:  # the snapshot's own depth; deeper parts are corruption already
        return
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, prefix + (i,))


def _mutate(doc, path, how: str, pick: random.Random):
    if not path:
        return deep_list(50) if how == "deep" else None
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "huge":
        parent[key] = pick.choice([10 ** 4000, -(10 ** 40), 2 ** 64, 10 ** 12])
    elif how == "deep":
        parent[key] = deep_list(pick.choice([3, 40, 3000]))
    elif how == "type":
        parent[key] = pick.choice([None, True, 0, -1, 1.5, "x", "", [], {}, [1], ["gold"], {"kind": "x"}])
    elif how == "int":
        parent[key] = pick.choice([-1, 0, 1, 2, 3, 4, 5, 6, 7, 99])
    elif how == "swap":
        value = doc
        for k in pick.choice(list(_paths(doc))[1:]):
            value = value[k]
        try:
            parent[key] = json.loads(json.dumps(value))  # a copy of another field's value
        except RecursionError:
            pass  # that value is a deep corruption already
    return doc


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st_.integers(0, len(SNAPSHOTS) - 1), where=st_.integers(0, 10 ** 6),
       how=st_.lists(st_.sampled_from(["delete", "huge", "deep", "type", "int", "swap", "truncate"]),
                     min_size=1, max_size=3),
       seed=st_.integers(0, 10 ** 6))
def test_corrupted_snapshots_load_into_usable_states_or_are_refused(which, where, how, seed):
    pick = random.Random(seed)
    doc = json.loads(SNAPSHOTS[which])
    text = None
    for h in how:
        if h == "truncate":
            try:
                text = json.dumps(doc)
            except (ValueError, RecursionError):
                return  # the corruption is not even JSON-encodable; nothing to load
            text = text[:where % max(1, len(text))]
            break
        paths = list(_paths(doc))
        doc = _mutate(doc, paths[where % len(paths)], h, pick)
        where = where * 7919 + 13
    if text is None:
        try:
            text = json.dumps(doc)
        except (ValueError, RecursionError):
            return  # the corruption is not even JSON-encodable; nothing to load
    try:
        st = KIND.loads(text)
    except RuleError as e:
        assert e.code == "bad_snapshot"
        return
    # loaded: everything the engine layer calls works, and it round-trips
    pend = KIND.pending(st)
    for seat in range(st.seats):
        KIND.legal_moves(st, seat)
    for d in pend:
        assert KIND.legal_moves(st, d["seat"])
    KIND.score(st)
    assert KIND.dumps(KIND.loads(KIND.dumps(st))) == KIND.dumps(st)


def test_a_loaded_game_plays_on_to_the_end():
    for text in SNAPSHOTS[::5]:
        st = KIND.loads(text)
        seats = st.seats
        st, _ = random_playout(seats, 1, {}) if st.finished else (st, None)
        pick = random.Random(1)
        while not st.finished:
            seat = engine.pending(st)[0]["seat"]
            ms = engine.legal(st, seat)
            st, _ = KIND.apply(st, seat, ms[pick.randrange(len(ms))])
        assert KIND.score(st)["final"]
