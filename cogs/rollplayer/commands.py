"""Roll Player's typed phase commands under ``/rp``: setup, dice, market, skill, refresh.

Each command is a :class:`MoveSpec` (the move types it may play and which move field each option names);
the shell's :class:`TypedMoves` resolves the filled options against the player's legal moves and plays the
one they name, so no rule is repeated here. Out-of-turn and class-power decisions stay with ``/rp play`` and
the buttons.
"""
from __future__ import annotations

from bot.i18n import t
from cogs.typed import MoveSpec, Opt, TargetsOpt, TypedMoves, full_label, phase_group

# ---- setup: a character sheet and its side, a class, and a row for each starting die
SHEET = MoveSpec(("race",), (Opt("race", ("race",), about="cmd.opt.race"),
                             Opt("side", ("gender",), about="cmd.opt.side", optional=True)))
CLASS = MoveSpec(("class",), (Opt("class", ("class",), param="class_", about="cmd.opt.class"),))
START_DIE = MoveSpec(("place_start",), (Opt("die", ("die",), about="cmd.opt.start_die"),
                                        Opt("row", ("attr",), about="cmd.opt.row", optional=True)))

# ---- dice phase: order tied dice, take an initiative card, place its die, the row's action, INT's keep


def _action_kind(p, move: dict, game, seat: int, locale: str) -> str:
    return t(f"movetype.action.{move.get('action')}", locale)


ORDER = MoveSpec(("order",), (Opt("dice", ("dice",), about="cmd.opt.dice_order"),))
TAKE = MoveSpec(("take",), (Opt("card", ("card",), labeller=full_label, about="cmd.opt.initiative_card"),))
PLACE = MoveSpec(("place",), (Opt("row", ("attr",), about="cmd.opt.row"),))
ACTION = MoveSpec(("action",), (
    Opt("kind", ("action",), labeller=_action_kind, about="cmd.opt.action_kind"),
    Opt("die", ("die", "a"), about="cmd.opt.action_die", optional=True),
    Opt("die2", ("b",), about="cmd.opt.action_die2", optional=True),
    Opt("change", ("delta",), about="cmd.opt.change", optional=True),
    Opt("direction", ("dir",), about="cmd.opt.direction", optional=True),
))
KEEP = MoveSpec(("keep",), (Opt("which", ("keep",), about="cmd.opt.keep"),))

# ---- market phase: buy (optionally spending Charisma), discard a market card for 2 gold, discard a weapon
BUY = MoveSpec(("buy",), (Opt("card", ("card",), about="cmd.opt.market_card"),
                          Opt("charisma", ("tokens",), default="0", about="cmd.opt.charisma", optional=True)))
GOLD = MoveSpec(("take_gold",), (Opt("card", ("card",), about="cmd.opt.gold_card", optional=True),))
DISCARD_WEAPON = MoveSpec(("discard_weapon",), (Opt("card", ("card",), about="cmd.opt.weapon"),))

#: Fields shown by a skill's composite target option, in reading order; others follow alphabetically.
TARGET_ORDER = ("copy", "decline", "die", "a", "b", "delta", "dir", "target", "colour", "to", "tokens")
#: ``/rp skill card [target]``: a skill whenever the rules allow it, also out of turn; ``target`` names the
#: whole use (die, row, player, colour…) as the move menu would.
SKILL = MoveSpec(("skill",), (Opt("card", ("card",), about="cmd.opt.skill_card"),
                              TargetsOpt("target", (), order=TARGET_ORDER, about="cmd.opt.skill_target",
                                         optional=True)))

# ---- cleanup: ready exhausted skills (one, the Ranger two); no card means refresh nothing
REFRESH = MoveSpec(("refresh",),
                   (Opt("card", ("cards",), member=True, about="cmd.opt.refresh_card", optional=True),
                    Opt("card2", ("cards",), member=True, about="cmd.opt.refresh_card2", optional=True)),
                   exact_members=True)


def build(typed: TypedMoves) -> list:
    """The commands, bound to the shell's typed-move service."""
    command = typed.command
    return [
        phase_group("cmd.setup.name", "cmd.setup.description", [
            command("cmd.setup.sheet.name", "cmd.setup.sheet.description", SHEET),
            command("cmd.setup.class.name", "cmd.setup.class.description", CLASS),
            command("cmd.setup.place.name", "cmd.setup.place.description", START_DIE)]),
        phase_group("cmd.dice.name", "cmd.dice.description", [
            command("cmd.dice.order.name", "cmd.dice.order.description", ORDER),
            command("cmd.dice.take.name", "cmd.dice.take.description", TAKE),
            command("cmd.dice.place.name", "cmd.dice.place.description", PLACE),
            command("cmd.dice.action.name", "cmd.dice.action.description", ACTION),
            command("cmd.dice.keep.name", "cmd.dice.keep.description", KEEP)]),
        phase_group("cmd.market.name", "cmd.market.description", [
            command("cmd.market.buy.name", "cmd.market.buy.description", BUY),
            command("cmd.market.gold.name", "cmd.market.gold.description", GOLD),
            command("cmd.market.discard_weapon.name", "cmd.market.discard_weapon.description", DISCARD_WEAPON)]),
        command("cmd.skill.name", "cmd.skill.description", SKILL),
        command("cmd.refresh.name", "cmd.refresh.description", REFRESH),
    ]
