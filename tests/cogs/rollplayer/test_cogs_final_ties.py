"""Roll Player's final standings say how every tie was broken, not only the winner's: the rules' tie-breaker (most
Gold left, then fewest class colour dice, else a shared place) settled "2. Bob — 4 reputation" ahead of "3. Carol
— 4 reputation", and nothing said why; only the scores picture explained a tie, and only for first place."""
from __future__ import annotations

import random

import pytest
from menu_kit import LOCALES, games_start_as

from bot.games.rollplayer.kind import KIND
from bot.i18n import listed, t
from cogs.rollplayer.describe import listed as in_a_row
from images.labels import labelled

SEED = 4


def last_move_of_a_tied_game():
    """The three-player game of random legal moves from seed 4, one move before its end, and that move: it ends
    with first place clear and two players on the same total, apart on Gold."""
    rng = random.Random(SEED)
    state = KIND.create(3, SEED, {})
    while True:
        seat = KIND.pending(state)[0]["seat"]
        move = rng.choice(KIND.legal_moves(state, seat))
        after, _ = KIND.apply(state, seat, move)
        if KIND.is_finished(after):
            return state, seat, move
        state = after


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_tie_below_first_place_says_how_it_was_broken(harness, alice, bob, carol, monkeypatch, locale):
    before, seat, move = last_move_of_a_tied_game()
    games_start_as(monkeypatch, lambda: before)
    harness.locale = locale
    place = harness.channel()
    created = await harness.run("rp new", user=alice, place=place, players=3, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    for user in (bob, carol):
        await harness.click(lobby, user=user, place=place, label=t("button.join", locale))
    await harness.click(lobby, user=alice, place=place, label=t("button.start", locale))
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    await sessions.apply(game.id, game.seats[seat].user_id, move, game.version)
    await harness.bot.courier.deliver(game.id)
    game = await sessions.load(game.id)
    assert game.status == "finished"
    final = next(m for m in reversed(harness.rec.order) if m.channel_id == place.channel_id
                 and "scores.png" in m.file_names())

    ranking = KIND.score(game.state)["ranking"]
    first, *tied = ranking
    assert first["place"] == 1 and first["total"] > tied[0]["total"] == tied[1]["total"], ranking
    assert tied[0]["gold"] > tied[1]["gold"], ranking
    names = [game.seats[entry["index"]].name for entry in tied]
    players = listed([t("play.listed_player", locale, player=n) for n in names], locale)   # Korean: "Carol 님"
    said = t("rollplayer.final_tie.gold", locale, players=players, total=tied[0]["total"],
             gold=tied[0]["gold"], dice=tied[0]["class_dice"],
             values=in_a_row([labelled(n, str(e["gold"]), locale) for n, e in zip(names, tied)], locale))
    assert said in final.text(), final.text()
