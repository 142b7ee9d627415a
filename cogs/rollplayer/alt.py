"""Roll Player's pictures in words: the alt text of each picture, read from the very view it is drawn from.

Every picture of ``images.rollplayer`` is drawn from a view model (``images.rollplayer.views``: what it shows, as
plain values); the presentation builds that view once, draws it, and words it here, so the alt text says what
the picture shows and nothing it does not (the live picture shows no races once setup is over, the step
picture no cards). The same view gives the same words: a live picture drawn again unchanged keeps its
attachment, alt text included. Round, phase and who is due stand in the live message's text beside the
picture, so the live alt text leaves them out from the first round on (in setup it says the header, which part
of setup it is); the pictures looked at alone (the table, a sheet) say them.

Screen readers read the alt text aloud and Discord shows it on hover or tap; Discord keeps 1,024 characters of
it (``cogs.outbox.alt_within`` cuts a longer one on a word): a sentence per part of the picture, most useful
first, so a cut loses the least. A player's name is said as any text without Markdown says it (:func:`player`,
``cogs.usertext.plain_name``: one line, no right-to-left override); the pictures draw the names as stored.
"""
from __future__ import annotations

from bot.i18n import N_, t
from cogs.outbox import ALT_LIMIT
from cogs.usertext import plain_name
from images.labels import label, labelled
from images.rollplayer import content as names
from images.rollplayer.table import decision_text, phase_name, seat_name, trash_chips
from images.rollplayer.views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    Die,
    InitiativeCard,
    LiveSeat,
    LiveView,
    Row,
    ScoreColumn,
    ScoresView,
    SheetView,
    StepView,
    TableView,
)

from .choices import card_arrow
from .describe import align_spot, attr_name, colour_name, goal_words, listed

#: the phases in which the live picture shows who chooses what (setup), the market's cards (market)
SETUP_PHASES = ("setup_race", "setup_class", "setup_dice")
MARKET_PHASES = ("market_start", "market")

def sentences(*parts: str) -> str:
    """The alt text's sentences in a row (each catalog text ends its own sentence)."""
    return " ".join(part for part in parts if part)


def die_words(die: Die, locale: str) -> str:
    return t("die", locale, colour=colour_name(die.colour, locale), value=die.value)


def race_words(race_id: str | None, locale: str) -> str:
    return names.race_name(race_id, locale) if race_id else t("rollplayer.alt.no_race", locale)


def class_words(class_id: str | None, locale: str) -> str:
    return names.class_name(class_id, locale) if class_id else t("rollplayer.alt.no_class", locale)


def player(name: str) -> str:
    """A player's name as the view holds it (stored, as the picture draws it), cleaned for the alt text: a
    right-to-left override in a name turned the rest of the alt text around, a line break split it."""
    return plain_name(name)


def seat_player(players, seat: int | None) -> str:
    """The name of ``seat`` among ``players`` (the picture's :func:`seat_name`), cleaned (:func:`player`)."""
    return player(seat_name(players, seat))


def player_sentence(name: str, facts: list[str], locale: str) -> str:
    """"Ann: Elf, Wizard, 5 Gold." One player as a picture's tile shows them."""
    return t("rollplayer.alt.player", locale, player=player(name), facts=listed(facts, locale))


def wealth(gold: int, charisma: int, locale: str, *, no_charisma: bool = True) -> list[str]:
    """Gold and Charisma; with ``no_charisma`` False, Charisma only when there is some (the live picture's tiles
    draw no empty Charisma counter)."""
    shown = [t("rollplayer.alt.fact_gold", locale, gold=gold)]
    if charisma or no_charisma:
        shown.append(t("rollplayer.alt.fact_charisma", locale, charisma=charisma))
    return shown


def stars(value: int, final: bool, locale: str) -> str:
    if final:
        return t("rollplayer.alt.fact_stars_final", locale, stars=value)
    return t("rollplayer.alt.fact_stars", locale, stars=value)


# ---------------------------------------------------------------------- a sheet
def signed(value: int) -> str:
    """A number of stars as the sheet prints it: "+3", "-1", "0" (an ASCII minus: a screen reader says "minus")."""
    return f"{value:+d}" if value else "0"


def row_head(row: Row, locale: str) -> str:
    """"STR 12 (goal 14 to 15, worth 2 reputation)": the row's total (dice and race) against its class goal in
    words (the sheet's "14–15" was read "14 en dash 15") and the stars it pays (the sheet's "★★": what a player
    places a die by), and whether it is met now, with the weapons' bonus the score counts ("CON 12 (goal 14 or
    more, met)" read as a goal met below it: "CON 12, +2 (Quarterstaff) = 14 (…, met)")."""
    attr = attr_name(row.attr, locale)
    if row.goal is None:
        return t("rollplayer.alt.row_plain", locale, attr=attr, total=row.value)
    goal = goal_words(row.goal.min, row.goal.max, locale)
    if row.goal_met and row.goal_bonus:     # the score counts the weapons' bonus: so does the sentence
        weapons = listed((names.card_name(card, locale) for card in row.goal_weapons), locale)
        return t("rollplayer.alt.row_met_weapons", locale, attr=attr, total=row.value, bonus=row.goal_bonus,
                 weapons=weapons, sum=row.value + row.goal_bonus, goal=goal, stars=row.goal.stars)
    if row.goal_met:
        return t("rollplayer.alt.row_met", locale, attr=attr, total=row.value, goal=goal, stars=row.goal.stars)
    return t("rollplayer.alt.row", locale, attr=attr, total=row.value, goal=goal, stars=row.goal.stars)


def slot_words(die: Die | None, wanted: str | None, locale: str) -> str:
    """One space of a row as the sheet draws it: its die (colour and value) or "empty", and the colour the
    backstory wants there (``wanted``), or that the die already matches it."""
    shown = die_words(die, locale) if die is not None else t("rollplayer.alt.slot_empty", locale)
    if wanted is None:
        return shown
    if die is not None and die.colour == wanted:
        return t("rollplayer.alt.slot_matched", locale, die=shown)
    return t("rollplayer.alt.slot_wants", locale, die=shown, colour=colour_name(wanted, locale))


def row_sentence(row: Row, wanted: dict[tuple[str, int], str], locale: str) -> str:
    """"CON 11 (goal 17): white 2, black 4, green 3 (backstory: blue), race +2.": a row's total against its goal,
    then each of its three spaces left to right and the race modifier, which the total includes."""
    spaces = [slot_words(die, wanted.get((row.attr, index + 1)), locale) for index, die in enumerate(row.dice)]
    if row.race_modifier:
        spaces.append(t("rollplayer.detail.race_modifier", locale, modifier=f"{row.race_modifier:+d}"))
    return t("rollplayer.alt.sheet_row", locale, row=row_head(row, locale), dice=listed(spaces, locale))


def rows_words(view: SheetView, locale: str) -> list[str]:
    """The six rows, a sentence each, with the backstory's wish in the space it names."""
    wanted = {(cell.attr, cell.position): cell.colour for cell in view.backstory}
    return [row_sentence(row, wanted, locale) for row in view.rows]


def sheet_head(view: SheetView, locale: str, *, with_wealth: bool = True) -> str:
    """Whose sheet, with their race and class (and the class's power by name), and Gold and Charisma
    (``with_wealth``: where the picture shows them)."""
    cls = class_words(view.class_id, locale)
    if view.class_id:
        cls = t("rollplayer.alt.class_power", locale, class_name=cls, power=names.power_name(view.class_id, locale))
    facts = [race_words(view.race_id, locale), cls,
             *(wealth(view.gold, view.charisma, locale) if with_wealth else [])]
    return t("rollplayer.alt.sheet", locale, player=player(view.player_name), facts=listed(facts, locale))


def alignment(view: SheetView, locale: str, *, best: bool = True) -> str:
    """The alignment card by name, where its token stands with what that space scores, and (``best``) where the
    card pays most, where the token should go; "" before the sheet has an alignment card."""
    grid = view.alignment_grid
    if grid is None:
        return ""
    row, column = view.token
    card = names.alignment_name(view.alignment_id, locale)
    spot = align_spot(ALIGN_ROWS[row], ALIGN_COLUMNS[column], locale)
    high = max(value for line in grid for value in line)
    if grid[row][column] == high:
        return t("rollplayer.alt.alignment_best", locale, card=card, spot=spot, stars=signed(high))
    if not best:
        return t("rollplayer.alt.alignment_token", locale, card=card, spot=spot, stars=signed(grid[row][column]))
    spots = [align_spot(ALIGN_ROWS[r], ALIGN_COLUMNS[c], locale)
             for r, line in enumerate(grid) for c, value in enumerate(line) if value == high]
    return t("rollplayer.alt.alignment", locale, card=card, spot=spot, stars=signed(grid[row][column]),
             best=t("rollplayer.detail.align_or", locale).join(spots), high=signed(high))


def backstory_words(view: SheetView, locale: str, *, named: bool = True) -> str:
    """The backstory card (by name: ``named``) and how many of its six spaces hold the colour it wants (each
    row's sentence says which space wants which colour)."""
    if not view.backstory_id:
        return ""
    if not named:
        return t("rollplayer.alt.backstory_matches", locale, matches=view.backstory_matches)
    return t("rollplayer.alt.backstory", locale, backstory=names.backstory_name(view.backstory_id, locale),
             matches=view.backstory_matches)


#: the sentence that names the Skills of each state (the sheet marks each card ready or exhausted)
SKILL_STATES = ((False, "rollplayer.alt.skills_ready"), (True, "rollplayer.alt.skills_exhausted"))


def skills_lists(view: SheetView, locale: str) -> list[tuple[str, list[str]]]:
    """The Skills ready (what may still be used this round), then those exhausted, each list with the key of
    its sentence."""
    return [(key, [names.card_name(c.card_id, locale) for c in view.skills if c.exhausted == exhausted])
            for exhausted, key in SKILL_STATES]


def traits_list(view: SheetView, locale: str) -> list[str]:
    """The Traits, each with the stars it scores now, as the sheet prints them (just the name before the
    scoring)."""
    return [names.card_name(c.card_id, locale) if c.stars is None else
            t("rollplayer.alt.trait", locale, card=names.card_name(c.card_id, locale), stars=signed(c.stars))
            for c in view.traits]


def armor_words(view: SheetView, locale: str, *, by_set: bool) -> list[str]:
    """The Armor pieces by name, or (``by_set``: shorter) each set with how many of its pieces are held, which is
    what it scores by."""
    if by_set:
        return [t("rollplayer.alt.armor_set", locale, set=names.armor_set_name(armor.set_id, locale),
                  owned=len(armor.owned), pieces=armor.pieces) for armor in view.armor]
    return [names.card_name(card, locale) for armor in view.armor for card in armor.owned]


def named_list(key: str, items: list[str], shown: int | None, locale: str, kind: str = "") -> str:
    """The sentence ``key`` naming ``items`` (all, or the first ``shown`` and how many more, or with ``shown`` 0
    just how many), after the sheet's heading ``kind``; "" for none."""
    if not items:
        return ""
    if shown == 0:                      # none named: how many ("Weapons: 2."), not "Weapons: and 2 more."
        items = [str(len(items))]
    elif shown is not None and shown < len(items):
        items = [*items[:shown], t("rollplayer.alt.more", locale, n=len(items) - shown)]
    return t(key, locale, kind=label(kind, locale) if kind else "", cards=listed(items, locale))


def score_words(view: SheetView, locale: str) -> str:
    """The score so far (final once the game is over); nothing before the rules can score the sheet."""
    if not view.projected:
        return ""
    if view.final:
        return t("rollplayer.alt.score_final", locale, stars=view.projected_total)
    return t("rollplayer.alt.score_so_far", locale, stars=view.projected_total)


#: the ways a sheet's words are shortened when the whole would pass Discord's limit, least useful first, each
#: kept once taken: the Armor by set and count instead of each piece's name; the alignment card without its best
#: space; the backstory without its name (its wishes stay in the rows); then the card lists from the last
#: (Armor, Weapons, Traits, exhausted and ready Skills) name fewer cards and say how many more there are, or, none
#: named, how many they hold ("Weapons: 2.")
SHORTER = ("armor_by_set", "no_best", "no_backstory_name")
#: the card lists in the order they give up names
CUT_ORDER = ("armor", "weapons", "traits", "rollplayer.alt.skills_exhausted", "rollplayer.alt.skills_ready")


def sheet_parts(view: SheetView, locale: str, shorter: frozenset[str], shown: dict[str, int]) -> list[str]:
    """The sheet's sentences, most useful first, shortened as ``shorter`` and ``shown`` (cards named per list)
    say."""
    weapons = [names.card_name(card.card_id, locale) for card in view.weapons]
    # by set and count while some are named; none named: how many pieces
    armor = armor_words(view, locale, by_set="armor_by_set" in shorter and shown.get("armor") != 0)
    skills = [named_list(key, cards, shown.get(key), locale) for key, cards in skills_lists(view, locale)]
    scored = any(c.stars is not None for c in view.traits)
    traits = named_list("rollplayer.alt.traits_scored" if scored else "rollplayer.alt.cards",
                        traits_list(view, locale), shown.get("traits"), locale, "img.sheet.traits")
    return [sheet_head(view, locale), *rows_words(view, locale), score_words(view, locale),
            dice_in_hand(view.to_place, True, locale), alignment(view, locale, best="no_best" not in shorter),
            backstory_words(view, locale, named="no_backstory_name" not in shorter), *skills, traits,
            named_list("rollplayer.alt.cards", weapons, shown.get("weapons"), locale, "img.sheet.weapons"),
            named_list("rollplayer.alt.cards", armor, shown.get("armor"), locale, "img.sheet.armor")]


def sheet_alt(view: SheetView, locale: str) -> str:
    """The character sheet as it is drawn, most useful first: whose, race, class and its power, Gold and
    Charisma; each row's dice (colour and value, the backstory's colour in its space) with the race modifier,
    total and goal; the score so far; the alignment card, its token's space and value and its best space; the
    backstory's name and matches; the Skills ready and exhausted, the Traits with what each scores now, the
    Weapons and the Armor: names, never the cards' or the power's texts. Within Discord's 1,024 characters
    (``ALT_LIMIT``), shortened as ``SHORTER`` and ``CUT_ORDER`` say where the whole would not fit (a sheet of many
    cards in German or French; ``tests/cogs/rollplayer/test_cogs_sheet_alt.py`` measures the fullest)."""
    shorter: frozenset[str] = frozenset()
    text = sentences(*sheet_parts(view, locale, shorter, {}))
    for step in SHORTER:
        if len(text) <= ALT_LIMIT:
            return text
        shorter |= {step}
        text = sentences(*sheet_parts(view, locale, shorter, {}))
    shown = {"armor": len(armor_words(view, locale, by_set=True)), "weapons": len(view.weapons),
             "traits": len(view.traits), **{key: len(cards) for key, cards in skills_lists(view, locale)}}
    for name in CUT_ORDER:
        while len(text) > ALT_LIMIT and shown[name] > 0:
            shown[name] -= 1
            text = sentences(*sheet_parts(view, locale, shorter, shown))
    return text


def step_alt(view: StepView, locale: str) -> str:
    """The step picture: the name line (Gold and Charisma when they matter: the market), the attribute grid as
    the full sheet words it (dice, backstory colours, race modifiers, totals and goals), the score so far, and
    the band of what the decision needs: the dice in hand (the starting dice, the die just taken) and where the
    alignment token stands."""
    sheet = view.sheet
    in_hand = dice_in_hand(view.in_hand, view.in_hand_key == "img.sheet.to_place", locale)
    return sentences(sheet_head(sheet, locale, with_wealth=view.wealth), *rows_words(sheet, locale),
                     score_words(sheet, locale), in_hand, alignment(sheet, locale) if view.alignment else "")


def dice_in_hand(dice: tuple[Die, ...], starting: bool, locale: str) -> str:
    """The dice waiting to be placed: the starting dice (``starting``), or the die just taken."""
    if not dice:
        return ""
    shown = listed((die_words(d, locale) for d in dice), locale)
    if starting:
        return t("rollplayer.alt.to_place", locale, dice=shown)
    return t("rollplayer.alt.drafted", locale, dice=shown)


# ---------------------------------------------------------------------- the table and the live picture
def initiative_words(card: InitiativeCard, players, locale: str, *, die_when_taken: bool) -> str:
    """One Initiative card: its die and the Gold on it, or who took it (with its die, where the picture shows it)."""
    if card.taken_by is not None:
        taker = seat_player(players, card.taken_by)
        if die_when_taken and card.die is not None:
            return t("rollplayer.alt.init_taken_die", locale, number=card.number, die=die_words(card.die, locale),
                     player=taker)
        return t("rollplayer.alt.init_taken", locale, number=card.number, player=taker)
    if card.die is None:
        return t("rollplayer.alt.init_empty", locale, number=card.number)
    if card.coins:
        return t("rollplayer.alt.init_free_gold", locale, number=card.number, die=die_words(card.die, locale),
                 gold=card.coins)
    return t("rollplayer.alt.init_free", locale, number=card.number, die=die_words(card.die, locale))


def initiative(cards: tuple[InitiativeCard, ...], players, enemy_die: Die | None, locale: str, *,
               die_when_taken: bool) -> list[str]:
    """The Initiative cards (none: nothing) and the solo Enemy die, which the pictures draw from setup on."""
    out = [t("rollplayer.alt.initiative", locale, cards=listed(
        (initiative_words(c, players, locale, die_when_taken=die_when_taken) for c in cards), locale))] if cards else []
    if enemy_die is not None:
        out.append(t("rollplayer.alt.enemy_die", locale, die=die_words(enemy_die, locale)))
    return out


def market_card(card: str, locale: str) -> str:
    """"Famous (Trait, 4 Gold, toward Good)": a market card's name, type, price and arrow, as its tile prints
    them."""
    record = names.cards()[card]
    params = {"card": names.card_name(card, locale), "type": label(f"img.type.{record['type']}", locale),
              "cost": record["cost"]}
    arrow = card_arrow(card, locale)
    if arrow:
        return t("rollplayer.alt.market_card_arrow", locale, arrow=arrow, **params)
    return t("rollplayer.alt.market_card", locale, **params)


def market(cards: tuple[str, ...], locale: str) -> str:
    """The market's cards, each with its type, price and arrow (a line: the Initiative phase's strip, the table)."""
    if not cards:
        return t("rollplayer.alt.market_empty", locale)
    return t("rollplayer.alt.market", locale, cards=listed((market_card(c, locale) for c in cards), locale))


def rule_words(card: str, locale: str) -> str:
    """A card's rule text; an Armor piece's as its tile prints it, its set and colour (every Armor text goes on
    "no effect during play, it scores with its set at game end", which the type already says)."""
    record = names.cards()[card]
    if record["type"] == "armor" and record.get("armor_set") and record.get("armor_colour"):
        return t("rollplayer.alt.armor_piece", locale, set=names.armor_set_name(record["armor_set"], locale),
                 colour=colour_name(record["armor_colour"], locale))
    return names.card_text(card, locale)


def market_texts(cards: tuple[str, ...], locale: str, texts: int | None = None) -> list[str]:
    """The market as the Market phase's live picture and the table draw it, each card with its whole text, a
    sentence each: what a buyer decides by (a menu option's description holds 100 characters and cut the longer
    texts). ``texts``: only the first so many cards with their text, the others by name, type and price."""
    if not cards:
        return [t("rollplayer.alt.market_empty", locale)]
    shown = len(cards) if texts is None else texts
    return [t("rollplayer.alt.market_head", locale, n=len(cards)),
            *(t("rollplayer.alt.market_card_text", locale, card=market_card(c, locale), text=rule_words(c, locale))
              if k < shown else t("rollplayer.alt.market_card_alone", locale, card=market_card(c, locale))
              for k, c in enumerate(cards))]


def setup_head(view: LiveView | TableView, locale: str) -> str:
    """"Setup: classes, a game of 12 rounds.": the header's title with its phase chip, as the setup pictures draw
    them (which part of setup it is was missing: "Setup, a game of 12 rounds")."""
    return t("rollplayer.alt.setup", locale, phase=phase_name(view.phase, locale), total=view.rounds_total)


def setup_seat(seat: LiveSeat, locale: str) -> str:
    """"Ann: Dwarf, Monk, still choosing.": one setup row as drawn, the race and class chosen so far and, on the
    row of whoever chooses now, the chip that says so: after the facts, not instead of them (the race and class
    were lost while their player chose)."""
    facts = [race_words(seat.race_id, locale), class_words(seat.class_id, locale)]
    if seat.acting:
        facts.append(t("rollplayer.alt.choosing", locale))
    return player_sentence(seat.name, facts, locale)


def start_mark(view: LiveView, seat: LiveSeat, locale: str) -> list[str]:
    """"start player" on the tile the picture flags 🚩 (from the first round on): only the Table look said it."""
    return [t("rollplayer.alt.fact_start", locale)] if seat.seat == view.start_seat and view.round > 0 else []


def live_alt(view: LiveView, locale: str) -> str:
    """The live picture, phase by phase as it is drawn: in setup, what each player chose so far (and how many
    rounds are coming); then the Initiative cards (dice phase) and the market, and each player's Gold and
    Charisma, with the stars so far in the market phase. In the Market phase each card comes with its whole text,
    as the picture prints it, before the players (the picture's order: four players beside five long French
    texts may pass Discord's 1,024 characters, and ``alt_within`` cuts the end, the players' counters, which the
    Table look tells too)."""
    if view.phase in SETUP_PHASES or view.round == 0:
        return sentences(setup_head(view, locale), *(setup_seat(s, locale) for s in view.seats))
    players = [player_sentence(s.name, [*start_mark(view, s, locale), *wealth(s.gold, s.charisma, locale,
                                                                           no_charisma=False),
                                        *([stars(s.stars, False, locale)] if s.stars is not None else [])], locale)
               for s in view.seats]
    if view.phase in MARKET_PHASES:
        return sentences(*market_texts(view.market, locale), *players)
    dice = initiative(view.initiative, view.seats, view.enemy_die, locale, die_when_taken=False)
    return sentences(*dice, market(view.market, locale), *players)


def table_alt(view: TableView, locale: str) -> str:
    """The whole table: round and phase (in setup, which part of it), the start player, the Initiative cards
    (from the first round on, as drawn), the market with each card's text as its tile prints it, the piles and
    the discard pile's top card, the solo trash, each player (race, class, Gold, Charisma, cards, stars so far)
    and who must act. Within Discord's 1,024 characters (``ALT_LIMIT``) the trash gives up its cards' names first
    (its count stays), then the market's last cards their texts (five long French texts beside four players),
    then ``alt_within`` cuts the end."""
    named, texts = True, len(view.market)
    text = table_sentences(view, locale, texts, named)
    while len(text) > ALT_LIMIT and (named or texts > 0):
        if named:
            named = False
        else:
            texts -= 1
        text = table_sentences(view, locale, texts, named)
    return text


def table_sentences(view: TableView, locale: str, texts: int, trash_named: bool) -> str:
    """The table's alt text with the first ``texts`` market cards' texts, and the trash's cards by name
    (``trash_named``) or by count."""
    if view.round > 0:
        head = t("rollplayer.alt.round", locale, round=view.round, total=view.rounds_total,
                 phase=phase_name(view.phase, locale))
    else:
        head = setup_head(view, locale)
    # the header draws the start player and each player's row its stars in setup too
    start = t("rollplayer.alt.start_player", locale, player=seat_player(view.players, view.start_seat))
    players = [player_sentence(p.name, [race_words(p.race_id, locale), class_words(p.class_id, locale),
                                        *wealth(p.gold, p.charisma, locale),
                                        t("rollplayer.alt.fact_cards", locale, cards=p.cards),
                                        stars(p.projected, view.phase == "finished", locale)], locale)
               for p in view.players]
    if view.abandoned:
        due = t("rollplayer.alt.abandoned", locale)
    elif view.pending:
        due = t("rollplayer.alt.due", locale, who=listed(
            (t("rollplayer.alt.must", locale, player=seat_player(view.players, d.seat),
               decision=decision_text(d.key, d.params, locale)) for d in view.pending), locale))
    else:
        due = ""
    piles = t("rollplayer.alt.piles_top", locale, deck=view.deck_count, discard=view.discard_count,
              card=names.card_name(view.discard_top, locale)) if view.discard_top else \
        t("rollplayer.alt.piles", locale, deck=view.deck_count, discard=view.discard_count)
    # the Initiative cards lie empty during setup: the picture draws them from the first round on (the solo
    # Enemy die as soon as it is rolled)
    cards = view.initiative if view.round > 0 else ()
    return sentences(head, start, due, *initiative(cards, view.players, view.enemy_die, locale, die_when_taken=True),
                     *market_texts(view.market, locale, texts), piles, trash_words(view, trash_named, locale),
                     *players)


def trash_words(view: TableView, named: bool, locale: str) -> str:
    """"Trash: Famous, Longsword, and 4 more.": the solo panel's trash, its cards named as drawn (newest first, as
    many as the panel holds) and how many more its count says, or (not ``named``) just the count ("Trash: 6.");
    "" outside solo."""
    if not view.solo:
        return ""
    return named_list("rollplayer.alt.cards", [names.card_name(card, locale) for card in reversed(view.trash)],
                      len(trash_chips(view, locale)) if named else 0, locale, "img.table.trash")


# ---------------------------------------------------------------------- the scores
#: score items whose picture label has a symbol a screen reader names ("Gold (1★ per 8)": "1 black star per 8"),
#: with the words the alt text says instead
SPOKEN_ITEMS = {"solo_gold": N_("rollplayer.alt.solo_gold")}


def score_line(view: ScoresView, column: ScoreColumn, items: str, locale: str) -> str:
    """One player's total and what it is made of, after their place; in solo without a place, as the picture
    shows none there (one player has no place: a screen reader read "1. Ann" where a newcomer saw no place)."""
    if view.solo:
        return t("rollplayer.alt.score_line_solo", locale, player=player(column.name), total=column.total,
                 items=items)
    return t("rollplayer.alt.score_line", locale, place=column.rank, player=player(column.name),
             total=column.total, items=items)


def scores_alt(view: ScoresView, locale: str) -> str:
    """The scores: each player's place (none in solo) and total with what it is made of; the winner, how a tie
    was broken, and a solo game's rating."""
    if not view.winners and not any(c.items for c in view.columns):
        return t("rollplayer.alt.note", locale, note=label("img.scores.no_result", locale))
    title = label("img.scores.title" if view.final else "img.scores.projected_title", locale)
    item_names = {k: t(SPOKEN_ITEMS[k], locale) if k in SPOKEN_ITEMS else label(f"img.score.{k}", locale)
                  for k in {i.key for c in view.columns for i in c.items}}
    lines = [score_line(view, c, listed((labelled(item_names[i.key], str(i.stars), locale) for i in c.items),
                                        locale), locale)
             for c in sorted(view.columns, key=lambda c: (c.rank, c.seat))]
    notes = []
    if view.tiebreak_key:
        notes.append(t("rollplayer.alt.note", locale, note=label(f"img.scores.tiebreak.{view.tiebreak_key}", locale)))
    if view.solo_rating:
        notes.append(t("rollplayer.alt.note", locale, note=label("img.scores.rating", locale,
                                                                 title=label(f"img.rating.{view.solo_rating}",
                                                                             locale))))
    return sentences(t("rollplayer.alt.note", locale, note=title), *lines, *notes)
