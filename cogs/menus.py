"""Legal moves as Discord components: buttons when there are few, selects otherwise, and a narrowing step
when there are more than a select can hold.

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
from images import content as names

from .buttons import MoveButton, MoveSelect, ViewButton, move_check
from .describe import group_label, move_label

#: Which moves a menu lists (the first letter of its select's name, see ``move_view``).
MAIN, ALL, EXTRA = "m", "a", "x"
ANY_TIME = "any_time"

#: Fields a menu narrows by, most meaningful first (any other field comes after, alphabetically).
NARROW_FIELDS = ("type", "action", "power", "card", "race", "class", "gender", "die", "attr", "a", "b",
                 "dir", "delta", "keep", "target", "colour", "to", "tokens", "follow_arrow", "copy", "cards",
                 "dice", "buy", "skip", "decline")
MAX_BUTTONS = 5
SELECT_SIZE = 25
MOVE_ROWS = 4          # the fifth row holds the look buttons


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


Indexed = list[tuple[int, dict]]


def split_field(items: Indexed) -> str | None:
    fields = list(NARROW_FIELDS) + sorted({k for _, m in items for k in m} - set(NARROW_FIELDS) - {"seat"})
    for name in fields:
        if len({_canon(m.get(name)) for _, m in items}) >= 2:
            return name
    return None


def narrow(items: Indexed, rep: dict, levels: int) -> Indexed:
    for _ in range(levels):
        name = split_field(items)
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


def is_anytime(move: dict) -> bool:
    """Moves a player may make at almost any moment (discarding a weapon, an any-time skill): offered
    behind "My moves" / "More…" so they do not crowd the decision at hand."""
    if move.get("type") == "discard_weapon":
        return True
    if move.get("type") != "skill" or move.get("decline"):
        return False
    card = move.get("copy") or move.get("card")
    record = names.cards().get(card) if isinstance(card, str) else None
    return bool(record) and (record.get("effect") or {}).get("timing") == ANY_TIME


def shown_moves(legal: list[dict], menu: str) -> Indexed:
    """The moves a menu offers: ``MAIN`` leaves out any-time moves unless nothing else is legal."""
    items: Indexed = list(enumerate(legal))
    if menu == MAIN:
        main = [(i, m) for i, m in items if not is_anytime(m)]
        return main or items
    if menu == EXTRA:
        return [(i, m) for i, m in items if is_anytime(m)]
    return items


def has_hidden_moves(legal: list[dict]) -> bool:
    return len(shown_moves(legal, MAIN)) < len(legal)


def menu_options(legal: list[dict], game: Any, seat: int, locale: str, rep: dict | None = None,
                 levels: int = 0, *, menu: str = ALL, only: set[int] | None = None
                 ) -> tuple[list[Option], bool]:
    """The options to show after narrowing ``levels`` times towards ``rep``; bool: they are all moves."""
    items = shown_moves(legal, menu)
    if only is not None:
        items = [(i, m) for i, m in items if i in only]
    if rep is not None:
        items = narrow(items, rep, levels)
    name = split_field(items) if len(items) > SELECT_SIZE else None
    if name is None:
        return [Option(move_label(m, game, seat, locale), f"{i}:{move_check(m)}") for i, m in items], True
    groups: dict[str, Indexed] = {}
    for i, m in items:
        groups.setdefault(_canon(m.get(name)), []).append((i, m))
    options = []
    for members in groups.values():
        i, m = members[0]
        if len(members) == 1:
            options.append(Option(move_label(m, game, seat, locale), f"{i}:{move_check(m)}"))
        else:
            label = group_label(name, [mv for _, mv in members], game, seat, locale)
            options.append(Option(label, f"{i}:{move_check(m)}:{levels + 1}", count=len(members)))
    return options, False


def move_view(game: Any, seat: int, legal: list[dict], locale: str, *, rep: dict | None = None,
              levels: int = 0, look_buttons: bool = True, menu: str = MAIN,
              only: set[int] | None = None) -> discord.ui.View:
    """``menu``: ``MAIN`` (the decision at hand; any-time moves behind "More…"), ``ALL`` or ``EXTRA``.
    The select's name carries it, so a narrowing step regroups exactly the list the player saw."""
    view = discord.ui.View(timeout=None)
    options, all_moves = menu_options(legal, game, seat, locale, rep, levels, menu=menu, only=only)
    if all_moves and len(options) <= MAX_BUTTONS:
        for option in options:
            index, check = option.value.split(":")[:2]
            view.add_item(MoveButton(game.id, game.version, int(index), check, label=option.label))
    else:
        chunks = [options[k:k + SELECT_SIZE] for k in range(0, len(options), SELECT_SIZE)][:MOVE_ROWS]
        for n, chunk in enumerate(chunks):
            view.add_item(MoveSelect(
                game.id, game.version, f"{menu}{n}",
                options=[discord.SelectOption(label=o.label[:100], value=o.value,
                                              description=t("menu.group_count", locale, count=o.count)
                                              if o.count > 1 else None) for o in chunk],
                placeholder=t("menu.placeholder", locale) if len(chunks) == 1
                else t("menu.placeholder_part", locale, part=n + 1, parts=len(chunks))))
    hidden = menu == MAIN and only is None and rep is None and has_hidden_moves(legal)
    if look_buttons:               # public prompt: others may still use a skill out of turn
        add_look_buttons(view, game, locale, moves=True)
    elif hidden:
        view.add_item(ViewButton(game.id, "more", label=t("button.more", locale)))
    return view


def add_look_buttons(view: discord.ui.View, game: Any, locale: str, *, moves: bool = False) -> None:
    if moves:
        view.add_item(ViewButton(game.id, "moves", label=t("button.my_moves", locale),
                                 style=discord.ButtonStyle.primary))
    view.add_item(ViewButton(game.id, "sheet", label=t("button.my_sheet", locale)))
    view.add_item(ViewButton(game.id, "table", label=t("button.table", locale)))
