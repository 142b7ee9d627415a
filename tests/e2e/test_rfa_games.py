"""Roll for Adventure end to end through the Discord stand-in: a 3-player channel game and a solo 2-hero game
in a DM, each played to its end by clicking the team policy's move (a button, a select entry, or a
narrowing entry and then its private sub-menu, whose toggles choose a big throw's reroll). Every step posts
(or edits the turn's message with) a fresh table picture of exactly the size the renderer gives the stored
state; the end shows the result."""
from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.kind import RollForAdventureKind
from bot.i18n import t
from cogs.buttons import move_check
from cogs.menus import narrow
from cogs.rollforadventure import PRESENTATION
from images.rollforadventure import render_final, render_table
from tests.discord_stub.images import png_size
from tests.e2e.flows import answer_of, game_id_of, stored_game, telling_the_seed, turn_post

EN = "en"
KIND = RollForAdventureKind()
MOVE_BUTTON, MOVE_SELECT, TOGGLE, CONFIRM = "rp:m:", "rp:s:", "rp:t:", "rp:c:"
#: where a run leaves the final pictures for a look, if set (``RFA_PICTURES=dir``)
PICTURES = os.environ.get("RFA_PICTURES")


def version_of(message) -> int | None:
    for component in message.buttons + message.selects:
        custom_id = component.get("custom_id", "")
        if custom_id.startswith((MOVE_BUTTON, MOVE_SELECT)):
            return int(custom_id.split(":")[3])
    return None


def prompt_of(stub, channel, version: int):
    """The public message whose move components were built for ``version`` (the decision now due)."""
    for message in reversed(stub.messages(channel)):
        if not message.ephemeral and version_of(message) == version:
            return message
    return None


def final_post(stub, channel):
    return next((m for m in reversed(stub.messages(channel))
                 if [a.filename for a in m.attachments] == ["final.png", "table.png"]), None)   # co-op: no chart


def toggle_value(button: dict) -> int:
    """The die value a Daredevil toggle names first ("4, kept")."""
    return int(re.match(r"\d+", button["label"]).group())


async def reroll_by_toggles(stub, user, message, values: list[int]) -> int:
    """A reroll from the toggles (one per die of the throw, labelled by its value and state): click one die per value
    rerolled (each click edits the private message in place), then Confirm; returns the clicks."""
    wanted = list(values)
    clicks = 0
    for item, button in enumerate(list(message.buttons)):
        if not button.get("custom_id", "").startswith(TOGGLE) or toggle_value(button) not in wanted:
            continue
        wanted.remove(toggle_value(button))
        toggle = next(b for b in message.buttons if b.get("custom_id", "").startswith(TOGGLE)
                      and b["custom_id"].endswith(f":{item}"))
        ix = await stub.click(user, message, custom_id=toggle["custom_id"])
        await ix.wait_ack()
        clicks += 1
    assert not wanted, f"no toggle for {wanted}"
    [confirm] = [b for b in message.buttons if b.get("custom_id", "").startswith(CONFIRM)]
    assert confirm["label"] == PRESENTATION.move_label(SimpleNamespace(state=None, seats=[]), 0,
                                                       {"type": "reroll", "values": values}, EN)
    ix = await stub.click(user, message, custom_id=confirm["custom_id"])
    await ix.wait_ack()
    return clicks + 1


async def play_one(stub, user, message, legal: list[dict], move: dict) -> int:
    """Play ``move`` from ``message`` by clicks; returns how many clicks it took."""
    index = legal.index(move)
    token = f"{index}:{move_check(move)}"
    current, clicks = message, 0
    for _ in range(4):
        if any(b.get("custom_id", "").startswith(TOGGLE) for b in current.buttons):
            return clicks + await reroll_by_toggles(stub, user, current, move["values"])
        for button in current.buttons:
            if button.get("custom_id", "").startswith(MOVE_BUTTON) and button["custom_id"].endswith(":" + token):
                ix = await stub.click(user, current, custom_id=button["custom_id"])
                await ix.wait_ack()
                return clicks + 1
        entries = [(s["custom_id"], o["value"]) for s in current.selects if s.get("custom_id", "").startswith(
            MOVE_SELECT) for o in s.get("options", [])]
        exact = [(cid, value) for cid, value in entries if value == token]
        if exact:
            ix = await stub.select(user, current, [exact[0][1]], custom_id=exact[0][0])
            await ix.wait_ack()
            return clicks + 1
        group = next((cid, value) for cid, value in entries if value.count(":") == 2 and index in {
            i for i, _ in narrow(list(enumerate(legal)), legal[int(value.split(":")[0])], int(value.split(":")[2]),
                                 PRESENTATION.narrow_fields)})
        current = await answer_of(await stub.select(user, current, [group[1]], custom_id=group[0]))
        assert current.ephemeral, "a narrowing entry opens a private sub-menu"
        clicks += 1
    raise AssertionError(f"{move} not reached")


async def play_out(stub, bot, channel, game_id: int, users: dict[int, object]):
    """Every decision by the policy's move, clicked by the player whose hero is active."""
    clicks: list[int] = []
    messages: set[int] = set()
    while True:
        game = await stored_game(bot, game_id)
        if game.status != "active":
            final = await stub.wait_until(lambda: final_post(stub, channel), 20, "the final pictures")
            return game, clicks, messages, final
        prompt = await stub.wait_until(lambda: prompt_of(stub, channel, game.version), 20,
                                       f"the prompt of version {game.version}")
        messages.add(prompt.id)
        seat = KIND.pending(game.state)[0]["seat"]
        user = users[game.seats[seat].user_id]
        legal = KIND.legal_moves(game.state, seat)
        clicks.append(await play_one(stub, user, prompt, legal, policy.choose_move(game.state, seat, len(clicks))))
        await stub.wait_until(lambda: prompt_of(stub, channel, game.version + 1) or final_post(stub, channel),
                              20, "the step is posted")


async def assert_pictures(bot, final, game_id: int) -> None:
    game = await stored_game(bot, game_id)
    names = [s.name for s in game.seats]
    assert png_size(final.attachment("table.png")) == png_size(render_table(game.state, names, EN))
    assert png_size(final.attachment("final.png")) == png_size(render_final(game.state, names, EN))
    if PICTURES:
        Path(PICTURES).mkdir(parents=True, exist_ok=True)
        for attachment in final.attachments:
            (Path(PICTURES) / f"{game.id}-{attachment.filename}").write_bytes(attachment.data)


async def test_three_players_in_a_channel_to_the_end(discord_stub, cast, rollbot):
    stub = discord_stub
    created = await stub.run_command(cast.alice, cast.games, "rfa new", players=3, adventure="book_of_magic")
    lobby = await created.wait_response()
    assert t("button.join", EN) in lobby.button_labels
    for user in (cast.bob, cast.carol):
        await (await stub.click(user, lobby, label=t("button.join", EN))).wait_ack()
    started = await stub.click(cast.alice, lobby, label=t("button.start", EN))
    first = await turn_post(stub, cast.games, started)
    game_id = game_id_of(first)
    assert [a.filename for a in first.attachments] == ["table.png"]
    game = await stored_game(rollbot.bot, game_id)
    active = game.seats[KIND.pending(game.state)[0]["seat"]].user_id
    assert active in first.mentions
    users = {u.id: u for u in (cast.alice, cast.bob, cast.carol)}
    async with telling_the_seed(rollbot.bot, game_id):
        game, clicks, messages, final = await play_out(stub, rollbot.bot, cast.games, game_id, users)
    assert game.state["result"] in ("won", "lost") and len(game.seats) == 3
    assert clicks.count(1) > 0.8 * len(clicks), "value × place is one click"
    assert len(messages) < len(clicks), "one message per hero turn, edited after each placement"
    assert t("play.final_title_team", EN) in final.text and not final.buttons
    assert t(f"rollforadventure.result.{game.state['result']}", EN) in final.text
    await assert_pictures(rollbot.bot, final, game_id)
    await stub.settle()
    stub.assert_clean()


async def test_solo_two_heroes_in_a_dm_to_the_end(discord_stub, cast, rollbot):
    stub = discord_stub
    dm = stub.dm_channel(cast.stranger)
    solo = await stub.run_command(cast.stranger, dm, "rfa solo", heroes="choose", hero_pool="all")
    note = await solo.wait_response()
    assert not note.ephemeral, note.content
    first = await turn_post(stub, dm, solo)
    game_id = game_id_of(first)
    game = await stored_game(rollbot.bot, game_id)
    assert game.guild_id is None and len(game.seats) == 1
    assert KIND.pending(game.state)[0]["decision"] == "pick_hero"
    async with telling_the_seed(rollbot.bot, game_id):
        game, clicks, _, final = await play_out(stub, rollbot.bot, dm, game_id, {cast.stranger.id: cast.stranger})
    heroes = game.state["heroes"]
    assert len(heroes) == 2 and {h["seat"] for h in heroes} == {0}, "both heroes are the one player's"
    assert game.state["result"] in ("won", "lost") and len(clicks) > 2
    assert t("play.final_title_team", EN) in final.text
    await assert_pictures(rollbot.bot, final, game_id)
    await stub.settle()
    stub.assert_clean()
