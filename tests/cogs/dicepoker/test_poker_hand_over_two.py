"""``/seat give``, tour t17: after a hand-over the moves made before it keep their mover's name (summaries, log,
replay, pace), the log and replay say the seat changed hands (a moderator's hand-over says who did it), a later
holder is never shown a rating loss, the leaderboard names a player who handed away their only seat, old offers'
messages close, the status names the latest former holder, withdraw refusals say what they mean, the giver is warned
before a rated game counts as a loss, and a creator who left the table no longer ends the game as its creator."""
from __future__ import annotations

from harness import User
from poker_kit import MODERATOR, choose_and_confirm, departed, open_duel

from bot.engine.table import TableMeta
from bot.i18n import t

DAN = User(id=100_000_000_000_000_004, name="dan")
EVE = User(id=100_000_000_000_000_005, name="eve")


def offer_message(result):
    [message] = [m for m in result.public() if m.buttons()]
    return message


async def hand(h, giver, to, place, **options):
    """``giver`` offers the seat to ``to``, who accepts; the offer's message and the accept's result."""
    offer = offer_message(await h.run("seat give", user=giver, place=place, to=to, **options))
    accepted = await h.click(offer, user=to, place=place, label=t("handover.button.accept", "en"))
    return offer, accepted


async def rated_duel(h, alice, bob, place):
    """A duel where bob (first) and alice have each moved: bob leaving it would count."""
    game, post = await open_duel(h, alice, bob, place)
    await choose_and_confirm(h, post, [0, 1, 2, 3, 4], user=bob, place=place)
    await h.bot.sessions.apply(game.id, alice.id, (await h.bot.sessions.legal_moves(game.id, alice.id))[0])
    await h.bot.courier.deliver(game.id)
    return game


def channel_texts(h, place) -> str:
    return "\n".join(m.text() for m in h.rec.order if m.channel_id == place.channel_id)


async def test_moves_before_a_hand_over_keep_their_movers_name(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game = await rated_duel(h, alice, bob, place)
    await hand(h, bob, carol, place)
    # the log: bob's move is bob's, the hand-over follows it, then the seat is carol's
    log = (await h.run("poker log", user=alice, place=place)).text()
    [first] = [line for line in log.splitlines() if line.startswith("1. ")]
    assert "Bob" in first and "Carol" not in first, log
    # what the rules did after bob's move names bob too, up to the hand-over
    told = log.split(t("handover.line", "en", former="Bob", player="Carol"))[0]
    assert "Carol" not in told, log
    assert t("handover.line", "en", former="Bob", player="Carol") in log
    # the channel's messages (the live one, the summaries): Carol is named only from the hand-over on
    texts = channel_texts(h, place)
    before = texts.split(t("handover.line", "en", former="Bob", player="Carol"))[0]
    assert "Bob" in before and "Carol" not in before.split("🪑")[0].split("\n")[-1]
    # the replay's start shows bob in his seat
    start = (await h.run("poker replay", user=alice, place=place, game=game.id)).text()
    assert "Bob" in start and "Carol" not in start, start
    # the seat's pace was bob's: carol has no average yet
    status = (await h.run("poker status", user=carol, place=place)).only()
    fields = "\n".join(f["value"] for e in status.embeds for f in e.get("fields", []))
    assert t("clock.status.average", "en", player=carol.mention, time="\0").split("\0")[0] not in fields


async def test_a_later_holder_is_never_shown_a_rating_loss_and_the_board_names_the_first(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    await rated_duel(h, alice, bob, place)
    first, _ = await hand(h, bob, carol, place)
    assert "(from " in first.text()                      # bob forfeits: rated now, shown
    second, _ = await hand(h, carol, DAN, place)
    assert t("handover.forfeit", "en", player=carol.mention, before="\0", after="\0").split("\0")[0] \
        not in second.text(), second.text()
    # bob's only seat is dan's now: the leaderboard still names him
    board = (await h.run("poker stats leaderboard", user=alice, place=place)).text()
    board += "\n".join(f["value"] for m in h.rec.order[-1:] for e in m.embeds for f in e.get("fields", []))
    assert "Bob" in board and "?:" not in board, board
    # the status names the holder carol took it from... and dan took it from carol, not bob
    status = (await h.run("poker status", user=DAN, place=place)).only()
    fields = "\n".join(f["value"] for e in status.embeds for f in e.get("fields", []))
    assert t("status.handed", "en", player=DAN.mention, former=carol.mention) in fields, fields


async def test_the_giver_is_warned_and_old_offers_close(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game = await rated_duel(h, alice, bob, place)
    given = await h.run("seat give", user=bob, place=place, to=carol)
    [warning] = [m for m in given.messages if m.ephemeral]
    assert warning.text() == t("handover.forfeit_warning", "en")
    offer = offer_message(given)
    again = await h.run("seat give", user=bob, place=place, to=DAN)
    assert offer.text() == t("handover.replaced", "en", to=carol.mention) and not offer.buttons()
    newer = offer_message(again)
    # someone who may not withdraw it is refused with the words about withdrawing
    refused = await h.click(newer, user=EVE, place=place, label=t("handover.button.withdraw", "en"))
    assert refused.only().ephemeral and refused.text() == t("handover.error.not_withdrawer", "en")
    # it expires: the clock's minute closes its message
    await h.bot.handover.expire_offers(h.bot.handover.clock() + 25 * 3600)
    assert newer.text() == t("handover.expired", "en", to=DAN.mention) and not newer.buttons()
    assert not TableMeta.of((await h.bot.sessions.load(game.id)).meta).offers
    # nothing open now: withdrawing says so
    none = await h.run("seat withdraw", user=bob, place=place)
    assert none.only().ephemeral and none.text() == t("handover.error.no_open_offer", "en")


async def test_a_moderators_hand_over_says_who_did_it_and_a_creator_who_left_ends_nothing(poker, alice, bob, carol):
    h = poker
    place = h.channel()
    game, _post = await open_duel(h, alice, bob, place)
    mod, bob_gone = MODERATOR, departed(bob)
    await hand(h, mod, carol, place, player=bob_gone)
    log = (await h.run("poker log", user=alice, place=place)).text()
    line = t("handover.line_for", "en", by="Mod", former="Bob", player="Carol")
    assert line in log or line.replace("Mod", "mod") in log, log
    assert t("handover.line", "en", former="Bob", player="Carol") not in channel_texts(h, place)

    # alice, the creator, hands her own seat away: she has left the table and ends the game no more
    await hand(h, alice, DAN, place)
    refused = await h.run("poker abandon", user=alice, place=place)
    assert refused.only().ephemeral
    assert (await h.bot.sessions.load(game.id)).status == "active"
