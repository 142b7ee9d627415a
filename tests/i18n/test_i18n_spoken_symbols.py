"""What a screen reader hears: a blind player's tour heard "red 6 rightwards arrow STR" on every placement, "swap
STR 1 left right arrow STR 2", "Place 1 multiplication sign 5 on the Forest", "check mark Human (male)" after every
private move, "hourglass with flowing sand" on every live status line, "1 black star per 8" and "Buy Climb horizontal
ellipsis Take 2 gold" as a menu's name. Every text the bot sends as words (buttons, menu options and names, log
lines, hints, rules, alt text) now says these in words, in every language; the pictures' own labels (``img.*``,
drawn, not read) keep their symbols, and a reminder's opening emoji is decoration that reads sensibly."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import messages as catalog_mod

LOCALES = ("en", "de", "fr", "ko")
#: symbols a reader names aloud where they carry meaning ("rightwards arrow", "multiplication sign", …); the
#: typographic minus (U+2212) read "minus sign" or nothing at all, so that "−2" read as a gain
SPOKEN = ("→", "↔", "×", "✓", "★", "⏳", "\u2212")
#: keys whose text is drawn in a picture, not read (the alt text words such a label itself: ``SPOKEN_ITEMS``)
DRAWN = ("img.", "rollplayer.img.", "dicepoker.img.", "rollforadventure.img.")
#: a range written with an en dash ("2–4 players", "{start}–{end}"): a reader said "2 en dash 4"
EN_DASH_RANGE = re.compile(r"[\d}]\s?\u2013\s?[\d{]")
#: a reminder's opening hourglass: decoration, read once, and it reads sensibly before the sentence
DECORATION = {"clock.half": "⏳", "clock.last_call": "⏳"}


def texts(locale: str) -> dict[str, str]:
    found = {}
    for path in sorted((catalog_mod.LOCALES_DIR / locale / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            found.update({m.id: m.string for m in read_po(fh, locale=locale) if m.id and isinstance(m.string, str)})
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_no_text_a_reader_hears_says_a_symbol_for_a_word(locale):
    spoken = {key: [s for s in SPOKEN if s in text and DECORATION.get(key) != s]
              for key, text in texts(locale).items() if not key.startswith(DRAWN)}
    assert not {key: found for key, found in spoken.items() if found}


@pytest.mark.parametrize("locale", LOCALES)
def test_a_menu_named_by_its_first_and_last_option_says_so_in_words(locale):
    placeholder = texts(locale)["menu.placeholder_range"]
    assert "…" not in placeholder and "{first}" in placeholder and "{last}" in placeholder


@pytest.mark.parametrize("locale", LOCALES)
def test_a_range_a_reader_hears_is_said_in_words(locale):
    """"1–4 players", "{start}–{end}", "goal 14–15" were read "1 en dash 4": a range says "1 to 4" in words (the
    pictures' labels keep their dash)."""
    ranges = {key: EN_DASH_RANGE.findall(text) for key, text in texts(locale).items()
              if not key.startswith(DRAWN) and EN_DASH_RANGE.search(text)}
    assert not ranges


#: a thread's name (``/find``'s tables: Discord's channel list), where a name has no sentence to be part of
DOT_KEPT = ("find.thread_name",)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_text_a_reader_hears_joins_its_parts_with_a_middle_dot(locale):
    """A screen reader read " · " as "middle dot" in RfA's "Alice · Veteran", the status lines, ``/games``, ``/find``'s
    tables, the daily line, the away note and the menus' details (session 23 wrote the moves as sentences); and
    "More…" as "More horizontal ellipsis". Text joins its parts in words, commas or sentences; buttons say what
    they open. The pictures keep their dots (``img.*``: drawn, not read)."""
    found = texts(locale)
    dotted = [key for key, text in found.items() if "·" in text and not key.startswith(DRAWN) and key not in DOT_KEPT]
    assert not dotted
    assert not [key for key, text in found.items() if key.startswith("button.") and "…" in text]


def test_a_line_of_parts_reads_as_sentences():
    """A live message's status and its clock, ``/games``' status, who is due and the clock: one line of sentences."""
    from cogs.core import sentences
    assert sentences("Round 3 of 8, market phase", "", "Pace normal: time runs out in 2 days") == \
        "Round 3 of 8, market phase. Pace normal: time runs out in 2 days."
    assert sentences("The game begins!", "Due: Ann") == "The game begins! Due: Ann."


#: a range written with a hyphen between two numbers ("Small Straight (1-5)"): some readers said "1 minus 5"
HYPHEN_RANGE = re.compile(r"(?<![\d-])\d-\d(?![\d-])")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_straight_a_reader_hears_says_its_range_in_words(locale):
    """Dice poker's "Small Straight (1-5)" in alt texts, log lines and hints was read "1 minus 5": the hands' names
    say "1 to 5" (as Roll Player's goals say "14 to 15"); the pictures draw the short "(1-5)" (``img.*``)."""
    from images.dicepoker import words
    found = texts(locale)
    assert not [key for key, text in found.items() if key.startswith("dicepoker.hand.") and HYPHEN_RANGE.search(text)]
    for hand in ("small_straight", "big_straight"):
        assert HYPHEN_RANGE.search(words.drawn_hand_text(hand, locale)), hand
        assert words.hand_text(hand, locale) != words.drawn_hand_text(hand, locale)


#: the placeholders a dice poker text names a hand by
HAND_FIELDS = ("{hand}", "{won}", "{lost}", "{other_hand}", "{shape}")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_straight_named_in_a_text_brings_no_second_bracket(locale):
    """A tavern night's hand read "Small Straight (1 to 5) (paid 5 Gold)", a reroll "… (1 to 5) (2 rerolled)", a
    German hand "gewinnt (Kleine Straße (1 bis 5) gegen Paar)": the straight's own bracket made two in a row or one
    inside another. A straight's name says its range without one, so each text a reader hears naming a hand has no
    bracket right after another, nor inside another; and no number of its own runs into the range ("Small Straight
    from 1 to 5 4" in the payout table, "1 2 3 4 5 1에서 5까지" where the dice stood before the hand)."""
    from images.dicepoker import words
    for hand in ("small_straight", "big_straight"):
        name = words.hand_text(hand, locale)
        for key, text in texts(locale).items():
            if not key.startswith("dicepoker.") or key.startswith(DRAWN) or not any(f in text for f in HAND_FIELDS):
                continue
            for field in HAND_FIELDS:
                text = text.replace(field, name)
            assert not re.search(r"\)\s*\(|\([^)]*\(", text), (key, text)
            numbers = re.sub(r"\{[^}]*\}", "9", text)           # every other value as a number
            assert f"{name} 9" not in numbers and f"9 {name}" not in numbers, (key, text)


#: a range of numbers (or of a text's numbers, "{low}-{high}") written with a hyphen ("16-17", "34-37") or, Korean's
#: way, a tilde ("1~4명"): read "16 minus 17", "1 tilde 4" or "1 4명" (a date's "2026-12-24" and a sequence's
#: "1-2-3-4-5" are no ranges)
NUMBER_RANGE = re.compile(r"(?<![\d\w-])(\d+|\{\w+\})\s?[-~]\s?(\d+|\{\w+\})(?![\d-])")


@pytest.mark.parametrize("locale", LOCALES)
def test_ranges_a_reader_hears_are_said_in_words(locale):
    """Roll Player's rules said "a range (16-17)", the solo Enemy die "4-6 nothing", "1-2 leftmost" and the
    ratings "34-37 Clan Chief", `/new`'s players option "Number of players (1-4)": some readers said "16 minus 17"
    (and Korean's "1~4명" "1 tilde 4"). Every text a reader hears says its ranges in words ("14 to 15"); the
    pictures keep their printed "14–15" (``img.*``)."""
    ranges = {key: NUMBER_RANGE.findall(text) for key, text in texts(locale).items()
              if not key.startswith(DRAWN) and NUMBER_RANGE.search(text)}
    assert not ranges
