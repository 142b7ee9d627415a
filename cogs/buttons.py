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
from typing import ClassVar

import discord
from discord.ui import Button, DynamicItem, Select

from .core import Refusal, guarded, service_of
from .usertext import cut, label_text


def move_check(move: dict) -> str:
    """Eight hex digits identifying a move's JSON form (key order does not matter)."""
    text = json.dumps(move, sort_keys=True, separators=(",", ":"))
    return f"{zlib.crc32(text.encode()):08x}"


#: Custom-id fields that stay text; every other field is a number.
TEXT_FIELDS = frozenset({"action", "check", "what", "slot", "locale"})


class ShellButton(DynamicItem[Button], template=r"(?!)"):
    """A persistent button whose custom id is ``<prefix>:<value>:…``, the values being the groups of the
    subclass's ``template``, in order. A click calls ``handler`` of the bot's ``service`` with them
    (``service_of``: the item holds no services), through the shared error path. The base matches nothing."""

    prefix: ClassVar[str]
    service: ClassVar[str] = "play"
    handler: ClassVar[str]
    default_style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, *values: int | str, label: str, style: discord.ButtonStyle | None = None,
                 emoji: str | None = None, row: int | None = None, disabled: bool = False):
        # a button shows no Markdown: a label naming a player loses the escapes of the name's message text
        super().__init__(Button(label=cut(label_text(label), 80) or None, style=style or self.default_style,
                                emoji=emoji, row=row, disabled=disabled,
                                custom_id=":".join((self.prefix, *map(str, values)))))
        self.values = values

    @classmethod
    async def from_custom_id(cls, interaction, item: Button, match: re.Match[str], /):
        values = [value if name in TEXT_FIELDS else int(value) for name, value in match.groupdict().items()]
        return cls(*values, label=item.label or "?", style=item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: getattr(service_of(interaction, self.service), self.handler)(
            interaction, *self.values))


class LobbyButton(ShellButton, template=r"rp:l:(?P<game>[0-9]+):(?P<action>join|leave|start|cancel|addbot|dropbot)"):
    prefix, service, handler = "rp:l", "lobby", "on_lobby_button"


class LobbyBotSelect(DynamicItem[Select], template=r"rp:lb:(?P<game>[0-9]+)"):
    """The lobby's "Add bot" for a game whose AI plays at several levels: each option is a level (its value), so
    the creator picks the level of every bot seated, and a table may mix them (one easy bot, one hard)."""

    def __init__(self, game_id: int, *, options: list[discord.SelectOption] = (), placeholder: str | None = None,
                 disabled: bool = False):
        super().__init__(Select(custom_id=f"rp:lb:{game_id}", options=list(options), placeholder=placeholder,
                                min_values=1, max_values=1, disabled=disabled))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item: Select, match: re.Match[str], /):
        return cls(int(match["game"]), options=item.options, placeholder=item.placeholder, disabled=item.disabled)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: service_of(interaction, "lobby").on_lobby_bot_select(
            interaction, self.game_id, list(self.item.values)))


class ViewButton(ShellButton, template=r"rp:v:(?P<game>[0-9]+):(?P<action>sheet|table|moves|more|back|hint)"):
    """Look-only buttons (my sheet, the table, my moves, more moves, back from them to the decision): anyone may
    press them, answers are private."""
    prefix, handler = "rp:v", "on_view_button"


class MoveButton(ShellButton,
                 template=r"rp:m:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+):(?P<check>[0-9a-f]{8})"):
    prefix, handler, default_style = "rp:m", "on_move_button", discord.ButtonStyle.primary


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
        return cls(int(match["game"]), int(match["version"]), match["name"], options=item.options,
                   placeholder=item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: service_of(interaction, "play").on_move_component(
            interaction, self.game_id, self.version, parse_choice_values(list(self.item.values)), self.name[0]))


class SubsetToggle(ShellButton,
                   template=r"rp:t:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<mask>[0-9]{1,7}):(?P<item>[0-9]{1,2})"):
    """One item of a choose-a-subset decision (``cogs.seam.SubsetMenu``): ``mask`` is the choice the message
    shows; a click flips ``item`` and re-renders the same message. Nothing is played until Confirm."""
    prefix, handler = "rp:t", "on_subset_toggle"


class SubsetConfirm(ShellButton,
                    template=r"rp:c:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<index>[0-9]+):(?P<check>[0-9a-f]{8})"):
    """Confirm of a subset decision: plays the legal move the toggles chose, named like a move button (index
    in that version's legal moves + checksum), then takes the toggles off the message."""
    prefix, handler, default_style = "rp:c", "on_subset_confirm", discord.ButtonStyle.success


class UndoButton(ShellButton, template=r"rp:u:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """Undo in a player's private menu: takes back their last move of the version it was made for (a click
    after anything else happened redraws that menu as the game is now, saying why: ``Undo.take_back``)."""
    prefix, service, handler, default_style = "rp:u", "undo", "on_undo_button", discord.ButtonStyle.danger


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


DYNAMIC_ITEMS = (LobbyButton, LobbyBotSelect, ViewButton, MoveButton, MoveSelect, SubsetToggle, SubsetConfirm,
                 UndoButton)
