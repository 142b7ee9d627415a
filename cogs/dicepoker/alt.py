"""Dice poker's pictures in words: the alt text of the hand and of the match, read as the pictures read the state.

The hand picture is drawn from ``images.dicepoker.view.hand_view`` and words its outcome with
``images.dicepoker.hand.footer_texts``; the alt text reads the same view and the same lines, so it says what
the picture shows: each side's five dice and the hand they make, the Gold in each purse, who won the hand and
the duel's score. The match picture's alt text says the result, each seat's Gold, hands won (or net) and best
hand, and the hands it lists. Screen readers read it aloud; Discord shows it on hover or tap and keeps 1,024
characters of it (``cogs.outbox.alt_within``). The players' names are cleaned as any text without Markdown
cleans them (``cogs.usertext.plain_names``: one line, no right-to-left override), the picture draws them as stored.
"""
from __future__ import annotations

from bot.games.dicepoker import rules
from bot.games.dicepoker.score import score
from bot.i18n import t
from cogs.usertext import plain_names
from images.dicepoker import words
from images.dicepoker.hand import footer_texts
from images.dicepoker.match import MAX_ROWS
from images.dicepoker.view import HandView, SideView, hand_view
from images.labels import spoken_signed


def sentences(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def listed(items, locale: str) -> str:
    return t("dicepoker.alt.list_sep", locale).join(items)


def side_words(side: SideView, locale: str, names) -> str:
    """"Ann, 12 Gold: 3 3 3 5 6, Three of a Kind." One side's panel."""
    player = words.name_of(names, side.seat, locale)
    dice, hand = words.dice_text(side.dice), words.hand_text(side.hand, locale)
    if side.gold is None:                      # the local gamblers have no purse
        return t("dicepoker.alt.side", locale, player=player, dice=dice, hand=hand)
    return t("dicepoker.alt.side_gold", locale, player=player, gold=side.gold, dice=dice, hand=hand)


def panel_order(v: HandView) -> list[int]:
    """The sides in the picture's order: the opponent (who rerolls first) above the active player."""
    if v.mode == "solo" or len(v.sides) < 2:
        return list(range(len(v.sides)))
    active = next((i for i, s in enumerate(v.sides) if s.active), 0)
    return [1 - active, active]


def hand_alt(state: dict, names, locale: str, hand: int | None = None) -> str:
    """The hand picture (``hand``: a finished hand's number, as ``render_hand`` takes it): which hand, the pot (a
    tavern night's stake), each side's dice and hand and Gold (a night's hand in play: what it pays now), then
    the lines under the panels (who won the hand, the duel's score, the hand before) and a night's payout
    table."""
    names = plain_names(names)
    v = hand_view(state, hand)
    if v.mode == "solo":
        head = t("dicepoker.alt.hand_solo", locale, hand=v.number, hands=v.hands, stake=v.stake)
    else:
        head = t("dicepoker.alt.hand", locale, hand=v.number, hands=v.hands, pot=v.pot)
    sides = [side_words(v.sides[i], locale, names) for i in panel_order(v)]
    notes = [t("dicepoker.alt.note", locale, note=line) for line in footer_texts(v, locale, names)]
    return sentences(head, *sides, *pay_words(v, locale), *notes, pay_table(v, locale))


def pay_words(v: HandView, locale: str) -> list[str]:
    """A tavern night's hand still being played: what it pays as it stands (once played, the line under the
    panels says what it paid)."""
    if v.mode != "solo" or not v.pay or v.finished:
        return []
    hand = v.sides[0].hand
    return [t("dicepoker.alt.pays_now", locale, hand=words.hand_text(hand, locale), gold=v.pay.get(hand, 0))]


def pay_table(v: HandView, locale: str) -> str:
    """A tavern night's payout table, as the picture's grid shows it under the panels: what each hand pays (a
    screen reader heard it only after a hand was played, or in ``/poker rules``)."""
    if v.mode != "solo" or not v.pay:
        return ""
    title = words.say("dicepoker.img.table", locale, table=words.say(f"dicepoker.img.table.{v.table}", locale))
    pays = listed((t("dicepoker.alt.pay", locale, hand=words.hand_text(hand, locale), gold=gold)
                   for hand, gold in v.pay.items()), locale)
    return t("dicepoker.alt.pay_table", locale, table=title, pays=pays)


def match_alt(state: dict, names, locale: str) -> str:
    """The match picture: how the match ended (the winner and why, a draw, why a night ended), each seat's Gold
    with hands won (duel) or net, and best hand, and the hands it lists (the last twelve)."""
    names = plain_names(names)
    sc, mode, history = score(state), state["mode"], state["history"]
    result = state["result"] or rules.outcome(state)
    title = words.say("dicepoker.img.match_over" if mode == "duel" else "dicepoker.img.session_over", locale)
    head = t("dicepoker.alt.match", locale, title=title, mode=words.say(f"dicepoker.mode.{mode}", locale),
             played=sc["hands_played"], hands=sc["hands"])
    if mode == "duel":
        line = words.say("dicepoker.img.draw", locale) if result["winner"] is None else words.say(
            "dicepoker.img.winner", locale, player=words.name_of(names, result["winner"], locale),
            reason=words.reason_text(result["reason"], locale))
    else:
        line = end_words(result["reason"], sc["hands_played"], locale)
    seats = []
    for seat, seat_score in enumerate(sc["seats"]):
        player = words.name_of(names, seat, locale)
        if mode == "duel":
            seats.append(t("dicepoker.alt.seat_duel", locale, player=player, gold=seat_score["gold"],
                           count=seat_score["hands_won"]))
        else:
            seats.append(t("dicepoker.alt.seat_night", locale, player=player, gold=seat_score["gold"],
                           net=spoken_signed(seat_score["net"])))
        if seat_score["best_dice"]:
            seats.append(t("dicepoker.alt.best", locale, hand=words.hand_text(seat_score["best_hand"], locale),
                           dice=words.dice_text(seat_score["best_dice"])))
    shown = history[-MAX_ROWS:]
    rows = [t("dicepoker.alt.rows", locale, rows=listed((row_words(state, e, locale, names) for e in shown), locale))
            ] if shown else []
    if len(history) > len(shown):
        rows.append(t("dicepoker.alt.note", locale, note=words.say("dicepoker.img.more_hands", locale,
                                                                    count=len(history) - len(shown))))
    return sentences(head, t("dicepoker.alt.note", locale, note=line) if line else "", *seats, *rows)


def end_words(reason: str, played: int, locale: str) -> str:
    """Why a tavern night ended, as the picture's line says it; nothing when every hand was played, which the
    head's "10 of 10 hands played" already says (a screen reader heard it twice: "… 10 of 10 hands played. All
    10 hands played.")."""
    if reason == "hands_played":
        return ""
    return words.say(f"dicepoker.img.end.{reason}", locale, hands=played)


def row_words(state: dict, e: dict, locale: str, names) -> str:
    """One finished hand of the match's list: who won it with which hand against which, or a night's hand with
    its dice, as the picture's row draws them ("2 1 2 1 4 · Two Pairs"), and its payout."""
    if state["mode"] == "solo":
        return t("dicepoker.alt.row_solo", locale, number=e["hand"], dice=words.dice_text(e["final"][0]),
                 hand=words.hand_text(e["hands"][0], locale), gold=e["payout"])
    won = words.hand_text(e["hands"][e["winner"]], locale)
    lost = words.hand_text(e["hands"][1 - e["winner"]], locale)
    seat = rules.seat_of_side(state, e["winner"])
    if seat is None:                           # the local gamblers: a party, no player to honour by name
        return t("dicepoker.alt.row_gamblers", locale, number=e["hand"], won=won, lost=lost)
    return t("dicepoker.alt.row", locale, number=e["hand"], won=won, lost=lost,
             player=words.name_of(names, seat, locale))
