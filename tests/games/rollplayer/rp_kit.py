"""Test helpers for the Roll Player rules engine: build games, jump to decision points, shape sheets."""
from __future__ import annotations

import random

from bot.games.errors import RuleError
from bot.games.rollplayer import engine, moves
from bot.games.rollplayer.content import ATTRS, BASE_CARD_IDS, CLASSES, PROMO_CARD_IDS, SOLO_EXCLUDED
from bot.games.rollplayer.kind import KIND

__all__ = [
    "ATTRS",
    "KIND",
    "RuleError",
    "act",
    "after_setup",
    "at_dice_turn",
    "at_market_start",
    "at_market_turn",
    "check_invariants",
    "engine",
    "legal",
    "moves",
    "new_game",
    "random_playout",
    "rows",
    "sheet",
    "skill_moves_of",
    "types",
]


def new_game(seats: int = 2, seed: int = 1, **options):
    return KIND.create(seats, seed, options)


def after_setup(seats: int = 2, seed: int = 1, classes=None, **options):
    """Play setup with the first legal choice everywhere; then every class is forced to Cleric unless
    ``classes`` (seat -> class id) says otherwise (the draw is tested in test_rp_setup)."""
    st = new_game(seats, seed, **options)
    while st.phase.startswith("setup"):
        seat = engine.pending(st)[0]["seat"]
        st, _ = moves.apply(st, engine.legal(st, seat)[0])
    if st.sub is not None:
        st, _ = moves.apply(st, engine.legal(st, st.sub["seat"])[0])
    forced = {s: "cleric" for s in range(seats)}  # a power that stays out of the way of most tests
    forced.update(classes or {})
    for seat, cid in forced.items():
        st.players[seat].class_id = cid
        st.players[seat].class_card = CLASSES[cid]["card"]  # keep the sheet consistent (snapshot invariants)
    return st


def act(st, move: dict):
    """Apply a move through the validating public path; returns (state, events)."""
    return moves.apply(st, move)


def legal(st, seat: int) -> list[dict]:
    return engine.legal(st, seat)


def types(st, seat: int) -> set[str]:
    return {m["type"] for m in engine.legal(st, seat)}


def skill_moves_of(st, seat: int, card: str) -> list[dict]:
    return [m for m in engine.legal(st, seat) if m["type"] == "skill" and m["card"] == card]


def sheet(p, **rows_by_attr):
    """Replace some rows of player ``p``: sheet(p, str=[("blue", 5)], ...)."""
    for a, dice in rows_by_attr.items():
        p.rows[a] = [tuple(d) for d in dice]


def rows(p) -> dict:
    return {a: list(p.rows[a]) for a in ATTRS}


def at_dice_turn(st):
    """Advance (first legal choices) until a Dice-Phase turn starts; returns the state."""
    while not (st.phase == "dice" and st.step == "choose" and st.sub is None):
        seat = engine.pending(st)[0]["seat"]
        st, _ = moves.apply(st, _plain_choice(st, seat))
    return st


def at_market_turn(st):
    while not (st.phase == "market" and st.step == "buy" and st.sub is None):
        seat = engine.pending(st)[0]["seat"]
        st, _ = moves.apply(st, _plain_choice(st, seat))
    return st


def at_market_start(st):
    """Advance until the Market Phase waits on a class power of its start (the Druid's Attuned); returns the state."""
    while st.phase != "market_start":
        seat = engine.pending(st)[0]["seat"]
        st, _ = moves.apply(st, _plain_choice(st, seat))
    return st


def _plain_choice(st, seat: int) -> dict:
    """A simple non-skill choice (first take/place, decline actions, take gold, refresh nothing)."""
    ms = [m for m in engine.legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
    for pref in ("decline_action", "take_gold", "end_market_turn", "keep", "refresh", "finish"):
        for m in ms:
            if m["type"] == pref:
                return m
    return ms[0]


def expected_cards(st) -> list[str]:
    ids = list(BASE_CARD_IDS) + (list(PROMO_CARD_IDS) if st.options["cursed_ring"] else [])
    if st.seats == 1:
        ids = [c for c in ids if c not in SOLO_EXCLUDED]
    return sorted(ids)


def check_invariants(st) -> None:
    dice = (sum(st.bag.values()) + len(st.set_aside) + sum(1 for c in st.initiative if c.die is not None)
            + sum(p.dice_count() + len(p.start_dice) for p in st.players)
            + (1 if st.enemy_die is not None else 0))
    assert dice == 73, dice
    assert all(n >= 0 for n in st.bag.values())
    if st.phase not in ("setup_race", "setup_class"):
        cards = st.deck + st.market + st.discard + st.trash + [c for p in st.players for c in p.cards]
        assert sorted(cards) == expected_cards(st)
    for p in st.players:
        assert p.gold >= 0 and p.charisma >= 0
        for row in p.rows.values():
            assert len(row) <= 3 and all(1 <= v <= 6 for _, v in row)
        assert set(p.exhausted) <= set(p.cards)


def random_playout(seats: int, seed: int, options: dict, checked: bool = False, outsider: float = 0.1):
    """A random legal game. ``checked``: go through the validating ``apply`` and check invariants after
    every move. ``outsider``: share of moves tried by a random seat (any-time skills out of turn)."""
    st = KIND.create(seats, seed, options)
    pick = random.Random(seed * 7919 + seats)
    history = []
    guard = 0
    while not st.finished:
        guard += 1
        assert guard < 20000, "playout does not end"
        pend = engine.pending(st)
        assert pend, (st.phase, st.step)
        seat = pick.choice(pend)["seat"] if pick.random() >= outsider else pick.randrange(seats)
        ms = engine.legal(st, seat)
        if not ms:
            assert seat not in {d["seat"] for d in pend}, "a pending seat has no legal move"
            continue
        m = ms[pick.randrange(len(ms))]
        history.append(m)
        if checked:
            st, _ = moves.apply(st, m)
            check_invariants(st)
        else:
            engine.play(st, m)
    return st, history
