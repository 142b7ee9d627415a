"""The presentation seam: what the game-agnostic shell needs from a game, beside its rules (``GameKind``).

Each game registers one instance of a :class:`Presentation` subclass under the same name as its ``GameKind``
(``cogs/games.py`` holds the registry: one line per game). The shell's lobby, turn flow, buttons, menus,
help and reminders call only this class and the engine; they never import a game package and never read
a game's state fields. A game's presentation lives in its own subpackage (``cogs/<game>/``), draws with its
own renderers (``images/<game>/``) and speaks through its own catalog domain (``<game>.po``).

``game`` below is always the engine's :class:`bot.engine.GameView` (seats with names, options, version, the
state). Picture methods run in a worker thread: they must not touch the event loop or Discord. Each returns
:class:`Picture`s: the PNG with its alt text, worded by the game from what it drew.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from bot.i18n import N_, t

from .usertext import cut, shown_name


class HeldBack(NamedTuple):
    """A move the rules refuse now though the menus offer a way to it, with the refusal that says why and what to do
    first (``Presentation.held_back``): Roll Player's weapon that the hands keep out, bought once a Weapon is
    discarded. ``move`` is the move as it will be legal then; ``key`` and ``params`` the refusal's catalog text."""
    move: dict
    key: str
    params: dict


class Picture(NamedTuple):
    """A picture for a post: its file name, its PNG bytes and its alt text.

    ``alt`` says, in the language the picture is drawn in (a public post's: the game's; a private view's: its
    reader's), what the picture shows that the message beside it does not: a screen reader reads it out, and
    Discord shows it on hover or tap. The presentation that draws a picture words it, from what it drew (a
    rule lives in one place); the shell hands it to Discord as the attachment's ``description`` and the
    gallery item's, within Discord's limit (``cogs.outbox.alt_within``)."""
    name: str
    data: bytes
    alt: str


def seat_names(game: Any) -> list[str]:
    """Each seat's player's name as message text (``cogs.usertext.shown_name``: shown exactly as typed, in any
    text); pictures draw :func:`picture_names`."""
    return [shown_name(seat.name) for seat in game.seats]


def picture_names(game: Any) -> list[str]:
    """Each seat's player's name as stored, for the pictures: a picture draws the letters themselves, no Markdown
    is read there, and the escaping of :func:`seat_names` would be drawn."""
    return [seat.name for seat in game.seats]


def player_name(game: Any, seat: Any) -> str:
    """The name of the player at ``seat`` as message text ("?" for anything that is not a seat of the game)."""
    return shown_name(game.seats[seat].name) if isinstance(seat, int) and 0 <= seat < len(game.seats) else "?"


def seated_people(game: Any, but: int | None = None) -> list[int]:
    """The user ids of the people seated in ``game`` (no bot seat, no seat whose player was forgotten), ``but``
    left out: whom a notice about the whole game, such as its end, mentions."""
    return list(dict.fromkeys(s.user_id for s in game.seats if s.user_id and not s.is_ai and s.user_id != but))


def player_mention(game: Any, seat: Any) -> str:
    """The player at ``seat`` mentioned, or named when the seat is a bot's (or anyone's without an account)."""
    user = game.seats[seat].user_id if isinstance(seat, int) and 0 <= seat < len(game.seats) else None
    return f"<@{user}>" if user else player_name(game, seat)


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
    hook ``Presentation.subset_menu``.

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

    ``chosen_labels``: each item's label while it is chosen (``labels`` then are those of items not chosen),
    so the state is in the words and not only in the button's colour, which a screen reader does not say ("2,
    kept" / "2, reroll"); empty: ``labels`` either way.
    """
    labels: tuple[str, ...]
    masks: tuple[int | None, ...]
    initial: int = 0
    alike: tuple[int, ...] = ()
    nested: bool = False
    chosen_labels: tuple[str, ...] = ()

    def label(self, item: int, mask: int) -> str:
        """Item ``item``'s label under the choice ``mask``."""
        if self.chosen_labels and mask >> item & 1:
            return self.chosen_labels[item]
        return self.labels[item]

    def normal(self, mask: int) -> int:
        """``mask`` with the chosen items of each ``alike`` class moved to that class's first items."""
        if not self.alike:
            return mask
        chosen = Counter(kind for item, kind in enumerate(self.alike) if mask >> item & 1)
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


class Presentation:
    """The base every game's presentation subclasses. Members without a default (annotations, methods with
    only a docstring: :data:`REQUIRED`) are required, and :func:`check_presentation` refuses a presentation that
    lacks one at start-up. The rest are optional hooks whose defaults are the shell's usual behaviour, so the
    shell calls every member directly; a hook whose default is "use another picture" has a capability flag
    (``has_step_picture``, ``has_live_pictures``) that says the game draws its own."""

    #: the ``GameKind.name`` this presents
    kind: str
    #: catalog keys of the game's command group (``cmd.rp.name`` → ``/rp``) and of its display name
    group_key: str
    group_description_key: str
    title_key: str
    seats: Seats
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

    #: whether ``/<group> solo`` starts a one-seat game in a DM
    solo: bool = False
    #: how the pace is worded in the lobby, ``/<group> status`` and ``/find`` (``{pace}``, ``{time}``), and the
    #: description of ``/<group> new``'s ``pace`` option: what the time is given for (one decision of a turn; dice
    #: poker's one reroll of each player in a hand, after which the rules keep the dice)
    pace_line_key: str = N_("clock.pace.line")
    pace_option_key: str = N_("cmd.new.pace")
    #: whether a solo game's score is on another scale than a game against others (dice poker: a tavern night
    #: starts with 30 Gold, a duel with 5), so that ``/<group> stats show`` gives their averages and best scores
    #: apart; False: one average and best over every game (Roll Player's reputation is scored alike in both)
    solo_scores_apart: bool = False
    #: the boards of the rules' solo games (``Kind.solo_board``) as (board, the message key naming it), in the
    #: order stats show them: each is ranked and averaged on its own, under its name (dice poker: a tavern night
    #: on the house table, on the printed table, the local gamblers). Empty: one board, "Best solo game"
    solo_boards: tuple[tuple[str, str], ...] = ()
    #: a score with its unit (catalog key, ``{score}``: "17 reputation", "19 Gold"), wherever a result is shown
    #: outside the game (stats, boards, the daily's share line, ``/games``): a bare "19" said nothing of what it
    #: counts; None: the bare number
    score_unit_key: str | None = None
    #: whether each seat has a picture of its own (``seat_picture``, ``/<group> sheet``, "My sheet")
    has_seat_pictures: bool = False
    #: the private step message has a compact picture of its own (``step_picture``); the full sheet is then one
    #: button away. False: that message shows ``seat_picture``.
    has_step_picture: bool = False
    #: the live message has pictures of its own (``live_pictures``). False: the table while a game with seat
    #: pictures runs, else ``turn_pictures`` (``cogs.outbox``).
    has_live_pictures: bool = False
    #: the key of the event a new message of the game begins with (``Kind.message_mark``; Roll for Adventure's
    #: "Turn 5: Ann · Healer."): the move that ends one turn also starts the next, so the lines before that event
    #: (the turn's last placement, its enemy phase) are the end of the message summarised then, not the head of
    #: the new one, which cut them away once it grew. None: a new message holds every line of its move.
    message_opener: str | None = None
    #: the keys of events that begin a new part of the game which its live message does not split at (dice poker's
    #: "Hand 2 of 8", whose message holds the previous hand's end too): ``/<game> log`` starts a line with each, as
    #: it does with ``message_opener``, so that a reader sees where a hand begins
    log_openers: tuple[str, ...] = ()
    #: a game whose catalog keys are all prefixed (``"dicepoker."``) keeps the help lines of its own commands
    #: under ``<prefix>help.cmd.<path>`` and its rules topics under ``<prefix>rules_topic.<topic>.*`` (the
    #: shell's commands keep the shell's ``help.cmd.<path>``)
    catalog_prefix: str = ""
    #: the score chart's title and axis (catalog keys): the shell's speak of a projected score by rounds; a game
    #: whose score or rounds are named otherwise in some language has its own
    chart_keys: tuple[str, str] = (N_("history.chart.title"), N_("history.chart.x_axis"))
    #: the replay's score line (catalog keys, ``{scores}``): at a step of a game in play, and at the last step
    #: of a game its rules ended, where the score is final; a game whose score is named otherwise has its own
    score_keys: tuple[str, str] = (N_("history.projected"), N_("history.final_score"))
    #: the refusal of an undo that would go back across a move that showed something new (a catalog key), in the
    #: game's own words (dice poker: "new dice were rolled"; the shell's names dice and cards). A game that gives
    #: one also hears it where another player moved after a reveal since the asker's own last move: a new deal
    #: (a new poker hand) closes what came before, whoever has moved since. None: the shell's, and who moved.
    undo_reveal_key: str | None = None
    #: the keys of events that only retell the player's move (Roll for Adventure's "Ann · Healer places 2 dice
    #: showing 5 on the Forest"): ``/<game> log`` shows what the rules did after each move, as the live message
    #: words it, under the move's own line, which says these already
    log_retold_events: tuple[str, ...] = ()

    # ---- lobby
    def game_options(self, chosen: dict[str, Any], *, solo: bool) -> dict:
        """The rules options from the lobby switches (the kind validates them again)."""

    def option_lines(self, options: dict, locale: str) -> list[str]:
        """The chosen options, one line each, for the lobby and status."""

    # ---- words
    def move_label(self, game: Any, seat: int, move: dict, locale: str, limit: int = 100,
                   open_fields: frozenset[str] = frozenset()) -> str:
        """A legal move as a button or menu label; ``open_fields`` are still to be chosen ("…")."""

    def log_label(self, game: Any, seat: int, move: dict, locale: str) -> str:
        """A played move as ``/<game> log`` and the undo line word it (``game``: the table it was played on). A
        button's label can lean on the question above it ("Not yet"); a log line stands alone, so a game whose
        labels do says there what was decided. Default: the move's label."""
        return self.move_label(game, seat, move, locale)

    def mover_name(self, game: Any, seat: int, locale: str) -> str:
        """Who made a move at ``seat``, for ``/<game> log`` (``game``: the table the move was played on): the
        player's name. A game where one player moves several pieces in turn names the piece too."""
        return player_name(game, seat)

    def group_label(self, field: str, members: list[dict], game: Any, seat: int, locale: str,
                    limit: int = 100) -> str:
        """A narrowing menu entry standing for several moves that share everything before ``field``
        (default: the first member's label)."""
        return self.move_label(game, seat, members[0], locale, limit)

    def value_text(self, name: str, value: Any, game: Any, seat: int | None, locale: str) -> str:
        """One move field's value as words (typed-command autocomplete, option matching)."""
        return str(value)

    def value_token(self, name: str, value: Any) -> str:
        """One move field's value as a short stable token a player can type ("blue-6", "str-2")."""
        return str(value)

    def typed_token(self, name: str, text: str) -> str | None:
        """What a player is typing into an option naming move field ``name``, read as the token it stands for
        (dice poker: "1234" or "1 3" for the positions "1,2,3,4" / "1,3"), so autocomplete offers that value
        although its token is written otherwise; None (the default): the text is matched as it is."""
        return None

    def event_line(self, game: Any, event: dict, locale: str) -> str:
        """One rules event as a log line ("" for one that another line of the same move already tells)."""

    def error_params(self, game: Any, params: dict, locale: str) -> dict[str, str]:
        """A ``RuleError``'s params as display text (default: each cut to 80 characters, and a ``seat`` also
        as the ``player``'s name)."""
        shown = {k: cut(str(v), 80) for k, v in params.items()}
        seat = params.get("seat")
        if type(seat) is int and 0 <= seat < len(game.seats):
            shown["player"] = player_name(game, seat)
        return shown

    def hint_label(self, game: Any, seat: int, advice: dict, locale: str) -> str:
        """The hinted move as the menu offers it, for the player to find there. Default: the move's own label; a game
        whose menus offer a move only chained with the next (a card taken with the row for its die) names the
        option that holds it."""
        return self.move_label(game, seat, advice["move"], locale)

    def hint_text(self, game: Any, seat: int, advice: dict, locale: str) -> str:
        """The "why" of a hint (``advice`` is what the kind's ``hint`` returned: ``move``, ``key``, ``params``),
        worded with the game's own terms (hand names, chances, territories). Default: ``key`` with the params
        as ``error_params`` shows them."""
        key = advice.get("key")
        shown = self.error_params(game, dict(advice.get("params") or {}), locale)
        return t(key, locale, **shown) if key else ""

    def decision_text(self, decision: str, locale: str) -> str:
        """A pending decision ("place your die") for prompts, status and reminders."""

    def decision_prompt(self, game: Any, seat: int, decision: str, locale: str) -> str:
        """``seat``'s pending ``decision`` as it is asked wherever it is asked (the live message, its private menu,
        status, reminders), from the table as it stands: a decision that is about one thing names it (Roll for
        Adventure's Shieldmaiden: which attack she would block, and what it would cost). Default: the decision
        alone, :meth:`decision_text`."""
        return self.decision_text(decision, locale)

    def status_line(self, game: Any, locale: str) -> str:
        """Where the game stands (round, phase) for status and prompts."""

    def turn_note(self, game: Any, locale: str) -> str:
        """What a live message says once, as it appears (a turn's start), and ``/<game> status`` says, under the
        status line; the edits of that message after later moves leave it out, where it would be one more
        paragraph a screen reader reads again after every move (Roll for Adventure: the active hero's power, in
        full). Default: nothing."""
        return ""

    def final_lines(self, game: Any, locale: str) -> list[str]:
        """The result of a finished game, a line per place (plus e.g. a solo rating)."""

    def result_words(self, score: str, won: bool | None, options: dict, locale: str) -> str:
        """A seat's result outside the game (``score``: the total, already written for ``locale``; ``won``: whether
        the game was won, None where that is not the point, e.g. an average): its unit by default
        (``score_unit_key``); a co-operative game says won or lost, which its score alone does not."""
        return t(self.score_unit_key, locale, score=score) if self.score_unit_key else score

    def is_anytime(self, move: dict) -> bool:
        """Moves a player may make at almost any moment: offered behind "More…", not in the main menu."""
        return False

    def out_of_turn_moves(self, game: Any, seat: int, legal: list[dict], locale: str) -> str:
        """What ``seat`` may usefully do now while others are due (``legal``: its moves), named in a few words
        ("Acrobatics, Knowledge"), told with a refusal out of turn (a hint asked, a move typed) so the player
        knows they may act; "" (the default): nothing worth naming."""
        return ""

    def private_note(self, game: Any, seat: int, locale: str) -> str:
        """What the seat's own player may know and the table may not, told beside their decision wherever only
        they read it (their private step message and menus, a refusal of theirs): Roll Player's card that Open
        Lock turned up for them, which nothing else shows (a seat picture may be posted or asked for by anyone).
        Default: nothing."""
        return ""

    # ---- menus (pure, picklable arguments: a menu may be worked out in a drawing process)
    def idle_moves(self, game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
        """Indexes in ``legal`` of moves that change nothing on the table (Roll Player: swapping two identical
        dice), left out of the menus so they do not crowd the real choices; they stay legal (typed commands,
        bots, replays), so the rules' move list is never filtered. Default: none."""
        return frozenset()

    def pressing_moves(self, game: Any, seat: int, legal: list[dict]) -> frozenset[int]:
        """Indexes in ``legal`` of any-time moves (``is_anytime``) that the decision at hand needs now, so the
        main menu shows them instead of hiding them behind "More…" (Roll Player: discarding a Weapon while the
        hands keep a Market weapon from being bought: the purchase waits on it). Default: none."""
        return frozenset()

    def suggested_moves(self, game: Any, seat: int, legal: list[dict]) -> list[int]:
        """Indexes in ``legal`` that autocomplete offers (``/<game> play``, a typed command's options), in the
        order to offer them: Discord shows 25 at most, so a game with more moves than that puts the likely
        ones first and may leave out moves that do exactly what an earlier one does (dice poker: keeping
        equal values at other positions), which read as the same choice twice. Default: every move, in the
        rules' order."""
        return list(range(len(legal)))

    def subset_menu(self, game: Any, seat: int, legal: list[dict], locale: str) -> SubsetMenu | None:
        """The decision at hand as a choice of a subset (which dice to reroll): the shell then shows toggles
        and Confirm instead of one button or menu entry per legal move (32 keep patterns would otherwise be
        a narrowing select). A ``nested`` one is a part of a bigger decision (Roll for Adventure's Daredevil
        rerolls beside a throw's placements). None (the default): the usual menu."""
        return None

    def option_detail(self, game: Any, seat: int, move: dict, locale: str) -> str | None:
        """A select option's description (what a race or class brings); ``cogs/menus.py``."""
        return None

    def move_chains(self, game: Any, seat: int, legal: list[dict], locale: str) -> list | None:
        """Options that play several moves in a row (take a card and place its die); ``cogs/menus.py``."""
        return None

    def held_back(self, game: Any, seat: int, legal: list[dict], locale: str) -> list[HeldBack]:
        """Moves not legal now that the menus reach by a longer way (``move_chains``), each with the refusal a typed
        command naming it gets (:class:`HeldBack`): the menus and the typed commands then give one reason, worked
        out in one place. Asked only when a typed command is about to be refused. Default: none."""
        return []

    # ---- pictures (worker thread), each with its alt text (:class:`Picture`)
    def turn_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """The pictures of a public post after ``mover``'s step (None: the start); default: the table."""
        return [self.table_picture(game, locale)]

    def replay_picture(self, game: Any, locale: str) -> Picture:
        """The picture of a replay's step (``game``: the game as it stood then; a step is the first moment of a
        round, or the end). Default: the table; a game whose step opens a new round that says nothing of how the
        round before ended shows that instead (dice poker's finished hand)."""
        return self.table_picture(game, locale)

    def live_pictures(self, game: Any, mover: int | None, locale: str) -> list[Picture]:
        """With ``has_live_pictures``: the pictures of the game's live message."""

    def seat_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        """A seat's own picture (a character sheet), or None (the default) when the game has none."""
        return None

    def step_picture(self, game: Any, seat: int, locale: str) -> Picture | None:
        """With ``has_step_picture``: the small picture of the private message that carries a player through
        the steps of a turn (only what the decision at hand needs; same bytes when nothing on it changed, so
        an edit keeps the attachment)."""

    def table_picture(self, game: Any, locale: str) -> Picture:
        """The whole table."""

    def seat_badges(self, game: Any) -> tuple[str | None, ...]:
        """Each seat's badge in the game's pictures, as the die colour of the drawing kit's shape badge
        (``images.icons.shape_badge``; None: that seat has none yet), so the score chart draws each seat's line
        as the table and the sheets show that seat (Roll Player: its class). Default: no badges."""
        return ()

    # ---- commands
    def commands(self, shell: Any) -> list:
        """The game's own subcommands (phase commands) under its group, built on ``shell``
        (:class:`cogs.typed.TypedMoves`): they play moves only through it."""


#: The parts of the seam a game must give (the rest have defaults in :class:`Presentation`).
REQUIRED = (
    "kind", "group_key", "group_description_key", "title_key", "seats", "lobby_options", "narrow_fields",
    "help_title_key", "help_intro_key", "help_sections", "rules_topics", "game_options", "option_lines",
    "move_label", "event_line", "decision_text", "status_line", "final_lines", "table_picture",
    "commands",
)
#: The optional hooks: each has a default in :class:`Presentation`, or a capability flag says the game gives it.
OPTIONAL_HOOKS = ("subset_menu", "catalog_prefix", "option_detail", "move_chains", "idle_moves", "pressing_moves",
                  "out_of_turn_moves", "private_note", "live_pictures", "step_picture", "hint_label", "hint_text",
                  "mover_name",
                  "seat_badges", "turn_note", "decision_prompt", "held_back", "result_words")


def check_presentation(presentation: Any) -> None:
    """Fail at start-up (not mid-game) when a registered presentation lacks part of the seam."""
    if not isinstance(presentation, Presentation):
        raise TypeError(f"{presentation!r} is not a presentation; subclass cogs.seam.Presentation")
    needed = [*REQUIRED, *(["live_pictures"] if presentation.has_live_pictures else []),
              *(["step_picture"] if presentation.has_step_picture else [])]
    missing = [name for name in needed if not _given(presentation, name)]
    if missing:
        raise TypeError(f"{presentation!r} is not a presentation; missing {', '.join(missing)}")


def _given(presentation: Presentation, name: str) -> bool:
    """Set by the game: not only declared by the base, nor left to the base's stub."""
    if name in vars(presentation):
        return True
    owner = next((cls for cls in type(presentation).__mro__ if name in vars(cls)), None)
    return owner is not None and vars(owner)[name] is not vars(Presentation).get(name)

