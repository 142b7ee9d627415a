"""``/rfa hint`` for a die into the Ice Cave, as a Korean tour asked it (issue t5): the reason said the placement
"fills the Ice Cave on the way to its power stone", though the Ice Cave gives no power stone (rules summary:
bonus dice, a defeated enemy, a repair). The reason names what the Ice Cave pays: side A's row by its dice, side
B's lines through the field with their rewards."""
from __future__ import annotations

import pytest
from rfa_clicks import due_seat
from rfa_tour import lobby_options, open_game, play_moves, user_due

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.board import ids_at
from bot.i18n import t
from cogs.rollforadventure import words

#: (Ice Cave side, reader's language): the first seed whose third decision the hint answers with the Ice Cave
CASES = [("A", "ko"), ("B", "en")]


@pytest.mark.parametrize("side, locale", CASES)
async def test_an_ice_cave_hint_names_its_reward_not_a_power_stone(harness, alice, bob, carol, monkeypatch,
                                                                     side, locale):
    users = [alice, bob, carol]
    game, place = await open_game(harness, users, 0, monkeypatch, locale=locale, ice_cave=side)
    assert game.state["options"] == lobby_options(ice_cave=side)
    game = await play_moves(harness, game, users, place, 2)
    answer = await harness.run("rfa hint", user=user_due(game, users), place=place)
    text = answer.only().text()
    assert answer.only().ephemeral
    assert t("rollforadventure.place.territory.ice_cave", locale) in text, "the hint is an Ice Cave placement"
    here = len(ids_at(game.state, "ice_cave")) + 1
    stone = t("rollforadventure.hint.why.fill", locale, territory=words.territory("ice_cave", locale), here=here)
    assert stone not in text, "no power stone is promised"
    if side == "A":
        assert t("rollforadventure.hint.why.ice_row", locale, here=here) in text
    else:                                   # whichever field it names, with the lines through it
        through = {field: [line for line, (fields, _) in C.ICE_B_LINES.items() if field in fields]
                   for field in C.ICE_B_FIELDS}
        told = [t("rollforadventure.hint.why.ice_line", locale, field=field,
                  rewards=words.ice_rewards(lines, locale)) for field, lines in through.items()]
        assert any(reason in text for reason in told), text
    assert due_seat(game) == due_seat(await harness.bot.sessions.load(game.id)), "a hint changes nothing"
