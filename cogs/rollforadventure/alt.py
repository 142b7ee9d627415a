"""Roll for Adventure's pictures in words: the alt text of the live picture, the whole table and the end.

The live picture is drawn from ``images.rollforadventure.live.LiveView``; its alt text words that same view, so it
says what the picture shows: the throw, each territory's damage, the values its free fields take and its enemies
with their totals toward 6, the special enemies and both vortexes (or, while heroes are chosen, the heroes on
offer). The table's alt text reads the territories the same way (``territory_views``) and adds the dice on their
fields and on each enemy, the adventure, the power stones, the heroes and their dice; the end's says won or lost,
why, and each territory's damage. Screen readers read it aloud; Discord shows it on hover or tap and keeps 1,024
characters of it (``cogs.outbox.alt_within``): the parts a team decides by come first. The players' names are
cleaned as any text without Markdown cleans them (``cogs.usertext.plain_name``: one line, no right-to-left
override); the pictures draw them as stored.
"""
from __future__ import annotations

from collections import Counter

from bot.games.rollforadventure import content as C
from bot.i18n import t
from cogs.outbox import ALT_LIMIT
from cogs.usertext import plain_name, plain_names
from images.labels import labelled
from images.rollforadventure import words as img_words
from images.rollforadventure.live import Die, Enemy, LiveView, Territory, special_views, territory_views
from images.rollforadventure.table import deck_words, dice_at, verdict

from . import words


def sentences(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def listed(items, locale: str) -> str:
    return t("rollforadventure.alt.list_sep", locale).join(items)


#: how the pictures join values a field takes ("5·6") or the fields of an Ice Cave line ("a·b·c"): a screen reader
#: says "5 middle dot 6", so the alt text words them ("5 or 6", "a, b, c")
DOT = "·"


def either(value: str, locale: str) -> str:
    """A free field's value as the picture prints it, "5·6" (the Forest's field that takes a 5 or a 6) in words."""
    if DOT not in value:
        return value
    *first, last = value.split(DOT)
    return t("rollforadventure.alt.either", locale, first=listed(first, locale), last=last)


def enemy_words(enemy: Enemy, locale: str) -> str:
    """"Sandman B (rank 3, 4 of 6)": an enemy, its rank, and its total toward the 6 that defeats it."""
    card = img_words.card(enemy.card, locale)
    if enemy.rank is None:
        return t("rollforadventure.alt.enemy", locale, card=card, total=enemy.total)
    return t("rollforadventure.alt.enemy_rank", locale, card=card, rank=enemy.rank, total=enemy.total)


def territory_words(tr: Territory, locale: str, dice: str = "", on_enemies: tuple[str, ...] = (),
                    takes: bool = True) -> str:
    """A territory: its damage; on the table, the dice lying on its fields (``dice``); what its free fields take
    (how many dice of each value fit now; ``takes`` False: unsaid); its enemies, on the table with the dice on
    each (``on_enemies``); and its notes (a full arch's sacrifice, an Ice Cave claim's rewards)."""
    parts = [t("rollforadventure.alt.territory", locale, territory=img_words.territory(tr.tid, locale),
               skull=tr.skull, last=tr.last)]
    if dice:
        parts.append(t("rollforadventure.alt.dice_there", locale, dice=dice))
    if takes and tr.takes:
        parts.append(t("rollforadventure.alt.takes", locale, takes=listed(
            (t("rollforadventure.alt.take_many", locale, value=either(value, locale), count=count) if count > 1
             else t("rollforadventure.alt.take_one", locale, value=either(value, locale))
             for value, count in tr.takes), locale)))
    elif takes:
        parts.append(t("rollforadventure.alt.no_room", locale))
    if tr.enemies:
        parts.append(t("rollforadventure.alt.enemies", locale,
                       enemies=listed((enemy_words(e, locale) for e in tr.enemies), locale)))
    parts.extend(on_enemies)
    if tr.sacrifice is not None:
        parts.append(t("rollforadventure.alt.note", locale,
                       note=img_words.say("rollforadventure.img.sacrifice", locale, value=tr.sacrifice)))
    for members, key in tr.legend:
        reward = img_words.say(key, locale)
        members = listed(members.split(DOT), locale) if members else ""
        parts.append(t("rollforadventure.alt.note", locale, note=labelled(members, reward, locale)
                       if members else reward))
    return sentences(*parts)


def specials_words(specials: tuple[Enemy, ...], locale: str, on_enemies: tuple[str, ...] = ()) -> str:
    if not specials:
        return ""
    return sentences(t("rollforadventure.alt.specials", locale,
                       enemies=listed((enemy_words(e, locale) for e in specials), locale)), *on_enemies)


def dice_on_enemies(state: dict, enemies: tuple[Enemy, ...], locale: str, left_out: set[str]) -> tuple[str, ...]:
    """The dice the table draws on each enemy card ("Dice on Sandman B: red 2, blue 2."), where there are any."""
    if "enemy_dice" in left_out:
        return ()
    return tuple(t("rollforadventure.alt.dice_on", locale, card=img_words.card(e.card, locale), dice=dice_words(
        [Die(r["o"], r["v"]) for r in found], locale)) for e in enemies if (found := dice_at(state, f"enemy:{e.card}")))


def vortexes_words(memory: int, oblivion: int, locale: str, lost: list | None = None) -> str:
    """Both vortexes' counts; with ``lost`` (the table, which draws them), the owners of the dice in the Vortex of
    Oblivion, counted per owner: whose dice come back to whom ("8 dice (red: 4, blue: 3, ally: 1)")."""
    names = {"memory_name": img_words.say("rollforadventure.img.memory", locale), "memory": memory,
             "oblivion_name": img_words.say("rollforadventure.img.oblivion", locale), "oblivion": oblivion}
    if not lost:
        return t("rollforadventure.alt.vortexes", locale, **names)
    counts = Counter(die.owner for die in lost)
    owners = listed((t("rollforadventure.alt.owner_count", locale, owner=words.owner(who, locale), count=n)
                     for who, n in counts.items()), locale)
    return t("rollforadventure.alt.vortexes_owners", locale, owners=owners, **names)


def ice_cave_rules(state: dict, locale: str) -> list[str]:
    """What a claim of the Ice Cave brings, as the table prints it beside the cave: side A by the dice in its row,
    side B by its lines (the fields of each, by letter, and the reward)."""
    if state["terr"]["ice_cave"]["side"] == "A":
        return [t("rollforadventure.alt.ice_a_rewards", locale)]
    return [t("rollforadventure.alt.note", locale, note=labelled(listed(members, locale), img_words.say(
        f"rollforadventure.img.reward.{reward}", locale), locale)) for members, reward in C.ICE_B_LINES.values()]


def deck_sentences(state: dict, locale: str) -> list[str]:
    """The enemy deck's panel: how many cards, where the Master of Shadows is (hidden in the deck, or alone and
    striking every turn), and the bonus dice waiting."""
    deck, master, _, supply = deck_words(state, locale)
    return [t("rollforadventure.alt.note", locale, note=deck), master,
            t("rollforadventure.alt.note", locale, note=supply)]


def dice_words(dice, locale: str) -> str:
    return listed((words.looks(d.owner, d.value, locale) for d in dice), locale)


def live_alt(view: LiveView, locale: str) -> str:
    """The live picture: while heroes are chosen, the heroes on offer and who chose which; then the throw, each
    territory, the special enemies, the vortexes, and the Master of Shadows alone in the deck. Whose turn it is
    stands in the message beside it; the hero, only where one player moves two."""
    if view.offers:
        return sentences(*(
            t("rollforadventure.alt.offer_chosen", locale, hero=img_words.hero(o.hero, locale),
              ability=img_words.ability(o.hero, locale), player=plain_name(o.chosen_by)) if o.chosen_by is not None else
            t("rollforadventure.alt.offer", locale, hero=img_words.hero(o.hero, locale),
              ability=img_words.ability(o.hero, locale)) for o in view.offers))
    throw = ""
    if view.throw and view.two_heroes and view.hero:     # one player, two heroes: the banner names the hero
        throw = t("rollforadventure.alt.throw_hero", locale, hero=img_words.hero(view.hero, locale),
                  dice=dice_words(view.throw, locale))
    elif view.throw:
        throw = t("rollforadventure.alt.throw", locale, player=plain_name(view.player),
                  dice=dice_words(view.throw, locale))
    master = t("rollforadventure.alt.note", locale, note=img_words.say("rollforadventure.img.master_alone", locale)) \
        if view.master_alone else ""
    return sentences(throw, *(territory_words(tr, locale) for tr in view.territories),
                     specials_words(view.specials, locale), vortexes_words(view.memory, view.oblivion, locale), master)


def hero_words(state: dict, index: int, names, locale: str, *, ready: bool = True) -> str:
    """A hero of the table: its player, the hero and its ability (ready, the picture's badge, or used up this
    turn; ``ready`` False: the ready state unsaid, a used one still said), and how many dice lie on its board."""
    hero = state["heroes"][index]
    player = img_words.name_of(names, hero["seat"], locale)
    if not hero["hero"]:
        return t("rollforadventure.alt.hero_unchosen", locale, player=player)
    name, ability = img_words.hero(hero["hero"], locale), img_words.ability(hero["hero"], locale)
    count = len(dice_at(state, f"board:{index}"))
    if hero["used"]:
        return t("rollforadventure.alt.hero_used", locale, player=player, hero=name, ability=ability, count=count)
    key = "rollforadventure.alt.hero_ready" if ready else "rollforadventure.alt.hero"
    return t(key, locale, player=player, hero=name, ability=ability, count=count)


#: what the table's alt text leaves out, in this order, when the whole would pass Discord's 1,024 characters
#: (four players with long names; French midgame): what the free fields take (the live picture's alt text says it
#: every turn), the dice on each enemy (its total toward 6 stays), the Ice Cave's reward rule (the rules topic has
#: it too), the heroes' "ready" (a used ability is still said), the owners of the lost dice, the Master of
#: Shadows' note
OPTIONAL = ("takes", "enemy_dice", "ice_rule", "ready", "owners", "master")


def table_alt(state: dict, names, locale: str) -> str:
    """The whole table: the adventure, the turn and the power stones; how it ended, or whose throw; each
    territory with the dice on its fields, what its free fields take, its enemies and the dice on each (the Ice
    Cave with what a claim brings); the special enemies and the dice on them, the vortexes (the
    owners of the lost dice), the heroes (ability ready or used) and the enemy deck (where the Master of Shadows
    is, the bonus dice waiting). Within Discord's limit, leaving out what ``OPTIONAL`` says first."""
    names = plain_names(names)
    left_out: set[str] = set()
    text = table_sentences(state, names, locale, left_out)
    for part in OPTIONAL:
        if len(text) <= ALT_LIMIT:
            break
        left_out.add(part)
        text = table_sentences(state, names, locale, left_out)
    return text


def table_sentences(state: dict, names, locale: str, left_out: set[str]) -> str:
    """The table's alt text without the parts named in ``left_out`` (``OPTIONAL``)."""
    head = t("rollforadventure.alt.head", locale, adventure=img_words.adventure(state["options"]["adventure"], locale),
             turn=state["turn"], stones=state["stones"], needed=state["stones_needed"])
    if state["result"]:
        title, why, _ = verdict(state, locale)
        banner = sentences(title, why)           # each a whole sentence
    else:
        hero = state["heroes"][state["active"]]
        pool = dice_at(state, "pool")
        who = img_words.name_of(names, hero["seat"], locale)
        banner = t("rollforadventure.alt.throw", locale, player=who, dice=dice_words(
            [Die(r["o"], r["v"]) for r in pool], locale)) if pool else ""
    rules = [] if "ice_rule" in left_out else ice_cave_rules(state, locale)
    lands = [sentences(territory_words(tr, locale, dice_words([Die(r["o"], r["v"]) for r in dice_at(state, tr.tid)],
                                                               locale), dice_on_enemies(state, tr.enemies, locale,
                                                                                        left_out),
                                       "takes" not in left_out), *(rules if tr.tid == "ice_cave" else ()))
             for tr in territory_views(state)]
    specials = special_views(state)
    specials_said = specials_words(specials, locale, dice_on_enemies(state, specials, locale, left_out))
    heroes = [hero_words(state, i, names, locale, ready="ready" not in left_out) for i in range(len(state["heroes"]))]
    lost = [Die(r["o"], r["v"]) for r in dice_at(state, "oblivion")]
    deck, master, supply = deck_sentences(state, locale)
    return sentences(head, banner, *lands, specials_said,
                     vortexes_words(state["memory_total"], len(lost), locale, None if "owners" in left_out else lost),
                     *heroes, deck, "" if "master" in left_out else master, supply)


def final_alt(state: dict, names, locale: str) -> str:
    """The end: won or lost and why, the power stones on the adventure board, and each territory's damage (the
    turns, the enemies defeated and the team stand in the message's text)."""
    title, why, _ = verdict(state, locale)
    damage = listed((t("rollforadventure.alt.damage", locale, territory=img_words.territory(tid, locale),
                       skull=state["terr"][tid]["skull"], last=state["terr"][tid]["last"]) for tid in C.TERRITORIES),
                    locale)
    return sentences(title, why,
                     t("rollforadventure.alt.stones", locale, stones=state["stones"], needed=state["stones_needed"]),
                     t("rollforadventure.alt.damages", locale, damage=damage))
