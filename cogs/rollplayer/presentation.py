"""Roll Player as the shell sees it: its words, menus, pictures, lobby switches, help and commands.

Everything game-specific that the Discord layer needs lives here or in this package (``describe`` for the
words of moves and events, ``commands`` for the phase commands); the shell calls it through the seam
(``cogs/seam.py``) and never reads Roll Player's state itself.
"""
from __future__ import annotations

from typing import Any

from bot.i18n import N_, listed, t
from cogs.seam import LobbyOption, Picture, Presentation, Seats, picture_names, player_name
from images.labels import labelled

from . import alt, choices, commands, describe

#: /rp new switches → rules options (the kind validates them; "promos" switches on every promo).
VARIANT_OPTIONS = ("even_start", "souk", "short_game", "friendly_market", "free_class")
#: the lobby's and status's order of option lines: the variants as ``/rp new`` offers them, then the two
#: promo lines together (the stored options come back ordered by key, which put the Cursed Ring first and
#: the promo sheets fifth)
OPTION_LINE_ORDER = (*VARIANT_OPTIONS, "promo_sheets", "cursed_ring")


class RollPlayerPresentation(Presentation):
    kind = "rollplayer"
    score_unit_key = N_("rollplayer.score_unit")
    group_key = N_("cmd.rp.name")
    group_description_key = N_("cmd.rp.description")
    title_key = N_("game.rollplayer.title")
    seats = Seats(low=1, high=4, default=2)
    solo = True
    has_seat_pictures = True
    has_step_picture = True
    has_live_pictures = True
    # French names Roll Player's rounds "tours" (the shell's chart says "manche", a hand of dice poker); the chart
    # plots each sheet's score so far (a hint's projection is another number: the title said "projected")
    chart_keys = (N_("chart.title"), N_("chart.x_axis"))
    # the replay's line is that same score so far (it said "Projected score" beside a hint's projection)
    score_keys = (N_("rollplayer.score_so_far"), N_("history.final_score"))
    #: a card taken and its die placed are the move itself: the log's line for the move says them
    # a class power used (Attuned's card put back, Mysterious) is its move's own line ("Attuned: put Cunning back …")
    log_retold_events = (N_("rollplayer.initiative_taken"), N_("rollplayer.die_placed"), N_("rollplayer.dice_ordered"),
                         N_("rollplayer.power_used"))
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
        """The switched-on options in ``OPTION_LINE_ORDER`` (any other after them, as stored)."""
        order = {name: i for i, name in enumerate(OPTION_LINE_ORDER)}
        chosen = sorted((name for name, on in options.items() if on), key=lambda name: order.get(name, len(order)))
        return [t(f"option.{name}", locale) for name in chosen]

    # ---- words (``describe`` and ``choices`` take the seam's arguments)
    group_label = staticmethod(describe.group_label)
    #: what an option means (race modifiers, class goals and power, a row's goal and backstory cell, a
    #: purchase's price, type and text, the weapon a Weapon's discard makes room for)
    option_detail = staticmethod(choices.option_detail)
    private_note = staticmethod(choices.revealed_card)
    value_text = staticmethod(describe.value_text)
    event_line = staticmethod(describe.event_text)
    error_params = staticmethod(describe.display_params)
    #: the why of ``/rp hint``: the AI's gain, the goals the move serves, the stars it projects
    hint_text = staticmethod(describe.hint_text)
    #: the hinted move as the menu offers it: a card taken with the row for its die (``choices.hint_label``)
    hint_label = staticmethod(choices.hint_label)
    #: discarding a weapon and any-time skills: offered behind "My moves" / "More…" (a discard a purchase waits on
    #: excepted: ``pressing_moves``)
    is_anytime = staticmethod(describe.is_anytime)

    def idle_moves(self, game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
        """Swaps of two identical dice: legal, but they change nothing (``choices.idle_swaps``)."""
        return choices.idle_swaps(game, seat, legal)

    def pressing_moves(self, game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
        """Weapon discards a Market purchase waits on: in the main menu, not behind "More…"
        (``choices.pressing_discards``)."""
        return choices.pressing_discards(game, seat, legal)

    def out_of_turn_moves(self, game: Any, seat: int, legal: list[dict], locale: str) -> str:
        """The any-time Skills the seat may use while others are due (``describe.anytime_skills``)."""
        return describe.anytime_skills(legal, locale)

    def move_label(self, *args: Any, **kwargs: Any) -> str:
        return describe.move_label(*args, **kwargs)

    def log_label(self, game: Any, seat: int, move: dict, locale: str) -> str:
        return describe.log_label(game, seat, move, locale)

    def move_chains(self, game: Any, seat: int, legal: list[dict], locale: str) -> list:
        """Take a card and place its die in one click; a suggested arrangement of the starting dice."""
        return choices.move_chains(game, seat, legal, locale)

    def held_back(self, game: Any, seat: int, legal: list[dict], locale: str) -> list:
        """A weapon the hands keep out, with the discards it takes first (``choices.held_back``)."""
        return choices.held_back(game, seat, legal, locale)

    def value_token(self, name: str, value: Any) -> str:
        return describe.token(value, name)

    def decision_text(self, decision: str, locale: str) -> str:
        return t(f"decision.{decision}", locale)

    def status_line(self, game: Any, locale: str) -> str:
        state = game.state
        # every sheet full once this round's dice are placed: the game ends with it (a tour: nothing said so)
        last = bool(state.round) and not state.finished and all(
            p.dice_count() + (0 if _placed_this_round(state, p) else 1) >= 18 for p in state.players)
        phase = t(f"phase.{state.phase}", locale)
        if last:
            return t("status.round_phase_last", locale, round=state.round, phase=phase)
        return t("status.round_phase", locale, round=state.round, phase=phase)

    def final_lines(self, game: Any, locale: str) -> list[str]:
        from bot.games.rollplayer.kind import KIND
        from bot.games.rollplayer.scoring import ties

        score = KIND.score(game.state)
        lines = []
        for entry in score.get("ranking", []):
            seat = entry.get("index", 0)
            lines.append(t("rollplayer.final_line", locale, place=entry.get("place"),
                           player=player_name(game, seat), total=entry.get("total")))
        # every tie, not only the winner's (the scores picture says how the first place was settled): how the
        # rules broke it, with the values that did
        for criterion, level in ties(score.get("ranking", [])):
            names = [player_name(game, entry["index"]) for entry in level]
            values = [labelled(name, str(entry.get(criterion)), locale) for name, entry in zip(names, level)]
            lines.append(t(f"rollplayer.final_tie.{criterion}", locale, players=listed(
                [t("play.listed_player", locale, player=name) for name in names], locale),
                           total=level[0]["total"], gold=level[0]["gold"], dice=level[0]["class_dice"],
                           values=describe.listed(values, locale)))
        rating_key = score.get("rating")
        if rating_key:
            lines.append(t("play.solo_rating", locale, rating=t(rating_key, locale)))
        return lines

    # ---- pictures (worker thread): each drawn from a view, and worded from the same view (``alt``)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """A post's pictures: the mover's sheet and the table; the result post, the scores, the winner's sheet and
        the table, the same whoever made the last move (it showed the sheet of whoever pressed the last "Finish",
        the third player's in a tour, with nothing saying why)."""
        files = []
        if game.state.finished:
            files.append(self._scores(game, locale))
            winner = _winner(game.state)
            if winner is not None:
                files.append(self._sheet(game, winner, locale))
        elif mover is not None:
            files.append(self._sheet(game, mover, locale))
        files.append(self._table(game, locale))
        return files

    def live_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The live message is posted anew for every player due, so while the
        game runs it carries the compact picture of what the decision at hand needs (the full table stays on
        the "Table" button); the result post keeps the turn pictures (scores, the winner's sheet, table); an
        abandoned game's, the table as it was left (no one's sheet: nobody moved to end it)."""
        if game.status == "abandoned" and not game.state.finished:
            return [self.table_picture(game, locale)]
        if game.status != "active" or game.state.finished:
            return self.turn_pictures(game, mover, locale)
        from images.rollplayer.adapt import live_view
        from images.rollplayer.live import live_png

        view = live_view(game.state, picture_names(game), locale)
        return [Picture("table.png", live_png(view, locale), alt.live_alt(view, locale))]

    def seat_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        return self._sheet(game, seat, locale)

    def step_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        """The private message's picture, the name line and attribute grid plus
        what the decision at hand involves (a tenth of the full sheet's bytes, which stays on "Full sheet")."""
        from images.rollplayer.adapt import step_view
        from images.rollplayer.step import step_png

        view = step_view(game.state, seat, picture_names(game), locale)
        return Picture("step.png", step_png(view, locale), alt.step_alt(view, locale))

    def table_picture(self, game: Any, locale: str) -> Picture:
        return self._table(game, locale, abandoned=game.status == "abandoned")

    def _sheet(self, game: Any, seat: int, locale: str) -> Picture:
        """A character sheet, for whoever looks at it (a public post: the turn banner names the player)."""
        from images.rollplayer import sheet_png
        from images.rollplayer.adapt import sheet_view

        view = sheet_view(game.state, seat, picture_names(game), locale)
        return Picture("sheet.png", sheet_png(view, locale), alt.sheet_alt(view, locale))

    def _table(self, game: Any, locale: str, *, abandoned: bool = False) -> Picture:
        """The whole table (of an ``abandoned`` game: as it was left, saying so where the decisions due were)."""
        from images.rollplayer import table_png
        from images.rollplayer.adapt import table_view

        view = table_view(game.state, picture_names(game), locale, abandoned)
        return Picture("table.png", table_png(view, locale), alt.table_alt(view, locale))

    def _scores(self, game: Any, locale: str) -> Picture:
        """The final scores (before the end: the scores so far), each player's made up item by item."""
        from images.rollplayer import scores_png
        from images.rollplayer.adapt import scores_view

        view = scores_view(game.state, picture_names(game), locale)
        return Picture("scores.png", scores_png(view, locale), alt.scores_alt(view, locale))

    def seat_badges(self, game: Any) -> tuple[str | None, ...]:
        """Each seat's class colour: the badge the table, the live picture, the sheets and the scores show beside
        the player (the chart's lines wear it too; its own colours gave Bot 2 the green triangle of Ann's class)."""
        from bot.games.rollplayer import content

        classes = content.classes()
        return tuple(classes[p.class_id]["colour"] if p.class_id in classes else None for p in game.state.players)

    # ---- commands
    commands = staticmethod(commands.build)


def _winner(state: Any) -> int | None:
    """The seat placed first by the rules' ranking (ties broken as the scores picture breaks them), if any."""
    from bot.games.rollplayer.kind import KIND

    ranking = KIND.score(state).get("ranking") or []
    return ranking[0].get("index") if ranking else None


def _placed_this_round(state: Any, player: Any) -> bool:
    """Whether ``player`` has placed this round's die (taken an Initiative card, and no longer choosing or
    placing it)."""
    return player.initiative is not None and not (state.turn == player.seat and state.step in ("choose", "place"))
