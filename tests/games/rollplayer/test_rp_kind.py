"""The game-kind seam (docs/contracts.md), the score projection, and the runnable docs example."""
import json
import re
from pathlib import Path

import pytest
from rp_kit import RuleError, after_setup, engine, random_playout

from bot.games.rollplayer.kind import KIND, scoring_input

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules-engine.md"


def test_protocol_surface():
    assert KIND.name == "rollplayer" and KIND.min_seats == 1 and KIND.max_seats == 4
    st = KIND.create(3, 42, {})
    assert not KIND.is_finished(st)
    text = KIND.dumps(st)
    assert json.loads(text)["seats"] == 3
    assert KIND.dumps(KIND.loads(text)) == text
    seat = KIND.pending(st)[0]["seat"]
    assert KIND.legal_moves(st, seat)
    assert KIND.score(st) == {"ready": False, "final": False, "players": [], "ranking": [], "rating": None}


def test_same_seed_same_game_different_seed_different_game():
    a = KIND.dumps(KIND.create(4, 9, {}))
    assert a == KIND.dumps(KIND.create(4, 9, {}))
    b = KIND.dumps(after_setup(4, 9))
    c = KIND.dumps(after_setup(4, 10))
    assert b != c


def test_apply_rejects_garbage_without_changing_the_state():
    st = KIND.create(2, 1, {})
    text = KIND.dumps(st)
    seat = st.turn
    for bad in ("take", None, {"type": "nonsense"}, {"type": "race", "race": "elf"},
                {"type": "race", "race": "elf", "gender": "robot"}, {"type": "race", "race": ["elf"],
                                                                      "gender": "male"}):
        with pytest.raises(RuleError) as e:
            KIND.apply(st, seat, bad)
        assert e.value.key.startswith("rules.rollplayer.")
    assert KIND.dumps(st) == text


def test_mid_game_projection_and_final_score():
    st = after_setup(2, 5)
    proj = KIND.score(st)
    assert proj["ready"] and not proj["final"] and len(proj["players"]) == 2
    inp = scoring_input(st, 0)
    assert all(len(r) == 3 for r in inp.rows.values())
    assert sum(d is not None for r in inp.rows.values() for d in r) == st.players[0].dice_count()
    st, _ = random_playout(2, 5, {})
    final = KIND.score(st)
    assert final["final"] and [r["place"] for r in final["ranking"]][0] == 1
    assert final["rating"] is None
    assert all(p["complete"] for p in final["players"])
    assert json.loads(json.dumps(final)) == final


def test_docs_example_runs():
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})


def test_pending_lists_parallel_decisions():
    st = KIND.create(3, 2, {})
    while st.phase != "setup_dice":
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, KIND.legal_moves(st, seat)[0])
    assert sorted(d["seat"] for d in KIND.pending(st)) == [0, 1, 2]
    assert {d["decision"] for d in KIND.pending(st)} == {"place_starting_die"}
    last = (st.first_player + 2) % 3
    st, _ = KIND.apply(st, last, KIND.legal_moves(st, last)[0])
    assert engine.pending(st)[0]["decision"] == "place_starting_die"


def test_bad_snapshot_is_a_rule_error():
    for bad in ("", "{}", "[1]", json.dumps({"version": 99})):
        with pytest.raises(RuleError) as e:
            KIND.loads(bad)
        assert e.value.code == "bad_snapshot"
    data = json.loads(KIND.dumps(KIND.create(2, 1, {})))
    data["version"] = 2
    with pytest.raises(RuleError):
        KIND.loads(json.dumps(data))
