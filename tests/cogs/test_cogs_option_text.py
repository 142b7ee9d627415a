"""A select option's label and description fit Discord's 100 characters without losing a word in the middle: a
suggested arrangement of eight starting dice read "…gold 2 → WIS, gol" (a tour could not see where the last die
went); the cut falls after the last whole part, and "…" says something was left out."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cogs.menus import OPTION_TEXT_LIMIT, fit_option_text

SUGGESTED = ("Suggested: red 3 → STR, blue 4 → DEX, green 5 → CON, purple 2 → INT, black 6 → WIS, white 1 → CHA, "
             "gold 2 → WIS, gold 4 → STR")


def test_a_long_arrangement_is_cut_after_a_whole_part():
    shown = fit_option_text(SUGGESTED)
    assert shown == "Suggested: red 3 → STR, blue 4 → DEX, green 5 → CON, purple 2 → INT, black 6 → WIS, " \
                    "white 1 → CHA…"


@given(st.text(alphabet=st.sampled_from("ab ,→é한"), max_size=300))
def test_any_text_fits_and_keeps_what_it_shows(text):
    shown = fit_option_text(text)
    assert len(shown) <= OPTION_TEXT_LIMIT
    if len(text) <= OPTION_TEXT_LIMIT:
        assert shown == text
    else:
        assert shown.endswith("…") and text.startswith(shown[:-1])
