"""``/poker hint`` and ``/rfa hint`` exist and answer privately, in the asker's language, changing nothing; a
player who is not deciding is told so politely."""
from __future__ import annotations

from bot.games.dicepoker import rules
from bot.i18n import t


async def two_player_game(harness, group, host, guest, place, **options):
    """``/<group> new`` by ``host``, ``guest`` joins, the host starts: the game."""
    created = await harness.run(f"{group} new", user=host, place=place, **options)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=guest, place=place, label="Join")
    await harness.click(lobby, user=host, place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id)


async def test_poker_hint_answers_the_deciding_player_privately(harness, alice, bob):
    place = harness.channel()
    game = await two_player_game(harness, "poker", alice, bob, place)
    [due] = rules.pending(game.state)
    deciding, waiting = (bob, alice) if due["seat"] == 1 else (alice, bob)
    hinted = await harness.run("poker hint", user=deciding, place=place)
    [answer] = [m for m in hinted.messages if not m.deleted]
    assert answer.ephemeral and answer.content.startswith("💡") and "% of the time" in answer.content
    assert (await harness.bot.sessions.load(game.id)).version == game.version, "a hint changes nothing"
    refused = await harness.run("poker hint", user=waiting, place=place)
    name = game.seats[due["seat"]].name
    assert refused.only().ephemeral and refused.only().content == t("error.not_your_turn", "en", players=name)
    harness.locale = "de"
    german = await harness.run("poker hint", user=deciding, place=place)
    [answer] = [m for m in german.messages if not m.deleted]
    assert answer.ephemeral and "der Fälle" in answer.content


async def test_rfa_hint_names_the_placement_and_its_reason(harness, alice):
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    hinted = await harness.run("rfa hint", user=alice, place=dm)
    [answer] = [m for m in hinted.messages if not m.deleted]
    assert answer.ephemeral and answer.content.startswith("💡") and "⟦" not in answer.content
    assert (await harness.bot.sessions.load(game.id)).version == game.version
    for name in ("poker", "rfa", "rp"):
        assert harness.bot.tree.get_command(name).get_command("hint") is not None


async def test_a_hint_is_for_the_decision_due_and_for_the_players(harness, alice, bob, carol, monkeypatch):
    """A Roll Player tour asked for a hint while the other player was due, holding a weapon (a move "at any
    time"): the hint said to drop the weapon just bought. Out of turn the answer is whose turn it is; and someone
    outside the game is told so, even where hints are off (they were told hints were off)."""
    from bot.engine.table import update_meta
    from bot.games.rollplayer.kind import RollPlayerKind

    place = harness.channel()
    game = await two_player_game(harness, "rp", alice, bob, place, players=2)
    due = harness.bot.games.kind("rollplayer").pending(game.state)[0]["seat"]
    waiting = 1 - due
    real = RollPlayerKind.legal_moves
    monkeypatch.setattr(RollPlayerKind, "legal_moves", lambda self, state, seat: real(self, state, seat) or (
        [{"type": "discard_weapon", "card": "longsword"}] if seat == waiting else []))
    refused = (await harness.run("rp hint", user=[alice, bob][waiting], place=place)).only()
    assert refused.ephemeral and refused.content == t("error.not_your_turn", "en", players=game.seats[due].name)
    await update_meta(harness.bot.sessions, game.id, hints=False)
    outsider = (await harness.run("rp hint", user=carol, place=place)).only()
    assert outsider.ephemeral and outsider.content == t("error.not_your_game", "en")
    player = (await harness.run("rp hint", user=[alice, bob][due], place=place)).only()
    assert player.content == t("error.hints_off", "en")
