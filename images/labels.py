"""Every word the pictures print that is not a content name, as message keys with English text.

The i18n layer (`bot.i18n`) owns the catalogs; until the renderer is wired to it, `label()` is the one
place that turns a key into text, so switching is a one-line change inside `label()`. Keys follow the
project's dotted style under the `img.` prefix; content names (cards, classes, races, ...) come from the
data files instead (see `images.content`).
"""

from __future__ import annotations

EN: dict[str, str] = {
    # attributes (short forms are printed in the sheet's narrow first column)
    "img.attr.str": "STR",
    "img.attr.dex": "DEX",
    "img.attr.con": "CON",
    "img.attr.int": "INT",
    "img.attr.wis": "WIS",
    "img.attr.cha": "CHA",
    # die colours (legend of the colour-blind shapes)
    "img.colour.green": "Green",
    "img.colour.blue": "Blue",
    "img.colour.red": "Red",
    "img.colour.purple": "Purple",
    "img.colour.black": "Black",
    "img.colour.white": "White",
    "img.colour.gold": "Gold",
    # card types
    "img.type.weapon": "Weapon",
    "img.type.armor": "Armor",
    "img.type.skill": "Skill",
    "img.type.trait": "Trait",
    # alignment grid
    "img.align.good": "Good",
    "img.align.neutral": "Neutral",
    "img.align.evil": "Evil",
    "img.align.lawful": "Lawful",
    "img.align.chaotic": "Chaotic",
    # arrows (direction the alignment token moves)
    "img.arrow.up": "toward Good",
    "img.arrow.down": "toward Evil",
    "img.arrow.left": "toward Lawful",
    "img.arrow.right": "toward Chaotic",
    # character sheet
    "img.sheet.seat": "Seat {seat}",
    "img.player": "Player {n}",
    "img.sheet.no_race": "No sheet yet",
    "img.sheet.no_class": "No class yet",
    "img.sheet.no_card": "not dealt yet",
    "img.sheet.tower_shield": "+{extra} Tower Shield",
    "img.sheet.your_turn": "Your turn",
    "img.sheet.to_place": "Starting dice to place",
    "img.sheet.race_mod": "race {mod}",
    "img.sheet.total": "Total",
    "img.sheet.goal": "Goal",
    "img.sheet.goal_range": "{min}–{max}",
    "img.sheet.goal_exact": "{min}",
    "img.sheet.goal_open": "{min}+",
    "img.sheet.weapon_bonus": "+{bonus} weapons",
    "img.sheet.met": "met",
    "img.sheet.not_met": "not met",
    "img.sheet.backstory": "Backstory",
    "img.sheet.matches": "{matches}/6 matched",
    "img.sheet.alignment": "Alignment",
    "img.sheet.gold": "Gold",
    "img.sheet.charisma": "Charisma",
    "img.sheet.class_dice": "Class dice",
    "img.sheet.weapons": "Weapons",
    "img.sheet.hands": "{used}/{limit} hands",
    "img.sheet.armor": "Armor",
    "img.sheet.set_progress": "{owned}/{pieces}",
    "img.sheet.skills": "Skills",
    "img.sheet.traits": "Traits",
    "img.sheet.ready": "ready",
    "img.sheet.exhausted": "exhausted",
    "img.sheet.no_cards": "No cards yet",
    "img.sheet.projected": "Score so far",
    "img.sheet.stars": "{stars}★",
    # table
    "img.table.round": "Round {round} of {total}",
    "img.table.setup_title": "Setup · {total} rounds",
    "img.table.phase.setup": "Setup",
    "img.table.phase.setup_race": "Setup: sheets",
    "img.table.phase.setup_class": "Setup: classes",
    "img.table.phase.setup_dice": "Setup: starting dice",
    "img.table.phase.roll": "Dice roll",
    "img.table.phase.market_start": "Market phase",
    "img.table.phase.dice": "Dice phase",
    "img.table.phase.market": "Market phase",
    "img.table.phase.cleanup": "Cleanup",
    "img.table.phase.finished": "Game over",
    "img.table.start_player": "Start player: {name}",
    "img.table.initiative": "Initiative",
    "img.table.taken_by": "{name}",
    "img.table.free": "free",
    "img.table.free_enemy": "free · rolls the enemy die",
    "img.table.market": "Market",
    "img.table.deck": "Deck",
    "img.table.discard": "Discard",
    "img.table.trash": "Trash",
    "img.table.enemy_die": "Enemy die",
    "img.table.cost": "{cost}",
    "img.table.hands": "{hands} hand(s)",
    "img.table.players": "Players",
    "img.table.must": "{name}: {decision}",
    "img.table.waiting": "Waiting for",
    "img.table.nobody": "Nobody has to act",
    "img.table.score_short": "{stars}★",
    "img.table.cards_short": "{cards} cards",
    "img.table.empty": "empty",
    # decisions (keys of the rules engine's pending list)
    "img.decision.take_initiative": "take an Initiative card",
    "img.decision.place_die": "place the die on the sheet",
    "img.decision.attribute_action": "take or skip the row's action",
    "img.decision.market": "buy a card or discard one for 2 Gold",
    "img.decision.cleanup": "refresh a Skill",
    "img.decision.setup": "place the starting dice",
    "img.decision.choose_backstory": "choose a Backstory",
    "img.decision.keep_or_revert": "keep or revert the reroll",
    "img.decision.skill": "use or decline a Skill",
    # final scores
    "img.scores.title": "Final scores",
    "img.scores.solo_title": "Solo challenge",
    "img.scores.projected_title": "Scores so far",
    "img.scores.leader": "Leading: {names}",
    "img.scores.no_result": "No scores yet: setup is not finished",
    "img.scores.total": "Total",
    "img.scores.winner": "Winner: {names}",
    "img.scores.winners": "Shared victory: {names}",
    "img.scores.rank": "#{rank}",
    "img.scores.place": "Place",
    "img.scores.rating": "Rating: {title}",
    "img.scores.tiebreak.gold": "Tied on stars: most Gold left wins",
    "img.scores.tiebreak.class_dice": "Tied on stars and Gold: fewest class colour dice wins",
    "img.scores.tiebreak.shared": "Tied on stars, Gold and class dice: the place is shared",
    "img.scores.rating_scale": "Solo ratings",
    "img.scores.points_range": "{min}–{max}",
    "img.scores.points_min": "{min}+",
    "img.scores.points_max": "≤ {max}",
    "img.score.goals": "Attribute goals",
    "img.score.class_dice": "Class colour dice",
    "img.score.backstory": "Backstory",
    "img.score.alignment": "Alignment",
    "img.score.armor": "Armor",
    "img.score.traits": "Traits",
    "img.score.weapons": "Weapon cards",
    "img.score.solo_gold": "Gold (1★ per 8)",
    # solo ratings (FR rulebook: Véritable Héros, Chef de Clan, Sommité, Aventurier, Mercenaire, PNJ)
    "img.rating.true_hero": "True Hero",
    "img.rating.clan_chief": "Clan Chief",
    "img.rating.luminary": "Luminary",
    "img.rating.adventurer": "Adventurer",
    "img.rating.mercenary": "Mercenary",
    "img.rating.npc": "NPC",
}


def _catalog():
    """The project's i18n module once it is importable (it is written alongside the renderers)."""
    try:
        from bot import i18n
    except ImportError:
        return None
    return i18n


def label(key: str, locale: str = "en", **params) -> str:
    """Text for a message key in `locale`: from the i18n catalogs when they hold the key (so translations
    land there), else from the English table above."""
    i18n = _catalog()
    if i18n is not None and i18n.has_key(key):
        return i18n.t(key, locale, **params)
    return EN[key].format(**params)


def first_label(keys: list[str], locale: str = "en", **params) -> str | None:
    """Text of the first key that either catalog knows, or None."""
    i18n = _catalog()
    for key in keys:
        if (i18n is not None and i18n.has_key(key)) or key in EN:
            return label(key, locale, **params)
    return None


def has_label(key: str) -> bool:
    i18n = _catalog()
    return key in EN or (i18n is not None and i18n.has_key(key))


def humanise(key: str) -> str:
    """Readable fallback for a key the catalog does not know yet (e.g. a new decision kind)."""
    tail = key.rsplit(".", 1)[-1]
    return tail.replace("_", " ").strip().capitalize()


# tie-break values shown under the totals
EN.update(
    {
        "img.tiebreak.gold": "Gold left",
        "img.tiebreak.class_dice": "Class colour dice",
    }
)


def po_fragment() -> str:
    """The English labels the i18n catalog does not hold yet, as .po entries (msgid = key), ready to be
    appended to `bot/i18n/locales/en/LC_MESSAGES/messages.po` and translated."""
    i18n = _catalog()
    out = []
    for key, text in EN.items():
        if i18n is not None and i18n.has_key(key):
            continue
        escaped = text.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'msgid "{key}"\nmsgstr "{escaped}"\n')
    return "\n".join(out)
