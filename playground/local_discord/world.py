"""The people and places the stand-in pretends exist: users, one guild, its channels and DMs.

Payload builders live next to the objects so that every place that serialises a user, member or channel
(READY, GUILD_CREATE, interactions, messages, REST GETs) emits the same shape Discord does.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import discord

DISCORD_EPOCH_MS = 1420070400000


class Snowflakes:
    """Discord-style ids: creation time in the high bits so ``discord.utils.snowflake_time`` is sane."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last_ms = 0
        self._seq = itertools.count()

    def __getstate__(self) -> dict[str, int]:
        return {"last_ms": self._last_ms}

    def __setstate__(self, state: dict[str, int]) -> None:
        self.__init__()
        self._last_ms = state["last_ms"]

    def next(self) -> int:
        with self._lock:
            ms = max(int(time.time() * 1000), self._last_ms)
            self._last_ms = ms
            return ((ms - DISCORD_EPOCH_MS) << 22) | (1 << 17) | (next(self._seq) & 0xFFF)


def iso_now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat()


def perm_bits(**flags: bool) -> int:
    """Permission bits by discord.py's names, e.g. ``perm_bits(send_messages=True)``."""
    return discord.Permissions(**flags).value


ALL_PERMISSIONS = discord.Permissions.all().value
EVERYONE_DEFAULT = perm_bits(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    change_nickname=True,
    create_instant_invite=True,
    use_external_apps=True,
)
# What the bot asks for in its invite (issue 5): Send Messages, Attach Files, Embed Links, Use Slash Commands,
# and for /find (issue 27) Create Public Threads and Send Messages in Threads.
BOT_ROLE_DEFAULT = perm_bits(
    view_channel=True,
    send_messages=True,
    create_public_threads=True,
    send_messages_in_threads=True,
    attach_files=True,
    embed_links=True,
    read_message_history=True,
    use_application_commands=True,
)
# Permissions Discord reports for an app in a DM with the user.
DM_APP_PERMISSIONS = perm_bits(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    use_external_emojis=True,
    use_application_commands=True,
    mention_everyone=True,
    send_tts_messages=True,
)
_VIEW = perm_bits(view_channel=True)
_SEND = perm_bits(send_messages=True)
_NEEDS_SEND = perm_bits(mention_everyone=True, send_tts_messages=True, attach_files=True, embed_links=True)
_ADMIN = perm_bits(administrator=True)
_MANAGE_THREADS = perm_bits(manage_threads=True)


@dataclass
class StubUser:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    dms_open: bool = True  # False: the bot gets 403/50007 when it posts in this user's DM

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name if self.global_name is not None else self.username.title(),
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "public_flags": 0,
            "flags": 0,
            "avatar_decoration_data": None,
            "primary_guild": None,
            "collectibles": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class StubRole:
    id: int
    name: str
    permissions: int
    position: int
    managed: bool = False
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow), "deny": str(self.deny)}


#: Channel types of threads: announcement, public and private (Discord's ``ChannelTypes`` 10, 11, 12).
THREAD_TYPES = (10, 11, 12)
PUBLIC_THREAD, PRIVATE_THREAD = 11, 12
#: The auto-archive durations Discord accepts (minutes).
AUTO_ARCHIVE_MINUTES = (60, 1440, 4320, 10080)


@dataclass
class StubChannel:
    """A guild text channel (type 0), a DM (type 1, ``recipient`` set) or a thread (type 11 or 12, ``parent_id``
    set: its permissions are its parent's, posting in it needs Send Messages in Threads)."""

    id: int
    name: str | None
    type: int = 0
    guild_id: int | None = None
    position: int = 0
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient: StubUser | None = None
    last_message_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    #: a thread's members (user ids), in the order they joined
    thread_members: list[int] = field(default_factory=list)
    archived: bool = False
    #: a locked thread: only those who may Manage Threads post, edit or unarchive there (Discord's "Lock Thread")
    locked: bool = False
    auto_archive_duration: int = 4320
    created_at: str = ""
    #: when the thread was archived or unarchived last (Discord's ``archive_timestamp``; its creation until then)
    archive_timestamp: str = ""

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A channel pickled before threads (or their locks) came (the playground's saved server) gets their
        defaults."""
        self.__dict__.update({"parent_id": None, "owner_id": None, "thread_members": [], "archived": False,
                              "locked": False, "auto_archive_duration": 4320, "created_at": "",
                              "archive_timestamp": "", **state})

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def thread_payload(self) -> dict[str, Any]:
        """A thread as Discord sends it (``ThreadResponse``)."""
        return {
            "id": str(self.id), "type": self.type, "guild_id": str(self.guild_id), "name": self.name,
            "parent_id": str(self.parent_id), "owner_id": str(self.owner_id),
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0, "flags": 0, "message_count": 0, "total_message_sent": 0,
            "member_count": min(50, len(self.thread_members)),
            "thread_metadata": {"archived": self.archived, "auto_archive_duration": self.auto_archive_duration,
                                "archive_timestamp": self.archive_timestamp or self.created_at,
                                "locked": self.locked,
                                "create_timestamp": self.created_at,
                                **({"invitable": True} if self.type == PRIVATE_THREAD else {})},
        }

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        if self.is_thread:
            return self.thread_payload()
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": str(self.last_message_id) if self.last_message_id else None,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "rate_limit_per_user": 0,
            "permission_overwrites": [o.payload() for o in self.overwrites],
            "flags": 0,
        }


@dataclass
class StubMember:
    user: StubUser
    role_ids: list[int]
    joined_at: str

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass
class StubGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, StubRole] = field(default_factory=dict)
    channels: dict[int, StubChannel] = field(default_factory=dict)
    members: dict[int, StubMember] = field(default_factory=dict)
    locale: str = "en-US"
    #: active threads by id (not in ``channels``: Discord lists them apart)
    threads: dict[int, StubChannel] = field(default_factory=dict)

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A guild pickled before threads came (the playground's saved server) has none."""
        self.__dict__.update({"threads": {}, **state})

    @property
    def everyone(self) -> StubRole:
        return self.roles[self.id]

    def base_permissions(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members[user_id]
        perms = self.everyone.permissions
        for role_id in member.role_ids:
            perms |= self.roles[role_id].permissions
        if perms & _ADMIN:
            return ALL_PERMISSIONS
        return perms

    def permissions_in(self, channel: StubChannel, user_id: int) -> int:
        """Discord's documented algorithm: base role permissions, then channel overwrites. A thread has its
        parent's permissions (posting in it asks Send Messages in Threads instead of Send Messages: ``rest.py``),
        and a private thread is seen only by its members and those who may Manage Threads."""
        if channel.is_thread:
            perms = self.permissions_in(self.channels[channel.parent_id], user_id)
            if channel.type == PRIVATE_THREAD and user_id not in channel.thread_members \
                    and not perms & _MANAGE_THREADS:
                return 0
            return perms
        perms = self.base_permissions(user_id)
        if perms == ALL_PERMISSIONS:
            return perms
        member = self.members[user_id]
        by_id = {o.id: o for o in channel.overwrites}
        everyone = by_id.get(self.id)
        if everyone:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in member.role_ids:
            o = by_id.get(role_id)
            if o and o.type == 0:
                allow |= o.allow
                deny |= o.deny
        perms = (perms & ~deny) | allow
        own = by_id.get(user_id)
        if own and own.type == 1:
            perms = (perms & ~own.deny) | own.allow
        if not perms & _VIEW:
            return 0
        if not perms & _SEND:
            perms &= ~_NEEDS_SEND
        return perms

    def partial_payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "locale": self.locale, "features": []}

    def payload(self, joined_at: str) -> dict[str, Any]:
        """The GUILD_CREATE shape."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "incidents_data": None,
            "joined_at": joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels.values()],
            "threads": [t.thread_payload() for t in self.threads.values() if not t.archived],   # active ones
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


class World:
    """The stand-in's directory of users, the test guild, and channels (guild and DM) by id."""

    def __init__(self, ids: Snowflakes, *, bot_name: str = "rollbot") -> None:
        self.ids = ids
        self.application_id = ids.next()
        self.bot = StubUser(self.application_id, bot_name, global_name="Rollbot", bot=True)
        self.users: dict[int, StubUser] = {self.bot.id: self.bot}
        self.channels: dict[int, StubChannel] = {}
        self.dms: dict[int, StubChannel] = {}  # recipient user id -> DM channel
        owner = self._new_user("owner")
        self.guild = StubGuild(id=ids.next(), name="Stub Guild", owner_id=owner.id)
        self.guild.roles[self.guild.id] = StubRole(self.guild.id, "@everyone", EVERYONE_DEFAULT, 0)
        self.bot_role = StubRole(ids.next(), "Rollbot", BOT_ROLE_DEFAULT, 1, managed=True, bot_id=self.bot.id)
        self.guild.roles[self.bot_role.id] = self.bot_role
        self.moderator_role = StubRole(ids.next(), "Moderator", perm_bits(manage_channels=True), 2)
        self.guild.roles[self.moderator_role.id] = self.moderator_role
        self.joined_at = iso_now()
        #: every guild by id: the test guild first, then those ``add_guild`` made (sharded tests)
        self.guilds: dict[int, StubGuild] = {self.guild.id: self.guild}
        self._join(owner, [])
        self._join(self.bot, [self.bot_role.id])
        self.owner = owner

    def _new_user(self, username: str, **kw: Any) -> StubUser:
        user = StubUser(self.ids.next(), username, **kw)
        self.users[user.id] = user
        return user

    def _join(self, user: StubUser, role_ids: list[int]) -> None:
        self.guild.members[user.id] = StubMember(user, list(role_ids), iso_now())

    def add_user(
        self, username: str, *, member: bool = True, moderator: bool = False, locale: str = "en-US"
    ) -> StubUser:
        """A human; a guild member unless ``member=False`` (then it can only reach the bot in DMs)."""
        user = self._new_user(username, locale=locale)
        if member:
            self._join(user, [self.moderator_role.id] if moderator else [])
        return user

    def add_guild(self, name: str, *, shard: int | None = None, shard_count: int = 1) -> StubGuild:
        """Another guild with the same members and roles as the test guild (ids are global on Discord, so the
        role objects are shared); ``shard`` picks an id whose events Discord routes to that shard of
        ``shard_count`` (``(id >> 22) % shard_count``)."""
        gid = self.ids.next()
        while shard is not None and (gid >> 22) % shard_count != shard:
            gid = self.ids.next()
            if (gid >> 22) % shard_count != shard:
                time.sleep(0.001)       # the shard bits are the timestamp's: let it move on
        guild = StubGuild(id=gid, name=name, owner_id=self.guild.owner_id, members=self.guild.members)
        guild.roles[gid] = StubRole(gid, "@everyone", EVERYONE_DEFAULT, 0)
        guild.roles[self.bot_role.id] = self.bot_role
        guild.roles[self.moderator_role.id] = self.moderator_role
        self.guilds[gid] = guild
        return guild

    def guild_of(self, channel: StubChannel) -> StubGuild | None:
        """The guild a channel belongs to; None for a DM."""
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def add_channel(self, name: str, guild: StubGuild | None = None) -> StubChannel:
        guild = guild or self.guild
        channel = StubChannel(
            id=self.ids.next(), name=name, type=0, guild_id=guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_thread(self, parent: StubChannel, name: str, owner: StubUser, *, type: int = PUBLIC_THREAD,
                   auto_archive_duration: int = 4320) -> StubChannel:
        """A thread of ``parent`` started by ``owner`` (who is its first member)."""
        guild = self.guild_of(parent)
        assert guild is not None and not parent.is_thread
        thread = StubChannel(id=self.ids.next(), name=name, type=type, guild_id=guild.id, parent_id=parent.id,
                             owner_id=owner.id, thread_members=[owner.id], auto_archive_duration=auto_archive_duration,
                             created_at=iso_now())
        guild.threads[thread.id] = thread
        self.channels[thread.id] = thread
        return thread

    def set_thread(self, thread: StubChannel, *, archived: bool | None = None, locked: bool | None = None) -> None:
        """Archive or unarchive, lock or unlock a thread (``None`` leaves that as it is)."""
        assert thread.is_thread
        if archived is not None and archived != thread.archived:
            thread.archived, thread.archive_timestamp = archived, iso_now()
        if locked is not None:
            thread.locked = locked

    def delete_channel(self, channel: StubChannel) -> list[StubChannel]:
        """Delete a guild channel or a thread: requests there answer 404 Unknown Channel (10003) from now on. A
        channel's threads go with it. Returns what was deleted, the channel first."""
        guild = self.guild_of(channel)
        assert guild is not None, "a DM is not deleted"
        gone = [channel, *(t for t in self.channels.values() if t.is_thread and t.parent_id == channel.id)]
        for each in gone:
            self.channels.pop(each.id, None)
            guild.channels.pop(each.id, None)
            guild.threads.pop(each.id, None)
        return gone

    def dm_with(self, user: StubUser) -> StubChannel:
        """The DM channel between ``user`` and the bot; Discord gives it one stable id."""
        channel = self.dms.get(user.id)
        if channel is None:
            channel = StubChannel(id=self.ids.next(), name=None, type=1, recipient=user)
            self.dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def restrict_bot(self, channel: StubChannel, **denied: bool) -> None:
        """Deny the bot's role some permissions in one channel (e.g. ``attach_files=True``)."""
        channel.overwrites = [o for o in channel.overwrites if o.id != self.bot_role.id]
        channel.overwrites.append(Overwrite(self.bot_role.id, 0, deny=perm_bits(**denied)))

    def permissions(self, channel: StubChannel, user: StubUser) -> int:
        if channel.is_dm:
            return DM_APP_PERMISSIONS
        return self.guilds[channel.guild_id].permissions_in(channel, user.id)

    def member(self, user: StubUser) -> StubMember:
        return self.guild.members[user.id]
