"""Narrowing fields of a menu (``cogs.menus``): the fast paths of ``_canon`` and ``split_field`` group and
split moves exactly as the plain definitions do — equal JSON values together, the first field (narrowing
fields first, then the rest alphabetically, ``seat`` never) on which the moves differ."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from cogs.menus import FLAT_LIMIT, _canon, leaf_groups, narrow, narrow_field, split_field

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20), st.floats(allow_nan=False),
                    st.text(max_size=6), st.sampled_from(["null", "1", "true", '"a"', "[1]", ""]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                      max_leaves=6)
FIELDS = ["type", "die", "attr", "seat", "x", "a"]
MOVES = st.lists(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4), min_size=1, max_size=12)


def _json(value) -> str:
    return json.dumps(value, sort_keys=True)


@settings(max_examples=300, deadline=None)
@given(a=VALUES, b=VALUES)
def test_canon_is_equal_exactly_when_the_json_is(a, b):
    assert (_canon(a) == _canon(b)) == (_json(a) == _json(b))


def _split_field_reference(items, first=()):
    fields = list(first) + sorted({k for _, m in items for k in m} - set(first) - {"seat"})
    for name in fields:
        if len({_json(m.get(name)) for _, m in items}) >= 2:
            return name
    return None


@settings(max_examples=300, deadline=None)
@given(moves=MOVES, first=st.lists(st.sampled_from(FIELDS + ["absent"]), unique=True, max_size=4))
def test_split_field_is_the_first_field_on_which_moves_differ(moves, first):
    items = list(enumerate(moves))
    assert split_field(items, tuple(first)) == _split_field_reference(items, tuple(first))


@settings(max_examples=100, deadline=None)
@given(moves=st.lists(st.fixed_dictionaries({"type": st.sampled_from(["a", "b"]), "die": st.lists(
    st.integers(0, 3), min_size=2, max_size=2), "attr": st.sampled_from("xyz")}), min_size=26, max_size=60))
def test_leaf_groups_keep_every_move_once_and_in_groups_of_one_select(moves):
    items = list(enumerate(moves))
    groups = leaf_groups(items, ("type", "die"))
    assert sorted(i for group in groups for i, _ in group) == list(range(len(moves)))
    assert all(len(group) <= 25 for group in groups)


def test_a_narrowing_step_never_offers_more_groups_than_a_menu_shows():
    """130 moves that differ, first, in a field unique to each (a list of fields) and also in a field with three
    values: the step groups by the latter, so every move is reachable (grouping by the first would offer 130
    entries, and a menu shows 100)."""
    moves = [{"cells": [k, k + 1], "territory": k % 3} for k in range(130)]
    items = list(enumerate(moves))
    assert split_field(items) == "cells"
    assert narrow_field(items) == "territory"
    reached = set()
    for territory in range(3):
        inside = narrow(items, {"territory": territory}, 1)
        assert 0 < len(inside) <= FLAT_LIMIT
        reached |= {i for i, _ in inside}
    assert reached == set(range(130))
