"""The typed phase commands (/rp setup|dice|market …, /rp skill, /rp refresh): a whole game played with
them, autocomplete that offers only legal values, and every refusal."""
from __future__ import annotations

import random
from collections import Counter

import discord
import pytest
from discord import app_commands
from harness import is_played

from bot.i18n import t
from cogs.buttons import move_check
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.commands import (
    ACTION,
    BUY,
    CLASS,
    DISCARD_WEAPON,
    GOLD,
    KEEP,
    ORDER,
    PLACE,
    REFRESH,
    SHEET,
    SKILL,
    START_DIE,
    TAKE,
)
from cogs.rollplayer.describe import move_label, token
from cogs.typed import MoveSpec, Opt, TypedMoves

#: the game's random choices (this one reaches out-of-turn skills and the pick-one menu)
GAME_RNG_SEED = 4
#: move type -> the typed command that plays it
COMMANDS = {
    "race": ("setup sheet", SHEET), "class": ("setup class", CLASS),
    "place_start": ("setup place", START_DIE),
    "order": ("dice order", ORDER), "take": ("dice take", TAKE), "place": ("dice place", PLACE),
    "action": ("dice action", ACTION), "keep": ("dice keep", KEEP), "buy": ("market buy", BUY),
    "take_gold": ("market gold", GOLD), "discard_weapon": ("market discard-weapon", DISCARD_WEAPON),
    "skill": ("skill", SKILL), "refresh": ("refresh", REFRESH),
}


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)


def options_for(move: dict, spec) -> dict[str, str]:
    """The option values naming ``move`` — what a player picks from autocomplete."""
    out: dict[str, str] = {}
    members = [o for o in spec.options if o.member]
    for opt in spec.options:
        values = opt.values(move, PRESENTATION)
        if not opt.member and values:
            out[opt.name] = token(values[0][1], values[0][0])
    if members:
        for opt, (name, value) in zip(members, members[0].values(move, PRESENTATION)):
            out[opt.name] = token(value, name)
    return out


def option_values(move: dict, spec, name: str) -> set[str]:
    opt = spec.option(name)
    return {token(v, n) for n, v in opt.values(move, PRESENTATION)}


async def start_two_player(harness, alice, bob, place):
    result = await harness.run("new", user=alice, place=place, players=2)
    lobby = next(m for m in result.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    started = await harness.click(lobby, user=alice, place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id), started


def due_user(harness, game, users):
    kind = harness.bot.sessions.kinds["rollplayer"]
    seat = kind.pending(game.state)[0]["seat"]
    return seat, next(u for u in users if u.id == game.seats[seat].user_id)


def refusals(result) -> list[str]:
    """Private answers that are neither a played move ("Done: …"), a menu, nor a picture."""
    return [m.text() for m in result.private() if not is_played(m.content) and not m.components
            and not m.files]


async def check_autocomplete(harness, user, place, path, spec, legal, move) -> None:
    """Each option's autocomplete offers the move's value, and only values some legal move has that agree
    with the other options already filled."""
    wanted = options_for(move, spec)
    for name, value in wanted.items():
        others = {k: v for k, v in wanted.items() if k != name}
        if spec.option(name).member:
            others = {}
        offered = await harness.autocomplete(path, name, user=user, place=place, **{name: ""}, **others)
        filtered = await harness.autocomplete(path, name, user=user, place=place, **{name: value}, **others)
        assert value in [c["value"] for c in filtered], (path, name, value, filtered)
        assert 0 < len(offered) <= 25
        fitting = [m for m in legal if m["type"] in spec.types
                   and all(options_for(m, spec).get(k) == v for k, v in others.items())]
        possible = set().union(*(option_values(m, spec, name) for m in fitting))
        assert {c["value"] for c in offered} <= possible, (path, name)
        assert len(offered) == min(25, len(possible)) or spec.option(name).member


async def test_complete_game_with_typed_phase_commands(harness, alice, bob, fixed_seed):
    """Every decision through a typed command (/rp play for the few decisions without one)."""
    place = harness.channel()
    users = [alice, bob]
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    rng = random.Random(GAME_RNG_SEED)
    used: Counter[str] = Counter()
    autocompleted: set[str] = set()
    picked_from_menu = 0
    out_of_turn = 0
    for _ in range(3000):
        game = await harness.bot.sessions.load(game.id)
        if game.status != "active":
            break
        seat, user = due_user(harness, game, users)
        waiting = 1 - seat
        skills = [m for m in kind.legal_moves(game.state, waiting) if m["type"] == "skill"]
        if skills and waiting not in [p["seat"] for p in kind.pending(game.state)]:
            # a skill out of turn, by the player who is not due
            move = skills[0]
            outsider = users[waiting] if users[waiting].id == game.seats[waiting].user_id else users[seat]
            await check_autocomplete(harness, outsider, place, "skill", SKILL,
                                     kind.legal_moves(game.state, waiting), move)
            result = await harness.run("skill", user=outsider, place=place, **options_for(move, SKILL))
            assert not refusals(result) and result.deferred, refusals(result)
            out_of_turn += 1
            continue
        legal = kind.legal_moves(game.state, seat)
        move = rng.choice(legal)
        index = legal.index(move)
        if move["type"] in COMMANDS:
            path, spec = COMMANDS[move["type"]]
            if move["type"] not in autocompleted:
                await check_autocomplete(harness, user, place, path, spec, legal, move)
                autocompleted.add(move["type"])
            result = await harness.run(path, user=user, place=place, **options_for(move, spec))
            menus = [m for m in result.private() if m.components]
            if not result.deferred:                 # several moves fit exactly: the player picks one
                [menu] = menus
                assert menu.content == t("play.pick_one", "en", count=len(menu.buttons()) or
                                         len(menu.selects()[0]["options"]))
                wanted = f"rp:m:{game.id}:{game.version}:{index}:{move_check(move)}"
                result = await harness.click(menu, user=user, place=place, custom_id=wanted)
                picked_from_menu += 1
            used[path] += 1
        else:
            result = await harness.run("play", user=user, place=place,
                                       move=f"{game.version}:{index}:{move_check(move)}")
            used["play"] += 1
        assert not refusals(result), refusals(result)
        after = await harness.bot.sessions.load(game.id)
        assert after.version == game.version + 1
    game = await harness.bot.sessions.load(game.id)
    assert game.status == "finished"
    for path in ("setup sheet", "setup class", "setup place", "dice take", "dice place", "dice action",
                 "refresh"):
        assert used[path] > 0, used
    assert used["market buy"] + used["market gold"] > 0, used
    assert {"race", "class", "place_start", "take", "place", "action", "refresh", "skill"} <= autocompleted
    assert out_of_turn > 0 and used["skill"] > 0           # skills out of turn and in turn


async def test_setup_commands_autocomplete_and_refusals(harness, alice, bob, carol, fixed_seed):
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    seat, mover = due_user(harness, game, [alice, bob])
    other = bob if mover is alice else alice
    legal = kind.legal_moves(game.state, seat)
    races = {m["race"] for m in legal}
    offered = await harness.autocomplete("setup sheet", "race", user=mover, place=place, race="")
    assert {c["value"] for c in offered} == races
    race = offered[0]["value"]
    sides = await harness.autocomplete("setup sheet", "side", user=mover, place=place, race=race, side="")
    assert {c["value"] for c in sides} == {m["gender"] for m in legal if m["race"] == race}
    # nobody else has anything to pick, and nothing is offered outside the game or channel
    assert await harness.autocomplete("setup sheet", "race", user=other, place=place, race="") == []
    assert await harness.autocomplete("setup sheet", "race", user=carol, place=place, race="") == []
    elsewhere = harness.channel()
    assert await harness.autocomplete("setup sheet", "race", user=mover, place=elsewhere, race="") == []

    def refused(result, key, **params):
        message = result.only()
        assert message.ephemeral, message.text()
        assert message.content == t(key, "en", **{"group": "rp", **params}), message.content

    refused(await harness.run("setup sheet", user=mover, place=harness.channel(), race=race),
            "error.no_game_here")
    refused(await harness.run("setup sheet", user=carol, place=place, race=race), "error.not_your_game")
    refused(await harness.run("setup sheet", user=other, place=place, race=race), "error.not_your_turn",
            players=game.seats[seat].name)
    refused(await harness.run("setup sheet", user=mover, place=place, race="dragons"),
            "error.option_not_legal", option="race", value="dragons")
    refused(await harness.run("setup sheet", user=mover, place=place, race=race, side="sideways"),
            "error.option_not_legal", option="side", value="sideways")
    refused(await harness.run("dice take", user=mover, place=place, card="1"), "error.move_not_now",
            decision=t("decision.choose_race", "en"))
    assert (await harness.bot.sessions.load(game.id)).version == game.version   # nothing changed

    # race only: both sides fit, so the player picks one privately
    both = await harness.run("setup sheet", user=mover, place=place, race=race)
    menu = both.only()
    assert menu.ephemeral and menu.content == t("play.pick_one", "en", count=2)
    # a select, not buttons: each side's option says what the race's modifiers are
    [select] = menu.selects()
    assert [o["label"] for o in select["options"]] == [
        move_label(game, seat, m, "en") for m in legal if m["race"] == race]
    assert all(o.get("description") for o in select["options"])
    # the display text typed by hand works as well as the picked value
    chosen = await harness.run("setup sheet", user=mover, place=place, race=offered[0]["name"],
                               side=sides[0]["name"])
    assert chosen.deferred and is_played(chosen.messages[0].content)
    after = await harness.bot.sessions.load(game.id)
    assert after.version == game.version + 1
    assert after.state.players[seat].race == race
    # the picked value from the menu is now stale: nothing is played, and the player hears whose turn it is now
    # (not "this was for an earlier turn", which a tour read as untrue in the same round)
    stale = await harness.select(menu, [select["options"][0]["value"]], user=mover, place=place)
    due_now = after.seats[harness.bot.sessions.kinds["rollplayer"].pending(after.state)[0]["seat"]].name
    refused(stale, "error.not_your_turn", players=due_now)
    assert (await harness.bot.sessions.load(game.id)).version == after.version


async def test_phase_commands_need_a_game_started_here(harness, alice, bob):
    place = harness.channel()
    await harness.run("new", user=alice, place=place, players=2)
    lobby = await harness.run("setup class", user=alice, place=place, **{"class": "thief"})
    assert lobby.only().ephemeral and lobby.only().content == t("error.not_started_creator", "en", group="rp")
    empty = await harness.run("refresh", user=alice, place=harness.dm())
    # in a DM, point to the solo game (hardening issue: /rp new is refused in DMs)
    assert empty.only().content == t("error.no_game_here_dm", "en", group="rp")
    assert await harness.autocomplete("setup class", "class", user=alice, place=place, **{"class": ""}) == []


async def test_starting_dice_menu_reads_naturally(harness, alice, bob, fixed_seed):
    """After sheets and classes, one menu holds all 36 starting-die moves (no narrowing step: one click per
    die), each saying what its row wants, and a suggested arrangement of all dice."""
    place = harness.channel()
    users = [alice, bob]
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    last = None
    while True:
        game = await harness.bot.sessions.load(game.id)
        seat, user = due_user(harness, game, users)
        legal = kind.legal_moves(game.state, seat)
        if legal[0]["type"] not in ("race", "class"):
            break
        path, spec = COMMANDS[legal[0]["type"]]
        last = await harness.run(path, user=user, place=place, **options_for(legal[0], spec))
    assert legal[0]["type"] == "place_start"
    [post] = [m for m in last.public() if m.files]
    if post.selects():
        prompt = post
    else:                                  # both players place their dice: each opens their own menu
        prompt = (await harness.click(post, user=user, place=place, label="My moves")).only()
    options = [o for s in prompt.selects() for o in s["options"]]
    assert not [o for o in options if o["value"].count(":") == 2]           # nothing to narrow
    singles = [o for o in options if "+" not in o["value"]]
    assert sorted(o["label"] for o in singles) == sorted(move_label(game, seat, m, "en") for m in legal)
    assert all(o.get("description") for o in options)
    [suggested] = [o for o in options if "+" in o["value"]]
    assert suggested["label"] == t("rollplayer.chain.suggested", "en")
    # one click places one die; the player goes on privately with the dice left
    move = legal[0]
    option = next(o for o in singles if o["label"] == move_label(game, seat, move, "en"))
    select = next(s for s in prompt.selects() if option in s["options"])
    placed = await harness.select(prompt, [option["value"]], user=user, place=place,
                                  custom_id=select["custom_id"])
    after = await harness.bot.sessions.load(game.id)
    assert len(after.state.players[seat].start_dice) == len(game.state.players[seat].start_dice) - 1
    # the player goes on privately: a new private menu, or their private message redrawn in place
    assert any(m.ephemeral and m.selects() for m in placed.messages) or any(
        m.ephemeral and not m.deleted and m.selects() and m.channel_id == place.channel_id
        for m in harness.rec.order)


async def test_option_needed_when_too_many_moves_fit(harness, alice, bob, fixed_seed):
    """/rp setup place with only a die fits six rows: the pick-one menu; a spec that leaves more than a
    menu holds asks for the missing option instead."""
    place = harness.channel()
    users = [alice, bob]
    game, _ = await start_two_player(harness, alice, bob, place)
    kind = harness.bot.sessions.kinds["rollplayer"]
    while True:
        game = await harness.bot.sessions.load(game.id)
        seat, user = due_user(harness, game, users)
        legal = kind.legal_moves(game.state, seat)
        if legal[0]["type"] == "place_start":
            break
        path, spec = COMMANDS[legal[0]["type"]]
        await harness.run(path, user=user, place=place, **options_for(legal[0], spec))
    die = token(legal[0]["die"])
    six = await harness.run("setup place", user=user, place=place, die=die)
    assert six.only().content == t("play.pick_one", "en", count=6)
    loose = MoveSpec(("place_start",), (Opt("row", ("attr",)),))

    typed = TypedMoves(PRESENTATION, harness.bot.play)

    @app_commands.command(name="loose", description="test: a spec naming only the row")
    async def loose_(interaction: discord.Interaction, row: str | None = None) -> None:
        await typed.play(interaction, loose, row=row)
    test_group = app_commands.Group(name="test", description="test-only commands")    # /rp is full (25)
    test_group.add_command(loose_)
    harness.bot.tree.add_command(test_group)
    result = await harness.run("test loose", user=user, place=place)
    assert result.only().content == t("error.option_needed", "en", option="row", count=len(legal))
    assert len(legal) > 25


#: the required options of every typed command, with values no game has
REQUIRED = {
    "setup sheet": {"race": "elf"}, "setup class": {"class": "thief"}, "setup place": {"die": "blue-6"},
    "dice order": {"dice": "blue-6,red-6"}, "dice take": {"card": "1"}, "dice place": {"row": "str"},
    "dice action": {"kind": "str"}, "dice keep": {"which": "new"}, "market buy": {"card": "longsword"},
    "market gold": {}, "market discard-weapon": {"card": "longsword"}, "skill": {"card": "climb"},
    "refresh": {},
}


async def test_every_typed_command_refuses_cleanly(harness, alice, bob, carol, fixed_seed):
    assert set(REQUIRED) == {path for path, _ in COMMANDS.values()}
    place = harness.channel()
    game, _ = await start_two_player(harness, alice, bob, place)
    seat, mover = due_user(harness, game, [alice, bob])
    other = bob if mover is alice else alice
    elsewhere = harness.channel(guild_id=place.guild_id)
    for path, options in REQUIRED.items():
        expectations = [
            (mover, elsewhere, t("error.no_game_here", "en", group="rp")),
            (carol, place, t("error.not_your_game", "en")),
            (other, place, t("error.not_your_turn", "en", players=game.seats[seat].name)),
        ]
        if path != "setup sheet":
            expectations.append((mover, place, t("error.move_not_now", "en",
                                                 decision=t("decision.choose_race", "en"))))
        for user, where, text in expectations:
            result = await harness.run(path, user=user, place=where, **options)
            assert result.only().ephemeral and result.only().content == text, (path, user.name)
    assert (await harness.bot.sessions.load(game.id)).version == game.version
