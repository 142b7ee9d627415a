"""The line of moves under Roll Player's live message, as a screen reader hears it. Once a message held more moves
than the line shows (the setup's long backstory lines, a busy turn), every edit began "horizontal ellipsis, middle
dot", and a "middle dot" stood between every two moves. The moves are now sentences, and a sentence in the game's
language says that earlier ones were left out."""
from __future__ import annotations

import pytest

from bot.games.rollplayer.kind import KIND
from bot.i18n import t


def live(harness, place):
    """The game's live message: the newest public message of the channel with something to click."""
    return next(m for m in reversed(harness.rec.order)
                if m.channel_id == place.channel_id and not m.ephemeral and (m.buttons() or m.selects()))


def moves_line(message) -> str:
    """The live message's line of moves (the small text under the rest)."""
    lines = [line for line in message.text().splitlines() if line.startswith("-# ")]
    assert lines, message.text()
    return lines[-1][len("-# "):]


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_a_long_line_of_moves_says_in_words_that_earlier_ones_are_left_out(harness, alice, bob, monkeypatch,
                                                                                 locale):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 1001)
    harness.locale = locale
    place = harness.channel()
    created = await harness.run("rp new", user=alice, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    earlier = t("play.log_earlier", locale)
    for _ in range(40):
        seat = KIND.pending(game.state)[0]["seat"]
        await sessions.apply(game.id, game.seats[seat].user_id, KIND.legal_moves(game.state, seat)[0], game.version)
        await harness.bot.courier.deliver(game.id)
        game = await sessions.load(game.id)
        message = live(harness, place)
        line = moves_line(message)
        assert not line.startswith("…") and " · " not in line, line
        if line.startswith(earlier) and message.edits:
            break
    else:
        raise AssertionError("no edit of the live message left moves out")
    assert line.startswith(earlier + " ") and line.endswith("."), line
