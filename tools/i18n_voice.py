"""One voice per language: the register each translation speaks in, checked (``python -m tools.i18n_keys``
runs :func:`voice_defects` on every translated catalog).

The bot addresses every player the same way in a language: German ``du`` (``ihr`` to a table), French
``vous``, Korean 해요체. A message in the other register reads as another speaker; these are the forms that
give one away:

* ``ko`` — 합니다체 endings: ``-습니다``/``-습니까``, ``-ㅂ니다``/``-ㅂ니까`` (any syllable closed by ㅂ before
  ``니다``: 합니다, 봅니다, 됩니다, 입니다) and ``-(십)시오``;
* ``fr`` — tutoiement: ``tu``, ``te``/``t'``, ``toi``, ``ton``/``ta``/``tes``, and imperatives with ``-toi`` or
  with ``-moi`` after a verb not in the ``vous`` form (``oublie-moi``; ``oubliez-moi``, ``dites-moi`` pass);
* ``de`` — Siezen: ``Sie``, ``Ihnen``, ``Ihr``/``Ihre``/… capitalised inside a sentence (at the start of one
  they are ambiguous: „Sie endet …“ is *it*, „Ihr verliert …“ is the plural ``ihr``, both fine).

Placeholders (``{player}``) and code spans (`` `/rp neu` ``) are not read.
"""
from __future__ import annotations

import re

_SKIP = re.compile(r"\{[^{}]*\}|`[^`]*`")

_HANGUL_FIRST, _JONG_COUNT, _JONG_BIEUP = 0xAC00, 28, 17
_KO_NIDA = re.compile(r"([가-힣])니[다까]")
_KO_SIO = re.compile(r"[가-힣]?시오")

_FR_TU = re.compile(r"(?<![\w-])(tu|te|toi|ton|ta|tes)(?![\w'’-])|(?<![\w-])t['’](?=\w)", re.IGNORECASE)
_FR_IMPERATIVE = re.compile(r"\b(\w+)-(moi|toi)\b", re.IGNORECASE)

_DE_SIE = re.compile(r"(?<=[\w,;)»“”\"]) (Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")

#: what the bot speaks, per language, for the defect line
VOICE = {"ko": "해요체", "fr": "vous", "de": "du"}


def _korean(text: str) -> list[str]:
    found = []
    for match in _KO_NIDA.finditer(text):
        syllable = ord(match.group(1)) - _HANGUL_FIRST
        if syllable % _JONG_COUNT == _JONG_BIEUP or match.group(1) == "습":
            found.append(match.group(0))
    found += [m.group(0) for m in _KO_SIO.finditer(text)]
    return found


def _french(text: str) -> list[str]:
    found = [m.group(0) for m in _FR_TU.finditer(text)]
    for match in _FR_IMPERATIVE.finditer(text):
        verb = match.group(1).lower()
        if match.group(2).lower() == "toi" or not verb.endswith(("ez", "tes")):
            found.append(match.group(0))
    return found


def _german(text: str) -> list[str]:
    return [m.group(1) for m in _DE_SIE.finditer(text)]


_FINDERS = {"ko": _korean, "fr": _french, "de": _german}


def other_voice(text: str, locale: str) -> list[str]:
    """The forms of ``text`` that speak in another register than the bot's in ``locale`` (empty: one voice)."""
    finder = _FINDERS.get(locale)
    return finder(_SKIP.sub(" ", text)) if finder else []


def voice_defects(texts: dict[str, str], locale: str, where: str) -> list[str]:
    """One defect line per message of ``texts`` (key -> text) that mixes in another register."""
    defects = []
    for key in sorted(texts):
        forms = other_voice(texts[key], locale)
        if forms:
            defects.append(f"{where}: {key} leaves the {VOICE[locale]} voice ({', '.join(dict.fromkeys(forms))})")
    return defects
