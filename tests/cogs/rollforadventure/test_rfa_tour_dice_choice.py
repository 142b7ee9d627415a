"""Which die a Desert step-up moves on, or an attack removes, as a Korean tour chose them (issue t5): two yellow 1s
were two buttons, "Advance yellow 1 (#1)" and "(#2)", and a Forest attack offered "Lose blue 6 (Forest) (#1)",
"(#2)", "yellow 6 (#1)", "(#2)": buttons that did the same thing, while the picture numbers no dice. One choice
per kind of die now: owner and value (and field, on the sides where it matters)."""
from __future__ import annotations

import pytest
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post, move_buttons, move_options
from rfa_tour import DAVE, lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure import territories as T


def kinds_of_dice(state: dict) -> set:
    """The candidates of the die choice at hand, told apart as the rules tell them (what happens differs)."""
    d = state["decision"]
    if d["kind"] == "remove_die":
        return {T.equivalence(state, d["territory"], i) for i in d["dice"]}
    return {(state["dice"][i]["o"], state["dice"][i]["v"]) for i in d["dice"]}


def with_twins(kind: str):
    def moment(before, move, events, after) -> bool:
        d = after.get("decision") or {}
        return d.get("kind") == kind and len(d["dice"]) > len(kinds_of_dice(after))
    return moment


@pytest.mark.parametrize("kind, players", [("promote", 3), ("remove_die", 4)])
async def test_identical_dice_are_one_choice(harness, alice, bob, carol, monkeypatch, kind, players):
    users = [alice, bob, carol, DAVE][:players]
    seed, count = seed_for(players, lobby_options(), with_twins(kind), seeds=range(40))
    game, place = await open_game(harness, users, seed, monkeypatch)
    game = await play_moves(harness, game, users, place, count)
    assert game.state["decision"]["kind"] == kind
    post = latest_turn_post(harness, place)
    labels = [b["label"] for b in move_buttons(post)] + [o["label"] for _, o in move_options(post)]
    assert len(labels) == len(set(labels)) == len(kinds_of_dice(game.state)) < len(game.state["decision"]["dice"])
    assert not any("(#" in label for label in labels), labels
    # the last one offered is a move like any: clicked, it is played
    choice = KIND.legal_moves(game.state, due_seat(game))[-1]
    await click_move(harness, post, game, choice, user=user_due(game, users), place=place)
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == choice
