"""/rfa solo in a DM: one player chooses both heroes by click, plays the Daredevil's reroll typed, narrows a
big throw's menu by value, and plays the two-hero game to its end by clicks."""
from __future__ import annotations

import re

import pytest
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post, move_buttons, move_options, toggles

from bot.games.rollforadventure import policy
from bot.i18n import t


async def pick(harness, user, place, hero: str, locale: str = "en"):
    post = latest_turn_post(harness, place)
    label = t("rollforadventure.move.pick_hero", locale, hero=t(f"rollforadventure.hero.{hero}", locale))
    # the four first-game heroes in one select, each with its ability under it
    [(_, option)] = [(c, o) for c, o in move_options(post) if o["label"] == label]
    assert option["description"] == t(f"rollforadventure.hero.{hero}.brief", locale)
    await harness.select(post, [option["value"]], user=user, place=place)


async def test_solo_choose_both_heroes_reroll_typed_and_play_to_the_end(harness, alice, fixed_seed):
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm, heroes="choose")
    await pick(harness, alice, dm, "draufgaengerin")
    await pick(harness, alice, dm, "heiler")
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert [h["hero"] for h in game.state["heroes"]] == ["draufgaengerin", "heiler"]
    assert {h["seat"] for h in game.state["heroes"]} == {0} and game.state["active"] == 0

    # a big throw: the menu groups by die value, and the Daredevil's rerolls are one entry of their own
    post = latest_turn_post(harness, dm)
    labels = [o["label"] for s in post.selects() for o in s["options"]]
    assert len(KIND.legal_moves(game.state, 0)) > 25 and any(lb.startswith("Dice showing") for lb in labels)
    assert any(lb.startswith("Reroll") and lb.endswith("…") for lb in labels)

    thrown = sorted(game.state["dice"][i]["v"] for i, d in enumerate(game.state["dice"]) if d["at"] == "pool")
    chosen = thrown[-2:]
    await harness.run("rfa reroll", user=alice, place=dm, dice=f"{chosen[1]}, {chosen[0]}")
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == {"type": "reroll", "values": chosen}
    game = await harness.bot.sessions.load(game.id)
    assert game.state["heroes"][0]["used"] is True
    post = latest_turn_post(harness, dm)
    assert "Alice's Daredevil uses their ability" in post.text()
    refused = await harness.run("rfa reroll", user=alice, place=dm, dice="1")
    assert refused.only().ephemeral, "the ability is used up this turn"

    clicks = []
    while game.status == "active":
        move = policy.choose_move(game.state, due_seat(game), len(clicks))
        _, used = await click_move(harness, latest_turn_post(harness, dm), game, move, user=alice, place=dm)
        clicks.append(used)
        game = await harness.bot.sessions.load(game.id)
    final = latest_turn_post(harness, dm)
    assert final.file_names() == ["final.png", "table.png"]          # co-operative: no score chart
    assert t("rollforadventure.final.heroes", "en", heroes="Alice's Daredevil, Alice's Healer") in final.text()


async def test_a_big_throws_reroll_by_toggles(harness, alice, fixed_seed):
    """More moves than the menus list: the rerolls are one entry that opens a toggle per die privately;
    toggling redraws that message, and Confirm plays the reroll of the toggled values. Each toggle says in words
    whether its die is kept or rerolled: the state was the button's colour alone, which a screen reader does not
    say (it heard "4" before and after a press)."""
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm, heroes="choose")
    await pick(harness, alice, dm, "draufgaengerin")
    await pick(harness, alice, dm, "heiler")
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    thrown = sorted(game.state["dice"][i]["v"] for i, d in enumerate(game.state["dice"]) if d["at"] == "pool")
    post = latest_turn_post(harness, dm)
    [(cid, entry)] = [(cid, o) for cid, o in move_options(post)
                      if o["label"] == t("rollforadventure.group.reroll", "en")]
    opened = (await harness.select(post, [entry["value"]], user=alice, place=dm, custom_id=cid)).private()[-1]
    kept = [t("rollforadventure.toggle.kept", "en", value=v) for v in thrown]
    assert opened.ephemeral and [b["label"] for b in toggles(opened)] == kept
    assert kept[0] == f"{thrown[0]}, kept"
    assert not move_buttons(opened), "only the toggles and Confirm: the placements stay in the turn message"
    for item in (len(thrown) - 1, 0):
        await harness.click(opened, user=alice, place=dm, custom_id=toggles(opened)[item]["custom_id"])
    assert [b.get("style") for b in toggles(opened)].count(1) == 2
    assert [b["label"] for b in toggles(opened)] == [
        t("rollforadventure.toggle.reroll" if item in (0, len(thrown) - 1) else "rollforadventure.toggle.kept", "en",
          value=v) for item, v in enumerate(thrown)], "the two toggled dice say so in words, not by colour alone"
    confirm = next(b for b in opened.buttons() if b.get("custom_id", "").startswith("rp:c:"))
    assert confirm["label"] == f"Reroll {thrown[0]} {thrown[-1]}"
    await harness.click(opened, user=alice, place=dm, custom_id=confirm["custom_id"])
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == {"type": "reroll", "values": [thrown[0], thrown[-1]]}
    game = await harness.bot.sessions.load(game.id)
    assert game.state["heroes"][0]["used"] is True


@pytest.mark.parametrize(("locale", "heroes"), [("en", ("Alice's Daredevil", "Alice's Healer")),
                                                ("ko", ("Alice 님의 승부사", "Alice 님의 치유사"))])
async def test_the_log_of_a_solo_game_names_the_hero_of_each_move(harness, alice, fixed_seed, locale, heroes):
    """One player moves both heroes: every line of ``/rfa log`` read "Alice: …", so it did not say whether the
    Daredevil or the Healer blocked an attack. Each move now names its hero, as the full table does, in words
    ("Alice · Healer" was read "middle dot"); in Korean with 님 after the player, as every other line names a player
    (it read "Alice · 치유사")."""
    harness.locale = locale
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm, heroes="choose")
    await pick(harness, alice, dm, "draufgaengerin", locale)
    await pick(harness, alice, dm, "heiler", locale)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    for n in range(30):
        move = policy.choose_move(game.state, due_seat(game), n)
        await click_move(harness, latest_turn_post(harness, dm), game, move, user=alice, place=dm)
        game = await harness.bot.sessions.load(game.id)
    text = (await harness.run("rfa log", user=alice, place=dm, page=1)).only().content
    lines = [line for line in text.splitlines() if re.match(r"\d+\. ", line)]      # the moves, not what followed
    played = [line for line in lines if t("rollforadventure.move.pick_hero", locale, hero="").split()[0] not in line]
    assert played and all(line.split(": ", 1)[0].split(". ", 1)[1] in heroes for line in played), lines
    assert {line.split(": ", 1)[0].split(". ", 1)[1] for line in played} == set(heroes)
