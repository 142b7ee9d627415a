"""French elision before a substituted value: ``de {player}`` reads ``d'Ann`` and ``de Ben``.

French drops the vowel of *de*, *que* (and writes ``d'``, ``qu'``) before a word that begins with a vowel
sound. A catalog cannot know what a ``{placeholder}`` will hold, so it writes ``de {player}`` and :func:`elide`
turns the ``de `` in front of the value into ``d'`` when the value begins with a vowel (accents included:
``Émile``), past any Discord markup (``**Ann**`` → ``d'**Ann**``). An ``h`` or a ``y`` is left alone (``de
Hugo``, ``de Yann``: whether they elide depends on the word, which a name does not say), and so is anything
that is not a letter: a digit (``de 8 dés``), a mention (``de <@…>``, which Discord shows as ``@Ann``), a
quotation mark (``de « … »``). A leaf module: plain strings in, plain strings out.
"""
from __future__ import annotations

import re
import unicodedata

#: the words that elide, at the end of the text before a value: "de ", "que " (any case of the first letter)
_ELIDING = re.compile(r"(?:(?<=\W)|^)([dD]e|[qQ]ue) $")
#: Discord markup, the backslash that escapes it in a name shown as typed (``\\_Émile``), and the start of an
#: isolated name (U+2068)
_MARKUP = "*_~`|\\\u2068"


def starts_with_vowel(value: str) -> bool:
    """Whether ``value`` (past leading markup) begins with a vowel letter, accents ignored."""
    text = value.lstrip(_MARKUP)
    if not text:
        return False
    base = unicodedata.normalize("NFD", text[0])[0].lower()
    return base in "aeiou"


def elide(before: str, value: str) -> str:
    """``before`` (the text written so far, ending where ``value`` goes) with a final ``de ``/``que `` elided
    when ``value`` begins with a vowel; unchanged otherwise."""
    found = _ELIDING.search(before)
    if found is None or not starts_with_vowel(value):
        return before
    return before[:found.start(1)] + found.group(1)[:-1] + "'"


def may_elide(text: str) -> bool:
    """Whether a catalog text has a value right after "de " or "que " (the only texts :func:`elide` can
    change), so that the others keep the plain, faster fill."""
    return bool(re.search(r"(?:^|\W)(?:[dD]e|[qQ]ue) \{", text))
