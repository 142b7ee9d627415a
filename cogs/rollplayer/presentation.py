"""Roll Player as the shell sees it: its words, menus, pictures, lobby switches, help and commands.

Everything game-specific that the Discord layer needs lives here or in this package (``describe`` for the
words of moves and events, ``commands`` for the phase commands); the shell calls it through the seam
(``cogs/seam.py``) and never reads Roll Player's state itself.
"""
from __future__ import annotations

from typing import Any

from bot.i18n import N_, t
from cogs.seam import LobbyOption, Picture, Presentation, Seats

from . import choices, commands, describe

#: /rp new switches → rules options (the kind validates them; "promos" switches on every promo).
VARIANT_OPTIONS = ("even_start", "souk", "short_game", "friendly_market", "free_class")


class RollPlayerPresentation(Presentation):
    kind = "rollplayer"
    group_key = N_("cmd.rp.name")
    group_description_key = N_("cmd.rp.description")
    title_key = N_("game.rollplayer.title")
    seats = Seats(low=1, high=4, default=2)
    solo = True
    has_seat_pictures = True
    has_step_picture = True
    has_live_pictures = True
    lobby_options = (
        LobbyOption("even_start", "option.even_start.describe"),
        LobbyOption("souk", "option.souk.describe"),
        LobbyOption("short_game", "option.short_game.describe"),
        LobbyOption("friendly_market", "option.friendly_market.describe", solo=False),
        LobbyOption("free_class", "option.free_class.describe"),
        LobbyOption("promos", "option.promos.describe"),
    )
    narrow_fields = ("type", "action", "power", "card", "race", "class", "gender", "die", "attr", "a", "b",
                     "dir", "delta", "keep", "target", "colour", "to", "tokens", "follow_arrow", "copy", "cards",
                     "dice", "buy", "skip", "decline")
    help_title_key = N_("help.title")
    help_intro_key = N_("help.intro")
    help_sections = (
        ("help.section.games", ("new", "join", "leave", "start", "cancel", "status", "abandon", "solo", "sheet",
                                "table", "log", "language", "defaults", "rules", "help")),
        ("help.section.moves", ("play", "hint", "undo", "setup.sheet", "setup.class", "setup.place", "dice.order",
                                "dice.take", "dice.place", "dice.action", "dice.keep", "market.buy", "market.gold",
                                "market.discard-weapon", "skill", "refresh")),
    )
    rules_topics = ("overview", "setup", "roll", "dice", "actions", "market", "cleanup", "skills", "scoring",
                    "solo", "variants")

    # ---- lobby
    def game_options(self, chosen: dict[str, Any], *, solo: bool) -> dict:
        options = {name: bool(chosen.get(name, False)) for name in VARIANT_OPTIONS}
        promos = bool(chosen.get("promos", False))
        options["promo_sheets"] = options["cursed_ring"] = promos
        return options

    def option_lines(self, options: dict, locale: str) -> list[str]:
        return [t(f"option.{name}", locale) for name, on in options.items() if on]

    # ---- words
    def move_label(self, game: Any, seat: int, move: dict, locale: str, limit: int = 100,
                   open_fields: frozenset[str] = frozenset()) -> str:
        return describe.move_label(move, game, seat, locale, limit=limit, open_fields=open_fields)

    def group_label(self, field: str, members: list[dict], game: Any, seat: int, locale: str,
                    limit: int = 100) -> str:
        return describe.group_label(field, members, game, seat, locale, limit)

    def option_detail(self, game: Any, seat: int, move: dict, locale: str) -> str | None:
        """What a setup option means (race modifiers, class goals and power,
        a row's goal and backstory cell)."""
        return choices.option_detail(game, seat, move, locale)

    def move_chains(self, game: Any, seat: int, legal: list[dict], locale: str) -> list:
        """Take a card and place its die in one click; a suggested
        arrangement of the starting dice."""
        return choices.move_chains(game, seat, legal, locale)

    def value_text(self, name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
        return describe.value_text(name, value, game, seat, locale)

    def value_token(self, name: str, value: Any) -> str:
        return describe.token(value, name)

    def event_line(self, game: Any, event: dict, locale: str) -> str:
        return describe.event_text(event, game, locale)

    def error_params(self, game: Any, params: dict, locale: str) -> dict[str, str]:
        return describe.display_params(params, game, locale)

    def hint_text(self, game: Any, seat: int, advice: dict, locale: str) -> str:
        """The why of ``/rp hint``: the AI's gain, the goals the move serves, the stars it projects."""
        return describe.hint_text(advice, game, locale)

    def decision_text(self, decision: str, locale: str) -> str:
        return t(f"decision.{decision}", locale)

    def status_line(self, game: Any, locale: str) -> str:
        state = game.state
        return t("status.round_phase", locale, round=state.round, phase=t(f"phase.{state.phase}", locale))

    def final_lines(self, game: Any, locale: str) -> list[str]:
        from bot.games.rollplayer.kind import KIND

        score = KIND.score(game.state)
        lines = []
        for entry in score.get("ranking", []):
            seat = entry.get("index", 0)
            lines.append(t("rollplayer.final_line", locale, place=entry.get("place"),
                           player=describe.player_name(game, seat), total=entry.get("total")))
        rating_key = score.get("rating")
        if rating_key:
            lines.append(t("play.solo_rating", locale, rating=t(rating_key, locale)))
        return lines

    def is_anytime(self, move: dict) -> bool:
        """Discarding a weapon and any-time skills: offered behind "My moves" / "More…"."""
        return describe.is_anytime(move)

    # ---- pictures (worker thread)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        from images.rollplayer import render_scores, render_sheet, render_table

        names = [seat.name for seat in game.seats]
        files = []
        if game.state.finished:
            files.append(("scores.png", render_scores(game.state, locale, names=names)))
        if mover is not None:
            files.append(("sheet.png", render_sheet(game.state, mover, locale, names=names)))
        files.append(("table.png", render_table(game.state, locale, names=names)))
        return files

    def live_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The live message is posted anew for every player due, so while the
        game runs it carries the compact picture of what the decision at hand needs (the full table stays on
        the "Table" button); the result post keeps the turn pictures (scores and table)."""
        if game.status != "active" or game.state.finished:
            return self.turn_pictures(game, mover, locale)
        from images.rollplayer import render_live

        return [("table.png", render_live(game.state, locale, names=[s.name for s in game.seats]))]

    def seat_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        from images.rollplayer import render_sheet

        return ("sheet.png", render_sheet(game.state, seat, locale, names=[s.name for s in game.seats]))

    def step_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        """The private message's picture, the name line and attribute grid plus
        what the decision at hand involves (a tenth of the full sheet's bytes, which stays on "Full sheet")."""
        from images.rollplayer import render_step

        return ("step.png", render_step(game.state, seat, locale, names=[s.name for s in game.seats]))

    def table_picture(self, game: Any, locale: str) -> Picture:
        from images.rollplayer import render_table

        return ("table.png", render_table(game.state, locale, names=[s.name for s in game.seats]))

    # ---- commands
    def commands(self, shell: Any) -> list:
        return commands.build(shell)
