"""Dice poker as the shell sees it: ``/poker``, its words, pictures, lobby switches, help and rules.

The one decision of the game — which of your five dice to keep before the single reroll — is described to
the shell as a subset choice (``subset_menu``): the shell shows a toggle per die and a Confirm button
labelled with the move the choice stands for, instead of 32 "keep" patterns. The order of the rules stays
the rules' own: the opponent's reroll is a public step, so the active player sees its result (both hands
are in every picture) before choosing.
"""
from __future__ import annotations

from typing import Any

from bot.games.dicepoker import rules
from bot.games.dicepoker.options import DEFAULTS, TIE_BREAKS
from bot.games.dicepoker.score import score, ties
from bot.i18n import N_, listed, t
from cogs.core import Refusal
from cogs.seam import LobbyOption, Picture, Presentation, Seats, SubsetMenu, picture_names, seat_names
from images.dicepoker import words
from images.labels import labelled, spoken_signed

from . import alt, commands

N_DICE = 5


def positions(keep: Any) -> list[int]:
    """A move's ``keep`` as valid positions (anything else is left out: labels never fail)."""
    if not isinstance(keep, list):
        return []
    return sorted({i for i in keep if type(i) is int and 0 <= i < N_DICE})


def keep_token(keep: Any) -> str:
    """The typed form of a keep: positions 1–5 ("1,3,5"), or "none"."""
    shown = positions(keep)
    return ",".join(str(i + 1) for i in shown) if shown else "none"


def keep_words(keep: Any, locale: str) -> str:
    """A keep as the player writes it in ``locale``: its positions ("1,3,5"), or the language's word for none
    or all five ("keine", "alle"): an autocomplete choice read "none" to a German player."""
    shown = positions(keep)
    if not shown:
        return t("dicepoker.word.none", locale)
    return t("dicepoker.word.all", locale) if len(shown) == N_DICE else keep_token(shown)


def offer_rank(values: tuple[int, ...]) -> tuple:
    """Where a keep of ``values`` (highest first) stands among the suggestions: keep all, reroll all, then the
    higher kept dice first (more of them first among equals). The same order in every situation, so it
    suggests nothing the hints would; only five different values give more than Discord's 25 keeps, and
    those left out keep neither of the two highest dice, which is never the best keep."""
    if len(values) == N_DICE:
        return (0, ())
    if not values:
        return (1, ())
    return (2, tuple(-v for v in values) + (0,))


def suggested_keeps(dice: list[int], legal: list[dict]) -> list[int]:
    """Indexes of ``legal`` to offer, one per set of kept values (the first positions that keep them: "keep
    2 1" at positions 1,2 and at 3,4 is the same choice), in :func:`offer_rank` order."""
    first: dict[tuple[int, ...], int] = {}
    for index, move in enumerate(legal):
        first.setdefault(tuple(sorted((dice[i] for i in positions(move.get("keep"))), reverse=True)), index)
    return [first[values] for values in sorted(first, key=offer_rank)]


def acting_dice(state: dict, seat: int) -> list[int] | None:
    """The dice ``seat`` is deciding on now, or None when it is not that seat's decision."""
    side = rules.acting_side(state)
    if side is None or rules.seat_of_side(state, side) != seat:
        return None
    return list(state["sides"][side]["dice"])



def tie_break_line(kicker_depth: Any, locale: str) -> str:
    """The match's tie-break on the unused dice, said whichever was chosen: the lobby and ``/poker status`` named
    only the house rule, so players of a printed match could not tell from them which one they played. A match
    stored without a depth is an older one, played by the house rule (every unused die)."""
    if kicker_depth is None:
        return t("dicepoker.lobby.line.tie_break_house", locale)
    return t("dicepoker.lobby.line.tie_break_printed", locale)

class DicePokerPresentation(Presentation):
    kind = "dicepoker"
    catalog_prefix = "dicepoker."
    group_key = N_("dicepoker.cmd.name")
    group_description_key = N_("dicepoker.cmd.description")
    title_key = N_("dicepoker.title")
    # the chart shows each player's Gold after each hand (no projection: Gold is the score as it stands)
    chart_keys = (N_("dicepoker.chart.title"), N_("dicepoker.chart.x_axis"))
    # the replay says Gold too: a step counts a hand's stake back (paid in the move that dealt it), the end
    # is the Gold the night or duel ended with
    score_keys = (N_("dicepoker.history.gold"), N_("dicepoker.history.gold_final"))
    seats = Seats(low=2, high=2, default=2)
    # poker has no cards, and a finished hand is closed by the new dice of the next one
    undo_reveal_key = N_("dicepoker.undo.after_reveal")
    # a hand's message holds the previous hand's end (its split is left alone): the log starts a line at "Hand 2 of 8"
    log_openers = (N_("dicepoker.event.hand_started"),)
    solo = True
    pace_line_key = N_("dicepoker.pace.line")        # the time is per reroll, one each a hand
    pace_option_key = N_("dicepoker.cmd.new.pace")
    score_unit_key = N_("dicepoker.score_unit")
    solo_scores_apart = True       # a tavern night's 30 Gold is no duel's 5: stats average them apart
    # the tables pay differently (the printed one more than it costs), the gamblers start with 5 Gold: no one board
    solo_boards = (("house", N_("dicepoker.stats.board.house")), ("printed", N_("dicepoker.stats.board.printed")),
                   ("gamblers", N_("dicepoker.stats.board.gamblers")))
    lobby_options = (
        LobbyOption("mode", N_("dicepoker.lobby.mode.describe"), default="solo", new=False,
                    choices=(("solo", N_("dicepoker.lobby.mode.solo")),
                             ("gamblers", N_("dicepoker.lobby.mode.gamblers")))),
        LobbyOption("table", N_("dicepoker.lobby.table.describe"), default="house", new=False,
                    choices=(("house", N_("dicepoker.lobby.table.house")),
                             ("printed", N_("dicepoker.lobby.table.printed")))),
        # step b of the tie-break (seed 004 l.719-720): printed by default, our reading as a marked house rule
        LobbyOption("tie_break", N_("dicepoker.lobby.tie_break.describe"), default="printed",
                    choices=(("printed", N_("dicepoker.lobby.tie_break.printed")),
                             ("house", N_("dicepoker.lobby.tie_break.house")))),
    )
    narrow_fields = ("keep",)
    help_title_key = N_("dicepoker.help.title")
    help_intro_key = N_("dicepoker.help.intro")
    help_sections = (
        (N_("dicepoker.help.section.games"), ("new", "join", "leave", "start", "cancel", "solo", "status", "abandon",
                                              "table", "log", "language", "defaults", "rules", "help")),
        (N_("dicepoker.help.section.moves"), ("play", "keep", "reroll", "hint", "undo")),
    )
    rules_topics = ("overview", "hands", "ties", "match", "solo", "gamblers")

    # ---- lobby
    def game_options(self, chosen: dict[str, Any], *, solo: bool) -> dict:
        mode = chosen.get("mode") or "solo"
        table = chosen.get("table") or "house"
        tie_break = chosen.get("tie_break") if chosen.get("tie_break") in TIE_BREAKS else "printed"
        # a match records its tie-break: one stored without it is an older match, played by the house rule
        ties = {"kicker_depth": TIE_BREAKS[tie_break]}
        if not solo:              # /poker new, or /poker solo opponents:1: a duel, which has neither switch
            if mode != "solo" or table != "house":
                raise Refusal("dicepoker.error.duel_options")
            return {"mode": "duel", **ties}
        if mode == "gamblers":
            if table != "house":
                raise Refusal("dicepoker.error.gamblers_table")
            return {"mode": "local_gamblers", **ties}
        if tie_break != "printed":      # a tavern night pays by a table: nobody to tie with
            raise Refusal("dicepoker.error.solo_tie_break")
        return {"mode": "solo", "table": table}

    def option_lines(self, options: dict, locale: str) -> list[str]:
        mode = options.get("mode") if options.get("mode") in DEFAULTS else "duel"
        full = {**DEFAULTS[mode], **options}
        ties = [tie_break_line(full.get("kicker_depth"), locale)]
        if mode == "duel":
            return [t("dicepoker.lobby.line.duel", locale, hands=full["hands"], purse=full["purse"]), *ties]
        if mode == "local_gamblers":
            return [t("dicepoker.lobby.line.gamblers", locale, hands=full["hands"], purse=full["purse"]), *ties]
        table = t(f"dicepoker.lobby.table.{full['table']}", locale)
        return [t("dicepoker.lobby.line.solo", locale, hands=full["hands"], purse=full["purse"], table=table)]

    # ---- the subset decision
    def subset_menu(self, game: Any, seat: int, legal: list[dict], locale: str) -> SubsetMenu | None:
        """One toggle per die (chosen = kept), every keep pattern a mask; all dice kept at first (the
        rules' default when a player does not answer). Each toggle says its place, its value once and its state
        ("Die 2: 3, kept" / "Die 2: 3, reroll"): a screen reader heard the five buttons read alike before and
        after a press (the state was the colour), each value twice ("die face-2 2"), and two dice of one value
        as two buttons it could not tell apart ("3, kept" twice)."""
        if game.state is None or not legal:
            return None
        dice = acting_dice(game.state, seat)
        if dice is None:
            return None
        masks = tuple(sum(1 << i for i in positions(m.get("keep"))) if m.get("type") == "reroll" else None
                      for m in legal)
        return SubsetMenu(labels=tuple(t("dicepoker.toggle.reroll", locale, position=i + 1, value=d)
                                       for i, d in enumerate(dice)), masks=masks, initial=(1 << N_DICE) - 1,
                          chosen_labels=tuple(t("dicepoker.toggle.kept", locale, position=i + 1, value=d)
                                              for i, d in enumerate(dice)))

    # ---- words
    def move_label(self, game: Any, seat: int, move: dict, locale: str, limit: int = 100,
                   open_fields: frozenset[str] = frozenset()) -> str:
        keep = positions(move.get("keep"))
        dice = acting_dice(game.state, seat) if game.state is not None else None
        if dice is not None:
            text = words.move_label({"keep": keep}, dice, locale)
        elif keep:
            text = t("dicepoker.move.keep_positions", locale, positions=keep_token(keep))
        else:
            text = t("dicepoker.move.keep_none", locale)
        return text[:limit]

    def value_text(self, name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
        if name == "keep" and seat is not None:
            return f"{keep_words(value, locale)} — {self.move_label(game, seat, {'keep': value}, locale)}"
        return str(value)

    def value_token(self, name: str, value: Any) -> str:
        return keep_token(value) if name == "keep" else str(value)

    def typed_token(self, name: str, text: str) -> str | None:
        """Positions typed in any spelling ("1234", "1 3", "alle") as the keep's token ("1,2,3,4")."""
        kept = commands.parse_positions(text) if name == "keep" else None
        return None if kept is None else commands.token(kept)

    def suggested_moves(self, game: Any, seat: int, legal: list[dict]) -> list[int]:
        """Keep all first and each set of kept values once (:func:`suggested_keeps`): 32 keep patterns were
        cut at Discord's 25 in the rules' order, which left out "keep all" and showed equal labels twice."""
        dice = acting_dice(game.state, seat) if game.state is not None else None
        return list(range(len(legal))) if dice is None else suggested_keeps(dice, legal)

    def event_line(self, game: Any, event: dict, locale: str) -> str:
        return words.event_text(event, locale, seat_names(game))

    def error_params(self, game: Any, params: dict, locale: str) -> dict[str, str]:
        shown = super().error_params(game, params, locale)
        if isinstance(params.get("levels"), (list, tuple)):        # the bot's levels as the lobby names them
            shown["levels"] = ", ".join(t(f"bot.level.{level}", locale) for level in params["levels"])
        return shown

    def hint_text(self, game: Any, seat: int, advice: dict, locale: str) -> str:
        """The reason of ``/poker hint``: what the keep aims for and its exact winning chance (or payout)."""
        return words.hint_why(advice.get("key", "dicepoker.name"), dict(advice.get("params") or {}),
                              seat_names(game), locale)

    def decision_text(self, decision: str, locale: str) -> str:
        if decision == "reroll":
            return t("dicepoker.decision.reroll", locale)
        return t("dicepoker.decision.wait", locale)

    def status_line(self, game: Any, locale: str) -> str:
        """Which hand, its pot (a tavern night's stake) and each purse; once over, the hands played and the purses
        (the replay's last step read "pot 0 Gold": the last showdown had paid it out)."""
        state = game.state
        purses = ", ".join(t("dicepoker.status.purse", locale, player=name, gold=state["purses"][seat])
                           for seat, name in enumerate(seat_names(game)))
        if state["phase"] == "over":
            return t("dicepoker.status.over", locale, hand=state["hand"], hands=state["options"]["hands"],
                     purses=purses)
        if state["mode"] == "solo":
            pot = t("dicepoker.status.stake", locale, stake=rules.stake(state["options"]))
        else:
            pot = t("dicepoker.status.pot", locale, pot=state["pot"])
        return t("dicepoker.status.line", locale, hand=state["hand"], hands=state["options"]["hands"], pot=pot,
                 purses=purses)

    def final_lines(self, game: Any, locale: str) -> list[str]:
        state = game.state
        result = score(state)
        names = seat_names(game)
        if state["mode"] == "duel":
            lines = [t("dicepoker.final.line", locale, place=r["place"], player=words.name_of(names, r["seat"], locale),
                       gold=r["total"], hands_won=result["seats"][r["seat"]]["hands_won"])
                     for r in sorted(result["ranking"], key=lambda r: (r["place"], r["seat"]))]
            # a duel level on Gold says how the match rule broke the tie, with each best hand (it replaces the
            # reason or draw line, which only named the rule)
            tied = ties(state)
            for criterion, seats in tied:
                players = [words.name_of(names, seat, locale) for seat in seats]
                values = [labelled(player, t("dicepoker.final_tie.hand", locale,
                                             hand=words.hand_text(result["seats"][seat]["best_hand"], locale),
                                             dice=words.dice_text(result["seats"][seat]["best_dice"])), locale)
                          for player, seat in zip(players, seats)]
                lines.append(t(f"dicepoker.final_tie.{criterion}", locale, players=listed(
                    [t("play.listed_player", locale, player=player) for player in players], locale),
                               gold=result["seats"][seats[0]]["gold"], values=alt.listed(values, locale)))
            outcome = state.get("result") or {}
            if tied:
                return lines
            if outcome.get("winner") is None:
                lines.append(t("dicepoker.final.draw", locale))
            elif isinstance(outcome.get("reason"), str):
                lines.append(t("dicepoker.final.reason", locale, reason=words.reason_text(outcome["reason"], locale)))
            return lines
        seat = result["seats"][0]
        return [t("dicepoker.final.solo", locale, player=words.name_of(names, 0, locale), gold=seat["gold"],
                  net=spoken_signed(seat["net"]), purse=state["options"]["purse"])]

    # ---- pictures (worker thread), each with its alt text (``alt``)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The hand (both hands, whose reroll is due), under the previous hand's result once a hand ended; once
        over, the match (the result, shown widest) and the last hand. Each hand has a message of its own, so a
        hand ended since the last message was posted whenever one is in the history: the result stays in the
        hand's message through its edits. Deciding by the phase lost it when a bot ended a hand and at once made
        the next hand's first decision (the phase had moved on before the message was drawn: tour t14)."""
        state = game.state
        if state["phase"] == "over":
            return [self._match(game, locale), self._hand(game, locale)]
        ended = len(state["history"])
        return [*([self._hand(game, locale, ended)] if ended else []), self._hand(game, locale)]

    def table_picture(self, game: Any, locale: str) -> Picture:
        if game.state["phase"] == "over":
            return self._match(game, locale)
        return self._hand(game, locale)

    def replay_picture(self, game: Any, locale: str) -> Picture:
        """A replay's step is the first moment of a hand (or the end): its dealt dice said nothing of how the hand
        before ended (tour t14: no step showed a showdown). A step where no player of the new hand has decided
        yet shows the hand its last move ended; the end shows the match, a game still in play its hand now."""
        state = game.state
        ended = len(state["history"])
        players = [side for i, side in enumerate(state["sides"]) if rules.seat_of_side(state, i) is not None]
        if state["phase"] != "over" and ended and all(side["rerolled"] is None for side in players):
            return self._hand(game, locale, ended)
        return self.table_picture(game, locale)

    def _hand(self, game: Any, locale: str, hand: int | None = None) -> Picture:
        """The hand being played (``hand``: finished hand number ``hand``, as ``last_hand.png``; the last one
        once the match is over)."""
        from images.dicepoker import render_hand

        names = picture_names(game)
        return Picture("hand.png" if hand is None else "last_hand.png",
                       render_hand(game.state, locale, names, hand=hand), alt.hand_alt(game.state, names, locale, hand))

    def _match(self, game: Any, locale: str) -> Picture:
        from images.dicepoker import render_match

        names = picture_names(game)
        return Picture("match.png", render_match(game.state, locale, names), alt.match_alt(game.state, names, locale))

    # ---- commands
    commands = staticmethod(commands.build)
