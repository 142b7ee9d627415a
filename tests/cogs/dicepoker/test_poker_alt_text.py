"""Every dice poker picture has alt text (the attachment's description, and the gallery item's): each side's five
dice and the hand they make, the Gold, who won the hand; at the end the match and each hand of it, and the chart.
In the game's language for the live message, in the reader's for a private look. Before, a screen reader heard
"hand.png" and nothing of the dice."""
from __future__ import annotations

import pytest
from poker_kit import choose_and_confirm, due_seat, open_duel, turn_post
from test_poker_solo import play_typed

from bot.games.dicepoker.hands import hand_name
from bot.i18n import t
from images.dicepoker import words
from images.labels import spoken_signed

LOCALES = ("en", "de", "fr", "ko")


def side_facts(game, locale: str) -> list[str]:
    """What each side's panel shows, read from the state: its dice, in order, and the hand they make."""
    return [fact for side in game.state["sides"]
            for fact in (" ".join(map(str, side["dice"])), words.hand_text(hand_name(side["dice"]), locale))]


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_duels_hand_says_each_players_dice_and_hand(poker, alice, bob, fixed_seed, locale):
    poker.locale = locale
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place, locale)
    alt = post.alt_text("hand.png")
    assert all(fact in alt for fact in side_facts(game, locale)), alt
    assert all(seat.name in alt for seat in game.seats) and t("dicepoker.alt.hand", locale, hand=1, hands=8,
                                                              pot=game.state["pot"]) in alt, alt

    # Bob rerolls three dice: the hand's message is redrawn, and its alt text says his new dice
    assert due_seat(game) == 1
    edited = turn_post(await choose_and_confirm(poker, post, [0, 1], user=bob, place=place), on=post)
    game = await poker.bot.sessions.load(game.id)
    assert all(fact in edited.alt_text("hand.png") for fact in side_facts(game, locale))


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_a_tavern_nights_end_says_the_gold_and_every_hand(poker, alice, locale):
    poker.locale = locale
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    game, _ = await play_typed(poker, alice, dm, game)
    final = [m for m in poker.rec.order if m.channel_id == dm.channel_id and m.files][-1]
    assert final.file_names() == ["match.png", "hand.png", "chart.png"]
    alt = final.alt_text("match.png")
    gold = game.state["purses"][0]
    assert t("dicepoker.alt.seat_night", locale, player=game.seats[0].name, gold=gold,
             net=spoken_signed(gold - game.state["options"]["purse"])) in alt, alt
    for entry in game.state["history"]:        # every hand of the night (there are fewer than twelve)
        # with its dice, as the picture's row draws them ("2 1 2 1 4 · Two Pairs"): t18 heard the hand only
        dice = " ".join(str(value) for value in entry["final"][0])
        assert t("dicepoker.alt.row_solo", locale, number=entry["hand"], gold=entry["payout"], dice=dice,
                 hand=words.hand_text(entry["hands"][0], locale)) in alt, alt
    # how many hands were played, once: "10 of 10 hands played. All 10 hands played." said it twice
    assert game.state["result"]["reason"] == "hands_played"
    assert words.say("dicepoker.img.end.hands_played", locale, hands=len(game.state["history"])) not in alt, alt
    # the chart: the Gold in the purse hand by hand, ending with what is left
    chart = final.alt_text("chart.png")
    assert game.seats[0].name in chart and chart.rstrip(".").endswith(str(gold)), chart


@pytest.mark.parametrize("locale", ["en", "ko"])
async def test_a_tavern_nights_hand_says_what_it_pays_and_the_whole_table(poker, alice, locale):
    """The payout table was in the picture only: a screen reader learnt what a hand pays once it was played (or
    from ``/poker rules``). The hand in play now says what it pays as it stands, and the table follows."""
    from bot.games.dicepoker.content import SOLO_TABLES
    poker.locale = locale
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    hand = [m for m in poker.rec.order if m.channel_id == dm.channel_id and m.files][-1].alt_text("hand.png")
    pay = SOLO_TABLES[game.state["options"]["table"]]["pay"]
    now = hand_name(game.state["sides"][0]["dice"])
    assert t("dicepoker.alt.pays_now", locale, hand=words.hand_text(now, locale), gold=pay.get(now, 0)) in hand, hand
    for name, gold in pay.items():
        assert t("dicepoker.alt.pay", locale, hand=words.hand_text(name, locale), gold=gold) in hand, hand
    assert len(hand) <= 1024


async def test_a_korean_duel_writes_nim_after_each_players_name(poker, alice, bob, fixed_seed):
    """A Korean tour read "Dan: 금화 4개, Ben: 금화 4개", "이긴 판: Dan 0 – 1 Ben", "Dan 승리 (금화가 더 많음)": the
    game's own voice writes 님 after a player's name everywhere else ("Ben 님, 금화 4개")."""
    poker.locale = "ko"
    place = poker.channel()
    result = await poker.run("poker new", user=alice, place=place, language="ko")
    lobby = next(m for m in result.messages if m.buttons())
    await poker.click(lobby, user=bob, place=place, label=t("button.join", "ko"))
    post = turn_post(await poker.click(lobby, user=alice, place=place, label=t("button.start", "ko")))
    game = await poker.bot.sessions.game_in_channel(place.channel_id)
    for seat in game.seats:
        assert f"{seat.name} 님: 금화 {game.state['purses'][seat.seat]}개" in post.text(), post.text()
    assert t("dicepoker.img.winner", "ko", player="Dan", reason="…").startswith("Dan 님 승리")
    assert t("dicepoker.img.wins_hand", "ko", player="Ben", reason="…").startswith("Ben 님 승리")
    assert t("dicepoker.img.score", "ko", left_name="Dan", left=0, right=1, right_name="Ben") == \
        "이긴 판: Dan 님 0 – 1 Ben 님"
    assert t("dicepoker.alt.row", "ko", number=1, player="Dan", won="원 페어", lost="노 페어").endswith("이겼어요")


async def test_a_night_that_loses_gold_says_minus_a_reader_reads(poker, alice, monkeypatch):
    """The final line and the match's alt text wrote a lost night's net with the pictures' typographic minus
    ("−12"), which a screen reader named "minus sign" or passed over, so that the loss read as a gain: they write
    the ASCII minus, which it says "minus" (the picture keeps its own)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261122)   # a night that loses 12
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    game, _ = await play_typed(poker, alice, dm, game)
    final = [m for m in poker.rec.order if m.channel_id == dm.channel_id and m.files][-1]
    net = game.state["purses"][0] - game.state["options"]["purse"]
    assert net < 0
    assert t("dicepoker.final.solo", "en", player=game.seats[0].name, gold=game.state["purses"][0], net=f"-{-net}",
             purse=game.state["options"]["purse"]) in final.text(), final.text()
    assert f"net -{-net}" in final.alt_text("match.png")
    sent = [m for m in poker.rec.order if m.channel_id == dm.channel_id]
    assert not any("\u2212" in m.text() or any("\u2212" in alt for alt in m.alts.values()) for m in sent)
