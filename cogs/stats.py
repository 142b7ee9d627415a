"""Stats of finished games: ``/<game> stats show [player]``, ``/<game> stats leaderboard`` and
``/<game> stats forget-me`` (one subcommand group: Discord allows 25 entries per level and ``/rp`` is full).

Everything is computed from the engine's results (one row per seat of every finished game: total, place),
per game kind: each group's commands show their own game. A solo game is what the kind calls one
(``GameKind.is_solo(seats, options)``, default: one seat) and may carry a title (``GameKind.solo_title``, e.g.
Roll Player's solo rating); wins count only in games of two seats or more.

A server's leaderboard lists the games played in it and the solo games (played in DMs) of the players seen
in it (``player_guilds``, filled by the engine whenever a player takes a seat there, or runs these commands
there). ``forget-me`` anonymises the asker's seats in every game that is over (all kinds: the name becomes
"Former player", the user id goes, totals and places stay), which removes them from stats and leaderboards;
games still open are not touched.
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

import discord
from discord import app_commands

from bot.engine import SessionManager
from bot.engine.ratings import PROVISIONAL_GAMES, Rating
from bot.engine.records import ResultRow
from bot.engine.table import TableMeta
from bot.i18n import N_, t
from images.labels import spoken_signed  # "-23" with the ASCII minus a screen reader says ("−23" it did not)

from .buttons import ShellButton
from .core import Refusal, locale_of, require_guild
from .games import Games
from .groups import GameCog
from .help import EMBED_COLOUR
from .replays import result_text, score_text
from .seam import Presentation, player_name
from .seats import FORMER_PLAYER
from .translator import cmd_str
from .usertext import shown_name

#: lines per leaderboard list
BOARD_SIZE = 5
#: a leaderboard's solo list per period: its name for the one board of a game, and for one of its named boards
SOLO_BOARD_NAMES = {"month": (N_("stats.board_solo_month"), N_("stats.board_solo_month_of")),
                    "all": (N_("stats.board_solo_all"), N_("stats.board_solo_all_of"))}


@dataclass(frozen=True)
class BoardFigures:
    """A player's solo games on one board (``Kind.solo_board``): their best score (and its title), the average,
    how many."""
    best: float
    best_title: str | None
    average: float
    games: int
    #: the best game: its number (to replay it) and the row (its place says won or lost in a co-operative game)
    best_row: ResultRow | None = None


@dataclass(frozen=True)
class PlayerStats:
    played: int
    won: int
    average: float | None
    best: float | None
    best_solo: float | None
    best_solo_title: str | None
    #: games the bot played most of for the player (``ResultRow.stood_in``): in ``played``, in nothing else
    stood_in: int = 0
    #: games whose seat the player took over from another player during play (``ResultRow.handed``): in
    #: ``played``, in nothing else (the seat's first moves were not theirs)
    handed: int = 0
    #: the average of the solo games, when ``average`` and ``best`` leave them out (``apart``); else None
    average_solo: float | None = None
    #: the solo games per board (``Kind.solo_board``), boards without a game absent
    boards: dict[str, BoardFigures] = field(default_factory=dict)
    #: the best solo game's row: its number, so that a player can replay it ("Best solo game: 17" was a number
    #: shown nowhere else), and its place (won or lost in a co-operative game)
    best_solo_row: ResultRow | None = None


def solo_board(kind: Any, row: ResultRow) -> str | None:
    """The board a result's score is ranked on with the games it compares with (``Kind.solo_board``); None: a
    game against others."""
    return kind.solo_board(row.players, row.options or {})


def is_solo(kind: Any, row: ResultRow) -> bool:
    """A one-player game on a board of solo scores: stats keep its score apart from those against others."""
    return solo_board(kind, row) is not None


def solo_title(kind: Any, row: ResultRow) -> str | None:
    return kind.solo_title(row.total, row.options or {}) if row.total is not None else None


def _is_win(row: ResultRow) -> bool:
    """A first place in a game of two seats or more, won by the player: a seat the bot played most of the game
    for is not (the rating's rule: a tour's absent player had "Won: 1" and a place on "Most wins" for a match
    the bot won for him)."""
    return row.players >= 2 and row.place == 1 and not row.stood_in and not row.handed


def team_won(kind: Any, row: ResultRow) -> bool:
    """A co-operative game the player's team won, alone or with others (the heroes share the first place): "Won"
    stayed 0 for a solo adventure won, where the score alone tells nothing of the outcome."""
    return kind.cooperative and row.place == 1 and not row.stood_in and not row.handed


def shared_places(values: list[Any]) -> list[int]:
    """The places of a board already in order, equal values sharing one (1, 1, 3: "standard competition
    ranking"): a tie of one win each read "1. Ann : 1 / 2. Dan : 1", as if Dan had fewer."""
    places: list[int] = []
    for i, value in enumerate(values):
        places.append(places[-1] if i and value == values[i - 1] else i + 1)
    return places


def is_win(kind: Any, row: ResultRow) -> bool:
    """The one rule of what a win is, for a player's stats and every game's "Most wins" alike: a first place
    against others, or a co-operative game (solo included) the team won. The leaderboard counted the first only
    and said "nobody has won yet" beside stats that counted a solo adventure won."""
    return _is_win(row) or team_won(kind, row)


def average_of(totals: list[float]) -> float | None:
    return sum(totals) / len(totals) if totals else None


def best_row(rows: list[ResultRow]) -> ResultRow | None:
    """The highest score, the earliest of equal ones."""
    return max(rows, key=lambda r: (r.total, -r.finished_at), default=None)


def board_figures(kind: Any, solos: list[ResultRow]) -> dict[str, BoardFigures]:
    """Each board's figures from a player's scored solo games: a printed-table night is compared with printed-table
    nights only (it pays more than it costs: "Best solo game" crowned a night played without a decision)."""
    figures = {}
    for board in dict.fromkeys(solo_board(kind, r) for r in solos):
        mine = [r for r in solos if solo_board(kind, r) == board]
        best = best_row(mine)
        figures[board] = BoardFigures(best.total, solo_title(kind, best), average_of([r.total for r in mine]),
                                      len(mine), best)
    return figures


def player_stats(kind: Any, rows: list[ResultRow], *, apart: bool = False) -> PlayerStats:
    """A player's figures from their result rows; the games the bot played most of for them count as played,
    and are left out of wins, average and best scores (the scores were the bot's). ``apart``: solo scores are on
    another scale (``Presentation.solo_scores_apart``): the average and best score are those of the games against
    others, and the solo games have an average of their own (dice poker's average Gold mixed a tavern night's 30
    Gold purse with duels' 5)."""
    own = [r for r in rows if not r.stood_in and not r.handed]
    solos = [r for r in own if r.total is not None and is_solo(kind, r)]
    totals = [r.total for r in own if r.total is not None and not (apart and is_solo(kind, r))]
    best_solo = best_row(solos)
    return PlayerStats(
        played=len(rows), won=sum(1 for r in own if is_win(kind, r)),
        average=average_of(totals), best=max(totals) if totals else None,
        best_solo=best_solo.total if best_solo else None,
        best_solo_title=solo_title(kind, best_solo) if best_solo else None, stood_in=sum(1 for r in rows if r.stood_in),
        handed=sum(1 for r in rows if r.handed and not r.stood_in),
        average_solo=average_of([r.total for r in solos]) if apart else None, boards=board_figures(kind, solos),
        best_solo_row=best_solo)


def best_solo_scores(kind: Any, rows: list[ResultRow], size: int = BOARD_SIZE, board: str = "") -> list[ResultRow]:
    """The best solo results on ``board`` (one per player: their best), highest first, earliest first on a tie."""
    best: dict[int, ResultRow] = {}
    for row in rows:
        if row.user_id is None or row.total is None or solo_board(kind, row) != board or row.stood_in \
                or row.handed:
            continue
        held = best.get(row.user_id)
        if held is None or (row.total, -row.finished_at) > (held.total, -held.finished_at):
            best[row.user_id] = row
    return sorted(best.values(), key=lambda r: (-r.total, r.finished_at))[:size]


def most_wins(kind: Any, rows: list[ResultRow], size: int = BOARD_SIZE) -> list[tuple[str, int]]:
    """(name, wins) of the players with the most wins (``is_win``, as their stats count them); rows are newest
    first, so a name is the latest one."""
    people = [row for row in rows if row.user_id is not None and not row.is_ai]
    names = {row.user_id: row.name for row in reversed(people)}
    wins = Counter(row.user_id for row in people if is_win(kind, row))
    ranked = sorted(wins, key=lambda user: (-wins[user], names[user].casefold()))
    return [(names[user], wins[user]) for user in ranked[:size]]


def titled(score: str, title: str | None, locale: str) -> str:
    """A solo score as stats show it (``score``: with its unit, ``result_words``), with its title when the game
    gives one (Roll Player's solo rating)."""
    if title:
        return t("stats.best_solo_titled", locale, score=score, title=t(title, locale))
    return score


def best_game_text(presentation: Presentation, kind: Any, row: ResultRow, title: str | None, locale: str) -> str:
    """A best solo game with its unit (won or lost in a co-operative game) and its number, which ``replay`` and
    ``log`` take: "17 reputation (NPC), game #1"."""
    score = titled(result_text(presentation, kind, row.total, row.place, row.options, locale), title, locale)
    return t("stats.best_game", locale, score=score, game=row.game_id)


def rating_text(rating: Rating | None, locale: str) -> str:
    """A player's rating of one game kind as ``stats show`` gives it: the shown number, provisional marked."""
    if rating is None:
        return t("ratings.none", locale)
    if rating.provisional:
        return t("ratings.value_provisional", locale, rating=rating.shown, games=rating.games,
                 needed=PROVISIONAL_GAMES)
    return t("ratings.value", locale, rating=rating.shown, games=rating.games)


def provisional_mark(provisional: bool, locale: str) -> str:
    return t("ratings.provisional", locale) if provisional else ""


async def rating_change_lines(sessions: SessionManager, game: Any, locale: str) -> list[str]:
    """The final post's lines on what a finished game did to each rated player's rating (none: no lines); a
    player the bot played for most of the game is not rated (``ratings.without_stand_ins``), nor a seat that changed
    hands during play (``ratings.without_handed``), and each is told why."""
    handed = TableMeta.of(game.meta or {}).handed
    # a seat that changed hands keeps its first holder's forfeit under its number: not this game's result
    changes = {seat: change for seat, change in (await sessions.store.rating_changes(game.id)).items()
               if seat not in handed}
    if not changes:
        return []
    stood_in = [s.seat for s in game.seats if not s.is_ai and s.seat not in changes and s.seat not in handed]
    return [t("ratings.final_title", locale), *(
        t("ratings.final_line", locale, player=player_name(game, seat), before=before, after=after,
          change=spoken_signed(after - before), mark=provisional_mark(games < PROVISIONAL_GAMES, locale))
        for seat, (before, after, games) in changes.items()),
        *(t("ratings.final_stood_in", locale, player=player_name(game, seat)) for seat in stood_in),
        *(t("ratings.final_handed", locale, player=player_name(game, seat)) for seat in sorted(handed)
          if seat < len(game.seats))]


class ForgetButton(ShellButton, template=r"rp:f:(?P<user>[0-9]{1,20})"):
    """Confirms ``forget-me``; only the user it names may press it (it reaches the bot's ``stats`` service)."""
    prefix, service, handler, default_style = "rp:f", "stats", "on_forget", discord.ButtonStyle.danger


class Stats(GameCog):
    def __init__(self, sessions: SessionManager, games: Games, clock: Callable[[], float] = time.time):
        self.sessions = sessions
        self.games = games
        #: the time "this month" is measured from (tests move it)
        self.clock = clock

    async def note_seen(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is not None:
            await self.sessions.store.note_player_guild(interaction.user.id, interaction.guild_id, self.clock())

    # ------------------------------------------------------------------ what the commands show
    async def stats_embed(self, presentation: Presentation, user_id: int, name: str, locale: str) -> discord.Embed:
        kind = self.games.kind(presentation.kind)
        rows = await self.sessions.store.finished_results(user_id=user_id, kind=presentation.kind)
        apart = presentation.solo_scores_apart
        found = player_stats(kind, rows, apart=apart)
        game = t(presentation.title_key, locale)
        embed = discord.Embed(title=t("stats.title", locale, player=shown_name(name), game=game), colour=EMBED_COLOUR)
        rating = None if kind.cooperative else (await self.sessions.store.ratings_of(user_id)).get(presentation.kind)
        if not found.played:
            embed.description = t("stats.no_games", locale, game=game)
            if rating is not None:     # rated without a finished game: a rated game they left, which they lost
                embed.add_field(name=t("ratings.field", locale), value=rating_text(rating, locale), inline=False)
            return embed
        embed.add_field(name=t("stats.played", locale), value=str(found.played))
        embed.add_field(name=t("stats.won", locale), value=str(found.won))
        # solo games on another scale: the average and best of the games against others, named so
        embed.add_field(name=t("stats.average_others", locale) if apart else t("stats.average", locale),
                        value=self.figure(presentation, found.average, locale))
        embed.add_field(name=t("stats.best_others", locale) if apart else t("stats.best", locale),
                        value=self.figure(presentation, found.best, locale))
        if presentation.solo_boards and found.boards:
            self.add_board_fields(embed, presentation, kind, found, locale)
        elif found.best_solo is None:
            embed.add_field(name=t("stats.best_solo", locale), value=t("stats.best_solo_none", locale), inline=False)
        else:
            embed.add_field(name=t("stats.best_solo", locale),
                            value=best_game_text(presentation, kind, found.best_solo_row, found.best_solo_title,
                                                 locale), inline=False)
        if apart and found.best_solo is not None and not presentation.solo_boards:
            embed.add_field(name=t("stats.average_solo", locale),
                            value=self.figure(presentation, found.average_solo, locale), inline=False)
        if found.stood_in:              # counted as played, and said why they are in no other figure
            embed.add_field(name=t("stats.stood_in", locale),
                            value=t("stats.stood_in_games", locale, games=found.stood_in), inline=False)
        if found.handed:                # the same for seats taken over from another player during play
            embed.add_field(name=t("stats.handed", locale),
                            value=t("stats.handed_games", locale, games=found.handed), inline=False)
        if kind.cooperative:            # the team wins or loses together: nothing to rate (it said "not rated yet")
            embed.add_field(name=t("ratings.field", locale), value=t("ratings.cooperative", locale), inline=False)
            return embed
        embed.add_field(name=t("ratings.field", locale), value=rating_text(rating, locale), inline=False)
        return embed

    @staticmethod
    def add_board_fields(embed: discord.Embed, presentation: Presentation, kind: Any, found: PlayerStats,
                         locale: str) -> None:
        """One field per board the player has solo games on, named as the game names it (dice poker: "Tavern
        nights, house table"), with their best, average and number: one "Best solo game" crowned a printed-table
        night (a table that pays more than it costs) over house-table nights, and counted the local gamblers'
        5-Gold purse with the tavern's 30."""
        for board, key in presentation.solo_boards:
            figures = found.boards.get(board)
            if figures is not None:
                embed.add_field(name=t(key, locale), value=t(
                    "stats.board_figures", locale,
                    best=best_game_text(presentation, kind, figures.best_row, figures.best_title, locale),
                    average=Stats.figure(presentation, figures.average, locale), games=figures.games), inline=False)

    def solo_lists(self, kind: Any, presentation: Presentation, period: str, rows: list[ResultRow],
                   every: list[ResultRow], locale: str) -> list[tuple[str, list[str]]]:
        """(field name, lines) of a leaderboard period's solo lists: one list for a game with one board, else one
        per named board (``Presentation.solo_boards``: a printed-table night topped house-table nights), the first
        always, the others once a game of the server was played on them (``every``: all time)."""
        plain, named = SOLO_BOARD_NAMES[period]
        if not presentation.solo_boards:
            return [(t(plain, locale), [self.solo_line(kind, i + 1, r, locale)
                                        for i, r in enumerate(best_solo_scores(kind, rows))])]
        lists = []
        for n, (board, key) in enumerate(presentation.solo_boards):
            if n and not best_solo_scores(kind, every, 1, board):
                continue
            ranked = best_solo_scores(kind, rows, board=board)
            lists.append((t(named, locale, board=t(key, locale)),
                          [self.solo_line(kind, i + 1, r, locale) for i, r in enumerate(ranked)]))
        return lists

    async def board_embed(self, presentation: Presentation, guild_id: int, locale: str) -> discord.Embed:
        kind = self.games.kind(presentation.kind)
        game = t(presentation.title_key, locale)
        embed = discord.Embed(title=t("stats.board_title", locale, game=game), colour=EMBED_COLOUR)
        now = datetime.fromtimestamp(self.clock(), timezone.utc)           # this calendar month (UTC) from its start
        since = now.replace(day=1, hour=0, minute=0, second=0, microsecond=0).timestamp()
        every = await self.sessions.store.board_results(guild_id=guild_id, kind=presentation.kind)
        month = [r for r in every if r.finished_at >= since]
        for period, rows in (("month", month), ("all", every)):
            winners = most_wins(kind, rows)
            wins = [t("stats.board_wins_line", locale, place=place, player=shown_name(name), wins=count)
                    for place, (name, count) in zip(shared_places([count for _, count in winners]), winners)]
            for name, lines in [*self.solo_lists(kind, presentation, period, rows, every, locale),
                                (t(f"stats.board_wins_{period}", locale), wins)]:
                embed.add_field(name=name, value="\n".join(lines)[:1024] or t("stats.board_empty", locale),
                                inline=False)
        if kind.cooperative:
            embed.add_field(name=t("ratings.board", locale), value=t("ratings.cooperative", locale), inline=False)
            return embed
        rated = await self.sessions.store.rating_board(guild_id=guild_id, kind=presentation.kind, limit=BOARD_SIZE)
        lines = [t("ratings.board_line", locale, place=place, player=shown_name(name), rating=r.shown,
                   mark=provisional_mark(r.provisional, locale))
                 for place, (name, r) in zip(shared_places([r.shown for _, r in rated]), rated)]
        embed.add_field(name=t("ratings.board", locale),
                        value="\n".join(lines)[:1024] or t("stats.board_empty", locale), inline=False)
        return embed

    @staticmethod
    def figure(presentation: Presentation, value: float | None, locale: str) -> str:
        """An average or best score with its unit ("12.5 reputation"; "-" for none): no single game's outcome."""
        if value is None:
            return score_text(value, locale)
        return presentation.result_words(score_text(value, locale), None, {}, locale)

    def solo_line(self, kind: Any, place: int, row: ResultRow, locale: str) -> str:
        """One line of a leaderboard's best solo games, the score with its unit (won or lost in a co-operative
        game): "1. Dan: 0" said nothing of what 0 counted."""
        title = solo_title(kind, row)
        score = result_text(self.games[row.kind], kind, row.total, row.place, row.options, locale)
        if title:
            return t("stats.board_solo_titled", locale, place=place, player=shown_name(row.name),
                     score=score, title=t(title, locale))
        return t("stats.board_solo_line", locale, place=place, player=shown_name(row.name), score=score)

    # ------------------------------------------------------------------ forget-me
    async def on_forget(self, interaction: discord.Interaction, user_id: int) -> None:
        if interaction.user.id != user_id:
            raise Refusal("stats.error.forget_not_yours")
        locale = locale_of(interaction)
        changed = await self.sessions.forget_user(user_id, FORMER_PLAYER)
        await interaction.response.edit_message(content=t("stats.forget_done", locale, games=len(changed)),
                                                view=None)

    # ------------------------------------------------------------------ commands
    # one entry of the game's group (Discord allows 25 per level, and /rp is nearly full)
    stats = app_commands.Group(name=cmd_str("cmd.stats.name"), description=cmd_str("cmd.stats_group.description"))

    @stats.command(name=cmd_str("cmd.stats_show.name"), description=cmd_str("cmd.stats.description"))
    @app_commands.describe(player=cmd_str("cmd.stats.player"))
    async def show(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        target = player or interaction.user
        if target.bot:          # a bot user plays no game of its own: "Rollbot 님의 통계" showed an empty record
            raise Refusal("stats.error.bot")
        await self.note_seen(interaction)
        embed = await self.stats_embed(self.presentation_of(interaction), target.id, target.display_name,
                                       locale_of(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @stats.command(name=cmd_str("cmd.leaderboard.name"), description=cmd_str("cmd.leaderboard.description"))
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        require_guild(interaction)
        await self.note_seen(interaction)
        embed = await self.board_embed(self.presentation_of(interaction), interaction.guild_id,
                                       locale_of(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @stats.command(name=cmd_str("cmd.forget_me.name"), description=cmd_str("cmd.forget_me.description"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(interaction.user.id, label=t("stats.forget_confirm", locale)))
        await interaction.response.send_message(t("stats.forget_prompt", locale), view=view, ephemeral=True)
