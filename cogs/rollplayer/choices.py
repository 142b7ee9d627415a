"""What a choice means and which choices go together: the details under setup options and the menu chains.

* ``option_detail``: one line under a menu option (Discord's option description, 100 characters) saying
  what is being chosen — a race's modifiers, a class's colour, power and goals, and for a die's row the
  class goal, the race modifier and the backstory cell of that row.
* ``move_chains``: menu options that stand for several rule moves (``cogs.menus.Chain``): taking an
  initiative card together with the row for its die (when nothing but placing can follow the take), a
  suggested arrangement of all starting dice, which the player may accept in one click or ignore, and a
  weapon the hands keep out (at the Market, through Move Silently, in Open Lock's look) bought after discarding the
  Weapons it needs room from.
* ``pressing_discards``: the Weapon discards such a purchase waits on, which the main menu then shows.
"""
from __future__ import annotations

from typing import Any

from bot.games.rollplayer import engine
from bot.games.rollplayer.content import ARROWS, CARD_EFFECT
from bot.games.rollplayer.market import freeing_discards, purchase_of, purchase_price
from bot.games.rollplayer.skills import skill_moves
from bot.i18n import N_, t
from cogs.menus import OPTION_TEXT_LIMIT, Chain, fit_option_text
from cogs.seam import HeldBack
from images.labels import label

from . import describe
from .describe import ATTRS, attr_name, colour_name, die_text, goal_words, listed

names = describe.names


def detail_line(parts: list[str], locale: str) -> str:
    """The parts of a detail line with the catalog's separator (" · ")."""
    return t("rollplayer.detail.sep", locale).join(parts)


def goal_text(goal: dict | None, locale: str) -> str:
    """A class goal in words, as hints and alt text say it (``describe.goal_words``: "14 to 15", "18 or more"; the
    select read "14–15", "14 en dash 15" to a screen reader), an exact goal as its number alone ("18"), the way a
    list of goals reads it; "-" when the class has none."""
    if not goal:
        return "-"
    low, high = goal.get("min"), goal.get("max")
    return str(low) if low == high else goal_words(low, high, locale)


def race_detail(race: str, locale: str) -> str:
    record = names.races().get(race) or {}
    mods = [(a, v) for a, v in (record.get("modifiers") or {}).items() if v]
    if not mods:
        return t("rollplayer.detail.race_plain", locale)
    return t("rollplayer.detail.race", locale,
             modifiers=listed((f"{attr_name(a, locale)} {v:+d}" for a, v in mods), locale))


def class_detail(class_id: str, locale: str) -> str:
    """A class option's description: its colour, its power's name and its six goals in words (``goal_text``), within
    a select option's 100 characters. The goals are what the player compares with their dice, so they are always
    there whole; the power's name goes where the three do not fit (the German Druid's ran to 107 characters once
    the goals were in words, and a cut would have lost the last goals)."""
    record = names.classes().get(class_id) or {}
    goals = record.get("goals") or {}
    colour = colour_name(record.get("colour", "?"), locale)
    wanted = listed((f"{attr_name(a, locale)} {goal_text(goals.get(a), locale)}" for a in ATTRS), locale)
    whole = t("rollplayer.detail.class", locale, colour=colour, power=names.power_name(class_id, locale), goals=wanted)
    if len(whole) <= OPTION_TEXT_LIMIT:
        return whole
    return t("rollplayer.detail.class_short", locale, colour=colour, goals=wanted)


def row_detail(state: Any, seat: int, attr: str, locale: str) -> str | None:
    """The row a die would go to: its class goal and race modifier, the backstory's cell, the dice in it."""
    try:
        player = state.players[seat]
    except (AttributeError, IndexError, TypeError):
        return None
    goal = (names.classes().get(player.class_id) or {}).get("goals", {}).get(attr)
    modifier = ((names.races().get(player.race) or {}).get("modifiers") or {}).get(attr, 0)
    cell = ((names.backstories().get(player.backstory) or {}).get("cells") or {}).get(attr)
    dice = listed((die_text(d, locale) for d in player.rows.get(attr, ())), locale) or t("value.none", locale)
    parts = [t("rollplayer.detail.goal", locale, goal=goal_text(goal, locale))]
    if modifier:
        parts.append(t("rollplayer.detail.race_modifier", locale, modifier=f"{modifier:+d}"))
    if cell:
        parts.append(t("rollplayer.detail.backstory_cell", locale, colour=colour_name(cell["colour"], locale),
                       slot=cell["position"]))
    parts.append(t("rollplayer.detail.row_dice", locale, dice=dice))
    return detail_line(parts, locale)


def card_kind(card: str, locale: str) -> str:
    """A card's type as its tile prints it, a Weapon with the hands it takes ("Weapon, two-handed"): the hands
    decide whether it can be held at all."""
    record = names.cards()[card]
    if record["type"] != "weapon":
        return t(f"img.type.{record['type']}", locale)
    if (record.get("hands") or 1) >= 2:
        return t("rollplayer.detail.weapon_two_handed", locale)
    return t("rollplayer.detail.weapon_one_handed", locale)


def card_arrow(card: str, locale: str) -> str:
    """Where buying or using ``card`` moves the alignment token, in the rulebook's words ("toward Good"), as its
    tile prints it; "" for a card without an arrow."""
    arrow = names.cards()[card].get("arrow")
    return label(f"img.arrow.{arrow}", locale) if arrow in ARROWS else ""


def card_terms(card: str, price: int, locale: str) -> tuple[list[str], str]:
    """What buying ``card`` for ``price`` Gold means: the price (the printed cost beside it when a discount or
    token lowers it), the card's type (``card_kind``) and its arrow (a Trait moves the token when bought), then
    its text. A purchase option's detail and Open Lock's private note."""
    record = names.cards()[card]
    if price == record["cost"]:
        pays = t("rollplayer.detail.price", locale, price=price)
    else:
        pays = t("rollplayer.detail.price_reduced", locale, price=price, cost=record["cost"])
    head = [pays, card_kind(card, locale), card_arrow(card, locale)]
    return [part for part in head if part], names.card_text(card, locale)


def purchase_detail(state: Any, move: dict, locale: str) -> str | None:
    """What a purchase costs and brings (``card_terms``: the rules' own price, after every discount and the
    Charisma tokens of this option), within a select option's description: the price, the type and the arrow
    always (a tour read French weapons without "Arme", which a long text pushed out; a blind player could not
    tell where a Trait would move the token), the text cut on a word with "…" (the live picture's alt text
    tells it whole in the Market phase)."""
    bought = purchase_of(state, move) if state is not None else None
    if bought is None:
        return None
    head, text = card_terms(*bought, locale)
    head = detail_line([*head, ""], locale)               # ends with the separator the text follows
    return head + fit_option_text(text, OPTION_TEXT_LIMIT - len(head), separators=(" ",))


#: the Market decisions at which the turn's player may buy: the first purchase (or 2 Gold), and another one
MARKET_DECISIONS = ("market", "market_more")


def market_buyer(state: Any, seat: int) -> Any:
    """The seat's player while they choose their Market purchase (or 2 Gold), else None."""
    try:
        due = any(d.get("seat") == seat and d.get("decision") in MARKET_DECISIONS for d in engine.pending(state))
        return state.players[seat] if due else None
    except (AttributeError, IndexError, KeyError, TypeError):
        return None


def revealed_to(state: Any, seat: int) -> str | None:
    """The card Open Lock turned up for ``seat``, while they decide whether to buy it; else None."""
    sub = getattr(state, "sub", None)
    if isinstance(sub, dict) and sub.get("kind") == "open_lock" and sub.get("seat") == seat \
            and isinstance(sub.get("card"), str) and sub["card"] in names.cards():
        return sub["card"]
    return None


def buys_from_discard(move: dict) -> bool:
    """Whether a skill move is one that buys from the discard pile (Move Silently, also copied by Diplomacy)."""
    effect = CARD_EFFECT.get(move.get("copy") or move.get("card")) or {}
    return move.get("type") == "skill" and effect.get("kind") == "alternate_purchase" \
        and effect.get("source") == "discard_pile"


def gainable(state: Any, seat: int) -> list[tuple[str, bool]]:
    """The cards the seat may buy now, each with whether discounts apply (the rulebook: the Market and Move
    Silently take them, Open Lock pays the printed cost): Open Lock's revealed card while they look at it; at
    their Market decision the Market's cards, and the discard pile's while Move Silently (or Diplomacy copying
    it) may be used in this Market turn."""
    revealed = revealed_to(state, seat)
    if revealed is not None:
        return [(revealed, False)]
    if market_buyer(state, seat) is None:
        return []
    cards = [(card, True) for card in dict.fromkeys(state.market)]
    if any(buys_from_discard(m) for m in skill_moves(state, seat, frozenset(("market_turn",)))):
        cards += [(card, True) for card in dict.fromkeys(state.discard)]
    return [(card, discounts) for card, discounts in cards if card in names.cards()]


def waiting_purchases(state: Any, seat: int) -> dict[str, list[tuple[str, ...]]]:
    """Each card only the hands keep the seat from buying now (``gainable``: the Market's, the discard pile's
    through Move Silently, Open Lock's revealed card), with the sets of Weapons whose discard makes room for it
    (``freeing_discards``)."""
    try:
        player = state.players[seat]
        found = gainable(state, seat)
    except (AttributeError, IndexError, KeyError, TypeError):
        return {}
    waiting: dict[str, list[tuple[str, ...]]] = {}
    for card, discounts in found:
        sets = freeing_discards(player, card, discounts)
        if sets and card not in waiting:
            waiting[card] = sets
    return waiting


def pressing_discards(game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
    """The Weapon discards a purchase waits on (the presentation's ``pressing_moves``): any-time moves, but the way
    to the weapon the player came to buy (at the Market, through Move Silently or Open Lock), so the main menu
    shows them (they were behind "More…", and the menu's only word on the weapon was a note under "Discard it,
    take 2 gold"; Move Silently and Open Lock said nothing at all)."""
    waiting = waiting_purchases(getattr(game, "state", None), seat)
    freeing = {weapon for sets in waiting.values() for chosen in sets for weapon in chosen}
    return frozenset(i for i, m in enumerate(legal) if m.get("type") == "discard_weapon" and m.get("card") in freeing)


def discard_detail(state: Any, seat: int, move: dict, locale: str) -> str | None:
    """A Weapon discard a purchase waits on: which weapon it makes room for. Open Lock's card is "the revealed
    card" (a menu can be public: only its buyer is told its name, with the decision)."""
    waiting = waiting_purchases(state, seat)
    cards = [card for card, sets in waiting.items() if any(move.get("card") in chosen for chosen in sets)]
    if not cards:
        return None
    if revealed_to(state, seat) is not None:
        return t("rollplayer.detail.frees_hands_revealed", locale)
    return t("rollplayer.detail.frees_hands", locale, cards=listed((names.card_name(c, locale) for c in cards), locale))


def revealed_card(game: Any, seat: int, locale: str) -> str:
    """The card Open Lock turned up for ``seat`` (the deck's top, which only its buyer sees: the rules keep it in
    ``state.sub``) with what buying it costs (its printed cost: Open Lock takes no discount), its type and
    text; "" when no card is turned up for that seat. Told privately with the decision (``private_note``):
    without it the buyer chose blind."""
    state = getattr(game, "state", None)
    sub = getattr(state, "sub", None)
    if not isinstance(sub, dict) or sub.get("kind") != "open_lock" or sub.get("seat") != seat:
        return ""
    card = sub.get("card")
    if not isinstance(card, str) or card not in names.cards():
        return ""
    head, text = card_terms(card, purchase_price(state.players[seat], card, {}, discounts=False), locale)
    detail = detail_line([*head, text.rstrip(".")], locale)          # the decision's sentence ends it
    return t("rollplayer.open_lock.revealed", locale, card=names.card_name(card, locale), detail=detail)


def option_detail(game: Any, seat: int, move: dict, locale: str) -> str | None:
    kind = move.get("type")
    state = getattr(game, "state", None)
    if kind == "race" and isinstance(move.get("race"), str):
        return race_detail(move["race"], locale)
    if kind == "class" and isinstance(move.get("class"), str):
        return class_detail(move["class"], locale)
    if kind == "place_start" and move.get("attr") in ATTRS:
        return row_detail(state, seat, move["attr"], locale)
    if kind in ("buy", "skill"):
        return purchase_detail(state, move, locale)
    if kind == "discard_weapon":
        return discard_detail(state, seat, move, locale)
    return None


def idle_swaps(game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
    """The swaps of two identical dice (same colour and value: the DEX action, a Rogue's second swap,
    Acrobatics) among ``legal``: legal by the rulebook ("swap two dice") but they change nothing and would
    spend the action, so the menus leave them out (the rules' list is left whole: the AI and seeded games rely
    on it). Kept when every swap of their kind is idle, so the action itself is still offered."""
    state = getattr(game, "state", None)
    if state is None:
        return frozenset()
    idle: dict[tuple, list[int]] = {}
    real: set[tuple] = set()
    for index, move in enumerate(legal):
        a, b = move.get("a"), move.get("b")
        if not (describe.is_pair(a, ATTRS) and describe.is_pair(b, ATTRS)):
            continue
        family = (move.get("type"), move.get("action"), move.get("card"), move.get("copy"))
        try:
            rows = state.players[move.get("seat", seat)].rows
            same = tuple(rows[a[0]][a[1]]) == tuple(rows[b[0]][b[1]])
        except (AttributeError, IndexError, KeyError, TypeError):
            continue
        if same:
            idle.setdefault(family, []).append(index)
        else:
            real.add(family)
    return frozenset(i for family, indexes in idle.items() if family in real for i in indexes)


# ---------------------------------------------------------------- chains

def _main(legal: list[dict]) -> list[dict]:
    """The moves of the decision at hand (any-time skills and weapon discards left out)."""
    return [m for m in legal if not describe.is_anytime(m)]


def take_and_place(game: Any, seat: int, legal: list[dict], locale: str) -> list[Chain]:
    """Each initiative card with each row for its die, when after taking it nothing but a row is asked (a
    Sorcerer's reroll or a skill of that moment keeps the take on its own)."""
    from bot.games.rollplayer.kind import KIND
    chains = []
    for index, move in enumerate(legal):
        if move.get("type") != "take":
            continue
        try:
            after, _ = KIND.apply(game.state, seat, move)
        except Exception:                       # noqa: BLE001 - a move the rules refuse is simply not chained
            return []
        follow = _main(KIND.legal_moves(after, seat))
        if not follow or any(m.get("type") != "place" for m in follow):
            return []
        card = describe.move_label(game, seat, move, locale)
        for place in follow:
            label = t("rollplayer.chain.take_place", locale, take=card, attr=attr_name(place["attr"], locale))
            chains.append(Chain(index, (place,), label[:100], row_detail(after, seat, place["attr"], locale)))
    return chains


def hint_label(game: Any, seat: int, advice: dict, locale: str) -> str:
    """The hinted move as the menu offers it: an Initiative card with the row the AI would place its die in
    (``teach``'s ``then``), the very option of ``take_and_place``; any other move, or a take the menu offers alone,
    by its own label. The hint named the card alone ("Take Initiative 3: black 6") while the menu offered only
    "…, place in WIS" and the like, and the row, which counts most, was left to a guess."""
    move, then = advice["move"], (advice.get("params") or {}).get("then")
    if move.get("type") == "take" and isinstance(then, dict):
        for chain in take_and_place(game, seat, [move], locale):
            if chain.then and chain.then[0].get("attr") == then.get("attr"):
                return chain.label
    return describe.move_label(game, seat, move, locale)


def suggested_start(game: Any, seat: int, legal: list[dict], locale: str) -> list[Chain]:
    """One arrangement of every starting die (highest first, each on the row the AI's evaluation likes best
    at that point), offered beside the single placements. A quick rule, not the hint's search: its label says
    "quick arrangement" (it said "suggested", and the hint suggested other rows)."""
    from bot.games.rollplayer.ai.evaluate import evaluate
    from bot.games.rollplayer.phases import place_start_die

    state = game.state
    player = state.players[seat]
    dice = sorted(player.start_dice, key=lambda d: -d[1])
    if len(dice) < 2 or not legal or any(m.get("type") != "place_start" for m in legal):
        return []
    work = state.clone()
    moves = []
    for die in dice:
        options = [m for m in engine.legal(work, seat) if m.get("type") == "place_start"
                   and tuple(m["die"]) == tuple(die)]
        if not options:
            return []
        sheet = work.players[seat]
        best, best_value = None, None
        for move in options:                # each row tried on a copy of the sheet alone, not of the game
            trial = work.players[seat] = sheet.clone()
            place_start_die(trial, (move["die"][0], move["die"][1]), move["attr"], [])
            value = evaluate(work, seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = move, value
        work.players[seat] = sheet
        engine.play(work, best)
        moves.append(best)
    first = next((i for i, m in enumerate(legal) if m == moves[0]), None)
    if first is None:
        return []
    plan = listed((t("rollplayer.chain.plan_step", locale, die=die_text(m["die"], locale),
                     attr=attr_name(m["attr"], locale)) for m in moves), locale)
    label = t("rollplayer.chain.suggested", locale)
    # cut after a whole placement, "…" saying more follow (a raw cut ended on a dangling ", " and hid the last dice)
    return [Chain(first, tuple(moves[1:]), label[:100], fit_option_text(plan), keep_first=True)]


def gained_card(state: Any, move: dict) -> str | None:
    """The card a legal move buys: a Market purchase's, Move Silently's (``purchase_of``), Open Lock's revealed
    one; None for any other move."""
    if move.get("type") == "open_lock" and move.get("buy"):
        return revealed_to(state, move.get("seat"))
    bought = purchase_of(state, move)
    return bought[0] if bought is not None else None


#: a purchase the hands keep out: the card, the Weapons to discard, their discards, the purchase, the state after them
Freed = tuple[str, tuple[str, ...], list[dict], dict, Any]


def freed_purchases(game: Any, seat: int, legal: list[dict]) -> list[Freed]:
    """Each weapon the hands keep out (``waiting_purchases``: at the Market, through Move Silently, in Open Lock's
    look), with each set of Weapons whose discard makes room for it and each way to buy it then: (card, the Weapons,
    their discards in ``legal``, the purchase as it is legal after them, the state after them). One rule for the
    menus' "discard these first" options (``discard_then_buy``) and the typed commands' refusal that says so
    (``held_back``)."""
    from bot.games.rollplayer.kind import KIND
    state = game.state
    where = {m.get("card"): i for i, m in enumerate(legal) if m.get("type") == "discard_weapon"}
    found = []
    for card, sets in waiting_purchases(state, seat).items():
        for chosen in sets:
            if any(weapon not in where for weapon in chosen):
                continue
            discards = [legal[where[weapon]] for weapon in chosen]
            after = state
            try:
                for move in discards:
                    after, _ = KIND.apply(after, seat, move)
            except Exception:                   # noqa: BLE001 - a move the rules refuse is simply not chained
                continue
            found += [(card, chosen, discards, buy, after) for buy in KIND.legal_moves(after, seat)
                      if gained_card(after, buy) == card]
    return found


def discard_then_buy(game: Any, seat: int, legal: list[dict], locale: str) -> list[Chain]:
    """Each weapon the hands keep out, bought after discarding the Weapons that make room for it (``freed_purchases``:
    an option per set of Weapons and per way to buy it: Charisma tokens, Move Silently), beside the discards
    themselves: the purchase the player came for sits with the other purchases and says what it takes first (the
    menu had only a note under "Discard it, take 2 gold", and nothing at all for Move Silently and Open Lock)."""
    where = {m.get("card"): i for i, m in enumerate(legal) if m.get("type") == "discard_weapon"}
    chains = []
    for _, chosen, discards, buy, after in freed_purchases(game, seat, legal):
        weapons = listed((names.card_name(weapon, locale) for weapon in chosen), locale)
        label = t("rollplayer.chain.discard_buy", locale, buy=describe.move_label(game, seat, buy, locale),
                  weapons=weapons)
        detail = fit_option_text(purchase_detail(after, buy, locale) or "", separators=(" ",)) or None
        chains.append(Chain(where[chosen[0]], (*discards[1:], buy), fit_option_text(label), detail,
                            keep_first=True))
    return chains


def held_back(game: Any, seat: int, legal: list[dict], locale: str) -> list[HeldBack]:
    """The purchases the hands keep out (``freed_purchases``, what the menus offer as "discard these first"), each
    with the refusal a typed command naming it gets: the card and the Weapons to discard first, any one set of them
    ("Longsword or Blessed Mace"). A typed ``/rp market buy`` of such a weapon read "not a legal choice right now".
    Open Lock's card is "the revealed card", as in the menus."""
    found = freed_purchases(game, seat, legal)
    ways: dict[str, list[str]] = {}
    for card, chosen, *_ in found:
        way = listed((names.card_name(weapon, locale) for weapon in chosen), locale)
        if way not in ways.setdefault(card, []):
            ways[card].append(way)
    revealed = revealed_to(game.state, seat) if found else None
    return [HeldBack(buy, N_("rollplayer.refusal.hands_full"),
                     {"card": t("rollplayer.refusal.revealed_card", locale) if card == revealed
                      else names.card_name(card, locale),
                      "weapons": t("rollplayer.or_sep", locale).join(ways[card])})
            for card, _, _, buy, _ in found]


def move_chains(game: Any, seat: int, legal: list[dict], locale: str) -> list[Chain]:
    state = getattr(game, "state", None)
    if state is not None and revealed_to(state, seat) is not None:
        return discard_then_buy(game, seat, legal, locale)
    if state is None or state.sub is not None:
        return []
    if state.phase == "dice" and state.step == "choose":
        return take_and_place(game, seat, legal, locale)
    if state.phase == "setup_dice":
        return suggested_start(game, seat, legal, locale)
    if state.phase == "market":
        return discard_then_buy(game, seat, legal, locale)
    return []
