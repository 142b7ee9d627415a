"""t10 defects 1 and 3: an Ice Cave A claim when the Ice Cave holds no bonus dice any more (seed 003 l.297: the
row pays bonus dice from there). A tester's ``/rfa hint`` advised "take the bonus dice now" with none left, the
claim paid none and no line said why, and ``/rfa log`` read "Ben: Not yet" with nothing to say what was not
done. Now the hint names what the claim really pays, the log says that no bonus dice were left, a 4-dice claim
says that it only gives the dice back, and the log line says what was decided, with the row's count."""
from __future__ import annotations

import pytest
from rfa_clicks import click_move, latest_turn_post, move_buttons
from rfa_tour import lobby_options, open_game, play_moves, seed_for, user_due

from bot.games.rollforadventure.board import ids_at
from bot.i18n import t

LOCALES = ("en", "de", "fr", "ko")
CLAIM = {"type": "claim", "claim": True}
WAIT = {"type": "claim", "claim": False}


def empty_claim(before, move, events, after) -> bool:
    decision = after["decision"]
    return bool(decision) and decision["kind"] == "ice_claim" and not ids_at(after, "supply")


async def at_an_empty_claim(harness, users, monkeypatch, locale):
    seed, moves = seed_for(len(users), lobby_options(ice_cave="A"), empty_claim)
    game, place = await open_game(harness, users, seed, monkeypatch, locale=locale, ice_cave="A")
    game = await play_moves(harness, game, users, place, moves)
    assert game.state["decision"]["kind"] == "ice_claim" and not ids_at(game.state, "supply")
    return game, place


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_claim_with_no_bonus_dice_left_is_hinted_labelled_and_logged_as_it_is(harness, alice, bob,
                                                                                        monkeypatch, locale):
    users = [alice, bob]
    game, place = await at_an_empty_claim(harness, users, monkeypatch, locale)
    count = game.state["decision"]["count"]
    hinted = (await harness.run("rfa hint", user=user_due(game, users), place=place)).only().text()
    assert t("rollforadventure.hint.why.claim_now", locale) not in hinted, "no bonus dice are promised"
    assert t("rollforadventure.hint.why.claim_defeat", locale) not in hinted
    post = latest_turn_post(harness, place)
    labels = [b["label"] for b in move_buttons(post)]
    if count == 4:          # a claim that pays no reward says what it does: the row's dice come back
        assert t("rollforadventure.move.claim_dice_back", locale) in labels, labels
        assert t("rollforadventure.move.claim_yes", locale) not in labels
    await click_move(harness, post, game, CLAIM, user=user_due(game, users), place=place)
    shown = "\n".join(m.text() for m in harness.rec.order if m.channel_id == place.channel_id and not m.deleted)
    assert t("rollforadventure.event.bonus_none", locale, count=1) in shown or \
        t("rollforadventure.event.bonus_none", locale, count=2) in shown
    log = (await harness.run("rfa log", user=alice, place=place, page=99)).only().content
    assert t("rollforadventure.log.claim_yes", locale, count=count) in log, log


async def test_not_claiming_yet_reads_in_the_log_as_what_was_decided(harness, alice, bob, monkeypatch):
    users = [alice, bob]
    game, place = await at_an_empty_claim(harness, users, monkeypatch, "de")
    count = game.state["decision"]["count"]
    await click_move(harness, latest_turn_post(harness, place), game, WAIT, user=user_due(game, users), place=place)
    log = (await harness.run("rfa log", user=alice, place=place, page=99)).only().content
    last = [line for line in log.splitlines() if line[:1].isdigit()][-1]
    assert last.endswith(f"Eishöhle: Belohnung noch nicht eingelöst ({count} Würfel)"), last
    assert not last.endswith(": Noch nicht")
