"""The score chart's alt text reads as a sentence in every language: a French tour's screen reader read
"Graphique : Or, manche par manche, de Début à Fin." (the axis labels, capitalised as labels, put mid-sentence)."""
from __future__ import annotations

import pytest

from cogs.replays import chart_alt, chart_words

SPANS = {
    "en": ("from the start to the end", "from the start until now"),
    "de": ("vom Anfang bis zum Ende", "vom Anfang bis jetzt"),
    "fr": ("du début à la fin", "du début à maintenant"),
    "ko": ("시작부터 끝까지", "시작부터 지금까지"),
}


@pytest.mark.parametrize("locale", sorted(SPANS))
@pytest.mark.parametrize("finished", [True, False])
def test_the_chart_alt_text_says_its_span_in_words(locale, finished):
    words = chart_words(4, locale, finished=finished)
    alt = chart_alt([[0, 3, 5, 9], [0, 2, 6, 7]], ["Ann", "Ben"], words, locale)
    assert SPANS[locale][0 if finished else 1] in alt
    span = alt.split(" Ann")[0]
    if locale in ("en", "fr"):                  # no "Start"/"Début" label mid-sentence (German nouns are capitalised)
        assert words.steps[0] not in span, span
    assert "Ann" in alt and "9" in alt
