"""Two silent moments of Roll for Adventure. An Ice Cave A claim whose row held no die of any hero's own colour
(only ally and bonus dice) paid nobody a bonus die, as the rules say (l.297), but no line said so: the team read
"The Ice Cave pays out for 4 dice." and then nothing. And a Scout's mixed placement ended by "Finish this
placement" read in ``/rfa log`` as the bare button ("12. Ann: Finish this placement"), with no word of where. Now
the claim says that nobody has a die of their colour in the row, and the log names the placement that ended."""
from __future__ import annotations

import pytest
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post
from rfa_tour import lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.placing import hero_kind
from bot.i18n import t
from cogs.rollforadventure import words

LOCALES = ("en", "de", "fr", "ko")
CLAIM = {"type": "claim", "claim": True}
FINISH = {"type": "end_placement"}


def claim_of_no_hero_colour(before, move, events, after) -> bool:
    """A claim to decide whose row holds no die of a hero's colour."""
    decision = after["decision"]
    if not decision or decision["kind"] != "ice_claim" or "count" not in decision:
        return False
    colours = {hero["colour"] for hero in after["heroes"]}
    return not any(after["dice"][i]["o"] in colours for i in ids_at(after, "ice_cave"))


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_claim_with_no_hero_colour_in_the_row_says_nobody_gets_a_bonus_die(harness, alice, bob,
                                                                                   monkeypatch, locale):
    users = [alice, bob]
    seed, moves = seed_for(len(users), lobby_options(ice_cave="A"), claim_of_no_hero_colour)
    game, place = await open_game(harness, users, seed, monkeypatch, locale=locale, ice_cave="A")
    game = await play_moves(harness, game, users, place, moves)
    assert claim_of_no_hero_colour(None, None, [], game.state)
    await click_move(harness, latest_turn_post(harness, place), game, CLAIM, user=user_due(game, users), place=place)
    shown = "\n".join(m.text() for m in harness.rec.order if m.channel_id == place.channel_id and not m.deleted)
    assert t("rollforadventure.event.bonus_no_colour", locale) in shown, shown[-1500:]


def scout_ends_a_placement(state: dict, seat: int, n: int) -> dict:
    """The Scout is chosen, places with her ability whenever she can, and ends that placement at once; every
    other move is the team policy's."""
    decision = state["decision"]["kind"]
    legal = KIND.legal_moves(state, seat)
    if decision == "pick_hero" and {"type": "pick_hero", "hero": "kundschafterin"} in legal:
        return {"type": "pick_hero", "hero": "kundschafterin"}
    if decision == "place_more":
        return FINISH
    own = [m for m in legal if m.get("type") == "place" and m.get("hero")]
    if own and hero_kind(state) == "mixed_values":
        return own[0]
    return policy.choose_move(state, seat, n)


@pytest.mark.parametrize("locale", LOCALES)
async def test_finishing_a_placement_is_logged_with_its_place(harness, alice, bob, monkeypatch, locale):
    users = [alice, bob]
    game, place = await open_game(harness, users, 1, monkeypatch, locale=locale, heroes="choose", hero_pool="all")
    for n in range(120):
        move = scout_ends_a_placement(game.state, due_seat(game), n)
        target = (game.state.get("multi") or {}).get("place")
        await click_move(harness, latest_turn_post(harness, place), game, move, user=user_due(game, users),
                         place=place)
        game = await harness.bot.sessions.load(game.id)
        if move == FINISH:
            break
    assert move == FINISH and target, "the seed comes to a Scout's placement to finish"
    log = (await harness.run("rfa log", user=alice, place=place, page=99)).only().content
    last = [line for line in log.splitlines() if line[:1].isdigit()][-1]
    assert last.endswith(t("rollforadventure.log.end_placement", locale, place=words.place_name(target, locale))), last
    assert not last.endswith(t("rollforadventure.move.end_placement", locale))
