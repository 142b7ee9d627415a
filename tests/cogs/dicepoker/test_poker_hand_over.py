"""``/seat give``: a duellist hands their seat to a member who accepts; from then on the seat is the newcomer's
(pinged, moves, the former player refused), the log says it changed hands, an offer and a hand-over survive a
restart, bad requests are refused privately, and the finished game rates nobody for that seat and counts it as
played only for its holder at the end. Before, nobody but the bot could ever stand in for a player who left."""
from __future__ import annotations

from harness import Harness, User
from poker_kit import MODERATOR, choose_and_confirm, departed, due_seat, open_duel, toggles

from bot.app import create_bot
from bot.engine.table import TableMeta
from bot.i18n import t


def offer_message(result):
    [message] = [m for m in result.public() if m.buttons()]
    return message


async def give(h, giver, to, place, **options):
    result = await h.run("seat give", user=giver, place=place, to=to, **options)
    return result


async def test_a_player_hands_their_seat_and_the_newcomer_plays_it(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game, post = await open_duel(h, alice, bob, place)
    assert due_seat(game) == 1                         # bob rerolls first

    offered = await give(h, bob, carol, place)
    offer = offer_message(offered)
    assert carol.mention in offer.text() and [carol.id] == [int(u) for u in offer.allowed_mentions["users"]]
    game = await h.bot.sessions.load(game.id)
    assert game.seats[1].user_id == bob.id              # nothing changes until carol accepts
    assert TableMeta.of(game.meta).offers[1]["to"] == carol.id

    # only carol answers it
    refused = await h.click(offer, user=alice, place=place, label=t("handover.button.accept", "en"))
    assert refused.only().ephemeral and refused.text() == t("handover.error.not_for_you", "en")

    accepted = await h.click(offer, user=carol, place=place, label=t("handover.button.accept", "en"))
    game = await h.bot.sessions.load(game.id)
    assert game.seats[1].user_id == carol.id and game.seats[1].name == "Carol"
    table = TableMeta.of(game.meta)
    assert table.handed == {1: (bob.id,)} and not table.offers
    assert t("handover.accepted", "en", to=carol.mention, player=bob.mention) in offer.text()
    # the seat is due: a new live message pings carol, and says the seat changed hands
    live = [m for m in accepted.messages if m.layout and m.channel_id == place.channel_id][-1]
    assert carol.mention in live.text() and carol.id in {int(u) for u in live.allowed_mentions["users"]}
    assert t("handover.line", "en", former="Bob", player="Carol") in live.text()

    # bob's buttons are his no more; carol's reroll plays
    stale = await h.click(live, user=bob, place=place, custom_id=toggles(live)[0]["custom_id"])
    assert stale.messages and all(m.ephemeral for m in stale.messages)
    assert (await h.bot.sessions.load(game.id)).version == game.version
    await choose_and_confirm(h, live, [0], user=carol, place=place)
    moves = await h.bot.sessions.move_log(game.id)
    assert moves[-1].user_id == carol.id and moves[-1].seat == 1

    status = (await h.run("poker status", user=carol, place=place)).only()
    fields = "\n".join(f["value"] for e in status.embeds for f in e.get("fields", []))
    assert t("status.handed", "en", player=carol.mention, former=bob.mention) in fields
    mine = (await h.run("games", user=carol, place=place)).only()
    assert f"#{game.id}" in mine.text() or "Dice Poker" in mine.text()


async def test_refusals_are_private_polite_and_change_nothing(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    robot = User(id=100_000_000_000_000_077, name="robot", bot=True)
    gone = User(id=100_000_000_000_000_078, name="gone", left=True)
    lobby_place = h.channel()
    await h.run("poker new", user=alice, place=lobby_place)
    in_lobby = await give(h, alice, carol, lobby_place)
    assert in_lobby.only().ephemeral and in_lobby.text() == t("handover.error.lobby", "en")

    game, _post = await open_duel(h, alice, bob, place)
    cases = [(alice, alice, {}, t("handover.error.self", "en")),
             (alice, bob, {}, t("handover.error.seated", "en", player=bob.mention)),
             (alice, robot, {}, t("handover.error.bot", "en", player=robot.mention)),
             (alice, gone, {}, t("handover.error.not_member", "en", player=gone.mention)),
             (carol, carol, {}, t("handover.error.not_seated", "en")),
             # a player present on the server plays their own seat: nobody else hands it, not even the creator
             (alice, carol, {"player": bob}, t("handover.error.player_here", "en", player=bob.mention)),
             (carol, carol, {"player": bob}, t("handover.error.not_permitted", "en"))]
    for giver, to, options, text in cases:
        result = await give(h, giver, to, place, **options)
        assert result.only().ephemeral and result.text() == text, (giver.name, to.name, result.text())
    elsewhere = await give(h, alice, carol, h.channel())           # another channel's game is not handed from here
    assert elsewhere.only().ephemeral and elsewhere.text() == t("handover.error.no_game", "en")
    game_after = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game_after.meta).offers and game_after.seats == game.seats

    h.locale = "de"
    german = await give(h, alice, robot, place)
    assert german.text() == t("handover.error.bot", "de", player=robot.mention)


async def test_a_moderator_hands_the_seat_of_a_player_who_left(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game, _post = await open_duel(h, alice, bob, place)
    mod, bob_gone = MODERATOR, departed(bob)
    offer = offer_message(await give(h, mod, carol, place, player=bob_gone))
    assert t("handover.offer_for", "en", to=carol.mention, by=mod.mention, player=bob.mention, game="Dice Poker",
             until="\0", accept=t("handover.button.accept", "en")).split("\0")[0] in offer.text()
    # carol declines: nothing changed, the offer is gone
    await h.click(offer, user=carol, place=place, label=t("handover.button.decline", "en"))
    game = await h.bot.sessions.load(game.id)
    assert game.seats[1].user_id == bob.id and not TableMeta.of(game.meta).offers
    # a second offer, withdrawn by the moderator: its buttons find no offer any more
    offer = offer_message(await give(h, mod, carol, place, player=bob_gone))
    withdrawn = await h.run("seat withdraw", user=mod, place=place, player=bob_gone)
    assert withdrawn.only().ephemeral and withdrawn.text() == t("handover.withdrawn", "en")
    # its message says so, its buttons gone (tour t17: it still read as an open offer to the person it pinged)
    assert offer.text() == t("handover.withdrawn_public", "en", to=carol.mention, by=mod.mention)
    assert not offer.buttons()
    assert (await h.bot.sessions.load(game.id)).seats[1].user_id == bob.id


async def test_the_offer_and_the_handover_survive_a_restart(settings, alice, bob, carol):
    h = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0))
    await h.start()
    place = h.channel()
    game, _post = await open_duel(h, alice, bob, place)
    offer = offer_message(await give(h, bob, carol, place))
    await h.close()

    h2 = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0))
    await h2.start()
    try:
        h2.rec.messages.update(h.rec.messages)                  # the channel's messages as they stand
        h2.rec.guild_of_channel[place.channel_id] = place.guild_id
        await h2.click(offer, user=carol, place=place, label=t("handover.button.accept", "en"))
        game = await h2.bot.sessions.load(game.id)
        assert game.seats[1].user_id == carol.id
    finally:
        await h2.close()

    h3 = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0))
    await h3.start()
    try:
        game = await h3.bot.sessions.load(game.id)
        assert game.seats[1].user_id == carol.id and TableMeta.of(game.meta).handed == {1: (bob.id,)}
        assert (await h3.bot.sessions.legal_moves(game.id, carol.id)) and \
            not await h3.bot.sessions.legal_moves(game.id, bob.id)
    finally:
        await h3.close()


async def test_the_finished_game_rates_nobody_for_the_seat_and_counts_it_as_played(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game, post = await open_duel(h, alice, bob, place)
    # a move of each, so that bob's leaving counts in a rated game
    await choose_and_confirm(h, post, [0, 1, 2, 3, 4], user=bob, place=place)
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 0
    await h.bot.sessions.apply(game.id, alice.id, (await h.bot.sessions.legal_moves(game.id, alice.id))[0])
    await h.bot.courier.deliver(game.id)
    offer = offer_message(await give(h, bob, carol, place))
    accepted = await h.click(offer, user=carol, place=place, label=t("handover.button.accept", "en"))
    assert t("handover.unrated", "en") in offer.text(), accepted.text()
    bob_rating = (await h.bot.sessions.store.ratings_of(bob.id)).get("dicepoker")
    assert bob_rating is not None and bob_rating.games == 1      # he left a rated game: a loss, as abandon counts

    users = {0: alice.id, 1: carol.id}
    sessions = h.bot.sessions
    while (game := await sessions.load(game.id)).status == "active":
        [item] = await sessions.pending(game.id)
        moves = await sessions.legal_moves(game.id, users[item["seat"]])
        await sessions.apply(game.id, users[item["seat"]], moves[0])
    await h.bot.courier.deliver(game.id)
    changes = await sessions.store.rating_changes(game.id)
    assert set(changes) == {0, 1} and (await sessions.store.ratings_of(carol.id)).get("dicepoker") is None
    final = [m for m in h.rec.order if m.channel_id == place.channel_id and m.layout][-1]
    assert t("ratings.final_handed", "en", player="Carol") in final.text()

    shown = (await h.run("poker stats show", user=carol, place=place)).only()
    fields = {f["name"]: f["value"] for e in shown.embeds for f in e.get("fields", [])}
    assert fields[t("stats.played", "en")] == "1" and fields[t("stats.won", "en")] == "0"
    assert fields[t("stats.handed", "en")] == t("stats.handed_games", "en", games=1)
