"""The Roll Player game state: slotted dataclasses (compared by identity), a JSON round-trip and a cheap clone.

Renderers, the engine and AI seats read these fields; their names are stable. Everything is plain data
(str / int / bool / None / list / dict / tuple), so ``dumps`` → ``snapshot.loads`` → ``dumps`` gives identical JSON,
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
    rng            int   the seeded generator's state (splitmix64, see ``bot/games/rng.py``). Never edit by hand.
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
from dataclasses import dataclass, field

try:
    import orjson
except ImportError:                 # a dependency; the standard library writes the same text, slower
    orjson = None
else:                               # a dataclass goes to ``_fields`` too (orjson would write it unsorted)
    _ORJSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS

from .content import ATTRS

SCHEMA_VERSION = 1
Die = tuple[str, int]


@dataclass(slots=True, eq=False)
class InitiativeCard:
    number: int
    die: Die | None = None
    coin: int = 0
    taken_by: int | None = None

    def clone(self) -> "InitiativeCard":
        return InitiativeCard(self.number, self.die, self.coin, self.taken_by)

    @classmethod
    def from_json(cls, d: dict) -> "InitiativeCard":
        return _from_json(cls, d, die=_die)


@dataclass(slots=True, eq=False)
class PlayerState:
    seat: int
    race: str | None = None
    gender: str | None = None
    class_card: int | None = None
    class_id: str | None = None
    backstory: str | None = None
    alignment: str | None = None
    align_row: str = "neutral"
    align_col: str = "neutral"
    gold: int = 0
    charisma: int = 0
    rows: dict[str, list[Die]] = field(default_factory=lambda: {a: [] for a in ATTRS})
    cards: list[str] = field(default_factory=list)
    exhausted: list[str] = field(default_factory=list)
    start_dice: list[Die] = field(default_factory=list)
    initiative: int | None = None
    used: list[str] = field(default_factory=list)

    def clone(self) -> "PlayerState":
        r = self.rows
        return PlayerState(
            self.seat, self.race, self.gender, self.class_card, self.class_id, self.backstory, self.alignment,
            self.align_row, self.align_col, self.gold, self.charisma,
            {"str": r["str"][:], "dex": r["dex"][:], "con": r["con"][:], "int": r["int"][:], "wis": r["wis"][:],
             "cha": r["cha"][:]},
            self.cards[:], self.exhausted[:], self.start_dice[:], self.initiative, self.used[:])

    # -- derived helpers (pure reads) -------------------------------------------------------------
    def dice_count(self) -> int:
        r = self.rows
        return (len(r["str"]) + len(r["dex"]) + len(r["con"]) + len(r["int"]) + len(r["wis"])
                + len(r["cha"]))

    def sheet_full(self) -> bool:
        return self.dice_count() == 18

    @classmethod
    def from_json(cls, d: dict) -> "PlayerState":
        return _from_json(cls, d, rows=lambda rows: {a: _dice(rows[a]) for a in ATTRS}, start_dice=_dice)


@dataclass(slots=True, eq=False)
class GameState:
    seats: int
    options: dict
    rng: int
    players: list[PlayerState]
    version: int = SCHEMA_VERSION
    moves: int = 0
    round: int = 0
    phase: str = "setup_race"
    step: str | None = None
    turn: int | None = None
    first_player: int = 0
    start_player: int = 0
    initiative: list[InitiativeCard] = field(default_factory=list)
    dice_order: list[int] = field(default_factory=list)
    market_order: list[int] = field(default_factory=list)
    market_pos: int = 0
    action_row: str | None = None
    action_done: str | None = None
    purchases: int = 0
    gold_taken: bool = False
    market: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    trash: list[str] = field(default_factory=list)
    enemy_die: Die | None = None
    bag: dict[str, int] = field(default_factory=dict)
    set_aside: list[str] = field(default_factory=list)
    sub: dict | None = None
    cleanup_pending: list[int] = field(default_factory=list)
    final_round: bool = False
    finished: bool = False

    def clone(self) -> "GameState":
        """A copy to play on (the fields in declaration order, positional: the AI clones at every step). Options
        never change after create; dice_order and market_order are replaced each round, never changed in place;
        the values of ``sub`` are immutable or replaced: those are shared."""
        return GameState(
            self.seats, self.options, self.rng, [p.clone() for p in self.players], self.version, self.moves,
            self.round, self.phase, self.step, self.turn, self.first_player, self.start_player,
            [c.clone() for c in self.initiative], self.dice_order, self.market_order, self.market_pos,
            self.action_row, self.action_done, self.purchases, self.gold_taken, self.market[:], self.deck[:],
            self.discard[:], self.trash[:], self.enemy_die, dict(self.bag), self.set_aside[:],
            None if self.sub is None else dict(self.sub), self.cleanup_pending[:], self.final_round, self.finished)

    @classmethod
    def from_json(cls, d: dict) -> "GameState":
        return _from_json(cls, d, initiative=lambda cards: [InitiativeCard.from_json(c) for c in cards],
                          enemy_die=_die, players=lambda ps: [PlayerState.from_json(p) for p in ps], sub=_sub)

    def to_json(self) -> dict:
        """The snapshot as JSON values, read through the standard library (``dumps`` may use orjson)."""
        return json.loads(json.dumps(self, default=_fields))


def _fields(obj) -> dict:
    """A state object's JSON value: its fields (a die, a tuple, is written as a list)."""
    return {k: getattr(obj, k) for k in obj.__slots__}


def _from_json(cls, d: dict, **decode):
    """An object of ``cls`` from its JSON fields (freshly parsed: lists and dicts are taken, not copied);
    ``decode`` rebuilds the fields JSON cannot hold as they are (dice are tuples, nested objects)."""
    obj = cls.__new__(cls)
    for k in cls.__slots__:
        setattr(obj, k, decode[k](d[k]) if k in decode else d[k])
    return obj


def _die(die):
    return None if die is None else (die[0], die[1])


def _dice(dice: list) -> list:
    return [(c, v) for c, v in dice]


def _sub(sub):
    if sub is not None and "dice" in sub:
        sub["dice"] = _dice(sub["dice"])
    return sub


def dumps(state: GameState) -> str:
    """Sorted keys, no spaces: the text every snapshot is stored (and verified) as. orjson writes the very same
    text for a state's plain ASCII data, several times faster (a snapshot is written with every move);
    tests/games/rollplayer check the two agree over played games."""
    if orjson is not None:
        return orjson.dumps(state, default=_fields, option=_ORJSON_OPTIONS).decode()
    return json.dumps(state, default=_fields, sort_keys=True, separators=(",", ":"))

