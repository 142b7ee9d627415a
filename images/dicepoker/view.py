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


def hand_view(state: dict, number: int | None = None) -> HandView:
    """The current hand (``number`` None while it runs), else finished hand ``number`` (1-based; the last
    one when the match is over). The running hand is read like a history entry, with nobody won yet."""
    opts, mode, history = state["options"], state["mode"], state["history"]
    running = number is None and state["phase"] != "over"
    acting = rules.acting_side(state) if running else None
    if running:
        number = state["hand"]
        e = {"final": [s["dice"] for s in state["sides"]], "rerolled": [s["rerolled"] for s in state["sides"]],
             "active": state["active"], "purses": state["purses"], "pot": state["pot"], "winner": None,
             "decided_by": None, "payout": None}
    else:
        number = len(history) if number is None else number
        if not 1 <= number <= len(history):
            raise ValueError(f"no finished hand {number!r}")
        e = history[number - 1]
    sides = []
    for i, dice in enumerate(e["final"]):
        seat, rerolled = rules.seat_of_side(state, i), e["rerolled"][i]
        sides.append(SideView(seat=seat, dice=tuple(dice), used=tuple(used_mask(dice)),
                              rerolled=None if rerolled is None else tuple(rerolled), hand=hand_name(dice),
                              active=mode != "solo" and i == e["active"], due=i == acting,
                              waits=running and rerolled is None and i != acting,
                              gold=None if seat is None else e["purses"][seat], won=e["winner"] == i))
    win, table = e["winner"], opts.get("table")
    return HandView(mode=mode, number=number, hands=opts["hands"], pot=e["pot"], finished=not running,
                    sides=tuple(sides), winner_seat=None if win is None else rules.seat_of_side(state, win),
                    gamblers_won=mode == "local_gamblers" and win == 1, decided_by=e["decided_by"],
                    payout=e["payout"] if mode == "solo" else None, stake=rules.stake(opts), table=table,
                    pay=dict(SOLO_TABLES[table]["pay"]) if table else None,
                    score=hands_won(state, None if running else number) if mode == "duel" else None,
                    previous=history[-1] if running and history else None)
