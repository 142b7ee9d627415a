"""The playground's local Discord: one server with a few channels, four people, and their DMs with the bot;
kept in a file beside the bot's database so that games, their messages and the synced commands survive a
restart of the playground.

What is kept (``LocalState``): the world (ids of people, channels, the bot's application), the command
registry the bot synced (the bot syncs only when its commands change, so a restarted local Discord must still
know them), every message with its pictures, and the nonces of the last few minutes' posts (with their wall-clock
time, so that a bot that sends a post again after a restart gets the first one back, as from Discord).
Written atomically (a temporary file, then a rename) a moment after the last change and when the playground
stops.
"""
from __future__ import annotations

import logging
import os
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .local_discord.ratelimits import RateLimits
from .local_discord.server import DiscordStub
from .local_discord.world import StubChannel, StubUser, perm_bits

log = logging.getLogger("playground")

#: The people one can play as, and the server's text channels (their shown names come from the i18n layer:
#: ``playground.channel.<name>``).
PEOPLE = ("Ann", "Ben", "Cleo", "Dan")
CHANNELS = ("games", "tavern", "lounge")
#: What the first person (Ann) may do besides playing, through the server's Moderator role: end others' games
#: and manage the server's settings (``/<game> defaults``, ``/find expiry``).
MODERATOR_PERMISSIONS = perm_bits(manage_channels=True, manage_guild=True)
#: The locales a person can switch to, as Discord names them.
LOCALES = ("en-US", "de", "fr", "ko")
#: The permissions the page may take away from the bot in one channel (and give back): those a game's posts and
#: moves need there (discord.py's names), so that a hold (``cogs.reach``) can be made and lifted live.
BOT_PERMISSIONS = ("view_channel", "send_messages", "send_messages_in_threads", "embed_links", "attach_files",
                   "read_message_history")
STATE_VERSION = 1
#: Requests kept in memory for diagnostics; the local Discord runs for days, the tests' stand-in for seconds.
REQUEST_LOG = 400
#: An interaction token's life on Discord (15 minutes) and a margin.
TOKEN_LIFETIME_S = 20 * 60


@dataclass
class People:
    users: list[StubUser]
    channels: list[StubChannel]


class LocalDiscord(DiscordStub):
    """The stand-in as the playground runs it: Discord's rate limits on, a bounded request log, and a world
    that is either restored from ``state_path`` or made afresh."""

    def __init__(self, state_path: Path | None = None) -> None:
        super().__init__(rate_limits=RateLimits(), max_request_log=REQUEST_LOG)
        self.state_path = state_path
        self.people: list[StubUser] = []
        self.text_channels: list[StubChannel] = []
        self.restored = False
        if state_path is not None and state_path.exists() and self._restore(state_path):
            self.world.moderator_role.permissions |= MODERATOR_PERMISSIONS    # a server kept by an older playground
            return
        self.world.moderator_role.permissions = MODERATOR_PERMISSIONS
        self.world.guild.name = "Rollbot Playground"
        for name in PEOPLE:
            self.people.append(self.world.add_user(name.lower(), moderator=(name == PEOPLE[0])))
            self.people[-1].global_name = name
        for name in CHANNELS:
            self.text_channels.append(self.world.add_channel(name))
        for person in self.people:
            self.world.dm_with(person)

    # --- persistence ----------------------------------------------------------------------------------
    def _state(self) -> dict[str, Any]:
        return {"version": STATE_VERSION, "world": self.world, "commands": self.commands,
                "messages": self._messages, "channel_messages": self._channel_messages,
                "people": [p.id for p in self.people], "channels": [c.id for c in self.text_channels],
                "nonces": self.recent_nonces()}

    def _restore(self, path: Path) -> bool:
        try:
            with path.open("rb") as fh:
                state = pickle.load(fh)     # the playground's own file, written by save() below
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError) as error:
            log.warning("could not read the playground's state %s (%s); starting a fresh server", path, error)
            return False
        if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
            log.warning("the playground's state %s is of another version; starting a fresh server", path)
            return False
        self.world = state["world"]
        self.ids = self.world.ids
        self.commands = state["commands"]
        self._messages = state["messages"]
        self._channel_messages = state["channel_messages"]
        self.people = [self.world.users[i] for i in state["people"]]
        self.text_channels = [self.world.channels[i] for i in state["channels"]]
        self.restore_nonces(state.get("nonces", {}))     # a state saved by an older playground has none
        log.info("restored the playground's server: %d messages", len(self._messages))
        self.restored = True
        return True

    def snapshot(self) -> bytes:
        """The state to keep, taken at once on the event loop (nothing changes meanwhile)."""
        return pickle.dumps(self._state(), protocol=pickle.HIGHEST_PROTOCOL)

    def write(self, data: bytes) -> None:
        """Write a snapshot atomically (may run in a thread)."""
        if self.state_path is None:
            return
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, self.state_path)

    def save(self) -> None:
        self.write(self.snapshot())

    def forget_old(self) -> None:
        """Drop what a long-running server no longer needs: interactions whose 15-minute tokens have expired
        (Discord forgets them too) and all but the last rejections."""
        horizon = self.now() - TOKEN_LIFETIME_S
        for iid, ix in list(self.interactions.items()):
            if ix.dispatched_at is not None and ix.dispatched_at < horizon:
                del self.interactions[iid]
                self._by_token.pop(ix.token, None)
        del self.rejections[:-REQUEST_LOG]

    # --- the bot's permissions --------------------------------------------------------------------------
    def bot_denied(self, channel: StubChannel) -> list[str]:
        """The ``BOT_PERMISSIONS`` the bot's role is denied in ``channel``."""
        denied = sum(o.deny for o in channel.overwrites if o.id == self.world.bot_role.id)
        return [name for name in BOT_PERMISSIONS if denied & perm_bits(**{name: True})]

    def set_bot_permission(self, channel: StubChannel, permission: str, allowed: bool) -> list[str]:
        """Deny the bot one permission in ``channel``, or allow it again, as a server admin would, and tell the bot
        as Discord does (CHANNEL_UPDATE): a hold can be made and lifted without restarting the playground.
        Returns what the bot is denied there now."""
        if permission not in BOT_PERMISSIONS:
            raise ValueError(f"no permission {permission!r} (one of {', '.join(BOT_PERMISSIONS)})")
        if channel.is_dm:
            raise ValueError("a DM has no permissions to change")
        denied = set(self.bot_denied(channel)) - {permission} | (set() if allowed else {permission})
        channel.overwrites = [o for o in channel.overwrites if o.id != self.world.bot_role.id]
        if denied:
            self.world.restrict_bot(channel, **{name: True for name in denied})
        self._emit_event("CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id)
        self._notify(channel.id)
        return self.bot_denied(channel)

    # --- who is who -----------------------------------------------------------------------------------
    def person(self, user_id: int) -> StubUser:
        user = self.world.users.get(int(user_id))
        if user is None or user not in self.people:
            raise KeyError(f"no person {user_id}")
        return user

    def channel(self, channel_id: int) -> StubChannel:
        channel = self.world.channels.get(int(channel_id))
        if channel is None:
            raise KeyError(f"no channel {channel_id}")
        return channel
