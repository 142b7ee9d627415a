"""The presentation seam: what the game-agnostic shell needs from a game, beside its rules (``GameKind``).

Each game registers one object satisfying :class:`Presentation` under the same name as its ``GameKind``
(``cogs/games.py`` holds the registry: one line per game). The shell's lobby, turn flow, buttons, menus,
help and reminders call only this protocol and the engine; they never import a game package and never read
a game's state fields. A game's presentation lives in its own subpackage (``cogs/<game>/``), draws with its
own renderers (``images/<game>/``) and speaks through its own catalog domain (``<game>.po``).

``game`` below is always the engine's :class:`bot.engine.GameView` (seats with names, options, version, the
state). Picture methods run in a worker thread: they must not touch the event loop or Discord.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol, runtime_checkable

#: A picture for a post: (file name, PNG bytes).
#: Optional hook ``live_pictures(game, mover, locale) -> list[Picture]``: the pictures of the game's live message
#: (default: the table while a game with seat pictures runs, else ``turn_pictures``; see ``cogs.outbox``).
Picture = tuple[str, bytes]


@dataclass(frozen=True)
class LobbyOption:
    """A switch of ``/<group> new`` (and of ``/<group> solo`` when ``solo``).

    ``choices`` (value, catalog key of its label) makes it a string option with those choices; otherwise it
    is a boolean. ``default`` is used when the player leaves it out.
    """
    name: str
    description_key: str
    default: Any = False
    solo: bool = True
    choices: tuple[tuple[str, str], ...] = ()
    #: offered in ``/<group> new`` too (False: a switch of the one-seat game only, e.g. its opponents)
    new: bool = True


@dataclass(frozen=True)
class Seats:
    """How many seats ``/<group> new`` offers: ``players`` from ``low`` to ``high``, ``default`` if left out.
    A game whose ``low`` is 1 but that is normally played by several is never started alone by accident
    (solo has its own command)."""
    low: int
    high: int
    default: int


@dataclass(frozen=True)
class SubsetMenu:
    """A decision that is "choose a subset of these items" (which dice to reroll), described for the
    optional hook ``Presentation.subset_menu``.

    The shell shows one toggle button per item (``labels``, at most :data:`SUBSET_ITEMS`) and a Confirm
    button; the toggles' custom ids carry the current choice as a bit mask (bit ``i`` = item ``i`` chosen),
    each toggle re-renders the same message in place, and Confirm plays the legal move whose mask equals the
    choice. ``masks[i]`` is the mask of ``legal[i]`` (None: a legal move that is not a subset, offered as an
    ordinary button beside Confirm); ``initial`` is the choice shown first (0: nothing chosen).

    ``alike``: one class per item when items of a class are interchangeable (two dice showing 5: a move says
    "reroll one 5", not which); a choice then stands for the move that picks as many items of each class,
    whichever of them are toggled. ``nested``: the subset moves are one entry of an ordinary menu (the rest of
    the decision is other moves, a throw's placements): the menu lists them, or, when they do not fit, one
    narrowing entry that opens the toggles privately (and the toggles show no other move beside Confirm).
    """
    labels: tuple[str, ...]
    masks: tuple[int | None, ...]
    initial: int = 0
    alike: tuple[int, ...] = ()
    nested: bool = False

    def normal(self, mask: int) -> int:
        """``mask`` with the chosen items of each ``alike`` class moved to that class's first items."""
        if not self.alike:
            return mask
        chosen: dict[int, int] = {}
        for item, kind in enumerate(self.alike):
            if mask >> item & 1:
                chosen[kind] = chosen.get(kind, 0) + 1
        out = 0
        for item, kind in enumerate(self.alike):
            if chosen.get(kind):
                out |= 1 << item
                chosen[kind] -= 1
        return out

    @cached_property
    def _index(self) -> dict[int, int]:
        index: dict[int, int] = {}
        for n, own in enumerate(self.masks):
            if own is not None:
                index.setdefault(self.normal(own), n)
        return index

    def index_of(self, mask: int) -> int | None:
        """The legal move the choice ``mask`` stands for, or None when no legal move is that subset."""
        return self._index.get(self.normal(mask))


#: Most toggles a subset menu may have (three rows of five; then a row for Confirm, a row for the look buttons).
SUBSET_ITEMS = 15


@runtime_checkable
class Presentation(Protocol):
    #: the ``GameKind.name`` this presents
    kind: str
    #: catalog keys of the game's command group (``cmd.rp.name`` → ``/rp``) and of its display name
    group_key: str
    group_description_key: str
    title_key: str
    seats: Seats
    #: whether ``/<group> solo`` starts a one-seat game in a DM
    solo: bool
    #: whether each seat has a picture of its own (``seat_picture``, ``/<group> sheet``, "My sheet")
    has_seat_pictures: bool
    lobby_options: tuple[LobbyOption, ...]
    #: move fields a menu narrows by, most meaningful first (others follow alphabetically)
    narrow_fields: tuple[str, ...]
    #: ``/<group> help``: its title and introduction (catalog keys)
    help_title_key: str
    help_intro_key: str
    #: ``/<group> help``: (heading key, command paths under the group, "." for a space)
    help_sections: tuple[tuple[str, tuple[str, ...]], ...]
    #: ``/<group> rules topic``: topics with ``rules_topic.<topic>.title`` / ``.text`` keys
    rules_topics: tuple[str, ...]

    # ---- lobby
    def game_options(self, chosen: dict[str, Any], *, solo: bool) -> dict:
        """The rules options from the lobby switches (the kind validates them again)."""

    def option_lines(self, options: dict, locale: str) -> list[str]:
        """The chosen options, one line each, for the lobby and status."""

    # ---- words
    def move_label(self, game: Any, seat: int, move: dict, locale: str, limit: int = 100,
                   open_fields: frozenset[str] = frozenset()) -> str:
        """A legal move as a button or menu label; ``open_fields`` are still to be chosen ("…")."""

    def group_label(self, field: str, members: list[dict], game: Any, seat: int, locale: str,
                    limit: int = 100) -> str:
        """A narrowing menu entry standing for several moves that share everything before ``field``."""

    def value_text(self, name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
        """One move field's value as words (typed-command autocomplete, option matching)."""

    def value_token(self, name: str, value: Any) -> str:
        """One move field's value as a short stable token a player can type ("blue-6", "str-2")."""

    def event_line(self, game: Any, event: dict, locale: str) -> str:
        """One rules event as a log line."""

    def error_params(self, game: Any, params: dict, locale: str) -> dict[str, str]:
        """A ``RuleError``'s params as display text (ids become names)."""

    def decision_text(self, decision: str, locale: str) -> str:
        """A pending decision ("place your die") for prompts, status and reminders."""

    def status_line(self, game: Any, locale: str) -> str:
        """Where the game stands (round, phase) for status and prompts."""

    def step_mark(self, state: Any) -> Hashable:
        """Changes when a public step is complete (e.g. (round, phase)): a move of a player who is still
        due and leaves the mark unchanged continues privately."""

    def final_lines(self, game: Any, locale: str) -> list[str]:
        """The result of a finished game, a line per place (plus e.g. a solo rating)."""

    def is_anytime(self, move: dict) -> bool:
        """Moves a player may make at almost any moment: offered behind "More…", not in the main menu."""

    # ---- pictures (worker thread)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The pictures of a public post after ``mover``'s step (None: the start)."""

    def seat_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        """A seat's own picture (a character sheet), or None when the game has none."""

    def table_picture(self, game: Any, locale: str) -> Picture:
        """The whole table."""

    # ---- commands
    def commands(self, shell: Any) -> list:
        """The game's own subcommands (phase commands) under its group, built on ``shell``
        (:class:`cogs.typed.TypedMoves`): they play moves only through it."""


#: Optional parts of the seam (the shell uses ``getattr`` with these defaults):
#:
#: * ``subset_menu(game, seat, legal, locale) -> SubsetMenu | None``: the decision at hand is a choice of a
#:   subset (which dice to reroll); the shell then shows toggles and Confirm instead of one button or menu
#:   entry per legal move (32 keep patterns would otherwise be a narrowing select). None: the usual menu.
#:   A ``nested`` one is a part of a bigger decision (Roll for Adventure's Daredevil rerolls beside a throw's
#:   placements): its toggles open from the menu's narrowing entry when the menu cannot list every move.
#: * ``catalog_prefix: str``: the game's catalog keys are all prefixed (``"dicepoker."``); the help lines of
#:   its own commands are ``<prefix>help.cmd.<path>`` and its rules topics ``<prefix>rules_topic.<topic>.*``
#:   (the shell's commands keep the shell's ``help.cmd.<path>``).
#: * ``message_mark(state) -> JSON value``: a public step whose mark equals the previous post's edits that
#:   message in place instead of posting a new one (dice poker: one message per hand). A new mark starts a new
#:   message, and everyone ``seats_to_notify`` names is mentioned afresh.
#: * ``seats_to_notify(state) -> list[int]``: who a new message pings (default: the seats due now), e.g. both
#:   duellists at the start of a hand, since an edit in place pings nobody.
#: * ``option_detail(game, seat, move, locale) -> str | None`` and ``move_chains(game, seat, legal, locale)``:
#:   a menu option's description (what a race or class brings), and options that play several moves in a row
#:   (take a card and place its die); both documented in ``cogs/menus.py``.
#: * ``step_picture(game, seat, locale) -> Picture | None``: the small picture of the private message that carries
#:   a player through the steps of a turn (only what the decision at hand needs; same bytes when nothing on it
#:   changed, so an edit keeps the attachment). Without it the private message shows ``seat_picture``; with it,
#:   that message offers the full sheet behind one button.
#: * ``hint_text(game, seat, advice, locale) -> str``: the "why" of a hint (``advice`` is what the kind's
#:   ``hint`` returned: ``move``, ``key``, ``params``), worded with the game's own terms (hand names, chances,
#:   territories). Without it the shell words ``key`` with the params as ``error_params`` shows them.
OPTIONAL_HOOKS = ("subset_menu", "catalog_prefix", "message_mark", "seats_to_notify", "option_detail", "move_chains",
                  "live_pictures", "step_picture", "hint_text")


PRESENTATION_ATTRIBUTES = (
    "kind", "group_key", "group_description_key", "title_key", "seats", "solo", "has_seat_pictures",
    "lobby_options", "narrow_fields", "help_title_key", "help_intro_key", "help_sections", "rules_topics",
    "game_options", "option_lines", "move_label", "group_label", "value_text", "value_token", "event_line",
    "error_params", "decision_text", "status_line", "step_mark", "final_lines", "is_anytime", "turn_pictures",
    "seat_picture", "table_picture", "commands",
)


def check_presentation(presentation: Any) -> None:
    """Fail at start-up (not mid-game) when a registered presentation lacks part of the seam."""
    missing = [name for name in PRESENTATION_ATTRIBUTES if not hasattr(presentation, name)]
    if missing:
        raise TypeError(f"{presentation!r} is not a presentation; missing {', '.join(missing)}")


#: Signature of the functions a presentation calls to get a catalog text (``bot.i18n.t``).
Translate = Callable[..., str]
