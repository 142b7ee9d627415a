"""The Shieldmaiden's question, as a Korean tour met it (issue t5): "Cleo 님: 방패 여전사로 이 공격을 막을지
정하세요." with [이 공격 막기] [그냥 두기], and nothing saying which enemy attacks which territory or what the attack
would do; on a turn of several re-attacks the player could only guess. The question names the enemy, the
territory and the cost, and that cost is what the attack then does when it is let through."""
from __future__ import annotations

import pytest
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post
from rfa_tour import lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure import territories as T
from bot.games.rollforadventure.board import ids_at
from bot.i18n import t
from cogs.rollforadventure import words


def removals(state: dict) -> int:
    """How many dice the attack asked about would remove (the rules' steps of an attack on its territory); none:
    it does 1 damage instead (l.337)."""
    return len(T.attack_steps(state, state["decision"]["territory"]))


def asks_to_shield(cost: str):
    """The moment the Shieldmaiden's player is asked about an enemy's attack that would cost ``cost``: dice there,
    or damage (no dice to lose)."""
    def moment(before, move, events, after) -> bool:
        d = after.get("decision") or {}
        return d.get("kind") == "shield" and d["effect"] == "attack" and (removals(after) > 0) == (cost == "dice")
    return moment


@pytest.mark.parametrize("cost, locale", [("damage", "ko"), ("dice", "en")])
async def test_the_shield_question_names_the_attack_and_its_cost(harness, alice, bob, carol, monkeypatch,
                                                                   cost, locale):
    users = [alice, bob, carol]
    seed, count = seed_for(3, lobby_options(), asks_to_shield(cost))
    game, place = await open_game(harness, users, seed, monkeypatch, locale=locale)
    game = await play_moves(harness, game, users, place, count)
    decision = game.state["decision"]
    assert decision["kind"] == "shield"
    post = latest_turn_post(harness, place)
    seat = game.seats[due_seat(game)]
    [due] = [line for line in post.text().splitlines() if line.startswith((f"<@{seat.user_id}>", f"**{seat.name}**"))]
    card, territory = words.card(decision["card"], locale), words.territory(decision["territory"], locale)
    assert card in due and territory in due, due
    tr = game.state["terr"][decision["territory"]]
    if cost == "damage":       # nothing to remove there: the skull moves one hole on
        assert t("rollforadventure.shield.damage", locale, card=card, territory=territory, skull=tr["skull"] + 1,
                 last=tr["last"]) in due
    else:
        assert t("rollforadventure.shield.remove", locale, card=card, territory=territory,
                 count=removals(game.state)) in due
    # the same question in the player's own menu, and in /rfa status
    mine = await harness.click(post, user=user_due(game, users), place=place, label=t("button.my_moves", locale))
    assert card in mine.private()[-1].text() and territory in mine.private()[-1].text()
    status = (await harness.run("rfa status", user=users[0], place=place)).only().text()
    assert card in status and territory in status
    # let through, the attack does what the question said
    lost, skull = len(ids_at(game.state, "oblivion")), tr["skull"]
    said = (removals(game.state), 0 if removals(game.state) else 1)
    await click_move(harness, post, game, {"type": "shield", "use": False}, user=user_due(game, users), place=place)
    game = await harness.bot.sessions.load(game.id)
    while game.state["decision"] and game.state["decision"]["kind"] == "remove_die":   # which die: any
        await click_move(harness, latest_turn_post(harness, place), game, KIND.legal_moves(game.state,
                         due_seat(game))[0], user=user_due(game, users), place=place)
        game = await harness.bot.sessions.load(game.id)
    after = game.state["terr"][decision["territory"]]["skull"]
    assert (len(ids_at(game.state, "oblivion")) - lost, after - skull) == said
