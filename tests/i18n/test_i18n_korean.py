"""Korean particles after a substituted value (bot/i18n/korean.py): the ending each kind of word is read with,
the shape each pair takes, and real catalog lines formatted through ``t``."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.i18n import korean, t
from bot.i18n.korean import Final, final, particle, resolve, stray_pairs
from bot.i18n.messages import catalog, fill

V, R, C = Final.VOWEL, Final.RIEUL, Final.CONSONANT


@pytest.mark.parametrize("word, ending", [
    # Hangul syllables: (code − 0xAC00) % 28 — 0 no final consonant, 8 ㄹ, else another one
    ("카드", V), ("주사위", V), ("빨간색", C), ("칸", C), ("사막", C), ("줄", R), ("마을", R), ("가", V), ("힣", C),
    # digits read as Sino-Korean numbers: the last word of the reading decides
    ("0", C), ("1", R), ("2", V), ("3", C), ("4", V), ("5", V), ("6", C), ("7", R), ("8", R), ("9", V),
    ("10", C), ("11", R), ("12", V), ("20", C), ("100", C), ("1000", C), ("10000", C), ("200000", C),
    ("100000000", C), ("1000000000000", V), ("-3", C), ("2.5", V), ("3.0", C), ("1,000", C), ("2,002", V),
    ("빨간색 4", V), ("P1", R), ("#12", V), ("43%", V),
    # Latin: single letters and abbreviations by the letters' English names, words by their English ending
    ("A", V), ("B", V), ("L", R), ("R", R), ("M", C), ("N", C), ("x", V), ("PC", V), ("URL", R), ("HP", V),
    ("Tom", C), ("Ben", C), ("King", C), ("Jane", C), ("Paul", R), ("Kyle", R), ("Anna", V), ("Peter", V),
    ("Chris", V), ("David", V), ("Smith", V), ("José", V), ("Nick", None), ("Matt", None), ("Bob", None),
    # closing marks are skipped; a parenthesis is an aside, the word before it decides
    ("“사막”", C), ('"카드"', V), ("**불꽃**", C), ("사막!", C), ("건강 1 (보라색 2)", R), ("드래곤 (4)", C),
    ("(보라색 2)", V), ("힘 (3 (4))", C), ("카드 :)", V),
    # nothing to judge: the pair stays
    ("", None), ("   ", None), ("🙂", None), ("ㅋㅋ", None), ("東京", None), ("#", None), ("<card>", None),
])
def test_the_ending_each_word_is_read_with(word, ending):
    assert final(word) is ending


@pytest.mark.parametrize("number, word", [
    ("0", "영"), ("1", "일"), ("2", "이"), ("3", "삼"), ("4", "사"), ("5", "오"), ("6", "육"), ("7", "칠"),
    ("8", "팔"), ("9", "구"), ("10", "십"), ("20", "십"), ("100", "백"), ("110", "십"), ("1000", "천"),
    ("10000", "만"), ("200000", "만"), ("100000000", "억"), ("1" + "0" * 12, "조"), ("1" + "0" * 16, "경"),
    ("0" * 21 + "7", "칠"),
])
def test_numbers_end_with_the_last_word_of_their_reading(number, word):
    assert korean.number_word(number) == word


@pytest.mark.parametrize("pair, consonant, rieul, vowel", [
    ("을(를)", "을", "을", "를"), ("를(을)", "을", "을", "를"), ("이(가)", "이", "이", "가"),
    ("가(이)", "이", "이", "가"), ("은(는)", "은", "은", "는"), ("는(은)", "은", "은", "는"),
    ("과(와)", "과", "과", "와"), ("와(과)", "과", "과", "와"),
    ("아(야)", "아", "아", "야"), ("야(아)", "아", "아", "야"), ("(으)로", "으로", "로", "로"),
    ("(이)에요", "이에요", "이에요", "예요"), ("(이)었", "이었", "이었", "였"),
])
def test_each_pair_takes_the_shape_of_the_ending(pair, consonant, rieul, vowel):
    assert (particle(pair, "칸"), particle(pair, "줄"), particle(pair, "카드")) == (consonant, rieul, vowel)
    assert particle(pair, "🙂") == pair


@pytest.mark.parametrize("before, following, expected", [
    ("카드", "을(를) 가져갔어요", "를 가져갔어요"),
    ("3", "(으)로 바꿨어요", "으로 바꿨어요"),
    ("4", "(으)로 바꿨어요", "로 바꿨어요"),
    ("7", "(으)로 바꿨어요", "로 바꿨어요"),
    ("옵션 foo", "(이)라는 옵션", "라는 옵션"),
    ("옵션 칸", "(이)라는 옵션", "이라는 옵션"),
    ("도박꾼", "(이)나 딜러", "이나 딜러"),
    ("“사막", "”은(는) 날짜가", "”은 날짜가"),
    ("**옵션: 4", "**은(는) 지금", "**는 지금"),
    ("주사위(빨간색 4", ")은(는) 쓸 곳이", ")는 쓸 곳이"),        # the aside: 주사위 decides
    ("카드", "를 가져갔어요", "를 가져갔어요"),                 # a particle spelled out is left alone
    ("카드", " 을(를) 보세요", " 을(를) 보세요"),              # not right after the value: not its particle
    ("🙂", "을(를) 가져갔어요", "을(를) 가져갔어요"),
])
def test_resolve_changes_only_a_pair_right_after_the_value(before, following, expected):
    assert resolve(before, following) == expected


#: every pair a catalog may write, and the shapes it may become
SHAPES = {"을(를)": ("을", "를"), "이(가)": ("이", "가"), "은(는)": ("은", "는"), "와(과)": ("과", "와"),
          "과(와)": ("과", "와"), "(으)로": ("으로", "로"), "(이)에요": ("이에요", "예요"), "(이)나": ("이나", "나"),
          "아(야)": ("아", "야")}
ENDS_DECIDABLY = st.one_of(st.characters(min_codepoint=0xAC00, max_codepoint=0xD7A3), st.sampled_from("0123456789"))


@given(st.text(max_size=12), ENDS_DECIDABLY)
def test_no_fallback_pair_after_a_hangul_syllable_or_a_digit(head, last):
    word = head + last
    for pair, shapes in SHAPES.items():
        text = fill(f"{{w}}{pair} 끝", "ko", {"w": word})
        assert text.startswith(word) and text.endswith(" 끝"), (word, pair, text)
        assert text[len(word):-len(" 끝")] in shapes, (word, pair, text)


@given(st.text(max_size=12))
def test_any_value_formats_and_the_pair_is_resolved_or_kept(word):
    for pair, shapes in SHAPES.items():
        text = fill(f"{{w}}{pair} 끝", "ko", {"w": word})
        assert text[len(word):-len(" 끝")] in (*shapes, pair), (word, pair, text)


def test_other_languages_keep_the_text_as_written():
    assert fill("{w}을(를)", "en", {"w": "카드"}) == "카드을(를)"
    assert fill("{w}을(를)", "ko", {"w": "카드"}) == "카드를"


# ------------------------------------------------------------------ real catalog lines

@pytest.mark.parametrize("old, new, expected", [
    (3, 4, "민첩 주사위를 3에서 4로 바꿨어요"), (4, 3, "민첩 주사위를 4에서 3으로 바꿨어요"),
    (6, 7, "민첩 주사위를 6에서 7로 바꿨어요"), (5, 6, "민첩 주사위를 5에서 6으로 바꿨어요"),
])
def test_a_changed_die_reads_with_the_right_particle(old, new, expected):
    line = t("rollplayer.die_adjusted", "ko", player="민수", attr="민첩", old=old, new=new)
    assert line == f"민수 님이 {expected}"


@pytest.mark.parametrize("card, expected", [("순서 카드 2", "순서 카드 2를"), ("순서 카드 3", "순서 카드 3을"),
                                            ("순서 카드 10", "순서 카드 10을")])
def test_a_taken_initiative_card_reads_with_the_right_particle(card, expected):
    line = t("rollplayer.initiative_taken", "ko", player="민수", card=card, colour="빨간색", value=4)
    assert line == f"민수 님이 {expected} 가져갔어요 (빨간색 4)"


def test_the_log_lines_of_the_playground_tours_read_right():
    assert t("rollplayer.die_placed", "ko", player="P1", colour="빨간색", value=4, attr="힘") \
        == "P1 님이 빨간색 4를 힘 줄에 놓았어요"
    assert t("rollplayer.class_drawn", "ko", player="P1", drawn="황금색, 초록색", card="전사") \
        == "P1 님이 황금색, 초록색을 뽑았어요: 전사"
    assert t("rollplayer.dice_swapped", "ko", player="P1", a="건강 1 (보라색 2)", b="매력 3 (빨간색 6)") \
        == "P1 님이 건강 1 (보라색 2)과 매력 3 (빨간색 6)의 위치를 바꿨어요"
    assert t("rollplayer.dice_swapped", "ko", player="P1", a="건강 2 (보라색 1)", b="매력 3 (빨간색 6)") \
        == "P1 님이 건강 2 (보라색 1)와 매력 3 (빨간색 6)의 위치를 바꿨어요"
    assert t("rollforadventure.event.damage", "ko", territory="사막", amount=2, skull=3, last=6) \
        == "사막이 피해 2를 입어요 (해골 3/6)."
    assert t("rollforadventure.event.attack", "ko", card="샌드맨 2", territory="숲") == "샌드맨 2가 숲을 공격해요."


def test_a_value_the_rule_cannot_judge_keeps_the_pair():
    assert t("rollplayer.initiative_taken", "ko", player="민수", card="🃏", colour="빨간색", value=4) \
        == "민수 님이 🃏을(를) 가져갔어요 (빨간색 4)"


def test_every_korean_pair_follows_a_placeholder():
    stray = {key: stray_pairs(text) for key, text in catalog("ko").items() if stray_pairs(text)}
    assert not stray


@pytest.mark.parametrize("template, stray", [
    ("{card}을(를) 가져갔어요", []), ("“{value}”은(는)", []), ("주사위({values})은(는)", []),
    ("카드을(를) 가져갔어요", ["을(를)"]), ("{card} 카드이(가) 있어요", ["이(가)"]), ("옵션(이)라는", ["(이)"]),
    ("카드를 가져갔어요", []),
])
def test_stray_pairs_are_those_after_a_literal_word(template, stray):
    assert stray_pairs(template) == stray


@pytest.mark.parametrize(("key", "params", "expected"), [
    ("lobby.join_note", {"seated": 1, "wanted": 2}, "{name}가 참가했어요 (1/2)."),          # 님이 → the name's 이(가)
    ("play.your_turn", {"decision": "X", "away": ""}, "{name}: X."),
    ("play.sheet_of", {}, "{name}의 시트"),
])
def test_a_bot_seat_is_named_without_the_honorific_a_person_gets(key, params, expected):
    """Tours read "봇 2 (어려움) 님이": 님 honours a person; a bot seat (in any language's name) takes none, and the
    particle 님 carried fits the name instead (the word before its parenthesis: 2 이 → 가)."""
    name_param = "user" if key == "lobby.join_note" else "player"
    bot = t("bot.seat_name_numbered", "ko", number=2, level=t("bot.level.hard", "ko"))
    for name in (bot, f"**{bot}**", "Bot 2 (hard)"):
        assert t(key, "ko", **{name_param: name}, **params) == expected.format(name=name)
    person = t(key, "ko", **{name_param: "민수"}, **params)
    assert "민수 님" in person
    assert t("lobby.join_note", "ko", user=t("bot.seat_name", "ko", level=t("bot.level.easy", "ko")), seated=1,
             wanted=2) == "봇 (쉬움)이 참가했어요 (1/2)."                    # 봇 ends in a consonant: 이


def test_the_honorific_follows_the_name_not_the_away_note():
    """A tour read "**Cleo** · …까지 자리 비움 님: …": the away note was part of the name the catalog honours."""
    away = " · " + t("away.mark", "ko", date="<t:1:f>")
    assert t("play.your_turn", "ko", player="**Cleo**", away=away, decision="캐릭터 시트 선택") == \
        f"**Cleo** 님{away}: 캐릭터 시트 선택."
    assert t("play.your_turn", "en", player="**Cleo**", away="", decision="pick") == "**Cleo**: pick."


#: a particle written in one shape right after a placeholder (closing quotes or markup between them), a
#: parenthesised aside excepted (there the particle agrees with the word before the parenthesis)
FIXED_AFTER_VALUE = re.compile(r"\}([\"'”’»」』》〉\]*_~`]*)"
                               r"(으로|로|을|를|이었|였|이에요|예요|이라는|라는|은|는|이|가|과|와)(?![(])")


def test_no_fixed_particle_follows_a_placeholder():
    """t13: "게임 #2이었어요", "`/rp 다시보기 게임:3`로": a catalog wrote the particle that fits one value only; a
    placeholder may hold a number, a code or a name, so every particle after one is a pair ``t`` resolves."""
    fixed = {key: [m.group(0) for m in FIXED_AFTER_VALUE.finditer(text) if not text[m.start() + 1:].startswith(" 님")]
             for key, text in catalog("ko").items()}
    assert not {key: found for key, found in fixed.items() if found}
