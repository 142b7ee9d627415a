"""Roll Player's pictures in words: the alt text of each picture, read from the very view it is drawn from.

Every picture of ``images.rollplayer`` is drawn from a view model (``images.rollplayer.views``: what it shows, as
plain values); the presentation builds that view once, draws it, and words it here, so the alt text says what
the picture shows and nothing it does not (the live picture shows no races once setup is over, the step
picture no cards). The same view gives the same words: a live picture drawn again unchanged keeps its
attachment, alt text included. Round, phase and who is due stand in the live message's text beside the
picture, so the live alt text leaves them out; the pictures looked at alone (the table, a sheet) say them.

Screen readers read the alt text aloud and Discord shows it on hover or tap; Discord keeps 1,024 characters of
it (``cogs.outbox.alt_within`` cuts a longer one on a word): a sentence per part of the picture, most useful
first, so a cut loses the least.
"""
from __future__ import annotations

from bot.i18n import t
from images.labels import label, labelled
from images.rollplayer import content as names
from images.rollplayer.sheet import goal_text
from images.rollplayer.table import decision_text, phase_name, seat_name
from images.rollplayer.views import (
    ALIGN_COLUMNS,
    ALIGN_ROWS,
    Die,
    InitiativeCard,
    LiveView,
    Row,
    ScoresView,
    SheetView,
    StepView,
    TableView,
)

from .describe import attr_name, colour_name, listed

#: the phases in which the live picture shows who chooses what (setup), the market's cards (market)
SETUP_PHASES = ("setup_race", "setup_class", "setup_dice")
MARKET_PHASES = ("market_start", "market")
#: the sheet's cards in the order the sheet shows them, with the word it heads them by
CARD_KINDS = (("weapons", "img.sheet.weapons"), ("armor", "img.sheet.armor"), ("skills", "img.sheet.skills"),
              ("traits", "img.sheet.traits"))


def sentences(*parts: str) -> str:
    """The alt text's sentences in a row (each catalog text ends its own sentence)."""
    return " ".join(part for part in parts if part)


def die_words(die: Die, locale: str) -> str:
    return t("die", locale, colour=colour_name(die.colour, locale), value=die.value)


def race_words(race_id: str | None, locale: str) -> str:
    return names.race_name(race_id, locale) if race_id else t("rollplayer.alt.no_race", locale)


def class_words(class_id: str | None, locale: str) -> str:
    return names.class_name(class_id, locale) if class_id else t("rollplayer.alt.no_class", locale)


def player_sentence(name: str, facts: list[str], locale: str) -> str:
    """"Ann: Elf, Wizard, 5 Gold." One player as a picture's tile shows them."""
    return t("rollplayer.alt.player", locale, player=name, facts=listed(facts, locale))


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
def row_words(row: Row, locale: str) -> str:
    """"STR 12 (goal 14–15)": the row's total (dice and race) against its class goal, and whether it is met now
    (weapons counted as the sheet counts them)."""
    attr = attr_name(row.attr, locale)
    if row.goal is None:
        return t("rollplayer.alt.row_plain", locale, attr=attr, total=row.value)
    goal = goal_text(row.goal, locale)
    if row.goal_met:
        return t("rollplayer.alt.row_met", locale, attr=attr, total=row.value, goal=goal)
    return t("rollplayer.alt.row", locale, attr=attr, total=row.value, goal=goal)


def attributes(view: SheetView, locale: str) -> str:
    return t("rollplayer.alt.attributes", locale, rows=listed((row_words(r, locale) for r in view.rows), locale))


def sheet_head(view: SheetView, locale: str, *, with_wealth: bool = True) -> str:
    """Whose sheet, with their race and class, and Gold and Charisma (``with_wealth``: where the picture shows
    them)."""
    facts = [race_words(view.race_id, locale), class_words(view.class_id, locale),
             *(wealth(view.gold, view.charisma, locale) if with_wealth else [])]
    return t("rollplayer.alt.sheet", locale, player=view.player_name, facts=listed(facts, locale))


def alignment(view: SheetView, locale: str) -> str:
    """Where the alignment token stands ("Good, Lawful"), once the sheet has an alignment card."""
    if view.alignment_grid is None:
        return ""
    row, column = view.token
    return t("rollplayer.alt.alignment", locale, row=label(f"img.align.{ALIGN_ROWS[row]}", locale),
             column=label(f"img.align.{ALIGN_COLUMNS[column]}", locale))


def cards_words(view: SheetView, locale: str) -> list[str]:
    """The cards the sheet shows, a sentence per kind (weapons, armour, skills, traits) that has any."""
    owned = {"weapons": [c.card_id for c in view.weapons], "skills": [c.card_id for c in view.skills],
             "traits": [c.card_id for c in view.traits],
             "armor": [card for armor in view.armor for card in armor.owned]}
    return [t("rollplayer.alt.cards", locale, kind=label(key, locale),
              cards=listed((names.card_name(c, locale) for c in owned[kind]), locale))
            for kind, key in CARD_KINDS if owned[kind]]


def score_words(view: SheetView, locale: str) -> str:
    """The score so far (final once the game is over); nothing before the rules can score the sheet."""
    if not view.projected:
        return ""
    if view.final:
        return t("rollplayer.alt.score_final", locale, stars=view.projected_total)
    return t("rollplayer.alt.score_so_far", locale, stars=view.projected_total)


def sheet_alt(view: SheetView, locale: str) -> str:
    """The character sheet: whose, race, class, Gold and Charisma; each attribute's total against its goal; the
    score so far; the backstory's matches and the cards owned last (the longest, cut first)."""
    backstory = t("rollplayer.alt.backstory", locale, matches=view.backstory_matches) if view.backstory_id else ""
    to_place = dice_in_hand(view.to_place, True, locale)
    return sentences(sheet_head(view, locale), attributes(view, locale), score_words(view, locale), to_place,
                     alignment(view, locale), backstory, *cards_words(view, locale))


def step_alt(view: StepView, locale: str) -> str:
    """The step picture: the name line (Gold and Charisma when they matter: the market), the attribute grid, the
    score so far, and the band of what the decision needs: the dice in hand (the starting dice, the die just
    taken) and where the alignment token stands."""
    sheet = view.sheet
    in_hand = dice_in_hand(view.in_hand, view.in_hand_key == "img.sheet.to_place", locale)
    return sentences(sheet_head(sheet, locale, with_wealth=view.wealth), attributes(sheet, locale),
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
        player = seat_name(players, card.taken_by)
        if die_when_taken and card.die is not None:
            return t("rollplayer.alt.init_taken_die", locale, number=card.number, die=die_words(card.die, locale),
                     player=player)
        return t("rollplayer.alt.init_taken", locale, number=card.number, player=player)
    if card.die is None:
        return t("rollplayer.alt.init_empty", locale, number=card.number)
    if card.coins:
        return t("rollplayer.alt.init_free_gold", locale, number=card.number, die=die_words(card.die, locale),
                 gold=card.coins)
    return t("rollplayer.alt.init_free", locale, number=card.number, die=die_words(card.die, locale))


def initiative(cards: tuple[InitiativeCard, ...], players, enemy_die: Die | None, locale: str, *,
               die_when_taken: bool) -> list[str]:
    if not cards:
        return []
    out = [t("rollplayer.alt.initiative", locale, cards=listed(
        (initiative_words(c, players, locale, die_when_taken=die_when_taken) for c in cards), locale))]
    if enemy_die is not None:
        out.append(t("rollplayer.alt.enemy_die", locale, die=die_words(enemy_die, locale)))
    return out


def market(cards: tuple[str, ...], locale: str) -> str:
    """The market's cards, each with its type and price."""
    if not cards:
        return t("rollplayer.alt.market_empty", locale)
    records = names.cards()
    return t("rollplayer.alt.market", locale, cards=listed(
        (t("rollplayer.alt.market_card", locale, card=names.card_name(c, locale),
           type=label(f"img.type.{records[c]['type']}", locale), cost=records[c]["cost"]) for c in cards), locale))


def live_alt(view: LiveView, locale: str) -> str:
    """The live picture, phase by phase as it is drawn: in setup, what each player chose so far (and how many
    rounds are coming); then the Initiative cards (dice phase), the market, and each player's Gold and Charisma,
    with the stars so far in the market phase."""
    if view.phase in SETUP_PHASES or view.round == 0:
        chosen = [player_sentence(s.name, [t("rollplayer.alt.choosing", locale)] if s.acting else
                                  [race_words(s.race_id, locale), class_words(s.class_id, locale)], locale)
                  for s in view.seats]
        return sentences(t("rollplayer.alt.setup", locale, total=view.rounds_total), *chosen)
    players = [player_sentence(s.name, [*wealth(s.gold, s.charisma, locale, no_charisma=False),
                                        *([stars(s.stars, False, locale)] if s.stars is not None else [])], locale)
               for s in view.seats]
    dice = [] if view.phase in MARKET_PHASES else initiative(view.initiative, view.seats, view.enemy_die, locale,
                                                             die_when_taken=False)
    return sentences(*dice, market(view.market, locale), *players)


def table_alt(view: TableView, locale: str) -> str:
    """The whole table: round and phase, the start player, the Initiative cards, the market and its piles, each
    player (race, class, Gold, Charisma, cards, stars so far) and who must act."""
    if view.round > 0:
        head = t("rollplayer.alt.round", locale, round=view.round, total=view.rounds_total,
                 phase=phase_name(view.phase, locale))
        start = t("rollplayer.alt.start_player", locale, player=seat_name(view.players, view.start_seat))
    else:
        head, start = t("rollplayer.alt.setup", locale, total=view.rounds_total), ""
    players = [player_sentence(p.name, [race_words(p.race_id, locale), class_words(p.class_id, locale),
                                        *wealth(p.gold, p.charisma, locale),
                                        t("rollplayer.alt.fact_cards", locale, cards=p.cards),
                                        *([stars(p.projected, view.phase == "finished", locale)]
                                          if view.round > 0 else [])], locale)
               for p in view.players]
    if view.abandoned:
        due = t("rollplayer.alt.abandoned", locale)
    elif view.pending:
        due = t("rollplayer.alt.due", locale, who=listed(
            (t("rollplayer.alt.must", locale, player=seat_name(view.players, d.seat),
               decision=decision_text(d.key, d.params, locale)) for d in view.pending), locale))
    else:
        due = ""
    piles = t("rollplayer.alt.piles", locale, deck=view.deck_count, discard=view.discard_count)
    return sentences(head, start, due,
                     *initiative(view.initiative, view.players, view.enemy_die, locale, die_when_taken=True),
                     market(view.market, locale), piles, *players)


# ---------------------------------------------------------------------- the scores
def scores_alt(view: ScoresView, locale: str) -> str:
    """The scores: each player's place and total with what it is made of; the winner, how a tie was broken, and
    a solo game's rating."""
    if not view.winners and not any(c.items for c in view.columns):
        return t("rollplayer.alt.note", locale, note=label("img.scores.no_result", locale))
    title = label("img.scores.title" if view.final else "img.scores.projected_title", locale)
    item_names = {k: label(f"img.score.{k}", locale) for k in {i.key for c in view.columns for i in c.items}}
    lines = [t("rollplayer.alt.score_line", locale, place=c.rank, player=c.name, total=c.total,
               items=listed((labelled(item_names[i.key], str(i.stars), locale) for i in c.items), locale))
             for c in sorted(view.columns, key=lambda c: (c.rank, c.seat))]
    notes = []
    if view.tiebreak_key:
        notes.append(t("rollplayer.alt.note", locale, note=label(f"img.scores.tiebreak.{view.tiebreak_key}", locale)))
    if view.solo_rating:
        notes.append(t("rollplayer.alt.note", locale, note=label("img.scores.rating", locale,
                                                                 title=label(f"img.rating.{view.solo_rating}",
                                                                             locale))))
    return sentences(t("rollplayer.alt.note", locale, note=title), *lines, *notes)
