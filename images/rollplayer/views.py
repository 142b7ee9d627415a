"""View models: everything a picture shows, as plain values.

The renderers never look at the rules engine's state; `images.adapt` turns a game state into these views.
Keeping this seam lets the pictures be built, tested and reviewed from hand-built views, and keeps the
renderers independent of how the engine stores things.

Nothing here is localised text: ids (card, class, race, backstory, alignment), attribute and colour
codes, message keys and numbers. Only player names are free text (they are user-chosen).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games.rollplayer.content import ALIGN_COLS as ALIGN_COLUMNS  # noqa: F401  (the rules' own orders)
from bot.games.rollplayer.content import ALIGN_ROWS, ATTRS, COLOURS  # noqa: F401


@dataclass(frozen=True)
class Die:
    value: int  # 1..6
    colour: str  # one of COLOURS


@dataclass(frozen=True)
class Goal:
    """A class attribute goal: min..max inclusive (max None = min or more) worth `stars`."""

    min: int
    max: int | None
    stars: int


@dataclass(frozen=True)
class Row:
    """One attribute row of the character sheet."""

    attr: str
    dice: tuple[Die | None, Die | None, Die | None]
    race_modifier: int
    weapon_bonus: int  # most the weapons may add for the goal (0 = none)
    goal: Goal | None  # None while no class is chosen
    goal_met: bool  # the goal is scored right now (weapons used as needed)
    goal_bonus: int = 0  # what the weapons add for the goal as the score counts it (0: none needed)
    goal_weapons: tuple[str, ...] = ()  # the weapons (card ids) that add it

    @property
    def value(self) -> int:
        """Attribute value: dice + race (what traits see)."""
        return sum(d.value for d in self.dice if d is not None) + self.race_modifier


@dataclass(frozen=True)
class BackstoryCell:
    attr: str
    position: int  # 1..3
    colour: str


@dataclass(frozen=True)
class OwnedCard:
    card_id: str
    exhausted: bool = False  # skills only
    stars: int | None = None  # traits: stars the card earns right now (None = not shown)
    discarded: bool = False  # weapons: the scoring discards it before counting (the Cursed Ring, when that pays)


@dataclass(frozen=True)
class ArmorSet:
    set_id: str  # chain / leather / mystic
    pieces: int  # size of the full set
    owned: tuple[str, ...]  # card ids held
    stars: int  # what the set scores now (incl. colour bonus)
    extra: int = 0  # pieces added by a Tower Shield


@dataclass(frozen=True)
class ScoreItem:
    key: str  # item key, see images.labels SCORE_ITEM_KEYS
    stars: int


@dataclass(frozen=True)
class SheetView:
    seat: int
    player_name: str
    race_id: str | None  # None while setup has not reached it
    class_id: str | None
    backstory_id: str | None
    alignment_id: str | None
    rows: tuple[Row, ...]  # six, in ATTRS order
    backstory: tuple[BackstoryCell, ...]  # six
    backstory_matches: int
    alignment_grid: tuple[tuple[int, ...], ...] | None  # [row][column], ALIGN_ROWS x ALIGN_COLUMNS
    token: tuple[int, int]  # (row index, column index)
    gold: int
    charisma: int
    class_dice: int  # dice of the class colour on the sheet
    weapons: tuple[OwnedCard, ...] = ()
    hands_used: int = 0
    hands_limit: int = 2
    armor: tuple[ArmorSet, ...] = ()
    skills: tuple[OwnedCard, ...] = ()
    traits: tuple[OwnedCard, ...] = ()
    projected: tuple[ScoreItem, ...] = ()
    projected_total: int = 0
    is_turn: bool = False
    to_place: tuple[Die, ...] = ()  # setup: starting dice rolled but not placed yet
    final: bool = False  # the game is over: the score is final, not "so far"
    discarded: tuple[str, ...] = ()  # card ids the scoring discards before counting (they score 0)


@dataclass(frozen=True)
class InitiativeCard:
    number: int  # 1..n
    die: Die | None
    coins: int  # coins lying on the card
    taken_by: int | None  # seat that took it this round


@dataclass(frozen=True)
class PlayerTag:
    seat: int
    name: str
    class_id: str | None
    race_id: str | None
    gold: int
    charisma: int
    cards: int  # market cards owned
    projected: int  # projected score so far


@dataclass(frozen=True)
class Decision:
    """Who must act and what they must decide (a decision key from the rules engine, e.g.
    ``take_initiative``), with its parameters."""

    seat: int
    key: str
    params: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class TableView:
    round: int
    rounds_total: int
    phase: str  # setup / dice / market / cleanup / finished
    start_seat: int
    players: tuple[PlayerTag, ...]
    initiative: tuple[InitiativeCard, ...]
    market: tuple[str, ...]  # card ids, left to right
    deck_count: int
    discard_count: int
    pending: tuple[Decision, ...] = ()
    solo: bool = False
    enemy_die: Die | None = None
    trash: tuple[str, ...] = ()  # solo trash pile, newest last
    discard_top: str | None = None
    abandoned: bool = False  # the game was given up: nobody must act any more, the panel says so


@dataclass(frozen=True)
class ScoreColumn:
    seat: int
    name: str
    class_id: str | None
    items: tuple[ScoreItem, ...]
    total: int
    rank: int  # 1 = winner (ties share a rank)
    tiebreak: tuple[tuple[str, int], ...] = ()  # (key, value) used to break ties, in order
    discarded: tuple[str, ...] = ()  # card ids the scoring discarded before counting (they score 0)


@dataclass(frozen=True)
class ScoresView:
    columns: tuple[ScoreColumn, ...]
    winners: tuple[int, ...]  # seats
    tiebreak_key: str | None = None  # label key saying how the tie was broken, None if no tie
    solo: bool = False
    solo_rating: str | None = None  # rating id (e.g. "adventurer") in solo
    item_keys: tuple[str, ...] = field(default=())  # row order; empty = union of the columns' items
    final: bool = True  # False: a projection of a game still in progress


@dataclass(frozen=True)
class LiveSeat:
    """One player as the live picture shows them."""
    seat: int
    name: str
    race_id: str | None
    class_id: str | None
    gold: int
    charisma: int
    stars: int | None      # projected stars (market phase only)
    acting: bool


@dataclass(frozen=True)
class LiveView:
    """Everything the live picture shows, as plain values (built from the state by :func:`live_view`)."""
    round: int
    rounds_total: int
    phase: str
    start_seat: int
    seats: tuple[LiveSeat, ...]
    initiative: tuple[InitiativeCard, ...] = ()
    market: tuple[str, ...] = ()
    solo: bool = False
    enemy_die: Die | None = None


@dataclass(frozen=True)
class StepView:
    """What the step picture shows: the sheet's grid and name line plus the decision's extras."""

    sheet: SheetView
    in_hand: tuple[Die, ...] = ()  # dice waiting to be placed (starting dice, the drafted die)
    in_hand_key: str = ""  # what the band calls them (catalog key)
    action_row: str | None = None  # the attribute whose action is being decided
    wealth: bool = False  # Gold and Charisma matter (market)
    alignment: bool = False  # the decision may move the alignment token
