"""Nothing public is lost (issue t5, its most serious point): a Korean 4-hero game on a phone showed a turn's last
placement and enemy phase at the head of the next hero's message, and once that message's line of moves grew past
what the live message shows (700, a Korean character counting two) its head was cut to "…": Ann's last Desert
placement, and later a bot's whole turn and the enemy it revealed, appeared in no post at all. A summary kept only
a long turn's newest moves too. Played to its end here, the game's messages, summaries and final post read one
after the other, tell every move the rules made, once each, in order; while a message is live its line of moves
stays within what a phone shows."""
from __future__ import annotations

from rfa_clicks import KIND, due_seat
from rfa_tour import DAVE, play_moves

from bot.i18n import t
from cogs.outbox import LOG_LINE_LIMIT, MOVE_SEPARATOR, as_sentence, shown_width
from cogs.rollforadventure import PRESENTATION


def game_messages(harness, place) -> list:
    """The game's public messages in the channel (the lobby's is not one: no layout), oldest first."""
    return [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral and not m.deleted
            and m.layout]


def moves_shown(message) -> list[str]:
    """The lines of moves a game message shows (in small type, "-# …")."""
    return [line[3:] for line in message.text().splitlines() if line.startswith("-# ")]


async def every_move_said(harness, game, locale: str) -> list[str]:
    """What the rules said, move by move, in ``locale``: the game's start, then every event line of every move of
    its log (replayed from its seed), as the log words them (each a sentence, :func:`as_sentence`)."""
    state = KIND.create(len(game.seats), game.seed, dict(game.options))
    lines = [t("play.game_started", locale)]
    for record in await harness.bot.sessions.move_log(game.id):
        state, events = KIND.apply(state, record.seat, record.move)
        lines += [line for line in (PRESENTATION.event_line(game, e, locale) for e in events) if line]
    return [as_sentence(line) for line in lines]


async def test_every_move_of_a_korean_four_hero_game_reaches_the_channel_once(harness, alice, bob, carol,
                                                                              monkeypatch):
    harness.bot.bots.pause = 0
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 2)
    harness.locale = "ko"
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=4, bots=1, language="ko")
    lobby = next(m for m in created.messages if m.buttons())
    for user in (bob, carol):
        await harness.click(lobby, user=user, place=place, label=t("button.join", "ko"))
    await harness.click(lobby, user=alice, place=place, label=t("button.start", "ko"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    users, n, widest = [alice, bob, carol, DAVE], 0, 0
    while game.status == "active":
        assert n < 600, "the game did not end"
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if game.status != "active":
            break
        live = game_messages(harness, place)[-1]
        widest = max([widest, *(shown_width(line) for line in moves_shown(live))])
        if game.seats[due_seat(game)].is_ai:
            continue
        game = await play_moves(harness, game, users, place, 1, start=n)
        n += 1
    assert game.state["turn"] > 8 and 0 < widest <= LOG_LINE_LIMIT
    told = [MOVE_SEPARATOR.join(moves_shown(m)) for m in game_messages(harness, place)]
    assert MOVE_SEPARATOR.join(told) == MOVE_SEPARATOR.join(await every_move_said(harness, game, "ko"))
