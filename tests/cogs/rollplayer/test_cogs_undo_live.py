"""A private undo that changes the decision at hand redraws the live message. A German tour: Cleo took an
Initiative card on the live message ("<@Cleo>: place the die."), pressed Undo in her private menu and was back at
choosing a card, while the live message, which Ben was reading, went on saying "Cleo: place the die."; its stale
menu then answered "the game has moved on since", when it had gone back."""
from __future__ import annotations

import copy

from test_cogs_live_menu import due_line, live, pick_first, solo_at_initiative

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION

UNDO = t("button.undo", "en")


def private_with_undo(result):
    return next(m for m in result.messages if m.ephemeral and any(b.get("label") == UNDO for b in m.buttons()))


async def test_an_undo_back_to_the_card_choice_redraws_the_live_message(harness, alice, monkeypatch):
    game, place, message = await solo_at_initiative(harness, alice, monkeypatch)
    before = copy.deepcopy(message)                        # the live menu as a client that missed its edit shows it
    taken = await pick_first(harness, message, alice, place)
    after_pick = await harness.bot.sessions.load(game.id)
    assert KIND.pending(after_pick.state)[0]["decision"] != "take_initiative"
    assert due_line(after_pick) in live(harness, place).text()

    undone = await harness.click(private_with_undo(taken), user=alice, place=place, label=UNDO)
    game = await harness.bot.sessions.load(game.id)
    assert KIND.pending(game.state)[0]["decision"] == "take_initiative"
    assert not undone.public()
    shown = live(harness, place).text()
    assert due_line(game) in shown and due_line(after_pick) not in shown, shown
    took_back = t("undo.taken_back", "en", player="\0", move="\0").split("\0")[1]       # " took back: "
    assert took_back.strip() in shown, shown                                          # with the undo's line

    # the menu of before the pick, clicked now: out of date because the game went back, not on
    stale = await pick_first(harness, before, alice, place)
    decision = PRESENTATION.decision_text("take_initiative", "en")
    said = stale.text()
    assert t("play.went_back", "en", decision=decision) in said, said
    assert t("play.moved_on", "en", decision=decision) not in said


async def test_no_undo_is_offered_for_a_starting_die_while_a_bot_places_its_own(harness, alice, monkeypatch):
    """A tour placed a starting die beside a bot; its private message offered Undo, and each press answered
    "Undo is no longer possible: Bot (easy) has moved since", the bot having placed one of its own dice at once.
    While the bot is due too, the menu offers no Undo that cannot succeed."""
    monkeypatch.setattr(type(PRESENTATION), "move_chains", lambda self, game, seat, legal, locale: [])
    harness.bot.bots.pause = 3600                         # the bot is about to place its die (it has not yet)
    place = harness.channel()
    created = await harness.run("new", user=alice, place=place, players=2, bots=1, level="easy")
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=alice, place=place, label="Start")
    sessions = harness.bot.sessions
    game = await sessions.game_in_channel(place.channel_id)
    while game.state.phase != "setup_dice":               # race and class, the bot's too, as first legal moves
        [item] = KIND.pending(game.state)[:1]
        move = KIND.legal_moves(game.state, item["seat"])[0]
        if game.seats[item["seat"]].is_ai:
            await sessions.apply_ai(game.id, item["seat"], move, game.version)
        else:
            await sessions.apply(game.id, alice.id, move, game.version)
        await harness.bot.courier.deliver(game.id)
        game = await sessions.load(game.id)
    assert {item["seat"] for item in KIND.pending(game.state)} == {0, 1}, "both place their dice at once"
    mine = (await harness.click(live(harness, place), user=alice, place=place, label=t("button.my_moves", "en")))
    placed = await pick_first(harness, mine.only(), alice, place)
    game = await sessions.load(game.id)
    assert game.state.players[0].start_dice and 1 in {i["seat"] for i in KIND.pending(game.state)}
    menus = [m for m in placed.messages + [mine.only()] if m.ephemeral and m.selects()]
    assert menus, placed.text()
    assert not any(b.get("label") == UNDO for m in menus for b in m.buttons()), [m.text() for m in menus]
