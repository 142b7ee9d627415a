"""Player ratings per game kind: OpenSkill's Weng–Lin Plackett–Luce model over a finished game's places.

Every human seat of a game of two seats or more that gave places is rated against every other seat (ties
share a place). A bot seat is a fixed-strength opponent: a constant rating per AI level, never updated. Pure
and deterministic: the same ratings and places always give the same new ratings.

The one number shown is the conservative estimate ``mu - 3 sigma`` (OpenSkill's ``ordinal``), scaled to a
familiar range: ``SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma)``. A new player (mu 25, sigma 25/3) shows 1000;
the shown number rises as games make the estimate surer, so a steady, average player settles near 1,800 and
a strong one above. A player is provisional (shown as such, listed after the others) until
``PROVISIONAL_GAMES`` rated games.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
#: A new player's rating: the model's defaults (mu 25, sigma 25/3).
NEW_MU, NEW_SIGMA = MODEL.mu, MODEL.sigma
PROVISIONAL_GAMES = 5
SHOWN_BASE, SHOWN_SCALE = 1000, 40
#: Bot seats' fixed ratings (mu, sigma) per AI level (the kinds' ``ai_levels``); an unknown level: the middle.
BOT_RATINGS = {"easy": (18.0, 1.0), "normal": (25.0, 1.0), "hard": (30.0, 1.0), "best": (30.0, 1.0)}
BOT_DEFAULT = BOT_RATINGS["normal"]
#: A player's seat the bot played for them most of the game (they stayed away; the bot stands in at its
#: strongest) counts as a bot seat of this strength: the others are rated against it, the absent player not at all
#: (a tour's idle player gained 183 against easy bots without a move of their own).
STAND_IN_LEVEL = "best"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = NEW_MU
    sigma: float = NEW_SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


@dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat of a finished game: a human (``user_id``) or a bot (``bot_level``), and its place (1 = first)."""
    seat: int
    place: int | None
    user_id: int | None = None
    bot_level: str | None = None


def shown(mu: float, sigma: float) -> int:
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def is_rated(seats: Sequence[RatedSeat]) -> bool:
    """A game counts when it had two seats or more, a human among them, and every seat has a place."""
    return (len(seats) >= 2 and any(s.user_id is not None for s in seats)
            and all(s.place is not None for s in seats))


def seats_of(seats: Sequence, results: Sequence, bot_levels: Mapping[int, str]) -> tuple[RatedSeat, ...]:
    """A finished game's seats for ``rate``: its ``Seat``s, their ``SeatResult``s and its bots' AI levels."""
    places = {r.seat: r.place for r in results}
    return tuple(RatedSeat(s.seat, places.get(s.seat), None if s.is_ai else s.user_id,
                           bot_levels.get(s.seat) if s.is_ai else None) for s in seats)


def played_by_bot(moves: int, by_bot: int) -> bool:
    """Whether a player's seat with ``moves`` moves, ``by_bot`` of which the bot played for them, was the bot's
    game more than theirs (more than half): the rule of ratings, and of stats' wins and the result's names."""
    return by_bot * 2 > moves


def without_stand_ins(seats: Sequence[RatedSeat], moves: Mapping[int, tuple[int, int]]) -> tuple[RatedSeat, ...]:
    """``seats`` with every human seat whose moves the bot played more than half of (``moves``: seat -> (its
    moves, those the bot played for it)) made a bot seat of :data:`STAND_IN_LEVEL`."""
    def stood_in(seat: RatedSeat) -> bool:
        return seat.user_id is not None and played_by_bot(*moves.get(seat.seat, (0, 0)))
    return tuple(RatedSeat(s.seat, s.place, None, STAND_IN_LEVEL) if stood_in(s) else s for s in seats)


def without_handed(seats: Sequence[RatedSeat], handed: Collection[int]) -> tuple[RatedSeat, ...]:
    """``seats`` with every human seat that changed hands during play (``handed``: ``TableMeta.handed``) made a bot
    seat of :data:`STAND_IN_LEVEL`: the others are rated against it, neither of its holders is (the newcomer did not
    play its first moves, the one who gave it did not play its last)."""
    return tuple(RatedSeat(s.seat, s.place, None, STAND_IN_LEVEL) if s.user_id is not None and s.seat in handed
                 else s for s in seats)


def rate(seats: Sequence[RatedSeat], current: dict[int, Rating]) -> dict[int, Rating]:
    """The new rating of every human seat's player (by user id) after the game; ``current`` holds the players'
    ratings so far (a player missing from it is new). Empty when the game does not count (``is_rated``)."""
    if not is_rated(seats):
        return {}
    teams = []
    for s in seats:
        if s.user_id is None:
            mu, sigma = BOT_RATINGS.get(s.bot_level or "", BOT_DEFAULT)
        else:
            old = current.get(s.user_id, Rating())
            mu, sigma = old.mu, old.sigma
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    new = MODEL.rate(teams, ranks=[float(s.place) for s in seats])
    return {s.user_id: Rating(team[0].mu, team[0].sigma, current.get(s.user_id, Rating()).games + 1)
            for s, team in zip(seats, new) if s.user_id is not None}
