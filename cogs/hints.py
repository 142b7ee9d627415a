"""Hints: ``/<game> hint`` and the Hint button of a menu say, privately, the move the game's AI would make
now and why (``GameKind.hint`` for the advice, the presentation's ``hint_text`` for the words). Nothing
changes; a game's creator may switch hints off (``TableMeta.hints``)."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine import GameView
from bot.engine.table import TableMeta
from bot.i18n import t

from .core import Refusal, defer, locale_of, send_after_defer
from .groups import offered_if
from .tables import Tables
from .translator import cmd_str


def hints_on(kind: Any, game: GameView) -> bool:
    """The game's rules can explain a strong move, and its creator left hints on."""
    return kind.has_hint and TableMeta.of(game.meta).hints


class Hints(Tables):
    @offered_if(lambda cog, presentation: cog.games.kind(presentation.kind).has_hint)
    @app_commands.command(name=cmd_str("cmd.hint.name"), description=cmd_str("cmd.hint.description"))
    async def hint_cmd(self, interaction: discord.Interaction) -> None:
        game = await self.active_channel_game(interaction)
        seated = game.seat_of(interaction.user.id)
        if seated is not None:      # asking is acting, as the Hint button is: back from away, and in one's own seat
            await self.welcome_back(game, seated, interaction)
        await self.hint(interaction, game)

    async def hint(self, interaction: discord.Interaction, game: GameView) -> None:
        """Privately: the move the AI would make now and why, in one line; nothing changes. Only for the decision
        due: a player who only has a move out of turn (one the rules allow at any time) is told whose turn it is
        (a hint there suggested that any-time move, a poor one, as if it were the decision at hand), and what they
        may use meanwhile (a tour read only "not your turn" while holding an any-time Skill)."""
        seat = self.seat_of(game, interaction.user.id)
        if not hints_on(self.kind(game), game):
            raise Refusal("error.hints_off")
        locale = locale_of(interaction)
        legal = self.legal_for(game, seat, locale)
        if seat not in self.pending_seats(game):
            raise self.not_your_turn(game, locale, seat, legal)
        await defer(interaction, ephemeral=True)
        advice = await self.bots.advise(game, seat)
        presentation, shown = self.presentation(game), self.shown(game, locale)
        label = presentation.hint_label(shown, seat, advice, locale)
        why = presentation.hint_text(shown, seat, advice, locale)
        await send_after_defer(interaction, t("play.hint", locale, move=label, why=why), ephemeral=True)
