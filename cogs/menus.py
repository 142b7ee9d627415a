"""Legal moves as Discord components: buttons when there are few, selects otherwise, and a narrowing step
when there are more than a select can hold.

Game-agnostic: the presentation says how a move reads, which fields to narrow by first and which moves
are "any time" ones; the components are the bot's bound persistent items (``cogs.buttons``).

Only the moves ``legal_moves`` returns are ever offered.  A component value names a move by its index in
that list plus a checksum (``index:check``); a value with a third part (``index:check:levels``) is not a
move but "show me the moves that agree with this one on the first ``levels`` distinguishing fields", which
opens a private sub-menu.  Narrowing is recomputed from the legal list, so it needs no stored state.

Clicks are what players pay, so a decision is one click whenever Discord allows it: up to
:data:`FLAT_LIMIT` moves are all shown at once, in up to four selects of related moves; only beyond that does
a menu narrow. Two optional presentation hooks (defaults in ``cogs.seam.Presentation``: None):

* ``option_detail(game, seat, move, locale) -> str | None``: what an option means (a race's modifiers, a
  class's goals), shown as the select option's description; a menu with details is always a select.
* ``move_chains(game, seat, legal, locale) -> list[Chain]``: options that stand for several moves in a row
  (take a card and place its die; a suggested arrangement of starting dice). Their value is
  ``index:check+check2+…``; the shell plays the first like any click and each next one, found by its
  checksum, while it is legal and the turn goes on privately (``cogs.moving.Mover.play``).
"""
from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import cachetools
import discord

from bot.i18n import t
from bot.runtime import pool

from .buttons import (
    CHAIN_LIMIT,
    MoveButton,
    MoveSelect,
    SubsetConfirm,
    SubsetToggle,
    UndoButton,
    ViewButton,
    move_check,
)
from .core import in_worker
from .seam import SUBSET_ITEMS, Presentation, SubsetMenu
from .usertext import label_text

#: Which moves a menu lists (the first letter of its select's name, see ``move_view``).
MAIN, ALL, EXTRA = "m", "a", "x"

MAX_BUTTONS = 5
SELECT_SIZE = 25
MOVE_ROWS = 4          # the fifth row holds the look buttons
#: Most moves a menu shows without narrowing: one select per row of moves.
FLAT_LIMIT = SELECT_SIZE * MOVE_ROWS


def _canon(value: Any) -> str:
    """A text equal for equal JSON values (dict key order aside) and different otherwise. Strings, plain
    ints and None, most of a move's fields, skip the encoder: ``"`` + the string is never the JSON text of
    a non-string, and an int's or None's text is what ``json.dumps`` writes."""
    kind = type(value)
    if kind is str:
        return '"' + value
    if kind is int:
        return str(value)
    if value is None:
        return "null"
    return json.dumps(value, sort_keys=True)


Indexed = list[tuple[int, dict]]


def _differ(items: Indexed, name: str) -> bool:
    """Whether the moves hold at least two different values of ``name`` (a missing field counts as None)."""
    values = (_canon(m.get(name)) for _, m in items)
    first = next(values, None)
    return any(value != first for value in values)


def _fields(items: Indexed, first: tuple[str, ...]) -> list[str]:
    """The fields the moves have, ``first`` in order, then the rest alphabetically (a field no move has is None
    in every move, so it never tells moves apart)."""
    present = {k for _, m in items for k in m}
    return [name for name in first if name in present] + sorted(present - set(first) - {"seat"})


def split_field(items: Indexed, first: tuple[str, ...] = ()) -> str | None:
    """The first field (:func:`_fields`) on which the moves differ."""
    return next((name for name in _fields(items, first) if _differ(items, name)), None)


def narrow_field(items: Indexed, first: tuple[str, ...] = ()) -> str | None:
    """The field a narrowing step groups the moves by: the first on which they differ (:func:`split_field`),
    unless it has more values than one menu shows (:data:`FLAT_LIMIT`, e.g. a list of fields that is different
    for every move): then the first differing field whose values fit, else the one with the fewest values."""
    name = split_field(items, first)
    if name is None or len({_canon(m.get(name)) for _, m in items}) <= FLAT_LIMIT:
        return name
    counts = [(len({_canon(m.get(f)) for _, m in items}), f) for f in _fields(items, first)]
    counts = [(n, f) for n, f in counts if n >= 2]
    fitting = [f for n, f in counts if n <= FLAT_LIMIT]
    return fitting[0] if fitting else min(counts)[1]


def narrow(items: Indexed, rep: dict, levels: int, first: tuple[str, ...] = ()) -> Indexed:
    for _ in range(levels):
        name = narrow_field(items, first)
        if name is None:
            break
        key = _canon(rep.get(name))
        items = [(i, m) for i, m in items if _canon(m.get(name)) == key]
    return items


@dataclass
class Option:
    label: str
    value: str          # "i:check" (a move) or "i:check:levels" (narrow further)
    count: int = 1      # moves behind a narrowing option
    group: int = 0      # options of one group (moves that share their first fields) go in one select
    detail: str | None = None   # what the option stands for (select option description)


def _group_by(items: Indexed, name: str) -> list[Indexed]:
    """The moves grouped by their value of ``name``, in the order the values first appear."""
    groups: dict[str, Indexed] = {}
    for i, m in items:
        groups.setdefault(_canon(m.get(name)), []).append((i, m))
    return list(groups.values())


def _slices(items: list, size: int = SELECT_SIZE) -> list[list]:
    return [items[k:k + size] for k in range(0, len(items), size)]


def leaf_groups(items: Indexed, first: tuple[str, ...] = ()) -> list[Indexed]:
    """``items`` cut into groups of at most one select each, along the narrowing fields: a group that is too
    big for one select is cut again by its next distinguishing field (a group that cannot be cut is sliced)."""
    if len(items) <= SELECT_SIZE:
        return [items]
    name = split_field(items, first)
    groups = _group_by(items, name) if name is not None else []
    if len(groups) < 2:         # no field tells them apart (one group cannot happen: it guards the recursion)
        return _slices(items)
    return [leaf for members in groups for leaf in leaf_groups(members, first)]


def pack(groups: list[Indexed], size: int = SELECT_SIZE) -> list[Indexed]:
    """Consecutive groups packed into selects of at most ``size`` options, a group never split."""
    chunks: list[Indexed] = []
    for group in groups:
        if chunks and len(chunks[-1]) + len(group) <= size:
            chunks[-1] = chunks[-1] + group
        else:
            chunks.append(list(group))
    return chunks


def flat_chunks(items: Indexed, first: tuple[str, ...] = ()) -> list[Indexed] | None:
    """Every move at once, in at most :data:`MOVE_ROWS` selects of related moves (one click for the
    decision instead of a narrowing step), or None when they do not fit."""
    if len(items) > FLAT_LIMIT:
        return None
    chunks = pack(leaf_groups(items, first))
    if len(chunks) > MOVE_ROWS:
        chunks = _slices(items)
    return chunks if len(chunks) <= MOVE_ROWS else None


def shown_moves(presentation: Presentation, legal: list[dict], menu: str, game: Any = None, seat: int = 0
                ) -> Indexed:
    """The moves a menu offers: ``MAIN`` leaves out any-time moves unless nothing else is legal, or the decision
    at hand needs them now (``pressing_moves``: a Weapon to discard before a purchase), which ``EXTRA`` then
    leaves to ``MAIN``; with ``game``, every menu leaves out the moves the presentation calls idle
    (``idle_moves``: they change nothing)."""
    idle = presentation.idle_moves(game, seat, legal) if game is not None else frozenset()
    pressing = presentation.pressing_moves(game, seat, legal) if game is not None else frozenset()
    items: Indexed = [(i, m) for i, m in enumerate(legal) if i not in idle]
    if menu == MAIN:
        main = [(i, m) for i, m in items if i in pressing or not presentation.is_anytime(m)]
        return main or items
    if menu == EXTRA:
        return [(i, m) for i, m in items if i not in pressing and presentation.is_anytime(m)]
    return items


def menu_options(presentation: Presentation, legal: list[dict], game: Any, seat: int, locale: str,
                 rep: dict | None = None, levels: int = 0, *, menu: str = ALL, only: set[int] | None = None
                 ) -> tuple[list[Option], bool]:
    """The options to show after narrowing ``levels`` times towards ``rep``; bool: they are all moves."""
    first = presentation.narrow_fields
    items = shown_moves(presentation, legal, menu, game, seat)
    if only is not None:
        items = [(i, m) for i, m in items if i in only]
    if rep is not None:
        items = narrow(items, rep, levels, first)
    label = presentation.move_label
    detail = option_details(presentation, game, seat, locale)
    if rep is None:
        flat = chained_options(presentation, game, seat, legal, items, locale, detail)
        if flat is not None:
            return flat, True
    name = narrow_field(items, first) if len(items) > SELECT_SIZE else None
    chunks = flat_chunks(items, first) if name is not None else [items]
    if chunks is not None:
        return [Option(label(game, seat, m, locale), f"{i}:{move_check(m)}", group=n, detail=detail(m))
                for n, chunk in enumerate(chunks) for i, m in chunk], True
    options = []
    for members in _group_by(items, name):
        i, m = members[0]
        if len(members) == 1:
            options.append(Option(label(game, seat, m, locale), f"{i}:{move_check(m)}"))
        else:
            text = presentation.group_label(name, [mv for _, mv in members], game, seat, locale)
            options.append(Option(text, f"{i}:{move_check(m)}:{levels + 1}", count=len(members)))
    return options, False


@dataclass(frozen=True)
class Chain:
    """A menu option standing for several moves in a row (the presentation's optional ``move_chains``
    hook): ``legal[first]``, then each of ``then`` as soon as it is legal (the shell stops early when one is
    not, or when the step ends). ``keep_first``: the first move is still offered alone too (a suggested
    arrangement beside the single moves); otherwise its chains replace it (take a card *and* place its die)."""
    first: int
    then: tuple[dict, ...]
    label: str
    detail: str | None = None
    keep_first: bool = False


class StateCache:
    """Answers worked out for one state object of a game (a reloaded or changed game never meets an old
    answer), seat, locale and legal list, plus ``extra`` key parts: keyed by (presentation id, game id,
    version, seat, locale, *extra); an entry is used only for the very same presentation, state object, seats
    and legal moves. Bounded (``size``: a few per active game, the steps being shown right now) and locked, as
    menus are also worked out in worker threads (:func:`prepare_plan`)."""

    def __init__(self, size: int):
        self._items: cachetools.LRUCache[tuple, tuple[Any, Any, list[dict], Any, Any]] = \
            cachetools.LRUCache(maxsize=size)
        self._lock = threading.Lock()

    @staticmethod
    def _key(presentation: Presentation, game: Any, seat: int, locale: str, extra: tuple) -> tuple:
        # ``game`` is a GameView or a stand-in with only the fields a caller needs (replays, tests): read softly
        return id(presentation), getattr(game, "id", None), getattr(game, "version", None), seat, locale, *extra

    def get(self, presentation: Presentation, game: Any, seat: int, legal: list[dict] | None, locale: str,
            *extra: Any) -> Any:
        """The answer, or ``_MISSING``; ``legal`` None: any legal list (the state's own)."""
        with self._lock:
            entry = self._items.get(self._key(presentation, game, seat, locale, extra))
        if entry is None or entry[0] is not presentation or entry[1] is not getattr(game, "state", None) \
                or entry[3] != getattr(game, "seats", None) or (legal is not None and entry[2] != legal):
            return _MISSING
        return entry[4]

    def put(self, presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str, *extra: Any,
            value: Any) -> None:
        entry = (presentation, getattr(game, "state", None), list(legal), getattr(game, "seats", None), value)
        with self._lock:
            self._items[self._key(presentation, game, seat, locale, extra)] = entry


_MISSING = object()
#: The presentations' ``move_chains`` answers.
_chains = StateCache(256)


def menu_chains(presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str) -> list | None:
    """The presentation's ``move_chains`` for a menu, computed once per state object, seat, locale and legal
    list (the menus of one step, main and "My moves", share them: they may be costly)."""
    chains = _chains.get(presentation, game, seat, legal, locale)
    if chains is _MISSING:
        chains = presentation.move_chains(game, seat, legal, locale)
        _chains.put(presentation, game, seat, legal, locale, value=chains)
    return chains


def chained_options(presentation: Presentation, game: Any, seat: int, legal: list[dict], items: Indexed,
                    locale: str, detail) -> list[Option] | None:
    """The options of a menu with chains, every one a move or a chain in at most :data:`MOVE_ROWS` selects;
    None when the presentation offers no chain here (or they do not fit: then plain moves)."""
    chains = menu_chains(presentation, game, seat, legal, locale)
    shown = {i for i, _ in items}
    chains = [c for c in chains or () if c.first in shown and 0 < len(c.then) < CHAIN_LIMIT]
    if not chains:
        return None
    replaced = {c.first for c in chains if not c.keep_first}
    entries: list[tuple[int, dict, Option]] = []
    for chain in chains:
        move = legal[chain.first]
        key = dict(move, _then=[_canon(m) for m in chain.then])
        value = "+".join([f"{chain.first}:{move_check(move)}", *(move_check(m) for m in chain.then)])
        entries.append((len(entries), key, Option(chain.label, value, detail=chain.detail)))
    for i, m in items:
        if i not in replaced:
            entries.append((len(entries), m, Option(presentation.move_label(game, seat, m, locale),
                                                    f"{i}:{move_check(m)}", detail=detail(m))))
    chunks = flat_chunks([(n, key) for n, key, _ in entries], presentation.narrow_fields + ("_then",))
    if chunks is None or any(len(o.value) > 100 for _, _, o in entries):
        return None
    return [replace(entries[n][2], group=group) for group, chunk in enumerate(chunks) for n, _ in chunk]


OPTION_TEXT_LIMIT = 100   # Discord's limit on a select option's label and description


def fit_option_text(text: str, limit: int = OPTION_TEXT_LIMIT, separators: tuple[str, ...] = (", ", " ")) -> str:
    """``text`` within a select option's ``limit``: cut after the last whole part (the first of ``separators``
    that fits, by default ", " then a space) with "…" for the rest, never inside a word (a long suggested
    arrangement was cut mid-word)."""
    if len(text) <= limit:
        return text
    head = text[:limit - 1]
    for separator in separators:               # whole parts first, else whole words
        cut = head.rfind(separator)
        if cut > limit // 2:
            return head[:cut].rstrip(" ,") + "…"
    return head + "…"


def fit_detail(text: str | None) -> str | None:
    """A select option's description within Discord's limit, cut on a word (a chain's detail comes from the
    presentation as it is, and one over the limit would refuse the whole message)."""
    return fit_option_text(text, separators=(" ",)) if text else None


def option_details(presentation: Presentation, game: Any, seat: int, locale: str):
    """The presentation's ``option_detail`` as a function of the move, cut to a select option's description on a
    word: a detail is prose (a card's text), whose first comma may come early (cut there, different cards'
    details read the same)."""
    def detail(move: dict) -> str | None:
        return fit_detail(presentation.option_detail(game, seat, move, locale))
    return detail


def subset_menu(presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str
                ) -> SubsetMenu | None:
    """The presentation's ``subset_menu``, checked: None unless it describes every legal move and fits on a
    message."""
    if not legal:
        return None
    described = presentation.subset_menu(game, seat, legal, locale)
    if described is None or not 0 < len(described.labels) <= SUBSET_ITEMS or len(described.masks) != len(legal):
        return None
    return described


def subset_view(presentation: Presentation, game: Any, seat: int, legal: list[dict],
                subset: SubsetMenu, mask: int, locale: str, *, look_buttons: bool,
                hint: bool = False) -> discord.ui.View:
    """Toggles (chosen ones highlighted, and worded so where the presentation gives ``chosen_labels``), then
    Confirm (labelled with the move the choice stands for) and any legal move that is not a subset, then the look
    buttons (the public live message) or, in a player's own menu, Hint (``hint``: as every other menu of one's own
    has it; a subset menu had none)."""
    view = discord.ui.View(timeout=None)
    for item in range(len(subset.labels)):
        chosen = bool(mask >> item & 1)
        view.add_item(SubsetToggle(game.id, game.version, mask, item, label=subset.label(item, mask)[:80],
                                   row=item // MAX_BUTTONS,
                                   style=discord.ButtonStyle.primary if chosen else discord.ButtonStyle.secondary))
    row = (len(subset.labels) - 1) // MAX_BUTTONS + 1
    index = subset.index_of(mask)
    if index is None:
        view.add_item(discord.ui.Button(label=t("menu.subset_none", locale)[:80], disabled=True, row=row,
                                        style=discord.ButtonStyle.secondary))
    else:
        view.add_item(SubsetConfirm(game.id, game.version, index, move_check(legal[index]), row=row,
                                        label=presentation.move_label(game, seat, legal[index], locale)))
    others = [] if subset.nested else [(i, m) for i, m in enumerate(legal) if subset.masks[i] is None][:MAX_BUTTONS - 1]
    for i, move in others:
        view.add_item(MoveButton(game.id, game.version, i, move_check(move),
                                     label=presentation.move_label(game, seat, move, locale)))
    if look_buttons:
        add_look_buttons(view, game, locale, moves=True, sheet=presentation.has_seat_pictures, row=row + 1)
    elif hint:
        view.add_item(ViewButton(game.id, "hint", label=t("button.hint", locale), row=row + 1))
    return view


@dataclass(frozen=True)
class SelectPlan:
    """One select of a menu: its name's number, options (label, value, description) and placeholder."""
    part: int
    options: tuple[tuple[str, str, str | None], ...]
    placeholder: str


@dataclass(frozen=True)
class MenuPlan:
    """What a menu shows, worked out from the legal moves without a Discord object (so it can be worked out
    in a worker thread and kept, :func:`prepare_plan`): a subset choice, or move buttons (index, check,
    label) or selects; ``hidden``: any-time moves are left out (a "More…" button)."""
    subset: SubsetMenu | None = None
    buttons: tuple[tuple[int, str, str], ...] = ()
    selects: tuple[SelectPlan, ...] = ()
    hidden: bool = False


def plan_menu(presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str, *,
              rep: dict | None = None, levels: int = 0, menu: str = MAIN, only: set[int] | None = None
              ) -> MenuPlan:
    """The pure part of :func:`move_view` (see there)."""
    if menu != EXTRA and only is None:
        subset = subset_menu(presentation, game, seat, legal, locale)
        if subset is not None and (subset.nested if rep is not None else not subset.nested) \
                and (rep is None or _only_subset_moves(presentation, legal, subset, rep, levels, menu)):
            return MenuPlan(subset=subset)
    hidden = menu == MAIN and only is None and rep is None and \
        len(shown_moves(presentation, legal, MAIN, game, seat)) < len(shown_moves(presentation, legal, ALL, game, seat))
    options, all_moves = menu_options(presentation, legal, game, seat, locale, rep, levels, menu=menu, only=only)
    described = any(o.detail for o in options)       # details only show in a select
    if all_moves and len(options) <= MAX_BUTTONS and not described:
        buttons = ((int(o.value.split(":")[0]), o.value.split(":")[1], o.label) for o in options)
        return MenuPlan(buttons=tuple(buttons), hidden=hidden)
    if all_moves:
        chunks = [[o for o in options if o.group == n] for n in range(options[-1].group + 1)] if options else []
    else:
        chunks = _slices(options)
    chunks = chunks[:MOVE_ROWS]
    placeholders = chunk_placeholders(presentation, game, seat, legal, chunks, locale)
    # a select shows no Markdown: its texts lose the escapes a player's name carries in a message (label_text)
    selects = tuple(SelectPlan(n, tuple((fit_option_text(label_text(o.label)), o.value,
                                         t("menu.group_count", locale, count=o.count) if o.count > 1
                                         else fit_detail(o.detail and label_text(o.detail))) for o in chunk),
                               label_text(placeholders[n]))
                    for n, chunk in enumerate(chunks))
    return MenuPlan(selects=selects, hidden=hidden)


def _only_subset_moves(presentation: Presentation, legal: list[dict], subset: SubsetMenu, rep: dict, levels: int,
                       menu: str) -> bool:
    """Whether a narrowing entry stands for subset moves only (a nested subset choice's entry): then its
    sub-menu is the toggles, which reach every subset move however many there are."""
    items = narrow(shown_moves(presentation, legal, menu), rep, levels, presentation.narrow_fields)
    return bool(items) and all(subset.masks[i] is not None for i, _ in items)


#: The worked-out menus, by menu (``MAIN``, ``ALL``, ``EXTRA``).
_plans = StateCache(256)


async def prepare_plan(presentation: Presentation, game: Any, seat: int, locale: str,
                       legal_of: Callable[[Any, int], list[dict]], *, menu: str = MAIN) -> None:
    """Work out a seat's menu (``menu``, not narrowed) in a worker thread, before :func:`move_view` builds it
    on the event loop, where every millisecond delays every other click: labels, details and chains of up to
    :data:`FLAT_LIMIT` moves (Roll Player's suggested arrangement of the starting dice evaluates each
    placement). ``legal_of(state, seat)``, the seat's legal moves, runs in the worker too. Pure CPU on the
    game's state, which no move changes in place; the view built from it is the one built without it."""
    if getattr(game, "state", None) is None or _plans.get(presentation, game, seat, None, locale, menu) is not _MISSING:
        return
    legal, plan = await in_worker(work_out_plan, presentation, game, seat, locale, legal_of, menu)
    _plans.put(presentation, game, seat, legal, locale, menu, value=plan)


@pool.apart
def work_out_plan(presentation: Presentation, game: Any, seat: int, locale: str,
                  legal_of: Callable[[Any, int], list[dict]], menu: str) -> tuple[list[dict], MenuPlan]:
    legal = legal_of(game.state, seat)
    return legal, plan_menu(presentation, game, seat, legal, locale, menu=menu)


def move_view(presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str,
              *, rep: dict | None = None, levels: int = 0, look_buttons: bool = True, menu: str = MAIN,
              only: set[int] | None = None, hint: bool = False, undo: bool = False) -> discord.ui.View:
    """``menu``: ``MAIN`` (the decision at hand; any-time moves behind "More…"), ``ALL`` or ``EXTRA``.
    The select's name carries it, so a narrowing step regroups exactly the list the player saw. A decision
    the presentation describes as a subset choice (``subset_menu``) is shown as toggles and Confirm (a nested
    one once its narrowing entry is opened: ``rep`` is then one of its moves). What it shows comes from
    :func:`plan_menu`, or from :func:`prepare_plan` when that worked it out already."""
    plan = _plans.get(presentation, game, seat, legal, locale, menu) if rep is None and only is None else _MISSING
    if plan is _MISSING:
        plan = plan_menu(presentation, game, seat, legal, locale, rep=rep, levels=levels, menu=menu, only=only)
    # a player's own menu of the decision at hand: "what would a strong player do here?"
    hint = hint and not look_buttons and menu != EXTRA and rep is None and only is None
    if plan.subset is not None:
        view = subset_view(presentation, game, seat, legal, plan.subset, plan.subset.initial, locale,
                           look_buttons=look_buttons, hint=hint)
    else:
        view = discord.ui.View(timeout=None)
        for index, check, label in plan.buttons:
            view.add_item(MoveButton(game.id, game.version, index, check, label=label))
        for select in plan.selects:
            view.add_item(MoveSelect(
                game.id, game.version, f"{menu}{select.part}",
                options=[discord.SelectOption(label=label, value=value, description=description)
                         for label, value, description in select.options],
                placeholder=select.placeholder))
        if look_buttons:           # public prompt: others may still use a skill out of turn
            add_look_buttons(view, game, locale, moves=True, sheet=presentation.has_seat_pictures)
        elif plan.hidden:
            view.add_item(ViewButton(game.id, "more", label=t("button.more", locale)))
        if hint:
            view.add_item(ViewButton(game.id, "hint", label=t("button.hint", locale)))
    if undo:                       # a player's own menu after a move they may take back
        view.add_item(UndoButton(game.id, game.version, label=t("button.undo", locale)))
    return view


#: Most characters of one option's label in a select's placeholder (Discord allows 150 for the whole placeholder;
#: a phone at 360 px shows about 40 a line, and a placeholder of three lines hid which select held what)
PLACEHOLDER_LABEL = 45


def chunk_placeholders(presentation: Presentation, game: Any, seat: int, legal: list[dict],
                       chunks: list[list[Option]], locale: str) -> list[str]:
    """The placeholders of a menu's selects, each telling which select to open: one select is "Choose your move";
    of several, each is named by what its moves share ("Take Initiative 5: 4 purple, place in …") when that name is
    its own, else by its first and last option as guide words ("From “Take Initiative 1 …” to “… 4 …”"). Never a
    bare number ("Choose your move (1/2)"), never two alike (three selects all "DEX: swap … ↔ …"). A French tour
    read every select as a range once one of them had no shared name, the last one's "From Initiative 5 … to
    Initiative 5 …" hiding that it held card 5 alone."""
    if len(chunks) == 1:
        return [t("menu.placeholder", locale)]
    shared = [shared_placeholder(presentation, game, seat, legal, chunks, n, locale) for n in range(len(chunks))]
    ranges = [range_placeholder(chunk, locale) for chunk in chunks]
    named = [text if text is not None and shared.count(text) == 1 and text not in ranges else ranges[n]
             for n, text in enumerate(shared)]
    if len(set(named)) != len(named):
        return ranges
    return one_unnamed_select(named, ranges, chunks, locale)


def one_unnamed_select(named: list[str], ranges: list[str], chunks: list[list[Option]], locale: str) -> list[str]:
    """The one select of several options that has no name of its own beside selects that each have one reads
    "Choose your move": the others say what they hold, so this one needs no guide words. A French tour's first
    menu read "De « Placer 1 dé de valeur 1 sur le Désert » à « Placer 1 dé de valeur 6 sur le Vortex de la… »"
    beside "Relancer les dés de votre choix …": cut inside a place name, three lines on a phone."""
    ranged = [n for n, text in enumerate(named) if text == ranges[n] and len(chunks[n]) > 1]
    if len(ranged) != 1:
        return named
    short = t("menu.placeholder", locale)
    return named if short in named else [short if n in ranged else text for n, text in enumerate(named)]


def range_placeholder(chunk: list[Option], locale: str) -> str:
    """A select named by its first and last option, as a dictionary's page by its guide words, each quoted (French
    "De Placement rapide : placer tous mes dés … à 5 Vert en CHA" read as one sentence). A move that plays several
    (Quick place) is no guide word: the single moves around it are."""
    single = [o for o in chunk if "+" not in o.value] or chunk
    first, last = (fit_option_text(o.label, PLACEHOLDER_LABEL) for o in (single[0], single[-1]))
    if len(chunk) == 1 or first == last:
        return first
    return t("menu.placeholder_range", locale, first=first, last=last)


def shared_placeholder(presentation: Presentation, game: Any, seat: int, legal: list[dict],
                       chunks: list[list[Option]], part: int, locale: str) -> str | None:
    """What the moves of one select share, the rest as "…" ("Place blue 6 on …"), when they agree on the field
    that tells the selects' moves apart; else None."""
    def moves(chunk: list[Option]) -> list[dict]:
        return [legal[int(o.value.split(":")[0])] for o in chunk if o.count == 1 and "+" not in o.value]
    everything = [(0, m) for chunk in chunks for m in moves(chunk)]
    members = moves(chunks[part])
    first = presentation.narrow_fields
    name = split_field(everything, first)
    if name is not None and len(members) > 1 and len(members) == len(chunks[part]) \
            and len({_canon(m.get(name)) for m in members}) == 1:
        inner = split_field([(0, m) for m in members], first)
        if inner is not None:
            return presentation.group_label(inner, members, game, seat, locale, limit=150)
    return None


def add_full_sheet_button(view: discord.ui.View, game: Any, locale: str) -> None:
    """The private step message shows a compact picture (``step_picture``); the full sheet stays one click
    away: the "sheet" look button, answered privately. A menu without room keeps its moves instead."""
    try:
        view.add_item(ViewButton(game.id, "sheet", label=t("button.full_sheet", locale)))
    except ValueError:
        pass


def add_look_buttons(view: discord.ui.View, game: Any, locale: str, *, moves: bool = False,
                     sheet: bool = True, row: int | None = None) -> None:
    if moves:
        view.add_item(ViewButton(game.id, "moves", label=t("button.my_moves", locale), row=row,
                                 style=discord.ButtonStyle.primary))
    if sheet:
        view.add_item(ViewButton(game.id, "sheet", label=t("button.my_sheet", locale), row=row))
    view.add_item(ViewButton(game.id, "table", label=t("button.table", locale), row=row))
