"""Bot seats: the bot plays a seat of any game whose rules offer an AI (``choose_move`` and ``ai_levels`` on
the ``GameKind``), through the same engine path as a human move.

After every committed change the shell asks the ``BotPlayer`` to look at the game: while a bot seat is due,
it waits a short pause (so people can follow), lets the game's AI choose a move *off the event loop* (a worker
process from a small pool, or a thread), applies it with the turn service's bookkeeping and has the courier
post it. A restart resumes any bot turn that was due (``resume_all``). The AI gets the state as a snapshot and
a seed derived from the game's seed and version, so the same game replays to the same bot moves.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from bot.engine import GameView, SessionManager, StaleMove, pending_seats
from bot.engine.errors import GameNotActive
from bot.engine.table import TableMeta, update_meta

from .core import game_locale
from .games import Games
from .outbox import Courier
from .seats import bot_level

log = logging.getLogger(__name__)

#: How many moves a bot may make in a row before yielding (a game of bots only never starves the loop).
MAX_CHAIN = 500


def has_ai(kind: Any) -> bool:
    return bool(kind.ai_levels)


def others_waiting(game: GameView, seat: int) -> list[int]:
    """The people at the table other than ``seat``'s player: those asked what now when its time runs out. Where
    there are none (every other seat is a bot's), the stand-in makes one decision at a time for the seat
    (:meth:`BotPlayer.play_once`), never takes it over."""
    return [s.user_id for s in game.seats if s.user_id and not s.is_ai and s.seat != seat]


def ask_in_worker(kind_spec: str, hook: Callable[..., dict], snapshot: str, seat: int, *args: Any) -> dict:
    """Runs in a worker process: load the kind by name, rebuild the state, ask its AI (``hook``: the kind's
    ``choose_move`` or ``hint``, unbound)."""
    from bot.engine.kinds import load_kind

    kind = load_kind(kind_spec)
    return hook(kind, kind.loads(snapshot), seat, *args)


class BotPlayer:
    def __init__(self, sessions: SessionManager, games: Games, courier: Courier, *,
                 pause: float = 1.5, executor: Executor | None = None,
                 kind_specs: dict[str, str] | None = None, owner: str | None = None):
        self.sessions = sessions
        #: this process's name for claims: with several processes on one database, one takes a seat over
        self.owner = owner
        self.games = games
        self.courier = courier
        self.pause = pause
        self.executor = executor
        self.kind_specs = kind_specs or {}
        self._running: dict[int, asyncio.Task] = {}
        self._closed = False

    # ------------------------------------------------------------------ scheduling
    def schedule(self, game_id: int, game: GameView | None = None) -> None:
        """Make sure a due bot seat of this game gets played (one runner per game). With the game at hand,
        a table of people only (no bot seat, nobody stood in for) costs nothing."""
        if self._closed or game is not None and not any(s.is_ai for s in game.seats) \
                and not TableMeta.of(game.meta).taken:
            return
        task = self._running.get(game_id)
        if task is not None and not task.done():
            return
        task = asyncio.get_running_loop().create_task(self._run(game_id), name=f"bots-{game_id}")
        self._running[game_id] = task
        task.add_done_callback(lambda t, g=game_id: self._done(g, t))

    def _done(self, game_id: int, task: asyncio.Task) -> None:
        if self._running.get(game_id) is task:
            del self._running[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("bot turn in game %s failed", game_id, exc_info=task.exception())

    async def idle(self) -> None:
        """Until no bot is thinking or moving (tests, shutdown)."""
        while self._running:
            await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    async def close(self) -> None:
        """Stop playing (a shutdown): the seats' runners are cancelled and none starts again; a delivery they
        began runs on to its end (``Courier.deliver``), and the next start resumes the seats."""
        self._closed = True
        for task in list(self._running.values()):
            task.cancel()
        await asyncio.gather(*list(self._running.values()), return_exceptions=True)

    async def resume_all(self) -> None:
        """After a start: every game in play whose due seat the bot plays, a bot seat or a human seat it took over
        (a tour's seat, taken when its player's time ran out, stayed unplayed after a restart)."""
        for game_id in await self.sessions.store.game_ids(["active"]):
            self.resume(await self.sessions.load(game_id))

    def resume(self, game: GameView) -> None:
        """Play the game's due seat if the bot plays it and nothing is playing it now: after a start, and on the
        clock's tick for a run that failed (whatever failed, a seat the bot plays never waits for a person)."""
        if self.due_bot(game) is not None:
            self.schedule(game.id)

    # ------------------------------------------------------------------ playing
    def due_bot(self, game: GameView) -> int | None:
        """The due seat the bot plays now: a bot seat, or a human seat it has taken over."""
        if game.status != "active" or game.kind not in self.games:
            return None
        kind = self.games.kind(game.kind)
        if not has_ai(kind):
            return None
        taken = TableMeta.of(game.meta).taken
        return next((seat for seat in pending_seats(kind, game.state) if game.seats[seat].is_ai or seat in taken), None)

    async def take_over_idle(self, now: float) -> list[int]:
        """Games whose due human player has been idle longer than the game allows: the bot plays for them
        from now on (until they act again: ``Tables.welcome_back``); where nobody else waits on the seat, it makes
        that one decision and waits, as when a turn clock runs out (:meth:`play_once`: taking the seat over let the
        bot play a duel against itself to its end within seconds), and the next decision is idle anew from the
        moves it made. Returns the games taken over (or played for)."""
        taken_games = []
        for game_id in await self.sessions.store.game_ids(["active"]):
            game = await self.sessions.load(game_id)
            table = TableMeta.of(game.meta)
            limit = table.takeover_s
            if not limit or game.kind not in self.games or not has_ai(self.games.kind(game.kind)):
                continue
            if self.courier.reach.holding(game):
                continue                   # its channel refuses the bot's posts: nobody was shown the turn
            # idle since the last move, or since its posts went out again after a hold
            idle_since = max(game.last_activity_at or now, table.resumed_at)
            if now - idle_since < limit:
                continue
            due = [s for s in pending_seats(self.games.kind(game.kind), game.state)
                   if not game.seats[s].is_ai and s not in table.taken]
            # an away player's idle time leaves out their time away (and a player away now is not taken over)
            away = await self.courier.away.in_game(game, due, now)
            due = [s for s in due if game.seats[s].user_id not in away and now - idle_since - await
                   self.courier.away.seconds_away(game, game.seats[s].user_id, idle_since, now) >= limit]
            if not due:
                continue
            if self.owner is not None and not await self.sessions.store.claim_lease(
                    f"takeover:{game_id}", self.owner, 600, time.time()):
                continue
            if not others_waiting(game, due[0]):
                await self.play_once(game, due[0])
            else:
                await self.take_over(game, due)
            taken_games.append(game_id)
        return taken_games

    async def take_over(self, game: GameView, seats: Any, *, show: bool = True) -> None:
        """The bot plays for these human ``seats`` of ``game`` from now on (their time ran out, or they stayed idle
        too long), until their player acts again (:meth:`give_back`), and is set to play. The live message is drawn
        again with the change (a redraw stored in the same write): it said "Ben: place a die." above Ben's menu
        while the bot made his moves, as if they were still his to make; it now says the bot plays for him and how
        he takes the seat back ("My moves"), and offers no menu (``bot.engine.turn.menu_seat``). ``show``: deliver
        that redraw now (False: the caller does, once it has answered its interaction); the bot's first move
        delivers it in any case."""
        if not await self.courier.store_redraw(game.id, take=seats):
            await update_meta(self.sessions, game.id, take=seats)
        self.schedule(game.id)
        if show:
            await self.courier.deliver(game.id)

    async def play_once(self, game: GameView, seat: int) -> bool:
        """The stand-in makes one decision for human ``seat``, whose time ran out (``cogs.clock``) or who stayed
        idle too long (:meth:`take_over_idle`), without taking the seat over: where nobody else waits on it, taking
        it over let the bot play a whole duel against a bot to its end within seconds, and its player never got the
        chance to come back the notice promised. The seat keeps its player; its next decision has a clock (and an
        idle time) of its own. The bot seats then play on as usual. False when the seat moved meanwhile, or the
        game ended (nothing played)."""
        move = await self._choose(game, seat)
        locale = TableMeta.of(game.meta).seat_locales.get(seat) or game_locale(game)
        try:
            await self.sessions.apply_for_seat(game.id, seat, move, expected_version=game.version, locale=locale)
        except (StaleMove, GameNotActive):
            return False
        await self.courier.deliver(game.id)
        self.schedule(game.id)
        return True

    async def give_back(self, game: GameView, seat: int) -> bool:
        """The player is back (they acted): the bot stops playing for their seat, and the live message says so in
        its moves, where everyone sees the game (a redraw stored with the change, in the same write, and delivered
        with the next post; ``cogs.play.Play.on_seat_back`` delivers it when the player's action posts nothing).
        True when the bot was playing for the seat. The seat leaves the seats taken as they are at the write
        (``give``): two players coming back at once both stay back. A move the bot was choosing for the seat
        meanwhile no longer lands (``SessionManager.apply_for_seat``'s ``taken``)."""
        if seat not in TableMeta.of(game.meta).taken:
            return False
        back = [{"key": "bot.seat_back", "params": {"seat": seat}}]
        if not await self.courier.store_redraw(game.id, back, give={seat}):
            await update_meta(self.sessions, game.id, give={seat})
        return True

    async def _ask_ai(self, game: GameView, seat: int, hook: Callable[..., dict], *args: Any) -> dict:
        """``hook(kind, state, seat, *args, seed)`` off the event loop: in the AI's worker process (which
        loads the kind from its registry line and the state from its snapshot), else in a thread. The seed
        comes from the game's seed and version, so the same game replays to the same answers."""
        seed = (game.seed * 1_000_003 + game.version * 7919 + seat) % (2**63)
        kind, spec = self.games.kind(game.kind), self.kind_specs.get(game.kind)
        if self.executor is not None and spec is not None:
            return await asyncio.get_running_loop().run_in_executor(
                self.executor, ask_in_worker, spec, hook, kind.dumps(game.state), seat, *args, seed)
        return await asyncio.to_thread(hook, kind, game.state, seat, *args, seed)

    async def _choose(self, game: GameView, seat: int) -> dict:
        kind = self.games.kind(game.kind)
        level = bot_level(game, seat, kind)      # a taken-over seat gets the strongest level
        return await self._ask_ai(game, seat, type(kind).choose_move, level)

    async def advise(self, game: GameView, seat: int) -> dict:
        """The game's AI on what ``seat`` should do now (off the event loop, like a bot's own search)."""
        return await self._ask_ai(game, seat, type(self.games.kind(game.kind)).hint)

    async def _run(self, game_id: int) -> None:
        for _ in range(MAX_CHAIN):
            game = await self.sessions.load(game_id)
            seat = self.due_bot(game)
            if seat is None:
                return
            if self.pause:
                await asyncio.sleep(self.pause)
            move = await self._choose(game, seat)
            stand_in = not game.seats[seat].is_ai
            locale = TableMeta.of(game.meta).seat_locales.get(seat) if stand_in else None
            locale = locale or game_locale(game)
            try:
                if stand_in:                  # only while the seat is still taken (its player may be back)
                    await self.sessions.apply_for_seat(game_id, seat, move, expected_version=game.version,
                                                       locale=locale, taken=True)
                else:
                    await self.sessions.apply_ai(game_id, seat, move, expected_version=game.version, locale=locale)
            except StaleMove:
                continue                      # someone else moved meanwhile, or the player is back: look again
            except GameNotActive:             # abandoned (or ended) while the bot thought: nothing left to play
                log.info("game %s ended while its bot seat %s was choosing", game_id, seat)
                return
            await self.courier.deliver(game_id)
