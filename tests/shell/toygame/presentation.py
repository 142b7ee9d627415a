"""Pig as the shell sees it: the seam (``cogs/seam.py``) and nothing else. Its words come from its own catalog
(``locales/en/LC_MESSAGES/pig.po``); its one picture is drawn with the shared kit."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, t
from cogs.seam import LobbyOption, Picture, Presentation, Seats
from cogs.translator import cmd_str
from cogs.typed import MoveSpec
from images import png
from images.draw import new_canvas, text_box

ROLL, HOLD = MoveSpec(("roll",)), MoveSpec(("hold",))


def _name(game: Any, seat: Any) -> str:
    return game.seats[seat].name if isinstance(seat, int) and 0 <= seat < len(game.seats) else "?"


class PigPresentation(Presentation):
    kind = "pig"
    group_key = N_("pig.cmd.name")
    group_description_key = N_("pig.cmd.description")
    title_key = N_("pig.title")
    seats = Seats(low=1, high=4, default=2)
    lobby_options = (LobbyOption("race_to", N_("pig.option.race_to"), default="20",
                                 choices=(("20", N_("pig.option.to_20")), ("30", N_("pig.option.to_30")))),)
    narrow_fields = ("type",)
    help_title_key = N_("pig.help.title")
    help_intro_key = N_("pig.help.intro")
    help_sections = (("pig.help.section", ("new", "join", "start", "roll", "hold", "status", "rules")),)
    rules_topics = ("pig",)

    def game_options(self, chosen: dict, *, solo: bool) -> dict:
        return {"target": int(chosen.get("race_to") or 20)}

    def option_lines(self, options: dict, locale: str) -> list[str]:
        return [t("pig.option.line", locale, target=options.get("target", 20))]

    def move_label(self, game, seat, move, locale, limit=100, open_fields=frozenset()) -> str:
        return t(f"pig.move.{move.get('type')}", locale)[:limit]

    def event_line(self, game, event, locale) -> str:
        params = dict(event.get("params") or {})
        params["player"] = _name(game, params.get("seat"))
        return t(event["key"], locale, **params)

    def error_params(self, game, params, locale) -> dict[str, str]:
        return {k: str(v) for k, v in params.items()}

    def decision_text(self, decision, locale) -> str:
        return t("pig.decision.turn", locale)

    def status_line(self, game, locale) -> str:
        state = game.state
        return t("pig.status", locale, scores=", ".join(f"{_name(game, s)} {v}" for s, v in enumerate(state.scores)),
                 turn_total=state.turn_total)

    def final_lines(self, game, locale) -> list[str]:
        ranked = sorted(enumerate(game.state.scores), key=lambda item: -item[1])
        return [t("pig.final_line", locale, place=n + 1, player=_name(game, s), total=v)
                for n, (s, v) in enumerate(ranked)]

    def table_picture(self, game, locale):
        img, d = new_canvas(360, 40 + 36 * len(game.seats))
        text_box(d, 16, 22, t("pig.title", locale), 330, 20, bold=True)
        for s, score in enumerate(game.state.scores):
            text_box(d, 16, 58 + 36 * s, f"{_name(game, s)}: {score}", 330, 18)
        scores = ", ".join(f"{_name(game, s)} {v}" for s, v in enumerate(game.state.scores))
        return Picture("table.png", png.encode(img), t("pig.alt", locale, scores=scores))

    def commands(self, shell) -> list:
        @app_commands.command(name=cmd_str("pig.cmd.roll.name"), description=cmd_str("pig.cmd.roll.description"))
        async def roll(interaction: discord.Interaction) -> None:
            await shell.play(interaction, ROLL)

        @app_commands.command(name=cmd_str("pig.cmd.hold.name"), description=cmd_str("pig.cmd.hold.description"))
        async def hold(interaction: discord.Interaction) -> None:
            await shell.play(interaction, HOLD)

        return [roll, hold]


PRESENTATION = PigPresentation()
