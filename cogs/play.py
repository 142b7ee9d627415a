"""Playing a game: the turn prompt, move buttons and selects, ``/rp play|sheet|table|log``, reminders.

Turn prompt policy (one public message per completed step, one mention per turn):

* A move whose player still has a decision in the same phase (take a card → place the die → action)
  continues *privately*: the player gets an ephemeral message with their sheet and the next menu.
* Otherwise (the player is done, the phase or round changed, or the game ended) ONE public message goes to
  the channel: the mover's sheet and the table as pictures, a one-line log of everything since the last
  public message, and a mention of each player who has just become due (nobody is mentioned twice for the
  same turn).  With a single player due, the prompt carries their menu; otherwise a "My moves" button.
* Every click and every ``/rp play`` is checked against the current version and the player's legal moves.
"""
from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine import StaleMove
from bot.games.errors import RuleError
from bot.i18n import DEFAULT_LOCALE, cmd_str, t

from .buttons import move_check, parse_choice_values
from .core import (
    SEAT_LOCALES_META,
    Refusal,
    SubcommandCog,
    check_bot_permissions,
    defer,
    in_worker,
    locale_of,
    public_locale,
    remember_seat_locale,
    send_after_defer,
    tracker,
)
from .describe import display_params, event_text, move_label, player_name
from .menus import ALL, EXTRA, MAIN, add_look_buttons, move_view, shown_moves

log = logging.getLogger(__name__)

LOG_META = "unposted_events"      # events since the last public post (JSON list)
NOTIFIED_META = "notified"        # [[seat, version]] mentions already sent for the current decisions
PROMPT_META = "prompt_message_id"
LOCALE_META = "locale"            # the channel's language, for messages sent outside interactions
LOG_LINE_LIMIT = 1500
REBASE_WINDOW = 50                # how many other players' moves an open menu may fall behind
REBASE_ATTEMPTS = 3               # applies tried when other players keep moving meanwhile


def _names(game: Any) -> list[str]:
    return [seat.name for seat in game.seats]


def render_turn_images(state: Any, seat: int | None, names: list[str], locale: str
                       ) -> list[tuple[str, bytes]]:
    """Runs in a worker thread: the pictures of one public post."""
    from images import render_scores, render_sheet, render_table

    files = []
    if getattr(state, "finished", False):
        files.append(("scores.png", render_scores(state, locale, names=names)))
    if seat is not None:
        files.append(("sheet.png", render_sheet(state, seat, locale, names=names)))
    files.append(("table.png", render_table(state, locale, names=names)))
    return files


def render_one_sheet(state: Any, seat: int, names: list[str], locale: str) -> bytes:
    from images import render_sheet

    return render_sheet(state, seat, locale, names=names)


def render_one_table(state: Any, names: list[str], locale: str) -> bytes:
    from images import render_table

    return render_table(state, locale, names=names)


def as_files(blobs: list[tuple[str, bytes]]) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in blobs]


def pending_seats(kind: Any, state: Any) -> list[int]:
    seats: list[int] = []
    for item in kind.pending(state):
        if item.get("seat") is not None and item["seat"] not in seats:
            seats.append(item["seat"])
    return seats


def decision_of(kind: Any, state: Any, seat: int) -> str:
    for item in kind.pending(state):
        if item.get("seat") == seat:
            return item.get("decision", "unknown")
    return "unknown"


def phase_mark(state: Any) -> tuple:
    return (getattr(state, "round", None), getattr(state, "phase", None))


class Play(SubcommandCog):
    def __init__(self, bot: commands.Bot):
        super().__init__(bot)
        self.reminder_loop = tasks.loop(minutes=1)(self.send_reminders)
        self.reminder_loop.before_loop(self.bot.wait_until_ready)
        self.clock = time.time          # replaced in tests to make time pass

    @property
    def sessions(self):
        return self.bot.sessions

    def kind(self, game: Any) -> Any:
        return self.sessions.kinds[game.kind]

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.component_handlers["move"] = self.on_move_component
        self.bot.component_handlers["view"] = self.on_view_button
        self.bot.turn_publisher = self.publish_start
        if getattr(self.bot, "run_reminders", True):
            self.reminder_loop.start()

    async def cog_unload(self) -> None:
        await super().cog_unload()
        self.reminder_loop.cancel()
        self.bot.component_handlers.pop("move", None)
        self.bot.component_handlers.pop("view", None)
        if getattr(self.bot, "turn_publisher", None) == self.publish_start:
            self.bot.turn_publisher = None

    # ------------------------------------------------------------------ lookups
    async def channel_game(self, interaction: discord.Interaction) -> Any:
        game = await self.sessions.game_in_channel(interaction.channel_id)
        if game is None:
            raise Refusal("error.no_game_here")
        return game

    async def active_game(self, game_id: int) -> Any:
        game = await self.sessions.load(game_id)
        if game.status != "active":
            if game.status == "finished":
                raise Refusal("error.game_over")
            raise Refusal("engine.error.game_not_active")
        return game

    def seat_of(self, game: Any, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise Refusal("error.not_your_game")
        return seat

    def legal_for(self, game: Any, seat: int) -> list[dict]:
        legal = self.kind(game).legal_moves(game.state, seat)
        if not legal:
            due = pending_seats(self.kind(game), game.state)
            raise Refusal("error.not_your_turn", players=", ".join(player_name(game, s) for s in due) or "-")
        return legal

    # ------------------------------------------------------------------ publishing
    def mention_line(self, game: Any, state: Any, fresh: list[int], locale: str) -> str:
        kind = self.kind(game)
        lines = []
        for seat in pending_seats(kind, state):
            who = f"<@{game.seats[seat].user_id}>" if seat in fresh and game.seats[seat].user_id \
                else f"**{game.seats[seat].name}**"
            lines.append(t("play.your_turn", locale, player=who,
                           decision=t(f"decision.{decision_of(kind, state, seat)}", locale)))
        return "\n".join(lines)

    def final_lines(self, game: Any, state: Any, locale: str) -> str:
        score = self.kind(game).score(state)
        lines = [t("play.final_title", locale)]
        for entry in score.get("ranking", []):
            seat = entry.get("index", 0)
            lines.append(t("play.final_line", locale, place=entry.get("place"),
                           player=player_name(game, seat), total=entry.get("total")))
        rating_key = score.get("rating")
        if rating_key:
            lines.append(t("play.solo_rating", locale, rating=t(rating_key, locale)))
        return "\n".join(lines)

    async def fresh_mentions(self, game: Any, state: Any, version: int) -> list[int]:
        """Seats due now that were not mentioned for this decision yet (one mention per turn)."""
        kind = self.kind(game)
        notified = {tuple(x) for x in game.meta.get(NOTIFIED_META, [])}
        due = pending_seats(kind, state)
        still = {(s, v) for (s, v) in notified if s in due}
        fresh = [s for s in due if not any(ns == s for ns, _ in still)]
        await self.sessions.set_meta(game.id, NOTIFIED_META, sorted([list(x) for x in still]
                                                                  + [[s, version] for s in fresh]))
        return fresh

    async def build_public_post(self, game: Any, mover: int | None, log_lines: list[str], locale: str,
                                fresh: list[int]) -> dict:
        state = game.state
        blobs = await in_worker(render_turn_images, state, mover, _names(game), locale)
        parts = []
        if log_lines:
            line = " · ".join(log_lines)
            parts.append(line if len(line) <= LOG_LINE_LIMIT else line[:LOG_LINE_LIMIT - 1] + "…")
        if game.status == "finished" or getattr(state, "finished", False):
            parts.append(self.final_lines(game, state, locale))
            view = None
        else:
            parts.append(self.mention_line(game, state, fresh, locale))
            due = pending_seats(self.kind(game), state)
            if len(due) == 1:
                legal = self.kind(game).legal_moves(state, due[0])
                view = move_view(game, due[0], legal, locale)
            else:
                view = discord.ui.View(timeout=None)
                add_look_buttons(view, game, locale, moves=True)
        mentioned = [discord.Object(game.seats[s].user_id) for s in fresh if game.seats[s].user_id]
        post = {"content": "\n".join(p for p in parts if p)[:2000], "files": as_files(blobs),
                "allowed_mentions": discord.AllowedMentions(users=mentioned, roles=False, everyone=False)}
        if view is not None:
            post["view"] = view
        return post

    async def publish_start(self, interaction: discord.Interaction, game_id: int, _result: Any) -> None:
        """Called by the lobby when a game starts: the first public prompt."""
        game = await self.sessions.load(game_id)
        locale = public_locale(interaction)
        fresh = await self.fresh_mentions(game, game.state, game.version)
        game = await self.sessions.load(game_id)
        post = await self.build_public_post(game, None, [t("play.game_started", locale)], locale, fresh)
        message = await interaction.followup.send(wait=True, **post)
        await self.sessions.set_meta(game.id, PROMPT_META, message.id)

    # ------------------------------------------------------------------ moving
    async def play_move(self, interaction: discord.Interaction, game: Any, seat: int, move: dict,
                        *, from_component: bool) -> None:
        locale = locale_of(interaction)
        kind = self.kind(game)
        before_mark = phase_mark(game.state)
        label = move_label(move, game, seat, locale)
        for attempt in range(REBASE_ATTEMPTS):
            try:
                result = await self.sessions.apply(game.id, interaction.user.id, move,
                                                   expected_version=game.version)
                break
            except RuleError as error:            # ids in the params become names for the message
                raise Refusal(error.key, **display_params(error.params, game, locale)) from error
            except StaleMove:
                # Another player's move landed between our load and our apply (simultaneous phases).
                now = await self.sessions.load(game.id)
                if attempt + 1 == REBASE_ATTEMPTS or \
                        await self.rebased_index(now, seat, game.version, move_check(move)) is None:
                    raise Refusal("error.stale_button") from None
                game = now
        await remember_seat_locale(self.sessions, game.id, seat, locale)
        game = await self.sessions.load(game.id)
        events = list(game.meta.get(LOG_META, [])) + list(result.events)
        state = result.state
        still_due = seat in pending_seats(kind, state)
        public = result.finished or not still_due or phase_mark(state) != before_mark
        if from_component and interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.edit_original_response(content=t("play.done", locale, move=label), view=None,
                                                     attachments=[])
        if not public:
            await self.sessions.set_meta(game.id, LOG_META, events)
            await self.send_private_continuation(interaction, game, seat, label, locale)
            return
        await self.sessions.set_meta(game.id, LOG_META, None)
        fresh = [] if result.finished else await self.fresh_mentions(game, state, result.version)
        game = await self.sessions.load(game.id)
        shared = public_locale(interaction)
        lines = [event_text(e, game, shared) for e in events]
        post = await self.build_public_post(game, seat, lines, shared, fresh)
        if not from_component:
            await interaction.followup.send(t("play.done", locale, move=label), ephemeral=True)
        message = await interaction.followup.send(wait=True, **post)
        if not result.finished:
            await self.sessions.set_meta(game.id, PROMPT_META, message.id)

    async def rebased_index(self, game: Any, seat: int, version: int, check: str) -> int | None:
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
        since = await self.sessions.recent_moves(game.id, behind)
        if len(since) != behind or any(record.seat == seat for record in since):
            return None
        for index, move in enumerate(self.kind(game).legal_moves(game.state, seat)):
            if move_check(move) == check:
                return index
        return None

    async def send_private_continuation(self, interaction: discord.Interaction, game: Any, seat: int,
                                        label: str, locale: str) -> None:
        kind = self.kind(game)
        legal = kind.legal_moves(game.state, seat)
        sheet = await in_worker(render_one_sheet, game.state, seat, _names(game), locale)
        content = t("play.continue", locale, move=label,
                    decision=t(f"decision.{decision_of(kind, game.state, seat)}", locale))
        await interaction.followup.send(content, ephemeral=True, file=as_files([("sheet.png", sheet)])[0],
                                        view=move_view(game, seat, legal, locale, look_buttons=False))

    async def on_move_component(self, interaction: discord.Interaction, params: dict) -> None:
        check_bot_permissions(interaction)
        game = await self.active_game(params["game_id"])
        seat = self.seat_of(game, interaction.user.id)
        choices = parse_choice_values(params["values"]) if "values" in params else params["choices"]
        if len(choices) != 1:
            raise Refusal("error.bad_option")
        index, check, levels = choices[0]
        if params["version"] != game.version:
            index = await self.rebased_index(game, seat, params["version"], check)
            if index is None:
                raise Refusal("error.stale_button")
        legal = self.legal_for(game, seat)
        if index >= len(legal) or move_check(legal[index]) != check:
            raise Refusal("error.stale_button")
        locale = locale_of(interaction)
        if levels is not None:
            menu = params.get("menu") if params.get("menu") in (MAIN, ALL, EXTRA) else MAIN
            view = move_view(game, seat, legal, locale, rep=legal[index], levels=levels, look_buttons=False,
                             menu=menu)
            content = t("menu.narrowed", locale,
                        decision=t(f"decision.{decision_of(self.kind(game), game.state, seat)}", locale))
            if interaction.message is not None and interaction.message.flags.ephemeral:
                await interaction.response.edit_message(content=content, view=view)
            else:
                await interaction.response.send_message(content, view=view, ephemeral=True)
            return
        await interaction.response.defer()          # deferred update: nothing visible yet
        await self.play_move(interaction, game, seat, legal[index], from_component=True)

    async def on_view_button(self, interaction: discord.Interaction, params: dict) -> None:
        game = await self.sessions.load(params["game_id"])
        locale = locale_of(interaction)
        action = params["action"]
        if game.state is None:
            raise Refusal("engine.error.game_not_active")
        if action in ("moves", "more"):
            if game.status != "active":
                raise Refusal("engine.error.game_not_active")
            seat = self.seat_of(game, interaction.user.id)
            legal = self.legal_for(game, seat)
            menu = ALL if action == "moves" else EXTRA
            if not shown_moves(legal, menu):
                raise Refusal("error.no_more_moves")
            await interaction.response.send_message(
                t("play.your_moves", locale,
                  decision=t(f"decision.{decision_of(self.kind(game), game.state, seat)}", locale)),
                view=move_view(game, seat, legal, locale, look_buttons=False, menu=menu), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if action == "sheet":
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                due = pending_seats(self.kind(game), game.state) if game.status == "active" else []
                seat = due[0] if due else 0
            blob = await in_worker(render_one_sheet, game.state, seat, _names(game), locale)
            await interaction.followup.send(t("play.sheet_of", locale, player=player_name(game, seat)),
                                            file=as_files([("sheet.png", blob)])[0], ephemeral=True)
        else:
            blob = await in_worker(render_one_table, game.state, _names(game), locale)
            await interaction.followup.send(file=as_files([("table.png", blob)])[0], ephemeral=True)

    # ------------------------------------------------------------------ commands
    def subcommands(self) -> list[app_commands.Command]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.play.name"), description=cmd_str("cmd.play.description"))
        @app_commands.describe(move=cmd_str("cmd.play.move"))
        async def play(interaction: discord.Interaction, move: str | None = None) -> None:
            check_bot_permissions(interaction)
            game = await cog.channel_game(interaction)
            if game.status != "active":
                raise Refusal("engine.error.game_not_active")
            seat = cog.seat_of(game, interaction.user.id)
            if move is not None:
                version, _, rest = move.partition(":")
                if not version.isdigit() or int(version) != game.version:
                    raise Refusal("error.stale_choice")
            legal = cog.legal_for(game, seat)
            locale = locale_of(interaction)
            if move is None:
                await interaction.response.send_message(
                    t("play.your_moves", locale,
                      decision=t(f"decision.{decision_of(cog.kind(game), game.state, seat)}", locale)),
                    view=move_view(game, seat, legal, locale, look_buttons=False, menu=ALL), ephemeral=True)
                return
            [(index, check, levels)] = parse_choice_values([rest])
            if levels is not None or not index < len(legal) or move_check(legal[index]) != check:
                raise Refusal("error.stale_choice")
            await interaction.response.defer(ephemeral=True, thinking=True)
            await cog.play_move(interaction, game, seat, legal[index], from_component=False)

        @play.autocomplete("move")
        async def play_autocomplete(interaction: discord.Interaction, current: str):
            game = await cog.sessions.game_in_channel(interaction.channel_id)
            if game is None or game.status != "active":
                return []
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                return []
            legal = cog.kind(game).legal_moves(game.state, seat)
            locale = locale_of(interaction)
            needle = current.casefold()
            choices = []
            for index, mv in enumerate(legal):
                label = move_label(mv, game, seat, locale)
                if needle in label.casefold():
                    choices.append(app_commands.Choice(name=label[:100],
                                                       value=f"{game.version}:{index}:{move_check(mv)}"))
                if len(choices) == 25:
                    break
            return choices

        @app_commands.command(name=cmd_str("cmd.sheet.name"), description=cmd_str("cmd.sheet.description"))
        @app_commands.describe(player=cmd_str("cmd.sheet.player"), post=cmd_str("cmd.sheet.post"))
        async def sheet(interaction: discord.Interaction, player: discord.User | None = None,
                        post: bool = False) -> None:
            game = await cog.channel_game(interaction)
            if game.state is None:
                raise Refusal("error.not_started")
            target = player or interaction.user
            seat = game.seat_of(target.id)
            if seat is None:
                raise Refusal("error.player_not_in_game", player=target.display_name)
            if post:
                check_bot_permissions(interaction)
            locale = public_locale(interaction) if post else locale_of(interaction)
            await defer(interaction, ephemeral=not post)
            blob = await in_worker(render_one_sheet, game.state, seat, _names(game), locale)
            await send_after_defer(interaction, t("play.sheet_of", locale, player=player_name(game, seat)),
                                   file=as_files([("sheet.png", blob)])[0], ephemeral=not post)

        @app_commands.command(name=cmd_str("cmd.table.name"), description=cmd_str("cmd.table.description"))
        async def table(interaction: discord.Interaction) -> None:
            game = await cog.channel_game(interaction)
            if game.state is None:
                raise Refusal("error.not_started")
            locale = locale_of(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            blob = await in_worker(render_one_table, game.state, _names(game), locale)
            await interaction.followup.send(file=as_files([("table.png", blob)])[0], ephemeral=True)

        @app_commands.command(name=cmd_str("cmd.log.name"), description=cmd_str("cmd.log.description"))
        async def log_(interaction: discord.Interaction) -> None:
            game = await cog.channel_game(interaction)
            locale = locale_of(interaction)
            records = await cog.sessions.recent_moves(game.id, 15)
            lines = [t("play.log_line", locale, n=r.seq, player=player_name(game, r.seat),
                       move=move_label(r.move, game, r.seat, locale)) for r in records]
            text = "\n".join(lines) or t("play.log_empty", locale)
            await interaction.response.send_message(text[:2000], ephemeral=True)

        return [play, sheet, table, log_]

    # ------------------------------------------------------------------ reminders
    async def send_reminders(self) -> None:
        settings = self.bot.settings
        if settings.max_reminders <= 0 or self.bot.is_closed():
            return
        async with tracker(self.bot):           # shutdown waits for a round of reminders too
            due = await self.sessions.games_needing_reminder(self.clock(), settings.reminder_minutes * 60,
                                                             settings.max_reminders)
            for item in due:
                try:
                    await self.remind(item)
                except Exception:
                    log.exception("reminder for game %s failed", item.game_id)

    async def remind(self, item: Any) -> None:
        game = await self.sessions.load(item.game_id)
        if game.status != "active":
            return
        due = pending_seats(self.kind(game), game.state)
        due = [s for s in due if game.seats[s].user_id]
        if not due:
            return
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        # each player in their own language when they have played before, else the channel's
        by_locale: dict[str, list[int]] = {}
        seat_locales = game.meta.get(SEAT_LOCALES_META) or {}
        for seat in due:
            locale = seat_locales.get(str(seat)) or game.meta.get(LOCALE_META) or DEFAULT_LOCALE
            by_locale.setdefault(locale, []).append(seat)
        for locale, seats in by_locale.items():
            users = [game.seats[s].user_id for s in seats]
            text = t("play.reminder", locale, players=" ".join(f"<@{u}>" for u in users),
                     decision=t(f"decision.{decision_of(self.kind(game), game.state, seats[0])}", locale),
                     count=item.reminder_count + 1, limit=self.bot.settings.max_reminders)
            await channel.send(text, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in users], roles=False, everyone=False))
        await self.sessions.note_reminder(game.id, self.clock())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
