"""``/seat give`` in a co-operative game: there is no opponent to take over from, the newcomer joins the team. The
offer, the accepted offer and ``/rfa status`` say so in the game's language (the offer promised "its result at the
end" as in a duel, and the status called the seat "unrated" in a game rated for nobody); the newcomer then plays
the seat's next move from the live message, and the former player is refused."""
from __future__ import annotations

import pytest
from harness import User
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post

from bot.engine.table import TableMeta
from bot.games.rollforadventure import policy
from bot.i18n import t

#: the word for the team in each language's Roll for Adventure texts
TEAM = {"en": "team", "de": "Team", "fr": "équipe", "ko": "팀"}


@pytest.mark.parametrize("locale", sorted(TEAM))
async def test_a_seat_handed_over_in_a_co_operative_game_joins_the_newcomer_to_the_team(harness, alice, bob, carol,
                                                                                        fixed_seed, locale):
    h = harness
    h.locale = locale                                  # the players' clients speak the game's language
    place = h.channel()
    created = await h.run("rfa new", user=alice, place=place, players=2, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label=t("button.join", locale))
    await h.click(lobby, user=alice, place=place, label=t("button.start", locale))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    assert due_seat(game) == 1 and game.seats[1].user_id == bob.id

    given = await h.run("seat give", user=bob, place=place, to=carol)
    assert not [m for m in given.messages if m.ephemeral], "no rating to warn of"
    [offer] = [m for m in given.public() if m.buttons()]
    head, tail = t("handover.offer_own_team", locale, to=carol.mention, player=bob.mention, until="\0",
                   game=t("rollforadventure.title", locale), accept=t("handover.button.accept", locale)).split("\0")
    assert head in offer.text() and tail in offer.text(), offer.text()
    assert TEAM[locale] in head + tail, head + tail

    await h.click(offer, user=carol, place=place, label=t("handover.button.accept", locale))
    assert offer.text() == t("handover.accepted", locale, to=carol.mention, player=bob.mention)   # no rating line
    status = (await h.run("rfa status", user=carol, place=place)).only()
    fields = "\n".join(f["value"] for e in status.embeds for f in e.get("fields", []))
    assert t("status.handed_team", locale, player=carol.mention, former=bob.mention) in fields, fields
    assert t("status.handed", locale, player=carol.mention, former=bob.mention) not in fields

    # carol plays the seat's next move from the live message, which pinged her
    post = latest_turn_post(h, place)
    assert carol.id in {int(u) for u in post.allowed_mentions["users"]}
    game = await h.bot.sessions.load(game.id)
    move = policy.choose_move(game.state, due_seat(game), 0)
    await click_move(h, post, game, move, user=carol, place=place)
    [record] = await h.bot.sessions.store.recent_moves(game.id, 1)
    assert (record.seat, record.user_id, record.move) == (1, carol.id, move)
    assert TableMeta.of((await h.bot.sessions.load(game.id)).meta).handed == {1: (bob.id,)}
    assert not await h.bot.sessions.legal_moves(game.id, bob.id)
    assert KIND.pending((await h.bot.sessions.load(game.id)).state)


async def test_a_moderators_offer_of_an_absent_players_place_speaks_of_the_team(harness, alice, bob, carol, moderator,
                                                                                 fixed_seed):
    h = harness
    place = h.channel()
    created = await h.run("rfa new", user=alice, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    gone = User(id=bob.id, name=bob.name, left=True)                # bob left the server
    given = await h.run("seat give", user=moderator, place=place, to=carol, player=gone)
    [offer] = [m for m in given.public() if m.buttons()]
    head, tail = t("handover.offer_for_team", "en", to=carol.mention, by=moderator.mention, player=bob.mention,
                   until="\0", game="Roll for Adventure", accept=t("handover.button.accept", "en")).split("\0")
    assert head in offer.text() and tail in offer.text() and "team" in head, offer.text()
