"""Undo in Roll Player through the real cogs: the Undo button in the player's private menu after a quiet
move, ``/rp undo``, the refusals (after the class draw revealed dice, a stale button), the log, a restart
(the undo is in the database, and the next one is decided from the log alone), and an Undo overtaken by
another player's move while everyone places starting dice at once (issue 28)."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from clicks import move_options, refusals
from driver import Driver, menu_version
from harness import Harness
from test_cogs_clicks import to_starting_dice

from bot.app import create_bot
from bot.engine.verify import verify_store
from bot.i18n import t

UNDO = "Undo"


@pytest.fixture(autouse=True)
def one_move_per_click(monkeypatch):
    """The menus' multi-move options (a suggested arrangement of every starting die) would finish the step in
    one click; these tests take back single quiet moves, so the player here places one die at a time."""
    from cogs.rollplayer import PRESENTATION

    monkeypatch.setattr(type(PRESENTATION), "move_chains", lambda self, game, seat, legal, locale: [])


def undo_menu(result):
    """The private message of ``result`` that carries an Undo button, or None."""
    for message in result.messages:
        if message.ephemeral and any(b.get("label") == UNDO for b in message.buttons()):
            return message
    return None


async def setup_until_first_placement(harness, alice, place):
    """A solo game played by its menus (race, class: both draw dice) up to the first starting die placed."""
    first = await harness.run("solo", user=alice, place=place)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    driver = Driver(harness, place, [alice])
    driver.game_id = game.id
    driver._prompt_seat = 0
    driver.absorb(first, alice)
    kind = harness.bot.sessions.kinds["rollplayer"]
    for _ in range(20):
        game = await driver.game()
        before = kind.dumps(game.state)
        decision = kind.pending(game.state)[0]["decision"]
        result = await driver.act(alice, 0)               # a move, or one narrowing step of a long menu
        moved = (await driver.game()).version > game.version
        if decision == "place_starting_die" and moved:
            return driver, result, before
        assert undo_menu(result) is None, "race and class drew dice: nothing to take back"
    raise AssertionError("no starting die placed")


async def place_one(driver, alice):
    """Act (narrowing a long menu as a player would) until one more move is played."""
    version = (await driver.game()).version
    driver.private.clear()            # menus from before an undo are stale: start from /rp play
    for _ in range(5):
        await driver.act(alice, 0)
        if (await driver.game()).version > version:
            return
    raise AssertionError("no move played")


async def test_undo_button_and_command(harness, alice):
    place = harness.dm()                     # a solo game lives in the player's DMs
    driver, placed, before = await setup_until_first_placement(harness, alice, place)
    sessions = harness.bot.sessions
    kind = sessions.kinds["rollplayer"]
    game = await sessions.load(driver.game_id)
    [record] = await sessions.store.recent_moves(game.id, 1)
    assert record.move["type"] == "place_start"
    menu = undo_menu(placed)
    assert menu is not None, "the private continuation offers Undo after a quiet move"
    version = game.version
    # /rp play shows the same decision with Undo too: its button goes stale with the undo below. (A newer private
    # message takes the menu off the one before it; after a restart the bot no longer knows the earlier one,
    # whose menu stays: as here)
    harness.bot.play.private.clear()
    other = undo_menu(await harness.run("play", user=alice, place=place))
    assert other is not None

    harness.bot.play.private.clear()         # (the same again: neither menu known, both stay)
    undone = await harness.click(menu, user=alice, place=place, label=UNDO)
    game = await sessions.load(game.id)
    assert kind.dumps(game.state) == before and game.version == version + 1
    texts = [m.text() for m in undone.messages if m.ephemeral] + [menu.text()]   # new, or redrawn in place
    label = t("undo.done", "en", move="")
    assert any(text.startswith(label) and "Next:" in text for text in texts), texts
    assert not undone.public(), "a private step taken back stays private"
    assert undo_menu(undone) is None, "the move before was the class draw: no Undo offered"

    # an Undo button made before the undo: it no longer takes anything back; its menu is redrawn as the game is
    # now, saying so (issue 28: not "use the latest turn message"), and nothing changes
    stale = await harness.click(other, user=alice, place=place, label=UNDO)
    assert stale.callback_types == [7] and (await sessions.load(game.id)).version == version + 1
    assert other.content.startswith(t("undo.refused_changed", "en")), other.content
    assert undo_menu(stale) is None and other.selects(), "the class draw before: a menu without Undo"
    # /rp undo now: the class draw revealed dice
    refused = await harness.run("undo", user=alice, place=place)
    assert refused.only().ephemeral
    assert refused.only().content == t("engine.error.undo_after_reveal", "en", group="rp")
    assert (await sessions.load(game.id)).version == version + 1

    # two placements, then /rp undo takes back the second one only
    await place_one(driver, alice)
    middle = kind.dumps((await sessions.load(game.id)).state)
    await place_one(driver, alice)
    by_command = await harness.run("undo", user=alice, place=place)
    assert kind.dumps((await sessions.load(game.id)).state) == middle
    assert any(m.ephemeral and m.text().startswith(label) for m in by_command.messages)
    assert undo_menu(by_command) is not None, "one more quiet placement can still be taken back"

    log = await harness.run("log", user=alice, place=place)
    text = log.only().content
    assert t("undo.log_entry", "en", n=version) in text and "~~" in text
    assert (await verify_store(sessions.store, sessions.kinds)).ok


async def test_the_undo_survives_a_restart(settings, alice):
    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    place = harness.dm()
    driver, _, before_first = await setup_until_first_placement(harness, alice, place)
    await place_one(driver, alice)
    undone = await harness.run("undo", user=alice, place=place)
    assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in undone.messages)
    game_id = driver.game_id
    state = harness.bot.sessions.kinds["rollplayer"].dumps((await harness.bot.sessions.load(game_id)).state)
    await harness.close()

    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    try:
        sessions = harness.bot.sessions
        kind = sessions.kinds["rollplayer"]
        assert kind.dumps((await sessions.load(game_id)).state) == state
        again = await harness.run("undo", user=alice, place=place)     # the first placement, from the log
        assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in again.messages)
        assert kind.dumps((await sessions.load(game_id)).state) == before_first
        refused = await harness.run("undo", user=alice, place=place)
        assert refused.only().content == t("engine.error.undo_after_reveal", "en", group="rp")
        assert (await verify_store(sessions.store, sessions.kinds)).ok
    finally:
        await harness.close()


# ---------------------------------------------------------------- issue 28: undo after another player moved

@pytest.fixture
async def placing(harness, alice, bob, monkeypatch):
    """A two-player game in a server channel, both players placing their starting dice (simultaneous)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)
    place = harness.channel()
    game, screens = await to_starting_dice(harness, [alice, bob], place)
    sessions = harness.bot.sessions
    return SimpleNamespace(game=game, screens=screens, sessions=sessions, kind=sessions.kinds["rollplayer"],
                           bob_name=game.seats[game.seat_of(bob.id)].name, play=harness.bot.play)


async def place_by_menu(screens, user, menu=None):
    """One starting die placed from the user's private menu ("My moves" on the live message opens one)."""
    if menu is None:
        menu = (await screens.click(screens.live(), user=user, label="My moves")).only()
    return await screens.choose(menu, move_options(menu)[0], user=user)


def has_undo(message) -> bool:
    return any(b.get("label") == UNDO for b in message.buttons())


async def test_undo_after_another_player_moved_redraws_the_menu_and_says_why(placing, alice, bob):
    """Alice places a die and gets Undo; Bob places one; Alice's Undo can no longer take hers back. The click
    redraws Alice's private menu in place (the game as it is now, so she plays on from there) and names who
    moved; nothing in the game changes."""
    screens, sessions, kind = placing.screens, placing.sessions, placing.kind
    await place_by_menu(screens, alice)
    mine = screens.menu(alice)
    assert mine is not None and has_undo(mine), "Undo after a quiet move"
    await place_by_menu(screens, bob)
    before = await sessions.load(placing.game.id)

    edits = mine.edits
    answer = await screens.click(mine, user=alice, label=UNDO)
    after = await sessions.load(before.id)
    assert after.version == before.version and kind.dumps(after.state) == kind.dumps(before.state)
    assert answer.callback_types == [7], "answered by redrawing the clicked private message"
    assert mine.edits == edits + 1 and not [m for m in answer.messages if m is not mine and not m.deleted]
    assert mine.content.startswith(t("undo.refused_player_moved", "en", player=placing.bob_name)), mine.content
    assert "latest turn message" not in mine.text() and t("undo.done", "en", move="") not in mine.text()
    assert menu_version(mine) == after.version, "the menu is the game as it is now"
    assert move_options(mine) and not has_undo(mine)
    played = await screens.choose(mine, move_options(mine)[0], user=alice)        # she plays on from there
    assert not refusals(played), refusals(played)
    assert (await sessions.load(before.id)).version == after.version + 1


async def test_undo_after_another_player_moved_with_nothing_left_to_do(placing, alice, bob):
    """Alice places a die (Undo), then places the rest from a second menu ("My moves"); Bob places one. Her first
    menu's Undo says why it no longer works and shows what a player who waits sees: no menu, who is due."""
    screens, sessions = placing.screens, placing.sessions
    seat = placing.game.seat_of(alice.id)
    await place_by_menu(screens, alice)
    first = screens.menu(alice)
    assert first is not None and has_undo(first)
    placing.play.private.clear()                            # as after a restart: the first menu stays live
    await place_by_menu(screens, alice)                     # a second private menu ("My moves")
    while (await sessions.load(placing.game.id)).state.players[seat].start_dice:
        await place_by_menu(screens, alice, screens.menu(alice))
    await place_by_menu(screens, bob)
    before = await sessions.load(placing.game.id)
    assert not placing.kind.legal_moves(before.state, seat)

    answer = await screens.click(first, user=alice, label=UNDO)
    assert (await sessions.load(before.id)).version == before.version
    assert answer.callback_types == [7]
    assert first.content == "\n".join((t("undo.refused_player_moved", "en", player=placing.bob_name),
                                       t("error.not_your_turn", "en", players=placing.bob_name))), first.content
    assert not first.buttons() and not first.selects()


async def test_undo_overtaken_while_it_is_being_taken_back(placing, alice, bob, monkeypatch):
    """Bob's move lands between Alice's click on Undo and the undo itself (the engine refuses the stale version):
    the same answer as when he moved before the click, her menu redrawn in place; both moves stand."""
    screens, sessions, kind = placing.screens, placing.sessions, placing.kind
    await place_by_menu(screens, alice)
    mine = screens.menu(alice)
    undo = sessions.undo

    async def bob_first(game_id, user_id, **kwargs):
        now = await sessions.load(game_id)
        move = kind.legal_moves(now.state, now.seat_of(bob.id))[0]
        await sessions.apply(game_id, bob.id, move, expected_version=now.version)
        return await undo(game_id, user_id, **kwargs)
    monkeypatch.setattr(sessions, "undo", bob_first)
    before = await sessions.load(placing.game.id)
    answer = await screens.click(mine, user=alice, label=UNDO)
    after = await sessions.load(before.id)
    assert after.version == before.version + 1, "Bob's move stands, Alice's too"
    assert answer.callback_types == [7]
    assert mine.content.startswith(t("undo.refused_player_moved", "en", player=placing.bob_name)), mine.content
    assert menu_version(mine) == after.version and move_options(mine)


@pytest.mark.parametrize(("since", "version", "key", "params"), [
    ([(1, 11), (1, 11)], 5, "undo.refused_player_moved", {"player": "Bob"}),
    ([(1, 11), (0, 10), (2, 12)], 4, "undo.refused_players_moved", {"players": "Bob and Cy"}),
    ([(0, 10)], 6, "undo.refused_changed", {}),                   # only the player's own moves since
    ([], 7, "undo.refused_changed", {}),                          # a forged or future version
])
async def test_why_an_undo_was_overtaken(since, version, key, params):
    from bot.engine.records import MoveRecord
    from cogs.undo import Undo

    async def moves_between(game_id, after, upto):
        log = [MoveRecord(1, 7 - len(since) + i + 1, seat, user, {}, 0.0) for i, (seat, user) in enumerate(since)]
        log.append(MoveRecord(1, 8, 1, 11, {}, 0.0))   # logged after the game was loaded: not part of the answer
        return [r for r in log if after < r.seq <= upto]
    sessions = SimpleNamespace(store=SimpleNamespace(moves_between=moves_between))
    service = Undo(SimpleNamespace(sessions=sessions, games=SimpleNamespace(kind=lambda name: None), bots=None))
    game = SimpleNamespace(id=1, kind="rollplayer", version=7, meta={},
                           seats=[SimpleNamespace(seat=i, name=n, user_id=10 + i, is_ai=False)
                                  for i, n in enumerate(("Ann", "Bob", "Cy"))])
    assert await service.overtaken_reason(game, 0, version, "en") == (key, params)
    for locale in ("en", "de", "fr", "ko"):
        text = t(key, locale, **params)
        assert "⟦" not in text and all(str(v) in text for v in params.values())


async def test_the_undo_line_is_worded_in_the_messages_language_on_the_table_it_was_played_on(
        placing, harness, alice, bob):
    """Tour 18, D3: after ``/rp language de`` the undo line kept its French label ("↩️ Ann hat zurückgenommen:
    **DEX : intervertir STR 1 (6 Blanc) ↔ …**"): it was stored as text at the undo. Now the live message words
    the move taken back when it is drawn, in its language, on the table the move was played on (its dice as they
    were), as ``/rp log`` words it when it strikes it through."""
    from cogs.replays import states_before
    from cogs.rollplayer import PRESENTATION

    screens, sessions = placing.screens, placing.sessions
    game_id = placing.game.id

    async def dice_left(user):
        return len((await sessions.load(game_id)).state.players[placing.game.seat_of(user.id)].start_dice)

    while await dice_left(bob):
        await place_by_menu(screens, bob, screens.menu(bob))
    while await dice_left(alice) > 2:
        await place_by_menu(screens, alice, screens.menu(alice))
    await place_by_menu(screens, alice, screens.menu(alice))
    await screens.click(screens.menu(alice), user=alice, label=UNDO)       # a private step: its line waits
    while await dice_left(alice):                                          # the step ends: the line is posted
        await place_by_menu(screens, alice, screens.menu(alice))
    live = screens.live()
    game = await sessions.load(game_id)
    records = await sessions.move_log(game_id)
    [undo] = [r for r in records if r.undoes is not None]
    [undone] = [r for r in records if r.seq == undo.undoes]
    then = replace(game, state=states_before(placing.kind, game, records)[undone.seq])
    alice_name = game.seats[undone.seat].name

    def line(locale):
        return t("undo.taken_back", locale, player=alice_name,
                 move=PRESENTATION.move_label(then, undone.seat, undone.move, locale))

    assert line("en") in live.text(), live.text()
    for locale in ("de", "ko"):
        await harness.run("language", user=alice, place=placing.screens.place, language=locale)
        assert line(locale) in live.text() and line("en") not in live.text(), live.text()
        harness.locale = locale
        log = (await harness.run("log", user=alice, place=placing.screens.place)).only().content
        assert f"~~{PRESENTATION.move_label(then, undone.seat, undone.move, locale)}~~" in log, log


async def test_a_typed_undo_leaves_the_earlier_private_message_without_its_next_step(harness, alice):
    """A tour: after `/rp undo` typed as a command the private message before it still read "✓ Placed … / Next:
    place a starting die" above the new "↩️ Taken back: …" (its menu was gone, its "Next:" a step undone). A
    newer private message now leaves the one before it with its first line only; and a German tour found that
    line, "Done: …", still saying the move taken back was done: it says that the move was taken back."""
    place = harness.dm()
    driver, placed, _ = await setup_until_first_placement(harness, alice, place)
    earlier = undo_menu(placed)
    assert earlier is not None and "Next:" in earlier.text()
    done = t("play.done", "en", move="")
    assert earlier.text().startswith(done)
    label = earlier.text().splitlines()[0].removeprefix(done)
    by_command = await harness.run("undo", user=alice, place=place)
    [answer] = [m for m in by_command.messages if m.ephemeral]
    assert answer.text().startswith(t("undo.done", "en", move=label)) and "Next:" in answer.text()
    assert earlier.text() == t("undo.done", "en", move=label) and not earlier.buttons() and not earlier.selects()


# ------------------------------------------- tour W, item 2: undo only within the current turn

async def play_one(placing, user):
    """One move of ``user``, from their private menu ("My moves" on the live message opens it), narrowing a
    long menu as a player would."""
    screens, sessions = placing.screens, placing.sessions
    version = (await sessions.load(placing.game.id)).version
    menu = None
    for _ in range(6):
        if menu is None:
            menu = (await screens.click(screens.live(), user=user, label="My moves")).only()
        result = await screens.choose(menu, move_options(menu)[0], user=user)
        assert not refusals(result), refusals(result)
        if (await sessions.load(placing.game.id)).version > version:
            return
        menu = screens.menu(user)
    raise AssertionError("no move played")


def due(placing, game):
    """The seat due and its decision (the dice phase has one player due at a time)."""
    [item] = placing.kind.pending(game.state)
    return item["seat"], item["decision"]


async def test_a_finished_turn_cannot_be_taken_back_after_the_next_player_took_theirs_back(placing, harness,
                                                                                            alice, bob):
    """Tour W, item 2: Cleo ended her turn (initiative card, die, attribute action); days later Ben took an
    initiative card and placed its die, then took both back with two undos. Cleo's `/rp undo` then took back
    her attribute action and the turn went back to her. Her turn was over once Ben's began: the undo is
    refused, naming whose turn began, and nothing changes; Ben may still take back his own moves."""
    screens, sessions, kind = placing.screens, placing.sessions, placing.kind
    game_id = placing.game.id
    users = {u.id: u for u in (alice, bob)}
    for user in (alice, bob):                                  # the starting dice, one at a time
        while (await sessions.load(game_id)).state.players[placing.game.seat_of(user.id)].start_dice:
            await play_one(placing, user)
    game = await sessions.load(game_id)
    while game.state.phase != "dice" or due(placing, game)[1] != "take_initiative":
        await play_one(placing, users[game.seats[due(placing, game)[0]].user_id])
        game = await sessions.load(game_id)
    first, _ = due(placing, game)
    cleo, ben = users[game.seats[first].user_id], users[game.seats[1 - first].user_id]
    while due(placing, game)[0] == first:                      # Cleo's whole turn
        await play_one(placing, cleo)
        game = await sessions.load(game_id)
    ended = game
    [last] = await sessions.store.recent_moves(game_id, 1)
    assert last.seat == first and last.user_id == cleo.id
    assert await sessions.can_undo(game_id, cleo.id), "Ben has not moved yet: Cleo may take back her last move"

    await play_one(placing, ben)                               # Ben: an initiative card, then its die
    await play_one(placing, ben)
    for _ in range(2):
        undone = await harness.run("undo", user=ben, place=screens.place)
        assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in undone.messages)
    game = await sessions.load(game_id)
    assert kind.dumps(game.state) == kind.dumps(ended.state) and due(placing, game) == (1 - first,
                                                                                          "take_initiative")

    assert not await sessions.can_undo(game_id, cleo.id), "no Undo button for a move of a finished turn"
    ben_name = game.seats[1 - first].name
    for locale in ("en", "de"):
        harness.locale = locale
        refused = await harness.run("undo", user=cleo, place=screens.place)
        assert refused.only().ephemeral
        assert refused.only().content == t("undo.refused_turn_over", locale, player=ben_name)
    after = await sessions.load(game_id)
    assert after.version == game.version and kind.dumps(after.state) == kind.dumps(ended.state), \
        "the turn stays Ben's"
    assert due(placing, after)[0] == 1 - first
    harness.locale = "en"
    await play_one(placing, ben)                               # Ben's own moves of his turn: his to take back
    assert await sessions.can_undo(game_id, ben.id)
    assert (await verify_store(sessions.store, sessions.kinds)).ok


async def test_a_simultaneous_step_is_one_turn_for_everyone_in_it(placing, harness, alice, bob):
    """Everyone places starting dice at once: Bob placing a die and taking it back does not end Alice's turn,
    she may still take back hers with `/rp undo` (the shared step is the current turn of both)."""
    screens, sessions = placing.screens, placing.sessions
    game_id = placing.game.id
    await place_by_menu(screens, alice)
    await place_by_menu(screens, bob)
    await screens.click(screens.menu(bob), user=bob, label=UNDO)
    before = await sessions.load(game_id)
    assert await sessions.can_undo(game_id, alice.id)
    undone = await harness.run("undo", user=alice, place=screens.place)
    assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in undone.messages)
    after = await sessions.load(game_id)
    assert after.version == before.version + 1
    seat = placing.game.seat_of(alice.id)
    assert len(after.state.players[seat].start_dice) == len(before.state.players[seat].start_dice) + 1
