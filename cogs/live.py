"""The living game message: one components-v2 message per game that shows the table, where the game stands,
the last moves and the due player's buttons; and the one-line summary an older game message becomes.

Discord's layout components (``discord.ui.LayoutView``) put pictures (a media gallery of ``attachment://``
files), text and buttons into one message, so a step needs one message instead of a picture post plus a
menu. The menus are still built as classic views (``cogs.menus``); :func:`live_layout` moves their items,
row by row, into action rows below the container, so every custom id and click path stays the same.

A components-v2 message has no ``content``: mentions live in a text display (they ping like content does,
within ``allowed_mentions``). Once sent with the flag, a message keeps it, so every edit of a live message
is a layout too, and its summary is a layout holding one text display.
"""
from __future__ import annotations

import collections
import hashlib
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

import discord

#: Longest summary line (a summarised message is one line, no pictures, no buttons).
SUMMARY_LIMIT = 300
#: Longest text display (Discord allows 4000 characters over all text of a message).
TEXT_LIMIT = 1800


@dataclass
class LiveParts:
    """What one live message shows, already in words (the courier fills it from the game)."""
    pictures: list[str] = field(default_factory=list)   # file names, attached with the message
    status: str = ""                                      # round and phase
    due: str = ""                                         # who is due and what to do (mentions)
    moves: str = ""                                       # the last moves, one line
    menu: discord.ui.View | None = None                   # the due player's buttons (classic view)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def live_layout(parts: LiveParts) -> discord.ui.LayoutView:
    """The container (pictures, status, who is due, last moves) and the menu's rows below it."""
    view = discord.ui.LayoutView(timeout=None)
    children: list[discord.ui.Item] = []
    if parts.pictures:
        children.append(discord.ui.MediaGallery(*[discord.MediaGalleryItem(f"attachment://{name}")
                                                  for name in parts.pictures]))
    for text in (parts.status, parts.due, f"-# {parts.moves}" if parts.moves else ""):
        if text:
            children.append(discord.ui.TextDisplay(_clip(text, TEXT_LIMIT)))
    if children:
        view.add_item(discord.ui.Container(*children))
    if parts.menu is not None:
        add_menu_rows(view, parts.menu)
    return view


def add_menu_rows(layout: discord.ui.LayoutView, menu: discord.ui.View) -> None:
    """Move a classic view's items into ``layout`` as action rows, in the rows the classic view laid out."""
    by_id = {item.custom_id: item for item in menu.children if getattr(item, "custom_id", None)}
    rows = menu.to_components()
    for row in rows:
        items = [by_id[c["custom_id"]] for c in row.get("components", []) if c.get("custom_id") in by_id]
        for item in items:
            menu.remove_item(item)
        if items:
            layout.add_item(discord.ui.ActionRow(*items))


def summary_layout(line: str) -> discord.ui.LayoutView:
    """What a game message becomes once a newer one took over: one line, no pictures, no buttons."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(f"-# {_clip(line, SUMMARY_LIMIT)}"))
    return view


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=12).hexdigest()


class PictureCache:
    """Pictures rendered once per step: keyed by (game, version, locale, what), so the live post, the
    private continuation and the look buttons of the same step share one rendering. Small and in memory
    (a restart renders again)."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: collections.OrderedDict[Hashable, object] = collections.OrderedDict()
        self.hits = 0
        self.misses = 0

    async def get(self, key: Hashable, render: Callable[[], Awaitable[object]]) -> object:
        if key in self._items:
            self._items.move_to_end(key)
            self.hits += 1
            return self._items[key]
        self.misses += 1
        value = await render()
        self._items[key] = value
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value
