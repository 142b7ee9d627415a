"""The Roll Player game state: plain slotted classes, a JSON round-trip and a cheap clone.

Renderers, the engine and AI seats read these fields; their names are stable. Everything is plain data
(str / int / bool / None / list / dict / tuple), so ``dumps`` → ``loads`` → ``dumps`` gives identical JSON,
and replaying the same seed and moves rebuilds it exactly (all randomness comes from ``rng``).

A die is a tuple ``(colour, value)``: colour one of green blue red purple black white gold, value 1..6
(JSON: a two-item list).

``GameState`` (the table)
    version        int   schema version (1).
    seats          int   number of players, 1 (solo) .. 4. Seats are numbered 0..seats-1 clockwise.
    options        dict  variants / promos, every key always present:
                         even_start, souk, short_game, friendly_market, free_class (class chosen freely
                         instead of drawn), promo_sheets (Frogkin + Minotaur sheets),
                         cursed_ring (promo card).
    rng            int   the seeded generator's state (splitmix64, see ``rng.py``). Never edit by hand.
    moves          int   number of moves applied so far (a version counter for stale-button checks).
    round          int   0 during setup, then 1, 2, ...
    phase          str   "setup_race" → "setup_class" → "setup_dice" → per round "roll" (only while the
                         start player orders tied dice) → "dice" → "market_start" (only while the Druid
                         decides Attuned) → "market" → "cleanup" (only while players choose refreshes);
                         "finished" at the end.
    step           str|None  position inside the current turn: dice phase "choose" (take a card) →
                         "place" (place its die) → "action" (attribute action or decline) → "after_action"
                         (only when a Concentrate-like skill could follow); market phase "buy" (purchase,
                         discard for Gold, or with Charming a second purchase) → "after_discard" (only when
                         Pickpocket could follow). None outside turns.
    turn           int|None  seat whose turn it is (setup race/class choice, dice phase, market phase).
    first_player   int   winner of the setup roll.
    start_player   int   holder of the dice bag this round (passes left every cleanup).
    initiative     list[InitiativeCard]  the cards in play, ascending numbers (players + 1; solo 1..3).
    dice_order     list[int]  seats in Dice-Phase order this round (clockwise from start player).
    market_order   list[int]  seats in Market-Phase order (ascending initiative number taken).
                   These two lists are replaced, never changed in place: ``clone`` shares them.
    market_pos     int   index into market_order of the seat now buying.
    action_row     str|None  attribute of the row the current Dice-Phase die went into.
    action_done    str|None  attribute action taken this turn ("str".."cha"), for Concentrate.
    purchases      int   purchases made in the current Market turn (Charming allows 2).
    gold_taken     bool  the current Market turn took 2 Gold for discarding instead of buying.
    market         list[str]  face-up market card ids, left → right.
    deck           list[str]  market deck, index 0 = top. Secret: renderers show only its size.
    discard        list[str]  market discard pile (public), in the order cards arrived.
    trash          list[str]  solo only: the trash pile (never reshuffled).
    enemy_die      (colour, value)|None  solo only: the enemy die (a gold die set aside).
    bag            dict[str, int]  dice left in the bag per colour.
    set_aside      list[str]  setup step 4 only: colours of the dice drawn for classes, held out of the bag
                   until every class is chosen (then they all go back).
    players        list[PlayerState]  indexed by seat.
    sub            dict|None  a nested decision that must be answered before anything else happens:
                     {"kind": "order_ties", "seat", "dice": [die...], "cards": [card numbers], "origin"}
                     {"kind": "int_keep", "seat", "attr", "idx", "old", "new", "origin"}
                     {"kind": "second_swap", "seat", "origin"}              (Rogue's optional 2nd swap)
                     {"kind": "mysterious_keep", "seat", "card", "old", "new"}    (Sorcerer reroll)
                     {"kind": "open_lock", "seat", "card"}      (the revealed top card of the deck)
                   origin says what resumes afterwards: "roll", "action", "concentrate", "skill".
    cleanup_pending list[int]  seats still to decide their Cleanup refresh (any order); in the last round
                   the seats that may still use an any-time skill before scoring (they answer "finish").
    final_round    bool  every sheet was full when this round's Cleanup began (the game ends after it).
    finished       bool  the game is over; ``score`` gives the final result.

``InitiativeCard``
    number int (1..5), die (colour, value)|None, coin int (0 or 1), taken_by int|None (seat).

``PlayerState`` (one per seat)
    seat         int
    race         str|None  race (sheet) id from races.json.
    gender       str|None  "male" | "female" (cosmetic sheet side).
    class_card   int|None  class card number offered by the setup draw (1..6).
    class_id     str|None  chosen class id from classes.json.
    backstory    str|None  backstory card id.
    alignment    str|None  alignment card id.
    align_row    str   token row: "good" | "neutral" | "evil".
    align_col    str   token column: "lawful" | "neutral" | "chaotic".
    gold         int   never negative.
    charisma     int   Charisma tokens held (discarded in Cleanup).
    rows         dict[str, list[die]]  attribute → its placed dice, left-packed (0..3 items; missing
                 items are the empty spaces on the right). Keys in order str dex con int wis cha.
    cards        list[str]  owned market cards in purchase order.
    exhausted    list[str]  owned Skill ids currently exhausted (turned).
    start_dice   list[die]  starting dice rolled in setup and not yet placed.
    initiative   int|None   initiative card number taken this round.
    used         list[str]  once-per-round powers already used this round ("mysterious", "attuned"), and
                 "refreshed:<skill id>" for each skill refreshed in this round's Cleanup (usable again only
                 from the next round on). Emptied when a round starts.
"""
from __future__ import annotations

import json

try:
    import orjson
except ImportError:                 # a dependency; the standard library writes the same text, slower
    orjson = None

from .content import ATTRS

SCHEMA_VERSION = 1


class InitiativeCard:
    __slots__ = ("coin", "die", "number", "taken_by")

    def __init__(self, number: int, die=None, coin: int = 0, taken_by: int | None = None):
        self.number = number
        self.die = die
        self.coin = coin
        self.taken_by = taken_by

    def clone(self) -> "InitiativeCard":
        c = _new_card(InitiativeCard)
        c.number = self.number
        c.die = self.die
        c.coin = self.coin
        c.taken_by = self.taken_by
        return c

    def to_json(self) -> dict:
        return {"number": self.number, "die": _die_out(self.die), "coin": self.coin,
                "taken_by": self.taken_by}

    @classmethod
    def from_json(cls, d: dict) -> "InitiativeCard":
        return cls(d["number"], _die_in(d["die"]), d["coin"], d["taken_by"])


_new_card = object.__new__


class PlayerState:
    __slots__ = (
        "align_col",
        "align_row",
        "alignment",
        "backstory",
        "cards",
        "charisma",
        "class_card",
        "class_id",
        "exhausted",
        "gender",
        "gold",
        "initiative",
        "race",
        "rows",
        "seat",
        "start_dice",
        "used",
    )

    def __init__(self, seat: int):
        self.seat = seat
        self.race = None
        self.gender = None
        self.class_card = None
        self.class_id = None
        self.backstory = None
        self.alignment = None
        self.align_row = "neutral"
        self.align_col = "neutral"
        self.gold = 0
        self.charisma = 0
        self.rows = {a: [] for a in ATTRS}
        self.cards = []
        self.exhausted = []
        self.start_dice = []
        self.initiative = None
        self.used = []

    def clone(self) -> "PlayerState":
        p = PlayerState.__new__(PlayerState)
        p.seat = self.seat
        p.race = self.race
        p.gender = self.gender
        p.class_card = self.class_card
        p.class_id = self.class_id
        p.backstory = self.backstory
        p.alignment = self.alignment
        p.align_row = self.align_row
        p.align_col = self.align_col
        p.gold = self.gold
        p.charisma = self.charisma
        r = self.rows
        p.rows = {"str": r["str"][:], "dex": r["dex"][:], "con": r["con"][:], "int": r["int"][:],
                  "wis": r["wis"][:], "cha": r["cha"][:]}
        p.cards = self.cards[:]
        p.exhausted = self.exhausted[:]
        p.start_dice = self.start_dice[:]
        p.initiative = self.initiative
        p.used = self.used[:]
        return p

    # -- derived helpers (pure reads) -------------------------------------------------------------
    def dice_count(self) -> int:
        r = self.rows
        return (len(r["str"]) + len(r["dex"]) + len(r["con"]) + len(r["int"]) + len(r["wis"])
                + len(r["cha"]))

    def sheet_full(self) -> bool:
        return self.dice_count() == 18

    def to_json(self) -> dict:
        return {
            "seat": self.seat, "race": self.race, "gender": self.gender, "class_card": self.class_card,
            "class_id": self.class_id, "backstory": self.backstory, "alignment": self.alignment,
            "align_row": self.align_row, "align_col": self.align_col, "gold": self.gold,
            "charisma": self.charisma,
            "rows": {a: [list(d) for d in self.rows[a]] for a in ATTRS},
            "cards": list(self.cards), "exhausted": list(self.exhausted),
            "start_dice": [list(d) for d in self.start_dice], "initiative": self.initiative,
            "used": list(self.used),
        }

    @classmethod
    def from_json(cls, d: dict) -> "PlayerState":
        p = cls(d["seat"])
        for k in ("race", "gender", "class_card", "class_id", "backstory", "alignment", "align_row",
                  "align_col", "gold", "charisma", "initiative"):
            setattr(p, k, d[k])
        p.rows = {a: [(c, v) for c, v in d["rows"][a]] for a in ATTRS}
        p.cards = list(d["cards"])
        p.exhausted = list(d["exhausted"])
        p.start_dice = [(c, v) for c, v in d["start_dice"]]
        p.used = list(d["used"])
        return p


class GameState:
    __slots__ = (
        "action_done",
        "action_row",
        "bag",
        "cleanup_pending",
        "deck",
        "dice_order",
        "discard",
        "enemy_die",
        "final_round",
        "finished",
        "first_player",
        "gold_taken",
        "initiative",
        "market",
        "market_order",
        "market_pos",
        "moves",
        "options",
        "phase",
        "players",
        "purchases",
        "rng",
        "round",
        "seats",
        "set_aside",
        "start_player",
        "step",
        "sub",
        "trash",
        "turn",
        "version",
    )

    def __init__(self, seats: int, options: dict, rng: int):
        self.version = SCHEMA_VERSION
        self.seats = seats
        self.options = dict(options)
        self.rng = rng
        self.moves = 0
        self.round = 0
        self.phase = "setup_race"
        self.step = None
        self.turn = None
        self.first_player = 0
        self.start_player = 0
        self.initiative = []
        self.dice_order = []
        self.market_order = []
        self.market_pos = 0
        self.action_row = None
        self.action_done = None
        self.purchases = 0
        self.gold_taken = False
        self.market = []
        self.deck = []
        self.discard = []
        self.trash = []
        self.enemy_die = None
        self.bag = {}
        self.set_aside = []
        self.players = [PlayerState(i) for i in range(seats)]
        self.sub = None
        self.cleanup_pending = []
        self.final_round = False
        self.finished = False

    def clone(self) -> "GameState":
        s = GameState.__new__(GameState)
        s.version = self.version
        s.seats = self.seats
        s.options = self.options  # never mutated after create
        s.rng = self.rng
        s.moves = self.moves
        s.round = self.round
        s.phase = self.phase
        s.step = self.step
        s.turn = self.turn
        s.first_player = self.first_player
        s.start_player = self.start_player
        s.initiative = [c.clone() for c in self.initiative]
        s.dice_order = self.dice_order  # both are replaced each round, never changed in place
        s.market_order = self.market_order
        s.market_pos = self.market_pos
        s.action_row = self.action_row
        s.action_done = self.action_done
        s.purchases = self.purchases
        s.gold_taken = self.gold_taken
        s.market = self.market[:]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.trash = self.trash[:]
        s.enemy_die = self.enemy_die
        s.bag = dict(self.bag)
        s.set_aside = self.set_aside[:]
        s.players = [p.clone() for p in self.players]
        s.sub = dict(self.sub) if self.sub is not None else None  # values are immutable or replaced
        s.cleanup_pending = self.cleanup_pending[:]
        s.final_round = self.final_round
        s.finished = self.finished
        return s

    def to_json(self) -> dict:
        return {
            "version": self.version, "seats": self.seats, "options": dict(self.options), "rng": self.rng,
            "moves": self.moves, "round": self.round, "phase": self.phase, "step": self.step,
            "turn": self.turn, "first_player": self.first_player, "start_player": self.start_player,
            "initiative": [c.to_json() for c in self.initiative], "dice_order": list(self.dice_order),
            "market_order": list(self.market_order), "market_pos": self.market_pos,
            "action_row": self.action_row, "action_done": self.action_done, "purchases": self.purchases,
            "gold_taken": self.gold_taken, "market": list(self.market), "deck": list(self.deck),
            "discard": list(self.discard), "trash": list(self.trash), "enemy_die": _die_out(self.enemy_die),
            "bag": dict(self.bag), "set_aside": list(self.set_aside),
            "players": [p.to_json() for p in self.players],
            "sub": _sub_out(self.sub), "cleanup_pending": list(self.cleanup_pending),
            "final_round": self.final_round, "finished": self.finished,
        }

    @classmethod
    def from_json(cls, d: dict) -> "GameState":
        s = cls.__new__(cls)
        for k in ("version", "seats", "rng", "moves", "round", "phase", "step", "turn", "first_player",
                  "start_player", "market_pos", "action_row", "action_done", "purchases", "gold_taken",
                  "final_round", "finished"):
            setattr(s, k, d[k])
        s.options = dict(d["options"])
        s.initiative = [InitiativeCard.from_json(c) for c in d["initiative"]]
        s.dice_order = list(d["dice_order"])
        s.market_order = list(d["market_order"])
        s.market = list(d["market"])
        s.deck = list(d["deck"])
        s.discard = list(d["discard"])
        s.trash = list(d["trash"])
        s.enemy_die = _die_in(d["enemy_die"])
        s.bag = dict(d["bag"])
        s.set_aside = list(d["set_aside"])
        s.players = [PlayerState.from_json(p) for p in d["players"]]
        s.sub = _sub_in(d["sub"])
        s.cleanup_pending = list(d["cleanup_pending"])
        return s


def _die_out(die):
    return None if die is None else [die[0], die[1]]


def _die_in(die):
    return None if die is None else (die[0], die[1])


def _sub_out(sub):
    if sub is None:
        return None
    out = {}
    for k, v in sub.items():
        if k == "dice":
            out[k] = [list(d) for d in v]
        elif isinstance(v, tuple):
            out[k] = list(v)
        elif isinstance(v, list):
            out[k] = list(v)
        else:
            out[k] = v
    return out


def _sub_in(sub):
    if sub is None:
        return None
    out = dict(sub)
    if "dice" in out:
        out["dice"] = [(c, v) for c, v in out["dice"]]
    if "cards" in out:
        out["cards"] = list(out["cards"])
    return out


def dumps(state: GameState) -> str:
    """Sorted keys, no spaces: the text every snapshot is stored (and verified) as. orjson writes the very same
    text for a state's plain ASCII data, several times faster (a snapshot is written with every move);
    tests/games/rollplayer check the two agree over played games."""
    data = state.to_json()
    if orjson is not None:
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def loads(text: str) -> GameState:
    """Rebuild a state from ``dumps`` output that this process wrote (trusted). Text from storage or users
    goes through ``KIND.loads`` / ``snapshot.loads``, which refuse anything breaking the invariants."""
    return GameState.from_json(json.loads(text))
