"""Issue 14: the private step message shows the compact step picture, not the full sheet (which is one
click away), and keeps its attachment when the picture did not change; games without the hook are as before.
"""
from __future__ import annotations

import io
from types import SimpleNamespace

from driver import Driver, move_components
from PIL import Image
from test_cogs_phase import start_two_player

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.dicepoker.presentation import DicePokerPresentation
from cogs.outbox import Courier
from cogs.rollforadventure.presentation import RollForAdventurePresentation
from cogs.rollplayer import PRESENTATION
from cogs.seam import OPTIONAL_HOOKS, Picture, Presentation
from images.rollplayer import render_step

FULL_SHEET = t("button.full_sheet", "en")


def width(blob: bytes) -> int:
    with Image.open(io.BytesIO(blob)) as im:
        return im.width


async def play_steps(harness, users, place, steps: int, until=None):
    """A two-player game played through its components for ``steps`` moves, then (``until``, a test of the
    driver) on until ``until(driver)`` holds, for as many moves again at most; returns the game and driver."""
    game, started = await start_two_player(harness, *users, place)
    driver = Driver(harness, place, users)
    driver.game_id = game.id
    driver._prompt_seat = None
    driver.absorb(started, users[0])
    for done in range(2 * steps if until else steps):
        if until is not None and done >= steps and until(driver):
            break
        game = await harness.bot.sessions.load(game.id)
        due = [p["seat"] for p in KIND.pending(game.state)]
        driver._prompt_seat = due[0] if len(set(due)) == 1 else None
        user = next(u for u in users if u.id == game.seats[due[0]].user_id)
        await driver.act(user, due[0])
    return await harness.bot.sessions.load(game.id), driver


def private_menus(driver) -> list:
    """The private messages that still carry a menu (an edit redraws a step message in place, and the last
    step of a turn leaves it without one)."""
    return [m for r in driver.results for m in r.messages if m.ephemeral and move_components(m)]


async def test_private_steps_show_the_step_picture_and_offer_the_full_sheet(harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    # on until a private step is on screen: which moves continue privately depends on the menus' one-click
    # chains, so a fixed number of moves may end with every private message closed
    game, driver = await play_steps(harness, [alice, bob], place, 70, until=private_menus)
    assert game.state.round >= 2, "the game reached the dice and market phases"
    private = private_menus(driver)
    steps = [m for m in private if m.files]
    assert steps, "private steps carry a picture"
    for message in steps:
        assert message.file_names() == ["step.png"], message.file_names()
        assert width(message.files[0][1]) == 360
        assert message.button(label=FULL_SHEET)
    # one click on "Full sheet" answers privately with the whole character sheet
    target = next(m for m in reversed(private) if m.files and not m.deleted)
    owner_id = next(r.interaction.user.id for r in driver.results if target in r.messages)
    owner = next(u for u in (alice, bob) if u.id == owner_id)
    result = await harness.click(target, user=owner, place=place, label=FULL_SHEET)
    [answer] = result.messages
    assert answer.ephemeral and answer.file_names() == ["sheet.png"]
    assert width(answer.files[0][1]) == 640


async def test_an_unchanged_step_picture_keeps_its_attachment(harness, alice, bob, monkeypatch):
    """Edits of the private message re-attach only a changed picture; every attached picture differs from the
    one the message showed before (same bytes are never uploaded twice in a row)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4243)
    uploads: list[tuple[int, bytes]] = []
    real = Courier.private_sheet_shown

    def watch(self, message_id: int, data: bytes) -> bool:
        shown = real(self, message_id, data)
        if not shown:
            uploads.append((message_id, data))
        return shown
    monkeypatch.setattr(Courier, "private_sheet_shown", watch)
    kept = 0
    real_step = Courier.step_picture

    async def step_picture(self, game, seat, locale):
        nonlocal kept
        picture = await real_step(self, game, seat, locale)
        kept += 1
        return picture
    monkeypatch.setattr(Courier, "step_picture", step_picture)
    await play_steps(harness, [alice, bob], harness.channel(), 70)
    assert kept > 0
    previous: dict[int, bytes] = {}
    for message_id, data in uploads:
        assert previous.get(message_id) != data
        previous[message_id] = data
    assert len(uploads) <= kept


async def test_step_picture_is_the_rendered_step_of_the_game():
    game = SimpleNamespace(state=KIND.create(2, 11, {}), seats=[SimpleNamespace(name="Ann"),
                                                                 SimpleNamespace(name="Ben")])
    name, blob, _ = PRESENTATION.step_picture(game, 1, "fr")
    assert name == "step.png" and blob == render_step(game.state, 1, "fr", names=["Ann", "Ben"])


async def test_games_without_the_hook_keep_their_private_picture():
    assert "step_picture" in OPTIONAL_HOOKS
    poker, rfa = DicePokerPresentation(), RollForAdventurePresentation()
    assert not poker.has_step_picture and not rfa.has_step_picture and PRESENTATION.has_step_picture

    class WithSheet(Presentation):   # a game with seat pictures but no step picture: the seat picture, as before
        has_seat_pictures = True

        def seat_picture(self, game, seat, locale):
            return Picture("sheet.png", f"{seat}{locale}".encode(), "")
    class Stubs(dict):               # the courier's games: their presentations, and rules that name no seat here
        def kind(self, name):
            return None
    games = Stubs({"poker": poker, "rfa": rfa, "sheeted": WithSheet()})
    courier = Courier(None, None, games)
    for kind in games:
        game = SimpleNamespace(id=7, version=3, status="active", kind=kind, seats=())
        assert await courier.step_picture(game, 1, "de") == await courier.seat_picture(game, 1, "de")
    assert await courier.step_picture(SimpleNamespace(id=8, version=1, status="active", kind="sheeted", seats=()),
                                      1, "de") == Picture("sheet.png", b"1de", "")
    assert await courier.step_picture(SimpleNamespace(id=8, version=1, status="active", kind="poker", seats=()),
                                      0, "en") is None
