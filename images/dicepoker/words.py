"""Every word the dice poker pictures (and the shell's event lines) show, from the ``dicepoker`` catalog.

Rules events carry ids (hand ids, step ids, seats); this module turns them into text in a locale, so the
Discord layer and the pictures word things the same way.
"""
from __future__ import annotations

from fractions import Fraction

from babel.numbers import format_decimal

from images.draw import signed  # noqa: F401  (the match picture draws net gold with a typographic minus)
from images.labels import given_name, spoken_signed
from images.labels import label as say


def name_of(names, seat, locale: str) -> str:
    """A seat's display name; None is the local gamblers; a missing name becomes "Player N"."""
    if seat is None:
        return say("dicepoker.img.gamblers", locale)
    return given_name(names, seat) or say("dicepoker.img.player", locale, number=seat + 1)


def hand_text(hand: str, locale: str) -> str:
    """A hand's name as text says it, a straight's range in words and without brackets ("Small Straight from 1 to
    5": "1-5" was read "1 minus 5", and a bracket of its own made two in a row where a text adds one, "Small
    Straight (1 to 5) (paid 5 Gold)")."""
    return say(f"dicepoker.hand.{hand}", locale)


def drawn_hand_text(hand: str, locale: str) -> str:
    """A hand's name as a picture draws it: a straight keeps its short "(1-5)", which is read by eye, not aloud."""
    if hand == "small_straight":
        return say("dicepoker.img.hand.small_straight", locale)
    if hand == "big_straight":
        return say("dicepoker.img.hand.big_straight", locale)
    return hand_text(hand, locale)


def step_text(step: str, locale: str) -> str:
    return say(f"dicepoker.step.{step}", locale)


def reason_text(reason: str, locale: str) -> str:
    return say(f"dicepoker.reason.{reason}", locale)


def dice_text(dice) -> str:
    return " ".join(str(d) for d in dice)


def event_text(event: dict, locale: str = "en", names=None) -> str:
    """One line for a rules event: ids become words, seats become names."""
    params = dict(event.get("params") or {})
    shown: dict[str, str] = {k: str(v) for k, v in params.items()}
    if "seat" in params:
        shown["player"] = name_of(names, params["seat"], locale)
    for field in ("hand", "other_hand"):
        if isinstance(params.get(field), str):
            shown[field] = hand_text(params[field], locale)
    if isinstance(params.get("decided_by"), str):
        shown["decided_by"] = step_text(params["decided_by"], locale)
    if isinstance(params.get("reason"), str):
        shown["reason"] = reason_text(params["reason"], locale)
    if isinstance(params.get("dice"), list):
        shown["dice"] = dice_text(params["dice"])
    if isinstance(params.get("net"), int):
        shown["net"] = spoken_signed(params["net"])      # a message: an ASCII minus a reader says
    key = event.get("key", "dicepoker.name")
    if key == "dicepoker.event.paid_out" and params.get("gold") == 0:
        key = "dicepoker.event.paid_nothing"      # "is paid 0 Gold" read oddly
    return say(key, locale, **shown)


def move_label(move: dict, dice, locale: str = "en") -> str:
    """A button label for a reroll move: which dice stay (by value) and how many are rerolled."""
    keep = move.get("keep", [])
    if len(keep) == len(dice):
        return say("dicepoker.move.keep_all", locale)
    if not keep:
        return say("dicepoker.move.reroll_all", locale)
    return reroll_text(dice_text(dice[i] for i in keep), len(dice) - len(keep), locale)


def reroll_text(kept: str, count: int, locale: str) -> str:
    """"Keep 1 1 1, reroll 2 dice": how many dice are rerolled, said as a count of dice (a bare "reroll 2"
    read as the value 2)."""
    key = "dicepoker.move.reroll_one" if count == 1 else "dicepoker.move.reroll"
    return say(key, locale, kept=kept, count=count)


def hint_text(hint: dict, dice, locale: str = "en") -> str:
    """One line for ``ai.explain`` output: the suggested keep and its exact chance or expected payout."""
    kept = dice_text(dice[i] for i in hint["keep"]) or "—"
    if "win_chance" in hint:
        return say("dicepoker.hint.win_chance", locale, kept=kept, percent=f"{100 * hint['win_chance']:.1f} %")
    if "expected_payout" in hint:
        return say("dicepoker.hint.expected_payout", locale, kept=kept, gold=f"{hint['expected_payout']:.2f}")
    return reroll_text(kept, len(dice) - len(hint["keep"]), locale)


#: what a keep builds on (``ai.keep_shape``) that is no hand of its own
PLANS = ("none", "straight", "high")


def decimal(value, digits: int, locale: str) -> str:
    return format_decimal(value, "#,##0." + "0" * digits, locale=locale)


def percent_text(chance, locale: str) -> str:
    """An exact chance ("a/b") as a percentage with one decimal; never "0" or "100" unless it is certain."""
    value = 100 * Fraction(chance)
    if 0 < value < Fraction(1, 10):
        value = Fraction(1, 10)
    elif 100 > value > Fraction(999, 10):
        value = Fraction(999, 10)
    return say("dicepoker.hint.percent", locale, value=decimal(round(float(value), 1), 1, locale))


def plan_text(params: dict, locale: str) -> str:
    """What the suggested keep aims for: keep the hand, build on a pattern, go for a straight, start over."""
    kept = dice_text(params.get("kept") or [])
    shape = params.get("shape")
    if params.get("count") == 0:
        return say("dicepoker.hint.plan.keep_all", locale, hand=hand_text(params.get("hand"), locale))
    if shape in PLANS:
        return say(f"dicepoker.hint.plan.{shape}", locale, kept=kept)
    return say("dicepoker.hint.plan.build", locale, shape=hand_text(shape, locale), kept=kept)


def hint_why(key: str, params: dict, names, locale: str = "en") -> str:
    """The reason of a hint (``ai.hint``): its plan, then the exact chance against what the other side
    shows (or the solo table's expected payout)."""
    shown: dict[str, str] = {"plan": plan_text(params, locale)}
    if params.get("chance") is not None:
        shown["percent"] = percent_text(params["chance"], locale)
        shown["player"] = name_of(names, params.get("seat"), locale)
        shown["other_hand"] = hand_text(params.get("other_hand"), locale)
        shown["other_dice"] = dice_text(params.get("other_dice") or [])
    if params.get("gold") is not None:
        shown["gold"] = decimal(round(float(Fraction(params["gold"])), 2), 2, locale)
        shown["stake"] = str(params.get("stake"))
    return say(key, locale, **shown)
