"""Legal moves as Discord components: buttons when there are few, selects otherwise, and a narrowing step
when there are more than a select can hold.

Game-agnostic: the presentation says how a move reads, which fields to narrow by first and which moves
are "any time" ones; the components are the bot's bound persistent items (``cogs.buttons``).

Only the moves ``legal_moves`` returns are ever offered.  A component value names a move by its index in
that list plus a checksum (``index:check``); a value with a third part (``index:check:levels``) is not a
move but "show me the moves that agree with this one on the first ``levels`` distinguishing fields", which
opens a private sub-menu.  Narrowing is recomputed from the legal list, so it needs no stored state.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t

from .buttons import Components, move_check
from .seam import SUBSET_ITEMS, Presentation, SubsetMenu

#: Which moves a menu lists (the first letter of its select's name, see ``move_view``).
MAIN, ALL, EXTRA = "m", "a", "x"

MAX_BUTTONS = 5
SELECT_SIZE = 25
MOVE_ROWS = 4          # the fifth row holds the look buttons


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


Indexed = list[tuple[int, dict]]


def split_field(items: Indexed, first: tuple[str, ...] = ()) -> str | None:
    """The first field (``first`` in order, then the rest alphabetically) on which the moves differ."""
    fields = list(first) + sorted({k for _, m in items for k in m} - set(first) - {"seat"})
    for name in fields:
        if len({_canon(m.get(name)) for _, m in items}) >= 2:
            return name
    return None


def narrow(items: Indexed, rep: dict, levels: int, first: tuple[str, ...] = ()) -> Indexed:
    for _ in range(levels):
        name = split_field(items, first)
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


def shown_moves(presentation: Presentation, legal: list[dict], menu: str) -> Indexed:
    """The moves a menu offers: ``MAIN`` leaves out any-time moves unless nothing else is legal."""
    items: Indexed = list(enumerate(legal))
    if menu == MAIN:
        main = [(i, m) for i, m in items if not presentation.is_anytime(m)]
        return main or items
    if menu == EXTRA:
        return [(i, m) for i, m in items if presentation.is_anytime(m)]
    return items


def has_hidden_moves(presentation: Presentation, legal: list[dict]) -> bool:
    return len(shown_moves(presentation, legal, MAIN)) < len(legal)


def menu_options(presentation: Presentation, legal: list[dict], game: Any, seat: int, locale: str,
                 rep: dict | None = None, levels: int = 0, *, menu: str = ALL, only: set[int] | None = None
                 ) -> tuple[list[Option], bool]:
    """The options to show after narrowing ``levels`` times towards ``rep``; bool: they are all moves."""
    first = presentation.narrow_fields
    items = shown_moves(presentation, legal, menu)
    if only is not None:
        items = [(i, m) for i, m in items if i in only]
    if rep is not None:
        items = narrow(items, rep, levels, first)
    name = split_field(items, first) if len(items) > SELECT_SIZE else None
    label = presentation.move_label
    if name is None:
        return [Option(label(game, seat, m, locale), f"{i}:{move_check(m)}") for i, m in items], True
    groups: dict[str, Indexed] = {}
    for i, m in items:
        groups.setdefault(_canon(m.get(name)), []).append((i, m))
    options = []
    for members in groups.values():
        i, m = members[0]
        if len(members) == 1:
            options.append(Option(label(game, seat, m, locale), f"{i}:{move_check(m)}"))
        else:
            text = presentation.group_label(name, [mv for _, mv in members], game, seat, locale)
            options.append(Option(text, f"{i}:{move_check(m)}:{levels + 1}", count=len(members)))
    return options, False


def subset_menu(presentation: Presentation, game: Any, seat: int, legal: list[dict], locale: str
                ) -> SubsetMenu | None:
    """The presentation's optional ``subset_menu`` hook, checked: None unless it describes every legal move
    and fits on a message."""
    hook = getattr(presentation, "subset_menu", None)
    if hook is None or not legal:
        return None
    described = hook(game, seat, legal, locale)
    if described is None or not 0 < len(described.labels) <= SUBSET_ITEMS or len(described.masks) != len(legal):
        return None
    return described


def subset_view(presentation: Presentation, ui: Components, game: Any, seat: int, legal: list[dict],
                subset: SubsetMenu, mask: int, locale: str, *, look_buttons: bool) -> discord.ui.View:
    """Toggles (chosen ones highlighted), then Confirm (labelled with the move the choice stands for) and
    any legal move that is not a subset, then the look buttons."""
    view = discord.ui.View(timeout=None)
    for item, label in enumerate(subset.labels):
        chosen = bool(mask >> item & 1)
        view.add_item(ui.subset_toggle(game.id, game.version, mask, item, label=label, row=item // MAX_BUTTONS,
                                       style=discord.ButtonStyle.primary if chosen
                                       else discord.ButtonStyle.secondary))
    row = (len(subset.labels) - 1) // MAX_BUTTONS + 1
    index = subset.index_of(mask)
    if index is None:
        view.add_item(discord.ui.Button(label=t("menu.subset_none", locale)[:80], disabled=True, row=row,
                                        style=discord.ButtonStyle.secondary))
    else:
        view.add_item(ui.subset_confirm(game.id, game.version, index, move_check(legal[index]), row=row,
                                        label=presentation.move_label(game, seat, legal[index], locale)))
    others = [(i, m) for i, m in enumerate(legal) if subset.masks[i] is None][:MAX_BUTTONS - 1]
    for i, move in others:
        view.add_item(ui.move_button(game.id, game.version, i, move_check(move),
                                     label=presentation.move_label(game, seat, move, locale)))
    if look_buttons:
        add_look_buttons(ui, view, game, locale, moves=True, sheet=presentation.has_seat_pictures, row=row + 1)
    return view


def move_view(presentation: Presentation, ui: Components, game: Any, seat: int, legal: list[dict], locale: str,
              *, rep: dict | None = None, levels: int = 0, look_buttons: bool = True, menu: str = MAIN,
              only: set[int] | None = None, hint: bool = False, undo: bool = False) -> discord.ui.View:
    """``menu``: ``MAIN`` (the decision at hand; any-time moves behind "More…"), ``ALL`` or ``EXTRA``.
    The select's name carries it, so a narrowing step regroups exactly the list the player saw. A decision
    the presentation describes as a subset choice (``subset_menu``) is shown as toggles and Confirm."""
    if menu != EXTRA and rep is None and only is None:
        subset = subset_menu(presentation, game, seat, legal, locale)
        if subset is not None:
            view = subset_view(presentation, ui, game, seat, legal, subset, subset.initial, locale,
                               look_buttons=look_buttons)
            if undo:
                view.add_item(ui.undo_button(game.id, game.version, label=t("button.undo", locale)))
            return view
    view = discord.ui.View(timeout=None)
    options, all_moves = menu_options(presentation, legal, game, seat, locale, rep, levels, menu=menu, only=only)
    if all_moves and len(options) <= MAX_BUTTONS:
        for option in options:
            index, check = option.value.split(":")[:2]
            view.add_item(ui.move_button(game.id, game.version, int(index), check, label=option.label))
    else:
        chunks = [options[k:k + SELECT_SIZE] for k in range(0, len(options), SELECT_SIZE)][:MOVE_ROWS]
        for n, chunk in enumerate(chunks):
            view.add_item(ui.move_select(
                game.id, game.version, f"{menu}{n}",
                options=[discord.SelectOption(label=o.label[:100], value=o.value,
                                              description=t("menu.group_count", locale, count=o.count)
                                              if o.count > 1 else None) for o in chunk],
                placeholder=t("menu.placeholder", locale) if len(chunks) == 1
                else t("menu.placeholder_part", locale, part=n + 1, parts=len(chunks))))
    hidden = menu == MAIN and only is None and rep is None and has_hidden_moves(presentation, legal)
    if look_buttons:               # public prompt: others may still use a skill out of turn
        add_look_buttons(ui, view, game, locale, moves=True, sheet=presentation.has_seat_pictures)
    elif hidden:
        view.add_item(ui.view_button(game.id, "more", label=t("button.more", locale)))
    if hint and not look_buttons and menu != EXTRA and rep is None and only is None:
        # a player's own menu of the decision at hand: "what would a strong player do here?"
        view.add_item(ui.view_button(game.id, "hint", label=t("button.hint", locale)))
    if undo:                       # a player's own menu after a move they may take back
        view.add_item(ui.undo_button(game.id, game.version, label=t("button.undo", locale)))
    return view


def add_look_buttons(ui: Components, view: discord.ui.View, game: Any, locale: str, *, moves: bool = False,
                     sheet: bool = True, row: int | None = None) -> None:
    buttons = []
    if moves:
        buttons.append(ui.view_button(game.id, "moves", label=t("button.my_moves", locale),
                                      style=discord.ButtonStyle.primary))
    if sheet:
        buttons.append(ui.view_button(game.id, "sheet", label=t("button.my_sheet", locale)))
    buttons.append(ui.view_button(game.id, "table", label=t("button.table", locale)))
    for button in buttons:
        button.row = row
        view.add_item(button)
