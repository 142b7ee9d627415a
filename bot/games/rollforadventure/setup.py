"""Options and the opening position (README §3): dice per player count, territories, the three-pile deck.

Options are validated strictly here so a game can never start from a half-understood lobby setting.
"""
from __future__ import annotations

from bot.games import rng
from bot.games.errors import RuleError

from . import content as C
from .territories import fresh_territory

SIDE_OPTIONS = tuple(f"{t}_side" for t in C.TERRITORIES)
SPECIAL_SET_IDS = tuple(C.SPECIAL_SETS)

#: name -> (default, validator description); every option a lobby may set.
OPTION_DEFAULTS: dict = {
    "heroes": "random",            # "random" (drawn from the seed) | "choose" (setup moves)
    "hero_pool": "first_game",     # "first_game" (the 4 printed beginners, l.131) | "all" (all 10)
    "adventure": "book_of_magic",  # 5/6/7/8 stones
    "desert_side": "A", "fortress_side": "A", "forest_side": "A", "ice_cave_side": "A",
    "specials": [],                # any of dragon, phantom, giant, necromancer
    "extra_ally_dice": False,      # house variant easier_two_player: 3 ally dice each with 2 heroes
    "track_holes": C.TRACK_HOLES,  # house value 10; an engine parameter (rules.json variants.track_length)
}


#: option -> whether a value is one it takes
_VALID = {
    "heroes": lambda v: v in ("random", "choose"),
    "hero_pool": lambda v: v in ("first_game", "all"),
    "adventure": lambda v: isinstance(v, str) and v in C.ADVENTURES,
    **dict.fromkeys(SIDE_OPTIONS, lambda v: v in ("A", "B")),
    "specials": lambda v: (isinstance(v, list) and len(v) <= len(SPECIAL_SET_IDS)
                           and all(isinstance(s, str) and s in SPECIAL_SET_IDS for s in v) and len(set(v)) == len(v)),
    "extra_ally_dice": lambda v: type(v) is bool,
    "track_holes": lambda v: type(v) is int and 4 <= v <= 20,
}


def _bad(option: str) -> RuleError:
    return RuleError("bad_option", "rollforadventure.error.bad_option", option=option)


def validate_options(options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad_options", "rollforadventure.error.bad_options")
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in OPTION_DEFAULTS.items()}
    for key, value in options.items():
        if not isinstance(key, str) or key not in OPTION_DEFAULTS:
            raise RuleError("unknown_option", "rollforadventure.error.unknown_option",
                            option=str(key)[:40] if isinstance(key, str) else "?")
        if not _VALID[key](value):
            raise _bad(key)
        out[key] = list(value) if isinstance(value, list) else value
    out["specials"] = [s for s in SPECIAL_SET_IDS if s in out["specials"]]
    return out


def hero_count(seats: int) -> int:
    """Solo is a 2-hero game played by one person (the seat controls both heroes in turn)."""
    return max(2, seats)


def ally_dice_each(heroes: int, extra: bool) -> int:
    """l.99–105: 2 / 1 / 0 ally dice per player; house variant: 3 each with two heroes."""
    return {2: 3 if extra else 2, 3: 1, 4: 0}[heroes]


def build_deck(state: dict, specials: list[str]) -> list[str]:
    """l.151–159: three equal piles; the Master is shuffled into the middle one; pile 3 ends on top."""
    cards = list(C.NORMAL_CARDS)
    for s in specials:
        cards += C.SPECIAL_SETS[s]
    rng.shuffle(state, cards)
    third = len(cards) // 3
    pile1, pile2, pile3 = cards[:third], cards[third:2 * third], cards[2 * third:]
    pile2.append("master_of_shadows")
    rng.shuffle(state, pile2)
    return pile3 + pile2 + pile1          # index 0 = top of the deck


#: the state's version: 2 added ``defeated`` (``snapshot.upgrade`` reads a version-1 state)
STATE_VERSION = 2


def create(seats: int, seed: int, options: dict) -> dict:
    opts = validate_options(options)
    n_heroes = hero_count(seats)
    state: dict = {
        "v": STATE_VERSION, "defeated": 0, "seats": seats, "seed": seed, "rng": rng.seed_state(seed), "options": opts,
        "heroes": [], "active": 0, "turn": 0, "dice": [], "terr": {}, "deck": [], "display": [],
        "discard": [], "enemy_total": {}, "memory_total": 0, "stones": 0,
        "stones_needed": C.ADVENTURES[opts["adventure"]], "queue": [], "decision": None,
        "step": "setup", "fresh": False, "multi": None, "result": None, "placed_memory": False,
    }
    state["heroes"] = [{"hero": None, "colour": C.COLOURS[h], "seat": h % seats, "used": False}
                       for h in range(n_heroes)]
    allies = ally_dice_each(n_heroes, opts["extra_ally_dice"])
    state["dice"] = ([{"o": C.COLOURS[h], "v": None, "at": f"board:{h}", "s": None} for h in range(n_heroes)
                      for _ in range(5)]
                     + [{"o": "ally", "v": None, "at": f"board:{h}", "s": None} for h in range(n_heroes)
                        for _ in range(allies)]
                     + [{"o": "bonus", "v": None, "at": "supply", "s": None} for _ in range(4)])
    state["terr"] = {t: fresh_territory(t, opts[f"{t}_side"], opts["track_holes"] - 1) for t in C.TERRITORIES}
    state["deck"] = build_deck(state, opts["specials"])
    pool = list(C.FIRST_GAME_HEROES) if opts["hero_pool"] == "first_game" else list(C.HEROES)
    if opts["heroes"] == "random":
        rng.shuffle(state, pool)
        for h in range(n_heroes):
            state["heroes"][h]["hero"] = pool[h]
    state["hero_pool"] = pool
    state["active"] = rng.below(state, n_heroes)   # l.161: the most heroic player starts (here: by lot)
    return state
