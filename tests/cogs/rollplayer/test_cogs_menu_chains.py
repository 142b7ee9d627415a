"""A menu's chains (``cogs.menus``: Roll Player's suggested arrangement of the starting dice, take-and-place)
are the costly part of a menu: ``prepare_chains`` works them out in a worker thread, and the menu built
after it on the event loop uses them instead of computing them again — the very same menu. An answer is
only ever reused for the same state object, seat, locale and legal moves."""
from __future__ import annotations

import threading

import pytest
from clicks import move_options, refusals
from test_cogs_clicks import fake_game, no_pictures, play_state, to_starting_dice  # noqa: F401 - a fixture

from bot.games.rollplayer.kind import KIND
from cogs import menus
from cogs.buttons import bind_items
from cogs.rollplayer import PRESENTATION

UI = bind_items(None)


class Counting(type(PRESENTATION)):
    """Roll Player's presentation, noting on which thread each ``move_chains`` call ran."""

    def __init__(self) -> None:
        self.threads: list[int] = []

    def move_chains(self, game, seat, legal, locale):
        self.threads.append(threading.get_ident())
        return super().move_chains(game, seat, legal, locale)


def layout(view) -> list[dict]:
    return [item.to_component_dict() for item in view.children]


def seat_due(state) -> int:
    return KIND.pending(state)[0]["seat"]


async def test_prepared_chains_run_in_a_worker_and_give_the_same_menu():
    for phase in ("setup_dice", "dice"):
        state = play_state(phase=phase)
        seat = seat_due(state)
        legal = KIND.legal_moves(state, seat)
        plain = Counting()
        expected = layout(menus.move_view(plain, UI, fake_game(state), seat, legal, "en", look_buttons=False))
        assert len(plain.threads) == 1
        prepared = Counting()
        game = fake_game(state)
        await menus.prepare_chains(prepared, game, seat, "en", KIND.legal_moves)
        await menus.prepare_chains(prepared, game, seat, "en", KIND.legal_moves)       # already there
        assert len(prepared.threads) == 1 and prepared.threads[0] != threading.get_ident()
        built = menus.move_view(prepared, UI, game, seat, KIND.legal_moves(state, seat), "en", look_buttons=False)
        assert layout(built) == expected and len(prepared.threads) == 1
    assert any("+" in option["value"] for row in expected for option in row.get("options", ())), \
        "the dice phase's menu has no chain: this test checks nothing"


async def test_a_chain_answer_is_never_reused_for_another_state_seat_locale_or_list():
    state = play_state()
    seat = seat_due(state)
    presentation = Counting()
    game = fake_game(state)
    await menus.prepare_chains(presentation, game, seat, "en", KIND.legal_moves)
    legal = KIND.legal_moves(state, seat)
    menus.menu_chains(presentation, game, seat, legal, "en")
    assert len(presentation.threads) == 1
    same_ids_other_state = fake_game(KIND.apply(state, seat, legal[0])[0])      # same id and version
    menus.menu_chains(presentation, same_ids_other_state, seat,
                      KIND.legal_moves(same_ids_other_state.state, seat), "en")
    menus.menu_chains(presentation, game, seat, legal, "de")
    menus.menu_chains(presentation, game, seat, legal[1:], "en")
    other = 1 - seat
    menus.menu_chains(presentation, game, other, KIND.legal_moves(state, other), "en")
    assert len(presentation.threads) == 5
    menus.menu_chains(presentation, game, seat, legal[1:], "en")               # that one is kept now
    assert len(presentation.threads) == 5


@pytest.mark.usefixtures("no_pictures")
async def test_menus_of_clicks_get_their_chains_off_the_event_loop(harness, alice, bob, monkeypatch):
    """"My moves" and a placement that goes on privately build menus with the suggested arrangement: its
    chains were worked out in a worker, never on the event loop's thread."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)
    place = harness.channel()
    game, screens = await to_starting_dice(harness, [alice, bob], place)
    threads: list[int] = []
    real = type(PRESENTATION).move_chains

    def noting(self, game, seat, legal, locale):
        threads.append(threading.get_ident())
        return real(self, game, seat, legal, locale)
    monkeypatch.setattr(type(PRESENTATION), "move_chains", noting)
    mine = (await screens.click(screens.live(), user=alice, label="My moves")).only()
    single = next(o for o in move_options(mine) if o[0] == "select" and "+" not in o[2])
    result = await screens.choose(mine, single, user=alice)
    assert not refusals(result), refusals(result)
    assert len(threads) >= 2 and threading.get_ident() not in threads
