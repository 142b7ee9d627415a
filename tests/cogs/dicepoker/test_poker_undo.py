"""``/poker undo`` through the real cogs: the opponent who kept every die (no reroll: nothing new shown) may
take that back until the active player moves; the hand's message says so in place; a reroll stands."""
from __future__ import annotations

from poker_kit import choose_and_confirm, due_seat, open_duel, toggles, turn_post

from bot.engine.verify import verify_store
from bot.i18n import t


async def test_poker_undo_of_keeping_every_die(poker, alice, bob, fixed_seed):
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    assert due_seat(game) == 1                    # bob, the opponent, decides first
    sessions = poker.bot.sessions
    start = sessions.kinds["dicepoker"].dumps(game.state)

    nothing = await poker.run("poker undo", user=bob, place=place)
    assert nothing.only().content == t("engine.error.nothing_to_undo", "en", group="poker")

    kept = await choose_and_confirm(poker, post, [0, 1, 2, 3, 4], user=bob, place=place)
    post = turn_post(kept, on=post)
    game = await sessions.load(game.id)
    assert due_seat(game) == 0 and game.version == 1
    assert (await poker.run("poker undo", user=alice, place=place)).only().content == \
        t("engine.error.nothing_to_undo", "en", group="poker")        # alice has not moved at all

    undone = await poker.run("poker undo", user=bob, place=place)
    game = await sessions.load(game.id)
    assert sessions.kinds["dicepoker"].dumps(game.state) == start and game.version == 2 and due_seat(game) == 1
    keep_all = t("dicepoker.move.keep_all", "en")
    assert any(m.ephemeral and m.content == t("undo.done", "en", move=keep_all) for m in undone.messages)
    hand = turn_post(undone, on=post)
    assert hand is post, "one message per hand: the undo edits the hand's message in place"
    assert t("undo.taken_back", "en", player=game.seats[1].name, move=keep_all) in hand.text()
    assert toggles(hand) and {b["custom_id"].split(":")[3] for b in toggles(hand)} == {"2"}, \
        "the hand's message carries bob's toggles again, at the new version"

    rerolled = await choose_and_confirm(poker, hand, [0, 1], user=bob, place=place)
    assert rerolled is not None
    refused = await poker.run("poker undo", user=bob, place=place)
    assert refused.only().content == t("dicepoker.undo.after_reveal", "en")      # poker has no cards to draw
    assert (await verify_store(sessions.store, sessions.kinds)).ok


async def test_a_die_toggle_of_an_away_player_ends_their_time_away(poker, alice, bob, fixed_seed):
    """/away says any click of theirs on one of their games ends it: a die toggle too (a tour toggled a die and
    stayed away)."""
    from poker_kit import toggle

    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    assert due_seat(game) == 1
    away = await poker.run("away until", user=bob, place=place, day="1")
    assert away.only().ephemeral
    store, clock = poker.bot.sessions.store, poker.bot.courier.away.clock
    assert bob.id in await store.current_away([bob.id], clock())
    await toggle(poker, post, 0, user=bob, place=place)
    assert await store.current_away([bob.id], clock()) == {}


async def test_the_undo_line_follows_the_games_new_language(poker, alice, bob, fixed_seed):
    """Tour 18, D3: after ``/<game> language`` every line of the live message was worded in the new language but
    the undo line, which kept the move's label of the moment of the undo ("↩️ Ann hat zurückgenommen: **DEX :
    intervertir …**"). The undo's line now stores which move it took back, and the message words it when it is
    drawn, in its language; nothing of it is stored as text."""
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place)
    kept = await choose_and_confirm(poker, post, [0, 1, 2, 3, 4], user=bob, place=place)
    post = turn_post(kept, on=post)
    hand = turn_post(await poker.run("poker undo", user=bob, place=place), on=post)
    bob_name = game.seats[1].name
    assert t("undo.taken_back", "en", player=bob_name, move=t("dicepoker.move.keep_all", "en")) in hand.text()
    stored = [event for p in await poker.bot.sessions.store.posts(game.id)
              for event in p.payload.get("events", []) if event.get("key") == "undo.taken_back"]
    assert stored == [{"key": "undo.taken_back", "params": {"seat": 1, "undone": 1}}], stored

    for locale in ("de", "ko", "fr"):
        edits = hand.edits
        changed = await poker.run("poker language", user=alice, place=place, language=locale)
        assert changed.only().ephemeral and hand.edits > edits, "the live message is drawn again in place"
        line = t("undo.taken_back", locale, player=bob_name, move=t("dicepoker.move.keep_all", locale))
        assert line in hand.text(), (locale, hand.text())
        assert t("dicepoker.move.keep_all", "en") not in hand.text()


async def test_an_undo_line_stored_with_its_label_reads_as_it_was(poker, alice, bob, fixed_seed):
    """An undo line stored before the lines named the move (its label as text, in the language of that moment)
    still reads, as it was stored, in any language the message is drawn in."""
    place = poker.channel()
    game, _ = await open_duel(poker, alice, bob, place)
    old = {"key": "undo.taken_back", "params": {"seat": 1, "move": "Alles behalten"}}
    courier = poker.bot.courier
    for locale in ("en", "de"):
        line = courier.log_line(game, [{"events": [old]}], locale, await courier.undone_labels(game, [], locale))
        assert line == t("undo.taken_back", locale, player=game.seats[1].name, move="Alles behalten") + "."
