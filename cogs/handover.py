"""``/seat give`` and ``/seat withdraw``: hand a seat of a game in play to another member of the server.

Games last days, and a player may have to stop: they hand their seat to someone who is not playing in the game
(``/seat give to:@Cleo``), or, for a player who left the server or whose seat the bot plays now (``TableMeta.taken``),
the game's creator or a member with Manage Channels does (``/seat give to:@Cleo player:@Dan``). Nobody is put into a
game against their will: the offer is a message in the game's channel that pings the newcomer, with Accept and
Decline for them and Withdraw for whoever offered it (or the seat's player, the creator, a moderator); until they
accept nothing changes, and an offer lasts :data:`OFFER_S`. Offers are kept in the game's meta
(``TableMeta.offers``) and the buttons carry everything else, so both survive a restart.

Once accepted the engine gives the seat its new holder (``SessionManager.hand_over``): from then on turn pings,
menus, clocks, ``/games`` and the live message are theirs, the bot stands in no more, and the log says the seat
changed hands. The rule of ratings and stats (README, "Handing a seat over"): a seat that changed hands is rated
for nobody at the end (its holders each played part of it; the others are rated against it as against the bot
at its strongest), and its result is its last holder's, counted as played, in no win, average or best score. A
player who gives their own seat away in a rated game once another seat has moved forfeits it, as leaving with
``abandon`` does: they are rated now as having lost.
"""
from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameView, SessionManager
from bot.engine.errors import AlreadySeated, StaleMove
from bot.engine.table import TableMeta, acts_as_creator, update_meta
from bot.i18n import t

from .buttons import ShellButton
from .clock import PaceClock
from .core import Refusal, game_locale, locale_of, pings
from .games import Games
from .groups import root_group, server_only
from .outbox import Courier
from .seam import player_mention

log = logging.getLogger(__name__)

#: How long an offer waits for its answer (seconds): a day, as players of asynchronous games look in once a day.
OFFER_S = 24 * 3600
ACTIONS = ("accept", "decline", "withdraw")


class HandOverButton(ShellButton, template=r"rp:ho:(?P<game>[0-9]{1,20}):(?P<seat>[0-9]{1,2}):(?P<to>[0-9]{1,20}):"
                                          r"(?P<action>accept|decline|withdraw)"):
    """An offer's answer: ``to`` (the person offered the seat) ties the button to one offer, so a button of an
    earlier offer of the same seat finds none."""
    prefix, service, handler = "rp:ho", "handover", "on_offer_button"


def may_moderate(interaction: discord.Interaction, game: GameView) -> bool:
    """The game's creator (while they have not left its table: ``acts_as_creator``), or a member who may manage this
    channel (as ``abandon`` allows them)."""
    return acts_as_creator(game, interaction.user.id) or (
        interaction.guild_id is not None and interaction.permissions.manage_channels)


def is_member(user: Any) -> bool:
    """Whether a user option's person is a member of the server: Discord resolves a member as one (with their roles
    and nickname), anyone else as a plain user."""
    return isinstance(user, discord.Member)


def offer_view(game_id: int, seat: int, to: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    styles = {"accept": discord.ButtonStyle.success, "decline": discord.ButtonStyle.secondary,
              "withdraw": discord.ButtonStyle.secondary}
    for action in ACTIONS:
        view.add_item(HandOverButton(game_id, seat, to, action, label=t(f"handover.button.{action}", locale),
                                     style=styles[action]))
    return view


class HandOver(commands.Cog):
    def __init__(self, sessions: SessionManager, games: Games, courier: Courier,
                 clock: Callable[[], float] = time.time, pace_clock: PaceClock | None = None):
        self.sessions = sessions
        self.games = games
        self.courier = courier
        self.clock = clock
        #: closes the time-out questions about a seat once it changed hands
        self.pace_clock = pace_clock

    def command_group(self) -> app_commands.Group:
        """``/seat give to:<member> [player:<user>]`` and ``/seat withdraw [player:<user>]`` (a top-level group:
        ``/rp`` has Discord's 25 entries already)."""
        give: dict = {"to": (discord.User, inspect.Parameter.empty, "cmd.seat.give.to"),
                      "player": (discord.User | None, None, "cmd.seat.player")}
        withdraw: dict = {"player": (discord.User | None, None, "cmd.seat.player")}
        return server_only(root_group("seat", (("give", self.give, give, {}),
                                               ("withdraw", self.withdraw, withdraw, {}))))

    # ------------------------------------------------------------------------------- the commands
    async def running_game(self, interaction: discord.Interaction) -> GameView:
        """The game in play in the channel asked in: a seat is handed where its game is played (a lobby's seats
        come and go with Join and Leave)."""
        if interaction.guild_id is None:
            raise Refusal("error.guild_only")
        game = await self.sessions.game_in_channel(interaction.channel_id)
        if game is None:
            raise Refusal("handover.error.no_game")
        if game.status != "active":
            raise Refusal("handover.error.lobby")
        return game

    def seat_of(self, game: GameView, interaction: discord.Interaction, player: Any) -> int:
        """The seat the command is about: the asker's, or ``player``'s (a refusal names who does not play)."""
        holder = player or interaction.user
        seat = game.seat_of(holder.id)
        if seat is None:
            if player is None:
                raise Refusal("handover.error.not_seated")
            raise Refusal("handover.error.not_in_game", player=holder.mention)
        return seat

    def check_giver(self, game: GameView, seat: int, interaction: discord.Interaction, player: Any) -> None:
        """Who may hand ``seat``: its player, or (the creator or a moderator) for a player who left the server or
        whose seat the bot plays now; never a seat a present player plays themselves against their will."""
        if game.seats[seat].user_id == interaction.user.id:
            return
        if not may_moderate(interaction, game):
            raise Refusal("handover.error.not_permitted")
        if seat not in TableMeta.of(game.meta).taken and is_member(player):
            raise Refusal("handover.error.player_here", player=player.mention)

    @staticmethod
    def check_newcomer(game: GameView, seat: int, to: Any) -> None:
        """Whom a seat may go to: a person of the server (no bot account) who plays in the game nowhere yet."""
        if to.id == game.seats[seat].user_id:
            raise Refusal("handover.error.self")
        if to.bot:
            raise Refusal("handover.error.bot", player=to.mention)
        if game.seat_of(to.id) is not None:
            raise Refusal("handover.error.seated", player=to.mention)
        if not is_member(to):
            raise Refusal("handover.error.not_member", player=to.mention)

    async def give(self, interaction: discord.Interaction, to: Any, player: Any = None) -> None:
        """Offer a seat to ``to``: the offer is stored, then posted in the channel pinging them (a newer offer of
        the same seat replaces an older one, whose message then says so, its buttons gone). A player giving their
        own seat in a rated game is told privately that it will count as a loss for them once accepted."""
        game = await self.running_game(interaction)
        seat = self.seat_of(game, interaction, player)
        self.check_giver(game, seat, interaction, player)
        self.check_newcomer(game, seat, to)
        now = self.clock()
        own = game.seats[seat].user_id == interaction.user.id
        offer = {"to": to.id, "from": game.seats[seat].user_id, "by": interaction.user.id, "at": now,
                 "by_name": None if own else interaction.user.display_name}
        older = TableMeta.of(game.meta).offers.get(seat)
        await update_meta(self.sessions, game.id, offers={**TableMeta.of(game.meta).offers, seat: offer})
        locale = game_locale(game)
        cooperative = self.games.kind(game.kind).cooperative    # never rated: the offer says nothing of ratings
        key = ("handover.offer_own_team" if cooperative else "handover.offer_own") if own else (
            "handover.offer_for_team" if cooperative else "handover.offer_for")
        text = t(key, locale, to=to.mention, player=player_mention(game, seat), by=interaction.user.mention,
                 game=t(self.games[game.kind].title_key, locale), until=f"<t:{int(now + OFFER_S)}:R>",
                 accept=t("handover.button.accept", locale))
        sent = await interaction.response.send_message(text, view=offer_view(game.id, seat, to.id, locale),
                                                       **pings([to.id]))
        message_id = getattr(sent, "message_id", None)
        if message_id is not None:
            await self.note_offer_message(game.id, seat, to.id, message_id)
        if older is not None:
            await self.close_offer(game, older, t("handover.replaced", locale, to=f"<@{older['to']}>"))
        if own and await self.sessions.would_forfeit(game.id, interaction.user.id):
            await interaction.followup.send(t("handover.forfeit_warning", locale_of(interaction)), ephemeral=True)

    async def note_offer_message(self, game_id: int, seat: int, to: int, message_id: int) -> None:
        """Keep the offer's message id with it, so that its withdrawal, replacement or expiry edits the message
        (its buttons would otherwise look open to the person it pinged)."""
        offers = TableMeta.of((await self.sessions.load(game_id)).meta).offers
        if seat in offers and offers[seat]["to"] == to:
            await update_meta(self.sessions, game_id, offers={**offers, seat: {**offers[seat], "message": message_id}})

    async def close_offer(self, game: GameView, offer: Any, text: str) -> None:
        """Edit an offer's message into ``text`` without its buttons, pinging nobody: it no longer stands. An offer
        from before its message was kept, or a message deleted or out of reach, is left as it is."""
        if not offer.get("message"):
            return
        channel = self.courier.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.get_partial_message(offer["message"]).edit(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden):
            pass
        except discord.HTTPException as error:
            log.warning("game %s: seat offer %s not closed: %r", game.id, offer["message"], error)

    async def expire_offers(self, now: float) -> None:
        """The clock's minute: each offer whose day has passed is dropped, and its message says it expired (its
        buttons gone); before, it looked open until someone clicked it."""
        for game_id in await self.sessions.store.game_ids(["active"]):
            game = await self.sessions.load(game_id)
            offers = TableMeta.of(game.meta).offers
            stale = {seat: offer for seat, offer in offers.items() if offer["at"] + OFFER_S <= now}
            if not stale:
                continue
            await update_meta(self.sessions, game_id, offers={s: o for s, o in offers.items() if s not in stale})
            for offer in stale.values():
                await self.close_offer(game, offer, t("handover.expired", game_locale(game), to=f"<@{offer['to']}>"))

    async def withdraw(self, interaction: discord.Interaction, player: Any = None) -> None:
        """Take back an open offer of the asker's seat (or ``player``'s); answered privately."""
        game = await self.running_game(interaction)
        seat = self.seat_of(game, interaction, player)
        offer = TableMeta.of(game.meta).offers.get(seat)
        if offer is None:                      # none was made, or it was answered: not "no longer stands"
            if player is None:
                raise Refusal("handover.error.no_open_offer")
            raise Refusal("handover.error.no_open_offer_of", player=player.mention)
        self.check_withdrawer(game, seat, offer, interaction)
        await self.drop_offer(game.id, seat)
        await interaction.response.send_message(t("handover.withdrawn", locale_of(interaction)), ephemeral=True)
        await self.close_offer(game, offer, t("handover.withdrawn_public", game_locale(game), to=f"<@{offer['to']}>",
                                              by=interaction.user.mention))

    @staticmethod
    def check_withdrawer(game: GameView, seat: int, offer: Any, interaction: discord.Interaction) -> None:
        """Whoever offered the seat, its player, the creator or a moderator may take an offer back."""
        if interaction.user.id not in (offer["by"], game.seats[seat].user_id) and not may_moderate(interaction, game):
            raise Refusal("handover.error.not_withdrawer")

    async def drop_offer(self, game_id: int, seat: int) -> None:
        game = await self.sessions.load(game_id)
        offers = TableMeta.of(game.meta).offers
        if seat in offers:
            await update_meta(self.sessions, game_id, offers={s: o for s, o in offers.items() if s != seat})

    # -------------------------------------------------------------------------------- the buttons
    async def on_offer_button(self, interaction: discord.Interaction, game_id: int, seat: int, to: int,
                              action: str) -> None:
        """Accept, Decline or Withdraw on an offer's message: refused privately when the offer no longer stands
        (answered, withdrawn, replaced, expired, or the game is over) or is not the clicker's to answer."""
        game = await self.sessions.load(game_id)
        offer = TableMeta.of(game.meta).offers.get(seat)
        if game.status != "active" or offer is None or offer["to"] != to:
            raise Refusal("handover.error.no_offer")
        locale = game_locale(game)
        if offer["at"] + OFFER_S <= self.clock():
            await self.drop_offer(game_id, seat)
            await self.close_offer(game, offer, t("handover.expired", locale, to=f"<@{to}>"))
            raise Refusal("handover.error.expired")
        if action == "withdraw":
            self.check_withdrawer(game, seat, offer, interaction)
            await self.drop_offer(game_id, seat)
            await interaction.response.edit_message(
                content=t("handover.withdrawn_public", locale, to=f"<@{to}>", by=interaction.user.mention), view=None)
            return
        if interaction.user.id != to:
            raise Refusal("handover.error.not_for_you")
        if action == "decline":
            await self.drop_offer(game_id, seat)
            await interaction.response.edit_message(
                content=t("handover.declined", locale, to=f"<@{to}>"), view=None)
            return
        await self.accept(interaction, game, seat, offer, locale)

    async def accept(self, interaction: discord.Interaction, game: GameView, seat: int, offer: Any,
                     locale: str) -> None:
        """The newcomer takes the seat (one write: ``SessionManager.hand_over``); the offer's message says so, then
        the live message is delivered (a new one pinging them when the seat is due)."""
        forfeit = offer["by"] == offer["from"]
        # only the seat's first holder is rated for leaving it (README): a later holder's forfeit changes nothing,
        # and the seat's rating change in this game, if any, is that first holder's
        first_holder = seat not in TableMeta.of(game.meta).handed
        cooperative = self.games.kind(game.kind).cooperative
        try:
            game = await self.sessions.hand_over(game.id, seat, offer["from"], interaction.user.id,
                                                 interaction.user.display_name, forfeit=forfeit,
                                                 by_name=None if forfeit else offer.get("by_name"))
        except StaleMove:
            await self.drop_offer(game.id, seat)
            raise Refusal("handover.error.no_offer") from None
        except AlreadySeated:
            await self.drop_offer(game.id, seat)
            raise Refusal("handover.error.seated", player=interaction.user.mention) from None
        lines = [t("handover.accepted", locale, to=interaction.user.mention, player=f"<@{offer['from']}>")]
        change = (await self.sessions.store.rating_changes(game.id)).get(seat) if forfeit and first_holder else None
        if change is not None:
            before, after, _games = change
            lines.append(t("handover.forfeit", locale, player=f"<@{offer['from']}>", before=before, after=after))
        if not cooperative:                    # a co-operative game is rated for nobody anyway
            lines.append(t("handover.unrated", locale))
        await interaction.response.edit_message(content="\n".join(lines), view=None)
        if self.pace_clock is not None:
            await self.pace_clock.close_handed(game, seat, f"<@{offer['from']}>")
        await self.courier.deliver(game.id)
