"""``/seat give``, tour t17: after a hand-over the moves made before it keep their mover's name (summaries, log,
replay, pace), the log and replay say the seat changed hands (a moderator's hand-over says who did it), the replay's
step of a hand-over and those after it name its newcomer in words and picture, a later
holder is never shown a rating loss, the leaderboard names a player who handed away their only seat, old offers'
messages close, the status names the latest former holder, withdraw refusals say what they mean, the giver is warned
before a rated game counts as a loss, a creator who left the table no longer ends the game as its creator, and a French
player gives and withdraws a seat with the names their client shows (`/place céder à:`, `/place retirer`), as German
and Korean players do with theirs."""
from __future__ import annotations

import re

import pytest
from harness import User
from poker_kit import MODERATOR, choose_and_confirm, departed, open_duel

from bot.engine.table import TableMeta
from bot.i18n import t
from tests.i18n.pseudo import recording_text

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


async def test_the_replay_step_of_a_hand_over_and_those_after_it_name_the_newcomer(poker, alice, bob, carol):
    """The step that said "🪑 Bob handed the seat to Carol" still showed Bob at the table (its purses, scores and
    picture): it was drawn as the seat stood before the hand-over made at that very version."""
    h = poker
    place = h.channel()
    game = await rated_duel(h, alice, bob, place)             # hand 1 played: bob's move and alice's
    await hand(h, bob, carol, place)
    for user in (alice, carol):                                # hand 2, carol's first
        await h.bot.sessions.apply(game.id, user.id, (await h.bot.sessions.legal_moves(game.id, user.id))[0])
    await h.bot.courier.deliver(game.id)
    line = t("handover.line", "en", former="Bob", player="Carol")
    replay = (await h.run("poker replay", user=alice, place=place, game=game.id)).private()[-1]
    assert "Bob" in replay.content and "Carol" not in replay.content, replay.content      # the start: bob's seat
    for step in (1, 2):                                        # the hand-over's step, then hand 3's
        with recording_text() as drawn:
            await h.click(replay, user=alice, place=place, label=t("history.next", "en"))
        assert (line in replay.content) == (step == 1), replay.content
        words = replay.content.replace(line, "")
        assert "Carol" in words and "Bob" not in words, words
        [alt] = replay.alts.values()
        assert "Carol" in alt and "Bob" not in alt, alt
        shown = [d.text for d in drawn.drawn]
        assert any("Carol" in text for text in shown) and not any("Bob" in text for text in shown), shown


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


async def client_commands(h) -> list[dict]:
    """Every command as the bot syncs it to Discord: what each language's clients list, with its localised names."""
    return [await command.get_translated_payload(h.bot.tree, h.bot.tree.translator)
            for command in h.bot.tree.get_commands()]


def sent_as(commands: list[dict], locale: str, typed: str, **options) -> tuple[str, dict]:
    """What Discord sends when a client in ``locale`` runs ``typed`` (``/place céder``) with ``options`` named as that
    client names them (``à=carol``): the command's English path and option names, which Discord always sends."""
    def named(items: list[dict], word: str) -> dict:
        [item] = [i for i in items if ((i.get("name_localizations") or {}).get(locale) or i["name"]) == word]
        return item
    group, sub = typed.split()
    top = named(commands, group)
    leaf = named(top["options"], sub)
    return f"{top['name']} {leaf['name']}", {named(leaf["options"], name)["name"]: value
                                             for name, value in options.items()}


async def test_a_french_player_gives_and_withdraws_a_seat_with_the_french_names(poker, alice, bob, carol):
    h = poker
    h.locale = "fr"                                           # everyone's client speaks French
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, language="fr")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label=t("button.join", "fr"))
    await h.click(lobby, user=alice, place=place, label=t("button.start", "fr"))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    for user in (bob, alice):                                 # a move each: bob giving his seat away forfeits
        await h.bot.sessions.apply(game.id, user.id, (await h.bot.sessions.legal_moves(game.id, user.id))[0])
    await h.bot.courier.deliver(game.id)
    commands = await client_commands(h)

    give, options = sent_as(commands, "fr", "place céder", **{"à": carol})
    assert (give, options) == ("seat give", {"to": carol})
    given = await h.run(give, user=bob, place=place, **options)
    [warning] = [m for m in given.messages if m.ephemeral]
    assert warning.text() == t("handover.forfeit_warning", "fr")
    # the command the warning names is the one that takes the offer back
    [named] = re.findall(r"`/([^`]+)`", warning.text())
    withdraw, _ = sent_as(commands, "fr", named)
    assert named == "place retirer" and withdraw == "seat withdraw"
    offer = offer_message(given)
    head = t("handover.offer_own", "fr", to=carol.mention, player=bob.mention, game="\0", until="", accept="")
    assert head.split("\0")[0] in offer.text(), offer.text()

    withdrawn = await h.run(withdraw, user=bob, place=place)
    assert withdrawn.only().ephemeral and withdrawn.text() == t("handover.withdrawn", "fr")
    assert offer.text() == t("handover.withdrawn_public", "fr", to=carol.mention, by=bob.mention)

    offer = offer_message(await h.run(give, user=bob, place=place, **options))
    await h.click(offer, user=carol, place=place, label=t("handover.button.accept", "fr"))
    game = await h.bot.sessions.load(game.id)
    assert game.seats[1].user_id == carol.id
    assert t("handover.line", "fr", former="Bob", player="Carol") in channel_texts(h, place)


@pytest.mark.parametrize("locale", ["de", "fr", "ko"])
async def test_each_language_names_the_seat_commands_for_what_they_do(poker, locale):
    """The texts that name `/seat give` and `/seat withdraw` name them as the reader's client lists them, and the
    names say what they do: Korean `/자리 취소` ("cancel seat", beside `/자리찾기`, whose queue spots are 자리 too)
    read as giving one's seat up; it takes back the offer (`/자리 제안취소`)."""
    commands = await client_commands(poker)
    for key, english in (("handover.hint.leave", "seat give"), ("handover.forfeit_warning", "seat withdraw")):
        [named] = re.findall(r"`/([^`]+)`", t(key, locale))
        assert sent_as(commands, locale, named)[0] == english, (key, named)
    withdraw = sent_as(commands, locale, f"{t('cmd.seat.name', locale)} {t('cmd.seat.withdraw.name', locale)}")
    assert withdraw[0] == "seat withdraw"
    offer = {"de": "Angebot", "fr": "offre", "ko": "제안"}[locale]
    assert offer in t("handover.button.withdraw", locale)
    if locale == "ko":
        assert t("cmd.seat.withdraw.name", locale).startswith(offer), t("cmd.seat.withdraw.name", locale)
