"""The rule-following policy: always legal, deterministic per seed, and clearly better than chance."""
from __future__ import annotations

import random

from rfa_kit import game, put, show, throw

from bot.games.rollforadventure.kind import KIND
from bot.games.rollforadventure.policy import choose_move


def finish(seats, seed, chooser, options=None):
    s = KIND.create(seats, seed, options or {})
    while not KIND.is_finished(s):
        seat = KIND.pending(s)[0]["seat"]
        s, _ = KIND.apply(s, seat, chooser(s, seat))
    return s


def test_policy_beats_random_play():
    rnd = random.Random(3)
    policy_wins = sum(finish(3, 500 + g, lambda s, seat: choose_move(s, seat, 1))["result"] == "won"
                      for g in range(24))
    random_wins = sum(finish(3, 500 + g, lambda s, seat: rnd.choice(KIND.legal_moves(s, seat)))["result"] == "won"
                      for g in range(24))
    assert policy_wins >= 4 and random_wins <= 1


def test_policy_is_deterministic_for_a_seed():
    a = finish(2, 42, lambda s, seat: choose_move(s, seat, 7))
    b = finish(2, 42, lambda s, seat: choose_move(s, seat, 7))
    assert KIND.dumps(a) == KIND.dumps(b)


def test_policy_kills_an_enemy_it_can_and_completes_a_stone():
    s = game()
    show(s, "sandmann_1", total=4)
    throw(s, 0, [2, 3, 4])
    assert choose_move(s, 0, 0) == {"type": "place", "value": 2, "place": "enemy:sandmann_1", "count": 1}
    s = game()
    for k in range(5):
        put(s, "forest", 5, "blue", k + 1)
    show(s, "sandmann_1", total=4)
    throw(s, 0, [2, 6])
    assert choose_move(s, 0, 0) == {"type": "place", "value": 6, "place": "territory:forest", "count": 1}


def test_policy_does_not_mutate_the_state():
    s = game(heroes=("schelm", "draufgaengerin", "heiler", "haudegen"))
    throw(s, 0, [1, 2, 6])
    before = KIND.dumps(s)
    choose_move(s, 0, 0)
    assert KIND.dumps(s) == before
