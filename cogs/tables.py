"""What the play, hint and undo Cogs share: the game a command or click is about, the seat of who sent it
and its legal moves, each refused politely (``Refusal``) when it does not fit."""
from __future__ import annotations

from typing import Any

import discord

from bot.engine import GameView, SessionManager, decision_of, pending_seats
from bot.engine.table import TableMeta
from bot.i18n import N_, t

from .bots import BotPlayer
from .core import AWAY_ENDED, GROUP_EXTRA, SEAT_BACK, Refusal
from .games import Games
from .groups import GameCog
from .seam import Presentation, player_name
from .seats import listed_players, shown_game


async def game_to_look_at(sessions: SessionManager, games: Games, interaction: discord.Interaction,
                          presentation: Presentation) -> GameView:
    """The game a look (a sheet, the table, the log, the replay) in a channel is about: its game of
    ``presentation``'s kind once started, else its last one of that kind, over or not (a finished game's players
    look at their final sheets: its result post shows only the last mover's). Refused when there is none, naming
    the game played here when it is another kind's; a lobby with no game before it has not started."""
    current = await sessions.game_in_channel(interaction.channel_id)
    if current is not None and current.kind == presentation.kind and current.state is not None:
        return current
    game = await sessions.last_game_in_channel(interaction.channel_id, presentation.kind)
    if game is not None:
        return game
    if current is not None and current.kind != presentation.kind and current.kind in games:
        raise games.other_game_here(interaction, current.kind)
    if current is not None and current.kind == presentation.kind:
        raise Refusal("error.not_started")
    raise games.no_game_here(interaction, presentation)


class Tables(GameCog):
    """A feature Cog that acts on games in play (``Play``, ``Hints``, ``Undo``)."""

    def __init__(self, sessions: SessionManager, games: Games, bots: BotPlayer):
        self.sessions = sessions
        self.games = games
        self.bots = bots

    def kind(self, game: GameView) -> Any:
        return self.games.kind(game.kind)

    def presentation(self, game: GameView) -> Presentation:
        return self.games[game.kind]

    player_name = staticmethod(player_name)

    def shown(self, game: GameView, locale: str) -> GameView:
        """``game`` with its seats named for a reader of ``locale`` (``cogs.seats.shown_game``): what a private
        answer to that reader draws, its bots in the reader's language."""
        return shown_game(game, locale, self.kind(game))

    def pending_seats(self, game: GameView) -> list[int]:
        return pending_seats(self.kind(game), game.state)

    def decision_text(self, game: GameView, seat: int, locale: str) -> str:
        """The seat's decision as its own player reads it privately (every caller answers that player only):
        with what only they may know (``Presentation.private_note``). A seat that is not due (it used a move
        allowed at any time) waits for whoever is: "Next: wait for Ann." (it read "Next: to decide.")."""
        waiting = self.waiting_for(game, seat, locale)
        if waiting:
            return t("play.waiting_for", locale, players=waiting)
        presentation = self.presentation(game)
        text = presentation.decision_prompt(game, seat, decision_of(self.kind(game), game.state, seat), locale)
        note = presentation.private_note(game, seat, locale)
        return t("play.decision_noted", locale, decision=text, note=note) if note else text

    def waiting_for(self, game: GameView, seat: int, locale: str) -> str:
        """The players ``seat`` waits for as its player reads them, "" when it is due itself (or nobody is)."""
        due = self.pending_seats(game) if game.state is not None else []
        if not due or seat in due:
            return ""
        return listed_players(self.shown(game, locale), due, locale)

    async def channel_game(self, interaction: discord.Interaction, presentation: Presentation | None = None
                           ) -> GameView:
        """The open game of the interaction's channel, which must be of ``presentation``'s kind."""
        game = await self.sessions.game_in_channel(interaction.channel_id)
        if game is None:
            raise self.games.no_game_here(interaction, presentation)
        if presentation is not None and game.kind != presentation.kind:
            raise self.games.other_game_here(interaction, game.kind)
        return game

    async def active_channel_game(self, interaction: discord.Interaction) -> GameView:
        """The channel's game, of the command's group, in play."""
        game = await self.channel_game(interaction, self.presentation_of(interaction))
        if game.status != "active":
            raise self.not_started(game, interaction.user.id)
        return game

    def not_started(self, game: GameView, user_id: int) -> Refusal:
        """The refusal of a move, hint or undo in a channel whose game is a lobby (the channel's open game that is not
        in play): it has not started yet, and what the asker does about it: its creator starts it, a player who
        joined waits for the creator, anyone else joins first. It read "This game is no longer running", of a game
        that had not begun."""
        creator = game.seat_of(game.creator_id)
        named = player_name(game, creator) if creator is not None else "-"
        if user_id == game.creator_id:
            return Refusal("error.not_started_creator")
        if game.seat_of(user_id) is not None:
            return Refusal("error.not_started_seated", creator=named)
        return Refusal("error.not_started_join", creator=named)

    async def seat_here(self, interaction: discord.Interaction, presentation: Presentation
                        ) -> tuple[GameView, int] | None:
        """For autocomplete, which answers and never refuses: the channel's game of ``presentation`` in play
        and the asker's seat in it, or None."""
        game = await self.sessions.game_in_channel(interaction.channel_id)
        if game is None or game.kind != presentation.kind or game.status != "active" or game.state is None:
            return None
        seat = game.seat_of(interaction.user.id)
        return None if seat is None else (game, seat)

    async def active_game(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """The game a component names, in play; it must live in the channel the click came from."""
        game = await self.clicked_game(interaction, game_id)
        if game.status != "active":
            raise self.game_ended(game)
        return game

    def game_ended(self, game: GameView) -> Refusal:
        """The refusal of acting on a started game that is over (finished, or ended early), with the next step: its
        log, by number, or a new game (in a DM a solo one, as ``/<game> new`` is refused there). A button or menu of
        an abandoned game answered only "This game is no longer running", and left the player with nothing to do."""
        dm = game.guild_id is None
        if game.status == "finished":
            key = N_("error.game_over_next_dm") if dm else N_("error.game_over_next")
        else:
            key = N_("error.game_ended_next_dm") if dm else N_("error.game_ended_next")
        return Refusal(key, group=self.games.group_name(self.presentation(game)), game=game.id)

    async def clicked_game(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """The started game a look, undo or move component names (over or not). A public message's components
        work in the game's channel only; a private one's (a menu opened from ``/games`` in another channel or a
        DM) for the game's players wherever it was opened: their moves' posts still go to the game's channel."""
        game = await self.sessions.load(game_id)
        if game.kind in self.games:     # a click names no command: messages that name one name the game's group
            interaction.extras[GROUP_EXTRA] = t(self.games[game.kind].group_key, "en")
        message = interaction.message
        private = message is not None and message.flags.ephemeral and game.seat_of(interaction.user.id) is not None
        if game.channel_id != interaction.channel_id and not private:
            raise Refusal("error.wrong_channel")
        if game.state is None:
            raise Refusal("engine.error.game_not_active")
        return game

    async def welcome_back(self, game: GameView, seat: int, interaction: discord.Interaction | None = None, *,
                           looking: bool = False) -> None:
        """A player acting again (a move, a die toggled, their menu of moves, a hint, an undo) is back: from being
        away (``cogs.away``: a cached "not away" costs no query), and in their own seat when the bot stood in for
        it (idle-seat takeover: ``BotPlayer.give_back``, which says so in the live message). A look (``looking``
        at the table or a sheet) is neither, as ``/away`` tells the player ("a look at the table does not count"):
        a tour's look at the table silently ended the bot's stand-in. The ``interaction`` is marked
        (``AWAY_ENDED``, ``SEAT_BACK``) so that the player is told privately after its answer
        (``cogs.core.tell_back``)."""
        if looking:
            return
        away = self.bots.courier.away
        user = game.seats[seat].user_id
        if user and await away.came_back(user, away.clock()) and interaction is not None:
            interaction.extras[AWAY_ENDED] = game.id
        if seat in TableMeta.of(game.meta).taken and await self.bots.give_back(game, seat) \
                and interaction is not None:
            interaction.extras[SEAT_BACK] = game.id

    def seat_of(self, game: GameView, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("error.not_your_game")
        return seat

    def legal_for(self, game: GameView, seat: int, locale: str) -> list[dict]:
        """The seat's legal moves now; none: refused, naming whose turn it is for the asker (``locale``)."""
        legal = self.kind(game).legal_moves(game.state, seat)
        if not legal:
            raise self.not_your_turn(game, locale)
        return legal

    def not_your_turn(self, game: GameView, locale: str, seat: int | None = None, legal: list[dict] | None = None
                      ) -> Refusal:
        """The refusal of a move out of turn, naming who is due as the asker reads it (``locale``: the bots in their
        language, Korean's 님 after each person; the list is joined here, so its catalog text cannot). With the
        asker's ``seat`` and ``legal`` moves: also what they may do meanwhile, when the game names something
        (``Presentation.out_of_turn_moves``: Roll Player's any-time Skills), which "not your turn" alone hid."""
        players = listed_players(self.shown(game, locale), self.pending_seats(game), locale) or "-"
        if seat is not None and legal:
            moves = self.presentation(game).out_of_turn_moves(self.shown(game, locale), seat, legal, locale)
            if moves:
                return Refusal("error.not_your_turn_but", players=players, moves=moves)
        return Refusal("error.not_your_turn", players=players)

