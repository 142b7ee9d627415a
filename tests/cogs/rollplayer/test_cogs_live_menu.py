"""Once the due player's decision went on privately, the live message shows no menu left behind: a solo player who
took one initiative card from its menu saw the other "Take Initiative" options stay, and each answered "That menu
is out of date"; after "My moves" and a pick in the private menu, the public menu stayed too. The live message
now keeps its pictures and lines, says whose decision it is, and offers "My moves", which opens it. Redrawing it
costs no Discord call of its own where the click on it is answered: that answer is the edit."""
from __future__ import annotations

from driver import move_components
from harness import count_rest_calls

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION

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
