"""States of real Roll for Adventure games for the picture tests: seeded games played to the end by the
rules' own team policy (``policy.choose_move``), every intermediate state kept, and finders for the
moments worth drawing (special enemies displayed, full Forest B arch, swallowed desert dice, ...)."""
from __future__ import annotations

from functools import cache

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import territories as T
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND
from bot.games.rollforadventure.policy import choose_move

ALL_B = {"desert_side": "B", "fortress_side": "B", "forest_side": "B", "ice_cave_side": "B"}
ALL_SPECIALS = {"specials": ["dragon", "phantom", "giant", "necromancer"], "adventure": "jewel_of_light"}

#: (name, seats, seed, options): the games the tests replay
GAMES = (
    ("four_a", 4, 3, {}),
    ("three_b_specials", 3, 5, {**ALL_B, **ALL_SPECIALS}),
    ("two_mixed", 2, 11, {"desert_side": "B", "forest_side": "B", "specials": ["dragon", "phantom"],
                          "adventure": "sword_of_the_saints", "hero_pool": "all"}),
    ("solo", 1, 7, {"hero_pool": "all", "extra_ally_dice": True}),
    ("four_giants", 4, 2, {"fortress_side": "B", "ice_cave_side": "B", "specials": ["giant", "necromancer"],
                           "adventure": "crown_of_the_king", "hero_pool": "all"}),
    ("three_a_won", 3, 1, {}),
    ("three_forest_b", 3, 1, {"forest_side": "B"}),
    ("three_crowded", 3, 2, {}),
    ("two_no_dice", 2, 2, {}),
    ("four_choose", 4, 9, {"heroes": "choose", "hero_pool": "all", "ice_cave_side": "B"}),
)


@cache
def history(seats: int, seed: int, options_key: tuple) -> tuple[dict, ...]:
    """Every state of one seeded game, from creation to its end."""
    options = {k: (list(v) if isinstance(v, tuple) else v) for k, v in options_key}
    s = KIND.create(seats, seed, options)
    out = [s]
    n = 0
    while not KIND.is_finished(s):
        seat = KIND.pending(s)[0]["seat"]
        s, _ = KIND.apply(s, seat, choose_move(s, seat, seed * 7919 + n))
        out.append(s)
        n += 1
    return tuple(out)


def game(name: str) -> tuple[dict, ...]:
    for n, seats, seed, options in GAMES:
        if n == name:
            key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
            return history(seats, seed, key)
    raise KeyError(name)


def all_states():
    for name, *_ in GAMES:
        yield from ((name, s) for s in game(name))


def first(pred, names=None):
    """The first state of the listed games (all by default) where ``pred`` holds, or None."""
    for name, s in all_states():
        if (names is None or name in names) and pred(s):
            return s
    return None


def finished(result: str, seats_min=1, tries=range(1, 60), options=None):
    """A finished game with ``result`` (``won`` / ``lost``) from the first seed that gives one."""
    options = options or {}
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
    for seed in tries:
        s = history(max(seats_min, 3), seed, key)[-1]
        if s["result"] == result:
            return s
    return None


# --- predicates for moments worth drawing ------------------------------------------------------------------

def specials_displayed(s) -> bool:
    return any(C.CARDS[c]["territory"] is None for c in s["display"])


def forest_b_full(s) -> bool:
    return s["terr"]["forest"]["side"] == "B" and T.forest_b_border(s) is not None


def ice_b_line(s) -> bool:
    return s["terr"]["ice_cave"]["side"] == "B" and bool(T.ice_b_complete_lines(s))


def desert_swallowed(s) -> bool:
    return s["terr"]["desert"]["side"] == "A" and bool(ids_at(s, "desert", "d3")) and bool(ids_at(s, "desert", "d2"))


def giant_marker(s) -> bool:
    return any(tr["last"] < s["options"]["track_holes"] - 1 for tr in s["terr"].values())


def memory_dice(s) -> bool:
    return bool(ids_at(s, "memory"))


def master_alone(s) -> bool:
    return s["deck"] == ["master_of_shadows"] and not s["result"]


def big_throw(s) -> bool:
    return len(ids_at(s, "pool")) >= 6


def many_enemies(s) -> bool:
    return max(sum(1 for c in s["display"] if C.CARDS[c]["territory"] == t) for t in C.TERRITORIES) >= 3


def deciding(kind: str):
    """Predicate: the pending decision is of ``kind``."""
    return lambda s: (s["decision"] or {}).get("kind") == kind
