"""Roll Player menus as a player sees them, for tests: the options of a seat's menu, worked out by the shell's
menu code from the rules' legal moves (``cogs.menus.plan_menu``), on states shaped with ``rp_kit``."""
from __future__ import annotations

from types import SimpleNamespace

from bot.games.rollplayer.kind import KIND
from cogs import menus
from cogs.rollplayer import PRESENTATION
from tests.games.rollplayer.rp_kit import (
    act,
    after_setup,
    at_dice_turn,
    at_market_start,
    at_market_turn,
    engine,
    sheet,
)

__all__ = ["LOCALES", "act", "after_setup", "at_dice_turn", "at_market_start", "at_market_turn", "deal", "engine",
           "fake_game", "games_start_as", "legal_of", "options", "sheet"]

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


def deal(st, seat: int, cards: list[str], market: list[str] | None = None) -> None:
    """Give ``seat`` the ``cards`` (and lay out ``market``, the cards it replaces put under the deck), taking them
    from wherever they lie, so the state still holds every card once (a stored snapshot is checked)."""
    wanted = list(cards) + list(market or [])
    for pile in (st.deck, st.market, st.discard, st.trash, *(p.cards for p in st.players)):
        pile[:] = [c for c in pile if c not in wanted]
    st.players[seat].cards += list(cards)
    if market is not None:
        st.deck += st.market                    # the cards laid out before go under the deck
        st.market = list(market)


def games_start_as(monkeypatch, build) -> None:
    """Every game the bot starts from now on begins as ``build()`` makes it (a state shaped with ``rp_kit``)
    instead of a fresh deal: a test then reaches the situation it checks through the bot's commands and clicks,
    as a player would, without playing the rounds before it."""
    real = KIND.create

    def create(seats, seed, options=None):
        monkeypatch.setattr(KIND, "create", real)          # ``build`` deals its game with the real rules
        try:
            return build()
        finally:
            monkeypatch.setattr(KIND, "create", create)
    monkeypatch.setattr(KIND, "create", create)
