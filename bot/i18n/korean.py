"""Korean particles after a substituted value: ``{card}을(를)`` reads ``카드를``, ``{value}(으)로`` ``3으로``.

A Korean particle has two shapes, chosen by the sound the word before it ends in: after a final consonant
(받침) ``을 이 은 과 아 으로 이에요``, after a vowel ``를 가 는 와 야 로 예요``; ``(으)로`` also takes ``로``
after a final ㄹ. A catalog cannot know what a ``{placeholder}`` will hold, so it writes both shapes
(``을(를)``, ``이(가)``, ``은(는)``, ``와(과)``/``과(와)``, ``아(야)``/``야(아)``, ``(으)로``, ``(이)에요``,
``(이)었``, and ``(이)`` before any other ending: ``(이)나``, ``(이)랑``, ``(이)라는``); :func:`t` calls
:func:`resolve` on the literal text that follows each substituted value, and the pair becomes the one right
shape. A particle the catalog spells with one shape is left alone, and so is a pair after a literal word
(there the translator writes the right particle; ``python -m tools.i18n_keys`` reports such a pair:
:func:`stray_pairs`).

How the end of the text before the particle is read (:func:`final`):

* a Hangul syllable (U+AC00–U+D7A3) has a final consonant when ``(code − 0xAC00) % 28 ≠ 0``; it is ㄹ when
  the remainder is 8: ``카드`` → 를, ``주사위 칸`` → 을, ``줄`` → 로;
* digits are read as a Sino-Korean number and the last word of that reading decides: ``0`` 영, ``1`` 일,
  ``2`` 이, ``3`` 삼, ``4`` 사, ``5`` 오, ``6`` 육, ``7`` 칠, ``8`` 팔, ``9`` 구; a number ending in zeros ends
  in its place word: ``10`` 십, ``20`` 이십, ``100`` 백, ``1000`` 천, ``10000`` 만, ``200000`` 이십만, then
  억, 조, 경. So ``4`` → 를, ``3`` → 을, ``1``/``7``/``8`` → ``로`` (ㄹ), ``10`` → 을. A digit after a decimal
  point is read alone (``2.5`` → 오); ``1,000`` is one number. A run of more than 20 digits (a code, not an
  amount) is read digit by digit;
* Latin letters: a single letter, or a word in capitals (an abbreviation: ``PC``, ``HP``), is read letter by
  letter with the English letter names, of which ``L`` 엘 and ``R`` 알 end in ㄹ, ``M`` 엠 and ``N`` 엔 in
  another final consonant, all others in a vowel (``A`` 에이, ``B`` 비, ``S`` 에스, ``X`` 엑스 …). Any other
  word is read the way Korean writes English words (외래어 표기법), by its ending: ``-m``, ``-n``, ``-ng`` and
  ``-me``/``-ne`` end in a final consonant (``Tom`` 톰, ``Ben`` 벤, ``Jane`` 제인); ``-l``, ``-le`` in ㄹ
  (``Paul`` 폴, ``Kyle`` 카일); a vowel letter (``a e i o u y``) and ``-r -s -x -z -d -f -v -h -w`` in a vowel
  (``Anna`` 안나, ``Peter`` 피터, ``Chris`` 크리스, ``David`` 데이비드, ``Smith`` 스미스). Words ending in
  ``b c g j k p q t`` are read both ways (``Nick`` 닉 / ``Mark`` 마크, ``Matt`` 맷 / ``Bert`` 버트): not
  decided. Accents are ignored (``José`` reads like ``Jose``);
* ``%`` is read 퍼센트 (``43%`` → 예요);
* closing quotes, brackets, Discord markup and punctuation are skipped, the particle agrees with the word
  inside them: ``“사막”을``, ``**불꽃**을``;
* a closing parenthesis ends an aside: the particle agrees with the word *before* the parenthesis, as the
  National Institute of Korean Language advises for a parenthesised gloss (``커피(coffee)를``):
  ``건강 1 (보라색 2)`` + ``와(과)`` → ``건강 1 (보라색 2)과`` (``1`` 일 ends in a consonant). When nothing
  stands before the parenthesis the word inside it decides.

Anything else (other scripts, emoji, a symbol, an empty text) cannot be judged, and the pair stays as the
catalog wrote it: ``을(를)`` is still readable. A leaf module: plain strings in, plain strings out.
"""
from __future__ import annotations

import re
import unicodedata
from enum import Enum


class Final(Enum):
    """How the text before a particle ends."""
    VOWEL = "vowel"          # no final consonant: 를 가 는 와 야 로 예요
    RIEUL = "rieul"          # final ㄹ: 을 이 은 과 아 이에요, but 로
    CONSONANT = "consonant"  # any other final consonant: 을 이 은 과 아 으로 이에요


_HANGUL_FIRST, _HANGUL_LAST, _FINALS, _RIEUL = 0xAC00, 0xD7A3, 28, 8


def syllable_final(ch: str) -> Final | None:
    """The final consonant of one Hangul syllable (None for any other character)."""
    code = ord(ch) if len(ch) == 1 else -1
    if not _HANGUL_FIRST <= code <= _HANGUL_LAST:
        return None
    rest = (code - _HANGUL_FIRST) % _FINALS
    return Final.VOWEL if rest == 0 else Final.RIEUL if rest == _RIEUL else Final.CONSONANT


# ------------------------------------------------------------------ numbers

#: the Sino-Korean name of each digit
DIGITS = "영일이삼사오육칠팔구"
#: the place words inside a group of four digits (10, 100, 1000)
PLACES = "십백천"
#: the word of each further group of four digits (10^4, 10^8, 10^12, 10^16)
MYRIADS = "만억조경"
#: longer digit runs are read digit by digit
LONGEST_NUMBER = 20

_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+$")


def number_word(digits: str) -> str:
    """The last word of the Sino-Korean reading of a run of digits: ``"20"`` → ``"십"`` (이십)."""
    if len(digits) > LONGEST_NUMBER:
        return DIGITS[int(digits[-1])]
    n = int(digits)
    if n == 0:
        return DIGITS[0]
    group = 0
    while n % 10000 == 0:
        n //= 10000
        group += 1
    if group:
        return MYRIADS[group - 1]
    zeros = 0
    while n % 10 == 0:
        n //= 10
        zeros += 1
    return PLACES[zeros - 1] if zeros else DIGITS[n % 10]


def _number_final(text: str) -> Final | None:
    """``text`` ends in a digit: the final sound of the number it ends with."""
    run = re.search(r"[0-9][0-9,]*$", text)
    digits = run.group(0) if run else ""
    if "," in digits:
        grouped = _GROUPED.search(digits)
        digits = grouped.group(0).replace(",", "") if grouped else digits.rsplit(",", 1)[-1]
    before = text[:len(text) - len(run.group(0))] if run else text
    if len(before) >= 2 and before[-1] == "." and before[-2].isdigit():      # a decimal: read digit by digit
        digits = digits[-1]
    return syllable_final(number_word(digits)) if digits else None


# ------------------------------------------------------------------ Latin letters

#: letters whose English name ends in a consonant: L 엘, R 알 (ㄹ); M 엠, N 엔
_LETTER_FINALS = {"L": Final.RIEUL, "R": Final.RIEUL, "M": Final.CONSONANT, "N": Final.CONSONANT}
_VOWEL_ENDINGS = set("aeiouyrsxzdfvhw")


def _latin(ch: str) -> str:
    """``ch`` without accents when it is a Latin letter, else ``""``."""
    base = unicodedata.normalize("NFD", ch)[:1]
    return base if base.isascii() and base.isalpha() else ""


def _latin_final(text: str) -> Final | None:
    """``text`` ends in a Latin letter: the final sound of its last word (see the module's rules)."""
    word = ""
    for ch in reversed(text):
        base = _latin(ch)
        if not base:
            break
        word = base + word
    if len(word) == 1 or word.isupper():
        return _LETTER_FINALS.get(word[-1].upper(), Final.VOWEL)
    word = word.lower()
    if word.endswith(("m", "n", "ng")) or (len(word) > 2 and word.endswith(("me", "ne"))):
        return Final.CONSONANT
    if word.endswith(("l", "le")):
        return Final.RIEUL
    if word[-1] in _VOWEL_ENDINGS:
        return Final.VOWEL
    return None


# ------------------------------------------------------------------ the word before the particle

#: skipped when looking for the word a particle attaches to: spaces, closing quotes and brackets, Discord
#: markup and the backslash that escapes it (a name shown as typed: ``Ann\\*``), the end of an isolated
#: right-to-left name (U+2069) and a zero-width space, punctuation
_SKIPPED = " \t\n\u00a0\"'”’»›」』》〉】〕］]*_~`|\\\u2069\u200b.,!?…:;·"
_OPEN, _CLOSE = "(（", ")）"


def _before_aside(text: str) -> str | None:
    """``text`` ends in a closing parenthesis: the text before its opening one (None when unmatched)."""
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        if text[i] in _CLOSE:
            depth += 1
        elif text[i] in _OPEN:
            depth -= 1
            if depth == 0:
                return text[:i]
    return None


def final(text: str) -> Final | None:
    """How the word ``text`` ends with sounds, for the particle written after it; None: cannot be judged."""
    for _ in range(len(text) + 1):
        text = text.rstrip(_SKIPPED)
        if not text:
            return None
        if text[-1] in _CLOSE:
            before = _before_aside(text)
            if before is None:                        # a stray ')': skip it like punctuation
                text = text[:-1]
            elif before.rstrip(_SKIPPED):    # an aside: the word before it
                text = before
            else:                                     # all in parentheses: the word inside
                text = text[len(before) + 1:-1]
            continue
        last = text[-1]
        if (found := syllable_final(last)) is not None:
            return found
        if last.isdigit() and last.isascii():
            return _number_final(text)
        if last == "%":                                # 퍼센트
            return Final.VOWEL
        if _latin(last):
            return _latin_final(text)
        return None
    return None


# ------------------------------------------------------------------ the particle pairs

#: pair as written -> (after a final consonant, after a vowel); ``(으)로`` is special-cased for ㄹ
PAIRS: dict[str, tuple[str, str]] = {
    "을(를)": ("을", "를"), "를(을)": ("을", "를"),
    "이(가)": ("이", "가"), "가(이)": ("이", "가"),
    "은(는)": ("은", "는"), "는(은)": ("은", "는"),
    "과(와)": ("과", "와"), "와(과)": ("과", "와"),
    "아(야)": ("아", "야"), "야(아)": ("아", "야"),
    "(으)로": ("으로", "로"),
    "(이)에요": ("이에요", "예요"),
    "(이)었": ("이었", "였"),
}
_PAIR = re.compile("|".join(re.escape(p) for p in sorted(PAIRS, key=len, reverse=True))
                   + r"|\(이\)(?=[가-힣])")
#: closing marks a catalog may write between a placeholder and its particle (``“{value}”은(는)``)
_CLOSERS = r"[\"'”’»」』》〉\]）)*_~`]*"
_AFTER_VALUE = re.compile(rf"({_CLOSERS})({_PAIR.pattern})")


#: the honorific a catalog writes after a player's name, and the particles written after it (their pair form,
#: for a name that takes none): a bot seat is no person to honour (``봇 2 (어려움) 님이`` → ``봇 2 (어려움)가``), nor
#: is a forgotten player's "탈퇴한 플레이어", a description (``탈퇴한 플레이어 님이`` → ``탈퇴한 플레이어가``)
HONORIFIC = " 님"
_AFTER_HONORIFIC = (("이나", "(이)나"), ("이", "이(가)"), ("은", "은(는)"), ("을", "을(를)"))


def without_honorific(following: str) -> str:
    """``following`` (the catalog text right after a value, starting with :data:`HONORIFIC`) without it, a
    particle it carried turned back into its pair (for :func:`resolve` to fit to the value)."""
    rest = following[len(HONORIFIC):]
    for fixed, pair in _AFTER_HONORIFIC:
        if rest.startswith(fixed):
            return pair + rest[len(fixed):]
    return rest


def particle(pair: str, before: str) -> str:
    """The shape of ``pair`` (as a catalog writes it, e.g. ``"을(를)"``) after the text ``before``; the pair
    itself when the end of ``before`` cannot be judged."""
    ending = final(before)
    if ending is None:
        return pair
    if pair == "(으)로":
        return "으로" if ending is Final.CONSONANT else "로"
    after_consonant, after_vowel = PAIRS.get(pair, ("이", ""))      # (이)X: 이나/나, 이라는/라는 …
    return after_vowel if ending is Final.VOWEL else after_consonant


def resolve(before: str, following: str) -> str:
    """``following`` (the catalog text right after a substituted value) with a particle pair at its start
    (after closing marks) turned into the shape that fits ``before`` (all the text up to it, the value
    included); any other text is returned unchanged."""
    match = _AFTER_VALUE.match(following)
    if not match:
        return following
    closers, pair = match.group(1), match.group(2)
    return closers + particle(pair, before + closers) + following[match.end():]


def stray_pairs(template: str) -> list[str]:
    """The particle pairs of a catalog text that do not follow a ``{placeholder}``: after a literal word the
    translator knows the right particle and writes it (a pair there would be shown as it is)."""
    return [match.group(0) for match in _PAIR.finditer(template)
            if not re.search(r"\}" + _CLOSERS + "$", template[:match.start()])]
