"""The rules-flow table (phases.py): every state the game reaches has an entry, ``pending`` reports only the
decisions its entry declares, and every move ``legal`` offers is handled by that entry (or is an any-time
move). Class powers and skills are registries by kind."""
import random

import pytest
from rp_kit import KIND, engine

from bot.games.rollplayer import phases, powers
from bot.games.rollplayer.content import CLASS_POWER


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_the_table_covers_every_state_and_move(seats):
    seen_steps, seen_nested = set(), set()
    for seed in range(12):
        st = KIND.create(seats, seed, [{}, {"promos": True, "free_class": True}, {"friendly_market": True}][seed % 3])
        pick = random.Random(seed)
        while not st.finished:
            pend = engine.pending(st)
            if st.sub is not None:
                nested = phases.NESTED[st.sub["kind"]]
                seen_nested.add(nested.kind)
                assert [d["decision"] for d in pend] == [nested.kind]
                handled = set(nested.moves) | set(nested.also)
            else:
                entry = phases.STEPS[(st.phase, st.step)]
                seen_steps.add((st.phase, st.step))
                asks = {a["decision"] for a in entry.asks}
                assert pend and {d["decision"] for d in pend} <= asks, (st.phase, st.step, pend)
                handled = set(entry.moves) | (set(phases.ANY_TIME_MOVES) if entry.skills else set())
            for seat in range(seats):
                for m in engine.legal(st, seat):
                    assert m["type"] in handled, (st.phase, st.step, m)
            seat = pick.choice(pend)["seat"] if pick.random() > 0.1 else pick.randrange(seats)
            ms = engine.legal(st, seat)
            if ms:
                engine.play(st, ms[pick.randrange(len(ms))])
        assert st.phase == "finished" and engine.pending(st) == [] and engine.legal(st, 0) == []
    assert {("dice", "choose"), ("dice", "place"), ("dice", "action"), ("market", "buy"), ("cleanup", None),
            ("setup_race", None), ("setup_class", None), ("setup_dice", None)} <= seen_steps
    assert "int_keep" in seen_nested


def test_every_move_type_has_exactly_one_handler_per_entry():
    for key, entry in phases.STEPS.items():
        assert key == (entry.phase, entry.step)
        assert not set(entry.moves) & set(phases.ANY_TIME_MOVES), key
    for kind, nested in phases.NESTED.items():
        assert kind == nested.kind and nested.moves
    assert phases.MOVE_TYPES == {t for e in phases.STEPS.values() for t in e.moves} | {
        t for n in phases.NESTED.values() for t in n.moves} | set(phases.ANY_TIME_MOVES)


def test_class_powers_are_registered_by_kind():
    for cid, pw in CLASS_POWER.items():
        entry = powers.CLASS_POWER_KIND[cid]
        assert entry is powers.POWER_KINDS[pw["kind"]]
        used = entry.timing != powers.PASSIVE
        assert (entry.moves is not None) == used == (entry.resolve is not None), cid


def test_power_moves_only_inside_their_window():
    st = KIND.create(2, 5, {})
    while st.phase != "dice":
        seat = engine.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, engine.legal(st, seat)[0])
    seat = st.turn
    st.players[seat].class_id = "sorcerer"
    assert powers.power_moves(st, seat, "dice_turn_after_choice") == []     # nothing drafted yet
    card = next(c.number for c in st.initiative if c.die is not None)
    st, _ = KIND.apply(st, seat, {"type": "take", "card": card})
    assert powers.power_moves(st, seat, "dice_turn_after_choice") == [
        {"type": "power", "seat": seat, "power": "mysterious"}]
    assert powers.power_moves(st, seat, "market_phase_start") == []
    st, events = KIND.apply(st, seat, {"type": "power", "power": "mysterious"})
    assert st.sub["kind"] == "mysterious_keep" and "mysterious" in st.players[seat].used
    assert powers.power_moves(st, seat, "dice_turn_after_choice") == []     # once per round
