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
    """Refuse a command upload that breaks one of Discord's documented limits (all of them, one answer)."""
    problems = command_problems(cmd, where)
    if problems:
        raise PayloadRejected("Invalid Form Body: " + "; ".join(problems))


# Discord's rules for application commands, from developers/interactions/application-commands.mdx (quoted
# beside each check as "docs: ..."). The OpenAPI check (openapi.py) covers the per-field types and lengths
# as well; these are the rules a schema cannot say (regex, case, order, nesting, ranges between fields, the
# 8,000-character total), and they also give ``tests/cogs/test_cogs_command_limits.py`` its verdict.

#: docs, "Application Command Naming": CHAT_INPUT names match ``^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``
#: (Python's ``\w`` is Unicode letters, digits and ``_``; stricter only on Devanagari/Thai combining marks).
NAME = re.compile(r"^[-_'\w]{1,32}$")
#: docs, Application Command Option Type: INTEGER is "Any integer between -2^53+1 and 2^53-1"
MAX_INTEGER = 2**53 - 1
#: docs, same table: NUMBER is "Any double between -2^53 and 2^53"
MAX_NUMBER = 2**53
#: docs, "Slash commands can have a maximum of 8000 characters for combined name, description, and value
#: properties for each command, its options (including subcommands and groups), and choices."
MAX_COMMAND_CHARS = 8000
MAX_OPTIONS = MAX_CHOICES = 25


#: docs, reference#locales: the keys a localisation dictionary may take (the OpenAPI description's
#: ``AvailableLocalesEnum``; tests/discord_stub/test_stub_openapi.py checks that they agree).
AVAILABLE_LOCALES = frozenset({
    "ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he", "hi", "hr", "hu",
    "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru", "sv-SE", "th", "tr", "uk", "vi", "zh-CN",
    "zh-TW",
})


def available_locales() -> frozenset[str]:
    return AVAILABLE_LOCALES


def _texts(item: dict[str, Any], field: str) -> list[str]:
    """The field and every localisation of it (docs: localisation "Values follow the same restrictions as
    ``name``" / "as ``description``")."""
    return [item.get(field, ""), *(item.get(f"{field}_localizations") or {}).values()]


def _longest(item: dict[str, Any], field: str) -> int:
    return max(len(str(text)) for text in _texts(item, field))


def command_chars(cmd: dict[str, Any]) -> int:
    """What Discord counts toward the 8,000 characters: every name, description and choice value of the
    command, its options and choices, each field counted at its longest localisation (docs: "When
    localization fields are present, only the longest localization for each field (including the default
    value) is counted towards the size limit")."""
    total = _longest(cmd, "name") + _longest(cmd, "description")
    for choice in cmd.get("choices") or []:
        total += _longest(choice, "name") + len(str(choice.get("value", "")))
    return total + sum(command_chars(option) for option in cmd.get("options") or [])


def command_problems(cmd: Any, where: str = "") -> list[str]:
    """Every documented limit the command breaks (empty when it fits)."""
    if not isinstance(cmd, dict):
        return [f"{where}: command must be an object"]
    problems: list[str] = []
    ctype = cmd.get("type", 1)
    here = f"{where}({cmd.get('name', '')})"
    if ctype == 1:
        _check_names(cmd, here, problems)
        _check_descriptions(cmd, here, problems)
        _check_options(cmd.get("options") or [], here, 0, problems)
        size = command_chars(cmd)
        if size > MAX_COMMAND_CHARS:
            problems.append(f"{here}: {size} characters counting each field's longest localisation "
                            f"(Discord allows {MAX_COMMAND_CHARS})")
    else:
        # docs: "USER and MESSAGE commands may be mixed case and can include spaces"; description: "Empty
        # string for USER and MESSAGE commands"; options: "Only for CHAT_INPUT commands"
        if any(not 1 <= len(name) <= 32 for name in _texts(cmd, "name")):
            problems.append(f"{here}.name: 1..32 characters")
        if cmd.get("description"):
            problems.append(f"{here}.description: must be empty for a user or message command")
        if cmd.get("options"):
            problems.append(f"{here}.options: only chat input commands take options")
    _check_locales(cmd, here, problems)
    return problems


def _check_names(item: dict[str, Any], here: str, problems: list[str]) -> None:
    # docs: the naming regex, and "If there is a lowercase variant of any letters used, you must use those"
    for name in _texts(item, "name"):
        if not isinstance(name, str) or not NAME.match(name) or name != name.lower():
            problems.append(f"{here}.name: {name!r} breaks Discord's naming rule (1-32, lower case, no spaces)")


def _check_descriptions(item: dict[str, Any], here: str, problems: list[str]) -> None:
    # docs: "Description for CHAT_INPUT commands, 1-100 characters"; options: "1-100 character description"
    for text in _texts(item, "description"):
        if not isinstance(text, str) or not 1 <= len(text) <= 100:
            problems.append(f"{here}.description: {len(str(text))} characters (1..100)")


def _check_locales(item: dict[str, Any], here: str, problems: list[str]) -> None:
    locales = available_locales()
    for key in ("name_localizations", "description_localizations"):
        unknown = set(item.get(key) or {}) - locales
        if unknown:
            problems.append(f"{here}.{key}: unknown locales {sorted(unknown)}")


def _check_options(options: list[dict[str, Any]], where: str, depth: int, problems: list[str]) -> None:
    """``depth``: 0 for the command's own options, 1 inside a subcommand group or subcommand, 2 inside a
    subcommand of a group."""
    if len(options) > MAX_OPTIONS:
        # docs: options "max of 25"; a subcommand's or group's options "up to 25"
        problems.append(f"{where}: {len(options)} options (Discord allows {MAX_OPTIONS})")
    subs = [o for o in options if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs and len(subs) != len(options):
        # docs: "Using subcommands or subcommand groups will make your base command unusable": a level holds
        # subcommands/groups or plain options, never both
        problems.append(f"{where}: subcommands mixed with plain options")
    seen_optional = False
    for locale in {"", *{k for o in options for k in (o.get("name_localizations") or {})}}:
        names = [(o.get("name_localizations") or {}).get(locale) or o.get("name") for o in options]
        if len(names) != len(set(names)):
            # docs: "name must be unique within an array of application command options" (localised names
            # follow "the same restrictions as name")
            problems.append(f"{where}: duplicate option names {sorted(names)} in {locale or 'the default'}")
    for opt in options:
        otype = opt.get("type")
        here = f"{where}.{opt.get('name', '')}"
        _check_names(opt, here, problems)
        _check_descriptions(opt, here, problems)
        _check_locales(opt, here, problems)
        if otype in (SUB_COMMAND, SUB_COMMAND_GROUP):
            # docs: "your top level command can contain subcommand groups, and those groups can contain
            # subcommands. That is the only kind of nesting supported."
            if (otype == SUB_COMMAND_GROUP and depth > 0) or (otype == SUB_COMMAND and depth > 1):
                problems.append(f"{here}: subcommands nested too deeply")
            inner = opt.get("options") or []
            if otype == SUB_COMMAND_GROUP and any(o.get("type") != SUB_COMMAND for o in inner):
                problems.append(f"{here}: a subcommand group holds only subcommands")
            _check_options(inner, here, depth + 1, problems)
            continue
        if opt.get("options"):
            problems.append(f"{here}.options: only subcommands and groups have options")
        # docs: "Required options must be listed before optional options"
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required option after an optional one")
        else:
            seen_optional = True
        _check_choices(opt, here, problems)
        _check_bounds(opt, here, problems)


def _check_choices(opt: dict[str, Any], here: str, problems: list[str]) -> None:
    choices = opt.get("choices") or []
    otype = opt.get("type")
    if not choices:
        return
    if otype not in (STRING, INTEGER, NUMBER):
        problems.append(f"{here}.choices: only string, integer and number options take choices")
    if len(choices) > MAX_CHOICES:
        problems.append(f"{here}: {len(choices)} choices (Discord allows {MAX_CHOICES})")  # docs: "max 25"
    if opt.get("autocomplete"):
        problems.append(f"{here}: choices and autocomplete together")  # docs: "may not be set to true if choices"
    for choice in choices:
        value = choice.get("value")
        for name in _texts(choice, "name"):
            if not isinstance(name, str) or not 1 <= len(name) <= 100:  # docs: "1-100 character choice name"
                problems.append(f"{here}: choice name {name!r} is not 1..100 characters")
        _check_locales(choice, f"{here} choice {choice.get('name')!r}", problems)
        # docs: "Type of value depends on the option type"; "up to 100 characters if string"
        if otype == STRING and not (isinstance(value, str) and len(value) <= 100):
            problems.append(f"{here}: choice value {value!r} is not a string of at most 100 characters")
        elif otype in (INTEGER, NUMBER) and not _in_range(otype, value):
            problems.append(f"{here}: choice value {value!r} is outside Discord's {_kind(otype)}")


def _kind(otype: int) -> str:
    return "integers (-2^53+1..2^53-1)" if otype == INTEGER else "numbers (-2^53..2^53)"


def _in_range(otype: int, value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if otype == INTEGER:
        return isinstance(value, int) and -MAX_INTEGER <= value <= MAX_INTEGER
    return isinstance(value, (int, float)) and -MAX_NUMBER <= value <= MAX_NUMBER


def _check_bounds(opt: dict[str, Any], here: str, problems: list[str]) -> None:
    otype = opt.get("type")
    lo, hi = opt.get("min_value"), opt.get("max_value")
    if (lo is not None or hi is not None) and otype not in (INTEGER, NUMBER):
        problems.append(f"{here}: min_value/max_value only for integer and number options")
    elif otype in (INTEGER, NUMBER):
        for bound, value in (("min_value", lo), ("max_value", hi)):
            # docs: "integer for INTEGER options, double for NUMBER options", within the type's range
            if value is not None and not _in_range(otype, value):
                problems.append(f"{here}.{bound}: {value!r} is outside Discord's {_kind(otype)}")
        if lo is not None and hi is not None and _in_range(otype, lo) and _in_range(otype, hi) and lo > hi:
            problems.append(f"{here}: min_value {lo} above max_value {hi}")
    lo, hi = opt.get("min_length"), opt.get("max_length")
    if (lo is not None or hi is not None) and otype != STRING:
        problems.append(f"{here}: min_length/max_length only for string options")
    # docs: min_length "minimum of 0, maximum of 6000"; max_length "minimum of 1, maximum of 6000"
    if lo is not None and not (isinstance(lo, int) and 0 <= lo <= 6000):
        problems.append(f"{here}.min_length: {lo!r} is not within 0..6000")
    if hi is not None and not (isinstance(hi, int) and 1 <= hi <= 6000):
        problems.append(f"{here}.max_length: {hi!r} is not within 1..6000")
    if isinstance(lo, int) and isinstance(hi, int) and lo > hi:
        problems.append(f"{here}: min_length {lo} above max_length {hi}")


def check_carried(name: str, text: str) -> None:
    """Refuse a text Discord cannot carry: its client sends UTF-8, where an unpaired surrogate (``"\\ud800"``
    from a JSON escape) has no form, so no interaction ever holds one. The stand-in's own JSON writer refused it
    too, after the interaction had been accepted."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise CommandUnavailable(f"option {name}: not valid Unicode text (an unpaired surrogate); "
                                 "Discord cannot carry it") from None


def _to_option_value(opt: dict[str, Any], value: Any, world: World, resolved: dict[str, Any], in_guild: bool):
    otype = opt["type"]
    name = opt["name"]
    if otype == STRING:
        if not isinstance(value, str):
            raise CommandUnavailable(f"option {name}: expected a string, got {value!r}")
        check_carried(name, value)
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
            # an autocomplete carries whatever the person has filled so far (Discord's client sends it while a
            # later required option is still empty); only a command itself needs every required option
            if opt.get("required") and focused is None:
                raise CommandUnavailable(f"/{path}: required option {opt['name']!r} missing")
            continue
        value = values[opt["name"]]
        if opt["name"] == focused:
            if not opt.get("autocomplete"):
                raise CommandUnavailable(f"/{path}: option {opt['name']!r} has no autocomplete")
            check_carried(opt["name"], str(value))
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
