"""The base of every game kind: defaults for the optional rules hooks of the engine's ``GameKind`` protocol
(``bot/engine/kinds.py``), so the engine and the shell call them directly.

A kind subclasses :class:`Kind` and gives the required members (``name``, ``create``, ``apply``, …); what it
leaves out keeps the default below. Optional features are declared: ``has_undo`` with ``reveals``,
``has_hint`` with ``hint``, and ``ai_levels`` (non-empty) with ``choose_move`` for bot seats.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any


class Kind:
    #: the bot's levels, the default last (``choose_move``); empty: the game has no bot seats
    ai_levels: tuple[str, ...] = ()
    #: ``reveals`` says which moves showed something new: players may take back the others (undo)
    has_undo: bool = False
    #: ``hint`` advises a move: ``/<group> hint`` and a Hint button
    has_hint: bool = False
    #: the seats win or lose together against the game (Roll for Adventure): their places say nothing of who
    #: played better, so the engine rates no such game (rated as a tie, every player's shown rating rose,
    #: after a loss too) and the final post draws no chart of a score per seat (every seat's line is the same)
    cooperative: bool = False

    def results(self, state: Any) -> list[dict] | None:
        """``[{"seat", "total", "place"}]``; None (the default): the engine ranks from ``score()``."""
        return None

    def opening(self, seats: int, seed: int, options: dict | None = None) -> tuple[Any, list[dict]]:
        """A new game (``create``) with what its rules did before the first move, as events (dice poker's first
        deal, Roll for Adventure's first turn and its roll): ``/<game> log`` tells them before move 1, as ``apply``'s
        events are told after each move. Default: no events."""
        return self.create(seats, seed, options), []

    def reveals(self, before: Any, move: dict, after: Any) -> bool:
        """With ``has_undo``: True when ``move`` showed new random or hidden information (a roll, a draw, a
        card turned up), so neither it nor anything before it can be taken back. Pure and deterministic.
        Default: every move does (nothing is undone)."""
        return True

    def timeout_move(self, state: Any, seat: int) -> dict | None:
        """The move the game's rules make for ``seat`` when its player's time for the decision at hand runs out
        (a rule of the game, e.g. dice poker's "a reroll left waiting keeps all dice"), or None (the default): the
        rules say nothing, and the shell asks the other players what to do (wait, let the bot play, end)."""
        return None

    def choose_move(self, state: Any, seat: int, level: str, seed: int) -> dict:
        """With ``ai_levels``: the bot's move for ``seat`` at ``level``."""
        raise NotImplementedError

    def hint(self, state: Any, seat: int, seed: int) -> dict:
        """With ``has_hint``: advice as data, ``{"move", "key", "params"}`` (the presentation words it)."""
        raise NotImplementedError

    def upgrade(self, snapshot: str) -> str:
        """A snapshot stored by an older version of the kind, as this version would store the same state (what
        ``loads`` reads it as): ``python -m bot.engine verify`` compares that with the replay of the moves, which
        this version plays. Default: the text unchanged (the kind has one version)."""
        return snapshot

    def stored_as(self, state: Any, snapshot: str) -> str:
        """``state`` (the replay of a game's moves) as the version of the kind that stored ``snapshot`` stored it:
        ``verify`` passes both through :meth:`upgrade` and compares them. A field an older version did not keep
        cannot be compared with the replay (its ``upgrade`` can only estimate it: Roll for Adventure's version 1
        knew no defeats a Necromancer undid), so the replay leaves it out too and gets the same estimate; every
        field that version stored is still compared. Default: ``dumps(state)`` (the kind has one version)."""
        return self.dumps(state)

    def step_mark(self, state: Any) -> Hashable:
        """Changes when a public step is complete (e.g. (round, phase)): a move of a player who is still due and
        leaves the mark unchanged continues privately. Default None: a step ends when the mover is no longer
        due."""
        return None

    def message_mark(self, state: Any) -> Hashable | None:
        """A JSON value: a public step whose mark equals the previous post's edits that message in place instead
        of posting a new one (dice poker: one message per hand); a new mark starts a new message, and everyone
        ``seats_to_notify`` names is mentioned afresh. None (the default): no marks."""
        return None

    def seats_to_notify(self, state: Any) -> list[int] | None:
        """Who a new message pings, e.g. both duellists at the start of a hand, since an edit in place pings
        nobody. None (the default): the seats due now."""
        return None

    def round_mark(self, state: Any) -> Hashable | None:
        """Where a replay's rounds begin; None (the default): ``step_mark``."""
        return None

    def projected_scores(self, state: Any) -> list | None:
        """What each seat would score now (the final post's chart, the replay); None (the default): the
        engine ranks ``score()`` as at the end."""
        return None

    def is_solo(self, seats: int, options: dict) -> bool:
        """Whether a finished game counts as solo in stats and leaderboards (default: one seat)."""
        return seats == 1

    def solo_title(self, total: int, options: dict) -> str | None:
        """The message key of a solo result's title (a rating), or None."""
        return None

    def solo_board(self, seats: int, options: dict) -> str | None:
        """Which one-player games' scores compare with one another: stats rank and average only the games of one
        board together (dice poker: a night on the printed table, which pays more than it costs, is no rival of
        one on the house table). None: a game against others, on no board. Default: every solo game
        (``is_solo``) on one board, ``""``."""
        return "" if self.is_solo(seats, options) else None
