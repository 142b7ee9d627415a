"""Undo: ``/<game> undo`` and the Undo button of a player's private menu take back their last move (the
policy, Board Game Arena's, is the engine's: ``bot.engine.undo``). An undo overtaken by a later move changes
nothing: the private menu is redrawn as the game is now, under a sentence naming who moved since."""
from __future__ import annotations

import discord
from discord import app_commands

from bot.engine import GameView, StaleMove
from bot.engine.errors import UndoAfterOtherPlayer, UndoAfterReveal, UndoAfterTurnEnded
from bot.engine.table import TableMeta
from bot.engine.undo import effective_moves, replay
from bot.i18n import t

from .core import Refusal, Reply, acknowledge, defer, locale_of, reply_of
from .groups import offered_if
from .menus import MAIN
from .moving import REBASE_WINDOW
from .play import Play
from .seats import listed_players
from .tables import Tables
from .translator import cmd_str


class Undo(Tables):
    def __init__(self, play: Play):
        super().__init__(play.sessions, play.games, play.bots)
        self.play = play

    @offered_if(lambda cog, presentation: cog.games.kind(presentation.kind).has_undo)
    @app_commands.command(name=cmd_str("cmd.undo.name"), description=cmd_str("cmd.undo.description"))
    async def undo_cmd(self, interaction: discord.Interaction) -> None:
        if await self.sessions.game_in_channel(interaction.channel_id) is None:
            await self.refuse_after_the_end(interaction)
        game = await self.active_channel_game(interaction)
        await self.take_back(interaction, game, game.version, from_component=False)

    async def refuse_after_the_end(self, interaction: discord.Interaction) -> None:
        """``/<game> undo`` where the channel's last game of the group is over and the asker played in it: the last
        move cannot be taken back, and this says so. Right after a game's last move, ``/poker undo`` answered "no
        open game here, open one with /poker new", as if the game had never been. Nothing to say otherwise (the
        usual "no game here" follows)."""
        presentation = self.presentation_of(interaction)
        game = await self.sessions.last_game_in_channel(interaction.channel_id, presentation.kind)
        if game is not None and game.status in ("finished", "abandoned") and game.state is not None \
                and game.seat_of(interaction.user.id) is not None:
            raise Refusal("undo.game_over", game=game.id, group=self.games.group_name(presentation))

    async def on_undo_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        """The Undo button of a private menu (``cogs.buttons.UndoButton``): take back the move of ``version``."""
        game = await self.clicked_game(interaction, game_id)
        await self.take_back(interaction, game, version, from_component=True)

    async def take_back(self, interaction: discord.Interaction, game: GameView, version: int, *,
                        from_component: bool) -> None:
        """``/<game> undo`` and the Undo button: take back the player's last move (policy and refusals in
        ``bot.engine.undo``), made at ``version``. Persisted (with its log line and, when who is due changed,
        its public post) before anything is answered; the player then sees where they are again."""
        if game.status != "active":
            raise self.game_ended(game)
        await self.play.courier.reach.check_playable(interaction, game)
        seat = self.seat_of(game, interaction.user.id)
        locale = locale_of(interaction)
        if from_component:
            Reply(interaction)                          # answered with the change, like a move button
        if version != game.version:
            await self.undo_overtaken(interaction, game, seat, version, locale)
            return
        if not from_component:
            await defer(interaction, ephemeral=True)
        try:
            result = await self.sessions.undo(game.id, interaction.user.id, expected_version=version)
        except StaleMove:                               # another move landed meanwhile (simultaneous phases)
            await self.undo_overtaken(interaction, await self.sessions.load(game.id), seat, version, locale)
            return
        except UndoAfterOtherPlayer as refused:         # name who moved since the player's own last move
            since = refused.params.get("since")
            reveal_key = self.presentation(game).undo_reveal_key
            if reveal_key is not None and since is not None and await self.revealed_since(game, since):
                raise Refusal(reveal_key) from None
            if since is None or game.version - since > REBASE_WINDOW:
                raise
            key, params = await self.overtaken_reason(game, seat, since, locale)
            raise Refusal(key, **params) from None
        except UndoAfterReveal:                         # in the game's words, where it has its own
            reveal_key = self.presentation(game).undo_reveal_key
            if reveal_key is None:
                raise
            raise Refusal(reveal_key) from None
        except UndoAfterTurnEnded as refused:           # name whose turn began after the player's move
            raise Refusal("undo.refused_turn_over",
                          player=self.player_name(game, refused.params["seat"])) from None
        # only an undo that took something back is acting on the game: a refused one changes nothing, and a player
        # checking whether they could still take a move back silently ended the bot's stand-in for them
        await self.welcome_back(game, seat, interaction)
        game = await self.sessions.load(game.id)
        label = self.presentation(game).move_label(self.shown(game, locale), seat, result.undone_move, locale)
        in_private = from_component and interaction.message is not None and interaction.message.flags.ephemeral
        if result.turn.public:
            if in_private:
                await self.play.close_private(interaction, t("undo.done", locale, move=label), (game.id, seat))
            await acknowledge(interaction)
            await interaction.followup.send(t("undo.done", locale, move=label), ephemeral=True)
            await self.play.go_public(interaction, game)
        else:
            # the player's step message says "Done: …" of the move taken back: once the answer takes its place
            # (``Play.remember_private``, one call after the answer) it says that the move was taken back
            mine = self.play.private.get((game.id, seat))
            if mine is not None and mine.retired is not None:
                mine.retired = t("undo.done", locale, move=label)
            await self.play.send_private_continuation(interaction, game, seat, label, locale, in_place=in_private,
                                                      content_key="undo.done_continue")
            await acknowledge(interaction)
            # an undo that changed the decision at hand redraws the live message, whose due line names it (a post
            # the turn book stored with the undo; none otherwise: then nothing goes out)
            await self.play.courier.deliver(game.id)
        await self.play.close_time_out_questions(game)

    async def revealed_since(self, game: GameView, since: int) -> bool:
        """Whether a move in effect after the player's own last one (``since``, its seq) showed something new (the
        rules' ``reveals``): then that is why it stands, whoever moved since. Replays the effective log."""
        kind = self.kind(game)
        moves = effective_moves(await self.sessions.store.moves(game.id))
        state = replay(kind, len(game.seats), game.seed, game.options, [m for m in moves if m.seq <= since])
        for move in (m for m in moves if m.seq > since):
            after, _events = kind.apply(state, move.seat, move.move)
            if kind.reveals(state, move.move, after):
                return True
            state = after
        return False

    async def overtaken_reason(self, game: GameView, seat: int, version: int, locale: str) -> tuple[str, dict]:
        """Why an undo made for ``version`` no longer takes anything back, as a message key and its params: who
        else moved since (the moves logged after ``version``), named as the asker reads them (``locale``); that the
        rules moved for a seat whose time ran out (``TableMeta.ruled``: the asker's own, or others'), when nobody
        else moved; else that the game changed (the player's own moves or undos since, or a log too far on)."""
        behind = game.version - version
        since = await self.sessions.store.moves_between(game.id, version, game.version) \
            if 0 < behind <= REBASE_WINDOW else []
        ruled = TableMeta.of(game.meta).ruled
        by_rules = list(dict.fromkeys(r.seat for r in since if r.user_id is None and r.seq in ruled.get(r.seat, ())))
        others = list(dict.fromkeys(r.seat for r in since if r.seat != seat and r.seat not in by_rules))
        shown = self.shown(game, locale)
        if by_rules and not others:
            # the rules moved for a seat whose time ran out: named so (it read "the game has changed since")
            if seat in by_rules:
                return "undo.refused_ruled_you", {}
            return "undo.refused_ruled", {"players": listed_players(shown, by_rules, locale)}
        if len(others) == 1:
            return "undo.refused_player_moved", {"player": self.player_name(shown, others[0])}
        if others:
            return "undo.refused_players_moved", {"players": listed_players(shown, others, locale)}
        return "undo.refused_changed", {}

    async def undo_overtaken(self, interaction: discord.Interaction, game: GameView, seat: int, version: int,
                             locale: str) -> None:
        """An undo made for ``version`` when the game has moved on since: nothing changes. A click on the
        player's private menu redraws it in place as the game is now, under a sentence saying why the move
        stands (a player with nothing left to do sees who is being waited for, without a menu); a command, or
        a click elsewhere, is refused with that sentence."""
        key, params = await self.overtaken_reason(game, seat, version, locale)
        message = interaction.message
        if reply_of(interaction) is None or message is None or not message.flags.ephemeral \
                or game.status != "active":
            raise Refusal(key, **params)
        reason = t(key, locale, **params)
        if self.kind(game).legal_moves(game.state, seat):
            moves = self.play.moves_heading(game, seat, locale, MAIN)
            await self.play.send_private_continuation(interaction, game, seat, "", locale, in_place=True,
                                                      content=f"{reason}\n{moves}")
            return
        refusal = self.not_your_turn(game, locale)
        await self.play.close_private(interaction, f"{reason}\n{t(refusal.key, locale, **refusal.params)}",
                                      (game.id, seat))
