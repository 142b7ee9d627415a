"""What a dice poker picture shows, read from the rules state: ids and numbers, no words, no pixels.

The renderers draw a ``HandView`` / list of them; keeping the reading here means the layouts never touch
the state's field names.
"""
from __future__ import annotations

from dataclasses import dataclass

from bot.games.dicepoker import rules
from bot.games.dicepoker.content import SOLO_TABLES
from bot.games.dicepoker.hands import hand_name, used_mask


@dataclass(frozen=True)
class SideView:
    seat: int | None            # None: the local gamblers
    dice: tuple[int, ...]
    used: tuple[bool, ...]      # die counts in the hand (the rest are the unused dice of step b)
    rerolled: tuple[int, ...] | None
    hand: str
    active: bool
    due: bool                   # this side must choose its reroll now
    waits: bool                 # this side rerolls later in this hand
    gold: int | None            # purse of the seat (None for the gamblers)
    won: bool


@dataclass(frozen=True)
class HandView:
    mode: str
    number: int
    hands: int
    pot: int
    finished: bool
    sides: tuple[SideView, ...]
    winner_seat: int | None     # finished duel/local hand: winning seat (None: gamblers or solo)
    gamblers_won: bool
    decided_by: str | None
    payout: int | None          # solo: gross gold paid for this hand
    stake: int
    table: str | None
    pay: dict | None            # solo table hand -> gold
    score: tuple[int, int] | None   # duel: hands won by seat 0 and 1 so far
    previous: dict | None       # the last finished hand while a new one runs (history entry)


def hands_won(state: dict, upto: int | None = None) -> tuple[int, int]:
    """Hands won by seat 0 and seat 1 (of the first ``upto`` hands)."""
    seats = [rules.seat_of_side(state, e["winner"]) for e in state["history"][:upto] if e["winner"] is not None]
    return seats.count(0), seats.count(1)


def _side(state, side, dice, rerolled, active, due, waits, gold, won) -> SideView:
    return SideView(seat=rules.seat_of_side(state, side), dice=tuple(dice), used=tuple(used_mask(dice)),
                    rerolled=None if rerolled is None else tuple(rerolled), hand=hand_name(dice), active=active,
                    due=due, waits=waits, gold=gold, won=won)


def hand_view(state: dict, number: int | None = None) -> HandView:
    """The current hand (``number`` None while it runs), else finished hand ``number`` (1-based; the last
    one when the match is over)."""
    opts, mode = state["options"], state["mode"]
    history = state["history"]
    table = opts.get("table")
    common = dict(mode=mode, hands=opts["hands"], stake=rules.stake(opts), table=table,
                  pay=dict(SOLO_TABLES[table]["pay"]) if table else None)
    if number is None and state["phase"] != "over":
        acting = rules.acting_side(state)
        sides = []
        for i, s in enumerate(state["sides"]):
            seat = rules.seat_of_side(state, i)
            sides.append(_side(state, i, s["dice"], s["rerolled"], mode != "solo" and i == state["active"],
                               i == acting, s["rerolled"] is None and i != acting,
                               None if seat is None else state["purses"][seat], False))
        score = hands_won(state) if mode == "duel" else None
        return HandView(number=state["hand"], pot=state["pot"], finished=False, sides=tuple(sides),
                        winner_seat=None, gamblers_won=False, decided_by=None, payout=None, score=score,
                        previous=history[-1] if history else None, **common)
    if number is None:
        number = len(history)
    if not 1 <= number <= len(history):
        raise ValueError(f"no finished hand {number!r}")
    e = history[number - 1]
    sides = []
    for i, dice in enumerate(e["final"]):
        seat = rules.seat_of_side(state, i)
        sides.append(_side(state, i, dice, e["rerolled"][i], mode != "solo" and i == e["active"], False, False,
                           None if seat is None else e["purses"][seat], e["winner"] == i))
    win_seat = rules.seat_of_side(state, e["winner"]) if e["winner"] is not None else None
    return HandView(number=number, pot=e["pot"], finished=True, sides=tuple(sides), winner_seat=win_seat,
                    gamblers_won=mode == "local_gamblers" and e["winner"] == 1, decided_by=e["decided_by"],
                    payout=e["payout"] if mode == "solo" else None,
                    score=hands_won(state, number) if mode == "duel" else None, previous=None, **common)
