"""Roll Player's typed phase commands under ``/rp``: setup, dice, market, skill, refresh.

Each command is a :class:`MoveSpec` (the move types it may play and which move field each option names);
the shell's :class:`TypedMoves` resolves the filled options against the player's legal moves and plays the
one they name, so no rule is repeated here. Out-of-turn and class-power decisions stay with ``/rp play`` and
the buttons.
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import t
from cogs.translator import cmd_str
from cogs.typed import MoveSpec, Opt, TargetsOpt, TypedMoves, full_label, phase_group

# ---- setup: a character sheet and its side, a class, and a row for each starting die
SHEET = MoveSpec(("race",), (Opt("race", ("race",)), Opt("side", ("gender",))))
CLASS = MoveSpec(("class",), (Opt("class", ("class",), param="class_"),))
START_DIE = MoveSpec(("place_start",), (Opt("die", ("die",)), Opt("row", ("attr",))))

# ---- dice phase: order tied dice, take an initiative card, place its die, the row's action, INT's keep


def _action_kind(p, move: dict, game, seat: int, locale: str) -> str:
    return t(f"movetype.action.{move.get('action')}", locale)


ORDER = MoveSpec(("order",), (Opt("dice", ("dice",)),))
TAKE = MoveSpec(("take",), (Opt("card", ("card",), labeller=full_label),))
PLACE = MoveSpec(("place",), (Opt("row", ("attr",)),))
ACTION = MoveSpec(("action",), (
    Opt("kind", ("action",), labeller=_action_kind),
    Opt("die", ("die", "a")),
    Opt("die2", ("b",)),
    Opt("change", ("delta",)),
    Opt("direction", ("dir",)),
))
KEEP = MoveSpec(("keep",), (Opt("which", ("keep",)),))

# ---- market phase: buy (optionally spending Charisma), discard a market card for 2 gold, discard a weapon
BUY = MoveSpec(("buy",), (Opt("card", ("card",)), Opt("charisma", ("tokens",), default="0")))
GOLD = MoveSpec(("take_gold",), (Opt("card", ("card",)),))
DISCARD_WEAPON = MoveSpec(("discard_weapon",), (Opt("card", ("card",)),))

#: Fields shown by a skill's composite target option, in reading order; others follow alphabetically.
TARGET_ORDER = ("copy", "decline", "die", "a", "b", "delta", "dir", "target", "colour", "to", "tokens")
#: ``/rp skill card [target]``: a skill whenever the rules allow it, also out of turn; ``target`` names the
#: whole use (die, row, player, colour…) as the move menu would.
SKILL = MoveSpec(("skill",), (Opt("card", ("card",)), TargetsOpt("target", (), order=TARGET_ORDER)))

# ---- cleanup: ready exhausted skills (one, the Ranger two); no card means refresh nothing
REFRESH = MoveSpec(("refresh",),
                   (Opt("card", ("cards",), member=True), Opt("card2", ("cards",), member=True)),
                   exact_members=True)


def build(typed: TypedMoves) -> list:
    """The commands, bound to the shell's typed-move service."""

    @app_commands.command(name=cmd_str("cmd.setup.sheet.name"), description=cmd_str("cmd.setup.sheet.description"))
    @app_commands.describe(race=cmd_str("cmd.opt.race"), side=cmd_str("cmd.opt.side"))
    async def sheet(interaction: discord.Interaction, race: str, side: str | None = None) -> None:
        await typed.play(interaction, SHEET, race=race, side=side)

    @app_commands.command(name=cmd_str("cmd.setup.class.name"), description=cmd_str("cmd.setup.class.description"))
    @app_commands.rename(class_="class")
    @app_commands.describe(class_=cmd_str("cmd.opt.class"))
    async def class_(interaction: discord.Interaction, class_: str) -> None:
        await typed.play(interaction, CLASS, **{"class": class_})

    @app_commands.command(name=cmd_str("cmd.setup.place.name"), description=cmd_str("cmd.setup.place.description"))
    @app_commands.describe(die=cmd_str("cmd.opt.start_die"), row=cmd_str("cmd.opt.row"))
    async def start_place(interaction: discord.Interaction, die: str, row: str | None = None) -> None:
        await typed.play(interaction, START_DIE, die=die, row=row)

    @app_commands.command(name=cmd_str("cmd.dice.order.name"), description=cmd_str("cmd.dice.order.description"))
    @app_commands.describe(dice=cmd_str("cmd.opt.dice_order"))
    async def order(interaction: discord.Interaction, dice: str) -> None:
        await typed.play(interaction, ORDER, dice=dice)

    @app_commands.command(name=cmd_str("cmd.dice.take.name"), description=cmd_str("cmd.dice.take.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.initiative_card"))
    async def take(interaction: discord.Interaction, card: str) -> None:
        await typed.play(interaction, TAKE, card=card)

    @app_commands.command(name=cmd_str("cmd.dice.place.name"), description=cmd_str("cmd.dice.place.description"))
    @app_commands.describe(row=cmd_str("cmd.opt.row"))
    async def place(interaction: discord.Interaction, row: str) -> None:
        await typed.play(interaction, PLACE, row=row)

    @app_commands.command(name=cmd_str("cmd.dice.action.name"), description=cmd_str("cmd.dice.action.description"))
    @app_commands.describe(kind=cmd_str("cmd.opt.action_kind"), die=cmd_str("cmd.opt.action_die"),
                           die2=cmd_str("cmd.opt.action_die2"), change=cmd_str("cmd.opt.change"),
                           direction=cmd_str("cmd.opt.direction"))
    async def action(interaction: discord.Interaction, kind: str, die: str | None = None, die2: str | None = None,
                     change: str | None = None, direction: str | None = None) -> None:
        await typed.play(interaction, ACTION, kind=kind, die=die, die2=die2, change=change, direction=direction)

    @app_commands.command(name=cmd_str("cmd.dice.keep.name"), description=cmd_str("cmd.dice.keep.description"))
    @app_commands.describe(which=cmd_str("cmd.opt.keep"))
    async def keep(interaction: discord.Interaction, which: str) -> None:
        await typed.play(interaction, KEEP, which=which)

    @app_commands.command(name=cmd_str("cmd.market.buy.name"), description=cmd_str("cmd.market.buy.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.market_card"), charisma=cmd_str("cmd.opt.charisma"))
    async def buy(interaction: discord.Interaction, card: str, charisma: str | None = None) -> None:
        await typed.play(interaction, BUY, card=card, charisma=charisma)

    @app_commands.command(name=cmd_str("cmd.market.gold.name"), description=cmd_str("cmd.market.gold.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.gold_card"))
    async def gold(interaction: discord.Interaction, card: str | None = None) -> None:
        await typed.play(interaction, GOLD, card=card)

    @app_commands.command(name=cmd_str("cmd.market.discard_weapon.name"),
                          description=cmd_str("cmd.market.discard_weapon.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.weapon"))
    async def discard_weapon(interaction: discord.Interaction, card: str) -> None:
        await typed.play(interaction, DISCARD_WEAPON, card=card)

    @app_commands.command(name=cmd_str("cmd.skill.name"), description=cmd_str("cmd.skill.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.skill_card"), target=cmd_str("cmd.opt.skill_target"))
    async def skill(interaction: discord.Interaction, card: str, target: str | None = None) -> None:
        await typed.play(interaction, SKILL, card=card, target=target)

    @app_commands.command(name=cmd_str("cmd.refresh.name"), description=cmd_str("cmd.refresh.description"))
    @app_commands.describe(card=cmd_str("cmd.opt.refresh_card"), card2=cmd_str("cmd.opt.refresh_card2"))
    async def refresh(interaction: discord.Interaction, card: str | None = None, card2: str | None = None) -> None:
        await typed.play(interaction, REFRESH, card=card, card2=card2)

    for command, spec in ((sheet, SHEET), (class_, CLASS), (start_place, START_DIE), (order, ORDER), (take, TAKE),
                          (place, PLACE), (action, ACTION), (keep, KEEP), (buy, BUY), (gold, GOLD),
                          (discard_weapon, DISCARD_WEAPON), (skill, SKILL), (refresh, REFRESH)):
        typed.attach_autocomplete(command, spec)
    return [
        phase_group("cmd.setup.name", "cmd.setup.description", [sheet, class_, start_place]),
        phase_group("cmd.dice.name", "cmd.dice.description", [order, take, place, action, keep]),
        phase_group("cmd.market.name", "cmd.market.description", [buy, gold, discard_weapon]),
        skill,
        refresh,
    ]
