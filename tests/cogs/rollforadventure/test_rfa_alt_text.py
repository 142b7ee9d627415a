"""Every Roll for Adventure picture has alt text (the attachment's description, and the gallery item's): the throw,
each territory's damage and its enemies with their totals toward the 6 that defeats them, the vortexes; the whole
table adds the heroes; the end says won or lost and why. Before, a screen reader heard "table.png" and nothing of
the enemies a team must decide about."""
from __future__ import annotations

import pytest
from rfa_clicks import click_move, due_seat, latest_turn_post

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import policy
from bot.i18n import t
from images.rollforadventure import words

LOCALES = ("en", "de", "fr", "ko")


def board_facts(game, locale: str) -> list[str]:
    """What the live picture shows, read from the state: every territory's name and damage, and every enemy on
    display by name."""
    facts = [words.territory(tid, locale) for tid in C.TERRITORIES]
    facts += [f"{game.state['terr'][tid]['skull']}" for tid in C.TERRITORIES]
    facts += [words.card(cid, locale) for cid in game.state["display"]]
    return facts


async def started(harness, users, locale: str):
    """A game in ``locale`` whose players choose their heroes, started through the lobby."""
    harness.locale = locale
    place = harness.channel()
    result = await harness.run("rfa new", user=users[0], place=place, players=len(users), language=locale,
                               heroes="choose")
    lobby = next(m for m in result.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label=t("button.join", locale))
    await harness.click(lobby, user=users[0], place=place, label=t("button.start", locale))
    return await harness.bot.sessions.game_in_channel(place.channel_id), place


async def play_until_the_board(harness, game, place, users):
    """Heroes chosen and the first throw placed on, each move clicked by its player."""
    for _ in range(12):
        game = await harness.bot.sessions.load(game.id)
        if game.state["decision"] and game.state["decision"]["kind"] != "pick_hero" and game.state["display"]:
            return game
        user = next(u for u in users if u.id == game.seats[due_seat(game)].user_id)
        await click_move(harness, latest_turn_post(harness, place), game,
                         policy.choose_move(game.state, due_seat(game), 0), user=user, place=place)
    return await harness.bot.sessions.load(game.id)


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_live_picture_names_the_territories_and_enemies(harness, alice, bob, fixed_seed, locale):
    users = [alice, bob]
    game, place = await started(harness, users, locale)
    # while heroes are chosen: the heroes on offer and their abilities
    alt = latest_turn_post(harness, place).alt_text("table.png")
    assert all(words.hero(hero, locale) in alt for hero in game.state["hero_pool"]), alt

    game = await play_until_the_board(harness, game, place, users)
    alt = latest_turn_post(harness, place).alt_text("table.png")
    assert all(fact in alt for fact in board_facts(game, locale)), alt
    for cid in game.state["display"]:           # each enemy's total toward the 6 that defeats it
        assert t("rollforadventure.alt.enemy_rank", locale, card=words.card(cid, locale), rank=C.CARDS[cid]["rank"],
                 total=game.state["enemy_total"].get(cid, 0)) in alt, alt

    # anyone opens the whole table: the adventure, the stones, the heroes too
    table = (await harness.click(latest_turn_post(harness, place), user=bob, place=place,
                                 label=t("button.table", locale))).only()
    alt = table.alt_text("table.png")
    assert t("rollforadventure.alt.head", locale, adventure=words.adventure(game.state["options"]["adventure"], locale),
             turn=game.state["turn"], stones=game.state["stones"], needed=game.state["stones_needed"]) in alt, alt
    assert all(words.hero(h["hero"], locale) in alt for h in game.state["heroes"]), alt
    assert all(fact in alt for fact in board_facts(game, locale)), alt
