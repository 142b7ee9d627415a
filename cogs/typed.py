"""Typed phase commands (``/rp dice take card:…``, ``/rp market buy card:…``) without a second copy of the
rules: every such command is a :class:`MoveSpec` — the move types it may play and which move field each
option names — and ONE function turns the filled options into the player's unique legal move.

Game-agnostic: a game declares its specs and commands in its own package and plays them through
:class:`TypedMoves`; how a value reads and which token names it comes from the game's presentation.

The legal-move list of the rules engine is the only source of truth.  Options are plain strings: a token
per value (``blue-6`` for a die, ``str-2`` for the second slot of the STR row, a card id, ``+1``…) that
autocomplete offers, or the value's display text typed by hand.  Autocomplete lists only the values that
occur in the player's current legal moves *and* agree with the options already filled; a value typed by
hand that no legal move has is refused with the option's name, and nothing changes.
"""
from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, t

from .core import Refusal, as_typed, locale_of
from .groups import built_command
from .menus import ALL, SELECT_SIZE
from .seam import Presentation
from .translator import cmd_str
from .usertext import cut, label_text, meant

AUTOCOMPLETE_LIMIT = 25
CHOICE_LIMIT = 100


@dataclass(frozen=True)
class Opt:
    """One command option: which move field(s) it names (the first one present in a move counts)."""
    name: str
    fields: tuple[str, ...]
    #: assumed when the option is left empty and several moves fit (e.g. spend no Charisma)
    default: str | None = None
    #: the field holds a list and the option names one member of it (the cards of a refresh)
    member: bool = False
    #: display text of a move's value for this option, when the move's own label says it better:
    #: ``labeller(presentation, move, game, seat, locale)``
    labeller: Callable[[Presentation, dict, Any, int, str], str] | None = None
    #: the Python parameter, when the option's name is a keyword (``class``)
    param: str | None = None
    #: catalog key of the option's description in its command (``cmd.opt.race``)
    about: str = ""
    #: the player may leave it empty
    optional: bool = False
    #: catalog key of the refusal of a typed value that no legal move has (``option``, ``value``): the shell's
    #: says "pick one of the values the command offers", which misleads where the command offers none or the
    #: value has a form of its own to write (dice poker's positions)
    refusal: str = N_("error.option_not_legal")
    #: catalog key of the refusal of a required option sent empty (``option``): Discord will not send the command
    #: without it, so "leave it out" (``error.blank_option``, for an optional one) would send the player in a
    #: circle; a game whose value has a form of its own to write says how (dice poker's positions)
    blank: str = N_("error.blank_required_option")

    def blank_refusal(self) -> str:
        """The refusal key of this option sent with nothing visible in it."""
        return N_("error.blank_option") if self.optional else self.blank

    def parameter(self) -> tuple[Any, Any, str]:
        """The option in its command's signature: annotation, default, description (``groups.built_command``)."""
        return (str | None, None, self.about) if self.optional else (str, inspect.Parameter.empty, self.about)

    def values(self, move: dict, p: Presentation) -> list[tuple[str, Any]]:
        """(field, value) pairs this option can name in ``move``."""
        for name in self.fields:
            if name in move:
                if self.member:
                    return [(name, v) for v in move[name] or []]
                return [(name, move[name])]
        return []

    def label(self, p: Presentation, move: dict, name: str, value: Any, game: Any, seat: int, locale: str) -> str:
        if self.labeller is not None:
            return self.labeller(p, move, game, seat, locale)
        return p.value_text(name, value, game, seat, locale)

    def matches(self, p: Presentation, move: dict, wanted: str, game: Any, seat: int, locale: str) -> bool:
        """Whether ``wanted`` names this option's value in ``move``: its token or its label, each read as the player
        meant it (``usertext.meant``: a value pasted with an invisible mark matched nothing, though its echo looked
        right; a label with "…" or "²" is folded the same way on both sides)."""
        folded = meant(wanted).casefold()
        return any(meant(p.value_token(name, value)).casefold() == folded
                   or meant(self.label(p, move, name, value, game, seat, locale)).casefold() == folded
                   for name, value in self.values(move, p))


def full_label(p: Presentation, move: dict, game: Any, seat: int, locale: str) -> str:
    """A labeller: the option's value reads as the whole move's label."""
    return p.move_label(game, seat, move, locale)


@dataclass(frozen=True)
class TargetsOpt(Opt):
    """Every field of a move except the ones other options name (the targets of a skill), as one value:
    ``field=token;field=token`` in the order ``order`` gives (other fields follow alphabetically), which reads
    as the whole move's label."""
    labeller: Callable[[Presentation, dict, Any, int, str], str] | None = full_label
    exclude: tuple[str, ...] = ("type", "seat", "card")
    order: tuple[str, ...] = ()

    def values(self, move: dict, p: Presentation) -> list[tuple[str, Any]]:
        rest = {k: v for k, v in move.items() if k not in self.exclude}
        if not rest:
            return []
        rank = {name: n for n, name in enumerate(self.order)}
        order = sorted(rest, key=lambda k: (rank.get(k, len(self.order)), k))
        text = ";".join("decline" if k == "decline" else f"{k}={p.value_token(k, rest[k])}" for k in order)
        return [("targets", text)]


@dataclass(frozen=True)
class MoveSpec:
    """What a typed command may play: move types, and its options in the order the player fills them."""
    types: tuple[str, ...]
    options: tuple[Opt, ...] = ()
    #: for ``member`` options: the list holds exactly the members named (refresh X = refresh only X)
    exact_members: bool = False

    def option(self, name: str) -> Opt:
        return next(o for o in self.options if o.name == name)

    def candidates(self, legal: list[dict]) -> list[tuple[int, dict]]:
        return [(i, m) for i, m in enumerate(legal) if m.get("type") in self.types]


def clean(filled: dict[str, Any]) -> dict[str, str]:
    """The filled options, trimmed (a refusal echoes them as typed); one with nothing visible in it is left out."""
    return {k: str(v).strip() for k, v in filled.items() if v is not None and meant(str(v))}


def filter_moves(p: Presentation, items: list[tuple[int, dict]], spec: MoveSpec, filled: dict[str, str],
                 game: Any, seat: int, locale: str, *, strict: bool) -> list[tuple[int, dict]]:
    """Keep the moves that agree with every filled option.  ``strict``: refuse, naming the first option
    whose value no remaining move has (a hand-typed value that is not legal now)."""
    for opt in spec.options:
        wanted = filled.get(opt.name)
        if wanted is None:
            continue
        kept = [(i, m) for i, m in items if opt.matches(p, m, wanted, game, seat, locale)]
        if not kept and strict:
            raise Refusal(opt.refusal, option=opt.name, value=as_typed(wanted, 80))
        items = kept
    if spec.exact_members:
        named = sum(1 for o in spec.options if o.member and o.name in filled)
        items = [(i, m) for i, m in items
                 if all(len(o.values(m, p)) == named for o in spec.options if o.member)]
    return items


def offered_first(p: Presentation, opt: Opt, items: list[tuple[int, dict]], typed: set[str], legal: list[dict],
                  game: Any, seat: int) -> list[tuple[int, dict]]:
    """The moves autocomplete goes through, in its order: those whose value is the token the player is typing
    (``typed``: "1234" for "1,2,3,4"), then the presentation's suggestions (``suggested_moves``: likely ones
    first, the same choice once), so that the 25 Discord shows are never the first 25 of the rules' order."""
    rank = {index: n for n, index in enumerate(p.suggested_moves(game, seat, legal))}
    exact = [(i, m) for i, m in items if any(p.value_token(n, v) in typed for n, v in opt.values(m, p))]
    return exact + sorted((item for item in items if item[0] in rank), key=lambda item: rank[item[0]])


def option_choices(p: Presentation, legal: list[dict], spec: MoveSpec, focused: str, filled: dict[str, str],
                   current: str, game: Any, seat: int, locale: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: the focused option's values among the legal moves that fit the other options."""
    opt = spec.option(focused)
    others = {k: v for k, v in filled.items() if k != focused}
    # not exact: while filling in the first card, moves with two cards still count
    items = filter_moves(p, spec.candidates(legal), replace(spec, exact_members=False), others, game, seat,
                         locale, strict=False)
    taken = {v.casefold() for k, v in others.items() if opt.member and spec.option(k).member}
    needle = meant(current).casefold()
    typed = {p.typed_token(name, current) for name in opt.fields} - {None} if needle else set()
    seen: set[str] = set()
    choices: list[app_commands.Choice[str]] = []
    for _, move in offered_first(p, opt, items, typed, legal, game, seat):
        for name, value in opt.values(move, p):
            tok = p.value_token(name, value)
            if tok in seen or tok.casefold() in taken or len(tok) > CHOICE_LIMIT:
                continue
            seen.add(tok)
            label = label_text(opt.label(p, move, name, value, game, seat, locale))   # a choice reads no Markdown
            if needle and needle not in label.casefold() and needle not in tok.casefold() and tok not in typed:
                continue
            choices.append(app_commands.Choice(name=cut(label, CHOICE_LIMIT), value=tok))
            if len(choices) == AUTOCOMPLETE_LIMIT:
                return choices
    return choices


def resolve(p: Presentation, legal: list[dict], spec: MoveSpec, filled: dict[str, str], game: Any, seat: int,
            locale: str) -> list[tuple[int, dict]]:
    """The legal moves the options name: one (play it) or several (let the player pick).  Raises a
    :class:`Refusal` when the command's moves are not legal now or an option rules every move out."""
    items = spec.candidates(legal)
    if not items:
        return []
    items = filter_moves(p, items, spec, filled, game, seat, locale, strict=True)
    if not items:
        raise Refusal("error.options_do_not_fit")
    for opt in spec.options:
        if len(items) > 1 and opt.default is not None and opt.name not in filled:
            preferred = [(i, m) for i, m in items
                         if any(p.value_token(n, v) == opt.default for n, v in opt.values(m, p))]
            items = preferred or items
    return items


def explain_held_back(p: Presentation, legal: list[dict], spec: MoveSpec, filled: dict[str, str], game: Any,
                      seat: int, locale: str) -> None:
    """Before a typed command is refused as not legal: when its options name a move the menus reach by a longer way
    (``Presentation.held_back``: a weapon the hands keep out, bought once a Weapon is discarded), raise that move's
    own refusal, which says why and what to do first, as the menus do (it read "not a legal choice right now")."""
    held = p.held_back(game, seat, legal, locale)
    for index, move in spec.candidates([h.move for h in held]):
        if filter_moves(p, [(index, move)], spec, filled, game, seat, locale, strict=False):
            raise Refusal(held[index].key, **held[index].params)


class TypedMoves:
    """What a game's typed commands get from the shell: one way to play (the same checks and the same post
    as a click) and autocomplete from the player's legal moves. One per registered game."""

    def __init__(self, presentation: Presentation, play: Any):
        self.presentation = presentation
        self._play = play

    async def play(self, interaction: discord.Interaction, spec: MoveSpec, **options: Any) -> None:
        """The one path from a typed command to a move."""
        play, p = self._play, self.presentation
        game = await play.channel_game(interaction, p)
        if game.status != "active":
            raise play.not_started(game, interaction.user.id)
        await play.courier.reach.check_playable(interaction, game)
        seat = play.seat_of(game, interaction.user.id)
        await play.welcome_back(game, seat, interaction)
        blank = next((o for o in spec.options if isinstance(options.get(o.name), str) and not meant(options[o.name])),
                     None)
        if blank is not None:
            raise Refusal(blank.blank_refusal(), option=blank.name)
        locale = locale_of(interaction)
        legal = play.legal_for(game, seat, locale)
        filled = clean(options)
        shown = play.shown(game, locale)
        try:
            matches = resolve(p, legal, spec, filled, shown, seat, locale)
        except Refusal:
            explain_held_back(p, legal, spec, filled, shown, seat, locale)
            raise
        if not matches:
            explain_held_back(p, legal, spec, filled, shown, seat, locale)
            if seat not in play.pending_seats(game):
                raise play.not_your_turn(game, locale, seat, legal)
            raise Refusal("error.move_not_now", decision=play.decision_text(game, seat, locale))
        if len(matches) > 1:
            if len(matches) > SELECT_SIZE:
                missing = next((o.name for o in spec.options if o.name not in filled
                                and len({p.value_token(n, v) for _, m in matches for n, v in o.values(m, p)}) > 1),
                               None)
                raise Refusal("error.option_needed", option=missing or "-", count=len(matches))
            await interaction.response.send_message(
                t("play.pick_one", locale, count=len(matches)),
                view=play.menu(game, seat, legal, locale, menu=ALL, only={i for i, _ in matches}),
                ephemeral=True)
            return
        _, move = matches[0]
        await interaction.response.defer(ephemeral=True, thinking=True)
        await play.play_move(interaction, game, seat, move, from_component=False)

    async def complete(self, interaction: discord.Interaction, spec: MoveSpec, focused: str, current: str
                       ) -> list[app_commands.Choice[str]]:
        found = await self._play.seat_here(interaction, self.presentation)
        if found is None:
            return []
        game, seat = found
        legal = self._play.kind(game).legal_moves(game.state, seat)
        namespace = interaction.namespace
        filled = clean({o.name: namespace[o.name] for o in spec.options
                        if o.name != focused and o.name in namespace})
        locale = locale_of(interaction)
        return option_choices(self.presentation, legal, spec, focused, filled, current or "",
                              self._play.shown(game, locale), seat, locale)

    def completer(self, spec: MoveSpec, focused: str):
        """An autocomplete callback for one option of one command."""
        async def autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await self.complete(interaction, spec, focused, current)
        return autocomplete

    def command(self, name_key: str, description_key: str, spec: MoveSpec, *,
                convert: Callable[[str], str] | None = None, rename: dict[str, Any] | None = None,
                complete: bool = True) -> app_commands.Command:
        """The typed command that plays ``spec``: a string option per :class:`Opt`, in order,
        described by its ``about``. ``convert`` rewrites each filled value first (a spelling the presentation
        has a token for); ``complete``: autocomplete from the legal moves."""
        async def callback(interaction: discord.Interaction, **given: str | None) -> None:
            values = {o.name: given.get(o.param or o.name) for o in spec.options}
            if convert is not None:
                values = {name: None if value is None else convert(value) for name, value in values.items()}
            await self.play(interaction, spec, **values)

        options = {o.param or o.name: o.parameter() for o in spec.options}
        names = {o.param: o.name for o in spec.options if o.param} | (rename or {})
        command = built_command(name_key, description_key, callback, options, rename=names)
        for opt in spec.options if complete else ():
            command.autocomplete(opt.param or opt.name)(self.completer(spec, opt.name))
        return command


def phase_group(name_key: str, description_key: str, commands_: list[app_commands.Command]
                ) -> app_commands.Group:
    """A subcommand group under ``/rp`` (Discord: at most 25 entries per level)."""
    group = app_commands.Group(name=cmd_str(name_key), description=cmd_str(description_key))
    for command in commands_:
        group.add_command(command)
    return group

