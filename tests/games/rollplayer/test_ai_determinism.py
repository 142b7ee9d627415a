"""Same state + seed → same move; the hidden future is never read; ``hint`` agrees with ``choose_move``."""
from __future__ import annotations

import json
import random

import pytest

from bot.games.rollplayer import engine
from bot.games.rollplayer.ai import HINT_LEVEL, LEVELS, choose_move, hint
from bot.games.rollplayer.ai.determinize import determinize
from bot.games.rollplayer.ai.evaluate import evaluate, row_chance
from bot.games.rollplayer.ai.learned import PARTS, WEIGHTS_PATH, learned_value, weights
from bot.games.rollplayer.ai.search import Budget, search_move
from bot.games.rollplayer.kind import KIND

SMALL_LEARNED = Budget(worlds=3, root_keep=3, beam=2, depth=3, max_evals=300, learned=True)


def _advance(seats: int, seed: int, decisions: int):
    """A state some decisions into a game played by the easy level."""
    st = KIND.create(seats, seed, {})
    for _ in range(decisions):
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, choose_move(st, seat, "easy", seed))
    return st


def _at(seats: int, seed: int, decision: str):
    st = KIND.create(seats, seed, {})
    while KIND.pending(st)[0]["decision"] != decision or st.round < 2:
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, choose_move(st, seat, "easy", seed))
    return st


@pytest.mark.parametrize("level", LEVELS[:2])
def test_same_state_and_seed_same_move(level):
    for decisions in (3, 14, 25):
        st = _advance(2, 11, decisions)
        seat = KIND.pending(st)[0]["seat"]
        a = choose_move(st, seat, level, 42)
        b = choose_move(KIND.loads(KIND.dumps(st)), seat, level, 42)
        assert a == b


def test_hard_is_deterministic_and_leaves_the_state_alone():
    st = _at(1, 3, "take_initiative")
    before = KIND.dumps(st)
    a = choose_move(st, 0, "hard", 9)
    assert KIND.dumps(st) == before
    assert choose_move(KIND.loads(before), 0, "hard", 9) == a
    assert a in engine.legal(st, 0)


@pytest.mark.parametrize("level", LEVELS[:2])
def test_the_hidden_future_is_not_read(level):
    """Changing what the seat cannot see (generator state, deck order) never changes its choice."""
    for decision in ("take_initiative", "attribute_action", "market"):
        st = _at(1, 21, decision)
        seat = KIND.pending(st)[0]["seat"]
        a = choose_move(st, seat, level, 5)
        for k in range(3):
            other = st.clone()
            other.rng = random.Random(k).getrandbits(64)
            random.Random(k).shuffle(other.deck)
            assert choose_move(other, seat, level, 5) == a


def test_determinize_keeps_everything_public():
    st = _at(2, 4, "market")
    w = determinize(st, 0, random.Random(1))
    assert sorted(w.deck) == sorted(st.deck)
    assert w.market == st.market and w.bag == st.bag and w.discard == st.discard
    assert [p.rows for p in w.players] == [p.rows for p in st.players]
    assert w.rng != st.rng


@pytest.mark.parametrize("decision", ("take_initiative", "place_die", "market"))
def test_hint_is_the_chosen_move_and_changes_nothing(decision):
    st = _at(1, 8, decision)
    before = KIND.dumps(st)
    h = hint(st, 0, 17)
    assert KIND.dumps(st) == before
    assert h["move"] == choose_move(st, 0, HINT_LEVEL, 17)
    assert isinstance(h["gain"], (int, float)) and not isinstance(h["gain"], bool)
    assert h["key"].startswith("rollplayer.ai.hint.")
    assert h["params"]["gain"] == h["gain"]
    easy = hint(st, 0, 17, "easy")
    assert easy["move"] == choose_move(st, 0, "easy", 17)


def test_evaluation_is_exact_at_the_end_and_orders_row_chances():
    st = KIND.create(1, 2, {})
    while not st.finished:
        st, _ = KIND.apply(st, 0, choose_move(st, 0, "easy", 2))
    assert evaluate(st, 0) == KIND.score(st)["players"][0]["total"]
    # a row closer to its window is likelier to end in it; an overshot row with nothing to come is lost
    assert row_chance(12, 1, 17, 17, True) > row_chance(8, 1, 17, 17, True)
    assert row_chance(12, 1, 17, 17, True) > row_chance(12, 1, 18, 18, True)
    assert row_chance(16, 0, 14, 15, False) == 0.0
    assert row_chance(15, 0, 14, 15, False) == 1.0


def test_the_learned_value_is_exact_at_the_end_and_reads_no_hidden_future():
    """The hard level's leaf value: the final score once the game is over; before, a function of what the
    seat sees only (generator state and deck order changed: same value), and the search it drives picks
    the same move from a reloaded state."""
    st = KIND.create(1, 6, {})
    checked = 0
    while not st.finished:
        if st.round == 4 and KIND.pending(st)[0]["decision"] == "market" and not checked:
            checked += 1
            v = learned_value(st, 0)
            other = st.clone()
            other.rng = random.Random(3).getrandbits(64)
            random.Random(3).shuffle(other.deck)
            assert learned_value(other, 0) == v and v > 0
            a = search_move(st, 0, 4, SMALL_LEARNED)[0]
            assert search_move(KIND.loads(KIND.dumps(st)), 0, 4, SMALL_LEARNED)[0] == a
            assert search_move(other, 0, 4, SMALL_LEARNED)[0] == a
        st, _ = KIND.apply(st, 0, choose_move(st, 0, "easy", 6))
    assert checked == 1
    assert learned_value(st, 0) == KIND.score(st)["players"][0]["total"]


def test_the_shipped_weights_fit_the_parts_and_record_their_provenance():
    doc = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    assert doc["parts"] == list(PARTS) + ["bias"]
    for name in ("solo", "multi"):
        assert len(doc["weights"][name]) == len(PARTS) + 1
        assert all(len(row) == 3 for row in doc["weights"][name])
    assert doc["data"] and doc["date"] and all("solo_seeds" in d for d in doc["data"])
    assert set(weights()) == {"solo", "multi"}
