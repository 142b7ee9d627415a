"""A blind player reads a Roll Player sheet through its alt text (the attachment's description): a tour found it
said "STR 12 (goal 18)" and "Backstory: 0 of 6 matched" and nothing of the dice, the race modifiers, the class's
power, the alignment card, which space the backstory wants which colour in, which Skills are used up or what each
Trait scores, so nothing on it could be acted on. It now words the sheet as it is drawn, in every language, within
Discord's 1,024 characters even for the fullest sheet; the step picture's alt text reads the rows the same way;
and the Market phase's live picture tells each card's whole text and arrow (a menu option's description keeps 100
characters)."""
from __future__ import annotations

import itertools
import random

import pytest
from test_cogs_alt_text import opened

from bot.games.rollplayer import content
from bot.games.rollplayer.kind import KIND
from bot.games.rollplayer.scoring import score_player, scoring_input
from bot.i18n import t
from cogs.outbox import ALT_LIMIT
from cogs.rollplayer import PRESENTATION, alt
from images.labels import label
from images.rollplayer.views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    ArmorSet,
    BackstoryCell,
    Die,
    Goal,
    OwnedCard,
    Row,
    ScoreItem,
    SheetView,
)

LOCALES = ("en", "de", "fr", "ko")
ATTRS = content.ATTRS
#: the languages whose words for this test's sheet, whole, pass Discord's limit: the first shortening names the Armor by
#: set and count
ARMOR_BY_SET = ("fr",)


def spot(moral: str, ethic: str, locale: str) -> str:
    """An alignment space as the rulebooks name it, Law–Chaos first ("Lawful Good"), the centre "Neutral"."""
    if moral == ethic == "neutral":
        return t("rollplayer.align_word.centre", locale)
    return t("rollplayer.detail.align_cell", locale, ethic=t(f"rollplayer.align_word.{ethic}", locale),
             moral=t(f"rollplayer.align_word.{moral}", locale))


def die(colour: str, value: int, locale: str) -> str:
    return t("die", locale, colour=t(f"colour.{colour}", locale), value=value)


def stars(value: int) -> str:
    return f"{value:+d}" if value else "0"


async def a_sheet_with_cards(harness, alice, bob, locale: str, monkeypatch):
    """A two-player game in ``locale`` played by the AI (a fixed seed) until Alice holds a Skill and a Trait;
    returns (game, place)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20_251_127)
    game, place, _ = await opened(harness, alice, bob, locale)
    sessions, rng = harness.bot.sessions, random.Random(7)
    for _ in range(400):
        game = await sessions.load(game.id)
        player = game.state.players[0]
        types = {content.cards()[c]["type"] for c in player.cards}
        if {"skill", "trait"} <= types and player.exhausted or game.state.finished:
            break
        seat = KIND.pending(game.state)[0]["seat"]
        move = KIND.choose_move(game.state, seat, "normal", rng.randrange(1 << 30))
        await sessions.apply(game.id, game.seats[seat].user_id, move)
    assert not game.state.finished and player.exhausted, "the seed no longer reaches an exhausted Skill"
    return game, place


def row_of(alt_text: str, attr: str, locale: str) -> str:
    """The sentence of the row ``attr`` (it begins with the attribute's name and its total)."""
    head = f"{t(f'attr.{attr}', locale)} "
    start = next(i for i in range(len(alt_text)) if alt_text.startswith(head, i) and alt_text[i + len(head)].isdigit())
    return alt_text[start:alt_text.index(".", start)]


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_sheet_alt_text_tells_dice_cards_and_alignment(harness, alice, bob, locale, monkeypatch):
    game, place = await a_sheet_with_cards(harness, alice, bob, locale, monkeypatch)
    sheet = (await harness.run("rp sheet", user=alice, place=place)).only()
    said = sheet.alt_text("sheet.png")
    state, player = game.state, game.state.players[0]
    assert len(said) <= ALT_LIMIT and "…" not in said, said
    # whose, race, class and its power by name
    assert content.class_name(player.class_id, locale) in said and content.power_name(player.class_id, locale) in said
    # each row: its dice left to right with colour and value, the backstory's colour in its space, the race modifier
    race = content.races()[player.race]["modifiers"]
    cells = content.backstories()[player.backstory]["cells"]
    for attr in ATTRS:
        row = row_of(said, attr, locale)
        where = 0
        for index in range(3):
            if index < len(player.rows[attr]):
                colour, value = player.rows[attr][index]
                shown = die(colour, value, locale)
            else:
                colour, shown = None, t("rollplayer.alt.slot_empty", locale)
            if cells[attr]["position"] == index + 1:
                wanted = cells[attr]["colour"]
                shown = (t("rollplayer.alt.slot_matched", locale, die=shown) if colour == wanted else
                         t("rollplayer.alt.slot_wants", locale, die=shown, colour=t(f"colour.{wanted}", locale)))
            assert shown in row[where:], (attr, shown, row)
            where = row.index(shown, where) + len(shown)
        if race[attr]:
            assert t("rollplayer.detail.race_modifier", locale, modifier=f"{race[attr]:+d}") in row, row
        # the class goal in words: the sheet's "14–15" was read "14 en dash 15"
        goal = content.classes()[player.class_id]["goals"][attr]
        if goal["max"] not in (None, goal["min"]):
            assert t("rollplayer.hint.goal.range", locale, min=goal["min"], max=goal["max"]) in row, row
    assert "\u2013" not in said, said
    # the alignment card, where its token stands and what that space scores, Law–Chaos first
    grid = content.alignments()[player.alignment]["grid"]
    assert content.alignment_name(player.alignment, locale) in said
    token = f"{spot(player.align_row, player.align_col, locale)} ({stars(grid[player.align_row][player.align_col])})"
    assert token in said, said
    assert content.backstory_name(player.backstory, locale) in said
    # the Skills by state, each Trait with what it scores now
    ready = t("rollplayer.alt.skills_ready", locale, cards="\0").split("\0")[0]
    exhausted = t("rollplayer.alt.skills_exhausted", locale, cards="\0").split("\0")[0]
    for card in player.cards:
        name = content.card_name(card, locale)
        record = content.cards()[card]
        if record["type"] == "armor" and locale in ARMOR_BY_SET:
            # the French sheet, each goal with its reputation, passes 1,024 characters: the Armor by set and count
            owned = sum(content.cards()[c].get("armor_set") == record["armor_set"] for c in player.cards)
            name = t("rollplayer.alt.armor_set", locale, set=content.armor_set_name(record["armor_set"], locale),
                     owned=owned, pieces="\0").split("\0")[0]
        assert name in said, name
        if content.cards()[card]["type"] == "skill":
            heading = exhausted if card in player.exhausted else ready
            assert said.rindex(heading, 0, said.index(name)) >= max(
                said.rfind(h, 0, said.index(name)) for h in (ready, exhausted)), (card, said)
    scored = {e["card"]: e["stars"] for e in score_player(scoring_input(state, 0))["traits"]}
    for card, value in scored.items():
        assert t("rollplayer.alt.trait", locale, card=content.card_name(card, locale), stars=stars(value)) in said


def fullest_sheet(locale: str, cards: int) -> SheetView:
    """The longest sheet Roll Player can draw in ``locale``: a name as long as Discord allows, the race, class,
    backstory and alignment card whose words are longest, 18 dice of the longest colour, every backstory space
    still wanting another colour, and ``cards`` cards (the longest names; two Weapons, the rest Skills, Traits
    and Armor in turn)."""
    def longest(items, size):
        return max(items, key=size)
    colour = longest(content.COLOURS, lambda c: len(t(f"colour.{c}", locale)))
    other = longest([c for c in content.COLOURS if c != colour], lambda c: len(t(f"colour.{c}", locale)))
    race = longest(content.races(), lambda r: len(content.race_name(r, locale))
                   + 12 * sum(1 for v in content.races()[r]["modifiers"].values() if v))
    cls = longest(content.classes(), lambda c: len(content.class_name(c, locale) + content.power_name(c, locale)))
    goals, mods = content.classes()[cls]["goals"], content.races()[race]["modifiers"]
    rows = tuple(Row(a, (Die(6, colour),) * 3, int(mods[a]), 2,
                     Goal(goals[a]["min"], goals[a]["max"], goals[a]["stars"]), True) for a in ATTRS)
    backstory = longest(content.backstories(), lambda b: len(content.backstory_name(b, locale)))
    cells = tuple(BackstoryCell(a, 2, other) for a in ATTRS)

    def grid_of(card):
        g = content.alignments()[card]["grid"]
        return tuple(tuple(g[r][c] for c in ALIGN_COLUMNS) for r in ALIGN_ROWS)
    views = [SheetView(0, "W" * 32, race, cls, backstory, card, rows, cells, 0, grid_of(card), (r, c), 20, 3, 0)
             for card in content.alignments() for r in range(3) for c in range(3)]
    view = longest(views, lambda v: len(alt.alignment(v, locale)))

    def by_type(kind):
        return sorted((c for c in content.cards() if content.cards()[c]["type"] == kind),
                      key=lambda c: -len(content.card_name(c, locale)))
    skills, traits, armor = by_type("skill"), by_type("trait"), by_type("armor")
    rest = [c for trio in itertools.zip_longest(skills, traits, armor) for c in trio if c][:cards - 2]
    sets: dict[str, list[str]] = {}
    for card in (c for c in rest if c in armor):
        sets.setdefault(content.cards()[card]["armor_set"], []).append(card)
    return SheetView(0, view.player_name, race, cls, backstory, view.alignment_id, rows, cells, 0,
                     view.alignment_grid, view.token, 20, 3, 6,
                     weapons=tuple(OwnedCard(c) for c in by_type("weapon")[:2]),
                     armor=tuple(ArmorSet(s, 4, tuple(owned), 2) for s, owned in sets.items()),
                     skills=tuple(OwnedCard(c, exhausted=i % 2 == 1) for i, c in enumerate(c for c in rest
                                                                                          if c in skills)),
                     traits=tuple(OwnedCard(c, stars=3) for c in rest if c in traits),
                     projected=(ScoreItem("goals", 12),), projected_total=30, final=True)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("cards", [12, 24])
def test_the_fullest_sheet_fits_and_keeps_its_rows(locale, cards):
    """12 cards: one purchase a round in the longest game; 24: a Bard's second purchase every round. Whatever
    has to give way (the Armor named by set, the alignment's best space, the backstory's name, then card names
    from the last list, said as "and N more") the rows, the alignment token and the class stay whole."""
    view = fullest_sheet(locale, cards)
    said = alt.sheet_alt(view, locale)
    assert len(said) <= ALT_LIMIT, len(said)
    assert all(alt.row_sentence(row, {(c.attr, c.position): c.colour for c in view.backstory}, locale) in said
               for row in view.rows), said
    assert alt.alignment(view, locale, best=False)[:-1] in said
    assert content.power_name(view.class_id, locale) in said
    whole = alt.sentences(*alt.sheet_parts(view, locale, frozenset(), {}))
    assert len(whole) > ALT_LIMIT or said == whole


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_step_picture_reads_the_rows_as_the_sheet(harness, alice, bob, locale, monkeypatch):
    """The private step picture's alt text said the totals only ("STR 12 (goal 18)"): now each row's dice too."""
    game, place = await a_sheet_with_cards(harness, alice, bob, locale, monkeypatch)
    step = PRESENTATION.step_picture(game, 0, locale)
    player = game.state.players[0]
    for attr in ATTRS:
        row = row_of(step.alt, attr, locale)
        assert all(die(c, v, locale) in row for c, v in player.rows[attr]), row


@pytest.mark.parametrize("locale", LOCALES)
def test_the_market_phase_tells_every_card_whole_with_its_arrow(locale):
    """The Market phase's live picture prints each card's text and arrow; its alt text had only name, type and
    price, and a menu option's description cut the text at 100 characters."""
    from images.rollplayer.views import LiveSeat, LiveView
    cards = ("intimidate", "sleight_of_hand", "famous", "chain_gorget")
    seats = tuple(LiveSeat(i, "W" * 32, "human", "bard", 20, 3, 12, i == 0) for i in range(3))
    said = alt.live_alt(LiveView(5, 11, "market", 0, seats, market=cards), locale)
    assert len(said) <= ALT_LIMIT
    for card in cards[:3]:
        record = content.cards()[card]
        assert content.card_text(card, locale) in said, card
        if record["arrow"]:
            assert t("rollplayer.alt.market_card_arrow", locale, card=content.card_name(card, locale),
                     type=label(f"img.type.{record['type']}", locale), cost=record["cost"],
                     arrow=label(f"img.arrow.{record['arrow']}", locale)) in said
    colour = t(f"colour.{content.cards()['chain_gorget']['armor_colour']}", locale)
    assert colour in said and "W" * 32 in said
