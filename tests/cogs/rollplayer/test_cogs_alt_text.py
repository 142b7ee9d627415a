"""Every Roll Player picture the bot posts has alt text (the attachment's description, and the gallery item's in a
layout message): what a screen reader reads out and Discord shows on hover or tap. It says what the picture shows,
in the language the picture is drawn in: a public post's in the game's, a private look in the reader's. Before,
the pictures went out with no description at all: a blind player heard "table.png"."""
from __future__ import annotations

import re

import pytest

from bot.games.rollplayer import content
from bot.i18n import t
from images.labels import label

LOCALES = ("en", "de", "fr", "ko")
ATTRS = ("str", "dex", "con", "int", "wis", "cha")


async def opened(harness, alice, bob, locale: str):
    """A two-player game in ``locale``, started through the lobby; returns (game, place, its live message)."""
    harness.locale = locale
    place = harness.channel()
    result = await harness.run("rp new", user=alice, place=place, players=2, language=locale)
    lobby = next(m for m in result.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label=t("button.join", locale))
    started = await harness.click(lobby, user=alice, place=place, label=t("button.start", locale))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    live = next(m for m in reversed(started.messages) if m.layout and m.files)
    return game, place, live


async def into_the_dice_phase(harness, game_id: int):
    """Whoever is due makes their first legal move until the first dice phase (sheets, classes, starting dice
    chosen: every sheet has its race, class and dice)."""
    sessions = harness.bot.sessions
    while True:
        game = await sessions.load(game_id)
        if game.state.phase == "dice":
            return game
        kind = sessions.kinds[game.kind]
        seat = kind.pending(game.state)[0]["seat"]
        await sessions.apply(game_id, game.seats[seat].user_id, kind.legal_moves(game.state, seat)[0])


def sheet_facts(game, seat: int, locale: str) -> list[str]:
    """What a sheet shows, read from the state here (not from the alt text's code): whose, race, class, Gold, and
    each attribute's total (dice and race) with its class goal's least value."""
    player = game.state.players[seat]
    race, cls = content.races()[player.race], content.classes()[player.class_id]
    facts = [game.seats[seat].name, content.race_name(player.race, locale), content.class_name(player.class_id, locale),
             t("rollplayer.alt.fact_gold", locale, gold=player.gold)]
    for attr in ATTRS:
        total = sum(die[1] for die in player.rows[attr]) + race["modifiers"][attr]
        facts.append(f"{label(f'img.attr.{attr}', locale)} {total} (")
        facts.append(str(cls["goals"][attr]["min"]))
    return facts


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_live_picture_and_a_sheet_say_what_they_show(harness, alice, bob, locale):
    game, place, live = await opened(harness, alice, bob, locale)
    # the setup's live picture: how many rounds, and who is still choosing a sheet
    alt = live.alt_text("table.png")
    assert t("rollplayer.alt.setup", locale, phase=label(f"img.table.phase.{game.state.phase}", locale),
             total=content.rounds_total(game.state)) in alt
    assert all(seat.name in alt for seat in game.seats), alt

    game = await into_the_dice_phase(harness, game.id)
    await harness.bot.courier.redraw(game.id)
    live = next(m for m in reversed(harness.rec.order) if m.layout and m.files)
    alt = live.alt_text("table.png")
    # the Initiative cards with their dice, the market's cards, each player's Gold: all in the game's language
    assert t("rollplayer.alt.initiative", locale, cards="\0").split("\0")[0] in alt      # "Initiative cards: "
    for card in game.state.initiative:
        assert t("die", locale, colour=t(f"colour.{card.die[0]}", locale), value=card.die[1]) in alt
    assert all(content.card_name(card, locale) in alt for card in game.state.market), alt
    assert all(t("rollplayer.alt.fact_gold", locale, gold=p.gold) in alt for p in game.state.players), alt

    # Bob asks for Alice's sheet, posted for the table: whose, race, class, Gold, each attribute against its goal
    posted = (await harness.run("rp sheet", user=bob, place=place, player=alice, post=True)).public()[-1]
    alt = posted.alt_text("sheet.png")
    assert all(fact in alt for fact in sheet_facts(game, 0, locale)), alt


async def test_a_private_look_is_described_in_the_readers_language(harness, alice, bob):
    """An English game; Bob reads Korean: his private table and sheet are drawn, and described, in Korean, while
    the live message stays English."""
    game, place, live = await opened(harness, alice, bob, "en")
    game = await into_the_dice_phase(harness, game.id)
    harness.locale = "ko"
    table = (await harness.click(live, user=bob, place=place, label=t("button.table", "en"))).only()
    alt = table.alt_text("table.png")
    assert table.ephemeral and t("rollplayer.alt.round", "ko", round=1, total=content.rounds_total(game.state),
                                 phase=label("img.table.phase.dice", "ko")) in alt, alt
    assert all(content.race_name(p.race, "ko") in alt for p in game.state.players), alt
    sheet = (await harness.run("rp sheet", user=bob, place=place)).only()
    assert sheet.ephemeral and all(fact in sheet.alt_text("sheet.png") for fact in sheet_facts(game, 1, "ko"))


@pytest.mark.parametrize("locale", LOCALES)
async def test_each_goal_on_a_sheet_says_what_it_is_worth(harness, alice, bob, locale):
    """The sheet prints each class goal with its stars ("18+ ★★★"): what a player places a die by. The alt text
    said only "STR 12 (goal 18 or more)", so a blind player could not tell the goal worth 3 from the one worth 1.
    Each row's goal now says the reputation it pays."""
    game, place, _ = await opened(harness, alice, bob, locale)
    game = await into_the_dice_phase(harness, game.id)
    player = game.state.players[0]
    race, goals = content.races()[player.race], content.classes()[player.class_id]["goals"]
    alt = (await harness.run("rp sheet", user=bob, place=place, player=alice, post=True)).public()[-1] \
        .alt_text("sheet.png")
    for attr in ATTRS:
        total = sum(die[1] for die in player.rows[attr]) + race["modifiers"][attr]
        head = f"{label(f'img.attr.{attr}', locale)} {total} ("
        assert head in alt, alt
        goal = alt.split(head, 1)[1].split(")", 1)[0]
        said = goal.replace(str(goals[attr]["min"]), "").replace(str(goals[attr]["max"]), "")
        assert re.search(rf"(?<!\d){goals[attr]['stars']}(?!\d)", said), (attr, goal)


async def into_the_phase(harness, game_id: int, phase: str):
    """Whoever is due makes their first legal move until the game reaches ``phase``."""
    sessions = harness.bot.sessions
    while True:
        game = await sessions.load(game_id)
        if game.state.phase == phase:
            return game
        kind = sessions.kinds[game.kind]
        seat = kind.pending(game.state)[0]["seat"]
        await sessions.apply(game_id, game.seats[seat].user_id, kind.legal_moves(game.state, seat)[0])


@pytest.mark.parametrize("locale", LOCALES)
async def test_setup_pictures_keep_the_choices_the_phase_and_the_start_player(harness, alice, bob, locale):
    """While starting dice are placed the live picture shows "Ann  Dwarf · Monk  [choosing…]" under the badge
    "Setup: starting dice"; its alt text said "Ann: still choosing." and no phase. The Table look shows the start
    player, the badge and each player's stars, and no Initiative cards; its alt text missed the first three and
    listed three empty Initiative cards. Both now say what their picture shows."""
    game, place, live = await opened(harness, alice, bob, locale)
    game = await into_the_phase(harness, game.id, "setup_dice")
    state = game.state
    badge = label("img.table.phase.setup_dice", locale)
    await harness.bot.courier.redraw(game.id)
    live = next(m for m in reversed(harness.rec.order) if m.layout and m.files)
    alt = live.alt_text("table.png")
    assert badge in alt, alt
    for seat, player in enumerate(state.players):
        sentence = alt[alt.index(game.seats[seat].name):]
        sentence = sentence[:sentence.index(".")]
        assert content.race_name(player.race, locale) in sentence, sentence
        assert content.class_name(player.class_id, locale) in sentence, sentence

    table = (await harness.click(live, user=alice, place=place, label=t("button.table", locale))).only()
    alt = table.alt_text("table.png")
    assert badge in alt, alt
    assert t("rollplayer.alt.start_player", locale, player=game.seats[state.start_player].name) in alt, alt
    totals = {s["seat"]: int(s["total"]) for s in harness.bot.sessions.kinds[game.kind].score(state)["players"]}
    assert all(t("rollplayer.alt.fact_stars", locale, stars=totals[seat]) in alt for seat in totals), alt
    assert t("rollplayer.alt.initiative", locale, cards="\0").split("\0")[0] not in alt, alt


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_live_picture_says_who_is_start_player(harness, alice, bob, locale):
    """The live picture flags the start player's tile (🚩) in the Dice and Market phases; its alt text did not say
    it, only the Table look did."""
    game, _, _ = await opened(harness, alice, bob, locale)
    game = await into_the_dice_phase(harness, game.id)
    await harness.bot.courier.redraw(game.id)
    live = next(m for m in reversed(harness.rec.order) if m.layout and m.files)
    alt = live.alt_text("table.png")
    start = game.seats[game.state.start_player].name
    sentence = alt[alt.index(f"{start}"):]
    assert t("rollplayer.alt.fact_start", locale) in sentence[:sentence.index(".")], alt
    assert alt.count(t("rollplayer.alt.fact_start", locale)) == 1, alt


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_table_look_says_the_market_cards_texts_and_the_discard_piles_top_card(harness, alice, bob,
                                                                                        locale):
    """The Table look prints each market card's rules text and, beside the discard pile's count, the card on top
    ("Discard 3 (Famous)"); its alt text named the cards only and counted the pile. A blind player could not read
    what a sighted one buys by, nor what was thrown away last. Both are said now."""
    game, place, live = await opened(harness, alice, bob, locale)
    game = await into_the_dice_phase(harness, game.id)
    state = game.state
    assert state.discard, "the seed no longer leaves a card on the discard pile"
    table = (await harness.click(live, user=alice, place=place, label=t("button.table", locale))).only()
    alt = table.alt_text("table.png")
    assert content.card_name(state.discard[-1], locale) in alt, alt
    for card in state.market:
        record = content.cards()[card]
        if record["type"] == "armor":           # an Armor piece's tile prints its set and colour
            assert content.armor_set_name(record["armor_set"], locale) in alt, (card, alt)
        else:
            assert content.card_text(card, locale) in alt, (card, alt)


async def solo_after_rounds(harness, user, rounds: int, monkeypatch):
    """A solo game in ``user``'s DM (one seed) played on (first legal moves) into round ``rounds``' dice phase;
    returns the game, its place and its live message."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.dm()
    await harness.run("rp solo", user=user, place=place)
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    kind = sessions.kinds[game.kind]
    while not (game.state.phase == "dice" and game.state.round >= rounds):
        await sessions.apply(game.id, user.id, kind.legal_moves(game.state, 0)[0])
        game = await sessions.load(game.id)
    await harness.bot.courier.redraw(game.id)
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout and m.files)
    return game, place, live


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_solo_table_look_says_the_trash_pile(harness, alice, locale, monkeypatch):
    """The solo Table look draws the trash pile ("Trash · 9" and the newest cards' names, as many as two rows
    hold) beside the Enemy die; its alt text never said it: a blind solo player could not tell which cards left
    the game for good. It names them now as drawn, newest first, and how many more there are."""
    harness.locale = locale
    game, place, live = await solo_after_rounds(harness, alice, 6, monkeypatch)
    trash = [content.card_name(card, locale) for card in reversed(game.state.trash)]
    assert len(trash) > 5, "the seed no longer fills the trash past the picture's room in English"
    table = (await harness.click(live, user=alice, place=place, label=t("button.table", locale))).only()
    alt = table.alt_text("table.png")
    head = t("rollplayer.alt.cards", locale, kind=label("img.table.trash", locale), cards="\0").split("\0")[0]
    assert head in alt, alt
    said = alt[alt.index(head):]
    named = [name for name in trash if name in said]
    assert named and named == trash[:len(named)], alt                   # the newest first, none skipped
    if len(named) < len(trash):
        assert t("rollplayer.alt.more", locale, n=len(trash) - len(named)) in said, alt


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_solo_table_look_in_setup_says_the_enemy_die_it_draws(harness, alice, locale):
    """During setup the solo Table picture already draws the Enemy die, but its alt text said it only from round 1
    on (it left it out with the empty Initiative cards): it says it whenever the picture draws it."""
    harness.locale = locale
    place = harness.dm()
    await harness.run("rp solo", user=alice, place=place)
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    while game.state.enemy_die is None:                         # the die is rolled once race and class are chosen
        await sessions.apply(game.id, alice.id, sessions.kinds[game.kind].legal_moves(game.state, 0)[0])
        game = await sessions.load(game.id)
    await harness.bot.courier.redraw(game.id)
    assert game.state.round == 0 and game.state.enemy_die is not None, (game.state.round, game.state.enemy_die)
    live = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id and m.layout and m.files)
    table = (await harness.click(live, user=alice, place=place, label=t("button.table", locale))).only()
    colour, value = game.state.enemy_die
    die = t("die", locale, colour=t(f"colour.{colour}", locale), value=value)
    assert t("rollplayer.alt.enemy_die", locale, die=die) in table.alt_text("table.png"), table.alt_text("table.png")
