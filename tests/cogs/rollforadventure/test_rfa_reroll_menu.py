"""The Daredevil's reroll through the menus: any sub-multiset of a throw of up to 15 dice (1,727 choices for
the biggest), so a player must reach every one. While the whole decision fits the menus each reroll is one
entry; beyond that the rerolls are one narrowing entry that opens a toggle per die and Confirm."""
from __future__ import annotations

from types import SimpleNamespace

import discord
from test_rfa_words import reachable

from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import RollForAdventureKind
from bot.i18n import t
from cogs.buttons import SubsetConfirm, SubsetToggle
from cogs.menus import FLAT_LIMIT, move_view, plan_menu, subset_view
from cogs.rollforadventure import PRESENTATION
from cogs.seam import SUBSET_ITEMS
from tests.games.rollforadventure.rfa_kit import game, throw

KIND = RollForAdventureKind()
LOCALES = ("en", "de", "fr", "ko")
#: the biggest throw: 5 own dice, 6 ally dice (two heroes, house variant), the 4 bonus dice
BIGGEST = [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6]


def most_dice_one_hero_throws() -> int:
    """A hero throws the dice on their board: their own, every ally die (returned ones go to the active
    hero) and every bonus die (the Ice Cave hands them out), at most."""
    most = 0
    for seats in (1, 2, 3, 4):
        for extra in (False, True):
            state = KIND.create(seats, 1, {"extra_ally_dice": extra})
            own = sum(1 for d in state["dice"] if d["o"] == state["heroes"][0]["colour"])
            most = max(most, own + sum(1 for d in state["dice"] if d["o"] in ("ally", "bonus")))
    return most


def daredevil_throw(values: list[int]):
    state = game(seats=1, heroes=("draufgaengerin", "heiler"), extra_ally_dice=True)
    owners = ["red"] * 5 + ["ally"] * 6 + ["bonus"] * 4
    throw(state, 0, values, owners=owners[:len(values)] if len(values) == len(BIGGEST) else None)
    view = SimpleNamespace(id=7, version=3, state=state, seats=[SimpleNamespace(name="Ann")])
    return view, 0, KIND.legal_moves(state, 0)


def reroll_entry(plan):
    """The top menu's narrowing entry that holds the rerolls: (index, levels)."""
    for select in plan.selects:
        for label, value, _ in select.options:
            if value.count(":") == 2 and label == t("rollforadventure.group.reroll", "en"):
                index, _, levels = value.split(":")
                return int(index), int(levels)
    raise AssertionError("no reroll entry")


def test_the_biggest_throw_has_a_toggle_per_die():
    assert most_dice_one_hero_throws() == len(BIGGEST) <= SUBSET_ITEMS


def test_the_biggest_throw_offers_every_reroll_through_the_menus():
    g, seat, legal = daredevil_throw(BIGGEST)
    assert len(ids_at(g.state, "pool")) == len(BIGGEST)
    rerolls = {i for i, m in enumerate(legal) if m["type"] == "reroll"}
    assert len(rerolls) == 4 * 4 * 3 * 3 * 3 * 4 - 1 and len(legal) > FLAT_LIMIT
    assert reachable(g, seat, legal) == set(range(len(legal)))
    top = plan_menu(PRESENTATION, g, seat, legal, "en")
    assert top.subset is None                            # the placements stay one click away
    index, levels = reroll_entry(top)
    inner = plan_menu(PRESENTATION, g, seat, legal, "en", rep=legal[index], levels=levels)
    assert inner.subset is not None
    assert inner.subset.labels == tuple(t("rollforadventure.toggle.kept", "en", value=v) for v in BIGGEST)


def test_the_toggles_choose_values_and_confirm_plays_that_reroll():
    g, seat, legal = daredevil_throw(BIGGEST)
    index, levels = reroll_entry(plan_menu(PRESENTATION, g, seat, legal, "en"))
    for locale in LOCALES:
        view = move_view(PRESENTATION, g, seat, legal, locale, rep=legal[index], levels=levels,
                         look_buttons=False)
        toggles = [c for c in view.children if isinstance(c, SubsetToggle)]
        assert [b.item.label for b in toggles] == [t("rollforadventure.toggle.kept", locale, value=v) for v in BIGGEST]
        assert not any(isinstance(c, SubsetConfirm) for c in view.children)   # nothing chosen yet
        assert len(view.children) == len(BIGGEST) + 1            # no placement beside the toggles
    subset = plan_menu(PRESENTATION, g, seat, legal, "en", rep=legal[index], levels=levels).subset
    # the second and third 1 and the last 6 stand for "reroll 1 1 6", whichever of the equal dice are toggled
    chosen = 1 << 1 | 1 << 2 | 1 << 14
    view = subset_view(PRESENTATION, g, seat, legal, subset, chosen, "en", look_buttons=False)
    [confirm] = [c for c in view.children if isinstance(c, SubsetConfirm)]
    assert confirm.item.label == "Reroll 1 1 6"
    assert legal[subset.index_of(chosen)] == {"type": "reroll", "values": [1, 1, 6]}
    assert subset.index_of(chosen) == subset.index_of(1 | 1 << 1 | 1 << 12)
    assert legal[subset.index_of((1 << len(BIGGEST)) - 1)]["values"] == BIGGEST
    chosen_style = [c.item.style for c in view.children if isinstance(c, SubsetToggle)]
    assert chosen_style.count(discord.ButtonStyle.primary) == 3


def test_a_toggle_says_in_words_whether_its_die_is_rerolled():
    """The colour said which dice a press had chosen, and a screen reader says no colour: each toggle's label
    says "kept" or "reroll", in the reader's language."""
    g, seat, legal = daredevil_throw(BIGGEST)
    index, levels = reroll_entry(plan_menu(PRESENTATION, g, seat, legal, "en"))
    chosen = 1 << 1 | 1 << 14
    for locale in LOCALES:
        subset = plan_menu(PRESENTATION, g, seat, legal, locale, rep=legal[index], levels=levels).subset
        view = subset_view(PRESENTATION, g, seat, legal, subset, chosen, locale, look_buttons=False)
        labels = [c.item.label for c in view.children if isinstance(c, SubsetToggle)]
        assert labels == [t("rollforadventure.toggle.reroll" if item in (1, 14) else "rollforadventure.toggle.kept",
                            locale, value=v) for item, v in enumerate(BIGGEST)]
        assert len(set(labels[:3])) == 2, "the rerolled 1 reads unlike the kept ones"


def test_a_small_throw_lists_each_reroll_as_one_entry():
    g, seat, legal = daredevil_throw([2, 2, 5])
    plan = plan_menu(PRESENTATION, g, seat, legal, "en")
    assert plan.subset is None and len(legal) <= FLAT_LIMIT
    entries = [value for select in plan.selects for _, value, _ in select.options] + \
        [f"{i}:{check}" for i, check, _ in plan.buttons]
    assert all(value.count(":") == 1 for value in entries)
    assert reachable(g, seat, legal) == set(range(len(legal)))
