"""Roll Player's ``live_pictures`` hook: the compact live picture while the game runs, the turn pictures
(scores and table) once it is over, as ``table.png`` (the name the live message and its checks use)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from bot.games.rollplayer.kind import KIND
from cogs.rollplayer import PRESENTATION
from images.rollplayer import render_live, render_table

NAMES = ["Alice", "Bob"]


def view(state, status="active"):
    return SimpleNamespace(state=state, status=status, seats=[SimpleNamespace(name=n) for n in NAMES])


def finished_state(seed=5):
    rng = random.Random(seed)
    state = KIND.create(2, seed, {})
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    return state


def test_a_running_game_shows_the_compact_picture():
    state = KIND.create(2, 3, {})
    pictures = PRESENTATION.live_pictures(view(state), None, "de")
    assert [picture[:2] for picture in pictures] == [("table.png", render_live(state, "de", names=NAMES))]
    assert pictures[0].data != render_table(state, "de", names=NAMES)


def test_a_finished_game_keeps_the_turn_pictures():
    game = view(finished_state(), status="finished")
    for mover in (None, 1):
        assert PRESENTATION.live_pictures(game, mover, "en") == PRESENTATION.turn_pictures(game, mover, "en")
    assert [picture.name for picture in PRESENTATION.live_pictures(game, None, "en")] == \
        ["scores.png", "sheet.png", "table.png"]


def test_the_result_post_shows_the_winners_sheet_whoever_moved_last():
    """A tour's result post showed the whole sheet of whoever pressed the last "Finish" (the third player), not
    the winner's: the same pictures now, whoever moved last, the sheet the winner's."""
    state = finished_state()
    game = view(state, status="finished")
    winner = KIND.score(state)["ranking"][0]["index"]
    shown = [PRESENTATION.turn_pictures(game, mover, "fr") for mover in (None, 0, 1)]
    assert shown[0] == shown[1] == shown[2]
    [sheet] = [p for p in shown[0] if p.name == "sheet.png"]
    assert sheet == PRESENTATION.seat_picture(game, winner, "fr")
    assert NAMES[winner] in sheet.alt


def test_the_hook_is_seen_by_the_seam():
    from cogs.seam import OPTIONAL_HOOKS

    assert "live_pictures" in OPTIONAL_HOOKS and callable(getattr(PRESENTATION, "live_pictures", None))


async def test_the_live_message_picture_says_the_round(harness, alice, bob, monkeypatch):
    """Played through the bot's buttons into round 2: the live message's picture showed no round once setup
    was over (only the status line under it did); each round's picture now heads with "Round N of 12"."""
    from driver import Driver
    from test_cogs_phase import start_two_player

    from images.labels import label
    from images.rollplayer.live import live_png
    from tools import legibility

    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    live_png.forget()                     # drawn afresh here, not remembered from another test's game
    with legibility.recording() as rec:
        game, started = await start_two_player(harness, alice, bob, place)
        driver = Driver(harness, place, [alice, bob])
        driver.game_id, driver._prompt_seat = game.id, None
        driver.absorb(started, alice)
        while game.state.round < 2 or game.state.phase != "dice":
            due = [p["seat"] for p in KIND.pending(game.state)]
            driver._prompt_seat = due[0] if len(set(due)) == 1 else None
            await driver.act(next(u for u in (alice, bob) if u.id == game.seats[due[0]].user_id), due[0])
            game = await harness.bot.sessions.load(game.id)
    drawn = {s.text for s in rec.seen if s.picture == "live"}
    for number in (1, 2):
        assert label("img.table.round", "en", round=number, total=12) in drawn, number
    assert driver.prompt.file_names() == ["table.png"]
    assert dict(driver.prompt.files)["table.png"] == render_live(game.state, "en", names=[s.name for s in game.seats])
