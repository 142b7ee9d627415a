"""Persistent components: buttons and selects whose ``custom_id`` says everything needed to act on them.

A custom id carries the game id, the game version the player saw and the action, so a click works after a
restart (discord.py re-creates the item from the id via ``DynamicItem``) and a click on an old message is
recognised as stale.  Move buttons name a move by its index in the legal-move list *of that version* plus a
checksum of the move's JSON, so even a reordered list can never play a different move than was shown.

The items only parse; the work is done by the bot's services, which a click reaches through the bot that
received it (``cogs.core.service_of``: discord.py re-creates items from their custom ids, so an item holds no
services), through the shared error path.
"""
from __future__ import annotations

import json
import re
import zlib
from typing import Protocol

import discord
from discord.ui import Button, DynamicItem, Select

from .core import Refusal, guarded, service_of

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addbot", "dropbot")
VIEW_ACTIONS = ("sheet", "table", "moves", "more", "hint")
CUSTOM_ID_LIMIT = 100


def move_check(move: dict) -> str:
    """Eight hex digits identifying a move's JSON form (key order does not matter)."""
    text = json.dumps(move, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


class ComponentHandlers(Protocol):
    """What a click reaches: the lobby, the look buttons, and moves (``LobbyService`` / ``PlayService``)."""

    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None: ...

    async def on_view_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None: ...

    async def on_undo_button(self, interaction: discord.Interaction, game_id: int, version: int) -> None: ...

    async def on_move_component(self, interaction: discord.Interaction, game_id: int, version: int,
                                choices: list[tuple[int, str, int | None]], menu: str | None) -> None: ...

    async def on_subset_toggle(self, interaction: discord.Interaction, game_id: int, version: int, mask: int,
                               item: int) -> None: ...

    async def on_subset_confirm(self, interaction: discord.Interaction, game_id: int, version: int, index: int,
                                check: str) -> None: ...


def _lobby(interaction: discord.Interaction) -> ComponentHandlers:
    return service_of(interaction, "lobby")


def _play(interaction: discord.Interaction) -> ComponentHandlers:
    return service_of(interaction, "play")


class LobbyButton(DynamicItem[Button],
                  template=r"rp:l:(?P<game>[0-9]+):(?P<action>join|leave|start|cancel|addbot|dropbot)"):
    def __init__(self, game_id: int, action: str, *, label: str, style: discord.ButtonStyle):
        super().__init__(Button(label=label, style=style, custom_id=f"rp:l:{game_id}:{action}"))
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), match["action"], label=item.label or match["action"], style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _lobby(interaction).on_lobby_button(interaction, self.game_id, self.action))


class ViewButton(DynamicItem[Button],
                 template=r"rp:v:(?P<game>[0-9]+):(?P<action>sheet|table|moves|more|hint)"):
    """Look-only buttons (my sheet, the table, my moves, more moves): anyone may press them, answers are
    private."""

    def __init__(self, game_id: int, action: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(Button(label=label, style=style, custom_id=f"rp:v:{game_id}:{action}"))
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), match["action"], label=item.label or match["action"], style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play(interaction).on_view_button(interaction, self.game_id, self.action))


class MoveButton(DynamicItem[Button],
                 template=r"rp:m:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+):(?P<check>[0-9a-f]{8})"):
    def __init__(self, game_id: int, version: int, index: int, check: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji: str | None = None):
        super().__init__(Button(label=label[:80], style=style, emoji=emoji,
                                custom_id=f"rp:m:{game_id}:{version}:{index}:{check}"))
        self.game_id, self.version, self.index, self.check = game_id, version, index, check

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), match["check"],
                   label=item.label or "?", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play(interaction).on_move_component(
            interaction, self.game_id, self.version, [(self.index, self.check, None)], None))


class MoveSelect(DynamicItem[Select],
                 template=r"rp:s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<name>[a-z0-9_]{1,30})"):
    """A select of legal moves (used when there are more than fit as buttons); values are ``index:check``.
    The first letter of ``name`` says which moves the menu lists (``cogs.menus``: main, all, extra)."""

    def __init__(self, game_id: int, version: int, name: str, *, options: list[discord.SelectOption] = (),
                 placeholder: str | None = None):
        super().__init__(Select(custom_id=f"rp:s:{game_id}:{version}:{name}", options=list(options),
                                placeholder=placeholder, min_values=1, max_values=1))
        self.game_id, self.version, self.name = game_id, version, name

    @classmethod
    async def from_custom_id(cls, interaction, item: Select, match: re.Match[str], /):
        select = cls(int(match["game"]), int(match["version"]), match["name"], options=item.options,
                     placeholder=item.placeholder)
        return select

    async def callback(self, interaction: discord.Interaction) -> None:
        async def run() -> None:
            choices = parse_choice_values(list(self.item.values))
            await _play(interaction).on_move_component(interaction, self.game_id, self.version, choices, self.name[0])
        await guarded(interaction, run)


class SubsetToggle(DynamicItem[Button],
                   template=r"rp:t:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<mask>[0-9]{1,7}):(?P<item>[0-9]{1,2})"):
    """One item of a choose-a-subset decision (``cogs.seam.SubsetMenu``): ``mask`` is the choice the message
    shows; a click flips ``item`` and re-renders the same message. Nothing is played until Confirm."""

    def __init__(self, game_id: int, version: int, mask: int, item: int, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None):
        super().__init__(Button(label=label[:80], style=style, row=row,
                                custom_id=f"rp:t:{game_id}:{version}:{mask}:{item}"))
        # not ``self.item``: DynamicItem keeps the wrapped Button there
        self.game_id, self.version, self.mask, self.toggled = game_id, version, mask, item

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), int(match["mask"]), int(match["item"]),
                   label=item.label or "?", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play(interaction).on_subset_toggle(
            interaction, self.game_id, self.version, self.mask, self.toggled))


class SubsetConfirm(DynamicItem[Button],
                    template=r"rp:c:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+):(?P<check>[0-9a-f]{8})"):
    """Confirm of a subset decision: plays the legal move the toggles chose, named like a move button (index
    in that version's legal moves + checksum), then takes the toggles off the message."""

    def __init__(self, game_id: int, version: int, index: int, check: str, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.success, row: int | None = None):
        super().__init__(Button(label=label[:80], style=style, row=row,
                                custom_id=f"rp:c:{game_id}:{version}:{index}:{check}"))
        self.game_id, self.version, self.index, self.check = game_id, version, index, check

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), int(match["index"]), match["check"],
                   label=item.label or "?", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play(interaction).on_subset_confirm(
            interaction, self.game_id, self.version, self.index, self.check))


class UndoButton(DynamicItem[Button], template=r"rp:u:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """Undo in a player's private menu: takes back their last move of the version it was made for (a click
    after anything else happened redraws that menu as the game is now, saying why: ``PlayService.take_back``)."""

    def __init__(self, game_id: int, version: int, *, label: str,
                 style: discord.ButtonStyle = discord.ButtonStyle.danger, row: int | None = None):
        super().__init__(Button(label=label[:80], style=style, row=row, custom_id=f"rp:u:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["version"]), label=item.label or "?", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: _play(interaction).on_undo_button(interaction, self.game_id, self.version))


#: Most moves one menu option may stand for (a chain: a move and the moves that follow it, ``cogs.menus``).
CHAIN_LIMIT = 9


def parse_choice_values(values: list[str]) -> list[tuple[int, str, int | None]]:
    """Select values back to (index, check, levels); levels is None for a move, else "narrow further".
    A chain ("index:check+check2+check3": a move, then moves found by their checksums after it) keeps its
    follow-up checksums in ``check``. Anything else is a forged or broken component."""
    choices = []
    for value in values:
        match = re.fullmatch(r"([0-9]{1,4}):([0-9a-f]{8}(?:\+[0-9a-f]{8}){0,%d})(?::([0-9]{1,2}))?"
                             % (CHAIN_LIMIT - 1), value)
        if match is None:
            raise Refusal("error.bad_option")
        index, check, levels = match.groups()
        choices.append((int(index), check, int(levels) if levels is not None else None))
    return choices


DYNAMIC_ITEMS = (LobbyButton, ViewButton, MoveButton, MoveSelect, SubsetToggle, SubsetConfirm, UndoButton)
