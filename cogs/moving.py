"""The rebase-and-retry loop: a move chosen on a menu is played at the version the player saw it, or, when
only other seats moved since (simultaneous phases), at the current one, when the very same move is still
legal there. A menu option standing for several moves (``cogs.menus`` chains) plays its follow-ups while
each is legal and the turn stays private. No Discord here: the play Cog answers."""
from __future__ import annotations

from bot.engine import GameView, SessionManager, StaleMove
from bot.engine.records import ApplyResult
from bot.games.errors import RuleError

from .buttons import move_check
from .core import Refusal
from .games import Games

REBASE_WINDOW = 50                # how many other players' moves an open menu may fall behind
REBASE_ATTEMPTS = 3               # applies tried when other players keep moving meanwhile


class Mover:
    def __init__(self, sessions: SessionManager, games: Games):
        self.sessions = sessions
        self.games = games

    async def play(self, game: GameView, seat: int, user_id: int, move: dict, then: tuple[str, ...], locale: str
                   ) -> tuple[ApplyResult, list[tuple[GameView, dict]]]:
        """Apply ``move`` (re-based as above; a ``RuleError`` goes to the caller, a menu really overtaken is
        refused as stale), then the follow-ups whose checksums ``then`` names. Returns the last result and each
        follow-up played with the game it was played in."""
        for attempt in range(REBASE_ATTEMPTS):
            try:
                result = await self.sessions.apply(game.id, user_id, move, expected_version=game.version,
                                                   locale=locale)
                break
            except StaleMove:
                # Another player's move landed between our load and our apply (simultaneous phases).
                now = await self.sessions.load(game.id)
                if attempt + 1 == REBASE_ATTEMPTS or \
                        await self.rebased_index(now, seat, game.version, move_check(move)) is None:
                    raise Refusal("error.stale_button") from None
                game = now
        played = []
        for follow in then:
            if result.turn.public:
                break
            now = await self.sessions.load(game.id)
            nxt = next((m for m in self.games.kind(now.kind).legal_moves(now.state, seat)
                        if move_check(m) == follow), None)
            if nxt is None:
                break
            try:
                result = await self.sessions.apply(game.id, user_id, nxt, expected_version=now.version, locale=locale)
            except (RuleError, StaleMove):       # the moves before it stand; the menu shows what is left
                break
            played.append((now, nxt))
        return result, played

    async def rebased_index(self, game: GameView, seat: int, version: int, check: str) -> int | None:
        """Where a move chosen on a menu built at an earlier ``version`` sits in the seat's legal moves now,
        or None when the menu is really stale.

        Buttons carry the version they were built for, so that a click never plays a move the player did
        not see. But when only *other* seats moved since (players placing starting dice at the same time,
        or using any-time skills, which touch only their own sheet), this seat's situation is unchanged;
        if the very same move is still legal, the click means what it meant and is played. Any move of this
        seat since then (a double click, an earlier step of the same turn) makes the menu stale.
        """
        behind = game.version - version
        if behind <= 0 or behind > REBASE_WINDOW:
            return None
        since = await self.sessions.store.moves_between(game.id, version, game.version)
        if len(since) != behind or any(record.seat == seat for record in since):
            return None
        legal = self.games.kind(game.kind).legal_moves(game.state, seat)
        return next((index for index, move in enumerate(legal) if move_check(move) == check), None)
