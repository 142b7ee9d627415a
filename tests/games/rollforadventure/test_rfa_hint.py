"""``/rfa hint``'s rules side: the team policy's move and what it achieves, at every decision of every
variant: legal, the policy's own move, deterministic, never reading what is still hidden; worded in every locale."""
from __future__ import annotations

import collections
from types import SimpleNamespace

import pytest

from bot.games.rollforadventure import hint as H
from bot.games.rollforadventure import policy
from bot.games.rollforadventure.kind import KIND
from bot.i18n import has_key
from cogs.rollforadventure import PRESENTATION

LOCALES = ("en", "de", "fr", "ko")
ALL_B = {"desert_side": "B", "fortress_side": "B", "forest_side": "B", "ice_cave_side": "B"}
VARIANTS = ({}, {"heroes": "choose", "hero_pool": "all"}, dict(ALL_B, heroes="choose", hero_pool="all"),
            {"specials": ["dragon", "phantom", "giant", "necromancer"], "hero_pool": "all"},
            {"adventure": "jewel_of_light", "extra_ally_dice": True, "track_holes": 6})


def game_of(state):
    return SimpleNamespace(state=state, seats=[SimpleNamespace(name=n) for n in ("Ann", "Bob", "Cem", "Dee")])


def decisions(seats: int, options: dict, seed: int, limit: int = 250):
    s = KIND.create(seats, seed, options)
    for step in range(limit):
        pending = KIND.pending(s)
        if not pending:
            return
        seat = pending[0]["seat"]
        yield s, seat, pending[0]["decision"], step
        s, _ = KIND.apply(s, seat, policy.choose_move(s, seat, step))


@pytest.mark.parametrize("options", VARIANTS)
def test_a_hint_at_every_decision_is_the_policys_legal_move_with_a_worded_reason(options):
    reasons = collections.Counter()
    for seed in range(2):
        for s, seat, decision, step in decisions(1 + (seed + len(options)) % 4, options, seed):
            before = KIND.dumps(s)
            hint = KIND.hint(s, seat, step)
            assert KIND.dumps(s) == before, "the hint changes nothing"
            assert hint["move"] in KIND.legal_moves(s, seat) and hint["move"] == policy.choose_move(s, seat, step)
            assert hint == KIND.hint(KIND.loads(before), seat, step), "same state, same hint"
            assert has_key(hint["key"]), hint["key"]
            reasons[hint["key"].rsplit(".", 1)[1]] += 1
            for locale in LOCALES:
                text = PRESENTATION.hint_text(game_of(s), seat, hint, locale)
                assert text and "{" not in text and "⟦" not in text, (locale, hint, text)
    assert {"fill", "defeat"} <= set(reasons) or {"pick"} <= set(reasons)


def test_what_a_placement_achieves_is_read_before_anything_hidden():
    """A throw that ends the dice step runs the enemy phase and the next turn's deal on the copy: the hint
    reads the events only up to the first one that shows something new (a throw, a card, the territory die)."""
    seen = 0
    for s, seat, decision, step in decisions(2, {}, 3, limit=400):
        if decision != "place":
            continue
        hint = KIND.hint(s, seat, step)
        if hint["move"]["type"] != "place":
            continue
        events = H.known_events(s, hint["move"])
        names = [e["key"].rsplit(".", 1)[1] for e in events]
        assert not set(names) & H.HIDDEN
        assert "placed" in names
        seen += 1
    assert seen > 20


def test_reasons_name_what_the_move_achieves():
    found = {}
    for options in VARIANTS:
        for s, seat, decision, step in decisions(3, options, 5, limit=300):
            hint = KIND.hint(s, seat, step)
            reason = hint["key"].rsplit(".", 1)[1]
            found.setdefault(reason, (s, seat, hint))
    assert {"fill", "defeat", "hit", "stone"} <= set(found), sorted(found)
    s, seat, hint = found["defeat"]
    target = hint["move"]["place"][6:]
    pips = hint["move"]["value"] * hint["move"]["count"] * (2 if hint["move"].get("hero") else 1)
    assert s["enemy_total"][target] + pips >= 6 and hint["params"]["card"] == target
    s, seat, hint = found["stone"]
    assert hint["params"]["stones"] == s["stones"] + 1
    text = PRESENTATION.hint_text(game_of(s), seat, hint, "en")
    assert f"({s['stones'] + 1} of {s['stones_needed']})" in text
