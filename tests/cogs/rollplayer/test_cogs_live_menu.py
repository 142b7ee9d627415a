"""Once the due player's decision went on privately, the live message shows no menu left behind: a solo player who
took one initiative card from its menu saw the other "Take Initiative" options stay, and each answered "That menu
is out of date"; after "My moves" and a pick in the private menu, the public menu stayed too. The live message
now keeps its pictures and lines, says whose decision it is, and offers "My moves", which opens it. Redrawing it
costs no Discord call of its own where the click on it is answered: that answer is the edit."""
from __future__ import annotations

import pytest
from driver import move_components
from harness import Harness, count_rest_calls
from test_cogs_phase import options_for

from bot.app import create_bot
from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.commands import TAKE

MY_MOVES = t("button.my_moves", "en")


def live(harness, place):
    """The game's live message: the newest public message of the channel with something to click."""
    return next(m for m in reversed(harness.rec.order)
                if m.channel_id == place.channel_id and not m.ephemeral and (m.buttons() or m.selects()))


async def solo_at_initiative(harness, user, monkeypatch):
    """A solo game in ``user``'s DM, played on (first legal moves, each step delivered) to the first dice phase's
    "take an initiative card", the live message carrying that menu."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.dm()
    await harness.run("rp solo", user=user, place=place)
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    while KIND.pending(game.state)[0]["decision"] != "take_initiative":
        await sessions.apply(game.id, user.id, KIND.legal_moves(game.state, 0)[0], game.version)
        await harness.bot.courier.deliver(game.id)
        game = await sessions.load(game.id)
    message = live(harness, place)
    assert move_components(message)
    return game, place, message


async def pick_first(harness, message, user, place):
    """The first move a menu offers: its first select's first option, or its first move button."""
    if message.selects():
        return await harness.select(message, [message.selects()[0]["options"][0]["value"]], user=user, place=place)
    button = next(b for b in message.buttons() if b["custom_id"].startswith("rp:m:"))
    return await harness.click(message, user=user, place=place, custom_id=button["custom_id"])


def moves_of(message) -> list[tuple[str, str, str]]:
    """(kind, custom id, label) of each move a message offers: its move buttons and its selects' options."""
    return [("button", b["custom_id"], b["label"]) for b in message.buttons() if b["custom_id"].startswith("rp:m:")] \
        + [("select", s["custom_id"], o["label"]) for s in message.selects() for o in s["options"]]


def label_of(game, move) -> str:
    return PRESENTATION.move_label(game, 0, move, "en")


def due_line(game) -> str:
    """The live message's line for the solo player's decision now (named: an edit pings nobody)."""
    decision = PRESENTATION.decision_text(KIND.pending(game.state)[0]["decision"], "en")
    return t("play.your_turn", "en", player=f"**{game.seats[0].name}**", away="", decision=decision)


async def test_a_solo_players_other_initiative_options_go_once_one_is_taken(harness, alice, monkeypatch):
    game, place, message = await solo_at_initiative(harness, alice, monkeypatch)
    pictures, edits = message.file_names(), message.edits
    rest = count_rest_calls(harness, monkeypatch)
    taken = await pick_first(harness, message, alice, place)
    game = await harness.bot.sessions.load(game.id)
    assert KIND.pending(game.state)[0]["decision"] != "take_initiative", "the card was taken"
    [private] = taken.messages
    assert private.ephemeral and move_components(private), "the turn goes on privately"
    # the click's answer is the live message without the menu left behind; the private step its follow-up
    assert taken.callback_types == [7] and rest == [] and message.edits == edits + 1
    assert not move_components(message) and message.file_names() == pictures, message.text()
    assert due_line(game) in message.text(), message.text()
    assert [b["label"] for b in message.buttons()][0] == MY_MOVES
    mine = (await harness.click(message, user=alice, place=place, label=MY_MOVES)).only()
    assert mine.ephemeral and move_components(mine), "My moves opens the decision at hand"
    assert (await harness.bot.sessions.load(game.id)).version == game.version


async def test_a_move_made_in_the_private_menu_takes_the_menu_off_the_live_message_once(harness, alice, monkeypatch):
    game, place, message = await solo_at_initiative(harness, alice, monkeypatch)
    mine = (await harness.click(message, user=alice, place=place, label=MY_MOVES)).only()
    assert move_components(message), "a look at one's moves leaves the live menu: it is still the decision"
    rest = count_rest_calls(harness, monkeypatch)
    edits = message.edits
    await pick_first(harness, mine, alice, place)
    game = await harness.bot.sessions.load(game.id)
    assert KIND.pending(game.state)[0]["seat"] == 0 and move_components(mine), "the turn goes on privately"
    # the click on the private menu cannot answer with the live message: it is edited once, through the token of
    # the interaction that sent it (fresh for 14 minutes), not the bot's
    assert not move_components(message) and message.edits == edits + 1 and rest == []
    assert due_line(game) in message.text(), message.text()
    # the next private step finds nothing left behind there: no call
    second = await pick_first(harness, mine, alice, place)
    after = await harness.bot.sessions.load(game.id)
    assert after.version > game.version and after.meta.get("unposted_events"), "this step, too, stayed private"
    assert not second.public() and message.edits == edits + 1 and rest == []


@pytest.mark.parametrize("how", ["private menu", "typed"])
async def test_a_private_step_after_a_restart_takes_the_menu_off_the_live_message(settings, alice, monkeypatch, how):
    """Which message showed whose menu was kept in the process's memory: after a restart, a take made from a private
    menu ("My moves") or typed (``/rp dice take``) went on privately and left the live message offering the
    initiative cards already decided on. Whose menu the live message offers is read from the stored game now."""
    first = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await first.start()
    try:
        game, place, message = await solo_at_initiative(first, alice, monkeypatch)
    finally:
        await first.close()

    second = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await second.start()
    try:
        second.rec.messages[message.id] = message            # the live message, posted before the restart
        second.rec.guild_of_channel[place.channel_id] = place.guild_id
        edits = message.edits
        take = next(m for m in KIND.legal_moves(game.state, 0) if m["type"] == "take")
        if how == "typed":
            answer = await second.run("rp dice take", user=alice, place=place, **options_for(take, TAKE))
        else:
            mine = (await second.run("rp play", user=alice, place=place)).only()
            [(kind, custom_id, value)] = [o for o in moves_of(mine) if o[2] == label_of(game, take)]
            answer = await (second.click(mine, user=alice, place=place, custom_id=custom_id) if kind == "button"
                            else second.select(mine, [value], user=alice, place=place, custom_id=custom_id))
        after = await second.bot.sessions.load(game.id)
        assert after.version == game.version + 1 and not answer.public(), "the take went on privately"
        assert message.edits == edits + 1 and not move_components(message), message.text()
        assert [b["label"] for b in message.buttons()][0] == MY_MOVES and due_line(after) in message.text()
    finally:
        await second.close()
