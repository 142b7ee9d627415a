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


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_the_table_tells_the_ice_cave_the_deck_the_lost_dice_and_ready_powers(harness, alice, bob, fixed_seed,
                                                                                   locale):
    """A tour compared the table's alt text with its picture: the Ice Cave's reward line, the bonus dice waiting,
    "The Master of Shadows is hidden in the deck", whose dice lie in the Vortex of Oblivion and each hero's
    "ability ready" badge were in the picture only."""
    from collections import Counter

    from images.rollforadventure.table import deck_words, dice_at
    users = [alice, bob]
    game, place = await started(harness, users, locale)
    sessions = harness.bot.sessions
    for _ in range(300):                      # on until a die is lost to the Vortex of Oblivion
        game = await sessions.load(game.id)
        if dice_at(game.state, "oblivion") and game.state["decision"]["kind"] != "pick_hero" or game.state["result"]:
            break
        seat = due_seat(game)
        await sessions.apply(game.id, game.seats[seat].user_id, policy.choose_move(game.state, seat, 0))
    assert dice_at(game.state, "oblivion") and not game.state["result"], "the seed no longer loses a die"
    await harness.bot.courier.redraw(game.id)
    table = (await harness.click(latest_turn_post(harness, place), user=bob, place=place,
                                 label=t("button.table", locale))).only()
    said = table.alt_text("table.png")
    state = game.state
    if state["terr"]["ice_cave"]["side"] == "A":
        assert t("rollforadventure.alt.ice_a_rewards", locale) in said, said
    else:
        assert all(words.say(f"rollforadventure.img.reward.{reward}", locale) in said
                   for _, reward in C.ICE_B_LINES.values()), said
    deck, master, _, supply = deck_words(state, locale)
    assert deck in said and master in said and supply in said, said
    owners = Counter(r["o"] for r in dice_at(state, "oblivion"))
    for owner, count in owners.items():
        assert t("rollforadventure.alt.owner_count", locale, owner=t(f"rollforadventure.owner.{owner}", locale),
                 count=count) in said, said
    for index, hero in enumerate(state["heroes"]):
        ready = t("rollforadventure.alt.hero_ready", locale, player=game.seats[hero["seat"]].name,
                  hero=words.hero(hero["hero"], locale), ability=words.ability(hero["hero"], locale),
                  count=len(dice_at(state, f"board:{index}")))
        assert (ready in said) != hero["used"], (hero, said)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_field_that_takes_a_5_or_a_6_says_so_in_words(locale):
    """The live picture prints the Forest's field as "5·6"; a screen reader said "5 middle dot 6"."""
    from cogs.rollforadventure.alt import territory_words
    from images.rollforadventure.live import Territory
    said = territory_words(Territory("forest", 0, 9, (("5·6", 6),), (), False, None, ()), locale)
    assert "·" not in said
    assert t("rollforadventure.alt.take_many", locale, value=t("rollforadventure.alt.either", locale, first="5",
                                                                 last="6"), count=6) in said, said


@pytest.mark.parametrize("locale", ["en", "ko"])
async def test_the_table_tells_the_free_fields_and_the_dice_on_each_enemy(harness, alice, bob, fixed_seed, locale):
    """The table draws each territory's free fields and the dice lying on each enemy card; its alt text said the
    dice on the fields and each enemy's total only, so a screen reader heard neither where a die still fits nor
    whose dice wear an enemy down. Both are said now, as the live picture's alt text says the free fields."""
    from images.rollforadventure.live import territory_views
    from images.rollforadventure.table import dice_at
    game, place = await started(harness, [alice, bob], locale)
    sessions = harness.bot.sessions
    for _ in range(300):                      # on until a die lies on an enemy
        game = await sessions.load(game.id)
        if any(dice_at(game.state, f"enemy:{c}") for c in game.state["display"]) or game.state["result"]:
            break
        seat = due_seat(game)
        await sessions.apply(game.id, game.seats[seat].user_id, policy.choose_move(game.state, seat, 0))
    state = game.state
    assert not state["result"], "the seed no longer puts a die on an enemy"
    table = (await harness.click(latest_turn_post(harness, place), user=bob, place=place,
                                 label=t("button.table", locale))).only()
    said = table.alt_text("table.png")
    views = territory_views(state)
    free = t("rollforadventure.alt.takes", locale, takes="\0").split("\0")[0]       # "Free fields take "
    assert said.count(free) == sum(1 for tr in views if tr.takes), said
    assert said.count(t("rollforadventure.alt.no_room", locale)) == sum(1 for tr in views if not tr.takes), said
    for card in state["display"]:
        if dice_at(state, f"enemy:{card}"):
            assert t("rollforadventure.alt.dice_on", locale, card=words.card(card, locale), dice="\0").split("\0")[0] \
                in said, said
