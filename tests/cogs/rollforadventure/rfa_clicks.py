"""Shared steps of the /rfa cog tests: who is due, the turn message's move components, and playing one move
(the team policy's choice) by clicking it — a button, a select entry, or a narrowing entry and then the
private sub-menu's entry (or, for the Daredevil's reroll of a big throw, its toggles and Confirm)."""
from __future__ import annotations

import re

from bot.games.rollforadventure.kind import RollForAdventureKind
from cogs.buttons import move_check
from cogs.menus import narrow
from cogs.rollforadventure import PRESENTATION

KIND = RollForAdventureKind()
MOVE, TOGGLE, CONFIRM = "rp:m:", "rp:t:", "rp:c:"


def due_seat(game) -> int:
    [item] = KIND.pending(game.state)
    return item["seat"]


def move_buttons(message) -> list[dict]:
    return [b for b in message.buttons() if b.get("custom_id", "").startswith(MOVE)]


def move_options(message) -> list[tuple[str, dict]]:
    """(select custom id, option) of every entry of the message's move selects."""
    return [(s["custom_id"], o) for s in message.selects() for o in s.get("options", [])]


def latest_turn_post(harness, place, before=None):
    """The newest public message in ``place`` that carries the table picture."""
    posts = [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
             and not m.deleted and "table.png" in m.file_names()]
    return posts[-1] if posts else before


async def click_move(harness, message, game, move: dict, *, user, place):
    """Play ``move`` from ``message`` the way a player would: its button, its select entry, or the
    narrowing entry that leads to it and then its entry in the private sub-menu. Returns (result, clicks)."""
    legal = KIND.legal_moves(game.state, due_seat(game))
    index = legal.index(move)
    token = f"{index}:{move_check(move)}"
    clicks = 0
    current = message
    for _ in range(4):
        if toggles(current):
            return await reroll_by_toggles(harness, current, move["values"], user=user, place=place), clicks + 1
        for button in move_buttons(current):
            if button["custom_id"].split(":")[4:6] == token.split(":"):
                return await harness.click(current, user=user, place=place, custom_id=button["custom_id"]), clicks + 1
        options = move_options(current)
        exact = [(cid, o) for cid, o in options if o["value"] == token]
        if exact:
            cid, option = exact[0]
            return await harness.select(current, [option["value"]], user=user, place=place, custom_id=cid), clicks + 1
        narrowing = [(cid, o) for cid, o in options if o["value"].count(":") == 2]
        chosen = next(((cid, o) for cid, o in narrowing if _leads_to(legal, o["value"], index)), None)
        assert chosen is not None, f"no entry leads to {move}: {[o['label'] for _, o in options]}"
        result = await harness.select(current, [chosen[1]["value"]], user=user, place=place, custom_id=chosen[0])
        clicks += 1
        current = result.private()[-1]
    raise AssertionError(f"{move} not reached in four menus")


def toggles(message) -> list[dict]:
    return [b for b in message.buttons() if b.get("custom_id", "").startswith(TOGGLE)]


def toggle_value(button: dict) -> int:
    """The die value a Daredevil toggle names first ("4, kept")."""
    return int(re.match(r"\d+", button["label"]).group())


async def reroll_by_toggles(harness, message, values: list[int], *, user, place):
    """The Daredevil's reroll on its toggles (one per die of the throw, labelled with its value and whether it
    is rerolled): click one die per value rerolled (each click redraws the message in place), then Confirm;
    returns its result."""
    wanted = list(values)
    for item, button in enumerate(toggles(message)):
        if toggle_value(button) in wanted:
            wanted.remove(toggle_value(button))
            await harness.click(message, user=user, place=place, custom_id=toggles(message)[item]["custom_id"])
    assert not wanted, f"no toggle for {wanted}"
    [confirm] = [b for b in message.buttons() if b.get("custom_id", "").startswith(CONFIRM)]
    return await harness.click(message, user=user, place=place, custom_id=confirm["custom_id"])


def _leads_to(legal: list[dict], value: str, index: int) -> bool:
    """Whether a narrowing entry ("i:check:levels") stands for a group that holds move ``index`` (the menu's
    own narrowing, recomputed from the legal list)."""
    rep, _, levels = value.split(":")
    items = narrow(list(enumerate(legal)), legal[int(rep)], int(levels), PRESENTATION.narrow_fields)
    return any(i == index for i, _ in items)
