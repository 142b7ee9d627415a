"""Roll Player menus as a player sees them, for tests: the options of a seat's menu, worked out by the shell's
menu code from the rules' legal moves (``cogs.menus.plan_menu``), on states shaped with ``rp_kit``."""
from __future__ import annotations

from types import SimpleNamespace

from cogs import menus
from cogs.rollplayer import PRESENTATION
from tests.games.rollplayer.rp_kit import act, after_setup, at_dice_turn, at_market_turn, engine, sheet

__all__ = ["LOCALES", "act", "after_setup", "at_dice_turn", "at_market_turn", "engine", "fake_game", "legal_of",
           "options", "sheet"]

LOCALES = ("en", "de", "fr", "ko")


def fake_game(state):
    return SimpleNamespace(id=5, version=3, seats=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Ben")],
                           state=state)


def options(state, seat: int, locale: str, menu: str = menus.MAIN) -> list[tuple[str, str, str | None]]:
    """(label, value, description) of every option of ``seat``'s menu, buttons and selects alike."""
    plan = menus.plan_menu(PRESENTATION, fake_game(state), seat, engine.legal(state, seat), locale, menu=menu)
    return [(label, f"{i}:{c}", None) for i, c, label in plan.buttons] + \
        [o for select in plan.selects for o in select.options]


def legal_of(state, seat: int, value: str) -> dict:
    return engine.legal(state, seat)[int(value.split(":")[0])]
