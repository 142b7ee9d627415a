"""Words for game data: event lines, move labels and the values a move menu narrows by.

Rules emit events and moves as JSON with ids (card ids, race ids, [attr, index] positions, dice as
[colour, value]).  This module turns every such value into display text for one locale and then lets the
catalog phrase the sentence, so the catalog entries only ever see ready-made strings.
"""
from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

from bot.i18n import N_, t
from cogs.seam import player_name
from images.rollplayer import content as names

COLOURS, ATTRS = names.COLOURS, names.ATTRS

#: Params holding market card ids (a single id or a list of them).
CARD_PARAMS = ("card", "copy", "discarded", "trashed", "trash", "target", "cards")


def colour_name(colour: str, locale: str) -> str:
    return t(f"colour.{colour}", locale)


def attr_name(attr: str, locale: str) -> str:
    return t(f"attr.{attr}", locale)


def is_pair(value: Any, names: tuple[str, ...]) -> bool:
    """A die ([colour, value]: ``names`` COLOURS) or a position ([attr, index]: ``names`` ATTRS)."""
    return isinstance(value, (list, tuple)) and len(value) == 2 and value[0] in names and isinstance(value[1], int)


def listed(items: Any, locale: str) -> str:
    """Words in a row ("STR 1, DEX 2"), with the catalog's separator: no separator is written in the code."""
    return t("rollplayer.list_sep", locale).join(items)


def die_text(die: Any, locale: str) -> str:
    return t("die", locale, colour=colour_name(die[0], locale), value=die[1])


def position_text(pos: Any, state: Any, seat: int | None, locale: str, die: Any = None) -> str:
    """A space of a row with its die: ``die`` when given (the die it held when an event happened), else the
    die there in ``state``."""
    attr, index = pos
    text = t("slot", locale, attr=attr_name(attr, locale), slot=index + 1)
    if die is None:
        try:
            die = state.players[seat].rows[attr][index]
        except (AttributeError, IndexError, KeyError, TypeError):
            return text
    return t("slot_with_die", locale, slot=text, die=die_text(die, locale))


def align_spot(moral: str, ethic: str, locale: str) -> str:
    """A space of the alignment grid in the printed order, the Law–Chaos axis first ("Lawful Good", "Chaotic
    Neutral"; the centre is plain "Neutral"), in the words of running text (the grid's labels abbreviate:
    German "Rechtsch."). Every text names a space this way: the sheet's alt text named the row first ("Good,
    Lawful") while the dealt card's line said "Lawful Good"."""
    if moral == ethic == "neutral":
        return t("rollplayer.align_word.centre", locale)
    return t("rollplayer.detail.align_cell", locale, ethic=t(f"rollplayer.align_word.{ethic}", locale),
             moral=t(f"rollplayer.align_word.{moral}", locale))


def card_text(card: Any, locale: str) -> str:
    """A market card id, or an initiative card number (ints name initiative cards)."""
    if isinstance(card, str):
        try:
            return names.card_name(card, locale)
        except KeyError:
            return card
    if isinstance(card, int) and not isinstance(card, bool):
        return t("initiative_card", locale, number=card)
    return str(card)


def _named(kind: str, value: Any, locale: str) -> str:
    lookup = {"race": names.race_name, "class": names.class_name, "class_id": names.class_name,
              "backstory": names.backstory_name, "alignment": names.alignment_name}[kind]
    try:
        return lookup(value, locale)
    except (KeyError, TypeError):
        return str(value)


def power_text(power: str, locale: str) -> str:
    for class_id, record in names.classes().items():
        if record.get("power", {}).get("id") == power:
            return names.power_name(class_id, locale)
    return power


#: Fields whose value is named by a catalog key ``<family>.<value>``: field -> family.
KEYED_FIELDS = {"gender": "gender", "dir": "direction", "direction": "direction", "reason": "gold_reason",
                "where": "enemy_where", "keep": "keep", "op": "op", "type": "movetype"}


def value_text(name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
    """Display text for one param / move field."""
    state = getattr(game, "state", None)
    if value is None:
        return t("value.none", locale)
    if isinstance(value, bool):
        return t("value.yes", locale) if value else t("value.no", locale)
    if name in ("seat", "start_player"):
        return player_name(game, value)
    if name in ("race", "class", "class_id", "backstory", "alignment"):
        return _named(name, value, locale)
    if name == "power":
        return power_text(value, locale)
    if name in ("attr", "action", "to") and value in ATTRS:
        return attr_name(value, locale)
    if isinstance(value, str) and value in COLOURS:
        return colour_name(value, locale)
    if name in KEYED_FIELDS:
        return t(f"{KEYED_FIELDS[name]}.{value}", locale)
    if name == "delta" and isinstance(value, int):
        return f"{value:+d}"
    if is_pair(value, COLOURS):
        return die_text(value, locale)
    if is_pair(value, ATTRS):
        return position_text(value, state, seat, locale)
    if name in CARD_PARAMS and isinstance(value, int) and name not in ("card", "target"):
        return str(value)                                   # a count ("cards": 30), not a card
    if name in CARD_PARAMS:
        if isinstance(value, (list, tuple)):
            return listed((card_text(c, locale) for c in value), locale) or t("value.none", locale)
        return card_text(value, locale)
    if isinstance(value, (list, tuple)):
        return listed((value_text(name, v, game, seat, locale) for v in value), locale) or t("value.none", locale)
    if isinstance(value, float):                            # e.g. a hint's gain in stars: "1,2" in German
        return format_decimal(value, "#,##0.#", locale=locale)
    return str(value)


def display_params(game: Any, params: dict, locale: str) -> dict[str, str]:
    seat = params.get("seat") if isinstance(params.get("seat"), int) else None
    out = {name: value_text(name, value, game, seat, locale) for name, value in params.items()}
    out["player"] = player_name(game, seat) if seat is not None else ""
    return out


#: (event key, what it lacks) -> the key that words it: a Gold taken without a discard (Friendly Market), a
#: cleanup without a refresh ("… refreshed none" read as a card called "none")
WITHOUT = {("rollplayer.gold_for_discard", "card"): "rollplayer.gold_taken",
           ("rollplayer.skills_refreshed", "cards"): "rollplayer.skills_refreshed_none"}
#: (event key, a param that is set) -> the key that tells it: a Skill used without its effect still turns and
#: follows its arrow (EFFECTS.md rule 5), and the log says so (it read like a use with an effect); a purchase
#: paid partly with Charisma tokens names them, as its menu option did ("bought X for 3 gold" hid the token)
WITH = {("rollplayer.skill_used", "declined"): "rollplayer.skill_used_declined",
        ("rollplayer.card_bought", "tokens"): "rollplayer.card_bought_tokens"}


def event_text(game: Any, event: dict, locale: str) -> str:
    """One rules event as a log line; "" for an event another line of the same move already tells (the Gold
    of a discard for Gold: "discarded X for 2 gold · gained 2 gold" read as 4)."""
    params = dict(event.get("params") or {})
    key = event.get("key", "event.unknown")
    if key == "rollplayer.gold_gained" and params.get("reason") == "discard_for_gold":
        return ""
    key = next((k for (of, field), k in WITHOUT.items() if of == key and not params.get(field)), key)
    key = next((k for (of, field), k in WITH.items() if of == key and params.get(field)), key)
    if key == "rollplayer.power_used" and "card" in params:   # a power that adds a market card (or, declined, none)
        key = "rollplayer.power_used_card" if params["card"] is not None else "rollplayer.power_used_no_card"
    shown = display_params(game, params, locale)
    for name, value in params.items():     # a position with the die it held then, not the die there now
        die = params.get(f"{name}_die")
        if is_pair(value, ATTRS) and is_pair(die, COLOURS):
            shown[name] = position_text(value, None, None, locale, die)
    drawn = key.endswith(".class_drawn") and isinstance(params.get("card"), int)
    if drawn:
        shown["card"] = t("class_card", locale, number=params["card"])
        if isinstance(params.get("drawn"), list) and len(params["drawn"]) > 1:
            shown["drawn"] = redrawn_words(params["drawn"], locale)
    line = t(key, locale, **shown)
    sides = class_sides(params["card"], locale) if drawn else ""
    if sides:
        return t("rollplayer.class_drawn_powers", locale, line=line, powers=sides)
    if key.endswith(".dealt"):
        wants = dealt_details(params.get("backstory"), params.get("alignment"), locale)
        return t("rollplayer.dealt_details", locale, line=line, details=wants) if wants else line
    return line


def redrawn_words(colours: list[str], locale: str) -> str:
    """The dice drawn for a class card, each one drawn again with why ("Red (already taken), then White"): "drew
    Red, White: class card 1" read as two dice drawn for a white card. The rules draw again for a gold die (no class
    card) and for a colour whose card another player has (``flow.draw_class_card``): any die before the last."""
    def again(colour: str) -> str:
        if colour == "gold":
            return t("rollplayer.class_redraw_gold", locale, colour=colour_name(colour, locale))
        return t("rollplayer.class_redraw_taken", locale, colour=colour_name(colour, locale))
    earlier = [again(colour) for colour in colours[:-1]]
    return t("rollplayer.class_redraw_then", locale, earlier=listed(earlier, locale),
             last=colour_name(colours[-1], locale))


def dealt_details(backstory: Any, alignment: Any, locale: str) -> str:
    """What a dealt backstory asks for (a colour in one slot of each row) and where the alignment card pays
    most and least, before the starting dice are placed."""
    cells = (names.backstories().get(backstory) or {}).get("cells") if isinstance(backstory, str) else None
    grid = (names.alignments().get(alignment) or {}).get("grid") if isinstance(alignment, str) else None
    if not cells or not grid:
        return ""
    wants = listed((t("rollplayer.detail.cell", locale, attr=attr_name(a, locale), slot=cells[a]["position"],
                        colour=colour_name(cells[a]["colour"], locale)) for a in ATTRS if a in cells), locale)
    spots = [(value, moral, ethic) for moral, row in grid.items() for ethic, value in row.items()]
    high, low = max(v for v, _, _ in spots), min(v for v, _, _ in spots)

    def where(value: int) -> str:
        named = (align_spot(m, e, locale) for v, m, e in spots if v == value)
        return t("rollplayer.detail.align_or", locale).join(named)
    return t("rollplayer.detail.dealt", locale, cells=wants, best=where(high), high=f"{high:+d}",
             worst=where(low), low=f"{low:+d}")


def class_sides(card: int, locale: str) -> str:
    """The two classes of a drawn class card with their powers, so the choice that follows is an informed
    one ("Cleric (Charitable): Whenever …; Paladin (…): …")."""
    return " ".join(t("rollplayer.class_power", locale, class_name=names.class_name(cid, locale),
                       power=names.power_name(cid, locale), text=names.power_text(cid, locale))
                     for cid, record in names.classes().items() if record.get("card") == card)


def is_anytime(move: dict) -> bool:
    """Discarding a weapon and any-time skills (the presentation's ``is_anytime``; the chains leave them out).
    Declining an any-time skill's effect (the card is turned and its arrow followed) goes with its uses behind
    "My moves": on the public message, a lone "Don't use X" answered an offer nobody saw there."""
    if move.get("type") == "discard_weapon":
        return True
    if move.get("type") != "skill":
        return False
    card = move.get("copy") or move.get("card")
    return isinstance(card, str) and card in names.cards() and names.is_any_time(card)


def anytime_skills(legal: list[dict], locale: str) -> str:
    """The Skills among ``legal`` a player may use at any time, by name ("Acrobatics, Knowledge"), "" for none:
    what a player out of turn may still do (a Weapon's discard, always allowed, is not worth a word)."""
    cards = dict.fromkeys(m["card"] for m in legal if m.get("type") == "skill" and not m.get("decline")
                          and is_anytime(m) and isinstance(m.get("card"), str))
    return listed((card_text(card, locale) for card in cards), locale)


def move_key(move: dict) -> str:
    kind = move.get("type", "unknown")
    if kind == "action":
        return f"move.action.{move.get('action')}"
    if kind == "skill" and move.get("decline"):
        return "move.skill_decline"
    if kind == "take_gold":
        return "move.take_gold_card" if "card" in move else "move.take_gold"
    if kind == "second_swap" and move.get("skip"):
        return "move.second_swap_skip"
    if kind == "open_lock":
        return "move.open_lock_buy" if move.get("buy") else "move.open_lock_leave"
    if kind == "refresh" and not move.get("cards"):
        return "move.refresh_none"
    if kind == "power" and move.get("power") == "attuned":
        return "move.attuned_none" if move.get("card") is None else "move.attuned_card"
    return f"move.{kind}"


#: Move fields already spelled out by the main label; the rest are appended as "field: value".
MAIN_FIELDS = {"type", "seat", "action", "decline", "skip", "buy"}


ELLIPSIS = "…"


def move_label(game: Any, seat: int, move: dict, locale: str, limit: int = 100,
               open_fields: frozenset[str] | set[str] = frozenset()) -> str:
    """``open_fields`` are still to be chosen (a narrowing menu's group): they read as "…"."""
    params = {k: v for k, v in move.items() if k != "seat"}
    shown = {name: ELLIPSIS if name in open_fields else value_text(name, value, game, seat, locale)
             for name, value in params.items()}
    if move.get("type") == "take" and isinstance(move.get("card"), int) and "card" not in open_fields:
        shown["die"] = _initiative_die(game, move["card"], locale)
    elif move.get("type") == "take":
        shown["die"] = ELLIPSIS
    label = t(move_key(move), locale, **shown)
    if move.get("type") == "skill" and not move.get("decline"):
        extras = [t("move.target", locale, field=t(f"field.{k}", locale), value=shown[k]) for k in params
                  if k not in MAIN_FIELDS and k != "card" and (k != "tokens" or k in open_fields)]
        if extras:         # "Use X: die …, to …"; French writes " : " (the separators are the catalog's)
            label = t("move.with_targets", locale, label=label, targets=listed(extras, locale))
    # Charisma tokens read as on a purchase (Move Silently buys too): "(with 1 Charisma)", nothing for none
    if move.get("type") in ("buy", "skill") and move.get("tokens") and "tokens" not in open_fields:
        label = t("move.with_tokens", locale, label=label, tokens=move["tokens"])
    if move.get("follow_arrow") is False and move.get("type") in ("buy", "open_lock"):
        label = t("move.no_arrow_suffix", locale, label=label)
    if move.get("type") == "keep" and "keep" not in open_fields:
        value = _rerolled_value(game, move.get("keep"))
        if value is not None:           # "Keep the new value (3)": a tour could not tell which was which
            label = t("move.keep_value", locale, label=label, value=value)
    return label if len(label) <= limit else label[: limit - 1] + "…"


def log_label(game: Any, seat: int, move: dict, locale: str) -> str:
    """A played move as the log words it: a die placed from an Initiative card names the die ("blue 3 to STR", as
    a starting die's placement reads), which the menu's "Place in STR" leaves to the question above it; the log's
    line under it then need not say "Alice placed blue 3 in STR" again. Every other move reads as its label."""
    if move.get("type") == "place" and move.get("attr") in ATTRS:
        player = game.state.players[seat] if 0 <= seat < len(game.state.players) else None
        die = _initiative_die(game, player.initiative, locale) if player and player.initiative else ""
        if die:
            return t("move.place_start", locale, die=die, attr=value_text("attr", move["attr"], game, seat, locale))
    return move_label(game, seat, move, locale)


def _rerolled_value(game: Any, keep: Any) -> int | None:
    """The value a ``keep`` move keeps (an Intelligence reroll's or the Sorcerer's Mysterious: the rules' open
    question holds the old and the new value), None outside such a question."""
    sub = getattr(getattr(game, "state", None), "sub", None)
    if isinstance(sub, dict) and sub.get("kind") in ("int_keep", "mysterious_keep") and keep in ("new", "old"):
        return sub.get(keep)
    return None


def _initiative_die(game: Any, number: int, locale: str) -> str:
    for card in getattr(game.state, "initiative", []) or []:
        if getattr(card, "number", None) == number and getattr(card, "die", None):
            coin = t("initiative_coin", locale) if getattr(card, "coin", 0) else ""
            return die_text(card.die, locale) + coin
    return ""


def group_label(field: str, members: list[dict], game: Any, seat: int, locale: str, limit: int = 100) -> str:
    """A narrowing option: what the moves of the group share, with the parts still to choose as "…"
    ("blue 6 → …", "Buy Longsword …", "DEX: swap STR 1 (blue 6) ↔ …")."""
    rep = members[0]
    if field == "type":
        text = t("group.more", locale, label=t(f"movetype.{rep.get('type')}", locale))
    elif field == "action":
        text = t("group.more", locale, label=t(f"movetype.action.{rep.get('action')}", locale))
    else:
        varying = {name for name in rep if any(m.get(name) != rep.get(name) for m in members)}
        varying |= {name for m in members for name in m if name not in rep}
        text = move_label(game, seat, rep, locale, limit=1000, open_fields=varying)
        if ELLIPSIS not in text:
            text = t("group.more", locale, label=text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def token(value: Any, name: str = "") -> str:
    """The short, stable text of a move value, used as a typed option's value ("blue-6", "str-2", "+1")."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}" if name == "delta" else str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and isinstance(value[1], int) and not isinstance(value[1], bool):
            if value[0] in COLOURS:
                return f"{value[0]}-{value[1]}"
            if value[0] in ATTRS:
                return f"{value[0]}-{value[1] + 1}"
        return ",".join(token(v, name) for v in value)
    return str(value)


#: at most this many goals are named in a hint (the most telling first)
HINT_GOALS = 3


def goal_words(low: int, high: int | None, locale: str) -> str:
    """A class's attribute goal in words, as hints and alt text say it: "14 to 15", "18 or more", "exactly 16" (the
    pictures print "14–15" and "18+", whose en dash a screen reader named)."""
    if high is None:
        return t("rollplayer.hint.goal.at_least", locale, min=low)
    if high == low:
        return t("rollplayer.hint.goal.exact", locale, min=low)
    return t("rollplayer.hint.goal.range", locale, min=low, max=high)


def goal_text(goal: dict, locale: str) -> str:
    """One goal a hinted move serves (``bot.games.rollplayer.teach.served``), in words."""
    kind = goal.get("goal")
    if kind == "backstory":
        return t("rollplayer.hint.goal.backstory", locale, attr=attr_name(goal["attr"], locale), slot=goal["slot"],
                 colour=colour_name(goal["colour"], locale))
    if kind == "class_row":
        wanted = goal_words(goal["min"], goal.get("max"), locale)
        key = "rollplayer.hint.goal.class_row_met" if goal.get("met") else "rollplayer.hint.goal.class_row"
        return t(key, locale, class_name=_named("class_id", goal.get("class_id"), locale),
                 attr=attr_name(goal["attr"], locale), goal=wanted, total=goal["total"], stars=goal["stars"])
    if kind == "class_colour":
        return t("rollplayer.hint.goal.class_colour", locale, colour=colour_name(goal["colour"], locale),
                 class_name=_named("class_id", goal.get("class_id"), locale))
    if kind == "alignment":
        # the words of the dealt card's line, not the picture's abbreviations ("Rechtsch. Neutral" in a sentence)
        spot = align_spot(goal["moral"], goal["ethic"], locale)
        return t("rollplayer.hint.goal.alignment", locale, spot=spot, stars=goal["stars"])
    return ""


#: a hint's reason (``bot.games.rollplayer.teach.reasons``) -> its catalog key, where one key says it
REASON_KEYS = {"coin": N_("rollplayer.hint.why.coin"), "order": N_("rollplayer.hint.why.order"),
               "skill": N_("rollplayer.hint.why.skill"), "tokens": N_("rollplayer.hint.why.tokens"),
               "cha_token": N_("rollplayer.hint.why.cha_token"), "reroll": N_("rollplayer.hint.why.reroll")}
#: the solo adventurer die by how many of its six faces remove a Market card (Initiative 1, 2, 3)
ADVENTURER_KEYS = {0: N_("rollplayer.hint.why.adventurer_none"), 6: N_("rollplayer.hint.why.adventurer_always")}


def reason_text(reason: dict, locale: str) -> str:
    """One reason a hinted move helps, in a beginner's words (the Gold on a card, the adventurer die, an Armour
    set's pieces, a Trait's condition, a Weapon's rows, a token); "" for one this version cannot word."""
    why = reason.get("why")
    if why == "adventurer":
        key = ADVENTURER_KEYS.get(reason.get("faces"), N_("rollplayer.hint.why.adventurer_half"))
        return t(key, locale)
    if why == "armor":
        return t("rollplayer.hint.why.armor", locale, set=names.armor_set_name(reason["set"], locale),
                 have=reason["have"], pieces=reason["pieces"], stars=reason["stars"])
    if why == "trait":
        key = "rollplayer.hint.why.trait_met" if reason.get("met") else "rollplayer.hint.why.trait_open"
        return t(key, locale, card=card_text(reason["card"], locale), stars=reason["stars"])
    if why == "weapon":
        if not reason.get("attrs"):
            return t("rollplayer.hint.why.weapon_any", locale)
        return t("rollplayer.hint.why.weapon", locale,
                 attrs=listed((attr_name(a, locale) for a in reason["attrs"]), locale))
    key = REASON_KEYS.get(why)
    if key is None:
        return ""
    shown = {k: attr_name(v, locale) if k == "attr" else v for k, v in reason.items() if k != "why"}
    return t(key, locale, **shown)


def same_purchase(move: Any, other: Any) -> bool:
    """``other`` buys the very card ``move`` buys, only paying otherwise (without the Charisma tokens, or with
    another number of them): "X (using 1 Charisma) beats X" compared a card with itself; the gain is the tokens'."""
    return (isinstance(move, dict) and isinstance(other, dict) and move.get("type") == other.get("type") == "buy"
            and move.get("card") == other.get("card"))


def hint_text(game: Any, seat: int, advice: dict, locale: str) -> str:
    """A hint's "why": the AI's reason (by how much it beats the next best move, which it names), what the move gives
    in a beginner's words (``reason_text``), the goals of the sheet it serves and the final score the AI projects
    after it, each unit the printed reputation."""
    params = dict(advice.get("params") or {})
    goals = [g for g in params.pop("goals", None) or [] if isinstance(g, dict)]
    reasons = [r for r in params.pop("reasons", None) or [] if isinstance(r, dict)]
    projected = params.pop("projected", None)
    params.pop("then", None)                    # the row of a taken card: named in the move (``hint_label``)
    other = params.pop("other", None)           # the next best move the AI weighed, named as a menu names it
    key = advice.get("key")
    if key == "rollplayer.ai.hint.buy" and same_purchase(advice.get("move"), other):
        spent = ((advice.get("move") or {}).get("tokens") or 0) > (other.get("tokens") or 0)
        key = "rollplayer.ai.hint.buy_tokens" if spent else "rollplayer.ai.hint.buy_keep_tokens"
    shown = display_params(game, params, locale)
    if isinstance(other, dict):
        shown["other"] = move_label(game, seat, other, locale)
    if key in ("rollplayer.ai.hint.buy_tokens", "rollplayer.ai.hint.buy_keep_tokens"):
        shown["tokens"] = (advice.get("move") or {}).get("tokens") or 0
    parts = [t(key, locale, **shown)] if key else []
    said = [text for text in (reason_text(r, locale) for r in reasons) if text]
    if said:
        parts.append(t("rollplayer.hint.because", locale, reasons=t("rollplayer.hint.goal.join", locale).join(said)))
    named = [text for text in (goal_text(g, locale) for g in goals[:HINT_GOALS]) if text]
    if named:
        parts.append(t("rollplayer.hint.serves", locale, goals=t("rollplayer.hint.goal.join", locale).join(named)))
    if isinstance(projected, int):
        parts.append(t("rollplayer.hint.projected", locale, stars=projected))
    return " ".join(parts)
