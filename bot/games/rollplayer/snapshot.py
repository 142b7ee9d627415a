"""Loading a snapshot from untrusted text: either a state that satisfies every invariant of the game, or
``RuleError("bad_snapshot", ...)``.

A snapshot is stored text; a damaged or forged one must not produce a state that crashes later inside
``pending``, ``legal_moves`` or ``score``. Three layers, each before the next may touch the data:

1. **size** of the raw text, then the JSON parser (C; a document nested deeper than the recursion limit
   stops it with ``RecursionError``, caught; huge ints stop it with ``ValueError``);
2. **shape**: every field present with its exact JSON type and a sane range, looked at only where a field is
   expected (never walking an unexpected value, however deep), so ``GameState.from_json`` cannot fail;
3. **invariants** of the game (``check_state``), which every state reached by play satisfies:
   content ids known; every die in exactly one place (per colour: bag, set aside, Initiative cards, the
   enemy die, sheets, starting dice add up to the printed 10 / 13); every market card in exactly one place
   (deck, market, discard, trash, a player's cards); phase / step / turn / nested decision consistent;
   someone can always move (every pending seat has a legal move) until the game is over.

``check_state`` is also run by the tests after every move of random games, so it cannot drift from play.
"""
from __future__ import annotations

import json
from collections import Counter

from bot.games.errors import RuleError

from .content import (
    ALIGN_COLS,
    ALIGN_ROWS,
    ALIGNMENTS,
    ATTRS,
    BACKSTORIES,
    BASE_CARD_IDS,
    BASE_RACES,
    CARD_TYPE,
    CLASSES,
    COLOURS,
    DICE_PER_COLOUR,
    PROMO_CARD_IDS,
    PROMO_RACES,
    SOLO_EXCLUDED,
)
from .flow import OPTION_DEFAULTS
from .phases import NESTED, STEPS
from .powers import POWER_ID
from .rules import purchase_limit
from .skills import REFRESHED
from .state import SCHEMA_VERSION, GameState, InitiativeCard, PlayerState

MAX_TEXT = 256 * 1024       # a 4-player snapshot is about 4 KB
U64 = 1 << 64
BIG = 10 ** 9               # gold, move counters: far above any real game, far below trouble

_ORIGINS = frozenset(("roll", "action", "concentrate", "skill", "power"))
_DIE_COLOURS = frozenset(COLOURS)


class _Bad(Exception):
    """Internal: the reason a snapshot is refused (turned into the public RuleError)."""


def loads(text) -> GameState:
    """Parse, shape-check and invariant-check a snapshot; ``RuleError("bad_snapshot")`` otherwise."""
    try:
        data = _parse(text)
        if type(data) is not dict or data.get("version") != SCHEMA_VERSION or type(data["version"]) is not int:
            raise _Bad("version")
        _check_shape(data)
        state = GameState.from_json(data)
        check_state(state)
    except _Bad as exc:
        raise RuleError("bad_snapshot", "rules.rollplayer.bad_snapshot", reason=str(exc)[:80]) from None
    return state


def _parse(text):
    if type(text) is not str:
        raise _Bad("not_text")
    if len(text) > MAX_TEXT:
        raise _Bad("too_long")
    try:
        return json.loads(text)
    except RecursionError:  # nested deeper than the interpreter's recursion limit: the C parser stops
        raise _Bad("too_deep") from None
    except ValueError:  # malformed JSON, or an int of more than 4300 digits
        raise _Bad("not_json") from None


# ----------------------------------------------------------------------------- layer 2: shape

def _int(v, lo: int, hi: int, what: str) -> None:
    if type(v) is not int or not lo <= v <= hi:
        raise _Bad(what)


def _opt_int(v, lo: int, hi: int, what: str) -> None:
    if v is not None:
        _int(v, lo, hi, what)


def _str(v, choices, what: str) -> None:
    if type(v) is not str or v not in choices:
        raise _Bad(what)


def _opt_str(v, choices, what: str) -> None:
    if v is not None:
        _str(v, choices, what)


def _list(v, what: str, maxlen: int = 200) -> list:
    if type(v) is not list or len(v) > maxlen:
        raise _Bad(what)
    return v


def _die(v, what: str) -> None:
    if (type(v) is not list or len(v) != 2 or type(v[0]) is not str or v[0] not in _DIE_COLOURS
            or type(v[1]) is not int or not 1 <= v[1] <= 6):
        raise _Bad(what)


def _keys(d, keys, what: str) -> None:
    if type(d) is not dict or set(d) != set(keys):
        raise _Bad(what)


_STATE_KEYS = GameState.__slots__
_PLAYER_KEYS = PlayerState.__slots__
_CARD_KEYS = InitiativeCard.__slots__
_SUB_KEYS = {
    "order_ties": ("kind", "seat", "dice", "cards", "origin"),
    "int_keep": ("kind", "seat", "attr", "idx", "old", "new", "origin"),
    "mysterious_keep": ("kind", "seat", "card", "old", "new", "origin"),
    "second_swap": ("kind", "seat", "origin"),
    "open_lock": ("kind", "seat", "card", "origin"),
}
_PHASES = frozenset(phase for phase, _ in STEPS)
_STEPS = frozenset(step for _, step in STEPS if step is not None)
_RACES = frozenset(BASE_RACES + PROMO_RACES)


def _check_shape(d: dict) -> None:
    """Exact keys and JSON types of every field, values in range (no cross-field rule yet)."""
    _keys(d, _STATE_KEYS, "fields")
    _int(d["seats"], 1, 4, "seats")
    seats = d["seats"] - 1
    _keys(d["options"], OPTION_DEFAULTS, "options")
    if any(type(v) is not bool for v in d["options"].values()):
        raise _Bad("options")
    _int(d["rng"], 0, U64 - 1, "rng")
    _int(d["moves"], 0, BIG, "moves")
    _int(d["round"], 0, 18, "round")
    _str(d["phase"], _PHASES, "phase")
    _opt_str(d["step"], _STEPS, "step")
    _opt_int(d["turn"], 0, seats, "turn")
    for k in ("first_player", "start_player"):
        _int(d[k], 0, seats, k)
    for c in _list(d["initiative"], "initiative", 5):
        _keys(c, _CARD_KEYS, "initiative")
        _int(c["number"], 1, 5, "initiative")
        if c["die"] is not None:
            _die(c["die"], "initiative")
        _int(c["coin"], 0, 1, "initiative")
        _opt_int(c["taken_by"], 0, seats, "initiative")
    for k in ("dice_order", "market_order", "cleanup_pending"):
        for s in _list(d[k], k, 4):
            _int(s, 0, seats, k)
    _int(d["market_pos"], 0, 4, "market_pos")
    _opt_str(d["action_row"], ATTRS, "action_row")
    _opt_str(d["action_done"], ATTRS, "action_done")
    _int(d["purchases"], 0, 4, "purchases")
    for k in ("gold_taken", "final_round", "finished"):
        if type(d[k]) is not bool:
            raise _Bad(k)
    for k in ("market", "deck", "discard", "trash"):
        for c in _list(d[k], k, 60):
            _str(c, CARD_TYPE, k)
    if d["enemy_die"] is not None:
        _die(d["enemy_die"], "enemy_die")
    _keys(d["bag"], COLOURS, "bag")
    for col in COLOURS:
        _int(d["bag"][col], 0, DICE_PER_COLOUR[col], "bag")
    for c in _list(d["set_aside"], "set_aside", 80):
        _str(c, COLOURS, "set_aside")
    for p in _list(d["players"], "players", 4):
        _check_player_shape(p, seats)
    sub = d["sub"]
    if sub is not None:
        if type(sub) is not dict or type(sub.get("kind")) is not str or sub["kind"] not in _SUB_KEYS:
            raise _Bad("sub")
        _keys(sub, _SUB_KEYS[sub["kind"]], "sub")
        _int(sub["seat"], 0, seats, "sub")
        _str(sub["origin"], _ORIGINS, "sub")
        kind = sub["kind"]
        if kind == "order_ties":
            for die in _list(sub["dice"], "sub", 5):
                _die(die, "sub")
            for n in _list(sub["cards"], "sub", 5):
                _int(n, 1, 5, "sub")
        elif kind == "int_keep":
            _str(sub["attr"], ATTRS, "sub")
            _int(sub["idx"], 0, 2, "sub")
        elif kind == "mysterious_keep":
            _int(sub["card"], 1, 5, "sub")
        elif kind == "open_lock":
            _str(sub["card"], CARD_TYPE, "sub")
        if kind in ("int_keep", "mysterious_keep"):
            _int(sub["old"], 1, 6, "sub")
            _int(sub["new"], 1, 6, "sub")


def _check_player_shape(p, seats: int) -> None:
    _keys(p, _PLAYER_KEYS, "player")
    _int(p["seat"], 0, seats, "player")
    _opt_str(p["race"], _RACES, "race")
    _opt_str(p["gender"], ("male", "female"), "gender")
    _opt_int(p["class_card"], 1, 6, "class_card")
    _opt_str(p["class_id"], CLASSES, "class_id")
    _opt_str(p["backstory"], BACKSTORIES, "backstory")
    _opt_str(p["alignment"], ALIGNMENTS, "alignment")
    _str(p["align_row"], ALIGN_ROWS, "align_row")
    _str(p["align_col"], ALIGN_COLS, "align_col")
    _int(p["gold"], 0, BIG, "gold")
    _int(p["charisma"], 0, 100, "charisma")
    _keys(p["rows"], ATTRS, "rows")
    for a in ATTRS:
        for die in _list(p["rows"][a], "rows", 3):
            _die(die, "rows")
    for k in ("cards", "exhausted"):
        for c in _list(p[k], k, 60):
            _str(c, CARD_TYPE, k)
    for die in _list(p["start_dice"], "start_dice", 12):
        _die(die, "start_dice")
    _opt_int(p["initiative"], 1, 5, "player_initiative")
    for u in _list(p["used"], "used", 80):
        if type(u) is not str or len(u) > 64:
            raise _Bad("used")


# ----------------------------------------------------------------------------- layer 3: invariants

def _card_pool(st) -> list[str]:
    ids = list(BASE_CARD_IDS) + (list(PROMO_CARD_IDS) if st.options["cursed_ring"] else [])
    if st.seats == 1:
        ids = [c for c in ids if c not in SOLO_EXCLUDED]
    return ids


def check_state(st: GameState) -> None:
    """Raise ``RuleError("bad_snapshot")`` unless ``st`` satisfies the game's invariants (module doc)."""
    try:
        _check_state(st)
    except _Bad as exc:
        raise RuleError("bad_snapshot", "rules.rollplayer.bad_snapshot", reason=str(exc)) from None


def _check_state(st: GameState) -> None:
    seats = st.seats
    players = st.players
    setup = st.phase in ("setup_race", "setup_class")
    if len(players) != seats or any(p.seat != i for i, p in enumerate(players)):
        raise _Bad("players")
    if (st.phase == "finished") != st.finished or (st.phase, st.step) not in STEPS:
        raise _Bad("phase")
    # -- dice: every die in exactly one place, per colour
    count = Counter(st.bag)
    count.update(st.set_aside)
    count.update(c.die[0] for c in st.initiative if c.die is not None)
    if st.enemy_die is not None:
        count[st.enemy_die[0]] += 1
    for p in players:
        count.update(d[0] for a in ATTRS for d in p.rows[a])
        count.update(d[0] for d in p.start_dice)
    if count != Counter(DICE_PER_COLOUR):
        raise _Bad("dice")
    if st.set_aside and st.phase != "setup_class":
        raise _Bad("set_aside")
    if (st.enemy_die is not None) != (seats == 1 and not setup):
        raise _Bad("enemy_die")
    # -- market cards: every card in exactly one place
    cards = st.market + st.deck + st.discard + st.trash + [c for p in players for c in p.cards]
    if sorted(cards) != (sorted(_card_pool(st)) if not setup else []):
        raise _Bad("cards")
    if st.trash and seats != 1:
        raise _Bad("trash")
    # -- players
    races = [p.race for p in players if p.race is not None]
    if len(set(races)) != len(races) or (not st.options["promo_sheets"] and set(races) & set(PROMO_RACES)):
        raise _Bad("race")
    for key in ("backstory", "alignment"):
        dealt = [getattr(p, key) for p in players]
        if setup != all(x is None for x in dealt) or (not setup and len(set(dealt)) != seats):
            raise _Bad(key)
    for p in players:
        _check_player(st, p, setup)
    # -- Initiative cards and turn order
    n = 3 if seats == 1 else seats + 1
    if [c.number for c in st.initiative] != ([] if setup else list(range(1, n + 1))):
        raise _Bad("initiative")
    if any(c.coin and c.number in (1, n) for c in st.initiative):
        raise _Bad("coin")
    started = st.round > 0
    if started == (st.phase in ("setup_race", "setup_class", "setup_dice")):
        raise _Bad("round")
    if started and sorted(st.dice_order) != list(range(seats)):
        raise _Bad("dice_order")
    if len(set(st.market_order)) != len(st.market_order) or len(set(st.cleanup_pending)) != len(
            st.cleanup_pending):
        raise _Bad("order")
    taken = {}
    for c in st.initiative:
        if c.taken_by is not None:
            if c.taken_by in taken or players[c.taken_by].initiative != c.number:
                raise _Bad("taken_by")
            taken[c.taken_by] = c
    if any(p.initiative is not None and p.seat not in taken for p in players):
        raise _Bad("initiative")
    _check_turn(st, taken)
    _check_sub(st)
    # -- liveness: until the end someone is asked, and whoever is asked can move
    from .engine import legal, pending  # the engine imports nothing from here
    asked = pending(st)
    if not st.finished and not asked:
        raise _Bad("nobody_to_move")
    for d in asked:
        if not legal(st, d["seat"]):
            raise _Bad("stuck")


def _check_player(st, p, setup: bool) -> None:
    if not setup and (p.race is None or p.class_id is None):
        raise _Bad("sheet")
    if st.phase == "setup_race" and (p.class_id is not None or p.class_card is not None):
        raise _Bad("class")
    if p.class_id is not None and CLASSES[p.class_id]["card"] != p.class_card:
        raise _Bad("class_card")
    if p.gender is None and p.race is not None or p.gender is not None and p.race is None:
        raise _Bad("gender")
    if p.start_dice and st.phase != "setup_dice":
        raise _Bad("start_dice")
    if len(set(p.exhausted)) != len(p.exhausted) or any(
            c not in p.cards or CARD_TYPE[c] != "skill" for c in p.exhausted):
        raise _Bad("exhausted")
    own_power = POWER_ID.get(p.class_id)
    for u in p.used:
        if u != own_power and not (u.startswith(REFRESHED) and u[len(REFRESHED):] in p.cards):
            raise _Bad("used")
    if p.charisma and st.phase in ("setup_race", "setup_class", "setup_dice"):
        raise _Bad("charisma")


def _check_turn(st, taken: dict) -> None:
    phase, step, turn = st.phase, st.step, st.turn
    if phase in ("setup_race", "setup_class", "dice", "market_start", "market"):
        if turn is None:
            raise _Bad("turn")
    elif turn is not None:
        raise _Bad("turn")
    if phase == "setup_class" and not st.options["free_class"] and st.players[turn].class_card is None:
        raise _Bad("class_card")
    if phase == "dice":
        if turn not in st.dice_order:
            raise _Bad("turn")
        card = taken.get(turn)
        if (step == "choose") != (card is None):
            raise _Bad("step")
        if step == "place" and card.die is None:
            raise _Bad("step")
        if step in ("action", "after_action") and (card.die is not None or st.action_row is None):
            raise _Bad("step")
    if phase == "market":
        if not st.market_pos < len(st.market_order) or st.market_order[st.market_pos] != turn:
            raise _Bad("market_order")
        if st.purchases > purchase_limit(st.players[turn]) or (st.step == "after_discard") != st.gold_taken:
            raise _Bad("purchases")
    if (phase == "cleanup") != bool(st.cleanup_pending):
        raise _Bad("cleanup_pending")
    if st.final_round and phase not in ("cleanup", "finished"):
        raise _Bad("final_round")


def _check_sub(st) -> None:
    sub = st.sub
    if (st.phase == "roll") != (sub is not None and sub["origin"] == "roll"):
        raise _Bad("roll")
    if sub is None:
        return
    if sub["kind"] not in NESTED or st.phase not in ("roll", "dice", "market", "market_start", "cleanup"):
        raise _Bad("sub")
    p = st.players[sub["seat"]]
    kind = sub["kind"]
    if kind == "order_ties":
        by_number = {c.number: c for c in st.initiative}
        dice, numbers = sub["dice"], sub["cards"]
        if (len(dice) != len(numbers) or len(set(numbers)) != len(numbers)
                or any(n not in by_number or by_number[n].taken_by is not None for n in numbers)
                or sorted(by_number[n].die or ("", 0) for n in numbers) != sorted(dice)
                or [d[1] for d in dice] != sorted(d[1] for d in dice)):
            raise _Bad("order_ties")
    elif kind == "int_keep":
        row = p.rows[sub["attr"]]
        if sub["idx"] >= len(row) or row[sub["idx"]][1] != sub["new"]:
            raise _Bad("int_keep")
    elif kind == "mysterious_keep":
        card = next((c for c in st.initiative if c.number == sub["card"]), None)
        if card is None or card.taken_by != p.seat or card.die is None or card.die[1] != sub["new"]:
            raise _Bad("mysterious_keep")
    elif kind == "open_lock":
        if not st.deck or st.deck[0] != sub["card"]:
            raise _Bad("open_lock")
    elif kind == "second_swap" and p.dice_count() < 2:
        raise _Bad("second_swap")
