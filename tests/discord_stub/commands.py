"""Application commands as the bot registered them, and the option payloads a Discord client would build.

The driver never invents command ids or option shapes: it reads what the bot synced (bulk overwrite) and
refuses, like the Discord client would, to send options the command does not declare, values outside the
declared choices or bounds, or a command that is not offered in that context (DM vs guild, permissions).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .messages import PayloadRejected
from .world import StubChannel, StubUser, World

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11
_NAME = re.compile(r"^[-_'\w]{1,32}$")
MAX_GLOBAL_COMMANDS = 100


class CommandUnavailable(Exception):
    """The Discord client would not let this user send this command here (a driver misuse or a bot bug)."""


@dataclass
class CommandRegistry:
    """Global commands and per-guild commands, keyed by (name, type); ids survive re-syncs like Discord's."""

    world: World
    global_commands: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    guild_commands: dict[int, dict[tuple[str, int], dict[str, Any]]] = field(default_factory=dict)
    syncs: int = 0

    def bulk_overwrite(self, payload: Any, guild_id: int | None) -> list[dict[str, Any]]:
        if not isinstance(payload, list):
            raise PayloadRejected("bulk overwrite expects a JSON array")
        if guild_id is None and len(payload) > MAX_GLOBAL_COMMANDS:
            raise PayloadRejected(f"more than {MAX_GLOBAL_COMMANDS} global commands")
        old = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, {})
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for i, cmd in enumerate(payload):
            validate_command(cmd, f"[{i}]")
            key = (cmd["name"], cmd.get("type", 1))
            if key in new:
                raise PayloadRejected(f"duplicate command {key}")
            previous = old.get(key)
            stored = dict(cmd)
            stored.setdefault("type", 1)
            stored.setdefault("options", [])
            stored.setdefault("default_member_permissions", None)
            stored.setdefault("nsfw", False)
            stored["id"] = previous["id"] if previous else str(self.world.ids.next())
            stored["application_id"] = str(self.world.application_id)
            stored["version"] = str(self.world.ids.next())
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
                stored.pop("contexts", None)
                stored.pop("integration_types", None)
            else:
                stored.setdefault("contexts", None)
                stored.setdefault("integration_types", [0])
            new[key] = stored
        if guild_id is None:
            self.global_commands = new
        else:
            self.guild_commands[guild_id] = new
        self.syncs += 1
        return list(new.values())

    def listing(self, guild_id: int | None) -> list[dict[str, Any]]:
        table = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, {})
        return list(table.values())

    def find(self, name: str, channel: StubChannel) -> dict[str, Any]:
        """The chat-input command a user typing ``/name`` in ``channel`` would pick (guild ones first)."""
        if channel.guild_id is not None:
            cmd = self.guild_commands.get(channel.guild_id, {}).get((name, 1))
            if cmd is not None:
                return cmd
        cmd = self.global_commands.get((name, 1))
        if cmd is None and any((name, 1) in t for t in self.guild_commands.values()):
            raise CommandUnavailable(f"/{name} is a guild command; not offered in this channel")
        if cmd is None:
            known = sorted({k[0] for k in self.global_commands} | {
                k[0] for t in self.guild_commands.values() for k in t})
            raise CommandUnavailable(f"no command /{name} registered (registered: {known})")
        return cmd

    def check_available(self, cmd: dict[str, Any], channel: StubChannel, user: StubUser) -> None:
        contexts = cmd.get("contexts")
        if channel.is_dm:
            if cmd.get("guild_id") is not None:
                raise CommandUnavailable(f"/{cmd['name']} is a guild command; not offered in DMs")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise CommandUnavailable(f"/{cmd['name']} is not offered in DMs (contexts={contexts})")
            return
        if contexts is not None and 0 not in contexts:
            raise CommandUnavailable(f"/{cmd['name']} is not offered in guilds (contexts={contexts})")
        needed = cmd.get("default_member_permissions")
        if needed is not None:
            have = self.world.guild.permissions_in(channel, user.id)
            if int(needed) & ~have:
                raise CommandUnavailable(f"/{cmd['name']} needs permissions {needed}; {user.username} lacks them")


def validate_command(cmd: Any, where: str) -> None:
    if not isinstance(cmd, dict):
        raise PayloadRejected(f"{where}: command must be an object")
    ctype = cmd.get("type", 1)
    name = cmd.get("name", "")
    if ctype == 1:
        if not _NAME.match(name) or name != name.lower():
            raise PayloadRejected(f"{where}.name: invalid chat input command name {name!r}")
        desc = cmd.get("description", "")
        if not 1 <= len(desc) <= 100:
            raise PayloadRejected(f"{where}.description: 1..100 characters required for /{name}")
    elif not 1 <= len(name) <= 32:
        raise PayloadRejected(f"{where}.name: 1..32 characters")
    _validate_options(cmd.get("options", []), f"{where}({name})", depth=0)


def _validate_options(options: list[dict[str, Any]], where: str, depth: int) -> None:
    if len(options) > 25:
        raise PayloadRejected(f"{where}: more than 25 options")
    seen_optional = False
    names = set()
    for opt in options:
        oname = opt.get("name", "")
        if not _NAME.match(oname) or oname != oname.lower():
            raise PayloadRejected(f"{where}.{oname}: invalid option name")
        if oname in names:
            raise PayloadRejected(f"{where}: duplicate option {oname!r}")
        names.add(oname)
        if not 1 <= len(opt.get("description", "")) <= 100:
            raise PayloadRejected(f"{where}.{oname}: description must be 1..100 characters")
        otype = opt.get("type")
        if otype in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= (1 if otype == SUB_COMMAND_GROUP else 2):
                raise PayloadRejected(f"{where}.{oname}: subcommands nested too deeply")
            _validate_options(opt.get("options", []), f"{where}.{oname}", depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                raise PayloadRejected(f"{where}.{oname}: required options must come before optional ones")
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            raise PayloadRejected(f"{where}.{oname}: more than 25 choices")
        if choices and opt.get("autocomplete"):
            raise PayloadRejected(f"{where}.{oname}: choices and autocomplete are exclusive")


def _to_option_value(opt: dict[str, Any], value: Any, world: World, resolved: dict[str, Any], in_guild: bool):
    otype = opt["type"]
    name = opt["name"]
    if otype == STRING:
        if not isinstance(value, str):
            raise CommandUnavailable(f"option {name}: expected a string, got {value!r}")
        lo, hi = opt.get("min_length", 0), opt.get("max_length", 6000)
        if not lo <= len(value) <= hi:
            raise CommandUnavailable(f"option {name}: length must be within {lo}..{hi}")
    elif otype == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandUnavailable(f"option {name}: expected an integer, got {value!r}")
    elif otype == NUMBER:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CommandUnavailable(f"option {name}: expected a number, got {value!r}")
    elif otype == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandUnavailable(f"option {name}: expected a bool, got {value!r}")
    elif otype in (USER, MENTIONABLE):
        if not isinstance(value, StubUser):
            raise CommandUnavailable(f"option {name}: expected a StubUser, got {value!r}")
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        if in_guild and value.id in world.guild.members:
            resolved.setdefault("members", {})[str(value.id)] = world.guild.members[value.id].payload(with_user=False)
        return str(value.id)
    elif otype == CHANNEL:
        if not isinstance(value, StubChannel) or value.is_dm:
            raise CommandUnavailable(f"option {name}: expected a guild StubChannel, got {value!r}")
        types = opt.get("channel_types")
        if types and value.type not in types:
            raise CommandUnavailable(f"option {name}: channel type {value.type} not in {types}")
        ch = value.payload()
        ch["permissions"] = str(world.guild.permissions_in(value, world.bot.id))
        resolved.setdefault("channels", {})[str(value.id)] = ch
        return str(value.id)
    else:
        raise CommandUnavailable(f"option {name}: option type {otype} is not supported by the driver")
    if otype in (INTEGER, NUMBER):
        lo, hi = opt.get("min_value"), opt.get("max_value")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise CommandUnavailable(f"option {name}: {value} outside {lo}..{hi}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandUnavailable(f"option {name}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value


def build_command_data(
    registry: CommandRegistry,
    world: World,
    user: StubUser,
    channel: StubChannel,
    path: str,
    values: dict[str, Any],
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND (or, with ``focused``, AUTOCOMPLETE) interaction."""
    parts = path.split()
    if not parts:
        raise CommandUnavailable("empty command path")
    cmd = registry.find(parts[0], channel)
    registry.check_available(cmd, channel, user)
    declared = cmd.get("options", [])
    leaf_options: list[dict[str, Any]] = []
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
    if cmd.get("guild_id") is not None:
        data["guild_id"] = cmd["guild_id"]
    container = data
    for part in parts[1:]:
        sub = next((o for o in declared if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        if sub is None:
            raise CommandUnavailable(
                f"/{path}: no subcommand {part!r}; have {[o['name'] for o in declared if o['type'] in (1, 2)]}")
        node: dict[str, Any] = {"type": sub["type"], "name": part, "options": []}
        container.setdefault("options", []).append(node)
        container = node
        declared = sub.get("options", [])
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
        raise CommandUnavailable(f"/{path} is a group; name a subcommand: {[o['name'] for o in declared]}")
    resolved: dict[str, Any] = {}
    by_name = {o["name"]: o for o in declared}
    unknown = set(values) - set(by_name)
    if unknown:
        raise CommandUnavailable(f"/{path}: unknown options {sorted(unknown)}; declared {sorted(by_name)}")
    for opt in declared:
        if opt["name"] not in values:
            if opt.get("required") and opt["name"] != focused:
                raise CommandUnavailable(f"/{path}: required option {opt['name']!r} missing")
            continue
        value = values[opt["name"]]
        if opt["name"] == focused:
            if not opt.get("autocomplete"):
                raise CommandUnavailable(f"/{path}: option {opt['name']!r} has no autocomplete")
            leaf_options.append({"type": opt["type"], "name": opt["name"], "value": str(value), "focused": True})
            continue
        converted = _to_option_value(opt, value, world, resolved, in_guild=not channel.is_dm)
        leaf_options.append({"type": opt["type"], "name": opt["name"], "value": converted})
    if focused is not None and focused not in values:
        raise CommandUnavailable(f"/{path}: give the focused option {focused!r} a (partial) value")
    if leaf_options:
        container.setdefault("options", []).extend(leaf_options)
    elif container is data:
        data.setdefault("options", [])
    if resolved:
        data["resolved"] = resolved
    return data
