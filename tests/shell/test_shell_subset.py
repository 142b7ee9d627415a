"""The shell's subset decisions (``Presentation.subset_menu``) with a game that is not dice poker: Pig whose
roll/hold is one toggle ("Bank") and Confirm. Toggles edit their message in place, Confirm plays the move
whose mask is chosen (or is disabled when none is), and a private continuation carries toggles too."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cogs"))

from harness import Harness, User  # noqa: E402

from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.engine.kinds import KNOWN_KINDS  # noqa: E402
from bot.i18n import messages, t  # noqa: E402
from cogs.games import PRESENTATIONS  # noqa: E402

TOY = Path(__file__).parent / "toygame"
KINDS = KNOWN_KINDS + ("tests.shell.toygame.rules:KIND",)
SHOWN = PRESENTATIONS + ("tests.shell.toygame.subset:PRESENTATION",)
ALICE = User(id=100_000_000_000_000_021, name="alice")
BOB = User(id=100_000_000_000_000_022, name="bob")


@pytest.fixture
async def harness(tmp_path):
    messages.add_locales_dir(TOY / "locales")
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "pig.db"), sync_commands=False, run_reminders=False,
                     kind_specs=KINDS, presentation_specs=SHOWN, bot_pause=0)
    h = Harness(bot)
    await h.start()
    yield h
    await h.close()
    messages.remove_locales_dir(TOY / "locales")


def toggle_of(message):
    [button] = [b for b in message.buttons() if b["custom_id"].startswith("rp:t:")]
    return button


def confirm_of(message):
    return next(b for b in message.buttons() if b["custom_id"].startswith("rp:c:") or b.get("disabled"))


@pytest.fixture
def first_roll_keeps_the_turn(monkeypatch):
    """A seed whose first roll is not a 1 (checked below), so alice continues privately."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 1)


async def test_toggles_and_confirm_for_a_game_without_dice(harness, first_roll_keeps_the_turn):
    place = harness.channel()
    created = await harness.run("pig new", user=ALICE, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=BOB, place=place, label="Join")
    started = await harness.click(lobby, user=ALICE, place=place, label="Start")
    [prompt] = [m for m in started.public() if m.files]
    assert toggle_of(prompt)["label"] == "Bank" and toggle_of(prompt)["style"] == 2
    assert confirm_of(prompt)["label"] == t("pig.move.roll", "en")

    flipped = await harness.click(prompt, user=ALICE, place=place, custom_id=toggle_of(prompt)["custom_id"])
    assert flipped.callback_types == [7] and toggle_of(prompt)["style"] == 1
    # nothing to bank yet: no legal move is "Bank on", so Confirm is disabled and says why
    assert confirm_of(prompt).get("disabled") and confirm_of(prompt)["label"] == t("menu.subset_none", "en")
    refused = await harness.click(prompt, user=BOB, place=place, custom_id=toggle_of(prompt)["custom_id"])
    assert refused.only().ephemeral and toggle_of(prompt)["style"] == 1, "only the due player toggles"
    await harness.click(prompt, user=ALICE, place=place, custom_id=toggle_of(prompt)["custom_id"])

    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    rolled = await harness.click(prompt, user=ALICE, place=place, custom_id=confirm_of(prompt)["custom_id"])
    assert not [b for b in prompt.buttons() if b["custom_id"].startswith(("rp:t:", "rp:c:"))], \
        "the confirmed public prompt loses its toggles"
    assert prompt.layout and prompt.files, "and stays the game's live message (pictures, who is due)"
    game = await harness.bot.sessions.load(game.id)
    assert game.state.turn == 0 and game.state.turn_total > 0
    [private] = [m for m in rolled.private() if m.buttons()]
    assert toggle_of(private)["label"] == "Bank", "the private continuation has toggles too"
    await harness.click(private, user=ALICE, place=place, custom_id=toggle_of(private)["custom_id"])
    assert confirm_of(private)["label"] == t("pig.move.hold", "en")
    banked = game.state.turn_total
    await harness.click(private, user=ALICE, place=place, custom_id=confirm_of(private)["custom_id"])
    game = await harness.bot.sessions.load(game.id)
    assert game.state.scores[0] == banked and game.state.turn == 1
    # its toggles are gone: "Done: Hold" keeps only Undo while the move can still be taken back
    assert [b["label"] for b in private.buttons()] == [t("button.undo", "en")], private.components
    assert t("pig.move.hold", "en") in private.content
