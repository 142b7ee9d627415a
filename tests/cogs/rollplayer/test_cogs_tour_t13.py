"""t13: a Korean beginner played Roll Player solo following every hint. What the hints, the replay, the table
picture, the final post and ``/rp play move:`` said wrong, in every language."""
from __future__ import annotations

import re

import pytest
from menu_kit import LOCALES, act, after_setup, at_dice_turn, at_market_turn, deal, engine, fake_game, games_start_as
from menu_kit import options as menu_options

from bot.games.rollplayer import teach
from bot.i18n import t
from cogs.play import moves_labelled
from cogs.rollplayer import PRESENTATION, alt
from cogs.rollplayer.describe import hint_text
from images.rollplayer.views import Die, InitiativeCard


def solo_at_dice_turn():
    return at_dice_turn(after_setup(1, seed=4))


def hinted_move(text: str) -> str:
    """The move a hint names (between the first ``**``)."""
    return re.search(r"\*\*(.+?)\*\*", text).group(1)


@pytest.mark.parametrize("locale", LOCALES)
async def test_a_hint_to_take_an_initiative_card_names_the_menus_option_with_its_row(
        harness, alice, monkeypatch, locale):
    """Defect 1: "Take Initiative 3: black 6" while the menu offered only "…, place in WIS" and the like. The hint
    names the option the menu has: the card and the row the AI would place its die in. Defect 4: it says why (the
    solo Enemy die of the card)."""
    games_start_as(monkeypatch, solo_at_dice_turn)
    dm = harness.dm()
    harness.locale = locale
    await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    answer = (await harness.run("hint", user=alice, place=dm)).only()
    named = hinted_move(answer.content)
    labels = [label for label, _, _ in menu_options(game.state, 0, locale)]
    assert named in labels, (named, labels)
    takes = [PRESENTATION.move_label(fake_game(game.state), 0, m, locale) for m in engine.legal(game.state, 0)]
    assert named not in takes and any(named.startswith(take) for take in takes), (named, takes)
    assert t("rollplayer.hint.because", locale, reasons="")[:3] in answer.content, answer.content
    assert (await harness.bot.sessions.load(game.id)).version == game.version, "a hint changes nothing"


def test_the_hinted_row_is_the_rules_choice_and_its_goals_are_said():
    """The rules give the row with the card (``then``) and the goals of both together."""
    st = solo_at_dice_turn()
    advice = teach.explain(st, 0, 7)
    assert advice["move"]["type"] == "take" and advice["params"]["then"]["type"] == "place"
    label = PRESENTATION.hint_label(fake_game(st), 0, advice, "en")
    assert label.endswith(t("rollplayer.chain.take_place", "en", take="", attr="")[2:].split("{")[0].strip()
                          + " " + t(f"attr.{advice['params']['then']['attr']}", "en")), label


@pytest.mark.parametrize("locale", LOCALES)
def test_hints_say_why_in_the_printed_unit(locale):
    """Defect 4: market, initiative and action hints give a reason (the Armour set, the card's Gold and Enemy die,
    the Charisma token), and the unit is the printed reputation throughout (Korean "별 약 0.7개" beside
    "명성 점수 2점")."""
    st = solo_at_dice_turn()
    card = next(c for c in st.initiative if c.coin)
    take = {"type": "take", "seat": 0, "card": card.number}
    advice = {"move": take, "key": "rollplayer.ai.hint.take",
              "params": {"gain": 0.9, "card": card.number, "other": {"type": "take", "seat": 0, "card": 1},
                         "goals": [], "projected": 33, "reasons": teach.reasons(st, 0, take)}}
    text = hint_text(fake_game(st), 0, advice, locale)
    assert t("rollplayer.hint.why.coin", locale, gold=card.coin) in text, text
    assert t(f"rollplayer.hint.why.adventurer_{'half' if card.number == 2 else 'always'}", locale) in text, text
    market = at_market_turn(after_setup(1, seed=4))
    deal(market, 0, ["chain_helm"], market=["chain_leggings", "courageous", "longsword"])
    buy = {"type": "buy", "seat": 0, "card": "chain_leggings", "tokens": 0}
    said = [r["why"] for r in teach.reasons(market, 0, buy)]
    assert said == ["armor"], said
    armour = hint_text(fake_game(market), 0, {"move": buy, "key": "rollplayer.ai.hint.buy", "params": {
        "gain": 0.7, "card": "chain_leggings", "reasons": teach.reasons(market, 0, buy), "projected": 30}}, locale)
    assert t("rollplayer.hint.why.armor", locale, set=alt.names.armor_set_name("chain", locale), have=2, pieces=5,
             stars=3) in armour, armour
    cha = {"type": "action", "seat": 0, "action": "cha"}
    assert t("rollplayer.hint.why.cha_token", locale) in hint_text(fake_game(market), 0, {
        "move": cha, "key": "rollplayer.ai.hint.close", "params": {"gain": 0.0, "reasons": teach.reasons(
            market, 0, cha)}}, locale)
    if locale == "ko":
        assert "별" not in armour and "명성 점수 약 0.7점" in armour and "명성 점수 약 30점" in armour, armour
    if locale == "fr":
        assert "étoile" not in armour, armour


@pytest.mark.parametrize("locale", LOCALES)
def test_a_purchase_with_a_token_is_not_compared_with_itself(locale):
    """Defect 5: "Chain Greaves (using 1 Charisma) beats the next best move (Buy Chain Greaves)"."""
    st = at_market_turn(after_setup(1, seed=4))
    deal(st, 0, [], market=["chain_leggings", "courageous", "longsword"])
    with_token = {"type": "buy", "seat": 0, "card": "chain_leggings", "tokens": 1}
    plain = dict(with_token, tokens=0)
    text = hint_text(fake_game(st), 0, {"move": with_token, "key": "rollplayer.ai.hint.buy",
                                         "params": {"gain": 2.0, "card": "chain_leggings", "other": plain}}, locale)
    other = PRESENTATION.move_label(fake_game(st), 0, plain, locale)
    assert text == t("rollplayer.ai.hint.buy_tokens", locale, tokens=1, gain=2, other=other), text
    kept = hint_text(fake_game(st), 0, {"move": plain, "key": "rollplayer.ai.hint.buy",
                                        "params": {"gain": 2.0, "card": "chain_leggings", "other": with_token}},
                     locale)
    assert kept.startswith(t("rollplayer.ai.hint.buy_keep_tokens", locale, gain=2, other="")[:8]), kept


async def test_the_replay_of_roll_player_says_score_so_far(harness, alice, monkeypatch):
    """Defect 3: the replay read "Projected score: Cleo 4" for the score so far (the chart says so already)."""
    games_start_as(monkeypatch, solo_at_dice_turn)
    dm = harness.dm()
    await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    st = game.state
    for _ in range(3):
        move = engine.legal(st, 0)[0]
        await harness.run("play", user=alice, place=dm, move=PRESENTATION.move_label(fake_game(st), 0, move, "en"))
        st, _ = act(st, move)
    for locale in LOCALES:
        harness.locale = locale
        replay = (await harness.run("replay", user=alice, place=dm)).private()[-1]
        await harness.click(replay, user=alice, place=dm, label=t("history.next", locale))
        assert t("rollplayer.score_so_far", locale, scores="").strip() in replay.content, replay.content
        assert t("history.projected", locale, scores="").strip() not in replay.content


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_exact_label_of_a_legal_move_typed_is_played(harness, alice, monkeypatch, locale):
    """Defect 7: ``/rp play move:`` with the text of a suggestion, typed without picking it, was "not a move you can
    make now". Case and spaces aside, one legal move's label is that move; junk is still refused."""
    games_start_as(monkeypatch, solo_at_dice_turn)
    dm = harness.dm()
    harness.locale = locale
    await harness.run("solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    move = engine.legal(game.state, 0)[-1]
    label = PRESENTATION.move_label(fake_game(game.state), 0, move, locale)
    typed = "  " + label.upper().replace(" ", "  ") + " "
    junk = (await harness.run("play", user=alice, place=dm, move="asdf")).only()
    assert junk.ephemeral and junk.content == t("error.not_a_move", locale, group="rp")
    await harness.run("play", user=alice, place=dm, move=typed)
    after = await harness.bot.sessions.load(game.id)
    assert after.version == game.version + 1 and after.state.players[0].initiative == move["card"]


def test_a_label_two_moves_share_is_not_guessed():
    assert moves_labelled(["Buy X", "buy  x", "Take gold"], "BUY X") == [0, 1]
    assert moves_labelled(["Buy X", "Take gold"], " take GOLD ") == [1]
    assert moves_labelled(["Buy X"], "") == [] and moves_labelled(["Buy X"], "x" * 5000) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_free_initiative_card_reads_as_still_available(locale):
    """Defect 2: Korean "비어 있음" (empty) under a card that holds a die, the word of the empty Market."""
    free = t("img.table.free", locale)
    assert free != t("img.table.empty", locale) and free in t("img.table.free_enemy", locale)
    card = InitiativeCard(number=2, die=Die(value=3, colour="red"), coins=1, taken_by=None)
    words = alt.initiative_words(card, (), locale, die_when_taken=False)
    if locale == "ko":
        assert "비어 있음" not in words and "선택 가능" in words and free == "선택 가능", words


def test_korean_final_post_and_pickers_read_right():
    """Defects 6 and 8: "게임 #2이었어요", "`…게임:3`로"; "솔로" where the rulebook says "1인 게임"."""
    assert t("play.final_replay", "ko", game=2, command="/rp 다시보기 게임:3") \
        == "게임 #2였어요. `/rp 다시보기 게임:3`으로 한 단계씩 다시 볼 수 있어요."
    assert t("play.final_replay", "ko", game=1, command="/rp 다시보기 게임:1") \
        .startswith("게임 #1이었어요. `/rp 다시보기 게임:1`로")
    assert t("mygames.label_solo", "ko", game=1) == "게임 #1, 1인 게임"
    assert "솔로" not in t("history.pick.solo", "ko", game=1, result="38", date="오늘")
