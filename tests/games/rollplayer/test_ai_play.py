"""The Roll Player AI plays only legal moves, in every phase, variant and seat count, and reproducibly.

Full games are played with the cheap ``easy`` level and with the search under a tiny budget (the same code
path as ``normal`` / ``hard``, only fewer worlds and evaluations), and every chosen move goes through the
validating public ``KIND.apply`` — which refuses anything ``legal_moves`` does not offer.
"""
from __future__ import annotations

import collections

import pytest

from bot.games.rollplayer import engine
from bot.games.rollplayer.ai import LEVELS, choose_move
from bot.games.rollplayer.ai.search import Budget, search_move
from bot.games.rollplayer.kind import KIND

TINY = Budget(worlds=2, root_keep=2, beam=1, depth=3, max_evals=80)
TINY_LEARNED = Budget(worlds=2, root_keep=2, beam=1, depth=3, max_evals=80, learned=True)
VARIANTS = ("even_start", "souk", "short_game", "friendly_market", "free_class", "promo_sheets", "cursed_ring")


def _tiny(st, seat, seed):
    if st.phase == "setup_race":
        return choose_move(st, seat, "easy", seed)
    return search_move(st, seat, seed, TINY)[0]


def _tiny_learned(st, seat, seed):
    """The ``hard`` code path (leaves valued by the learned weights) under a tiny budget."""
    if st.phase == "setup_race":
        return choose_move(st, seat, "easy", seed)
    return search_move(st, seat, seed, TINY_LEARNED)[0]


def _play(seats: int, seed: int, options: dict, pickers) -> tuple:
    """Play to the end through the validating path; returns (final state, decisions seen, move types)."""
    st = KIND.create(seats, seed, options)
    decisions = collections.Counter()
    types = collections.Counter()
    steps = 0
    while not st.finished:
        pend = KIND.pending(st)
        assert pend, "an unfinished game always waits for someone"
        d = pend[steps % len(pend)]  # simultaneous decisions: take the seats in turn
        seat = d["seat"]
        decisions[d["decision"]] += 1
        move = pickers[seat](st, seat, seed)
        assert move in engine.legal(st, seat)
        st, _ = KIND.apply(st, seat, move)  # raises RuleError on anything illegal
        types[move["type"]] += 1
        steps += 1
        assert steps < 2000
    return st, decisions, types


@pytest.mark.parametrize("learned", (False, True), ids=("heuristic", "learned"))
@pytest.mark.parametrize("variant", (None,) + VARIANTS)
def test_legal_in_every_variant_and_seat_count(variant, learned):
    """Each variant once, the seat count cycling 1..4 (the learned value: 4..1, so both solo and multi-player
    weights play every variant's phases somewhere); seat 0 searches, the others play easy."""
    i = 0 if variant is None else VARIANTS.index(variant) + 1
    seats = (3 - i % 4 if learned else i % 4) + 1
    options = {} if variant is None else {variant: True}
    easy = lambda st, seat, seed: choose_move(st, seat, "easy", seed)  # noqa: E731
    pickers = [_tiny_learned if learned else _tiny] + [easy] * (seats - 1)
    st, decisions, types = _play(seats, 100 + i, options, pickers)
    score = KIND.score(st)
    assert score["final"] and len(score["players"]) == seats
    assert all(p.sheet_full() for p in st.players)
    # the whole game was decided by the AI: setup, dice and market phases all came up
    for needed in ("choose_race", "choose_class", "place_starting_die", "take_initiative", "place_die",
                   "market"):
        assert decisions[needed] > 0, needed
    assert types["take"] == st.round * seats and types["buy"] + types["take_gold"] > 0


def test_four_ai_seats_play_to_the_end():
    """Four AI seats of mixed levels (the search under a tiny budget and easy) finish a 4-player game."""
    easy = lambda st, seat, seed: choose_move(st, seat, "easy", seed)  # noqa: E731
    st, decisions, _ = _play(4, 7, {"promos": True}, [_tiny, easy, _tiny_learned, easy])
    assert st.finished and KIND.score(st)["final"]
    assert len(KIND.score(st)["ranking"]) == 4


def test_every_level_returns_a_legal_move_at_each_kind_of_decision():
    """Walk one solo and one 2-player game with easy and stop at each new decision kind to ask every level."""
    for seats in (1, 2):
        st = KIND.create(seats, 5, {})
        seen = set()
        while not st.finished and len(seen) < 8:
            d = KIND.pending(st)[0]
            seat = d["seat"]
            if d["decision"] not in seen and d["decision"] != "place_starting_die":
                seen.add(d["decision"])
                for level in LEVELS[:2]:
                    assert choose_move(st, seat, level, 3) in engine.legal(st, seat)
            st, _ = KIND.apply(st, seat, choose_move(st, seat, "easy", 5))
        assert {"take_initiative", "place_die", "attribute_action", "market"} <= seen


def test_unknown_level_is_refused():
    st = KIND.create(1, 1, {})
    with pytest.raises(ValueError):
        choose_move(st, 0, "impossible", 1)
