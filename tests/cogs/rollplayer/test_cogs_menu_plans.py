"""Menus worked out off the event loop (``cogs.menus``): ``prepare_plan`` works out a seat's menu — labels,
details, chains (Roll Player's suggested arrangement of the starting dice evaluates each placement) — in a
worker thread, and ``move_view`` then builds the very same view from it without computing anything again.
A plan or a chain list is only ever reused for the same state object, seat, locale, menu and legal moves."""
from __future__ import annotations

import threading

import pytest
from clicks import move_options, refusals
from test_cogs_clicks import fake_game, no_pictures, play_state, to_starting_dice  # noqa: F401 - a fixture

from bot.games.rollplayer.kind import KIND
from cogs import menus
from cogs.rollplayer import PRESENTATION


class Counting(type(PRESENTATION)):
    """Roll Player's presentation, noting on which thread each ``move_chains`` and ``move_label`` call ran."""

    def __init__(self) -> None:
        self.threads: list[int] = []
        self.labels: list[int] = []

    def move_chains(self, game, seat, legal, locale):
        self.threads.append(threading.get_ident())
        return super().move_chains(game, seat, legal, locale)

    def move_label(self, *args, **kwargs):
        self.labels.append(threading.get_ident())
        return super().move_label(*args, **kwargs)


def layout(view) -> list[dict]:
    return [item.to_component_dict() for item in view.children]


def seat_due(state) -> int:
    return KIND.pending(state)[0]["seat"]


VARIANTS = (dict(look_buttons=False, hint=True, undo=True), dict(), dict(look_buttons=False))


@pytest.mark.parametrize("phase", ["setup_dice", "dice", "market"])
@pytest.mark.parametrize("menu", [menus.MAIN, menus.ALL])
async def test_a_prepared_menu_is_worked_out_in_a_worker_and_is_the_same_menu(phase, menu):
    state = play_state(phase=phase)
    seat = seat_due(state)
    legal = KIND.legal_moves(state, seat)
    expected = [layout(menus.move_view(Counting(), fake_game(state), seat, legal, "fr", menu=menu, **variant))
                for variant in VARIANTS]
    prepared = Counting()
    game = fake_game(state)
    await menus.prepare_plan(prepared, game, seat, "fr", KIND.legal_moves, menu=menu)
    await menus.prepare_plan(prepared, game, seat, "fr", KIND.legal_moves, menu=menu)       # already there
    loop = threading.get_ident()
    worked = len(prepared.labels) + len(prepared.threads)
    assert worked and loop not in prepared.labels and loop not in prepared.threads
    for variant, layout_before in zip(VARIANTS, expected):
        built = menus.move_view(prepared, game, seat, KIND.legal_moves(state, seat), "fr", menu=menu, **variant)
        assert layout(built) == layout_before
    assert len(prepared.labels) + len(prepared.threads) == worked, "the menu was worked out again on the loop"
    if phase == "setup_dice":
        assert any("+" in option["value"] for row in expected[0] for option in row.get("options", ())), \
            "the starting dice's menu has no chain: this test checks nothing"


async def test_a_plan_is_never_reused_for_another_state_seat_locale_menu_or_list():
    state = play_state()
    seat = seat_due(state)
    presentation = Counting()
    game = fake_game(state)
    await menus.prepare_plan(presentation, game, seat, "en", KIND.legal_moves)
    legal = KIND.legal_moves(state, seat)
    prepared = menus.move_view(presentation, game, seat, legal, "en")
    loop = threading.get_ident()
    assert loop not in presentation.labels
    same_ids_other_state = fake_game(KIND.apply(state, seat, legal[0])[0])      # same id and version
    other = 1 - seat
    for args in ((same_ids_other_state, seat, KIND.legal_moves(same_ids_other_state.state, seat), "en", menus.MAIN),
                 (game, seat, legal, "de", menus.MAIN), (game, seat, legal[1:], "en", menus.MAIN),
                 (game, other, KIND.legal_moves(state, other), "en", menus.MAIN), (game, seat, legal, "en", menus.ALL)):
        presentation.labels.clear()
        view = menus.move_view(presentation, *args[:4], menu=args[4])
        assert presentation.labels and set(presentation.labels) == {loop}, args[1:]
        assert layout(view) == layout(menus.move_view(Counting(), *args[:4], menu=args[4]))
    assert layout(prepared) == layout(menus.move_view(Counting(), game, seat, legal, "en"))


def test_chains_are_computed_once_per_state_seat_locale_and_list():
    state = play_state()
    seat = seat_due(state)
    presentation = Counting()
    game = fake_game(state)
    legal = KIND.legal_moves(state, seat)
    menus.menu_chains(presentation, game, seat, legal, "en")
    menus.menu_chains(presentation, game, seat, legal, "en")
    assert len(presentation.threads) == 1
    same_ids_other_state = fake_game(KIND.apply(state, seat, legal[0])[0])
    menus.menu_chains(presentation, same_ids_other_state, seat,
                      KIND.legal_moves(same_ids_other_state.state, seat), "en")
    menus.menu_chains(presentation, game, seat, legal, "de")
    menus.menu_chains(presentation, game, seat, legal[1:], "en")
    assert len(presentation.threads) == 4


@pytest.mark.usefixtures("no_pictures")
async def test_menus_of_clicks_are_worked_out_off_the_event_loop(harness, alice, bob, monkeypatch):
    """"My moves" and a placement that goes on privately show menus with the suggested arrangement: their
    labels and chains were worked out in a worker, never on the event loop's thread."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)
    place = harness.channel()
    game, screens = await to_starting_dice(harness, [alice, bob], place)
    threads: list[int] = []
    cls = type(PRESENTATION)
    real_chains, real_label = cls.move_chains, cls.move_label

    def chains(self, *args, **kwargs):
        threads.append(threading.get_ident())
        return real_chains(self, *args, **kwargs)

    def label(self, *args, **kwargs):
        threads.append(threading.get_ident())
        return real_label(self, *args, **kwargs)
    monkeypatch.setattr(cls, "move_chains", chains)
    monkeypatch.setattr(cls, "move_label", label)
    mine = (await screens.click(screens.live(), user=alice, label="My moves")).only()
    assert len(threads) > 2 and threading.get_ident() not in threads
    single = next(o for o in move_options(mine) if o[0] == "select" and "+" not in o[2])
    threads.clear()
    result = await screens.choose(mine, single, user=alice)
    assert not refusals(result), refusals(result)
    menu_threads = threads[1:]          # the first label is the move's own, for "played: …"
    assert len(menu_threads) > 2 and threading.get_ident() not in menu_threads
